"""`--html` on simulate and compare: self-contained reports with plots, rendered in Chromium."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from woa_core.cli import main

pytest.importorskip("matplotlib", reason="the 'report' extra is not installed: pip install '.[report]'")

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def simulate_report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("r") / "r.html"
    args = ["simulate", "--players", "3", "--games", "12", "--seed", "1", "--bots", "random,heuristic-v1,random"]
    assert main([*args, "--rotate-seats", "--quiet", "--workers", "1", "--html", str(out)]) == 0
    return out


@pytest.fixture(scope="module")
def compare_report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("c") / "c.html"
    ferry = str(ROOT / "rules/variants/el-hierro-ferry.yaml")
    args = ["compare", "west-of-africa", ferry, "--players", "2", "--games", "8", "--bots", "random"]
    assert main([*args, "--quiet", "--workers", "1", "--html", str(out)]) == 0
    return out


def _self_contained(html: str) -> None:
    # href="#id" and url(#id) point inside the page; nothing may point outside it
    assert not re.search(r"\b(src|href)\s*=\s*\"(?!#)|url\((?!#)|@import|<script", html)
    ids = re.findall(r'\bid="([^"]+)"', html)
    assert len(ids) == len(set(ids)), "two figures share an element id"
    assert "default-src 'none'" in html


def test_the_simulate_report_has_every_plot(simulate_report: Path) -> None:
    html = simulate_report.read_text(encoding="utf-8")
    _self_contained(html)
    headings = re.findall(r"<h2>(.*?)</h2>", html)
    assert headings == [
        "Verdict",
        "Game length",
        "Win rates",
        "Score after each round",
        "VP by source",
        "Goods sold by region",
        "Actions used",
        "How this was run",
        "The report as text",
    ]
    assert html.count('<figure class="plot"><svg') == 6
    chart = html.split("<h2>Score after each round</h2>", 1)[1].split("</figure>", 1)[0]
    assert chart.count("<path") > 6 and ">p3<" in chart  # a median line and a band per seat, a legend
    assert "Lead changes: mean" in chart and "Comeback wins:" in chart  # how the games unfolded, in words
    # the manifest says what produced it, in words
    assert "content hash of the rules" in html and "random, heuristic-v1, random" in html
    assert "95% Wilson intervals" in html and "wins by bot" in html  # intervals, and the text report
    assert '<p class="warning">' in html  # what the bots' strength means for the figures, up front


def test_the_compare_report_shows_each_change_with_its_interval(compare_report: Path) -> None:
    html = compare_report.read_text(encoding="utf-8")
    _self_contained(html)
    headings = re.findall(r"<h2>(.*?)</h2>", html)
    assert "Change: game length and end" in headings and "Change: who wins" in headings
    unfolding = html.split("<h2>Change: how the game unfolds</h2>", 1)[1].split("</figure>", 1)[0]
    assert all(f">{row}<" in unfolding for row in ("lead changes", "decisiveness", "margin", "comebacks"))
    assert "Wins by seat, side by side" in headings and "Actions used, side by side" in headings
    assert "el-hierro-ferry" in html and "paired" in html  # the manifest and the method
    changes = html.split("<h2>Change: who wins</h2>", 1)[1].split("</figure>", 1)[0]
    for row in ("first player wins", "p1 wins", "p2 wins"):
        assert f">{row}<" in changes
    assert len(re.findall(r"pp \[[+-][\d.e+-]*, [+-]", changes)) >= 3  # each rate change with its interval


def test_html_without_matplotlib_says_what_to_install(monkeypatch, tmp_path: Path, capsys) -> None:
    monkeypatch.setattr("woa_core.draw.report_html.has_matplotlib", lambda: False)
    out = tmp_path / "r.html"
    assert main(["simulate", "--players", "2", "--games", "2", "--quiet", "--html", str(out)]) == 2
    err = capsys.readouterr().err
    assert "matplotlib" in err and "pip install" in err and "[report]" in err and not out.exists()
    assert main(["simulate", "--players", "2", "--games", "2", "--quiet"]) == 0  # text needs nothing extra


@pytest.mark.parametrize("which", ["simulate_report", "compare_report"])
def test_the_reports_render_in_chromium(which: str, request: pytest.FixtureRequest, watched: Any) -> None:
    report: Path = request.getfixturevalue(which)
    page = watched.page
    page.goto(report.as_uri())
    plots = page.locator("figure.plot svg")
    assert plots.count() >= 5
    for k in range(plots.count()):
        box = plots.nth(k).bounding_box()
        assert box and box["width"] > 300 and box["height"] > 60  # drawn, not collapsed
    assert watched.screenshot_colours() > 40, "the screenshot is blank"
    assert watched.errors == []
    assert watched.requests == [report.as_uri()]


SPACE = """name: tiny
rules: west-of-africa
players: 2
games: 4
seed: 1
bots: [random]
parameters:
  economy.gold.cap: [40, 60]
  economy.game_end.vp_threshold: [20, 30]
"""


def test_the_sweep_report_draws_heat_maps(tmp_path: Path, watched: Any) -> None:
    """Two parameters: each figure as a heat-map over the grid, every cell with its interval."""
    space = tmp_path / "space.yaml"
    space.write_text(SPACE)
    out = tmp_path / "s.html"
    assert (
        main(["sweep", str(space), "--out", str(tmp_path / "sweep"), "--quiet", "--workers", "1", "--html", str(out)])
        == 0
    )
    html = out.read_text(encoding="utf-8")
    _self_contained(html)
    assert "data:image" not in html  # vector cells, no embedded raster
    headings = re.findall(r"<h2>(.*?)</h2>", html)
    assert headings[0].startswith("Objective score") and "Rounds" in headings and headings[-2] == "How this was run"
    score = html.split("</h2>", 1)[1].split("</figure>", 1)[0]
    assert ">economy.gold.cap<" in score and ">economy.game_end.vp_threshold<" in score
    assert len(re.findall(r"\[[\d.e+-]+, [\d.e+-]+\]", score)) == 4  # one interval per grid cell
    watched.page.goto(out.as_uri())
    assert watched.page.locator("figure.plot svg").count() >= 3
    assert watched.errors == [] and watched.requests == [out.as_uri()]


def _verdict(html: str) -> list[str]:
    """The sentences of a page's verdict: the first section after its title."""
    assert re.findall(r"<h2>(.*?)</h2>", html)[0] == "Verdict"
    block = html.split('<ul class="verdict">', 1)[1].split("</ul>", 1)[0]
    return re.findall(r"<li>(.*?)</li>", block)


def test_the_simulate_report_leads_with_the_start_order_verdict(tmp_path: Path) -> None:
    """issue 41.4: a 2-player West of Africa report's first lines name the start-order advantage
    with its interval (not only the rotated seats), the seats' spread and the end mix; the
    manifest comes last, in words, with no Python value (None, False)."""
    out = tmp_path / "r.html"
    args = ["simulate", "--players", "2", "--games", "20", "--seed", "1", "--rotate-seats", "--quiet", "--workers", "1"]
    assert main([*args, "--html", str(out)]) == 0
    html = out.read_text(encoding="utf-8")
    said = _verdict(html)
    assert re.fullmatch(
        r"first in round-1 order wins [\d.]+% \[[\d.]+–[\d.]+\] of games against an even 50\.0%: .+", said[0]
    )
    assert any(s.startswith("seats win from ") and "spread of" in s for s in said)
    assert any(s.startswith("game end: ") for s in said)
    assert html.index("Verdict") < html.index("<figure") < html.index("How this was run")
    manifest = html.split("<h2>How this was run</h2>", 1)[1].split("</table>", 1)[0]
    cells = re.findall(r"<td>(.*?)</td>", manifest)
    assert "seats" in cells and "rotated each game: every bot plays every seat in turn" in cells
    assert not {"None", "False", "True", "[]", "rotate_seats", "rules_hash"} & set(cells)


def test_an_africa_report_names_the_start_player(tmp_path: Path) -> None:
    """issue 41.4: Africa's verdict says "the start player wins", from its pack's declaration."""
    out = tmp_path / "a.html"
    args = ["simulate", "--rules", "africa", "--players", "2", "--games", "6", "--bots", "random", "--quiet"]
    assert main([*args, "--workers", "1", "--html", str(out)]) == 0
    assert _verdict(out.read_text(encoding="utf-8"))[0].startswith("the start player wins ")


def test_the_compare_report_leads_with_the_rows_that_changed(tmp_path: Path) -> None:
    """issue 41.4: compare's page opens with a one-line summary naming each flagged row, then the
    start-order figure under both rulesets."""
    out = tmp_path / "c.html"
    args = ["compare", "--set", "economy.game_end.vp_threshold=22", "--players", "2", "--games", "30", "--seed", "1"]
    assert main([*args, "--bots", "heuristic", "--quiet", "--workers", "1", "--html", str(out)]) == 0
    said = _verdict(out.read_text(encoding="utf-8"))
    summary = re.fullmatch(r"(\d+) of (\d+) rows changed beyond noise \(adjusted p below 0\.05, Holm\): (.+)", said[0])
    assert summary is not None and int(summary.group(1)) >= 1
    assert "rounds -" in summary.group(3)  # a lower VP threshold shortens the games, beyond noise
    assert said[1].startswith("first in round-1 order wins ") and "under the variant" in said[1]
