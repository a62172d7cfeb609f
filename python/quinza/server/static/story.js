// The story of the match: the log, oldest first, grouped by deal (and in quinte by trick),
// and the review of this seat's own moves once the match is over (docs/howto/run-a-server.md "The browser table",
// docs/reference/wire.md "The review after the match"). tell.js puts each event into words and calls storyLine and storyGroup.

import {$, el, isCard, readMove} from "./common.js";
import {deck, table, tricks} from "./state.js";
import {cardList, cardName, count, hasWord, word} from "./words.js";

export const story = {
  deal: 0,         // the number of the deal the log is in (0: none yet)
  trick: 0,        // quinte: the number of the trick in progress in this deal
  trickOver: true, // quinte: the last trick is won, the next card starts another
  box: null,       // where the next line goes
};
const STORY_LINES = 600;  // the most lines the page keeps (the oldest deals go first)

// -- the log ---------------------------------------------------------------------------

export function storyNewDeal(number) {
  story.deal = number;
  story.trick = 0;
  story.trickOver = true;
  const lines = el("ol", {class: "story-lines"});
  $("log").append(el("li", {class: "story-deal", "data-deal": number}, el("h3", {}, word("story.deal", {deal: number})), lines));
  story.box = lines;
}

function storyNewTrick() {
  story.trick += 1;
  story.trickOver = false;
  const lines = el("ol", {class: "story-lines"});
  storyDealLines().append(el("li", {class: "story-trick"}, el("h4", {}, word("story.trick", {trick: story.trick})), lines));
  story.box = lines;
}

// One line of the log, after the others; the log keeps its newest line in sight.
export function storyLine(text, strong) {
  if (!story.box) storyNewDeal(table.state ? table.state.view.deal_number : 1);
  story.box.append(el("li", {class: strong ? "strong" : ""}, text));
  const list = $("log");
  while (list.querySelectorAll("li:not(.story-deal):not(.story-trick)").length > STORY_LINES && list.children.length > 1) {
    list.firstElementChild.remove();
  }
  list.scrollTop = list.scrollHeight;
}

function storyDealLines() {
  return story.box.closest(".story-deal").querySelector(".story-lines");
}

// Called with each event before it is told: a new deal opens a group, in quinte each
// trick's first card opens one (what follows the last trick goes back to the deal), and
// the match's end says a review is coming.
export function storyGroup(e) {
  if (e.kind === "dealt" && e.seat !== undefined) { storyNewDeal(story.deal + 1); return; }
  if (tricks() && story.box) {
    if (e.kind === "move" && isCard(readMove(e.move).card, deck())) { if (story.trickOver) storyNewTrick(); }
    else if (e.kind === "trick") story.trickOver = true;
    else if (story.trickOver) story.box = storyDealLines();
  }
  if (e.kind === "match_over" && table.seat !== null) {
    storyReviewBox([el("p", {class: "quiet"}, word("review.coming"))]);
  }
}

// The log emptied, to be told again from the start of the match (or from `from`).
export function storyAnew(from) {
  $("log").replaceChildren();
  story.box = null;
  storyReviewBox(null);
  if (from > 1) storyLine(word("story.not_shown", {n: from - 1}));
  else storyNewDeal(1);
}

export function storyRematch(m) {
  $("log").append(el("li", {class: "story-match"}, el("h3", {}, word("story.match", {match: m.match + 1}))));
  story.deal = 0;
  storyNewDeal(1);
  storyReviewBox(null);
}

// -- the review after the match -----------------------------------------------------------

const KINDS = ["inaccuracy", "mistake", "blunder"];

function storyReviewBox(children) {
  let box = $("review");
  if (!children) { if (box) box.remove(); return; }
  if (!box) {
    box = el("section", {id: "review"});
    $("log-section").before(box);
  }
  box.replaceChildren(el("h2", {}, word("review.title")), ...children);
}

// A move in words, as a thing to do: "take the 3 of Copas with the 7 of Oros".
function storyMoveWords(text) {
  const move = readMove(text);
  if (!isCard(move.card, deck())) return hasWord(`review.do.${move.card}`) ? word(`review.do.${move.card}`) : move.card;
  const card = cardName(move.card, deck());
  if (tricks()) return word("review.do.play", {card});
  if (!move.captures.length) return word("review.do.lay", {card});
  return word("review.do.take", {card, cards: cardList(move.captures, deck())});
}

function points(value) {
  return word("review.points", {points: value.toFixed(2)});
}

export function storyReview(m) {
  if (!table.state || m.match !== table.state.match || m.seat !== table.seat) return;
  if (m.status !== "ready") {
    storyReviewBox([el("p", {class: "quiet"}, word("review.none", {reason: m.message}))]);
    return;
  }
  const counts = KINDS.filter((k) => m.counts[k]).map((k) => word(`review.${k}`, {n: m.counts[k]}));
  const summary = [word("review.moves", {n: m.moves.length, forced: m.forced}),
    m.average_lost === null ? null : word("review.average", {points: points(m.average_lost)}),
    counts.length ? word("review.counts", {counts: counts.join(", ")}) : word("review.clean")];
  const byNumber = new Map(m.moves.map((x) => [x.number, x]));
  const worst = m.worst.map((n) => byNumber.get(n)).map((x) => el("li", {"data-move": x.number},
    word(x.kind ? "review.worst_kind" : "review.worst", {number: x.number, deal: x.deal, played: storyMoveWords(x.move),
      best: storyMoveWords(x.best), points: points(x.lost), kind: x.kind && word(`review.kind.${x.kind}`)})));
  storyReviewBox([
    el("p", {}, summary.filter((s) => s !== null).join(" ")),
    storyChart(m),
    worst.length ? el("h3", {}, word("review.costliest")) : el("p", {}, word("review.nothing_lost")),
    worst.length ? el("ol", {class: "worst"}, worst) : null,
    el("p", {class: "quiet"}, word("review.how")),
  ]);
}

// The evaluation chart: for each of your moves, the value of the move played and of the
// best move found (points a deal for your side); below, what each move gave up.
function storyChart(m) {
  const NS = "http://www.w3.org/2000/svg";
  const svg = (tag, attrs, ...kids) => {
    const node = document.createElementNS(NS, tag);
    Object.entries(attrs).forEach(([k, v]) => node.setAttribute(k, v));
    kids.forEach((k) => node.append(k));
    return node;
  };
  const moves = m.moves.filter((x) => x.value !== null && x.best_value !== null);
  if (moves.length < 2) return el("p", {class: "quiet"}, word("chart.too_few"));
  const W = 320, H = 190, left = 34, top = 10, mid = 120, bottom = 176;
  const values = moves.flatMap((x) => [x.value, x.best_value]).concat([0]);
  const hi = Math.max(...values), lo = Math.min(...values), span = hi - lo || 1;
  const most = Math.max(...moves.map((x) => x.lost || 0), m.thresholds.blunder || 1);
  const x = (i) => left + (i + 0.5) * (W - left - 4) / moves.length;
  const y = (v) => top + (hi - v) / span * (mid - top - 8);
  const barY = (v) => bottom - v / most * (bottom - mid - 6);
  const line = (key, cls) => svg("polyline", {class: cls, points: moves.map((x0, i) => `${x(i).toFixed(1)},${y(x0[key]).toFixed(1)}`).join(" ")});
  const text = (tx, ty, words, cls) => { const t = svg("text", {x: tx, y: ty, class: cls || ""}); t.textContent = words; return t; };
  const chart = svg("svg", {viewBox: `0 0 ${W} ${H}`, class: "review-chart", role: "img", "aria-label": word("chart.label")},
    svg("line", {x1: left, x2: W, y1: y(0), y2: y(0), class: "zero"}),
    text(left - 3, y(hi) + 4, hi.toFixed(1), "axis"), text(left - 3, y(lo) + 4, lo.toFixed(1), "axis"),
    line("best_value", "best"), line("value", "played"),
    ...moves.map((x0, i) => svg("rect", {x: (x(i) - 2).toFixed(1), y: barY(x0.lost || 0).toFixed(1), width: 4,
      height: (bottom - barY(x0.lost || 0)).toFixed(1), class: `lost ${x0.kind || "fine"}`, "data-move": x0.number})),
    text(left, mid + 4, word("chart.lost"), "axis label"),
    svg("line", {x1: left, x2: W, y1: bottom, y2: bottom, class: "zero"}));
  const kinds = KINDS.map((k) => el("span", {class: `key ${k}`}, word(`chart.${k}`)));
  const legend = el("p", {class: "chart-legend"}, el("span", {class: "key played"}, word("chart.played")), " ",
    el("span", {class: "key best"}, word("chart.best")), ` · ${word("chart.bars")} (`,
    kinds.flatMap((k, i) => (i ? [", ", k] : [k])), ")");
  return el("div", {class: "review-chart-box"}, chart, legend);
}
