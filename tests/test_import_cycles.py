"""No import cycles anywhere in woa_core (issues 11, 14): every module's imports, read from its
syntax tree (``if TYPE_CHECKING:`` imports and imports inside functions included), form a graph
without cycles. Importing ``a.b.c`` runs ``a/b/__init__.py`` first, so it depends on the package
``a.b`` too (unless the importer is inside ``a.b``, which is then being imported already): the
hidden cycle of issue 14 (core -> actions.declare runs actions/__init__ -> cultivation -> core)
went through such a parent package."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

import woa_core

PACKAGE = Path(woa_core.__file__).resolve().parent


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _targets(node: ast.AST, module: str, is_package: bool, known: set[str]) -> set[str]:
    """The woa_core modules an import statement depends on."""
    out: set[str] = set()
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    elif isinstance(node, ast.ImportFrom):
        base = node.module or ""
        if node.level:
            package = module if is_package else module.rsplit(".", 1)[0]
            for _ in range(node.level - 1):
                package = package.rsplit(".", 1)[0]
            base = f"{package}.{base}" if base else package
        # ``from pkg import mod`` depends on pkg.mod when that is a module, else on pkg.
        names = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
    else:
        return out
    for name in names:
        while name and name not in known:
            name = name.rpartition(".")[0]
        if name and name != module:
            out.add(name)
            out.update(_parents_run(name, module, is_package, known))
    return out


def _parents_run(target: str, module: str, is_package: bool, known: set[str]) -> set[str]:
    """The packages whose ``__init__`` importing ``target`` runs: its ancestors, less those the
    importing ``module`` is inside (they are being imported already)."""
    own = module if is_package else module.rpartition(".")[0]
    inside = {own.rsplit(".", i)[0] for i in range(own.count(".") + 1)} if own else set()
    parents = set()
    name = target.rpartition(".")[0]
    while name:
        if name in known and name not in inside:
            parents.add(name)
        name = name.rpartition(".")[0]
    return parents


def import_graph() -> nx.DiGraph:
    """The import graph of woa_core: an edge a -> b when module a imports module b."""
    files = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    known = set(files)
    graph = nx.DiGraph()
    graph.add_nodes_from(known)
    for module, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            for target in _targets(node, module, path.name == "__init__.py", known):
                graph.add_edge(module, target)
    return graph


def test_the_graph_sees_imports() -> None:
    """The checker itself: known edges are found (so an empty result means something)."""
    graph = import_graph()
    assert graph.has_edge("woa_core.sim.runner", "woa_core.kernel.contract")
    assert graph.has_edge("woa_core.kernel.notation", "woa_core.errors")
    # a parent package's __init__ runs: importing the kernel's figures module runs the kernel's __init__
    assert graph.has_edge("woa_core.packs.west_of_africa.figures", "woa_core.kernel")
    assert not graph.has_edge("woa_core.packs.west_of_africa.game", "woa_core.packs.west_of_africa")
    toy = nx.DiGraph([("a", "b"), ("b", "a")])
    assert list(nx.simple_cycles(toy))


def _cycles(graph: nx.DiGraph) -> list[list[str]]:
    return sorted(nx.simple_cycles(graph), key=len)


def test_no_import_cycles_in_woa_core() -> None:
    graph = import_graph()
    cycles = _cycles(graph)
    assert not cycles, "import cycles: " + "; ".join(" -> ".join([*c, c[0]]) for c in cycles[:10])
