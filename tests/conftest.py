"""A headless Chromium for the browser tests (the replay viewer, the HTML reports, woa serve),
one for the whole run.

Uses Python playwright driving the operating system's Chromium (Debian package ``chromium``),
never a downloaded browser. Playwright rather than selenium: it reports uncaught page errors,
console messages and every network request as events (what these tests check), and talks to
Chromium directly, so no chromedriver whose version must match the browser's. When playwright or
Chromium is missing, the tests are skipped with the reason — and fail instead when ``CI=true``,
so CI cannot pass without having run them.
"""

from __future__ import annotations

import os
import shutil
import struct
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str | None:
    """The system Chromium, if installed (``WOA_CHROMIUM`` names another binary)."""
    chosen = os.environ.get("WOA_CHROMIUM")
    if chosen:
        return chosen if Path(chosen).exists() else None
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


def _missing(reason: str) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"browser tests cannot run on CI: {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """A headless Chromium shared by the browser tests."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("Python playwright is not installed: pip install '.[test,report]'")
    path = chromium_path()
    if path is None:
        _missing("Chromium is not installed: as root, apt-get update && apt-get install -y chromium")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield b
        b.close()


class Watched:
    """A page with every script error, console error and network request recorded."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.errors: list[str] = []
        self.requests: list[str] = []
        page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        page.on("console", lambda m: self.errors.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
        page.on("request", lambda r: self.requests.append(r.url))

    def screenshot_colours(self, path: Path | None = None) -> int:
        """Take a screenshot (saved to ``path`` if given); how many distinct byte values it has."""
        png = self.page.screenshot(path=path, timeout=20000)
        return distinct_colours(png)


@pytest.fixture
def watched(browser: Any) -> Iterator[Watched]:
    """A fresh page in a fresh context, 1400×1000."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    yield Watched(context.new_page())
    context.close()


def distinct_colours(png: bytes) -> int:
    """How many distinct byte values the PNG's pixels hold: a blank screenshot has a handful.

    >>> distinct_colours(_solid_png())
    2
    """
    pos, data = 8, b""
    while pos < len(png):
        (length,) = struct.unpack(">I", png[pos : pos + 4])
        kind = png[pos + 4 : pos + 8]
        if kind == b"IDAT":
            data += png[pos + 8 : pos + 8 + length]
        pos += 12 + length
    return len(set(zlib.decompress(data)))


def _solid_png() -> bytes:
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    raw = b"".join(b"\x00" + b"\xff" * 12 for _ in range(4))  # 4 rows of 4 white RGB pixels
    head = struct.pack(">IIBBBBB", 4, 4, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
