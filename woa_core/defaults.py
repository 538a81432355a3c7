"""What woa plays when told nothing: the bundled ruleset every command and function defaults to,
and each command's default bot.

Settings of the woa distribution, declared once here; the kernel and the tools name no game
beyond them (``--rules`` and ``--bots`` choose others).

>>> DEFAULT_RULES, DEFAULT_BOTS["simulate"], DEFAULT_BOTS["check"]
('west-of-africa', 'heuristic', 'random')
"""

DEFAULT_RULES = "west-of-africa"

DESIGN_BOT = "heuristic"
"""The default bot of every command whose figures a designer acts on — ``simulate``, ``compare``,
``value``, ``sweep`` — and of the opponents in ``play``: the scripted heuristic plays like a
sensible player, fast enough for thousands of games, so its figures say something about the
rules; random play's figures mostly say that random play is poor."""

CHECK_BOT = "random"
"""The default bot of ``woa check``, which hunts rule bugs rather than measuring the game: random
play takes every kind of legal action, including the odd ones a scripted bot never chooses, and is
several times faster, so a check reaches more situations per second."""

DEFAULT_BOTS = {"simulate": DESIGN_BOT, "compare": DESIGN_BOT, "value": DESIGN_BOT, "sweep": DESIGN_BOT}
DEFAULT_BOTS |= {"play": DESIGN_BOT, "check": CHECK_BOT}
"""Each command's default bot, in one place (``tournament`` names its bots always)."""
