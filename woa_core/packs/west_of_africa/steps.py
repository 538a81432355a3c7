"""The names of West of Africa's steps: what decision a game is waiting for (``GameState.step``).

Declared once here; the rules' flow (``turn.yaml``'s ``flow``) lists them in order, and every
other module compares against these names, never a spelled-out string. An action under way is
at the step named by the action itself (``sell``: see ``woa_core.packs.west_of_africa.actions``).
"""

from typing import Final

SELECT: Final = "select"
"""5.I: every player who has not chosen yet picks cards, secretly (the simultaneous phase)."""

PLACE: Final = "place"
"""R11: in round 1, the active player places its ship first."""

MAIN: Final = "main"
"""5.II, R12: the active player starts one of its selected actions or ends its turn."""

DISPLACE: Final = "displace"
"""R3: the active player picks which ship makes way at a full harbor."""

RETREAT: Final = "retreat"
"""R3: the displaced ship's owner picks where it goes at a fork."""

OVER: Final = "over"
"""6: the game has ended, final scoring done."""
