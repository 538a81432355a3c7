"""woa's public surface: what an outside bot, rule pack or script imports (issue 42.7).

Everything here stays put: a name leaves ``__all__`` only through ``woa_core.deprecated.MOVED``,
which keeps it working with a ``DeprecationWarning`` that says where it went
(``tests/test_public_surface.py`` holds the frozen list and fails otherwise). The modules these
names come from are the implementation: they may move; import from here. ``docs/public-api.md``
describes each group.

- the contract: ``Game`` and ``State`` (protocols), ``new_game``, ``Action``, ``make_action``;
- the pack declaration: ``Pack``, ``Verb``, ``ArgKind``, ``ActionDecl``, a verb's legality
  (``Listed``, ``Needs``, ``Legality`` of ``Valid``, ``Limit``, ``Among``, ``Part``), the turn flow
  (``FlowPrimitives``, ``FlowState``; what a verb returns: ``Outcome``, ``TURN_OVER``, ``DECIDED``,
  ``TurnOver``, ``Reached``), ``CompiledRules`` and ``freeze``/``thaw``, the notation's kinds
  (``PLAYER``, ``one_of``), ``ScenarioHooks``, ``SearchHooks``, ``Figure`` and ``Kind``,
  ``Drawing`` and ``Viewer``, ``run_checks``;
- the plain helpers for small packs: ``ListedGame``, ``PlainState``, ``View``, ``listed``;
- loading rules: ``load_rules``, ``read_rules``, ``RulesSource``;
- the loop: ``run`` a game with a ``Chooser`` (``bots`` makes one from bot names) and
  ``Observer`` objects, ``Bots``, ``Ending``, ``StopGame``; logs: ``LogRecorder``, ``log_header``,
  ``replay``;
- the bot interface (``woa_core/bots/base.py``): ``Bot``, ``BotFactory``, ``outside_limits``;
- the notation: ``format_action``, ``parse_action``;
- errors: ``WoaError`` and its kinds.

A game of any pack, played by bots:

>>> from woa_core.api import bots, format_action, load_rules, new_game, run
>>> rules = load_rules("africa", 2)
>>> game = new_game(rules, seed=1)
>>> run(game, bots(["random", "random"], seed=1, pack=rules.pack))
<Ending.OVER: 'over'>
>>> game.over, format_action(rules, (0, "start", 0))
(True, 'p1 start ...')

This module is imported by those who use it, never by woa itself (importing ``woa_core`` stays
quick: ``woa --version`` loads none of it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from woa_core.bots.base import Bot, BotFactory, outside_limits
from woa_core.bots.seated import Bots, bots
from woa_core.errors import (
    FlowError,
    IllegalAction,
    InvalidNotation,
    LogError,
    RulesError,
    ScenarioError,
    UsageError,
    WoaError,
)
from woa_core.kernel.actions import Action, ActionDecl, ArgKind, Verb, make_action
from woa_core.kernel.compiled import CompiledRules, freeze, thaw
from woa_core.kernel.contract import Game, State, new_game
from woa_core.kernel.flow import DECIDED, TURN_OVER, FlowPrimitives, FlowState, Outcome, Reached, TurnOver
from woa_core.kernel.legality import Among, Legality, Limit, Listed, Needs, Part, Valid
from woa_core.kernel.loop import Chooser, Ending, Observer, StopGame, run
from woa_core.kernel.notation import PLAYER, format_action, one_of, parse_action
from woa_core.kernel.pack import Pack, PackError, ScenarioHooks
from woa_core.kernel.plain import ListedGame, PlainState, View, listed
from woa_core.kernel.search import SearchHooks
from woa_core.report.drawing import Drawing, Viewer
from woa_core.report.figures import Figure, Kind
from woa_core.report.gamelog import LogRecorder, replay
from woa_core.report.gamelog import header as log_header
from woa_core.rules import RulesSource, load_rules, read_rules
from woa_core.rules.validate import run_checks

__all__ = [  # tests/public_surface.json freezes them; docs/public-api.md groups them
    "DECIDED",
    "PLAYER",
    "TURN_OVER",
    "Action",
    "ActionDecl",
    "Among",
    "ArgKind",
    "Bot",
    "BotFactory",
    "Bots",
    "Chooser",
    "CompiledRules",
    "Drawing",
    "Ending",
    "Figure",
    "FlowError",
    "FlowPrimitives",
    "FlowState",
    "Game",
    "IllegalAction",
    "InvalidNotation",
    "Kind",
    "Legality",
    "Limit",
    "Listed",
    "ListedGame",
    "LogError",
    "LogRecorder",
    "Needs",
    "Observer",
    "Outcome",
    "Pack",
    "PackError",
    "Part",
    "PlainState",
    "Reached",
    "RulesError",
    "RulesSource",
    "ScenarioError",
    "ScenarioHooks",
    "SearchHooks",
    "State",
    "StopGame",
    "TurnOver",
    "UsageError",
    "Valid",
    "Verb",
    "View",
    "Viewer",
    "WoaError",
    "bots",
    "format_action",
    "freeze",
    "listed",
    "load_rules",
    "log_header",
    "make_action",
    "new_game",
    "one_of",
    "outside_limits",
    "parse_action",
    "read_rules",
    "replay",
    "run",
    "run_checks",
    "thaw",
]

if not TYPE_CHECKING:  # a name that left the surface still works, warning where it went (mypy sees none)
    from woa_core.deprecated import moved_names

    __getattr__ = moved_names(__name__)
