"""The golden corpus (tests/golden/): what users see of woa must not drift during the kernel
refactor of issue 14.

Three checks, each naming the file that drifted:

(a) every stored game log replays with ``woa replay``'s own function (``gamelog.replay``): every
    running check and the result match;
(b) every logged game, played again from its header (rules, seed, bots), gives the stored log
    byte for byte;
(c) every frozen command (``--json`` outputs, ``woa validate`` text) prints what is stored, once
    masked (``tests/golden/make.py``'s ``mask``).

An intended change is regenerated deliberately: ``python tests/golden/make.py`` (and said so in
the commit). Cases marked ``slow`` (the default-budget mcts game) run with ``-m slow``.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

from woa_core.bots import seated
from woa_core.errors import LogError
from woa_core.kernel import loop
from woa_core.packs.west_of_africa import Game
from woa_core.report import gamelog
from woa_core.rules import read_rules


def _load_make() -> ModuleType:
    path = Path(__file__).parent / "golden" / "make.py"
    spec = importlib.util.spec_from_file_location("golden_make", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


make = _load_make()
REPO: Path = make.REPO
HOW = f"if the change is intended, regenerate with '{make.REGENERATE}' and say so in the commit message"

LOGS = [(c, p) for c in make.CASES if c.kind == "logs" for p in c.stored_paths()]
OUTPUT_CASES = [c for c in make.CASES if c.kind != "logs"]


def _param(case, *values):  # type: ignore[no-untyped-def]
    name = values[0].relative_to(make.LOGS).as_posix() if isinstance(values[0], Path) else case.name
    return pytest.param(*values, id=name, marks=[pytest.mark.slow] if case.slow else [])


SLOW_SKIP = f"a slow golden case: run it with 'pytest tests/test_golden.py -m slow' or '{make.REGENERATE} --check'"
"""Why a slow case was skipped, naming both ways to run it by their paths from the checkout."""


def _skip_slow_unless_selected(request: pytest.FixtureRequest) -> None:
    if request.node.get_closest_marker("slow") and "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip(SLOW_SKIP)


def test_the_slow_skip_names_the_script_by_its_path() -> None:
    """issue 41.7: the skip message named 'make.py --check'; the file is tests/golden/make.py."""
    assert "'python tests/golden/make.py --check'" in SLOW_SKIP


def play_from_header(path: Path) -> str:
    """The log of the game a stored log's header describes, played again now (as ``woa simulate
    --log-dir`` plays one game: the rules as named, the game's seed, its bots seeded from it)."""
    head = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    source = read_rules(head["rules_spec"], head["overrides"])
    rules = source.compile(head["players"])
    recorder = gamelog.LogRecorder(gamelog.header(rules, head["seed"], source, head["bots"]))
    game = Game(rules, seed=head["seed"])
    loop.run(game, seated.bots(head["bots"], head["seed"]), [recorder])
    return recorder.text()


def _first_difference(stored: str, now: str) -> str:
    old, new = stored.splitlines(), now.splitlines()
    for number, (a, b) in enumerate(zip(old, new, strict=False), 1):
        if a != b:
            return f"line {number} was\n    {a[:300]}\n  is now\n    {b[:300]}"
    return f"the stored file has {len(old)} lines, the new one {len(new)}"


def test_the_corpus_is_complete() -> None:
    """Every case is stored (a log case with at least one game), and nothing else is."""
    missing = [c.name for c in make.CASES if not c.stored_paths() or not all(p.exists() for p in c.stored_paths())]
    assert not missing, f"golden cases not stored: {missing}; write them with '{make.REGENERATE}'"
    stray = [str(p.relative_to(REPO)) for p in make.stray_files()]
    assert not stray, f"golden files that no case makes: {stray}; {HOW}"
    players = {json.loads(p.read_text(encoding="utf-8").splitlines()[0])["players"] for _, p in LOGS}
    assert players == {2, 3, 4, 5}


@pytest.mark.parametrize("path", [_param(c, p) for c, p in LOGS])
def test_a_golden_log_replays(path: Path) -> None:
    """(a) ``woa replay``'s check: the running checks and the result line all match."""
    try:
        replayed = gamelog.replay(path)
    except LogError as e:
        pytest.fail(f"golden log {path.relative_to(REPO)} no longer replays: {e}\n{HOW}", pytrace=False)
    assert replayed.game.over
    assert replayed.actions == len(path.read_text(encoding="utf-8").splitlines()) - 2


@pytest.mark.parametrize("path", [_param(c, p) for c, p in LOGS])
def test_a_golden_game_plays_again_byte_for_byte(
    path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> None:
    """(b) The game of the log's header, played again, writes the same log."""
    _skip_slow_unless_selected(request)
    monkeypatch.chdir(REPO)  # a variant's rules_spec is relative to the repository root
    now = play_from_header(path)
    stored = path.read_text(encoding="utf-8")
    if now != stored:
        pytest.fail(
            f"golden log {path.relative_to(REPO)} drifted: the game of its header (rules, seed, bots) now plays "
            f"differently: {_first_difference(stored, now)}\n{HOW}",
            pytrace=False,
        )


@pytest.mark.parametrize("case", [_param(c, c) for c in OUTPUT_CASES])
def test_a_golden_command_prints_the_same(case, request: pytest.FixtureRequest) -> None:  # type: ignore[no-untyped-def]
    """(c) The command prints (and writes) what is stored, once masked."""
    _skip_slow_unless_selected(request)
    drifted = make.differences(make.stored(case), make.produce(case))
    if drifted:
        command = f"woa {case.command}"
        pytest.fail(f"golden output of '{command}' drifted:\n" + "\n".join(drifted) + f"\n{HOW}", pytrace=False)


def test_the_checks_catch_a_changed_seed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The harness itself can fail: a log whose seed was changed (header check recomputed, so the
    header is valid) no longer replays, and its game played again is another game."""
    original = LOGS[0][1]
    lines = original.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    head["seed"] += 1
    head["check"] = gamelog.header_check(head)
    changed = tmp_path / "changed-seed.jsonl"
    changed.write_text("\n".join([json.dumps(head), *lines[1:]]) + "\n", encoding="utf-8")
    with pytest.raises(LogError, match=r"changed-seed\.jsonl:2: (the game differs from the log|.* is refused)"):
        gamelog.replay(changed)
    monkeypatch.chdir(REPO)
    assert play_from_header(changed).splitlines()[1:] != lines[1:]
    stored = {original: original.read_text(encoding="utf-8")}
    drifted = make.differences(stored, {original: play_from_header(changed)})
    assert len(drifted) == 1 and drifted[0].startswith(f"{original.relative_to(REPO)} drifted:")
