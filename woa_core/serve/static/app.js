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
      // the pack's declared bots (Pack.default_bots), seat s the (s mod n)-th, the first seat a person's
      const declared = ruleset.default_bots.length ? ruleset.default_bots[s % ruleset.default_bots.length] : ["random", ""];
      kind.value = known ? old[s][0] : (s === 0 ? "human" : declared[0]);
      params.value = old[s] ? old[s][1] : (s === 0 ? "" : declared[1]);
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
  let G = null, words = [], paused = false, pausedByBack = false, busy = false, timer = null, hint = null;
  let previewing = null, hinting = null, noteTimer = null, announced = "", poller = null;

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

  function note(text, seconds) {
    // a message over the board, in place: the board does not move
    const box = $("boardNote");
    if (noteTimer) { clearTimeout(noteTimer); noteTimer = null; }
    box.textContent = text || "";
    box.hidden = !text;
    if (text) noteTimer = setTimeout(() => { box.hidden = true; noteTimer = null; }, (seconds || 4) * 1000);
  }

  function setBusy(on) {
    busy = on;
    document.body.dataset.busy = on ? "1" : "";
    // the buttons say they are busy (and take no click) rather than dropping one silently
    for (const b of document.querySelectorAll("#builder button, #hintBox button, #undo, #redo")) {
      b.disabled = on;
      if (on) b.setAttribute("aria-busy", "true"); else b.removeAttribute("aria-busy");
    }
    if (!on && G) renderButtons(G);
  }

  function renderButtons(g) {
    const mine = g.history.filter((h) => h.seat === g.viewer);
    $("undo").disabled = !mine.length;
    $("redo").disabled = !g.ahead;
    $("redo").textContent = g.ahead ? "Redo (" + g.ahead + ")" : "Redo";
    $("hint").disabled = !g.person || !!hinting;
  }

  async function request(method, what, body, then) {
    if (busy) return;
    setBusy(true);
    stopBots();
    try {
      const r = await api(method, gameUrl(what), body === undefined ? undefined : Object.assign({ at: G ? G.at : 0 }, body));
      if (r.status === 200) {
        showError("");
        const before = G;
        G = r.data;
        words = G.build ? G.build.words : [];
        if (then) then();
        writeAddress();
        render();
        if (before && method === "GET" && !what && G.at !== before.at) toldMoved(before);
      } else if (r.status === 409) {
        // another tab played on: show the game as it is, and say so in place
        setBusy(false);
        await request("GET", "");
        note("The game moved on in another tab: this is it now (your click was not played).", 6);
        return;
      } else {
        showError(r.data.error);
      }
    } finally {
      setBusy(false);
      scheduleBots();
    }
  }

  function toldMoved(before) {
    const last = G.history[G.history.length - 1];
    note(G.at > before.at && last ? "Played in another tab: " + last.text : "Another tab went back to action " + G.at + ".", 6);
  }

  function stopBots() {
    if (timer) { clearTimeout(timer); timer = null; }
  }

  function scheduleBots() {
    stopBots();
    if (!G || G.over || G.person || G.decider === null || paused || busy || hinting) return;
    timer = setTimeout(() => { timer = null; request("POST", "bot", {}); }, pace());
  }

  function watchOtherTabs() {
    // a move made in another tab shows up here within a second
    poller = setInterval(async () => {
      if (!G || busy || hinting || document.hidden) return;
      const r = await api("GET", "/api/games/" + encodeURIComponent(gameId) + "/count");
      if (r.status === 200 && G && !busy && r.data.at !== G.at) {
        if (!timer || r.data.at < G.at) await request("GET", "");
      }
    }, 700);
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
    closePreview();
    // going back to a bot's decision pauses the bots: the position stays on the screen
    request("POST", "undo", { to: to }, () => { if (!G.over && !G.person && !paused) paused = pausedByBack = true; });
  }

  function redo() {
    if (!G || !G.ahead) return;
    words = [];
    closePreview();
    // back where the person was: the bots go on as they did, unless the person paused them
    request("POST", "redo", {}, () => { if (pausedByBack) paused = pausedByBack = false; });
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

  function announce(g, who) {
    const people = g.seats.filter((s) => s.person).length;
    const yours = g.person && (people === 1 || g.viewer === g.decider);
    document.title = (yours ? "● Your turn · " : "") + "woa serve · " + g.rules + " · " + (g.over ? "game over" : g.where);
    const text = g.over ? "Game over." : (yours ? "Your turn: " : "") + who(g.decider) + " to decide, " + g.where + ".";
    if (text !== announced) { $("live").textContent = text; announced = text; }
  }

  function render() {
    const g = G;
    document.body.dataset.at = String(g.at);
    document.body.dataset.over = g.over ? "1" : "";
    const people = g.seats.filter((s) => s.person).length;
    const who = (s) => "p" + (s + 1) + (g.seats[s].person ? (people > 1 ? " (person)" : " (you)") : " (" + g.seats[s].who + ")");
    const leads = g.leader === null || g.leader === undefined ? "" : " · p" + (g.leader + 1) + " leads";
    $("status").textContent = g.over ? "Game over" : who(g.decider) + " to decide · " + g.where + (g.step ? " · " + g.step : "") + leads;
    $("manifest").textContent = "rules " + g.rules + " (" + g.hash + ")" + (g.variant ? " · variant " + g.variant : "") +
      (g.overrides.length ? " · --set " + g.overrides.join(" ") : "") + " · seed " + g.seed + " · " +
      g.seats.map((s) => s.seat + " " + (s.person ? "person" : s.who)).join(", ") + " · " + g.at + " actions";
    announce(g, who);
    curtain(g, people);
    $("save").href = "/api/games/" + encodeURIComponent(gameId) + "/log";
    if (previewing === null) { renderBoard(g); renderPlayers(g.panel, g); }
    $("text").textContent = g.text;
    renderKeyNumbers(g);
    renderTurn(g, who);
    renderRecent(g);
    renderRoundEnd(g);
    renderHistory(g);
    renderPause();
    renderButtons(g);
    if (hint && hint.at !== g.at) { hint = null; }
    renderHint();
  }

  function renderBoard(g) {
    const box = $("board");
    box.classList.remove("previewing");
    box.innerHTML = g.board || "";
    box.hidden = !g.board;
    $("zoom").hidden = !g.board;
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
    // the pack's words for what a target is, as its tooltip
    for (const node of box.querySelectorAll(".target")) {
      const said = describe(placeWord(node));
      if (said && !node.querySelector(":scope > title.said")) {
        const title = document.createElementNS("http://www.w3.org/2000/svg", "title");
        title.classList.add("said");
        title.textContent = said;
        node.prepend(title);
      }
    }
    fitTargets(box);
  }

  let zoomedByHand = false;

  function fitTargets(box) {
    // a target smaller than 24 px (a phone's map) zooms the board in while it is offered, the
    // first target scrolled into the board's view; the board fits the width again after. A word
    // drawn several times (a field and the explorer on it) is as large as its largest drawing,
    // measured with the board fitted to the width (as it is without the zoom)
    const targets = [...box.querySelectorAll(".target")];
    box.classList.remove("zoomed");
    const largest = new Map();
    for (const t of targets) {
      const r = t.getBoundingClientRect(), word = ((G && G.places) || []).map((a) => t.getAttribute(a)).find(Boolean) || t;
      largest.set(word, Math.max(largest.get(word) || 0, Math.min(r.width, r.height)));
    }
    const smallest = Math.min(...largest.values());
    setZoom(zoomedByHand || (targets.length > 0 && smallest < 24));
    if (targets.length && box.classList.contains("zoomed")) {
      const r = targets[0].getBoundingClientRect(), own = box.getBoundingClientRect();
      box.scrollLeft += r.left - own.left - (own.width - r.width) / 2;
      box.scrollTop += r.top - own.top - (own.height - r.height) / 2;
    }
  }

  function setZoom(on) {
    $("board").classList.toggle("zoomed", on);
    $("zoom").setAttribute("aria-pressed", on ? "true" : "false");
    $("zoom").textContent = on ? "Fit" : "Zoom";
  }

  function describe(word) {
    return (G && word && ((G.words && G.words[word]) || (G.verbs_said && G.verbs_said[word]))) || "";
  }

  function renderKeyNumbers(g) {
    const list = $("keyNumbers");
    list.textContent = "";
    for (const line of g.key_numbers || []) list.append(el("li", { textContent: line }));
    $("rulesBox").hidden = !(g.key_numbers || []).length;
  }

  function renderPlayers(panel, g) {
    const box = $("seatPanels");
    box.textContent = "";
    box.hidden = !panel;
    if (!panel) return;
    const lines = el("ul", { className: "lines" });
    for (const line of panel.lines) lines.append(el("li", { textContent: line }));
    box.append(lines);
    const seats = el("div", { className: "seats" });
    panel.rows.forEach((row, p) => {
      const you = panel.you === p, decides = panel.decides === p && !g.over;
      const card = el("section", { className: "seat" + (you ? " you" : "") + (decides ? " decides" : ""), dataset: { seat: String(p) }, "aria-label": row[0] + (you ? ", you" : "") });
      card.style.borderLeftColor = SEAT_COLOURS[p % SEAT_COLOURS.length];
      card.append(el("h3", { textContent: row[0] + (you ? " · you" : "") + (decides ? " · to decide" : "") }));
      const dl = el("dl");
      row.slice(1).forEach((cell, k) => {
        dl.append(el("dt", { textContent: panel.columns[k + 1] }), el("dd", { textContent: cell === "" ? "–" : cell }));
      });
      card.append(dl);
      seats.append(card);
    });
    box.append(seats);
  }

  const SEAT_COLOURS = ["#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"];

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
      renderSummary(g);
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
        box.append(el("button", { type: "button", className: "verb choice", dataset: { verb: verb }, title: (describe(verb) ? describe(verb) + " · " : "") + (count > 1 ? count.toLocaleString("en") + " actions begin with " + verb : "one action: " + verb), textContent: verb.replace(/_/g, " ") + (count > 1 ? " (" + count.toLocaleString("en") + ")" : ""), onclick: () => addWord(verb) }));
      }
    } else {
      box.append(el("div", { className: "chosen", textContent: "p" + (g.decider + 1) + " " + b.words.join(" ") + " …" }));
      box.append(el("button", { type: "button", id: "back", textContent: "← back", onclick: () => { words = words.slice(0, -1); request("GET", ""); } }));
      box.append(el("button", { type: "button", id: "clear", textContent: "clear", onclick: () => { words = []; request("GET", ""); } }));
      if (b.complete.length) {
        box.append(el("h3", { textContent: "Play" }));
        for (const text of b.complete) box.append(el("button", { type: "button", className: "play choice", dataset: { play: text }, textContent: text, onclick: () => play(text) }));
      }
      if (b.next.length) {
        const onBoard = g.places.length ? " (or click it on the board)" : "";
        box.append(el("h3", { textContent: "Add" + onBoard }));
        for (const word of b.next) box.append(el("button", { type: "button", className: "choice", dataset: { word: word }, title: describe(word) || "add " + word + " to the action", textContent: word, onclick: () => addWord(word) }));
      }
    }
    const typed = el("input", { type: "text", id: "typed", placeholder: "or type an action, e.g. " + (b.complete[0] || "end").replace(/^p\d+ /, ""), "aria-label": "type an action" });
    const form = el("form", { id: "typedForm" }, typed, el("button", { type: "submit", textContent: "Play" }));
    form.addEventListener("submit", (event) => { event.preventDefault(); if (typed.value.trim()) play(typed.value.trim()); });
    box.append(form);
  }

  function renderSummary(g) {
    // the game-over summary, the person's line marked
    const box = $("summary");
    box.textContent = "";
    const lines = g.summary || [];
    if (lines[0]) box.append(el("p", { textContent: lines[0] }));
    const list = el("ol", { className: "ranking" });
    const mine = g.viewer === null ? null : new RegExp("\\bp" + (g.viewer + 1) + "\\b");
    for (const line of lines.slice(1)) {
      const you = mine !== null && mine.test(line);
      list.append(el("li", { className: you ? "you" : "", textContent: line + (you ? "  ← you" : "") }));
    }
    box.append(list);
  }

  function renderRecent(g) {
    const list = $("recent");
    list.textContent = "";
    for (const r of g.recent) {
      const item = el("li", { value: r.number }, el("span", { className: "said", textContent: r.said || r.text }));
      if (r.said && r.said !== r.text) item.append(el("div", { className: "change notation", textContent: r.text }));
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
    const kind = g.rounds ? "Round end" : "What followed an action";
    if (!g.told) {
      $("roundTitle").textContent = kind;
      box.textContent = g.rounds ? "No round has ended yet." : "Nothing beyond the actions themselves yet.";
      return;
    }
    $("roundTitle").textContent = (g.rounds && g.told.round ? "End of round " + g.told.round : "What followed") + " (action " + g.told.number + ")";
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
    const item = (number, text, said) => {
      // the move log in sentences (the pack's own words); the notation in the tooltip
      const li = el("li", { value: number, dataset: { undo: String(number), notation: text }, className: number === g.at ? "last" : "", tabIndex: 0, title: (said && said !== text ? text + " · " : "") + "see the moment after this action; click to go back there", textContent: said || text });
      li.addEventListener("mouseenter", () => preview(number, false));
      li.addEventListener("focus", () => preview(number, false));
      li.addEventListener("click", () => preview(number, true));
      li.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.preventDefault(); preview(number, true); } });
      return li;
    };
    list.append(item(0, "(the start)"));
    for (const h of g.history) list.append(item(h.number, h.text, h.said));
    list.scrollTop = list.scrollHeight;
  }

  const positions = new Map();

  async function preview(number, pinned) {
    // show the moment after action `number` (nothing changes until going back is confirmed)
    if (!G || (previewing !== null && previewing.pinned && !pinned)) return;
    if (number === G.at && !pinned) { closePreview(); return; }
    previewing = { number: number, pinned: pinned };
    const key = G.at + ":" + number;
    let shown = positions.get(key);
    if (!shown) {
      const r = await api("GET", "/api/games/" + encodeURIComponent(gameId) + "/position/" + number);
      if (r.status !== 200) { showError(r.data.error); return; }
      shown = r.data;
      if (positions.size > 200) positions.clear();
      positions.set(key, shown);
    }
    if (!previewing || previewing.number !== number) return;
    const box = $("board");
    box.innerHTML = shown.board || "";
    box.classList.add("previewing");
    renderPlayers(shown.panel, G);
    for (const li of $("history").children) li.classList.toggle("previewed", Number(li.value) === number);
    $("previewText").textContent = (number === 0 ? "The start" : "After action " + number) + " (" + shown.where + ") · now: action " + G.at;
    $("goBack").hidden = number === G.at || !pinned;
    $("confirmBack").hidden = true;
    $("previewBar").hidden = false;
  }

  function askBack() {
    const number = previewing.number, later = G.at - number;
    $("confirmText").textContent = "Go back to " + (number === 0 ? "the start" : "action " + number) + "? The " + later + " action(s) after it are kept: Redo plays them again until a new action replaces them.";
    $("confirmBack").hidden = false;
    $("goBack").hidden = true;
    $("confirmYes").focus();
  }

  function closePreview() {
    if (previewing === null) return;
    previewing = null;
    $("previewBar").hidden = true;
    for (const li of $("history").children) li.classList.remove("previewed");
    if (G) { renderBoard(G); renderPlayers(G.panel, G); }
  }

  function renderPause() {
    $("pause").textContent = paused ? "Resume bots" : "Pause bots";
    $("paceText").textContent = (pace() / 1000).toFixed(1) + " s apart";
  }

  function percent(x) { return Math.round(100 * x) + "%"; }

  function renderHint() {
    const box = $("hintBox");
    box.textContent = "";
    box.hidden = !hint;
    if (!hint) return;
    if (hint.only) {
      box.append(el("h3", { textContent: "Hint: the search bot would play " + hint.best }));
      box.append(el("p", { className: "note", textContent: "It is the only legal action here: nothing to search." }));
    } else {
      box.append(el("h3", { textContent: "Hint: the search bot would play " + hint.best }));
      box.append(el("p", { className: "note", textContent: "Each candidate's share of " + hint.iterations + " rollouts to the end of the game that it won (heuristic play after it), with a 95% interval; the likeliest to win first." }));
    }
    const table = el("table");
    // the candidates by their chance to win, the bot's choice first among equals
    const sorted = hint.candidates.slice().sort((a, b) => (b.wins - a.wins) || ((b.text === hint.best) - (a.text === hint.best)) || (b.trials - a.trials));
    for (const c of sorted.slice(0, 8)) {
      const row = el("tr", { className: c.text === hint.best ? "best" : "" },
        el("td", { textContent: c.text }),
        el("td", { textContent: hint.only ? "the only action" : percent(c.wins) + " [" + percent(c.low) + "–" + percent(c.high) + "]" }),
        el("td", { textContent: hint.only ? "" : c.trials + " tries" }),
        el("td", {}, el("button", { type: "button", className: "hintPlay", dataset: { play: c.text }, textContent: "play", onclick: () => play(c.text) })));
      table.append(row);
    }
    box.append(table);
  }

  async function askHint() {
    if (busy || hinting || !G || !G.person) return;
    const iterations = Number($("hintBudget").value), started = performance.now(), at = G.at;
    hinting = { started: started, done: 0, asked: iterations };
    stopBots();
    $("hint").disabled = true;
    $("hint").textContent = "Thinking…";
    $("hintProgress").value = 0;
    $("hintWaitText").textContent = "starting the search…";
    $("hintWait").hidden = false;
    // the search's own count, read from the server while it runs: rollouts done of those asked
    let asking = false;
    const tick = setInterval(async () => {
      if (!hinting || asking) return;
      asking = true;
      const r = await api("GET", "/api/games/" + encodeURIComponent(gameId) + "/hint/progress");
      asking = false;
      if (!hinting || r.status !== 200 || !r.data.asked) return;
      hinting.done = r.data.done;
      hinting.asked = r.data.asked;
      $("hintProgress").value = r.data.done / r.data.asked;
      $("hintWaitText").textContent = r.data.done.toLocaleString("en") + " of " + r.data.asked.toLocaleString("en") + " rollouts · " + ((performance.now() - started) / 1000).toFixed(1) + " s";
    }, 200);
    try {
      const r = await api("POST", gameUrl("hint"), { at: at, iterations: iterations });
      if (r.status === 200) {
        hint = r.data.hint;
        showError("");
      } else if (hinting.cancelled) note("The hint was cancelled.", 3);
      else showError(r.data.error);
    } finally {
      clearInterval(tick);
      hinting = null;
      $("hintWait").hidden = true;
      $("hint").textContent = "Hint";
      $("hint").disabled = !(G && G.person);
      renderHint();
      scheduleBots();
    }
  }

  async function cancelHint() {
    if (!hinting) return;
    hinting.cancelled = true;
    await api("POST", "/api/games/" + encodeURIComponent(gameId) + "/hint/cancel", {});
  }

  function boardClick(event) {
    if (!G || previewing !== null) return;
    if (!G.person || G.over) { note(G.over ? "The game is over." : "It is a bot's decision: the board takes no click now.", 3); return; }
    if (!G.build || !G.build.words.length) { note("First choose what to do (on the right); then the places to click are outlined.", 4); return; }
    for (const node of document.elementsFromPoint(event.clientX, event.clientY)) {
      const target = node.closest(".target");
      if (target) {
        const word = placeWord(target);
        if (word) { note(describe(word), 3); addWord(word); return; }
      }
    }
    const offered = G.build.next.length ? "choose one of the outlined places, or a button on the right" : "the action is whole: play it on the right";
    note("Not a target for this action: " + offered + ".", 4);
  }

  function choices() {
    return [...document.querySelectorAll("#builder button.play, #builder button.choice")];
  }

  function typing(event) {
    const t = event.target;
    return t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT" || t.isContentEditable);
  }

  function shortcut(event) {
    if (!G || event.ctrlKey || event.metaKey || event.altKey || typing(event)) return;
    const key = event.key;
    if (key === "Escape") {
      if (hinting) cancelHint();
      else if (previewing !== null) closePreview();
      else if (words.length) { words = []; request("GET", ""); }
      return;
    }
    if (busy || previewing !== null) return;
    let done = true;
    if (/^[1-9]$/.test(key)) { const b = choices()[Number(key) - 1]; if (b && !b.disabled) b.click(); }
    else if (key === "Enter") { const plays = document.querySelectorAll("#builder button.play"); if (plays.length === 1) plays[0].click(); else done = false; }
    else if (key === "Backspace") { if (words.length) { words = words.slice(0, -1); request("GET", ""); } }
    else if (key === "u") { if (!$("undo").disabled) $("undo").click(); }
    else if (key === "r") redo();
    else if (key === "h") askHint();
    else if (key === "p") $("pause").click();
    else if (key === "z") $("zoom").click();
    else done = false;
    if (done) event.preventDefault();
  }

  function gamePage() {
    $("game").hidden = false;
    readAddress();
    $("pace").value = String(pace());
    $("pace").addEventListener("input", () => { localStorage.setItem("woa.pace", $("pace").value); renderPause(); scheduleBots(); });
    $("pause").addEventListener("click", () => {
      paused = !paused;
      pausedByBack = false;
      writeAddress();
      if (G) render();
      scheduleBots();
    });
    $("undo").addEventListener("click", () => {
      const mine = G.history.filter((h) => h.seat === G.viewer);
      if (mine.length) undoTo(mine[mine.length - 1].number - 1);
    });
    $("redo").addEventListener("click", redo);
    $("hint").addEventListener("click", askHint);
    $("hintCancel").addEventListener("click", cancelHint);
    $("curtainOpen").addEventListener("click", () => { $("curtain").hidden = true; });
    $("board").addEventListener("click", boardClick);
    $("history").addEventListener("mouseleave", () => { if (previewing && !previewing.pinned) closePreview(); });
    $("goBack").addEventListener("click", askBack);
    $("confirmYes").addEventListener("click", () => { if (previewing) undoTo(previewing.number); });
    $("confirmNo").addEventListener("click", closePreview);
    $("previewClose").addEventListener("click", closePreview);
    $("zoom").addEventListener("click", () => {
      zoomedByHand = !$("board").classList.contains("zoomed");
      setZoom(zoomedByHand);
    });
    document.addEventListener("keydown", shortcut);
    request("GET", "");
    watchOtherTabs();
  }

  document.addEventListener("DOMContentLoaded", () => {
    if (gameId) gamePage();
    else startPage();
    window.woaServe = { state: () => G, words: () => words, paused: () => paused, busy: () => busy, rulesTimer: () => rulesTimer, hinting: () => !!hinting, hintProgress: () => hinting && { done: hinting.done, asked: hinting.asked }, previewing: () => previewing };
  });
})();
