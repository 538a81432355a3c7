"""A session (``woa_core.session``): the game people play, shared by ``woa play`` and ``woa serve``."""

from __future__ import annotations

import json

import pytest

from woa_core.errors import IllegalAction, InvalidNotation, LogError, UsageError
from woa_core.report.gamelog import replay_text
from woa_core.rules import read_rules
from woa_core.session import Session


def _heuristic_game(seed: int) -> Session:
    session = Session(read_rules("west-of-africa"), 3, seed, ["human", "heuristic", "heuristic"])
    _play_on(session, lambda: False)
    return session


def _play_on(session: Session, stop) -> None:
    """Play on, the person as the heuristic would, until the game is over or ``stop()``."""
    while (seat := session.decider()) is not None and not stop():
        if session.is_person(seat):
            session.play(_text(session, seat))
        else:
            session.bot_move()


def _text(session: Session, seat: int) -> str:
    from woa_core.kernel.notation import format_action

    return format_action(session.rules, session.bot_action(seat, "heuristic"))


def test_undo_plays_again_from_the_seed_and_the_same_position_gets_the_same_bot_moves() -> None:
    session = _heuristic_game(4)
    assert session.game.over and len(session.actions) > 100
    whole = list(session.actions)
    session.undo(40)
    assert session.actions == whole[:40] and not session.game.over
    _play_on(session, lambda: False)
    assert session.actions == whole  # nothing hidden in the bots: the position decides


def test_a_refused_action_changes_nothing() -> None:
    session = Session(read_rules("west-of-africa"), 2, 1, ["human", "human"])
    before = session.game.state.copy().to_json()
    for text, error in [
        ("fly", InvalidNotation),
        ("p2 select minus", IllegalAction),
        ("sell tenerife wine", Exception),
    ]:
        with pytest.raises(error):
            session.play(text)
    assert session.game.state.to_json() == before and session.actions == []
    with pytest.raises(UsageError, match="no bot is to decide"):
        session.bot_move()
    with pytest.raises(UsageError, match="there is no action 3"):
        session.undo(3)


def test_hot_seat_people_decide_before_bots_and_secrets_stay_secret() -> None:
    """Two people and a bot: in the simultaneous selection the people decide first (no bot's
    secret is in the game yet); each sees the other's selection only as its verb until the round
    is over, and the board drawn for a person leaves the others' hidden selections out."""
    session = Session(read_rules("west-of-africa"), 3, 2, ["random", "human", "human"])
    assert session.decider() == 1 and session.viewer() == 1
    first = session.play("select tenerife sell")
    assert session.decider() == 2 and session.viewer() == 2
    assert session.shown(first, 2) == "p2 select (secret until the round is over)"
    assert session.shown(first, 1) == "p2 select tenerife sell" and session.shown(first, None) == first.text
    assert "chose tenerife sell" not in (session.board(2) or "") and "chose tenerife sell" in (session.board(1) or "")
    session.play("select minus")
    session.bot_move()
    _play_on(session, lambda: session.game.state.round > 1)
    assert session.shown(first, 2) == "p2 select tenerife sell"  # the round is over


def test_a_log_resumes_with_other_people_and_refuses_a_wrong_one() -> None:
    session = Session(read_rules("west-of-africa", ["economy.gold.cap=40"]), 3, 9, ["human", "heuristic", "random"])
    session.play("select sell")
    session.bot_move()
    log = session.log_text()
    assert not replay_text(log).finished
    again = Session.from_log(log, "saved", people=[2])
    assert again.seats == ("heuristic", "heuristic", "human") and again.actions == session.actions
    assert again.source.overrides == ("economy.gold.cap=40",) and again.rules.gold_cap == 40
    with pytest.raises(LogError, match="saved:2: the game differs from the log"):
        Session.from_log(log.replace("p1 select sell", "p1 select found"), "saved")


def test_the_builder_offers_words_in_the_notations_order_and_whole_actions() -> None:
    session = Session(read_rules("west-of-africa"), 2, 3, ["human", "random"])
    built = session.build(["select"])
    assert built.next[:3] == ("la_palma", "el_hierro", "la_gomera") and built.next[-1] == "minus"
    assert built.complete == ()
    assert session.build(["select", "nonsense"]).words == ("select",)  # a word that leads nowhere is dropped
    assert session.build(["select", "minus", "la_palma"]).complete == ("p1 select la_palma minus",)


def _secret_chips(monkeypatch: pytest.MonkeyPatch) -> None:
    """West of Africa as a game whose score is secret: each seat's chips are the sum of the cards
    it selected, hidden from the others until its turn starts, like its selection."""
    from dataclasses import replace

    from woa_core.kernel import pack as pack_module
    from woa_core.kernel.pack import load_pack
    from woa_core.packs.west_of_africa.draw.drawing import DRAWING
    from woa_core.packs.west_of_africa.selection import card_sum
    from woa_core.rules import load_rules

    rules = load_rules("west-of-africa", 2)
    bundled = load_pack("west_of_africa")
    chips = replace(DRAWING, scores=lambda state: [card_sum(rules, sel) for sel in state.selection])
    monkeypatch.setitem(pack_module._LOADED, ("west_of_africa", None), replace(bundled, drawing=chips))


def test_what_an_action_changed_tells_no_score_the_rules_hide(monkeypatch) -> None:
    """issue 37.13: ``woa play`` and ``woa serve`` tell a person what an action changed; a score
    the rules hide from that person (an opponent's secret chips) is not told by how it moved,
    neither in the account of the action nor in the scores the server sends."""
    from woa_core.serve.app import game_state

    _secret_chips(monkeypatch)
    session = Session(read_rules("west-of-africa"), 2, seed=3, seats=["human", "human"])
    session.play("p1 select tenerife sell")  # a sum of 9 chips, secret from p2
    assert session.changes(1, 1).score is None and session.scores(1) == [0, 0]
    assert session.changes(1, 0).score == "score: p1 +9 (now 9)" and session.scores(0) == [9, 0]
    assert session.changes(1, None).score == "score: p1 +9 (now 9)"  # a spectator sees all
    shown = game_state(session, "g1")  # p2 decides: the page is p2's
    assert shown["viewer"] == 1 and shown["scores"] == [0, 0]
    assert [r["score"] for r in shown["recent"]] == [None]
    assert "tenerife" not in json.dumps(shown["recent"]) and "9" not in str(shown["scores"])


def test_the_page_a_person_sees_is_the_same_whatever_was_chosen_in_secret(monkeypatch) -> None:
    """issue 37.13: two games that differ only in the cards p1 chose in secret (with secret chips
    as the score) show p2 the very same page of ``woa serve``: board, words, history, scores and
    the account of each action; p1 is shown its own choice."""
    from woa_core.serve.app import game_state

    _secret_chips(monkeypatch)
    pages, own = [], []
    for choice in ("tenerife sell", "move_workers cultivate found"):
        session = Session(read_rules("west-of-africa"), 2, seed=3, seats=["human", "human"])
        session.play(f"p1 select {choice}")
        pages.append(json.dumps(game_state(session, "g1"), sort_keys=True))
        own.append((session.text(0), session.changes(1, 0)))
    assert pages[0] == pages[1]
    assert own[0] != own[1]
