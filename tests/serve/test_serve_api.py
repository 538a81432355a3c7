"""``woa serve`` through its JSON API, over a real server (issue 16, part 1): a game started,
played, refused when stale, undone, saved as a log that ``woa replay`` replays, resumed from
that log; requests addressed to another name or sent from another site refused; no path a
request names is read; a rule pack beside its rules (the tiny race) plays through the same code."""

from __future__ import annotations

import json
from pathlib import Path

from tests.serve.servers import ROOT, Server, need_serve, serving
from woa_core.cli import build_parser, main

need_serve()


def _new(server: Server, **changes: object) -> str:
    body = {"ruleset": "west-of-africa", "players": 3, "seed": 11, "set": [], "seats": ["human", "heuristic", "random"]}
    status, answer = server.request("POST", "/api/games", {**body, **changes})
    assert status == 200, answer
    return str(answer["id"])


def test_it_listens_on_this_computer_only_unless_told() -> None:
    args = build_parser().parse_args(["serve"])
    assert args.host == "127.0.0.1"


def test_a_foreign_host_or_origin_is_refused(server: Server) -> None:
    port = server.url.rsplit(":", 1)[1].strip("/")
    assert server.request("GET", "/api/setup")[0] == 200
    assert server.request("GET", "/api/setup", headers={"Host": f"localhost:{port}"})[0] == 200
    status, text = server.request("GET", "/", headers={"Host": f"evil.example:{port}"})  # DNS rebinding
    assert status == 403 and "refused" in text
    status, text = server.request("GET", "/api/setup", headers={"Host": "127.0.0.1:1"})
    assert status == 403
    body = {"ruleset": "west-of-africa", "players": 3, "seed": 1, "seats": ["human", "random", "random"]}
    status, text = server.request("POST", "/api/games", body, headers={"Origin": "http://evil.example"})
    assert status == 403 and "another site" in text
    status, _ = server.request("POST", "/api/games", body, headers={"Origin": "null"})
    assert status == 403
    status, _ = server.request("POST", "/api/games", body, headers={"Origin": server.url.rstrip("/")})
    assert status == 200


def test_a_game_played_undone_saved_and_resumed(server: Server, tmp_path: Path, capsys) -> None:
    key = _new(server)
    status, state = server.request("GET", f"/api/games/{key}")
    assert status == 200 and state["person"] and state["decider"] == 0 and state["board"].startswith("<svg")
    assert state["build"]["verbs"] == [["select", 2379]]
    status, state = server.request("GET", f"/api/games/{key}?words=select,sell,tenerife")
    assert state["build"]["complete"] == ["p1 select tenerife sell"] and "cultivate" in state["build"]["next"]
    status, state = server.request("POST", f"/api/games/{key}/play", {"at": 0, "action": "select tenerife sell"})
    assert status == 200 and state["at"] == 1 and not state["person"]
    # a request made on a position the game has left is refused, nothing changes
    status, answer = server.request("POST", f"/api/games/{key}/play", {"at": 0, "action": "select minus"})
    assert status == 409 and "moved on" in answer["error"]
    for at in (1, 2):
        status, state = server.request("POST", f"/api/games/{key}/bot", {"at": at})
        assert status == 200 and state["at"] == at + 1
    assert [h["text"] for h in state["history"]][1:] == [
        "p2 select (secret until the round is over)",
        "p3 select (secret until the round is over)",
    ]
    status, answer = server.request("POST", f"/api/games/{key}/play", {"at": 3, "action": "fly away"})
    assert status == 400 and "unknown verb 'fly'" in answer["error"]
    status, state = server.request("POST", f"/api/games/{key}/undo", {"at": 3, "to": 1})
    assert status == 200 and state["at"] == 1
    status, again = server.request("POST", f"/api/games/{key}/bot", {"at": 1})
    assert status == 200 and again["at"] == 2
    status, log = server.request("GET", f"/api/games/{key}/log")
    assert status == 200 and json.loads(log.splitlines()[-1]) == {"unfinished": {"actions": 2, "where": "round 1"}}
    path = tmp_path / "saved.jsonl"
    path.write_text(log, encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    assert "replayed 2 actions of an unfinished game" in capsys.readouterr().out
    status, answer = server.request("POST", "/api/games/resume?name=saved.jsonl", log, raw=True)
    assert status == 200
    status, resumed = server.request("GET", f"/api/games/{answer['id']}")
    assert resumed["at"] == 2 and [s["who"] for s in resumed["seats"]] == ["human", "heuristic", "random"]
    # the same position gets the same bot move (bots are made from the position)
    status, after = server.request("POST", f"/api/games/{answer['id']}/bot", {"at": 2})
    status, before = server.request("POST", f"/api/games/{key}/bot", {"at": 2})
    assert after["history"][-1]["text"] == before["history"][-1]["text"]


def test_a_hint_gives_win_chances(server: Server) -> None:
    key = _new(server, seed=4)
    status, answer = server.request("POST", f"/api/games/{key}/hint", {"at": 0, "iterations": 12})
    assert status == 200, answer
    hint = answer["hint"]
    assert hint["best"].startswith("p1 select ") and sum(c["trials"] for c in hint["candidates"]) == 12
    assert all(0 <= c["low"] <= c["wins"] <= c["high"] <= 1 for c in hint["candidates"])
    status, answer = server.request("POST", f"/api/games/{key}/hint", {"at": 0, "iterations": 10**9})
    assert status == 400 and "iterations" in answer["error"]


def test_a_hints_progress_is_the_searchs_own_count_and_a_cancel_stops_it(server: Server) -> None:
    """issue 38.5: while a hint searches, ``/hint/progress`` says how many rollouts its process has
    done of those asked, growing; a cancel stops it (the hint answers 409, the game unchanged) and
    the progress says nothing is searched any more."""
    import threading
    import time

    key = _new(server, seed=4)
    assert server.request("GET", f"/api/games/{key}/hint/progress") == (
        200,
        {"searching": False, "done": 0, "asked": 0},
    )
    answered: list[tuple[int, object]] = []
    asking = threading.Thread(
        target=lambda: answered.append(server.request("POST", f"/api/games/{key}/hint", {"at": 0, "iterations": 600}))
    )
    asking.start()
    seen: list[int] = []
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and (len(seen) < 2 or seen[-1] <= seen[0]):
        status, now = server.request("GET", f"/api/games/{key}/hint/progress")
        assert status == 200
        if now["searching"] and now["done"]:
            assert now["asked"] == 600 and 0 < now["done"] < 600
            seen.append(now["done"])
        time.sleep(0.05)
    assert len(seen) >= 2 and seen[-1] > seen[0], seen  # counted by the search as it goes
    assert server.request("POST", f"/api/games/{key}/hint/cancel", {})[1] == {"cancelled": True}
    asking.join(30)
    status, refused = answered[0]
    assert status == 409 and "cancelled" in refused["error"]  # type: ignore[index]
    assert server.request("GET", f"/api/games/{key}/hint/progress")[1]["searching"] is False
    assert server.request("GET", f"/api/games/{key}")[1]["at"] == 0


def test_bad_requests_are_sentences_and_no_path_is_read(server: Server) -> None:
    secret = ROOT / "rules" / "variants" / "rich-islands.yaml"
    for ruleset in (str(secret), "../rules/variants/rich-islands.yaml", "/etc/passwd"):
        status, answer = server.request(
            "POST", "/api/games", {"ruleset": ruleset, "players": 3, "seed": 1, "seats": ["human"] * 3}
        )
        assert status == 400 and answer["error"] == "choose a ruleset the server offers"
    status, answer = server.request("GET", "/api/rules/..%2F..%2Fetc%2Fpasswd")
    assert status == 404
    status, answer = server.request("POST", "/api/games/resume", "/etc/passwd", raw=True)
    assert status == 400 and answer["error"].startswith("the log:1: not valid JSON")
    status, answer = _try(server, players=7)
    assert status == 400 and "is for 2, 3, 4, 5 players, not 7" in answer["error"]
    status, answer = _try(server, seats=["human", "nobody", "random"])
    assert status == 400 and "not 'nobody'" in answer["error"] and "(random, mcts, heuristic" in answer["error"]
    status, answer = _try(server, set=["economy.gold.cap=0"])
    assert status == 400 and "--set economy.gold.cap=0" in answer["error"]
    status, answer = server.request("GET", "/api/games/no-such-game")
    assert status == 404 and "resume it from its log" in answer["error"]
    status, answer = server.request("POST", "/api/games", "not json", raw=True)
    assert status == 400 and answer["error"].startswith("the request is not JSON the server reads: the request:1:1")


def _try(server: Server, **changes: object) -> tuple[int, dict]:
    body = {"ruleset": "west-of-africa", "players": 3, "seed": 1, "set": [], "seats": ["human", "random", "random"]}
    return server.request("POST", "/api/games", {**body, **changes})


def test_a_pack_beside_its_rules_plays_through_the_same_server(tmp_path: Path) -> None:
    """The tiny pack of docs/rule-packs.md (a drawing in a second file, no turn flow, no click
    targets) through woa serve: a person and a bot play it to the end by the builder's whole
    actions; its log replays."""
    race = ROOT / "docs" / "rule-packs" / "race"
    with serving(["--rules", str(race)], cwd=tmp_path) as server:
        status, setup = server.request("GET", "/api/setup")
        first = setup["rulesets"][0]
        assert first["key"] == "given-0" and first["counts"] == [2, 3, 4] and first["bots"] == ["random", "mcts"]
        status, rules = server.request("GET", "/api/rules/given-0?players=2")
        assert rules["problems"] == [] and rules["board"].startswith("<svg") and "well" in rules["board"]
        status, answer = server.request(
            "POST", "/api/games", {"ruleset": "given-0", "players": 2, "seed": 3, "seats": ["human", "random"]}
        )
        key = answer["id"]
        state = server.request("GET", f"/api/games/{key}")[1]
        while not state["over"]:
            if state["person"]:
                verb = state["build"]["verbs"][0][0]
                words = [verb]
                built = server.request("GET", f"/api/games/{key}?words={verb}")[1]["build"]
                while not built["complete"]:
                    words.append(built["next"][0])
                    built = server.request("GET", f"/api/games/{key}?words={','.join(words)}")[1]["build"]
                status, state = server.request(
                    "POST", f"/api/games/{key}/play", {"at": state["at"], "action": built["complete"][0]}
                )
            else:
                status, state = server.request("POST", f"/api/games/{key}/bot", {"at": state["at"]})
            assert status == 200, state
        assert state["summary"][1].startswith("  1. p") and state["board"].startswith("<svg") and state["text"]
        status, log = server.request("GET", f"/api/games/{key}/log")
        path = tmp_path / "race.jsonl"
        path.write_text(log, encoding="utf-8")
        assert main(["replay", str(path), "--rules", str(race)]) == 0


def test_africa_in_the_browser_game(server: Server) -> None:
    """Africa through woa serve (issue 15): the hex map as the board, the cities and fields an
    action's next word may name are on it (``Drawing.places``), the last action's words named."""
    key = _new(server, ruleset="africa", players=2, seats=["human", "random"])
    state = server.request("GET", f"/api/games/{key}")[1]
    assert state["places"] == ["data-field", "data-city"] and 'class="board africa"' in state["board"]
    built = server.request("GET", f"/api/games/{key}?words=start")[1]["build"]
    assert built["next"] == ["tangier", "alexandria", "dakar", "mombasa", "cape_town"]
    assert all(f'data-city="{city}"' in state["board"] for city in built["next"])
    status, state = server.request("POST", f"/api/games/{key}/play", {"at": 0, "action": "start dakar"})
    assert status == 200 and state["last"]["marks"] == ['[data-field="dakar"]', '[data-city="dakar"]']
    status, state = server.request("POST", f"/api/games/{key}/bot", {"at": 1})
    assert status == 200 and state["person"]
    walk = server.request("GET", f"/api/games/{key}?words=walk")[1]["build"]["next"]
    assert walk and all(f'data-field="{field}"' in state["board"] for field in walk)


def test_the_last_action_is_marked_where_the_replay_viewer_marks_it(tmp_path: Path) -> None:
    """The board of woa serve marks the last action with the replay viewer's selectors
    (``woa_core.report.drawing.marked``): West of Africa's ``Drawing.marks`` marks the island a
    ship loads at and the very space cultivated, which the action's words do not name."""
    from woa_core.draw.replay_html import trace, viewer_data
    from woa_core.rules import read_rules
    from woa_core.serve.app import game_state
    from woa_core.session import Session

    session = Session(read_rules("west-of-africa"), 3, 7, ["human", "heuristic", "heuristic"])
    marks = []
    while len(session.actions) < 120:
        if session.decider() == 0:
            words = [session.build([]).verbs[0][0]]
            while not (built := session.build(words)).complete:
                words.append(built.next[0])
            session.play(built.complete[0])
        else:
            session.bot_move()
        marks.append(game_state(session, "k")["last"]["marks"])
    log = tmp_path / "game.jsonl"
    log.write_text(session.log_text(), encoding="utf-8")
    replayed, t = trace(log)
    steps = viewer_data(replayed, t, t.rules.pack.drawing.viewer(t.rules))["steps"]
    assert marks == [step["m"] for step in steps[1:]]
    texts = session.actions
    spaces = [m for m, text in zip(marks, texts, strict=True) if " cultivate " in text]
    assert spaces and all(any(s.startswith('[data-space="') for s in m) for m in spaces)
    loads = [m for m, text in zip(marks, texts, strict=True) if " load " in text]
    assert loads and all(m and m[0].startswith('[data-island="') for m in loads)
