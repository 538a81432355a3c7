"""How Africa's tiles look, shared by the picture (``svg``) and the text (``render``): each face's
name for people, its short label and its colour, all from the compiled rules' names (a variant's
new species or good gets a label and a colour by itself).

>>> from woa_core.rules import load_rules
>>> rules = load_rules("africa", 4)
>>> [label(rules, rules.face_names.index(f)) for f in ("monument", "gold_2", "gem_1", "elephant", "nomad")]
['Mon', 'Au2', 'Gm1', 'Ele', 'Nom']
>>> name(rules, rules.face_names.index("gold_2")), name(rules, rules.face_names.index("clothing"))
('gold (2 nuggets)', 'clothing')
"""

from __future__ import annotations

from woa_core.packs.africa.compiled import ANIMAL, GEM, GOLD, GOODS, KINDS, MONUMENT, NOMAD, Rules

KIND_COLOURS = {
    MONUMENT: "#b9a7d6",
    GOODS: "#d9b38c",
    GOLD: "#f5c842",
    GEM: "#7cc6e8",
    ANIMAL: "#b5d99c",
    NOMAD: "#f0a868",
}
"""The fill of a face-up tile, by kind."""

SPECIES_COLOURS = ("#5b6b80", "#e0a000", "#1e1e1e", "#b03a2e", "#2e7d32", "#8e4f8f", "#2f7f7f")
"""The band that tells one species from another, by species index."""

GOODS_COLOURS = ("#c8553d", "#4f6d8c", "#9c3f9a", "#3f7a4f", "#d4a017", "#5c5c5c")
"""The colour of each trade good, by good index (in the players' displays)."""

NUGGET = "#b8860b"
GEM_STONE = "#1f6f9f"


def name(rules: Rules, face: int) -> str:
    """A face in words: ``monument``, ``statue``, ``gold (2 nuggets)``, ``gems (1 gem)``,
    ``elephant``, ``nomads``."""
    kind, value = rules.face_kind[face], rules.face_value[face]
    if kind == GOLD:
        return f"gold ({value} nugget{'s' * (value != 1)})"
    if kind == GEM:
        return f"gems ({value} gem{'s' * (value != 1)})"
    if kind == NOMAD:
        return "nomads"
    return rules.face_names[face].replace("_", " ")


def a_name(rules: Rules, face: int) -> str:
    """A face in words with its article: ``a monument``, ``an elephant``, ``gold (2 nuggets)``.

    >>> from woa_core.rules import load_rules
    >>> rules = load_rules("africa", 2)
    >>> a_name(rules, rules.face_names.index("elephant")), a_name(rules, rules.face_names.index("nomad"))
    ('an elephant', 'nomads')
    """
    word = name(rules, face)
    if rules.face_kind[face] in (GOLD, GEM, NOMAD):
        return word
    return ("an " if word[:1] in "aeiou" else "a ") + word


def label(rules: Rules, face: int) -> str:
    """A face in three characters at most, for the map: ``Mon``, ``Au2`` (gold), ``Gm1`` (gems),
    the first letters of a good or species (``Ele``), ``Nom``; two faces that would share a label
    keep a longer one (``Gir`` and ``Gi2``)."""
    return _labels(rules)[face]


def _labels(rules: Rules) -> tuple[str, ...]:
    return rules.memo("africa.labels", lambda: _make_labels(rules))


def _make_labels(rules: Rules) -> tuple[str, ...]:
    out: list[str] = []
    for face, word in enumerate(rules.face_names):
        kind = rules.face_kind[face]
        if kind == GOLD:
            short = f"Au{rules.face_value[face]}"
        elif kind == GEM:
            short = f"Gm{rules.face_value[face]}"
        else:
            short = word[:3].capitalize()
        k = 2
        while short in out:  # a clash: a running number in its last place
            short = f"{short[:2]}{k}"
            k += 1
        out.append(short)
    return tuple(out)


def fill(rules: Rules, face: int) -> str:
    """The colour of a face-up tile of ``face``."""
    return KIND_COLOURS[rules.face_kind[face]]


def band(rules: Rules, face: int) -> str | None:
    """The species band of an animal (None for the other kinds)."""
    if rules.face_kind[face] != ANIMAL:
        return None
    return SPECIES_COLOURS[rules.face_sub[face] % len(SPECIES_COLOURS)]


def good_colour(good: int) -> str:
    """The colour of trade good number ``good``."""
    return GOODS_COLOURS[good % len(GOODS_COLOURS)]


def descriptions(rules: Rules, section: str) -> dict[str, str]:
    """A section's ``descriptions`` from the rules data (``tiles``: by kind of tile; ``turn``: by
    the word of an action), none where the rules give none.

    >>> from woa_core.rules import load_rules
    >>> descriptions(load_rules("africa", 2), "turn")["camp"]
    "build a camp from your supply on your explorer's empty field, to research or to mine"
    """
    return rules.memo(
        f"africa.descriptions.{section}",
        lambda: {str(k): str(v) for k, v in rules.document[section].get("descriptions", {}).items()},
    )


def kind_words(rules: Rules, kind: int) -> str:
    """What a kind of tile does, from ``tiles.yaml`` (empty where the rules say nothing).

    >>> from woa_core.rules import load_rules
    >>> kind_words(load_rules("africa", 2), NOMAD)
    'stays or moves to an empty field with more empty fields around; scores each empty neighbour'
    """
    return descriptions(rules, "tiles").get(KINDS[kind], "")
