"""``woa rules init DIR`` (issue 17): a designer edits a copy of the game in a folder of their own and
plays it with ``--rules DIR``; errors in bundled files are named by their bundled name."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from woa_core.cli import main
from woa_core.rules import data_root, read_rules


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def game(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the bundled game in ``my-game/`` under the working directory."""
    monkeypatch.chdir(tmp_path)
    status, out, _ = _run(capsys, "rules", "init", "my-game")
    assert status == 0 and "copied west-of-africa into my-game" in out
    return tmp_path / "my-game"


def test_the_copy_is_the_bundled_game_with_modelines_that_point_to_copied_schemas(game: Path) -> None:
    bundled = data_root() / "rules" / "west-of-africa"
    names = sorted(p.name for p in bundled.glob("*.yaml"))
    assert sorted(p.name for p in game.glob("*.yaml")) == names
    for name in names:
        original, copy = (bundled / name).read_text(), (game / name).read_text()
        target = re.match(r"# yaml-language-server: \$schema=(\S+)\n", copy)
        assert target, f"{name} lost its schema line"
        schema = game / target.group(1)
        assert schema.is_file() and schema.parent == game / "schema"
        assert json.loads(schema.read_text())["title"]  # a real schema
        assert copy.splitlines()[1:] == original.splitlines()[1:]  # comments and values as they were
    assert read_rules("my-game").content_hash == read_rules("west-of-africa").content_hash


def test_an_edit_of_the_copy_is_the_game_played(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    economy = game / "economy.yaml"
    economy.write_text(economy.read_text().replace("cap: 45 ", "cap: 60 "))
    status, out, _ = _run(capsys, "rules", "show", "--rules", "my-game", "--json")
    assert status == 0 and json.loads(out)["economy"]["gold"]["cap"] == 60
    status, out, _ = _run(
        capsys,
        "simulate",
        "--rules",
        "my-game",
        "--players",
        "2",
        "--games",
        "1",
        "--json",
        "--quiet",
        "--workers",
        "1",
    )
    manifest = json.loads(out)["manifest"]
    assert manifest["rules_spec"] == "my-game"
    assert manifest["rules_hash"] == read_rules("west-of-africa", ["economy.gold.cap=60"]).content_hash


def test_a_mistake_in_the_copy_is_named_by_the_copys_path(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    economy = game / "economy.yaml"
    economy.write_text(economy.read_text().replace("cap: 45 ", "cap: 5  "))
    status, _, err = _run(capsys, "validate", "--rules", "my-game")
    assert status == 1
    assert err.startswith("my-game/economy.yaml:5:10: starting gold 15 is above the gold cap 5"), err


def test_a_mistake_in_a_bundled_file_is_named_by_its_bundled_name_from_anywhere(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Never the path inside the installation (``.../site-packages/woa_core/_data/rules/...``), nor
    one relative to some other folder: the bundled name, wherever woa is run from."""
    monkeypatch.chdir(tmp_path)
    status, _, err = _run(capsys, "validate", "--set", "economy.gold.cap=0")
    assert status == 1
    assert "\nwest-of-africa/economy.yaml:5:10: starting gold 15 is above the gold cap 0" in err
    assert str(data_root()) not in err and "_data" not in err


@pytest.mark.parametrize(
    ("setup", "argv", "message"),
    [
        ("file", ("rules", "init", "taken"), "taken exists and is not a folder"),
        ("full", ("rules", "init", "taken"), "taken is not empty: choose a new or empty folder"),
        (None, ("rules", "init", "new", "--from", "atlantis"), "--from atlantis: no such bundled ruleset"),
    ],
)
def test_rules_init_refuses_to_overwrite_and_names_what_is_wrong(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    setup: str | None,
    argv: tuple[str, ...],
    message: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    if setup == "file":
        Path("taken").write_text("mine")
    elif setup == "full":
        Path("taken").mkdir()
        Path("taken/notes.txt").write_text("mine")
    before = sorted(str(p) for p in tmp_path.rglob("*"))
    status, _, err = _run(capsys, *argv)
    assert status == 2 and message in err
    assert sorted(str(p) for p in tmp_path.rglob("*")) == before  # nothing written, nothing left behind


def test_an_empty_folder_is_filled(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "empty").mkdir()
    status, _, _ = _run(capsys, "rules", "init", str(tmp_path / "empty"))
    assert status == 0 and (tmp_path / "empty" / "board.yaml").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty"]  # no staging folder left
