"""Writing result files so that a fault never loses what finished, nor leaves a stray file behind.

Every output path a command names is checked before its first game (``check_output``): a folder
that exists and can be written, not a folder where a file is asked for, some free space. Whole
files (logs, reports, counterexamples) are written to a temporary file in the same folder and
renamed over the target once complete (``write_atomic``): a reader sees the old file or the
whole new one, never a part, and the temporary file is removed whatever fails. A table that
grows game by game (``woa simulate --csv``) is written under its own name, each row flushed as
it is added (``RowFile``): a run stopped by any means, even SIGKILL, leaves the rows of its
finished games, and a row that cannot be written whole (a full disk) is taken back. Every error
names the path the user gave, never a temporary file (``OutputError``).

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> check_output(folder / "a.txt")
>>> write_atomic(folder / "a.txt", "hello\\n")
>>> (folder / "a.txt").read_text(), sorted(p.name for p in folder.iterdir())
('hello\\n', ['a.txt'])
>>> try:
...     check_output(folder)
... except OutputError as e:
...     print(e.reason)
it is a folder
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from woa_core.errors import WoaError

MIN_FREE_BYTES = 16 * 1024
"""An output folder with less free space than this is refused before the first game."""


class OutputError(WoaError):
    """A file or folder named for output that cannot be written; the message names the path the
    user gave and what is wrong, e.g. ``cannot write g.csv: no space left on device``."""

    def __init__(self, path: str | os.PathLike[str], reason: str) -> None:
        self.path = str(path)
        self.reason = reason
        super().__init__(f"cannot write {self.path}: {reason}")


def reason(e: OSError) -> str:
    """What went wrong, in lower case (``no space left on device``, ``read-only file system``).

    >>> reason(OSError(errno.ENOSPC, "No space left on device"))
    'no space left on device'
    """
    if e.errno == errno.EISDIR:
        return "it is a folder"
    text = e.strerror or (os.strerror(e.errno) if e.errno else str(e))
    return text[:1].lower() + text[1:]


def _special(path: Path) -> bool:
    """An existing target that is not a regular file (``/dev/null``, a FIFO): written in place."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return False
    return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)


def check_output(path: str | os.PathLike[str], folder: bool = False) -> None:
    """Fail (``OutputError``) unless ``path`` can be written now: for a file, not a folder, in an
    existing folder that can be written and has some free space; for a ``folder``, a folder (or
    a path whose first existing parent is one) that can be written, with some free space. Nothing
    is created. Commands call this for every output before their first game.

    >>> check_output("/no/such/folder/g.csv")
    Traceback (most recent call last):
    woa_core.files.OutputError: cannot write /no/such/folder/g.csv: the folder /no/such/folder does not exist
    """
    target = Path(path)
    if folder:
        if target.exists() and not target.is_dir():
            raise OutputError(target, "it is a file, not a folder")
        where = target
        while not where.exists() and where != where.parent:
            where = where.parent
        if not where.is_dir():
            raise OutputError(target, f"{where} is not a folder")
    else:
        if target.is_dir():
            raise OutputError(target, "it is a folder")
        if _special(target):
            return
        where = target.parent
        if not where.exists():
            raise OutputError(target, f"the folder {where} does not exist")
        if not where.is_dir():
            raise OutputError(target, f"{where} is not a folder")
        if target.exists() and not os.access(target, os.W_OK):
            raise OutputError(target, "the file is read-only")
    try:
        space = os.statvfs(where)
    except (OSError, AttributeError):  # no statvfs (Windows): the writes themselves will say
        return
    if space.f_flag & getattr(os, "ST_RDONLY", 1):
        raise OutputError(target, "read-only file system")
    if not os.access(where, os.W_OK | os.X_OK):
        raise OutputError(target, f"permission denied (the folder {where} cannot be written)")
    free = space.f_bavail * space.f_frsize
    if free < MIN_FREE_BYTES:
        raise OutputError(target, f"no space left on device ({free} bytes free)")


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
    as it was. A failing write raises ``OutputError`` naming ``path`` (not the temporary file).
    An existing ``path`` that is not a regular file (``/dev/null``) is written in place."""
    target = Path(path)
    if _special(target):
        try:
            with open(target, "w", encoding="utf-8", newline=newline) as f:
                yield f
        except OSError as e:
            raise OutputError(target, reason(e)) from None
        return
    try:
        fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent or Path("."))
    except OSError as e:  # name the file the user asked for, not the temporary one
        raise OutputError(target, reason(e)) from None
    try:
        os.fchmod(fd, 0o666 & ~_umask())  # as an ordinary new file would be (mkstemp makes it private)
        with os.fdopen(fd, "w", encoding="utf-8", newline=newline) as f:
            yield f
        # No fsync: the rename guards against the process being stopped (the faults woa meets);
        # syncing every log of a long run would cost more than the games.
        os.replace(temp, target)
    except BaseException as e:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        if isinstance(e, OSError) and not isinstance(e, OutputError):
            raise OutputError(target, reason(e)) from None
        raise


class RowFile:
    """A table written under its final name, each ``add`` written through and kept whole: after a
    stop by any means the file holds every row added, and a row that cannot be written whole (a
    full disk) is taken back before ``OutputError`` is raised, so the file still ends at a row.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "t.csv"
    >>> with RowFile(path) as table:
    ...     table.add("a,b\\n"); table.add("1,2\\n")
    >>> path.read_text(), table.rows
    ('a,b\\n1,2\\n', 2)
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.rows = 0
        self._size = 0
        try:
            self._fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
        except OSError as e:
            raise OutputError(self.path, reason(e)) from None

    def add(self, text: str) -> None:
        """Append ``text`` (one or more whole lines) at once, or not at all."""
        data = memoryview(text.encode("utf-8"))
        written = 0
        try:
            while written < len(data):
                written += os.write(self._fd, data[written:])
        except OSError as e:
            with contextlib.suppress(OSError):
                os.ftruncate(self._fd, self._size)  # cutting frees space: it works on a full disk
                os.lseek(self._fd, self._size, os.SEEK_SET)
            raise OutputError(self.path, reason(e)) from None
        self._size += written
        self.rows += 1

    def close(self) -> None:
        """Close the file (the rows are already in it)."""
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1

    def __enter__(self) -> RowFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
