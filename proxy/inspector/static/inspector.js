// Veil's privacy inspector. Vanilla JS, no dependency, nothing fetched from another origin (the page's
// Content-Security-Policy allows connections to this Veil only). Every value shown is written with
// textContent, never parsed as HTML. The key stays in this tab: sessionStorage, sent only in the
// Authorization header of calls to this same origin.
"use strict";

(() => {
  const KEY_STORE = "veil.inspector.key";
  const PREVIEW_MODEL = "inspector-preview"; // plain text is previewed as one user message of a chat request
  const POLL_MS = 2000;
  const EXAMPLE = "Hi, I am John Smith, 42 years old. My SSN is 123-45-6789 and my card 4111 1111 1111 1111 " +
    "was charged $1,250 twice. Email john.smith@acme-corp.com or call (415) 555-0123.";
  // What a body can be read as: plain text, and every surface this Veil serves (its config lists them)
  function surfaceLabel(kind) {
    const labels = (state.config && state.config.surface_labels) || {};
    return kind === "text" ? "Plain text" : (labels[kind] || kind) + " request";
  }

  const $ = (id) => document.getElementById(id);
  const state = { config: null, last: null, recentMax: 0, timer: null };

  // ---- the key and the calls ---------------------------------------------------------------------
  function token() {
    try { return sessionStorage.getItem(KEY_STORE) || ""; } catch { return ""; }
  }
  function setToken(value) {
    try {
      if (value) sessionStorage.setItem(KEY_STORE, value); else sessionStorage.removeItem(KEY_STORE);
    } catch { /* storage disabled: the key is then not kept at all */ }
  }

  async function call(method, path, body) {
    if (!path.startsWith("/") || path.startsWith("//")) throw new Error("same-origin paths only");
    const headers = { Accept: "application/json" };
    const key = token();
    if (key) headers.Authorization = "Bearer " + key;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const resp = await fetch(path, {
      method, headers, body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "omit", cache: "no-store", redirect: "error", referrerPolicy: "no-referrer",
    });
    let data = null;
    try { data = await resp.json(); } catch { data = null; }
    if (!resp.ok) {
      const message = data && data.error && data.error.message ? data.error.message : "HTTP " + resp.status;
      const err = new Error(message);
      err.status = resp.status;
      throw err;
    }
    return data;
  }

  // ---- small DOM helpers -------------------------------------------------------------------------
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs || {})) {
      if (name === "class") node.className = value;
      else node.setAttribute(name, value);
    }
    for (const child of children) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }
  function showError(id, message) { const node = $(id); node.textContent = message; node.hidden = false; }
  function hideError(id) { const node = $(id); node.textContent = ""; node.hidden = true; }
  function busy(form, on) {
    for (const button of form.querySelectorAll("button[type=submit]")) button.disabled = on;
    form.setAttribute("aria-busy", on ? "true" : "false");
  }
  function fmt(x) { return x === null || x === undefined ? "–" : String(Number(Number(x).toPrecision(4))); }
  function isObject(v) { return v !== null && typeof v === "object" && !Array.isArray(v); }

  // ---- configuration -----------------------------------------------------------------------------
  async function loadConfig() {
    const stateLine = $("server-state");
    try {
      state.config = await call("GET", "/inspector/api/config");
    } catch (e) {
      state.config = null;
      stateLine.textContent = e.status === 401 ? "API key needed" : "Not connected";
      showError("key-error", e.status === 401 ? "This Veil needs an API key: " + e.message : e.message);
      setupRecent();
      return;
    }
    hideError("key-error");
    const cfg = state.config;
    stateLine.replaceChildren("Default mode", el("span", { class: "pill" }, cfg.mode),
      token() ? " · key set for this tab" : "");
    const mode = $("mode");
    const chosen = mode.value || cfg.mode;
    mode.replaceChildren(...cfg.allowed_modes.map((m) => el("option", { value: m }, m)));
    mode.value = cfg.allowed_modes.includes(chosen) ? chosen : cfg.allowed_modes[0];
    const surface = $("surface");
    const readAs = surface.value;
    surface.replaceChildren(el("option", { value: "auto" }, "Detect"), el("option", { value: "text" }, "Plain text"),
      ...cfg.surfaces.map((s) => el("option", { value: s }, surfaceLabel(s))));
    surface.value = ["auto", "text", ...cfg.surfaces].includes(readAs) ? readAs : "auto";
    if (!$("epsilon").value) $("epsilon").value = String(cfg.cape_epsilon);
    syncEpsilon();
    setupRecent();
  }

  function syncEpsilon() {
    $("epsilon").disabled = !$("mode").value.includes("cape");
  }

  // ---- reading the input -------------------------------------------------------------------------
  function textBody(text) { return { model: PREVIEW_MODEL, messages: [{ role: "user", content: text }] }; }

  function detectSurface(o) {
    if (Array.isArray(o.messages)) {
      const blocks = o.messages.flatMap((m) => (isObject(m) && Array.isArray(m.content) ? m.content : []));
      const anthropic = o.system !== undefined || /^claude/i.test(String(o.model || "")) ||
        blocks.some((b) => isObject(b) && (b.type === "tool_use" || b.type === "tool_result" || isObject(b.source)));
      return anthropic ? "messages" : "chat";
    }
    if ("input" in o) {
      const embedding = /embed/i.test(String(o.model || "")) || "encoding_format" in o || "dimensions" in o;
      return embedding ? "embeddings" : "responses";
    }
    if ("prompt" in o) return "completions";
    return null;
  }

  function readInput() {
    const raw = $("input").value;
    const choice = $("surface").value;
    if (choice === "text") return { kind: "text", surface: "chat", body: textBody(raw) };
    let parsed = null;
    if (raw.trim().startsWith("{")) {
      try { parsed = JSON.parse(raw); } catch (e) {
        if (choice !== "auto") throw new Error("The request body is not valid JSON: " + e.message);
      }
    }
    if (choice !== "auto") {
      if (!isObject(parsed)) throw new Error("Paste a JSON object for a request body, or read it as plain text.");
      return { kind: choice, surface: choice, body: parsed };
    }
    const surface = isObject(parsed) ? detectSurface(parsed) : null;
    if (surface) return { kind: surface, surface, body: parsed };
    return { kind: "text", surface: "chat", body: textBody(raw) };
  }

  // ---- JSON paths --------------------------------------------------------------------------------
  function resolve(value, path) {
    let v = value;
    for (const key of path) {
      if (typeof v === "string") { // a JSON-in-string field (tool arguments): its values have deeper paths
        try { v = JSON.parse(v); } catch { return undefined; }
      }
      if (v === null || typeof v !== "object") return undefined;
      v = v[key];
    }
    return v;
  }
  function stringLeaves(value, path = [], out = []) {
    if (typeof value === "string") out.push({ path, value });
    else if (Array.isArray(value)) value.forEach((v, i) => stringLeaves(v, [...path, i], out));
    else if (isObject(value)) for (const [k, v] of Object.entries(value)) stringLeaves(v, [...path, k], out);
    return out;
  }
  function startsWith(path, prefix) { return prefix.length <= path.length && prefix.every((k, i) => path[i] === k); }
  function pathLabel(path) {
    return path.map((k, i) => (typeof k === "number" ? "[" + k + "]" : (i ? "." : "") + k)).join("");
  }
  function roleAt(body, path) {
    let role = null;
    let v = body;
    for (const key of path) {
      if (isObject(v) && typeof v.role === "string") role = v.role;
      if (v === null || typeof v !== "object") break;
      v = v[key];
    }
    return role;
  }
  function identToText(ident) { return ident.replace(/[_-]+/g, " ").trim() || ident; }

  // ---- a word diff (for Cape's perturbation and for restored answers) ----------------------------
  const TOKEN = /[\p{L}\p{N}_]+|\s+|[^\p{L}\p{N}_\s]/gu;
  function tokenize(s) {
    const out = [];
    for (const m of s.matchAll(TOKEN)) out.push({ t: m[0], start: m.index, end: m.index + m[0].length });
    return out;
  }
  function diff(a, b) {
    const A = tokenize(a), B = tokenize(b);
    let p = 0;
    while (p < A.length && p < B.length && A[p].t === B[p].t) p++;
    let s = 0;
    while (s < A.length - p && s < B.length - p && A[A.length - 1 - s].t === B[B.length - 1 - s].t) s++;
    const a2 = A.slice(p, A.length - s), b2 = B.slice(p, B.length - s);
    const n = a2.length, m = b2.length;
    const keepA = new Uint8Array(n), keepB = new Uint8Array(m);
    if (n && m && n * m <= 4e6) { // longest common subsequence of tokens
      const w = m + 1;
      const L = new Uint32Array((n + 1) * w);
      for (let i = n - 1; i >= 0; i--) {
        for (let j = m - 1; j >= 0; j--) {
          L[i * w + j] = a2[i].t === b2[j].t ? L[(i + 1) * w + j + 1] + 1
            : Math.max(L[(i + 1) * w + j], L[i * w + j + 1]);
        }
      }
      let i = 0, j = 0;
      while (i < n && j < m) {
        if (a2[i].t === b2[j].t) { keepA[i] = 1; keepB[j] = 1; i++; j++; }
        else if (L[(i + 1) * w + j] >= L[i * w + j + 1]) i++;
        else j++;
      }
    }
    return { a: widen(a, changedRanges(a2, keepA)), b: widen(b, changedRanges(b2, keepB)) };
  }
  // A change inside a word marks the whole word ("john.smith@acme-corp.com", "(415)"), without the
  // punctuation that ends a sentence or a clause.
  function widen(text, ranges) {
    const out = [];
    for (let { start, end } of ranges) {
      while (start > 0 && !/\s/.test(text[start - 1])) start--;
      while (end < text.length && !/\s/.test(text[end])) end++;
      while (end > start && /[.,;:!?]/.test(text[end - 1])) end--;
      if (end <= start) continue;
      const last = out[out.length - 1];
      if (last && start <= last.end) last.end = Math.max(last.end, end); else out.push({ start, end });
    }
    return out;
  }
  function changedRanges(tokens, keep) {
    const out = [];
    let cur = null;
    tokens.forEach((tok, i) => {
      const word = /[\p{L}\p{N}]/u.test(tok.t);
      if (keep[i] && !word) return; // spaces and punctuation between two changed words join them
      if (keep[i]) { cur = null; return; }
      if (cur) cur.end = tok.end; else { cur = { start: tok.start, end: tok.end }; out.push(cur); }
    });
    return out;
  }

  // ---- highlighting ------------------------------------------------------------------------------
  function entityTag(e) {
    const tag = e.category === "mldp" ? e.type + " · ε " + fmt(e.epsilon) : e.type;
    return e.finder ? tag + " · " + e.finder : tag;
  }
  function marked(text, spans) {
    const block = el("p", { class: "text-block" });
    const sorted = spans.filter((s) => s.end > s.start).sort((x, y) => x.start - y.start);
    let cursor = 0;
    for (const span of sorted) {
      if (span.start < cursor || span.end > text.length) continue; // overlapping or stale: skip
      if (span.start > cursor) block.append(text.slice(cursor, span.start));
      const mark = el("mark", { class: span.cls }, el("span", { class: "val" }, text.slice(span.start, span.end)));
      if (span.type) mark.dataset.type = span.type;
      if (span.title) mark.title = span.title;
      if (span.tag) mark.append(el("span", { class: "tag" }, span.tag));
      block.append(mark);
      cursor = span.end;
    }
    if (cursor < text.length) block.append(text.slice(cursor));
    return block;
  }
  function entitySpans(entities, sanitized) {
    return entities.map((e) => ({
      start: sanitized ? e.sanitized_start : e.start, end: sanitized ? e.sanitized_end : e.end,
      cls: e.category, type: e.type, tag: entityTag(e),
      title: e.category === "mldp" ? "noised value (metric local DP)" : "format-preserving encryption",
    }));
  }
  function standInSpans(text, entities) { // where Prmpt's stand-ins sit in Cape's output (Cape never changes them)
    const spans = [];
    let from = 0;
    for (const e of [...entities].sort((x, y) => x.sanitized_start - y.sanitized_start)) {
      const at = text.indexOf(e.replacement, from);
      if (at < 0) continue;
      spans.push({ start: at, end: at + e.replacement.length, cls: e.category, type: e.type, tag: entityTag(e) });
      from = at + e.replacement.length;
    }
    return spans;
  }
  const CAPE_TITLE = "perturbed by Cape";
  function capeSpans(ranges, taken) {
    return ranges.filter((r) => !taken.some((t) => r.start < t.end && t.start < r.end))
      .map((r) => ({ start: r.start, end: r.end, cls: "cape", title: CAPE_TITLE }));
  }

  // ---- the preview -------------------------------------------------------------------------------
  async function preview(event) {
    event.preventDefault();
    hideError("preview-error");
    let input;
    try { input = readInput(); } catch (e) { showError("preview-error", e.message); return; }
    if (input.kind === "text" && !$("input").value.trim()) {
      showError("preview-error", "Paste a prompt or a request body first.");
      return;
    }
    const mode = $("mode").value;
    const request = { surface: input.surface, body: input.body };
    if (mode) request.mode = mode;
    if (mode.includes("cape")) {
      const eps = Number($("epsilon").value);
      if (!(eps > 0 && eps <= 100)) { showError("preview-error", "Cape ε must be a number in (0, 100]."); return; }
      request.epsilon = eps;
    }
    const form = $("preview-form");
    busy(form, true);
    try {
      const response = await call("POST", "/v1/privacy/sanitize", request);
      state.last = { input, request, response };
      renderPreview(input, response);
    } catch (e) {
      $("preview-result").hidden = true;
      showError("preview-error", e.status === 401 ? "Enter a valid API key above: " + e.message : e.message);
    } finally {
      busy(form, false);
    }
  }

  function recordItem(f) { return { path: f.path, role: f.role, kind: f.kind, record: f }; }

  function previewItems(input, resp) {
    const items = [];
    const used = new Set();
    let unchanged = 0;
    for (const leaf of stringLeaves(input.body)) {
      const records = resp.fields.filter((f, i) => !used.has(i) && startsWith(f.path, leaf.path));
      if (records.length) {
        for (const f of records) { used.add(resp.fields.indexOf(f)); items.push(recordItem(f)); }
        continue;
      }
      const sent = resolve(resp.body, leaf.path);
      if (sent === leaf.value) { unchanged++; continue; }
      items.push({ path: leaf.path, role: roleAt(input.body, leaf.path), kind: "text", record: null });
    }
    resp.fields.forEach((f, i) => { if (!used.has(i)) items.push(recordItem(f)); });
    return { items, unchanged };
  }

  function sides(item, input, resp) {
    const raw = resolve(input.body, item.path);
    const original = typeof raw === "string" ? (item.kind === "ident" ? identToText(raw) : raw) : "";
    const record = item.record;
    const cape = resp.mode.includes("cape");
    if (record && !cape) {
      return { original, originalSpans: entitySpans(record.entities, false), sent: record.text,
        sentSpans: entitySpans(record.entities, true) };
    }
    const final = resolve(resp.body, item.path);
    const sent = record && (item.kind === "ident" || typeof final !== "string") ? record.text : String(final ?? "");
    const base = record ? record.text : original;
    const standIns = record ? standInSpans(sent, record.entities) : [];
    const changed = diff(base, sent);
    const originalSpans = record ? entitySpans(record.entities, false)
      : changed.a.map((r) => ({ start: r.start, end: r.end, cls: "cape", title: CAPE_TITLE }));
    return { original, originalSpans, sent, sentSpans: [...standIns, ...capeSpans(changed.b, standIns)] };
  }

  function summaryChips(resp) {
    const chips = [el("span", { class: "chip" }, "Mode ", el("b", {}, resp.mode))];
    const categories = {};
    for (const f of resp.fields) for (const e of f.entities) categories[e.type] = e.category;
    const counts = Object.entries(resp.entities || {});
    for (const [type, n] of counts) {
      const cls = "chip " + (categories[type] || "fpe");
      chips.push(el("span", { class: cls, "data-entity": type }, type, " ", el("b", {}, "×" + n)));
    }
    if (resp.mode === "off") chips.push(el("span", { class: "chip warn" }, "Mode off: sent exactly as written"));
    else if (!counts.length && !resp.mode.includes("cape")) {
      chips.push(el("span", { class: "chip" }, "No sensitive value found"));
    }
    if (resp.mode.includes("prmpt")) {
      chips.push(el("span", { class: "chip mldp", id: "eps-spent" }, "ε on noised values ",
        el("b", {}, fmt(resp.epsilon))));
    }
    if (resp.cape) {
      chips.push(el("span", { class: "chip cape", id: "cape-eps" }, "Cape ε ", el("b", {}, fmt(resp.cape.epsilon)),
        " per token · worst ε + ε′ ", el("b", {}, fmt(resp.cape.worst_epsilon))));
    }
    for (const [kind, n] of Object.entries(resp.uninspected || {})) {
      chips.push(el("span", { class: "chip warn" }, "Forwarded uninspected: " + kind + " ×" + n));
    }
    const legend = el("span", { class: "legend", "aria-hidden": "true" });
    if (resp.mode.includes("prmpt")) {
      legend.append(el("span", {}, el("span", { class: "swatch fpe" }), "encrypted"),
        el("span", {}, el("span", { class: "swatch mldp" }), "noised (ε)"));
    }
    if (resp.mode.includes("cape")) {
      legend.append(el("span", {}, el("span", { class: "swatch cape" }), "perturbed by Cape"));
    }
    return [...chips, legend];
  }

  function renderPreview(input, resp) {
    $("summary").replaceChildren(...summaryChips(resp));
    const { items, unchanged } = previewItems(input, resp);
    const views = items.map((item) => {
      const s = sides(item, input, resp);
      const title = input.kind === "text" ? el("h3", {}, "Your text")
        : el("h3", {}, el("code", {}, pathLabel(item.path)),
          item.role ? el("span", { class: "role" }, " · " + item.role) : null);
      return el("article", { class: "field-view", "data-path": JSON.stringify(item.path) }, title,
        el("div", { class: "cols" },
          el("div", { class: "col original" }, el("h4", {}, "You wrote"), marked(s.original, s.originalSpans)),
          el("div", { class: "col sent" }, el("h4", {}, "The provider receives"), marked(s.sent, s.sentSpans))));
    });
    if (!items.length) {
      views.push(el("p", { class: "unchanged" }, "Nothing in this request would change: it is sent as written."));
    }
    if (input.kind !== "text" && unchanged && items.length) {
      views.push(el("p", { class: "unchanged" }, unchanged + " other string" + (unchanged === 1 ? "" : "s") +
        " (model, roles, ids, allow-listed fields) sent unchanged. Read as: " + surfaceLabel(input.kind) + "."));
    }
    $("fields").replaceChildren(...views);
    $("sent-body").textContent = JSON.stringify(resp.body, null, 2);
    $("preview-result").hidden = false;
  }

  // ---- restoring an answer -----------------------------------------------------------------------
  function sentTexts() {
    const { input, response } = state.last;
    return previewItems(input, response).items.map((item) => sides(item, input, response).sent);
  }

  async function restoreAnswer(event) {
    event.preventDefault();
    hideError("restore-error");
    if (!state.last) {
      showError("restore-error", "Preview a request first: the answer is restored with its stand-ins.");
      return;
    }
    const answer = $("answer").value;
    if (!answer.trim()) { showError("restore-error", "Paste an answer first."); return; }
    const form = $("restore-form");
    busy(form, true);
    try {
      const out = await call("POST", "/v1/privacy/desanitize", { text: answer, request: state.last.request });
      const changed = diff(answer, out.text).b
        .map((r) => ({ start: r.start, end: r.end, cls: "restored", title: "restored" }));
      $("restored").replaceWith(Object.assign(marked(out.text, changed), { id: "restored" }));
      $("restore-result").hidden = false;
    } catch (e) {
      $("restore-result").hidden = true;
      showError("restore-error", e.message);
    } finally {
      busy(form, false);
    }
  }

  function useSent() {
    hideError("restore-error");
    if (!state.last) { showError("restore-error", "Preview a request first."); return; }
    $("answer").value = sentTexts().join("\n\n");
    $("answer").focus();
  }

  // ---- the watermark detector --------------------------------------------------------------------
  async function detect(event) {
    event.preventDefault();
    hideError("watermark-error");
    const text = $("wm-text").value;
    if (!text.trim()) { showError("watermark-error", "Paste a text first."); return; }
    const form = $("watermark-form");
    busy(form, true);
    try {
      const r = await call("POST", "/v1/watermark/detect", { text });
      const verdict = r.tokens_scored === 0 ? "Too short to score"
        : r.verdict ? "Watermarked (p-value below α = " + fmt(r.alpha) + ")" : "No watermark detected";
      const pValue = r.p_value < 1e-3 ? Number(r.p_value).toExponential(2) : fmt(r.p_value);
      const rows = [["p-value", pValue], ["score", fmt(r.score)], ["weighted score", fmt(r.weighted_score)],
        ["tokens scored", r.tokens_scored + " of " + r.tokens_total], ["key id", r.key_id]];
      $("watermark-result").replaceChildren(
        el("p", { class: "verdict" + (r.verdict ? " yes" : ""), id: "wm-verdict" }, verdict),
        el("dl", { class: "stats" }, ...rows.flatMap(([k, v]) => [el("dt", {}, k), el("dd", {}, v)])));
      $("watermark-result").hidden = false;
    } catch (e) {
      $("watermark-result").hidden = true;
      showError("watermark-error", e.message);
    } finally {
      busy(form, false);
    }
  }

  // ---- recent requests ---------------------------------------------------------------------------
  function setupRecent() {
    const on = !!(state.config && state.config.recent_requests);
    $("recent-off").hidden = on || !state.config;
    $("recent-wrap").hidden = !on;
    $("live-label").hidden = !on;
    clearTimeout(state.timer);
    if (on) poll();
  }

  async function poll() {
    clearTimeout(state.timer);
    if ($("live").checked && !document.hidden && state.config) {
      try {
        renderRecent((await call("GET", "/inspector/api/recent")).requests);
      } catch { /* the next poll retries; a 401 shows in the key panel on reload */ }
    }
    state.timer = setTimeout(poll, POLL_MS);
  }

  function countChips(counts, cls) {
    return Object.entries(counts || {})
      .map(([k, n]) => el("span", { class: ("chip " + cls).trim() }, k, " ", el("b", {}, "×" + n)));
  }

  function renderRecent(rows) {
    const top = rows.length ? rows[0].seq : 0;
    if (top === state.recentMax && $("recent").tBodies[0].rows.length === rows.length) return;
    const before = state.recentMax;
    state.recentMax = top;
    $("recent-empty").hidden = rows.length > 0;
    $("recent").tBodies[0].replaceChildren(...rows.map((r) => {
      const entities = [...countChips(r.entities, ""), ...countChips(r.uninspected, "warn")];
      const time = new Date(r.time * 1000).toLocaleTimeString([], { hour12: false });
      return el("tr", { class: before && r.seq > before ? "fresh" : "" },
        el("td", { class: "num", "data-label": "Time" }, time),
        el("td", { "data-label": "Route" }, r.route + (r.stream ? " (stream)" : "")),
        el("td", { "data-label": "Mode" }, r.mode),
        el("td", { class: "ents", "data-label": "Entities" },
          el("span", { class: "chips" }, ...(entities.length ? entities : ["–"]))),
        el("td", { class: "num", "data-label": "ε" }, fmt(r.epsilon)),
        el("td", { class: "num " + (r.status < 400 ? "status-ok" : "status-bad"), "data-label": "Status" },
          String(r.status)),
        el("td", { class: "num", "data-label": "Latency" }, r.latency_ms.toFixed(1) + " ms"));
    }));
  }

  // ---- wiring ------------------------------------------------------------------------------------
  function submitOnCtrlEnter(textarea) {
    textarea.addEventListener("keydown", (e) => {
      if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) { e.preventDefault(); textarea.form.requestSubmit(); }
    });
  }

  function start() {
    $("key-form").addEventListener("submit", (e) => {
      e.preventDefault();
      setToken($("api-key").value.trim());
      $("api-key").value = "";
      $("api-key").placeholder = token() ? "A key is set for this tab" : "sk-…";
      loadConfig();
    });
    $("forget-key").addEventListener("click", () => {
      setToken("");
      $("api-key").placeholder = "sk-…";
      loadConfig();
    });
    if (token()) $("api-key").placeholder = "A key is set for this tab";
    $("preview-form").addEventListener("submit", preview);
    $("restore-form").addEventListener("submit", restoreAnswer);
    $("watermark-form").addEventListener("submit", detect);
    $("use-sent").addEventListener("click", useSent);
    $("mode").addEventListener("change", syncEpsilon);
    $("example").addEventListener("click", () => {
      $("input").value = EXAMPLE;
      $("surface").value = "auto";
      $("input").focus();
    });
    $("live").addEventListener("change", poll);
    document.addEventListener("visibilitychange", () => { if (!document.hidden) poll(); });
    for (const id of ["input", "answer", "wm-text"]) submitOnCtrlEnter($(id));
    loadConfig();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
})();
