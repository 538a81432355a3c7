"""Named primitives: mechanisms registered under the names the rules files use to choose them.

A ``Registry`` is a dict from name to function, filled by decorating the functions. The schema
lists the same names (a test holds them equal), so a YAML file can only name what exists.

>>> greetings: Registry[str] = Registry("greeting")
>>> @greetings.register("hello")
... def hello() -> str:
...     return "hello"
>>> greetings["hello"](), list(greetings), greetings.name_of(hello)
('hello', ['hello'], 'hello')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

F = TypeVar("F", bound=Callable[..., object])


class Registry(dict[str, F]):
    """Functions of one kind by name (``kind`` says what they are, for messages)."""

    def __init__(self, kind: str) -> None:
        super().__init__()
        self.kind = kind

    def register(self, name: str) -> Callable[[F], F]:
        """A decorator registering its function under ``name``."""

        def add(fn: F) -> F:
            if name in self:
                raise ValueError(f"two {self.kind} primitives named '{name}'")
            self[name] = fn
            return fn

        return add

    def name_of(self, fn: F) -> str:
        """The name ``fn`` is registered under (so code refers to a primitive, not its spelling)."""
        return next(name for name, registered in self.items() if registered is fn)
