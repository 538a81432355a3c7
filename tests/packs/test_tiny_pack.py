"""The tiny rule pack of docs/rule-packs.md (Race to the well, in docs/rule-packs/race/) runs through
the kernel's tools from its own folder: validate, rules show, the game loop with random bots, check
(with a broken copy caught), scenario, a log and its replay, and PettingZoo's api_test (issue 14,
items 4 and 5). No line of woa_core names it."""

from __future__ import annotations

import json
import random
import re
import shutil
from pathlib import Path

import pytest

from woa_core.bots import seated
from woa_core.check.runner import play_checked
from woa_core.check.scenario import load_scenario, run_scenario
from woa_core.cli import main
from woa_core.errors import ScenarioError
from woa_core.kernel import loop
from woa_core.kernel.contract import new_game
from woa_core.kernel.notation import format_action, parse_action
from woa_core.report import gamelog
from woa_core.rules import read_rules

ROOT = Path(__file__).resolve().parents[2]
RACE = ROOT / "docs" / "rule-packs" / "race"


def _race(players: int):
    return read_rules(str(RACE)).compile(players)


def test_the_pack_is_tiny_and_no_line_of_woa_core_names_it() -> None:
    assert len((RACE / "race.py").read_text(encoding="utf-8").splitlines()) <= 150
    naming = re.compile(r"rule-packs/race|woa_pack_race|race\.py|[\"']race[\"']")
    offenders = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in sorted((ROOT / "woa_core").rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if naming.search(line)
    ]
    assert not offenders


def test_validate_and_rules_show_from_its_own_folder(monkeypatch, capsys) -> None:
    monkeypatch.chdir(RACE)
    assert main(["validate", "--rules", "."]) == 0
    assert capsys.readouterr().out.startswith(".: valid for 2, 3, 4 players (rules race, hash ")
    assert main(["rules", "show", "--rules", ".", "--players", "2", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["ruleset"]["pack"] == "race" and shown["cards"]["hand"] == 3  # the 2-player overlay
    assert main(["rules", "show", "--rules", ".", "--players", "4", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["cards"]["hand"] == 2


def _broken_copy(tmp_path: Path, file: str, old: str, new: str) -> str:
    copy = tmp_path / "race"
    shutil.copytree(RACE, copy, ignore=shutil.ignore_patterns("scenarios", "__pycache__"))
    text = (copy / file).read_text(encoding="utf-8")
    assert old in text
    (copy / file).write_text(text.replace(old, new), encoding="utf-8")
    return str(copy)


def test_validate_refuses_a_goal_no_path_reaches_at_its_line(tmp_path, capsys) -> None:
    broken = _broken_copy(tmp_path, "board.yaml", "  gorge: [well]\n  stream: [well]\n", "  gorge: [stream]\n")
    assert main(["validate", "--rules", broken]) == 1
    assert re.search(r"race/board\.yaml:7:7: 'well' is on no path \(at board\.goal\)", capsys.readouterr().err)


def test_validate_refuses_a_deck_too_small_for_four_players(tmp_path, capsys) -> None:
    broken = _broken_copy(tmp_path, "cards.yaml", "deck: [1, 1, 1, 1, 1, 1, 2,", "deck: [")
    assert main(["validate", "--rules", broken]) == 1
    err = capsys.readouterr().err
    assert re.search(r"race/cards\.yaml:\d+:7: 7 cards cannot deal 2 to each of 4 players \(with 4 players\)", err)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_bots_finish_every_game_reproducibly(players: int) -> None:
    rules = _race(players)
    endings, rankings = set(), []
    for seed in range(30):
        game = new_game(rules, seed)
        endings.add(loop.run(game, seated.bots(["random"] * players, seed)))
        assert sorted(game.state.ranking) == list(range(players)) and game.deciders() == []
        rankings.append(game.state.ranking)
    assert endings == {loop.Ending.OVER}
    assert len({tuple(r) for r in rankings}) > 1  # not one fixed outcome
    again = new_game(rules, 7)
    loop.run(again, seated.bots(["random"] * players, 7))
    assert again.state.ranking == rankings[7]


def test_the_hidden_cards_stay_hidden() -> None:
    """p1's view holds its own hand, the others' hand sizes and the deck's size; a game sampled
    from it keeps what p1 saw and deals the unseen cards anew."""
    game = new_game(_race(3), seed=2)
    view = game.observation(0).to_json()
    assert view["hand"] == game.state.hands[0] and view["held"] == [2, 2, 2] and view["deck"] == 8
    assert "hands" not in view and str(game.state.deck) not in json.dumps(view)
    samples = [type(game).determinize(game.observation(0), random.Random(k)) for k in range(20)]
    assert all(s.observation(0).to_json() == view for s in samples)
    assert len({json.dumps([s.state.hands[1:], s.state.deck]) for s in samples}) > 10


def test_check_runs_every_invariant_and_reports_coverage(capsys) -> None:
    assert main(["check", "--rules", str(RACE), "--games", "30", "--coverage", "--workers", "1", "--json"]) == 0
    outcome = json.loads(capsys.readouterr().out)
    assert outcome["invariants"] == [
        "cards_conserved",
        "has_legal_action",
        "state_round_trips",
        "views_hide_hidden",
        "views_keep_secrets",
        "illegal_actions_refused",
        "notation_round_trips",
    ]
    assert outcome["violation"] is None and outcome["games"] == {"2": 30, "3": 30, "4": 30}
    assert outcome["coverage"]["3"]["verbs"]["seen"]["run"] > 30


def _leaky(game_class):
    original = game_class.observation

    def observation(self, player):  # the view shows the next player's hand too: a leak
        view = original(self, player)
        view._fields["next_hand"] = self.state.hands[(player + 1) % self.rules.players][:]
        return view

    return "observation", observation


def _sloppy(game_class):
    original = game_class.apply_legal

    def apply_legal(self, action):  # the card played stays in the hand as well
        original(self, action)
        self.state.hands[action[0]].append(action[2])

    return "apply_legal", apply_legal


@pytest.mark.parametrize(("invariant", "bug"), [("views_hide_hidden", _leaky), ("cards_conserved", _sloppy)])
def test_check_catches_a_broken_pack(invariant, bug, monkeypatch, tmp_path, capsys) -> None:
    """A bug in the pack's code is caught by the kernel's invariant or by the pack's own, shrunk
    to a counterexample scenario that fails while the bug is there and passes once it is gone."""
    game_class = _race(3).pack.game
    monkeypatch.setattr(game_class, *bug(game_class))
    out = tmp_path / "counterexample.yaml"
    assert main(["check", "--rules", str(RACE), "--players", "3", "--games", "5", "--out", str(out)]) == 1
    assert f"invariant '{invariant}' failed" in capsys.readouterr().err
    assert main(["scenario", str(out)]) == 1
    monkeypatch.undo()
    assert main(["scenario", str(out)]) == 0


def test_its_scenario_passes_and_a_wrong_one_fails_at_its_line(tmp_path) -> None:
    scenario = RACE / "scenarios" / "first-to-the-well.yaml"
    assert run_scenario(load_scenario(scenario)).passed
    text = scenario.read_text(encoding="utf-8").replace("rules: ..", f"rules: {RACE}")
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(text.replace("at: {p1: rock, p2: well}", "at: {p1: dune, p2: well}"), encoding="utf-8")
    result = run_scenario(load_scenario(wrong))
    assert not result.passed and re.search(r"wrong\.yaml:\d+: at\.p1: expected 'dune', got 'rock'", result.message)
    badly_set = tmp_path / "badly-set.yaml"
    badly_set.write_text(text.replace("at: {p2: canyon}", "at: {p2: moon}"), encoding="utf-8")
    result = run_scenario(load_scenario(badly_set))
    assert not result.passed and "'moon' is not a place (one of: camp," in result.message
    unknown = tmp_path / "unknown.yaml"
    unknown.write_text(text.replace("at: {p2: canyon}", "gold: {p2: 3}"), encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"unknown\.yaml:\d+:\d+: unknown key 'gold' \(allowed: at, complete\)"):
        load_scenario(unknown)


def test_a_log_replays_with_its_rules_and_says_how_to_find_them_without(tmp_path, capsys) -> None:
    source = read_rules(str(RACE))
    rules = source.compile(3)
    game = new_game(rules, 5)
    recorder = gamelog.LogRecorder(gamelog.header(rules, 5, source, ["random"] * 3), game)
    loop.run(game, seated.bots(["random"] * 3, 5), [recorder])
    log = tmp_path / "race.jsonl"
    recorder.write(log)
    assert main(["replay", str(log), "--rules", str(RACE), "--json"]) == 0
    replayed = json.loads(capsys.readouterr().out)
    assert replayed["ranking"] == [f"p{p + 1}" for p in game.state.ranking] and replayed["turns"] == game.state.turn
    assert main(["replay", str(log)]) == 1  # the log embeds the rules, not the pack's code
    err = capsys.readouterr().err
    assert "no rule pack 'race'" in err and "give the rules with --rules DIR" in err
    lines = log.read_text(encoding="utf-8").splitlines()
    first = json.loads(lines[1])[0]
    texts = [format_action(rules, a) for a in new_game(rules, 5).legal_actions()]
    other = next(text for text in texts if text != first)
    lines[1] = json.dumps([other, json.loads(lines[1])[1]])
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["replay", str(log), "--rules", str(RACE)]) == 1
    assert f"{log}:2: the game differs from the log from this line on" in capsys.readouterr().err


def test_every_legal_action_reads_back_from_its_text() -> None:
    rules = _race(4)
    game = new_game(rules, 3)
    while not game.over:
        legal = game.legal_actions()
        assert all(parse_action(rules, format_action(rules, a)) == a for a in legal)
        game.apply(legal[len(legal) // 2])


@pytest.mark.parametrize("players", [2, 4])
def test_pettingzoo_api_test(players: int) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from woa_core.pettingzoo import action_table, env

    e = env(players=players, rules=str(RACE))
    for agent in e.possible_agents:
        e.action_space(agent).seed(players)
    api_test(e, num_cycles=300)
    table = action_table(_race(players))
    assert ("run", 3, 0) in table and len(table) == 3 * len(_race(players).places)


def test_violations_of_the_tiny_pack_run_its_own_and_the_kernels_invariants() -> None:
    violation, game = play_checked(_race(2), seed=4)
    assert violation is None and game.over
    game.state.deck.append(9)
    from woa_core.check.invariants import violations

    assert [name for name, _ in violations(game.rules, game.state, None)] == ["cards_conserved"]


def test_the_docs_example_writes_a_log_that_replays(tmp_path, monkeypatch, capsys) -> None:
    """docs/rule-packs.md's Python example, run in a copy of the pack's folder."""
    docs = (ROOT / "docs" / "rule-packs.md").read_text(encoding="utf-8")
    example = re.search(r"```python\n(.*?)```", docs, re.S).group(1)
    folder = tmp_path / "race"
    shutil.copytree(RACE, folder, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.chdir(folder)
    exec(compile(example, "docs/rule-packs.md", "exec"), {})
    assert main(["replay", "race.jsonl", "--rules", "."]) == 0
    assert capsys.readouterr().out.startswith("race.jsonl: replayed 14 actions; the log matches\n  1. p1\n")


def test_simulate_compare_and_tournament_run_it_from_its_own_folder(monkeypatch, capsys) -> None:
    """Issue 14, item 4: the figures' tools and the search bot on a pack the kernel does not name."""
    monkeypatch.chdir(RACE)
    assert (
        main(
            [
                "simulate",
                "--rules",
                ".",
                "--players",
                "3",
                "--games",
                "12",
                "--bots",
                "random",
                "--workers",
                "1",
                "--quiet",
                "--json",
            ]
        )
        == 0
    )
    report = json.loads(capsys.readouterr().out)
    stats = report["stats"]
    assert report["manifest"]["rules"] == "race" and stats["games"] == 12
    assert sum(seat["wins"] for seat in stats["wins_by_seat"]) == 12
    assert (
        main(
            [
                "compare",
                ".",
                ".",
                "--players",
                "2",
                "--games",
                "10",
                "--bots",
                "random",
                "--workers",
                "1",
                "--quiet",
                "--json",
            ]
        )
        == 0
    )
    assert json.loads(capsys.readouterr().out)["rows"]
    assert (
        main(
            [
                "tournament",
                "random",
                "mcts:iterations=4",
                "--rules",
                ".",
                "--players",
                "2",
                "--games",
                "4",
                "--workers",
                "1",
                "--json",
            ]
        )
        == 0
    )
    assert "ratings" in json.loads(capsys.readouterr().out)


def test_value_forbids_its_verb_places_and_cards(monkeypatch, capsys) -> None:
    """Restricted play over what the pack declares: its step verb, and each value of the argument
    kinds that are components (its places and step cards), one bot forbidden each."""
    monkeypatch.chdir(RACE)
    argv = ["value", "--rules", ".", "--players", "2", "--games", "6", "--bot", "random", "--workers", "1", "--json"]
    assert main(argv) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    rules = _race(2)
    expected = {("action", "run")} | {("place", p) for p in rules.places} | {("card", str(v)) for v in set(rules.deck)}
    assert {(r["kind"], r["id"]) for r in rows} == expected
    assert all(r["games"] == 6 for r in rows)
    # forbidding the only verb leaves nothing to play: the restriction yields, an unrestricted game
    assert main([*argv[:-1], "--only", "action,card", "--quiet"]) == 0
    assert "(choose from" not in capsys.readouterr().err
    assert main([*argv, "--only", "island"]) == 2
    assert "--only: island (choose from action, card, place)" in capsys.readouterr().err


def test_a_bot_forbidden_a_place_never_runs_there() -> None:
    from woa_core.bots import make_bots
    from woa_core.eval.restricted import restricted_spec

    rules = _race(2)
    oasis = rules.places.index("oasis")
    for seed in range(6):
        game = new_game(rules, seed)
        bots = make_bots([restricted_spec("random", "place", "oasis"), "random"], seed, pack=rules.pack)
        while not game.over:
            seat = game.deciders()[0]
            action = bots[seat].choose(game.observation(seat), game.legal_actions(seat))
            if seat == 0 and bots[0].yielded == 0:
                assert action[3] != oasis
            game.apply(action)


def test_a_pack_name_never_imports_a_module_that_is_no_installed_pack(tmp_path, capsys) -> None:
    """A rules file (or a log embedding one) that names a module is data: `pack: this` must not
    import Python's `this` (which prints the Zen of Python), only say that no such pack exists."""
    broken = _broken_copy(tmp_path, "ruleset.yaml", "pack: race", "pack: this")
    assert main(["validate", "--rules", broken]) == 1
    printed = capsys.readouterr()
    assert "no rule pack 'this': not bundled with woa, not beside the ruleset, not installed" in printed.err
    assert "Beautiful is better" not in printed.out + printed.err


def test_sweep_runs_it_from_a_space_file(tmp_path, capsys) -> None:
    """Issue 14: sweep plays a space of the tiny pack's own numbers (its hand size at 3 players)."""
    space = tmp_path / "space.yaml"
    space.write_text(
        f"name: race-hand\nrules: {RACE}\nplayers: 3\ngames: 6\nseed: 1\nbots: [random]\n"
        "parameters:\n  cards.hand: [2, 3]\n",
        encoding="utf-8",
    )
    assert main(["sweep", str(space), "--out", str(tmp_path / "out"), "--quiet"]) == 0
    results = json.loads((tmp_path / "out" / "results.json").read_text(encoding="utf-8"))
    assert [r["values"]["cards.hand"] for r in sorted(results["ranking"], key=lambda r: r["point"])] == [2, 3]
    assert {r["games"] for r in results["ranking"]} == {6}
    capsys.readouterr()


def test_board_and_the_replay_viewer_draw_it(tmp_path, monkeypatch, capsys) -> None:
    """Its drawing (drawing.py beside race.py): woa board, replay --svg, --at and --html."""
    monkeypatch.chdir(RACE)
    board = tmp_path / "board.svg"
    assert main(["board", "--rules", ".", "--players", "3", "-o", str(board)]) == 0
    empty = board.read_text(encoding="utf-8")
    assert empty.startswith("<svg") and empty.count("<circle") == len(_race(3).places) and 'class="runner"' not in empty
    logs = tmp_path / "logs"
    simulate = ["simulate", "--rules", ".", "--players", "3", "--games", "1", "--bots", "random", "--quiet"]
    assert main([*simulate, "--log-dir", str(logs)]) == 0
    log = str(logs / "game-000000.jsonl")
    assert main(["replay", log, "--rules", ".", "--svg", str(tmp_path / "end.svg")]) == 0
    assert (tmp_path / "end.svg").read_text(encoding="utf-8").count('class="runner"') == 3
    capsys.readouterr()
    assert main(["replay", log, "--rules", ".", "--at", "0"]) == 0
    text = capsys.readouterr().out
    assert "before the first action" in text and "p3 at camp, 5 paths from the well" in text
    assert main(["replay", log, "--rules", ".", "--html", str(tmp_path / "viewer.html")]) == 0
    page = (tmp_path / "viewer.html").read_text(encoding="utf-8")
    data = json.loads(re.search(r'<script type="application/json" id="data">(.*?)</script>', page, re.S).group(1))
    lines = Path(log).read_text(encoding="utf-8").splitlines()  # the header, the actions, the result
    assert len(data["steps"]) == len(lines) - 1  # the start, then each action
    assert " VP" not in page.split("<main", 1)[0]  # the race has no score but its ranking
