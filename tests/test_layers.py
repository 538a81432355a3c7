"""Layers that show (issue 42.4): ``woa_core/kernel`` is what a game needs to be played, and it
imports nothing else of woa's — no bots (``woa_core.bots``), simulation (``woa_core.sim``), file
writing (``woa_core.files``), rules loading (``woa_core.rules``), reporting (``woa_core.report``:
figures, unfolding, standings, drawing, logs), tool (draw, serve, cli, eval, check, tune, session,
play, pettingzoo, api) or pack (``woa_core.packs``).

Read from each kernel module's syntax tree: imports at the top, inside functions and under ``if
TYPE_CHECKING:`` all count, as does ``importlib.import_module`` of a literal name. The kernel may
import the standard library, itself, ``woa_core.errors`` and ``woa_core.suggest``; the shims that
keep the old paths of the modules that left it working (``woa_core.kernel.figures`` and the like)
import ``woa_core.deprecated`` and nothing else. One type-only name is allowed (``TYPE_ONLY``):
the pack declaration's optional ``drawing`` is typed by the report's ``SomeDrawing``, which mypy
reads and Python never loads. On 012e1c8 (before issue 42.4) this test failed: ``loop.py`` imported
``woa_core.bots``, ``gamelog.py`` ``woa_core.files`` and ``woa_core.rules``.

The reporting modules left the kernel for ``woa_core.report`` and the loop's chooser of bots for
``woa_core.bots.seated``; the old module paths still work, warning where each module went.
"""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import woa_core.api as api
from woa_core.deprecated import MOVED

ROOT = Path(__file__).resolve().parents[1]
KERNEL = ROOT / "woa_core" / "kernel"

ALLOWED = ("woa_core.kernel", "woa_core.errors", "woa_core.suggest")
"""What of woa's a kernel module may import (besides the standard library)."""

SHIM_ALLOWED = ("woa_core.deprecated",)
"""What an old path's shim may import (it names its module's new place as text)."""

TYPE_ONLY = {("pack.py", "woa_core.report.drawing", "SomeDrawing")}
"""Type-only imports allowed under ``if TYPE_CHECKING:``: (file, module, name)."""

OTHER_LAYERS = (
    "woa_core.bots",
    "woa_core.sim",
    "woa_core.files",
    "woa_core.rules",
    "woa_core.report",
    "woa_core.draw",
    "woa_core.serve",
    "woa_core.cli",
    "woa_core.eval",
    "woa_core.check",
    "woa_core.tune",
    "woa_core.packs",
)
"""The layers above the kernel the issue names: each is refused (``test_the_checker_refuses_each_layer``)."""

MOVED_MODULES = {old: new for old, new in MOVED.items() if old.startswith("woa_core.kernel.")}
"""The kernel's modules that moved as a whole, and where they are now."""


def _inside(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def _type_checking(node: ast.If) -> bool:
    return ast.unparse(node.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING")


def imports_of(source: str, module: str) -> list[tuple[int, str, tuple[str, ...], bool]]:
    """Every import of ``source`` (the module ``module``), wherever it stands: (line, the module
    imported, the names taken from it, whether it is under ``if TYPE_CHECKING:``).

    >>> imports_of("def f():\\n    from ..bots import make_bots\\n", "woa_core.kernel.loop")
    [(2, 'woa_core.bots', ('make_bots',), False)]
    """
    tree = ast.parse(source)
    typing_only: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and _type_checking(node):
            typing_only.update(id(inner) for stmt in node.body for inner in ast.walk(stmt))
    package = module.rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        guarded = id(node) in typing_only
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name, (), guarded) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{anchor}.{base}" if base else anchor
            names = tuple(alias.name for alias in node.names)
            found += [(node.lineno, f"{base}.{n}" if not node.module else base, (n,), guarded) for n in names]
        elif (
            isinstance(node, ast.Call)
            and ast.unparse(node.func) in ("importlib.import_module", "import_module", "__import__")
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.append((node.lineno, node.args[0].value, (), guarded))
    return found


def problems(file: str, source: str, shim: bool = False) -> list[str]:
    """What ``source`` (``file`` of woa_core/kernel) imports of woa's that the kernel may not."""
    module = "woa_core.kernel." + file.removesuffix(".py").replace("/", ".")
    allowed = SHIM_ALLOWED if shim else ALLOWED
    refused: dict[tuple[int, str], list[str]] = {}
    for line, target, names, guarded in imports_of(source, module):
        if not _inside(target, "woa_core") or any(_inside(target, a) for a in allowed):
            continue
        if guarded and names and all((file, target, n) in TYPE_ONLY for n in names):
            continue
        refused.setdefault((line, target), []).extend(names)
    return [
        f"woa_core/kernel/{file}:{line} imports {target} ({', '.join(names) or 'the module'})"
        for (line, target), names in refused.items()
    ]


def _kernel_files() -> list[Path]:
    return sorted(KERNEL.rglob("*.py"))


def _is_shim(path: Path) -> bool:
    return f"woa_core.kernel.{path.stem}" in MOVED_MODULES


def test_the_kernel_imports_no_other_layer() -> None:
    """Each module of woa_core/kernel imports nothing of woa's but the kernel, the errors and the
    suggestions; a shim of a moved module imports the deprecation table only."""
    files = _kernel_files()
    assert {"loop.py", "pack.py", "flow.py"} <= {p.name for p in files}
    found = [
        problem
        for path in files
        for problem in problems(path.relative_to(KERNEL).as_posix(), path.read_text(encoding="utf-8"), _is_shim(path))
    ]
    assert not found, "the kernel imports what a game does not need to be played:\n" + "\n".join(found)


@pytest.mark.parametrize("layer", OTHER_LAYERS)
def test_the_checker_refuses_each_layer(layer: str) -> None:
    """The checker itself: an import of each layer is found, at the top, in a function, as a
    relative import, as a whole module, under ``TYPE_CHECKING`` (a name not allowed there) and by
    ``importlib``; and what 012e1c8's loop and gamelog imported is refused."""
    tail = layer.removeprefix("woa_core.")
    sources = [
        f"from {layer} import x\n",
        f"def f():\n    from {layer}.inner import x\n",
        f"from ..{tail} import x\n",
        f"import {layer}\n",
        f"from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from {layer} import Thing\n",
        f"import importlib\ndef f():\n    return importlib.import_module('{layer}')\n",
    ]
    for source in sources:
        assert problems("loop.py", source) == [
            f"woa_core/kernel/loop.py:{source.count(chr(10))} imports "
            + (layer if "inner" not in source else f"{layer}.inner")
            + (" (x)" if " x" in source else " (Thing)" if "Thing" in source else " (the module)")
        ], source
    assert problems("figures.py", "from woa_core.deprecated import moved_module\n", shim=True) == []
    assert problems("figures.py", f"from {layer} import x\n", shim=True)


def test_the_checker_refused_the_kernel_before_issue_42_4() -> None:
    """What 012e1c8's loop.py and gamelog.py imported (the issue's lines) is refused, and the one
    type-only name is allowed only where and as it is declared."""
    old_loop = "from woa_core.bots import make_bots\nfrom woa_core.bots.base import Bot, bot_failed\n"
    old_log = "from woa_core.files import write_atomic\nfrom woa_core.rules import RulesSource, load_rules\n"
    assert problems("loop.py", old_loop) == [
        "woa_core/kernel/loop.py:1 imports woa_core.bots (make_bots)",
        "woa_core/kernel/loop.py:2 imports woa_core.bots.base (Bot, bot_failed)",
    ]
    assert len(problems("gamelog.py", old_log)) == 2
    typed = "if TYPE_CHECKING:\n    from woa_core.report.drawing import SomeDrawing\n"
    assert problems("pack.py", typed) == []
    assert problems("pack.py", "from woa_core.report.drawing import SomeDrawing\n")  # at run time: refused
    assert problems("flow.py", typed)  # another file: refused
    assert problems("pack.py", typed.replace("SomeDrawing", "Drawing"))  # another name: refused


def test_importing_the_kernel_loads_no_other_layer() -> None:
    """At run time too: importing every kernel module (the shims aside) loads none of the layers
    above it, through whatever it imports in turn (``woa_core/__init__.py`` loads ``woa_core.build``,
    which says which build runs and imports only the standard library)."""
    modules = [f"woa_core.kernel.{p.stem}" for p in _kernel_files() if not _is_shim(p) and p.stem != "__init__"]
    code = (
        "import sys\n"
        f"for m in {modules!r}: __import__(m)\n"
        "print(sorted(m for m in sys.modules if m.startswith('woa_core.')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    loaded = ast.literal_eval(out.stdout.strip())
    assert "woa_core.kernel.loop" in loaded and "woa_core.kernel.pack" in loaded
    above = [m for m in loaded if not any(_inside(m, a) for a in (*ALLOWED, "woa_core.build"))]
    assert not above, f"importing the kernel loads {above}"


@pytest.mark.parametrize("old", sorted(MOVED_MODULES))
def test_an_old_path_warns_where_its_module_went(old: str) -> None:
    """``woa_core.kernel.figures`` and the like still import, with a ``DeprecationWarning`` that
    names the module's new path, and give the very objects of the new module (``import *`` too)."""
    new = MOVED_MODULES[old]
    assert new.startswith("woa_core.report.")
    sys.modules.pop(old, None)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        __import__(old)  # (no frame of importlib's: the warning points at this line)
    shim = sys.modules[old]
    said = [str(w.message) for w in caught if w.category is DeprecationWarning]
    assert said == [f"{old} is deprecated (it moved as a whole): import from {new}"]
    assert caught[0].filename == __file__  # it points at the line that imports it
    target = importlib.import_module(new)
    public = [n for n in vars(target) if not n.startswith("_")]
    assert public and all(getattr(shim, n) is getattr(target, n) for n in public)
    namespace: dict[str, object] = {}
    exec(f"from {old} import *", namespace)  # what an outside script may write
    assert {n: namespace[n] for n in public} == {n: vars(target)[n] for n in public}
    with pytest.raises(AttributeError, match=f"has no attribute 'no_such_name'.*{new}"):
        _ = shim.no_such_name


def test_the_public_surface_gives_the_moved_names_from_their_new_places() -> None:
    """``woa_core.api`` keeps every name it gave: the report's from ``woa_core.report``, the
    chooser of bots from ``woa_core.bots.seated``."""
    from woa_core.bots import seated
    from woa_core.report import drawing, figures, gamelog

    assert (api.Bots, api.bots) == (seated.Bots, seated.bots)
    assert (api.Drawing, api.Viewer, api.Figure, api.Kind) == (
        drawing.Drawing,
        drawing.Viewer,
        figures.Figure,
        figures.Kind,
    )
    assert (api.LogRecorder, api.replay, api.log_header) == (gamelog.LogRecorder, gamelog.replay, gamelog.header)
