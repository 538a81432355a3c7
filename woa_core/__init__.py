"""woa: West of Africa as rules-as-data plus a small interpreter.

The package is laid out by job:

- ``woa_core.rules``: load the YAML rules, merge variants and player-count overlays, validate
  them (schemas + semantic checks) and compile them into frozen, indexed ``Rules``.
- ``woa_core.packs.west_of_africa``: the game state and the interpreter that plays turns.
- ``woa_core.kernel.notation``: the one action notation (``p1 cultivate la_palma wine``).
- ``woa_core.bots``: players that choose among legal actions.
- ``woa_core.sim``: running many games, statistics, logs and replay.
- ``woa_core.check``: invariants, hypothesis strategies, scenarios and rule coverage.
- ``woa_core.cli``: the ``woa`` command.
"""

__version__ = "0.1.0"
