"""How often a bot makes the blunders the search issue measured (9.3), over seeded games.

``audit`` plays games and counts, for every seat played by the audited bot: selections with an
island action (Cultivate, Sell, Found) but no island card; action cards selected and never used;
five-card turns (the fifth card costs gold) with a card that did nothing; goods planted and how
many had helpers lowering their cost; goods planted in the last round (they can never be sold);
goods sold by region (all, and before the last round); and, for all seats, games whose first
selections were identical and how often the top starting cube on the gold track won.

>>> from woa_core.rules import load_rules
>>> a = audit(load_rules("west-of-africa", 2), ("heuristic", "heuristic"), games=2, seed=1)
>>> a.games, a.selections > 0
(2, True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from woa_core.bots import make_bots
from woa_core.packs.west_of_africa.actions import STEP_OF_VERB
from woa_core.packs.west_of_africa.compiled import Rules
from woa_core.packs.west_of_africa.game import Game
from woa_core.sim.runner import game_seed


@dataclass(slots=True)
class Audit:
    """The counts (see the module docstring); rates are the ``*_rate`` properties."""

    games: int = 0
    selections: int = 0
    no_island: int = 0  # selections with an island action but no island card
    action_cards: int = 0  # action cards selected (when the action is allowed that round)
    unused_action_cards: int = 0
    five_card_turns: int = 0
    five_card_waste: int = 0  # five-card turns with a card that did nothing
    planted: int = 0
    planted_helped: int = 0  # planted at a lower cost thanks to helpers
    planted_last_round: int = 0
    sold: Counter[str] = field(default_factory=Counter)  # by region
    sold_early: Counter[str] = field(default_factory=Counter)  # by region, before the last round
    same_first_selection: int = 0  # games whose round-1 selections were all identical
    top_cube_wins: int = 0  # games won by the top starting cube of the gold track

    def rate(self, part: int, whole: int) -> float:
        """``part / whole``, 0 when ``whole`` is 0."""
        return part / whole if whole else 0.0

    def summary(self) -> dict[str, float]:
        """The rates, by name."""
        sold = sum(self.sold.values())
        return {
            "selections without island card": self.rate(self.no_island, self.selections),
            "action cards never used": self.rate(self.unused_action_cards, self.action_cards),
            "five-card turns wasting a card": self.rate(self.five_card_waste, self.five_card_turns),
            "five-card turns per selection": self.rate(self.five_card_turns, self.selections),
            "goods planted with helpers": self.rate(self.planted_helped, self.planted),
            "goods planted in the last round": self.rate(self.planted_last_round, self.planted),
            **{f"sold in the {region}": self.rate(n, sold) for region, n in sorted(self.sold.items())},
            **{
                f"sold in the {region} before the last round": self.rate(n, sum(self.sold_early.values()))
                for region, n in sorted(self.sold_early.items())
            },
            "games with identical first selections": self.rate(self.same_first_selection, self.games),
            "top starting cube wins": self.rate(self.top_cube_wins, self.games),
        }


def audit(rules: Rules, bots: Sequence[str], games: int, seed: int = 0, audited: str | None = None) -> Audit:
    """Play ``games`` games with ``bots`` (one spec per seat, not rotated) and count the blunders
    of the seats whose spec is ``audited`` (default: the first seat's)."""
    audited = audited if audited is not None else bots[0]
    mine = [b == audited for b in bots]
    out = Audit()
    for index in range(games):
        _audit_game(rules, bots, game_seed(seed, index), mine, out)
        out.games += 1
    return out


def _audit_game(rules: Rules, bots: Sequence[str], seed: int, mine: list[bool], out: Audit) -> None:
    game = Game(rules, seed=seed)
    s = game.state
    players = make_bots(bots, seed)
    top_cube = s.gold_rank()[0]
    first_selections: list[tuple] = []
    used_actions: set[str] = set()
    used_islands: set[int] = set()
    island_verbs = {"sell": 2, "help": 2}
    while s.step != "over":
        seat = game.deciders()[0]
        legal = game.legal_actions(seat)
        action = players[seat].choose(game.observation(seat), legal)
        verb = action[1]
        if verb == "select" and s.round == 1:
            first_selections.append(tuple(action[2]))
        if verb == "select" and mine[seat]:
            _count_selection(rules, action[2], out)
        if mine[seat] and verb in STEP_OF_VERB:
            used_actions.add(STEP_OF_VERB[verb])
            if verb in island_verbs:
                used_islands.add(action[island_verbs[verb]])
            elif verb in ("cultivate", "found"):
                used_islands.add(rules.spaces[action[2]].island)
            if verb == "cultivate":
                island = rules.spaces[action[2]].island
                out.planted += 1
                out.planted_helped += s.helpers[island] > 0
                out.planted_last_round += s.last_round > 0 and s.round == s.last_round
            if verb == "sell":
                out.sold[rules.islands[action[2]].region] += 1
                if not (s.last_round > 0 and s.round >= s.last_round):
                    out.sold_early[rules.islands[action[2]].region] += 1
        if verb == "end" and mine[seat]:
            _count_turn(rules, s.round, s.selection[seat] or [], used_actions, used_islands, out)
            used_actions, used_islands = set(), set()
        game.apply(action)
    out.same_first_selection += len(set(first_selections)) == 1
    out.top_cube_wins += s.winner == top_cube


def _count_selection(rules: Rules, counts: tuple, out: Audit) -> None:
    out.selections += 1
    has_island = any(counts[c] for c in rules.island_cards)
    needs_island = any(counts[rules.action_card[a]] for a in rules.island_actions if a in rules.action_card)
    out.no_island += needs_island and not has_island


def _count_turn(
    rules: Rules, round_: int, selection: Sequence[int], used_actions: set[str], used_islands: set[int], out: Audit
) -> None:
    wasted = False
    for action, card in rules.action_card.items():
        if selection[card] and not (round_ == 1 and action in rules.first_round_forbidden):
            out.action_cards += 1
            if action not in used_actions:
                out.unused_action_cards += 1
                wasted = True
    for island, card in enumerate(rules.island_card):
        if card >= 0 and selection[card] and island not in used_islands:
            wasted = True
    if sum(selection) > rules.free_cards:
        out.five_card_turns += 1
        out.five_card_waste += wasted
