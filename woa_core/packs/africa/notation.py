"""Africa's action notation (A34): the player, a verb, and its words, all ids from the rules files::

    p1 start tangier          setup: choose a start city (A30)
    p1 relocate h05_06        option A: relocate the explorer; the turn ends (4.A, A6)
    p1 walk h02_06            option B: walk (the explorer's own field: stay), then ...
    p1 reveal h02_07          ... reveal the face-down tile there (4.B1); then, for an animal
    p1 stay / p1 place h08_04     or a nomad: leave it, or place it elsewhere; for a good:
    p1 keep / p1 swap p2 kettle   keep it, or swap it for all of p2's kettles (A13)
    p1 animal h02_07 h08_04   relocate an animal (4.B2)
    p1 nomad h02_07 h08_04    relocate a nomad people (4.B3)
    p1 camp research          build a camp and research (4.B4)
    p1 camp mine              build a camp and take up gold and gems (4.B5)
    p1 skip                   no action in this step (6., A9)

A whole-turn pass is ``walk`` to the explorer's own field and ``skip``, twice (A34). The verbs are
declared in ``woa_core.packs.africa.game`` (``VERBS``); this module says how each argument kind
is read and written (``ARG_KINDS``), and ``woa_core.kernel.notation`` reads and writes lines.

>>> from woa_core.kernel.notation import format_action, parse_action
>>> from woa_core.rules import load_rules
>>> rules = load_rules("africa", 3)
>>> parse_action(rules, "p2 swap p3 kettle")
(1, 'swap', 2, 1)
>>> format_action(rules, parse_action(rules, "p1 animal h02_07 h08_04"))
'p1 animal h02_07 h08_04'
>>> parse_action(rules, "p1 walk h99_00")
Traceback (most recent call last):
woa_core.errors.InvalidNotation: 'h99_00' is not a field of the board (e.g. h00_04)
"""

from __future__ import annotations

from types import MappingProxyType

from woa_core.errors import InvalidNotation
from woa_core.kernel.actions import ArgKind
from woa_core.kernel.notation import PLAYER, one_of_words
from woa_core.packs.africa.compiled import Rules

PURPOSES = ("research", "mine")
"""The words of ``camp``'s argument: 4.B4 and 4.B5 (``game.RESEARCH``, ``game.MINE``)."""


def parse_field(rules: Rules, word: str) -> int:
    """The index of a field id (``h02_06``)."""
    f = rules.field_index.get(word)
    if f is None:
        raise InvalidNotation(f"'{word}' is not a field of the board (e.g. {rules.fields[rules.cities[0]]})")
    return f


ARG_KINDS: MappingProxyType[str, ArgKind] = MappingProxyType(
    {
        "player": PLAYER,
        "field": ArgKind(
            parse=lambda r, w: parse_field(r, w[0]),
            format=lambda r, f: [r.fields[f]],
            describe="a field, e.g. h02_06",
            values=lambda r: range(len(r.fields)),
        ),
        "city": one_of_words("a start city", lambda r: r.city_keys),
        "good": one_of_words("a trade good", lambda r: r.goods),
        "purpose": one_of_words("what the camp is for", lambda r: PURPOSES, expected="research or mine"),
    }
)
"""Every argument kind Africa's verbs use, by name (``Verb.args`` names them)."""
