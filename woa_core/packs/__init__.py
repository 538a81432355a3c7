"""The rule packs bundled with woa, one package each (``woa_core.kernel.pack`` finds them by name).

Nothing outside this folder names a game: the kernel (``woa_core.kernel``, ``woa_core.rules``)
and the tools (``sim``, ``check``, ``eval``, ``draw``, ``bots``) reach a game only through the
pack its ruleset names.
"""
