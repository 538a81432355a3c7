"""What Africa's scenarios may say beyond the kernel's keys (``Pack.scenario``): how a ``setup``
changes a fresh game, and what each of Africa's ``expect`` keys reads. Their schema is
``schema/africa/scenario.schema.json``; ``woa_core.check.scenario`` runs scenarios of any game,
and ``docs/scenarios.md`` lists the keys.

A setup describes a position in the words of africa-rulings §5: every field it does not name
keeps a face-down tile. ``fields`` says what lies on the fields it names, one word each: a face
(``elephant``, ``gold_2``: face up), ``down FACE`` or ``down`` (face down: that face, or one of
the tiles left), ``empty``, or ``camp pN`` (that player's camp). ``explorers`` puts explorers on
fields (a field it names only there is emptied: an explorer never stands on a face-down tile,
A2); naming ``explorers`` or ``active`` ends the choice of start cities, the seats not named
taking the first free city in turn order. ``displays`` sets the goods, gold and gems in front of
players; ``camps`` the camps a player holds, ``supply`` those of the general supply; ``vp`` a
player's VP (booked as the source ``setup``), ``vp_from`` its VP by source.

The position keeps every tile and every camp of the game in one place, as a game does: the
faces the setup names are taken from the mix (naming more than the mix has is an error); the
fields left face down keep the tile the seed dealt them where the rest of the mix still has it,
and take others where it does not; the tiles then left over lie off the board
(``State.aside``, public), as the tiles a game would have taken into some display. A position
whose displays hold more tiles than the fields it empties, or whose camps are not the camps
dealt (``camps``, ``supply`` and the camps on fields), is refused, saying by how many. So a setup
is bounded as rule files are: every count it sets is bounded by the mix or the camps of the
rules, and every listing of legal actions by the board's fields.

A ``complete: true`` setup completes what its case does not mention instead of refusing it: for
the tiles its displays hold beyond those the fields it empties gave, it empties fields it does
not name, far from play and apart (``far_fields``: only relocation reaches them), and it puts
the camps its case does not place (supply, players, board) in the box, out of play
(``State.boxed``). Its notes say what it placed; the scenario's output shows them.

>>> from woa_core.kernel.contract import new_game
>>> from woa_core.rules import load_rules
>>> game = new_game(load_rules("africa", 2), seed=1)
>>> def fail(path, message):
...     raise ValueError(f"{path}: {message}")
>>> setup(game, {"fields": {"h02_07": "down elephant", "h02_08": "elephant"}, "explorers": {"p1": "h02_06"}}, fail)
[]
>>> expect(game, "explorers"), {f: expect(game, "fields")[f] for f in ("h02_06", "h02_07", "h02_08")}
({'p1': 'h02_06', 'p2': 'h00_10'}, {'h02_06': 'empty', 'h02_07': 'down', 'h02_08': 'elephant'})
>>> expect(game, "hidden")["h02_07"], game.state.step, expect(game, "aside")
('elephant', 'turn', {'giraffe': 1})
>>> done = new_game(load_rules("africa", 2), seed=1)
>>> for note in setup(done, {"complete": True, "explorers": {"p1": "h02_06"}, "displays": {"p1": {"statue": 2}},
...                          "supply": 0, "camps": {"p2": 0}}, fail):
...     print(note)
emptied 1 field(s) not named, far from play, for the displays' tiles: h09_06 (only relocation reaches them)
put 10 camp(s) the case does not mention in the box, out of play
>>> setup(new_game(load_rules("africa", 2), seed=1), {"fields": {"h02_07": "elefant"}}, fail)
Traceback (most recent call last):
ValueError: ('fields', 'h02_07'): 'elefant' is not a tile (one of: monument, statue, ..., lion, nomad)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from woa_core.errors import InvalidNotation
from woa_core.kernel.notation import parse_player
from woa_core.kernel.pack import ScenarioHooks, SetupFail, setup_words
from woa_core.kernel.scenario import name_reader
from woa_core.packs.africa.compiled import ANIMAL, GEM, GOLD, GOODS, NOMAD, Rules
from woa_core.packs.africa.game import Game
from woa_core.packs.africa.notation import parse_field
from woa_core.packs.africa.scoring import final_scoring
from woa_core.packs.africa.state import CAMP, DOWN, EMPTY, NOBODY, VP_SOURCES, State
from woa_core.packs.africa.steps import CITY, TURN
from woa_core.packs.africa.view import unseen

ANY = -4
"""The face of a face-down tile the setup names without one (``down``), until it is dealt."""

SETUP_VP = "setup"
"""The source of the VP a scenario's setup gives (``vp``), so that VP = the sum by source."""


def setup(game: Game, setup: Mapping[str, Any], fail: SetupFail) -> list[str]:
    """Change the fresh game as ``setup`` describes (see the module docstring); a value the game
    cannot take is ``fail(path, message)``. Returns what a ``complete`` setup placed itself."""
    r, s = game.rules, game.state
    notes: list[str] = []

    word = setup_words(r, fail)

    fields = {word(parse_field, f, "fields", f): (what, ("fields", f)) for f, what in setup.get("fields", {}).items()}
    explorers: dict[int, int] = {}
    for who, f in setup.get("explorers", {}).items():
        p, field = word(parse_player, who, "explorers", who), word(parse_field, f, "explorers", who)
        if field in explorers.values():
            fail(("explorers", who), f"two explorers on {f}: a field holds one explorer at most (A2)")
        if field in fields and fields[field][0].split()[0] == "down":
            fail(("explorers", who), f"{f} holds a face-down tile, where no explorer ever stands (A2)")
        explorers[p] = field
    fresh = s.hidden[:]
    for f, (what, path) in fields.items():
        s.tile[f], s.camp[f], s.hidden[f] = _what(r, f, what, path, fail)
    for f in explorers.values():
        if f not in fields and s.tile[f] == DOWN:  # an explorer never stands on a face-down tile (A2)
            s.tile[f] = s.hidden[f] = EMPTY
    for who, held in setup.get("displays", {}).items():
        p = word(parse_player, who, "displays", who)
        for name, n in held.items():
            face = _face(r, name, ("displays", who, name), fail)
            if r.face_kind[face] not in (GOODS, GOLD, GEM):
                fail(("displays", who, name), f"a display holds trade goods, gold and gems, not {name} (4.B1, 4.B5)")
            s.display[p][face] = n
    _deal(r, s, fresh, fields, setup, fail, _Completion(set(explorers.values()), notes) if _completes(setup) else None)
    if explorers or "active" in setup:
        _choose_cities(game, explorers)
        if "active" in setup:
            s.turn = s.order.index(word(parse_player, setup["active"], "active"))
            s.step, s.stage, s.pending = TURN, 0, EMPTY
    for who, n in setup.get("camps", {}).items():
        s.camps[word(parse_player, who, "camps", who)] = n
    s.supply = setup.get("supply", s.supply)
    _check_camps(r, s, setup, fail, notes if _completes(setup) else None)
    for who, sources in setup.get("vp_from", {}).items():
        p = word(parse_player, who, "vp_from", who)
        for source, vp in sources.items():
            if source not in VP_SOURCES:
                fail(("vp_from", who, source), f"'{source}' is no source of VP (one of: {', '.join(VP_SOURCES)})")
            s.vp_from[p][source] = vp
        s.vp[p] = sum(s.vp_from[p].values())
    for who, vp in setup.get("vp", {}).items():
        p = word(parse_player, who, "vp", who)
        booked = s.vp[p] - s.vp_from[p].get(SETUP_VP, 0)
        if vp < booked:
            fail(("vp", who), f"{who} has {booked} VP by source (vp_from), more than {vp}")
        s.vp_from[p][SETUP_VP] = vp - booked
        s.vp[p] = vp
    return notes


def _completes(setup: Mapping[str, Any]) -> bool:
    """Whether the setup completes what it does not mention (``complete: true``)."""
    return setup.get("complete") is True


class _Completion:
    """What a ``complete`` setup needs to place tiles itself: the fields its explorers stand on,
    and the notes saying what it placed."""

    __slots__ = ("explorers", "notes")

    def __init__(self, explorers: set[int], notes: list[str]) -> None:
        self.explorers = explorers
        self.notes = notes


def far_fields(r: Rules, s: State, named: set[int], candidates: list[int], n: int) -> list[int]:
    """``n`` of ``candidates`` (face-down fields no case named) to empty where no rule of the case
    reaches them: farthest from every field that is named, open or an explorer's (the start
    cities among them), and none next to an open field or to another one chosen, so that a nomad
    gains nothing there (A16) and no animal has a neighbour there (A14); the farthest first,
    ties to the last in board order. Only relocation (A6) reaches them: the notes say which.

    >>> from woa_core.rules import load_rules
    >>> from woa_core.packs.africa.state import new_state
    >>> r = load_rules("africa", 2)
    >>> s = new_state(r, 1)
    >>> picked = far_fields(r, s, set(), [f for f in range(len(r.fields)) if not r.is_city[f]], 2)
    >>> len(picked), any(g in r.neighbours[picked[0]] for g in picked[1:])
    (2, False)
    """
    sources = named | {f for f, t in enumerate(s.tile) if t != DOWN}
    distance = {f: 0 for f in sources}
    frontier = list(sources)
    while frontier:
        nxt = []
        for f in frontier:
            for g in r.neighbours[f]:
                if g not in distance:
                    distance[g] = distance[f] + 1
                    nxt.append(g)
        frontier = nxt
    ranked = sorted(candidates, key=lambda f: (-distance.get(f, len(r.fields)), -f))
    closed = set(sources)
    picked: list[int] = []
    for f in ranked:
        if len(picked) == n:
            break
        if f not in closed and not any(g in closed for g in r.neighbours[f]):
            picked.append(f)
            closed.add(f)
    for f in ranked:  # a board too crowded for fields apart: the farthest left
        if len(picked) == n:
            break
        if f not in picked:
            picked.append(f)
    return picked


def _face(r: Rules, name: str, path: tuple[Any, ...], fail: SetupFail) -> int:
    return name_reader(fail, "a tile", r.face_names)(name, *path)


def _what(r: Rules, f: int, what: str, path: tuple[Any, ...], fail: SetupFail) -> tuple[int, int, int]:
    """What a word of ``fields`` puts on field ``f``: its ``State.tile``, ``camp`` and ``hidden``
    values (``hidden``: the face of a face-down tile, ``ANY`` for one to be dealt)."""
    words = what.split()
    if words == ["empty"]:
        return EMPTY, NOBODY, EMPTY
    if words[0] == "camp":
        if len(words) != 2:
            fail(path, f"'{what}': write camp and its owner, e.g. camp p1")
        try:
            return CAMP, parse_player(r, words[1]), EMPTY
        except InvalidNotation as e:
            fail(path, str(e))
    if words[0] == "down":
        if r.is_city[f]:
            fail(path, f"{r.fields[f]} is a start city, where no face-down tile ever lies (2. Setup)")
        return DOWN, NOBODY, ANY if len(words) == 1 else _face(r, words[1], path, fail)
    face = _face(r, words[0], path, fail)
    kind = r.face_kind[face]
    if kind == GOODS:
        fail(path, f"a trade good never lies face up on the board: its finder takes it (4.B1, A13), so not {what}")
    if r.is_city[f] and kind not in (ANIMAL, NOMAD):
        fail(path, f"only an animal or a nomad lies on a start city, placed there (A14, A16), not {what}")
    return face, NOBODY, EMPTY


Named = dict[int, tuple[str, tuple[Any, ...]]]
"""The fields a setup names: field -> (its word, where the word stands in the setup)."""


def _deal(
    r: Rules,
    s: State,
    fresh: list[int],
    fields: Named,
    setup: Mapping[str, Any],
    fail: SetupFail,
    completion: _Completion | None = None,
) -> None:
    """Every tile of the mix in one place (see the module docstring): the named faces taken from
    the mix; the fields left face down dealt the rest, each its seeded tile where the rest still
    has it; the tiles left over set aside. A ``completion`` (``complete: true``) empties, for
    tiles the mix lacks, fields the setup does not name (``far_fields``) instead of refusing."""
    left = list(r.mix_counts)
    blame: list[tuple[Any, ...]] = [("fields",)] * len(left)
    for f, (t, h) in enumerate(zip(s.tile, s.hidden, strict=True)):
        face = t if t >= 0 else h if t == DOWN and f in fields and h != ANY else -1
        if face >= 0:
            left[face] -= 1
            blame[face] = fields[f][1]
    for p, held in enumerate(s.display):
        for face, n in enumerate(held):
            left[face] -= n
            blame[face] = ("displays", f"p{p + 1}", r.face_names[face]) if n else blame[face]
    for face, n in enumerate(left):
        if n < 0:
            named, has = r.mix_counts[face] - n, r.mix_counts[face]
            fail(blame[face], f"the setup names {named} {r.face_names[face]} tiles; the game has {has} (tiles.yaml)")
    todo = []
    for f, t in enumerate(s.tile):
        if t != DOWN or (f in fields and s.hidden[f] != ANY):
            continue
        if fresh[f] != EMPTY and left[fresh[f]] > 0:  # the tile the seed dealt here, if the rest has it
            s.hidden[f] = fresh[f]
            left[fresh[f]] -= 1
        else:
            todo.append(f)
    spare = []
    for face in fresh:  # the tiles left over, in the order the seed dealt them
        if face != EMPTY and left[face] > 0:
            spare.append(face)
            left[face] -= 1
    if len(spare) < len(todo) and completion is not None:
        unnamed = [f for f in todo if f not in fields]
        near = set(fields) | completion.explorers
        emptied = far_fields(r, s, near, unnamed, min(len(todo) - len(spare), len(unnamed)))
        for f in emptied:
            s.tile[f] = s.hidden[f] = EMPTY
        todo = [f for f in todo if f not in emptied]
        where = ", ".join(r.fields[f] for f in sorted(emptied))
        completion.notes.append(
            f"emptied {len(emptied)} field(s) not named, far from play, for the displays' tiles: {where} "
            "(only relocation reaches them)"
        )
    if len(spare) < len(todo):
        short = len(todo) - len(spare)
        fail(
            ("displays",) if "displays" in setup else ("fields",),
            f"{short} tile(s) too many: the displays (and any tiles on start cities) hold {short} more than the "
            f"fields the setup takes tiles from; name {short} more field(s) empty, as a game empties the fields "
            "its displays' tiles came from",
        )
    for f, face in zip(todo, spare, strict=False):
        s.hidden[f] = face
    aside = [0] * len(r.face_names)
    for face in spare[len(todo) :]:
        aside[face] += 1
    s.aside = aside if any(aside) else []
    s.revealed = [f for f, t in enumerate(s.tile) if t != DOWN and not r.is_city[f]]


def _choose_cities(game: Game, explorers: dict[int, int]) -> None:
    """End the choice of start cities: every seat chooses in turn order the city its explorer is
    named on, or else the first city free and named for nobody; then the named explorers go to
    their fields."""
    s, r = game.state, game.rules
    while s.step == CITY:
        p = s.order[s.turn]
        mine = explorers.get(p, EMPTY)
        if mine in r.cities:
            city = r.cities.index(mine)
        else:
            city = next(c for c, f in enumerate(r.cities) if f not in s.at and f not in explorers.values())
        game.apply((p, "start", city))
    for p, f in explorers.items():
        s.at[p] = f


def _check_camps(r: Rules, s: State, setup: Mapping[str, Any], fail: SetupFail, notes: list[str] | None) -> None:
    """A game only moves camps between the general supply, the players and the board (A17, A20);
    a complete setup (``notes`` given) puts the camps its case does not mention in the box, out
    of play (``State.boxed``)."""
    built = s.tile.count(CAMP)
    dealt = r.supply_camps + r.player_camps * s.players
    total = s.supply + sum(s.camps) + built
    if notes is not None and total < dealt:
        s.boxed = dealt - total
        notes.append(f"put {s.boxed} camp(s) the case does not mention in the box, out of play")
        return
    if total != dealt:
        key = next((k for k in ("camps", "supply", "fields") if k in setup), "camps")
        fail(
            (key,),
            f"{total} camps in the game ({s.supply} in the general supply, {sum(s.camps)} with the players, {built} "
            f"built), not the {dealt} dealt ({r.supply_camps} in the supply, {r.player_camps} each): a game only "
            "moves camps between them (A17, A20)",
        )


def expect(game: Game, key: str) -> Any:
    """The value of an expectation ``key`` in the game, in the words a scenario uses (``KeyError``
    for a key Africa does not know); the kernel reads the plain fields and per-seat lists
    ``SCENARIO`` declares."""
    r, s = game.rules, game.state

    def seats(values: list[Any]) -> dict[str, Any]:
        return {f"p{p + 1}": v for p, v in enumerate(values)}

    if key == "vp_from":
        return seats([dict(v) for v in s.vp_from])
    if key == "explorers":
        return {f"p{p + 1}": r.fields[f] for p, f in enumerate(s.at) if f != EMPTY}
    if key == "fields":
        return {r.fields[f]: _word(r, s, f) for f in range(len(r.fields))}
    if key == "hidden":
        return {r.fields[f]: r.face_names[h] for f, h in enumerate(s.hidden) if h != EMPTY}
    if key == "displays":
        return seats([{r.face_names[face]: n for face, n in enumerate(held) if n} for held in s.display])
    if key == "unseen":
        return {r.face_names[face]: n for face, n in enumerate(unseen(r, s)) if n}
    if key == "aside":
        return {r.face_names[face]: n for face, n in enumerate(s.aside) if n}
    if key == "face_down":
        return s.tile.count(DOWN)
    if key == "bonus":
        return f"p{s.bonus + 1}" if s.bonus != NOBODY else None
    if key == "score_now":
        return seats(score_now(r, s))
    raise KeyError(key)


FINAL_SOURCES = ("goods", "gold", "gems")
"""The VP sources only the final scoring books (7.: goods sets A25, the majorities A26)."""


def score_now(r: Rules, s: State) -> list[dict[str, int]]:
    """What the final scoring would give each seat if the game ended now (7.), by source, with
    ``vp``: its VP then; the game itself unchanged (a hypothetical scoring, ``expect: score_now``).

    >>> from woa_core.rules import load_rules
    >>> from woa_core.packs.africa.state import new_state
    >>> r = load_rules("africa", 2)
    >>> s = new_state(r, 1)
    >>> s.display[0][r.face_names.index("statue")] = 1
    >>> score_now(r, s)[0]["vp"] == score_now(r, s)[0]["goods"] + score_now(r, s)[0]["gold"], s.ranking
    (True, [])
    """
    then = s.copy()
    final_scoring(r, then)
    return [
        {**{k: then.vp_from[p][k] - s.vp_from[p][k] for k in FINAL_SOURCES}, "vp": then.vp[p]} for p in range(s.players)
    ]


def before_final_scoring(before: Game, after: Game) -> Game | None:
    """The moment after the end trigger (the bonus, or the turn cap) and before the final scoring,
    which the same action runs (7.): ``after`` with what the final scoring booked taken back (it
    alone books goods, gold and gems) and no ranking yet; None when the action did not end the
    game."""
    if before.over or not after.over:
        return None
    s, was = after.state, before.state
    for p in range(s.players):
        for k in FINAL_SOURCES:
            s.vp_from[p][k] = was.vp_from[p].get(k, 0)
        s.vp[p] = sum(s.vp_from[p].values())
    s.ranking = []
    return after


def _word(r: Rules, s: State, f: int) -> str:
    """What lies on ``f`` as a player sees it: a face, ``down``, ``empty`` or ``camp pN``."""
    t = s.tile[f]
    if t == DOWN:
        return "down"
    if t == CAMP:
        return f"camp p{s.camp[f] + 1}"
    return "empty" if t == EMPTY else r.face_names[t]


SCENARIO = ScenarioHooks(
    setup=setup,
    expect=expect,
    moments={"before_final_scoring": before_final_scoring},
    fields=frozenset({"supply", "step", "turns", "ended", "boxed"}),
    seat_fields=frozenset({"vp", "camps"}),
)
"""Africa's scenario keys, for the kernel (``Pack.scenario``)."""

__all__ = ["SCENARIO", "VP_SOURCES", "before_final_scoring", "expect", "far_fields", "score_now", "setup"]
