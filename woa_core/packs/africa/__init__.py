"""Africa (Reiner Knizia, Goldsieber 2001) as a rule pack: the second game woa plays.

Its rules are data in ``rules/africa/`` (the schemas in ``schema/africa/``); this package holds the
mechanisms the data names: the hex board (``hexes``), compiling and checking the rules
(``compile``, ``compiled``, ``validate``), the state (``state``), the turn flow (``flow``, ``steps``),
the verbs with their legality and effects (``game``), scoring (``scoring``), what a player may
see and games sampled from it (``view``), the notation's argument kinds (``notation``), logs
(``records``), statistics (``figures``) and invariants (``invariants``). ``pack.PACK`` declares
it to the kernel. The rulings it cites (A1-A36) are docs/africa-rulings.md.
"""

from woa_core.packs.africa.game import VERBS, Game
from woa_core.packs.africa.pack import PACK
from woa_core.packs.africa.state import State, new_state

__all__ = ["PACK", "VERBS", "Game", "State", "new_state"]
