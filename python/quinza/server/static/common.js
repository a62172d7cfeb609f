// What the lobby and the table share: the app's base path (it may be mounted under a
// prefix), building elements, card names in words, and the seats kept by this browser.
"use strict";

const BASE = location.pathname.replace(/[^/]*$/, "");

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) {
      node.append(typeof child === "string" ? document.createTextNode(child) : child);
    }
  }
  return node;
}

async function api(method, path, body) {
  const response = await fetch(BASE + path, {
    method,
    headers: body === undefined ? {} : {"Content-Type": "application/json"},
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.message || `the server answered ${response.status}`);
  return data;
}

const GAME_NAMES = {quinza: "Quinza", rb3ine: "Rb3ine", escoba: "Escoba", quinte: "Quinte"};
const BARAJA_RANKS = {1: "As", 10: "Sota", 11: "Caballo", 12: "Rey"};
const BARAJA_SUITS = {o: "Oros", c: "Copas", e: "Espadas", b: "Bastos"};
const QUINTE_RANKS = {J: "Jack", Q: "Queen", K: "King", A: "Ace"};
const QUINTE_SUITS = {h: "Hearts", d: "Diamonds", s: "Spades", c: "Clubs"};

function gameName(name) {
  return GAME_NAMES[name] || name.charAt(0).toUpperCase() + name.slice(1);
}

function deckOf(rulesName) {
  return rulesName === "quinte" ? "quinte" : "baraja";
}

// A card's name in words: "7" of "Oros", "Rey de Copas" style kept in English.
function cardName(text, deck) {
  if (deck === "quinte") {
    if (text.toUpperCase() === "JK") return "Joker";
    const rank = text.slice(0, -1).toUpperCase(), suit = text.slice(-1).toLowerCase();
    return `${QUINTE_RANKS[rank] || rank} of ${QUINTE_SUITS[suit]}`;
  }
  const rank = text.slice(0, -1), suit = text.slice(-1).toLowerCase();
  return `${BARAJA_RANKS[rank] || rank} of ${BARAJA_SUITS[suit]}`;
}

function cardList(texts, deck) {
  const names = texts.map((t) => cardName(t, deck));
  if (names.length <= 1) return names.join("");
  return names.slice(0, -1).join(", ") + " and " + names[names.length - 1];
}

function cardImage(text, deck) {
  return el("img", {src: `${BASE}cards/${deck}/${encodeURIComponent(text)}.svg`, alt: cardName(text, deck),
                    title: cardName(text, deck), draggable: "false"});
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

// A move's notation read: "5e x 7c 3o" is the card and what it takes; "pass" a bid.
function readMove(text) {
  const words = text.trim().split(/\s+/);
  const at = words.indexOf("x");
  return {card: words[0], captures: at < 0 ? [] : words.slice(at + 1), text};
}

// Whether a move's first word is a card of the deck (else it is a quinte bid).
function isCard(text, deck) {
  return deck === "quinte" ? /^(JK|(10|[2-9JQKA])[hdsc])$/i.test(text) : /^(1[0-2]|[1-7])[oceb]$/i.test(text);
}

// Quinte's bids (docs/rules.md "Doubling"): the button's words and what a seat did.
const BIDS = {
  pass: {button: "Pass", did: "passes", you: "pass", done: "passed"},
  double: {button: "Double (each trick worth 10)", did: "doubles", you: "double", done: "doubled"},
  redouble: {button: "Redouble (each trick worth 20)", did: "redoubles", you: "redouble", done: "redoubled"},
};

// The seat this browser holds in a room, kept across reloads.
function seatKey(room) { return `quinza.seat.${room}`; }
function keptSeat(room) {
  try { return JSON.parse(localStorage.getItem(seatKey(room)) || "null"); } catch (e) { return null; }
}
function keepSeat(room, seat) { localStorage.setItem(seatKey(room), JSON.stringify(seat)); }
function forgetSeat(room) { localStorage.removeItem(seatKey(room)); }
