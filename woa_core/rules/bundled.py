"""Where the bundled rules and schemas are, and how a bundled file is named to a user.

A module of its own, importing nothing of woa, so that reading YAML (``source``) can name a
bundled file by its bundled name without importing the validators (``data``).

>>> bundled_name(data_root() / "rules" / "west-of-africa" / "board.yaml")
'west-of-africa/board.yaml'
>>> bundled_name("my-game/board.yaml") is None
True
"""

from __future__ import annotations

import os
from functools import cache
from importlib import resources
from pathlib import Path


def data_root() -> Path:
    """Where the bundled ``rules/`` and ``schema/`` folders are: inside the installed package,
    or beside ``woa_core`` in a source checkout."""
    packaged = resources.files("woa_core") / "_data"
    if packaged.is_dir():
        return Path(str(packaged))
    return Path(__file__).resolve().parents[2]


@cache
def _rules_root() -> Path:
    return (data_root() / "rules").resolve()


def bundled_name(path: str | os.PathLike[str]) -> str | None:
    """``RULESET/FILE`` when ``path`` is a file of a bundled ruleset (``west-of-africa/board.yaml``),
    else None: how errors name bundled files, wherever woa is installed (never a site-packages
    path, which a user cannot edit to any effect)."""
    try:
        relative = Path(path).resolve().relative_to(_rules_root())
    except (ValueError, OSError, RuntimeError):
        return None
    if len(relative.parts) != 2 or not (_rules_root() / relative.parts[0] / "ruleset.yaml").is_file():
        return None
    return relative.as_posix()
