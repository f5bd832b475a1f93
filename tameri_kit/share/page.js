// A shared Tameri game (tameri_kit/share/page.py): steps through the data in <script id="tameri-page">.
// Pictures are rebuilt from shared nodes (tameri_kit/share/svg_store.py): a node is a string, or a list of the
// nodes it joins.  Nothing is fetched: everything is in this page.
(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("tameri-page").textContent);
  var P = D.players.length;
  var EVERYONE = "";
  var memo = new Map();
  var typed = "";
  var current = -1;
  var shown = {};

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

  function entryText(k) {
    if (k === 0) return "the set-up, before any card or tile is drawn";
    var who = D.who[k];
    var v = viewer();
    if (v === EVERYONE || who === v || D["public"][k]) return D.entry[k];
    return who === null ? "a chance outcome this seat does not see" : who + " decides (hidden from this seat)";
  }

  function setPart(slot, id, html) {
    if (shown[slot] === id) return;
    shown[slot] = id;
    var holder = $(slot);
    holder.innerHTML = html;
  }

  function drawBoard(k) {
    var v = viewer(), s = seatIndex();
    if (v === EVERYONE) {
      setPart("board-shared", "all:" + D.boardEveryone[k], pictureText(D.boardEveryone[k]));
    } else {
      var id = D.board[k];
      setPart("board-shared", v + ":" + id, pictureText(id).split(D.slot).join(D.names[v]));
    }
    for (var i = 0; i < P; i++) {
      var full = v === EVERYONE || i === s;
      var node = full ? D.full[k * P + i] : D.hidden[k * P + i];
      setPart("panel-" + i, node, pictureText(node));
    }
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
      var none = document.createElement("li");
      none.textContent = "Nothing this seat may see happened.";
      list.appendChild(none);
    }
  }

  function chapterOf(k) { return D.chapterOf[k]; }

  function go(k, keepFocus) {
    k = Math.max(0, Math.min(D.steps, k | 0));
    current = k;
    var chapter = D.chapters[chapterOf(k)];
    $("step-heading").textContent = "Step " + k + " of " + D.steps + (chapter ? ": " + chapter[0] : "");
    $("step-entry").textContent = entryText(k);
    var toMove = D.toMove[k];
    $("step-next").textContent = toMove === "chance" ? "Next: a chance outcome." : toMove ? "Next to decide: " + toMove + "." :
      (k === D.steps ? (D.finished ? "The game is over." : "The record stops here.") : "Next: a chance outcome.");
    drawLog(k);
    drawBoard(k);
    var who = viewer() === EVERYONE ? "everyone (hidden cards shown)" : viewer();
    $("board-heading").textContent = "The board after step " + k + ", seen by " + who;
    document.querySelectorAll("#chapters button").forEach(function (b) {
      if (+b.getAttribute("data-chapter") === chapterOf(k)) b.setAttribute("aria-current", "step");
      else b.removeAttribute("aria-current");
    });
    $("first").disabled = $("previous").disabled = k === 0;
    $("next").disabled = $("last").disabled = k === D.steps;
    $("jump-to").value = "";
    try { history.replaceState(null, "", "#step-" + k); } catch (e) { /* a page opened where history is locked */ }
    if (!keepFocus && document.activeElement && document.activeElement.disabled) $("step-heading").focus();
  }

  function say(text) { $("typed").textContent = text; }

  document.addEventListener("keydown", function (event) {
    var tag = event.target && event.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var key = event.key;
    if (key === "ArrowRight") { go(current + 1, true); event.preventDefault(); return; }
    if (key === "ArrowLeft") { go(current - 1, true); event.preventDefault(); return; }
    if (key === "Home") { go(0, true); event.preventDefault(); return; }
    if (key === "End") { go(D.steps, true); event.preventDefault(); return; }
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
      go(k, true);
      event.preventDefault();
    }
  });

  $("first").addEventListener("click", function () { go(0); });
  $("previous").addEventListener("click", function () { go(current - 1); });
  $("next").addEventListener("click", function () { go(current + 1); });
  $("last").addEventListener("click", function () { go(D.steps); });
  $("jump").addEventListener("submit", function (event) {
    event.preventDefault();
    var value = $("jump-to").value;
    if (value === "") return;
    go(parseInt(value, 10), true);
  });
  seat.addEventListener("change", function () { go(current, true); });
  document.querySelectorAll("#chapters button").forEach(function (b) {
    b.addEventListener("click", function () { go(+b.getAttribute("data-step"), true); });
  });
  $("zoom").addEventListener("click", function () {
    var larger = board.classList.toggle("larger");
    $("zoom").setAttribute("aria-pressed", larger ? "true" : "false");
  });
  var save = $("save-record");
  if (save) {
    save.href = "data:application/json;charset=utf-8," +
      encodeURIComponent(document.getElementById("tameri-record").textContent.trim() + "\n");
  }
  var start = /^#step-(\d+)$/.exec(location.hash);
  document.documentElement.classList.add("scripted");
  go(start ? parseInt(start[1], 10) : 0, true);
})();
