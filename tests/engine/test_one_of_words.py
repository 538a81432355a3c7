"""The kernel's argument kinds of "one of these words" (``woa_core.kernel.notation``: ``one_of`` and
``one_of_words``), without any pack: the word read as its index and written back, a did-you-mean
for a wrong word, and what a message for missing words calls the kind."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from woa_core.errors import InvalidNotation
from woa_core.kernel.notation import one_of, one_of_words

RULES = SimpleNamespace(rivers=("Niger", "Nile", "Congo"), open=2)


def test_each_word_reads_as_its_index_and_writes_back() -> None:
    river = one_of_words("a river", lambda r: r.rivers[: r.open], component="river")
    assert [river.parse(RULES, [w]) for w in ("Niger", "Nile")] == [0, 1]
    assert [river.format(RULES, v) for v in river.values(RULES)] == [["Niger"], ["Nile"]]
    assert (river.describe, river.component, river.fewest, river.greedy) == ("a river", "river", 1, False)


def test_a_wrong_word_is_refused_with_a_suggestion_and_the_words_it_may_be() -> None:
    river = one_of_words("an open river", lambda r: r.rivers[: r.open], expected="an open river, e.g. Nile")
    with pytest.raises(InvalidNotation) as refused:
        river.parse(RULES, ["Nil"])
    assert str(refused.value) == "'Nil' is not an open river: did you mean 'Nile'? (one of: Niger, Nile)"
    with pytest.raises(InvalidNotation, match=r"^'Congo' is not an open river \(one of: Niger, Nile\)$"):
        river.parse(RULES, ["Congo"])  # a word of the rules, but not one of these
    assert river.describe == "an open river, e.g. Nile"


def test_one_of_names_its_kind_for_missing_words_as_told() -> None:
    river = one_of("a river", lambda r: range(3), lambda r, i: r.rivers[i], expected="a river, e.g. Congo")
    assert river.parse(RULES, ["Congo"]) == 2 and river.describe == "a river, e.g. Congo"
    with pytest.raises(InvalidNotation, match=r"^'Volga' is not a river \(one of: Niger, Nile, Congo\)$"):
        river.parse(RULES, ["Volga"])
