"""How a game unfolds: every seat's score after each round (or turn), and what it says about
the game — whether the lead changes, when the winner is decided, whether a player who falls
behind comes back, by how much the game is won, and how many choices a decision offers.

Designers judge a game by how it unfolds, not only by how it ends; the game-design literature
measures exactly that. The definitions here follow Browne's aesthetic criteria for games [1, 2]
and the metrics of Ludii's evaluation module [3], adapted to what every woa pack can say: a
score per seat (``Pack.score``), read after each round (``Pack.score_by``: after each turn for
a game played in turns only), the last reading being the final score. The definitions say
"highest" for the best score; a pack whose lowest score wins says so (``Pack.score_wins =
"lower"``: strokes, penalty points), and every figure then reads its scores the other way round
(``oriented``): the leader is the seat with the strictly lowest score, the last the highest, and
the margin what the winners' score beats the others' by, so a margin is positive for either
direction. With ``S_1 .. S_T`` those T readings and ``W`` the game's winners (``Pack.winners``;
several when they share the win):

- **leader** at t: the seat whose score is strictly the highest; none while the top is tied;
- **lead changes**: how many times the leader differs from the leader before it (readings with
  no leader skipped: a lead lost to a tie and regained is no change). Browne's *lead change* [1]
  and Ludii's ``LeadChange`` [3] count the changes of the leading set per move, from a search's
  evaluation of the position; here the score decides, round by round, counted per game;
- **decisiveness**: the share of the game played before the winner took the lead for good,
  ``(t* - 1) / T``, where ``t*`` is the first reading from which on the top score is held by
  winners only, at every reading. 0: the winner led from the first round on; near 1: decided at
  the very end (1 when a tie-break, not the score, decided). After Browne's *decisiveness*
  (how soon a game reaches a decided state) [1] and Ludii's ``DecisivenessMoves`` (the share of
  moves before the eventual winner's evaluation passes a threshold) [3]; here the threshold is
  the lead itself;
- **comeback**: whether a winner was last (its score the lowest, alone or tied, while some seat
  was ahead) at some reading after the first third of the game (``t > T/3``): a yes/no form of
  Browne's *drama* (the eventual winner spent moves in a trailing position) [1] and Ludii's
  ``Drama`` [3];
- **margin**: the final score of the lowest-scoring winner minus the best final score of a seat
  that did not win (0 when every seat shares the win): Ludii's ``ScoreDifference`` [3] at the
  end, between the winner and the runner-up;
- **branching**: the mean number of legal actions at a decision of the game: Ludii's
  ``BranchingFactor`` [3]; Browne's *decision* criteria [1] count the same choices offered.

[1] C. Browne, *Automatic Generation and Evaluation of Recombination Games*, PhD thesis,
    Queensland University of Technology, 2008 (chapter 5, the aesthetic criteria).
[2] C. Browne and F. Maire, "Evolutionary Game Design", *IEEE Transactions on Computational
    Intelligence and AI in Games* 2(1), 2010, pp. 1–16.
[3] Ludii's evaluation metrics (Stephenson, Piette, Soemers, Browne): ``Evaluation/src/metrics``
    in the Ludii repository (github.com/Ludeme/Ludii): ``LeadChange``, ``DecisivenessMoves``,
    ``Drama``, ``ScoreDifference``, ``BranchingFactor``.

``Unfolding`` is the observer of the game loop that takes the readings; it costs one short
call per decision (the legal actions are counted where the loop has already listed them) and
one score per round. The figures that read it are declared in ``woa_core.report.figures``.

>>> scores = [[1, 0], [1, 3], [4, 3], [6, 5]]  # after rounds 1..4; p1 wins
>>> lead_changes(scores), decisiveness(scores, {0}), comeback(scores, {0}), margin(scores, {0})
(2, 0.5, True, 1)
>>> strokes = oriented([[0, 1], [2, 1], [3, 4]], lower=True)  # p1 wins with the fewest strokes
>>> lead_changes(strokes), decisiveness(strokes, {0}), comeback(strokes, {0}), margin(strokes, {0})
(2, 0.6667, True, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING

from woa_core.kernel.loop import Ending, Observer

if TYPE_CHECKING:
    from woa_core.kernel.actions import Action
    from woa_core.kernel.compiled import CompiledRules
    from woa_core.kernel.contract import SomeGame
    from woa_core.kernel.pack import SomePack

ROUND, TURN = "round", "turn"
"""The values of ``Pack.score_by``."""

HIGHER, LOWER = "higher", "lower"
"""The values of ``Pack.score_wins``."""


def unit(pack: SomePack) -> str:
    """After what a pack's score is read: ``round`` for a game whose flow counts rounds (unless
    it asks for turns), else ``turn``; a ``score_by`` that is neither is a ``ValueError``.

    >>> from woa_core.kernel.pack import load_pack
    >>> unit(load_pack("west_of_africa"))
    'round'
    """
    if pack.score_by not in (ROUND, TURN):
        raise ValueError(f"the rule pack '{pack.name}' sets score_by={pack.score_by!r}: 'round' or 'turn'")
    return ROUND if pack.score_by == ROUND and pack.flow is not None else TURN


def lower_wins(pack: SomePack) -> bool:
    """Whether a pack's lowest score wins (``Pack.score_wins``); a ``score_wins`` that is neither
    ``higher`` nor ``lower`` is a ``ValueError``.

    >>> from woa_core.kernel.pack import load_pack
    >>> lower_wins(load_pack("west_of_africa"))
    False
    """
    if pack.score_wins not in (HIGHER, LOWER):
        raise ValueError(f"the rule pack '{pack.name}' sets score_wins={pack.score_wins!r}: 'higher' or 'lower'")
    return pack.score_wins == LOWER


def oriented(readings: Sequence[Sequence[int | float]], lower: bool) -> Sequence[Sequence[int | float]]:
    """The readings with the better score the higher, as the figures read them: as they are, or
    each score negated where the lowest wins (``lower_wins``).

    >>> oriented([[3, 5]], lower=True), oriented([[3, 5]], lower=False)
    ([[-3, -5]], [[3, 5]])
    """
    return [[-score for score in scores] for scores in readings] if lower else readings


def leading(scores: Sequence[int | float], lower: bool) -> int:
    """The seat whose score is strictly the best, the lowest where the lowest wins, or -1 when
    the best is tied (who leads, as the replay viewer and the play page say it).

    >>> leading([3, 5, 1], lower=False), leading([3, 5, 1], lower=True), leading([1, 5, 1], lower=True)
    (1, 2, -1)
    """
    return leader(oriented([scores], lower)[0])


class Unfolding(Observer):
    """Watches a game for how it unfolds: the legal actions offered at each decision, and every
    seat's score (``Pack.score``) after each round or turn (``unit``) and at the end.

    ``readings``: the scores read, in order (the last one the final score), as the pack gives
    them; ``oriented()``: the same with the better score the higher (``Pack.score_wins``), which
    the figures read; ``at``: how many actions had been played at each reading; ``options`` and
    ``decisions``: the legal actions offered in all, and at how many decisions.

    >>> from woa_core.bots import seated
    >>> from woa_core.kernel import loop
    >>> from woa_core.kernel.contract import SomeGame, new_game
    >>> from woa_core.rules import load_rules
    >>> rules = load_rules("west-of-africa", 2)
    >>> game, watch = new_game(rules, 3), Unfolding()
    >>> _ = loop.run(game, seated.bots(["random", "random"], 3), [watch])
    >>> len(watch.readings) == game.state.round, watch.readings[-1] == game.state.vp
    (True, True)
    >>> watch.options > watch.decisions == watch.at[-1]
    True
    """

    def __init__(self, rules: CompiledRules | None = None) -> None:
        self.score: Callable[[SomeGame], Sequence[int | float]] | None = None
        self.by_round = False
        self.lower = False  # the lowest score wins (Pack.score_wins)
        self.readings: list[list[int | float]] = []
        self.at: list[int] = []
        self.options = 0
        self.decisions = 0
        self._mark = -1  # the round (or the deciding seat) of the decision before

    def start(self, game: SomeGame) -> None:
        pack = game.rules.pack
        self.score = pack.score
        self.by_round = unit(pack) == ROUND
        self.lower = lower_wins(pack)

    def choosing(self, game: SomeGame, seat: int, legal: Sequence[Action]) -> None:
        self.options += len(legal)
        if self.score is not None:
            mark = game.state.round if self.by_round else seat
            if mark != self._mark:
                if self._mark != -1:  # a round (a turn) ended since the decision before
                    self.readings.append(list(self.score(game)))
                    self.at.append(self.decisions)
                self._mark = mark
        self.decisions += 1

    def end(self, game: SomeGame, ending: Ending) -> None:
        if self.score is not None and (not self.at or self.at[-1] != self.decisions):
            self.readings.append(list(self.score(game)))
            self.at.append(self.decisions)

    def oriented(self) -> Sequence[Sequence[int | float]]:
        """The readings with the better score the higher (``oriented``): what lead changes,
        decisiveness, comebacks and the margin read."""
        return oriented(self.readings, self.lower)

    def branching(self) -> float:
        """The mean number of legal actions at a decision (0 without decisions)."""
        return round(self.options / self.decisions, 4) if self.decisions else 0.0


def leader(scores: Sequence[int | float]) -> int:
    """The seat with the strictly highest score, or -1 when the top is tied.

    >>> leader([3, 5, 1]), leader([5, 5, 1])
    (1, -1)
    """
    best, top, tied = -1, scores[0], False  # one loop (compiled, max(), index() and count() are generic calls)
    for p, score in enumerate(scores):
        if best < 0 or score > top:
            best, top, tied = p, score, False
        elif score == top:
            tied = True
    return -1 if tied else best


def lead_changes(readings: Sequence[Sequence[int | float]]) -> int:
    """How many times the leader changes (readings with a tied top skipped).

    >>> lead_changes([[1, 0], [1, 1], [2, 1]]), lead_changes([[1, 0], [1, 2], [3, 2]])
    (0, 2)
    """
    changes, before = 0, -1
    last: Sequence[int | float] | None = None
    for scores in readings:
        if scores == last:  # the same leader as the reading before (many turns score nothing)
            continue
        last = scores
        now = leader(scores)
        if now >= 0:
            if before >= 0 and now != before:
                changes += 1
            before = now
    return changes


def _led_by(scores: Sequence[int | float], winners: Collection[int]) -> bool:
    """Whether the top score is held by winners only."""
    top = max(scores)
    return all(p in winners for p, s in enumerate(scores) if s == top)


def decisiveness(readings: Sequence[Sequence[int | float]], winners: Collection[int]) -> float:
    """The share of the game played before the winners took the lead for good (see the module).

    >>> decisiveness([[2, 0], [3, 1], [5, 2]], {0}), decisiveness([[2, 0], [3, 4], [5, 5]], {0})
    (0.0, 1.0)
    """
    t = len(readings)
    last: Sequence[int | float] | None = None
    while t > 0:
        scores = readings[t - 1]
        if scores != last:  # else held as at the reading after it (many turns score nothing)
            if not _led_by(scores, winners):
                break
            last = scores
        t -= 1
    return round(t / len(readings), 4) if readings else 0.0


def _last(scores: Sequence[int | float], seat: int) -> bool:
    low = min(scores)
    return scores[seat] == low < max(scores)


def comeback(readings: Sequence[Sequence[int | float]], winners: Collection[int]) -> bool:
    """Whether a winner was last at some reading after the first third of the game.

    >>> comeback([[0, 1], [0, 2], [5, 2]], {0}), comeback([[0, 1], [3, 2], [5, 2]], {0})
    (True, False)
    """
    n = len(readings)
    last: Sequence[int | float] | None = None
    for t in range(n // 3 + 1, n + 1):  # 3 * t > n
        scores = readings[t - 1]
        if scores == last:  # as at the reading before (many turns score nothing)
            continue
        last = scores
        for w in winners:
            if _last(scores, w):
                return True
    return False


def margin(readings: Sequence[Sequence[int | float]], winners: Collection[int]) -> int | float:
    """The winners' lowest final score minus the best final score of the others (0 if none).

    >>> margin([[0, 0, 0], [7, 3, 5]], {0}), margin([[4, 4]], {0, 1})
    (2, 0)
    """
    if not readings:
        return 0
    final = readings[-1]
    others = [s for p, s in enumerate(final) if p not in winners]
    return min(final[w] for w in winners) - max(others) if others and winners else 0
