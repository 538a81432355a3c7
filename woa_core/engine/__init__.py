"""Deprecated (issue 42.7): West of Africa's interpreter was ``woa_core.engine`` until its pack had a
folder of its own, ``woa_core.packs.west_of_africa``. Each name this package and its modules
``game``, ``selection``, ``state`` and ``view`` held still works, with a ``DeprecationWarning``
saying where it went (``woa_core.deprecated.MOVED``); a bot for any pack imports ``woa_core.api``."""

from woa_core.deprecated import moved_from, moved_names

__all__ = list(moved_from(__name__))
__getattr__ = moved_names(__name__)
