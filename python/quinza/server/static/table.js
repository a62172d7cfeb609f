// The table: one room's match as this browser's seat (or a spectator) sees it, from the
// server's messages alone (docs/reference/wire.md "The websocket"). Moves are chosen by clicking
// cards among the legal moves the server sent, and sent in their notation.
"use strict";

const params = new URLSearchParams(location.search);
const ROOM = params.get("room") || "";
const table = {
  seat: null, token: null, state: null, socket: null, selected: null, sent: false, closed: false, fresh: false,
  lastTrick: null,  // quinte: the trick just won, {seat, points, plays: [[seat, card], ...]}
};

const DETAIL_WORDS = {
  cards: "Most cards", oros: "Most oros", seven_of_oros: "Seven of Oros", setenta: "Setenta",
  escobas: "Escobas", gold: "Oros cards", other: "Other cards", quints: "Quints", tricks: "Trick points",
};

function $(id) { return document.getElementById(id); }

function detailWords(key) {
  const words = DETAIL_WORDS[key] || key.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// -- who is who ---------------------------------------------------------------------------

function view() { return table.state.view; }
function sides() { return view().scores.length; }
function sideOf(seat) { return seat % sides(); }
function deck() { return deckOf(view().rules.name); }

function seatName(seat) {
  if (seat === table.seat) return "You";
  const info = (table.state.seats || [])[seat];
  // Seats are numbered from 0, as the rules, the terminal and `quinza join --seat` number them.
  if (info && info.bot) return `Bot ${seat} (${info.bot.split(":")[0]})`;
  if (info && info.name) return info.name;
  return `Seat ${seat}`;
}

function sideName(side) {
  const seats = [];
  for (let s = 0; s < view().rules.players; s++) if (sideOf(s) === side) seats.push(seatName(s));
  return seats.join(" & ");
}

function isYou(side) { return table.seat !== null && sideOf(table.seat) === side; }

// "You play" but "Ana plays".
function verb(seat, third, second) { return seat === table.seat ? second : third; }

// -- the connection ---------------------------------------------------------------------

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const url = `${scheme}//${location.host}${BASE}ws/${encodeURIComponent(ROOM)}`;
  const socket = new WebSocket(url);
  table.socket = socket;
  // The seat's token goes in the first frame, never in the URL (logs keep URLs).
  socket.onopen = () => socket.send(JSON.stringify(table.token ? {type: "hello", token: table.token} : {type: "hello"}));
  table.fresh = true;  // the first state of this connection is told in the log
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = (event) => {
    if (table.socket !== socket || table.closed) return;
    if (event.code === 4404) { $("status").textContent = "There is no such room."; return; }
    if (event.code === 4410) { $("status").textContent = "This room has ended: no one was in it for a while."; return; }
    const busy = event.code === 4429;  // a limit of the server (too many connections): try again, less often
    $("status").textContent = busy ? `The server is full for you (${event.reason}): trying again in a few seconds…`
                                   : "The connection was lost: connecting again…";
    setTimeout(connect, busy ? 10000 : 1000);
  };
}

function send(message) {
  if (table.socket && table.socket.readyState === WebSocket.OPEN) table.socket.send(JSON.stringify(message));
}

function receive(m) {
  document.body.dataset.ply = m.ply;
  if (m.type === "state") {
    storyRestore(m);  // story.js: a log just received is told first
    if (!table.state || table.fresh) {
      table.fresh = false;
      table.undo = null;  // one still waiting is told again after this state
      log(m.seat === null ? "You are watching this table." : `You are at the table, seat ${m.seat}.`);
    }
    table.state = m;
    table.seat = m.seat;  // the server's word: a token that is no seat watches
    table.sent = false;
    startClock(m);
    if (table.selected && !(m.legal_moves || []).some((t) => readMove(t).card === table.selected.card)) {
      table.selected = null;
    }
    draw();
  } else if (m.type === "log") {
    storyLogged(m);
  } else if (m.type === "review") {
    if (table.state) storyReview(m);
  } else if (m.type === "played") {
    if (table.state) m.events.forEach((e) => told(e, m));
  } else if (m.type === "seat") {
    const info = table.state && table.state.seats[m.seat];
    if (info) {
      const name = m.name || `Seat ${m.seat}`;
      if (m.seat === table.seat) { /* this browser's own seat: nothing to tell */ }
      else if (info.name === null) log(`${name} sits down at seat ${m.seat}.`);
      else if (m.connected && !info.connected) log(`${name} is at the table.`);
      else if (!m.connected && info.connected) log(`${name} left the table.`);
      info.name = m.name;
      info.connected = m.connected;
      draw();
    }
  } else if (m.type === "timeout") {
    if (table.state) {
      const words = `${seatName(m.seat)} ran out of time: a stand-in plays for ${m.seat === table.seat ? "you" : "them"}.`;
      log(words, true);
      if (m.seat === table.seat) notice(words);
    }
  } else if (m.type === "undo") {
    if (table.state) undoTold(m);
  } else if (m.type === "rematch") {
    if (table.state) { storyRematch(m); rematchTold(m); }
  } else if (m.type === "error") {
    table.sent = false;
    if (m.message.startsWith("this token is no seat")) {
      forgetSeat(ROOM);
      table.seat = null;
      notice("Your seat in this room is no longer yours: you are watching.");
    } else {
      notice(m.message.charAt(0).toUpperCase() + m.message.slice(1));
    }
    if (table.state) draw();
  }
}

function notice(text) {
  const box = $("notice");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(notice.timer);
  notice.timer = setTimeout(() => { box.hidden = true; }, 5000);
}

function log(text, strong) { storyLine(text, strong); }  // story.js: oldest first, by deal and trick

// -- what happened, in words -----------------------------------------------------------------

// A move in words; `standIn`: the server's stand-in moved for a seat out of time.
function moveWords(seat, text, standIn) {
  const who = standIn ? `A stand-in for ${seat === table.seat ? "you" : seatName(seat)}` : seatName(seat);
  const says = (third, second) => (standIn ? third : verb(seat, third, second));
  const move = readMove(text);
  if (!isCard(move.card, deck())) {  // a quinte bid
    const bid = BIDS[move.card];
    return bid ? `${who} ${says(bid.did, bid.you)}.` : `${who} ${says("says", "say")} “${move.card}”.`;
  }
  const card = cardName(move.card, deck());
  if (view().rules.name === "quinte") return `${who} ${says("plays", "play")} the ${card}.`;
  if (!move.captures.length) return `${who} ${says("lays", "lay")} the ${card} on the table.`;
  return `${who} ${says("plays", "play")} the ${card} and ${says("takes", "take")} the ${cardList(move.captures, deck())}.`;
}

function quintWords(points) {
  return points ? `, and ${plural(points, "point")} of quints` : "";
}

function told(e, m) {
  storyGroup(e);
  if (e.kind === "move") log(moveWords(e.seat, e.move, m.stand_in), m.stand_in);
  else if (e.kind === "escoba") log(`Escoba! ${seatName(e.seat)} ${verb(e.seat, "sweeps", "sweep")} the table.`, true);
  else if (e.kind === "trick") {
    // The state before this move holds the trick's first cards; the move is its last.
    const last = m.events.find((x) => x.kind === "move");
    table.lastTrick = {seat: e.seat, points: e.points, plays: view().trick.concat([[m.seat, readMove(last.move).card]])};
    log(`${seatName(e.seat)} ${verb(e.seat, "wins", "win")} the trick${quintWords(e.points)}.`, e.points > 0);
  } else if (e.kind === "cachette") {
    const cards = e.cards && e.cards.length ? ` (${cardList(e.cards, deck())})` : "";
    log(`${seatName(e.seat)} ${verb(e.seat, "takes", "take")} the cachette${cards}${quintWords(e.points)}.`, e.points > 0);
  }
  else if (e.kind === "last_cards") {
    if (e.seat !== undefined) log(`The cards left on the table go to ${e.seat === table.seat ? "you" : seatName(e.seat)}.`);
  } else if (e.kind === "opening_capture") {
    log(`${seatName(e.seat)} ${verb(e.seat, "takes", "take")} the opening table: ${plural(e.points, "escoba")}.`, true);
  } else if (e.kind === "dealt") {
    table.lastTrick = null;
    log(e.seat === undefined ? "New hands are dealt from the stock." : `A new deal: ${seatName(e.seat)} ${verb(e.seat, "deals", "deal")}.`);
  } else if (e.kind === "deal_scored") {
    dealResult(e.deal);
    log(`Deal ${e.deal.deal_number} is over and scored.`, true);
  } else if (e.kind === "match_over") {
    // Told before the last state: the final score is drawn from that state.
    log(e.side === undefined ? "The match ends in a draw." : winnerWords(e.side), true);
  }
}

function matchOverWords(side) {
  if (side === null) return "The match ends in a draw.";
  return winnerWords(side) + ` Final score: ${view().scores.map((s, i) => `${sideName(i)} ${s}`).join(", ")}.`;
}

function winnerWords(side) {
  return isYou(side) ? (sides() > 1 && sideName(side) !== "You" ? `Your side (${sideName(side)}) wins the match!` : "You win the match!")
    : `${sideName(side)} ${sideName(side).includes("&") ? "win" : "wins"} the match.`;
}

function dealResult(deal) {
  const keys = [];
  deal.details.forEach((d) => Object.keys(d).forEach((k) => { if (!keys.includes(k)) keys.push(k); }));
  const sidesNow = deal.points.map((_, side) => side);
  const head = el("tr", {}, el("th", {}, ""), sidesNow.map((side) => el("th", {class: isYou(side) ? "you" : ""}, sideName(side))));
  const row = (label, values, cls) => el("tr", {class: cls || ""}, el("th", {}, label),
    values.map((v) => el("td", {}, String(v))));
  const rows = [
    row("Cards taken", deal.pile_sizes, "quiet-row"),
    ...keys.map((k) => row(detailWords(k), sidesNow.map((side) => deal.details[side][k] || 0))),
    row("Points this deal", deal.points, "total"),
  ];
  $("deal-result").replaceChildren(
    el("h2", {}, `Deal ${deal.deal_number}: the points`),
    el("table", {class: "deal"}, el("thead", {}, head), el("tbody", {}, rows)));
  $("deal-result").hidden = false;
}

// -- choosing a move -------------------------------------------------------------------

function legalMoves() {
  return table.sent ? [] : (table.state.legal_moves || []).map(readMove);
}

// The legal moves of the selected card that take every table card clicked so far.
function candidates() {
  const s = table.selected;
  if (!s) return [];
  return legalMoves().filter((m) => m.card === s.card && [...s.taken].every((c) => m.captures.includes(c)));
}

function exactMove() {
  return candidates().find((m) => m.captures.length === table.selected.taken.size) || null;
}

function clickHand(card) {
  if (!legalMoves().some((m) => m.card === card)) return;
  table.selected = table.selected && table.selected.card === card ? null : {card, taken: new Set()};
  draw();
}

function clickTable(card) {
  const s = table.selected;
  if (!s) return;
  if (s.taken.has(card)) s.taken.delete(card);
  else if (candidates().some((m) => m.captures.includes(card))) s.taken.add(card);
  else return;
  draw();
}

function play(move) {
  send({type: "move", move: move.text, ply: table.state.ply});  // refused as stale if the match moved on
  table.sent = true;
  table.selected = null;
  draw();
}

function moveChoiceWords(move) {
  if (!isCard(move.card, deck())) return BIDS[move.card] ? BIDS[move.card].button : move.card;
  if (deck() === "quinte") return `Play the ${cardName(move.card, deck())}`;
  if (!move.captures.length) return `Lay the ${cardName(move.card, deck())} on the table`;
  return `Take the ${cardList(move.captures, deck())}`;
}

function drawChoices() {
  const box = $("choices");
  const moves = legalMoves();
  if (!moves.length) { box.replaceChildren(); return; }
  const bids = moves.filter((m) => !isCard(m.card, deck()));
  const parts = [];
  if (bids.length) {
    parts.push(el("p", {}, "Your bid:"), el("div", {class: "choice-row"},
      bids.map((m) => el("button", {class: "choice bid", "data-move": m.text, onclick: () => play(m)}, moveChoiceWords(m)))));
  }
  if (moves.some((m) => isCard(m.card, deck()))) {
    if (!table.selected) {
      parts.push(el("p", {class: "hint"}, "Choose a card of your hand (the outlined ones can be played)."));
    } else {
      const s = table.selected, exact = exactMove(), ways = candidates();
      const takes = ways.some((m) => m.captures.length);
      parts.push(el("p", {class: "hint"}, `With the ${cardName(s.card, deck())}: ` +
        (takes ? "choose the table cards to take (the lit ones can be taken), or pick one of these." : "")));
      parts.push(el("div", {class: "choice-row"}, ways.map((m) => el("button", {
        class: "choice" + (exact && exact.text === m.text ? " exact" : ""), "data-move": m.text,
        onclick: () => play(m)}, moveChoiceWords(m)))));
      parts.push(el("button", {id: "play", class: "primary", disabled: exact ? null : true,
        onclick: () => exact && play(exact)}, exact ? `Play: ${moveChoiceWords(exact)}` : "Play (pick the cards to take)"));
    }
  }
  box.replaceChildren(...parts);
}

// -- drawing the table -------------------------------------------------------------------

function valueOf(card) {
  // The card's value for captures, where the rule set counts some ranks apart from their print.
  const rules = table.ruleSet;
  if (!rules || !rules.values || deck() !== "baraja") return null;
  const ranks = [1, 2, 3, 4, 5, 6, 7, 10, 11, 12];
  const rank = Number(card.slice(0, -1));
  const value = rules.values[ranks.indexOf(rank)];
  return rules.values.some((v, i) => v !== ranks[i]) ? value : null;
}

function cardBox(card, attrs, label) {
  const value = valueOf(card);
  return el("div", Object.assign({class: "card", "data-card": card}, attrs),
    cardImage(card, deck()),
    value === null ? null : el("span", {class: "value", title: `counts ${value}`}, String(value)),
    label ? el("span", {class: "label"}, label) : null);
}

function backs(count) {
  const row = el("div", {class: count > 6 ? "backs many" : "backs", title: plural(count, "card")});
  for (let i = 0; i < count; i++) row.append(el("img", {src: `${BASE}cards/${deck()}/back.svg`, alt: "", draggable: "false"}));
  return row;
}

function drawTitle() {
  const v = view(), rules = v.rules;
  const practice = table.state.undo === "practice" ? " (practice)" : "";  // takebacks against bots
  $("title").textContent = `${gameName(rules.name)}: ${plural(rules.players, "player")}, to ${plural(rules.target, "point")}${practice}`;
  document.title = `quinza: ${gameName(rules.name)}${practice}`;
  let status;
  if (v.turn === null) status = matchOverWords(v.winner);
  else if (v.turn === table.seat) status = v.phase === "doubling" ? "Your turn to bid." : "Your turn.";
  else status = `${seatName(v.turn)} to ${v.phase === "doubling" ? "bid" : "play"}.`;
  if (table.undo && v.turn !== null) {  // the seat to act may move on: its move ends the request
    status = v.turn === table.seat ? "Your turn: an undo waits for answers, and your move ends it."
      : "The match waits for the answers to an undo.";
  }
  status = waitingStatus() || status;
  if (table.seat === null && v.turn !== null) status = `You are watching. ${status}`;
  $("status").textContent = status;
  $("status").className = v.turn === table.seat ? "your-turn" : (v.turn === null ? "over" : "");
  document.body.classList.toggle("over", v.turn === null);
}

function drawOthers() {
  const v = view(), boxes = [];
  for (let s = 0; s < v.rules.players; s++) {
    if (s === table.seat) continue;
    const info = table.state.seats[s];
    const away = !info.bot && info.name && !info.connected;
    const bid = (v.bids || []).filter(([seat]) => seat === s).map(([, word]) => word).pop();
    const partner = table.seat !== null && sides() < v.rules.players && sideOf(s) === sideOf(table.seat);
    boxes.push(el("div", {class: "player" + (v.turn === s ? " to-act" : ""), "data-seat": s},
      el("h3", {}, seatName(s), partner ? el("span", {class: "partner"}, " (your partner)") : null,
        away ? el("span", {class: "away"}, " (away)") : null,
        info.name === null && !info.bot ? el("span", {class: "away"}, " (free seat)") : null),
      backs(v.hand_sizes[s]),
      el("p", {class: "quiet"}, plural(v.hand_sizes[s], "card") + " in hand" + (bid ? `; ${BIDS[bid] ? BIDS[bid].done : bid}` : ""))));
  }
  $("others").replaceChildren(...boxes);
}

const STAKES = {1: "Each trick is worth 5 points.", 2: "Doubled: each trick is worth 10 points.",
  4: "Redoubled: each trick is worth 20 points."};

// Quinte's middle: the trick in progress (who played what), the last trick, the cachette.
function drawTrick() {
  const v = view(), last = table.lastTrick;
  const empty = v.turn === null ? el("p", {class: "banner"}, matchOverWords(v.winner))
    : el("p", {class: "quiet"}, v.phase === "doubling" ? "The bidding: no card is played before it ends." : "No card in the trick yet.");
  $("table-cards").replaceChildren(...(v.trick.length ? v.trick.map(([seat, card]) => cardBox(card, {}, seatName(seat))) : [empty]));
  $("last-trick").replaceChildren(...(last ? [
    el("p", {class: "quiet"}, `The last trick, won by ${last.seat === table.seat ? "you" : seatName(last.seat)}` +
      (last.points ? ` (${plural(last.points, "point")} of quints)` : "") + ":"),
    el("div", {class: "cards small"}, last.plays.map(([seat, card]) => cardBox(card, {}, seatName(seat))))] : []));
  const cachette = v.stock ? `The cachette: ${plural(v.stock, "card")} face down, for the winner of the last trick.`
    : "The cachette is taken.";
  $("stock").textContent = v.turn === null ? "" : `${cachette} ${STAKES[v.multiplier] || ""}`;
}

function drawMiddle() {
  const v = view(), s = table.selected;
  if (v.rules.name === "quinte") {
    drawTrick();
    return;
  }
  const takeable = new Set(candidates().flatMap((m) => m.captures));
  $("table-cards").replaceChildren(...(v.table.length ? v.table.map((card) => {
    const taken = s && s.taken.has(card);
    const cls = "card" + (taken ? " taken" : (takeable.has(card) ? " takeable" : ""));
    return cardBox(card, {class: cls, onclick: () => clickTable(card)});
  }) : [v.turn === null ? el("p", {class: "banner"}, matchOverWords(v.winner))
    : el("p", {class: "quiet"}, "The table is empty.")]));
  $("stock").textContent = `Stock: ${plural(v.stock, "card")}.`;
}

function drawHand() {
  const v = view();
  if (table.seat === null) {
    $("mine").hidden = true;
    return;
  }
  $("mine").hidden = false;
  $("mine-title").textContent = `Your hand (${table.state.seats[table.seat].name || "you"})`;
  const playable = new Set(legalMoves().map((m) => m.card));
  $("hand").classList.toggle("many", v.hand.length > 9);  // quinte's twelve: smaller, in one row
  $("hand").replaceChildren(...(v.hand.length ? v.hand.map((card) => {
    const cls = "card" + (table.selected && table.selected.card === card ? " selected" : (playable.has(card) ? " playable" : ""));
    return cardBox(card, {class: cls, onclick: () => clickHand(card)});
  }) : [el("p", {class: "quiet"}, "No cards in your hand.")]));
  drawChoices();
}

function drawScores() {
  const v = view();
  const quinte = v.rules.name === "quinte", escoba = v.rules.name === "escoba";
  const head = el("tr", {}, el("th", {}, ""), el("th", {}, "Score"), quinte ? null : el("th", {}, "Cards taken"),
    escoba ? el("th", {}, "Escobas") : null, quinte ? el("th", {}, "Tricks won") : null,
    quinte ? el("th", {}, "Quint points") : null);
  const rows = v.scores.map((score, side) => el("tr", {class: isYou(side) ? "you" : ""},
    el("th", {}, sideName(side)), el("td", {class: "total"}, String(score)),
    quinte ? null : el("td", {}, String(v.piles[side].length)),  // quinte counts tricks instead
    escoba ? el("td", {}, String(v.escobas[side])) : null,
    quinte ? el("td", {}, String(v.tricks_won[side])) : null, quinte ? el("td", {}, String(v.quints[side])) : null));
  const parts = [el("h2", {}, `The match, deal ${v.deal_number}`), el("table", {class: "scores"}, el("thead", {}, head), el("tbody", {}, rows))];
  if (v.turn === null) {
    parts.push(el("p", {class: "match-over"}, matchOverWords(v.winner)),
      el("p", {}, el("a", {href: `${BASE}api/rooms/${encodeURIComponent(ROOM)}/record?match=${table.state.match}`,
        download: `quinza-${ROOM}-${table.state.match + 1}.txt`}, "Download the match record"),
        " · ", el("a", {href: "./"}, "Back to the lobby")));
  }
  $("scores").replaceChildren(...parts);
  // The same scores in one line, for a narrow screen (style.css shows one or the other).
  $("score-bar").replaceChildren(...v.scores.map((score, side) => el("span", {class: isYou(side) ? "you" : ""},
    `${sideName(side)} `, el("b", {}, String(score)))), el("span", {class: "quiet"}, `deal ${v.deal_number}`));
}

function draw() {
  if (!table.state) return;
  drawTitle();
  drawWaiting();
  drawOthers();
  drawMiddle();
  drawHand();
  drawScores();
  drawActions();
}

async function start() {
  if (!ROOM) { $("status").textContent = "No room named: choose one in the lobby."; return; }
  const kept = params.get("watch") ? null : keptSeat(ROOM);
  if (kept) { table.token = kept.token; table.seat = kept.seat; }
  try {
    const data = await api("GET", "api/rule-sets");
    table.rules = data.rule_sets;
  } catch (error) { table.rules = []; }
  connect();
}

// The rule set of the room, once its first state tells its name.
Object.defineProperty(table, "ruleSet", {
  get() { return table.state && (table.rules || []).find((r) => r.name === table.state.view.rules.name); },
});

start();
