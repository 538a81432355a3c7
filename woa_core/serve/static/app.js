// woa serve: the start page and the game's page. The game lives in the server (its id is in the
// address); this page keeps only what its address and the browser's storage hold: the pace of
// the bots, whether they are paused, and the words of an action being built.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);

  function el(tag, props, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props || {})) {
      if (key === "dataset") Object.assign(node.dataset, value);
      else if (key === "onclick") node.addEventListener("click", value);
      else if (key in node) node[key] = value;
      else node.setAttribute(key, value);
    }
    for (const child of children) node.append(child);
    return node;
  }

  function showError(text) {
    const box = $("error");
    box.textContent = text || "";
    box.hidden = !text;
  }

  async function api(method, url, body, raw) {
    const options = { method: method, headers: {} };
    if (body !== undefined) {
      options.body = raw ? body : JSON.stringify(body);
      options.headers["Content-Type"] = raw ? "text/plain; charset=utf-8" : "application/json";
    }
    let response;
    try {
      response = await fetch(url, options);
    } catch (e) {
      return { status: 0, data: { error: "the server does not answer (was it stopped?)" } };
    }
    let data;
    try {
      data = await response.json();
    } catch (e) {
      data = { error: "the server answered " + response.status };
    }
    return { status: response.status, data: data };
  }

  // ------------------------------------------------------------------ the start page

  let setup = null, rulesVersion = -1, rulesTimer = null;

  function currentRuleset() {
    return setup.rulesets.find((r) => r.key === $("ruleset").value);
  }

  function fillPlayers() {
    const ruleset = currentRuleset();
    const select = $("players"), before = Number(select.value);
    select.textContent = "";
    for (const n of ruleset.counts) select.append(el("option", { value: String(n), textContent: String(n) }));
    const wanted = ruleset.counts.includes(before) ? before : (ruleset.counts.includes(3) ? 3 : ruleset.counts[0]);
    if (wanted !== undefined) select.value = String(wanted);
    fillSeats();
  }

  function fillSeats() {
    const ruleset = currentRuleset();
    const table = $("seats"), n = Number($("players").value) || 0;
    const old = [...table.querySelectorAll("tr")].map((row) => [row.querySelector("select").value, row.querySelector("input").value]);
    table.textContent = "";
    for (let s = 0; s < n; s++) {
      const kind = el("select", { "aria-label": "p" + (s + 1) + " is played by", dataset: { seat: String(s + 1) } });
      kind.append(el("option", { value: "human", textContent: "a person" }));
      for (const bot of ruleset.bots) kind.append(el("option", { value: bot, textContent: "bot: " + bot }));
      const params = el("input", { type: "text", placeholder: "parameters, e.g. iterations=200", "aria-label": "p" + (s + 1) + " bot parameters" });
      const known = old[s] && [...kind.options].some((o) => o.value === old[s][0]);
      kind.value = known ? old[s][0] : (s === 0 ? "human" : ruleset.default_bot || "random");
      params.value = old[s] ? old[s][1] : "";
      table.append(el("tr", {}, el("td", { textContent: "p" + (s + 1) }), el("td", {}, kind), el("td", {}, params)));
    }
  }

  async function showRules(force) {
    const ruleset = currentRuleset();
    if (!ruleset) return;
    const r = await api("GET", "/api/rules/" + encodeURIComponent(ruleset.key) + "?players=" + ($("players").value || ""));
    if (r.status !== 200) { showError(r.data.error); return; }
    const rules = r.data;
    if (!force && rules.version === rulesVersion && rules.key === $("preview").dataset.key && String(rules.players) === $("preview").dataset.players) return;
    rulesVersion = rules.version;
    $("preview").dataset.key = rules.key;
    $("preview").dataset.players = String(rules.players);
    document.body.dataset.rulesVersion = String(rules.version);
    $("rulesTitle").textContent = rules.problems.length ? "Problems in " + ruleset.label : "The board of " + ruleset.label;
    $("rulesStatus").textContent = (ruleset.watch ? "Watching: the page follows every save of the file. " : "") +
      (rules.problems.length ? rules.problems.length + " problem(s):" : (rules.hash ? "rules " + rules.name + " (" + rules.hash + "), " + rules.players + " players" : ""));
    const list = $("problems");
    list.textContent = "";
    for (const problem of rules.problems) list.append(el("li", { textContent: problem }));
    $("preview").innerHTML = rules.board || "";
    if (!rules.problems.length && ruleset.counts.length === 0) await loadSetup(ruleset.key);
  }

  async function loadSetup(keep) {
    const r = await api("GET", "/api/setup");
    if (r.status !== 200) { showError(r.data.error); return; }
    setup = r.data;
    const select = $("ruleset");
    select.textContent = "";
    for (const ruleset of setup.rulesets) select.append(el("option", { value: ruleset.key, textContent: ruleset.label }));
    select.value = keep || setup.rulesets[0].key;
    if (!$("seed").value) $("seed").value = String(setup.seed);
    fillPlayers();
  }

  async function startPage() {
    $("start").hidden = false;
    await loadSetup(null);
    await showRules(true);
    $("ruleset").addEventListener("change", () => { fillPlayers(); showRules(true); });
    $("players").addEventListener("change", () => { fillSeats(); showRules(true); });
    rulesTimer = setInterval(() => { if (currentRuleset() && currentRuleset().watch) showRules(false); }, 500);
    $("newGame").addEventListener("submit", async (event) => {
      event.preventDefault();
      const seats = [...$("seats").querySelectorAll("tr")].map((row) => {
        const kind = row.querySelector("select").value, params = row.querySelector("input").value.trim();
        return kind === "human" || !params ? kind : kind + ":" + params;
      });
      const body = {
        ruleset: $("ruleset").value,
        players: Number($("players").value),
        seed: Number($("seed").value || 0),
        set: $("overrides").value.split("\n").map((line) => line.trim()).filter(Boolean),
        seats: seats,
      };
      const r = await api("POST", "/api/games", body);
      if (r.status !== 200) { showError(r.data.error); return; }
      location.href = "/game/" + encodeURIComponent(r.data.id);
    });
    $("resumeGame").addEventListener("submit", async (event) => {
      event.preventDefault();
      const file = $("logFile").files[0];
      if (!file) { showError("choose the log of a game"); return; }
      const text = await file.text();
      const query = "?name=" + encodeURIComponent(file.name) + "&people=" + encodeURIComponent($("people").value.replace(/\s/g, ""));
      const r = await api("POST", "/api/games/resume" + query, text, true);
      if (r.status !== 200) { showError(r.data.error); return; }
      location.href = "/game/" + encodeURIComponent(r.data.id);
    });
  }

  // ------------------------------------------------------------------ the game's page

  const gameId = location.pathname.startsWith("/game/") ? decodeURIComponent(location.pathname.slice(6)) : null;
  let G = null, words = [], paused = false, busy = false, timer = null, hint = null;

  function readAddress() {
    const params = new URLSearchParams(location.hash.slice(1));
    paused = params.get("paused") === "1";
    words = (params.get("w") || "").split(",").filter(Boolean);
  }

  function writeAddress() {
    const params = new URLSearchParams();
    if (paused) params.set("paused", "1");
    if (words.length) params.set("w", words.join(","));
    const hash = params.toString();
    window.history.replaceState(null, "", location.pathname + (hash ? "#" + hash : ""));
  }

  function pace() {
    const stored = Number(localStorage.getItem("woa.pace"));
    return Number.isFinite(stored) && localStorage.getItem("woa.pace") !== null ? stored : 600;
  }

  function gameUrl(what) {
    return "/api/games/" + encodeURIComponent(gameId) + (what ? "/" + what : "") + "?words=" + encodeURIComponent(words.join(","));
  }

  async function request(method, what, body, then) {
    if (busy) return;
    busy = true;
    stopBots();
    document.body.dataset.busy = "1";
    try {
      const r = await api(method, gameUrl(what), body === undefined ? undefined : Object.assign({ at: G ? G.at : 0 }, body));
      if (r.status === 200) {
        showError("");
        G = r.data;
        words = G.build ? G.build.words : [];
        if (then) then();
        writeAddress();
        render();
      } else {
        showError(r.data.error);
        if (r.status === 409) { busy = false; await request("GET", ""); return; }
      }
    } finally {
      busy = false;
      document.body.dataset.busy = "";
      scheduleBots();
    }
  }

  function stopBots() {
    if (timer) { clearTimeout(timer); timer = null; }
  }

  function scheduleBots() {
    stopBots();
    if (!G || G.over || G.person || G.decider === null || paused || busy) return;
    timer = setTimeout(() => { timer = null; request("POST", "bot", {}); }, pace());
  }

  function addWord(word) {
    words = words.concat([word]);
    request("GET", "");
  }

  function play(text) {
    words = [];
    request("POST", "play", { action: text });
  }

  function undoTo(to) {
    words = [];
    // going back to a bot's decision pauses the bots: the position stays on the screen
    request("POST", "undo", { to: to }, () => { if (!G.over && !G.person) paused = true; });
  }

  let shownTo = null;

  function curtain(g, people) {
    // hot-seat: when the screen passes from one person to another, cover it until they are there
    if (people > 1 && g.person && shownTo !== null && g.viewer !== shownTo) {
      $("curtainText").textContent = "p" + (g.viewer + 1) + " to decide: pass the screen to p" + (g.viewer + 1) + ".";
      $("curtain").hidden = false;
    }
    shownTo = g.viewer;
  }

  function render() {
    const g = G;
    document.body.dataset.at = String(g.at);
    document.body.dataset.over = g.over ? "1" : "";
    const people = g.seats.filter((s) => s.person).length;
    const who = (s) => "p" + (s + 1) + (g.seats[s].person ? (people > 1 ? " (person)" : " (you)") : " (" + g.seats[s].who + ")");
    $("status").textContent = g.over ? "Game over" : who(g.decider) + " to decide · " + g.where + (g.step ? " · " + g.step : "");
    $("manifest").textContent = "rules " + g.rules + " (" + g.hash + ")" + (g.variant ? " · variant " + g.variant : "") +
      (g.overrides.length ? " · --set " + g.overrides.join(" ") : "") + " · seed " + g.seed + " · " +
      g.seats.map((s) => s.seat + " " + (s.person ? "person" : s.who)).join(", ") + " · " + g.at + " actions";
    document.title = "woa serve · " + g.rules + " · " + (g.over ? "game over" : g.where);
    curtain(g, people);
    $("save").href = "/api/games/" + encodeURIComponent(gameId) + "/log";
    renderBoard(g);
    $("text").textContent = g.text;
    renderTurn(g, who);
    renderRecent(g);
    renderRoundEnd(g);
    renderHistory(g);
    renderPause();
    const mine = g.history.filter((h) => h.seat === g.viewer);
    $("undo").disabled = !mine.length;
    $("hint").disabled = !g.person;
    if (hint && hint.at !== g.at) { hint = null; }
    renderHint();
  }

  function renderBoard(g) {
    const box = $("board");
    box.innerHTML = g.board || "";
    box.hidden = !g.board;
    $("words").open = !g.board;
    const mark = (list, cls) => {
      for (const attr of g.places) {
        for (const word of list) {
          for (const node of box.querySelectorAll("[" + attr + '="' + CSS.escape(word) + '"]')) node.classList.add(cls);
        }
      }
    };
    // the last action's place: the same selectors the replay viewer outlines (Drawing.marks)
    if (g.last) for (const selector of g.last.marks) for (const node of box.querySelectorAll(selector)) node.classList.add("last");
    if (g.build && g.build.words.length) mark(g.build.next, "target");
  }

  function placeWord(node) {
    for (const attr of G.places) if (node.hasAttribute(attr)) return node.getAttribute(attr);
    return null;
  }

  function renderTurn(g, who) {
    const box = $("builder");
    box.textContent = "";
    $("summary").hidden = !g.over;
    if (g.over) {
      $("turnTitle").textContent = "Game over";
      $("summary").textContent = (g.summary[0] ? g.summary[0] + "\n" : "") + g.summary.slice(1).join("\n");
      return;
    }
    $("turnTitle").textContent = who(g.decider) + " to decide";
    if (!g.person) {
      box.append(el("p", { className: "note", textContent: paused ? "Bots paused: press Resume bots." : "The bot is choosing…" }));
      return;
    }
    const b = g.build;
    if (!b.words.length) {
      box.append(el("h3", { textContent: "What to do" }));
      for (const [verb, count] of b.verbs) {
        box.append(el("button", { type: "button", className: "verb", dataset: { verb: verb }, textContent: verb + (count > 1 ? " (" + count.toLocaleString("en") + ")" : ""), onclick: () => addWord(verb) }));
      }
    } else {
      box.append(el("div", { className: "chosen", textContent: "p" + (g.decider + 1) + " " + b.words.join(" ") + " …" }));
      box.append(el("button", { type: "button", id: "back", textContent: "← back", onclick: () => { words = words.slice(0, -1); request("GET", ""); } }));
      box.append(el("button", { type: "button", id: "clear", textContent: "clear", onclick: () => { words = []; request("GET", ""); } }));
      if (b.complete.length) {
        box.append(el("h3", { textContent: "Play" }));
        for (const text of b.complete) box.append(el("button", { type: "button", className: "play", dataset: { play: text }, textContent: text, onclick: () => play(text) }));
      }
      if (b.next.length) {
        const onBoard = g.places.length ? " (or click it on the board)" : "";
        box.append(el("h3", { textContent: "Add" + onBoard }));
        for (const word of b.next) box.append(el("button", { type: "button", dataset: { word: word }, textContent: word, onclick: () => addWord(word) }));
      }
    }
    const typed = el("input", { type: "text", id: "typed", placeholder: "or type an action, e.g. " + (b.complete[0] || "end").replace(/^p\d+ /, ""), "aria-label": "type an action" });
    const form = el("form", { id: "typedForm" }, typed, el("button", { type: "submit", textContent: "Play" }));
    form.addEventListener("submit", (event) => { event.preventDefault(); if (typed.value.trim()) play(typed.value.trim()); });
    box.append(form);
  }

  function renderRecent(g) {
    const list = $("recent");
    list.textContent = "";
    for (const r of g.recent) {
      const item = el("li", { value: r.number }, el("span", { textContent: r.text }));
      if (r.score) item.append(el("div", { className: "change score", textContent: r.score }));
      if (r.told.length) item.append(el("div", { className: "change", textContent: "then " + r.told.map((t) => t[0].replace(/_/g, " ")).join(", ") + ": told step by step below" }));
      else for (const line of r.lines.slice(0, 6)) item.append(el("div", { className: "change", textContent: line }));
      list.append(item);
    }
    list.scrollTop = list.scrollHeight;
  }

  function renderRoundEnd(g) {
    const box = $("roundEnd");
    box.textContent = "";
    if (!g.told) {
      $("roundTitle").textContent = "Round end";
      box.textContent = "No round has ended yet.";
      return;
    }
    $("roundTitle").textContent = (g.told.round ? "End of round " + g.told.round : "What followed") + " (action " + g.told.number + ")";
    const list = el("dl");
    for (const [step, lines] of g.told.told) {
      list.append(el("dt", { textContent: step.replace(/_/g, " ") }));
      for (const line of lines) list.append(el("dd", { textContent: line }));
    }
    box.append(list);
  }

  function renderHistory(g) {
    const list = $("history");
    list.textContent = "";
    list.append(el("li", { value: 0, dataset: { undo: "0" }, textContent: "(the start)", title: "go back to the start", onclick: () => undoTo(0) }));
    for (const h of g.history) {
      list.append(el("li", { value: h.number, dataset: { undo: String(h.number) }, className: h.number === g.at ? "last" : "", title: "go back to the position after this action", textContent: h.text, onclick: () => undoTo(h.number) }));
    }
    list.scrollTop = list.scrollHeight;
  }

  function renderPause() {
    $("pause").textContent = paused ? "Resume bots" : "Pause bots";
    $("paceText").textContent = (pace() / 1000).toFixed(1) + " s apart";
  }

  function renderHint() {
    const box = $("hintBox");
    box.textContent = "";
    box.hidden = !hint;
    if (!hint) return;
    box.append(el("h3", { textContent: "Hint: the search bot would play " + hint.best }));
    box.append(el("p", { className: "note", textContent: "Each candidate's share of " + hint.iterations + " rollouts to the end of the game that it won (heuristic play after it), with a 95% interval." }));
    const table = el("table");
    for (const c of hint.candidates.slice(0, 8)) {
      const row = el("tr", { className: c.text === hint.best ? "best" : "" },
        el("td", { textContent: c.text }),
        el("td", { textContent: Math.round(100 * c.wins) + "% [" + Math.round(100 * c.low) + "–" + Math.round(100 * c.high) + "]" }),
        el("td", { textContent: c.trials + " tries" }),
        el("td", {}, el("button", { type: "button", className: "hintPlay", dataset: { play: c.text }, textContent: "play", onclick: () => play(c.text) })));
      table.append(row);
    }
    box.append(table);
  }

  async function askHint() {
    if (busy || !G || !G.person) return;
    busy = true;
    stopBots();
    $("hint").disabled = true;
    $("hint").textContent = "Thinking…";
    try {
      const r = await api("POST", gameUrl("hint"), { at: G.at, iterations: Number($("hintBudget").value) });
      if (r.status === 200) { hint = r.data.hint; showError(""); } else showError(r.data.error);
    } finally {
      busy = false;
      $("hint").textContent = "Hint";
      $("hint").disabled = !(G && G.person);
      renderHint();
      scheduleBots();
    }
  }

  function gamePage() {
    $("game").hidden = false;
    readAddress();
    $("pace").value = String(pace());
    $("pace").addEventListener("input", () => { localStorage.setItem("woa.pace", $("pace").value); renderPause(); scheduleBots(); });
    $("pause").addEventListener("click", () => {
      paused = !paused;
      writeAddress();
      if (G) render();
      scheduleBots();
    });
    $("undo").addEventListener("click", () => {
      const mine = G.history.filter((h) => h.seat === G.viewer);
      if (mine.length) undoTo(mine[mine.length - 1].number - 1);
    });
    $("hint").addEventListener("click", askHint);
    $("curtainOpen").addEventListener("click", () => { $("curtain").hidden = true; });
    $("board").addEventListener("click", (event) => {
      if (!G || !G.build || !G.build.words.length) return;
      for (const node of document.elementsFromPoint(event.clientX, event.clientY)) {
        const target = node.closest(".target");
        if (target) {
          const word = placeWord(target);
          if (word) { addWord(word); return; }
        }
      }
    });
    request("GET", "");
  }

  document.addEventListener("DOMContentLoaded", () => {
    if (gameId) gamePage();
    else startPage();
    window.woaServe = { state: () => G, words: () => words, paused: () => paused, busy: () => busy, rulesTimer: () => rulesTimer };
  });
})();
