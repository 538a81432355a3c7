"""How long loading, validating and compiling the bundled rules takes (rules-as-data issue).

Run it as ``python benchmarks/rules_load.py``.
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
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
