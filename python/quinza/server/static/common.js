// What the lobby and the table share: the app's base path (it may be mounted under a
// prefix), building elements, calling the app's API, reading a move's notation, and the
// seats kept by this browser.

import {word} from "./words.js";

export const BASE = location.pathname.replace(/[^/]*$/, "");

export function $(id) { return document.getElementById(id); }

export function el(tag, attrs, ...children) {
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

export async function api(method, path, body) {
  const response = await fetch(BASE + path, {
    method,
    headers: body === undefined ? {} : {"Content-Type": "application/json"},
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.message || word("http.failed", {status: response.status}));
  return data;
}

// A message of the server, as the first words of a sentence.
export function capitalized(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// A move's notation read: "5e x 7c 3o" is the card and what it takes; "pass" a bid.
export function readMove(text) {
  const words = text.trim().split(/\s+/);
  const at = words.indexOf("x");
  return {card: words[0], captures: at < 0 ? [] : words.slice(at + 1), text};
}

// Whether a move's first word is a card of the deck (else it is a quinte bid).
export function isCard(text, deck) {
  return deck === "quinte" ? /^(JK|(10|[2-9JQKA])[hdsc])$/i.test(text) : /^(1[0-2]|[1-7])[oceb]$/i.test(text);
}

// The seat this browser holds in a room, kept across reloads; the name last written.
function seatKey(room) { return `quinza.seat.${room}`; }
export function keptSeat(room) {
  try { return JSON.parse(localStorage.getItem(seatKey(room)) || "null"); } catch (e) { return null; }
}
export function keepSeat(room, seat) { localStorage.setItem(seatKey(room), JSON.stringify(seat)); }
export function forgetSeat(room) { localStorage.removeItem(seatKey(room)); }
export function keptName() { return localStorage.getItem("quinza.name") || ""; }
export function keepName(name) { localStorage.setItem("quinza.name", name); }

// A word to the player for a few seconds (the table's notice box).
export function notice(text) {
  const box = $("notice");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(notice.timer);
  notice.timer = setTimeout(() => { box.hidden = true; }, 5000);
}
