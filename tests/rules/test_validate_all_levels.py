"""Issue 41 item 5: ``woa validate`` reports every mistake at every level in one run (the base
files, each player-count overlay, a variant, ``--set``), each at its ``FILE:LINE:COL``, and a
misspelt name gets "did you mean ..." from the names that exist.

Each case writes a copy of the bundled rules or a variant into ``tmp_path`` (the working
directory, so that files are named relative to it) and checks the exact problems.
"""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import pytest

from woa_core.cli import main
from woa_core.errors import RulesError
from woa_core.rules import data_root, load_document

BUNDLED = data_root() / "rules"


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)


def rules_copy(tmp_path: Path, ruleset: str = "west-of-africa", name: str = "rd") -> Path:
    return Path(shutil.copytree(BUNDLED / ruleset, tmp_path / name))


def variant(tmp_path: Path, text: str, name: str = "v.yaml") -> str:
    (tmp_path / name).write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return name


def edit(path: Path, old: str, new: str) -> tuple[int, int]:
    """Replace the one ``old`` in ``path`` with ``new``; the (line, column) where ``new`` starts."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} is not unique in {path}"
    at = text.index(old)
    path.write_text(text.replace(old, new), encoding="utf-8")
    return text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1


def problems_of(spec: str, overrides: tuple[str, ...] = ()) -> list[tuple[str, int, int, str]]:
    """What ``load_document`` (the reader of ``woa validate``) reports, as (file, line, col, message)."""
    with pytest.raises(RulesError) as caught:
        load_document(spec, overrides)
    return [(p.file, p.line, p.column, p.message) for p in caught.value.problems]


def cli_lines(capsys, *args: str) -> list[str]:
    """``woa validate ARGS``: exit status 1, no traceback; the lines it prints."""
    capsys.readouterr()
    assert main(["validate", *args]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err.splitlines()


# ------------------------------------------------------------------ every level in one run


def test_base_file_and_two_player_overlay_in_one_run(tmp_path, capsys):
    """issue 41.5: a mistake in the base files (a card naming no island) and one in the 2-player
    overlay are reported together (before, the overlay's showed only once the base was clean)."""
    rd = rules_copy(tmp_path)
    card = edit(rd / "cards.yaml", "island: tenerife, value: 4", "island: tenerif, value: 4")
    overlay = edit(
        rd / "players.yaml",
        "  2:\n    setup:\n      settlements: {track: 4}",
        "  2:\n    setup:\n      settlements: {trak: 4}",
    )
    islands = "la_palma, el_hierro, la_gomera, tenerife, gran_canaria, fuerteventura, lanzarote"
    assert problems_of("rd") == [
        (
            "rd/cards.yaml",
            card[0],
            card[1] + len("island: "),
            f"'tenerif' is not an island of these rules: did you mean 'tenerife'? (known: {islands})",
        ),
        (
            "rd/players.yaml",
            overlay[0] + 2,
            len("      settlements: {") + 1,
            "unknown key 'trak': did you mean 'track'? (allowed: total, track) (with 2 players)",
        ),
    ]
    lines = cli_lines(capsys, "rd")
    assert lines[-1] == "rd: 2 problem(s)" and lines[1].startswith(f"rd/players.yaml:{overlay[0] + 2}:21: ")


def test_a_base_mistake_is_said_once_not_again_for_each_player_count(tmp_path):
    """issue 41.5 (a guard): checking each count's overlay while the base has a mistake does not
    repeat the base's mistake for every count (nor where an overlay moved its position)."""
    rd = rules_copy(tmp_path)
    line, _ = edit(rd / "board.yaml", "    name: Tenerife\n    region: center\n", "    name: Tenerife\n")
    assert problems_of("rd") == [("rd/board.yaml", line, 5, "'region' is missing (required)")]  # at the island


def test_yaml_syntax_error_and_a_schema_error_in_another_file(tmp_path):
    """issue 41.5: a file that is no YAML does not hide the mistakes of the files beside it (and
    its section is not reported again as missing)."""
    rd = rules_copy(tmp_path)
    (rd / "cards.yaml").write_text((rd / "cards.yaml").read_text(encoding="utf-8") + "extra: [\n", encoding="utf-8")
    line, column = edit(rd / "economy.yaml", "  cap: 45 ", "  capp: 45 ")
    found = problems_of("rd")
    assert [f for f, *_ in found] == ["rd/cards.yaml", "rd/economy.yaml", "rd/economy.yaml"]
    assert found[0][3].startswith("malformed YAML")
    assert found[1][3] == "'cap' is missing (required)"
    assert found[2] == (
        "rd/economy.yaml",
        line,
        column + 2,
        "unknown key 'capp': did you mean 'cap'? (allowed: cap, start)",
    )


def test_variant_key_its_values_and_its_overlay_in_one_run(tmp_path, capsys):
    """issue 41.5: a variant's unknown top-level key, a section that is no mapping, a value the
    schemas refuse and a mistake in its player-count overlay, all in one run (before, only the
    unknown key and the section were reported)."""
    spec = variant(
        tmp_path,
        """
        extends: west-of-africa
        economi: {gold: {cap: 3}}
        turn: 3
        setup:
          workers: {a: -1}
        players:
          overlays:
            2:
              economy:
                gold: {capp: 4}
        """,
    )
    allowed = "board, cards, description, economy, extends, name, players, ruleset, setup, turn"
    assert problems_of(spec) == [
        ("v.yaml", 2, 1, f"unknown key 'economi': did you mean 'economy'? (allowed: {allowed})"),
        ("v.yaml", 3, 7, "'turn' must be a mapping of overrides"),
        ("v.yaml", 5, 16, "-1 is less than the minimum of 0"),
        ("v.yaml", 5, 16, "'a' is not a worker ship of these rules (known: west, east)"),  # the semantic checks ran
        ("v.yaml", 10, 16, "unknown key 'capp': did you mean 'cap'? (allowed: cap, start) (with 2 players)"),
    ]
    assert cli_lines(capsys, spec)[-1] == "v.yaml: 5 problem(s)"


def test_base_directory_and_the_variant_extending_it(tmp_path):
    """issue 41.5: a mistake of a rules directory and one of the variant extending it (its unknown
    key, which used to stop the reading) are reported together."""
    rd = rules_copy(tmp_path)
    card = edit(rd / "cards.yaml", "island: tenerife, value: 4", "island: tenerif, value: 4")
    spec = variant(tmp_path, "extends: rd\nbord: {}\n")
    found = problems_of(spec)
    assert [(f, line, col) for f, line, col, _ in found] == [
        ("rd/cards.yaml", card[0], card[1] + len("island: ")),
        ("v.yaml", 2, 1),
    ]
    assert found[1][3].startswith("unknown key 'bord': did you mean 'board'?")


def test_each_variant_of_a_chain_in_one_run(tmp_path):
    """issue 41.5: in a chain of variants, the mistakes of the parent variant and of the child are
    reported together (before, the parent's stopped the reading)."""
    variant(tmp_path, "extends: west-of-africa\nbord: {}\n", "parent.yaml")
    spec = variant(tmp_path, "extends: parent.yaml\ncardz: {}\neconomy: {gold: {cap: -1}}\n", "child.yaml")
    found = problems_of(spec)
    assert [(f, line, col) for f, line, col, _ in found] == [
        ("child.yaml", 2, 1),
        ("child.yaml", 3, 23),
        ("parent.yaml", 2, 1),
        ("west-of-africa/economy.yaml", 5, 10),  # the semantic checks ran too
    ]
    assert found[0][3].startswith("unknown key 'cardz': did you mean 'cards'?")
    assert found[1][3] == "-1 is less than the minimum of 1"
    assert found[2][3].startswith("unknown key 'bord': did you mean 'board'?")
    assert found[3][3] == "starting gold 15 is above the gold cap -1"


def test_set_malformed_and_refused_with_the_variants_mistake(tmp_path, capsys):
    """issue 41.5: a malformed ``--set``, a ``--set`` value the schema refuses and a variant's own
    mistake are all reported in one run (before, the variant's alone, then the malformed one)."""
    spec = variant(tmp_path, "extends: west-of-africa\nsetup: {workers: {a: -1}}\nextra: 1\n")
    overrides = ("econmy.gold.cap=1", "economy.gold.capp=4")
    found = problems_of(spec, overrides)
    assert found == [
        (
            "--set econmy.gold.cap=1",
            0,
            0,
            "a rules path starts with the name of a rules file, not 'econmy': did you mean 'economy'? "
            "(the files: ruleset, board, cards, economy, turn, setup, players)",
        ),
        ("--set economy.gold.capp=4", 0, 0, "unknown key 'capp': did you mean 'cap'? (allowed: cap, start)"),
        ("v.yaml", 2, 22, "-1 is less than the minimum of 0"),
        ("v.yaml", 2, 22, "'a' is not a worker ship of these rules (known: west, east)"),
        (
            "v.yaml",
            3,
            1,
            "unknown key 'extra' (allowed: board, cards, description, economy, extends, name, players, ruleset, "
            "setup, turn)",
        ),
    ]
    lines = cli_lines(capsys, spec, *(f"--set={o}" for o in overrides))
    assert lines[-1] == "v.yaml: 5 problem(s)"


def test_problems_found_while_reading_are_not_forgotten_by_the_validity_cache(tmp_path):
    """issue 41.5: a variant whose unknown key is dropped merges to valid rules; reading it twice
    still refuses it (the cache of valid content would otherwise let it pass the second time)."""
    spec = variant(tmp_path, "extends: west-of-africa\nboard_: {}\n")
    for _ in range(2):
        assert [m for *_, m in problems_of(spec)] == [
            "unknown key 'board_': did you mean 'board'? (allowed: board, cards, description, economy, extends, "
            "name, players, ruleset, setup, turn)"
        ]


# ------------------------------------------------------------------ did you mean


def test_misspelt_card_id_in_a_variant_suggests_the_card(tmp_path):
    """issue 41.5: a variant changing card ``tenerif`` makes a new card without a kind; the problem
    says which card was meant instead of only ``'kind' is missing (required)``."""
    spec = variant(tmp_path, "extends: west-of-africa\ncards:\n  cards:\n    tenerif: {value: 3}\n")
    assert problems_of(spec) == [("v.yaml", 4, 14, "'kind' is missing (required): did you mean 'tenerife'?")]


@pytest.mark.parametrize(
    ("override", "message"),
    [
        ("turn.round_end[1]=harvst", "did you mean 'harvest'?"),  # a round-end primitive
        ("turn.flow.start_turn=begin_trun", "did you mean 'begin_turn'?"),  # a flow primitive
        ("cards.cards.sell.action=sel", "did you mean 'sell'?"),  # an action (a verb of the notation)
        ("turn.player_order=card_summ", "did you mean 'card_sum'?"),
        (
            "cards.cards.Sell.value=3",
            "ids are snake_case (lowercase letters, digits, underscores): did you mean 'sell'?",
        ),
    ],
)
def test_misspelt_declared_names_suggest_the_close_ones(override, message):
    """issue 41.5: a primitive, an action or an id close to one that exists is suggested, at the
    ``--set`` argument that misspelt it."""
    found = problems_of("west-of-africa", (override,))
    assert found[0][0] == f"--set {override}"
    assert found[0][3].endswith(message)


def test_no_suggestion_when_no_name_is_close():
    """issue 41.5 (a guard): an unrelated name gets no "did you mean" (only the list of what exists)."""
    found = problems_of("west-of-africa", ("cards.cards.sell.action=zzz", "economy.gold.qqq=1"))
    assert all("did you mean" not in message for *_, message in found)
    assert found[1][3] == "unknown key 'qqq' (allowed: cap, start)"


@pytest.mark.parametrize(
    ("spec", "meant"),
    [
        ("west-of-afrika", "'west-of-africa'"),  # a bundled ruleset
        ("afrika", "'africa'"),
        ("rich-islands", "rich-islands.yaml'"),  # a bundled variant named without its folder
        ("rich-islnds.yaml", "rich-islands.yaml'"),
    ],
)
def test_misspelt_ruleset_or_variant_name(spec, meant, capsys):
    """issue 41.5: a rules spec that names nothing suggests the bundled rulesets and variants close
    to it."""
    (line,) = [line for line in cli_lines(capsys, spec) if not line.endswith("problem(s)")]
    assert line.startswith(f"{spec}: no such ")
    assert line.endswith(f"{meant}?") and "did you mean '" in line


def test_misspelt_variant_file_beside_the_others(tmp_path):
    """issue 41.5: a variant file that does not exist suggests the one beside it, as it would be typed."""
    (tmp_path / "mine").mkdir()
    variant(tmp_path, "extends: west-of-africa\n", "mine/cheap-gold.yaml")
    assert problems_of("mine/cheap-glod.yaml") == [
        ("mine/cheap-glod.yaml", 0, 0, "no such variant file: did you mean 'mine/cheap-gold.yaml'?")
    ]
    spec = variant(tmp_path, "extends: cheap-glod.yaml\n", "mine/v.yaml")
    assert (
        problems_of(spec)[0][3]
        == "cannot extend 'cheap-glod.yaml': no such variant file: did you mean 'cheap-gold.yaml'?"
    )


def test_misspelt_pack_name(tmp_path):
    """issue 41.5: ``ruleset.pack`` naming no pack suggests the pack meant, at its place."""
    rd = rules_copy(tmp_path, "africa")
    line, column = edit(rd / "ruleset.yaml", "pack: africa", "pack: afrika")
    assert problems_of("rd") == [
        (
            "rd/ruleset.yaml",
            line,
            column + len("pack: "),
            "no rule pack 'afrika': not bundled with woa, not beside the ruleset, not installed: "
            "did you mean 'africa'?",
        )
    ]


def test_africa_overlay_key_suggested(tmp_path):
    """issue 41.5: the other pack's files get the same help (a key of its 2-player overlay)."""
    rd = rules_copy(tmp_path, "africa")
    line, _ = edit(rd / "players.yaml", "supply: {camps: 8}", "supply: {campss: 8}")
    (found,) = problems_of("rd")
    assert found[:2] == ("rd/players.yaml", line)
    assert "unknown key 'campss': did you mean 'camps'?" in found[3] and found[3].endswith("(with 2 players)")


@pytest.mark.parametrize(
    ("ruleset", "text", "message"),
    [
        ("west-of-africa", "p1 sel", "unknown verb 'sel': did you mean 'sell'? (one of: worker,"),
        ("west-of-africa", "p1 select tenerif", "'tenerif' is not a card: did you mean 'tenerife'? (one of: la_palma,"),
        ("west-of-africa", "p1 flyy", "unknown verb 'flyy' (one of: worker,"),
    ],
)
def test_misspelt_verb_or_name_in_notation(ruleset, text, message):
    """issue 41.5: the notation's own names (a verb, an island card) get the same "did you mean"."""
    from woa_core.errors import InvalidNotation
    from woa_core.kernel.notation import parse_action
    from woa_core.rules import load_rules

    with pytest.raises(InvalidNotation) as caught:
        parse_action(load_rules(ruleset, 2), text)
    assert str(caught.value).startswith(message)


def test_misspelt_island_in_a_variant_is_one_problem_with_the_island_meant(tmp_path):
    """issue 41.5: the keys a misspelt (so new) island lacks are said in one problem, with the
    island meant, instead of one ``'X' is missing (required)`` line per key."""
    spec = variant(tmp_path, "extends: west-of-africa\nboard:\n  islands:\n    tenerif: {moorings: 2}\n")
    found = problems_of(spec)
    assert found[0] == (
        "v.yaml",
        4,
        14,
        "'name', 'region' and 'at' are missing (required): did you mean 'tenerife'?",
    )
    assert [f for f, *_ in found[1:]] == ["west-of-africa/board.yaml"]  # the sea links (a semantic check)


def test_a_misspelt_step_in_the_flow_suggests_the_step(tmp_path: Path) -> None:
    """issue 41.5: a misspelt step in ``turn.yaml``'s flow (``selct``) says which step was meant,
    at its line (the kernel flow's messages, after the flow's own refusals of issue 42.2)."""
    import re

    folder = tmp_path / "woa"
    shutil.copytree(data_root() / "rules" / "west-of-africa", folder)
    turn = folder / "turn.yaml"
    turn.write_text(turn.read_text(encoding="utf-8").replace("{name: select,", "{name: selct,"), encoding="utf-8")
    with pytest.raises(RulesError) as refused:
        load_document(str(folder))
    said = r"turn\.yaml:\d+:\d+: 'selct' is no step of this game: did you mean 'select'\?"
    assert re.search(said, str(refused.value))
