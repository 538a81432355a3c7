"""Go West! (Leo Colovini) as a rule pack: the third game woa plays, the first with hidden hands, a
draw pile reshuffled in the middle of the game and several named ends.

Its rules are data in ``rules/go-west/`` (the schemas in ``schema/go-west/``); this package holds
the mechanisms the data names: compiling and checking the rules (``compile``, ``compiled``,
``validate``), the state (``state``), the turn flow (``flow``, ``steps``), the verbs (``game``),
refusals (``refusals``), scoring (``scoring``), what a player may see (``view``), the notation's
argument kinds (``notation``), logs (``records``) and statistics (``figures``). The hands, the
piles and the chance stream are the kernel's (``woa_core.kernel.cards``, ``woa_core.kernel.chance``),
the named ends the kernel's flow. ``pack.PACK`` declares it. The rulings it cites (G1-G30) are
docs/go-west-rulings.md.
"""

from woa_core.packs.go_west.game import VERBS, Game
from woa_core.packs.go_west.pack import PACK
from woa_core.packs.go_west.state import State, new_state

__all__ = ["PACK", "VERBS", "Game", "State", "new_state"]
