"""What a pack declares, not what the tools assume (issue 42, item 5).

- A pack's default bots (``Pack.default_bots``, ``Pack.check_bots``): every command plays the race
  of docs/rule-packs.md and an outside pack without ``--bots``, seating the bots they declare.
- The score's direction (``Pack.score_wins``): a tiny golf pack whose lowest score wins gets its
  lead changes, decisiveness, comebacks and margin computed the right way round, and who leads
  said the right way round by the replay viewer and the play page.
- What each callable of a legality receives is typed (``woa_core.kernel.legality``): mypy passes a
  small example and refuses the same example with a callable of the wrong shape.
"""

from __future__ import annotations

import itertools
import json
import sys
import textwrap
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from woa_core.bots import declared_bots, seat_bots, seated, tournament_bots
from woa_core.cli import main
from woa_core.errors import UsageError
from woa_core.kernel import loop
from woa_core.kernel.contract import new_game
from woa_core.report.figures import Watching, declared
from woa_core.report.unfolding import lower_wins
from woa_core.rules import read_rules

ROOT = Path(__file__).resolve().parents[1]
RACE = ROOT / "docs" / "rule-packs" / "race"


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> Any:
    assert main([*args, "--workers", "1", "--json"]) == 0, capsys.readouterr().err
    return json.loads(capsys.readouterr().out)


# ------------------------------------------------------------------ an outside pack: golf, lowest wins

GOLF = '''
"""Golf: each turn a player plays its stroke on the hole it is at; the course sets every stroke,
so every bot plays the same game. The fewest strokes win (ties: the earlier seat)."""

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from woa_core.kernel.actions import Action, Verb, make_action
from woa_core.kernel.compiled import CompiledRules, freeze
from woa_core.report.drawing import Drawing, Viewer
from woa_core.kernel.pack import Pack
from woa_core.kernel.plain import ListedGame, PlainState, View, listed


@dataclass(frozen=True, slots=True)
class Rules(CompiledRules):
    strokes: tuple[tuple[int, ...], ...]  # [hole][seat]

    @property
    def pack(self) -> Pack:
        return PACK


def compile_rules(name, data, players, content_hash, variant=None):
    strokes = tuple(tuple(hole) for hole in data["course"]["strokes"])
    return Rules(name, players, content_hash, variant, freeze(data), strokes)


@dataclass(slots=True)
class State(PlainState):
    total: list[int]
    turn: int = 0
    ranking: list[int] = field(default_factory=list)


class Game(ListedGame):
    def new_state(self, rules, seed):
        return State([0] * rules.players)

    def deciders(self):
        return [] if self.over else [self.state.turn % self.rules.players]

    def legal_actions(self, player=None):
        p = self.deciders()
        return [make_action((p[0], "swing"))] if p and player in (None, p[0]) else []

    def apply_legal(self, action):
        r, s, p = self.rules, self.state, action[0]
        s.total[p] += r.strokes[s.turn // r.players][p]
        s.turn += 1
        if s.turn == len(r.strokes) * r.players:
            s.ranking = sorted(range(r.players), key=lambda x: (s.total[x], x))

    def observation(self, player):
        return View(self.rules, player, **self.state.to_json())

    @classmethod
    def determinize(cls, view, rng):
        v = view.to_json()
        return cls(view.rules, state=State(v["total"], v["turn"], v["ranking"]))


def _board(rules, state, seats=(), source=None):
    return '<svg xmlns="http://www.w3.org/2000/svg"><g id="pieces"></g></svg>'


PACK = Pack(
    name="golf",
    sections=("course",),
    schema_dir=Path(__file__).resolve().parent,
    compile=compile_rules,
    game=Game,
    verbs={"swing": Verb("swing", (), listed("swing"), "", "play the stroke")},
    result=lambda game: {"turns": game.state.turn, "ranking": [f"p{p + 1}" for p in game.state.ranking]},
    where=lambda game: f"turn {game.state.turn + 1}",
    score=lambda game: list(game.state.total),
    score_wins="lower",
    default_bots=("random", "mcts:iterations=4"),
    check_bots="mcts:iterations=2",
    drawing=Drawing(
        board=_board,
        viewer=lambda rules: Viewer(document=lambda pieces: _board(rules, None), parts=lambda state, seats: [""]),
        text=lambda game, seat: f"strokes: {game.state.total}",
        explain=lambda rules, before, after: None,
        scores=lambda state: list(state.total),
        unit="strokes",
    ),
)
'''

COURSE_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "additionalProperties": False,
    "required": ["strokes"],
    "properties": {
        "strokes": {"type": "array", "items": {"type": "array", "items": {"type": "integer", "minimum": 0}}}
    },
}

STROKES = [[1, 1, 1], [2, 3, 1]]
"""Hole by hole, each seat's strokes: after each turn the totals read [1, 0, 0], [1, 1, 0],
[1, 1, 1], [3, 1, 1], [3, 4, 1], [3, 4, 2], and p3 wins with 2. The lowest score leading, p3
leads alone at readings 2, 5 and 6 (no change of leader); it leads for good from reading 5
(decided after 4 of 6 readings: 0.6667); it is never last (the highest) after the first third;
it wins by 1 (p1's 3 against its 2). Read the wrong way round, the same totals would give one
lead change (p1, then p2), decided at the very end (1.0), a comeback (p3 lowest at the end) and a
margin of -2."""


@pytest.fixture(scope="module")
def golf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("outside") / "golf"
    folder.mkdir()
    (folder / "golf.py").write_text(GOLF, encoding="utf-8")
    (folder / "course.schema.json").write_text(json.dumps(COURSE_SCHEMA), encoding="utf-8")
    (folder / "course.yaml").write_text(f"strokes: {json.dumps(STROKES)}\n", encoding="utf-8")
    (folder / "players.yaml").write_text("counts: [3]\n", encoding="utf-8")
    (folder / "ruleset.yaml").write_text(
        "name: golf\npack: golf\ntitle: Golf\nversion: 1\ndescription: the fewest strokes win\n", encoding="utf-8"
    )
    return folder


# ------------------------------------------------------------------ (a) the default bots


def test_every_command_plays_the_race_without_bots(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The race declares ``default_bots="random"`` (it has no bot of its own): before, every
    command but check said "unknown bot 'heuristic'" and tournament wanted its bots named."""
    race = str(RACE)
    report = _json(capsys, "simulate", "--rules", race, "--players", "3", "--games", "6", "--quiet")
    assert report["manifest"]["bots"] == ["random"] * 3

    compared = _json(capsys, "compare", "--base", race, "--set", "cards.hand=3", "--games", "4", "--quiet")
    assert compared["manifest"]["bots"] == ["random"] * 4 and compared["rows"]

    checked = _json(capsys, "check", "--rules", race, "--players", "2", "--games", "3")
    assert checked["bots"] == ["random"] and checked["games"] == {"2": 3} and checked["violation"] is None

    rated = _json(capsys, "tournament", "--rules", race, "--players", "2", "--games", "4", "--quiet")
    assert [b["bot"] for b in rated["manifest"]["bots"]] == ["random", "mcts"]  # random, joined by the search bot

    valued = _json(capsys, "value", "--rules", race, "--players", "2", "--games", "2", "--only", "action", "--quiet")
    assert valued["manifest"]["bot"] == "random" and valued["rows"]

    space = tmp_path / "space.yaml"
    space.write_text(f"rules: {race}\nplayers: 3\ngames: 2\nparameters:\n  cards.hand: [2, 3]\n", encoding="utf-8")
    assert main(["sweep", str(space), "--out", str(tmp_path / "sweep"), "--workers", "1", "--quiet"]) == 0
    swept = json.loads((tmp_path / "sweep" / "results.json").read_text(encoding="utf-8"))
    assert swept["manifest"]["bots"] == ["random"] * 3


def test_play_and_serve_seat_the_declared_bots(golf: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    """The golf pack declares a pattern, ``("random", "mcts:iterations=4")``, which the seats take
    in turn: ``woa play`` seats it around the person, the start page of ``woa serve`` offers it;
    a person's seat of a resumed log goes to the bot the pack declares for that seat."""
    from woa_core.serve.app import setup
    from woa_core.serve.catalogue import Catalogue
    from woa_core.serve.trust import BotPolicy
    from woa_core.session import Session

    answers = itertools.repeat("1")
    monkeypatch.setattr("builtins.input", lambda _: next(answers))
    log = golf.parent / "played.jsonl"
    assert main(["play", "--rules", str(golf), "--players", "3", "--seat", "2", "--pace", "0", "--log", str(log)]) == 0
    capsys.readouterr()
    header = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert header["bots"] == ["random", "human", "random"]  # seats 1 and 3 take the pattern's first

    offered = setup(Catalogue([str(golf)]), BotPolicy())["rulesets"][0]
    assert offered["default_bots"] == [("random", ""), ("mcts", "iterations=4")]

    quit_game = Session(read_rules("africa"), 2, 1, ["random", "human"]).log_text()
    resumed = Session.from_log(quit_game, "quit.jsonl", people=[])  # nobody takes p2 again
    assert resumed.seats == ("random", "heuristic")  # Africa's declared bot


def test_an_outside_pack_plays_its_declared_pattern_everywhere(golf: Path, capsys) -> None:
    rules = read_rules(str(golf)).compile(3)
    assert declared_bots(rules.pack, 3) == ("random", "mcts:iterations=4", "random")
    assert seat_bots(None, 3, rules.pack) == declared_bots(rules.pack, 3)
    assert tournament_bots(rules.pack) == ("random", "mcts:iterations=4")

    report = _json(capsys, "simulate", "--rules", str(golf), "--players", "3", "--games", "2", "--quiet")
    assert report["manifest"]["bots"] == ["random", "mcts:iterations=4", "random"]
    assert report["manifest"]["bot_kinds"] == {"random": "random", "mcts:iterations=4": "search"}
    checked = _json(capsys, "check", "--rules", str(golf), "--games", "2")
    assert checked["bots"] == ["mcts:iterations=2"] and checked["violation"] is None  # its check_bots


def test_a_declaration_that_cannot_seat_anyone_is_a_sentence_naming_the_pack(capsys) -> None:
    race = read_rules(str(RACE)).compile(2).pack
    with pytest.raises(UsageError, match=r"the rule pack 'race' declares default_bots='heuristic', which cannot"):
        declared_bots(replace(race, default_bots="heuristic"), 2)
    with pytest.raises(UsageError, match=r"declares check_bots=\(\), which cannot seat its players: it names no"):
        declared_bots(replace(race, check_bots=()), 2, check=True)


# ------------------------------------------------------------------ (b) which score wins


def _figures(golf: Path) -> dict[str, Any]:
    """Every figure of one golf game (all games are the same)."""
    rules = read_rules(str(golf)).compile(3)
    figures, game = declared(rules), new_game(rules, 0)
    watching = Watching(figures, rules)
    loop.run(game, seated.bots(["random"] * 3, 0), watching.observers)
    return watching.values(game)


def test_the_lowest_score_wins_and_every_figure_reads_it_so(
    golf: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    values = _figures(golf)
    assert values["wins"] == [0, 0, 1]  # p3, with the fewest strokes
    assert values["score_by_turn"] == [[1, 1, 1, 3, 3, 3], [0, 1, 1, 1, 4, 4], [0, 0, 1, 1, 1, 2]]  # as given
    assert values["lead_changes"] == 0
    assert values["decisiveness"] == pytest.approx(0.6667)
    assert values["comebacks"] == 0
    assert values["margin"] == 1
    # the same game read as if the highest won: what a pack got before it could say otherwise
    module = sys.modules[type(read_rules(str(golf)).compile(3)).__module__]
    monkeypatch.setattr(module, "PACK", replace(module.PACK, score_wins="higher"))
    naive = _figures(golf)
    assert (naive["lead_changes"], naive["decisiveness"], naive["comebacks"], naive["margin"]) == (1, 1.0, 1, -2)
    monkeypatch.undo()

    stats = _json(capsys, "simulate", "--rules", str(golf), "--players", "3", "--games", "3", "--quiet")["stats"]
    assert stats["lead_changes"]["mean"] == 0 and stats["margin"]["mean"] == 1
    assert stats["decisiveness"]["mean"] == pytest.approx(0.6667) and stats["comebacks"]["estimate"] == 0


def _golf_log(golf: Path, tmp_path: Path) -> Path:
    """The log of a golf game (every game is the same)."""
    from woa_core.report import gamelog

    source = read_rules(str(golf))
    rules = source.compile(3)
    game = new_game(rules, 0)
    log = gamelog.LogRecorder(gamelog.header(rules, 0, source, ["random"] * 3), game)
    loop.run(game, seated.bots(["random"] * 3, 0), [log])
    path = tmp_path / "golf.jsonl"
    log.write(str(path))
    return path


def test_the_viewer_and_the_play_page_say_who_leads_the_right_way_round(golf: Path, tmp_path: Path) -> None:
    from woa_core.draw.replay_html import trace, unfolded, viewer_data
    from woa_core.serve.app import game_state
    from woa_core.session import Session

    source = read_rules(str(golf))
    rules = source.compile(3)
    replayed, t = trace(_golf_log(golf, tmp_path), str(golf))
    steps = viewer_data(replayed, t, rules.pack.drawing.viewer(rules))["steps"]
    # before any stroke all tie; then [1, 0, 0]: p2 and p3 tie for the lead; [1, 1, 0]: p3 leads ...
    assert [s["lead"] for s in steps] == [-1, -1, 2, -1, -1, 2, 2]
    chart, rows = unfolded(replayed, t)
    assert "Score after each turn (the lowest wins)" in chart
    assert dict((label, value) for label, value, _ in rows)["winning margin"] == "1"

    session = Session(source, 3, 0, ["human", "human", "human"])
    assert game_state(session, "g")["leader"] is None  # 0 strokes each
    session.play("p1 swing")
    session.play("p2 swing")
    assert session.scores(None) == [1, 1, 0] and game_state(session, "g")["leader"] == 2  # the fewest lead


def test_the_viewer_page_says_who_leads(golf: Path, tmp_path: Path, watched: Any) -> None:
    """In the browser: the position line of the replay viewer names the leader, the fewest strokes."""
    from woa_core.draw.replay_html import viewer_html

    path = _golf_log(golf, tmp_path)
    page_file = tmp_path / "golf.html"
    page_file.write_text(viewer_html(path, str(golf)), encoding="utf-8")
    page = watched.page
    page.goto(page_file.as_uri())
    page.keyboard.press("End")
    assert page.inner_text("#position").endswith(" · p3 leads")  # [3, 4, 2]
    page.keyboard.press("Home")
    assert page.inner_text("#position").endswith(" · tied for the lead")


def test_a_direction_that_is_neither_is_refused_with_a_sentence(golf: Path, tmp_path: Path, capsys) -> None:
    """A pack declaring neither ``higher`` nor ``lower`` is refused as it loads, in a sentence
    (``woa validate`` and every command), and by the figures if it was made by hand."""
    pack = read_rules(str(golf)).compile(3).pack
    with pytest.raises(ValueError, match=r"the rule pack 'golf' sets score_wins='fewest': 'higher' or 'lower'"):
        lower_wins(replace(pack, score_wins="fewest"))
    fewest = tmp_path / "fewest"
    fewest.mkdir()
    for file in golf.iterdir():
        if file.is_file():
            text = file.read_text(encoding="utf-8").replace("golf", "fewest")
            (fewest / file.name.replace("golf", "fewest")).write_text(text, encoding="utf-8")
    module = fewest / "fewest.py"
    module.write_text(module.read_text(encoding="utf-8").replace('"lower"', '"fewest"'), encoding="utf-8")
    for command in (["validate", str(fewest)], ["simulate", "--rules", str(fewest), "--players", "3"]):
        assert main(command) == 1
        err = capsys.readouterr().err
        assert "the rule pack 'fewest' sets score_wins='fewest': 'higher' or 'lower'" in err and "Traceback" not in err


# ------------------------------------------------------------------ (c) what a legality check receives

LEGALITY = """
from woa_core.kernel.actions import Action
from woa_core.kernel.legality import Among, Legality, Limit, Listed, Needs, Valid


class Game:
    columns: list[int]


def free(game: Game, player: int, fresh: bool) -> list[int]:
    return [c for c, height in enumerate(game.columns) if height < 6]


def below_the_top(game: Game, player: int, fresh: bool, column: int) -> bool:
    return game.columns[column] < 5


def legal(game: Game, player: int) -> list[Action]:
    return [Action(player, "drop", c) for c in free(game, player, False)]


DROP = Legality(
    Valid(0, lambda game, c: isinstance(c, int), lambda game, p, c: f"there is no column {c!r}"),
    Limit(0, lambda game, p, fresh: bool(free(game, p, fresh)), "the board is full"),
    Among(0, free, lambda game, p, c: f"column {c} is full"),
    Limit(1, below_the_top, "that would reach the top"),
)
LISTED = Listed(legal, needs=(Needs(lambda game, p, c: c >= 0, lambda game, p, c: f"{c!r} is no column"),))
"""

WRONG = {
    # a limit that does not take fresh: two arguments where the listing passes three or more
    "Limit(0, lambda game, p, fresh: bool(free(game, p, fresh))": "Limit(0, lambda game, p: True",
    # a valid test that wants the player too: it is given the game and the value only
    "Valid(0, lambda game, c: isinstance(c, int)": "Valid(0, lambda game, p, c: isinstance(c, int)",
    # a sentence that is no string
    'lambda game, p, c: f"column {c} is full"': "lambda game, p, c: len(game.columns)",
    # a need whose test answers with a sentence
    "Needs(lambda game, p, c: c >= 0,": 'Needs(lambda game, p, c: "no",',
    # choices that are a count, not the values a level may take
    "Among(0, free,": "Among(0, lambda game, p, fresh: len(free(game, p, fresh)),",
}


def _mypy(tmp_path: Path, text: str) -> tuple[str, int]:
    """mypy's report on ``text`` and its exit status, with the repository's configuration (run from
    its root, where mypy finds woa_core)."""
    mypy_api = pytest.importorskip("mypy.api", reason="mypy checks the legality types (pip install mypy)")
    path = tmp_path / "drop.py"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    out, err, status = mypy_api.run(
        [
            "--config-file",
            str(ROOT / "pyproject.toml"),
            "--no-error-summary",
            "--cache-dir",
            str(tmp_path / "c"),
            str(path),
        ]
    )
    return out + err, status


def test_a_legality_of_the_documented_shapes_type_checks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    report, status = _mypy(tmp_path, LEGALITY)
    assert status == 0, report


@pytest.mark.parametrize("right", list(WRONG))
def test_a_legality_callable_of_the_wrong_shape_is_refused_by_mypy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, right: str
) -> None:
    monkeypatch.chdir(ROOT)
    assert LEGALITY.count(right) == 1
    report, status = _mypy(tmp_path, LEGALITY.replace(right, WRONG[right]))
    assert status == 1 and "drop.py:" in report and "has incompatible type" in report, report
