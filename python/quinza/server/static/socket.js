// The table's websocket (docs/reference/wire.md "The websocket"): connecting as this browser's seat
// (or a spectator), again when the connection is lost, and sending the table's requests.

import {$, BASE} from "./common.js";
import {ROOM, table} from "./state.js";
import {word} from "./words.js";

let receive = () => {};

// Connects, handing each message received to `onMessage` (that of the last call when
// none is given: a seat taken later connects again the same way).
export function connect(onMessage) {
  if (onMessage) receive = onMessage;
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const url = `${scheme}//${location.host}${BASE}ws/${encodeURIComponent(ROOM)}`;
  const socket = new WebSocket(url);
  table.socket = socket;
  // The seat's token goes in the first frame, never in the URL (logs keep URLs).
  socket.onopen = () => socket.send(JSON.stringify(table.token ? {type: "hello", token: table.token} : {type: "hello"}));
  table.fresh = true;  // the first state of this connection is told in the log
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = (event) => {
    if (table.socket !== socket || table.closed) return;
    if (event.code === 4404) { $("status").textContent = word("status.no_room"); return; }
    if (event.code === 4410) { $("status").textContent = word("status.ended"); return; }
    const busy = event.code === 4429;  // a limit of the server (too many connections): try again, less often
    $("status").textContent = busy ? word("status.busy", {reason: event.reason}) : word("status.lost");
    setTimeout(connect, busy ? 10000 : 1000);
  };
}

export function send(message) {
  if (table.socket && table.socket.readyState === WebSocket.OPEN) table.socket.send(JSON.stringify(message));
}
