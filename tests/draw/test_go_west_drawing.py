"""Go West!'s pictures and words (woa_core/packs/go_west/draw): the board drawn from the rules (3.1:
six regions east to west, California on the left), the blocks as queues with their divider (G4),
the wagons, a seat's picture and text holding its own hand only (§4, G23), what an action did in
words (G4, G6, G9, G15, G17, G18, G19, G28), and every word at 12 px or more in Chromium at
1280 px, none leaving its box."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from woa_core.cli import main
from woa_core.packs.go_west.draw.drawing import DRAWING, seen
from woa_core.packs.go_west.draw.look import HIDDEN
from woa_core.packs.go_west.draw.words import ended_words, render
from woa_core.packs.go_west.game import Game
from woa_core.rules import load_rules

SVG = "{http://www.w3.org/2000/svg}"
R, B, G, Y = 0, 1, 2, 3


def played(players: int = 3, seed: int = 1, actions: int = 120, until: Any = None) -> Game:
    """A game of random legal actions: ``actions`` of them, or until ``until(before, game)`` holds."""
    game = Game(load_rules("go-west", players), seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if game.over:
            break
        before = game.state.copy()
        game.apply(rng.choice(list(game.legal_actions())))
        if until is not None and until(before, game):
            break
    return game


def parsed(svg: str) -> ET.Element:
    """The SVG as XML (a picture that is not well-formed fails here)."""
    return ET.fromstring(svg)


def groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if g.get("class") == cls]


def texts(element: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in element.iter(f"{SVG}text")]


def to_act(game: Game, seat: int, card: str | None = None) -> None:
    """Make it ``seat``'s action step (no declaration), with ``card`` in its hand if given (swapped
    with its first card from wherever it lies, so every card is still once in play)."""
    s = game.state
    s.turn, s.step = s.order.index(seat), "action"
    if card is not None:
        c = game.rules.card_index[card]
        hands, pile = s.cards.hands, s.cards.pile
        mine = hands[seat][0]
        holder = next(h for h in [*hands, pile, s.cards.discard] if c in h)
        holder[holder.index(c)] = mine
        hands[seat][0] = c
        hands[seat].sort()


def test_the_board_is_the_rulebook_map_drawn_from_the_rules(tmp_path: Path) -> None:
    """3.1, 3.4: six regions in a line, California on the left and New England on the right (a move
    goes right to left, 5.1); the four central regions hold a block of 8 circles with the divider in
    circle 0 (the top left, 3.1.1); all 20 wagons in New England; every hand a back (`woa board`)."""
    out = tmp_path / "board.svg"
    assert main(["board", "--rules", "go-west", "--players", "4", "-o", str(out)]) == 0
    root = parsed(out.read_text(encoding="utf-8"))
    regions = groups(root, "region")
    lefts = [float(next(r.iter(f"{SVG}rect")).get("x", "0")) for r in regions]
    words = [r.get("data-region") for r in sorted(regions, key=lambda r: lefts[regions.index(r)])]
    assert words == ["CA", "W", "MW", "GP", "E", "NE"]
    circles = {
        r.get("data-region"): sum(1 for c in r.iter(f"{SVG}circle") if c.get("class") == "circle") for r in regions
    }
    assert circles == {"CA": 0, "W": 8, "MW": 8, "GP": 8, "E": 8, "NE": 0}
    dividers = [d for d in root.iter(f"{SVG}rect") if d.get("class") == "divider"]
    assert len(dividers) == 4 and {d.get("data-circle") for d in dividers} == {"0"}
    wagons = {g.get("data-wagons"): texts(g)[0] for g in groups(root, "wagons")}
    assert wagons == {"NE": "× 20", "E": "× 0", "GP": "× 0", "MW": "× 0", "W": "× 0", "CA": "× 0"}
    assert sum(1 for r in root.iter(f"{SVG}rect") if r.get("class") == "back") == 5  # 4 hands and the pile
    assert not [g for g in root.iter(f"{SVG}g") if g.get("data-id")]  # no card face
    assert "20 wagons start in New England" in " ".join(texts(root))


def test_a_rules_change_shows_in_the_picture() -> None:
    """The picture reads the rules: 12 wagons and a start of 5 VP show as such (2.0, 3.1.2)."""
    rules = load_rules("go-west", 2, ["board.wagons=12", "board.start_vp=5"])
    root = parsed(DRAWING.board(rules, Game(rules, seed=1).state, (), None))
    wagons = {g.get("data-wagons"): texts(g)[0] for g in groups(root, "wagons")}
    markers = {g.get("data-seat"): g.get("data-vp") for g in groups(root, "marker")}
    assert wagons["NE"] == "× 12" and markers == {"p1": "5", "p2": "5"}


def blocks_as_drawn(root: ET.Element, rules: Any) -> dict[str, tuple[list[int], list[int], int]]:
    """Per block: its discs' seats oldest first (by ``data-age``), their circles, the divider's circle."""
    out = {}
    for g in groups(root, "block"):
        discs = sorted(
            (d for d in g.iter(f"{SVG}g") if d.get("class") == "disc"), key=lambda d: int(d.get("data-age", 0))
        )
        divider = next(d for d in g.iter(f"{SVG}rect") if d.get("class") == "divider")
        seats = [int(d.get("data-seat", "p0")[1:]) - 1 for d in discs]
        out[g.get("data-block", "")] = (
            seats,
            [int(d.get("data-circle", -1)) for d in discs],
            int(divider.get("data-circle", -1)),
        )
    return out


def test_a_block_is_drawn_as_its_queue_clockwise_from_the_divider() -> None:
    """G4, T2: MW [R,R,B,G,G,R,B] full, G places a disc: R's oldest disc goes back, the queue is
    [R,B,G,G,R,B,G], the divider lies in circle 1 and G's new disc in circle 0; the discs fill
    the circles clockwise after the divider, oldest first, each numbered by its seat."""
    game = Game(load_rules("go-west", 3), seed=2)
    mw = game.rules.region_block[game.rules.regions.index("MW")]
    game.state.blocks[mw] = [R, R, B, G, G, R, B]
    game.state.supply = [27, 28, 28]
    to_act(game, G, "A27")  # Midwest "1", no wagons, free
    game.apply((G, "play", game.rules.card_shape[game.rules.card_index["A27"]]))
    root = parsed(DRAWING.board(game.rules, game.state, (), None))
    seats, circles, divider = blocks_as_drawn(root, game.rules)["MW"]
    assert seats == [R, B, G, G, R, B, G] and divider == 1 and circles == [2, 3, 4, 5, 6, 7, 0]
    block = next(g for g in groups(root, "block") if g.get("data-block") == "MW")
    assert texts(block) == ["1", "2", "3", "3", "1", "2", "3"]


def test_blocks_wagons_and_track_follow_a_whole_game() -> None:
    """At every 10th action of a random 4-player game: each block's discs drawn in queue order from
    the circle after the divider (``pushed % circles``, G4), each region's wagon count, each
    seat's marker at its VP."""
    game = Game(load_rules("go-west", 4), seed=3)
    rng = random.Random(3)
    pushes = 0
    while not game.over:
        game.apply(rng.choice(list(game.legal_actions())))
        if game.state.turns % 10 or game.state.step != "action":
            continue
        s, rules = game.state, game.rules
        root = parsed(DRAWING.board(rules, s, (), None))
        drawn = blocks_as_drawn(root, rules)
        for b, r in enumerate(rules.block_region):
            seats, circles, divider = drawn[rules.regions[r]]
            assert seats == s.blocks[b] and divider == s.pushed[b] % rules.circles
            assert circles == [(divider + age) % rules.circles for age in range(1, len(seats) + 1)]
        pushes = max(pushes, *s.pushed)
        wagons = {g.get("data-wagons"): texts(g)[0] for g in groups(root, "wagons")}
        assert wagons == {rules.regions[r]: f"× {n}" for r, n in enumerate(s.wagons)}
        assert {g.get("data-seat"): int(g.get("data-vp", -1)) for g in groups(root, "marker")} == {
            f"p{p + 1}": v for p, v in enumerate(s.vp)
        }
    assert pushes > 0  # some block was pushed round


def card_ids(text: str) -> set[str]:
    return set(re.findall(r"\bA\d\d\b", text))


@pytest.mark.parametrize("players", [2, 4])
def test_a_seat_sees_its_own_hand_only(players: int) -> None:
    """§4, G23: the picture and the text of seat p hold p's cards face up, every other hand as a
    back with its size, the draw pile as a size; nothing of another hand appears (its card ids
    are nowhere in p's picture nor text); a replay (no viewer) shows every hand."""
    game = played(players, seed=5, actions=150)
    s, rules = game.state, game.rules
    for seat in range(players):
        mine = seen(game, seat)
        assert mine.chance == [] and set(mine.cards.pile) <= {HIDDEN}
        svg = DRAWING.board(rules, mine, (), None)
        root = parsed(svg)
        rows = {g.get("data-seat"): [c.get("data-id") for c in groups(g, "card")] for g in groups(root, "hand")}
        assert rows == {
            f"p{q + 1}": [rules.card_id[c] for c in s.cards.hands[q]] if q == seat else [] for q in range(players)
        }
        hidden = [t for t in texts(root) if t.endswith("cards, hidden")]
        assert hidden == [f"{len(s.cards.hands[q])} cards, hidden" for q in range(players) if q != seat]
        text = render(game, seat)
        assert f"Your (p{seat + 1}) hand:" in text
        others = {rules.card_id[c] for q in range(players) if q != seat for c in s.cards.hands[q]}
        others |= {rules.card_id[c] for c in s.cards.pile}
        # the deck's faces, drawn once for the pieces to show (the deck list is public, §4), and a
        # card's word in the notation (its shape's first id) are not what a hand holds
        named = re.sub(r'<defs>.*</defs>|data-card="[^"]*"', "", svg)
        assert not others & (card_ids(named) | card_ids(text)), seat
        assert {rules.card_id[c] for c in s.cards.hands[seat]} <= card_ids(text)
    everything = render(game, None)
    assert {rules.card_id[c] for h in s.cards.hands for c in h} <= card_ids(everything)


def explained(game: Game, action: tuple[Any, ...], viewer: int | None = None) -> dict[str, list[str]]:
    """What ``action`` did, in words, as ``viewer`` sees it (None: everything)."""
    before = game.state.copy() if viewer is None else seen(game, viewer)
    game.apply(action)
    after = game.state if viewer is None else seen(game, viewer)
    return dict(DRAWING.explain(game.rules, before, after) or [])


def test_a_scoring_is_told_region_by_region() -> None:
    """T6 (5.2, G12, G13, G28): B pays card 2's 3 discs; East R+3 B+1 G+1; Great Plains capped at
    4: G+3 R+1; Midwest B+2; West capped at 1: Y+1; totals R 14, B 23, G 14, Y 11."""
    game = Game(load_rules("go-west", 4), seed=1)
    s = game.state
    s.wagons = [8, 5, 4, 2, 1, 0]
    s.blocks = [[R, B, R, G, R], [G, R, B, G, R, G], [B, B], [Y, Y, R]]
    s.supply = [25, 10, 27, 28]
    s.lid[B], s.used[B], s.vp[B] = 16, 1, 20
    to_act(game, B)
    told = explained(game, (B, "score"))
    assert told["pay"] == ["p2 pays 3: 3 discs into the lid"]
    assert told["scoring"] == [
        "p2 uses scoring card 2",
        "East: 5 wagons, 5 discs: p1 +3, p2 +1, p3 +1",
        "Great Plains: 4 wagons, 6 discs (capped: the largest holdings first): p1 +1, p3 +3",
        "Midwest: 2 wagons, 2 discs: p2 +2",
        "West: 1 wagon, 3 discs (capped: the largest holdings first): p4 +1",
    ]
    assert game.state.vp == [14, 23, 14, 11]


def test_pushed_out_discs_and_a_missing_disc_are_told() -> None:
    """T2 (G4, G6): R with 2 discs plays A03 (East "2") on a full East [R,B,B,G,G,B,Y]: its own
    oldest disc comes back and is placed again, then B's is pushed out; T8 (G6): with 3 discs A19
    (Great Plains "2", cost 3) is paid and its discs omitted."""
    game = Game(load_rules("go-west", 4), seed=4)
    s = game.state
    s.blocks[0] = [R, B, B, G, G, B, Y]
    s.supply = [2, 27, 28, 29]
    to_act(game, R, "A03")
    told = explained(game, (R, "play", game.rules.card_shape[game.rules.card_index["A03"]]))
    assert told["discs"] == [
        "p1 places 2 discs in the East, pushing out the oldest: p1's own and p2's, "
        "back to the supply, usable at once (G4)"
    ]
    assert game.state.blocks[0] == [B, G, G, B, Y, R, R] and game.state.supply[R] == 0
    game = Game(load_rules("go-west", 2), seed=4)
    game.state.supply[R] = 3
    to_act(game, R, "A19")
    told = explained(game, (R, "play", game.rules.card_shape[game.rules.card_index["A19"]]))
    assert told["pay"] == ["p1 pays 3: 3 discs into the lid"]
    assert told["discs"] == ["p1 has no disc left: 2 discs of the card omitted (G6)"]


def test_a_sale_is_told_with_what_the_lid_gave_back() -> None:
    """T10 (5.3, G11): B with 3 discs in the lid sells A52 (West "+1", cost 6): 3 back, 3 forfeited;
    with an empty lid A34 (cost 4) gives nothing back, all 4 forfeited."""
    game = Game(load_rules("go-west", 2), seed=5)
    game.state.lid[B] = 3
    to_act(game, B, "A52")
    told = explained(game, (B, "sell", game.rules.card_shape[game.rules.card_index["A52"]]))
    assert told["sell"] == ["p2 takes 3 discs back from the lid (5.3); 3 forfeited (G11)"]
    to_act(game, B, "A34")
    told = explained(game, (B, "sell", game.rules.card_shape[game.rules.card_index["A34"]]))
    assert told["sell"] == ["p2 takes 0 discs back from the lid (5.3); 4 forfeited (G11)"]


def test_a_draw_is_told_to_the_drawer_only_and_a_reshuffle_to_all() -> None:
    """§4: the drawer is told which card it drew, the others only that it drew; G15: the moment the
    last card is drawn the discard pile becomes the new pile, told with its size (T12: 42 at 2)."""
    game = played(2, seed=6, actions=5000, until=lambda b, g: len(g.state.cards.pile) == 1)
    assert len(game.state.cards.pile) == 1 and game.state.cards.reshuffles == 0
    if game.state.step == "declare":
        game.apply((game.state.order[game.state.turn], "single"))
    seat = game.state.order[game.state.turn]
    sell = next(a for a in game.legal_actions() if a[1] == "sell")
    other = game.copy()
    mine, theirs = explained(game, sell, viewer=seat), explained(other, sell, viewer=1 - seat)
    assert re.fullmatch(rf"p{seat + 1} draws A\d\d .*", mine["draw"][0])
    assert theirs["draw"] == [f"p{seat + 1} draws a card"]
    pile = len(game.state.cards.pile)
    assert pile == 42 and game.state.cards.reshuffles == 1
    assert (
        mine["reshuffle"]
        == theirs["reshuffle"]
        == [f"the draw pile ran out: the {pile} cards of the discard pile are shuffled into a new draw pile (5.5, G15)"]
    )


def test_the_tokens_coming_back_are_told() -> None:
    """G17, T18: with 2 players, R declares, then B declares: nobody holds a token, all come back."""
    game = Game(load_rules("go-west", 2), seed=7)
    assert "tokens" not in explained(game, (R, "double"))
    while game.state.step != "declare":
        game.apply(next(a for a in game.legal_actions() if a[1] == "sell"))
    assert game.state.order[game.state.turn] == B and game.state.token == [False, True]
    assert explained(game, (B, "double"))["tokens"] == [
        "nobody holds a double-move token now: every token comes back (6.0, G17)"
    ]
    assert game.state.token == [True, True]


def test_each_end_is_told_by_name() -> None:
    """7.0: vp50 at the end of a scoring, no final scoring (G18); wagons and capped, the final
    scoring region by region (G19, G22); then the ranking and who wins (G21, G27)."""
    game = Game(load_rules("go-west", 2), seed=8)
    s = game.state
    s.wagons, s.blocks[0], s.vp[R] = [10, 5, 3, 1, 1, 0], [R, R], 49
    to_act(game, R)
    told = explained(game, (R, "score"))
    assert (
        told["game_end"] == [f"the game ends: {ended_words(game.rules, game.state)}"] and "50 VP" in told["game_end"][0]
    )
    assert "final_scoring" not in told and told["final_ranking"][0].endswith("; p1 wins")
    for rules, end in (
        (load_rules("go-west", 2), "wagons"),
        (load_rules("go-west", 2, ["turn.max_turns=12"]), "capped"),
    ):
        game = Game(rules, seed=9)
        rng = random.Random(9)
        while True:
            action = rng.choice(list(game.legal_actions()))
            before = game.state.copy()
            game.apply(action)
            if game.over:
                break
        assert game.state.ended == end
        told = dict(DRAWING.explain(rules, before, game.state) or [])
        assert ("capped" if end == "capped" else "hold no wagon") in told["game_end"][0]
        assert [line.split(":")[0] for line in told["final_scoring"]] == ["East", "Great Plains", "Midwest", "West"]
        assert "win" in told["final_ranking"][0]


BOXES = """() => {
  const out = [], svg = document.documentElement;
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const all = [...svg.querySelectorAll("text")].filter((t) => !t.closest("defs"));
  for (const t of all) {
    const size = parseFloat(getComputedStyle(t).fontSize) * scale;
    if (size < 12) out.push("small: " + t.textContent + " " + size.toFixed(1) + "px");
  }
  const inside = (t, box) => { const b = t.getBBox();
    return b.x >= box.x - 0.5 && b.y >= box.y - 0.5 && b.x + b.width <= box.x + box.width + 0.5
      && b.y + b.height <= box.y + box.height + 0.5; };
  const within = (selector, frame) => { for (const g of svg.querySelectorAll(selector)) {
    const box = frame(g).getBBox();
    for (const t of g.querySelectorAll("text"))
      if (!inside(t, box)) out.push("outside " + selector + ": " + t.textContent); } };
  within("g.face", (g) => g.querySelector("rect"));
  within("g.seat", (g) => g.querySelector("rect"));
  within("g.hand", (g) => svg.querySelector(`g.seat[data-seat="${g.dataset.seat}"] rect`));
  within("g.region", (g) => g.querySelector("rect"));
  within("g.wagons", (g) => svg.querySelector(`g.region[data-region="${g.dataset.wagons}"] rect`));
  const view = svg.viewBox.baseVal;
  const boxes = all.map((t) => t.getBBox());
  boxes.forEach((a, i) => {
    if (a.x < 0 || a.y < 0 || a.x + a.width > view.width || a.y + a.height > view.height)
      out.push("off the picture: " + all[i].textContent);
    for (let j = 0; j < i; j++) { const b = boxes[j];
      const apart = a.x + 1 >= b.x + b.width || b.x + 1 >= a.x + a.width;
      if (!apart && a.y + 1.5 < b.y + b.height && b.y + 1.5 < a.y + a.height)
        out.push("overlap: " + all[j].textContent + " / " + all[i].textContent); }
  });
  return out;
}"""
"""Every word of the picture at 12 px or more on screen, inside its card, seat row or region, on
the picture, and clear of every other word."""


@pytest.mark.parametrize("where", ["setup", "mid-game", "the end"])
def test_every_word_is_legible_and_in_its_box_in_chromium(watched: Any, tmp_path: Path, where: str) -> None:
    """The picture `woa board` and `woa replay --svg` write, opened in Chromium at 1280 px: no word
    under 12 px, none outside its card, seat row or region, none on another (4 players, every hand
    face up: a replay's picture)."""
    rules = load_rules("go-west", 4)
    state = None if where == "setup" else played(4, seed=11, actions=200 if where == "mid-game" else 10_000).state
    picture = tmp_path / "board.svg"
    picture.write_text(DRAWING.board(rules, state, ["human", "random", "mcts:iterations=200", "random"], None))
    page = watched.page
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(picture.as_uri())
    assert page.evaluate(BOXES) == []
    faces = 0 if state is None else sum(map(len, state.cards.hands)) + bool(state.cards.discard) + (state.card >= 0)
    assert page.locator("g.card").count() == faces
    assert watched.errors == []
