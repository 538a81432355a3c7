"""Every rule of the rulebook has a test naming its section, and every ruling one naming it.

The tests and scenario files cite rulebook sections ("5. ... Move Ship") and rulings ("R7");
this test fails when a section or ruling loses its last test, or a new ruling gets none.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
RULINGS = TESTS.parent / "docs" / "rulings.md"

SECTIONS = {
    "4. Game Preparations": r"4\. Game Preparations",
    "5. Sequence of Play: ties by the gold track": r"5\. Sequence of Play",
    "5.I Selecting Cards": r"5\.I\b|Selecting Cards",
    "5.II Card Actions / first game turn": r"5\.II\b|Card Actions|First game turn",
    "Move Workers": r"Move Workers",
    "Cultivate Goods": r"Cultivate Goods",
    "Sell Goods": r"Sell Goods",
    "Found Settlement": r"Found Settlement",
    "Move Ship": r"Move Ship",
    "Minus Card": r"Minus Card",
    "5.III Game Turn End": r"5\.III|Game Turn End",
    "6. Game End": r"6\. Game End",
    "7. Changes in Two- or Three-Player Games": r"7\. Changes",
}


def _corpus() -> str:
    files = [p for p in TESTS.rglob("*") if p.suffix in (".py", ".yaml") and p.name != Path(__file__).name]
    return "\n".join(p.read_text(encoding="utf-8") for p in files)


def _rulings() -> list[str]:
    return sorted(set(re.findall(r"\*\*(R\d+)\b", RULINGS.read_text(encoding="utf-8"))), key=lambda r: int(r[1:]))


@pytest.mark.parametrize("section", sorted(SECTIONS))
def test_rulebook_section_is_tested(section: str) -> None:
    assert re.search(SECTIONS[section], _corpus()), f"no test names rulebook section {section}"


def test_rulings_are_numbered_without_gaps() -> None:
    numbers = [int(r[1:]) for r in _rulings()]
    assert numbers == list(range(1, len(numbers) + 1))


@pytest.mark.parametrize("ruling", _rulings())
def test_ruling_is_tested(ruling: str) -> None:
    assert re.search(rf"\b{ruling}\b", _corpus()), f"no test names ruling {ruling}"
