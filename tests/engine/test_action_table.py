"""The kernel's action table (``woa_core.kernel.actions.action_table``): every action of a pack's
verbs, made once per rules from the values their argument kinds declare, without any pack."""

from __future__ import annotations

import pytest

from woa_core.kernel.actions import ArgKind, Verb, action_table, make_action
from woa_core.kernel.compiled import CompiledRules, freeze


def _rules(players: int = 3) -> CompiledRules:
    return CompiledRules("tiny", players, "hash", None, freeze({}))


def _kind(values: tuple[object, ...] | None) -> ArgKind:
    return ArgKind(
        lambda r, w: w[0], lambda r, v: [str(v)], "a word", values=None if values is None else (lambda r: values)
    )


def _verb(name: str, *args: str) -> Verb:
    return Verb(name, args, lambda game, p, *a: None, "", name)


KINDS = {"colour": _kind(("red", "blue")), "count": _kind((0, 1, 2)), "free": _kind(None)}


def test_each_seat_has_each_verbs_actions_in_the_order_of_its_values() -> None:
    verbs = {"pass": _verb("pass"), "paint": _verb("paint", "colour"), "mix": _verb("mix", "colour", "count")}
    table = action_table(_rules(), verbs, KINDS)
    assert set(table) == {"pass", "paint", "mix"}
    assert [len(table[v]) for v in table] == [3, 3, 3]  # one list per seat
    assert table["pass"][2] == [(2, "pass")]
    assert table["paint"][0] == [(0, "paint", "red"), (0, "paint", "blue")]
    assert table["mix"][1] == [(1, "mix", colour, n) for colour in ("red", "blue") for n in (0, 1, 2)]


def test_the_actions_are_the_interned_ones_and_the_table_is_made_once_per_rules() -> None:
    rules, verbs = _rules(2), {"paint": _verb("paint", "colour")}
    table = action_table(rules, verbs, KINDS)
    assert table["paint"][1][1] is make_action((1, "paint", "blue"))
    assert action_table(rules, verbs, KINDS) is table
    assert action_table(_rules(2), verbs, KINDS) is not table  # other rules, another table


def test_a_kind_that_lists_no_values_is_named() -> None:
    with pytest.raises(ValueError, match="verb 'say': its argument kind 'free' lists no values"):
        action_table(_rules(), {"say": _verb("say", "free")}, KINDS)
