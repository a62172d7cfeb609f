// The table page: one room's match as this browser's seat (or a spectator) sees it, from
// the server's messages alone (docs/reference/wire.md "The websocket"). Each message updates the
// state (state.js), is told in the log (tell.js, story.js) and the table is drawn again
// (drawing.js).

import {startClock} from "./clock.js";
import {$, BASE, api, capitalized, forgetSeat, keptSeat, notice} from "./common.js";
import {draw, keepSelection} from "./drawing.js";
import {connect} from "./socket.js";
import {storyRematch, storyReview} from "./story.js";
import {aboutSeat, ROOM, seatName, table, WATCH} from "./state.js";
import {log, logged, restore, told} from "./tell.js";
import {word, loadWords, wordThePage} from "./words.js";

function receive(m) {
  document.body.dataset.ply = m.ply;
  const handle = HANDLERS[m.type];
  if (handle && (table.state || m.type === "state" || m.type === "log" || m.type === "error")) handle(m);
}

const HANDLERS = {
  state(m) {
    restore(m);  // a log just received is told first
    if (table.token && m.seat === null) {  // the server's word: a token that is no seat watches
      forgetSeat(ROOM);
      table.token = null;
      notice(word("notice.seat_lost"));
    }
    if (!table.state || table.fresh) {
      table.fresh = false;
      table.undo = null;  // one still waiting is told again after this state
      log(m.seat === null ? word("log.watching") : word("log.seated", {seat: m.seat}));
    }
    table.state = m;
    table.seat = m.seat;
    table.sent = false;
    startClock(m);
    keepSelection();
    draw();
  },
  log: logged,
  review: storyReview,
  played(m) { m.events.forEach((e) => told(e, m)); },
  seat(m) {
    const info = table.state.seats[m.seat];
    if (!info) return;
    const name = m.name || word("seat.number", {seat: m.seat});
    if (m.seat === table.seat) { /* this browser's own seat: nothing to tell */ }
    else if (info.name === null) log(word("log.sits", {name, seat: m.seat}));
    else if (m.connected && !info.connected) log(word("log.back", {name}));
    else if (!m.connected && info.connected) log(word("log.left", {name}));
    info.name = m.name;
    info.connected = m.connected;
    draw();
  },
  timeout(m) {
    const words = aboutSeat("log.timeout", m.seat);
    log(words, true);
    if (m.seat === table.seat) notice(words);
  },
  undo: undoTold,
  rematch(m) {
    storyRematch(m);
    log(aboutSeat("rematch.told", m.seat, {match: m.match + 1}), true);
    table.lastTrick = null;
    table.undo = null;
    table.selected = null;
    $("deal-result").hidden = true;
  },
  error(m) {
    table.sent = false;
    notice(capitalized(m.message));
    if (table.state) draw();
  },
};

// Where an undo stands: a panel while it is asked, and its outcome in the log.
function undoTold(m) {
  if (m.status === "asked") log(aboutSeat("undo.asked", m.asked_by), true);
  else if (m.status === "agreed") log(aboutSeat("undo.agreed", m.seat));
  else if (m.status === "refused") log(aboutSeat("undo.refused", m.seat), true);
  else if (m.status === "done") {
    table.lastTrick = null;
    const n = table.state.ply - m.back_to;  // the "done" message has the ply gone back to
    log(m.asked_by === table.seat ? word("undo.done.you", {n}) : word("undo.done", {n, who: seatName(m.asked_by)}), true);
  } else if (m.status === "lapsed") log(word("undo.lapsed"), true);
  else if (m.status === "failed") log(word("undo.failed"), true);
  table.undo = m.status === "asked" || m.status === "agreed" ? m : null;
  draw();
}

async function start() {
  await loadWords(BASE);  // the page's language, from the server's catalog
  wordThePage();
  if (!ROOM) { $("status").textContent = word("status.no_room_named"); return; }
  const kept = WATCH ? null : keptSeat(ROOM);
  if (kept) { table.token = kept.token; table.seat = kept.seat; }
  try {  // what the rules do, which the table is drawn by
    table.rules = (await api("GET", "api/rule-sets")).rule_sets;
  } catch (error) {
    $("status").textContent = capitalized(error.message);
    return;
  }
  connect(receive);
}

start();
