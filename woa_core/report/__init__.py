"""What a game shows and keeps, beside the kernel that plays it (issue 42.4).

The kernel (``woa_core.kernel``) is what a game needs to be played: the contract, the pack
declaration, the flow, the verbs and their legality, the notation and the one loop. This package
reads games the kernel plays, and the kernel imports none of it (``tests/test_layers.py``):

- ``figures``: every statistic a game reports, declared once (``Figure``, ``Kind``);
- ``unfolding``: how a game unfolds (lead changes, decisiveness, comebacks, the margin);
- ``standings``: a finished game's standings for people;
- ``drawing``: how a pack shows its game (``Drawing``, ``Viewer``: pictures and words);
- ``gamelog``: logs that replay anywhere (writing them, reading them, their rules).

The old paths ``woa_core.kernel.figures`` and the like still work, with a ``DeprecationWarning``
saying where each module went (``woa_core.deprecated.MOVED``).
"""
