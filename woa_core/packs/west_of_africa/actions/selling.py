"""Sell Goods (5. Action: Sell Goods, R10, R25): one good at a time from a chosen island's
warehouse, at the island's regional price, gold capped."""

from __future__ import annotations

from woa_core.kernel.actions import Action, ActionDecl, Verb, make_action
from woa_core.packs.west_of_africa.core import GameCore

ACTION = "sell"


def steps(game: GameCore, p: int, fresh: bool) -> list[Action]:
    """Every good ``p`` may sell now."""
    s = game.state
    out: list[Action] = []
    for i in range(len(game.rules.islands)):
        if game.acts_on(p, i, ACTION):
            stock = s.warehouse[i][p]
            out += [make_action((p, "sell", i, g)) for g in range(len(stock)) if stock[g]]
    return out


def do_sell(game: GameCore, p: int, island: int, good: int) -> None:
    """``sell ISLAND GOOD``."""
    r, s = game.rules, game.state

    def check() -> str | None:
        problem = game.island_card_problem(p, island, ACTION)
        if problem:
            return problem
        name = game.good_name(good).lower()
        if s.warehouse[island][p][good] <= 0:
            return f"you have no {name} in the {r.islands[island].name} warehouse"
        return None

    def do() -> None:
        s.warehouse[island][p][good] -= 1
        s.supply[p][good] += 1
        game.change_gold(p, r.islands[island].price)

    game.run_step(p, "sell", check, do)


DECLARATION = ActionDecl(
    name=ACTION,
    section="5. Action: Sell Goods",
    verbs=(Verb("sell", ("island", "good"), do_sell, "ISLAND GOOD", "Sell Goods: one good"),),
    steps=steps,
)
