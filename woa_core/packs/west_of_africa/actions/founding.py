"""Found Settlement (5. Action: Found Settlement, R15): only the Alcalde, one settlement from
the track per free space, pay its cost, gain the settlement VP."""

from __future__ import annotations

from typing import Any, Final

from woa_core.kernel.actions import ActionDecl, Verb
from woa_core.kernel.legality import Among, Legality, Limit, Valid
from woa_core.packs.west_of_africa.core import GameCore, island_acting
from woa_core.packs.west_of_africa.round_end import add_vp

ACTION: Final = "found"


def _is_site(game: GameCore, group: object) -> bool:
    return game.is_group(group) and game.rules.spaces[group].cost >= 0


def _free_sites(game: GameCore, p: int, fresh: bool, island: int) -> list[int]:
    return game.free_groups(island, cultivate=False)


def _island(game: GameCore, group: int) -> str:
    return game.rules.islands[game.rules.spaces[group].island].name


def _is_alcalde(game: GameCore, p: int, fresh: bool, island: int) -> bool:
    return game.state.alcalde[island] == p


def _track_left(game: GameCore, p: int, fresh: bool) -> bool:
    return game.state.track > 0


def _affordable(game: GameCore, p: int, fresh: bool, island: int, group: int) -> bool:
    return game.rules.spaces[group].cost <= game.state.gold[p]


FOUND: Final = Legality(
    Valid(1, _is_site, lambda game, p, group: f"there is no settlement space {group!r}"),
    island_acting(ACTION),
    Limit(
        1,
        _is_alcalde,
        lambda game, p, group: f"only the Alcalde of {_island(game, group)} may found settlements there",
    ),
    Limit(0, _track_left, "the settlement track is empty this round"),
    Among(
        1,
        _free_sites,
        lambda game, p, group: (
            f"{_island(game, group)} has no free settlement space costing {game.rules.spaces[group].cost}"
        ),
    ),
    Limit(
        2,
        _affordable,
        lambda game, p, group: (
            f"you have {game.state.gold[p]} gold, this settlement costs {game.rules.spaces[group].cost}"
        ),
    ),
)
"""``found ISLAND COST``: what a settlement founded must meet (R15); level 0 is its island."""


def do_found(game: GameCore, p: int, group: Any) -> str:
    """``found ISLAND COST``."""
    r, s = game.rules, game.state

    def do() -> None:
        info = r.spaces[group]
        game.change_gold(p, -info.cost)
        s.settlement[game.free_space(group)] = p
        s.track -= 1
        add_vp(s, p, r.settlement_vp, "settlements")

    return game.run_step(p, "found", (group,), do)


DECLARATION: ActionDecl = ActionDecl(
    name=ACTION,
    section="5. Action: Found Settlement",
    verbs=(
        Verb(
            "found",
            ("settlement_space",),
            do_found,
            "ISLAND COST [GOOD]",
            "Found Settlement: a free space of that cost",
            legality=FOUND,
        ),
    ),
)
