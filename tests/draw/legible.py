"""What the browser tests of the replay viewer measure on its page (``woa replay --html``, issue
16 part 5): the words at least 12 px on screen, the players' table in columns that neither overlap
nor spill, the table and the side panel clear of the board."""

from __future__ import annotations

LEGIBLE = "#status div, #players th, #players td, #unfolded th, #unfolded td, #roundend dd, #actions li, #action"
"""The viewer's words: each at least 12 px, as the browser computes it."""

MEASURE = """(selector) => {
  const small = [];
  for (const el of document.querySelectorAll(selector)) {
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < 12) small.push(el.tagName + " " + el.textContent.slice(0, 30) + ": " + size + "px");
  }
  const chart = document.querySelector("#chartbox svg");
  const scale = chart.getBoundingClientRect().width / chart.viewBox.baseVal.width;
  for (const el of chart.querySelectorAll("text")) {
    const size = parseFloat(getComputedStyle(el).fontSize) * scale;
    if (size < 12) small.push("chart " + el.textContent + ": " + size.toFixed(1) + "px");
  }
  return small;
}"""

OVERLAPS = """() => {
  const problems = [];
  const box = (el) => el.getBoundingClientRect();
  for (const row of document.querySelectorAll("#players tr")) {
    const cells = [...row.children];
    cells.forEach((cell, i) => {
      if (cell.scrollWidth > cell.clientWidth + 1) problems.push("overflows its column: " + cell.textContent);
      const range = document.createRange();
      range.selectNodeContents(cell);
      const text = range.getBoundingClientRect(), own = box(cell);
      if (text.left < own.left - 1 || text.right > own.right + 1) problems.push("spills out: " + cell.textContent);
      if (i && box(cells[i - 1]).right > own.left + 0.5) problems.push("columns overlap at " + cell.textContent);
    });
  }
  const board = box(document.getElementById("boardbox")), aside = box(document.querySelector("aside"));
  const table = box(document.getElementById("players"));
  if (table.right > board.right + 1) problems.push("the table is wider than the board");
  if (aside.left < board.right && aside.top < board.bottom && aside.bottom > board.top)
    problems.push("the side panel overlaps the board");
  return problems;
}"""

BOARD_TEXT = """() => {
  const svg = document.querySelector("#boardbox svg.board");
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const small = [];
  for (const el of svg.querySelectorAll("text")) {
    const size = parseFloat(getComputedStyle(el).fontSize) * scale;
    const what = (el.getAttribute("class") || "text") + " " + el.textContent;
    if (size < 12) small.push(what + ": " + size.toFixed(1) + "px");
  }
  return small;
}"""
"""The board's words as the screen shows them (the picture is scaled to the page): those under 12 px."""
