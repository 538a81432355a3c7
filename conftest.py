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

import importlib.util
import os

from hypothesis import settings

collect_ignore = [] if importlib.util.find_spec("pettingzoo") else ["woa_core/pettingzoo.py"]

settings.register_profile("woa", derandomize=True, database=None, deadline=None, print_blob=True)
settings.register_profile("explore", deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "woa"))
