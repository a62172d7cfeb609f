// What happened, in words: each event of a `played` message told in the log (story.js
// groups the lines), and the whole match told again from a `log` message when the page
// comes back (docs/howto/run-a-server.md "The browser table").

import {isCard, readMove} from "./common.js";
import {drawDealResult} from "./drawing.js";
import {storyAnew, storyGroup, storyLine} from "./story.js";
import {aboutSeat, deck, matchOverWords, seatObject, table, tricks, view} from "./state.js";
import {cardList, cardName, hasWord, word} from "./words.js";

let pending = null;  // the `log` message waiting for its state (it comes just before)

export function log(text, strong) { storyLine(text, strong); }

// A move in words; `standIn`: the server's stand-in moved for a seat out of time.
function moveWords(seat, text, standIn) {
  // A stand-in is told of in the third person: "A stand-in for you plays…".
  const says = (key, args) => (standIn ? word(key, Object.assign({who: word("seat.stand_in", {whom: seatObject(seat)})}, args))
    : aboutSeat(key, seat, args));
  const move = readMove(text);
  if (!isCard(move.card, deck())) {  // a quinte bid
    return hasWord(`move.${move.card}`) ? says(`move.${move.card}`) : says("move.bid", {bid: move.card});
  }
  const card = cardName(move.card, deck());
  if (tricks()) return says("move.play", {card});
  if (!move.captures.length) return says("move.lay", {card});
  return says("move.take", {card, cards: cardList(move.captures, deck())});
}

function quints(points) {
  return points ? word("told.quints", {n: points}) : "";
}

export function told(e, m) {
  storyGroup(e);
  if (e.kind === "move") log(moveWords(e.seat, e.move, m.stand_in), m.stand_in);
  else if (e.kind === "escoba") log(aboutSeat("told.escoba", e.seat), true);
  else if (e.kind === "trick") {
    // The state before this move holds the trick's first cards; the move is its last.
    const last = m.events.find((x) => x.kind === "move");
    table.lastTrick = {seat: e.seat, points: e.points, plays: view().trick.concat([[m.seat, readMove(last.move).card]])};
    log(aboutSeat("told.trick", e.seat, {quints: quints(e.points)}), e.points > 0);
  } else if (e.kind === "cachette") {
    const cards = e.cards && e.cards.length ? word("told.cachette_cards", {cards: cardList(e.cards, deck())}) : "";
    log(aboutSeat("told.cachette", e.seat, {cards, quints: quints(e.points)}), e.points > 0);
  } else if (e.kind === "last_cards") {
    if (e.seat !== undefined) log(word("told.last_cards", {whom: seatObject(e.seat)}));
  } else if (e.kind === "opening_capture") {
    log(aboutSeat("told.opening", e.seat, {n: e.points}), true);
  } else if (e.kind === "dealt") {
    table.lastTrick = null;
    log(e.seat === undefined ? word("told.dealt") : aboutSeat("told.new_deal", e.seat));
  } else if (e.kind === "deal_scored") {
    drawDealResult(e.deal);
    log(word("told.deal_scored", {deal: e.deal.deal_number}), true);
  } else if (e.kind === "match_over") {
    // Told before the last state: the final score is drawn from that state.
    log(matchOverWords(e.side, false), true);
  }
}

export function logged(m) { pending = m; }

// Called with each state before the table reads it: a `log` just received is told, from
// the start of the match, with this state's seats and rules.
export function restore(state) {
  const m = pending;
  pending = null;
  if (!m) return;
  table.state = state;
  table.seat = state.seat;
  storyAnew(m.from);
  m.played.forEach((p) => p.events.forEach((e) => told(e, p)));
  table.lastTrick = null;  // told from the state of now, not the trick's: not shown
}
