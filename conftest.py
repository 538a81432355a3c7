"""pytest: skip the doctests of modules whose optional extra is not installed, and make every
hypothesis test deterministic.

Hypothesis draws its examples at random and replays failures it saved in ``.hypothesis/``: a test
that finds a rare bug one run in six then fails every later run, and a fresh checkout passes —
the suite is flaky. The ``woa`` profile (the default) derives every test's examples from the
test itself (``derandomize``), saves nothing (``database=None``) and sets no time limit per
example (``deadline=None``: the machine may be shared), so ``pytest -q`` gives the same result on
every run. Exploring with fresh random examples is what ``benchmarks/fuzz_inputs.py`` (by the
thousand) and ``HYPOTHESIS_PROFILE=explore pytest`` are for; a case found that way is added to
its test as an ``@example``.
"""

from __future__ import annotations

import importlib
import importlib.util
import os

from hypothesis import settings

from woa_core import build
from woa_core.deprecated import MOVED

collect_ignore = [] if importlib.util.find_spec("pettingzoo") else ["woa_core/pettingzoo.py"]
# the deprecated shims of 9c46eb0's modules warn when imported (tests/test_public_surface.py imports them)
collect_ignore.append("woa_core/engine")
# and so do the old paths of the modules that left the kernel (issue 42.4; tests/test_layers.py imports them)
collect_ignore += [old.replace(".", "/") + ".py" for old in MOVED if old.startswith("woa_core.kernel.")]

# The compiled build (woa_core/build.py): every compiled module imported now, before the doctests
# are collected from the sources (a module not imported yet would be loaded from its source file
# beside the installed, compiled one). Compiled modules keep no docstrings, so their doctests run
# in the pure build (WOA_PURE=1).
for _name in build.compiled_modules():
    importlib.import_module(_name)

settings.register_profile("woa", derandomize=True, database=None, deadline=None, print_blob=True)
settings.register_profile("explore", deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "woa"))
