"""Make the README's pictures: docs/board.svg (``woa board``), docs/board.png (the replay viewer
near the end of round 3), docs/report.png (a simulate report) and docs/africa.png (the replay viewer in a
game of Africa). Needs the 'test' and 'report' extras and Chromium.

    python docs/screenshots.py            # every picture
    python docs/screenshots.py africa     # docs/africa.png only
    python docs/screenshots.py report     # docs/report.png only
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from woa_core.cli import main

DOCS = Path(__file__).resolve().parent
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


COMMON = ["--players", "4", "--seed", "1", "--quiet", "--bots", "heuristic"]


def make(work: Path) -> None:
    """Play and replay; then photograph the viewer (and the report, ``report``)."""
    logs, viewer = work / "logs", work / "game.html"
    assert main(["board", "-o", str(DOCS / "board.svg")]) == 0
    assert main(["simulate", *COMMON, "--games", "1", "--log-dir", str(logs)]) == 0
    assert main(["replay", str(logs / "game-000000.jsonl"), "--html", str(viewer)]) == 0
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.goto(viewer.as_uri())
        for _ in range(3):
            page.keyboard.press("ArrowDown")  # the end of round 3
        while not page.locator("#marks rect").count():
            page.keyboard.press("ArrowLeft")  # back to the round's last action with a place on the board
        page.screenshot(path=DOCS / "board.png")
        browser.close()
    report(work)


def report(work: Path) -> None:
    """A simulate report of 200 heuristic games, its top (the verdict, the first plots)."""
    page_file = work / "report.html"
    assert main(["simulate", *COMMON, "--games", "200", "--rotate-seats", "--html", str(page_file)]) == 0
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        page = browser.new_page(viewport={"width": 1100, "height": 1500})
        page.goto(page_file.as_uri())
        page.screenshot(path=DOCS / "report.png")
        browser.close()


def africa(work: Path) -> None:
    """A random 4-player game of Africa in the replay viewer, at the end of a pass mid-game."""
    logs, viewer = work / "africa-logs", work / "africa.html"
    args = ["simulate", "--rules", "africa", "--players", "4", "--seed", "1", "--quiet", "--bots", "random"]
    assert main([*args, "--games", "1", "--log-dir", str(logs)]) == 0
    assert main(["replay", str(logs / "game-000000.jsonl"), "--html", str(viewer)]) == 0
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        page = browser.new_page(viewport={"width": 1500, "height": 900})
        page.goto(viewer.as_uri())
        page.evaluate("woaReplay.show(700)")
        page.keyboard.press("ArrowDown")  # the next pass's end: its standings
        page.screenshot(path=DOCS / "africa.png")
        browser.close()


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as folder:
        if sys.argv[1:] == ["report"]:
            report(Path(folder))
        else:
            if sys.argv[1:] != ["africa"]:
                make(Path(folder))
            africa(Path(folder))
    sys.exit(0)
