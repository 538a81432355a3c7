"""Where one game ends and the kernel begins (issue 14): the kernel imports no pack, and the
tools that still reach into West of Africa's pack are listed here, by name, until each works
through the kernel's contract alone (``woa_core.kernel.contract``, ``woa_core.kernel.pack``)."""

from __future__ import annotations

from tests.test_import_cycles import import_graph

KERNEL = ("woa_core.kernel", "woa_core.rules", "woa_core.errors", "woa_core.files")
"""Packages and modules that must never import a pack."""

NOT_YET_GENERIC: set[str] = set()
"""Tools that still import a pack: none since issue 14 (keep it empty)."""


def _reaches_a_pack(module: str, graph) -> bool:
    return any(target.startswith("woa_core.packs.") for target in graph.successors(module))


def test_the_kernel_imports_no_pack() -> None:
    graph = import_graph()
    kernel = [m for m in graph if m.startswith(KERNEL)]
    assert "woa_core.kernel.loop" in kernel and "woa_core.rules.resolve" in kernel
    offenders = sorted(m for m in kernel if _reaches_a_pack(m, graph))
    assert not offenders, f"kernel modules that import a pack: {offenders}"


def test_only_the_listed_tools_reach_into_a_pack() -> None:
    graph = import_graph()
    tools = {m for m in graph if not m.startswith(("woa_core.packs", *KERNEL))}
    reaching = {m for m in tools if _reaches_a_pack(m, graph)}
    assert not reaching - NOT_YET_GENERIC, (
        f"new tools import a pack (use the kernel's contract): {reaching - NOT_YET_GENERIC}"
    )
    assert not NOT_YET_GENERIC - reaching, (
        f"these work through the contract now: drop them from the list: {NOT_YET_GENERIC - reaching}"
    )
