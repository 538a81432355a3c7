"""Read a YAML file into plain JSON-like data while remembering where each value stood.

Positions are kept as a map from a path (a tuple of keys and list indices) to a ``Pos``, so
that an error found later, after merging and validating, can still name ``FILE:LINE:COL``.

>>> doc = parse_yaml("a:\\n  b: [1, 2]\\n", "x.yaml")
>>> doc.data
{'a': {'b': [1, 2]}}
>>> doc.positions[("a", "b", 1)]
Pos(file='x.yaml', line=2, column=10)

The file is read as a stream of YAML events (libyaml's C parser where it is installed), and the
data is built from them without recursion, so hostile input meets a sentence, never a traceback
or an explosion: nesting deeper than ``MAX_DEPTH``, more than ``MAX_VALUES`` values once aliases
are expanded (an "alias bomb"), an alias to a value that contains it, explicit tags other than
the plain JSON ones, numbers that are not finite or too long, and several documents in one file.

>>> parse_yaml("a: &x [1, 2]\\nb: *x\\n", "x.yaml").data
{'a': [1, 2], 'b': [1, 2]}
>>> parse_yaml("a: .nan\\n", "x.yaml")
Traceback (most recent call last):
...
woa_core.rules.source.YamlProblem: x.yaml:1:4: '.nan' is not a finite number (at a)
"""

from __future__ import annotations

import contextlib
import gc
import math
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

import yaml

from woa_core.errors import Problem
from woa_core.rules.bundled import bundled_name

Path_ = tuple[str | int, ...]

MAX_DEPTH = 64
"""Deepest nesting of mappings and lists a file may have (the bundled rules need 8)."""

MAX_VALUES = 200_000
"""Most values (scalars, mappings, lists) one file may hold, aliases expanded (the bundled rules hold
about 2,000; a variant with 1,000 islands about 30,000)."""

MAX_BYTES = 8_000_000
"""Largest file read (8 MB)."""

MAX_DIGITS = 30
"""Longest number literal accepted: every count in the rules fits in far fewer digits."""

CLEARER_CHARS = 100_000
"""Longest text whose syntax error the pure-Python parser is asked to say more clearly: it reads
some 1 MB a CPU-second, so asking it costs at most about 0.1 s (a longer text keeps libyaml's words)."""

_TOO_DEEP = f"nested more than {MAX_DEPTH} levels deep"
_LIBYAML_TOO_DEEP = "exceeded maximum nesting depth"
"""libyaml's own error past its depth limit (1,000 levels), said as woa says it."""

_Loader: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's C parser when PyYAML was built with it (much faster), else the pure-Python one."""

_MERGE = "tag:yaml.org,2002:merge"
_SCALAR_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:timestamp",  # kept as its text: the schema says what it expects instead
}
_COLLECTION_TAGS = {"tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"}


@dataclass(frozen=True, slots=True)
class Pos:
    """Where a value stands: file, 1-based line and column."""

    file: str
    line: int
    column: int


@dataclass(slots=True)
class Located:
    """Data read from YAML, with the position of every key's value and every list item.

    ``key_positions`` holds where a mapping key itself stands (for "unknown key" errors)."""

    data: Any
    positions: dict[Path_, Pos] = field(default_factory=dict)
    key_positions: dict[Path_, Pos] = field(default_factory=dict)

    def where(self, path: Path_, *, key: bool = False) -> Pos | None:
        """The position of ``path`` or of its nearest ancestor that has one."""
        if key and path in self.key_positions:
            return self.key_positions[path]
        p = tuple(path)
        while True:
            if p in self.positions:
                return self.positions[p]
            if not p:
                return None
            p = p[:-1]


def display_path(path: str | os.PathLike[str]) -> str:
    """A path as a user would like to read it: a bundled ruleset's file by its bundled name
    (``west-of-africa/board.yaml``, wherever woa is installed), another file relative to the
    working directory when inside it."""
    bundled = bundled_name(path)
    if bundled is not None:
        return bundled
    p = Path(path)
    try:
        return str(p.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError, RuntimeError):
        return str(p)


class YamlProblem(Exception):
    """Raised by ``parse_yaml`` with the problems (malformed YAML, duplicate keys) found."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("\n".join(map(str, problems)))


def parse_yaml(text: str, file: str) -> Located:
    """Parse YAML text into a ``Located``; raise ``YamlProblem`` for malformed YAML or duplicate keys.

    Mapping keys that are not strings (``2:``) become strings, so the data is JSON."""
    loader = _Loader(text)
    builder = _Builder(loader, file)
    try:
        with _no_cycle_collection():
            builder.run()
    except yaml.MarkedYAMLError as e:
        raise YamlProblem([_syntax_problem(text, file, e)]) from None
    except yaml.reader.ReaderError as e:
        line, col = _line_column(text, e.position)
        raise YamlProblem([Problem(file, line, col, f"malformed YAML: {_reader_reason(e)}")]) from None
    except yaml.YAMLError as e:
        raise YamlProblem([Problem(file, 0, 0, f"malformed YAML: {e}")]) from None
    except _Stop as e:
        builder.problems.append(e.problem)
    finally:
        loader.dispose()
    if builder.problems:
        raise YamlProblem(builder.problems)
    return Located(builder.data, dict(builder.positions), dict(builder.key_positions))


@contextlib.contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """Pause Python's cycle collector while the builder runs: it makes only acyclic data, yet a
    file of ``MAX_VALUES`` aliases allocates enough tuples that collecting took half the time.
    The collector is turned back on only if it was on (so overlapping calls never leave it off).

    >>> import gc
    >>> with _no_cycle_collection():
    ...     gc.isenabled()
    False
    >>> gc.isenabled()
    True
    """
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def _syntax_problem(text: str, file: str, error: yaml.MarkedYAMLError) -> Problem:
    """The located sentence for a syntax error of the parser (the clearer one of the pure-Python
    parser where it is asked, see ``_clearer_syntax_error``); nesting too deep for either parser
    is said as the builder says it.

    >>> str(_syntax_problem("a: " + "[" * 5000, "x.yaml", _first_error("a: " + "[" * 5000)))
    'x.yaml:1:67: nested more than 64 levels deep'
    """
    e = _clearer_syntax_error(text, error)
    mark = e.problem_mark or e.context_mark
    line, col = (mark.line + 1, mark.column + 1) if mark else (0, 0)
    if e.problem in (_TOO_DEEP, _LIBYAML_TOO_DEEP):
        return Problem(file, line, col, _TOO_DEEP)
    context = e.context or ""
    if e.context and e.context_mark and e.problem_mark and e.context_mark.line != e.problem_mark.line:
        context += f" (opened at line {e.context_mark.line + 1}, column {e.context_mark.column + 1})"
    what = " ".join(x for x in (context, e.problem) if x) or "malformed YAML"
    return Problem(file, line, col, f"malformed YAML: {what}")


def _first_error(text: str) -> yaml.MarkedYAMLError:
    """The syntax error ``_Loader`` finds in ``text`` (for examples and tests)."""
    loader = _Loader(text)
    try:
        while loader.get_event() is not None:
            pass
    except yaml.MarkedYAMLError as e:
        return e
    finally:
        loader.dispose()
    raise ValueError("the text has no syntax error")


def _clearer_syntax_error(text: str, error: yaml.MarkedYAMLError) -> yaml.MarkedYAMLError:
    """libyaml's syntax errors say less than PyYAML's ("found character that cannot start any
    token"): on an error (only then, and for a text of at most ``CLEARER_CHARS``) ask the
    pure-Python parser. It has no depth limit of its own and slows with depth, so its events
    are counted as they arrive and nesting deeper than ``MAX_DEPTH`` stops it at once, as an
    error located at the collection that goes too deep."""
    if _Loader is yaml.SafeLoader or len(text) > CLEARER_CHARS:
        return error
    loader = yaml.SafeLoader(text)
    depth = 0
    try:
        while (event := loader.get_event()) is not None:
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    return yaml.MarkedYAMLError(problem=_TOO_DEEP, problem_mark=cast(yaml.Mark, event.start_mark))
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
    except yaml.MarkedYAMLError as clearer:
        return clearer
    except yaml.YAMLError:
        pass
    finally:
        loader.dispose()
    return error


def load_yaml(path: str | os.PathLike[str]) -> Located:
    """Read and parse a YAML file (see ``parse_yaml``); an unreadable file is a ``YamlProblem``."""
    name = display_path(path)
    text = read_text(path, name, MAX_BYTES, YamlProblem)
    return parse_yaml(text, name)


def read_text(path: str | os.PathLike[str], name: str, limit: int, error: type[Exception]) -> str:
    """The text of a regular file of at most ``limit`` bytes, or ``error([Problem])`` saying why not.

    A FIFO or device is refused before it is opened, so reading never blocks."""
    import stat

    def fail(message: str) -> Exception:
        return error([Problem(name, 0, 0, message)])

    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise fail("file not found") from None
    except (OSError, ValueError) as e:  # ValueError: a null byte in the path
        raise fail(f"cannot read file: {getattr(e, 'strerror', None) or e}") from None
    if stat.S_ISDIR(info.st_mode):
        raise fail("is a directory, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise fail("is not a regular file (a pipe or a device?)")
    if info.st_size > limit:
        raise fail(f"the file is {info.st_size:,} bytes, more than the {limit:,} accepted")
    try:
        with open(path, "rb") as f:
            raw = f.read(limit + 1)
    except OSError as e:
        raise fail(f"cannot read file: {e.strerror or e}") from None
    if len(raw) > limit:
        raise fail(f"the file is more than the {limit:,} bytes accepted")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line, col = _line_column(raw[: e.start].decode("utf-8", "replace"), e.start)
        message = f"not UTF-8 text: byte 0x{raw[e.start]:02x} cannot be read (a binary file?)"
        return _raise(error([Problem(name, line, col, message)]))


def _raise(e: Exception) -> Any:
    raise e


def _line_column(text: str, position: int) -> tuple[int, int]:
    before = text[:position]
    line = before.count("\n") + 1
    return line, position - (before.rfind("\n") + 1) + 1


def _reader_reason(e: yaml.reader.ReaderError) -> str:
    char = e.character
    code = ord(char) if isinstance(char, str) else char
    if isinstance(code, int):
        return f"character U+{code:04X} is not allowed in YAML (control characters are refused)"
    return str(e.reason)


class _Stop(Exception):
    """A problem after which the rest of the file cannot be read sensibly."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem


@dataclass(slots=True)
class _Frame:
    """A mapping or list being built."""

    path: Path_
    value: Any  # dict or list
    pos: Pos
    anchor: str | None
    first: int  # index of this collection's first entry in the position list
    first_key: int
    key: str | None = None  # mapping: the key whose value comes next
    expect_key: bool = True
    merges: list[tuple[Path_, Any]] = field(default_factory=list)
    explicit: set[str] = field(default_factory=set)


@dataclass(slots=True)
class _Anchor:
    value: Any
    path: Path_
    positions: tuple[int, int]
    key_positions: tuple[int, int]
    size: int
    pos: Pos


class _Builder:
    """Builds data and positions from the parser's event stream, with an explicit stack."""

    def __init__(self, loader: Any, file: str) -> None:
        self.loader = loader
        self.file = file
        self.data: Any = None
        self.positions: list[tuple[Path_, Pos]] = []
        self.key_positions: list[tuple[Path_, Pos]] = []
        self.problems: list[Problem] = []
        self.stack: list[_Frame] = []
        self.anchors: dict[str, _Anchor] = {}
        self.open_anchors: set[str] = set()
        self.values = 0
        self.skip = 0  # depth inside a mapping key that is itself a mapping or list (refused)
        self.documents = 0

    def problem(self, pos: Pos, message: str, path: Path_ = ()) -> Problem:
        return Problem(self.file, pos.line, pos.column, message, dotted(path))

    def pos(self, event: Any) -> Pos:
        mark = event.start_mark
        return Pos(self.file, mark.line + 1, mark.column + 1) if mark else Pos(self.file, 0, 0)

    def run(self) -> None:
        get = self.loader.get_event
        while True:
            event = get()
            if event is None or isinstance(event, yaml.StreamEndEvent):
                return
            if isinstance(event, yaml.DocumentStartEvent):
                self.documents += 1
                if self.documents > 1:
                    raise _Stop(self.problem(self.pos(event), "a rules file holds one YAML document, not several"))
                continue
            if isinstance(event, (yaml.StreamStartEvent, yaml.DocumentEndEvent)):
                continue
            if self.skip:
                if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                    self.skip += 1
                    if len(self.stack) + self.skip > MAX_DEPTH:  # a refused key nests as deep as a value may
                        raise _Stop(self.problem(self.pos(event), _TOO_DEEP))
                elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                    self.skip -= 1
                    if not self.skip:
                        self.stack[-1].expect_key = False
                        self.stack[-1].key = None
                continue
            if isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                self.close()
                continue
            frame = self.stack[-1] if self.stack else None
            if frame is not None and isinstance(frame.value, dict) and frame.expect_key:
                self.key(event, frame)
                continue
            self.value(event, frame)

    def count(self, n: int, pos: Pos) -> None:
        self.values += n
        if self.values > MAX_VALUES:
            raise _Stop(
                self.problem(
                    pos,
                    f"the file holds more than {MAX_VALUES:,} values once its aliases are expanded "
                    "(aliases that repeat aliases grow exponentially)",
                )
            )

    def key(self, event: Any, frame: _Frame) -> None:
        pos = self.pos(event)
        if not isinstance(event, yaml.ScalarEvent):
            self.problems.append(self.problem(pos, "a mapping key must be a plain value, not a list, mapping or alias"))
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                self.skip = 1
            else:
                frame.expect_key, frame.key = False, None
            return
        tag = self.tag_of(event)
        if tag == _MERGE:
            frame.key, frame.expect_key = "<<", False
            return
        key = self.scalar(event, tag, frame.path)
        if not isinstance(key, str):
            key = "null" if key is None else str(key).lower() if isinstance(key, bool) else str(key)
        if key in frame.explicit:
            self.problems.append(self.problem(pos, f"duplicate key '{key}'", frame.path + (key,)))
        frame.explicit.add(key)
        self.key_positions.append((frame.path + (key,), pos))
        frame.key, frame.expect_key = key, False

    def child_path(self, frame: _Frame | None) -> Path_:
        if frame is None:
            return ()
        if isinstance(frame.value, list):
            return frame.path + (len(frame.value),)
        if frame.key == "<<":
            return frame.path + ("<<", len(frame.merges))
        return frame.path + (frame.key,) if frame.key is not None else frame.path + ("?",)

    def value(self, event: Any, frame: _Frame | None) -> None:
        pos = self.pos(event)
        path = self.child_path(frame)
        if isinstance(event, yaml.AliasEvent):
            self.alias(event, frame, path, pos)
            return
        self.count(1, pos)
        anchor = getattr(event, "anchor", None)
        if isinstance(event, yaml.ScalarEvent):
            start = len(self.positions)
            self.positions.append((path, pos))
            tag = self.tag_of(event)
            if frame is not None and frame.key == "<<":
                self.problems.append(self.problem(pos, "a merge key '<<' takes a mapping or a list of mappings"))
                value: Any = None
            else:
                value = self.scalar(event, tag, path)
            if anchor:
                self.anchors[anchor] = _Anchor(value, path, (start, start + 1), (0, 0), 1, pos)
            self.attach(frame, path, value)
            return
        if len(self.stack) >= MAX_DEPTH:
            raise _Stop(self.problem(pos, _TOO_DEEP))
        tag = event.tag
        if tag not in (None, "!") and tag not in _COLLECTION_TAGS:
            self.problems.append(self.problem(pos, f"the tag '{tag}' is not allowed (only plain YAML)", path))
        value = {} if isinstance(event, yaml.MappingStartEvent) else []
        if anchor:
            self.open_anchors.add(anchor)
        self.positions.append((path, pos))
        self.stack.append(_Frame(path, value, pos, anchor, len(self.positions) - 1, len(self.key_positions)))

    def close(self) -> None:
        frame = self.stack.pop()
        if isinstance(frame.value, dict) and frame.merges:
            self.merge(frame)
        if frame.anchor:
            self.open_anchors.discard(frame.anchor)
            size = len(self.positions) - frame.first
            self.anchors[frame.anchor] = _Anchor(
                frame.value,
                frame.path,
                (frame.first, len(self.positions)),
                (frame.first_key, len(self.key_positions)),
                size,
                frame.pos,
            )
        self.attach(self.stack[-1] if self.stack else None, frame.path, frame.value)

    def attach(self, frame: _Frame | None, path: Path_, value: Any) -> None:
        if frame is None:
            self.data = value
        elif isinstance(frame.value, list):
            frame.value.append(value)
        elif frame.key == "<<":
            if isinstance(value, (dict, list)):
                frame.merges.append((path, value))
            frame.expect_key, frame.key = True, None
        else:
            if frame.key is not None:
                frame.value[frame.key] = value
            frame.key, frame.expect_key = None, True

    def alias(self, event: Any, frame: _Frame | None, path: Path_, pos: Pos) -> None:
        name = event.anchor
        if name in self.open_anchors:
            raise _Stop(self.problem(pos, f"the alias *{name} refers to a value that contains it", path))
        anchor = self.anchors.get(name)
        if anchor is None:  # the parser reports undefined aliases itself; kept for safety
            raise _Stop(self.problem(pos, f"the alias *{name} names no anchor", path))
        self.count(anchor.size, pos)
        n = len(anchor.path)
        start, stop = anchor.positions
        self.positions.append((path, pos))
        self.positions.extend((path + p[n:], q) for p, q in self.positions[start + 1 : stop])
        start, stop = anchor.key_positions
        self.key_positions.extend((path + p[n:], q) for p, q in self.key_positions[start:stop])
        value = _plain_copy(anchor.value)
        if frame is not None and frame.key == "<<" and not isinstance(value, dict):
            self.problems.append(self.problem(pos, "a merge key '<<' takes a mapping or a list of mappings"))
        self.attach(frame, path, value)

    def merge(self, frame: _Frame) -> None:
        """YAML merge keys: a key of a merged mapping is taken unless the mapping gives it itself
        (and the first merged mapping that gives a key wins)."""
        sources: list[tuple[Path_, dict[str, Any]]] = []
        for path, value in frame.merges:
            items = [(path, value)] if isinstance(value, dict) else [(path + (i,), v) for i, v in enumerate(value)]
            for item_path, item in items:
                if isinstance(item, dict):
                    sources.append((item_path, item))
                else:
                    self.problems.append(self.problem(frame.pos, "a merge key '<<' takes mappings only", frame.path))
        taken: dict[str | int, Path_] = {}
        for source_path, source in sources:
            for key, value in source.items():
                if key not in frame.explicit and key not in taken:
                    taken[key] = source_path
                    frame.value[key] = value
        if not taken:
            return
        # Re-root the positions of the merged values under this mapping (only merges pay for this).
        # Entries after this mapping's first are all within it; merged ones are under (path, "<<").
        n = len(frame.path)
        for table, first in ((self.positions, frame.first), (self.key_positions, frame.first_key)):
            extra = []
            for p, q in table[first:]:
                if len(p) > n + 2 and p[n] == "<<":
                    for k in (n + 2, n + 3):
                        if len(p) > k and taken.get(p[k]) == p[:k]:
                            extra.append((frame.path + p[k:], q))
                            break
            table.extend(extra)

    def tag_of(self, event: Any) -> str:
        """The tag of a scalar, resolved as PyYAML's composer does."""
        if event.tag is not None and event.tag != "!":
            return str(event.tag)
        return str(self.loader.resolve(yaml.ScalarNode, event.value, event.implicit))

    def scalar(self, event: Any, tag: str, path: Path_) -> Any:
        pos = self.pos(event)
        text = event.value
        if tag not in _SCALAR_TAGS:
            self.problems.append(self.problem(pos, f"the tag '{tag}' is not allowed (only plain YAML)", path))
            return None
        if tag in ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float") and len(text) > MAX_DIGITS:
            self.problems.append(self.problem(pos, f"the number {text[:12]}... is longer than {MAX_DIGITS} characters"))
            return None
        node = yaml.ScalarNode(tag, text, event.start_mark, event.end_mark, event.style)
        try:
            value = self.loader.yaml_constructors[tag](self.loader, node)
        except (yaml.YAMLError, ValueError, TypeError, OverflowError, IndexError):  # IndexError: `!!int` on ""
            shown = text if len(text) <= 40 else text[:40] + "..."
            self.problems.append(self.problem(pos, f"cannot read {shown!r} as {tag.rsplit(':', 1)[-1]}", path))
            return None
        if isinstance(value, float) and not math.isfinite(value):
            self.problems.append(self.problem(pos, f"{text!r} is not a finite number", path))
            return None
        if not isinstance(value, (str, int, float, bool, type(None))):
            value = text  # dates and the like: keep JSON-compatible, the schema will complain
        return value


def _plain_copy(value: Any) -> Any:
    """A copy of plain data (mappings, lists, scalars) as deep as it nests (at most ``MAX_DEPTH``),
    several times faster than ``copy.deepcopy``: an alias is a copy, and a file may hold
    ``MAX_VALUES`` of them.

    >>> a = {"x": [1, {"y": 2}]}
    >>> b = _plain_copy(a)
    >>> b == a, b["x"] is a["x"], b["x"][1] is a["x"][1]
    (True, False, False)
    """
    if isinstance(value, dict):
        return {k: _plain_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain_copy(v) for v in value]
    return value


def dotted(path: Path_) -> str:
    """A path as ``a.b[2].c`` for messages.

    >>> dotted(("board", "islands", "la_palma", "spaces", 0))
    'board.islands.la_palma.spaces[0]'
    """
    s = ""
    for part in path:
        s += f"[{part}]" if isinstance(part, int) else (f".{part}" if s else str(part))
    return s
