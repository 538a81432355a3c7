"""The interpreter: Africa's legal actions and their effects, for any compiled rules.

A game is a sequence of small decisions by the active player (A34; ``steps`` names them). Each
verb is declared once (``VERBS``) with its legality (``Verb.legality``, a ``Listed``: the verb's
legal actions now) and its effect (``Verb.play``); ``STEP_VERBS`` says which verbs a step offers.
The legal actions are the step's verbs' lists, and an action is legal exactly when its verb lists it
(``is_legal``): listing and checking derive from one definition per verb. ``apply`` refuses
anything else with ``IllegalAction``, the state unchanged; ``apply_legal`` plays a listed action
without checking it again. After every action the kernel checks whether the game ends at once
(``Flow.after_action``: the last monument, A24).

>>> from woa_core.kernel.notation import format_action
>>> from woa_core.rules import load_rules
>>> game = Game(load_rules("africa", 2), seed=1)
>>> [format_action(game.rules, a) for a in game.legal_actions()][:2]
['p1 start tangier', 'p1 start alexandria']
>>> game.apply((0, "start", 2))
>>> game.deciders(), game.state.at
([1], [28, -1])
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from types import MappingProxyType
from typing import Any, Final, cast

from woa_core.errors import IllegalAction
from woa_core.kernel.actions import Action, Legal, Verb, make_action
from woa_core.kernel.flow import TURN_OVER, Outcome, TurnOver
from woa_core.kernel.legality import Listed, Needs
from woa_core.kernel.notation import format_action
from woa_core.packs.africa.compiled import ANIMAL, GEM, GOLD, GOODS, MONUMENT, NOMAD, TILE_OFFSET, Rules
from woa_core.packs.africa.scoring import add_vp
from woa_core.packs.africa.state import CAMP, DOWN, EMPTY, NOBODY, State, new_state
from woa_core.packs.africa.steps import ACT, CITY, OVER, PLACE, SWAP, TURN, WALK
from woa_core.packs.africa.view import View, observe, sample

RESEARCH: Final = 0
MINE: Final = 1
"""The two ways to build a camp (``camp research``, ``camp mine``: 4.B4, 4.B5)."""


class Tables:
    """Every action with field or city arguments, made once per rules (``Rules.memo``): listing
    then picks ready actions instead of building tuples."""

    __slots__ = ("camp", "keep", "not_active", "place", "relocate", "reveal", "skip", "start", "stay", "walk")

    def __init__(self, rules: Rules) -> None:
        seats, fields = range(rules.players), range(len(rules.fields))
        self.not_active = rules.flow.not_active  # the steps ``Game.deciders`` asks the flow about

        def per_field(verb: str) -> list[list[Action]]:
            return [[make_action((p, verb, f)) for f in fields] for p in seats]

        self.start = [[make_action((p, "start", c)) for c in range(len(rules.cities))] for p in seats]
        self.relocate = per_field("relocate")
        self.walk = per_field("walk")
        self.reveal = per_field("reveal")
        self.place = per_field("place")
        self.camp = [(make_action((p, "camp", RESEARCH)), make_action((p, "camp", MINE))) for p in seats]
        self.skip = [make_action((p, "skip")) for p in seats]
        self.stay = [make_action((p, "stay")) for p in seats]
        self.keep = [make_action((p, "keep")) for p in seats]


TABLES = "africa.actions"
"""The key of the action tables on the compiled rules (``Rules.memo``)."""


class Game:
    """One game of Africa: compiled ``rules`` plus a ``State`` that ``apply`` advances
    (``woa_core.kernel.contract.Game``)."""

    __slots__ = ("_opened", "_placed", "_relocs", "_t", "rules", "state")

    def __init__(self, rules: Rules, seed: int = 0, state: State | None = None) -> None:
        self.rules = rules
        self._t: Tables = rules.memo(TABLES, lambda: Tables(rules))
        self._placed: tuple[list[int], dict[int, list[int]]] = ([], {})  # see ``targets``
        self._opened: Opened = _NOT_OPENED  # see ``legal_relocate``
        self._relocs: list[list[Action]] = []
        if state is None:
            self.state = new_state(rules, seed)
            rules.flow.begin(self)
        else:
            self.state = state

    @property
    def over(self) -> bool:
        """Whether the game has ended (final scoring done)."""
        return self.state.step == OVER

    def copy(self) -> Game:
        """An independent game at the same state."""
        return Game(self.rules, state=self.state.copy())

    def deciders(self) -> list[int]:
        """The seat that decides now (the flow says: the active seat), none once over. Asked
        for every decision: the active seat at a step where the flow's answer is the active seat
        (``Flow.not_active``), without asking it."""
        s = self.state
        if s.step in self._t.not_active:
            return self.rules.flow.deciders(self)
        return [s.order[s.turn]]

    # ----------------------------------------------------------- legal actions

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        """Every action ``player`` (default: the active seat) may take now: the lists of the
        verbs the step offers; empty for a seat that does not decide.

        >>> from woa_core.rules import load_rules
        >>> game = Game(load_rules("africa", 2), seed=1)
        >>> len(game.legal_actions(0)), game.legal_actions(1)
        (5, [])
        """
        s = self.state
        step = s.step
        if step == OVER:
            return []
        active = s.order[s.turn]
        if player is None:
            player = active
        elif player != active:
            return []
        verbs = _STEP_VERBS[step]
        out = verbs[0](self, player)
        if len(verbs) > 1:
            out = cast(list, out)  # a new list (``Legal``: every verb here returns one), so the others' may join it
            for legal in verbs[1:]:
                out += legal(self, player)
        return out

    def is_legal(self, action: object) -> bool:
        """Whether ``action`` may be played now: its verb lists it (``Verb.legality``). Any object
        may be asked of (both builds: a list is simply not an action, issue 42.7)."""
        if not isinstance(action, tuple) or len(action) < 2 or self.state.step == OVER:
            return False
        s = self.state
        legal = LEGAL.get(action[1]) if isinstance(action[1], str) else None
        if (
            legal is None
            or legal not in _STEP_VERBS[s.step]
            or type(action[0]) is not int
            or action[0] != s.order[s.turn]
        ):
            return False
        return action in legal(self, action[0])

    def apply(self, action: object) -> None:
        """Play ``action`` if it is legal, else refuse it with ``IllegalAction`` saying why (the
        state unchanged).

        >>> from woa_core.rules import load_rules
        >>> game = Game(load_rules("africa", 2), seed=1)
        >>> game.apply((0, "walk", 3))
        Traceback (most recent call last):
        woa_core.errors.IllegalAction: 'walk' is not possible now: p1 chooses a start city
        """
        if not isinstance(action, tuple) or not self.is_legal(action):
            raise IllegalAction(self._refusal(action))
        self.apply_legal(action)

    def apply_legal(self, action: tuple) -> None:
        """Play an action of ``legal_actions()`` of this very state without checking it again; what
        its verb returns moves the flow on, and the kernel checks whether the game ends at once
        (``Flow.advance``)."""
        play, n = _PLAY[action[1]], len(action)
        if n == 2:  # called directly, as West of Africa's: no argument tuple sliced and spread
            outcome = play(self, action[0])
        elif n == 3:
            outcome = play(self, action[0], action[2])
        elif n == 4:
            outcome = play(self, action[0], action[2], action[3])
        else:
            outcome = play(self, action[0], *action[2:])
        self.rules.flow.advance(self, outcome)

    # ------------------------------------------------------------ observation

    def observation(self, player: int) -> View:
        """What ``player`` may see: everything but the faces of face-down tiles
        (``woa_core.packs.africa.view``)."""
        return observe(self, player)

    @classmethod
    def determinize(cls, view: View, rng: Random) -> Game:
        """A full game consistent with ``view``, for search: the unseen tiles dealt anew onto the
        face-down fields (``woa_core.packs.africa.view``), and revealed in the order of the deal
        (``Dealt``)."""
        state = sample(view, rng)
        return Dealt(view.rules, state, [face for face in state.hidden if face != EMPTY])

    # ------------------------------------------------------------ refusals

    def _refusal(self, action: Any) -> str:
        s = self.state
        if s.step == OVER:
            return "the game is over"
        if not isinstance(action, tuple) or len(action) < 2:
            return f"not an action: {action!r}"
        p, name = action[0], action[1]
        if not isinstance(p, int) or isinstance(p, bool) or not 0 <= p < s.players:
            return f"there is no player {p!r} in a {s.players}-player game"
        active = s.order[s.turn]
        if p != active:
            return f"it is p{active + 1}'s decision, not p{p + 1}'s"
        legal = LEGAL.get(name) if isinstance(name, str) else None
        if legal is None:
            return f"unknown action '{name}' (one of: {', '.join(VERBS)})"
        if legal not in STEP_VERBS[s.step]:
            return f"'{name}' is not possible now: p{p + 1} {PENDING[s.step]}"
        try:
            text = format_action(self.rules, action)
        except (KeyError, IndexError, TypeError, ValueError):
            text = repr(action)
        legality = cast(Listed, VERBS[name].legality)
        if self._in_range(name, action[2:]):  # the first condition of the verb it fails (``Listed.needs``)
            failed = legality.failing(self, p, tuple(action[2:]))
            if failed is not None:
                says = legality.needs[failed].says
                return f"'{text}' is not possible now: {says if isinstance(says, str) else says(self, p, *action[2:])}"
        options = [format_action(self.rules, a).split(" ", 2)[-1] for a in legal(self, p)]
        if not options:
            return f"'{text}' is not possible now: p{p + 1} has no {name} to make"
        shown = ", ".join(options[:8]) + (", ..." if len(options) > 8 else "")
        return f"'{text}' is not possible now (p{p + 1} may {name}: {shown})"

    def _in_range(self, name: str, args: tuple[Any, ...]) -> bool:
        """Whether ``args`` are as many as the verb takes, each an index of its kind (so its
        conditions may read them)."""
        kinds = VERBS[name].args
        if len(args) != len(kinds):
            return False
        r = self.rules
        sizes = {
            "field": len(r.fields),
            "city": len(r.cities),
            "purpose": 2,
            "player": self.state.players,
            "good": len(r.goods),
        }
        return all(type(a) is int and 0 <= a < sizes.get(k, 0) for a, k in zip(args, kinds, strict=True))


class Dealt(Game):
    """A game sampled for search (``Game.determinize``) whose face-down tiles come up in the
    order of its deal, ``deck``: the i-th tile revealed is ``deck[i]``, whichever face-down field
    it is revealed on (that field's tile and the one dealt where ``deck[i]`` lay trade places
    first, so the state stays a full deal of the unseen tiles).

    Under the belief of africa-rulings §4 the face-down fields are exchangeable, so each reveal
    is the same uniform draw from the unseen tiles as in a game dealt onto fields: the game is as
    likely as any other consistent with the view. What changes is what a search compares: every
    candidate tried in the same sampled game meets the same luck (the same first tile revealed,
    whichever field it reveals, the same tiles for the reveals that follow), so the comparison
    shows the choices' consequences rather than which field hid the better tile.

    >>> import random
    >>> from woa_core.rules import load_rules
    >>> game = Game(load_rules("africa", 2), seed=1)
    >>> tangier = game.rules.cities[0]
    >>> for action in ((0, "start", 0), (1, "start", 1), (0, "walk", tangier)):
    ...     game.apply(action)
    >>> f, g = game.rules.neighbours[tangier][:2]
    >>> a, b = (Game.determinize(game.observation(0), random.Random(3)) for _ in range(2))
    >>> a.apply((0, "reveal", f)); b.apply((0, "reveal", g))
    >>> a.state.tile[f] == b.state.tile[g], sorted(a.state.hidden) == sorted(b.state.hidden)
    (True, True)
    """

    __slots__ = ("_deck", "_drawn")

    def __init__(self, rules: Rules, state: State, deck: list[int]) -> None:
        super().__init__(rules, state=state)
        self._deck = deck
        self._drawn = 0

    def copy(self) -> Dealt:
        """An independent game at the same state that goes on revealing the same deal."""
        new = Dealt(self.rules, self.state.copy(), self._deck)
        new._drawn = self._drawn
        return new

    def apply_legal(self, action: tuple) -> None:
        """As ``Game.apply_legal``; a reveal shows the deal's next tile."""
        if action[1] == "reveal":
            hidden, f = self.state.hidden, action[2]
            face = self._deck[self._drawn]
            self._drawn += 1
            if hidden[f] != face:
                g = hidden.index(face)  # a face-down field: revealed fields hold no hidden face
                hidden[g], hidden[f] = hidden[f], face
        super().apply_legal(action)


PENDING = MappingProxyType(
    {
        CITY: "chooses a start city",
        TURN: "begins a turn: relocate, or walk (0 to the walking range)",
        WALK: "begins the next step with a walk",
        ACT: "takes one action or skips",
        PLACE: "leaves the revealed tile (stay) or places it",
        SWAP: "keeps the revealed good or swaps it",
    }
)
"""What each step waits for, in words (for refusals)."""


# ----------------------------------------------------------------- the turn flow


def _turn_over(game: Game) -> TurnOver:
    """The turn is over: one more turn played (A31 counts them)."""
    game.state.turns += 1
    return TURN_OVER


def _step_done(game: Game) -> str | TurnOver:
    """A step of option B is over: the next begins with a walk, or the turn ends (A8)."""
    s = game.state
    s.pending = EMPTY
    s.stage += 1
    if s.stage < game.rules.steps:
        return WALK
    return _turn_over(game)


# ------------------------------------------------------------------- counting


def count_next_to(near: tuple[int, ...], tile: list[int], value: int) -> int:
    """How many of the fields ``near`` (a field's neighbours, ``Rules.neighbours``) hold ``value``
    on ``tile``: same-species animals (A14) or empty fields (A3, A16) around a field. A loop, not
    ``count()`` on a getter: as fast in pure Python, and compiled a native loop with no generic
    call or comparison.

    >>> count_next_to((0, 2, 3), [EMPTY, 5, EMPTY, 5], EMPTY)
    2
    """
    n = 0
    for y in near:
        if tile[y] == value:
            n += 1
    return n


def animal_targets(rules: Rules, tile: list[int], f: int) -> tuple[int, list[int]]:
    """Where the animal on ``f`` may be placed (A14, A15, A18): its same-species neighbours now
    (``before``), and every empty field with more of them after the move (the animal no longer
    on ``f``), in board order. Only a field next to another animal of the species can have more.

    >>> from woa_core.rules import load_rules
    >>> rules = load_rules("africa", 2)
    >>> tile = [EMPTY] * len(rules.fields)
    >>> elephant = rules.face_names.index("elephant")
    >>> for f in ("h02_07", "h02_08", "h08_03", "h08_05"):  # T1: C+E, C+2E, D+W, D+E
    ...     tile[rules.field(f)] = elephant
    >>> before, targets = animal_targets(rules, tile, rules.field("h02_07"))
    >>> before, [rules.fields[g] for g in targets]
    (1, ['h08_04'])
    """
    face = tile[f]
    nbrs, adjacent = rules.neighbours, rules.adjacent[f]
    before = count_next_to(nbrs[f], tile, face)
    alike = [x for x, t in enumerate(tile) if t == face]  # each field showing the species, in one pass
    if len(alike) - 1 <= before:  # the others of its species cannot give any field more
        return before, []
    found: list[int] = []  # a few fields: a list tested and sorted in place (compiled: no set, no sorted())
    for x in alike:
        if x == f:
            continue
        for g in nbrs[x]:
            if tile[g] != EMPTY or g in found:
                continue
            # next to x, g has at least x around it after the move: enough when there was none before
            if before and count_next_to(nbrs[g], tile, face) - (g in adjacent) <= before:
                continue
            found.append(g)
    found.sort()
    return before, found


def nomad_targets(rules: Rules, tile: list[int], f: int) -> tuple[int, list[int]]:
    """Where the nomad on ``f`` may be placed (A15, A16, A19): its empty neighbours now
    (``before``), and every empty field with more of them after the move (``f`` then empty), in
    board order."""
    nbrs, adjacent = rules.neighbours, rules.adjacent[f]
    before = count_next_to(nbrs[f], tile, EMPTY)
    out: list[int] = []
    if before >= 6:
        return before, out
    for g, t in enumerate(tile):  # each empty field, in one pass (compiled: native, no count() and index())
        if t != EMPTY:
            continue
        if count_next_to(nbrs[g], tile, EMPTY) + (g in adjacent) > before:
            out.append(g)
    return before, out


def reachable(game: Game, p: int) -> list[int]:
    """The fields ``p``'s explorer may walk to (A4, A7): each step to a neighbour that holds no
    face-down tile and no other explorer, up to the walking range; its own field first, then
    those one step away, then those two steps away (``Rules.ring2``), and so on."""
    s = game.state
    return walkable(game.rules, s.tile, s.at, s.at[p])


def walkable(r: Rules, tile: list[int], at: list[int], here: int) -> list[int]:
    """The fields an explorer on ``here`` may walk to (``reachable``), the explorers standing on
    ``at`` (its own among them, on ``here``); a bot asks this of fields it might walk to."""
    nbrs, walk_range = r.neighbours, r.walk_range
    if walk_range == 0:
        return [here]
    board = tile[:]  # each explorer's field closed as a face-down tile is: one test per field, no set
    for x in at:
        if x >= 0:  # an explorer on the board
            board[x] = DOWN
    out = [here]
    for g in nbrs[here]:
        if board[g] != DOWN:
            out.append(g)
    if walk_range == 1 or len(out) == 1:
        return out
    if walk_range == 2:
        # a or b (next to ``here``) may be entered exactly when it is open: tested as such, not searched for
        for g, a, b in r.ring2[here]:
            if board[g] != DOWN and (board[a] != DOWN or board[b] != DOWN):
                out.append(g)
        return out
    frontier = out[1:]
    for _ in range(walk_range - 1):
        nxt: list[int] = []
        for f in frontier:
            for g in nbrs[f]:
                if board[g] != DOWN and g not in out:
                    out.append(g)
                    nxt.append(g)
        frontier = nxt
    return out


# ------------------------------------------------------------------- the verbs: legality


def legal_start(game: Game, p: int) -> list[Action]:
    """``start CITY``: a start city no explorer stands on (2. Setup, A30)."""
    at, acts = game.state.at, game._t.start[p]
    return [acts[c] for c, f in enumerate(game.rules.cities) if f not in at]


class Opened:
    """The fields without a face-down tile, in the order ``legal_relocate`` lists them: the start
    ``cities``, then the state's ``revealed`` fields (that very list, as long as it was: in a
    game it only grows, by a reveal). ``at[f]`` is the place of field ``f`` in that order (-1 for
    a field not in it); ``regular`` says whether each field is in it once (so in a game: a
    hand-made state may repeat one)."""

    __slots__ = ("at", "length", "regular", "revealed")

    def __init__(self, cities: tuple[int, ...], revealed: list[int], fields: int) -> None:
        self.revealed = revealed
        self.length = len(revealed)
        at = [-1] * fields
        regular = True
        i = 0
        for f in cities:
            if at[f] >= 0:
                regular = False
            at[f] = i
            i += 1
        for f in revealed:
            if at[f] >= 0:
                regular = False
            at[f] = i
            i += 1
        self.at = at
        self.regular = regular


_NOT_OPENED = Opened((), [], 0)
"""Made for no game's revealed fields (a list of its own): ``legal_relocate`` makes its own."""


def legal_relocate(game: Game, p: int) -> list[Action]:
    """``relocate F`` (option A, 4.A, A6): any other field with no face-down tile and no
    explorer: the start cities, then the revealed fields in the order of the reveals. The hot path
    of random play (a listing per turn, and a reveal every few turns): each seat's listing of
    every field without a face-down tile is made once per reveal, copied, and the explorers'
    fields taken out of the copy."""
    s, acts, at = game.state, game._t.relocate[p], game.state.at
    revealed = s.revealed
    opened = game._opened
    if revealed is not opened.revealed or len(revealed) != opened.length:
        opened = game._opened = Opened(game.rules.cities, revealed, len(s.tile))
        game._relocs = [[] for _ in range(s.players)]
    if not opened.regular:  # a field listed twice: each of its places filtered as such
        out = [acts[f] for f in (*game.rules.cities, *revealed) if f not in at]
        return out
    listing = game._relocs[p]
    if not listing:
        listing = game._relocs[p] = [acts[f] for f in game.rules.cities]
        listing += [acts[f] for f in revealed]
    out = listing[:]
    place, last = opened.at, len(out)
    while True:  # the explorers' places in the listing, the last first (so the others stay put)
        i = -1
        for f in at:
            k = place[f]
            if i < k < last:
                i = k
        if i < 0:
            return out
        out.pop(i)
        last = i


def legal_walk(game: Game, p: int) -> list[Action]:
    """``walk F`` (4.B, A7): a field reachable within the walking range, its own included."""
    acts = game._t.walk[p]
    return [acts[f] for f in reachable(game, p)]


def legal_reveal(game: Game, p: int) -> list[Action]:
    """``reveal F`` (4.B1, A11): a face-down tile next to the explorer."""
    tile, acts = game.state.tile, game._t.reveal[p]
    return [acts[g] for g in game.rules.neighbours[game.state.at[p]] if tile[g] == DOWN]


def _movers(game: Game, p: int, kind: int) -> list[int]:
    s, r = game.state, game.rules
    tile, tile_kind = s.tile, r.tile_kind
    return [f for f in r.closed[s.at[p]] if tile_kind[tile[f] + TILE_OFFSET] == kind]


def targets(game: Game, f: int) -> list[int]:
    """Where the face-up animal or nomad on ``f`` may be placed (``animal_targets``,
    ``nomad_targets``): a function of the board alone, so remembered until the board changes
    (random play asks the same of a board hundreds of times: most actions move no tile).

    >>> from woa_core.rules import load_rules
    >>> game = Game(load_rules("africa", 2), seed=1)
    >>> tile = game.state.tile
    >>> elephant = game.rules.face_names.index("elephant")
    >>> for f in ("h02_07", "h02_08", "h08_03", "h08_05"):  # T1, as in animal_targets
    ...     tile[game.rules.field(f)] = elephant
    >>> targets(game, game.rules.field("h02_07")) == animal_targets(game.rules, tile, game.rules.field("h02_07"))[1]
    True
    """
    tile = game.state.tile
    board, known = game._placed
    if board != tile:
        board, known = game._placed = (tile[:], {})
    found = known.get(f)
    if found is None:
        r = game.rules
        if r.face_kind[tile[f]] == ANIMAL:
            found = known[f] = animal_targets(r, tile, f)[1]
        else:
            found = known[f] = nomad_targets(r, tile, f)[1]
    return found


def legal_animal(game: Game, p: int) -> list[Action]:
    """``animal F G`` (4.B2, A18): a face-up animal on or next to the explorer's field, to an
    empty field with more animals of its species around."""
    return [make_action((p, "animal", f, g)) for f in _movers(game, p, ANIMAL) for g in targets(game, f)]


def legal_nomad(game: Game, p: int) -> list[Action]:
    """``nomad F G`` (4.B3, A19): a face-up nomad on or next to the explorer's field, to an
    empty field with more empty fields around."""
    return [make_action((p, "nomad", f, g)) for f in _movers(game, p, NOMAD) for g in targets(game, f)]


def legal_camp(game: Game, p: int) -> list[Action]:
    """``camp research`` and ``camp mine`` (4.B4, 4.B5, A20): the explorer stands on an empty
    field and its player holds a camp."""
    s = game.state
    if s.tile[s.at[p]] == EMPTY and s.camps[p] > 0:
        return list(game._t.camp[p])
    return []


def legal_skip(game: Game, p: int) -> list[Action]:
    """``skip``: no action in this step (6., A9)."""
    return [game._t.skip[p]]


def legal_stay(game: Game, p: int) -> list[Action]:
    """``stay``: the revealed animal or nomad stays where it was found (4.B1)."""
    return [game._t.stay[p]]


def legal_place(game: Game, p: int) -> list[Action]:
    """``place G``: the revealed animal or nomad goes to an empty field where it has more
    same-species animals, or more empty fields, around than where it was found (4.B1, A14-A16)."""
    acts = game._t.place[p]
    return [acts[g] for g in targets(game, game.state.pending)]


def legal_keep(game: Game, p: int) -> list[Action]:
    """``keep``: the revealed good stays in its finder's display (4.B1)."""
    return [game._t.keep[p]]


def legal_swap(game: Game, p: int) -> list[Action]:
    """``swap P GOOD`` (4.B1, A13): all of another player's tiles of one other good, for as many
    of the good just revealed, which the finder must hold."""
    s, r = game.state, game.rules
    x = s.pending
    faces, display = r.goods_face, s.display
    held = display[p][faces[x]]
    return [
        make_action((p, "swap", q, y))
        for q in range(s.players)
        if q != p
        for y, face in enumerate(faces)
        if y != x and 1 <= display[q][face] <= held
    ]


# ------------------------------------------------------------------- the verbs: their conditions
# Each verb's conditions in the order the rules state them (``Listed.needs``): a refused action
# is refused with the first it fails. Together they hold exactly for the listed actions (a test
# walks every one: tests/packs/africa/test_refusals.py).


def _seat(game: Game, f: int) -> int:
    """The seat whose explorer stands on ``f``, or ``NOBODY``."""
    at = game.state.at
    return at.index(f) if f in at else NOBODY


def _what(game: Game, f: int) -> str:
    """What lies on ``f``, in words (for refusals)."""
    s, r = game.state, game.rules
    t = s.tile[f]
    if t == DOWN:
        return "a face-down tile"
    if t == CAMP:
        return f"p{s.camp[f] + 1}'s camp"
    name = r.face_names[t] if t != EMPTY else ""
    return "nothing" if t == EMPTY else f"{'an' if name[0] in 'aeiou' else 'a'} {name}"


def _field(game: Game, f: int) -> str:
    return game.rules.fields[f]


def _not_down(game: Game, p: int, f: int, *rest: int) -> bool:
    return game.state.tile[f] != DOWN


def _down_says(game: Game, p: int, f: int, *rest: int) -> str:
    return f"{_field(game, f)} holds a face-down tile, where no explorer stands (A2)"


def _no_explorer(game: Game, p: int, f: int) -> bool:
    return _seat(game, f) in (NOBODY, p)


def _explorer_says(game: Game, p: int, f: int) -> str:
    return f"p{_seat(game, f) + 1}'s explorer stands on {_field(game, f)}: a field holds one explorer (A2)"


def _empty_at(game: Game, f: int) -> bool:
    return game.state.tile[f] == EMPTY


def _taken_says(game: Game, f: int) -> str:
    return f"{_field(game, f)} is not empty: it holds {_what(game, f)} (A3)"


START_NEEDS = (
    Needs(
        lambda game, p, c: _seat(game, game.rules.cities[c]) == NOBODY,
        lambda game, p, c: (
            f"p{_seat(game, game.rules.cities[c]) + 1} chose {_field(game, game.rules.cities[c])}"
            " already: each explorer starts on a city of its own (A30)"
        ),
    ),
)
RELOCATE_NEEDS = (
    Needs(
        lambda game, p, f: game.state.at[p] != f,
        lambda game, p, f: f"p{p + 1}'s explorer stands on {_field(game, f)} already: relocation goes elsewhere (A6)",
    ),
    Needs(_not_down, _down_says),
    Needs(_no_explorer, _explorer_says),
)
WALK_NEEDS = (
    Needs(_not_down, _down_says),
    Needs(_no_explorer, _explorer_says),
    Needs(
        lambda game, p, f: f in reachable(game, p),
        lambda game, p, f: (
            f"{_field(game, f)} is beyond p{p + 1}'s walk: {game.rules.walk_range} field(s) from "
            f"{_field(game, game.state.at[p])}, over fields with no face-down tile and no other explorer (A4, A7)"
        ),
    ),
)
REVEAL_NEEDS = (
    Needs(
        lambda game, p, f: f in game.rules.neighbours[game.state.at[p]],
        lambda game, p, f: (
            f"{_field(game, f)} is not next to p{p + 1}'s explorer on {_field(game, game.state.at[p])} (4.B1)"
        ),
    ),
    Needs(
        lambda game, p, f: game.state.tile[f] == DOWN,
        lambda game, p, f: f"{_field(game, f)} holds no face-down tile: it holds {_what(game, f)} (4.B1, A11)",
    ),
)


def _mover_needs(kind: int, word: str, around: str, rule: str) -> tuple[Needs, ...]:
    """The conditions of moving a face-up animal (``animal``) or nomad (``nomad``) from F to G."""

    def face_up(game: Game, p: int, f: int, g: int) -> bool:
        t = game.state.tile[f]
        return t >= 0 and game.rules.face_kind[t] == kind

    return (
        Needs(face_up, lambda game, p, f, g: f"{_field(game, f)} holds no face-up {word}: it holds {_what(game, f)}"),
        Needs(
            lambda game, p, f, g: f in game.rules.closed[game.state.at[p]],
            lambda game, p, f, g: (
                f"the {word} on {_field(game, f)} is neither on nor next to p{p + 1}'s explorer "
                f"on {_field(game, game.state.at[p])} ({rule})"
            ),
        ),
        Needs(lambda game, p, f, g: _empty_at(game, g), lambda game, p, f, g: _taken_says(game, g)),
        Needs(
            lambda game, p, f, g: g in targets(game, f),
            lambda game, p, f, g: (
                f"the {word} on {_field(game, f)} would have no more {around} around it on "
                f"{_field(game, g)} than it has now ({rule})"
            ),
        ),
    )


ANIMAL_NEEDS = _mover_needs(ANIMAL, "animal", "animals of its species", "4.B2, A18")
NOMAD_NEEDS = _mover_needs(NOMAD, "nomad", "empty fields", "4.B3, A19")
CAMP_NEEDS = (
    Needs(
        lambda game, p, purpose: _empty_at(game, game.state.at[p]),
        lambda game, p, purpose: (
            f"p{p + 1}'s explorer stands on {_field(game, game.state.at[p])}, which is not "
            f"empty: it holds {_what(game, game.state.at[p])} (a camp is built on an empty field, 4.B4, A20)"
        ),
    ),
    Needs(
        lambda game, p, purpose: game.state.camps[p] > 0,
        lambda game, p, purpose: f"p{p + 1} has no camp left in its own supply (A20)",
    ),
)
PLACE_NEEDS = (
    Needs(lambda game, p, g: _empty_at(game, g), lambda game, p, g: _taken_says(game, g)),
    Needs(
        lambda game, p, g: g in targets(game, game.state.pending),
        lambda game, p, g: (
            f"the {game.rules.face_names[game.state.tile[game.state.pending]]} revealed would have no "
            f"more around it on {_field(game, g)} than on {_field(game, game.state.pending)}, where it was found "
            "(4.B1, A14-A16)"
        ),
    ),
)


def _goods(game: Game, q: int, y: int) -> int:
    return game.state.display[q][game.rules.goods_face[y]]


SWAP_NEEDS = (
    Needs(lambda game, p, q, y: q != p, lambda game, p, q, y: f"p{p + 1} cannot swap with itself (A13)"),
    Needs(
        lambda game, p, q, y: y != game.state.pending,
        lambda game, p, q, y: f"the good just revealed is {game.rules.goods[y]}: it is swapped for another good (A13)",
    ),
    Needs(
        lambda game, p, q, y: _goods(game, q, y) >= 1,
        lambda game, p, q, y: f"p{q + 1} holds no {game.rules.goods[y]} (A13)",
    ),
    Needs(
        lambda game, p, q, y: _goods(game, q, y) <= _goods(game, p, game.state.pending),
        lambda game, p, q, y: (
            f"p{q + 1} holds {_goods(game, q, y)} {game.rules.goods[y]}, more than p{p + 1}'s "
            f"{_goods(game, p, game.state.pending)} {game.rules.goods[game.state.pending]} (A13)"
        ),
    ),
)


# ------------------------------------------------------------------- the verbs: effects


def play_start(game: Game, p: int, city: int) -> TurnOver:
    """The explorer goes to the chosen start city; the next player chooses (A30)."""
    game.state.at[p] = game.rules.cities[city]
    return TURN_OVER


def play_relocate(game: Game, p: int, f: int) -> TurnOver:
    """Option A: the explorer goes to ``f`` and the turn ends, with no action (A6)."""
    game.state.at[p] = f
    return _turn_over(game)


def play_walk(game: Game, p: int, f: int) -> str:
    """The walk of a step: the explorer ends on ``f``; an action (or none) follows (A7)."""
    game.state.at[p] = f
    return ACT


def play_reveal(game: Game, p: int, f: int) -> Outcome:
    """4.B1: the tile on ``f`` is turned face up, and its kind's effect follows (A11-A17)."""
    s, r = game.state, game.rules
    face = s.hidden[f]
    s.hidden[f] = EMPTY
    kind = r.face_kind[face]
    if kind == GOODS:  # A13: into the finder's display; keep or swap next
        s.tile[f] = EMPTY
        s.revealed.append(f)
        s.display[p][face] += 1
        s.pending = r.face_sub[face]
        return SWAP
    s.tile[f] = face
    s.revealed.append(f)
    if kind in (ANIMAL, NOMAD):  # A14, A16: stay or place next
        s.pending = f
        return PLACE
    if kind in (GOLD, GEM):  # A12: the symbols shown, at once
        add_vp(s, p, r.face_value[face], "reveals")
    elif kind == MONUMENT:  # A17: the next item of the general supply
        if s.supply > 0:
            s.supply -= 1
            s.camps[p] += 1
        else:  # A24: the bonus; the game ends at once (the kernel's end check follows)
            s.bonus = p
            add_vp(s, p, r.bonus_vp, "bonus")
            return None
    return _step_done(game)


def play_animal(game: Game, p: int, f: int, g: int) -> str | TurnOver:
    """4.B2: the animal moves from ``f`` to ``g``; the gain in same-species neighbours scores (A18)."""
    s, r = game.state, game.rules
    tile = s.tile
    face = tile[f]
    before = count_next_to(r.neighbours[f], tile, face)
    tile[f], tile[g] = EMPTY, face
    add_vp(s, p, count_next_to(r.neighbours[g], tile, face) - before, "animals")
    return _step_done(game)


def play_nomad(game: Game, p: int, f: int, g: int) -> str | TurnOver:
    """4.B3: the nomad moves from ``f`` to ``g``; the gain in empty neighbours scores (A19)."""
    s, r = game.state, game.rules
    tile = s.tile
    before = count_next_to(r.neighbours[f], tile, EMPTY)
    tile[f], tile[g] = EMPTY, tile[f]
    add_vp(s, p, count_next_to(r.neighbours[g], tile, EMPTY) - before, "nomads")
    return _step_done(game)


def play_camp(game: Game, p: int, purpose: int) -> str | TurnOver:
    """4.B4/4.B5: a camp on the explorer's field; research scores the face-up animals, nomads and
    monuments around (A21), mining takes the face-up gold and gems around (A22)."""
    s, r = game.state, game.rules
    here, tile = s.at[p], s.tile
    tile[here] = CAMP
    s.camp[here] = p
    s.camps[p] -= 1
    if purpose == RESEARCH:
        research = r.research
        add_vp(s, p, sum(1 for g in r.neighbours[here] if tile[g] >= 0 and research[tile[g]]), "research")
    else:
        mine, display = r.mine, s.display[p]
        for g in r.neighbours[here]:
            t = tile[g]
            if t >= 0 and mine[t]:
                display[t] += 1
                tile[g] = EMPTY
    return _step_done(game)


def play_skip(game: Game, p: int) -> str | TurnOver:
    """No action in this step (A9)."""
    return _step_done(game)


def play_stay(game: Game, p: int) -> str | TurnOver:
    """The revealed animal or nomad stays; it scores where it lies (A14, A16)."""
    return _score_revealed(game, p, game.state.pending)


def play_place(game: Game, p: int, g: int) -> str | TurnOver:
    """The revealed animal or nomad moves to ``g`` and scores there (A14-A16)."""
    s = game.state
    f = s.pending
    s.tile[f], s.tile[g] = EMPTY, s.tile[f]
    return _score_revealed(game, p, g)


def _score_revealed(game: Game, p: int, f: int) -> str | TurnOver:
    s, r = game.state, game.rules
    face = s.tile[f]
    if r.face_kind[face] == ANIMAL:
        add_vp(s, p, r.animal_itself + count_next_to(r.neighbours[f], s.tile, face), "animals")
    else:
        add_vp(s, p, r.nomad_itself + count_next_to(r.neighbours[f], s.tile, EMPTY), "nomads")
    return _step_done(game)


def play_keep(game: Game, p: int) -> str | TurnOver:
    """The revealed good stays in the finder's display (A13)."""
    return _step_done(game)


def play_swap(game: Game, p: int, q: int, y: int) -> str | TurnOver:
    """A13: ``p`` takes all of ``q``'s good ``y`` and gives as many of the good just revealed."""
    s, r = game.state, game.rules
    fx, fy = r.goods_face[s.pending], r.goods_face[y]
    mine, theirs = s.display[p], s.display[q]
    k = theirs[fy]
    mine[fx] -= k
    theirs[fx] += k
    theirs[fy] = 0
    mine[fy] += k
    return _step_done(game)


VERBS: MappingProxyType[str, Verb] = MappingProxyType(
    {
        v.name: v
        for v in (
            Verb(
                "start",
                ("city",),
                play_start,
                "CITY",
                "setup: choose a start city (A30)",
                legality=Listed(legal_start, needs=START_NEEDS),
            ),
            Verb(
                "relocate",
                ("field",),
                play_relocate,
                "FIELD",
                "option A: relocate, the turn ends",
                legality=Listed(legal_relocate, needs=RELOCATE_NEEDS),
            ),
            Verb(
                "walk",
                ("field",),
                play_walk,
                "FIELD",
                "option B: walk up to the range (stay: your field)",
                legality=Listed(legal_walk, needs=WALK_NEEDS),
            ),
            Verb(
                "reveal",
                ("field",),
                play_reveal,
                "FIELD",
                "4.B1: reveal a face-down tile next to you",
                legality=Listed(legal_reveal, needs=REVEAL_NEEDS),
            ),
            Verb(
                "animal",
                ("field", "field"),
                play_animal,
                "FROM TO",
                "4.B2: relocate an animal",
                legality=Listed(legal_animal, needs=ANIMAL_NEEDS),
            ),
            Verb(
                "nomad",
                ("field", "field"),
                play_nomad,
                "FROM TO",
                "4.B3: relocate a nomad people",
                legality=Listed(legal_nomad, needs=NOMAD_NEEDS),
            ),
            Verb(
                "camp",
                ("purpose",),
                play_camp,
                "research|mine",
                "4.B4/4.B5: build a camp",
                legality=Listed(legal_camp, needs=CAMP_NEEDS),
            ),
            Verb("skip", (), play_skip, "", "no action in this step", legality=Listed(legal_skip)),
            Verb("stay", (), play_stay, "", "the revealed animal or nomad stays", legality=Listed(legal_stay)),
            Verb(
                "place",
                ("field",),
                play_place,
                "FIELD",
                "place the revealed animal or nomad",
                legality=Listed(legal_place, needs=PLACE_NEEDS),
            ),
            Verb("keep", (), play_keep, "", "keep the revealed good", legality=Listed(legal_keep)),
            Verb(
                "swap",
                ("player", "good"),
                play_swap,
                "PLAYER GOOD",
                "swap the revealed good",
                legality=Listed(legal_swap, needs=SWAP_NEEDS),
            ),
        )
    }
)
"""Every verb of Africa's notation (A34), with its legality and its effect."""

PLAY = MappingProxyType({name: v.play for name, v in VERBS.items()})
"""Each verb's effect on a legal action, by name: ``PLAY[verb](game, player, *args)``."""


LEGAL: MappingProxyType[str, Legal] = MappingProxyType(
    {name: v.legality.legal for name, v in VERBS.items() if isinstance(v.legality, Listed)}
)
"""Each verb's legal actions now, by name (its ``Verb.legality``, a ``Listed``)."""


def _legal(*names: str) -> tuple[Legal, ...]:
    return tuple(LEGAL[n] for n in names)


STEP_VERBS: MappingProxyType[str, tuple[Legal, ...]] = MappingProxyType(
    {
        CITY: _legal("start"),
        TURN: _legal("relocate", "walk"),
        WALK: _legal("walk"),
        ACT: _legal("reveal", "animal", "nomad", "camp", "skip"),
        PLACE: _legal("stay", "place"),
        SWAP: _legal("keep", "swap"),
    }
)
"""The verbs each step offers (their legality functions), in the order their actions are listed."""

_PLAY: Final = dict(PLAY)
_STEP_VERBS: Final = dict(STEP_VERBS)
"""``PLAY`` and ``STEP_VERBS`` as the game reads them for every action (compiled, a ``Final`` plain
dict is read at once, a mapping proxy through the module's namespace and a generic lookup)."""

__all__ = ["NOBODY", "PLAY", "STEP_VERBS", "VERBS", "Game"]
