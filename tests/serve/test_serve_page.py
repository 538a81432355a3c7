"""The game's page of ``woa serve`` as people use it (issue 38): every player's panel as HTML
text beside a map-only board, legible at three widths for each bundled pack; history previewed,
going back confirmed, redo; another tab's move shown; hints instant for a single legal action and
cancellable, their candidates sorted; the turn announced, shortcut keys, targets marked by shape;
a click beside the targets answered in place. The system's Chromium through playwright."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.serve.servers import Server, need_serve
from woa_core.rules import read_rules
from woa_core.serve.app import only_action
from woa_core.session import Session

need_serve()

MONEY = {"west-of-africa": "gold", "africa": "gold", "go-west": "discs"}
"""Each bundled pack (every one is tested) and what its panel counts a player's means in."""
WIDTHS = (1400, 1280, 390)

SMALL_TEXT = """() => {
  const small = [];
  for (const n of document.querySelectorAll('#game *')) {
    if (n.closest('svg') || n.closest('[hidden]') || n.closest('details:not([open]) > :not(summary)')) continue;
    if (![...n.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim())) continue;
    const r = n.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    const size = parseFloat(getComputedStyle(n).fontSize);
    if (size < 12) small.push(n.tagName + ' ' + n.textContent.slice(0, 30) + ': ' + size + 'px');
  }
  return small;
}"""
"""The page's words outside the map (its HTML text) under 12 px, as the browser computes them."""

SPILLS = """() => {
  const problems = [], page = document.documentElement.clientWidth;
  for (const cell of document.querySelectorAll('#seatPanels dd, #seatPanels dt, #seatPanels h3, #seatPanels li')) {
    if (cell.scrollWidth > cell.clientWidth + 1) problems.push('spills: ' + cell.textContent.slice(0, 30));
    const r = cell.getBoundingClientRect();
    if (r.right > page + 1) problems.push('off the page: ' + cell.textContent.slice(0, 30));
  }
  for (const seat of document.querySelectorAll('#seatPanels .seat')) {
    const cells = [...seat.querySelectorAll('dt, dd')].map((c) => c.getBoundingClientRect());
    for (let i = 1; i < cells.length; i += 2)
      if (cells[i - 1].right > cells[i].left + 0.5) problems.push('a heading runs into its value');
  }
  return problems;
}"""
"""The panels' cells that overflow, leave the page or overlap their neighbour."""

READY = """() => { const w = window.woaServe; const s = w && w.state();
  return !!s && !w.busy() && (s.over || s.person); }"""


def _new_game(server: Server, ruleset: str, seats: list[str], players: int = 3) -> str:
    status, made = server.request(
        "POST", "/api/games", {"ruleset": ruleset, "players": players, "seed": 7, "set": [], "seats": seats}
    )
    assert status == 200, made
    return str(made["id"])


def _api(server: Server, key: str, what: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
    status, state = server.request("GET" if body is None else "POST", f"/api/games/{key}{what}", body)
    assert status == 200, state
    return dict(state)


@pytest.fixture
def page_at(browser: Any) -> Iterator[Any]:
    """Open a game's page at a width: ``page_at(server, key, width)``; page errors collected."""
    contexts: list[Any] = []
    errors: list[str] = []

    def open_page(server: Server, key: str, width: int = 1280) -> Any:
        context = browser.new_context(viewport={"width": width, "height": 900 if width > 500 else 844})
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.add_init_script("localStorage.setItem('woa.pace', '0')")
        page.goto(f"{server.url}game/{key}")
        page.wait_for_function(READY, timeout=60000)
        return page

    yield open_page
    for context in contexts:
        context.close()
    assert errors == []


@pytest.mark.parametrize("ruleset", sorted(MONEY))
def test_every_players_panel_is_legible_html_at_three_widths(server: Server, page_at: Any, ruleset: str) -> None:
    """issue 38.1: beside a map-only board, a panel per player as HTML (score, money, goods,
    hands; the person's marked, the decider's too), every word of the page outside the map at
    12 px or more and no cell spilling, at 1400, 1280 and 390 px."""
    key = _new_game(server, ruleset, ["human", "heuristic", "heuristic"])
    for width in WIDTHS:
        page = page_at(server, key, width)
        state = page.evaluate("window.woaServe.state()")
        assert 'class="player"' not in state["board"]  # the map only: the players are told in HTML
        seats = page.query_selector_all("#seatPanels .seat")
        assert len(seats) == 3 and "you" in (seats[0].get_attribute("class") or "")
        text = page.inner_text("#seatPanels")
        assert "VP" in text and "p2 heuristic" in text and MONEY[ruleset] in text
        assert page.evaluate(SMALL_TEXT) == [], width
        assert page.evaluate(SPILLS) == [], width
        assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth"), width


def _africa_at_its_second_decision(server: Server) -> tuple[str, dict[str, Any]]:
    """A 2-player Africa game, p1 a person, p2 a bot: p1's start city, p2's, then p1 to decide."""
    key = _new_game(server, "africa", ["human", "heuristic"], players=2)
    state = _api(server, key, "")
    state = _api(server, key, "/play", {"at": state["at"], "action": "start dakar"})
    while not state["person"]:
        state = _api(server, key, "/bot", {"at": state["at"]})
    return key, state


def test_history_previews_asks_before_going_back_and_redoes(server: Server, page_at: Any) -> None:
    """issue 38.2: pointing at a history line previews that moment (the game unchanged); going
    back asks first (and Cancel keeps everything); after going back, Redo returns to where the
    person was, the same actions."""
    key, state = _africa_at_its_second_decision(server)
    page = page_at(server, key)
    at, texts = state["at"], [h["text"] for h in state["history"]]
    page.hover('#history li[data-undo="0"]')
    page.wait_for_selector("#board.previewing svg")
    assert page.is_visible("#previewBar") and "The start" in page.inner_text("#previewBar")
    assert page.evaluate("window.woaServe.state().at") == at
    page.mouse.move(5, 5)  # away from the list: the game as it is again
    page.wait_for_function("() => !document.querySelector('#board').classList.contains('previewing')")
    page.click('#history li[data-undo="0"]')
    page.click("#goBack")
    assert "Go back to the start?" in page.inner_text("#confirmText")
    page.click("#confirmNo")
    assert page.evaluate("window.woaServe.state().at") == at and page.is_hidden("#previewBar")
    page.click('#history li[data-undo="1"]')
    page.click("#goBack")
    page.click("#confirmYes")
    page.wait_for_function("() => window.woaServe.state().at === 1 && !window.woaServe.busy()")
    assert page.inner_text("#redo") == f"Redo ({at - 1})" and page.is_enabled("#redo")
    page.click("#redo")
    page.wait_for_function(f"() => window.woaServe.state().at === {at} && !window.woaServe.busy()")
    assert [h["text"] for h in page.evaluate("window.woaServe.state().history")] == texts
    assert page.is_disabled("#redo")


def test_redo_is_kept_until_another_action_replaces_it(server: Server) -> None:
    """issue 38.2: the undone actions are kept while the same ones are played again, and
    dropped once another is played."""
    key, state = _africa_at_its_second_decision(server)
    first = state["history"][0]["text"]
    state = _api(server, key, "/undo", {"at": state["at"], "to": 0})
    assert state["ahead"] == 2
    state = _api(server, key, "/play", {"at": 0, "action": first})
    assert state["ahead"] == 1  # the same action: the rest still ahead
    state = _api(server, key, "/undo", {"at": 1, "to": 0})
    assert state["ahead"] == 2
    other = "start cape_town" if first != "p1 start cape_town" else "start tangier"
    state = _api(server, key, "/play", {"at": 0, "action": other})
    assert state["ahead"] == 0
    status, refused = server.request("POST", f"/api/games/{key}/redo", {"at": 1})
    assert status == 400 and "nothing to redo" in refused["error"]


def test_another_tabs_move_shows_up_within_a_second(server: Server, page_at: Any) -> None:
    """issue 38.7: a move made elsewhere (another tab: here the API) appears on the page by
    itself, within a second (the page polls; 2 s allowed on a loaded machine), and says so."""
    key = _new_game(server, "africa", ["human", "human"], players=2)
    page = page_at(server, key)
    played = time.perf_counter()
    _api(server, key, "/play", {"at": 0, "action": "start dakar"})
    page.wait_for_function("() => window.woaServe.state().at === 1", timeout=5000)
    assert time.perf_counter() - played < 2.0
    assert "another tab" in page.inner_text("#boardNote").lower()


def test_the_rules_key_numbers_are_the_variants_own() -> None:
    """issue 38.4: the page's rules panel comes from the compiled rules (a change shows), the
    words of cards from the rules data, the move log in words."""
    from woa_core.serve.app import game_state

    africa = game_state(Session(read_rules("africa"), 2, seed=1, seats=["human", "human"]), "k")
    assert africa["key_numbers"][0] == "2 players · 101 fields, 96 tiles"
    woa = game_state(Session(read_rules("west-of-africa"), 2, seed=1, seats=["human", "human"]), "k")
    assert woa["words"]["move_ship"].startswith("Move Ship: an action card, value 2: sail your ship")
    assert woa["key_numbers"][0] == "2 players · 15 gold to start, at most 45"
    started = Session(read_rules("africa"), 2, seed=1, seats=["human", "human"])
    started.play("start dakar")
    said = game_state(started, "k")["history"][0]["said"]  # the move log in sentences (tests/serve/test_move_log.py)
    assert said == "p1 starts in Dakar"
    rich = Session(read_rules("west-of-africa", ["economy.gold.cap=60"]), 2, seed=1, seats=["human", "human"])
    assert game_state(rich, "k")["key_numbers"][0] == "2 players · 15 gold to start, at most 60"


def test_a_hint_with_one_legal_action_needs_no_search() -> None:
    """issue 38.5: at a decision with a single legal action, the hint is that action, at once."""
    session = Session(read_rules("west-of-africa"), 2, seed=3, seats=["human", "human"])
    for _ in range(400):
        seat = session.decider()
        assert seat is not None
        legal = session.game.legal_actions(seat)
        if len(legal) == 1:
            break
        session.play(_first(session))
    else:
        raise AssertionError("no decision with one legal action in 400 actions")
    hint = only_action(session)
    assert hint is not None and hint["only"] and hint["best"].startswith(f"p{seat + 1} ")


def _first(session: Session) -> str:
    from woa_core.kernel.notation import format_action

    seat = session.decider()
    assert seat is not None
    return format_action(session.rules, session.game.legal_actions(seat)[0])


def test_a_long_hint_shows_progress_and_can_be_cancelled(server: Server, page_at: Any) -> None:
    """issue 38.5: a long hint shows a progress bar of the search's own count (rollouts done of
    those asked, reported by the process that searches) and a Cancel that stops it (the game
    unchanged, the page free again); a finished hint lists its candidates by their chance to win."""
    key = _new_game(server, "africa", ["human", "heuristic"], players=2)
    page = page_at(server, key)
    page.select_option("#hintBudget", "600")
    page.click("#hint")
    page.wait_for_selector("#hintWait progress", state="visible")
    assert page.is_disabled("#hint")
    counted = "() => { const p = window.woaServe.hintProgress(); return p && p.done >= N; }"
    page.wait_for_function(counted.replace("N", "2"), timeout=30000)
    first = page.evaluate("window.woaServe.hintProgress()")
    page.wait_for_function(counted.replace("N", str(first["done"] + 3)), timeout=30000)
    assert first["asked"] == 600 and " of 600 rollouts" in page.inner_text("#hintWaitText")
    shown = float(page.get_attribute("#hintProgress", "value") or "0")
    assert 0 < shown < 1  # the share the search reported, not a guess from the time gone
    page.click("#hintCancel")
    page.wait_for_function("() => !window.woaServe.hinting()", timeout=20000)
    assert "cancelled" in page.inner_text("#boardNote") and page.is_hidden("#hintWait")
    page.select_option("#hintBudget", "30")
    page.click("#hint")
    page.wait_for_selector("#hintBox tr", timeout=60000)
    cells = page.eval_on_selector_all("#hintBox tr td:nth-child(2)", "c => c.map((x) => x.textContent)")
    shares = [int(t.split("%")[0]) for t in cells]
    assert shares == sorted(shares, reverse=True) and len(shares) > 1


def test_turn_announced_keys_and_marks_not_by_colour_alone(server: Server, page_at: Any) -> None:
    """issue 38.6: the person's turn in an ARIA live region and the tab title; keys 1-9 pick a
    choice, Esc clears, u undoes; targets outlined by a dashed line (shape, not colour alone);
    Africa, played in turns, never says "round"; issue 38.4: a click beside the targets says so
    in place, the board not moved."""
    key = _new_game(server, "africa", ["human", "heuristic"], players=2)
    page = page_at(server, key)
    assert page.get_attribute("#live", "aria-live") == "polite"
    assert page.inner_text("#live").startswith("Your turn: p1 (you) to decide")
    assert page.title().startswith("● Your turn")
    assert "Keyboard shortcuts" in page.inner_text("#keys")
    assert "round" not in page.inner_text("#roundTitle").lower() + page.inner_text("#roundEnd").lower()
    assert page.get_attribute('#builder button[data-verb="start"]', "title").startswith("setup: choose a start city")
    before = page.eval_on_selector("#board", "b => b.getBoundingClientRect().top")
    page.click("#board", position={"x": 3, "y": 3})
    assert "First choose what to do" in page.inner_text("#boardNote")
    page.keyboard.press("1")
    page.wait_for_function("() => window.woaServe.words().length === 1 && !window.woaServe.busy()")
    # issue 38.4: the pack's words, from the rules data, on the buttons and the board's targets
    assert page.get_attribute('#builder button[data-word="dakar"]', "title") == "Dakar: a start city, on the coast"
    said = page.eval_on_selector('#board .target[data-city="dakar"] > title.said', "t => t.textContent")
    assert said == "Dakar: a start city, on the coast"
    outline = "t => [t, t.querySelector(':scope > title + *')].map((n) => getComputedStyle(n).strokeDasharray)"
    dashes = page.eval_on_selector('#board .target[data-city="dakar"]', outline)
    assert all(dash not in ("", "none") for dash in dashes), dashes  # the group and the shape it draws
    page.click("#board", position={"x": 3, "y": 3})
    assert "Not a target" in page.inner_text("#boardNote")
    assert page.eval_on_selector("#board", "b => b.getBoundingClientRect().top") == before
    page.keyboard.press("Escape")
    page.wait_for_function("() => window.woaServe.words().length === 0 && !window.woaServe.busy()")
    page.keyboard.press("1")
    page.wait_for_function("() => window.woaServe.words().length === 1 && !window.woaServe.busy()")
    page.keyboard.press("1")
    page.wait_for_function("() => window.woaServe.state().build.complete.length === 1 && !window.woaServe.busy()")
    page.keyboard.press("Enter")
    played = "() => { const s = window.woaServe.state(); return s.at >= 2 && s.person && !window.woaServe.busy(); }"
    page.wait_for_function(played, timeout=30000)
    page.keyboard.press("u")
    page.wait_for_function("() => window.woaServe.state().at === 0 && !window.woaServe.busy()")


TARGETS = """() => { const largest = new Map(), places = window.woaServe.state().places;
  for (const t of document.querySelectorAll('#board .target')) {
    const r = t.getBoundingClientRect(), word = places.map((a) => t.getAttribute(a)).find(Boolean) || t;
    largest.set(word, Math.max(largest.get(word) || 0, Math.min(r.width, r.height)));
  }
  return [...largest.values()]; }"""
"""The size of each target word on the board (its smaller side): a word drawn several times (a
field and the explorer on it) as large as its largest drawing, which a tap may choose."""


@pytest.mark.parametrize("ruleset,verb", [("africa", "start"), ("west-of-africa", "select")])
def test_a_phone_gets_targets_of_24_px_and_the_buttons_by_the_board(
    server: Server, page_at: Any, ruleset: str, verb: str
) -> None:
    """issue 38.3: at 390 px the board fits the width, every target offered is at least 24×24 px
    (a small map zooms in while targets are offered), and the turn's buttons are on the screen
    with the board, no long scroll between them."""
    key = _new_game(server, ruleset, ["human", "heuristic", "heuristic"])
    page = page_at(server, key, 390)
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    page.click(f'#builder button[data-verb="{verb}"]')
    page.wait_for_function("() => window.woaServe.words().length === 1 && !window.woaServe.busy()")
    sizes = page.evaluate(TARGETS)
    assert sizes and min(sizes) >= 24, sizes
    board = page.eval_on_selector("#board", "b => b.getBoundingClientRect().toJSON()")
    turn = page.eval_on_selector("#turn", "t => t.getBoundingClientRect().toJSON()")
    assert turn["top"] < 844 and turn["top"] - board["bottom"] < 60, (board, turn)
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
