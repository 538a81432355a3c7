"""Race to the well, a tiny woa rule pack (docs/rule-packs.md walks through it): each turn a player plays a hidden
step card, runs up to that far and draws; the first at the well wins, else the nearest when the cards run out."""

import random
import runpy
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import networkx as nx

import woa_core.api as woa  # woa's public surface: every name below that woa gives is woa.NAME


@dataclass(frozen=True, slots=True)
class Rules(woa.CompiledRules):
    places: tuple[str, ...]
    distance: tuple[tuple[int, ...], ...]  # [from][to]: the fewest paths between two places
    start: int
    goal: int
    deck: tuple[int, ...]  # every step card
    hand: int  # cards in a hand

    @property
    def pack(self) -> woa.Pack:
        return PACK


def compile_rules(name: str, data: dict, players: int, content_hash: str, variant: str | None = None) -> Rules:
    board, cards = data["board"], data["cards"]
    far = dict(nx.all_pairs_shortest_path_length(nx.Graph(board["paths"])))
    places = tuple(sorted(far))
    distance = tuple(tuple(far[a].get(b, len(places)) for b in places) for a in places)
    start, goal, deck = places.index(board["start"]), places.index(board["goal"]), tuple(cards["deck"])
    document = woa.freeze(data)  # read-only: what every tool may read of the rules
    return Rules(name, players, content_hash, variant, document, places, distance, start, goal, deck, cards["hand"])


def check(located: Any, d: dict) -> Any:  # what the schemas cannot say: a path to the goal, cards to deal
    board, graph, players, cards = d["board"], nx.Graph(d["board"]["paths"]), d["_players"], d["cards"]
    missing = [key for key in ("start", "goal") if board[key] not in graph]
    yield from ((("board", key), f"'{board[key]}' is on no path") for key in missing)
    if not missing and not nx.has_path(graph, board["start"], board["goal"]):
        yield ("board", "goal"), f"no path leads from {board['start']} to {board['goal']}"
    if players is not None and len(cards["deck"]) < cards["hand"] * players:
        yield ("cards", "deck"), f"{len(cards['deck'])} cards cannot deal {cards['hand']} to each of {players} players"


@dataclass(slots=True)
class State(woa.PlainState):
    at: list[int]  # each runner's place
    hands: list[list[int]]  # each player's step cards, smallest first: hidden from the others
    deck: list[int]  # face down, drawn from its end: hidden from everyone
    turn: int = 0
    played: list[int] = field(default_factory=list)  # face up
    ranking: list[int] = field(default_factory=list)  # seats, best first, once the race is over


PLACE = woa.one_of("a place", lambda r: range(len(r.places)), lambda r, q: r.places[q], "place")  # `woa value`
STEPS = woa.one_of("a step card", lambda r: sorted(set(r.deck)), lambda r, v: str(v), "card")  # may forbid one


class Game(woa.ListedGame):
    def new_state(self, rules: Rules, seed: int) -> State:
        deck = list(rules.deck)
        random.Random(seed).shuffle(deck)  # the face-down deck: a seeded shuffle
        hands = [sorted(deck.pop() for _ in range(rules.hand)) for _ in range(rules.players)]
        return State([rules.start] * rules.players, hands, deck)

    def deciders(self) -> list[int]:
        return [] if self.over else [self.state.turn % self.rules.players]

    def legal_actions(self, player: int | None = None) -> list[woa.Action]:
        s, p = self.state, next(iter(self.deciders()), None)  # the seat to decide, if any
        if p is None or player not in (None, p):
            return []
        cards, near = sorted(set(s.hands[p])), self.rules.distance[s.at[p]]  # a card of each value, a place it reaches
        return [woa.make_action((p, "run", v, q)) for v in cards for q, d in enumerate(near) if 0 < d <= v]

    def apply_legal(self, action: tuple) -> None:
        r, s, (p, _, v, q) = self.rules, self.state, action
        s.hands[p].remove(v)
        s.played.append(v)
        s.at[p], s.turn = q, s.turn + 1
        if s.deck:
            s.hands[p] = sorted([*s.hands[p], s.deck.pop()])
        if q == r.goal or not s.hands[s.turn % r.players]:
            s.ranking = sorted(range(r.players), key=lambda x: (r.distance[s.at[x]][r.goal], x))

    def observation(self, player: int) -> woa.View:
        seen = self.state.to_json()  # a copy: all of it but the hands (their sizes only) and the deck (its size)
        hands, deck = seen.pop("hands"), seen.pop("deck")
        return woa.View(self.rules, player, **seen, hand=hands[player], held=[len(h) for h in hands], deck=len(deck))

    @classmethod
    def determinize(cls, view: Any, rng: random.Random) -> "Game":  # a game of the view: the unseen cards dealt anew
        v = view.to_json()  # a copy: the game must not change the view
        unseen = list((Counter(view.rules.deck) - Counter(v["hand"]) - Counter(v["played"])).elements())
        rng.shuffle(unseen)
        hands = [sorted(unseen.pop() for _ in range(0 if p == view.player else n)) for p, n in enumerate(v["held"])]
        hands[view.player] = v["hand"]
        return cls(view.rules, state=State(v["at"], hands, unseen, v["turn"], v["played"], v["ranking"]))

    def setup(self, setup: Any, fail: Any) -> None:  # a scenario's setup may put runners elsewhere
        for who, place in setup.get("at", {}).items():
            try:
                self.state.at[woa.PLAYER.parse(self.rules, [who])] = PLACE.parse(self.rules, [place])
            except woa.InvalidNotation as e:
                fail(("at", who), str(e))

    def expect(self, key: str) -> Any:  # what a scenario's expect: {at: ...} reads; other keys: KeyError
        return {"at": {f"p{p + 1}": self.rules.places[a] for p, a in enumerate(self.state.at)}}[key]


def cards_conserved(rules: Rules, s: State, prev: State | None) -> str | None:
    cards = Counter(s.deck + s.played + [v for hand in s.hands for v in hand])
    return None if cards == Counter(rules.deck) else f"the cards in play are {sorted(cards.elements())}"


def _features(v: Any) -> list[float]:
    r, values = v.rules, sorted(set(v.rules.deck))
    return [*(r.distance[a][r.goal] for a in v.at), *map(v.hand.count, values), *map(v.played.count, values), *v.held]


RUN = woa.Verb("run", ("steps", "place"), woa.listed("run"), "STEPS PLACE", "play a step card, run that far")
PACK = woa.Pack(
    name="race",
    sections=("board", "cards"),  # board.yaml and cards.yaml, each with its schema in this folder
    schema_dir=Path(__file__).resolve().parent,
    compile=compile_rules,
    game=Game,
    verbs={"run": RUN},
    arg_kinds={"steps": STEPS, "place": PLACE},  # how the notation reads and writes the verbs' arguments
    check=lambda located, players: woa.run_checks([check], located, players),
    log_figures=lambda game: (game.state.turn, game.state.at),
    result=lambda game: {"turns": game.state.turn, "ranking": [f"p{p + 1}" for p in game.state.ranking]},
    where=lambda game: f"turn {game.state.turn + 1}",
    invariants={"cards_conserved": cards_conserved},
    scenario=woa.ScenarioHooks(setup=Game.setup, expect=Game.expect),
    features=_features,
    score=lambda game: [game.rules.distance[q][game.rules.goal] for q in game.state.at],  # paths left to the well
    score_wins="lower",  # the nearest wins: who leads, lead changes, margins, comebacks read the score so
    default_bots="random",  # what every command seats without --bots (the race has no bot of its own)
    drawing=runpy.run_path(str(Path(__file__).with_name("drawing.py")))["DRAWING"],  # its pictures: drawing.py
)
