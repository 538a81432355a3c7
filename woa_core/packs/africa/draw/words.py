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

from woa_core.packs.africa.compiled import Rules
from woa_core.packs.africa.draw.look import descriptions
from woa_core.packs.africa.draw.panel import _ordinal, turn_words
from woa_core.report.drawing import told


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
    return told(text, lambda who, verb, rest: _sentence(rules, who, verb, rest))


def _sentence(rules: Rules, who: str, verb: str, rest: list[str]) -> str | None:
    def at(k: int) -> str:
        return place_words(rules, rest[k])

    if verb == "start":
        return f"{who} starts in {rules.city_names[rules.city_keys.index(rest[0])]}"
    if verb == "relocate":
        return f"{who} relocates to {at(0)}: the turn ends"
    if verb == "walk":
        return f"{who} walks to {at(0)}"
    if verb == "reveal":
        return f"{who} reveals the tile on {at(0)}"
    if verb in ("animal", "nomad"):
        what = "animal" if verb == "animal" else "nomad people"
        return f"{who} moves the {what} on {at(0)} to {at(1)}"
    if verb == "camp":
        return f"{who} builds a camp for {'research' if rest[0] == 'research' else 'mining'}"
    if verb == "skip":
        return f"{who} takes no action in this step"
    if verb == "stay":
        return f"{who} leaves the revealed tile where it lies"
    if verb == "place":
        return f"{who} places the revealed tile on {at(0)}"
    if verb == "keep":
        return f"{who} keeps the revealed good"
    if verb == "swap":
        good = rest[1].replace("_", " ")
        return f"{who} swaps the revealed good for all of {rest[0]}'s {good} tiles"
    return None


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
