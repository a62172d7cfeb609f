// The table's requests besides a move (docs/reference/wire.md "The websocket"): the turn timer's
// countdown, undo by consent, and the rematch once a match is over.
"use strict";

// -- the turn timer ----------------------------------------------------------------------

// The state tells the seconds left to the seat to act; the page counts them down itself.
function startClock(state) {
  const left = state.time_left;
  table.deadline = left === null || left === undefined || state.view.turn === null ? null : Date.now() + left * 1000;
  drawClock();
}

function drawClock() {
  const clock = $("clock");
  if (!table.state || table.deadline === null || table.deadline === undefined) { clock.hidden = true; return; }
  const seconds = Math.max(0, Math.ceil((table.deadline - Date.now()) / 1000));
  const seat = table.state.view.turn;
  clock.textContent = `${seatName(seat)} ${verb(seat, "has", "have")} ${plural(seconds, "second")} left to move.`;
  clock.className = seconds <= 5 ? "hurry" : "";
  clock.hidden = false;
}

// While an undo waits the turn's time runs on (docs/reference/wire.md "Undo by consent"): the
// countdown goes on, and the state that follows the undo's end tells the time left.

setInterval(drawClock, 250);

// -- undo by consent -------------------------------------------------------------------

// Where an undo stands: a panel while it is asked, and its outcome in the log.
function undoTold(m) {
  const asker = seatName(m.asked_by);
  if (m.status === "asked") {
    log(`${asker} ${verb(m.asked_by, "asks", "ask")} to take back ${m.asked_by === table.seat ? "your" : "their"} last move.`, true);
  } else if (m.status === "agreed") {
    log(`${seatName(m.seat)} ${verb(m.seat, "agrees", "agree")} to the undo.`);
  } else if (m.status === "refused") {
    log(`${seatName(m.seat)} ${verb(m.seat, "refuses", "refuse")} the undo: the match goes on.`, true);
  } else if (m.status === "done") {
    table.lastTrick = null;
    const moves = table.state.ply - m.back_to;  // the "done" message has the ply gone back to
    log(`Undone: ${plural(moves, "move")} taken back, to before ${m.asked_by === table.seat ? "your" : asker + "’s"} last move.`, true);
  } else if (m.status === "lapsed") {
    log("Nobody answered the undo in time: the match goes on.", true);
  } else if (m.status === "failed") {
    log("The undo could not be saved: nothing was taken back.", true);
  }
  table.undo = m.status === "asked" || m.status === "agreed" ? m : null;
  draw();
}

function answerUndo(agree) {
  send({type: "undo", agree});
  table.undo = Object.assign({}, table.undo, {waiting: table.undo.waiting.filter((s) => s !== table.seat)});
  draw();
}

function drawUndo() {
  const box = $("undo"), u = table.undo;
  box.hidden = !u;
  if (!u) { box.replaceChildren(); return; }
  const mine = u.asked_by === table.seat;
  const parts = [el("p", {}, mine ? "You asked to take back your last move (and the moves since)."
    : `${seatName(u.asked_by)} asks to take back their last move (and the moves since).`)];
  if (u.waiting.includes(table.seat)) {
    parts.push(el("div", {class: "choice-row"},
      el("button", {id: "undo-agree", class: "primary", onclick: () => answerUndo(true)}, "Agree"),
      el("button", {id: "undo-refuse", onclick: () => answerUndo(false)}, "Refuse")));
  } else if (u.waiting.length) {
    parts.push(el("p", {class: "quiet"}, `Waiting for the answer of ${u.waiting.map(seatName).join(" and ")}.`));
  }
  box.replaceChildren(...parts);
}

// -- the seat's buttons: undo, rematch ---------------------------------------------------

function drawActions() {
  drawUndo();
  const box = $("actions");
  // A spectator has no buttons, and nor has anyone while the room waits for its seats.
  if (table.seat === null || (table.state.waiting || []).length) { box.replaceChildren(); return; }
  const over = view().turn === null;
  box.replaceChildren(over
    ? el("button", {id: "rematch", class: "primary", onclick: () => send({type: "rematch"})}, "Rematch: play a new match")
    : el("button", {id: "undo-ask", disabled: table.undo || !table.state.ply || table.state.undo === "off" ? true : null,
                    title: table.state.undo === "off" ? "Undo is off in this room"
                      : "Take back your last move, if the players whose moves it takes back agree",
                    onclick: () => send({type: "undo"})}, "Ask to undo"));
}

function rematchTold(m) {
  log(`${seatName(m.seat)} ${verb(m.seat, "starts", "start")} a new match (match ${m.match + 1}).`, true);
  table.lastTrick = null;
  table.undo = null;
  table.selected = null;
  $("deal-result").hidden = true;
}
