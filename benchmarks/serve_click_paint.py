"""Click-to-paint of the game page's verb buttons over a whole game (issue 38: at most 300 ms).

A ``woa serve`` in a process, the page in the system's Chromium at 1280 px, p1 a person and the
other seats heuristic bots without a pause: at each of the person's decisions a verb button is
clicked (the first offered of ``--prefer``, else any, seeded) and the time from the click to the
first frame after the page has its answer is taken in the page (``performance.now`` at the
click, then at the ``requestAnimationFrame`` that paints the new buttons); the action is then
finished by clicking its words (any of those offered, seeded, played as soon as it is whole half
the time). Prints the count, median and worst.

    PYTHONPATH=. python benchmarks/serve_click_paint.py [--ruleset africa] [--set PATH=VALUE] [--prefer VERBS]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.conftest import CHROMIUM_ARGS, chromium_path
from tests.serve.servers import serving

CLICK = """async (verb) => {
  const button = document.querySelector('#builder button[data-verb="' + verb + '"]');
  const started = performance.now();
  button.click();
  return await new Promise((done) => {
    const painted = () => done(performance.now() - started);
    const wait = () => requestAnimationFrame(window.woaServe.busy() ? wait : painted);
    requestAnimationFrame(wait);
  });
}"""
"""Click a verb button; the milliseconds until the frame that shows the answer."""

READY = """() => { const w = window.woaServe; const s = w && w.state();
  return !!s && !w.busy() && (s.over || s.person); }"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="west-of-africa")
    parser.add_argument("--set", action="append", default=[])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument(
        "--prefer",
        default="end,done,reveal,walk",
        help="the verbs the person clicks, the first offered of them (comma-separated); else any verb offered",
    )
    args = parser.parse_args()
    prefer = [v for v in args.prefer.split(",") if v]
    from playwright.sync_api import sync_playwright

    seats = ["human"] + ["heuristic"] * (args.players - 1)
    with tempfile.TemporaryDirectory() as tmp, serving(cwd=Path(tmp)) as server, sync_playwright() as p:
        body = {"ruleset": args.ruleset, "players": args.players, "seed": 7, "set": args.set, "seats": seats}
        status, made = server.request("POST", "/api/games", body)
        if status != 200:
            raise SystemExit(f"the game was not started: {made}")
        browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        page.add_init_script("localStorage.setItem('woa.pace', '0')")
        page.goto(f"{server.url}game/{made['id']}")
        times: list[float] = []
        chance = random.Random(7)  # the person's verbs and words: any of those offered, the same each run
        while True:
            page.wait_for_function(READY, timeout=120000)
            state = page.evaluate("window.woaServe.state()")
            if state["over"]:
                break
            verbs = [v for v, _ in state["build"]["verbs"]]
            verb = next((v for v in prefer if v in verbs), None) or chance.choice(verbs)
            times.append(page.evaluate(CLICK, verb))
            for _ in range(16):
                built = page.evaluate("window.woaServe.state().build")
                done = built["complete"] and (not built["next"] or chance.random() < 0.5)
                word = chance.choice(built["next"]) if built["next"] else ""
                page.click("#builder button.play" if done else f'#builder button[data-word="{word}"]')
                page.wait_for_function("() => !window.woaServe.busy()")
                if done:
                    break
        browser.close()
    print(
        f"{args.ruleset}: {len(times)} verb clicks over a game of {state['at']} actions: "
        f"median {statistics.median(times):.0f} ms, worst {max(times):.0f} ms"
    )


if __name__ == "__main__":
    main()
