"""Positions of Africa set up by hand for the tests, in the words of africa-rulings §5: a game
after its setup (every seat has chosen the first free city), then fields made empty, face up, face
down or camps and explorers put where a test case says. Not a test module."""

from __future__ import annotations

from woa_core.errors import IllegalAction
from woa_core.kernel.notation import format_action, parse_action
from woa_core.packs.africa.game import Game
from woa_core.packs.africa.state import CAMP, DOWN, EMPTY, NOBODY, State
from woa_core.packs.africa.steps import TURN
from woa_core.rules import load_rules

C, D = "h02_06", "h08_04"
"""africa-rulings §5: two inner fields whose radius-2 areas are on the board, 6 apart."""
CE, C2E, C3E, C4E, CW = "h02_07", "h02_08", "h02_09", "h02_10", "h02_05"
CNE, CNW, CSE, CSW = "h01_07", "h01_06", "h03_06", "h03_05"
DE, DW, DNW, DSW = "h08_05", "h08_03", "h07_04", "h09_03"


class Position:
    """A game of ``players`` after its setup, p1 to play (``Position.game``)."""

    def __init__(
        self,
        players: int = 2,
        rules: str = "africa",
        overrides: tuple[str, ...] = (),
        seed: int = 0,
        cities: tuple[str, ...] = (),
    ):
        self.rules = load_rules(rules, players, overrides=list(overrides))
        self.game = Game(self.rules, seed=seed)
        self.fixed: set[int] = set()  # fields a test has set
        for city in cities:
            self.play(f"p{self.game.deciders()[0] + 1} start {city}")
        while self.game.state.step == "city":
            self.game.apply(self.game.legal_actions()[0])

    @property
    def state(self) -> State:
        return self.game.state

    def f(self, field: str) -> int:
        index = self.rules.field(field)
        assert index >= 0, field
        return index

    def face(self, name: str) -> int:
        return self.rules.face_names.index(name)

    def _open(self, f: int) -> None:
        if not self.rules.is_city[f] and f not in self.state.revealed:
            self.state.revealed.append(f)

    def empty(self, *fields: str) -> Position:
        for field in fields:
            f = self.f(field)
            self.state.tile[f], self.state.hidden[f], self.state.camp[f] = EMPTY, EMPTY, NOBODY
            self._open(f)
            self.fixed.add(f)
        return self

    def up(self, face: str, *fields: str) -> Position:
        for field in fields:
            f = self.f(field)
            self.state.tile[f], self.state.hidden[f], self.state.camp[f] = self.face(face), EMPTY, NOBODY
            self._open(f)
            self.fixed.add(f)
        return self

    def down(self, face: str, *fields: str) -> Position:
        """Face-down tiles of ``face`` on ``fields``. On a field face down already, the tile is
        swapped with one of that face face down elsewhere (not set by the test), if there is one:
        the tiles of the game stay the mix."""
        s = self.state
        for field in fields:
            f, want = self.f(field), self.face(face)
            if s.tile[f] == DOWN:
                spare = [g for g, h in enumerate(s.hidden) if h == want and g != f and g not in self.fixed]
                if spare:
                    s.hidden[spare[0]] = s.hidden[f]
            s.tile[f], s.hidden[f], s.camp[f] = DOWN, want, NOBODY
            if f in s.revealed:
                s.revealed.remove(f)
            self.fixed.add(f)
        return self

    def camp(self, seat: int, *fields: str) -> Position:
        for field in fields:
            f = self.f(field)
            self.state.tile[f], self.state.hidden[f], self.state.camp[f] = CAMP, EMPTY, seat
            self._open(f)
            self.fixed.add(f)
        return self

    def explorer(self, seat: int, field: str) -> Position:
        """Put seat's explorer on ``field`` (made empty unless it is open already)."""
        f = self.f(field)
        if self.state.tile[f] == DOWN:
            self.empty(field)
        self.state.at[seat] = f
        return self

    def to_move(self, seat: int) -> Position:
        """Make it the start of ``seat``'s turn."""
        s = self.state
        s.turn, s.step, s.stage, s.pending = s.order.index(seat), TURN, 0, EMPTY
        return self

    def play(self, *lines: str) -> Position:
        for line in lines:
            self.game.apply(parse_action(self.rules, line))
        return self

    def refused(self, line: str) -> str:
        """The reason ``line`` is refused; the state is left as it was."""
        before = self.state.copy()
        try:
            self.game.apply(parse_action(self.rules, line))
        except IllegalAction as e:
            assert self.state == before
            return str(e)
        raise AssertionError(f"'{line}' was played")

    def legal(self, verb: str | None = None) -> set[str]:
        """The active seat's legal actions as text without the seat (``walk h02_06``)."""
        out = {format_action(self.rules, a).split(" ", 1)[1] for a in self.game.legal_actions()}
        return {a for a in out if verb is None or a.split()[0] == verb}

    def targets(self, verb: str) -> set[str]:
        """The fields (or words) after ``verb`` in the legal actions."""
        return {a.split(" ", 1)[1] for a in self.legal(verb)}

    def vp(self, seat: int = 0) -> int:
        return self.state.vp[seat]
