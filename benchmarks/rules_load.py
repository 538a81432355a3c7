"""How long loading, validating and compiling the bundled rules takes (rules-as-data issue).

Run it as ``python benchmarks/rules_load.py``. The last rows time reading the YAML files alone with
libyaml's C parser (what woa uses when PyYAML has it) and with the pure-Python one.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> int:
    started = time.perf_counter()
    from woa_core.rules import compile_document, load_document

    imported = time.perf_counter()
    doc = load_document("west-of-africa")  # resolve + schemas + semantic checks, all player counts
    validated = time.perf_counter()
    for players in doc.located.data["players"]["counts"]:
        compile_document(doc, players)
    compiled = time.perf_counter()
    print(f"import woa_core.rules      {1000 * (imported - started):7.1f} ms")
    print(f"load + validate (2-5 p.)   {1000 * (validated - imported):7.1f} ms")
    print(f"compile 4 player counts    {1000 * (compiled - validated):7.1f} ms")
    parse_rows()
    return 0


def parse_rows(repeat: int = 20) -> None:
    """Reading the YAML files alone, with libyaml's C parser (used when installed) and without."""
    import yaml

    from woa_core.rules import data_root, source

    files = sorted((data_root() / "rules" / "west-of-africa").glob("*.yaml"))
    texts = [(f.read_text(encoding="utf-8"), f.name) for f in files]

    def best_ms() -> float:
        best = float("inf")
        for _ in range(3):
            started = time.perf_counter()
            for _ in range(repeat):
                for text, name in texts:
                    source.parse_yaml(text, name)
            best = min(best, (time.perf_counter() - started) / repeat)
        return 1000 * best

    chosen = source._Loader
    rows = [("libyaml C parser", getattr(yaml, "CSafeLoader", None)), ("pure-Python parser", yaml.SafeLoader)]
    try:
        for label, loader in rows:
            if loader is None:
                print(f"parse 7 files, {label:18} (not installed)")
                continue
            source._Loader = loader
            print(f"parse 7 files, {label:18} {best_ms():5.1f} ms")
    finally:
        source._Loader = chosen


if __name__ == "__main__":
    raise SystemExit(main())
