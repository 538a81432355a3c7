"""How many lines of Python a rule pack is, besides its bots and drawing (issue 40.3's budget).

Two counts per pack: every line of its files, and its lines of code (neither blank, nor a comment,
nor inside a docstring: what is left when the explanations are taken out).

    python benchmarks/pack_lines.py            # every bundled pack
    python benchmarks/pack_lines.py go_west --json
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from pathlib import Path

PACKS = Path(__file__).resolve().parent.parent / "woa_core" / "packs"
APART = ("bots", "draw")
"""The folders of a pack the budget leaves out."""


def code_lines(source: str) -> int:
    """Lines that are neither blank, nor a comment, nor inside a docstring.

    >>> code_lines('\"\"\"Doc.\"\"\"\\n\\n# note\\nx = 1  # one\\ndef f():\\n    \"\"\"Doc.\"\"\"\\n    return x\\n')
    3
    """
    docs: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            value = body[0].value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                docs.update(range(body[0].lineno, (body[0].end_lineno or body[0].lineno) + 1))
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            docs.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))  # attribute docstrings
    return sum(
        1
        for n, line in enumerate(source.splitlines(), start=1)
        if line.strip() and not line.strip().startswith("#") and n not in docs
    )


def count(pack: str) -> dict[str, int]:
    """The pack's files, lines and lines of code, bots and drawing left out."""
    files = [p for p in sorted((PACKS / pack).rglob("*.py")) if not set(p.relative_to(PACKS / pack).parts) & set(APART)]
    texts = [p.read_text(encoding="utf-8") for p in files]
    return {"files": len(files), "lines": sum(len(t.splitlines()) for t in texts), "code": sum(map(code_lines, texts))}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("packs", nargs="*", help="pack names (default: every bundled pack)")
    parser.add_argument("--json", action="store_true", help="print the counts as JSON")
    args = parser.parse_args(argv)
    names = args.packs or sorted(p.name for p in PACKS.iterdir() if (p / "__init__.py").exists())
    counts = {name: count(name) for name in names}
    if args.json:
        print(json.dumps(counts, indent=2))
    else:
        for name, c in counts.items():
            print(
                f"{name}: {c['lines']} lines in {c['files']} files, {c['code']} lines of code (bots and drawing apart)"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
