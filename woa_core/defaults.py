"""What woa plays when told nothing: the bundled ruleset every command and function defaults to.

A setting of the woa distribution, declared once here; the kernel and the tools name no game
beyond it (``--rules`` chooses another). The bots a command seats when given no ``--bots`` are
not the tools' to assume: each rule pack declares them (``Pack.default_bots``, and
``Pack.check_bots`` for ``woa check``; ``woa_core.bots.declared_bots`` reads them).

>>> DEFAULT_RULES
'west-of-africa'
"""

DEFAULT_RULES = "west-of-africa"
