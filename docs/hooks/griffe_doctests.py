"""A griffe extension for the API reference (``mkdocs.yml``): the doctest examples of woa's docstrings
shown as Python sessions.

woa's docstrings are plain text with doctests, which Markdown would read as prose (and a ``[...]``
in them as a link). Each run of ``>>>`` lines with its output becomes a fenced ``pycon`` block.
"""

from __future__ import annotations

from typing import Any

import griffe


def fence_doctests(text: str) -> str:
    """``text`` with each doctest (its ``>>>`` and ``...`` lines and its output, up to a blank line)
    fenced as a ``pycon`` block.

    >>> fence_doctests("Add:\\n\\n>>> 1 + 1\\n2\\n\\nDone.").splitlines()
    ['Add:', '', '```pycon', '>>> 1 + 1', '2', '```', '', 'Done.']
    """
    out: list[str] = []
    inside = False
    for line in text.splitlines():
        starts = line.lstrip().startswith(">>>")
        if starts and not inside:
            out.append("```pycon")
            inside = True
        elif inside and not line.strip():
            out.append("```")
            inside = False
        out.append(line)
    if inside:
        out.append("```")
    return "\n".join(out)


class FenceDoctests(griffe.Extension):
    """Fence the doctests of every docstring griffe reads."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        """griffe: called for every object; its docstring's doctests fenced."""
        if obj.docstring is not None:
            obj.docstring.value = fence_doctests(obj.docstring.value)
