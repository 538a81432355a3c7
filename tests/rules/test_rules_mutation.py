"""Random damage to the bundled rules never crashes the loader (README "Checking rules").

The bundled resolved document is mutated (a leaf replaced by a value of another type or an
out-of-range number, a key deleted, an unknown key added, an id renamed), written out as a rules
directory (one ``SECTION.yaml`` per top-level section) and loaded for every player count. The
outcome must be a ``Rules`` object or a ``RulesError`` whose every problem reads
``FILE:LINE:COL: message`` or ``FILE: message`` -- never any other exception.
"""

from __future__ import annotations

import copy
import re
import tempfile
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from woa_core.errors import RulesError
from woa_core.packs.west_of_africa.compiled import Rules
from woa_core.rules import compile_document, load_document
from woa_core.rules.resolve import resolve

BASE = resolve("west-of-africa").located.data

# Mappings whose keys are ids that other parts of the rules refer to.
ID_TABLES = [
    ("board", "regions"),
    ("board", "goods"),
    ("board", "islands"),
    ("board", "worker_ships"),
    ("cards", "cards"),
    ("setup", "goods"),
    ("setup", "workers"),
    ("players", "overlays"),
]

PROBLEM_RE = re.compile(r"^(?P<file>[^\n]+?)(?::(?P<line>[1-9]\d*):(?P<col>[1-9]\d*))?: (?P<msg>\S[^\n]*)$")

json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**12), max_value=10**12),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
    st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=12),
)
json_values = st.recursive(
    json_scalars,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.from_regex(r"[a-z_]{1,8}", fullmatch=True), inner, max_size=3)
    ),
    max_leaves=6,
)
out_of_range = st.sampled_from([-1, -4, -100, 0, 10**9, 2**63, 1.5, -0.5])
key_names = st.one_of(
    st.from_regex(r"[a-z][a-z0-9_]{0,10}", fullmatch=True),
    st.sampled_from(["Tenerife", "la-palma", "2", "0", "x y", "true", "null", "é"]),
)


def _paths(data, prefix=()):
    """Every (path, value) of the document, containers included."""
    yield prefix, data
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _paths(v, (*prefix, i))


def _get(data, path):
    for p in path:
        data = data[p]
    return data


def _type_name(v):
    return type(v).__name__


@st.composite
def mutated_documents(draw):
    doc = copy.deepcopy(BASE)
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["replace", "delete", "add", "rename"]))
        paths = list(_paths(doc))
        if kind == "replace":
            leaves = [(p, v) for p, v in paths if p and not isinstance(v, (dict, list))]
            path, old = draw(st.sampled_from(leaves))
            if isinstance(old, (int, float)) and not isinstance(old, bool) and draw(st.booleans()):
                new = draw(out_of_range)
            else:
                new = draw(json_values.filter(lambda v, old=old: _type_name(v) != _type_name(old)))
            _get(doc, path[:-1])[path[-1]] = new
        elif kind == "delete":
            keyed = [p for p, _ in paths if len(p) >= 2 and isinstance(_get(doc, p[:-1]), dict)]
            path = draw(st.sampled_from(keyed))
            del _get(doc, path[:-1])[path[-1]]
        elif kind == "add":
            mappings = [p for p, v in paths if isinstance(v, dict)]
            path = draw(st.sampled_from(mappings))
            _get(doc, path)[draw(key_names)] = draw(json_values)
        else:  # rename an id (or, if its table is gone, any key)
            tables = [t for t in ID_TABLES if _exists(doc, t) and isinstance(_get(doc, t), dict) and _get(doc, t)]
            if not tables:
                continue
            table = _get(doc, draw(st.sampled_from(tables)))
            old = draw(st.sampled_from(sorted(table)))
            new = draw(key_names)
            # keep the order of the mapping: rebuild it with the key renamed
            items = [(new if k == old else k, v) for k, v in table.items()]
            table.clear()
            table.update(items)
    return doc


def _exists(data, path):
    try:
        _get(data, path)
    except (KeyError, IndexError, TypeError):
        return False
    return True


def _write(doc, directory: Path) -> None:
    if not isinstance(doc, dict):
        return
    for section, value in doc.items():
        (directory / f"{section}.yaml").write_text(
            yaml.safe_dump(value, sort_keys=False, allow_unicode=True), encoding="utf-8"
        )


def _load_all_counts(directory: Path) -> list[Rules]:
    doc = load_document(str(directory))
    return [compile_document(doc, n) for n in doc.located.data["players"]["counts"]]


def _adds_mapping(target, patch) -> bool:
    """Whether merging ``patch`` into ``target`` creates a mapping under a key ``target`` lacks."""
    if not isinstance(patch, dict) or not isinstance(target, dict):
        return False
    for key, sub in patch.items():
        if isinstance(sub, dict) and key not in target:
            return True
        if isinstance(sub, dict) and _adds_mapping(target[key], sub):
            return True
    return False


def _overlay_adds_mapping(doc) -> bool:
    """The known merge bug's trigger: a player-count overlay that adds a new mapping."""
    try:
        players = doc["players"]
        counts = players["counts"]
        overlays = players.get("overlays", {})
        return any(
            _adds_mapping(doc, {section: patch})
            for key, overlay in overlays.items()
            if isinstance(overlay, dict) and key.isdigit() and int(key) in counts
            for section, patch in overlay.items()
        )
    except (KeyError, TypeError, AttributeError):
        return False


def check_loads_or_reports(doc) -> None:
    """README "Checking rules": any damage gives Rules or FILE:LINE:COL problems, no crash."""
    with tempfile.TemporaryDirectory() as tmp:
        directory = Path(tmp) / "rules"
        directory.mkdir()
        _write(doc, directory)
        files = {str(directory / f"{s}.yaml") for s in resolve("west-of-africa").sections}
        try:
            compiled = _load_all_counts(directory)
        except RulesError as e:
            assert e.problems, "a RulesError must carry at least one problem"
            for problem in e.problems:
                text = str(problem)
                m = PROBLEM_RE.match(text)
                assert m, f"not FILE:LINE:COL: message: {text!r}"
                assert m["file"] in files, f"problem names no rules file: {text!r}"
                assert problem.line >= 0 and problem.column >= 0
                if problem.line:
                    n_lines = len(Path(problem.file).read_text(encoding="utf-8").splitlines())
                    assert problem.line <= max(n_lines, 1), f"line beyond the end of the file: {text!r}"
        else:
            assert compiled and all(isinstance(r, Rules) for r in compiled)


@settings(max_examples=150, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_documents())
def test_rules_mutation_loads_or_reports_located_problems(doc):
    """README "Checking rules": random damage gives Rules or located problems, never a crash."""
    check_loads_or_reports(doc)


def test_rules_mutation_overlay_adding_a_mapping_is_reported():
    """README "Checking rules": an overlay adding an unknown mapping (players.overlays.2.economy.bonus)
    is a located problem, like any other damage (the documents skipped by the property above)."""
    doc = copy.deepcopy(BASE)
    doc["players"]["overlays"]["2"]["economy"]["bonus"] = {"gold": 5}
    assert _overlay_adds_mapping(doc)
    check_loads_or_reports(doc)
    with tempfile.TemporaryDirectory() as tmp:
        _write(doc, Path(tmp))
        with pytest.raises(RulesError) as exc:
            _load_all_counts(Path(tmp))
    assert [p.message for p in exc.value.problems] == [
        "unknown key 'bonus' (allowed: actions, alcalde, cultivation, final_scoring, game_end, gold, gold_majority, "
        "selection, settlement, ship, workers) (with 2 players)"
    ]
    assert Path(exc.value.problems[0].file).name == "players.yaml"


def test_rules_mutation_unchanged_document_loads(tmp_path):
    """Sanity for the harness: the bundled document written as SECTION.yaml files loads for 2-5."""
    _write(copy.deepcopy(BASE), tmp_path)
    compiled = _load_all_counts(tmp_path)
    assert [r.players for r in compiled] == [2, 3, 4, 5]
    assert compiled[0].track_size == 4 and compiled[2].track_size == 6
