"""The names of Africa's steps: what decision a game is waiting for (``State.step``).

Declared once here; the rules' flow (``turn.yaml``'s ``flow``) lists them, every other module compares against these
names. A turn is a sequence of decisions by the active player (A34):

- ``CITY``: setup, each player in turn chooses a start city (A30): ``start CITY``;
- ``TURN``: a turn begins: option A, ``relocate F`` (the turn ends), or option B's first walk,
  ``walk F`` (A5, A6, A7);
- ``WALK``: a later step of option B begins with its walk, ``walk F`` (A8);
- ``ACT``: after the walk, one action or none: ``reveal F``, ``animal F G``, ``nomad F G``,
  ``camp research``, ``camp mine`` or ``skip`` (A9);
- ``PLACE``: a revealed animal or nomad stays or is placed elsewhere: ``stay`` or ``place G``;
- ``SWAP``: a revealed trade good is kept or swapped: ``keep`` or ``swap P GOOD`` (A13);
- ``OVER``: the game has ended, final scoring done.
"""

from typing import Final

CITY: Final = "city"
TURN: Final = "turn"
WALK: Final = "walk"
ACT: Final = "act"
PLACE: Final = "place"
SWAP: Final = "swap"
OVER: Final = "over"
