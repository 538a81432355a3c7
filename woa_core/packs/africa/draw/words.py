"""Africa's words for a person at the game's page (``Drawing.words`` and ``Drawing.key_numbers``):
each field and start city in the pack's own words, and the ruleset's key numbers, all read from the
compiled rules (a variant shows its own).

>>> from woa_core.rules import load_rules
>>> rules = load_rules("africa", 3)
>>> words(rules)["dakar"], words(rules)["h00_05"]
('Dakar: a start city, on the coast', 'a field in row 1 (from the north), 2nd from the west, on the coast')
"""

from __future__ import annotations

from woa_core.packs.africa.compiled import Rules
from woa_core.packs.africa.draw.panel import _ordinal, turn_words


def words(rules: Rules) -> dict[str, str]:
    """Each field (by its id) and start city (by its key) in words: where it is on the map."""
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
    return out


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
