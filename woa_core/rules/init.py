"""``woa rules init DIR``: a bundled ruleset copied into a folder of the user's, to edit the game itself.

The bundled rules live inside the installed package, where an edit does nothing useful (an
installed woa reads its own copy; a checkout's ``rules/`` is not what ``pip install .`` runs). A
copy in a folder of one's own is played with ``--rules DIR``: every command reads it afresh, its
errors are named by its own paths, and its hash changes with each edit.

The rules files are copied as they are, comments included, with one change: the
``# yaml-language-server: $schema=...`` line of each points to ``DIR/schema/``, where the schemas
are copied too, so that editors keep checking and completing as one types.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp()) / "my-game"
>>> sorted(p.name for p in init_rules(folder)) [:3]
['board.yaml', 'cards.yaml', 'economy.yaml']
>>> (folder / "board.yaml").read_text().splitlines()[0]
'# yaml-language-server: $schema=schema/board.schema.json'
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path

from woa_core.defaults import DEFAULT_RULES
from woa_core.errors import UsageError
from woa_core.rules.bundled import data_root
from woa_core.rules.resolve import bundled_rulesets

MODELINE = re.compile(r"^(# yaml-language-server: \$schema=)(\S+)$", re.M)
"""The editor's schema line of a rules file; its target is rewritten to the copied schema."""


def init_rules(directory: str | os.PathLike[str], ruleset: str = DEFAULT_RULES) -> list[Path]:
    """Copy bundled ``ruleset`` and the schemas into ``directory`` (new, or an empty folder);
    return the rules files written. The folder appears whole or not at all.

    ``UsageError`` when ``ruleset`` is not bundled or ``directory`` holds anything."""
    known = bundled_rulesets()
    if ruleset not in known:
        raise UsageError(f"--from {ruleset}: no such bundled ruleset (choose from {', '.join(known)})")
    target = Path(directory)
    if target.exists() or target.is_symlink():
        if not target.is_dir():
            raise UsageError(f"{target} exists and is not a folder: choose a new or empty folder")
        if any(target.iterdir()):
            raise UsageError(f"{target} is not empty: choose a new or empty folder, so nothing of yours is overwritten")
    target.parent.mkdir(parents=True, exist_ok=True)
    source = data_root() / "rules" / ruleset
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent))
    try:
        written = []
        for rules_file in sorted(source.glob("*.yaml")):
            text = rules_file.read_text(encoding="utf-8")
            text = MODELINE.sub(lambda m: m.group(1) + "schema/" + Path(m.group(2)).name, text)
            (staging / rules_file.name).write_text(text, encoding="utf-8")
            written.append(target / rules_file.name)
        (staging / "schema").mkdir()
        for schema in sorted((data_root() / "schema").glob("*.schema.json")):
            shutil.copyfile(schema, staging / "schema" / schema.name)
        os.chmod(staging, 0o777 & ~_umask())  # mkdtemp made it private; the user's folder is not
        if target.is_dir():
            target.rmdir()  # empty (checked above): the staged folder takes its place
        os.replace(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return written


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
