// The table's state: this browser's seat and token, the last `state` message, what is
// being chosen, and who is who in words (docs/reference/wire.md "The websocket").

import {botName, word} from "./words.js";

const params = new URLSearchParams(location.search);
export const ROOM = params.get("room") || "";
export const WATCH = Boolean(params.get("watch"));

export const table = {
  seat: null, token: null, state: null, socket: null, selected: null, sent: false, closed: false, fresh: false,
  rules: [],        // the rule sets of the server (GET api/rule-sets)
  undo: null,       // the undo asked and not yet answered by all
  deadline: null,   // when the seat to act runs out of time (Date.now() milliseconds)
  lastTrick: null,  // quinte: the trick just won, {seat, points, plays: [[seat, card], ...]}
};

export function view() { return table.state.view; }
export function sides() { return view().scores.length; }
export function sideOf(seat) { return seat % sides(); }
export function isYou(side) { return table.seat !== null && sideOf(table.seat) === side; }

// The room's rule set: its row of GET api/rule-sets, found by the name its state gives.
// The pages ask what the rules do (the deck, tricks, sweeps), never which rule set it is.
export function ruleSet() {
  return table.state && table.rules.find((r) => r.name === table.state.view.rules.name);
}
export function deck() { return ruleSet().deck; }
// Whether the rules are played in tricks, with bids (quinte's family), not by captures (the fifteen family).
export function tricks() { return ruleSet().family !== "fifteen"; }
// Whether a capture of the whole table scores a sweep (an escoba).
export function sweeps() { return ruleSet().sweeps; }

export function seatName(seat) {
  if (seat === table.seat) return word("seat.you");
  const info = (table.state.seats || [])[seat];
  // Seats are numbered from 0, as the rules, the terminal and `quinza join --seat` number them.
  if (info && info.bot) return word("seat.bot", {seat, bot: botName(info.bot)});
  if (info && info.name) return info.name;
  return word("seat.number", {seat});
}

// A seat as the object of a sentence: "go to you", "won by Ana".
export function seatObject(seat) {
  return seat === table.seat ? word("seat.you_object") : seatName(seat);
}

// A sentence about what a seat does: its ".you" form when it is this browser's seat
// ("You play…"), else the seat by name in `who` ("Ana plays…").
export function aboutSeat(key, seat, args = {}) {
  return seat === table.seat ? word(`${key}.you`, args) : word(key, Object.assign({who: seatName(seat)}, args));
}

function sideSeats(side) {
  const seats = [];
  for (let s = 0; s < view().rules.players; s++) if (sideOf(s) === side) seats.push(s);
  return seats;
}

export function sideName(side) {
  return sideSeats(side).map(seatName).reduce((first, rest) => word("side.seats", {first, rest}));
}

function winnerWords(side) {
  if (!isYou(side)) return word(sideSeats(side).length > 1 ? "match.win" : "match.wins", {side: sideName(side)});
  return sideSeats(side).length > 1 ? word("match.your_side_wins", {side: sideName(side)}) : word("match.you_win");
}

// How the match ended: with the final score (`final`) or as the event told in the log.
export function matchOverWords(side, final) {
  const winner = side === null || side === undefined ? word("match.draw") : winnerWords(side);
  if (!final || side === null || side === undefined) return winner;
  const scores = view().scores.map((score, i) => word("match.score", {side: sideName(i), score}));
  return word("match.final", {winner, scores: scores.join(", ")});
}
