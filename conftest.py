"""pytest: skip the doctests of modules whose optional extra is not installed."""

from __future__ import annotations

import importlib.util

collect_ignore = [] if importlib.util.find_spec("pettingzoo") else ["woa_core/pettingzoo.py"]
