"""Logs written by older versions of woa replay in this one (issue 37.12: a saved game stops
replaying when the bundled rules change).

``tests/logs/COMMIT/`` holds logs written by the woa of that commit, from its own folder
(``PYTHONPATH=. python cli.py simulate --games 1 --workers 1 --log-dir DIR`` with ``random`` or
``heuristic`` bots; ``play --log`` ended by ``quit`` for the unfinished ones): 9c46eb0 (before
the kernel refactor; West of Africa only), 357e099 (the short-lived rules whose flow listed the
action steps), bcf668a (Africa's first rules) and 3bdbc69 (both games). Each replays with every
running check and its result line matching.
"""

from __future__ import annotations

import base64
import json
import tomllib
import zlib
from pathlib import Path

import pytest

from woa_core.cli import main
from woa_core.errors import LogError
from woa_core.kernel.contract import new_game
from woa_core.kernel.notation import parse_action
from woa_core.report import gamelog
from woa_core.rules import bundled_rulesets, read_rules
from woa_core.rules.digest import content_hash
from woa_core.rules.history import archived_document, archived_hashes, history_dir, upgraded

REPO = Path(__file__).resolve().parents[1]
LOGS = REPO / "tests" / "logs"
FINISHED = sorted(p for p in LOGS.glob("*/*.jsonl") if not p.name.endswith("-quit.jsonl"))
UNFINISHED = [LOGS / "3bdbc69" / "west-of-africa-2p-quit.jsonl", LOGS / "3bdbc69" / "africa-2p-quit.jsonl"]
ADD_TO_ARCHIVE = "python -m woa_core.rules.history"


def _id(path: Path) -> str:
    return path.relative_to(LOGS).as_posix()


def test_the_old_logs_are_there() -> None:
    """The corpus covers both commits the issue names, both games, 2 and 4 players, a variant."""
    names = {_id(p) for p in FINISHED}
    assert {
        "9c46eb0/west-of-africa-2p.jsonl",
        "9c46eb0/west-of-africa-4p.jsonl",
        "9c46eb0/rich-islands-3p.jsonl",
        "3bdbc69/west-of-africa-2p.jsonl",
        "3bdbc69/west-of-africa-4p.jsonl",
        "3bdbc69/africa-3p.jsonl",
    } <= names


@pytest.mark.parametrize("path", FINISHED, ids=_id)
def test_an_old_finished_log_replays(path: Path) -> None:
    """issue 37.12: a finished game logged by an older woa replays, every check matching (main at
    3bdbc69 refused the 9c46eb0 logs: 'the log was made under rules with hash 922b76fbb0188bcc,
    but the rules 'west-of-africa' hash to 1e8fb1698bc9b606')."""
    lines = path.read_text(encoding="utf-8").splitlines()
    replayed = gamelog.replay(path)
    assert replayed.finished and replayed.game.over
    assert replayed.actions == len(lines) - 2
    assert gamelog.result(replayed.game)["result"] == json.loads(lines[-1])["result"]


@pytest.mark.parametrize("path", UNFINISHED, ids=_id)
def test_an_old_unfinished_log_replays(path: Path) -> None:
    """issue 37.12: a game a person quit under 3bdbc69 replays to where it stopped."""
    replayed = gamelog.replay_text(path.read_text(encoding="utf-8"), path.name)
    assert not replayed.finished and not replayed.game.over
    assert replayed.actions == json.loads(path.read_text(encoding="utf-8").splitlines()[-1])["unfinished"]["actions"]


def test_the_cli_replays_a_9c46eb0_log(capsys: pytest.CaptureFixture[str]) -> None:
    """issue 37.12: ``woa replay`` of a 9c46eb0 log of the bundled rules exits 0."""
    assert main(["replay", str(LOGS / "9c46eb0" / "west-of-africa-4p.jsonl")]) == 0
    assert "the log matches" in capsys.readouterr().out


def test_a_9c46eb0_quit_log_is_refused_as_9c46eb0_refused_it() -> None:
    """A game quit under 9c46eb0 was logged without an end line, which its own replay refused as
    truncated: it is refused the same way (an unfinished game and a cut file look alike)."""
    with pytest.raises(LogError, match=r":7: the log ends without a result line \(truncated\?\)"):
        gamelog.replay(LOGS / "9c46eb0" / "west-of-africa-2p-quit.jsonl")


def test_a_game_resumed_from_an_old_log_goes_on_under_its_rules() -> None:
    """issue 37.12: ``source_of`` an old log gives rules whose log of the same game replays."""
    path = LOGS / "9c46eb0" / "rich-islands-3p.jsonl"
    replayed = gamelog.replay(path)
    source = gamelog.source_of(replayed)
    again = gamelog.record_game(
        source.compile(3), replayed.header["seed"], source, replayed.header["bots"], replayed.texts
    )
    assert gamelog.replay_text(again.text()).game.over


def test_a_new_log_carries_its_rules_packed() -> None:
    """issue 37.12: a log of bundled rules carries their document, which hashes to its rules_hash."""
    source = read_rules("west-of-africa")
    log = gamelog.record_game(source.compile(2), 3, source, ["random", "random"], [])
    head = json.loads(log.lines()[0])
    assert content_hash(gamelog.unpack_document(head["rules_packed"], "the log")) == head["rules_hash"]


def _log_with_rules(document: dict) -> list[str]:
    """The 2-player game of a 3bdbc69 log, logged again with ``document`` as the rules its header
    carries and every check recomputed (a forger's best effort)."""
    lines = (LOGS / "3bdbc69" / "west-of-africa-2p.jsonl").read_text(encoding="utf-8").splitlines()
    old = json.loads(lines[0])
    source = read_rules("west-of-africa")
    rules = source.compile(2)
    head = gamelog.header(rules, old["seed"], source, old["bots"])
    head["rules_packed"] = gamelog.pack_document(document)
    game = new_game(rules, old["seed"])
    recorder = gamelog.LogRecorder(head, game)
    for line in lines[1:-1]:
        text = json.loads(line)[0]
        game.apply(parse_action(rules, text))
        recorder.add(text)
    return recorder.lines()


def test_a_log_whose_carried_rules_were_changed_is_refused() -> None:
    """issue 37.12: rules in the header that do not hash to its rules_hash are refused (even with
    the header's check recomputed), so a log cannot be replayed under rules it did not name."""
    document = read_rules("west-of-africa").document
    richer = json.loads(json.dumps(document))
    richer["economy"]["gold"]["start"] = 40
    with pytest.raises(LogError, match=r"the log:1: the rules the log carries hash to \w+, but its header says"):
        gamelog.replay_text("\n".join(_log_with_rules(richer)), "the log")
    assert gamelog.replay_text("\n".join(_log_with_rules(document)), "the log").game.over


@pytest.mark.parametrize(
    ("packed", "words"),
    [
        ("not base64!", "is not packed rules"),
        (base64.b64encode(b"not zlib").decode(), "is not packed rules"),
        (base64.b64encode(zlib.compress(b"[1, 2]")).decode(), "not a rules document"),
        (base64.b64encode(zlib.compress(b'{"a": 1, "a": 2}')).decode(), "is given twice"),
        (base64.b64encode(zlib.compress(b" " * 5_000_000)).decode(), "unpack to more than"),
    ],
)
def test_packed_rules_that_are_not_rules_are_a_sentence(packed: str, words: str) -> None:
    """issue 37.12: a damaged ``rules_packed`` is a located sentence (and a zip bomb is stopped)."""
    lines = _log_with_rules({})
    head = json.loads(lines[0])
    head.pop("check")
    head["rules_packed"] = packed
    head["check"] = gamelog.header_check(head)
    with pytest.raises(LogError, match="the log:1: ") as caught:
        gamelog.replay_text("\n".join([json.dumps(head), *lines[1:]]), "the log")
    assert words in str(caught.value)


def test_bundled_rules_of_an_unknown_hash_are_refused_with_a_sentence() -> None:
    """A log of bundled rules named by a hash no woa shipped (and not carried) is refused."""
    lines = (LOGS / "3bdbc69" / "west-of-africa-2p.jsonl").read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    head.pop("check")
    head["rules_hash"] = "0123456789abcdef"
    head["check"] = gamelog.header_check(head)
    with pytest.raises(LogError, match="no version of woa shipped"):
        gamelog.replay_text("\n".join([json.dumps(head), *lines[1:]]), "the log")


@pytest.mark.parametrize("name", bundled_rulesets())
def test_every_bundled_ruleset_is_archived(name: str) -> None:
    """issue 37.12: today's bundled rules are in the archive, so the logs written today that name
    them by hash replay once they change. A failure means a bundled ruleset changed: archive it
    (and commit the new file under rules/history/)."""
    source = read_rules(name)
    archived = archived_document(source.content_hash)
    assert archived is not None, f"the rules '{name}' ({source.content_hash}) are not archived: run '{ADD_TO_ARCHIVE}'"
    assert content_hash(archived) == source.content_hash


def test_the_archive_holds_every_ruleset_logs_of_format_2_name() -> None:
    """issue 37.12: each hash of bundled rules a log of format 2 (since 73e2ec6) can name is archived:
    West of Africa at 9c46eb0 (922b76…), 357e099 (f24233…) and now (1e8fb1…), Africa at b65d6f7
    (c19f40…) and now (ec8ac3…); and each upgrades to today's rules of its game."""
    today = {read_rules(name).content_hash for name in bundled_rulesets()}
    older = {"922b76fbb0188bcc", "f24233fa65096c53", "c19f4085bcdc81fa"}
    assert older | today <= set(archived_hashes())
    for digest in older:
        document = archived_document(digest)
        assert document is not None and content_hash(upgraded(document)) in today


def test_the_archive_ships_in_the_wheel() -> None:
    """issue 37.12: the archive is under rules/, which the wheel carries as woa_core/_data/rules,
    where ``history_dir`` looks in an installed woa (read from the build configuration)."""
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    include = config["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert include["rules"] == "woa_core/_data/rules"
    found = history_dir()  # the checkout's rules/history, or the installed woa_core/_data/rules/history
    assert found.as_posix().endswith("rules/history") and (found / "upgrades" / "west_of_africa.yaml").is_file()
    assert (REPO / "rules" / "history" / "upgrades" / "west_of_africa.yaml").is_file()
    sdist = config["tool"]["hatch"]["build"]["targets"]["sdist"]["include"]
    assert "rules" in sdist
