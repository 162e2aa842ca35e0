/* Bluffhouse on a phone: your hand or your dice, and your buttons. Plain JavaScript, no build.
 *
 * The same page watches from the audience when its link is the evening's audience link (the
 * table's "hello" says so): it shows what the TV shows — never a hand or a cup — and the
 * audience's question ("Lie or truth?", "Does the claim hold?") with two buttons.
 *
 * The address is /p/<token>; the page opens /ws/<token> and shows what the game sends for
 * this seat only (its "hello": names, words in the game's language, the deck or the list of
 * propositions; then a "state" whenever anything changes). Taps send small JSON messages; the
 * game checks them and answers with a new state, a notice, or an error. Every text from the
 * game is put in with textContent: names typed at the table are never read as HTML.
 */
(function () {
  "use strict";

  var token = (location.pathname.match(/^\/p\/([A-Za-z0-9_-]{22,64})$/) || [])[1] || "";
  var secret = readSecret();  // this phone's own key to its seat (given on its first join)
  var ws = null;        // the socket in use, opening or open
  var up = false;       // the table answered on it: what the page shows is live
  var knocking = false; // another phone plays this seat: the TV decides; nothing here is live
  var watching = false; // this link is the audience's: watch and vote, never play
  var coverGo = null;   // what the cover's button does when it does not just try again
  var hello = null;
  var state = null;
  var texts = readWords();
  var picked = [];      // cards picked in hand order (notation)
  var kept = [];        // dice kept for a reroll (indices)
  var choice = null;    // the proposition chosen in the claim builder (its index)
  var attempt = 0;      // attempts since the table last answered
  var stopped = false;  // moved, refused, gone, open elsewhere: a tap starts again, nothing else
  var waitUntil = 0;
  var noticeTimer = 0;
  var lastTurn = false;
  var faceCache = {};
  var heard = 0;        // when the table last said anything (a pong counts)
  var again = 0;        // the timer of the next attempt
  var guard = 0;        // the timer that gives up a socket still opening
  var opened = 0;       // when the socket in use was started
  var HANDSHAKE = 3000; // a socket not open by then: the table is asked whether it is only slow
  var HOLD = 15000;     // a socket still opening is given up by then whatever the answer
  var PING_EVERY = 2500, PATIENCE = 2500;  // a link that died quietly is found out within 5 s
  var BACKOFF_FIRST = 250, BACKOFF_CAP = 2000;  // between quick failures, doubling, with jitter
  var COVER_AFTER = 4;  // failed attempts before the page says plainly the table is out of reach

  function $(id) { return document.getElementById(id); }
  function readWords() {  // the game's words, written into the page by the server
    try { return JSON.parse(document.getElementById("words").textContent) || {}; } catch (e) { return {}; }
  }
  function tx(key, fields) {
    var text = texts[key] || "";
    if (fields) {
      Object.keys(fields).forEach(function (name) { text = text.split("{" + name + "}").join(String(fields[name])); });
    }
    return text;
  }
  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }
  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }
  function show(node, on) { node.hidden = !on; }

  function secretKey() { return "bluffhouse.seat." + token; }
  function readSecret() {
    var kept = "";
    try { kept = localStorage.getItem(secretKey()) || ""; } catch (e) { kept = ""; }
    return /^[A-Za-z0-9_-]{22,64}$/.test(kept) ? kept : "";
  }
  function keepSecret(value) {
    secret = value;
    try { localStorage.setItem(secretKey(), value); } catch (e) { /* private mode: this visit only */ }
  }

  // -- the link ---------------------------------------------------------------------------
  //
  // Wi-Fi at a party drops packets rather than refusing them: a socket may hang while opening
  // as well as once open. A table under load (strangers crowding its door) may also be only slow
  // to let a socket in, and a socket given up and opened again waits its turn anew. So a socket
  // still opening after HANDSHAKE is kept while the page asks the table a small question over
  // plain http (slowOpen): an answer while the socket still opens means the socket is lost, and
  // it is given up; no answer in HANDSHAKE either, the table is slow, and it is asked again (up
  // to HOLD). An open socket that leaves a ping unanswered for PATIENCE is given up too, and the
  // next attempt follows (at once after a timeout, after a short doubling wait with jitter after
  // a quick failure) for as long as the page is open; the network coming back, the screen
  // turning on or the page being shown again each try at once. Meanwhile the page says
  // "reconnecting" and acts on nothing.

  function connect() {
    clearTimeout(again);
    clearTimeout(guard);
    if (stopped) return;
    if (!token) { cover(tx("bad_link") || "…", false); return; }
    abandon(ws);
    knocking = false;
    var socket;
    try {
      socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws/" + token);
    } catch (e) { lost(null, false); return; }
    ws = socket;
    opened = Date.now();
    guard = setTimeout(function () { slowOpen(socket); }, HANDSHAKE);
    var welcomed = false;  // the server took this socket: a refusal before it is not the network
    socket.onopen = function () {
      if (ws !== socket) return;
      welcomed = true;
      clearTimeout(guard);
      heard = Date.now();
      socket.send(JSON.stringify({ t: "join", device: secret }));
    };
    socket.onmessage = function (event) {
      var message;
      if (ws !== socket) return;
      heard = Date.now();
      try { message = JSON.parse(event.data); } catch (e) { return; }
      receive(message);
    };
    socket.onclose = function (event) {
      if (ws !== socket) return;  // a socket given up on: its news is old
      ws = null;
      clearTimeout(guard);
      if (event.code === 4008) { stop("connecting", null); return; }  // a seat taken: its page opens
      var why = { 4001: ["replaced", "take_back"], 4002: ["gone", null], 4003: ["refused", "ask_again"],
                  4004: ["again", "play_here"], 4005: ["busy", "ask_again"], 4006: ["slow", "ask_again"],
                  4007: ["full", "ask_again"] }[event.code];
      if (why) { stop(why[0], why[1]); return; }
      if (!welcomed) { askLink(); return; }
      lost(null, false);
    };
  }

  // A socket refused before it opened looks the same to a page as a network down. Ask for the
  // page's own address: a 403 means the table no longer knows this link (the game was restarted,
  // or the seat got a new code), and only a new code helps; anything else, or no answer within
  // HANDSHAKE, is the network: try again as ever.
  function askLink() {
    var done = false;
    var late = setTimeout(function () { decide(false); }, HANDSHAKE);
    function decide(unknown) {
      if (done) return;
      done = true;
      clearTimeout(late);
      if (ws !== null || stopped) return;  // the page moved on meanwhile
      if (unknown) { stop("restarted", null); } else { lost(null, false); }
    }
    fetch(location.pathname, { cache: "no-store", credentials: "same-origin", redirect: "error" }).then(
      function (answer) { decide(answer.status === 403); }, function () { decide(false); });
  }

  function abandon(socket) {
    if (!socket) return;
    socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
    try { socket.close(); } catch (e) { /* already closing */ }
  }

  // A socket still opening: lost (the table answers a newer question first), or only slow (no
  // answer either: ask again, up to HOLD). One socket opens at a time (browsers queue the others).
  function slowOpen(socket) {
    if (ws !== socket || socket.readyState === 1) return;
    if (Date.now() - opened >= HOLD || !window.fetch) { lost(socket, true); return; }
    var asking = window.AbortController ? new AbortController() : null;
    guard = setTimeout(function () {
      if (asking) asking.abort();
      slowOpen(socket);
    }, HANDSHAKE);
    fetch("/s/favicon.svg", { cache: "no-store", signal: asking ? asking.signal : undefined }).then(function () {
      if (ws === socket && socket.readyState !== 1) lost(socket, true);
    }, function () { /* no answer: the guard asks again */ });
  }

  // The socket is no good (waited: we already waited for it): say so, and try again soon.
  function lost(socket, waited) {
    if (socket && ws !== socket) return;
    abandon(socket);
    ws = null;
    down();
    if (stopped) return;
    attempt += 1;
    var wait = Math.min(BACKOFF_CAP, BACKOFF_FIRST * Math.pow(2, attempt - 1));
    wait = waited ? Math.random() * 300 : wait / 2 + Math.random() * wait / 2;
    again = setTimeout(connect, wait);
  }

  function stop(why, button) {
    stopped = true;
    abandon(ws);
    ws = null;
    down();
    cover(tx(why), button);
  }

  // The table answered: what the page shows is live again.
  function live() {
    attempt = 0;
    if (up) return;
    up = true;
    setLink("on");
    document.body.classList.remove("down");
    show($("down"), false);
    if (!stopped) hideCover();
    render();
  }

  // No link: a stale turn is never shown as live.
  function down() {
    up = false;
    setLink("off");
    document.body.classList.add("down");
    var box = $("down");
    box.textContent = tx("reconnecting");
    show(box, !stopped);
    if (!stopped && (attempt >= COVER_AFTER || !state)) cover(tx(attempt >= COVER_AFTER ? "offline" : "connecting"), null);
    render();
  }

  // Ask the table; if it does not answer in time, that socket is dead: drop it and join again.
  function alive(patience) {
    var socket = ws;
    if (stopped || !socket || socket.readyState !== 1) return;  // opening: its own guard watches it
    var asked = Date.now();
    send({ t: "ping", n: asked % 100000 });
    setTimeout(function () {
      if (ws === socket && heard < asked) lost(socket, true);
    }, patience);
  }

  // The network is back, the screen is on, the page is shown again: try now, not later.
  function wake() {
    if (stopped || document.hidden) return;
    if (ws && ws.readyState === 1) { alive(1500); return; }
    if (ws && ws.readyState === 0 && Date.now() - opened < 1000) return;  // just started
    attempt = 0;
    connect();  // a socket still opening may be hung on the network that went away: start over
  }
  window.addEventListener("online", wake);
  window.addEventListener("pageshow", wake);
  document.addEventListener("visibilitychange", wake);

  function send(message) {  // a tap acts only on a live link (a ping asks whether it is one)
    if (ws && ws.readyState === 1 && (up || message.t === "ping")) ws.send(JSON.stringify(message));
  }

  function setLink(kind) { $("link").className = "dot" + (kind ? " " + kind : ""); }

  function receive(message) {
    if (message.t === "taken") {  // another phone plays this seat: the TV is asked, not this link
      knocking = true;
      var watchPath = /^\/p\/[A-Za-z0-9_-]{22,64}$/.test(message.watch || "") ? message.watch : null;
      cover(tx("taken"), watchPath ? "watch_vote" : null, /^[0-9]{2}$/.test(message.code || "") ? message.code : null,
            watchPath ? function () { location.assign(watchPath); } : null);
      return;
    }
    if (message.t === "seated") {  // this watcher took a free seat: its own link, with its key
      var seatToken = ((message.path || "").match(/^\/p\/([A-Za-z0-9_-]{22,64})$/) || [])[1];
      if (seatToken && /^[A-Za-z0-9_-]{22,64}$/.test(message.device || "")) {
        try { localStorage.setItem("bluffhouse.seat." + seatToken, message.device); } catch (e) { /* this visit */ }
        stopped = true;
        location.replace("/p/" + seatToken);
      }
      return;
    }
    if (message.t === "welcome") { knocking = false; keepSecret(message.device); }
    if (!knocking && ["welcome", "hello", "state", "pong"].indexOf(message.t) >= 0) live();
    if (message.t === "hello") {
      hello = message;
      watching = !!message.audience;
      document.body.classList.toggle("watching", watching);
      texts = message.texts || {};
      document.documentElement.lang = texts.lang || "en";
      $("me").textContent = message.name || "";
      faceCache = {};
      staticWords();
      if (state) render();
    } else if (message.t === "state") {
      var before = state;
      state = message;
      waitUntil = Date.now() + 1000 * (message.wait || 0);
      if (!before || JSON.stringify(before.hand) !== JSON.stringify(message.hand)) {
        picked = [];  // a play went down (or the hand changed): the picks were for the old hand
      }
      if (!before || JSON.stringify(before.dice) !== JSON.stringify(message.dice) || before.claim + "" !== message.claim + "") {
        kept = []; choice = null;
      }
      if (message.my_turn && !lastTurn && navigator.vibrate) navigator.vibrate(60);
      lastTurn = !!message.my_turn;
      render();
    } else if (message.t === "notice") {
      notice(message.text);
    } else if (message.t === "error") {
      notice(tx("error." + message.code) || tx("error"));
    }  // "moved", "refused", "again", "bye": the socket's close code says what to do
  }

  function notice(text) {
    if (!text) return;
    var box = $("notice");
    box.textContent = text;
    show(box, true);
    clearTimeout(noticeTimer);
    noticeTimer = setTimeout(function () { show(box, false); }, 2600);
  }

  // A page-wide message; button: the key of the one thing to do (null: nothing but wait); code:
  // the two digits the TV's question names this phone by, while it asks for a seat.
  function cover(text, button, code, go) {
    coverGo = go || null;
    $("cover-text").textContent = text;
    $("cover-code-label").textContent = code ? tx("your_code") : "";
    $("cover-code-digits").textContent = code || "";
    show($("cover-code"), !!code);
    var tap = $("cover-button");
    show(tap, !!button);
    tap.textContent = button ? (coverGo ? "" : "↻ ") + tx(button) : "";
    show($("cover"), true);
  }
  function hideCover() { show($("cover"), false); }

  $("cover-button").onclick = function () {
    if (coverGo) { coverGo(); return; }
    stopped = false; attempt = 0; hideCover(); connect();
  };

  // -- drawing ----------------------------------------------------------------------------

  function staticWords() {
    document.title = tx("title") || document.title;
    if (!$("me").textContent) $("me").textContent = tx("title");  // the page's heading until a name comes
    $("hand-title").textContent = tx("your_hand");
    $("dice-title").textContent = tx("your_dice");
    $("mine").textContent = tx("mine");
    $("lower").textContent = "‹ " + tx("lower");
    $("higher").textContent = tx("higher") + " ›";
    $("next").textContent = tx("next_round");
    $("seat-title").textContent = tx("seat_title");  // the audience's (hidden on a seat's page)
    $("name-label").textContent = tx("name_label");
    $("save").textContent = tx("name_save");
  }

  // Whether a button may be pressed now: the one place that decides it, from what the table sent
  // (and this page's own picks). A button's rule is named by its id, or by its data-may where the
  // page makes many of a kind (cards, dice, moods, kinds of hand). settle() applies the rules to
  // every button of the page at the end of every drawing: without a live link, none may be pressed.
  var MAY = {
    play: function () {
      return !!state.can_accept || !!state.can_play && secondsLeft() <= 0.05 && pickedCards().length > 0;
    },
    challenge: function () { return !!state.can_challenge; },
    propose: function () { return !!state.can_propose && choice !== null; },
    reroll: function () { return !!state.can_reroll; },
    next: function () { return !!state.can_next; },
    again: function () { return !!state.can_again; },
    lie: function () { return !!state.question; },
    truth: function () { return !!state.question; },
    sit: function () { return true; },
    save: function () { return true; },
    lower: function () { return choice !== null && choice > state.low; },
    higher: function () { return choice !== null && choice < (hello.claims || []).length - 1; },
    mine: function () { return state.mine !== null && state.mine !== undefined; },
    card: function () { return true; },  // picking is the page's own: the table checks a play
    die: function () { return !!state.can_reroll; },
    mood: function (button) { return (state.moods || []).indexOf(button.dataset.mood) >= 0; },
    kind: function (button) { return +button.dataset.first >= 0; }
  };

  function settle() {
    var live = up && !!state && !state.lobby && !!hello;
    Array.prototype.forEach.call(document.querySelectorAll("main button, footer button"), function (button) {
      var may = MAY[button.dataset.may || button.id];
      button.disabled = !(live && !!may && may(button));
    });
  }

  function secondsLeft() { return Math.max(0, (waitUntil - Date.now()) / 1000); }

  function render() {
    var status = $("status");
    var lobby = !state || state.lobby;  // no game on this phone's screen yet: it waits, and says so
    document.body.classList.toggle("lobby", !!lobby);
    document.body.classList.toggle("results", !lobby && !!state.results);
    show($("votebox"), !lobby && watching);
    show($("namebox"), watching && !!state);
    show($("seatbox"), false);
    if (lobby) {
      $("title").textContent = "";
      if (state && (state.name || state.me)) $("me").textContent = state.name || state.me;
      status.textContent = up ? (state && state.status) || tx("lobby") : "";  // (the banner says why)
      status.className = "";
    } else if (hello && watching) {
      $("title").textContent = state.title || "";
      $("me").textContent = state.me || "";
      status.textContent = up ? state.status || "" : "";
      status.className = "";
      drawPlayers();
      drawLog();
      drawWatch();
    } else if (hello) {
      $("title").textContent = state.title || "";
      status.textContent = up ? state.status || "" : "";  // never a stale "Your turn": the banner speaks
      status.className = up && state.my_turn ? "mine" : "";
      drawPlayers();
      drawLog();
      if (state.results) { drawResults(); } else if (state.game === "duel") { drawDuel(); } else { drawCards(); }
    }
    settle();
  }

  // Which parts of the page a moment shows: "cards" (a card game), "duel" or "results". A duel's
  // round over has one thing to do, under the thumb: "Next round" (or "See the results").
  function layout(kind) {
    var going = kind === "duel" && !!state.can_next;
    show($("cards"), kind === "cards");
    show($("dicebox"), kind === "duel");
    show($("play"), kind === "cards");
    show($("propose"), kind === "duel" && !going);
    show($("challenge"), kind === "cards" || kind === "duel" && !going);
    show($("next"), going);
    show($("again"), kind === "results");
    show($("lie"), kind === "watch");
    show($("truth"), kind === "watch");
    if (kind !== "cards") {
      show($("callbox"), false);
      show($("revealbox"), false);
    }
  }

  function drawPlayers() {
    var list = $("players");
    clear(list);
    (state.players || []).forEach(function (p, seat) {
      var me = seat === state.seat;
      var item = el("li", (p.turn ? "turn " : "") + (me ? "me" : ""));
      item.appendChild(el("span", "who", p.name));
      var what = el("span", "what");
      if (state.game === "duel") {
        what.textContent = "★ " + p.score;
      } else {
        what.textContent = p.cards + " " + tx("cards_left");
        if (p.bullets !== null && p.bullets !== undefined) {
          what.appendChild(document.createTextNode(" "));
          var bullets = el("span", "bullets");  // a picture of the bullets left, named by their count
          bullets.setAttribute("role", "img");
          bullets.setAttribute("aria-label", tx("bullets_n", { n: p.bullets }));
          for (var b = 0; b < p.bullets; b++) bullets.appendChild(el("i"));
          what.appendChild(bullets);
        }
      }
      item.appendChild(what);
      if (me || p.kind === "phone" || p.kind === "computer") {  // your own box says "you", not "phone"
        var tag = me ? tx("you") : p.away ? tx("away") : (p.kind === "phone" ? tx("on_phone") : tx("computer"));
        item.appendChild(el("span", "tag" + (p.away && !me ? " away" : ""), tag));
      }
      list.appendChild(item);
    });
  }

  function drawLog() {
    var log = $("log");
    clear(log);
    $("log-title").textContent = state.log_title || tx("log");
    (state.log || []).forEach(function (line) { log.appendChild(el("li", "", line)); });
    show($("logbox"), (state.log || []).length > 0);
  }

  // -- the card games ----------------------------------------------------------------------

  function suitImage(suit) {
    if (!faceCache[suit]) {
      var svg = ((hello.faces || {}).suits || {})[suit] || "";
      faceCache[suit] = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
    }
    return faceCache[suit];
  }

  // A card: a button in the hand, read out from what it shows (its index, and its suit's name as
  // the suit picture's text: "K ♠", "VII Piros"), picked or not; a named picture elsewhere.
  function cardNode(notation, tag) {
    var faces = hello.faces || {};
    var hungarian = state.game === "kamu" || hello.deck === "hungarian";
    var node = el(tag || "div", "card" + (hungarian ? " hungarian" : ""));
    var rank = notation.slice(0, -1), suit = notation.slice(-1);
    var joker = notation.charAt(0) === "*" ? (faces.jokers || {})[suit] || notation : null;
    var index = joker || (faces.ranks || {})[rank] || rank;
    var suitName = (faces.suit_names || {})[suit] || suit;
    if (tag === "button") {
      node.type = "button";
    } else {
      node.setAttribute("role", "img");
      node.setAttribute("aria-label", joker || index + " " + suitName);
    }
    node.appendChild(el("span", "index", index));
    if (joker) {
      node.className += " joker" + (suit === "F" ? " fako" : "");
      return node;
    }
    if ((faces.red || []).indexOf(suit) >= 0) node.className += " red";
    var img = el("img");
    img.alt = suitName;
    img.src = suitImage(suit);
    node.appendChild(img);
    return node;
  }

  function drawCards() {
    layout("cards");
    var call = $("callbox");
    show(call, !!state.call);
    $("call").textContent = state.call || "";
    var reveal = state.reveal;
    var box = $("revealbox");
    show(box, !!reveal);
    if (reveal) {
      box.className = reveal.truthful ? "truth" : "lie";
      $("reveal-words").textContent = reveal.words;
      var row = $("reveal-cards");
      clear(row);
      reveal.cards.forEach(function (c) { row.appendChild(cardNode(c)); });
    }
    var hand = $("hand");
    clear(hand);
    var held = (state.hand || []).length;  // a big hand takes more columns: all of it above the buttons
    hand.className = held > 15 ? "cols6" : held > 8 ? "cols5" : "";
    (state.hand || []).forEach(function (c, i) {
      var node = cardNode(c, "button");
      node.dataset.may = "card";
      node.dataset.card = c;
      node.dataset.index = i;
      node.setAttribute("aria-pressed", isPicked(c, i) ? "true" : "false");
      if (isPicked(c, i)) node.className += " picked";
      node.onclick = function () { togglePick(c, i); };
      hand.appendChild(node);
    });
    drawCardButtons();
  }

  // picked holds "notation#index" so two copies of a card (two decks) are told apart
  function key(c, i) { return c + "#" + i; }
  function isPicked(c, i) { return picked.indexOf(key(c, i)) >= 0; }
  function togglePick(c, i) {
    var k = key(c, i), at = picked.indexOf(k);
    if (at >= 0) { picked.splice(at, 1); }
    else if (picked.length >= state.most_cards) { notice(tx("too_many")); return; }  // the table's number
    else { picked.push(k); }
    render();
  }
  function pickedCards() {
    var hand = state.hand || [];
    return picked.map(function (k) { var parts = k.split("#"); return hand[+parts[1]] === parts[0] ? parts[0] : null; })
      .filter(function (c) { return c !== null; });
  }

  // The words of the card game's buttons and hint (settle() says which may be pressed).
  function drawCardButtons() {
    var play = $("play"), challenge = $("challenge"), hint = $("hint");
    var left = secondsLeft();
    var cards = pickedCards();
    if (state.can_accept) {
      play.textContent = tx("accept");
    } else if (state.can_play && left > 0.05) {
      play.textContent = tx("wait", { s: left.toFixed(1) });
    } else if (state.can_play && cards.length) {
      var words = state.rank_words || {};
      play.textContent = tx("play_n", { n: cards.length, rank: cards.length === 1 ? words["1"] : words.n });
    } else {
      play.textContent = tx("play");
    }
    challenge.textContent = state.can_challenge ? tx("challenge") : tx("challenge_off");
    if (state.can_play && !cards.length) { hint.textContent = tx("pick"); }  // what to do first
    else if (state.bullets === 0 && !state.over) { hint.textContent = tx("no_bullets"); }
    else if (state.paused) { hint.textContent = tx("paused"); }
    else if (state.my_turn && !state.can_play && !state.can_accept && !state.over) { hint.textContent = tx("watch"); }
    else { hint.textContent = state.pile ? tx("pile", { n: state.pile }) : ""; }
    show($("countdown"), left > 0.05 && state.can_play);
  }

  $("play").onclick = function () {
    if (!state) return;
    if (state.game === "duel") return;
    if (state.can_accept) { send({ t: "accept" }); return; }
    var cards = pickedCards();
    if (!cards.length) { notice(tx("pick")); return; }
    send({ t: "play", cards: cards });  // the table checks it; a refusal comes back as a notice
  };
  $("challenge").onclick = function () { if (state && state.can_challenge) send({ t: "challenge" }); };

  // -- the dice duel -----------------------------------------------------------------------

  var PIPS = { 1: [4], 2: [2, 6], 3: [2, 4, 6], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };
  function dieNode(face, tag) {
    var node = el(tag || "div", "die" + (face === 1 ? " ace" : ""));
    for (var i = 0; i < 9; i++) node.appendChild(el("i", (PIPS[face] || []).indexOf(i) >= 0 ? "on" : ""));
    return node;
  }
  // A row of dice to look at: one picture, its faces read out.
  function diceRow(row, faces) {
    clear(row);
    (faces || []).forEach(function (f) { row.appendChild(dieNode(f)); });
    row.setAttribute("role", "img");
    row.setAttribute("aria-label", tx("dice_row", { faces: (faces || []).join(", ") }));
  }

  function drawDuel() {
    layout("duel");
    var moods = $("moods");
    clear(moods);
    (state.moods || []).forEach(function (mood) {
      var b = el("button", "go", (hello.moods || {})[mood] || mood);
      b.type = "button";
      b.dataset.may = "mood";
      b.dataset.mood = mood;
      b.onclick = function () { send({ t: "declare", mood: mood }); };
      moods.appendChild(b);
    });
    var dice = $("dice");
    clear(dice);
    (state.dice || []).forEach(function (face, i) {
      var node = dieNode(face, "button");
      node.type = "button";
      node.dataset.may = "die";
      node.setAttribute("aria-label", tx("die", { n: face }));
      node.setAttribute("aria-pressed", kept.indexOf(i) >= 0 ? "true" : "false");
      if (kept.indexOf(i) >= 0) node.className += " kept";
      node.onclick = function () {
        if (!state.can_reroll) return;
        var at = kept.indexOf(i);
        if (at >= 0) kept.splice(at, 1); else if (kept.length < state.most_kept) kept.push(i);
        render();
      };
      dice.appendChild(node);
    });
    var reroll = $("reroll");
    show(reroll, state.can_reroll);
    var count = 5 - kept.length;
    reroll.textContent = tx("reroll_n", { n: count }) + " · " + tx("rerolls_left", { n: state.rerolls_left });
    reroll.className = "wide quiet";
    $("dice-hint").textContent = state.can_reroll ? tx("keep") : "";
    var beat = $("beat");
    clear(beat);
    if (state.phase !== "opening") {
      var claims = hello.claims || [];
      if (state.claim) {
        var over = state.phase === "over";  // once the round is over the claim is only the last one
        beat.appendChild(el("div", "", tx(over ? "last_call" : "to_beat") + ": " + (state.claim_words || "")));
        var row = el("div", "row small");
        diceRow(row, state.claim);
        beat.appendChild(row);
      } else {
        beat.appendChild(el("div", "", tx("no_claim")));
      }
      if (state.must_challenge) beat.appendChild(el("div", "", tx("must_challenge")));
      show(beat, true);
      drawBuilder(claims);
    } else {
      show(beat, false);
      show($("builder"), false);
    }
    var lifted = $("lifted");  // the other cup, lifted in a challenge: whose dice, and the verdict
    show(lifted, !!state.lifted);
    if (state.lifted) {
      clear(lifted);
      lifted.appendChild(el("div", "words", state.lifted_words || ""));
      var faces = el("div", "row small");
      diceRow(faces, state.lifted);
      lifted.appendChild(faces);
    }
    $("next").textContent = state.over ? tx("see_results") : tx("next_round");
    $("propose").textContent = tx("propose");
    $("challenge").textContent = state.can_challenge ? tx("challenge") : tx("challenge_off");
  }

  function drawBuilder(claims) {
    var builder = $("builder");
    var on = !!state.can_propose && claims.length > 0 && state.low < claims.length;
    show(builder, on);
    if (!on) { choice = null; return; }
    if (choice === null || choice < state.low) choice = state.mine !== null && state.mine !== undefined ? state.mine : state.low;
    var kinds = $("kinds");
    clear(kinds);
    (hello.kinds || []).forEach(function (name, kind) {
      var first = -1;
      for (var i = state.low; i < claims.length; i++) { if (claims[i][1] === kind) { first = i; break; } }
      var chosen = claims[choice][1] === kind;
      var b = el("button", chosen ? "on" : "", name);
      b.type = "button";
      b.dataset.may = "kind";
      b.dataset.first = first;
      b.setAttribute("aria-pressed", chosen ? "true" : "false");
      b.onclick = function () { choice = first; render(); };
      kinds.appendChild(b);
    });
    diceRow($("pick-dice"), claims[choice][0]);
    $("pick-words").textContent = claims[choice][2];
    show($("mine"), state.mine !== null && state.mine !== undefined);
  }

  $("lower").onclick = function () { if (choice !== null && choice > state.low) { choice -= 1; render(); } };
  $("higher").onclick = function () { if (choice !== null && choice < (hello.claims || []).length - 1) { choice += 1; render(); } };
  $("mine").onclick = function () { if (state.mine !== null) { choice = state.mine; render(); } };
  $("reroll").onclick = function () { if (state && state.can_reroll) send({ t: "reroll", keep: kept.slice().sort() }); };
  $("next").onclick = function () { if (state && state.can_next) send({ t: "next" }); };
  $("propose").onclick = function () {
    if (!state || !state.can_propose || choice === null) return;
    send({ t: "propose", dice: (hello.claims || [])[choice][0] });
  };

  // -- the audience ------------------------------------------------------------------------

  // What the TV shows (the last call, a reveal, the log), the question and this phone's vote on
  // it, the room's vote at a reveal with this phone's read; at the results the best reader, and
  // the free seats this watcher may take at Play again.
  function drawWatch() {
    layout(state.results ? "none" : "watch");
    var q = state.question, claim = !!q && q.kind === "claim";
    show($("callbox"), !!state.call && !state.results && !(q && q.text === state.call));  // said once
    $("call").textContent = state.call || "";
    var reveal = state.reveal, box = $("revealbox");
    show(box, !!reveal && !state.results);
    if (reveal) {
      box.className = reveal.truthful ? "truth" : "lie";
      $("reveal-words").textContent = reveal.words || "";
      var row = $("reveal-cards");
      clear(row);
      if (reveal.dice) { diceRow(row, reveal.dice); } else {
        row.removeAttribute("role"); row.removeAttribute("aria-label");
        (reveal.cards || []).forEach(function (c) { row.appendChild(cardNode(c)); });
      }
    }
    $("vote-ask").textContent = q ? tx(claim ? (q.challenged ? "ask_challenged" : "ask_claim") : "ask_call") : "";
    $("vote-call").textContent = q ? q.text : "";
    $("vote-hint").textContent = q ? (state.vote ? tx("vote_change") : "") : (state.results || state.over ? "" : tx("vote_wait"));
    [["lie", claim ? "vote_no" : "vote_lie"], ["truth", claim ? "vote_yes" : "vote_truth"]].forEach(function (b) {
      var button = $(b[0]);
      button.textContent = (state.vote === b[0] ? "✓ " : "") + tx(b[1]);
      button.setAttribute("aria-pressed", state.vote === b[0] ? "true" : "false");
      button.onclick = function () { if (state.question) send({ t: "vote", q: state.question.id, say: b[0] }); };
    });
    $("room").textContent = state.results ? state.best || "" : state.room || "";
    $("read").textContent = !state.results && state.room ? state.read || "" : "";
    $("score").textContent = state.score || "";
    var seats = $("seats");
    clear(seats);
    (state.seats || []).forEach(function (seat) {
      var b = el("button", "go wide", seat.label);
      b.type = "button";
      b.dataset.may = "sit";
      b.onclick = function () { send({ t: "sit", to: seat.to }); };
      seats.appendChild(b);
    });
    show($("seatbox"), !!state.results && (state.seats || []).length > 0);
    var input = $("name-input");
    if (document.activeElement !== input && state.named) input.value = state.me || "";
  }
  $("namebox").onsubmit = function (event) {
    event.preventDefault();
    var name = $("name-input").value.trim();
    if (name) send({ t: "name", name: name.slice(0, 24) });
    $("name-input").blur();
  };

  // -- the results -------------------------------------------------------------------------

  // The game is over: how it ended (the status, the boxes, the log's standings), and the results'
  // first button ("Play again", or the next round of a match), pressed from here as at the TV.
  function drawResults() {
    layout("results");
    $("again").textContent = state.again || "";
  }
  $("again").onclick = function () { if (state && state.can_again) send({ t: "again" }); };

  // the challenge window's countdown on the Play button
  setInterval(function () {
    if (!state || state.game === "duel" || state.results || !hello) return;
    var left = (waitUntil - Date.now()) / 1000;
    if (state.can_play && left > -0.3) {
      drawCardButtons();
      settle();
      var total = Math.max(0.1, state.wait || 0.1);
      $("countdown-bar").style.transform = "scaleX(" + Math.max(0, left / total) + ")";
    }
  }, 100);

  // keep a ping going: a link that died quietly is found out within seconds
  setInterval(function () { alive(PATIENCE); }, PING_EVERY);

  staticWords();
  cover(tx("connecting"), null);
  connect();
})();
