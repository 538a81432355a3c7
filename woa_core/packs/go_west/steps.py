"""The names of Go West!'s steps: what decision a game is waiting for (``State.step``); the
rules' flow (``turn.yaml``) lists them (G26).

- ``DECLARE``: a turn begins with a held token: ``double`` or ``single`` (6.0, G17);
- ``ACTION``: one action (5.0): ``play CARD``, ``sell CARD`` or ``score``; after a double move's
  first action, ``stop`` too (G17, optional);
- ``PAY``: the VP part of a cost the supply cannot pay, ``pay V`` (5.4, G9: free_split);
- ``ALSO``: the other block of a "+1" card, ``also BLOCK`` (G5);
- ``STEP``: one wagon step of the card, ``step REGION``, the region the wagon leaves (G7, G26);
- ``OVER``: the game has ended.
"""

from typing import Final

DECLARE: Final = "declare"
ACTION: Final = "action"
PAY: Final = "pay"
ALSO: Final = "also"
STEP: Final = "step"
OVER: Final = "over"
STEPS: Final = (DECLARE, ACTION, PAY, ALSO, STEP, OVER)
