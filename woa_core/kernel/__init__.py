"""The kernel: what every game shares and no game names, and what a game needs to be played.

- ``pack``: what a rule pack declares, and how a ruleset's pack is found;
- ``compiled``: what every pack's compiled rules have in common;
- ``actions``: typed actions and how a pack declares its verbs;
- ``legality``: a verb's limits, declared once, from which its legal actions are listed and an
  action is checked;
- ``registry``: named primitives the rules files choose by name;
- ``loop``: the one game loop (deciders, legal actions, choose, apply) with observers;
- ``notation``: the one action notation, from the verbs' argument kinds;
- ``contract``: the ``Game`` every tool uses; ``plain``: plain parts of it for small packs;
- ``search``: what a pack may tell the search bot about its game (``SearchHooks``).

Reading, merging and validating rule documents is ``woa_core.rules``; what a game shows and keeps
(figures, how it unfolds, standings, drawings, logs) is ``woa_core.report``; the bots are
``woa_core.bots``. The kernel imports none of them, nor any tool or pack (``tests/test_layers.py``).
"""
