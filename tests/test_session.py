"""A session (``woa_core.session``): the game people play, shared by ``woa play`` and ``woa serve``."""

from __future__ import annotations

import pytest

from woa_core.errors import IllegalAction, InvalidNotation, LogError, UsageError
from woa_core.kernel.gamelog import replay_text
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
