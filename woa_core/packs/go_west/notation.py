"""Go West!'s action notation (G26): the player, a verb, and its words, all ids from the rules files::

    p1 double / p1 single       a turn with a held token begins: two actions or one (6.0)
    p1 play A55                 play an action card (a card of that shape: cards of one shape are alike)
    p1 pay 3                    the VP part of a cost the discs cannot pay (5.4, G9: free_split)
    p1 also MW                  the second disc of a "+1" card, into another block (G5)
    p1 step NE                  one wagon step, from the region named to the next west (G7)
    p1 sell A34                 sell an action card (5.3)
    p1 score                    trigger a scoring (5.2)
    p1 stop                     end a double move after its first action (G17)

T7's ``play A55 step NE step E step W`` is four lines, one decision each.

>>> from woa_core.kernel.notation import format_action, parse_action
>>> from woa_core.rules import load_rules
>>> rules = load_rules("go-west", 3)
>>> parse_action(rules, "p2 step GP"), format_action(rules, parse_action(rules, "p1 play A05"))
((1, 'step', 2), 'p1 play A04')
>>> parse_action(rules, "p1 also NE")
Traceback (most recent call last):
woa_core.errors.InvalidNotation: 'NE' is not a region with a scoring block (one of: E, GP, MW, W)
"""

from __future__ import annotations

from types import MappingProxyType

from woa_core.errors import InvalidNotation
from woa_core.kernel.actions import ArgKind
from woa_core.kernel.notation import PLAYER, number_up_to, one_of_words
from woa_core.packs.go_west.compiled import Rules
from woa_core.suggest import with_suggestion


def parse_card(rules: Rules, word: str) -> int:
    """The shape of the card ``word`` names (any card's id: cards of one shape are alike, G26)."""
    card = rules.card_index.get(word)
    if card is None:
        said = with_suggestion(f"'{word}' is not an action card", word, rules.card_id)
        raise InvalidNotation(f"{said} (e.g. {rules.card_id[0]})")
    return rules.card_shape[card]


def block_words(rules: Rules) -> tuple[str, ...]:
    """The words of the regions with a scoring block, in scoring order (a block is named by its region)."""
    return tuple(rules.regions[r] for r in rules.block_region)


ARG_KINDS: MappingProxyType[str, ArgKind] = MappingProxyType(
    {
        "player": PLAYER,
        "card": ArgKind(
            parse=lambda r, w: parse_card(r, w[0]),
            format=lambda r, k: [r.shape_word[k]],
            describe="an action card, e.g. A14",
            values=lambda r: range(len(r.shapes)),
            component="card",
        ),
        "vp": number_up_to("a VP payment", lambda r: r.most_pay, expected="the VP part of a payment, e.g. 3"),
        "block": one_of_words(
            "a region with a scoring block",
            block_words,
            component="block",
            expected="a region with a scoring block, e.g. MW",
        ),
        "region": one_of_words(
            "a region a wagon can leave", lambda r: r.regions[: r.exit], expected="the region a wagon leaves, e.g. NE"
        ),
    }
)
"""Every argument kind Go West!'s verbs use, by name (``Verb.args`` names them)."""
