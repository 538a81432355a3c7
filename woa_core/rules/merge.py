"""JSON Merge Patch (RFC 7396) over located data, so merged values keep their source positions.

A patch's objects merge key by key; ``null`` deletes a key; anything else (lists included)
replaces the target value whole.

>>> from woa_core.rules.source import Located
>>> base = Located({"a": {"b": 1, "c": [1, 2]}, "d": 4})
>>> merge_patch(base, Located({"a": {"b": None, "c": [3]}, "e": 5}))
>>> base.data
{'a': {'c': [3]}, 'd': 4, 'e': 5}
"""

from __future__ import annotations

import copy
from typing import Any

from woa_core.rules.source import Located, Path_


def merge_patch(target: Located, patch: Located, at: Path_ = (), patch_root: Path_ = ()) -> None:
    """Apply ``patch.data`` (taken from ``patch_root`` within ``patch``) to ``target`` at ``at``.

    ``target`` is changed in place; positions of replaced values are taken from the patch."""
    value = _get(patch.data, patch_root)
    if not isinstance(value, dict):
        _replace(target, at, value, patch, patch_root)
        return
    node = _find(target.data, at)
    if not isinstance(node, dict):
        _replace(target, at, {}, patch, patch_root)
    elif patch_root in patch.positions:
        # The object now reflects the patch: errors about it as a whole point at the patch.
        target.positions[at] = patch.positions[patch_root]
    for key, sub in value.items():
        if sub is None:
            _delete(target, at + (key,))
        else:
            merge_patch(target, patch, at + (key,), patch_root + (key,))


def _get(data: Any, path: Path_) -> Any:
    for part in path:
        data = data[part]
    return data


def _find(data: Any, path: Path_) -> Any:
    """The value at ``path``, or None where the path does not exist (yet)."""
    for part in path:
        if not isinstance(data, dict) or part not in data:
            return None
        data = data[part]
    return data


def _replace(target: Located, at: Path_, value: Any, patch: Located, patch_root: Path_) -> None:
    _drop_positions(target, at)
    if at:
        parent = _get(target.data, at[:-1])
        parent[at[-1]] = copy.deepcopy(value)
    else:
        target.data = copy.deepcopy(value)
    n = len(patch_root)
    for table_name in ("positions", "key_positions"):
        source = getattr(patch, table_name)
        table = getattr(target, table_name)
        for path, pos in source.items():
            if path[:n] == patch_root:
                table[at + path[n:]] = pos


def _delete(target: Located, at: Path_) -> None:
    parent = _find(target.data, at[:-1])
    if isinstance(parent, dict) and at[-1] in parent:
        del parent[at[-1]]
    _drop_positions(target, at)


def _drop_positions(target: Located, at: Path_) -> None:
    n = len(at)
    for table in (target.positions, target.key_positions):
        for path in [p for p in table if p[:n] == at]:
            del table[path]
