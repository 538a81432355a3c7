"""Broken rules are reported as ``FILE:LINE:COL: message (at path)``, every problem in one run,
``woa validate`` exit status 1 and no traceback (README "Checking rules", "Writing a variant").

Each case writes a variant (``extends: west-of-africa``) or a copy of the bundled rules directory
into ``tmp_path`` (the working directory, so files are named relative to it) and checks the exact
problems: file, line, column and message.
"""

from __future__ import annotations

import re
import shutil
import textwrap
from pathlib import Path

import pytest

from woa_core.cli import main
from woa_core.errors import Problem, RulesError
from woa_core.packs.west_of_africa.actions import ACTIONS
from woa_core.rules import compile_document, data_root, load_document

BUNDLED = data_root() / "rules" / "west-of-africa"


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)


def variant(tmp_path: Path, text: str, name: str = "v.yaml") -> str:
    (tmp_path / name).write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return name


def rules_copy(tmp_path: Path, name: str = "rd") -> Path:
    return Path(shutil.copytree(BUNDLED, tmp_path / name))


def edit(path: Path, old: str, new: str) -> tuple[int, int]:
    """Replace the one occurrence of ``old`` in ``path``; return the (line, column) of ``new``."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} is not unique in {path}"
    at = text.index(old)
    path.write_text(text.replace(old, new), encoding="utf-8")
    line = text.count("\n", 0, at) + 1
    column = at - (text.rfind("\n", 0, at) + 1) + 1
    return line, column


def problems_of(spec: str, players: int | None = None) -> list[Problem]:
    """The problems ``woa validate`` reports for ``spec`` (load + compile for each count)."""
    try:
        doc = load_document(spec)
        for n in [players] if players else doc.located.data["players"]["counts"]:
            compile_document(doc, n)
    except RulesError as e:
        return e.problems
    return []


def located(problems: list[Problem]) -> list[tuple[str, int, int, str]]:
    return [(p.file, p.line, p.column, p.message) for p in problems]


def assert_cli_reports(capsys, spec: str, problems: list[Problem], *extra: str) -> str:
    """`woa validate SPEC` exits 1 and prints exactly these problems, then a count; no traceback."""
    capsys.readouterr()
    rc = main(["validate", spec, *extra])
    out, err = capsys.readouterr()
    assert rc == 1
    assert "Traceback" not in err
    assert err.splitlines() == [*map(str, problems), f"{spec}: {len(problems)} problem(s)"]
    assert "valid for" not in out
    return err


def check(capsys, spec: str, expected: list[tuple[str, int, int, str]]) -> list[Problem]:
    problems = problems_of(spec)
    assert located(problems) == expected
    assert_cli_reports(capsys, spec, problems)
    return problems


# ------------------------------------------------------------------------ YAML syntax


def test_malformed_yaml_unclosed_bracket(tmp_path, capsys):
    """README "Checking rules": an unclosed `{` is malformed YAML, located where the parser stops."""
    spec = variant(
        tmp_path,
        """
        extends: west-of-africa
        board:
          sea_links: {la_palma-la_gomera: true
        economy:
          gold: {cap: 60}
        """,
    )
    check(
        capsys,
        spec,
        [
            (
                "v.yaml",
                4,
                8,
                "malformed YAML: while parsing a flow mapping (opened at line 3, column 14) expected ',' or '}', "
                "but got ':'",
            ),
        ],
    )


def test_malformed_yaml_unclosed_bracket_names_where_it_opened(tmp_path):
    """README "Checking rules": the message leads to the unclosed `{` on line 3."""
    spec = variant(
        tmp_path,
        """
        extends: west-of-africa
        board:
          sea_links: {la_palma-la_gomera: true
        economy:
          gold: {cap: 60}
        """,
    )
    (problem,) = problems_of(spec)
    assert (problem.line, problem.column) == (3, 14) or re.search(r"line 3,? column 14|3:14", problem.message)


def test_malformed_yaml_bad_indentation(tmp_path, capsys):
    """README "Checking rules": a key indented wrongly is malformed YAML at that line."""
    spec = variant(
        tmp_path,
        """
        extends: west-of-africa
        economy:
          gold:
            cap: 60
           start: 10
        """,
    )
    check(
        capsys,
        spec,
        [
            (
                "v.yaml",
                5,
                4,
                "malformed YAML: while parsing a block mapping (opened at line 3, column 3) expected <block end>, "
                "but found '<block mapping start>'",
            ),
        ],
    )


def test_malformed_yaml_tab_indentation(tmp_path, capsys):
    """README "Checking rules": a tab used for indentation is malformed YAML at its line."""
    (tmp_path / "v.yaml").write_text("extends: west-of-africa\neconomy:\n\tgold: {cap: 60}\n", encoding="utf-8")
    check(
        capsys,
        "v.yaml",
        [
            (
                "v.yaml",
                3,
                1,
                "malformed YAML: while scanning for the next token found character '\\t' that cannot start any token",
            ),
        ],
    )


def test_duplicate_key(tmp_path, capsys):
    """README "Checking rules": a key given twice in one mapping is an error at the second one."""
    spec = variant(
        tmp_path,
        """
        extends: west-of-africa
        economy:
          gold:
            cap: 60
            cap: 70
        """,
    )
    (p,) = check(capsys, spec, [("v.yaml", 5, 5, "duplicate key 'cap'")])
    assert p.path == "economy.gold.cap"


def test_duplicate_key_in_rules_directory(tmp_path, capsys):
    """README "Checking rules": a duplicated island in board.yaml is located in board.yaml."""
    rd = rules_copy(tmp_path)
    line, column = edit(rd / "board.yaml", "  el_hierro:\n    name: El Hierro", "  la_palma:\n    name: El Hierro")
    check(capsys, "rd", [("rd/board.yaml", line, column + 2, "duplicate key 'la_palma'")])


def test_not_utf8(tmp_path, capsys):
    """README "Checking rules": an unreadable (non-UTF-8) file is a problem naming the file."""
    (tmp_path / "v.yaml").write_bytes(b'extends: west-of-africa\nname: "\xff"\n')
    problems = check(
        capsys,
        "v.yaml",
        [
            (
                "v.yaml",
                2,
                8,
                "not UTF-8 text: byte 0xff cannot be read (a binary file?)",
            ),
        ],
    )
    assert str(problems[0]).startswith("v.yaml:2:8: not UTF-8 text")


def test_rules_directory_missing_a_file(tmp_path, capsys):
    """README "What is where": a rules directory needs each SECTION.yaml."""
    rd = rules_copy(tmp_path)
    (rd / "turn.yaml").unlink()
    (p,) = check(capsys, "rd", [("rd/turn.yaml", 0, 0, "file not found")])
    assert str(p) == "rd/turn.yaml: file not found"


# ----------------------------------------------------------------------- the schemas


def test_wrong_type_string_for_integer(tmp_path, capsys):
    """schema economy.gold.cap is an integer: a string is named with its value and position."""
    spec = variant(
        tmp_path,
        """
        extends: west-of-africa
        economy:
          gold:
            cap: "sixty"
        """,
    )
    (p,) = check(capsys, spec, [("v.yaml", 4, 10, "expected an integer, got string 'sixty'")])
    assert p.path == "economy.gold.cap"


def test_unknown_key_top_level_of_variant(tmp_path, capsys):
    """README "Writing a variant": keys are the rules' file names; a typo is an unknown key."""
    spec = variant(
        tmp_path,
        """
        extends: west-of-africa
        econmy:
          gold:
            cap: 60
        """,
    )
    check(
        capsys,
        spec,
        [
            (
                "v.yaml",
                2,
                1,
                "unknown key 'econmy': did you mean 'economy'? (allowed: board, cards, description, economy, extends, "
                "name, players, ruleset, setup, turn)",
            ),
        ],
    )


def test_unknown_key_deep_inside(tmp_path, capsys):
    """schema board island: a typo deep inside is an unknown key at the key's own position."""
    spec = variant(
        tmp_path,
        """
        extends: west-of-africa
        board:
          islands:
            tenerife:
              moorngs: 3
        """,
    )
    (p,) = check(
        capsys,
        spec,
        [
            (
                "v.yaml",
                5,
                7,
                "unknown key 'moorngs': did you mean 'moorings'? (allowed: at, moorings, name, region, spaces)",
            ),
        ],
    )
    assert p.path == "board.islands.tenerife.moorngs"


def test_unknown_key_inside_player_overlay(tmp_path, capsys):
    """players overlays are merged and checked: a typo in an overlay is located in the variant."""
    spec = variant(
        tmp_path,
        """
        extends: west-of-africa
        players:
          overlays:
            "2":
              board:
                islands:
                  tenerife: {moorngs: 1}
        """,
    )
    check(
        capsys,
        spec,
        [
            (
                "v.yaml",
                7,
                22,
                "unknown key 'moorngs': did you mean 'moorings'? (allowed: at, moorings, name, region, spaces) "
                "(with 2 players)",
            ),
        ],
    )


def test_missing_required_key(tmp_path, capsys):
    """schema board island requires `moorings`: its absence is reported at the island."""
    rd = rules_copy(tmp_path)
    edit(rd / "board.yaml", "    at: [1.0, 1.0]\n    moorings: 1\n", "    at: [1.0, 1.0]\n")
    text = (rd / "board.yaml").read_text(encoding="utf-8").splitlines()
    line = text.index("    name: La Palma") + 1
    (p,) = check(capsys, "rd", [("rd/board.yaml", line, 5, "'moorings' is missing (required)")])
    assert p.path == "board.islands.la_palma"


def test_missing_required_key_deleted_by_variant(tmp_path, capsys):
    """README "Writing a variant": `null` deletes; deleting a required key is an error in the variant."""
    spec = variant(
        tmp_path,
        """
        extends: west-of-africa
        board:
          islands:
            tenerife:
              region: null
        """,
    )
    check(capsys, spec, [("v.yaml", 5, 7, "'region' is missing (required)")])


def test_negative_cost(tmp_path, capsys):
    """schema board space `settle` is a count (>= 0): a negative cost is located at the number."""
    rd = rules_copy(tmp_path)
    text = (rd / "board.yaml").read_text(encoding="utf-8")
    lanzarote = text.index("  lanzarote:")
    first = text.index("{settle: 6}", lanzarote)
    line = text.count("\n", 0, first) + 1
    column = first - text.rfind("\n", 0, first) - 1 + len("{settle: ") + 1
    (rd / "board.yaml").write_text(text[:first] + "{settle: -6}" + text[first + len("{settle: 6}") :], encoding="utf-8")
    (p,) = check(capsys, "rd", [("rd/board.yaml", line, column, "-6 is less than the minimum of 0")])
    assert p.path == "board.islands.lanzarote.spaces[0].settle"


def test_unknown_card_kind_and_action(tmp_path, capsys):
    """schema cards: `kind` is island/action/minus, `action` one of the engine's five."""
    spec = variant(
        tmp_path,
        """
        extends: west-of-africa
        cards:
          cards:
            minus: {name: Minus, kind: bonus, value: -4}
            sell: {name: Sell Goods, kind: action, action: steal, value: 5}
        """,
    )
    check(
        capsys,
        spec,
        [
            ("v.yaml", 4, 32, "'bonus' is not one of ['island', 'action', 'minus']"),
            ("v.yaml", 5, 52, f"'steal' is not one of {list(ACTIONS)}"),
        ],
    )


def test_id_not_snake_case_located_at_the_key(tmp_path):
    """schema $defs/id: an island key `Lanzarote` is reported at that key."""
    rd = rules_copy(tmp_path)
    line, column = edit(rd / "board.yaml", "  lanzarote:\n", "  Lanzarote:\n")
    problems = [p for p in problems_of("rd") if p.message.startswith("'Lanzarote'")]
    assert len(problems) == 1, problems
    assert (problems[0].file, problems[0].line, problems[0].column) == ("rd/board.yaml", line, column + 2)


def test_variant_name_wrong_type(tmp_path):
    """schema variant.name is a string."""
    spec = variant(
        tmp_path,
        """
        extends: west-of-africa
        name: [x]
        """,
    )
    problems = problems_of(spec)
    assert [(p.file, p.line) for p in problems] == [("v.yaml", 2)]
    assert "expected a string" in problems[0].message


# ---------------------------------------------------------------- semantic checks


def test_sea_link_to_nonexistent_island(tmp_path, capsys):
    """Done-when: a sea link to a nonexistent island names the island, the variant file and line."""
    spec = variant(
        tmp_path,
        """
        extends: west-of-africa
        name: atlantis
        board:
          sea_links:
            lanzarote-atlantis: true
        """,
    )
    (p,) = check(
        capsys,
        spec,
        [
            (
                "v.yaml",
                5,
                5,
                "sea link 'lanzarote-atlantis': 'atlantis' is not an island of these rules (known: la_palma, "
                "el_hierro, la_gomera, tenerife, gran_canaria, fuerteventura, lanzarote)",
            ),
        ],
    )
    assert str(p).startswith("v.yaml:5:5: sea link 'lanzarote-atlantis': 'atlantis' is not an island")
    assert p.path == "board.sea_links.lanzarote-atlantis"


def test_sea_link_from_island_to_itself(tmp_path, capsys):
    """rulings §1 sea links join two islands: a link from an island to itself is an error."""
    spec = variant(
        tmp_path,
        """
        extends: west-of-africa
        board:
          sea_links:
            tenerife-tenerife: true
        """,
    )
    check(capsys, spec, [("v.yaml", 4, 5, "sea link 'tenerife-tenerife' joins an island to itself")])


def test_sea_link_given_in_both_directions(tmp_path, capsys):
    """rulings §1: la_palma-la_gomera exists; la_gomera-la_palma is the same link given twice."""
    spec = variant(
        tmp_path,
        """
        extends: west-of-africa
        board:
          sea_links:
            la_gomera-la_palma: true
        """,
    )
    check(capsys, spec, [("v.yaml", 4, 5, "sea link 'la_gomera-la_palma' is given twice (both directions)")])


def test_disconnected_sea_graph(tmp_path, capsys):
    """rulings §1: removing Tenerife-Gran Canaria (`null` deletes) splits the sea in two groups."""
    spec = variant(
        tmp_path,
        """
        extends: west-of-africa
        board:
          sea_links:
            tenerife-gran_canaria: null
        """,
    )
    check(
        capsys,
        spec,
        [
            (
                "v.yaml",
                4,
                5,
                "the sea links do not connect all islands; separate groups: el_hierro, la_gomera, la_palma, "
                "tenerife | fuerteventura, gran_canaria, lanzarote",
            ),
        ],
    )


def test_island_with_unknown_region(tmp_path, capsys):
    """rulings §1 regions: an island's region must be one of west, center, east."""
    spec = variant(
        tmp_path,
        """
        extends: west-of-africa
        board:
          islands:
            el_hierro:
              region: south
        """,
    )
    (p,) = check(
        capsys,
        spec,
        [
            ("v.yaml", 5, 15, "'south' is not a region of these rules (known: west, center, east)"),
        ],
    )
    assert p.path == "board.islands.el_hierro.region"


def test_field_with_unknown_good(tmp_path, capsys):
    """rulings §1 goods: a field's good must be sugar_cane, wine or grain (lists replace whole)."""
    spec = variant(
        tmp_path,
        """
        extends: west-of-africa
        board:
          islands:
            el_hierro:
              spaces:
                - {good: coffee}
                - {good: wine}
        """,
    )
    (p,) = check(
        capsys,
        spec,
        [
            ("v.yaml", 6, 18, "'coffee' is not a good of these rules (known: sugar_cane, wine, grain)"),
        ],
    )
    assert p.path == "board.islands.el_hierro.spaces[0].good"


def test_preplaced_selector_matching_nothing(tmp_path, capsys):
    """R17 selectors: a pre-placed selector that matches no space is an error (for each count
    that uses it; the 2- and 3-player overlays replace the list)."""
    spec = variant(
        tmp_path,
        """
        extends: west-of-africa
        setup:
          preplaced_settlements:
            - {cost: 7}
        """,
    )
    check(
        capsys,
        spec,
        [
            ("v.yaml", 4, 7, "no settlement space matches {'cost': 7} (with 4 and 5 players)"),
        ],
    )


def test_overlay_for_count_not_in_counts(tmp_path, capsys):
    """players.yaml: an overlay for 6 players when counts are 2-5 is an error at its key."""
    rd = rules_copy(tmp_path)
    text = (rd / "players.yaml").read_text(encoding="utf-8")
    if not text.endswith("\n"):
        text += "\n"
    line = text.count("\n") + 1
    (rd / "players.yaml").write_text(text + "  6:\n    economy: {gold: {cap: 50}}\n", encoding="utf-8")
    check(capsys, "rd", [("rd/players.yaml", line, 3, "overlay for 6 players, but counts are [2, 3, 4, 5]")])


def test_overlay_orphaned_by_variant_counts(tmp_path, capsys):
    """players.yaml: a variant dropping 2 from counts leaves the base 2-player overlay orphaned."""
    spec = variant(
        tmp_path,
        """
        extends: west-of-africa
        players:
          counts: [3, 4, 5]
        """,
    )
    base = "west-of-africa/players.yaml"  # a bundled file by its bundled name
    line = (BUNDLED / "players.yaml").read_text(encoding="utf-8").splitlines().index("  2:") + 1
    check(capsys, spec, [(base, line, 3, "overlay for 2 players, but counts are [3, 4, 5]")])


def test_overlay_for_count_not_in_counts_from_variant(tmp_path, capsys):
    """players.yaml via a variant: an overlay for 6 players is an error at the variant's key."""
    spec = variant(
        tmp_path,
        """
        extends: west-of-africa
        players:
          overlays:
            "6":
              economy: {gold: {cap: 50}}
        """,
    )
    check(capsys, spec, [("v.yaml", 4, 5, "overlay for 6 players, but counts are [2, 3, 4, 5]")])


def test_more_settlements_than_spaces(tmp_path, capsys):
    """rulings §1: 20 settlements for 20 spaces; 24 settlements cannot all stand."""
    spec = variant(
        tmp_path,
        """
        extends: west-of-africa
        setup:
          settlements:
            total: 24
        """,
    )
    check(capsys, spec, [("v.yaml", 4, 12, "24 settlements but only 20 settlement spaces on the board")])


def test_starting_gold_above_cap(tmp_path, capsys):
    """R10 / R17: starting gold 50 above the cap of 45 is an error."""
    spec = variant(
        tmp_path,
        """
        extends: west-of-africa
        economy:
          gold:
            start: 50
        """,
    )
    check(capsys, spec, [("v.yaml", 4, 12, "starting gold 50 is above the gold cap 45")])


# ------------------------------------------------------------------------- extends


def test_cyclic_extends_two_files(tmp_path, capsys):
    """README "Writing a variant": a cycle is an error naming the file and line that closes it."""
    variant(tmp_path, "extends: one.yaml\nname: two\n", "two.yaml")
    spec = variant(tmp_path, "# first\nextends: two.yaml\nname: one\n", "one.yaml")
    check(
        capsys,
        spec,
        [
            ("two.yaml", 1, 10, "variants extend each other in a cycle: one.yaml -> two.yaml -> one.yaml"),
        ],
    )


def test_variant_extends_itself(tmp_path, capsys):
    """README "Writing a variant": a variant extending itself is a cycle."""
    spec = variant(tmp_path, "extends: v.yaml\n")
    check(capsys, spec, [("v.yaml", 1, 10, "variants extend each other in a cycle: v.yaml -> v.yaml")])


def test_missing_parent_variant(tmp_path, capsys):
    """README "Writing a variant": a missing parent is an error naming the file and line."""
    spec = variant(tmp_path, "name: orphan\nextends: no-such-parent.yaml\n")
    check(capsys, spec, [("v.yaml", 2, 10, "cannot extend 'no-such-parent.yaml': no such variant file")])


def test_unknown_bundled_parent(tmp_path, capsys):
    """README "Writing a variant": `extends` names a bundled ruleset or a file; others are listed."""
    spec = variant(tmp_path, "extends: east-of-africa\n")
    check(
        capsys,
        spec,
        [
            (
                "v.yaml",
                1,
                10,
                "cannot extend 'east-of-africa': no such rules: not a rules directory, a variant file, or a "
                "bundled ruleset (africa, go-west, west-of-africa): did you mean 'west-of-africa'?",
            ),
        ],
    )


def test_extends_missing(tmp_path, capsys):
    """schema variant requires `extends`."""
    spec = variant(
        tmp_path,
        """
        name: orphan
        economy:
          gold: {cap: 60}
        """,
    )
    check(capsys, spec, [("v.yaml", 1, 1, "'extends' must name a bundled ruleset or a variant file")])


def test_variant_not_a_mapping(tmp_path, capsys):
    """schema variant is a mapping: a list is reported at its start, an empty file by name."""
    spec = variant(tmp_path, "- extends: west-of-africa\n")
    check(capsys, spec, [("v.yaml", 1, 1, "a variant file must be a mapping with an 'extends' key")])
    (tmp_path / "empty.yaml").write_text("", encoding="utf-8")
    check(capsys, "empty.yaml", [("empty.yaml", 0, 0, "a variant file must be a mapping with an 'extends' key")])


def test_variant_section_not_a_mapping(tmp_path, capsys):
    """schema variant: each section of overrides is a mapping."""
    spec = variant(tmp_path, "extends: west-of-africa\nboard: 5\n")
    check(capsys, spec, [("v.yaml", 2, 8, "'board' must be a mapping of overrides")])


# ----------------------------------------------------------------- all in one run


def test_all_problems_of_a_file_in_one_run_sorted_by_line(tmp_path, capsys):
    """README "Checking rules": every mistake in one run: 3 errors give 3 lines, by line."""
    spec = variant(
        tmp_path,
        """
        extends: west-of-africa
        board:
          sea_links:
            tenerife-tenerife: true
        economy:
          gold:
            start: 50
          ship:
            range: "3"
        """,
    )
    check(
        capsys,
        spec,
        [
            ("v.yaml", 4, 5, "sea link 'tenerife-tenerife' joins an island to itself"),
            ("v.yaml", 7, 12, "starting gold 50 is above the gold cap 45"),
            ("v.yaml", 9, 12, "expected an integer, got string '3'"),
        ],
    )


def test_all_problems_across_files_of_a_rules_directory(tmp_path, capsys):
    """README "Checking rules": problems in several files of a directory come in one run."""
    rd = rules_copy(tmp_path)
    b = edit(
        rd / "board.yaml",
        "moorings: 5\n    spaces:\n      - {good: grain}",
        "moorings: many\n    spaces:\n      - {good: grain}",
    )
    c = edit(rd / "cards.yaml", "kind: minus, value: -4", "kind: minus, value: -4, colour: red")
    e = edit(rd / "economy.yaml", "extra_rounds: 1", "extra_rounds: -1")
    problems = check(
        capsys,
        "rd",
        [
            ("rd/board.yaml", b[0], b[1] + len("moorings: "), "expected an integer, got string 'many'"),
            (
                "rd/cards.yaml",
                c[0],
                c[1] + len("kind: minus, value: -4, "),
                "unknown key 'colour' (allowed: action, description, island, kind, name, value)",
            ),
            ("rd/economy.yaml", e[0], e[1] + len("extra_rounds: "), "-1 is less than the minimum of 0"),
        ],
    )
    assert len(problems) == 3


def test_problems_of_several_player_counts_sorted_by_line(tmp_path, capsys):
    """README "Checking rules": every mistake in one run, in file order."""
    spec = variant(
        tmp_path,
        """
        extends: west-of-africa
        setup:
          preplaced_settlements: [{cost: 7}]
        players:
          overlays:
            "2":
              setup: {settlements: {track: 13}}
        """,
    )
    problems = problems_of(spec)
    assert [(p.line, p.message) for p in problems] == [
        (3, "no settlement space matches {'cost': 7} (with 4 and 5 players)"),
        (7, "8 pre-placed settlements plus a track of 13 is more than the 20 settlements (with 2 players)"),
    ]


# ------------------------------------------------------------------ the command line


def test_usage_error_players_not_a_number_exits_2(capsys):
    """woa_core.cli: a bad call (`woa validate --players x`) exits 2 with a usage message."""
    with pytest.raises(SystemExit) as exc:
        main(["validate", "--players", "x"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "argument --players: invalid int value: 'x'" in err
    assert "Traceback" not in err


def test_player_count_not_supported_exits_1(capsys):
    """players.yaml counts: `woa validate --players 7` names the supported counts."""
    problems = problems_of("west-of-africa", players=7)
    line = (BUNDLED / "players.yaml").read_text(encoding="utf-8").splitlines().index("counts: [2, 3, 4, 5]") + 1
    assert located(problems) == [
        ("west-of-africa/players.yaml", line, 9, "these rules are for 2, 3, 4 or 5 players, not 7"),
    ]
    assert_cli_reports(capsys, "west-of-africa", problems, "--players", "7")


def test_validate_valid_and_broken_together(tmp_path, capsys):
    """woa validate RULES...: each spec is reported; one broken spec makes the exit status 1."""
    spec = variant(tmp_path, "extends: west-of-africa\neconomy: {gold: {start: 50}}\n")
    rc = main(["validate", "west-of-africa", spec])
    out, err = capsys.readouterr()
    assert rc == 1
    assert out.startswith("west-of-africa: valid for 2, 3, 4, 5 players")
    assert err.splitlines() == [
        "v.yaml:2:25: starting gold 50 is above the gold cap 45 (at economy.gold.start)",
        "v.yaml: 1 problem(s)",
    ]


def test_rules_show_broken_variant_exits_1(tmp_path, capsys):
    """woa rules show: broken rules are problems on stderr, exit 1, no traceback."""
    spec = variant(tmp_path, "extends: west-of-africa\neconomy: {gold: {start: 50}}\n")
    rc = main(["rules", "show", spec])
    out, err = capsys.readouterr()
    assert rc == 1 and out == ""
    assert err.splitlines() == ["v.yaml:2:25: starting gold 50 is above the gold cap 45 (at economy.gold.start)"]


def test_rules_that_could_deadlock_are_refused(tmp_path, capsys):
    """5.I: if fewer cards are free than must be selected, a player with no gold is stuck."""
    spec = variant(
        tmp_path,
        """
        extends: west-of-africa
        economy:
          selection: {free_cards: 0}
        """,
    )
    check(
        capsys,
        spec,
        [
            (
                "v.yaml",
                3,
                27,
                "free_cards 0 is below min_cards 1: a player without gold could not select cards "
                "and the game would stop",
            )
        ],
    )
