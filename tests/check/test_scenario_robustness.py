"""`woa scenario` reports each file and goes on after a bad one, naming its line, and checks a
scenario's setup against the board (issue 11.7)."""

from __future__ import annotations

import textwrap

from woa_core.check.scenario import load_scenario, run_scenario
from woa_core.cli import main


def write(folder, name: str, text: str):
    path = folder / name
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def test_a_crop_on_a_settlement_only_space_is_refused(tmp_path):
    """Tenerife's space 5 is a settlement space (settle: 9) with no field: no crop can grow there."""
    path = write(
        tmp_path,
        "crop.yaml",
        """
        players: 2
        setup:
          crops:
            - {island: tenerife, space: 5, player: p1}
        """,
    )
    result = run_scenario(load_scenario(path))
    assert not result.passed
    assert result.message.endswith("crop.yaml:4: space 5 of tenerife is not a field: no crop can grow there")


def test_a_settlement_on_a_field_only_space_is_refused(tmp_path):
    path = write(
        tmp_path,
        "settle.yaml",
        """
        players: 2
        setup:
          settlements:
            - {island: tenerife, space: 3, player: p2}
        """,
    )
    result = run_scenario(load_scenario(path))
    assert not result.passed and "space 3 of tenerife is not a settlement space" in result.message


def test_one_bad_file_does_not_stop_the_others(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "a-broken.yaml", "players: [\n")
    write(
        tmp_path,
        "b-bad-expectation.yaml",
        """
        players: 2
        expect:
          legal_includes: ["p1 fly to the moon"]
        """,
    )
    write(tmp_path, "c-good.yaml", "players: 2\nexpect: {round: 1}\n")
    assert main(["scenario", "."]) == 1
    out = capsys.readouterr().out
    assert "FAIL a-broken.yaml" in out and "a-broken.yaml:2:1: malformed YAML" in out
    assert "FAIL b-bad-expectation.yaml" in out and "b-bad-expectation.yaml:3:" in out
    assert "PASS c-good.yaml" in out and out.rstrip().endswith("1 passed, 2 failed")


def test_a_crop_without_its_player_is_refused_at_its_line(tmp_path):
    """Found by the fuzzer: a crop is always somebody's (a settlement without a player is neutral)."""
    path = write(tmp_path, "crop.yaml", "players: 2\nsetup:\n  crops:\n    - {island: la_palma, space: 1}\n")
    result = run_scenario(load_scenario(path))
    assert not result.passed and result.message.endswith("crop.yaml:4: a crop needs the player whose good it is")
