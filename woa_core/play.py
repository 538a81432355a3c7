"""``woa play``: play a game at the terminal against bots, to feel how a rule change plays.

At your decision, type an action in the notation (the ``pN`` may be left out), the number of a
legal action, ``?`` for your legal actions (``? WORDS``: what may follow those words), ``board``
to see the board again, ``undo`` (back to your previous decision; ``undo N``: back to the
position after action N), ``history``, ``hint`` (what the search bot would play here, with its
estimated chances to win), or ``quit``. A refused action is explained and nothing changes. After
every action, what it changed is printed; bots play one at a time, ``pace`` seconds apart; a
secret decision of a bot shows only its verb until its round is over. At a terminal, the prompt
has line editing, history (↑ ↓) and tab completion of commands, verbs and ids (readline). The
game itself is a ``woa_core.session.Session``, as in ``woa serve``; it works for any rule pack.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from woa_core.errors import IllegalAction, InvalidNotation, UsageError
from woa_core.kernel.compiled import CompiledRules
from woa_core.report.drawing import format_explanation
from woa_core.session import Played, Session

COMMANDS = ("?", "help", "board", "undo", "history", "hint", "quit", "exit")
"""What the prompt understands besides actions."""

LISTED = 40
"""Legal actions listed one by one by ``?``; beyond that, by verb (and ``? WORDS`` narrows)."""

SHOWN_CHANGES = 8
"""Lines of what an action changed printed after it (the rest is one ``board`` away)."""


def completions(rules: CompiledRules) -> list[str]:
    """The words tab completes at the prompt: the commands, the pack's verbs, every word its
    argument kinds can write under ``rules`` (islands, goods, cards, ... for West of Africa) and
    the players.

    >>> from woa_core.rules import load_rules
    >>> words = completions(load_rules("west-of-africa", 2))
    >>> "cultivate" in words and "tenerife" in words and "sugar_cane" in words and "p2" in words
    True
    """
    pack = rules.pack
    words = {*COMMANDS, *pack.verbs}
    for kind in pack.arg_kinds.values():
        if kind.values is not None:
            for value in kind.values(rules):
                words.update(kind.format(rules, value))
    words |= {f"p{p + 1}" for p in range(rules.players)}
    return sorted(words)


def completer(words: Sequence[str]) -> Callable[[str, int], str | None]:
    """A readline completer over ``words``: the ``state``-th word starting with ``text``, ended
    with a space, so the next word can be typed at once.

    >>> complete = completer(["select", "sell", "tenerife"])
    >>> complete("sel", 0), complete("sel", 1), complete("sel", 2)
    ('select ', 'sell ', None)
    """

    def complete(text: str, state: int) -> str | None:
        matches = [w + " " for w in words if w.startswith(text)]
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
    session: Session,
    read: Callable[[str], str] | None = None,
    write: Callable[[str], None] = print,
    pace: float = 0.0,
    sleep: Callable[[float], None] = time.sleep,
) -> Session:
    """Play ``session`` on from where it stands until it is over or the person quits: people
    type at the prompt (``read``, default ``input``), bots play ``pace`` seconds apart. Returns
    the session (its log is ``session.log_text()``)."""
    if read is None:
        enable_line_editing(completions(session.rules))
        read = input
    people = ", ".join(f"p{p + 1}" for p in session.people) or "nobody (bots play every seat)"
    write(f"You play {people}. Type ? for your legal actions, board, undo, hint, quit.")
    write(session.text(session.viewer()))
    while (seat := session.decider()) is not None:
        if session.is_person(seat):
            if not _ask(session, seat, read, write):
                write("Stopped.")
                return session
            continue
        if pace > 0:
            sleep(pace)
        _tell(session, session.bot_move(), write)
    lines = session.pack.summary(session.game)
    write("")
    write(session.text(session.viewer()))
    write(f"Game over{f' ({lines[0]})' if lines and lines[0] else ''}:")
    for line in lines[1:]:
        write(line)
    return session


def _tell(session: Session, played: Played, write: Callable[[str], None]) -> None:
    """Print an action and what it changed, as the person sees the game."""
    viewer = session.viewer()
    write(f"  {played.number}. {session.shown(played, viewer)}")
    changes = session.changes(played.number, viewer)
    if changes.score:
        write(f"       {changes.score}")
    if changes.told:
        over = session.game.over or int(getattr(session.game.state, "round", 0)) > played.round
        title = f"End of round {played.round}:" if over and played.round else "What followed:"
        write(format_explanation(title, changes.told))
    shown = () if changes.told else changes.lines  # a round end is told step by step instead
    for line in shown[:SHOWN_CHANGES]:
        write(f"       {line}")
    if len(shown) > SHOWN_CHANGES:
        write(f"       ... ({len(shown) - SHOWN_CHANGES} more lines changed: type board)")


def _ask(session: Session, seat: int, read: Callable[[str], str], write: Callable[[str], None]) -> bool:
    """One command of the person at ``seat``; False when they quit."""
    try:
        line = read(f"p{seat + 1} ({_step(session)})> ").strip()
    except EOFError:
        return False
    words = line.split()
    command = words[0] if words else ""
    if command in ("quit", "exit"):
        return False
    legal = session.game.legal_actions(seat)
    if command in ("?", "help"):
        _list(session, words[1:], write)
    elif command == "board":
        write(session.text(seat))
    elif command == "history":
        for played in session.history:
            write(f"  {played.number}. {session.shown(played, seat)}")
    elif command == "undo":
        _undo(session, seat, words[1:], write)
    elif command == "hint":
        _hint(session, words[1:], write)
    elif line.isdigit():
        if 1 <= int(line) <= len(legal):
            _tell(session, session.play(_text(session, legal[int(line) - 1])), write)
        else:
            write(f"  there is no choice {line}: type a number from 1 to {len(legal)} (? lists them)")
    elif line:
        try:
            _tell(session, session.play(line), write)
        except (InvalidNotation, IllegalAction) as e:
            write(f"  refused: {e}")
    return True


def _step(session: Session) -> str:
    return str(getattr(session.game.state, "step", "") or session.pack.where(session.game))


def _text(session: Session, action: tuple) -> str:
    from woa_core.kernel.notation import format_action

    return format_action(session.rules, action)


def _list(session: Session, words: list[str], write: Callable[[str], None]) -> None:
    """``?``: the legal actions, numbered when they are few; else by verb, and with words, what
    may follow them."""
    seat = session.decider()
    assert seat is not None
    legal = session.game.legal_actions(seat)
    if not words and len(legal) <= LISTED:
        for n, action in enumerate(legal, start=1):
            write(f"  {n:>3}. {_text(session, action)}")
        return
    built = session.build(words)
    if not built.words:
        write(f"  {len(legal):,} legal actions; by verb (type '? VERB' to see what may follow):")
        for verb, count in built.verbs:
            write(f"    {verb}: {count:,}")
        return
    if built.complete:
        write("  whole actions: " + "; ".join(built.complete))
    if built.next:
        write(f"  after '{' '.join(built.words)}' may come (in any order): " + ", ".join(built.next))


def _undo(session: Session, seat: int, words: list[str], write: Callable[[str], None]) -> None:
    """``undo``: back to the person's previous decision; ``undo N``: to the position after action N."""
    if words:
        if not words[0].isdigit():
            write("  undo N: N is the number of an action (history lists them)")
            return
        to = int(words[0])
    else:
        mine = [p.number for p in session.history if p.seat == seat]
        if not mine:
            write("  nothing to undo: you have not acted yet")
            return
        to = mine[-1] - 1
    try:
        session.undo(to)
    except UsageError as e:
        write(f"  {e}")
        return
    write(f"  back to the position after action {to}" if to else "  back to the start")
    write(session.text(session.viewer()))


def _hint(session: Session, words: list[str], write: Callable[[str], None]) -> None:
    """``hint [ITERATIONS]``: what the search bot would play, with its estimated chances."""
    iterations = int(words[0]) if words and words[0].isdigit() else 60
    try:
        hint = session.hint(iterations)
    except UsageError as e:
        write(f"  {e}")
        return
    write(f"  the search bot ({hint.iterations} rollouts to the end) would play: {hint.best}")
    for estimate in hint.candidates[:8]:
        write(
            f"    {estimate.text}: wins {estimate.wins:.0%} of {estimate.trials} "
            f"[95% CI {estimate.low:.0%}-{estimate.high:.0%}]"
        )
