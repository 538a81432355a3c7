"""woa's public surface stays put (issue 42.7).

- ``woa_core.api`` is the one module outside bots, packs and scripts import: its ``__all__`` is the
  frozen list ``tests/public_surface.json``, and a name leaves it only with an entry in the one
  deprecation table (``woa_core.deprecated.MOVED``) saying where it went; the docs' examples and
  the race pack import it, and ``docs/public-api.md`` names each of its names;
- the modules a bot written against 9c46eb0 imported (``woa_core.engine``, ``.game``,
  ``.selection``, ``.state``, ``.view``) still give every name they held, warning where each went,
  and such a bot still plays;
- both builds accept the same types on the surface (a tuple for ``card_sum``, a list for
  ``format_action``; any object for a pack's ``apply``, which refuses what is not an action with a
  sentence; a bot's answer that is not a tuple is a sentence), and the bundled bots an outside bot
  may extend are open to interpreted subclasses in the compiled build;
- an error raised inside an outside bot names the bot's own file and line.
"""

from __future__ import annotations

import ast
import importlib
import json
import re
import sys
import textwrap
import uuid
import warnings
from pathlib import Path

import pytest

import woa_core.api as api
from woa_core import deprecated
from woa_core.build import COMPILED
from woa_core.cli import main
from woa_core.deprecated import MOVED, resolve

ROOT = Path(__file__).resolve().parents[1]
FROZEN = json.loads((Path(__file__).with_name("public_surface.json")).read_text(encoding="utf-8"))["woa_core.api"]

OLD_ENGINE = {
    "woa_core.engine": ["ACTIONS", "NOBODY", "VP_SOURCES", "Action", "Game", "GameState", "new_state"],
    "woa_core.engine.game": ["ACTIONS", "STEP_OF_VERB", "VERBS", "Action", "Game"],
    "woa_core.engine.selection": ["card_sum", "card_values", "selections", "ActionTuple", "selection_actions"],
    "woa_core.engine.state": ["NOBODY", "NEUTRAL", "VP_SOURCES", "GameState", "new_state"],
    "woa_core.engine.view": ["HIDDEN", "PUBLIC", "PlayerView", "revealed_players"],
}
"""What those modules held at 9c46eb0 (``git show 9c46eb0:woa_core/engine/``): the package's and
``game``'s ``__all__``, and the names the other three defined."""


def surface_problems(frozen: list[str], exported: list[str], moved: dict[str, str]) -> list[str]:
    """What is wrong between the frozen list, the module's ``__all__`` and the deprecation table."""
    problems = [
        f"{name} left woa_core.api without a deprecation: add 'woa_core.api.{name}' to "
        "woa_core.deprecated.MOVED with the name it is now"
        for name in sorted(set(frozen) - set(exported))
        if f"woa_core.api.{name}" not in moved
    ]
    problems += [
        f"{name} is new in woa_core.api.__all__: add it to tests/public_surface.json and docs/public-api.md"
        for name in sorted(set(exported) - set(frozen))
    ]
    problems += [
        f"{name} is in woa_core.api.__all__ and deprecated in MOVED at once"
        for name in exported
        if f"woa_core.api.{name}" in moved
    ]
    return problems


def _outside_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, source: str) -> tuple[str, Path]:
    """A module of an outside author's, written in ``tmp_path`` and importable: its name and file."""
    name = f"outside_{uuid.uuid4().hex[:10]}"
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(source), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    return name, path


def _line_of(path: Path, text: str) -> int:
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1) if text in line)


# ------------------------------------------------------------------ the surface and its frozen list


def test_the_surface_is_its_frozen_list() -> None:
    assert len(api.__all__) == len(set(api.__all__))
    assert surface_problems(FROZEN, api.__all__, MOVED) == []


def test_a_name_leaving_the_surface_without_a_deprecation_fails_and_with_one_passes() -> None:
    exported = [name for name in FROZEN if name != "new_game"]
    assert surface_problems(FROZEN, exported, MOVED) == [
        "new_game left woa_core.api without a deprecation: add 'woa_core.api.new_game' to "
        "woa_core.deprecated.MOVED with the name it is now"
    ]
    moved = {**MOVED, "woa_core.api.new_game": "woa_core.kernel.contract.new_game"}
    assert surface_problems(FROZEN, exported, moved) == []
    assert surface_problems(FROZEN, [*FROZEN, "start"], MOVED) == [
        "start is new in woa_core.api.__all__: add it to tests/public_surface.json and docs/public-api.md"
    ]


def test_a_name_that_left_the_surface_still_works_and_says_where_it_went(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(MOVED, "woa_core.api.start_game", "woa_core.kernel.contract.new_game")
    with pytest.warns(DeprecationWarning) as caught:
        found = api.start_game
    assert found is api.new_game
    assert str(caught[0].message) == (
        "woa_core.api.start_game is deprecated: import new_game from woa_core.kernel.contract"
    )
    assert Path(caught[0].filename) == Path(__file__)  # the warning points at the line that used it
    with pytest.raises(AttributeError, match="has no attribute 'no_such_name'"):
        _ = api.no_such_name


def test_every_name_is_there_and_documented_in_its_page() -> None:
    page = (ROOT / "docs" / "public-api.md").read_text(encoding="utf-8")
    assert [name for name in api.__all__ if not hasattr(api, name)] == []
    assert [name for name in api.__all__ if f"`{name}`" not in page] == []
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert "public-api.md" in nav


def _imports(code: str) -> list[str]:
    """The woa_core modules a piece of Python code imports."""
    found = []
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("woa_core"):
            found.append(str(node.module))
        elif isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.startswith("woa_core")]
    return found


PACK_CODE_PAGES = {"extending-west-of-africa.md"}
"""Pages whose code is a bundled pack's own (a new module inside West of Africa, importing the
kernel as the pack's other modules do), not outside use."""


def test_the_docs_examples_and_the_race_pack_import_the_surface() -> None:
    """Code written for outside use imports ``woa_core.api`` (the PettingZoo environment, an
    optional extra, is its own module); a pack's own code (West of Africa's) is not outside use."""
    allowed = {"woa_core.api", "woa_core.pettingzoo"}
    offenders = []
    for page in sorted((ROOT / "docs").rglob("*.md")):
        if page.name in PACK_CODE_PAGES:
            continue
        text = page.read_text(encoding="utf-8")
        for block in re.findall(r"^```py(?:thon)?\n(.*?)^```", text, re.S | re.M):
            code = "\n".join(line[4:] if line.startswith((">>> ", "... ")) else line for line in block.splitlines())
            offenders += [f"{page.relative_to(ROOT)}: {m}" for m in _imports(code) if m not in allowed]
    for path in sorted((ROOT / "docs" / "rule-packs" / "race").glob("*.py")):
        code = path.read_text(encoding="utf-8")
        offenders += [f"{path.relative_to(ROOT)}: {m}" for m in _imports(code) if m not in allowed]
    assert offenders == []
    assert "woa_core.api" in _imports((ROOT / "docs" / "rule-packs" / "race" / "race.py").read_text(encoding="utf-8"))


# ------------------------------------------------------------------ the old import paths of 9c46eb0


def _fresh_engine_imports() -> None:
    for name in [m for m in sys.modules if m == "woa_core.engine" or m.startswith("woa_core.engine.")]:
        del sys.modules[name]


@pytest.mark.parametrize("module", list(OLD_ENGINE))
def test_an_old_engine_module_says_where_each_name_went_and_each_still_works(module: str) -> None:
    _fresh_engine_imports()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        old = importlib.import_module(module)
        names = {name: getattr(old, name) for name in OLD_ENGINE[module]}
    said = " ".join(str(w.message) for w in caught if issubclass(w.category, DeprecationWarning))
    for name, found in names.items():
        new = MOVED[f"{module}.{name}"]
        assert found is resolve(new), name
        where, _, new_name = new.rpartition(".")
        assert new_name in said and where in said, (name, said)
    assert sorted(old.__all__) == sorted(OLD_ENGINE[module])
    assert sorted(deprecated.moved_from(module)) == sorted(OLD_ENGINE[module])


def test_importing_an_old_module_warns_at_the_line_that_imports_it() -> None:
    _fresh_engine_imports()
    with pytest.warns(DeprecationWarning) as caught:
        from woa_core.engine.selection import card_sum  # noqa: F401
    assert [Path(w.filename) for w in caught] == [Path(__file__)]
    assert str(caught[0].message) == (
        "woa_core.engine.selection is deprecated (issue 42.7): import card_sum, card_values, selections, "
        "ActionTuple, selection_actions from woa_core.packs.west_of_africa.selection"
    )


OLD_BOT = """
    import random

    from woa_core.engine.game import Action, Game
    from woa_core.engine.selection import card_sum
    from woa_core.engine.state import NOBODY
    from woa_core.engine.view import PlayerView


    class OldBot:
        name = "old"

        def __init__(self, seed, seat=0, players=2):
            self.rng = random.Random(seed)
            self.sums = []

        def choose(self, view, legal):
            assert isinstance(view, PlayerView) and issubclass(Game, object) and NOBODY == -1
            selects = [a for a in legal if a[1] == "select"][:40]
            if selects:  # the highest card sum, asked with the bot's own tuples
                best = max(selects, key=lambda a: card_sum(view.rules, tuple(a[2])))
                self.sums.append(card_sum(view.rules, tuple(best[2])))
                return Action(*best)
            return legal[self.rng.randrange(len(legal))]
"""


def test_a_bot_written_against_9c46eb0_still_plays(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _fresh_engine_imports()
    name, _ = _outside_module(tmp_path, monkeypatch, OLD_BOT)
    rules = api.load_rules("west-of-africa", 2)
    game = api.new_game(rules, seed=3)
    with pytest.warns(DeprecationWarning):
        chooser = api.bots([f"{name}:OldBot", "random"], seed=3, pack=rules.pack)
    assert api.run(game, chooser) is api.Ending.OVER
    old_bot = chooser.players[0]
    assert old_bot.sums and all(isinstance(s, int) for s in old_bot.sums)


# ------------------------------------------------------------------ both builds accept the same types


def test_card_sum_takes_a_tuple_as_the_old_signature_said() -> None:
    from woa_core.packs.west_of_africa.selection import card_sum

    rules = api.load_rules("west-of-africa", 2)
    picked = [1 if c.id in ("sell", "minus", "tenerife") else 0 for c in rules.cards]
    by_hand = sum(c.value for c in rules.cards if c.id in ("sell", "minus", "tenerife"))
    assert card_sum(rules, tuple(picked)) == card_sum(rules, picked) == by_hand
    assert card_sum(rules, ()) == card_sum(rules, None) == 0


def test_format_action_takes_any_sequence_of_an_actions_items() -> None:
    rules = api.load_rules("west-of-africa", 2)
    action = api.parse_action(rules, "p2 sell fuerteventura sugar_cane")
    as_list, as_tuple = api.format_action(rules, list(action)), api.format_action(rules, tuple(action))
    assert as_list == as_tuple == "p2 sell fuerteventura sugar_cane"


@pytest.mark.parametrize("ruleset", ["west-of-africa", "africa", str(ROOT / "docs" / "rule-packs" / "race")])
def test_a_list_is_refused_as_not_an_action_with_a_sentence(ruleset: str) -> None:
    rules = api.load_rules(ruleset, 2)
    game = api.new_game(rules, seed=1)
    legal = list(game.legal_actions(game.deciders()[0])[0])
    before = game.state.to_json()
    assert game.is_legal(legal) is False
    with pytest.raises(api.IllegalAction, match=re.escape(f"not an action: {legal!r}")):
        game.apply(legal)
    assert game.state.to_json() == before


def test_a_bot_or_chooser_that_answers_a_list_is_a_sentence() -> None:
    class Lister:
        name = "lister"

        def choose(self, view, legal):
            return list(legal[0])

    rules = api.load_rules("africa", 2)
    with pytest.raises(api.UsageError) as refused:
        api.run(api.new_game(rules, seed=1), api.Bots([Lister(), Lister()]))
    assert str(refused.value) == (
        "bot 'lister' (seat 1) chose [0, 'start', 0], which is not an action: choose returns one of legal (a tuple)"
    )
    with pytest.raises(api.IllegalAction, match=re.escape("not an action: [0, 'start', 0]")):
        api.run(api.new_game(rules, seed=1), lambda game, seat, legal: list(legal[0]))


def _bot_classes_of_compiled_modules() -> list[tuple[str, ast.ClassDef]]:
    out = []
    for module in COMPILED:
        base = ROOT.joinpath(*module.split("."))
        path = base.with_suffix(".py") if base.with_suffix(".py").is_file() else base / "__init__.py"
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ClassDef) and any(
                isinstance(f, ast.FunctionDef) and f.name == "choose" for f in node.body
            ):
                out.append((module, node))
    return out


def test_the_bundled_bots_an_outside_bot_may_extend_are_open_to_subclasses() -> None:
    """Compiled, a class refuses interpreted subclasses (and so every attribute they would add)
    unless it says ``allow_interpreted_subclasses=True``: each bot class the build compiles does."""
    found = _bot_classes_of_compiled_modules()
    assert {cls.name for _, cls in found} >= {"RandomBot", "MctsBot", "HeuristicBot"}
    closed = [
        f"{module}.{cls.name}"
        for module, cls in found
        if not any("allow_interpreted_subclasses=True" in ast.unparse(d) for d in cls.decorator_list)
    ]
    assert closed == []


@pytest.mark.parametrize(
    ("ruleset", "target"),
    [
        ("africa", "woa_core.bots.random_bot.RandomBot"),
        ("africa", "woa_core.bots.mcts.MctsBot"),
        ("west-of-africa", "woa_core.packs.west_of_africa.bots.heuristic.HeuristicBot"),
        ("africa", "woa_core.packs.africa.bots.heuristic.HeuristicBot"),
    ],
)
def test_an_outside_subclass_of_a_bundled_bot_keeps_its_own_attributes(ruleset: str, target: str) -> None:
    base = resolve(target)
    extended = type("Mine", (base,), {"name": "mine", "note": "", "choose": _noted_choice})
    kwargs = {"iterations": 4} if base.__name__ == "MctsBot" else {}
    bot = extended(7, seat=0, players=2, **kwargs)
    bot.label = "set by its caller"
    rules = api.load_rules(ruleset, 2)
    game = api.new_game(rules, seed=2)
    legal = game.legal_actions(0)
    assert bot.choose(game.observation(0), legal) in legal
    assert bot.note == "chose" and bot.label == "set by its caller"


def test_every_class_of_the_surface_may_be_subclassed_outside() -> None:
    """In either build (compiled, a native class refuses interpreted subclasses unless it says
    otherwise); the enums, whose members are fixed, excepted."""
    from enum import Enum

    refused = []
    for name in api.__all__:
        cls = getattr(api, name)
        if isinstance(cls, type) and not issubclass(cls, Enum):
            try:
                type(f"Outside{name}", (cls,), {})
            except TypeError as e:
                refused.append(f"{name}: {e}")
    assert refused == []


def _noted_choice(self, view, legal):
    self.note = "chose"
    return super(type(self), self).choose(view, legal)


# ------------------------------------------------------------------ an outside bot's error, located


BROKEN_BOT = """
    from woa_core.api import format_action


    class Divider:
        name = "divider"

        def __init__(self, seed, seat=0, players=2):
            self.seat = seat

        def choose(self, view, legal):
            return legal[len(legal) // 0]  # raises here


    class Misuser:  # hands woa a value it cannot take: the error is raised inside woa
        name = "misuser"

        def __init__(self, seed, seat=0, players=2):
            pass

        def choose(self, view, legal):
            format_action(view.rules, None)  # the bot's line
            return legal[0]


    class LateFailer:
        name = "late"

        def __init__(self, seed, seat=0, players=2):
            pass

        def choose(self, view, legal):
            return legal[0]

        def game_over(self, view):
            raise KeyError("score")  # at the end
"""


@pytest.mark.parametrize(
    ("cls", "marker", "said"),
    [
        ("Divider", "# raises here", "failed while choosing: ZeroDivisionError: integer division or modulo by zero"),
        ("Misuser", "# the bot's line", "failed while choosing: TypeError: "),
        ("LateFailer", "# at the end", "failed in game_over: KeyError: 'score'"),
    ],
)
def test_an_error_inside_an_outside_bot_names_its_file_and_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cls: str, marker: str, said: str
) -> None:
    name, path = _outside_module(tmp_path, monkeypatch, BROKEN_BOT)
    rules = api.load_rules("africa", 2)
    with pytest.raises(api.UsageError) as failed:
        api.run(api.new_game(rules, seed=1), api.bots([f"{name}:{cls}"] * 2, seed=1, pack=rules.pack))
    message = str(failed.value)
    assert said in message and "(seat 1)" in message
    method = "game_over" if cls == "LateFailer" else "choose"
    assert message.endswith(f"(at {path}:{_line_of(path, marker)}, in {method})"), message


def test_simulate_names_the_line_of_an_outside_bot_that_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    name, path = _outside_module(tmp_path, monkeypatch, BROKEN_BOT)
    argv = ["simulate", "--rules", "africa", "--games", "1", "--players", "2", "--workers", "1", "--quiet"]
    assert main([*argv, "--bots", f"{name}:Divider"]) != 0
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert "bot 'divider' (seat 1) failed while choosing: ZeroDivisionError" in err
    assert f"{path}:{_line_of(path, '# raises here')}, in choose" in err


def test_where_an_error_was_raised_skips_woas_own_frames(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the bot's own file among the frames (a bundled bot running an outside pack's code),
    the innermost frame outside woa is named: never a line of woa's, in either build (compiled
    frames are named relative to the sources)."""
    from woa_core.bots.base import raised_at

    name, path = _outside_module(
        tmp_path,
        monkeypatch,
        """
        from woa_core.api import format_action


        def outside_code(rules):
            return format_action(rules, None)  # the outside line
        """,
    )
    module = importlib.import_module(name)
    with pytest.raises(TypeError) as raised:
        module.outside_code(api.load_rules("africa", 2))
    assert raised_at(raised.value) == f"{path}:{_line_of(path, '# the outside line')}, in outside_code"
