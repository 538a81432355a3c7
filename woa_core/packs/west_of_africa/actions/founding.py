"""Found Settlement (5. Action: Found Settlement, R15): only the Alcalde, one settlement from
the track per free space, pay its cost, gain the settlement VP."""

from __future__ import annotations

from woa_core.kernel.actions import Action, ActionDecl, Verb, make_action
from woa_core.packs.west_of_africa.core import GameCore
from woa_core.packs.west_of_africa.round_end import add_vp

ACTION = "found"


def steps(game: GameCore, p: int, fresh: bool) -> list[Action]:
    """Every settlement ``p`` may found now."""
    r, s = game.rules, game.state
    if s.track <= 0:
        return []
    gold = s.gold[p]
    out: list[Action] = []
    for i in range(len(r.islands)):
        if s.alcalde[i] == p and game.acts_on(p, i, ACTION):
            out += [
                make_action((p, "found", group))
                for group in game.free_groups(i, cultivate=False)
                if r.spaces[group].cost <= gold
            ]
    return out


def do_found(game: GameCore, p: int, group: int) -> None:
    """``found ISLAND COST``."""
    r, s = game.rules, game.state

    def check() -> str | None:
        if not game.is_group(group) or r.spaces[group].cost < 0:
            return f"there is no settlement space {group!r}"
        info = r.spaces[group]
        problem = game.island_card_problem(p, info.island, ACTION)
        if problem:
            return problem
        name = r.islands[info.island].name
        if s.alcalde[info.island] != p:
            return f"only the Alcalde of {name} may found settlements there"
        if s.track <= 0:
            return "the settlement track is empty this round"
        if group not in game.free_groups(info.island, cultivate=False):
            return f"{name} has no free settlement space costing {info.cost}"
        if info.cost > s.gold[p]:
            return f"you have {s.gold[p]} gold, this settlement costs {info.cost}"
        return None

    def do() -> None:
        info = r.spaces[group]
        game.change_gold(p, -info.cost)
        s.settlement[game.free_space(group)] = p
        s.track -= 1
        add_vp(s, p, r.settlement_vp, "settlements")

    game.run_step(p, "found", check, do)


DECLARATION = ActionDecl(
    name=ACTION,
    section="5. Action: Found Settlement",
    verbs=(
        Verb(
            "found",
            ("settlement_space",),
            do_found,
            "ISLAND COST [GOOD]",
            "Found Settlement: a free space of that cost",
        ),
    ),
    steps=steps,
)
