"""The kernel's common argument kinds (``woa_core.kernel.notation``), without any pack: "one of
these words" (``one_of``, ``one_of_words``: the word read as its index and written back, a
did-you-mean for a wrong word, what a message for missing words calls the kind) and a number
up to a most (``number_up_to``)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from woa_core.errors import InvalidNotation
from woa_core.kernel.notation import number_up_to, one_of, one_of_words

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


@pytest.mark.parametrize("word", ["-1", "4", "two", "", "1.5"])
def test_a_number_up_to_a_most_refuses_any_other_word(word: str) -> None:
    bid = number_up_to("a bid", lambda r: r.open + 1)
    assert [bid.parse(RULES, [str(n)]) for n in range(4)] == [0, 1, 2, 3] == list(bid.values(RULES))
    assert bid.format(RULES, 3) == ["3"] and bid.describe == "a bid"
    with pytest.raises(InvalidNotation, match=f"^'{word}' is not a bid: write a number from 0 to 3$"):
        bid.parse(RULES, [word])
