"""``woa play``: play a game at the terminal against bots, to feel how a rule change plays.

At your decision, type an action in the notation (the ``pN`` may be left out), the number of a
legal action, ``?`` for the numbered legal actions, ``board`` to see the board again, or
``quit``. A refused action is explained and nothing changes. Bots' choices are printed as they
happen (their card selections only once revealed, R18); at each round end, what every round-end
step did (who got which VP and why). At a terminal, the prompt has line editing, history (↑ ↓)
and tab completion of verbs and ids (readline).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import cast

from woa_core.bots import make_bots
from woa_core.bots.base import notify_game_over
from woa_core.errors import IllegalAction, InvalidNotation
from woa_core.kernel import loop
from woa_core.kernel.contract import Game as AnyGame
from woa_core.kernel.drawing import drawing_of, format_explanation
from woa_core.kernel.loop import Ending, Observer, StopGame, Transcript
from woa_core.kernel.notation import format_action, parse_action
from woa_core.packs.west_of_africa import Game, GameState
from woa_core.packs.west_of_africa.actions import VERBS, Action
from woa_core.packs.west_of_africa.compiled import Rules

COMMANDS = ("?", "help", "board", "quit", "exit")
"""What the prompt understands besides actions."""


def completions(rules: Rules) -> list[str]:
    """The words tab completes at the prompt: commands, verbs, and the ids of the rules' islands,
    goods, cards, worker ships and players.

    >>> from woa_core.rules import load_rules
    >>> words = completions(load_rules("west-of-africa", 2))
    >>> "cultivate" in words and "tenerife" in words and "sugar_cane" in words and "p2" in words
    True
    """
    words = {*COMMANDS, *VERBS, *rules.goods, *rules.worker_ships, *(c.id for c in rules.cards)}
    words |= {i.id for i in rules.islands} | {f"p{p + 1}" for p in range(rules.players)}
    return sorted(words)


def completer(words: Sequence[str]) -> Callable[[str, int], str | None]:
    """A readline completer over ``words``: the ``state``-th word starting with ``text``.

    >>> complete = completer(["select", "sell", "tenerife"])
    >>> complete("sel", 0), complete("sel", 1), complete("sel", 2)
    ('select', 'sell', None)
    """

    def complete(text: str, state: int) -> str | None:
        matches = [w for w in words if w.startswith(text)]
        return matches[state] if state < len(matches) else None

    return complete


def enable_line_editing(words: Sequence[str]) -> bool:
    """Line editing, history and tab completion for ``input`` (readline), when available."""
    try:
        import readline
    except ImportError:  # e.g. Windows without pyreadline: plain input still works
        return False
    readline.set_completer(completer(words))
    readline.set_completer_delims(" \t")
    if "libedit" in (readline.__doc__ or ""):  # macOS
        readline.parse_and_bind("bind ^I rl_complete")
    else:
        readline.parse_and_bind("tab: complete")
    return True


def play(
    rules: Rules,
    seed: int,
    human: int,
    bots: Sequence[str],
    read: Callable[[str], str] | None = None,
    write: Callable[[str], None] = print,
) -> tuple[Game, list[str]]:
    """Play one game with the human in seat ``human`` and ``bots`` (one per other seat, in seat
    order); ``read`` defaults to ``input``. Returns the game and its actions in the notation."""
    if read is None:
        enable_line_editing(completions(rules))
        read = input
    game = Game(rules, seed=seed)
    others = [s for s in range(rules.players) if s != human]
    made = make_bots(bots, seed, seats=others, players=rules.players, pack=rules.pack)
    players = dict(zip(others, made, strict=True))
    you = f"p{human + 1}"
    write(f"You are {you}. Type ? for your legal actions, board to see the board, quit to stop.")
    write(drawing_of(game.rules).text(game, human))

    def choose(game: AnyGame, seat: int, legal: Sequence[Action]) -> tuple:
        woa = cast(Game, game)
        if seat == human:
            action = _ask(woa, human, legal, read, write)
            if action is None:
                raise StopGame
            return action
        action = players[seat].choose(woa.observation(seat), legal)
        text = format_action(rules, action)
        write(f"  {text.split(' select ')[0]} selected cards" if action[1] == "select" else f"  {text}")
        return action

    transcript = Transcript()
    ending = loop.run(game, choose, [transcript, _Narrator(human, write)], first=human)
    if ending is not Ending.OVER:
        write("Stopped.")
        return game, transcript.lines
    notify_game_over(list(players.values()), [game.observation(seat) for seat in players])
    ranking = ", ".join(f"p{p + 1} {game.state.vp[p]} VP" for p in game.state.ranking)
    write(f"Game over after {game.state.round} rounds: {ranking}. Winner: p{game.state.winner + 1}.")
    return game, transcript.lines


class _Narrator(Observer):
    """Tells the person what the round's order is and shows the board after each round."""

    def __init__(self, human: int, write: Callable[[str], None]) -> None:
        self.human = human
        self.write = write
        self.round, self.step = 0, ""

    wants_prev = True  # the round end is explained from the state before the round's last action

    def before(self, game: AnyGame, seat: int, action: tuple) -> None:
        self.round, self.step = game.state.round, game.state.step

    def after(self, played: AnyGame, seat: int, action: tuple, prev: GameState | None) -> None:
        game = cast(Game, played)
        if self.step == "select" and game.state.step != "select":
            order = ", ".join(f"p{p + 1} (sum {game.card_sum(p)})" for p in game.state.order)
            self.write(f"  order this round: {order}")
        if game.state.round != self.round or game.over:
            told = drawing_of(game.rules).explain(game.rules, prev, game.state) if prev is not None else None
            if told:
                self.write(format_explanation(f"End of round {self.round}:", told))
            self.write("")
            self.write(drawing_of(game.rules).text(game, self.human))


def _ask(
    game: Game, human: int, legal: Sequence[tuple], read: Callable[[str], str], write: Callable[[str], None]
) -> tuple | None:
    rules = game.rules
    texts = [format_action(rules, a) for a in legal]
    while True:
        try:
            line = read(f"p{human + 1} ({game.step})> ").strip()
        except EOFError:
            return None
        if line in ("quit", "exit"):
            return None
        if line in ("?", "help") and game.step == "select":
            cards = ", ".join(
                f"{c.id} ({c.value})" for c, n in zip(rules.cards, game.state.hand[human], strict=True) if n
            )
            write(
                f"  choose {rules.min_cards} to {rules.max_cards} cards (beyond {rules.free_cards} they cost "
                f"{rules.extra_card_cost} gold each): {cards}"
            )
            write("  e.g. select tenerife cultivate sell")
            continue
        if line in ("?", "help"):
            for n, text in enumerate(texts[:60], start=1):
                write(f"  {n:>3}. {text}")
            if len(texts) > 60:
                write(f"  ... and {len(texts) - 60} more (type the action)")
            continue
        if line == "board":
            write(drawing_of(game.rules).text(game, human))
            continue
        if line.isdigit():
            if 1 <= int(line) <= len(legal):
                return legal[int(line) - 1]
            write(f"  there is no choice {line}: type a number from 1 to {len(legal)} (? lists them)")
            continue
        if not line:
            continue
        if not line.startswith("p"):
            line = f"p{human + 1} {line}"
        try:
            action = parse_action(rules, line)
            if action not in legal:
                game.copy().apply(action)  # refused: IllegalAction says why
            return action
        except (InvalidNotation, IllegalAction) as e:
            write(f"  refused: {e}")
