// The lobby: create a room, list the rooms with a free seat, sit down or watch.
"use strict";

const lobby = {ruleSets: [], bots: []};
const nameInput = document.getElementById("name");
const message = document.getElementById("message");

// A word to the player: an error, or (`ok`) good news.
function say(text, ok) {
  message.textContent = text;
  message.className = ok ? "ok" : "";
}

function playerName() {
  const name = nameInput.value.trim();
  if (!name) { nameInput.focus(); throw new Error("Write your name first."); }
  localStorage.setItem("quinza.name", name);
  return name;
}

function ruleSet() {
  return lobby.ruleSets.find((r) => r.name === document.getElementById("rules").value);
}

function fillPlayers() {
  const rules = ruleSet(), players = document.getElementById("players");
  players.replaceChildren(...rules.players.map((n) => el("option", {value: n, text: String(n)})));
  document.getElementById("target").value = rules.default_target;
  fillSeats();
}

function fillSeats() {
  const count = Number(document.getElementById("players").value);
  const seats = document.getElementById("seats");
  const rows = [];
  for (let s = 0; s < count; s++) {
    const choice = el("select", {id: `seat-${s}`, "data-seat": s},
      el("option", {value: "", text: "a person"}),
      lobby.bots.map((b) => el("option", {value: b, text: `the ${b} bot`})));
    rows.push(el("label", {}, `Seat ${s + 1}: `, choice));
  }
  seats.replaceChildren(el("legend", {text: "Who sits where"}), ...rows);
}

async function createRoom(event) {
  event.preventDefault();
  const rules = ruleSet();
  const bots = {};
  for (const choice of document.querySelectorAll("#seats select")) {
    if (choice.value) bots[choice.dataset.seat] = choice.value;
  }
  try {
    const room = await api("POST", "api/rooms", {
      rules: rules.name, players: Number(document.getElementById("players").value),
      target: Number(document.getElementById("target").value), bots,
      timer: document.getElementById("timer").value ? Number(document.getElementById("timer").value) : null,
      undo: document.getElementById("undo").value,
    });
    say(`Room ${room.room} is open: sit down below.`, true);
    await listRooms();
  } catch (error) { say(error.message); }
}

async function sit(room, seat) {
  try {
    const name = playerName();
    const taken = await api("POST", `api/rooms/${room}/seats`, {name, seat});
    keepSeat(room, {token: taken.token, seat: taken.seat, name});
    location.href = `${BASE}table?room=${encodeURIComponent(room)}`;
  } catch (error) { say(error.message); }
}

function seatText(seat) {
  if (seat.bot) return `the ${seat.bot.split(":")[0]} bot`;
  return seat.name === null ? "free" : seat.name;
}

// A room's undo mode, after its timer (docs/server.md "Undo by consent").
const UNDO_WORDS = {consent: "", off: " No undo.", practice: " Practice: moves are taken back against the bots too."};

function roomRow(info) {
  const rules = info.rules;
  const kept = keptSeat(info.room);
  const seats = info.seats.map((seat) => el("li", {class: seat.name === null && !seat.bot ? "free" : ""},
    `Seat ${seat.seat + 1}: ${seatText(seat)}`,
    info.free.includes(seat.seat)
      ? el("button", {class: "sit", "data-room": info.room, "data-seat": seat.seat,
                      onclick: () => sit(info.room, seat.seat)}, "Sit here")
      : null));
  return el("article", {class: "room", "data-room": info.room},
    el("h3", {}, `${gameName(rules.name)}, ${plural(rules.players, "player")}, to ${plural(rules.target, "point")}`),
    el("p", {class: "quiet"}, (info.ply ? `Under way: ${plural(info.ply, "move")} played.` : "Not started yet.") +
      (info.timer ? ` ${plural(info.timer, "second")} a move.` : "") + UNDO_WORDS[info.undo]),
    el("ul", {class: "seat-list"}, seats),
    el("p", {},
      kept ? el("a", {href: `${BASE}table?room=${encodeURIComponent(info.room)}`, class: "button"}, "Back to your seat") : null,
      " ",
      el("a", {href: `${BASE}table?room=${encodeURIComponent(info.room)}&watch=1`, class: "watch button"}, "Watch")));
}

async function listRooms() {
  try {
    const {rooms} = await api("GET", "api/rooms");
    const seen = JSON.stringify(rooms);
    if (seen === lobby.seen) return;  // redrawn only when it changed: a click is not lost
    lobby.seen = seen;
    const box = document.getElementById("rooms");
    box.replaceChildren(...(rooms.length ? rooms.map(roomRow)
      : [el("p", {class: "quiet"}, "No room has a free seat: create one.")]));
  } catch (error) { say(error.message); }
}

async function start() {
  nameInput.value = localStorage.getItem("quinza.name") || "";
  const data = await api("GET", "api/rule-sets");
  lobby.ruleSets = data.rule_sets;
  lobby.bots = data.bots;
  const rules = document.getElementById("rules");
  rules.replaceChildren(...lobby.ruleSets.map((r) => el("option", {value: r.name, text: gameName(r.name)})));
  rules.value = "escoba";
  rules.addEventListener("change", fillPlayers);
  document.getElementById("players").addEventListener("change", fillSeats);
  document.getElementById("create-form").addEventListener("submit", createRoom);
  fillPlayers();
  await listRooms();
  setInterval(listRooms, 3000);
}

start().catch((error) => say(error.message));
