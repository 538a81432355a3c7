"""``woa tune``: targets on a game's figures as data, a model-based search (Optuna) for rule values
that meet them, and an honest confirmation on fresh seeds (docs/tune.md).

Modules: ``tune_file`` (reading a tune file), ``targets`` (what a target measures and whether it
is met), ``search`` (the study and its trials), ``confirm`` (the confirmation and the variant),
``report`` (text, JSON, HTML), ``cli`` (the command). Optuna, the ``tune`` extra, is imported only
when a search runs.
"""
