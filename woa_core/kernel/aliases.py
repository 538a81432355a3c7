"""The names the kernel gives what it holds without knowing its type (issue 42.3), each written once.

- ``JSON``: a JSON object as Python reads it (a rules document, what a state's or a view's
  ``to_json()`` gives and ``from_json`` reads, a log line): its values are whatever JSON holds,
  read by the code that knows the document's shape; ``Document`` one that may be read-only
  (a validated rules document) and ``FrozenJSON`` one that is (the rules document compiled rules
  carry); ``Memo``: what compiled rules keep derived from
  themselves;
- ``PackGame``: a pack's own game, as the kernel's compiled declarations (``Verb``,
  ``ArgKind``, ``ActionDecl``, the legality entries, ``SearchHooks``, ``ScenarioHooks``, an
  observer's hooks) hand it to the pack's callbacks; ``PackRules``: a pack's compiled rules,
  handed to its notation's parsers and formatters; ``PackValue``: a value of one of its argument
  kinds; ``PackView``: what a seat sees, handed to the search hooks with the bot they consult
  (``PackBot``); ``PackState``: a pack's state, handed to its invariants and to the loop's
  observers.

Each callback names the pack's own type; the kernel only passes the value on. They are not type
parameters because those declarations are compiled dataclasses, and mypyc compiles no generic
dataclass (a compiled one fails at import: mypyc/mypyc#827). What may be generic is: the
contract's ``Game`` (over a pack's state, rules and view), the pack declaration ``Pack`` (over
its game class), ``ListedGame``, and the flow (``woa_core.kernel.flow.Flow``, over the game its
primitives are called with).

>>> document: JSON = {"players": [2, 3]}
>>> document["players"][0]
2
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

JSON = dict[str, Any]
"""A JSON object: a rules document, a state's or a view's ``to_json()``, a log line."""

Document = Mapping[str, Any]
"""A JSON object, read-only or not: a validated rules document, or a part of one."""

FrozenJSON = MappingProxyType[str, Any]
"""A read-only JSON object (``woa_core.kernel.compiled.freeze``): a compiled rules document."""

Memo = dict[str, Any]
"""What compiled rules keep derived from themselves (``CompiledRules.derived``): by key, whatever
computes it made (a bot's tables, say)."""

PackGame = Any
"""A pack's own game, handed to the pack's callbacks by the kernel's compiled declarations."""

PackRules = Any
"""A pack's compiled rules (a ``CompiledRules`` subclass), handed to its notation's callbacks."""

PackView = Any
"""What a seat sees of a pack's game (its ``observation``), handed to the search hooks."""

PackState = Any
"""A pack's state, handed to its invariants and to the loop's observers."""

PackBot = Any
"""A bot the pack's own search hooks consult (``SearchHooks.candidates``'s ``policy``)."""

PackValue = Any
"""A value of one of a pack's argument kinds (or the part of one) as the pack has it, handed to its
notation's formatters and its legality callables."""

__all__ = [
    "JSON",
    "Document",
    "FrozenJSON",
    "Memo",
    "PackBot",
    "PackGame",
    "PackRules",
    "PackState",
    "PackValue",
    "PackView",
]
