"""A game people play: the game and its action history, for ``woa serve`` and ``woa play``.

A ``Session`` is a ruleset, a seed, who sits in each seat (a person, ``human``, or a bot spec)
and the actions played so far in the notation; everything else is derived from them. Every
action is played through the one game loop (``woa_core.kernel.loop``); undo keeps the first
actions and plays them again from the seed; a bot decides from the position alone (it is made
afresh for each decision, seeded by the game's seed and the number of actions played), so the
same position always gets the same bot move, after an undo or a resume as well; the log
(``woa_core.report.gamelog``) is the whole session, and a log resumes as a session, a quit
one included. It works for any rule pack, through the game contract, the notation and the
pack's drawing.

>>> from woa_core.rules import read_rules
>>> session = Session(read_rules("west-of-africa"), 2, seed=3, seats=["human", "random"])
>>> session.decider(), session.is_person(0)
(0, True)
>>> played = session.play("select tenerife sell")  # the pN may be left out
>>> played.text, session.decider()
('p1 select tenerife sell', 1)
>>> session.bot_move().seat, len(session.actions)
(1, 2)
>>> session.undo(1); session.actions
['p1 select tenerife sell']
>>> Session.from_log(session.log_text()).actions == session.actions
True
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from woa_core.bots import bot_pattern, declared_bots, make_bots, parse_spec, seat_bots
from woa_core.bots.base import bot_exited, bot_failed, bot_name
from woa_core.errors import IllegalAction, InvalidNotation, LogError, UsageError, WoaError
from woa_core.kernel import loop
from woa_core.kernel.contract import Game, new_game
from woa_core.kernel.notation import format_action, parse_action
from woa_core.kernel.pack import Pack
from woa_core.report import gamelog
from woa_core.report.drawing import Changes, Drawing, changes_seen, seen_state
from woa_core.report.unfolding import leading, lower_wins
from woa_core.rules import RulesSource

PERSON = "human"
"""What a seat played by a person is called (in a log's header ``bots`` too)."""

HINT_BOT = "mcts"
"""The bot whose search gives a hint (``woa_core.bots.mcts``: it plays any pack)."""

_PLAYER = re.compile(r"p\d+$")

Trusted = Callable[[str, Pack], None]
"""Asked about a seat's bot spec before its bot is looked up; raises ``UsageError`` to refuse it."""


@dataclass(frozen=True, slots=True)
class Played:
    """One action of the history: its number (from 1), the seat, its text in the notation, and
    whether it was a secret decision (made in a simultaneous phase of the pack's turn flow: the
    others see its verb only, until the round it was made in is over)."""

    number: int
    seat: int
    text: str
    secret: bool
    round: int


@dataclass(frozen=True, slots=True)
class Build:
    """An action being built word by word (``Session.build``): the words chosen so far (the verb
    first), the words that may come next (each leads to at least one legal action) and the
    legal actions the chosen words make, whole. Words after the verb may be chosen in any order
    (cards of a selection, say); an action's words are matched as a multiset, so the person
    never scrolls a list of every combination. With no word chosen, ``verbs`` counts the legal
    actions of each verb."""

    words: tuple[str, ...]
    next: tuple[str, ...]
    complete: tuple[str, ...]
    verbs: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class Estimate:
    """A candidate of a hint: its text, how many rollouts tried it, the share of them won, and
    the 95% Wilson interval of that share."""

    text: str
    trials: int
    wins: float
    low: float
    high: float


@dataclass(frozen=True, slots=True)
class Hint:
    """What the search bot would play at a decision (``best``), and every candidate it tried."""

    seat: int
    at: int
    best: str
    candidates: tuple[Estimate, ...]
    iterations: int


class Session:
    """A game and its action history (see the module docstring). ``seats``: per seat, ``human``
    for a person or a bot spec (``heuristic``, ``mcts:iterations=200``). ``UsageError`` for a
    seat that names no bot, ``WoaError`` (``IllegalAction``, ``InvalidNotation``) for an action
    of ``actions`` the game refuses. ``trusted(spec, pack)``, if given, is asked about each bot
    seat before its bot is looked up (``woa serve`` refuses there a bot it was not told to trust:
    looking a ``module:Class`` up imports the module)."""

    def __init__(
        self,
        source: RulesSource,
        players: int,
        seed: int,
        seats: Sequence[str],
        actions: Sequence[str] = (),
        trusted: Trusted | None = None,
    ) -> None:
        self.source = source
        self.rules: Any = source.compile(players)
        self.pack: Pack = self.rules.pack
        self.seed = seed
        if len(seats) != players:
            raise UsageError(f"{len(seats)} seats for {players} players: name who plays each seat")
        for spec in seats:
            if spec != PERSON:
                if trusted is not None:
                    trusted(spec, self.pack)
                seat_bots(spec, 1, self.pack)  # a bot that cannot be found or made says so now
        self.seats = tuple(seats)
        self.actions: list[str] = []
        self.history: list[Played] = []
        self.states: list[Any] = []
        self.game: Game = new_game(self.rules, seed)
        self._replay(list(actions))

    @classmethod
    def from_log(
        cls, text: str, name: str = "the log", people: Sequence[int] | None = None, trusted: Trusted | None = None
    ) -> Session:
        """The session a log holds (verified line by line; a quit game's log resumes where it
        stopped). ``people``: the seats people play from now on (default: the log's ``human``
        seats); a seat a person played that is not among them goes to the default bot.
        ``trusted``: as for ``Session``, asked about the bots the header names."""
        replayed = gamelog.replay_text(text, name)
        head = replayed.header
        players = replayed.game.rules.players
        seats = [str(b) for b in head["bots"]]
        if len(seats) != players:
            raise LogError(f"{name}:1: the header names {len(seats)} seats for {players} players")
        if people is not None:  # a person's seat nobody takes again: the bot the pack declares for it
            bots = declared_bots(replayed.game.rules.pack, players)
            seats = [PERSON if s in people else (bots[s] if seats[s] == PERSON else seats[s]) for s in range(players)]
        return cls(gamelog.source_of(replayed), players, head["seed"], seats, replayed.texts, trusted)

    # ------------------------------------------------------------------ who decides

    @property
    def players(self) -> int:
        """How many seats the game has."""
        return len(self.seats)

    def is_person(self, seat: int) -> bool:
        """Whether a person plays ``seat``."""
        return self.seats[seat] == PERSON

    @property
    def people(self) -> list[int]:
        """The seats people play."""
        return [s for s in range(self.players) if self.is_person(s)]

    def decider(self) -> int | None:
        """The seat to decide now (None once the game is over): among several (a simultaneous
        phase), people before bots, so a person decides before any bot's secret is in the game."""
        if self.game.over:
            return None
        deciders = self.game.deciders()
        return next((s for s in deciders if self.is_person(s)), deciders[0])

    def viewer(self) -> int | None:
        """Whose eyes the game is shown through: the person deciding now, else the person who
        acted last, else the first person; None when bots play every seat (a spectator sees all)."""
        people = self.people
        if not people:
            return None
        seat = self.decider()
        if seat is not None and self.is_person(seat):
            return seat
        return next((p.seat for p in reversed(self.history) if self.is_person(p.seat)), people[0])

    # ------------------------------------------------------------------ playing

    def play(self, text: str) -> Played:
        """Play the deciding seat's action written in the notation (its ``pN`` may be left
        out); ``InvalidNotation`` or ``IllegalAction`` says why one is refused (nothing changes)."""
        seat = self.decider()
        if seat is None:
            raise IllegalAction("the game is over")
        words = text.split("#", 1)[0].split()
        if words and not _PLAYER.match(words[0]):
            text = f"p{seat + 1} {' '.join(words)}"
        action = parse_action(self.rules, text)
        if action.player != seat:
            raise IllegalAction(f"it is p{seat + 1}'s decision, not p{action.player + 1}'s")
        return self._apply(seat, action)

    def bot_move(self) -> Played:
        """Let the bot of the deciding seat play its action (``UsageError`` if a person decides)."""
        seat = self.decider()
        if seat is None or self.is_person(seat):
            raise UsageError("no bot is to decide now")
        return self._apply(seat, self.bot_action(seat))

    def bot_action(self, seat: int, spec: str | None = None) -> tuple:
        """What the bot of ``seat`` (or the bot ``spec``) plays here: the bot is made for this
        decision, seeded by the game's seed and the number of actions played (the same
        position, the same move)."""
        spec = spec or self.seats[seat]
        bot = make_bots([spec], _seed(self.seed, len(self.actions)), [seat], self.players, self.pack)[0]
        legal = self.game.legal_actions(seat)
        view = self.game.observation(seat) if getattr(bot, "uses_view", True) else None
        try:
            return bot.choose(view, legal)
        except SystemExit as e:
            raise bot_exited(bot_name(bot), e, seat) from None
        except WoaError:
            raise
        except Exception as e:  # a plug-in's bug: a sentence naming the bot and its line
            raise bot_failed(bot_name(bot), e, seat, bot) from e

    def undo(self, to: int) -> None:
        """Go back to the position after the first ``to`` actions (0: the start), played again
        from the seed."""
        if not 0 <= to <= len(self.actions):
            raise UsageError(f"there is no action {to} to go back to: the game has {len(self.actions)} actions")
        kept = self.actions[:to]
        self.game = new_game(self.rules, self.seed)
        self.actions, self.history, self.states = [], [], []
        self._replay(kept)

    def _replay(self, texts: list[str]) -> None:
        self.states.append(self.game.state.copy())
        for text in texts:
            action = parse_action(self.rules, text)
            self._apply(action.player, action)

    def _apply(self, seat: int, action: tuple) -> Played:
        """Play ``action`` of ``seat`` through the game loop (one step), and record it."""
        if self.game.over:
            raise IllegalAction(f"the game is over: '{format_action(self.rules, action)}' cannot be played")
        before = self.game.state
        secret = self.pack.flow is not None and self.rules.flow.simultaneous(before.step) is not None
        round_ = int(getattr(before, "round", 0))
        loop.run(self.game, lambda game, who, legal: action, max_steps=1, first=seat)
        text = format_action(self.rules, action)
        played = Played(len(self.actions) + 1, int(action[0]), text, secret, round_)
        self.actions.append(text)
        self.history.append(played)
        self.states.append(self.game.state.copy())
        return played

    # ------------------------------------------------------------------ what people see

    def shown(self, played: Played, viewer: int | None) -> str:
        """An action's text as ``viewer`` may see it: a secret decision of another seat shows
        its verb only, until its round is over (or the game)."""
        if not played.secret or viewer is None or played.seat == viewer or self.game.over:
            return played.text
        if int(getattr(self.game.state, "round", 0)) > played.round:
            return played.text
        verb = played.text.split()[1]
        return f"p{played.seat + 1} {verb} (secret until the round is over)"

    def at(self, k: int) -> Game:
        """The game after the first ``k`` actions (a copy: changing it changes nothing here)."""
        game: Game = self.pack.game(self.rules, state=self.states[k].copy())
        return game

    @property
    def drawing(self) -> Drawing | None:
        """The pack's pictures and words, if it has any."""
        return self.pack.drawing

    def board(self, viewer: int | None) -> str | None:
        """The board now as SVG, as ``viewer`` may see it (None if the pack draws none)."""
        drawing = self.drawing
        if drawing is None:
            return None
        return drawing.board(self.rules, seen_state(drawing, self.game, viewer), list(self.seats), None)

    def text(self, viewer: int | None) -> str:
        """The game now in words, as ``viewer`` may see it."""
        drawing = self.drawing
        return drawing.text(self.game, viewer) if drawing is not None else self.pack.where(self.game)

    def scores(self, viewer: int | None) -> list[int] | None:
        """Each seat's score now as ``viewer`` may see it (None if the pack draws none): a score the
        rules hide from the viewer reads as its seen state has it.

        >>> from woa_core.rules import read_rules
        >>> Session(read_rules("africa"), 2, seed=1, seats=["human", "human"]).scores(0)
        [0, 0]
        """
        drawing = self.drawing
        return drawing.scores(seen_state(drawing, self.game, viewer)) if drawing is not None else None

    def leader(self, viewer: int | None) -> int | None:
        """The seat that leads now by the scores ``viewer`` may see (``scores``), the best in the
        direction the pack declares (``Pack.score_wins``: the lowest, where the lowest wins); None
        while the best is tied or for a pack that draws no score.

        >>> from woa_core.rules import read_rules
        >>> Session(read_rules("africa"), 2, seed=1, seats=["human", "human"]).leader(0) is None  # 0 VP each
        True
        """
        scores = self.scores(viewer)
        seat = leading(scores, lower_wins(self.pack)) if scores else -1
        return seat if seat >= 0 else None

    def changes(self, number: int, viewer: int | None) -> Changes:
        """What action ``number`` changed, in words (``Changes``), told from what ``viewer`` may see
        of the positions before and after it (``woa_core.report.drawing.changes_seen``)."""
        drawing = self.drawing
        if drawing is None:
            return Changes(None, [], ())
        return changes_seen(drawing, self.rules, self.at(number - 1), self.at(number), viewer)

    def build(self, words: Sequence[str]) -> Build:
        """The deciding seat's action built from ``words`` (see ``Build``); words that lead to no
        legal action are dropped from the end.

        >>> from woa_core.rules import read_rules
        >>> session = Session(read_rules("west-of-africa"), 2, seed=3, seats=["human", "random"])
        >>> dict(session.build([]).verbs)
        {'select': 2379}
        >>> built = session.build(["select", "sell", "tenerife"])  # any order
        >>> "cultivate" in built.next, built.complete
        (True, ('p1 select tenerife sell',))
        """
        seat = self.decider()
        if seat is None:
            return Build((), (), (), ())
        legal = [format_action(self.rules, a).split()[1:] for a in self.game.legal_actions(seat)]
        chosen = list(words)
        matching: list[list[str]] = []
        while chosen:
            matching = [w for w in legal if _fits(chosen, w)]
            if matching:
                break
            chosen.pop()
        if not chosen:
            verbs = Counter(w[0] for w in legal)
            return Build((), (), (), tuple(verbs.items()))
        want = Counter(chosen[1:])
        places: dict[str, list[int]] = {}  # where each word that may follow stands in the actions
        complete = []
        for w in matching:
            rest = Counter(w[1:]) - want
            for k, x in enumerate(w[1:]):
                if x in rest:
                    places.setdefault(x, []).append(k)
            if not rest:
                complete.append(w)
        complete.sort(key=lambda w: w != chosen)  # the words in the order chosen, first
        texts = tuple(f"p{seat + 1} " + " ".join(w) for w in complete)
        # in the notation's order: a word that comes early in the actions first (cards by number)
        following = sorted(places, key=lambda x: sum(places[x]) / len(places[x]))
        return Build(tuple(chosen), tuple(following), texts, ())

    # ------------------------------------------------------------------ hint, log

    def hint(self, iterations: int = 60, progress: Callable[[int, int], None] | None = None) -> Hint:
        """What the search bot would play for the deciding seat, from that seat's view alone,
        with each candidate's estimated chance to win: rollouts to the end of the game with the
        pack's rollout policy (``woa_core.bots.mcts``). ``progress(done, asked)`` is told after
        each rollout (``MctsBot.estimates``)."""
        from woa_core.bots.mcts import MctsBot
        from woa_core.sim.stats import wilson

        seat = self.decider()
        if seat is None:
            raise UsageError("the game is over: there is nothing to hint")
        limits = MctsBot.limits
        if not limits["iterations"][0] <= iterations <= limits["iterations"][1]:
            raise UsageError(f"a hint searches {limits['iterations'][0]} to {limits['iterations'][1]:,} iterations")
        bot = MctsBot(
            _seed(self.seed, len(self.actions)),
            seat=seat,
            players=self.players,
            iterations=iterations,
            horizon=int(limits["horizon"][1]),  # to the end of the game: the share of wins
            steps="all",
        )
        found = bot.estimates(self.game.observation(seat), self.game.legal_actions(seat), progress)
        estimates = tuple(
            Estimate(format_action(self.rules, e.action), e.trials, e.mean, *wilson(e.mean * e.trials, e.trials))
            for e in found
        )
        return Hint(seat, len(self.actions), estimates[0].text, estimates, iterations)

    def log_text(self) -> str:
        """The game so far as a log (``woa replay`` replays it; ``from_log`` resumes it)."""
        recorder = gamelog.record_game(self.rules, self.seed, self.source, self.seats, self.actions)
        return recorder.text()


def default_bots(pack: Pack) -> list[tuple[str, str]]:
    """The bots a seat gets when none is named (``Pack.default_bots``: seat ``i`` the
    ``i mod len``-th), each as its name and its parameters' text, as the start page of ``woa
    serve`` offers them.

    >>> from woa_core.kernel.pack import load_pack
    >>> default_bots(load_pack("west_of_africa"))
    [('heuristic', '')]
    """
    declared_bots(pack, 1)  # a declaration that cannot seat anyone says so here
    named = [parse_spec(spec) for spec in bot_pattern(pack.default_bots)]
    return [(name, ",".join(f"{k}={v}" for k, v in params.items())) for name, params in named]


def _fits(chosen: list[str], words: list[str]) -> bool:
    """Whether the chosen words (verb first, then any order) are part of an action's words."""
    if words[0] != chosen[0]:
        return False
    return not Counter(chosen[1:]) - Counter(words[1:])


def _seed(seed: int, played: int) -> int:
    """The seed of a decision: from the game's seed and how many actions were played before it.

    >>> _seed(3, 0) == _seed(3, 0) != _seed(3, 1)
    True
    """
    digest = hashlib.blake2b(f"{seed}:{played}".encode(), digest_size=4).digest()
    return int.from_bytes(digest, "big")


__all__ = ["PERSON", "Build", "Changes", "Estimate", "Hint", "InvalidNotation", "Played", "Session", "default_bots"]
