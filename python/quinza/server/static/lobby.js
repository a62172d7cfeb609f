// The lobby: create a room (its creator sits down at once), list the rooms that wait for
// people and those under way, sit down or watch. Seats are numbered from 0, as everywhere.

import {$, BASE, api, el, keepName, keepSeat, keptName, keptSeat} from "./common.js";
import {botName, count, gameName, word, loadWords, wordThePage} from "./words.js";

const lobby = {ruleSets: [], levels: [], bots: [], seen: null};
const nameInput = $("name");
const message = $("message");

// A word to the player: an error, or (`ok`) good news.
function say(text, ok) {
  message.textContent = text;
  message.className = ok ? "ok" : "";
}

function playerName() {
  const name = nameInput.value.trim();
  if (!name) { nameInput.focus(); throw new Error(word("name.first")); }
  keepName(name);
  return name;
}

function ruleSet() {
  return lobby.ruleSets.find((r) => r.name === $("rules").value);
}

function fillPlayers() {
  const rules = ruleSet();
  $("players").replaceChildren(...rules.players.map((n) => el("option", {value: n, text: String(n)})));
  $("target").value = rules.default_target;
  fillSeats();
}

function botWords(bot) {
  return word("lobby.the_bot", {bot: botName(bot)});
}

function fillSeats() {
  const n = Number($("players").value);
  const rows = [];
  for (let s = 0; s < n; s++) {
    // The levels by name first (as `quinza play --vs` takes them), then every bot the server has.
    const choice = el("select", {id: `seat-${s}`, "data-seat": s, onchange: oneSeatForYou},
      el("option", {value: "you", text: word("lobby.you")}),
      el("option", {value: "", text: word("lobby.a_person")}),
      el("optgroup", {label: word("lobby.by_level")}, lobby.levels.map((b) => el("option", {value: b, text: botWords(b)}))),
      el("optgroup", {label: word("lobby.other_bots")}, lobby.bots.map((b) => el("option", {value: b, text: botWords(b)}))));
    choice.value = s === 0 ? "you" : "";  // you sit at seat 0 unless you choose another
    rows.push(el("label", {}, word("lobby.seat_choice", {seat: s}), choice));
  }
  $("seats").replaceChildren(el("legend", {text: word("lobby.who_sits")}), ...rows);
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
      rules: rules.name, players: Number($("players").value), target: Number($("target").value), bots,
      timer: $("timer").value ? Number($("timer").value) : null, undo: $("undo").value,
    };
    const name = mine === null ? null : playerName();
    const room = await api("POST", "api/rooms", mine === null ? body : Object.assign(body, {name, seat: mine}));
    if (room.token) {  // seated: to the table, which waits for the others and gives the link to share
      keepSeat(room.room, {token: room.token, seat: room.seat, name});
      location.href = `${BASE}table?room=${encodeURIComponent(room.room)}`;
      return;
    }
    say(word("lobby.opened", {room: room.room}), true);
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
  if (seat.bot) return botWords(seat.bot);  // a level by its name: "the hard bot"
  return seat.name === null ? word("lobby.free") : seat.name;
}

// What a room is at: waiting, or under way; its timer; its undo mode if not by consent.
function roomState(info) {
  const words = [info.waiting.length ? word("lobby.waiting")
    : (info.ply ? word("lobby.played", {n: info.ply}) : word("lobby.under_way"))];
  if (info.timer) words.push(word("lobby.a_move", {n: info.timer}));
  if (info.undo !== "consent") words.push(word(`lobby.undo.${info.undo}`));
  return words.join(" ");
}

function roomRow(info) {
  const rules = info.rules;
  const kept = keptSeat(info.room);
  const seats = info.seats.map((seat) => el("li", {class: seat.name === null && !seat.bot ? "free" : ""},
    word("lobby.seat", {seat: seat.seat, who: seatText(seat)}),
    info.free.includes(seat.seat)
      ? el("button", {class: "sit", "data-room": info.room, "data-seat": seat.seat,
                      onclick: () => sit(info.room, seat.seat)}, word("lobby.sit"))
      : null));
  const table = `${BASE}table?room=${encodeURIComponent(info.room)}`;
  return el("article", {class: "room", "data-room": info.room},
    el("h3", {}, word("lobby.room", {game: gameName(rules.name), players: count(rules.players, "players"),
      target: count(rules.target, "points")})),
    el("p", {class: "quiet"}, roomState(info)),
    el("ul", {class: "seat-list"}, seats),
    el("p", {},
      kept ? el("a", {href: table, class: "button"}, word("lobby.back_to_seat")) : null,
      " ",
      el("a", {href: `${table}&watch=1`, class: "watch button"}, word("lobby.watch"))));
}

async function listRooms() {
  try {
    const {rooms} = await api("GET", "api/rooms");
    const seen = JSON.stringify(rooms);
    if (seen === lobby.seen) return;  // redrawn only when it changed: a click is not lost
    lobby.seen = seen;
    const waiting = rooms.filter((r) => r.waiting.length), playing = rooms.filter((r) => !r.waiting.length);
    $("rooms").replaceChildren(...(waiting.length ? waiting.map(roomRow)
      : [el("p", {class: "quiet"}, word("lobby.no_room"))]));
    $("watch").replaceChildren(...(playing.length ? playing.map(roomRow)
      : [el("p", {class: "quiet"}, word("lobby.no_match"))]));
  } catch (error) { say(error.message); }
}

async function start() {
  await loadWords(BASE);  // the page's language, from the server's catalog
  wordThePage();
  nameInput.value = keptName();
  const data = await api("GET", "api/rule-sets");
  lobby.ruleSets = data.rule_sets;
  lobby.levels = data.levels;
  lobby.bots = data.bots;
  const rules = $("rules");
  rules.replaceChildren(...lobby.ruleSets.map((r) => el("option", {value: r.name, text: gameName(r.name)})));
  rules.value = "escoba";
  rules.addEventListener("change", fillPlayers);
  $("players").addEventListener("change", fillSeats);
  $("create-form").addEventListener("submit", createRoom);
  fillPlayers();
  await listRooms();
  setInterval(listRooms, 3000);
}

start().catch((error) => say(error.message));
