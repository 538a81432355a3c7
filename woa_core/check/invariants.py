"""Invariants: what must hold in every reachable state of a game, each a named function.

Three kinds run after every action of ``woa check`` (and of a scenario with
``check_invariants``): the pack's own (``Pack.invariants``: ``check(rules, state, prev)``, about
its pieces and rules), the kernel's about the kernel's components a game uses (its cards, its
chance stream, its named ends: ``woa_core.check.components``) and the kernel's, ``INVARIANTS``
below, which hold for every game because they use only the contract (``woa_core.kernel.contract``):
a seat that decides has a legal action, the state round-trips through JSON and copies faithfully,
a view hides what it does not show, what the pack declares hidden from a seat changes nothing the
seat is shown, ``apply`` refuses what is not legal and changes nothing then, and every legal
action's text reads back as that action. A kernel invariant takes the game and the state before the last action
(``None`` at the start) and returns ``None`` or a sentence saying what is wrong.
``invariants_of(rules)`` lists them all, the pack's first; ``violations`` runs them.

>>> from woa_core.kernel.contract import new_game
>>> from woa_core.rules import load_rules
>>> game = new_game(load_rules("west-of-africa", 4), seed=1)
>>> violations(game.rules, game.state, None)
[]
>>> game.state.gold[0] = 99
>>> violations(game.rules, game.state, None)
[('gold_in_range', 'p1 has 99 gold, outside 0..45')]
"""

from __future__ import annotations

import json
import random
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict
from typing import Any

from woa_core.check.components import component_invariants
from woa_core.errors import IllegalAction, InvalidNotation
from woa_core.kernel.compiled import CompiledRules
from woa_core.kernel.contract import Game
from woa_core.kernel.notation import format_action, parse_action
from woa_core.kernel.pack import Pack
from woa_core.report.drawing import changes_told, seen_state

GameInvariant = Callable[[Game, Any], str | None]
"""An invariant of the game now and the state before the last action (None at the start)."""

INVARIANTS: dict[str, GameInvariant] = {}
"""The kernel's invariants, by name: they hold for the games of every pack."""

COSTLY = frozenset(
    {"state_round_trips", "views_hide_hidden", "views_keep_secrets", "illegal_actions_refused", "notation_round_trips"}
)
"""The kernel's invariants that rebuild the game (a JSON round trip, every seat's view and words, a
state with the hidden parts drawn anew, refused actions, notation read back): each costs tens of
times what a game's own checks do, so ``woa check`` runs them at a sample of positions
(``COSTLY_EVERY``) unless ``--exhaustive``."""

COSTLY_EVERY = 16
"""``woa check`` runs the ``COSTLY`` invariants at about one position in this many (and always at a
game's first and last), the others after every action: a position is as likely to be checked as
any other, and many more games are checked per CPU-second (issue 41.6)."""


def invariant(fn: GameInvariant) -> GameInvariant:
    """Register ``fn`` as a kernel invariant under its name."""
    INVARIANTS[fn.__name__] = fn
    return fn


def invariants_of(of: Pack | CompiledRules, exhaustive: bool = False) -> dict[str, GameInvariant]:
    """Every invariant of the games of ``of``, compiled rules (or a pack: then without those its
    rules may call for): the pack's own, then the kernel's about the components they use
    (``component_invariants``; a pack's own of the same name stands in for one), then the
    kernel's (``INVARIANTS``); with ``exhaustive``, ``notation_round_trips`` reads back every
    legal action, not a sample.

    >>> from woa_core.rules import load_rules
    >>> checks = invariants_of(load_rules("west-of-africa", 2), exhaustive=True)
    >>> names = list(checks)
    >>> names[0], names[-1], checks[names[-1]] is notation_round_trips_exhaustive
    ('gold_in_range', 'notation_round_trips', True)
    >>> [name for name in invariants_of(load_rules("go-west", 2)) if name.endswith("_by_name")]
    ['ended_by_name']
    """
    pack: Pack = of if isinstance(of, Pack) else of.pack
    checks: dict[str, GameInvariant] = {name: _of_state(check) for name, check in pack.invariants.items()}
    components = component_invariants(of) if not isinstance(of, Pack) else {}
    kernel = INVARIANTS | ({"notation_round_trips": notation_round_trips_exhaustive} if exhaustive else {})
    return checks | {name: check for name, check in components.items() if name not in checks} | kernel


def _of_state(check: Callable[[Any, Any, Any], str | None]) -> GameInvariant:
    def run(game: Game, prev: Any) -> str | None:
        return check(game.rules, game.state, prev)

    run.__doc__ = check.__doc__
    return run


def violations(rules: Any, state: Any, prev: Any) -> list[tuple[str, str]]:
    """Every invariant of ``rules``' pack that fails in ``state``, as (name, what is wrong)."""
    game = rules.pack.game(rules, state=state)
    out = []
    for name, check in invariants_of(rules).items():
        problem = check(game, prev)
        if problem:
            out.append((name, problem))
    return out


def _seat(p: int) -> str:
    return f"p{p + 1}"


@invariant
def has_legal_action(game: Game, prev: Any) -> str | None:
    """A game not over always has a seat that decides, and offers each such seat a legal action:
    rules under which a game can get stuck are broken (West of Africa: a harbor with no mooring
    that a ship can end its move in, say)."""
    if game.over:
        return None
    deciders = game.deciders()
    if not deciders:
        return f"nobody may act at {game.rules.pack.where(game)}, yet the game is not over"
    for seat in deciders:
        if not game.legal_actions(seat):
            return f"no legal action for {_seat(seat)} at {game.rules.pack.where(game)}"
    return None


@invariant
def state_round_trips(game: Game, prev: Any) -> str | None:
    """The state is JSON data (``to_json``) that reads back as the same state (``from_json``), and
    its ``copy`` is the same state: logs, snapshots and search rely on both."""
    state = game.state
    data = state.to_json()
    try:
        text = json.dumps(data, allow_nan=False)
    except (TypeError, ValueError) as e:
        return f"the state is not JSON data: {e}"
    try:
        back = type(state).from_json(json.loads(text))
    except Exception as e:  # a checker reports what the game's code does wrong, never a traceback
        return f"the state's JSON does not read back: {type(e).__name__}: {e}"
    if not _same(back, state, data):
        return f"the state read back from its JSON differs from it in {_first_difference(data, back.to_json())}"
    copied = state.copy()
    if not _same(copied, state, data):
        return f"a copy of the state differs from it in {_first_difference(data, copied.to_json())}"
    return None


def _same(other: Any, state: Any, data: dict[str, Any]) -> bool:
    """Whether ``other`` is the state ``state`` (whose JSON is ``data``): by the state's own
    equality where it has one (a dataclass's, which is faster), else by its JSON."""
    if type(state).__eq__ is not object.__eq__:
        return bool(other == state)
    return bool(other.to_json() == data)


@invariant
def views_hide_hidden(game: Game, prev: Any) -> str | None:
    """What the seat about to decide sees (``observation``: what its bot gets) is JSON data, and a
    game sampled from that view alone (``determinize``) shows the seat the very same view: a view
    that gave away anything it hides would change when the hidden part is sampled anew."""
    for seat in game.deciders()[:1]:
        view = game.observation(seat)
        data = view.to_json()
        try:
            json.dumps(data, allow_nan=False)
        except (TypeError, ValueError) as e:
            return f"{_seat(seat)}'s view is not JSON data: {e}"
        try:
            sampled = type(game).determinize(view, random.Random(0))  # any sample will do
            again = sampled.observation(seat).to_json()
        except Exception as e:  # a checker reports what the game's code does wrong, never a traceback
            return f"no game can be sampled from {_seat(seat)}'s view: {type(e).__name__}: {e}"
        if again != data:
            return (
                f"a game sampled from {_seat(seat)}'s view shows {_seat(seat)} another view (in "
                f"{_first_difference(data, again)}): the view depends on what it hides"
            )
    return None


@invariant
def views_keep_secrets(game: Game, prev: Any) -> str | None:
    """What the rules hide from a seat stays hidden everywhere the seat is shown the game: a state
    that differs only in what the seat about to decide may not see (the pack's declaration,
    ``Pack.resample_hidden``, drawn from the state) shows that seat the same view, the same game
    in words (``Drawing.text``), the same board (the same state drawn: ``Drawing.seen``) and the
    same account of the last action (the score moves and lines ``woa play`` and ``woa serve`` tell
    it: ``woa_core.report.drawing.changes_seen``). A view, a text, a picture or a score that told a hidden count would
    differ between the two."""
    if game.rules.pack.resample_hidden is None:
        return None
    seat = next(iter(game.deciders()), 0)
    other = _hidden_resampled(game, seat)
    if other is None:
        return None
    before = None if prev is None else type(game)(game.rules, state=prev)
    other_before = None if before is None else (_hidden_resampled(before, seat) or before)
    shown, again = _shown_to(game, seat, before), _shown_to(other, seat, other_before)
    for what in shown:
        if again[what] != shown[what]:
            return (
                f"{_seat(seat)}'s {what} changes with what the rules hide from {_seat(seat)} (in "
                f"{_where_apart(shown[what], again[what])}): it tells {_seat(seat)} a secret"
            )
    return None


def _where_apart(a: Any, b: Any) -> str:
    """Where two things shown differ: the first line of two texts that differs, quoted, or the
    path of the first difference of two JSON values (``_first_difference``).

    >>> _where_apart(["Round 1", "p2 chose 3 cards"], ["Round 1", "p2 chose 2 cards"])
    "line 2: 'p2 chose 3 cards', or 'p2 chose 2 cards'"
    """
    if isinstance(a, list) and isinstance(b, list) and all(isinstance(x, str) for x in a + b):
        for n, (x, y) in enumerate(zip([*a, ""], [*b, ""], strict=False), start=1):
            if x != y:
                return f"line {n}: {x!r}, or {y!r}"
    return _first_difference(a, b)


def _hidden_resampled(game: Game, seat: int) -> Game | None:
    """``game`` with what ``seat`` may not see drawn anew (``Pack.resample_hidden``; the same draw
    for the same position), or None if nothing is hidden from it."""
    state = game.rules.pack.resample_hidden(game, seat, random.Random(0))
    return None if state is None else type(game)(game.rules, state=state)


def _shown_to(game: Game, seat: int, before: Game | None) -> dict[str, Any]:
    """Everything the tools show ``seat`` of ``game``, by what it is: its view (JSON data), and
    for a pack that draws, the game in words, the board and what the last action changed (from
    the game ``before`` it; None at the start, which has no last action)."""
    shown: dict[str, Any] = {"view": game.observation(seat).to_json()}
    drawing = game.rules.pack.drawing
    if drawing is None:
        return shown
    seen, text = seen_state(drawing, game, seat), drawing.text(game, seat)
    shown["text"] = text.splitlines()
    # the board is drawn from this state alone (``Drawing.board`` is given nothing else): the same
    # state, the same picture, at a fraction of the cost of drawing it
    shown["state its board is drawn from"] = seen.to_json()
    if before is not None:
        pair = (seen_state(drawing, before, seat), seen)
        told = changes_told(drawing, game.rules, pair, (drawing.text(before, seat), text))
        shown["account of the last action"] = asdict(told)
    return shown


@invariant
def illegal_actions_refused(game: Game, prev: Any) -> str | None:
    """``apply`` refuses an action that is not legal now with ``IllegalAction``, the state left as
    it was, and ``is_legal`` says it is not legal: an unknown verb, a legal action given to a seat
    that does not decide, actions that were legal before the last action but are not now."""
    if game.over:
        return None
    deciders = game.deciders()
    legal = {seat: game.legal_actions(seat) for seat in deciders}  # ``in``: short lists, or selections tested directly
    candidates: list[tuple] = [(deciders[0] if deciders else 0, "no-such-verb")]
    idle = [seat for seat in range(game.rules.players) if seat not in legal]
    some = next((legal[seat][0] for seat in deciders if legal[seat]), None)
    if idle and some is not None:
        candidates.append((idle[0], *some[1:]))
    if prev is not None:
        before = type(game)(game.rules, state=prev)
        stale = [a for seat in before.deciders() for a in before.legal_actions(seat)[:8]]
        candidates += [a for a in stale if a not in legal.get(a[0], ())][:3]
    trial = game.copy()
    for action in candidates:
        if trial.is_legal(action):
            return f"is_legal says '{action!r}' is legal, but it is not among the legal actions"
        try:
            trial.apply(action)
        except IllegalAction:
            pass
        else:
            return f"apply played {action!r}, which is not a legal action now"
    data = game.state.to_json() if type(game.state).__eq__ is object.__eq__ else {}
    if not _same(trial.state, game.state, data):
        changed = _first_difference(game.state.to_json(), trial.state.to_json())
        return f"refusing {candidates!r} changed the state in {changed}"
    return None


_READ_BACK: dict[tuple[str, str, str, int], set[tuple]] = {}
"""Actions whose text was read back already, per ruleset (format and parse depend on nothing
else): the check costs one parse per distinct action, not one per position."""

_RULESETS_KEPT = 8

ROUND_TRIP_SAMPLE = 24
"""How many of a seat's legal actions ``notation_round_trips`` reads back at one position when it
has more (a card selection offers up to 2,379): a sample drawn from the position itself, so the
same position is always checked the same way (a shrunk counterexample fails again when replayed).
``woa check --exhaustive`` reads back every one (``invariants_of(pack, exhaustive=True)``)."""


@invariant
def notation_round_trips(game: Game, prev: Any) -> str | None:
    """Every legal action has a text in the notation (``format_action``) that reads back as that
    same action (``parse_action``): logs, scenarios and ``woa play`` write and read them. Of a
    seat's many legal actions a sample drawn from the position is read back (``ROUND_TRIP_SAMPLE``;
    ``woa check --exhaustive``: all of them)."""
    return _read_back(game, ROUND_TRIP_SAMPLE)


def notation_round_trips_exhaustive(game: Game, prev: Any) -> str | None:
    """``notation_round_trips`` over every legal action of every seat that decides, at every position."""
    return _read_back(game, None)


def _read_back(game: Game, sample: int | None) -> str | None:
    """What is wrong with the text of a legal action of ``game`` (all of them, or ``sample`` of
    each seat's), or None."""
    rules = game.rules
    key = (rules.pack.name, rules.name, rules.content_hash, rules.players)
    done = _READ_BACK.get(key)
    if done is None:
        if len(_READ_BACK) >= _RULESETS_KEPT:
            _READ_BACK.clear()
        done = _READ_BACK[key] = set()
    for seat in game.deciders():
        legal = game.legal_actions(seat)
        for action in legal if sample is None else sampled(legal, sample):
            if action in done:
                continue
            try:
                text = format_action(rules, action)
                back = parse_action(rules, text)
            except (InvalidNotation, KeyError, IndexError, TypeError, ValueError) as e:
                return f"the legal action {action!r} has no text that reads back: {e}"
            if back != action:
                return f"the legal action {action!r} is written '{text}', which reads back as {back!r}"
            done.add(action)
    return None


def sampled(legal: Sequence[tuple], size: int) -> Sequence[tuple]:
    """``legal`` itself when it holds at most ``size`` actions, else ``size`` of them: the first,
    the last and others drawn by a generator seeded from the listing (its length and its ends), so
    the same position gives the same sample in every process and every run.

    >>> legal = [(0, "move", n) for n in range(100)]
    >>> picked = sampled(legal, 5)
    >>> len(picked), picked[0], picked[-1], picked == sampled(list(legal), 5)
    (5, (0, 'move', 0), (0, 'move', 99), True)
    >>> sampled(legal[:3], 5) == legal[:3]
    True
    """
    count = len(legal)
    if count <= size:
        return legal
    seed = zlib.crc32(f"{count} {legal[0]!r} {legal[-1]!r}".encode())
    middle = random.Random(seed).sample(range(1, count - 1), max(size - 2, 0))
    return [legal[k] for k in [0, *sorted(middle), count - 1]]


def _first_difference(a: Any, b: Any, path: str = "") -> str:
    """Where two JSON values first differ, as a dotted path (``gold[2]``), or ``the whole``."""
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        for key in list(a) + [k for k in b if k not in a]:
            if a.get(key) != b.get(key):
                return _first_difference(a.get(key), b.get(key), f"{path}.{key}" if path else str(key))
    elif isinstance(a, list | tuple) and isinstance(b, list | tuple) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_difference(x, y, f"{path}[{i}]")
    return path or "the whole"
