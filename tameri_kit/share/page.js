// A shared Tameri game (tameri_kit/share/page.py): steps through the data in <script id="tameri-page">.
// Pictures are rebuilt from shared nodes (tameri_kit/share/svg_store.py): a node is a string, or a list of the
// nodes it joins.  Nothing is fetched: everything is in this page.  Names from the record are only ever written as
// text (textContent) or inside pictures the kit drew: the page never substitutes text into markup.
(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("tameri-page").textContent);
  var P = D.players.length;
  var EVERYONE = "";
  var AUTOPLAY_MS = 1500;
  var memo = new Map();
  var typed = "";
  var current = -1;
  var shown = {};
  var timer = null;
  var resultOpen = false;
  var answered = {};

  function pictureText(id) {
    var node = D.nodes[id];
    if (typeof node === "string") return node;
    var text = memo.get(id);
    if (text === undefined) {
      var parts = new Array(node.length);
      for (var i = 0; i < node.length; i++) parts[i] = pictureText(node[i]);
      text = parts.join("");
      memo.set(id, text);
    }
    return text;
  }

  function $(id) { return document.getElementById(id); }
  var seat = $("seat");
  var board = $("board");

  function viewer() { return seat.value; }
  function seatIndex() { return viewer() === EVERYONE ? -1 : D.players.indexOf(viewer()); }
  function visible(k) {
    var v = viewer();
    return v === EVERYONE || D.who[k] === v || D["public"][k] === 1;
  }

  function asking(k) { return D.questions[k] !== undefined && answered[k] === undefined; }

  function entryText(k) {
    if (k === 0) return "the set-up, before any card or tile is drawn";
    if (asking(k)) return D.questions[k].who + ": ? (what would you do here?)";
    if (visible(k)) return D.entry[k];
    if (D.who[k] === null) return "a card drawn face down: only its owner sees which";
    return D.who[k] + " decides in secret (hidden from " + viewer() + ")";
  }

  function setPart(slot, id, html) {
    if (shown[slot] === id) return;
    shown[slot] = id;
    $(slot).innerHTML = html;
  }

  // --- two drawings of the board: 1000 units wide, or its parts in one column 360 units wide for a phone ---
  var narrowQuery = window.matchMedia ? window.matchMedia("(max-width: 49.99rem)") : null;
  var closeQuery = window.matchMedia ? window.matchMedia("(max-width: 39.99rem)") : null;  // page.css: .closeup
  function narrowNow() { return !!(narrowQuery && narrowQuery.matches) && !board.classList.contains("larger"); }
  function drawings() {
    return narrowNow() ? {board: D.narrowBoard, full: D.narrowFull, hidden: D.narrowHidden} :
      {board: D.board, full: D.full, hidden: D.hidden};
  }

  function drawBoard(k) {
    var v = viewer(), s = seatIndex(), d = drawings();
    board.classList.toggle("narrow", narrowNow());
    setPart("board-shared", d.board[k], pictureText(d.board[k]));
    for (var i = 0; i < P; i++) {
      var full = v === EVERYONE || i === s;
      var node = full ? d.full[k * P + i] : d.hidden[k * P + i];
      setPart("panel-" + i, node, pictureText(node));
    }
  }

  // --- on a phone, every part of the board a step changed, drawn large enough to read ---
  var CLOSE_MIN = 380;  // the narrowest close-up, in board units: about the phone's width, so words read as drawn
  var CLOSE_MAX_H = 520;  // the tallest, in board units: a taller part shows its top (the board below has the rest)
  var CLOSE_MOST = 4;  // at most this many close-ups a step; a sentence says when more parts changed
  var PART_NAMES = {"pyramid-part": "the Great Pyramid", "tiles-decks": "the Weather tile and the decks",
    "market": "the Market", "building-row": "the Building row", "temples-part": "the Temples",
    "sphinx-avenue": "the Sphinx avenue", "nile": "the Nile"};

  function isElement(id) {
    var node = D.nodes[id];
    return typeof node !== "string" && typeof D.nodes[node[0]] === "string" && D.nodes[node[0]].charAt(0) === "<";
  }

  function openTag(id) { return D.nodes[D.nodes[id][0]]; }

  function words(id) {
    if (!isElement(id)) return false;
    var open = openTag(id);
    return open.lastIndexOf("<title", 0) === 0 || open.lastIndexOf("<desc", 0) === 0;
  }

  // the children (indices) of elements a and b that differ, leaving out what draws nothing (a <title>, a <desc>)
  // and, at the top of a picture, its heading (a line of words, or the narrow board's title part: whose move it is)
  function differing(a, b, top) {
    var na = D.nodes[a], nb = D.nodes[b], out = [];
    if (na.length !== nb.length) return null;
    for (var i = 1; i < na.length - 1; i++) {
      if (na[i] === nb[i] || words(na[i])) continue;
      if (top && isElement(na[i]) && (openTag(na[i]).lastIndexOf("<text", 0) === 0 ||
        openTag(na[i]).indexOf("part-title") >= 0)) continue;
      out.push(i);
    }
    return out;
  }

  // The places inside element a -> b (node ids; path: its child indices from the picture's root) that changed: down
  // while one child holds every change; where several do, each of them once (split: at most once a part), else here.
  function placesIn(a, b, path, split, out) {
    while (isElement(a) && isElement(b)) {
      var diff = differing(a, b, false);
      if (!diff || !diff.length) break;
      var elements = diff.every(function (i) { return isElement(D.nodes[a][i]) && isElement(D.nodes[b][i]); });
      if (!elements) break;
      if (diff.length > 1) {
        if (!split) break;
        diff.forEach(function (i) { placesIn(D.nodes[a][i], D.nodes[b][i], path.concat([i - 1]), false, out); });
        return;
      }
      path = path.concat([diff[0] - 1]);
      a = D.nodes[a][diff[0]]; b = D.nodes[b][diff[0]];
    }
    out.push(path);
  }

  function partName(slot, open) {
    if (slot !== "board-shared") return D.players[+slot.split("-")[1]] + "'s board";
    var pattern = /class="([^"]*)"/g, found, name = null;
    while ((found = pattern.exec(open)) !== null && !name) {
      found[1].split(" ").forEach(function (c) { if (PART_NAMES[c] && !name) name = PART_NAMES[c]; });
    }
    return name || "the shared board";
  }

  // Every part of the board (and every player's panel) a step changed, with the places in it that changed.
  function changedParts(k) {
    var v = viewer(), s = seatIndex(), d = drawings(), out = [];
    var pairs = [["board-shared", d.board[k - 1], d.board[k]]];
    for (var i = 0; i < P; i++) {
      var list = v === EVERYONE || i === s ? d.full : d.hidden;
      pairs.push(["panel-" + i, list[(k - 1) * P + i], list[k * P + i]]);
    }
    pairs.forEach(function (pair) {
      var before = pair[1], after = pair[2];
      if (before === after || !isElement(before) || !isElement(after)) return;
      var diff = differing(before, after, true);
      if (diff === null) return;
      diff.forEach(function (i) {
        if (!isElement(D.nodes[after][i]) || !isElement(D.nodes[before][i])) return;
        var inside = differing(D.nodes[before][i], D.nodes[after][i], false);
        if (inside !== null && !inside.length) return;  // only moved (a part above it grew): nothing in it changed
        var part = D.nodes[after][i], open = openTag(part);
        // the narrow board wraps each part in a <g class="part ...">: its name is on the part inside
        if (open.indexOf('class="part ') >= 0 && isElement(D.nodes[part][1])) open += openTag(D.nodes[part][1]);
        var paths = [];
        placesIn(D.nodes[before][i], part, [i - 1], true, paths);
        out.push({slot: pair[0], after: after, paths: paths, name: partName(pair[0], open)});
      });
    });
    return out;
  }

  var SUB_NAMES = {"supply": "the supply", "warehouse": "the warehouse", "hand": "the hand",
    "card-row": "this Season's cards", "reserve": "the reserve", "screen-stock": "behind the screen"};
  var SIDES = {N: "North", E: "East", S: "South", W: "West"};

  // What a place of a part is, in words ("the East side" of the Great Pyramid), from the element or what holds it.
  function subName(el, root) {
    var first = el.firstElementChild;
    var candidates = [el].concat(first && !el.getAttribute("class") ? [first] : []);
    for (var e = el.parentNode; e && e !== root; e = e.parentNode) candidates.push(e);
    for (var i = 0; i < candidates.length; i++) {
      var c = (candidates[i].getAttribute("class") || "").split(" ");
      if (c.indexOf("pyramid-side") >= 0) return "the " + SIDES[candidates[i].getAttribute("data-ramp")] + " side";
      for (var j = 0; j < c.length; j++) if (SUB_NAMES[c[j]]) return SUB_NAMES[c[j]];
    }
    return "";
  }

  function at(root, path) {
    var el = root;
    for (var j = 0; j < path.length; j++) {
      var next = el.childNodes[path[j]];
      if (!next || next.nodeType !== 1) break;
      el = next;
    }
    return el;
  }

  // The windows (in the picture's units) that show a part's places: places near one another share a window.
  function windows(part) {
    var root = $(part.slot).querySelector("svg");
    if (!root || !root.viewBox || !root.viewBox.baseVal) return [];
    var R = root.getBoundingClientRect(), vb = root.viewBox.baseVal;
    if (!R.width) return [];
    var scale = vb.width / R.width, boxes = [];
    part.paths.forEach(function (path) {
      var el = at(root, path), r = el.getBoundingClientRect();
      if (!r.width && !r.height) return;
      boxes.push({path: path, what: subName(el, root), left: (r.left - R.left) * scale + vb.x, right: (r.right - R.left) * scale + vb.x,
        top: (r.top - R.top) * scale + vb.y, bottom: (r.bottom - R.top) * scale + vb.y});
    });
    boxes.sort(function (p, q) { return p.top - q.top; });
    var merged = [];
    boxes.forEach(function (box) {
      var last = merged[merged.length - 1];
      if (last && box.top - last.bottom < 60 && Math.max(last.bottom, box.bottom) - last.top + 40 <= CLOSE_MAX_H) {
        last.left = Math.min(last.left, box.left); last.right = Math.max(last.right, box.right);
        last.bottom = Math.max(last.bottom, box.bottom);
        if (box.what !== last.what) last.what = "";
      } else {
        merged.push({path: box.path, what: box.what, left: box.left, right: box.right, top: box.top, bottom: box.bottom});
      }
    });
    return merged.map(function (box) {
      var bw = box.right - box.left, bh = box.bottom - box.top;
      var w = Math.min(vb.width, Math.max(CLOSE_MIN, bw + 40));
      var h = Math.min(vb.height, CLOSE_MAX_H, Math.max(120, bh + 40));
      var x = Math.max(vb.x, Math.min(vb.x + vb.width - w, box.left + bw / 2 - w / 2));
      var y = bh + 40 > h ? box.top - 20 : box.top + bh / 2 - h / 2;
      y = Math.max(vb.y, Math.min(vb.y + vb.height - h, y));
      return {path: box.path, what: box.what, window: [x, y, w, h]};
    });
  }

  function crop(part, view) {
    // the same picture with another window on it; its ids and labels left out (the board below keeps them)
    var holder = document.createElement("div");
    holder.className = "closeup-part";
    holder.setAttribute("data-slot", part.slot);
    holder.setAttribute("data-path", view.path.join("."));  // a changed element: child indices from the root
    holder.setAttribute("data-part", part.name);
    var caption = document.createElement("p");
    caption.textContent = part.name + (view.what ? ": " + view.what : "");
    holder.appendChild(caption);
    var inner = document.createElement("div");
    inner.innerHTML = pictureText(part.after);
    var copy = inner.querySelector("svg");
    copy.querySelectorAll("[id]").forEach(function (e) { e.removeAttribute("id"); });
    copy.querySelectorAll("title, desc").forEach(function (e) { e.remove(); });
    ["aria-labelledby", "aria-describedby", "role", "aria-label", "height"].forEach(function (name) {
      copy.removeAttribute(name);
    });
    copy.setAttribute("aria-hidden", "true");
    var text = view.window.map(function (n) { return n.toFixed(1); }).join(" ");
    copy.setAttribute("viewBox", text);
    copy.setAttribute("width", "100%");
    copy.style.maxWidth = "none";
    holder.setAttribute("data-window", text);
    holder.appendChild(copy);
    return holder;
  }

  function closeUp(k) {
    var box = $("closeup"), holder = $("closeup-picture");
    box.hidden = true;
    holder.textContent = "";
    if (k === 0 || asking(k) || (closeQuery && !closeQuery.matches)) return;  // a wide screen: no close-up
    var parts = changedParts(k), views = [];
    parts.forEach(function (part) {
      windows(part).forEach(function (view) { views.push([part, view]); });
    });
    if (!views.length) return;
    views.slice(0, CLOSE_MOST).forEach(function (pair) { holder.appendChild(crop(pair[0], pair[1])); });
    var names = parts.map(function (p) { return p.name; });
    $("closeup-what").textContent = (names.length === 1 ? "where step " + k + " changed the board: " + names[0] :
      "the " + names.length + " parts step " + k + " changed: " + names.join("; ")) +
      (views.length > CLOSE_MOST ? ". " + views.length + " places changed: the first " + CLOSE_MOST +
        " are drawn here, the others are on the board below" : "");
    box.hidden = false;
  }

  function drawLog(k) {
    var s = seatIndex();
    var list = $("step-log");
    list.textContent = "";
    var count = 0;
    D.events[k].forEach(function (event) {
      if (s >= 0 && event[2] !== null && event[2] !== s) return;
      var li = document.createElement("li");
      li.appendChild(document.createTextNode(event[0] + " "));
      var rule = D.rules[event[1]];
      if (rule) {
        var span = document.createElement("span");
        span.className = "rule";
        span.textContent = "[rule: " + rule + "]";
        li.appendChild(span);
      }
      list.appendChild(li);
      count += 1;
    });
    if (!count) {
      var none = document.createElement("li"), owners = [];
      D.events[k].forEach(function (event) {
        if (event[2] !== null && owners.indexOf(D.players[event[2]]) < 0) owners.push(D.players[event[2]]);
      });
      none.textContent = owners.length ? "Only " + owners.join(" and ") + " sees what this step did." :
        "Nothing more: the entry above is the whole step.";
      list.appendChild(none);
    }
  }

  // --- the move list: every decision in one line, grouped by the chapters (Game Setup, Season 0, each round) ---
  var moveButtons = [];
  function buildMoves() {
    var holder = $("moves");
    holder.textContent = "";
    moveButtons = [];
    D.chapters.forEach(function (chapter, c) {
      var start = chapter[1];
      var end = c + 1 < D.chapters.length ? D.chapters[c + 1][1] : D.steps + 1;
      var head = document.createElement("h3");
      var jump = document.createElement("button");
      jump.type = "button";
      jump.className = "chapter";
      jump.setAttribute("data-step", start);
      jump.setAttribute("data-chapter", c);
      jump.textContent = chapter[0];
      head.appendChild(jump);
      holder.appendChild(head);
      var list = document.createElement("ol");
      for (var k = Math.max(1, start); k < end; k++) {
        // chance outcomes are stepped through, not listed (unless a note is there)
        if (D.who[k] === null && D.notes[k] === undefined) continue;
        var li = document.createElement("li");
        var b = document.createElement("button");
        b.type = "button";
        b.className = "move";
        b.setAttribute("data-step", k);
        b.textContent = k + ". " + entryText(k) + (D.notes[k] !== undefined ? " (note)" : "");
        li.appendChild(b);
        list.appendChild(li);
        moveButtons.push(b);
      }
      if (list.childNodes.length) holder.appendChild(list);
    });
    holder.querySelectorAll("button").forEach(function (b) {
      b.addEventListener("click", function () { stop(); go(+b.getAttribute("data-step"), true); });
    });
  }

  function refreshMove(k) {
    moveButtons.forEach(function (b) {
      if (+b.getAttribute("data-step") === k) b.textContent = k + ". " + entryText(k) + (D.notes[k] !== undefined ? " (note)" : "");
    });
  }

  function markMoves(k) {
    var chapter = D.chapterOf[k];
    document.querySelectorAll("#moves button.chapter").forEach(function (b) {
      if (+b.getAttribute("data-chapter") === chapter) b.setAttribute("aria-current", "step");
      else b.removeAttribute("aria-current");
    });
    var last = null;
    moveButtons.forEach(function (b) {
      if (+b.getAttribute("data-step") <= k) last = b;
      b.removeAttribute("aria-current");
    });
    if (last) {
      last.setAttribute("aria-current", "step");
      var box = $("moves");  // the list scrolls inside its own box (never the page) to keep the current move in view
      var top = last.offsetTop, bottom = top + last.offsetHeight;
      if (top < box.scrollTop || bottom > box.scrollTop + box.clientHeight) box.scrollTop = Math.max(0, top - box.clientHeight / 3);
    }
  }

  function showResult(open) {
    var body = $("result-body");
    if (!body) return;
    body.hidden = !open;
    $("result-closed").hidden = open;
  }

  function button(text, onClick) {
    var b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.addEventListener("click", onClick);
    return b;
  }

  // --- "what would you do here?": the decision hidden until the reader picks one of the legal moves, or skips ---
  function drawQuestion(k) {
    var box = $("question"), q = D.questions[k];
    box.textContent = "";
    if (q === undefined) { box.hidden = true; return; }
    box.hidden = false;
    var head = document.createElement("h3");
    head.textContent = "What would you do here?";
    box.appendChild(head);
    var p = document.createElement("p");
    if (answered[k] === undefined) {
      p.textContent = q.who + " is to decide; the board shows the game just before. Pick the move you would play " +
        "(" + q.moves.length + " allowed), or skip:";
      box.appendChild(p);
      var list = document.createElement("ul");
      list.className = "picks";
      list.setAttribute("aria-label", "The moves " + q.who + " may play");
      q.moves.forEach(function (move) {
        var li = document.createElement("li");
        li.appendChild(button(move, function () { answered[k] = move; stop(); go(k, true); $("question-answer").focus(); }));
        list.appendChild(li);
      });
      box.appendChild(list);
      box.appendChild(button("Skip: show what was played", function () {
        answered[k] = null; go(k, true); $("question-answer").focus();
      }));
      return;
    }
    p.id = "question-answer";
    p.tabIndex = -1;
    var mine = answered[k];
    p.textContent = (mine === null ? "You skipped. " : "You picked \u201c" + mine + "\u201d. ") + q.who + " played \u201c" +
      q.played + "\u201d" + (mine === q.played ? ": the same move." : ".");
    box.appendChild(p);
    if (q.note) {
      var why = document.createElement("div");
      why.className = "note-text";
      why.innerHTML = q.note;  // Markdown rendered by the kit with raw HTML turned off (tameri_kit/share/notes.py)
      box.appendChild(why);
    }
  }

  function drawNote(k) {
    var box = $("step-note");
    var html = D.notes[k];
    if (html === undefined) { box.hidden = true; box.textContent = ""; return; }
    box.hidden = false;
    box.innerHTML = "<h3>Teacher's note</h3>" + html;  // rendered by the kit with raw HTML turned off
  }

  function go(k, keepFocus) {
    k = Math.max(0, Math.min(D.steps, k | 0));
    current = k;
    var chapter = D.chapters[D.chapterOf[k]];
    $("step-heading").textContent = "Step " + k + " of " + D.steps + (chapter ? ": " + chapter[0] : "");
    $("step-entry").textContent = entryText(k);
    var toMove = D.toMove[k];
    var ask = asking(k);
    $("step-next").textContent = ask ? "" : toMove === "chance" ? "Next: a chance outcome." : toMove ? "Next to decide: " + toMove + "." :
      (k === D.steps ? (D.finished ? "The game is over." : "The record stops here.") : "Next: a chance outcome.");
    drawQuestion(k);
    drawNote(k);
    if (ask) {  // nothing of the decision is shown before the pick: the board and log of the step before it
      var list = $("step-log");
      list.textContent = "";
      var li = document.createElement("li");
      li.textContent = "Hidden until you pick a move or skip.";
      list.appendChild(li);
      drawBoard(k - 1);
    } else {
      drawLog(k);
      drawBoard(k);
    }
    closeUp(k);
    var who = viewer() === EVERYONE ? "everyone (hidden cards shown)" : viewer();
    $("board-heading").textContent = (ask ? "The board before step " + k : "The board after step " + k) + ", seen by " + who;
    markMoves(k);
    if (D.questions[k] !== undefined) refreshMove(k);
    $("previous").disabled = k === 0;
    $("next").disabled = k === D.steps;
    $("slider").value = String(k);
    $("slider").setAttribute("aria-valuetext", "Step " + k + " of " + D.steps + (chapter ? ", " + chapter[0] : ""));
    $("where").textContent = k + " / " + D.steps;
    showResult(resultOpen || (D.finished && k === D.steps));
    $("copied").textContent = "";
    try { history.replaceState(null, "", "#step-" + k); } catch (e) { /* a page opened where history is locked */ }
    if (!keepFocus && document.activeElement && document.activeElement.disabled) $("step-heading").focus();
  }

  // --- autoplay ---
  function stop() {
    if (timer === null) return;
    clearInterval(timer);
    timer = null;
    $("play").textContent = "Play";
    $("play").setAttribute("aria-pressed", "false");
  }
  function play() {
    if (current >= D.steps) go(0, true);
    $("play").textContent = "Pause";
    $("play").setAttribute("aria-pressed", "true");
    timer = setInterval(function () {
      if (current >= D.steps) { stop(); return; }
      go(current + 1, true);
      if (current >= D.steps || asking(current)) stop();  // a question waits for the reader
    }, AUTOPLAY_MS);
  }

  function say(text) { $("typed").textContent = text; }

  document.addEventListener("keydown", function (event) {
    var tag = event.target && event.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var key = event.key;
    if (key === "ArrowRight") { stop(); go(current + 1, true); event.preventDefault(); return; }
    if (key === "ArrowLeft") { stop(); go(current - 1, true); event.preventDefault(); return; }
    if (key === "Home") { stop(); go(0, true); event.preventDefault(); return; }
    if (key === "End") { stop(); go(D.steps, true); event.preventDefault(); return; }
    if (/^[0-9]$/.test(key)) {
      typed = (typed + key).replace(/^0+(?=\d)/, "").slice(0, 6);
      say("Go to step " + typed + ": press Enter (Escape cancels).");
      event.preventDefault();
      return;
    }
    if (key === "Backspace" && typed) {
      typed = typed.slice(0, -1);
      say(typed ? "Go to step " + typed + ": press Enter (Escape cancels)." : "");
      event.preventDefault();
      return;
    }
    if (key === "Escape" && typed) { typed = ""; say(""); return; }
    if (key === "Enter" && typed) {
      var k = parseInt(typed, 10);
      typed = "";
      say(k > D.steps ? "There are " + D.steps + " steps; showing the last." : "");
      stop();
      go(k, true);
      event.preventDefault();
    }
  });

  $("previous").addEventListener("click", function () { stop(); go(current - 1); });
  $("next").addEventListener("click", function () { stop(); go(current + 1); });
  $("play").addEventListener("click", function () { if (timer === null) play(); else stop(); });
  $("slider").addEventListener("input", function () { stop(); go(parseInt($("slider").value, 10), true); });
  seat.addEventListener("change", function () { buildMoves(); go(current, true); });
  $("copy-link").addEventListener("click", function () {
    var link = location.href.split("#")[0] + "#step-" + current;
    var done = function () { $("copied").textContent = "Copied: " + link; };
    var manual = function () { $("copied").textContent = "Copy this link: " + link; };
    try {
      if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(link).then(done, manual);
      else manual();
    } catch (e) { manual(); }
  });
  var reveal = $("show-result");
  if (reveal) reveal.addEventListener("click", function () { resultOpen = true; showResult(true); $("result-heading").focus(); });
  $("zoom").addEventListener("click", function () {
    var larger = board.classList.toggle("larger");
    $("zoom").setAttribute("aria-pressed", larger ? "true" : "false");
    go(current, true);  // on a phone, the wide board instead of the narrow one
  });
  if (narrowQuery) {
    var redraw = function () { go(current, true); };
    if (narrowQuery.addEventListener) narrowQuery.addEventListener("change", redraw);
    else if (narrowQuery.addListener) narrowQuery.addListener(redraw);
  }
  var save = $("save-record");
  if (save) {
    save.href = "data:application/json;charset=utf-8," +
      encodeURIComponent(document.getElementById("tameri-record").textContent.trim() + "\n");
  }
  function fromHash() {
    var found = /^#step-(\d+)$/.exec(location.hash);
    return found ? parseInt(found[1], 10) : null;
  }
  window.addEventListener("hashchange", function () {
    var k = fromHash();
    if (k !== null && k !== current) { stop(); go(k, true); }
  });
  document.documentElement.classList.add("scripted");
  buildMoves();
  go(fromHash() || 0, true);
})();
