"""The replay viewer: one self-contained HTML file that steps through a game log.

The log is replayed and verified first (``woa_core.report.gamelog.replay``: a corrupt or tampered log is
an error, never a half-drawn viewer). The board is drawn once; each step (the state after each
action) keeps only its pieces layer, identical layers stored once. A round-ending action carries
the explanation of every round-end step (``woa_core.packs.west_of_africa.draw.explain``). No script, style or font is
fetched: everything is inline, and a Content-Security-Policy forbids any request.

>>> import os, tempfile
>>> from woa_core.sim.runner import RunSpec, run_one
>>> folder = tempfile.mkdtemp()
>>> _ = run_one(RunSpec("west-of-africa", 2, ("random", "random"), seed=3, log_dir=folder), 0)
>>> page = viewer_html(os.path.join(folder, "game-000000.jsonl"))
>>> page.startswith("<!doctype html>") and "woaReplay" in page and "<script src" not in page
True
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from html import escape
from typing import Any

from woa_core.draw.chart import SEAT_COLOURS, score_chart, x_of
from woa_core.kernel.compiled import CompiledRules
from woa_core.kernel.contract import Game, new_game
from woa_core.kernel.notation import parse_action
from woa_core.report.drawing import Viewer, drawing_of, marked
from woa_core.report.figures import Kind, unfolding_figures
from woa_core.report.gamelog import Replayed, replay
from woa_core.report.unfolding import Unfolding, leading, lower_wins, unit


@dataclass(slots=True)
class Trace:
    """Every step of a replayed game: the state after each action (index 0: before any), and
    how the game unfolded (``woa_core.report.unfolding``)."""

    states: list[Any] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)  # actions[k] led from states[k] to states[k + 1]
    rules: CompiledRules | None = None
    unfolding: Unfolding | None = None


def trace(path: str | os.PathLike[str], rules_spec: str | None = None) -> tuple[Replayed, Trace]:
    """Replay and verify a log, keeping the state after every action.

    >>> import os, tempfile
    >>> from woa_core.sim.runner import RunSpec, run_one
    >>> folder = tempfile.mkdtemp()
    >>> _ = run_one(RunSpec("west-of-africa", 2, ("random", "random"), seed=5, log_dir=folder), 0)
    >>> replayed, t = trace(os.path.join(folder, "game-000000.jsonl"))
    >>> len(t.states) == len(t.actions) + 1 == replayed.actions + 1, t.states[-1].over
    (True, True)
    """
    t = Trace()

    def keep(game: Game, action: str) -> None:
        t.states.append(game.state.copy())
        t.actions.append(action)

    t.unfolding = Unfolding()
    replayed = replay(path, rules_spec, on_action=keep, observers=[t.unfolding])
    t.rules = replayed.game.rules
    t.states.insert(0, new_game(t.rules, replayed.header["seed"]).state)  # before the first action
    return replayed, t


def viewer_data(replayed: Replayed, t: Trace, viewer: Viewer) -> dict[str, Any]:
    """The JSON the viewer's script reads: the pieces layer of every step as indices into a
    table of parts (an island's pieces, the worker ships), each part stored once; the position
    in words (``Viewer.panel``: lines and a row per seat, as indices into a table of texts);
    where the step's action happened on the board (``woa_core.report.drawing.marked``) and who played it; the
    pack's words on what happened (``Drawing.explain``) at a round end or the game's end (``e``,
    shown beside the board) or within a round (``w``, shown with the action); who leads after it
    by the pack's score (``Pack.score``, the best in the direction ``Pack.score_wins`` declares:
    ``lead``, a seat, or -1 while the best is tied; none for a pack that keeps no score); and the
    score chart's readings.

    >>> import os, tempfile
    >>> from woa_core.sim.runner import RunSpec, run_one
    >>> folder = tempfile.mkdtemp()
    >>> _ = run_one(RunSpec("west-of-africa", 2, ("random", "random"), seed=5, log_dir=folder), 0)
    >>> replayed, t = trace(os.path.join(folder, "game-000000.jsonl"))
    >>> data = viewer_data(replayed, t, t.rules.pack.drawing.viewer(t.rules))
    >>> ends = [s for s in data["steps"] if "e" in s]
    >>> len(ends) == t.states[-1].round, ends[-1]["e"][-1][0]  # every round end; the last one scores
    (True, 'final_scoring')
    >>> data["columns"][:2], len(data["steps"][0]["t"]), data["chart"]["at"][-1] == len(t.actions)
    (['player', 'VP'], 2, True)
    """
    assert t.rules is not None
    rules = t.rules
    drawing = drawing_of(rules)
    seats = [str(b) for b in replayed.header.get("bots") or []]
    parts: list[str] = []
    seen: dict[str, int] = {}
    texts: list[Any] = []
    known: dict[str, int] = {}

    def part(value: str) -> int:
        index = seen.setdefault(value, len(parts))
        if index == len(parts):
            parts.append(value)
        return index

    def text(value: Any) -> int:
        key = json.dumps(value)
        index = known.setdefault(key, len(texts))
        if index == len(texts):
            texts.append(value)
        return index

    columns: list[str] = []
    steps: list[dict[str, Any]] = []
    pack, lower = rules.pack, lower_wins(rules.pack)
    for k, state in enumerate(t.states):
        entry: dict[str, Any] = {"f": [part(p) for p in viewer.parts(state, seats)], "r": 1, "a": ""}
        if pack.score is not None:
            entry["lead"] = leading(list(pack.score(pack.game(rules, state=state))), lower)
        if viewer.panel is not None:
            shown = viewer.panel(state, seats)
            columns = list(shown.columns)
            entry["l"] = [text(line) for line in shown.lines]
            entry["t"] = [text(list(row)) for row in shown.rows]
        if k:
            before = t.states[k - 1]
            action = parse_action(rules, t.actions[k - 1])
            entry["r"] = getattr(before, "round", 1)  # a game without rounds is one long round
            entry["a"] = t.actions[k - 1]
            entry["s"] = action[0]
            entry["m"] = marked(drawing, rules, before, state, action, t.actions[k - 1])
            told = drawing.explain(rules, before, state)
            if told is not None:  # a round end or the game's end ("e"), else what the action did ("w")
                ended = state.round != before.round or (k == len(t.states) - 1 and replayed.game.over)
                entry["e" if ended else "w"] = [[name, lines] for name, lines in told]
        steps.append(entry)
    return {"parts": parts, "texts": texts, "columns": columns, "steps": steps, "chart": _chart(t)}


def _chart(t: Trace) -> dict[str, Any]:
    """What the page needs to draw and follow the score chart: the actions played at each
    reading (0 at the start) and the x of each reading; nothing when the pack keeps no score."""
    watched = t.unfolding
    if watched is None or not watched.readings:
        return {}
    at = [0, *watched.at]
    return {"at": at, "x": [round(x_of(i, len(at) - 1), 2) for i in range(len(at))]}


def _start_score(t: Trace) -> list[float]:
    assert t.rules is not None and t.rules.pack.score is not None
    return list(t.rules.pack.score(t.rules.pack.game(t.rules, state=t.states[0])))


def unfolded(replayed: Replayed, t: Trace) -> tuple[str, list[tuple[str, str, str]]]:
    """The score chart of the game (SVG; "" for a pack that keeps no score) and, once it is
    over, how it unfolded (``woa_core.report.unfolding``): a row per figure, its label, this
    game's value and what the value is."""
    assert t.rules is not None
    watched = t.unfolding
    pack = t.rules.pack
    if watched is None or pack.score is None or not watched.readings:
        return "", []
    seats = [f"p{p + 1}" for p in range(t.rules.players)]
    chart = score_chart([_start_score(t), *watched.readings], unit(pack), seats, lower=lower_wins(pack))
    rows = []
    if replayed.game.over:
        for f in unfolding_figures(pack):
            if f.kind is not Kind.SERIES:
                value = f.value(replayed.game, watched)
                if f.kind is Kind.RATE:
                    rows.append((f.label, "yes" if value else "no", f.note))
                else:
                    rows.append((f.label, f"{value:g}", f.unit))
    return chart, rows


def viewer_html(path: str | os.PathLike[str], rules_spec: str | None = None) -> str:
    """The complete viewer page for the log at ``path``."""
    replayed, t = trace(path, rules_spec)
    assert t.rules is not None
    rules = t.rules
    viewer = drawing_of(rules).viewer(rules)
    data = viewer_data(replayed, t, viewer)
    first = "".join(data["parts"][k] for k in data["steps"][0]["f"])
    svg = viewer.document(first)
    head = replayed.header
    end = replayed.game.state
    drawing = drawing_of(rules)
    scores = drawing.scores(end)
    if replayed.finished:
        unit = f" {drawing.unit}" if drawing.unit else ""
        ranking = ", ".join(f"p{p + 1} {scores[p]}{unit}" if unit else f"p{p + 1}" for p in end.ranking)
    else:  # a quit game's log
        ranking = f"unfinished: stopped at {rules.pack.where(replayed.game)}"
    manifest = (
        f"log {os.path.basename(str(path))} · engine {head.get('engine')} · rules {rules.name} "
        f"({rules.content_hash})"
        + (f" · variant {head['variant']}" if head.get("variant") else "")
        + (f" · --set {' '.join(map(str, head['overrides']))}" if head.get("overrides") else "")
        + f" · {rules.players} players · seed {head.get('seed')} · bots {', '.join(map(str, head.get('bots') or []))}"
        + "".join(
            f" · {v} {k}"
            for k, v in (rules.pack.result(replayed.game) if replayed.finished else {}).items()
            if k in ("rounds", "turns")
        )
        + f" · {ranking}"
    )
    chart, rows = unfolded(replayed, t)
    words = "".join(f"<tr><th>{escape(a)}</th><td>{escape(b)}</td><td>{escape(c)}</td></tr>" for a, b, c in rows)
    table = f'<table id="unfolded"><caption>How this game unfolded</caption>{words}</table>' if words else ""
    data["colours"] = list(SEAT_COLOURS)
    data["rounds"] = bool(drawing.rounds)  # a game counted in turns never says "round" (Drawing.rounds)
    said = ROUND_WORDS if drawing.rounds else TURN_WORDS
    payload = json.dumps(data, separators=(",", ":")).replace("</", "<\\/")
    return (
        PAGE.replace("__TITLE__", escape(f"woa replay · {os.path.basename(str(path))}"))
        .replace("__MANIFEST__", escape(manifest))
        .replace("__LAST__", str(len(data["steps"]) - 1))
        .replace("__SVG__", svg)
        .replace("__CHART__", chart)
        .replace("__UNFOLDED__", table)
        .replace("__END_TITLE__", said["__END_TITLE__"])
        .replace("__END_NONE__", said["__END_NONE__"])
        .replace("__ACTIONS__", said["__ACTIONS__"])
        .replace("__END__", said["__END__"])
        .replace("__DATA__", payload)
    )


def text_at(path: str | os.PathLike[str], n: int, rules_spec: str | None = None) -> str:
    """The text board (``woa_core.packs.west_of_africa.draw.render``) after action ``n`` of the log (0: before any).

    >>> import os, tempfile
    >>> from woa_core.sim.runner import RunSpec, run_one
    >>> folder = tempfile.mkdtemp()
    >>> _ = run_one(RunSpec("west-of-africa", 2, ("random", "random"), seed=5, log_dir=folder), 0)
    >>> print(text_at(os.path.join(folder, "game-000000.jsonl"), 0).splitlines()[1])
    Round 1 · selecting cards · settlement track 4, reserve 8
    """
    from woa_core.errors import UsageError

    _, t = trace(path, rules_spec)
    assert t.rules is not None
    if not 0 <= n < len(t.states):
        raise UsageError(f"--at must be between 0 and {len(t.states) - 1}: the log has {len(t.actions)} actions")
    head = f"after action {n}: {t.actions[n - 1]}" if n else "before the first action"
    game = t.rules.pack.game(t.rules, state=t.states[n])
    return head + "\n" + drawing_of(t.rules).text(game, None)


def svg_at(path: str | os.PathLike[str], n: int | None = None, rules_spec: str | None = None) -> str:
    """The board as SVG after action ``n`` of the log (``None``: at the end of the game).

    >>> import os, tempfile
    >>> from woa_core.sim.runner import RunSpec, run_one
    >>> folder = tempfile.mkdtemp()
    >>> _ = run_one(RunSpec("west-of-africa", 2, ("random", "random"), seed=5, log_dir=folder), 0)
    >>> svg_at(os.path.join(folder, "game-000000.jsonl")).count('class="ship"')
    2
    """
    from woa_core.errors import UsageError

    replayed, t = trace(path, rules_spec)
    assert t.rules is not None
    k = len(t.states) - 1 if n is None else n
    if not 0 <= k < len(t.states):
        raise UsageError(f"--at must be between 0 and {len(t.states) - 1}: the log has {len(t.actions)} actions")
    seats = [str(b) for b in replayed.header.get("bots") or []]
    return drawing_of(t.rules).board(t.rules, t.states[k], seats, None)


ROUND_WORDS = {
    "__END__": "round end",
    "__END_TITLE__": "Round end",
    "__END_NONE__": "No round has ended yet.",
    "__ACTIONS__": "Actions of this round",
}
"""The viewer's words for a game played in rounds (``Drawing.rounds``)."""

TURN_WORDS = {
    "__END__": "step the game explains",
    "__END_TITLE__": "What followed",
    "__END_NONE__": "Nothing beyond the actions themselves yet.",
    "__ACTIONS__": "Actions",
}
"""The viewer's words for a game counted in turns: no "round" anywhere."""

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy"
 content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>__TITLE__</title>
<style>
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:0;color:#222;background:#fafafa;font-size:14px}
header{padding:8px 16px;background:#24415a;color:#fff}header h1{font-size:18px;margin:0}
header p{margin:4px 0 0;font-size:13px;opacity:.9}
nav{display:flex;gap:6px;align-items:center;padding:8px 16px;background:#eee;position:sticky;top:0;z-index:2}
nav button{font-size:15px;min-width:38px;padding:4px 8px;cursor:pointer}
nav input[type=range]{flex:1;min-width:120px}#position{font-variant-numeric:tabular-nums;min-width:190px}
#action{padding:6px 16px;font:15px ui-monospace,Menlo,Consolas,monospace;background:#fff;border-bottom:1px solid #ddd}
main{display:flex;gap:16px;padding:8px 16px;align-items:flex-start}
#boardbox{flex:1 1 auto;min-width:0}#boardbox svg.board{width:100%;height:auto;background:#fff;border:1px solid #ccc}
#marks rect{fill:none;stroke:#e6007e;stroke-width:5;stroke-opacity:.85}
#status{margin:8px 0 6px;font-size:15px}#status div:first-child{font-weight:600}
#players{border-collapse:collapse;width:100%;background:#fff;font-size:14px;line-height:1.35}
#players th{font-size:13px;text-align:left;background:#f0f0f0;color:#444;font-weight:600}
#players th,#players td{border:1px solid #d4d4d4;padding:4px 8px;vertical-align:top;overflow-wrap:break-word}
#players td:first-child{white-space:nowrap;font-weight:600}
#players tr.acting td{background:#fff3c4}
.swatch{display:inline-block;width:12px;height:12px;margin-right:6px;vertical-align:-1px;border:1px solid #333}
#chartbox{margin-top:12px}#chartbox svg{max-width:100%;height:auto;background:#fff;border:1px solid #ccc}
#chartbox svg text{font-size:12px;fill:#333}#chartbox svg .title{font-size:14px;font-weight:600}
#chartbox svg .grid{stroke:#e4e4e4}#chartbox #cursor{stroke:#e6007e;stroke-width:2;stroke-dasharray:5 3}
#unfolded{font-size:14px;border-collapse:collapse;margin-top:8px}
#unfolded caption{text-align:left;font-weight:600;padding:4px 0}
#unfolded th{text-align:left;font-weight:600;padding:2px 12px 2px 0}#unfolded td{padding:2px 12px 2px 0;color:#333}
aside{flex:0 0 340px;font-size:14px;min-width:0}aside h2{font-size:15px;margin:8px 0 4px}
#roundend{background:#fff;border:1px solid #ccc;padding:6px 8px}#roundend.current{border-color:#c80;background:#fff8e6}
#roundend dt{font-weight:600;margin-top:4px}#roundend dd{margin:0 0 0 12px}
#actions{max-height:420px;overflow:auto;background:#fff;border:1px solid #ccc;margin:0;padding:4px 4px 4px 40px;
font:13px ui-monospace,Menlo,Consolas,monospace}#actions li{cursor:pointer}#actions li.now{background:#ffe08a}
.keys{font-size:13px;color:#555;padding:0 16px 12px}
@media (max-width:1100px){main{flex-direction:column}aside{flex:none;width:100%}}
@media (max-width:640px){nav{flex-wrap:wrap;padding:6px 8px}#position{min-width:0}main{padding:6px 8px}
#players,#players tbody,#players tr,#players td{display:block;width:auto}#players thead{display:none}
#players tr{margin-bottom:6px;border:1px solid #d4d4d4}#players td{border:0;border-top:1px solid #eee}
#players td:first-child{white-space:normal}
#players td[data-label]:not(:first-child)::before{content:attr(data-label) ": ";color:#555;font-weight:600}
#unfolded{display:block;overflow-x:auto;max-width:100%}
#boardbox{width:100%}#chartbox{overflow-x:auto}#chartbox svg{max-width:none}}
</style></head>
<body>
<header><h1>__TITLE__</h1><p id="manifest">__MANIFEST__</p></header>
<nav aria-label="replay controls">
<button id="first" title="start (Home)" aria-label="start">|&#x25C0;</button>
<button id="prevRound" title="previous __END__ (Page Up, ↑)" aria-label="previous __END__">&#x25C0;&#x25C0;</button>
<button id="prev" title="previous action (←)" aria-label="previous action">&#x25C0;</button>
<button id="play" title="play / pause (space)" aria-label="play">play</button>
<button id="next" title="next action (→)" aria-label="next action">&#x25B6;</button>
<button id="nextRound" title="next __END__ (Page Down, ↓)" aria-label="next __END__">&#x25B6;&#x25B6;</button>
<button id="last" title="end (End)" aria-label="end">&#x25B6;|</button>
<input id="slider" type="range" min="0" max="__LAST__" value="0" aria-label="step">
<span id="position"></span>
</nav>
<div id="action"></div>
<main><div id="boardbox">__SVG__
<div id="status"></div>
<table id="players"><thead><tr></tr></thead><tbody></tbody></table>
<div id="chartbox">__CHART____UNFOLDED__</div></div>
<aside><h2 id="roundendTitle">__END_TITLE__</h2><div id="roundend">__END_NONE__</div>
<h2>__ACTIONS__</h2><ol id="actions"></ol></aside></main>
<p class="keys">Keys: ← → one action, ↑ ↓ or Page Up / Page Down one __END__, Home / End, space plays.
The action just played is outlined on the board and its player's row is highlighted.</p>
<script type="application/json" id="data">__DATA__</script>
<script>
"use strict";
(function () {
  const D = JSON.parse(document.getElementById("data").textContent);
  const last = D.steps.length - 1;
  const $ = (id) => document.getElementById(id);
  const pieces = $("pieces"), slider = $("slider"), board = pieces.ownerSVGElement;
  const SVG = "http://www.w3.org/2000/svg";
  const marks = document.createElementNS(SVG, "g");
  marks.id = "marks";
  board.appendChild(marks);
  let now = -1, timer = null;
  const head = $("players").tHead.rows[0];
  for (const name of D.columns) {
    const th = document.createElement("th");
    th.textContent = name;
    head.appendChild(th);
  }
  if (!D.columns.length) $("players").hidden = true;
  function roundEnd(k) {
    let j = k;
    while (j > 0 && !D.steps[j].e) j--;
    return j;
  }
  function panel(s) {
    const status = $("status");
    status.textContent = "";
    for (const i of s.l || []) {
      const div = document.createElement("div");
      div.textContent = D.texts[i];
      status.appendChild(div);
    }
    const body = $("players").tBodies[0];
    body.textContent = "";
    (s.t || []).forEach((i, seat) => {
      const tr = document.createElement("tr");
      tr.dataset.seat = "p" + (seat + 1);
      if (seat === s.s) tr.className = "acting";
      D.texts[i].forEach((cell, c) => {
        const td = document.createElement("td");
        td.dataset.label = D.columns[c] || "";
        if (c === 0) {
          const sw = document.createElement("span");
          sw.className = "swatch";
          sw.style.background = D.colours[seat % D.colours.length];
          td.appendChild(sw);
        }
        td.appendChild(document.createTextNode(cell));
        tr.appendChild(td);
      });
      body.appendChild(tr);
    });
  }
  function mark(s) {
    marks.textContent = "";
    for (const selector of s.m || []) {
      for (const el of board.querySelectorAll(selector)) {
        const b = el.getBBox(), rect = document.createElementNS(SVG, "rect");
        rect.setAttribute("x", b.x - 5);
        rect.setAttribute("y", b.y - 5);
        rect.setAttribute("width", b.width + 10);
        rect.setAttribute("height", b.height + 10);
        rect.setAttribute("rx", 8);
        marks.appendChild(rect);
      }
    }
  }
  function cursor(k) {
    const c = $("cursor"), at = (D.chart || {}).at;
    if (!c || !at) return;
    let i = 1;
    while (i < at.length - 1 && at[i] < k) i++;
    const span = at[i] - at[i - 1], f = span > 0 ? Math.min(1, Math.max(0, (k - at[i - 1]) / span)) : 1;
    const x = D.chart.x[i - 1] + f * (D.chart.x[i] - D.chart.x[i - 1]);
    c.setAttribute("x1", x);
    c.setAttribute("x2", x);
  }
  function show(k) {
    k = Math.max(0, Math.min(last, k));
    if (k === now) return;
    now = k;
    const s = D.steps[k];
    pieces.innerHTML = s.f.map((p) => D.parts[p]).join("");
    panel(s);
    mark(s);
    cursor(k);
    slider.value = String(k);
    const leads = s.lead === undefined ? "" : s.lead < 0 ? " · tied for the lead" : " · p" + (s.lead + 1) + " leads";
    $("position").textContent = "action " + k + " of " + last + (D.rounds ? " · round " + s.r : "") + leads;
    const words = (s.w || []).map(([, lines]) => lines.join("; ")).join("; ");
    $("action").textContent = k === 0 ? "before the first action" : s.a + (words ? " — " + words : "");
    const j = roundEnd(k), box = $("roundend");
    box.className = j === k && j > 0 ? "current" : "";
    box.textContent = "";
    if (j === 0) {
      box.textContent = D.rounds ? "No round has ended yet." : "Nothing beyond the actions themselves yet.";
      $("roundendTitle").textContent = D.rounds ? "Round end" : "What followed";
    } else {
      $("roundendTitle").textContent = (D.rounds ? "End of round " + D.steps[j].r : "What followed action " + j)
        + (j === k ? " (this action)" : "");
      const dl = document.createElement("dl");
      for (const [name, lines] of D.steps[j].e) {
        const dt = document.createElement("dt");
        dt.textContent = name.replace(/_/g, " ");
        dl.appendChild(dt);
        for (const line of lines) {
          const dd = document.createElement("dd");
          dd.textContent = line;
          dl.appendChild(dd);
        }
      }
      box.appendChild(dl);
    }
    const list = $("actions");
    list.textContent = "";
    let a = k;
    while (a > 1 && D.steps[a - 1].r === s.r && !D.steps[a - 1].e) a--;
    if (k === 0) a = 1;
    list.start = a;
    for (let b = a; b <= last && D.steps[b].r === (k === 0 ? 1 : s.r); b++) {
      const li = document.createElement("li");
      li.textContent = D.steps[b].a;
      if (b === k) li.className = "now";
      li.addEventListener("click", () => show(b));
      list.appendChild(li);
      if (D.steps[b].e) break;
    }
    document.body.dataset.step = String(k);
  }
  function nextRound() {
    for (let j = now + 1; j <= last; j++) if (D.steps[j].e) return show(j);
    show(last);
  }
  function prevRound() {
    for (let j = now - 1; j > 0; j--) if (D.steps[j].e) return show(j);
    show(0);
  }
  function toggle() {
    if (timer) { clearInterval(timer); timer = null; $("play").textContent = "play"; return; }
    $("play").textContent = "pause";
    timer = setInterval(() => { if (now >= last) toggle(); else show(now + 1); }, 350);
  }
  $("first").onclick = () => show(0);
  $("last").onclick = () => show(last);
  $("prev").onclick = () => show(now - 1);
  $("next").onclick = () => show(now + 1);
  $("prevRound").onclick = prevRound;
  $("nextRound").onclick = nextRound;
  $("play").onclick = toggle;
  slider.addEventListener("input", () => show(Number(slider.value)));
  document.addEventListener("keydown", (ev) => {
    if (ev.target === slider && (ev.key === "ArrowLeft" || ev.key === "ArrowRight")) return;
    const keys = {ArrowRight: () => show(now + 1), ArrowLeft: () => show(now - 1), ArrowDown: nextRound,
      PageDown: nextRound, ArrowUp: prevRound, PageUp: prevRound, Home: () => show(0), End: () => show(last),
      " ": toggle};
    if (keys[ev.key]) { ev.preventDefault(); keys[ev.key](); }
  });
  window.woaReplay = {show: show, steps: last, now: () => now};
  show(0);
})();
</script>
</body></html>
"""
