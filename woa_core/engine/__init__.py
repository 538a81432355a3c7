"""The game engine: ``GameState`` (plain data) and ``Game`` (the interpreter that plays it)."""

from woa_core.engine.game import ACTIONS, Action, Game
from woa_core.engine.state import NOBODY, VP_SOURCES, GameState, new_state

__all__ = ["ACTIONS", "NOBODY", "VP_SOURCES", "Action", "Game", "GameState", "new_state"]
