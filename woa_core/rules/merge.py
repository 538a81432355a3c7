"""JSON Merge Patch (RFC 7396) over located data, so merged values keep their source positions.

A patch's objects merge key by key; ``null`` deletes a key; anything else (lists included)
replaces the target value whole.

>>> from woa_core.rules.source import Located
>>> base = Located({"a": {"b": 1, "c": [1, 2]}, "d": 4})
>>> merge_patch(base, Located({"a": {"b": None, "c": [3]}, "e": 5}))
>>> base.data
{'a': {'c': [3]}, 'd': 4, 'e': 5}

The work is linear in the sizes of the target and the patch: values are merged first, noting
which paths were replaced or deleted, and the position tables are then rebuilt in one pass each.
"""

from __future__ import annotations

import copy
from typing import Any

from woa_core.rules.source import Located, Path_


def merge_patch(target: Located, patch: Located, at: Path_ = (), patch_root: Path_ = ()) -> None:
    """Apply ``patch.data`` (taken from ``patch_root`` within ``patch``) to ``target`` at ``at``.

    ``target`` is changed in place; positions of replaced values are taken from the patch."""
    replaced: set[Path_] = set()  # paths of ``target`` whose old value (and positions) are gone
    deleted: set[Path_] = set()  # of those, the ones deleted by a null
    merged: list[tuple[Path_, Path_]] = []  # (target path, patch path) of objects merged key by key
    _merge(target, _get(patch.data, patch_root), at, patch_root, (replaced, deleted), merged)
    if not replaced and not merged:
        return
    for table_name in ("positions", "key_positions"):
        table: dict[Path_, Any] = getattr(target, table_name)
        if replaced:
            kept = {p: pos for p, pos in table.items() if not _under(p, replaced)}
            table.clear()
            table.update(kept)
        n = len(patch_root)
        for path, pos in getattr(patch, table_name).items():
            if path[:n] == patch_root:
                new = at + path[n:]
                if _under(new, replaced) and not (deleted and _under(new, deleted)):
                    table[new] = pos
    for target_path, patch_path in merged:
        # The object now reflects the patch: errors about it as a whole point at the patch.
        if patch_path in patch.positions:
            target.positions[target_path] = patch.positions[patch_path]


def _merge(
    target: Located,
    value: Any,
    at: Path_,
    patch_at: Path_,
    gone: tuple[set[Path_], set[Path_]],
    merged: list[tuple[Path_, Path_]],
) -> None:
    replaced, deleted = gone
    if not isinstance(value, dict):
        _set(target, at, copy.deepcopy(value))
        replaced.add(at)
        return
    node = _find(target.data, at)
    if not isinstance(node, dict):
        _set(target, at, {})
        replaced.add(at)
    else:
        merged.append((at, patch_at))
    for key, sub in value.items():
        if sub is None:
            parent = _find(target.data, at)
            if isinstance(parent, dict) and key in parent:
                del parent[key]
            replaced.add(at + (key,))
            deleted.add(at + (key,))
        else:
            _merge(target, sub, at + (key,), patch_at + (key,), gone, merged)


def _under(path: Path_, prefixes: set[Path_]) -> bool:
    """Whether ``path`` or one of its ancestors is in ``prefixes``."""
    return any(path[:k] in prefixes for k in range(len(path) + 1))


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


def _set(target: Located, at: Path_, value: Any) -> None:
    if at:
        parent = _get(target.data, at[:-1])
        parent[at[-1]] = value
    else:
        target.data = value
