"""woa: board games as rules-as-data — a kernel that knows no game, and rule packs that do.

The package is laid out by job:

- ``woa_core.kernel``: what every game shares and no game names: the pack declaration and how a
  ruleset's pack is found, the game contract, actions and the notation, the game loop, logs.
- ``woa_core.rules``: load the YAML rules, merge variants and player-count overlays, validate
  them (the pack's schemas + checks) and compile them through the pack.
- ``woa_core.packs``: the games; ``woa_core.packs.west_of_africa`` is the first.
- ``woa_core.bots``: players that choose among legal actions (random, mcts).
- ``woa_core.sim``: running many games, statistics, comparisons and sweeps.
- ``woa_core.check``: invariants, hypothesis strategies, scenarios and rule coverage.
- ``woa_core.eval``: tournaments and the value of cards, actions and islands.
- ``woa_core.draw``: the replay viewer and HTML reports.
- ``woa_core.cli``: the ``woa`` command.
"""

__version__ = "0.1.0"

from woa_core import build as _build  # which build runs: compiled with mypyc, or pure Python

if _build.pure_forced():  # WOA_PURE=1: the pure modules, even where compiled ones are installed
    _build.use_pure()
