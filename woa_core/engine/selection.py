"""Deprecated (issue 42.7): importing it warns, saying where each of its names went
(``woa_core.deprecated.MOVED``: ``woa_core.packs.west_of_africa.selection``); the names still work."""

from woa_core.deprecated import moved_from, moved_module

__all__ = list(moved_from(__name__))
__getattr__ = moved_module(__name__)
