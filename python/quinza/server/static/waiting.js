// A room that waits (docs/reference/wire.md "Rooms that wait"): before its first move the table
// says which seats are still free, gives the link to share, and lets a visitor sit down.
"use strict";

// The seats the room still waits for: those of the state's "waiting" nobody took since.
function waitingSeats() {
  const s = table.state;
  return (s.waiting || []).filter((seat) => s.seats[seat].name === null && !s.seats[seat].bot);
}

function seatsWords(seats) {
  const words = seats.map(String);
  if (words.length === 1) return `seat ${words[0]}`;
  return `seats ${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

function waitingStatus() {
  const seats = waitingSeats();
  return seats.length ? `Waiting for ${seatsWords(seats)} to be taken.` : null;
}

// The table's address, without any token: whoever opens it may sit at a free seat.
function tableLink() {
  return `${location.origin}${BASE}table?room=${encodeURIComponent(ROOM)}`;
}

async function sitHere(seat) {
  const name = $("sit-name").value.trim();
  if (!name) { $("sit-name").focus(); notice("Write your name first."); return; }
  try {
    localStorage.setItem("quinza.name", name);
    const taken = await api("POST", `api/rooms/${encodeURIComponent(ROOM)}/seats`, {name, seat});
    keepSeat(ROOM, {token: taken.token, seat: taken.seat, name});
    table.token = taken.token;
    const old = table.socket;
    connect();  // as the seat now: a new connection, the old one closed
    if (old) old.close();
  } catch (error) { notice(error.message.charAt(0).toUpperCase() + error.message.slice(1)); }
}

function copyLink() {
  const box = $("share-link");
  box.select();
  if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(box.value).catch(() => {});
  else document.execCommand("copy");
  notice("The link is copied: send it to whoever you want at the table.");
}

function drawWaiting() {
  const seats = waitingSeats(), box = $("waiting");
  box.hidden = !seats.length;
  if (!seats.length) { box.replaceChildren(); box.dataset.key = ""; return; }
  const parts = [
    el("p", {class: "waiting-for"}, `The match starts once every seat is taken: waiting for ${seatsWords(seats)}.`),
    el("p", {class: "share"}, el("label", {for: "share-link"}, "Share this link: "),
      el("input", {id: "share-link", readonly: true, value: tableLink(), onfocus: (e) => e.target.select()}),
      el("button", {id: "copy-link", onclick: copyLink}, "Copy")),
  ];
  if (table.seat === null) {
    parts.push(el("p", {class: "sit-here"},
      el("label", {}, "Your name ", el("input", {id: "sit-name", maxlength: "40", autocomplete: "nickname",
        value: localStorage.getItem("quinza.name") || ""})),
      seats.map((seat) => el("button", {class: "primary sit-here", "data-seat": seat, onclick: () => sitHere(seat)},
        `Sit at seat ${seat}`))));
  }
  // Redrawn only when it changed: typing a name is not lost to the next message.
  const key = JSON.stringify([seats, table.seat]);
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  box.replaceChildren(...parts);
}
