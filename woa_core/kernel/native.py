"""What mypyc needs to be told about a kernel class (a later issue compiles the kernel's hot path
with it), and nothing at run time without it: ``mypyc_attr`` is ``mypy_extensions.mypyc_attr``
where that is installed (it comes with mypy), else a decorator that changes nothing; woa needs
neither to run. The kernel uses two attributes:

- ``@mypyc_attr(allow_interpreted_subclasses=True)``: a kernel class that packs and tools subclass
  in plain Python (compiled rules, the game loop's observers, the plain state, view and game);
- ``@mypyc_attr(native_class=False)``: a class mypyc cannot compile as a native class
  (``Action``, a tuple).

>>> @mypyc_attr(allow_interpreted_subclasses=True)
... class Base: ...
>>> class Mine(Base): ...
>>> issubclass(Mine, Base)
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")
"""The class an attribute is given to."""

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # woa runs without it: the attributes tell mypyc only

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[T], T]:
        return lambda cls: cls


__all__ = ["mypyc_attr"]
