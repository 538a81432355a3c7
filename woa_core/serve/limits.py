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
"""Largest log to resume (``--most-log-bytes``). Measured: the longest game a bundled ruleset
allows is Africa's 5-player game run to its cap of 1,000 turns, 1,683 actions whose log is 69 kB
(seed 1, random bots); West of Africa's run to its 60-round cap, 1,246 actions, 65 kB; an action
line is at most 161 characters and a header that embeds changed rules some 6-40 kB
(``benchmarks/longest_log.py``). 1 MB is more than ten times the longest; the rules of a pack
given with ``--rules`` whose caps allow longer games want a larger ``--most-log-bytes``."""

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
