"""Which build of woa runs: its hot path compiled with mypyc, or pure Python.

``pip install .`` compiles the modules ``COMPILED`` lists with mypyc when a C compiler and
Python's headers are present, and installs pure Python otherwise (``hatch_build.py`` at the
root of the repository); the same sources run either way and play the very same games
(``tests/test_build.py``). ``WOA_PURE=1`` chooses pure Python: when building, nothing is
compiled; when running, the pure modules are imported even where compiled ones are installed
(``WOA_PURE=0`` when building: compile or fail, never fall back). ``woa --version`` and every
manifest (its ``build`` field) say which build ran.

>>> build() in ("compiled", "pure", "partly compiled")
True
>>> "woa_core.kernel.loop" in COMPILED
True

This module is never compiled, and imports nothing but the standard library (the build reads
``COMPILED`` from it without importing woa).
"""

from __future__ import annotations

import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES, ModuleSpec
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # (json, pathlib and importlib.util load when asked: ``woa --version`` stays quick)
    from pathlib import Path

COMPILED: tuple[str, ...] = (
    # the kernel's hot path
    "woa_core.kernel.compiled",
    "woa_core.kernel.actions",
    "woa_core.kernel.legality",
    "woa_core.kernel.flow",
    "woa_core.kernel.loop",
    "woa_core.kernel.notation",
    "woa_core.kernel.search",
    "woa_core.kernel.chance",
    "woa_core.kernel.cards",
    "woa_core.kernel.record",
    # what the tools read of every game (figures and how a game unfolds: observers of the loop)
    "woa_core.report.figures",
    "woa_core.report.unfolding",
    # the bots that play any pack, and the loop's chooser of bots
    "woa_core.bots.seated",
    "woa_core.bots.random_bot",
    "woa_core.bots.mcts",
    # West of Africa
    "woa_core.packs.west_of_africa.compiled",
    "woa_core.packs.west_of_africa.steps",
    "woa_core.packs.west_of_africa.state",
    "woa_core.packs.west_of_africa.selection",
    "woa_core.packs.west_of_africa.core",
    "woa_core.packs.west_of_africa.actions",
    "woa_core.packs.west_of_africa.actions.turn",
    "woa_core.packs.west_of_africa.actions.workers",
    "woa_core.packs.west_of_africa.actions.shipping",
    "woa_core.packs.west_of_africa.actions.cultivation",
    "woa_core.packs.west_of_africa.actions.selling",
    "woa_core.packs.west_of_africa.actions.founding",
    "woa_core.packs.west_of_africa.round_end",
    "woa_core.packs.west_of_africa.figures",
    "woa_core.packs.west_of_africa.primitives",
    "woa_core.packs.west_of_africa.flow",
    "woa_core.packs.west_of_africa.game",
    "woa_core.packs.west_of_africa.view",
    "woa_core.packs.west_of_africa.determinize",
    "woa_core.packs.west_of_africa.bots.heuristic",
    "woa_core.packs.west_of_africa.bots.search",
    # Africa
    "woa_core.packs.africa.compiled",
    "woa_core.packs.africa.steps",
    "woa_core.packs.africa.state",
    "woa_core.packs.africa.hexes",
    "woa_core.packs.africa.scoring",
    "woa_core.packs.africa.flow",
    "woa_core.packs.africa.view",
    "woa_core.packs.africa.game",
    "woa_core.packs.africa.bots.estimate",
    "woa_core.packs.africa.bots.heuristic",
    "woa_core.packs.africa.bots.search",
    # Go West!
    "woa_core.packs.go_west.compiled",
    "woa_core.packs.go_west.steps",
    "woa_core.packs.go_west.state",
    "woa_core.packs.go_west.scoring",
    "woa_core.packs.go_west.game",
    "woa_core.packs.go_west.flow",
    "woa_core.packs.go_west.view",
)
"""The modules compiled with mypyc: the one list the build reads (a package is compiled as its
``__init__``). To compile a pack, add its hot path here, one module per line. What compiled
code asks of a module (``docs/compiled.md``): precise type hints that hold at run time (mypyc
checks them: an argument that arrives unchecked is ``Any``), class attributes declared
``ClassVar``, no properties set from outside the class, no ``object.__new__``; a class that
tools subclass says so (``@mypyc_attr(allow_interpreted_subclasses=True)``), a subclass of a
built-in type stays a Python class (``@mypyc_attr(native_class=False)``)."""

PURE = "WOA_PURE"
"""The environment variable that chooses pure Python (see the module docstring)."""

INFO = "_build.json"
"""What the build made, written into the installed package: ``{"compiled": [...], "mypy":
version}``, or ``{"compiled": [], "why": reason}`` when it installed pure Python."""

_ROOT = os.path.dirname(os.path.realpath(__file__))


def pure_forced() -> bool:
    """Whether ``WOA_PURE`` asks for pure Python (any value but empty or ``0``).

    >>> import os
    >>> pure_forced() == (os.environ.get("WOA_PURE", "") not in ("", "0"))
    True
    """
    return os.environ.get(PURE, "") not in ("", "0")


def compiled_modules() -> list[str]:
    """The modules of ``COMPILED`` that run compiled in this process: a module already imported
    by the file it came from, any other by whether its compiled form is installed (and
    ``WOA_PURE`` does not set it aside)."""
    out = []
    for name in COMPILED:
        module = sys.modules.get(name)
        if module is not None:
            compiled = _is_extension(getattr(module, "__file__", None) or "")
        else:
            compiled = not pure_forced() and _installed_compiled(name)
        if compiled:
            out.append(name)
    return out


def pure_only_tests(root: str | Path = ".") -> list[str]:
    """The source files of ``COMPILED``, relative to the checkout ``root``: what a test run of the
    pure build adds to one of the compiled build, their doctests (a compiled module keeps no
    docstrings). Every other test runs the same code in either build, and ``tests/test_build.py``
    plays the two builds against each other from the compiled run.

    >>> "woa_core/kernel/loop.py" in pure_only_tests()
    True
    """
    from pathlib import Path

    out = []
    for name in COMPILED:
        base = Path(*name.split("."))
        module = base.with_suffix(".py")
        out.append((module if (Path(root) / module).is_file() else base / "__init__.py").as_posix())
    return out


def build() -> str:
    """``compiled`` when every module of ``COMPILED`` runs compiled, ``pure`` when none does,
    else ``partly compiled`` (an installed build older than the list)."""
    n = len(compiled_modules())
    return "pure" if n == 0 else "compiled" if n == len(COMPILED) else "partly compiled"


def describe() -> str:
    """What ``woa --version`` says of the build: which ran, and why pure Python if it did.

    >>> describe().startswith(("compiled", "pure", "partly compiled"))
    True
    """
    running = compiled_modules()
    info = built()
    if running:
        mypyc = f"mypyc {info['mypy']}" if info.get("mypy") else "mypyc"
        if len(running) == len(COMPILED):
            return f"compiled with {mypyc}: {len(running)} hot-path modules"
        return f"partly compiled with {mypyc}: {len(running)} of {len(COMPILED)} hot-path modules"
    if pure_forced():
        installed = " (compiled modules are installed)" if info.get("compiled") else ""
        return f"pure Python: {PURE}={os.environ[PURE]}{installed}"
    if info.get("why"):
        return f"pure Python: {info['why']}"
    return "pure Python: run from a source tree" if not info else "pure Python"


def built() -> dict[str, Any]:
    """What the build that installed this copy made (``INFO``); empty in a source tree."""
    import json

    try:
        with open(os.path.join(_ROOT, INFO), encoding="utf-8") as file:
            data = json.loads(file.read())
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _is_extension(path: str) -> bool:
    return path.endswith(tuple(EXTENSION_SUFFIXES))


def _installed_compiled(name: str) -> bool:
    base = os.path.join(_ROOT, *name.split(".")[1:])
    candidates = [base + s for s in EXTENSION_SUFFIXES]
    candidates += [os.path.join(base, "__init__" + s) for s in EXTENSION_SUFFIXES]
    return any(os.path.isfile(path) for path in candidates)


class PureFinder:
    """Finds each module of ``COMPILED`` as its source file, so that pure Python runs even where
    compiled modules are installed beside the sources (``WOA_PURE=1``). Installed first on
    ``sys.meta_path`` by ``use_pure``; other modules are left to the usual finders."""

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> ModuleSpec | None:
        """The spec of ``fullname``'s source file, for a module of ``COMPILED``; else None."""
        if fullname not in _NAMES or not path:
            return None
        import importlib.util

        leaf = fullname.rpartition(".")[2]
        for entry in path:
            source = os.path.join(entry, leaf + ".py")
            if os.path.isfile(source):
                return importlib.util.spec_from_file_location(fullname, source)
            package = os.path.join(entry, leaf)
            init = os.path.join(package, "__init__.py")
            if os.path.isfile(init):
                return importlib.util.spec_from_file_location(fullname, init, submodule_search_locations=[package])
        return None


_NAMES = frozenset(COMPILED)


def use_pure() -> None:
    """Import the pure modules from now on (``woa_core`` calls it when ``WOA_PURE`` is set)."""
    if not any(isinstance(finder, PureFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, PureFinder())
