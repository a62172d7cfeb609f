// Every word the browser shows a player, in one table (English), and the functions that
// fill in numbers, names and cards. No other module holds words: the pages ask `word`.
// An entry is a sentence with {placeholders}, or, where a count decides its form, one
// sentence for each plural category of Intl.PluralRules ({one, other}; "other" when a
// category is missing). `useWords` puts another language's table in place.

const ENGLISH = {
  // -- the pages' fixed words (data-word in lobby.html and table.html)
  "page.table": "quinza: at the table",
  "page.lobby": "quinza: the lobby",
  "page.back": "← the lobby",
  "page.connecting": "Connecting…",
  "page.scores": "The scores",
  "page.log": "What happened",
  "lobby.tagline": "Card games of the fifteen family, and quinte, played at a table with people and bots.",
  "lobby.your_name": "Your name",
  "lobby.name_placeholder": "your name",
  "lobby.new_room": "A new room",
  "lobby.game": "Game",
  "lobby.players": "Players",
  "lobby.play_to": "Play to",
  "lobby.points": "points",
  "lobby.timer": "Turn timer",
  "lobby.timer_none": "none",
  "lobby.seconds": "seconds",
  "lobby.undo": "Undo",
  "lobby.undo_consent": "by consent (a bot's move is never taken back)",
  "lobby.undo_practice": "practice (take back against the bots too)",
  "lobby.undo_off": "off",
  "lobby.who_sits": "Who sits where",
  "lobby.create": "Create the room",
  "lobby.waiting_rooms": "Rooms waiting for players",
  "lobby.looking": "Looking for rooms…",
  "lobby.under_way_rooms": "Under way: watch",

  // -- counts
  "n.cards": {one: "{n} card", other: "{n} cards"},
  "n.moves": {one: "{n} move", other: "{n} moves"},
  "n.players": {one: "{n} player", other: "{n} players"},
  "n.points": {one: "{n} point", other: "{n} points"},
  "n.seconds": {one: "{n} second", other: "{n} seconds"},
  "list.two": "{first} and {last}",
  "list.more": "{first}, {rest}",
  "side.seats": "{first} & {rest}",

  // -- games and cards
  "game.quinza": "Quinza", "game.rb3ine": "Rb3ine", "game.escoba": "Escoba", "game.quinte": "Quinte",
  "card.name": "{rank} of {suit}",
  "card.joker": "Joker",
  "rank.baraja.1": "As", "rank.baraja.10": "Sota", "rank.baraja.11": "Caballo", "rank.baraja.12": "Rey",
  "suit.baraja.o": "Oros", "suit.baraja.c": "Copas", "suit.baraja.e": "Espadas", "suit.baraja.b": "Bastos",
  "rank.quinte.J": "Jack", "rank.quinte.Q": "Queen", "rank.quinte.K": "King", "rank.quinte.A": "Ace",
  "suit.quinte.h": "Hearts", "suit.quinte.d": "Diamonds", "suit.quinte.s": "Spades", "suit.quinte.c": "Clubs",
  "card.counts": "counts {value}",

  // -- who is who
  "seat.you": "You",
  "seat.you_object": "you",
  "seat.bot": "Bot {seat} ({bot})",
  "seat.number": "Seat {seat}",
  "seat.stand_in": "A stand-in for {whom}",

  // -- the connection and the table's status
  "status.no_room_named": "No room named: choose one in the lobby.",
  "status.no_room": "There is no such room.",
  "status.ended": "This room has ended: no one was in it for a while.",
  "status.busy": "The server is full for you ({reason}): trying again in a few seconds…",
  "status.lost": "The connection was lost: connecting again…",
  "status.your_turn": "Your turn.",
  "status.your_bid": "Your turn to bid.",
  "status.to_play": "{who} to play.",
  "status.to_bid": "{who} to bid.",
  "status.undo_yours": "Your turn: an undo waits for answers, and your move ends it.",
  "status.undo_waits": "The match waits for the answers to an undo.",
  "status.watching": "You are watching. {status}",
  "title.room": "{game}: {players}, to {target}{practice}",
  "title.page": "quinza: {game}{practice}",
  "title.practice": " (practice)",

  // -- the log: comings and goings
  "log.watching": "You are watching this table.",
  "log.seated": "You are at the table, seat {seat}.",
  "log.sits": "{name} sits down at seat {seat}.",
  "log.back": "{name} is at the table.",
  "log.left": "{name} left the table.",
  "log.timeout": "{who} ran out of time: a stand-in plays for them.",
  "log.timeout.you": "You ran out of time: a stand-in plays for you.",
  "notice.seat_lost": "Your seat in this room is no longer yours: you are watching.",

  // -- the log: moves and what they did ("….you": this browser's seat did it)
  "move.pass": "{who} passes.", "move.pass.you": "You pass.",
  "move.double": "{who} doubles.", "move.double.you": "You double.",
  "move.redouble": "{who} redoubles.", "move.redouble.you": "You redouble.",
  "move.bid": "{who} says “{bid}”.", "move.bid.you": "You say “{bid}”.",
  "move.play": "{who} plays the {card}.", "move.play.you": "You play the {card}.",
  "move.lay": "{who} lays the {card} on the table.", "move.lay.you": "You lay the {card} on the table.",
  "move.take": "{who} plays the {card} and takes the {cards}.",
  "move.take.you": "You play the {card} and take the {cards}.",
  "told.escoba": "Escoba! {who} sweeps the table.", "told.escoba.you": "Escoba! You sweep the table.",
  "told.quints": {one: ", and {n} point of quints", other: ", and {n} points of quints"},
  "told.trick": "{who} wins the trick{quints}.", "told.trick.you": "You win the trick{quints}.",
  "told.cachette_cards": " ({cards})",
  "told.cachette": "{who} takes the cachette{cards}{quints}.",
  "told.cachette.you": "You take the cachette{cards}{quints}.",
  "told.last_cards": "The cards left on the table go to {whom}.",
  "told.opening": {one: "{who} takes the opening table: {n} escoba.", other: "{who} takes the opening table: {n} escobas."},
  "told.opening.you": {one: "You take the opening table: {n} escoba.", other: "You take the opening table: {n} escobas."},
  "told.dealt": "New hands are dealt from the stock.",
  "told.new_deal": "A new deal: {who} deals.", "told.new_deal.you": "A new deal: you deal.",
  "told.deal_scored": "Deal {deal} is over and scored.",
  "match.draw": "The match ends in a draw.",
  "match.you_win": "You win the match!",
  "match.your_side_wins": "Your side ({side}) wins the match!",
  "match.wins": "{side} wins the match.",
  "match.win": "{side} win the match.",
  "match.final": "{winner} Final score: {scores}.",
  "match.score": "{side} {score}",

  // -- a deal's points
  "deal.title": "Deal {deal}: the points",
  "deal.cards_taken": "Cards taken",
  "deal.points": "Points this deal",
  "detail.cards": "Most cards", "detail.oros": "Most oros", "detail.seven_of_oros": "Seven of Oros",
  "detail.setenta": "Setenta", "detail.escobas": "Escobas", "detail.gold": "Oros cards",
  "detail.other": "Other cards", "detail.quints": "Quints", "detail.tricks": "Trick points",

  // -- choosing a move
  "choose.pass": "Pass",
  "choose.double": "Double (each trick worth 10)",
  "choose.redouble": "Redouble (each trick worth 20)",
  "choose.play": "Play the {card}",
  "choose.lay": "Lay the {card} on the table",
  "choose.take": "Take the {cards}",
  "choose.your_bid": "Your bid:",
  "choose.a_card": "Choose a card of your hand (the outlined ones can be played).",
  "choose.with": "With the {card}: ",
  "choose.with_takes": "With the {card}: choose the table cards to take (the lit ones can be taken), or pick one of these.",
  "choose.play_button": "Play: {move}",
  "choose.play_pick": "Play (pick the cards to take)",

  // -- the table, the others, the hand, the scores
  "others.partner": " (your partner)",
  "others.away": " (away)",
  "others.free": " (free seat)",
  "others.hand": {one: "{n} card in hand", other: "{n} cards in hand"},
  "others.hand_bid": {one: "{n} card in hand; {bid}", other: "{n} cards in hand; {bid}"},
  "bid.pass": "passed", "bid.double": "doubled", "bid.redouble": "redoubled",
  "stakes.1": "Each trick is worth 5 points.",
  "stakes.2": "Doubled: each trick is worth 10 points.",
  "stakes.4": "Redoubled: each trick is worth 20 points.",
  "trick.bidding": "The bidding: no card is played before it ends.",
  "trick.empty": "No card in the trick yet.",
  "trick.last": "The last trick, won by {whom}:",
  "trick.last_quints": {one: "The last trick, won by {whom} ({n} point of quints):",
    other: "The last trick, won by {whom} ({n} points of quints):"},
  "cachette.down": {one: "The cachette: {n} card face down, for the winner of the last trick.",
    other: "The cachette: {n} cards face down, for the winner of the last trick."},
  "cachette.taken": "The cachette is taken.",
  "middle.empty": "The table is empty.",
  "middle.stock": {one: "Stock: {n} card.", other: "Stock: {n} cards."},
  "hand.title": "Your hand ({name})",
  "hand.empty": "No cards in your hand.",
  "scores.title": "The match, deal {deal}",
  "scores.score": "Score",
  "scores.cards": "Cards taken",
  "scores.escobas": "Escobas",
  "scores.tricks": "Tricks won",
  "scores.quints": "Quint points",
  "scores.record": "Download the match record",
  "scores.lobby": "Back to the lobby",
  "scores.deal": "deal {deal}",

  // -- the turn timer, undo, rematch
  "clock.left": {one: "{who} has {n} second left to move.", other: "{who} has {n} seconds left to move."},
  "clock.left.you": {one: "You have {n} second left to move.", other: "You have {n} seconds left to move."},
  "undo.asked": "{who} asks to take back their last move.",
  "undo.asked.you": "You ask to take back your last move.",
  "undo.agreed": "{who} agrees to the undo.", "undo.agreed.you": "You agree to the undo.",
  "undo.refused": "{who} refuses the undo: the match goes on.",
  "undo.refused.you": "You refuse the undo: the match goes on.",
  "undo.done": {one: "Undone: {n} move taken back, to before {who}’s last move.",
    other: "Undone: {n} moves taken back, to before {who}’s last move."},
  "undo.done.you": {one: "Undone: {n} move taken back, to before your last move.",
    other: "Undone: {n} moves taken back, to before your last move."},
  "undo.lapsed": "Nobody answered the undo in time: the match goes on.",
  "undo.failed": "The undo could not be saved: nothing was taken back.",
  "undo.panel": "{who} asks to take back their last move (and the moves since).",
  "undo.panel.you": "You asked to take back your last move (and the moves since).",
  "undo.agree": "Agree",
  "undo.refuse": "Refuse",
  "undo.waiting_for": "Waiting for the answer of {seats}.",
  "undo.ask": "Ask to undo",
  "undo.ask_title": "Take back your last move, if the players whose moves it takes back agree",
  "undo.off_title": "Undo is off in this room",
  "rematch.button": "Rematch: play a new match",
  "rematch.told": "{who} starts a new match (match {match}).",
  "rematch.told.you": "You start a new match (match {match}).",

  // -- the story: the log's groups and the review
  "story.deal": "Deal {deal}",
  "story.trick": "Trick {trick}",
  "story.match": "Match {match}",
  "story.not_shown": {one: "The first move of this match is not shown.",
    other: "The first {n} moves of this match are not shown."},
  "review.title": "Your moves, reviewed",
  "review.coming": "Your moves are being reviewed…",
  "review.none": "No review this time: {reason}.",
  "review.moves": {one: "{n} move, {forced} with no choice.", other: "{n} moves, {forced} with no choice."},
  "review.average": "On average a move gave up {points} a deal;",
  "review.counts": "{counts}.",
  "review.clean": "no inaccuracy, mistake or blunder.",
  "review.inaccuracy": {one: "{n} inaccuracy", other: "{n} inaccuracies"},
  "review.mistake": {one: "{n} mistake", other: "{n} mistakes"},
  "review.blunder": {one: "{n} blunder", other: "{n} blunders"},
  "review.points": "{points} points",
  "review.worst": "Move {number} (deal {deal}): you chose to {played}. Better: {best}. That gave up {points} a deal.",
  "review.worst_kind": "Move {number} (deal {deal}): you chose to {played}. Better: {best}. That gave up {points} a deal ({kind}).",
  "review.kind.inaccuracy": "an inaccuracy", "review.kind.mistake": "a mistake", "review.kind.blunder": "a blunder",
  "review.do.pass": "pass", "review.do.double": "double", "review.do.redouble": "redouble",
  "review.do.play": "play the {card}",
  "review.do.lay": "lay the {card} on the table",
  "review.do.take": "take the {cards} with the {card}",
  "review.costliest": "Your costliest moves",
  "review.nothing_lost": "No move of yours gave up anything the search could find.",
  "review.how": "Each move is valued from what you could see then, by a search of the cards you could not: "
    + "points a deal for your side, the best move it found against the one you played.",
  "chart.too_few": "Too few moves with a choice to draw.",
  "chart.label": "The value of each of your moves, and of the best move found",
  "chart.lost": "what each move gave up",
  "chart.played": "the move you played",
  "chart.best": "the best move found",
  "chart.bars": "bars: what a move gave up",
  "chart.inaccuracy": "inaccuracy", "chart.mistake": "mistake", "chart.blunder": "blunder",

  // -- a room that waits
  "waiting.seats": {one: "seat {seats}", other: "seats {seats}"},
  "waiting.status": "Waiting for {seats} to be taken.",
  "waiting.starts": "The match starts once every seat is taken: waiting for {seats}.",
  "waiting.share": "Share this link: ",
  "waiting.copy": "Copy",
  "waiting.copied": "The link is copied: send it to whoever you want at the table.",
  "waiting.your_name": "Your name ",
  "waiting.sit": "Sit at seat {seat}",
  "name.first": "Write your name first.",

  // -- the lobby
  "lobby.you": "you",
  "lobby.a_person": "a person",
  "lobby.by_level": "A bot, by level",
  "lobby.other_bots": "Other bots",
  "lobby.the_bot": "the {bot} bot",
  "lobby.seat_choice": "Seat {seat}: ",
  "lobby.opened": "Room {room} is open: sit down below.",
  "lobby.free": "free",
  "lobby.seat": "Seat {seat}: {who}",
  "lobby.sit": "Sit here",
  "lobby.room": "{game}, {players}, to {target}",
  "lobby.waiting": "Waiting for players.",
  "lobby.played": {one: "Under way: {n} move played.", other: "Under way: {n} moves played."},
  "lobby.under_way": "Under way.",
  "lobby.a_move": {one: "{n} second a move.", other: "{n} seconds a move."},
  "lobby.undo.off": "No undo.",
  "lobby.undo.practice": "Practice: moves are taken back against the bots too.",
  "lobby.back_to_seat": "Back to your seat",
  "lobby.watch": "Watch",
  "lobby.no_room": "No room waits for players: create one.",
  "lobby.no_match": "No match is under way.",
  "http.failed": "the server answered {status}",
};

let table = ENGLISH;
let plurals = new Intl.PluralRules("en");

// Another language's table (entries it lacks stay English), `lang` a tag such as "es".
export function useWords(entries, lang) {
  table = Object.assign({}, ENGLISH, entries);
  plurals = new Intl.PluralRules(lang);
  document.documentElement.lang = lang;
}

// The words of `key`, filled in from `args` (`n` chooses the plural form).
export function word(key, args = {}) {
  const entry = table[key];
  if (entry === undefined) throw new Error(`no words for ${key}`);
  const text = typeof entry === "string" ? entry : (entry[plurals.select(args.n)] || entry.other);
  return text.replace(/\{(\w+)\}/g, (_, name) => String(args[name]));
}

// Whether there are words for `key` (a bid or a scoring detail the table may not know).
export function hasWord(key) {
  return table[key] !== undefined;
}

// A count of things: "1 card", "3 cards" (`what` is "cards", "moves", "players", …).
export function count(n, what) {
  return word(`n.${what}`, {n});
}

// "a", "a and b", "a, b and c".
export function list(items) {
  if (items.length <= 1) return items.join("");
  if (items.length === 2) return word("list.two", {first: items[0], last: items[1]});
  return word("list.more", {first: items[0], rest: list(items.slice(1))});
}

export function gameName(name) {
  return hasWord(`game.${name}`) ? word(`game.${name}`) : name.charAt(0).toUpperCase() + name.slice(1);
}

// A card's name: "7 of Oros", "Rey of Copas", "Queen of Hearts", "Joker".
export function cardName(text, deck) {
  if (deck === "quinte" && text.toUpperCase() === "JK") return word("card.joker");
  const rank = deck === "quinte" ? text.slice(0, -1).toUpperCase() : text.slice(0, -1);
  const suit = text.slice(-1).toLowerCase();
  const rankKey = `rank.${deck}.${rank}`;
  return word("card.name", {rank: hasWord(rankKey) ? word(rankKey) : rank, suit: word(`suit.${deck}.${suit}`)});
}

export function cardList(texts, deck) {
  return list(texts.map((t) => cardName(t, deck)));
}

// A line of a deal's points: "Most cards", "Setenta"; a detail the table does not know
// is its key in words.
export function detailWords(key) {
  const words = hasWord(`detail.${key}`) ? word(`detail.${key}`) : key.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// The words of the page's elements marked data-word (their text), data-word-placeholder
// and data-word-label (aria-label).
export function wordThePage() {
  for (const node of document.querySelectorAll("[data-word]")) node.textContent = word(node.dataset.word);
  for (const node of document.querySelectorAll("[data-word-placeholder]")) {
    node.placeholder = word(node.dataset.wordPlaceholder);
  }
  for (const node of document.querySelectorAll("[data-word-label]")) {
    node.setAttribute("aria-label", word(node.dataset.wordLabel));
  }
}
