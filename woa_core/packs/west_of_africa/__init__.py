"""West of Africa (Martin Schlegel, 2016) as a rule pack: the first game woa plays.

Its rules are data in ``rules/west-of-africa/`` (the schemas in ``schema/``); this package holds
the mechanisms the data names: the state (``state``), the interpreter (``game``, ``core``, one
module per action in ``actions/``, the round end in ``round_end``), what a player may see
(``view``, ``determinize``), compiling and checking the rules (``compile``, ``validate``), its
bots (``bots/``) and drawings (``draw/``). ``pack.PACK`` declares it to the kernel.
"""

from woa_core.packs.west_of_africa.game import ACTIONS, Action, Game
from woa_core.packs.west_of_africa.pack import PACK
from woa_core.packs.west_of_africa.state import NOBODY, VP_SOURCES, GameState, new_state

__all__ = ["ACTIONS", "NOBODY", "PACK", "VP_SOURCES", "Action", "Game", "GameState", "new_state"]
