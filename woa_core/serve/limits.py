"""The bounds of ``woa serve`` (their options on the command line set them otherwise): request
sizes, the bots' ceilings and time limit (``docs/serve-security.md``). Plain numbers, cheap to
import where ``woa``'s parser is built."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

MAX_FORM_BYTES = 100_000
"""Largest JSON request body (a start form, an action, an undo, a hint): a start form names a
ruleset key, a few ``--set`` lines and at most eight seats, a few kB at most."""

MAX_RESUME_BYTES = 1_000_000
"""Largest log to resume (``--most-log-bytes``). Measured (``benchmarks/serve_limits.py``, random
bots to the end of the game): the longest game a bundled ruleset allows is Africa's, run to its
cap of 1,000 turns (about 1,700 actions: 67-69 kB with 3 to 5 players); West of Africa run to its
60-round cap with 5 players is 1,246 actions, 65 kB; an action line is at most 161 characters, a
header that embeds changed rules 6-40 kB. 1 MB is more than ten times the longest; the rules of a
pack given with ``--rules`` whose caps allow longer games want a larger ``--most-log-bytes``."""

MAX_BYTES_IN_FLIGHT = 16_000_000
"""Request bytes the server holds at once across every request being received or handled
(``--most-bytes-in-flight``): sixteen logs of the largest size. Over it: ``413``."""

DEFAULT_CEILINGS: Mapping[str, float] = MappingProxyType(
    {"iterations": 1000, "seconds": 10, "trials": 1000, "early_trials": 1000, "late_trials": 1000}
)
"""The most a client may ask of a bot's numeric parameter, by its name (``mcts``'s search budgets:
1,000 iterations take 7-20 s in West of Africa); a hint's ``iterations`` too."""

DEFAULT_BOT_SECONDS = 20.0
"""How long one bot decision or hint may take before it is abandoned."""
