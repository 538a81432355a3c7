"""issue 42.6: a new West of Africa action is three files, and the bots play it.

In a temporary copy of woa (``woa_core``, ``rules``, ``schema``), the walkthrough of
docs/extending-west-of-africa.md is followed to the letter (its two blocks read from the page): a new module
``actions/offering.py`` (Make an Offering: a free action worth the VP its rules give), its entry in
``actions/__init__.py``, and a variant file with its card and its number. Nothing else is edited.
A process run on that copy then shows that ``woa validate`` accepts the variant (and refuses a
missing or unknown number at its place), the notation reads and writes the verb, the coverage
report counts the action, and ``mcts`` (8 iterations, a fixed seed) plays it in a short game where
it pays, while the heuristic, which does not weigh it, never does."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[3]

DOC = REPO / "docs" / "extending-west-of-africa.md"


def _block(after: str, language: str) -> str:
    """The first ``language`` code block of the walkthrough after the line ``after``."""
    text = DOC.read_text(encoding="utf-8")
    rest = text[text.index(after) :]
    start = rest.index(f"```{language}\n") + len(language) + 4
    return rest[start : rest.index("```\n", start)]


MODULE = _block("The action, in `actions/offering.py`:", "python")
"""``actions/offering.py``, as the walkthrough gives it."""
VARIANT = _block("The card and the number, in a variant", "yaml")
"""``offerings.yaml``, as the walkthrough gives it."""

PROBE = r"""
import json, sys
from woa_core.cli import main
from woa_core.bots import seated
from woa_core.kernel import loop
from woa_core.kernel.contract import new_game
from woa_core.kernel.notation import format_action, parse_action
from woa_core.packs.west_of_africa.coverage import Coverage
from woa_core.rules import load_rules

variant, missing, unknown = sys.argv[1:4]
out = {"validate": [main(["validate", spec]) for spec in (variant, missing, unknown)]}
rules = load_rules(variant, 2)
out["notation"] = format_action(rules, parse_action(rules, "p2 offer"))
out["verbs"] = sorted(rules.pack.verbs)
game = new_game(rules, seed=3)
coverage = Coverage(rules)
played = []

class Played(loop.Observer):
    def after(self, game, seat, action, prev):
        played.append(format_action(rules, action))

loop.run(game, seated.bots(["mcts:iterations=8", "heuristic"], 3), [coverage, Played()])
out["played"] = played
out["vp_from"] = [dict(v) for v in game.state.vp_from]
out["coverage"] = coverage.report()["actions"]
print("RESULT " + json.dumps(out))
"""


def _copy(tmp: Path) -> Path:
    """woa's sources and data in ``tmp``, then the walkthrough's three files."""
    root = tmp / "woa"
    skip = shutil.ignore_patterns("__pycache__", "*.so", "*.pyd")
    for part in ("woa_core", "rules", "schema"):
        shutil.copytree(REPO / part, root / part, ignore=skip)
    actions = root / "woa_core" / "packs" / "west_of_africa" / "actions"
    (actions / "offering.py").write_text(MODULE, encoding="utf-8")
    init = actions / "__init__.py"
    text = init.read_text(encoding="utf-8")
    for old, new in (
        ("import cultivation, founding,", "import cultivation, founding, offering,"),
        ("    founding.DECLARATION,\n", "    founding.DECLARATION,\n    offering.DECLARATION,\n"),
    ):
        assert text.count(old) == 1, old  # the walkthrough's two edits of the list
        text = text.replace(old, new)
    init.write_text(text, encoding="utf-8")
    (tmp / "offerings.yaml").write_text(VARIANT, encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def probed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    tmp = tmp_path_factory.mktemp("new-action")
    root = _copy(tmp)
    variant = tmp / "offerings.yaml"
    missing = tmp / "missing.yaml"
    missing.write_text(VARIANT.replace("    offering: {vp: 4}\n", ""), encoding="utf-8")
    unknown = tmp / "unknown.yaml"
    unknown.write_text(VARIANT.replace("{vp: 4}", "{vp: 4, vpp: 1}"), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(variant), str(missing), str(unknown)],
        cwd=tmp,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result = next(line for line in done.stdout.splitlines() if line.startswith("RESULT "))
    found: dict[str, Any] = json.loads(result.removeprefix("RESULT "))
    found["printed"] = done.stdout + done.stderr  # validate's verdicts, its problems on stderr
    return found


def test_the_copy_differs_from_woa_in_the_walkthrough_s_files_only(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    changed = []
    for path in sorted(root.rglob("*")):
        if path.is_file():
            twin = REPO / path.relative_to(root)
            if not twin.is_file() or twin.read_bytes() != path.read_bytes():
                changed.append(path.relative_to(root).as_posix())
    assert changed == [
        "woa_core/packs/west_of_africa/actions/__init__.py",
        "woa_core/packs/west_of_africa/actions/offering.py",
    ]


def test_validate_accepts_the_variant_and_refuses_a_missing_or_unknown_number(probed: dict[str, Any]) -> None:
    assert probed["validate"] == [0, 1, 1]
    out = probed["printed"]
    assert "offerings.yaml: valid for 2, 3, 4, 5 players (rules offerings," in out
    assert (
        "missing.yaml:6:62: Make an Offering (offering) reads a number these rules do not give: "
        "add it to economy.yaml as actions: {offering: {vp: N}} (at cards.cards.offering.action)" in out
    )
    assert (
        "unknown.yaml:9:23: 'vpp' is no number of offering: did you mean 'vp'? (its numbers: vp) "
        "(at economy.actions.offering.vpp)" in out
    )


def test_the_notation_reads_and_writes_the_new_verb(probed: dict[str, Any]) -> None:
    assert probed["notation"] == "p2 offer"
    assert "offer" in probed["verbs"]


def test_mcts_plays_the_action_where_it_pays_and_the_heuristic_does_not(probed: dict[str, Any]) -> None:
    played = probed["played"]
    offers = [line for line in played if line.endswith(" offer")]
    assert offers and all(line == "p1 offer" for line in offers), offers
    assert any(line.startswith("p1 select") and "offering" in line for line in played)
    assert probed["vp_from"][0]["offering"] == 4 * len(offers)
    assert "offering" not in probed["vp_from"][1]


def test_coverage_counts_the_new_action(probed: dict[str, Any]) -> None:
    offers = sum(1 for line in probed["played"] if line == "p1 offer")
    assert probed["coverage"]["seen"]["offering"] == offers
    assert "offering" not in probed["coverage"]["never"]
