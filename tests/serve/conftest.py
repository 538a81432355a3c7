"""``woa serve`` for the tests (``tests.serve.servers``); the browser is the run's one Chromium
(``tests/conftest.py``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.serve.servers import Server, serving


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A ``woa serve`` with the bundled rules, shared by a module's tests."""
    with serving(cwd=tmp_path_factory.mktemp("serve")) as running:
        yield running
