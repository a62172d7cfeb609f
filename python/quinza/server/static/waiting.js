// A room that waits (docs/reference/wire.md "Rooms that wait"): before its first move the table
// says which seats are still free, gives the link to share, and lets a visitor sit down.

import {$, BASE, api, capitalized, el, keepName, keepSeat, keptName, notice} from "./common.js";
import {connect} from "./socket.js";
import {ROOM, table} from "./state.js";
import {list, word} from "./words.js";

// The seats the room still waits for: those of the state's "waiting" nobody took since.
function waitingSeats() {
  const s = table.state;
  return (s.waiting || []).filter((seat) => s.seats[seat].name === null && !s.seats[seat].bot);
}

function seatsWords(seats) {
  return word("waiting.seats", {n: seats.length, seats: list(seats.map(String))});
}

export function waitingStatus() {
  const seats = waitingSeats();
  return seats.length ? word("waiting.status", {seats: seatsWords(seats)}) : null;
}

// The table's address, without any token: whoever opens it may sit at a free seat.
function tableLink() {
  return `${location.origin}${BASE}table?room=${encodeURIComponent(ROOM)}`;
}

async function sitHere(seat) {
  const name = $("sit-name").value.trim();
  if (!name) { $("sit-name").focus(); notice(word("name.first")); return; }
  try {
    keepName(name);
    const taken = await api("POST", `api/rooms/${encodeURIComponent(ROOM)}/seats`, {name, seat});
    keepSeat(ROOM, {token: taken.token, seat: taken.seat, name});
    table.token = taken.token;
    const old = table.socket;
    connect();  // as the seat now: a new connection, the old one closed
    if (old) old.close();
  } catch (error) { notice(capitalized(error.message)); }
}

function copyLink() {
  const box = $("share-link");
  box.select();
  if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(box.value).catch(() => {});
  else document.execCommand("copy");
  notice(word("waiting.copied"));
}

export function drawWaiting() {
  const seats = waitingSeats(), box = $("waiting");
  box.hidden = !seats.length;
  if (!seats.length) { box.replaceChildren(); box.dataset.key = ""; return; }
  const parts = [
    el("p", {class: "waiting-for"}, word("waiting.starts", {seats: seatsWords(seats)})),
    el("p", {class: "share"}, el("label", {for: "share-link"}, word("waiting.share")),
      el("input", {id: "share-link", readonly: true, value: tableLink(), onfocus: (e) => e.target.select()}),
      el("button", {id: "copy-link", onclick: copyLink}, word("waiting.copy"))),
  ];
  if (table.seat === null) {
    parts.push(el("p", {class: "sit-here"},
      el("label", {}, word("waiting.your_name"), el("input", {id: "sit-name", maxlength: "40", autocomplete: "nickname",
        value: keptName()})),
      seats.map((seat) => el("button", {class: "primary sit-here", "data-seat": seat, onclick: () => sitHere(seat)},
        word("waiting.sit", {seat})))));
  }
  // Redrawn only when it changed: typing a name is not lost to the next message.
  const key = JSON.stringify([seats, table.seat]);
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  box.replaceChildren(...parts);
}
