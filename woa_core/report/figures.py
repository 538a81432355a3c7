"""Figures declared once: every statistic a game reports, each written in one place.

A *figure* is a ``Figure``: its name, how its value is read when a game ends (from the finished
game and, where needed, from an observer that watched the game loop), how it aggregates over
games (``Kind``), whether it has a value per seat, its unit, display group and words, and where
it shows (its key in ``woa simulate --json``, its CSV column, its rows in compare and sweep).
simulate's statistics and CSV, compare, sweep and the HTML reports all read the declarations:
a new statistic is one declaration in a pack's figures module, and no tool names a figure.

This module declares the figures every game has (``KERNEL_FIGURES``: read through the kernel's
contract alone, so still named for it, issue 42.4): who wins, by seat and by bot, a win shared by
k seats counting 1/k to each (``Pack.winners`` says who won); how often a win is shared; the
game's length in decisions. ``score`` declares a game's score per seat. A pack adds its own
(``Pack.figures``); ``declared(rules)`` is both, the kernel's first.

>>> from woa_core.rules import load_rules
>>> [f.name for f in declared(load_rules("west-of-africa", 2))][:4]
['decisions', 'wins', 'shared_wins', 'rounds']
>>> record = Watching(KERNEL_FIGURES, None)
>>> [type(o).__name__ for o in record.observers]  # the game's length counted by the one observer
['Unfolding']
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from woa_core.kernel.loop import Observer
from woa_core.report.unfolding import Unfolding, comeback, decisiveness, lead_changes, margin, unit

if TYPE_CHECKING:
    from woa_core.kernel.compiled import CompiledRules
    from woa_core.kernel.contract import SomeGame
    from woa_core.kernel.pack import SomePack


class Kind(StrEnum):
    """How a figure's per-game values aggregate over games (and what its value is)."""

    MEAN = "mean"  # a number (or numbers by key) per game or per seat: mean, sd and interval
    COUNT = "count"  # per seat, how many times each key happened in a game: a per-game average
    CATEGORY = "category"  # one label per game (how it ended): games per label; each label a rate
    WON = "won"  # one seat per game (the first player): how often that seat wins; Wilson interval
    WINS = "wins"  # per seat, its share of the game's win (1/k when k seats tie): by seat and by bot
    RATE = "rate"  # 0 or 1 per game: the share of games; Wilson interval
    TOTAL = "total"  # a number per game, summed over the run (decisions)
    SERIES = "series"  # per seat, a number after each round (or turn): by round, median and quartiles


GAME_ORDER = (Kind.MEAN, Kind.CATEGORY, Kind.WINS, Kind.WON, Kind.RATE, Kind.TOTAL)
"""The order of the figures of a whole game in a report (game length, how games end, who wins),
then the declared order within a kind."""

RATES = frozenset({Kind.CATEGORY, Kind.WON, Kind.WINS, Kind.RATE})
"""The kinds whose rows are shares of games (0 or 1 per game, or a share of a tied win)."""


@dataclass(frozen=True, slots=True)
class Figure:
    """One statistic, declared once (see the module docstring).

    - ``name``: the figure's name, unique among a game's figures: its row in compare and sweep
      (a per-seat figure's mean over the seats is compare's ``per_player_NAME``);
    - ``kind``: how it aggregates (``Kind``); ``seat``: whether ``value`` gives one value per
      seat; ``keyed``: whether a ``MEAN`` figure's value is a mapping by key (a ``CATEGORY``'s
      and a ``COUNT``'s always are); rows by key are ``ROWS_KEY`` (``rows`` defaults to ``name``);
    - ``value(game, watched)``: its value when the game has ended: a number, a label, a seat or
      a mapping by key (a list of them, one per seat, for a per-seat figure); ``watched`` is the
      observer ``watch(rules)`` made for the game (None without ``watch``);
    - ``watch``: makes the observer of the game loop the value reads; figures that name the same
      ``watch`` share one observer per game;
    - ``label``, ``unit``, ``group``: its words, its unit and the heading of its group in reports;
    - ``json``: its key in ``woa simulate --json`` (default ``name``); ``csv``: its column in
      ``--csv`` (``pN_CSV`` per seat; ``""``: none); ``compared``: whether compare and sweep
      show it; ``seat_rows``: compare also shows each seat's value (``pN_NAME``);
    - ``spread``: simulate's per-seat entry shows the standard deviation beside the mean;
      ``histogram``: simulate shows the values' histogram; ``shown_if_any``: reported only when
      some game had it (a rate that is 0 in most games, such as a shared win);
    - ``parts_of``: the per-seat figure these values by key add up to (VP by source of VP);
    - ``aliases``: other names a sweep objective may use; ``objective``: for a ``WON`` figure,
      the sweep objective that ranks points by its distance from an even share;
    - ``note``: what the text report adds to its line; ``note_if_bots_differ``: added when the
      seats' bots differ;
    - ``after``: for a ``SERIES`` figure, what its values follow one by one (``round``, ``turn``).
    """

    name: str
    kind: Kind
    value: Callable[[Any, Any], Any]
    label: str
    seat: bool = False
    unit: str = ""
    group: str = ""
    watch: Callable[[Any], Observer] | None = None
    json: str = ""
    csv: str = ""
    keyed: bool = False
    rows: str = ""
    compared: bool = True
    seat_rows: bool = False
    spread: bool = True
    histogram: bool = False
    shown_if_any: bool = False
    parts_of: str = ""
    aliases: tuple[str, ...] = ()
    objective: str = ""
    note: str = ""
    note_if_bots_differ: str = ""
    after: str = ""

    @property
    def key(self) -> str:
        """Its key in ``woa simulate --json``."""
        return self.json or self.name

    @property
    def prefix(self) -> str:
        """The start of its rows by key (``PREFIX_KEY``)."""
        return self.rows or self.name

    @property
    def by_key(self) -> bool:
        """Whether its rows go by key: a label per game, or values by key."""
        return self.kind in (Kind.CATEGORY, Kind.COUNT) or self.keyed


# ------------------------------------------------------------------------------ watching a game


class Watching:
    """What a game's figures watch: one observer per distinct ``Figure.watch``; when the game
    has ended, ``values(game)`` reads every figure.

    >>> from woa_core.bots import seated
    >>> from woa_core.kernel import loop
    >>> from woa_core.kernel.contract import SomeGame, new_game
    >>> from woa_core.rules import load_rules
    >>> rules = load_rules("west-of-africa", 2)
    >>> figures = declared(rules)
    >>> watching, game = Watching(figures, rules), new_game(rules, 3)
    >>> _ = loop.run(game, seated.bots(["random", "random"], 3), watching.observers)
    >>> values = watching.values(game)
    >>> values["decisions"] > 10, sum(values["wins"])
    (True, 1)
    """

    def __init__(self, figures: Sequence[Figure], rules: CompiledRules) -> None:
        self.figures = tuple(figures)
        self._watchers: dict[Any, Observer] = {}
        for f in self.figures:
            if f.watch is not None and f.watch not in self._watchers:
                self._watchers[f.watch] = f.watch(rules)
        self.observers: list[Observer] = list(self._watchers.values())

    def values(self, game: SomeGame) -> dict[str, Any]:
        """Every figure's value in ``game`` (ended), by name."""
        return {f.name: f.value(game, self._watchers.get(f.watch) if f.watch else None) for f in self.figures}


# ------------------------------------------------------------------------------ who wins


def winners(game: SomeGame) -> list[int]:
    """The seats that won an ended game, several when they share the win (``Pack.winners``).

    >>> from woa_core.bots import seated
    >>> from woa_core.kernel import loop
    >>> from woa_core.kernel.contract import new_game
    >>> from woa_core.rules import load_rules
    >>> game = new_game(load_rules("west-of-africa", 3), 1)
    >>> _ = loop.run(game, seated.bots(["random"] * 3, 1), [])
    >>> winners(game) == game.state.ranking[:1]
    True
    """
    return list(game.rules.pack.winners(game))


def win_shares(winning: Sequence[int], players: int) -> list[int | float]:
    """Each seat's share of the win: 1 for a sole winner, 1/k to each of k winners, else 0.

    >>> win_shares([1], 3), win_shares([0, 2], 3)
    ([0, 1, 0], [0.5, 0, 0.5])
    """
    share: int | float = 1 if len(winning) == 1 else 1 / max(len(winning), 1)
    return [share if seat in winning else 0 for seat in range(players)]


def won(values: dict[str, Any], seat: int) -> int | float:
    """The share of the win of ``seat`` in a game's figures (``values``): what a ``WON``
    figure, whose value is a seat, counts; 0 when its value is no seat (-1).

    >>> won({"wins": [0, 1]}, 1), won({"wins": [0, 1]}, -1)
    (1, 0)
    """
    shares = values[WINS.name]
    return shares[seat] if 0 <= seat < len(shares) else 0


def _wins(game: SomeGame, watched: object) -> list[int | float]:
    return win_shares(winners(game), game.rules.players)


def _shared(game: SomeGame, watched: object) -> int:
    return int(len(winners(game)) > 1)


def _decisions(game: SomeGame, watched: Unfolding) -> int:
    return watched.decisions


WHO_WINS = "who wins"
GAME_LENGTH = "game length and end"

DECISIONS = Figure(
    "decisions",
    Kind.TOTAL,
    _decisions,
    "decisions",
    unit="decisions",
    group=GAME_LENGTH,
    watch=Unfolding,  # the observer every game has already counts them: no hook of its own per decision
    csv="decisions",
    compared=False,
)
"""The game's length in decisions (every action a seat chose)."""

WINS = Figure(
    "wins",
    Kind.WINS,
    _wins,
    "wins",
    seat=True,
    unit="share of games",
    group=WHO_WINS,
    json="wins_by_seat",
    csv="winner",
)
"""Who wins: each seat's share of the game's win (1/k to each of k tied winners), reported by
seat (``wins_by_seat``, ``pN_wins``) and by bot (``wins_by_bot``, compare's ``bot_BOT_wins``)."""

SHARED_WINS = Figure(
    "shared_wins",
    Kind.RATE,
    _shared,
    "shared wins",
    unit="share of games",
    group=WHO_WINS,
    shown_if_any=True,
    note="tied winners share the win: each counts 1/k of it",
)
"""How often the win was shared (the ranking tied at the top): reported only when it happened."""

KERNEL_FIGURES: tuple[Figure, ...] = (DECISIONS, WINS, SHARED_WINS)
"""The figures every game has."""


# ------------------------------------------------------------------------------ how a game unfolds

UNFOLDING = "how the game unfolds"
"""The group of the figures of ``woa_core.report.unfolding`` (reported after the others)."""


def _winners(game: SomeGame) -> set[int]:
    return set(winners(game))


BRANCHING = Figure(
    "branching",
    Kind.MEAN,
    lambda game, watched: watched.branching(),
    "branching",
    unit="legal actions per decision",
    group=UNFOLDING,
    watch=Unfolding,
    csv="branching",
)
"""The choices a decision offers: the mean number of legal actions at a decision of the game
(Ludii's ``BranchingFactor``; ``woa_core.report.unfolding``). Every pack has it."""

LEAD_CHANGES = Figure(
    "lead_changes",
    Kind.MEAN,
    lambda game, watched: lead_changes(watched.oriented()),
    "lead changes",
    unit="per game",
    group=UNFOLDING,
    watch=Unfolding,
    csv="lead_changes",
)
"""How many times the sole leader changed (Browne's lead change; ``woa_core.report.unfolding``)."""

DECISIVENESS = Figure(
    "decisiveness",
    Kind.MEAN,
    lambda game, watched: decisiveness(watched.oriented(), _winners(game)),
    "decided after",
    unit="share of the game",
    group=UNFOLDING,
    watch=Unfolding,
    csv="decisiveness",
    note="the share of the game played before the winner took the lead for good",
)
"""The share of the game played before the winner led for good (Browne's decisiveness, Ludii's
``DecisivenessMoves`` with the lead as the threshold; ``woa_core.report.unfolding``)."""

MARGIN = Figure(
    "margin",
    Kind.MEAN,
    lambda game, watched: margin(watched.oriented(), _winners(game)),
    "winning margin",
    unit="score",
    group=UNFOLDING,
    watch=Unfolding,
    csv="margin",
)
"""The winner's final score minus the runner-up's (Ludii's ``ScoreDifference`` at the end); where
the lowest score wins (``Pack.score_wins``), the runner-up's minus the winner's: what the winner
won by, either way."""

COMEBACKS = Figure(
    "comebacks",
    Kind.RATE,
    lambda game, watched: int(comeback(watched.oriented(), _winners(game))),
    "comeback wins",
    unit="share of games",
    group=UNFOLDING,
    watch=Unfolding,
    csv="comeback",
    note="the winner was last at some point after the first third",
)
"""Whether the winner was last after the first third of the game (Browne's and Ludii's drama,
as yes or no; ``woa_core.report.unfolding``)."""


def _series(game: SomeGame, watched: Unfolding) -> list[list[int | float]]:
    return [[scores[p] for scores in watched.readings] for p in range(game.rules.players)]


def _scores(by: str) -> Figure:
    return Figure(
        f"score_by_{by}",
        Kind.SERIES,
        _series,
        f"score after each {by}",
        seat=True,
        unit="score",
        group=UNFOLDING,
        watch=Unfolding,
        csv=f"score_by_{by}",
        compared=False,
        after=by,
    )


SCORE_BY = {by: _scores(by) for by in ("round", "turn")}
"""Every seat's score after each round, or each turn (``Pack.score_by``): by round, the
median and quartiles over the games that reached it; in the CSV, each game's scores."""


def unfolding_figures(pack: SomePack) -> tuple[Figure, ...]:
    """How a game of ``pack`` unfolds, as figures: the choices offered per decision, and for a
    pack that keeps a score (``Pack.score``), the score over time, lead changes, decisiveness,
    the winning margin and comeback wins (``woa_core.report.unfolding`` defines each).

    >>> from woa_core.kernel.pack import load_pack
    >>> [f.name for f in unfolding_figures(load_pack("west_of_africa"))]
    ['branching', 'lead_changes', 'decisiveness', 'margin', 'comebacks', 'score_by_round']
    """
    if pack.score is None:
        return (BRANCHING,)
    return (BRANCHING, LEAD_CHANGES, DECISIVENESS, MARGIN, COMEBACKS, SCORE_BY[unit(pack)])


def score(
    value: Callable[[Any, Any], Any], name: str = "score", label: str = "score", unit: str = "points", **more: Any
) -> Figure:
    """A game's score per seat (its VP, its points) as a figure: each seat's mean with its
    interval, compared per player and per seat, a CSV column per seat.

    >>> vp = score(lambda game, watched: list(game.state.vp), name="vp", label="VP", unit="VP")
    >>> vp.kind, vp.seat, vp.seat_rows, vp.csv
    (<Kind.MEAN: 'mean'>, True, True, 'vp')
    """
    return Figure(
        name, Kind.MEAN, value, label, seat=True, unit=unit, seat_rows=True, csv=more.pop("csv", name), **more
    )


def length_and_end(
    length: Callable[[Any, Any], Any], unit: str, end: Callable[[Any, Any], Any], note: str = ""
) -> tuple[Figure, Figure]:
    """How long a game lasted (the figure is named by its ``unit``: rounds, turns) and how it
    ended (``end``: a reason, or None while it has not ended), the first of the ``GAME_LENGTH``
    group; ``note`` says what a reason means.

    >>> rounds, ends = length_and_end(lambda game, watched: 3, "rounds", lambda game, watched: None)
    >>> rounds.name, rounds.csv, rounds.histogram, ends.name, ends.json, ends.value(None, None)
    ('rounds', 'rounds', True, 'ends_by', 'end_reasons', 'none')
    """
    return (
        Figure(
            unit,
            Kind.MEAN,
            length,
            "game length",
            unit=unit,
            group=GAME_LENGTH,
            csv=unit,
            histogram=True,
            aliases=("length",),
        ),
        Figure(
            "ends_by",
            Kind.CATEGORY,
            lambda game, watched: end(game, watched) or "none",
            "game end",
            unit="games",
            group=GAME_LENGTH,
            json="end_reasons",
            csv="end_reason",
            note=note,
        ),
    )


def first_player_wins(seat: Callable[[Any, Any], int], label: str, **more: Any) -> Figure:
    """Whether the seat that played first (``seat``: which it was; ``label``: in the game's words)
    won: its share of games against an even share, a seat effect only when the bots are alike.

    >>> first_player_wins(lambda game, watched: 0, "the start player").json
    'first_player'
    """
    return Figure(
        "first_player_wins",
        Kind.WON,
        seat,
        label,
        unit="share of games",
        group=WHO_WINS,
        json="first_player",
        objective="first-player",
        note_if_bots_differ="bots differ, so not a seat effect",
        **more,
    )


VP_BY_SOURCE = "VP per player, by source"


def vp_by_source(vp: Callable[[Any, Any], Any], by_source: Callable[[Any, Any], Any]) -> tuple[Figure, Figure]:
    """Each seat's VP (``vp``: a list by seat) and where they came from (``by_source``: a dict of
    source to VP by seat, which add up to the VP), in the group ``VP_BY_SOURCE``: a row per
    source a game names.

    >>> vp, sources = vp_by_source(lambda game, watched: [3, 1], lambda game, watched: [{"gold": 3}, {"gold": 1}])
    >>> vp.name, sources.name, sources.rows, sources.parts_of, sources.keyed
    ('vp', 'vp_by_source', 'vp', 'vp', True)
    """
    return (
        score(vp, name="vp", label="VP", unit="VP", group=VP_BY_SOURCE),
        Figure(
            "vp_by_source",
            Kind.MEAN,
            by_source,
            "VP by source",
            seat=True,
            unit="VP",
            group=VP_BY_SOURCE,
            keyed=True,
            rows="vp",
            spread=False,
            parts_of="vp",
        ),
    )


def declared(rules: CompiledRules) -> tuple[Figure, ...]:
    """The figures of the game ``rules`` are for: the kernel's, then its pack's, then how the
    game unfolds (``unfolding_figures``)."""
    pack = rules.pack
    return (*KERNEL_FIGURES, *pack.figures, *unfolding_figures(pack))


def game_order(figures: Sequence[Figure]) -> list[Figure]:
    """The figures of a whole game (not per seat, except who wins) in report order
    (``GAME_ORDER``), how the game unfolds last.

    >>> [f.name for f in game_order((BRANCHING, *KERNEL_FIGURES))]
    ['wins', 'shared_wins', 'decisions', 'branching']
    """
    whole = [f for f in figures if not f.seat or f.kind is Kind.WINS]
    return sorted(whole, key=lambda f: (f.group == UNFOLDING, GAME_ORDER.index(f.kind)))


def seat_figures(figures: Sequence[Figure], *kinds: Kind) -> list[Figure]:
    """The per-seat figures (who wins aside) of the given kinds, in declared order."""
    return [f for f in figures if f.seat and f.kind is not Kind.WINS and (not kinds or f.kind in kinds)]


def seat_name(seat: int) -> str:
    """A seat as reports name it: ``p1`` for seat 0."""
    return f"p{seat + 1}"


# ------------------------------------------------------------------------------ rows of a game


@dataclass(frozen=True, slots=True)
class Row:
    """One number of one game, as compare and sweep take it: ``section`` orders compare's rows
    (the whole game's means, how it ended, its rates, who won by seat, by bot, per player, per
    seat); ``rate``: a share of games (0 or 1 per game, or a share of a tied win)."""

    name: str
    value: float
    rate: bool
    section: int
    figure: Figure


def game_rows(
    figures: Sequence[Figure],
    values: dict[str, Any],
    bots: Sequence[str],
    per_player: str = "",
    detail: bool = False,
) -> list[Row]:
    """One game's figures as rows (those ``compared``): per-seat figures as their mean over
    the seats (named ``PER_PLAYER + NAME``), figures by key one row per key, a label's row 1;
    with ``detail``, also each seat's value of figures with ``seat_rows`` and each bot's share
    of the win (when the bots differ).

    >>> [(r.name, r.value) for r in game_rows(KERNEL_FIGURES, {"wins": [0, 1], "shared_wins": 0}, ["a", "b"])]
    [('p1_wins', 0.0), ('p2_wins', 1.0)]
    """
    out: list[Row] = []
    n = len(bots)
    for f in figures:
        if not f.compared:
            continue
        v = values[f.name]
        rate = f.kind in RATES
        if f.kind is Kind.WINS:
            out += [Row(f"{seat_name(s)}_{f.name}", float(v[s]), True, 3, f) for s in range(n)]
            if detail and len(set(bots)) > 1:
                for bot in sorted(set(bots)):
                    held = [s for s in range(n) if bots[s] == bot]
                    out.append(Row(f"bot_{bot}_{f.name}", sum(v[s] for s in held) / len(held), False, 4, f))
        elif f.kind is Kind.CATEGORY:
            out.append(Row(f"{f.prefix}_{v}", 1.0, True, 1, f))
        elif f.kind is Kind.WON:
            out.append(Row(f.name, float(won(values, v)), True, 2, f))
        elif not f.seat:
            if v or not f.shown_if_any:
                out.append(Row(f.name, float(v), rate, 2 if rate else 0, f))
        elif f.by_key:
            keys = dict.fromkeys(k for seat in v for k in seat)
            out += [Row(f"{per_player}{f.prefix}_{k}", sum(s.get(k, 0) for s in v) / n, False, 5, f) for k in keys]
        else:
            out.append(Row(f"{per_player}{f.name}", sum(v) / n, False, 5, f))
    if detail:
        for f in figures:
            if f.compared and f.seat_rows and f.kind is not Kind.WINS:
                out += [Row(f"{seat_name(s)}_{f.name}", float(values[f.name][s]), False, 6, f) for s in range(n)]
    return out


def seat_of_row(row: str, figure: Figure) -> int | None:
    """The seat whose value a row (of ``game_rows``) of ``figure`` is (``p2_wins``: 1), else None.

    >>> seat_of_row("p2_wins", WINS), seat_of_row("bot_random_wins", WINS)
    (1, None)
    """
    match = _SEAT_ROW.fullmatch(row)
    if match is None or match.group(2) != figure.name:
        return None
    return int(match.group(1)) - 1


_SEAT_ROW = re.compile(r"p(\d+)_(.+)")
_BOT_ROW = re.compile(r"bot_.+_([^_]+)")


def row_figure(figures: Sequence[Figure], row: str, per_player: str = "") -> Figure | None:
    """The figure a row (of ``game_rows``) belongs to, from its name; None if none does.

    >>> row_figure(KERNEL_FIGURES, "p2_wins").name, row_figure(KERNEL_FIGURES, "bot_random_wins").name
    ('wins', 'wins')
    >>> row_figure(KERNEL_FIGURES, "nothing") is None
    True
    """
    name = row[len(per_player) :] if per_player and row.startswith(per_player) else row
    best: Figure | None = None
    for f in figures:
        if f.name == name and not (f.by_key or f.kind is Kind.WINS):
            return f
        if f.by_key and name.startswith(f.prefix + "_") and (best is None or len(f.prefix) > len(best.prefix)):
            best = f
    if best is not None:
        return best
    for pattern in (_SEAT_ROW, _BOT_ROW):
        match = pattern.fullmatch(row)
        if match:
            for f in figures:
                if f.name == match.group(match.lastindex or 1) and (f.seat_rows or f.kind is Kind.WINS):
                    return f
    return None
