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

An output that is not a regular file (a FIFO, ``/dev/null``) is written in place, and never
where a signal cannot reach: open(2) of a FIFO nothing reads, or a write to one whose reader has
stopped, would block in the kernel, where Python resumes it after every signal (and a finished
run's signals change nothing: ``woa_core.sim.interrupts``), so only SIGKILL ended the run. Such
files are opened and written without blocking (``SpecialFile``): a wait for the reader ends at
Ctrl-C or SIGTERM with an ``OutputError`` saying so.

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
import io
import os
import select
import signal
import stat
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
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


WAIT_SECONDS = 0.1
"""How often a write to a FIFO whose reader is not (yet) reading looks again, and for a signal."""

_STOPS = (signal.SIGINT, signal.SIGTERM)

_STOPPED: list[signal.Signals] = []
"""A SIGINT or SIGTERM that asked the program to stop before a write began (``note_stop``): a
regular file is still written whole (a stopped run reports its finished games), but a wait for a
FIFO's reader that starts later gives up at once, as it would had the signal come during the
wait: nothing else would ever end that wait."""


def note_stop(sig: signal.Signals) -> None:
    """Tell the writers that ``sig`` asked the program to stop (the run's signal handler,
    ``woa_core.sim.interrupts.StopRequests``, calls it for every SIGINT or SIGTERM)."""
    _STOPPED.append(sig)


class SpecialFile:
    """An existing output that is not a regular file (a FIFO, a character device), opened and
    written without blocking: ``write`` waits for the reader in slices of ``WAIT_SECONDS``, and a
    SIGINT or SIGTERM during the wait ends it with ``OutputError`` (after the signal's own handler
    has run: a command still playing is stopped by it as usual).

    >>> with SpecialFile(os.devnull) as out:
    ...     out.write(b"nothing is kept")
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self._fd = -1
        with _signals_noted() as noted:
            while self._fd < 0:
                try:
                    self._fd = os.open(self.path, os.O_WRONLY | os.O_NONBLOCK)
                except OSError as e:
                    if e.errno != errno.ENXIO:  # ENXIO: a FIFO nothing reads yet
                        raise OutputError(self.path, reason(e)) from None
                    self._wait(noted, "with nothing reading it", None)

    def write(self, data: bytes) -> None:
        """Write all of ``data``, waiting (interruptibly) while the reader's pipe is full."""
        view = memoryview(data)
        with _signals_noted() as noted:
            while view:
                try:
                    view = view[os.write(self._fd, view) :]
                except BlockingIOError:
                    self._wait(noted, "while its reader did not read", self._fd)
                except OSError as e:
                    raise OutputError(self.path, reason(e)) from None

    def _wait(self, noted: list[signal.Signals], doing: str, fd: int | None) -> None:
        """Wait up to ``WAIT_SECONDS`` for ``fd`` to take more (None: just wait), unless a signal
        came: then the write is given up."""
        stopped = noted or _STOPPED
        if stopped:
            raise OutputError(self.path, f"stopped by {stopped[0].name} {doing}")
        select.select([], [fd] if fd is not None else [], [], WAIT_SECONDS)

    def close(self) -> None:
        """Close the file."""
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1

    def __enter__(self) -> SpecialFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@contextlib.contextmanager
def _signals_noted() -> Iterator[list[signal.Signals]]:
    """A block in which SIGINT and SIGTERM are noted in the list it gives, then passed on to the
    handler they had (which may raise: ``KeyboardInterrupt``); a signal ignored stays ignored.
    Only the main thread receives signals: elsewhere the list stays empty."""
    noted: list[signal.Signals] = []
    if threading.current_thread() is not threading.main_thread():
        yield noted
        return
    previous = {sig: signal.getsignal(sig) for sig in _STOPS}

    def note(signum: int, frame: FrameType | None) -> None:
        handler = previous[signal.Signals(signum)]
        if handler == signal.SIG_IGN:
            return
        noted.append(signal.Signals(signum))
        if callable(handler):
            handler(signum, frame)

    for sig in _STOPS:
        signal.signal(sig, note)
    try:
        yield noted
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler if handler is not None else signal.SIG_DFL)


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
    if _special(target):  # written in place once the block has made it (never blocking: SpecialFile)
        buffer = io.StringIO(newline=newline)
        yield buffer
        with SpecialFile(target) as out:
            out.write(buffer.getvalue().encode("utf-8"))
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
        self._fd = -1
        self._special = SpecialFile(self.path) if _special(self.path) else None  # a FIFO: no rows to take back
        if self._special is not None:
            return
        try:
            self._fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
        except OSError as e:
            raise OutputError(self.path, reason(e)) from None

    def add(self, text: str) -> None:
        """Append ``text`` (one or more whole lines) at once, or not at all."""
        if self._special is not None:
            self._special.write(text.encode("utf-8"))
            self.rows += 1
            return
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
        if self._special is not None:
            self._special.close()
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1

    def __enter__(self) -> RowFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
