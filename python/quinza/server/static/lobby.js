// The lobby: create a room (its creator sits down at once), list the rooms that wait for
// people and those under way, sit down or watch. Seats are numbered from 0, as everywhere.
"use strict";

const lobby = {ruleSets: [], levels: [], bots: []};
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
    // The levels by name first (as `quinza play --vs` takes them), then every bot the server has.
    const choice = el("select", {id: `seat-${s}`, "data-seat": s, onchange: oneSeatForYou},
      el("option", {value: "you", text: "you"}),
      el("option", {value: "", text: "a person"}),
      el("optgroup", {label: "A bot, by level"}, lobby.levels.map((b) => el("option", {value: b, text: `the ${b} bot`}))),
      el("optgroup", {label: "Other bots"}, lobby.bots.map((b) => el("option", {value: b, text: `the ${b} bot`}))));
    choice.value = s === 0 ? "you" : "";  // you sit at seat 0 unless you choose another
    rows.push(el("label", {}, `Seat ${s}: `, choice));
  }
  seats.replaceChildren(el("legend", {text: "Who sits where"}), ...rows);
}

// You sit at one seat: choosing another frees the first.
function oneSeatForYou(event) {
  if (event.target.value !== "you") return;
  for (const choice of document.querySelectorAll("#seats select")) {
    if (choice !== event.target && choice.value === "you") choice.value = "";
  }
}

async function createRoom(event) {
  event.preventDefault();
  const rules = ruleSet();
  const bots = {};
  let mine = null;
  for (const choice of document.querySelectorAll("#seats select")) {
    if (choice.value === "you") mine = Number(choice.dataset.seat);
    else if (choice.value) bots[choice.dataset.seat] = choice.value;
  }
  try {
    const body = {
      rules: rules.name, players: Number(document.getElementById("players").value),
      target: Number(document.getElementById("target").value), bots,
      timer: document.getElementById("timer").value ? Number(document.getElementById("timer").value) : null,
      undo: document.getElementById("undo").value,
    };
    const name = mine === null ? null : playerName();
    const room = await api("POST", "api/rooms", mine === null ? body : Object.assign(body, {name, seat: mine}));
    if (room.token) {  // seated: to the table, which waits for the others and gives the link to share
      keepSeat(room.room, {token: room.token, seat: room.seat, name});
      location.href = `${BASE}table?room=${encodeURIComponent(room.room)}`;
      return;
    }
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
  if (seat.bot) return `the ${seat.bot.split(":")[0]} bot`;  // a level by its name: "the hard bot"
  return seat.name === null ? "free" : seat.name;
}

// A room's undo mode, after its timer (docs/reference/wire.md "Undo by consent").
const UNDO_WORDS = {consent: "", off: " No undo.", practice: " Practice: moves are taken back against the bots too."};

function roomRow(info) {
  const rules = info.rules;
  const kept = keptSeat(info.room);
  const seats = info.seats.map((seat) => el("li", {class: seat.name === null && !seat.bot ? "free" : ""},
    `Seat ${seat.seat}: ${seatText(seat)}`,
    info.free.includes(seat.seat)
      ? el("button", {class: "sit", "data-room": info.room, "data-seat": seat.seat,
                      onclick: () => sit(info.room, seat.seat)}, "Sit here")
      : null));
  return el("article", {class: "room", "data-room": info.room},
    el("h3", {}, `${gameName(rules.name)}, ${plural(rules.players, "player")}, to ${plural(rules.target, "point")}`),
    el("p", {class: "quiet"}, (info.waiting.length ? "Waiting for players."
      : (info.ply ? `Under way: ${plural(info.ply, "move")} played.` : "Under way.")) +
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
    const waiting = rooms.filter((r) => r.waiting.length), playing = rooms.filter((r) => !r.waiting.length);
    document.getElementById("rooms").replaceChildren(...(waiting.length ? waiting.map(roomRow)
      : [el("p", {class: "quiet"}, "No room waits for players: create one.")]));
    document.getElementById("watch").replaceChildren(...(playing.length ? playing.map(roomRow)
      : [el("p", {class: "quiet"}, "No match is under way.")]));
  } catch (error) { say(error.message); }
}

async function start() {
  nameInput.value = localStorage.getItem("quinza.name") || "";
  const data = await api("GET", "api/rule-sets");
  lobby.ruleSets = data.rule_sets;
  lobby.levels = data.levels;
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
