"""Names that moved, and the old import paths that keep working while they say where (issue 42.7).

``MOVED`` is the one deprecation table: an old dotted name, and the dotted name it is now. Three
kinds of entry:

- a name that leaves the public surface (``woa_core.api``): ``"woa_core.api.OLD"``; the name
  still works there, with a ``DeprecationWarning`` naming its new place, until a later issue
  removes it. ``tests/test_public_surface.py`` fails when a name leaves ``woa_core.api.__all__``
  without such an entry;
- a module an outside bot imported before the packs had their own folders (``woa_core.engine``,
  ``.game``, ``.selection``, ``.state``, ``.view``, as of 9c46eb0): each is a shim of two lines
  (``moved_module`` or, for the package, ``moved_names``), importing it warns with where each of
  its names went, and the names are the very objects they are now;
- a module that moved as a whole (``woa_core.kernel.figures``, ``.unfolding``, ``.standings``,
  ``.drawing``, ``.gamelog``: the report package left the kernel, issue 42.4): its old path is a
  shim of one line (``moved_module``); importing it warns with the module's new path, and every
  name of the new module is there, the very same object.

The targets are named as text and imported when a name is first asked for: a shim imports no
pack (the kernel's boundary, ``tests/test_kernel_boundary.py``) until an old bot uses it.

>>> resolve("woa_core.errors.IllegalAction").__name__
'IllegalAction'
>>> moved_from("woa_core.engine.selection")["card_sum"]
'woa_core.packs.west_of_africa.selection.card_sum'
>>> MOVED["woa_core.kernel.gamelog"]
'woa_core.report.gamelog'
"""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Callable
from typing import Any

_WOA = "woa_core.packs.west_of_africa"

MOVED: dict[str, str] = {
    # woa_core.engine, the package: what its __init__ re-exported at 9c46eb0
    "woa_core.engine.ACTIONS": f"{_WOA}.ACTIONS",
    "woa_core.engine.NOBODY": f"{_WOA}.NOBODY",
    "woa_core.engine.VP_SOURCES": f"{_WOA}.VP_SOURCES",
    "woa_core.engine.Action": "woa_core.api.Action",
    "woa_core.engine.Game": f"{_WOA}.Game",
    "woa_core.engine.GameState": f"{_WOA}.GameState",
    "woa_core.engine.new_state": f"{_WOA}.new_state",
    # woa_core.engine.game: the interpreter
    "woa_core.engine.game.ACTIONS": f"{_WOA}.game.ACTIONS",
    "woa_core.engine.game.STEP_OF_VERB": f"{_WOA}.game.STEP_OF_VERB",
    "woa_core.engine.game.VERBS": f"{_WOA}.game.VERBS",
    "woa_core.engine.game.Action": "woa_core.api.Action",
    "woa_core.engine.game.Game": f"{_WOA}.game.Game",
    # woa_core.engine.selection: the card selections
    "woa_core.engine.selection.card_sum": f"{_WOA}.selection.card_sum",
    "woa_core.engine.selection.card_values": f"{_WOA}.selection.card_values",
    "woa_core.engine.selection.selections": f"{_WOA}.selection.selections",
    "woa_core.engine.selection.ActionTuple": f"{_WOA}.selection.ActionTuple",
    "woa_core.engine.selection.selection_actions": f"{_WOA}.selection.selection_actions",
    # woa_core.engine.state: the state
    "woa_core.engine.state.NOBODY": f"{_WOA}.state.NOBODY",
    "woa_core.engine.state.NEUTRAL": f"{_WOA}.state.NEUTRAL",
    "woa_core.engine.state.VP_SOURCES": f"{_WOA}.state.VP_SOURCES",
    "woa_core.engine.state.GameState": f"{_WOA}.state.GameState",
    "woa_core.engine.state.new_state": f"{_WOA}.state.new_state",
    # woa_core.engine.view: what a player sees
    "woa_core.engine.view.HIDDEN": f"{_WOA}.view.HIDDEN",
    "woa_core.engine.view.PUBLIC": f"{_WOA}.view.PUBLIC",
    "woa_core.engine.view.PlayerView": f"{_WOA}.view.PlayerView",
    "woa_core.engine.view.revealed_players": f"{_WOA}.view.revealed_players",
    # modules that moved as a whole: the report package beside the kernel (issue 42.4)
    "woa_core.kernel.figures": "woa_core.report.figures",
    "woa_core.kernel.unfolding": "woa_core.report.unfolding",
    "woa_core.kernel.standings": "woa_core.report.standings",
    "woa_core.kernel.drawing": "woa_core.report.drawing",
    "woa_core.kernel.gamelog": "woa_core.report.gamelog",
}
"""Old dotted name -> the dotted name it is now (see the module docstring). Add an entry when a
name leaves ``woa_core.api``; never drop one a release still warns about."""


def resolve(dotted: str) -> Any:
    """The object a dotted name ``module.attribute`` names, its module imported."""
    module, _, name = dotted.rpartition(".")
    return getattr(importlib.import_module(module), name)


def moved_from(module: str) -> dict[str, str]:
    """The names of ``module`` that ``MOVED`` lists, each with the dotted name it is now."""
    prefix = module + "."
    return {
        old[len(prefix) :]: new
        for old, new in MOVED.items()
        if old.startswith(prefix) and "." not in old[len(prefix) :]
    }


def moved_names(module: str) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``module``'s moved names: each warns, naming where it is now,
    and is the object there. Any other name is the usual ``AttributeError``.

    >>> import warnings
    >>> getattr_ = moved_names("woa_core.engine")
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     found = getattr_("NOBODY")
    >>> found, str(caught[0].message)
    (-1, 'woa_core.engine.NOBODY is deprecated: import NOBODY from woa_core.packs.west_of_africa')
    """

    def __getattr__(name: str) -> Any:
        new = MOVED.get(f"{module}.{name}")  # read when asked: an entry added later counts
        if new is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        warnings.warn(f"{module}.{name} is deprecated: {_where(new)}", DeprecationWarning, stacklevel=2)
        return resolve(new)

    return __getattr__


def moved_module(module: str) -> Callable[[str], Any]:
    """Warn, once, that ``module`` is deprecated, saying where each of its names went (called from
    the module's body as it is imported: the warning points at the line that imports it); return
    its ``__getattr__``, which gives each moved name, the object it is now, without warning again.
    A module that moved as a whole (``MOVED`` names the module itself) gives every name of the
    module it is now, ``__all__`` included (so ``import *`` gives what it gives there).

    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     getattr_ = moved_module("woa_core.kernel.standings")
    >>> str(caught[0].message)
    'woa_core.kernel.standings is deprecated (it moved as a whole): import from woa_core.report.standings'
    >>> getattr_("standings") is resolve("woa_core.report.standings.standings")
    True
    """
    whole = MOVED.get(module)
    if whole is not None:
        return _moved_whole(module, whole)
    names = moved_from(module)
    went = _went(names)
    warnings.warn(f"{module} is deprecated (issue 42.7): {went}", DeprecationWarning, stacklevel=3)

    def __getattr__(name: str) -> Any:
        new = names.get(name)
        if new is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r} (it is deprecated: {went})")
        return resolve(new)

    return __getattr__


def _moved_whole(module: str, new: str) -> Callable[[str], Any]:
    """``moved_module`` for a module that moved as a whole to ``new``."""
    warnings.warn(f"{module} is deprecated (it moved as a whole): import from {new}", DeprecationWarning, stacklevel=4)

    def __getattr__(name: str) -> Any:
        target = importlib.import_module(new)
        if name == "__all__" and not hasattr(target, "__all__"):  # what ``import *`` takes from it
            return [n for n in vars(target) if not n.startswith("_")]
        try:
            return getattr(target, name)
        except AttributeError:
            raise AttributeError(f"module {module!r} has no attribute {name!r} (it is deprecated: {new})") from None

    return __getattr__


def _where(new: str) -> str:
    module, _, name = new.rpartition(".")
    return f"import {name} from {module}"


def _went(names: dict[str, str]) -> str:
    """Where a module's moved names are now, by module: ``import a, b from m; c from n``.

    >>> _went({"a": "m.a", "b": "m.b", "old": "n.new"})
    'import a, b from m; new (was old) from n'
    """
    by_module: dict[str, list[str]] = {}
    for old, new in names.items():
        module, _, name = new.rpartition(".")
        by_module.setdefault(module, []).append(name if name == old else f"{name} (was {old})")
    return "import " + "; ".join(f"{', '.join(found)} from {module}" for module, found in by_module.items())
