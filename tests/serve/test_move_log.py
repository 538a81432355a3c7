"""The play page's move log in sentences and the words of cards and actions from the rules data
(issue 38.4), for every bundled pack: each action of a whole game is told by the pack's own
sentence (``Drawing.said``), never the fallback of a verb's line; the descriptions come from the
rules files (a ``--set`` change shows), and they are no part of the rules' hash."""

from __future__ import annotations

import base64
import json
import random
import zlib
from typing import Any

import pytest

from woa_core.kernel.notation import format_action
from woa_core.rules import read_rules
from woa_core.serve.app import game_state, in_words
from woa_core.session import Session

GAMES = {
    "west-of-africa": (3, ["economy.game_end.max_rounds=3"]),
    "africa": (3, ["setup.supply.camps=2"]),
    "go-west": (3, []),
}


def _played(ruleset: str, seed: int = 5) -> Session:
    players, sets = GAMES[ruleset]
    session = Session(read_rules(ruleset, sets), players, seed, ["human"] * players)
    chance = random.Random(seed)
    for _ in range(3000):
        seat = session.decider()
        if seat is None:
            break
        session.play(format_action(session.rules, chance.choice(session.game.legal_actions(seat))))
    return session


@pytest.mark.parametrize("ruleset", sorted(GAMES))
def test_every_action_of_a_game_is_told_in_a_sentence(ruleset: str) -> None:
    """Each action of a random game (every verb the game used) is a sentence of the pack's: it
    starts with its seat, names things by their names (no id with an underscore but an Africa
    field's, no "—" of the verb-line fallback), and the page's history carries it."""
    session = _played(ruleset)
    state = game_state(session, "k")
    verbs = set()
    for entry in state["history"]:
        said, text = entry["said"], entry["text"]
        seat, verb = text.split()[:2]
        verbs.add(verb)
        assert said.startswith(seat + " ") and " — " not in said and said != text, (text, said)
        fields = getattr(session.rules, "field_index", {})  # Africa's fields have no name but their id
        assert not [w for w in said.split() if "_" in w and w not in fields], (text, said)  # names, not ids
    assert len(verbs) >= {"west-of-africa": 8, "africa": 6, "go-west": 4}[ruleset], verbs


@pytest.mark.parametrize("ruleset", sorted(GAMES))
def test_every_verb_of_the_notation_has_a_sentence_and_no_other(ruleset: str) -> None:
    """The verbs are declared once, in the pack's notation (``Pack.verbs``); its move log's
    sentences (``draw.words.SENTENCES``) are for exactly those verbs, so a new verb without a
    sentence (or a sentence left for a verb that is gone) fails here, not on the page."""
    import importlib

    rules = read_rules(ruleset).compile(GAMES[ruleset][0])
    words = importlib.import_module(f"woa_core.packs.{rules.pack.name}.draw.words")
    assert sorted(words.SENTENCES) == sorted(rules.pack.verbs)


def test_a_secret_selection_is_told_without_its_cards() -> None:
    """West of Africa's selection is secret until the round is over: the other person's log says
    that a choice was made, not which cards."""
    session = Session(read_rules("west-of-africa"), 2, 1, ["human", "human"])
    session.play("select tenerife sell")
    state = game_state(session, "k")
    assert state["viewer"] == 1
    assert state["history"][0]["said"] == "p1 chooses cards (secret until the round is over)"
    assert in_words(session, "p1 select tenerife sell", {}) == "p1 chooses Tenerife and Sell Goods (sum 9)"


def test_the_words_of_cards_and_actions_come_from_the_rules_files() -> None:
    """A card's and an action's description is read from the rules (a ``--set`` change shows in
    the tooltip) and is no part of the rules' hash; a sentence names a card by the rules' name."""
    plain = read_rules("west-of-africa")
    changed = read_rules("west-of-africa", ["cards.cards.sell.description=trade your goods for gold"])
    assert changed.content_hash == plain.content_hash
    said = game_state(Session(changed, 2, 1, ["human", "human"]), "k")["words"]
    assert said["sell"] == "Sell Goods: an action card, value 5: trade your goods for gold"
    assert said["load"].startswith("Move Ship: load at the harbor the ship is in — Move Ship: sail your ship")
    africa = read_rules("africa", ["tiles.descriptions.nomad=wanders", "turn.descriptions.camp=pitch a tent"])
    assert africa.content_hash == read_rules("africa").content_hash
    words = game_state(Session(africa, 2, 1, ["human", "human"]), "k")["words"]
    assert words["camp"] == "pitch a tent"
    board = africa.compile(2).pack.drawing.board
    rules = africa.compile(2)
    from woa_core.packs.africa.game import Game

    game = Game(rules, seed=1)
    nomad = rules.face_names.index("nomad")
    game.state.tile[7] = nomad  # a face-up nomad on a field
    assert "nomads — wanders</title>" in board(rules, game.state, (), None)
    named = read_rules("west-of-africa", ["cards.cards.sell.name=Trade"])
    assert in_words(Session(named, 2, 1, ["human", "human"]), "p1 select sell", {}) == "p1 chooses Trade (sum 5)"


def test_the_words_are_no_part_of_a_log_and_come_back_from_the_rules_loaded(capsys: pytest.CaptureFixture[str]) -> None:
    """A log carries what replays (``rules_packed``), not the words for people: its rules are
    those of main's golden corpus byte for byte; a replayed log of bundled rules shows the
    bundled rules' words again; ``woa rules show`` prints them only with ``--words``."""
    from woa_core.cli import main

    def carried(ruleset: str) -> tuple[str, dict[str, Any]]:
        """A game's log (as woa serve saves it) and the rules its header carries, unpacked."""
        text = Session(read_rules(ruleset), 2, 3, ["human", "human"]).log_text()
        packed = json.loads(text.splitlines()[0])["rules_packed"]
        return text, json.loads(zlib.decompress(base64.b64decode(packed)))

    assert "description" in read_rules("west-of-africa").document["cards"]["cards"]["sell"]
    log, document = carried("west-of-africa")
    assert "description" not in document["cards"]["cards"]["sell"] and "description" in document["ruleset"]
    assert (
        "descriptions" not in carried("africa")[1]["tiles"] and "descriptions" in read_rules("africa").document["tiles"]
    )
    shown = game_state(Session.from_log(log), "k")["words"]  # the log resumed
    assert shown["sell"].startswith("Sell Goods: an action card, value 5: sell your goods")
    assert main(["rules", "show", "--json"]) == 0
    assert "sell your goods" not in capsys.readouterr().out
    assert main(["rules", "show", "--json", "--words"]) == 0
    assert "sell your goods from the warehouses" in capsys.readouterr().out
