"""Rule packs: what a game brings to the kernel, and how the kernel finds the pack a ruleset names.

The kernel reads, merges, validates and compiles rule documents, runs the game loop, writes
logs and runs every tool; it names no game. A *pack* is the game: a Python module whose
``PACK`` is a ``Pack`` declaring the rules files it reads (with a JSON Schema each), how a
validated document compiles, the ``Game`` class that plays it, the argument kinds of its
notation, and optionally its figures, invariants, bots and drawings. ``ruleset.yaml`` says which
pack its rules are for (``pack: west_of_africa``); a variant inherits it from what it extends.

A pack named ``NAME`` is found, in this order:

1. bundled with woa: the module ``woa_core.packs.NAME``;
2. beside the ruleset that names it: ``NAME.py`` or ``NAME/__init__.py`` in that folder;
3. an installed pack: a distribution's entry point ``NAME`` in the group ``woa.packs``, naming
   the module that holds ``PACK``. (A pack is never imported merely because a rules file or a
   log names a module: a log is data, and importing an arbitrary module can do anything.)

>>> pack = load_pack("west_of_africa")
>>> pack.name, pack.sections[:2]
('west_of_africa', ('board', 'cards'))
>>> load_pack("no_such_pack")
Traceback (most recent call last):
...
woa_core.kernel.pack.PackError: no rule pack 'no_such_pack': not bundled with woa, not beside the ruleset, ...
"""

from __future__ import annotations

import importlib
import importlib.util
import re
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from pathlib import Path
from random import Random
from types import MappingProxyType, ModuleType
from typing import TYPE_CHECKING, Any, Generic, Literal, NoReturn, TypeVar

from woa_core.errors import InvalidNotation, Problem, WoaError
from woa_core.kernel.actions import ArgKind, Verb
from woa_core.kernel.aliases import JSON, PackGame, PackRules, PackState, PackView
from woa_core.kernel.flow import FlowPrimitives
from woa_core.kernel.protocols import Game
from woa_core.kernel.search import SearchHooks
from woa_core.suggest import with_suggestion

if TYPE_CHECKING:  # the type of the optional ``drawing`` a pack declares for the tools; loads nothing
    from woa_core.report.drawing import SomeDrawing  # (tests/test_layers.py allows this one name)

PACK_NAME = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$")
"""What a pack name may look like: a (dotted) Python module name in lower case."""

BUNDLED_PACKS = "woa_core.packs"
"""The package holding the packs that ship with woa (the kernel knows the folder, not the games)."""


class PackError(WoaError):
    """A ruleset names a pack that cannot be found or is not a pack."""


SetupFail = Callable[[tuple[object, ...], str], NoReturn]
"""How a scenario's setup fails: ``fail(path, message)``, ``path`` inside ``setup`` (the message
is given the line of that part of the scenario file)."""


R = TypeVar("R")
"""The rules a scenario's setup reads ids under (``setup_words``)."""


def setup_words(rules: R, fail: SetupFail) -> Callable[..., int]:
    """How a scenario's setup reads an id: ``word(parse, text, *path)`` is ``parse(rules, text)``
    (a parser of the pack's notation), and a text the notation refuses fails at ``path`` with the
    notation's sentence.

    >>> from woa_core.kernel.notation import parse_player
    >>> from woa_core.rules import load_rules
    >>> def fail(path, message):
    ...     raise ValueError(f"{path}: {message}")
    >>> word = setup_words(load_rules("africa", 3), fail)
    >>> word(parse_player, "p2", "gold", "p2")
    1
    >>> word(parse_player, "x", "gold", "x")
    Traceback (most recent call last):
    ...
    ValueError: ('gold', 'x'): ...
    """

    def word(parse: Callable[[R, str], int], text: str, *path: object) -> int:
        try:
            return parse(rules, text)
        except InvalidNotation as e:
            fail(path, str(e))

    return word


G = TypeVar("G", bound=Game[PackState, PackRules, PackView])
"""A pack's game class: ``Pack[G]`` checks it against the contract's ``Game`` (issue 42.3)."""


@dataclass(frozen=True, slots=True)
class ScenarioHooks:
    """What a pack's scenarios may say beyond the kernel's keys (``woa scenario``).

    - ``setup(game, setup, fail)``: change a fresh game as the scenario's ``setup`` mapping says
      (only what it names); a value the game cannot take is ``fail(path, message)``;
    - ``expect(game, key)``: the value of an ``expect`` key in the game, in a scenario's words
      (``KeyError`` for a key the pack does not know);
    - ``unordered``: the keys whose lists are compared in any order;
    - ``moments``: the named moments inside one action a step may check (``at:``), each
      ``moment(before, after)`` of copies of the game before and after the action: the game as it
      stood at that moment, or None when the action did not pass it (say, after a game's end is
      triggered and before its final scoring, which the same action runs).

    - ``fields``: the expect keys the kernel reads itself, each the state's field of that name
      as it is (``step``, ``turns``);
    - ``seat_fields``: the expect keys the kernel reads itself, each the state's per-seat list of
      that name, as a mapping under ``p1``..``pN`` and each seat's mark (``vp``);
    - ``seat_marks(rules)``: each seat's mark beside ``pN`` (its colour's letter:
      ``woa_core.kernel.scenario.colour_marks``), or None for none.

    ``setup`` may return notes, one sentence each, on what it placed itself (a ``complete``
    setup's completion): the scenario's output shows them. ``woa_core.kernel.scenario`` holds
    what setups and expectations share (seats, values per seat, every way to finish a step), and
    ``woa_core.kernel.card_scenario`` the same for a card component.
    """

    setup: Callable[[PackGame, JSON, SetupFail], Sequence[str] | None]
    expect: Callable[[PackGame, str], object]
    unordered: frozenset[str] = frozenset()
    moments: Mapping[str, Callable[[PackGame, PackGame], PackGame | None]] = field(default_factory=dict)
    fields: frozenset[str] = frozenset()
    seat_fields: frozenset[str] = frozenset()
    seat_marks: Callable[[PackRules], Sequence[str]] | None = None


def ranking_lines(ranking: Sequence[int]) -> list[str]:
    """The default ``Pack.summary`` of a finished game: no length, then its ranking.

    >>> ranking_lines([1, 0])
    ['', '  1. p2', '  2. p1']
    """
    return ["", *(f"  {place}. p{p + 1}" for place, p in enumerate(ranking, start=1))]


BotPattern = str | tuple[str, ...]
"""The bots a pack declares for its seats when a command is given none (``Pack.default_bots``,
``Pack.check_bots``): one bot spec for every seat (``"heuristic"``), or a pattern the seats take
in turn (``("heuristic", "random")``: p1 heuristic, p2 random, p3 heuristic, ...), so that it fits
every player count. A spec is what ``--bots`` takes for one seat: a bot's name with its
parameters (``mcts:iterations=200``); a string with commas is a pattern too."""

ScoreWins = Literal["higher", "lower"]
"""Which score wins (``Pack.score_wins``): the ``higher`` (VP, points) or the ``lower`` (strokes,
penalty points, the distance left to run)."""


@dataclass(frozen=True, slots=True)
class Pack(Generic[G]):
    """A game as the kernel sees it, generic over its game class (``Pack[Game]``: mypy checks that
    class against ``woa_core.kernel.contract.Game``). Only ``name``, ``sections``, ``schema_dir``,
    ``compile`` and ``game`` are required; every other hook has a default that does nothing.

    - ``sections``: the rules files a ruleset of this game holds besides ``ruleset.yaml`` and
      ``players.yaml`` (``board`` is ``board.yaml``), each checked against
      ``schema_dir/SECTION.schema.json``;
    - ``compile(name, data, players, content_hash, variant)``: the frozen, indexed rules of one
      player count (``data`` is the resolved document with the player overlay merged in); the
      result must have the attributes ``name``, ``players``, ``content_hash`` and ``variant``;
    - ``game``: the class that plays it (``game(rules, seed=...)``, ``game(rules, state=...)``);
      see ``woa_core.kernel.contract.Game`` for what the tools use of it;
    - ``flow``: the named primitives of the game's turn flow and where its rules declare that
      flow (``woa_core.kernel.flow.FlowPrimitives``): the rules say how the game runs (phases,
      turns, rounds, the steps of a turn; the kernel's schema ``flow.schema.json``, which a
      section schema of the pack refers to), the pack's ``compile`` gives its rules the compiled
      ``Flow`` (``CompiledRules.flow``), which the kernel advances;
    - ``verbs``: every verb of the game's notation, by name (``woa_core.kernel.actions.Verb``);
    - ``arg_kinds``: how the notation reads and writes each argument kind its verbs name
      (``woa_core.kernel.actions.ArgKind``; ``woa_core.kernel.notation.PLAYER`` is the seat kind);
    - ``schema_names``: for a ``$defs`` entry of the pack's schemas that names one of its
      declarations (an action, a primitive), the names it may take; the kernel fills the
      schema's ``enum`` from it when it loads the schema, so the names are declared once, in code;
    - ``check(located, players)``: what the schemas cannot say (references, playability), as
      located problems; ``players`` is None for the checks that hold at every player count;
    - ``log_figures(game)``: the main figures after an action, which a log's running check
      covers; ``result(game)``: how a finished game ended, as a log's last line holds it (the
      seats' ``ranking`` as ``p1``.. among it); ``where(game)``: where a game stands, in words;
    - ``drawing``: its pictures and words for the tools (``woa_core.report.drawing.Drawing``);
    - ``bots``: the pack's own bots, by the name ``--bots`` uses, as ``module:Class``;
    - ``default_bots``: the bots every command seats when it is given none (``--bots``, a space
      file's ``bots``): ``simulate``, ``compare``, ``sweep``, ``tune``, ``value`` (its bot: the
      first seat's), ``tournament`` (each once, joined by the kernel's ``random`` and then
      ``mcts`` while there are fewer than two), the opponents of ``play`` and of a game
      ``serve`` creates, and a person's seat that a resumed log hands to a bot (a
      ``BotPattern``). Default ``"random"``, the kernel's bot that plays any pack; a pack whose
      own bot plays like a sensible player declares it, since the figures a designer acts on
      should come from sensible play (random play's mostly say that random play is poor);
    - ``check_bots``: the bots ``woa check`` seats when it is given none (a ``BotPattern``;
      default ``"random"``): a check hunts rule bugs rather than measuring the game, and random
      play takes every kind of legal action, the odd ones a scripted bot never chooses too;
    - ``extras``: anything else a pack's own tools need, by name (a board drawing, say);
    - ``figures``: the game's own statistics, each a ``woa_core.report.figures.Figure`` (VP by
      source, say), reported after the kernel's (who wins, game length) by simulate, its CSV,
      compare, sweep and the HTML reports.

    What the generic tools ask of a game beyond the contract (``woa check``, ``woa scenario``,
    ``woa replay``, the PettingZoo environment, the search bot):

    - ``invariants``: the pack's own invariants, by name, run after the kernel's
      (``woa_core.check.invariants``): ``check(rules, state, prev)`` returns None or a sentence
      saying what is wrong (``prev``: the state before the last action, None at the start);
    - ``coverage(rules)``: an observer of the game loop counting what ``woa check --coverage``
      reports (``seen``: a ``Counter`` per kind; ``report()``); the default counts the verbs;
    - ``scenario``: how a scenario's ``setup`` changes a fresh game and what its pack's
      ``expect`` keys read (``ScenarioHooks``); their schema is ``schema_dir/scenario.schema.json``,
      merged over the kernel's scenario schema (a JSON Merge Patch);
    - ``winners(game)``: the seats that won a finished game (several for a shared win);
    - ``summary(game)``: a finished game for people: how long it lasted (``over 7 rounds``,
      or ""), then a line per seat (``woa replay``);
    - ``features(view)``: a view as numbers, the same count for every view of one ruleset and
      player count (the PettingZoo observation; its ``render`` is ``drawing.text``);
    - ``restrictions(rules)``: what ``woa value``'s restricted play may forbid, as ``(kind, id,
      name)``, in order: a verb is of kind ``action``, any other kind a component that argument
      kinds name (``ArgKind.component``, ``ArgKind.names``). Without it: every step verb
      (``Verb.step``), then every value of each argument kind that is a component
      (``woa_core.eval.restricted.restrictions``);
    - ``tunables``: the numbers a designer tunes, as paths into the rules document, from which
      the hypothesis strategies draw rule variants (``woa_core.check.strategies``); empty: every
      integer of the rules files outside lists;
    - ``resample_hidden(game, seat, rng)``: what the rules hide from ``seat``, declared by changing
      it: a state of the game that differs from ``game.state`` only in what ``seat`` may not see
      (each hidden part drawn anew by ``rng`` among what the public part allows), or None when
      nothing is hidden from it now. It is drawn from the state, never from a view (a view is what
      it tests): ``woa check``'s ``views_keep_secrets`` wants both states to show the seat the same
      view, the same words, the same board and the same account of the last action. None (the
      default): the pack declares nothing hidden, and that check has nothing to change;
    - ``search``: what the search bot ``mcts`` may use of the pack's knowledge of its game (a
      rollout policy, an evaluation, candidate pruning, a horizon, an opponent model:
      ``woa_core.kernel.search.SearchHooks``); without it, ``mcts`` searches every legal action
      with random rollouts to the end.

    How a game unfolds (``woa_core.report.unfolding``: lead changes, decisiveness, comebacks,
    the final margin and the score over time, reported by simulate, compare, sweep and the
    reports for every pack that gives a score; the choices offered per decision need nothing):

    - ``score(game)``: each seat's score now, at any moment of a game (its VP, its points), in
      seat order; None (the default): the game keeps no running score, and only the choices
      offered are reported;
    - ``score_by``: when the score is read: ``"round"`` (the default) after each round, for a
      game whose flow counts rounds (``flow``; a pack without a flow has none), or ``"turn"``
      after each turn (the decisions one seat makes in a row), for a game played in turns only;
    - ``score_wins``: which score wins, ``"higher"`` (the default) or ``"lower"`` (``ScoreWins``):
      who leads, lead changes, decisiveness, comebacks and the margin (``woa_core.report.unfolding``),
      who leads in the replay viewer and on the play page, all read it. A pack never negates its
      score to fit the tools: the score it gives is the one its players see.
    """

    name: str
    sections: tuple[str, ...]
    schema_dir: Path
    compile: Callable[..., PackRules]  # a pack's ``CompiledRules`` (which names its pack: not imported here)
    game: type[G]  # a class that keeps ``woa_core.kernel.contract.Game``
    verbs: Mapping[str, Verb] = field(default_factory=lambda: MappingProxyType({}))
    flow: FlowPrimitives[PackGame] | None = None
    arg_kinds: Mapping[str, ArgKind] = field(default_factory=lambda: MappingProxyType({}))
    check: Callable[..., list[Problem]] | None = None
    schema_names: Mapping[str, Callable[[], Iterable[str]]] = field(default_factory=lambda: MappingProxyType({}))
    log_figures: Callable[[G], tuple[object, ...]] = lambda game: ()
    result: Callable[[G], JSON] = lambda game: {}
    where: Callable[[G], str] = lambda game: "the game"
    drawing: SomeDrawing | None = None
    bots: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    default_bots: BotPattern = "random"  # issue 42.5: what the tools seat without --bots
    check_bots: BotPattern = "random"
    extras: Mapping[str, object] = field(default_factory=lambda: MappingProxyType({}))
    # What the generic tools ask beyond the contract (check, scenario, replay, PettingZoo, mcts).
    invariants: Mapping[str, Callable[[PackRules, PackState, PackState | None], str | None]] = field(
        default_factory=lambda: MappingProxyType({})
    )
    coverage: Callable[[PackRules], object] | None = None
    scenario: ScenarioHooks | None = None
    winners: Callable[[G], list[int]] = lambda game: list(game.state.ranking[:1])
    summary: Callable[[G], list[str]] = lambda game: ranking_lines(game.state.ranking)
    features: Callable[[PackView], Sequence[float]] | None = None
    search: SearchHooks | None = None
    resample_hidden: Callable[[G, int, Random], object] | None = None  # issue 37.13: what a seat may not see
    # generic tools (issue 14): restricted play (woa_core.eval.restricted), rule variants
    # (woa_core.check.strategies)
    restrictions: Callable[[PackRules], Sequence[tuple[str, str, str]]] | None = None
    tunables: tuple[tuple[str, ...], ...] = ()
    # figures (issue 14): woa_core.report.figures declares the kernel's and what a Figure is
    figures: tuple[Any, ...] = ()
    # how a game unfolds (issue 16): woa_core/report/unfolding.py reads the score after each round or turn
    score: Callable[[G], Sequence[float]] | None = None
    score_by: str = "round"
    score_wins: ScoreWins = "higher"  # issue 42.5: the direction every figure that compares scores reads


SomePack = Pack[Any]
"""The pack of some game, its game class unknown to the tool holding it."""

_LOADED: dict[tuple[str, str | None], SomePack] = {}


def load_pack(name: str, beside: str | Path | None = None) -> SomePack:
    """The pack ``name``, looked for as the module docstring says (``beside``: the folder of the
    ruleset that names it). Loaded once per process; ``PackError`` says why one cannot be had."""
    key = (name, str(beside) if beside is not None else None)
    try:
        return _LOADED[key]  # the common case: a name checked and found before
    except (KeyError, TypeError):  # TypeError: a name that is no string (a list, from a rules file)
        pass
    if not isinstance(name, str) or not PACK_NAME.match(name):
        raise PackError(f"{name!r} is not a rule pack name: a lower-case Python module name, e.g. west_of_africa")
    pack = _LOADED[key] = _find(name, Path(beside) if beside is not None else None)
    return pack


def _find(name: str, beside: Path | None) -> SomePack:
    module = _bundled(name) or (_beside(name, beside) if beside is not None else None) or _installed(name)
    if module is None:
        message = f"no rule pack '{name}': not bundled with woa, not beside the ruleset, not installed"
        raise PackError(with_suggestion(message, name, known_pack_names(beside)))
    pack = getattr(module, "PACK", None)
    if not isinstance(pack, Pack):
        raise PackError(f"the module '{module.__name__}' has no PACK (a woa_core.kernel.pack.Pack): it is no rule pack")
    for declared, allowed in (("score_by", ("round", "turn")), ("score_wins", ("higher", "lower"))):
        if getattr(pack, declared) not in allowed:  # words the tools read: refused once, as the pack loads
            said = " or ".join(repr(word) for word in allowed)
            raise PackError(f"the rule pack '{name}' sets {declared}={getattr(pack, declared)!r}: {said}")
    return pack


def _bundled(name: str) -> ModuleType | None:
    if "." in name or importlib.util.find_spec(f"{BUNDLED_PACKS}.{name}") is None:
        return None
    return importlib.import_module(f"{BUNDLED_PACKS}.{name}")


def _beside(name: str, folder: Path) -> ModuleType | None:
    if "." in name:
        return None
    for path in (folder / f"{name}.py", folder / name / "__init__.py"):
        try:
            found = path.is_file()
        except OSError as e:  # a name too long for a file name, say: no pack there
            why = (e.strerror or "cannot be looked for").lower()
            raise PackError(f"no rule pack '{name[:40]}...' beside the rules: {why}") from None
        if found:
            module_name = f"woa_pack_{name}"
            if module_name in sys.modules:
                return sys.modules[module_name]
            spec = importlib.util.spec_from_file_location(module_name, path)
            if spec is None or spec.loader is None:
                return None
            module = importlib.util.module_from_spec(spec)
            sys.modules[module_name] = module  # before running it, so its dataclasses can pickle
            try:
                spec.loader.exec_module(module)
            except BaseException:
                del sys.modules[module_name]
                raise
            return module
    return None


def known_pack_names(beside: Path | None = None) -> list[str]:
    """The names of the packs that can be loaded: bundled, beside the ruleset (in ``beside``),
    installed (what a misspelt pack name is compared with).

    >>> "west_of_africa" in known_pack_names()
    True
    """
    root = Path(importlib.import_module(BUNDLED_PACKS).__file__ or ".").parent
    names = [p.name for p in root.iterdir() if (p / "__init__.py").is_file()]
    if beside is not None and beside.is_dir():
        names += [p.stem for p in beside.glob("*.py")] + [p.parent.name for p in beside.glob("*/__init__.py")]
    names += [entry.name for entry in entry_points(group=PACK_ENTRY_POINTS)]
    return sorted(set(names))


PACK_ENTRY_POINTS = "woa.packs"
"""The entry-point group an installed rule pack registers in (``pyproject.toml``:
``[project.entry-points."woa.packs"] mygame = "mygame_pack"``)."""


def _installed(name: str) -> ModuleType | None:
    for entry in entry_points(group=PACK_ENTRY_POINTS):
        if entry.name == name:
            try:
                return importlib.import_module(entry.value.partition(":")[0])
            except ImportError as e:
                raise PackError(f"the installed rule pack '{name}' cannot be imported: {e}") from None
    return None


def pack_of(rules: PackRules) -> SomePack:
    """The pack that compiled ``rules`` (compiled rules carry their pack).

    >>> from woa_core.rules import load_rules
    >>> pack_of(load_rules("west-of-africa", 2)).name
    'west_of_africa'
    """
    pack: SomePack = rules.pack
    return pack
