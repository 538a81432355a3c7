"""Africa's words for a person at the game's page (``Drawing.words``, ``Drawing.said`` and
``Drawing.key_numbers``): each field and start city in the pack's own words, what each kind of
tile and each action does (``tiles.yaml``'s and ``turn.yaml``'s ``descriptions``), each action of
the move log as a sentence, and the ruleset's key numbers, all read from the compiled rules (a
variant shows its own).

>>> from woa_core.rules import load_rules
>>> rules = load_rules("africa", 3)
>>> words(rules)["dakar"], words(rules)["h00_05"]
('Dakar: a start city, on the coast', 'a field in row 1 (from the north), 2nd from the west, on the coast')
>>> words(rules)["kettle"]
"kettle: a trade good; goes into its revealer's display, who may swap it at once for another player's goods \
of one kind; each kind scores as a set at the end"
>>> said(rules, "p2 swap p3 kettle")
"p2 swaps the revealed good for all of p3's kettle tiles"
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from woa_core.packs.africa.compiled import Rules
from woa_core.packs.africa.draw.look import descriptions
from woa_core.packs.africa.draw.panel import _ordinal, turn_words
from woa_core.report.drawing import Sentence, told


def words(rules: Rules) -> dict[str, str]:
    """Each field (by its id) and start city (by its key) in words: where it is on the map; each
    trade good a swap names, and each action's word, with what it does."""
    out: dict[str, str] = {}
    first: dict[int, int] = {}  # each row's westernmost q
    for k in range(len(rules.fields)):
        first[rules.r[k]] = min(first.get(rules.r[k], rules.q[k]), rules.q[k])
    for k, field in enumerate(rules.fields):
        coast = ", on the coast" if rules.coast[k] else ""
        place = f"row {rules.r[k] + 1} (from the north), {_ordinal(rules.q[k] - first[rules.r[k]] + 1)} from the west"
        out[field] = f"a field in {place}{coast}"
    for key, name, k in zip(rules.city_keys, rules.city_names, rules.cities, strict=True):
        out[key] = f"{name}: a start city" + (", on the coast" if rules.coast[k] else "")
        out[rules.fields[k]] = out[key]
    goods = descriptions(rules, "tiles").get("goods")
    for good in rules.goods:
        out[good] = f"{good.replace('_', ' ')}: a trade good" + (f"; {goods}" if goods else "")
    out.update(descriptions(rules, "turn"))
    return out


def place_words(rules: Rules, field: str) -> str:
    """A field as a sentence names it: a start city by its name, another by its id and row.

    >>> from woa_core.rules import load_rules
    >>> rules = load_rules("africa", 2)
    >>> place_words(rules, "h03_00"), place_words(rules, "h01_09")
    ('Dakar', 'h01_09 (row 2)')
    """
    k = rules.field_index[field]
    if rules.is_city[k]:
        return rules.city_names[rules.cities.index(k)]
    return f"{field} (row {rules.r[k] + 1})"


def said(rules: Rules, text: str) -> str | None:
    """An action written in the notation told as a sentence (``Drawing.said``); None for a text
    it does not know.

    >>> from woa_core.rules import load_rules
    >>> rules = load_rules("africa", 3)
    >>> said(rules, "p1 start dakar"), said(rules, "p2 reveal h00_05")
    ('p1 starts in Dakar', 'p2 reveals the tile on h00_05 (row 1)')
    >>> said(rules, "p3 camp mine"), said(rules, "p3 dance")
    ('p3 builds a camp for mining', None)
    """
    return told(text, lambda who, verb, rest: SENTENCES[verb](rules, who, rest))


SENTENCES: Mapping[str, Sentence[Rules]] = MappingProxyType(
    {
        "start": lambda r, who, rest: f"{who} starts in {r.city_names[r.city_keys.index(rest[0])]}",
        "relocate": lambda r, who, rest: f"{who} relocates to {place_words(r, rest[0])}: the turn ends",
        "walk": lambda r, who, rest: f"{who} walks to {place_words(r, rest[0])}",
        "reveal": lambda r, who, rest: f"{who} reveals the tile on {place_words(r, rest[0])}",
        "animal": lambda r, who, rest: (
            f"{who} moves the animal on {place_words(r, rest[0])} to {place_words(r, rest[1])}"
        ),
        "nomad": lambda r, who, rest: (
            f"{who} moves the nomad people on {place_words(r, rest[0])} to {place_words(r, rest[1])}"
        ),
        "camp": lambda r, who, rest: f"{who} builds a camp for {'research' if rest[0] == 'research' else 'mining'}",
        "skip": lambda r, who, rest: f"{who} takes no action in this step",
        "stay": lambda r, who, rest: f"{who} leaves the revealed tile where it lies",
        "place": lambda r, who, rest: f"{who} places the revealed tile on {place_words(r, rest[0])}",
        "keep": lambda r, who, rest: f"{who} keeps the revealed good",
        "swap": lambda r, who, rest: (
            f"{who} swaps the revealed good for all of {rest[0]}'s {rest[1].replace('_', ' ')} tiles"
        ),
    }
)
"""Each verb's sentence in the move log (``Drawing.said``): one entry per verb of the notation
(``tests/serve/test_move_log.py`` holds the two to the same verbs)."""


def key_numbers(rules: Rules) -> list[str]:
    """The ruleset's key numbers, in a few lines.

    >>> from woa_core.rules import load_rules
    >>> key_numbers(load_rules("africa", 3))[:2]
    ['3 players · 101 fields, 96 tiles', 'a turn: relocate, or 2 × walk up to 2 and act']
    """
    r = rules
    return [
        f"{r.players} players · {len(r.fields)} fields, {len(r.mix)} tiles",
        turn_words(r),
        f"camps: {r.player_camps} each, {r.supply_camps} in the supply",
        f"then the +{r.bonus_vp} bonus: the end (at most {r.max_turns} turns)",
        "goods sets: " + ", ".join(f"{n}: {vp} VP" for n, vp in enumerate(r.goods_vp) if n),
        "gold, gems majorities: " + ", ".join(f"{_ordinal(k + 1)} {vp}" for k, vp in enumerate(r.prizes)),
    ]
