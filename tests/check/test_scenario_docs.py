"""issue 43: every scenario shown in docs/scenarios.md passes (the worked cases of each key)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from woa_core.check.scenario import load_scenario, run_scenario

ROOT = Path(__file__).resolve().parents[2]
BLOCKS = [
    block
    for block in re.findall(r"```yaml\n(.*?)```", (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8"), re.S)
    if re.search(r"^players:", block, re.M)
]


def test_the_page_shows_every_new_key() -> None:
    """issue 43: a worked case for each key the issue asks for."""
    text = "\n".join(BLOCKS)
    keys = ("complete: true", "branches:", "relocate: {includes", "refused: any", "at:", "score_now", "africa-simple")
    assert [key for key in keys if key not in text] == []


@pytest.mark.parametrize("block", BLOCKS, ids=[f"block{i}" for i in range(len(BLOCKS))])
def test_a_scenario_of_the_page_passes(tmp_path: Path, block: str) -> None:
    """issue 43: each worked case on docs/scenarios.md passes as written (run beside the
    scenarios of its game, so a relative path would resolve as it does there)."""
    path = tmp_path / "case.yaml"
    path.write_text(block, encoding="utf-8")
    result = run_scenario(load_scenario(path))
    assert result.passed, result.message
