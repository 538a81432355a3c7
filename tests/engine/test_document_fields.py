"""The kernel's fields read from the rules document (``woa_core.kernel.document_fields``), without
any game: a field declared ``from_document`` takes the value at its path as it is, its default
where the document leaves the key out, and a missing required key names the path and the field."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from woa_core.kernel.compiled import CompiledRules, freeze
from woa_core.kernel.document_fields import document_fields, from_document


@dataclass(frozen=True, slots=True)
class Settings(CompiledRules):
    """Compiled rules of no game: four fields read from the document (one a flag), one computed."""

    hand: int = field(metadata=from_document("setup.hand"))
    order: list[str] = field(metadata=from_document("turn.order"))
    final_round: bool = field(metadata=from_document("turn.end.final_round", default=False))
    quick: bool = field(metadata=from_document("turn.pace", default="slow", equals="quick"))
    doubled: int  # computed by the compile, not read


DOCUMENT = {"setup": {"hand": 5}, "turn": {"order": ["a", "b"], "end": {"final_round": True}, "pace": "quick"}}


def compiled(document: dict[str, object]) -> Settings:
    return Settings(
        **document_fields(Settings, document),
        name="none",
        players=2,
        content_hash="0",
        variant=None,
        document=freeze(document),
        doubled=2 * 5,
    )


def test_only_the_declared_fields_are_read_each_at_its_path_as_it_is() -> None:
    read = document_fields(Settings, DOCUMENT)
    assert read == {"hand": 5, "order": ["a", "b"], "final_round": True, "quick": True}
    assert read["order"] is DOCUMENT["turn"]["order"]  # type: ignore[index]
    rules = compiled(DOCUMENT)
    assert (rules.hand, rules.final_round, rules.doubled, rules.players) == (5, True, 10, 2)


@pytest.mark.parametrize("turn", [{"order": []}, {"order": [], "end": {}}, {"order": [], "end": 3}])
def test_a_key_the_document_leaves_out_takes_its_default(turn: dict[str, object]) -> None:
    assert compiled({"setup": {"hand": 3}, "turn": turn}).final_round is False


@pytest.mark.parametrize(("pace", "quick"), [("quick", True), ("slow", False), ("Quick", False), (None, False)])
def test_a_flag_says_whether_the_setting_is_its_word_and_a_missing_one_is_its_default(
    pace: str | None, quick: bool
) -> None:
    turn: dict[str, object] = {"order": []} | ({"pace": pace} if pace else {})
    assert compiled({"setup": {"hand": 3}, "turn": turn}).quick is quick


@pytest.mark.parametrize("document", [{"turn": {"order": []}}, {"setup": 3, "turn": {"order": []}}])
def test_a_required_key_left_out_names_its_path_and_field(document: dict[str, object]) -> None:
    with pytest.raises(KeyError, match=r"no setup\.hand \(field 'hand' of Settings\)"):
        document_fields(Settings, document)


def test_a_frozen_document_reads_the_same() -> None:
    assert document_fields(Settings, freeze(DOCUMENT)) == {
        "hand": 5,
        "order": ("a", "b"),
        "final_round": True,
        "quick": True,
    }
