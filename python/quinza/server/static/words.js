// The words the browser shows a player, and the functions that fill in numbers, names and
// cards. No module holds words: the pages ask `word`, from the table the server gives in
// the page's language (GET api/words, from the catalog), whose English source is
// words.json. An entry is a sentence with {placeholders}, or, where a count decides its
// form, one sentence for each plural category of Intl.PluralRules ({one, other}; "other"
// when a category is missing).

let table = {};
let plurals = new Intl.PluralRules("en");
let spoken = "en";

// The table of a language (the server's gives every entry), `lang` a tag such as "es".
function useWords(entries, lang) {
  table = entries;
  plurals = new Intl.PluralRules(lang);
  spoken = lang;
  document.documentElement.lang = lang;
}

// The page's language: its choice (?lang= in its address, kept for the next pages), else
// the browser's (the server reads its Accept-Language); its words come from the server's
// catalog (GET api/words), the English source where the catalog cannot be asked.
export async function loadWords(base) {
  const asked = new URLSearchParams(location.search).get("lang");
  try {
    if (asked) localStorage.setItem("quinza.lang", asked);
  } catch (e) { /* no storage: the choice holds for this page */ }
  let choice = asked;
  try { choice = choice || localStorage.getItem("quinza.lang"); } catch (e) { /* none kept */ }
  try {
    const response = await fetch(`${base}api/words${choice ? `?lang=${encodeURIComponent(choice)}` : ""}`);
    const data = await response.json();
    if (response.ok) {
      useWords(data.words, data.lang);
      return;
    }
  } catch (e) { /* the English source, below */ }
  useWords(await (await fetch(`${base}static/words.json`)).json(), "en");
}

// The language the page speaks ("en" until `useWords`).
export function language() {
  return spoken;
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

// A card's name: "7 of Coins", "King of Cups", "Queen of Hearts", "Joker"; whole where the
// language names each card with its article (the server's table: "card.baraja.12c").
export function cardName(text, deck) {
  if (hasWord(`card.${deck}.${text}`)) return word(`card.${deck}.${text}`);
  if (deck === "quinte" && text.toUpperCase() === "JK") return word("card.joker");
  const rank = deck === "quinte" ? text.slice(0, -1).toUpperCase() : text.slice(0, -1);
  const suit = text.slice(-1).toLowerCase();
  const rankKey = `rank.${deck}.${rank}`;
  return word("card.name", {rank: hasWord(rankKey) ? word(rankKey) : rank, suit: word(`suit.${deck}.${suit}`)});
}

// A bot's name as players read it: a level's or a bot's name in the page's language
// ("difícil" for "hard"), else its name as written; its parameters left out.
export function botName(text) {
  const name = text.split(":")[0];
  return hasWord(`bot.${name.toLowerCase()}`) ? word(`bot.${name.toLowerCase()}`) : name;
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
