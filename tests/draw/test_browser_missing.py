"""The browser tests say so when Chromium is missing: skipped with the reason, failed on CI."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def test_chromium_renders_a_page(watched: Any) -> None:
    watched.page.set_content("<p id='x'>woa</p>")
    assert watched.page.inner_text("#x") == "woa" and watched.errors == []


def _run_without_chromium(ci: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, WOA_CHROMIUM="/nonexistent/chromium", CI=ci)
    target = f"{HERE / 'test_browser_missing.py'}::test_chromium_renders_a_page"
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", target],
        capture_output=True,
        text=True,
        env=env,
        cwd=HERE.parents[1],
        timeout=120,
    )


def test_without_chromium_the_tests_skip_and_say_why() -> None:
    run = _run_without_chromium(ci="")
    assert run.returncode == 0, run.stdout + run.stderr
    assert "1 skipped" in run.stdout and "Chromium is not installed" in run.stdout


def test_without_chromium_ci_fails() -> None:
    run = _run_without_chromium(ci="true")
    assert run.returncode == 1, run.stdout + run.stderr
    assert "browser tests cannot run on CI: Chromium is not installed" in run.stdout
