"""Writing result files so that a fault never leaves an empty or partial file behind.

Every file woa writes (logs, CSV tables, counterexamples) is written to a temporary file in the
same folder and renamed over the target once complete: a reader sees the old file or the whole
new one, never a part, even after Ctrl-C, SIGTERM or a full disk.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> write_atomic(folder / "a.txt", "hello\\n")
>>> (folder / "a.txt").read_text(), sorted(p.name for p in folder.iterdir())
('hello\\n', ['a.txt'])
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` all at once: a temporary file renamed over it."""
    with atomic_file(path) as f:
        f.write(text)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@contextlib.contextmanager
def atomic_file(path: str | os.PathLike[str], newline: str | None = None) -> Iterator[IO[str]]:
    """A text file that appears at ``path`` complete when the block ends without an exception;
    on an exception (KeyboardInterrupt included) the temporary file is removed and ``path`` is left
    as it was. ``OSError`` (a folder that does not exist, no permission) is raised at the start."""
    target = Path(path)
    try:
        fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent or Path("."))
    except OSError as e:  # name the file the user asked for, not the temporary one
        raise OSError(e.errno, e.strerror, str(target)) from None
    try:
        os.fchmod(fd, 0o666 & ~_umask())  # as an ordinary new file would be (mkstemp makes it private)
        with os.fdopen(fd, "w", encoding="utf-8", newline=newline) as f:
            yield f
        # No fsync: the rename guards against the process being stopped (the faults woa meets);
        # syncing every log of a long run would cost more than the games.
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
