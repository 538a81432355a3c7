"""The hot path stays ready for mypyc (issue 14, item 7; issue 18): what mypyc cannot compile is
not written in woa_core/kernel nor in any module the compiled build compiles (``COMPILED`` in
woa_core/build.py). Compiling it for real is ``pip install .`` with a C compiler, and
``tests/test_build.py`` then plays the same games in both builds."""

from __future__ import annotations

import ast
from pathlib import Path

from woa_core.build import COMPILED

ROOT = Path(__file__).resolve().parents[1]
KERNEL = ROOT / "woa_core" / "kernel"


def _compiled_files() -> list[Path]:
    """The kernel's modules and the source file of every module of ``COMPILED``."""
    out = set(KERNEL.glob("*.py"))
    for name in COMPILED:
        base = ROOT.joinpath(*name.split("."))
        out.add(base.with_suffix(".py") if base.with_suffix(".py").is_file() else base / "__init__.py")
    return sorted(out)


def _classes() -> list[tuple[str, ast.ClassDef]]:
    return [
        (path.name, node)
        for path in _compiled_files()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ClassDef)
    ]


def test_class_attributes_are_declared_classvar() -> None:
    """A value assigned in a class body (outside dataclasses, enums and protocols) is a class
    attribute: mypyc wants it declared ``ClassVar``, or it compiles it as an instance attribute."""
    offenders = []
    for file, cls in _classes():
        bases = {ast.unparse(b) for b in cls.bases}
        dataclass = any("dataclass" in ast.unparse(d) for d in cls.decorator_list)
        if dataclass or bases & {"StrEnum", "Enum", "Protocol", "NamedTuple"}:
            continue
        for item in cls.body:
            if isinstance(item, ast.Assign) and [ast.unparse(t) for t in item.targets] != ["__slots__"]:
                offenders.append(f"{file}: {cls.name}.{ast.unparse(item.targets[0])}")
            elif (
                isinstance(item, ast.AnnAssign)
                and item.value is not None
                and "ClassVar" not in ast.unparse(item.annotation)
            ):
                offenders.append(f"{file}: {cls.name}.{ast.unparse(item.target)}")
    assert not offenders


def test_no_object_new_tricks_and_no_properties_made_at_run_time() -> None:
    """``object.__new__`` (a state or view made without its ``__init__``, called or kept under
    another name) and properties set on a class after it is made defeat mypyc's native classes,
    in the kernel and in every module the build compiles."""
    offenders = []
    for path in _compiled_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            text = ast.unparse(node) if isinstance(node, ast.Call) else ""
            if isinstance(node, ast.Attribute) and ast.unparse(node) == "object.__new__":
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}: object.__new__")
            elif text.startswith("setattr(") and "property(" in text:
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}: {text[:60]}")
    assert not offenders


def test_classes_packs_extend_are_open_to_them_or_stay_interpreted() -> None:
    """A kernel class that packs and tools subclass in plain Python says so to mypyc
    (``woa_core.kernel.native``), or lives in a module the compiled hot path leaves interpreted
    (``COMPILED`` in woa_core/build.py)."""
    extended = {"Observer", "ListedGame", "CompiledRules", "PlainState", "View", "Action"}
    for file, cls in _classes():
        if cls.name in extended and f"woa_core.kernel.{file[:-3]}" in COMPILED:
            said = " ".join(ast.unparse(d) for d in cls.decorator_list)
            assert "allow_interpreted_subclasses=True" in said or "native_class=False" in said, cls.name
