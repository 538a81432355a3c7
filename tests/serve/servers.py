"""A real ``woa serve`` for the tests: the command started in a process of its own (uvicorn
listening on a free port), its address read from the line it prints; plain ``urllib`` requests."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def need_serve() -> None:
    """Skip a test module without the ``serve`` extra, saying why — or fail it when ``CI=true``,
    so CI cannot pass without having run it (as the browser tests)."""
    missing = [name for name in ("starlette", "uvicorn") if importlib.util.find_spec(name) is None]
    if missing:
        reason = f"woa serve needs the 'serve' extra ({', '.join(missing)} missing): pip install '.[serve]'"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(reason, pytrace=False)
        pytest.skip(reason, allow_module_level=True)


class Server:
    """A running ``woa serve``: its ``url`` (ending in /), and JSON requests to it."""

    def __init__(self, process: subprocess.Popen[str], url: str) -> None:
        self.process, self.url = process, url

    def request(
        self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None, raw: bool = False
    ) -> tuple[int, Any]:
        """The status and the JSON (or text) of a request; ``body``: JSON, or text with ``raw``."""
        data = None
        sent = dict(headers or {})
        if body is not None:
            data = body.encode("utf-8") if raw else json.dumps(body).encode("utf-8")
            sent.setdefault("Content-Type", "text/plain" if raw else "application/json")
        request = urllib.request.Request(self.url + path.lstrip("/"), data=data, method=method, headers=sent)
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                status, text = response.status, response.read().decode("utf-8")
        except urllib.error.HTTPError as e:
            status, text = e.code, e.read().decode("utf-8")
        try:
            return status, json.loads(text)
        except ValueError:
            return status, text


@contextmanager
def serving(args: Sequence[str] = (), cwd: Path | None = None, env: dict[str, str] | None = None) -> Iterator[Server]:
    """``woa serve --port 0 ARGS`` in a process (``env``: more environment variables); stopped
    (SIGTERM) at the end, which must end it cleanly (status 0, no traceback)."""
    env = {**os.environ, **(env or {}), "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [sys.executable, "-m", "woa_core.cli", "serve", "--port", "0", *args],
        cwd=cwd or ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        found = re.search(r"http://\S+/", first)
        if found is None:
            process.kill()
            raise AssertionError(f"woa serve did not start: {first}{process.communicate()[1]}")
        yield Server(process, found.group(0))
    finally:
        process.terminate()
        try:
            _, err = process.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            raise
    assert process.returncode == 0, err
    assert "Traceback" not in err, err
