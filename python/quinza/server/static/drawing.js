// Drawing the table from the last state: the title and status, the other seats, the
// middle (the table's cards, or quinte's trick), this seat's hand and the moves it may
// choose, the scores, the undo panel and the seat's buttons. Moves are chosen by clicking
// cards among the legal moves the server sent, and sent in their notation.

import {$, BASE, el, isCard, readMove} from "./common.js";
import {send} from "./socket.js";
import {aboutSeat, deck, isYou, matchOverWords, ROOM, ruleSet, seatName, seatObject, sideName, sideOf, sides, sweeps,
  table, tricks, view} from "./state.js";
import {drawWaiting, waitingStatus} from "./waiting.js";
import {cardList, cardName, count, detailWords, gameName, hasWord, language, list, word} from "./words.js";

export function draw() {
  if (!table.state) return;
  drawTitle();
  drawWaiting();
  drawOthers();
  drawMiddle();
  drawHand();
  drawScores();
  drawUndo();
  drawActions();
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

// Whether the card selected is still among the legal moves of a new state.
export function keepSelection() {
  if (table.selected && !legalMoves().some((m) => m.card === table.selected.card)) table.selected = null;
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
  if (!isCard(move.card, deck())) return hasWord(`choose.${move.card}`) ? word(`choose.${move.card}`) : move.card;
  const card = cardName(move.card, deck());
  if (tricks()) return word("choose.play", {card});
  if (!move.captures.length) return word("choose.lay", {card});
  return word("choose.take", {cards: cardList(move.captures, deck())});
}

function drawChoices() {
  const box = $("choices");
  const moves = legalMoves();
  if (!moves.length) { box.replaceChildren(); return; }
  const bids = moves.filter((m) => !isCard(m.card, deck()));
  const parts = [];
  if (bids.length) {
    parts.push(el("p", {}, word("choose.your_bid")), el("div", {class: "choice-row"},
      bids.map((m) => el("button", {class: "choice bid", "data-move": m.text, onclick: () => play(m)}, moveChoiceWords(m)))));
  }
  if (moves.some((m) => isCard(m.card, deck()))) {
    if (!table.selected) {
      parts.push(el("p", {class: "hint"}, word("choose.a_card")));
    } else {
      const s = table.selected, exact = exactMove(), ways = candidates();
      const takes = ways.some((m) => m.captures.length);
      parts.push(el("p", {class: "hint"}, word(takes ? "choose.with_takes" : "choose.with", {card: cardName(s.card, deck())})));
      parts.push(el("div", {class: "choice-row"}, ways.map((m) => el("button", {
        class: "choice" + (exact && exact.text === m.text ? " exact" : ""), "data-move": m.text,
        onclick: () => play(m)}, moveChoiceWords(m)))));
      parts.push(el("button", {id: "play", class: "primary", disabled: exact ? null : true,
        onclick: () => exact && play(exact)}, exact ? word("choose.play_button", {move: moveChoiceWords(exact)}) : word("choose.play_pick")));
    }
  }
  box.replaceChildren(...parts);
}

// -- cards -----------------------------------------------------------------------------

function valueOf(card) {
  // The card's value for captures, where the rule set counts some ranks apart from their print.
  const rules = ruleSet();
  if (!rules || !rules.values) return null;
  const ranks = [1, 2, 3, 4, 5, 6, 7, 10, 11, 12];
  const rank = Number(card.slice(0, -1));
  const value = rules.values[ranks.indexOf(rank)];
  return rules.values.some((v, i) => v !== ranks[i]) ? value : null;
}

function cardImage(text) {
  const name = cardName(text, deck());
  const src = `${BASE}cards/${deck()}/${encodeURIComponent(text)}.svg?lang=${language()}`;  // corners as the language prints them
  return el("img", {src, alt: name, title: name, draggable: "false"});
}

function cardBox(card, attrs, label) {
  const value = valueOf(card);
  return el("div", Object.assign({class: "card", "data-card": card}, attrs),
    cardImage(card),
    value === null ? null : el("span", {class: "value", title: word("card.counts", {value})}, String(value)),
    label ? el("span", {class: "label"}, label) : null);
}

function backs(n) {
  const row = el("div", {class: n > 6 ? "backs many" : "backs", title: count(n, "cards")});
  for (let i = 0; i < n; i++) row.append(el("img", {src: `${BASE}cards/${deck()}/back.svg`, alt: "", draggable: "false"}));
  return row;
}

// -- the title, the others, the middle, the hand, the scores ---------------------------------

function drawTitle() {
  const v = view(), rules = v.rules;
  const practice = table.state.undo === "practice" ? word("title.practice") : "";  // takebacks against bots
  const game = gameName(rules.name);
  $("title").textContent = word("title.room", {game, practice, players: count(rules.players, "players"),
    target: count(rules.target, "points")});
  document.title = word("title.page", {game, practice});
  let status;
  if (v.turn === null) status = matchOverWords(v.winner, true);
  else if (v.turn === table.seat) status = word(v.phase === "doubling" ? "status.your_bid" : "status.your_turn");
  else status = word(v.phase === "doubling" ? "status.to_bid" : "status.to_play", {who: seatName(v.turn)});
  if (table.undo && v.turn !== null) {  // the seat to act may move on: its move ends the request
    status = word(v.turn === table.seat ? "status.undo_yours" : "status.undo_waits");
  }
  status = waitingStatus() || status;
  if (table.seat === null && v.turn !== null) status = word("status.watching", {status});
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
    const bid = (v.bids || []).filter(([seat]) => seat === s).map(([, said]) => said).pop();
    const partner = table.seat !== null && sides() < v.rules.players && sideOf(s) === sideOf(table.seat);
    const n = v.hand_sizes[s];
    boxes.push(el("div", {class: "player" + (v.turn === s ? " to-act" : ""), "data-seat": s},
      el("h3", {}, seatName(s), partner ? el("span", {class: "partner"}, word("others.partner")) : null,
        away ? el("span", {class: "away"}, word("others.away")) : null,
        info.name === null && !info.bot ? el("span", {class: "away"}, word("others.free")) : null),
      backs(n),
      el("p", {class: "quiet"}, bid ? word("others.hand_bid", {n, bid: hasWord(`bid.${bid}`) ? word(`bid.${bid}`) : bid})
        : word("others.hand", {n}))));
  }
  $("others").replaceChildren(...boxes);
}

// Quinte's middle: the trick in progress (who played what), the last trick, the cachette.
function drawTrick() {
  const v = view(), last = table.lastTrick;
  const empty = v.turn === null ? el("p", {class: "banner"}, matchOverWords(v.winner, true))
    : el("p", {class: "quiet"}, word(v.phase === "doubling" ? "trick.bidding" : "trick.empty"));
  $("table-cards").replaceChildren(...(v.trick.length ? v.trick.map(([seat, card]) => cardBox(card, {}, seatName(seat))) : [empty]));
  $("last-trick").replaceChildren(...(last ? [
    el("p", {class: "quiet"}, last.points ? word("trick.last_quints", {whom: seatObject(last.seat), n: last.points})
      : word("trick.last", {whom: seatObject(last.seat)})),
    el("div", {class: "cards small"}, last.plays.map(([seat, card]) => cardBox(card, {}, seatName(seat))))] : []));
  const cachette = v.stock ? word("cachette.down", {n: v.stock}) : word("cachette.taken");
  const stakes = hasWord(`stakes.${v.multiplier}`) ? word(`stakes.${v.multiplier}`) : "";
  $("stock").textContent = v.turn === null ? "" : `${cachette} ${stakes}`;
}

function drawMiddle() {
  const v = view(), s = table.selected;
  if (tricks()) {
    drawTrick();
    return;
  }
  const takeable = new Set(candidates().flatMap((m) => m.captures));
  $("table-cards").replaceChildren(...(v.table.length ? v.table.map((card) => {
    const taken = s && s.taken.has(card);
    const cls = "card" + (taken ? " taken" : (takeable.has(card) ? " takeable" : ""));
    return cardBox(card, {class: cls, onclick: () => clickTable(card)});
  }) : [v.turn === null ? el("p", {class: "banner"}, matchOverWords(v.winner, true))
    : el("p", {class: "quiet"}, word("middle.empty"))]));
  $("stock").textContent = word("middle.stock", {n: v.stock});
}

function drawHand() {
  const v = view();
  if (table.seat === null) {
    $("mine").hidden = true;
    return;
  }
  $("mine").hidden = false;
  $("mine-title").textContent = word("hand.title", {name: table.state.seats[table.seat].name || word("seat.you_object")});
  const playable = new Set(legalMoves().map((m) => m.card));
  $("hand").classList.toggle("many", v.hand.length > 9);  // quinte's twelve: smaller, in one row
  $("hand").replaceChildren(...(v.hand.length ? v.hand.map((card) => {
    const cls = "card" + (table.selected && table.selected.card === card ? " selected" : (playable.has(card) ? " playable" : ""));
    return cardBox(card, {class: cls, onclick: () => clickHand(card)});
  }) : [el("p", {class: "quiet"}, word("hand.empty"))]));
  drawChoices();
}

function drawScores() {
  const v = view();
  const byTricks = tricks(), swept = sweeps();  // what the columns are: tricks and quints, or cards (and sweeps)
  const th = (key) => el("th", {}, word(key));
  const head = el("tr", {}, el("th", {}, ""), th("scores.score"), byTricks ? null : th("scores.cards"),
    swept ? th("scores.escobas") : null, byTricks ? th("scores.tricks") : null, byTricks ? th("scores.quints") : null);
  const rows = v.scores.map((score, side) => el("tr", {class: isYou(side) ? "you" : ""},
    el("th", {}, sideName(side)), el("td", {class: "total"}, String(score)),
    byTricks ? null : el("td", {}, String(v.piles[side].length)),  // a trick game counts tricks instead
    swept ? el("td", {}, String(v.escobas[side])) : null,
    byTricks ? el("td", {}, String(v.tricks_won[side])) : null, byTricks ? el("td", {}, String(v.quints[side])) : null));
  const parts = [el("h2", {}, word("scores.title", {deal: v.deal_number})),
    el("table", {class: "scores"}, el("thead", {}, head), el("tbody", {}, rows))];
  if (v.turn === null) {
    parts.push(el("p", {class: "match-over"}, matchOverWords(v.winner, true)),
      el("p", {}, el("a", {href: `${BASE}api/rooms/${encodeURIComponent(ROOM)}/record?match=${table.state.match}`,
        download: `quinza-${ROOM}-${table.state.match + 1}.txt`}, word("scores.record")),
        " · ", el("a", {href: "./"}, word("scores.lobby"))));
  }
  $("scores").replaceChildren(...parts);
  // The same scores in one line, for a narrow screen (style.css shows one or the other).
  $("score-bar").replaceChildren(...v.scores.map((score, side) => el("span", {class: isYou(side) ? "you" : ""},
    `${sideName(side)} `, el("b", {}, String(score)))), el("span", {class: "quiet"}, word("scores.deal", {deal: v.deal_number})));
}

// A deal's points, line by line, once it is scored.
export function drawDealResult(deal) {
  const keys = [];
  deal.details.forEach((d) => Object.keys(d).forEach((k) => { if (!keys.includes(k)) keys.push(k); }));
  const sidesNow = deal.points.map((_, side) => side);
  const head = el("tr", {}, el("th", {}, ""), sidesNow.map((side) => el("th", {class: isYou(side) ? "you" : ""}, sideName(side))));
  const row = (label, values, cls) => el("tr", {class: cls || ""}, el("th", {}, label),
    values.map((v) => el("td", {}, String(v))));
  const rows = [
    row(word("deal.cards_taken"), deal.pile_sizes, "quiet-row"),
    ...keys.map((k) => row(detailWords(k), sidesNow.map((side) => deal.details[side][k] || 0))),
    row(word("deal.points"), deal.points, "total"),
  ];
  $("deal-result").replaceChildren(
    el("h2", {}, word("deal.title", {deal: deal.deal_number})),
    el("table", {class: "deal"}, el("thead", {}, head), el("tbody", {}, rows)));
  $("deal-result").hidden = false;
}

// -- undo by consent and the rematch (docs/reference/wire.md "Undo by consent") ------------------------

function answerUndo(agree) {
  send({type: "undo", agree});
  table.undo = Object.assign({}, table.undo, {waiting: table.undo.waiting.filter((s) => s !== table.seat)});
  draw();
}

function drawUndo() {
  const box = $("undo"), u = table.undo;
  box.hidden = !u;
  if (!u) { box.replaceChildren(); return; }
  const parts = [el("p", {}, aboutSeat("undo.panel", u.asked_by))];
  if (u.waiting.includes(table.seat)) {
    parts.push(el("div", {class: "choice-row"},
      el("button", {id: "undo-agree", class: "primary", onclick: () => answerUndo(true)}, word("undo.agree")),
      el("button", {id: "undo-refuse", onclick: () => answerUndo(false)}, word("undo.refuse"))));
  } else if (u.waiting.length) {
    parts.push(el("p", {class: "quiet"}, word("undo.waiting_for", {seats: list(u.waiting.map(seatName))})));
  }
  box.replaceChildren(...parts);
}

function drawActions() {
  const box = $("actions");
  // A spectator has no buttons, and nor has anyone while the room waits for its seats.
  if (table.seat === null || (table.state.waiting || []).length) { box.replaceChildren(); return; }
  const over = view().turn === null;
  box.replaceChildren(over
    ? el("button", {id: "rematch", class: "primary", onclick: () => send({type: "rematch"})}, word("rematch.button"))
    : el("button", {id: "undo-ask", disabled: table.undo || !table.state.ply || table.state.undo === "off" ? true : null,
                    title: word(table.state.undo === "off" ? "undo.off_title" : "undo.ask_title"),
                    onclick: () => send({type: "undo"})}, word("undo.ask")));
}
