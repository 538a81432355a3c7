"""What woa plays when told nothing: the bundled ruleset every command and function defaults to.

A setting of the woa distribution, declared once here; the kernel and the tools name no game
beyond it (``--rules`` chooses another).

>>> DEFAULT_RULES
'west-of-africa'
"""

DEFAULT_RULES = "west-of-africa"
