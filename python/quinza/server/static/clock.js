// The turn timer (docs/reference/wire.md "Reconnection, bots and the timer"): the state tells the seconds left to
// the seat to act, and the page counts them down itself. While an undo waits the turn's
// time runs on: the countdown goes on, and the state that follows the undo's end tells
// the time left.

import {$} from "./common.js";
import {aboutSeat, table} from "./state.js";

export function startClock(state) {
  const left = state.time_left;
  table.deadline = left === null || left === undefined || state.view.turn === null ? null : Date.now() + left * 1000;
  drawClock();
}

function drawClock() {
  const clock = $("clock");
  if (!table.state || table.deadline === null || table.deadline === undefined) { clock.hidden = true; return; }
  const seconds = Math.max(0, Math.ceil((table.deadline - Date.now()) / 1000));
  clock.textContent = aboutSeat("clock.left", table.state.view.turn, {n: seconds});
  clock.className = seconds <= 5 ? "hurry" : "";
  clock.hidden = false;
}

setInterval(drawClock, 250);
