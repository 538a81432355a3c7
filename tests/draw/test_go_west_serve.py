"""`woa serve` and `woa play` for Go West!: a person holds a hidden hand (§4, G23). What the play
page receives for a seat — its board, the table, the text, what the recent actions did, the
previews of earlier positions — never holds another seat's hand: it does not change when the
cards that seat never saw are dealt otherwise. Hot-seat, the cover screen hides the screen when
it passes to the next person, and the page then shows that person's hand, not the last one's.
The page is legible at 1280 px (12 px or more, no cell spilling) and a hand's card is a target."""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from tests.serve.servers import need_serve, serving
from woa_core.kernel.cards import Cards
from woa_core.kernel.notation import format_action
from woa_core.rules import read_rules
from woa_core.session import Session

need_serve()


def _relabel(session: Session, seat: int, back: bool = False) -> None:
    """Deal the cards ``seat`` never saw otherwise, in every position the session keeps: each such
    card becomes the next of them (a rotation; ``back``: the inverse), wherever it lies — another
    hand, the draw pile, a hand at the last reshuffle."""
    states = [*session.states, session.game.state]
    saw: set[int] = set()
    for s in states:
        saw |= {*s.cards.hands[seat], *s.cards.discard, *s.cards.pool, s.card}
    unseen = sorted(set(range(len(session.rules.card_id))) - saw)
    turn = dict(zip(unseen, unseen[1:] + unseen[:1], strict=True))
    if back:
        turn = {b: a for a, b in turn.items()}

    def dealt(cards: Cards) -> None:
        cards.hands = [sorted(turn.get(c, c) for c in h) for h in cards.hands]
        cards.pile = [turn.get(c, c) for c in cards.pile]
        cards.held = [[turn.get(c, c) for c in h] for h in cards.held]
        cards.drawn = [[turn.get(c, c) for c in d] for d in cards.drawn]

    for s in states:
        dealt(s.cards)
    assert len({session.rules.card_shape[c] for c in unseen}) > 1  # a different deal, not the same shapes


def _page_json(session: Session) -> str:
    """All the play page gets for the seat looking now, and the previews of a few earlier positions."""
    from woa_core.serve.app import game_state, position_state

    shown = [game_state(session, "key")]
    shown += [position_state(session, k) for k in range(0, len(session.actions) + 1, 17)]
    return json.dumps(shown)


def test_a_seats_page_never_holds_another_seats_hand() -> None:
    """Hot-seat, 2 people and a bot (§4, G23): at every person's decision the page's JSON for that
    person holds its own hand's cards in the board, and is byte for byte the same when every card
    it never saw is dealt otherwise (other hands, the pile); ``woa play``'s text too."""
    session = Session(read_rules("go-west"), 3, seed=11, seats=["human", "human", "random"])
    rng = random.Random(11)
    checked = 0
    while not session.game.over and len(session.actions) < 160:
        seat = session.decider()
        assert seat is not None
        if not session.is_person(seat):
            session.bot_move()
            continue
        if len(session.actions) % 3 == 0:
            assert session.viewer() == seat
            page = _page_json(session)
            board = ET.fromstring(json.loads(page)[0]["board"])
            hands = {g.get("data-seat"): [c.get("data-id") for c in g if c.get("class") == "card"] for g in board.iter(
                "{http://www.w3.org/2000/svg}g") if g.get("class") == "hand"}  # fmt: skip
            mine = [session.rules.card_id[c] for c in session.game.state.cards.hands[seat]]
            assert hands == {f"p{seat + 1}": mine}  # the map-only board: the seat's own hand, no other row
            text = session.text(seat)
            _relabel(session, seat)
            assert _page_json(session) == page and session.text(seat) == text, len(session.actions)
            _relabel(session, seat, back=True)
            assert _page_json(session) == page
            checked += 1
        session.play(format_action(session.rules, rng.choice(list(session.game.legal_actions(seat)))))
    assert checked > 20


def test_woa_play_shows_the_persons_hand_only(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`woa play --rules go-west`: the person (p1) is shown its own hand, and of the bots' hands
    only their sizes; the bots' draws are told as "draws a card", the person's with the card."""
    from woa_core.cli import main

    answers = iter(["single", "2", "board", "quit"])  # 2: sell the first card (it ends the turn)
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    main(["play", "--rules", "go-west", "--players", "3", "--bots", "random", "--pace", "0", "--seed", "4"])
    out = capsys.readouterr().out
    assert "Your (p1) hand:" in out and "Hands:" not in out
    assert re.search(r"draw: p[23] draws a card", out) and not re.search(r"p[23] draws A\d\d", out)
    assert re.search(r"draw: p1 draws A\d\d", out)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    with serving(cwd=tmp_path_factory.mktemp("serve-go-west")) as running:
        yield running


def _ids(page: Any, selector: str) -> list[str]:
    return list(page.eval_on_selector_all(selector, "cs => cs.map((c) => c.dataset.id)"))


def _settle(page: Any) -> dict[str, Any]:
    page.wait_for_function(
        "() => { const w = window.woaServe, s = w && w.state(); return !!s && !w.busy() && (s.over || s.person); }",
        timeout=60000,
    )
    return dict(page.evaluate("window.woaServe.state()"))


def _click(page: Any, selector: str) -> None:
    page.click(selector)
    page.wait_for_function("() => !window.woaServe.busy()", timeout=60000)


def _turn(page: Any) -> None:
    """The deciding person's turn by clicking: a single action (6.0), then sell a card picked on
    the board (its face in the hand is the target)."""
    if page.query_selector('#builder button[data-verb="single"]') is not None:
        _click(page, '#builder button[data-verb="single"]')
        _click(page, "#builder button.play")
    _click(page, '#builder button[data-verb="sell"]')
    target = page.query_selector("#board g.hand g.card.target")
    assert target is not None, "the hand's cards are the targets of sell"
    box = target.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function("() => !window.woaServe.busy()", timeout=60000)
    _click(page, "#builder button.play")


def test_hot_seat_covers_the_screen_and_shows_the_next_persons_hand(server: Any, watched: Any) -> None:
    """Two people at one screen: after p1's turn the screen is covered (the whole window) until p2
    is there; behind the cover and after it the board holds p2's hand face up and none of p1's
    cards, no row for p1 (its hand's size is in its panel); and back to p1 the same the other way
    round."""
    page = watched.page
    page.add_init_script("localStorage.setItem('woa.pace', '0')")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(server.url)
    page.wait_for_selector("#preview svg")
    page.select_option("#ruleset", "go-west")
    page.wait_for_selector("#preview svg.go-west")
    page.select_option("#players", "2")
    page.select_option('#seats select[data-seat="2"]', "human")
    page.click("#startGame")
    page.wait_for_url("**/game/**")
    state = _settle(page)
    assert state["viewer"] == 0 and page.is_hidden("#curtain")
    for now, then in ((0, 1), (1, 0)):
        mine = _ids(page, f'#board g.hand[data-seat="p{now + 1}"] g.card')
        assert len(mine) == 7 and _ids(page, f'#board g.hand[data-seat="p{then + 1}"] g.card') == []
        _turn(page)
        assert page.is_visible("#curtain") and f"pass the screen to p{then + 1}" in page.inner_text("#curtain")
        cover = page.locator("#curtain").bounding_box()
        assert cover == {"x": 0, "y": 0, "width": 1280, "height": 900}
        state = dict(page.evaluate("window.woaServe.state()"))
        assert state["viewer"] == then
        theirs = _ids(page, f'#board g.hand[data-seat="p{then + 1}"] g.card')
        left = set(mine) - set(_ids(page, "#board g[data-slot] g.card"))  # the card sold lies face up
        assert (
            len(theirs) == 7 and not left & set(_ids(page, "#board g.card")) and "cards, hidden" not in state["board"]
        )
        assert page.locator("#board g.hand").count() == 1 and "7 cards" in page.inner_text(
            f'#seatPanels .seat[data-seat="{now}"]'
        )
        assert not any(card in page.inner_text("#text") for card in left)
        page.click("#curtainOpen")
        _settle(page)
        assert page.is_hidden("#curtain") and _ids(page, f'#board g.hand[data-seat="p{then + 1}"] g.card') == theirs
    assert watched.errors == []


SMALL_BOARD_TEXT = """() => {
  const svg = document.querySelector("#board svg.board");
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  return [...svg.querySelectorAll("text")].filter((t) => !t.closest("defs"))
    .map((t) => [t.textContent, parseFloat(getComputedStyle(t).fontSize) * scale]).filter(([, s]) => s < 12);
}"""


WRAPPED = """() => [...document.querySelectorAll("#seatPanels dd")].filter((dd) => {
  const range = document.createRange();
  range.selectNodeContents(dd);
  return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
}).map((dd) => dd.previousElementSibling.textContent + ": " + dd.textContent)"""
"""The seats' panels' values that take more than one line."""


def test_the_page_board_is_the_map_and_the_seats_own_hand() -> None:
    """Issue 38 item 1, the board drawn map-only: the play page's picture holds the regions, the
    track, the piles and the hand of the seat looking (its cards the targets of play and sell),
    no seat's row (name, token, next scoring, another hand's back): those are the panel's words,
    where every seat's hand size is. The whole board of ``woa board`` keeps the rows."""
    from woa_core.serve.app import map_board, panel_words

    session = Session(read_rules("go-west"), 3, seed=4, seats=["human", "random", "random"])
    board = ET.fromstring(map_board(session, session.game, 0) or "")
    classes = [g.get("class") for g in board.iter("{http://www.w3.org/2000/svg}g")]
    hands = [g for g in board.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "hand"]
    assert "seat" not in classes and "region" in classes and "track" in classes
    assert [g.get("data-seat") for g in hands] == ["p1"]
    assert len([c for c in hands[0] if c.get("class") == "card"]) == 7
    drawn = "".join(board.itertext())
    assert "hidden" not in drawn and "next scoring" not in drawn and "2× held" not in drawn
    assert int(board.get("height", "0")) < int(ET.fromstring(session.board(0)).get("height", "0"))
    shown = panel_words(session, session.game, 0)
    assert shown is not None and [row[-1] for row in shown["rows"]] == ["7 cards"] * 3
    assert shown["columns"][2:7] == ["discs in supply", "in the lid", "in blocks", "scorings used", "next costs"]


def test_the_play_page_is_legible_at_1280(server: Any, watched: Any) -> None:
    """One person against 2 bots at 1280 px: the page's words (the seats' panels from the table)
    and the board's words 12 px or more, no panel cell spilling, each panel's value on one line,
    nothing wider than the window."""
    from tests.serve.test_serve_page import SMALL_TEXT, SPILLS

    status, made = server.request(
        "POST",
        "/api/games",
        {"ruleset": "go-west", "players": 3, "seed": 7, "set": [], "seats": ["human", "random", "random"]},
    )
    assert status == 200, made
    page = watched.page
    page.add_init_script("localStorage.setItem('woa.pace', '0')")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{server.url}game/{made['id']}")
    _settle(page)
    for _ in range(3):
        _turn(page)
        _settle(page)
    assert page.locator("#seatPanels .seat").count() == 3 and "next costs" in page.inner_text("#seatPanels")
    assert page.evaluate(SMALL_TEXT) == []
    assert page.evaluate(SPILLS) == []
    assert page.evaluate(WRAPPED) == []
    assert page.evaluate(SMALL_BOARD_TEXT) == []
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    assert watched.errors == []


def test_a_wagon_step_is_picked_on_the_board(server: Any, watched: Any) -> None:
    """G26: after a card with wagons is played, each ``step REGION`` is a region's column to click:
    the regions holding a wagon that may move are the targets, a click adds the region's word,
    and the wagon goes one region west (5.1)."""
    from woa_core.rules import load_rules

    rules = load_rules("go-west", 2)
    status, made = server.request(
        "POST", "/api/games", {"ruleset": "go-west", "players": 2, "seed": 3, "set": [], "seats": ["human", "random"]}
    )
    assert status == 200, made
    page = watched.page
    page.add_init_script("localStorage.setItem('woa.pace', '0')")
    page.goto(f"{server.url}game/{made['id']}")
    _settle(page)
    _click(page, '#builder button[data-verb="single"]')
    _click(page, "#builder button.play")
    hand = _ids(page, "#board g.hand g.card")
    card = next(c for c in hand if rules.shapes[rules.card_shape[rules.card_index[c]]][2] > 0)
    page.fill("#typed", f"play {card}")
    page.press("#typed", "Enter")
    state = _settle(page)
    while state["step"] in ("pay", "also"):
        _click(page, "#builder button.verb")
        _click(page, "#builder button.choice[data-word]")
        _click(page, "#builder button.play")
        state = _settle(page)
    assert state["step"] == "step"
    _click(page, '#builder button[data-verb="step"]')
    targets = page.eval_on_selector_all("#board g.region.target", "gs => gs.map((g) => g.dataset.region)")
    assert targets == ["NE"]  # every wagon starts in New England (3.4)
    box = page.locator('#board g.region[data-region="NE"]').bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + 12)
    page.wait_for_function("() => !window.woaServe.busy()", timeout=60000)
    _click(page, "#builder button.play")
    state = _settle(page)
    assert state["history"][-1]["text"] == "p1 step NE"
    assert page.text_content('#board g.wagons[data-wagons="E"] text') == "× 1"
    assert watched.errors == []
