"""Go West!'s rule files are checked before any game (go-west-rulings §1 "The validator should
enforce on any board file", §2.2 K1-K13): the bundled rules validate, and a broken variant yields
exactly the located sentence of what it breaks, ``FILE:LINE:COL: message``, every mistake at once.

Each case writes a variant ``v.yaml`` extending go-west into ``tmp_path`` (the working directory,
so the file is named ``v.yaml``); a problem in what the variant keeps is named in the bundled file
(``go-west/cards.yaml``). A variant replaces a list whole (RFC 7396), so a deck variant writes out
every entry of the bundled deck with one or two entries changed.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from woa_core.cli import main
from woa_core.errors import RulesError
from woa_core.packs.go_west.compile import expand
from woa_core.packs.go_west.compiled import Rules
from woa_core.rules import compile_document, data_root, load_document, load_rules

BUNDLED = data_root() / "rules" / "go-west"
CARDS_TEXT = (BUNDLED / "cards.yaml").read_text(encoding="utf-8")
ENTRIES = [line for line in CARDS_TEXT.splitlines() if line.startswith("    - {id: A")]
REGIONS = [line for line in (BUNDLED / "board.yaml").read_text(encoding="utf-8").splitlines() if "{key:" in line]
Located = tuple[str, int, int, str]


@pytest.fixture(autouse=True)
def here(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def write(text: str) -> str:
    """``text`` as the variant ``v.yaml`` (it extends go-west)."""
    Path("v.yaml").write_text("extends: go-west\n" + text, encoding="utf-8")
    return text


def deck(*edits: tuple[str, str], more: str = "") -> str:
    """A variant whose deck is the bundled one with each ``(old, new)`` replaced once; ``more``: lines
    under ``action_cards`` after the deck."""
    body = "\n".join(ENTRIES)
    for old, new in edits:
        assert body.count(old) == 1, old
        body = body.replace(old, new)
    return write(f"cards:\n  action_cards:\n    cards:\n{body}\n{more}")


def board(*edits: tuple[str, str]) -> str:
    """A variant whose regions are the bundled ones with each ``(old, new)`` replaced once."""
    body = "\n".join(REGIONS)
    for old, new in edits:
        assert body.count(old) == 1, old
        body = body.replace(old, new)
    return write(f"board:\n  regions:\n{body}\n")


def at(text: str, line: str, part: str | None = None, file: str = "v.yaml") -> tuple[str, int, int]:
    """The file, line and column of ``part`` (default: ``line``) on the one line of ``text`` holding ``line``."""
    lines = ("extends: go-west\n" + text if file == "v.yaml" else text).splitlines()
    (n,) = [i for i, whole in enumerate(lines) if line in whole]
    return file, n + 1, lines[n].index(part or line) + 1


def problems(spec: str = "v.yaml") -> list[Located]:
    """Every problem of ``spec`` as (file, line, column, message); none if it loads and compiles."""
    try:
        doc = load_document(spec)
        for n in doc.located.data["players"]["counts"]:
            compile_document(doc, n)
    except RulesError as e:
        return [(p.file, p.line, p.column, p.message) for p in e.problems]
    return []


IN_DECK = at(CARDS_TEXT, "    - {id: A01", "-", file="go-west/cards.yaml")
"""Where a problem of the whole bundled deck is named: its list, at the first entry."""


def test_bundled_rules_validate_for_2_to_4_players(capsys) -> None:
    """G1, §1, §2.2: `woa validate --rules go-west` is clean at 2, 3 and 4 players (exit 0)."""
    assert main(["validate", "--rules", "go-west"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and out.startswith("go-west: valid for 2, 3, 4 players")


# ----------------------------------------------------------------- the board (§1)


def test_s1_an_exit_before_the_last_region_is_refused() -> None:
    """§1, 5.1: exactly one exit, the last region."""
    text = board(("short: E, block: true}", "short: E, block: true, exit: true}"))
    assert problems() == [
        (*at(text, "key: east", "true}"), "East is marked exit, but the exit is the last region (5.1)")
    ]


def test_s1_a_last_region_not_marked_exit_is_refused() -> None:
    """§1, 5.1: the last region is the exit, where a wagon leaves play."""
    text = board(("short: CA, exit: true}", "short: CA}"))
    assert problems() == [
        (*at(text, "key: california", "{"), "the last region, California, is the exit: write exit: true (5.1)")
    ]


def test_s1_a_block_on_the_start_region_is_refused() -> None:
    """§1, 3.1: only the regions strictly between start and exit hold blocks."""
    text = board(("short: NE}", "short: NE, block: true}"))
    assert problems() == [(*at(text, "key: new_england", "true}"), "New England is the start: no block (3.1)")]


def test_s1_a_region_between_without_a_block_is_refused() -> None:
    """§1, 3.1: every region strictly between start and exit holds a block ("the 4 central regions")."""
    text = board(("short: W, block: true}", "short: W, block: true}\n  - {key: prairie, name: Prairie, short: PR}"))
    assert problems() == [
        (*at(text, "key: prairie", "{"), "Prairie lies between the start and the exit: write block: true (3.1)")
    ]


def test_s1_region_keys_are_unique() -> None:
    """§1: a region's key names it in score_order, wagons_gone_from and the cards: each its own."""
    extra = "\n  - {key: east, name: Prairie, short: PR, block: true}"
    text = board(("short: W, block: true}", "short: W, block: true}" + extra))
    assert problems() == [(*at(text, "name: Prairie", "east"), "Prairie: 'east' is already East's key: each its own")]


def test_s1_short_words_are_unique() -> None:
    """§1, G26: a region's short word names it in the notation (step W): each its own."""
    text = board(("short: CA", "short: W"))
    assert problems() == [
        (*at(text, "key: california", "W,"), "California: 'W' is already West's short word: each its own")
    ]


@pytest.mark.parametrize(
    ("order", "part", "message"),
    [
        ("[east, great_plains, midwest, west, texas]", "texas", "'texas' is no region"),
        ("[new_england, east, great_plains, midwest, west]", "new_england", "New England has no block"),
    ],
)
def test_s1_score_order_lists_only_block_regions(order, part, message) -> None:
    """§1, 5.2: score_order names the block regions, and only them."""
    text = write(f"board:\n  score_order: {order}\n")
    assert problems() == [(*at(text, "score_order", part), f"{message}: score_order lists the block regions (5.2)")]


@pytest.mark.parametrize("order", ["[west, midwest, great_plains, east]", "[east, great_plains, midwest]"])
def test_s1_score_order_lists_every_block_east_to_west(order) -> None:
    """§1, 5.2 "beginning in the east": every block region once, in the regions' order."""
    text = write(f"board:\n  score_order: {order}\n")
    message = "a scoring scores every block, east to west (5.2): east, great_plains, midwest, west"
    assert problems() == [(*at(text, "score_order", "["), message)]


@pytest.mark.parametrize(
    ("gone", "part", "message"),
    [
        ("[new_england, east, texas]", "texas", "'texas' is no region"),
        ("[new_england, east, california]", "california", "California is the exit"),
    ],
)
def test_s1_wagons_gone_from_names_regions_of_the_line(gone, part, message) -> None:
    """§1, 7.0, G19: the wagons end names regions on the line, not the exit (a wagon there is out)."""
    text = write(f"turn:\n  wagons_gone_from: {gone}\n")
    assert problems() == [
        (*at(text, "wagons_gone_from", part), f"{message}: the game ends when these regions hold no wagon (G19)")
    ]


def test_s1_wagons_gone_from_names_the_start_region() -> None:
    """§1, G19: every wagon starts in New England; without it the game could end at once."""
    text = write("turn:\n  wagons_gone_from: [east]\n")
    message = "name the start region, New England: every wagon is there at first (G19)"
    assert problems() == [(*at(text, "wagons_gone_from", "["), message)]


def test_g7_k10_a_card_moving_more_than_the_bound_is_refused() -> None:
    """G7, K10: moves <= exit.index - max(index of wagons_gone_from) = 5 - 1 = 4."""
    text = deck(("moves: 4, cost: 3}", "moves: 5, cost: 3}"))
    message = "A56 moves 5 wagons, but a wagon in New England or East may have only 4 steps left (G7, K10)"
    assert problems() == [(*at(text, "A56", "5, cost"), message)]


def test_g7_the_bound_follows_wagons_gone_from() -> None:
    """G7: with the Great Plains among wagons_gone_from the bound is 5 - 2 = 3, so the five 4-wagon
    cards of the bundled deck are refused, each at its wagons."""
    write("turn:\n  wagons_gone_from: [new_england, east, great_plains]\n")
    where = "New England or East or Great Plains"
    assert problems() == [
        (*at(CARDS_TEXT, f"{{id: {card}", "4, cost", file="go-west/cards.yaml"),
         f"{card} moves 4 wagons, but a wagon in {where} may have only 3 steps left (G7, K10)")
        for card in ("A13", "A26", "A39", "A52", "A56")
    ]  # fmt: skip


# ----------------------------------------------------------------- the cards


def test_3_3_scoring_cards_are_numbered_in_order() -> None:
    """3.3, 5.2: scoring cards 1..n in order (the lowest left is used first)."""
    text = write(
        "cards:\n  scoring_cards:\n    - {number: 1, cost: 1}\n    - {number: 3, cost: 3}\n    - {number: 2, cost: 6}\n"
    )
    assert problems() == [(*at(text, "number: 3", "3"), "scoring card 2 is numbered 3 (3.3)")]


def test_3_4_colours_for_the_largest_player_count() -> None:
    """3.4, G1: a colour for each player at the largest count of players.yaml (4), not fewer; with
    counts up to 3, three colours do."""
    text = write("setup:\n  colours: [red, blue, green]\n")
    assert problems() == [(*at(text, "colours", "["), "3 colours are too few for 4 players (3.4)")]
    write("setup:\n  colours: [red, blue, green]\nplayers:\n  counts: [2, 3]\n")
    assert problems() == []


def test_3_4_the_deck_deals_every_hand() -> None:
    """3.4: 56 cards cannot deal 15 to each of 4 players."""
    text = write("setup:\n  hand: 15\n")
    assert problems() == [(*at(text, "hand", "15"), "56 action cards cannot deal 15 to each of 4 players (3.4)")]


def test_card_ids_are_unique() -> None:
    """§2.2: logs and tests name a card by its id (A55 given twice)."""
    text = deck(("{id: A56,", "{id: A55,"))
    line = at(text, "moves: 4, cost: 3}", "A55")
    assert problems() == [(*line, "two cards have the id A55: each card needs its own")]


def test_card_ids_are_unique_once_count_is_written_out() -> None:
    """§2.2, compile.card_ids: A04 with count 2 takes A04 and A05, so an entry A05 with count 2 (A05,
    A06) repeats A05."""
    text = deck(('{id: A06, region: east, discs: "2"', '{id: A05, region: east, discs: "2"'))
    line = at(text, '{id: A05, region: east, discs: "2", moves: 2', "A05")
    assert problems() == [(*line, "two cards have the id A05 (A05 with count 2 is A05-A06): each card needs its own")]


def test_k1_the_deck_holds_deck_size_cards() -> None:
    """K1 (2.0, 3.3): the cards, count written out, are deck_size (56)."""
    write("cards:\n  action_cards:\n    deck_size: 55\n")
    assert problems() == [(*IN_DECK, "the deck holds 56 action cards, but deck_size is 55 (K1)")]


def test_k2_a_card_shows_cost_wagons_and_region_only() -> None:
    """K2 (3.3): a card shows a cost, wagons and a region with a disc symbol; the schema refuses more."""
    text = deck(("moves: 1, cost: 0}", "moves: 1, cost: 0, vp: 1}"))
    message = "unknown key 'vp' (allowed: cost, count, discs, id, moves, region)"
    assert problems() == [(*at(text, "A53", "vp"), message)]


def test_k3_no_card_costs_more_than_max_cost() -> None:
    """K3 (5.1): the most expensive cards cost 6 (constraints.max_cost)."""
    text = deck(("moves: 4, cost: 3}", "moves: 4, cost: 7}"))
    assert problems() == [(*at(text, "A56", "7"), "A56 costs 7, more than constraints.max_cost, 6 (K3)")]


@pytest.mark.parametrize(
    ("constraints", "message"),
    [
        ("max_cost: 7", "0 card(s) cost constraints.max_cost, 7, but K3 asks for at least 2"),
        ("at_max_cost: 5", "4 card(s) cost constraints.max_cost, 6, but K3 asks for at least 5"),
        ("free: 6", "5 card(s) are free, fewer than constraints.free, 6 (K4)"),
        ("no_wagons: 9", "8 card(s) show no wagons, fewer than constraints.no_wagons, 9 (K5)"),
        ("no_region: 5", "4 card(s) show no region, fewer than constraints.no_region, 5 (K6)"),
        (
            'must_exist: [{region: great_plains, discs: "+1", moves: 0}]',
            'no card shows Great Plains "+1", 0 wagon(s), which constraints.must_exist asks for (K9)',
        ),
    ],
)
def test_k3_to_k6_k9_the_deck_meets_its_constraints(constraints, message) -> None:
    """K3 (the dearest cards cost max_cost, at least at_max_cost of them), K4 free cards, K5 cards
    without wagons, K6 cards without region, K9 cards that must exist: each a number of
    cards.yaml's constraints; asking more than the reconstructed deck has is named at the deck."""
    write(f"cards:\n  action_cards:\n    constraints: {{{constraints}}}\n")
    assert problems() == [(*IN_DECK, message)]


@pytest.mark.parametrize(
    ("region", "message"),
    [
        ("new_england", "A53 shows New England, which has no block: a card shows a block region or none (K7)"),
        ("texas", "A53 shows 'texas': a card shows a block region or none (K7)"),
    ],
)
def test_k7_a_card_region_is_a_block_region(region, message) -> None:
    """K7 (3.1, 5.1): discs go only into blocks, so a card shows a block region or none."""
    text = deck(("{id: A53, region: null, discs: null", f'{{id: A53, region: {region}, discs: "1"'))
    assert problems() == [(*at(text, "A53", region), message)]


def test_k8_a_disc_symbol_comes_exactly_with_a_region() -> None:
    """K8 (3.3, 5.1): a symbol without a region has no block to go into."""
    text = deck(("{id: A53, region: null, discs: null", '{id: A53, region: null, discs: "1"'))
    message = 'A53 shows the symbol "1" but no region: a symbol comes exactly with a region (K8)'
    assert problems() == [(*at(text, "A53", '"1"'), message)]


def test_k12_every_card_does_something() -> None:
    """K12 (a reconstruction choice, constraints.every_card_acts): no card with neither wagons nor region."""
    text = deck(("{id: A53, region: null, discs: null, moves: 1", "{id: A53, region: null, discs: null, moves: 0"))
    message = "A53 shows neither wagons nor a region, so it does nothing (K12)"
    assert problems() == [(*at(text, "A53", "{"), message)]


def test_k13_the_block_regions_have_the_same_cards() -> None:
    """K13 (a reconstruction choice, constraints.regions_alike): the West's dearest "+1" card at 5
    instead of 6 differs from the other regions' cards; named at that card."""
    text = deck(
        (
            '{id: A52, region: west, discs: "+1", moves: 4, cost: 6}',
            '{id: A52, region: west, discs: "+1", moves: 4, cost: 5}',
        )
    )
    said = '1 more "+1", 4 wagon(s), cost 5; 1 fewer "+1", 4 wagon(s), cost 6'
    assert problems() == [(*at(text, "A52", "{"), f"the West cards differ from those of East: {said} (K13)")]


def test_k12_k13_a_designer_may_relax_the_reconstruction_choices(capsys) -> None:
    """K12, K13 are reconstruction choices: with every_card_acts and regions_alike false the decks
    of the two tests above validate."""
    deck(
        ("{id: A53, region: null, discs: null, moves: 1", "{id: A53, region: null, discs: null, moves: 0"),
        (
            '{id: A52, region: west, discs: "+1", moves: 4, cost: 6}',
            '{id: A52, region: west, discs: "+1", moves: 4, cost: 5}',
        ),
        more="    constraints: {every_card_acts: false, regions_alike: false}\n",
    )
    assert problems() == []
    assert main(["validate", "--rules", "v.yaml"]) == 0
    assert capsys.readouterr().out.startswith("v.yaml: valid for 2, 3, 4 players")


def test_three_mistakes_in_one_file_are_reported_together(capsys) -> None:
    """§1, 3.4, G7: a card beyond the movement bound, an id given twice and too few colours, all in
    v.yaml, are named in one run, in file order; the CLI exits 1 with no traceback."""
    text = deck(("moves: 4, cost: 3}", "moves: 5, cost: 3}"), ("{id: A56,", "{id: A55,"))
    text += "setup:\n  colours: [red, blue]\n"
    write(text)
    duplicate = at(text, "moves: 5, cost: 3}", "A55")
    bound = "A55 moves 5 wagons, but a wagon in New England or East may have only 4 steps left (G7, K10)"
    assert problems() == [
        (*duplicate, "two cards have the id A55: each card needs its own"),
        (*at(text, "moves: 5", "5, cost"), bound),
        (*at(text, "colours", "["), "2 colours are too few for 4 players (3.4)"),
    ]
    assert main(["validate", "--rules", "v.yaml"]) == 1
    err = capsys.readouterr().err
    assert f"v.yaml:{duplicate[1]}:{duplicate[2]}: two cards" in err and "Traceback" not in err
    assert "v.yaml: 3 problem(s)" in err


def test_a_deck_with_count_compiles_as_the_deck_written_out() -> None:
    """§2.2: `count: k` is the short form of k entries (ids counting on, compile.card_ids); the
    bundled deck written out entry by entry compiles to the same rules at every player count."""
    cards = expand(load_document("go-west").located.data["cards"]["action_cards"]["cards"])
    fields = ("id", "region", "discs", "moves", "cost")
    body = "\n".join("    - {" + ", ".join(f"{k}: {json.dumps(c[k])}" for k in fields) + "}" for c in cards)
    write(f"cards:\n  action_cards:\n    cards:\n{body}\n")
    assert CARDS_TEXT.count("count: 2") == 12 and len(cards) == 56 and "count" not in body
    assert problems() == []
    # not compared: what names the rules, and the flow (read from turn.yaml, compiled to new functions each time)
    kept = [
        f.name
        for f in dataclasses.fields(Rules)
        if f.name not in {"name", "variant", "content_hash", "document", "flow", "derived"}
    ]
    for n in (2, 3, 4):
        written, counted = load_rules("v.yaml", n), load_rules("go-west", n)
        assert [getattr(written, f) for f in kept] == [getattr(counted, f) for f in kept]
        assert written.document != counted.document and written.card_id[4] == "A05"


def test_the_readme_variant_validates_with_its_settings(capsys) -> None:
    """rules/go-west/README.md "A variant": the example file validates and sets G9 shortfall, G17
    required, G2 random and the G22 cap, nothing else of the compiled rules."""
    readme = (BUNDLED / "README.md").read_text(encoding="utf-8")
    example = readme.split("```yaml\n", 1)[1].split("```", 1)[0]
    Path("go-west-strict.yaml").write_text(example, encoding="utf-8")
    assert main(["validate", "--rules", "go-west-strict.yaml"]) == 0
    assert capsys.readouterr().out.startswith("go-west-strict.yaml: valid for 2, 3, 4 players")
    strict, bundled = load_rules("go-west-strict.yaml", 3), load_rules("go-west", 3)
    assert (strict.free_split, strict.second_required, strict.random_start, strict.max_turns) == (
        False,
        True,
        True,
        400,
    )
    assert (bundled.free_split, bundled.second_required, bundled.random_start, bundled.max_turns) == (
        True,
        False,
        False,
        1000,
    )
    assert strict.shapes == bundled.shapes and strict.card_id == bundled.card_id
