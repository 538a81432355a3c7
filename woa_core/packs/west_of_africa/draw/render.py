"""The board as text: what a player at the table would see (used by ``woa play``).

>>> from woa_core.rules import load_rules
>>> from woa_core.packs.west_of_africa import Game
>>> print(render(Game(load_rules("west-of-africa", 2), seed=1), viewer=0).splitlines()[0])
Round 1 · selecting cards · settlement track 4, reserve 8
"""

from __future__ import annotations

from woa_core.packs.west_of_africa.game import Game
from woa_core.packs.west_of_africa.state import NEUTRAL, NOBODY
from woa_core.packs.west_of_africa.steps import MAIN, OVER, SELECT


def _who(p: int) -> str:
    return f"p{p + 1}"


def render(game: Game, viewer: int | None) -> str:
    """The public board with its sea links and where everyone stands, and ``viewer``'s own cards
    and selection; ``viewer=None`` (a replay, a spectator) shows every player's."""
    r, s = game.rules, game.state
    step = {SELECT: "selecting cards", OVER: "game over"}.get(s.step, f"{_who(game.decider())}: {s.step}")
    lines = [f"Round {s.round} · {step} · settlement track {s.track}, reserve {s.reserve}"]
    if s.last_round:
        lines[0] += f" · last round: {s.last_round}"
    rank = s.gold_rank()
    lines.append("Players (gold-track order): " + ", ".join(f"{_who(p)} {s.gold[p]}g {s.vp[p]}VP" for p in rank))
    if s.order and s.step != SELECT:
        sums = ", ".join(f"{_who(p)} {game.card_sum(p)}" for p in s.order)
        lines.append(f"Order this round (card sums): {sums}")
    for i, island in enumerate(r.islands):
        parts = []
        ships = [_who(p) for p in range(s.players) if s.ship[p] == i]
        if ships:
            parts.append(f"ships {' '.join(ships)} ({island.moorings} moorings)")
        workers = [f"{_who(p)}×{s.workers[p][i]}" for p in range(s.players) if s.workers[p][i]]
        if workers:
            parts.append("workers " + " ".join(workers))
        stock = [
            f"{_who(p)}:" + ",".join(f"{n} {r.goods[g]}" for g, n in enumerate(s.warehouse[i][p]) if n)
            for p in range(s.players)
            if any(s.warehouse[i][p])
        ]
        if stock:
            parts.append("warehouse " + " ".join(stock))
        spaces = []
        for sp in island.spaces:
            info = r.spaces[sp]
            label = "/".join(
                x for x in (r.goods[info.good] if info.good >= 0 else "", str(info.cost) if info.cost >= 0 else "") if x
            )
            if s.settlement[sp] != NOBODY:
                owner = "neutral" if s.settlement[sp] == NEUTRAL else _who(s.settlement[sp])
                spaces.append(f"[{label}: settled {owner}]")
            elif s.crop[sp] != NOBODY:
                spaces.append(f"[{label}: {_who(s.crop[sp])} growing]")
            else:
                spaces.append(f"[{label}]")
        alcalde = f" · Alcalde {_who(s.alcalde[i])}" if s.alcalde[i] != NOBODY else ""
        links = ", ".join(r.islands[n].id for n in island.neighbors)
        lines.append(
            f"  {island.name} [{island.id}] ({island.region}, {island.price}g, sea links to {links}){alcalde}: "
            f"{' '.join(spaces)}"
        )
        if parts:
            lines.append("      " + "; ".join(parts))
    ships_line = [
        f"{name}: "
        + " ".join(
            f"{_who(p)}×{s.workers[p][len(r.islands) + k]}"
            for p in range(s.players)
            if s.workers[p][len(r.islands) + k]
        )
        for k, name in enumerate(r.worker_ships)
    ]
    lines.append("  Worker ships: " + " | ".join(ships_line))
    lines.append("Where everyone stands:")
    for p in range(s.players):
        ship = r.islands[s.ship[p]].id if s.ship[p] != NOBODY else "not placed"
        spread = ", ".join(f"{r.location_name(loc)}×{n}" for loc, n in enumerate(s.workers[p]) if n) or "none"
        lines.append(f"  {_who(p)}: ship {ship}; workers {spread}")
    for p in range(s.players) if viewer is None else (viewer,):
        lines += _own(game, p, f"Your ({_who(p)})" if viewer is not None else _who(p))
    if s.step == MAIN and viewer is not None and game.decider() == viewer:
        names = ", ".join(game.action_name(a) for a in game.available_actions(viewer)) or "none"
        lines.append(f"Actions you may still start this turn: {names} (or end)")
    return "\n".join(lines)


def _own(game: Game, p: int, whose: str) -> list[str]:
    """A player's cards, goods in supply and selection."""
    r, s = game.rules, game.state
    hand = ", ".join(f"{c.id}×{n}" if n > 1 else c.id for c, n in zip(r.cards, s.hand[p], strict=True) if n)
    supply = ", ".join(f"{n} {g}" for g, n in zip(r.goods, s.supply[p], strict=True))
    lines = [f"{whose} cards: {hand}", f"{whose} goods in supply: {supply}"]
    chosen = s.selection[p]
    if chosen is not None:
        picked = " ".join(c.id for c, n in zip(r.cards, chosen, strict=True) for _ in range(n))
        lines.append(f"{whose} selection: {picked} (sum {game.card_sum(p)})")
    return lines
