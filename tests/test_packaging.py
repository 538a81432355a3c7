"""Packaging: every YAML file points editors at its schema, and an installed woa finds its rules."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(
    "path",
    sorted((ROOT / "rules").rglob("*.yaml")) + sorted((ROOT / "tests" / "scenarios").rglob("*.yaml")),
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_yaml_file_names_its_schema(path: Path) -> None:
    """Rules-as-data issue, item 5: editors check and complete as designers type."""
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# yaml-language-server: $schema=")
    schema = (path.parent / first.split("=", 1)[1]).resolve()
    assert schema.is_file(), f"{path.name} points at {schema}, which does not exist"


def _installed(tmp_path: Path) -> dict[str, str]:
    """The environment of an installed woa (not this checkout); skips the test when there is none."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    probe = subprocess.run(
        [sys.executable, "-c", "import woa_core, sys; sys.stdout.write(woa_core.__file__)"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
    )
    if probe.returncode != 0 or Path(probe.stdout).resolve().parent == ROOT / "woa_core":
        pytest.skip("woa is not installed outside this checkout")
    return env


def test_installed_woa_finds_its_rules_from_another_directory(tmp_path: Path) -> None:
    """Rules-as-data issue, item 1: a non-editable install, run elsewhere, finds the bundled rules.

    Runs wherever woa is importable without this checkout on the path (CI installs it)."""
    env = _installed(tmp_path)
    done = subprocess.run(
        [sys.executable, "-m", "woa_core.cli", "validate"], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert "west-of-africa: valid for 2, 3, 4, 5 players" in done.stdout


def test_installed_woa_names_bundled_files_by_their_bundled_name_and_copies_them_to_edit(tmp_path: Path) -> None:
    """Issue 17: an error in a bundled file names ``west-of-africa/economy.yaml``, never the path
    inside site-packages; ``woa rules init`` gives a copy to edit, played with ``--rules``."""
    env = _installed(tmp_path)

    def woa(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "woa_core.cli", *argv], cwd=tmp_path, env=env, capture_output=True, text=True
        )

    done = woa("validate", "--set", "economy.gold.cap=0")
    assert done.returncode == 1 and "\nwest-of-africa/economy.yaml:5:10: starting gold 15" in done.stderr
    assert "site-packages" not in done.stderr and "_data" not in done.stderr
    assert woa("rules", "init", "my-game").returncode == 0
    economy = tmp_path / "my-game" / "economy.yaml"
    economy.write_text(economy.read_text(encoding="utf-8").replace("cap: 45 ", "cap: 5  "), encoding="utf-8")
    done = woa("validate", "--rules", "my-game")
    assert done.returncode == 1 and done.stderr.startswith("my-game/economy.yaml:5:10: starting gold 15"), done.stderr
