//! The docstrings of `quinza._core`, written by scripts/make_stub.py from the
//! reference's (and scripts/core_types.pyi for the names it has no twin of): edit
//! those and run it again. `#[doc = docstring!(Game.play)]` is `Game.play`'s docstring.

#[rustfmt::skip]
macro_rules! docstring {
    (_core) => { r#"The compiled core of quinza: the Rust engine's classes and functions, which `quinza`
re-exports (import them from there).

`quinza.reference` is the same API in pure Python, the executable specification of
docs/rules.md."# };
    (Card) => { r#"One card of the baraja or of the quinte deck; immutable, hashable, ordered by deck
(baraja first), then id.

>>> Card("7o"), Card("10C").rank, Card("12b").id
(Card('7o'), 10, 39)
>>> Card("ah", deck="quinte"), Card("7c", deck="quinte").suit, Card("JK", deck="quinte").id
(Card('Ah'), 'c', 52)"# };
    (Card.parse) => { r#"The card written `text` in `deck`: baraja notation such as "7o" or "12b", quinte
notation such as "Ah" or "JK", in any case; anything else raises ValueError."# };
    (Card.from_id) => { r#"The card of `deck` whose `id` is `card_id` (0..39 in the baraja, 0..52 in quinte);
any other id raises ValueError."# };
    (Card.id) => { r#"A small integer unique within the deck: 10 * suit + rank index in the baraja (suits
o, c, e, b), 0..39; 13 * suit + rank index in quinte (suits s, c, d, h), 0..51, and 52
for the joker."# };
    (Card.deck) => { r#""baraja" or "quinte"."# };
    (Card.suit) => { r#"The suit letter; None for the joker."# };
    (Card.rank) => { r#"The printed number: 1..7, 10 (Sota), 11 (Caballo), 12 (Rey); in quinte 2..10,
11 (J), 12 (Q), 13 (K), 14 (A), and 0 for the joker."# };
    (Card.is_joker) => { r#"True for the joker of the quinte deck, False for every other card."# };
    (Card.to_svg) => { r#"The card drawn as SVG text (`quinza._view.card_svg`)."# };
    (Card._repr_svg_) => { r#"The card drawn as SVG text, for a notebook: `to_svg()`."# };
    (Move) => { r#"A move: (played card, captured set) of the fifteen family, a lay when the set is
empty; or a quinte card or bid. Immutable and hashable.

>>> Move.parse("6o x 5e 4c")
Move('6o x 4c 5e')
>>> Move("6o", ["4c", "5e"]) == Move.parse("6O X 4C 5E")
True
>>> Move.parse("Ah", deck="quinte"), Move("double", deck="quinte").card
(Move('Ah'), None)"# };
    (Move.parse) => { r#"The move written `text`. In the baraja: the card played, then 'x' and the captured
cards in any order ("6o x 4c 5e"), or the card alone for a lay ("6o"); with
deck="quinte": one card ("Ah") or one bid (pass, double, redouble). Any case; anything
else raises ValueError."# };
    (Move.card) => { r#"The card played; None for a quinte bid."# };
    (Move.captures) => { r#"The captured cards, sorted; empty for a lay and for every quinte move."# };
    (Move.bid) => { r#""pass", "double" or "redouble" for a quinte bid; None for a card."# };
    (Move.to_svg) => { r#"The move drawn as SVG text (`quinza._view.move_svg`): the card played and
the cards it captures; in quinte the card, or the bid word."# };
    (Move._repr_svg_) => { r#"The move drawn as SVG text, for a notebook: `to_svg()`."# };
    (Rules) => { r#"One rule set with its table settings; immutable, comparable, hashable.

>>> Rules("escoba", players=4)
Rules('escoba', players=4, target=21, escoba_on_last_card=False, opening_capture=True, setenta='prime')"# };
    (Rules.name) => { r#"The rule set: "quinza", "rb3ine", "escoba" or "quinte" (read in any case, kept in
lower case)."# };
    (Rules.players) => { r#"The number of players: 2 (the default), 3 or 4; quinte is played by 4 only."# };
    (Rules.target) => { r#"The score the match is played to: unless given, 151 in quinza and rb3ine, 21 in
escoba, 250 in quinte."# };
    (Rules.sides) => { r#"Partnerships at 4 players (seats 0+2 and 1+3); every player alone at 2 or 3."# };
    (Rules.options) => { r#"The options and their values, as a new dict in the rule set's order: escoba's
escoba_on_last_card, opening_capture and setenta; {} in the other rule sets."# };
    (Rules.deck) => { r#"The deck the rule set is played with: "baraja", or "quinte" for quinte."# };
    (Rules.capture_total) => { r#"15 or 40 in the fifteen family; None in quinte."# };
    (Rules.values) => { r#"Value toward the capture total, by rank index (None in quinte)."# };
    (Rules.escoba_on_last_card) => { r#"Escoba's option: whether clearing the table with a player's final card of the deal
scores an escoba (default False). AttributeError in a rule set without the option."# };
    (Rules.opening_capture) => { r#"Escoba's option: whether an opening table of 15 or 30 goes to the dealer with 1 or
2 escobas (default True). AttributeError in a rule set without the option."# };
    (Rules.setenta) => { r#"Escoba's option: how the setenta is won, "prime" (the default) or "sum".
AttributeError in a rule set without the option."# };
    (Rules.side_of) => { r#"Partners at 4 players (seat % 2); every player alone at 2 or 3."# };
    (Rules.to_dict) => { r#"The rules as a dict: name, players, target, then the options; `Rules.from_dict`
reads it back."# };
    (Rules.from_dict) => { r#"The rules a dict such as `to_dict` gives describes: `Rules(**data)`, with its
checks."# };
    (DealResult) => { r#"What one finished deal gave each side. `piles`: per side, every card the side ended
the deal with (leftovers included), sorted; `points`: per side, the deal's points,
`details` how they are made up."# };
    (DealResult.deal_number) => { r#"The deal's number in the match, 1 for the first."# };
    (DealResult.dealer) => { r#"The seat that dealt it."# };
    (DealResult.piles) => { r#"Per side, every card the side ended the deal with (leftovers included), sorted."# };
    (DealResult.points) => { r#"Per side, the points the deal added to the match."# };
    (DealResult.details) => { r#"Per side, a dict of how the points are made up: quinza and rb3ine "gold" and
"other"; escoba "cards", "oros", "seven_of_oros", "setenta" and "escobas"; quinte
"quints" and "tricks"."# };
    (DealResult.escobas) => { r#"Per side, the deal's escobas (always 0 outside escoba)."# };
    (DealResult.last_capturer) => { r#"The seat that made the deal's last capture (quinte: won its last trick), or None."# };
    (DealResult.to_dict) => { r#"The deal as a dict of plain values, the cards as text."# };
    (Event) => { r#"One thing that happened in a match (docs/reference/events.md "Events"). `kind` says what;
the other fields are None (`cards` empty) unless that kind carries them.

>>> Event("escoba", seat=1, side=1)
Event('escoba', seat=1, side=1)"# };
    (Event.kind) => { r#"What happened: "move", "escoba", "trick", "cachette", "last_cards",
"deal_scored", "dealt", "opening_capture" or "match_over"."# };
    (Event.seat) => { r#"The seat it happened to (who moved, swept, won, took), or None."# };
    (Event.side) => { r#"The side of that seat, or the winner of the match; None if no side."# };
    (Event.cards) => { r#"The cards it moved, as a tuple (empty if none)."# };
    (Event.points) => { r#"The quints a trick or the cachette scored, the escobas of an opening capture; else None."# };
    (Event.deal) => { r#"For "deal_scored": the DealResult of the deal, as `deals[-1]`; else None."# };
    (Event.move) => { r#"For "move": the Move played; else None."# };
    (Random) => { r#"SplitMix64: a 64-bit state, advanced by a constant and scrambled on each draw."# };
    (Random.state) => { r#"The current state: `Random(r.state)` continues exactly where `r` is."# };
    (Random.next_u64) => { r#"The next output of the generator (one SplitMix64 step), a whole number from 0 to
2**64-1."# };
    (Random.below) => { r#"A uniform integer in 0..n-1 (rejection sampling: no modulo bias)."# };
    (Random.shuffle) => { r#"Fisher-Yates from the back, in place, on any mutable sequence."# };
    (Game) => { r#"One whole match of any rule set: `Game(rules, seed)` is a `FifteenGame` for
quinza, rb3ine and escoba and a `QuinteGame` for quinte. `rules` is a Rules or a
rule-set name; with a name, the keywords of `Rules` come too:
`Game("escoba", 5, players=4, setenta="sum")` is
`Game(Rules("escoba", players=4, setenta="sum"), 5)` (beside a Rules object they are
refused). None for `seed` draws one.

>>> type(Game("escoba", seed=1)).__name__, type(Game("quinte", seed=1)).__name__
('FifteenGame', 'QuinteGame')"# };
    (Game.rules) => { r#"The Rules of the match."# };
    (Game.turn) => { r#"The seat to play, or None when the match is over."# };
    (Game.dealer) => { r#"The seat that dealt the deal in progress (once the match is over, the last deal)."# };
    (Game.deal_number) => { r#"The number of the deal in progress, 1 for the first deal of the match."# };
    (Game.hand) => { r#"The cards in the hand of `seat`, sorted; a seat outside 0..players-1 raises
ValueError."# };
    (Game.table) => { r#"The cards face up on the table, sorted (quinte: the cards of the trick in progress,
sorted; `trick` has them in play order)."# };
    (Game.stock) => { r#"How many cards are still to be dealt (quinte: the cards of the cachette not yet
taken: 5, or 0 once the winner of trick 12 has it)."# };
    (Game.pile) => { r#"The cards this side has captured in this deal, sorted (quinte: the cards of the
tricks it won, and the cachette once it has taken it)."# };
    (Game.side_of) => { r#"The side `seat` plays for: partners at 4 players (seat % 2), every player alone at
2 or 3; a seat outside 0..players-1 raises ValueError."# };
    (Game.scores) => { r#"The match totals per side."# };
    (Game.escobas) => { r#"Escobas per side in this deal (always 0 outside escoba)."# };
    (Game.last_capturer) => { r#"The seat that made the last capture in this deal, or None while no one has
(quinte: the seat that won the last trick, which leads the next)."# };
    (Game.is_over) => { r#"Whether the match is over (then `turn` is None)."# };
    (Game.winner) => { r#"The side that won, or None (the match goes on, or ended in a draw)."# };
    (Game.deals) => { r#"The finished deals of the match as DealResult, oldest first."# };
    (Game.legal_moves) => { r#"Every legal move once, in the documented order (docs/reference/game.md); none once the match
is over. Fifteen family: per hand card in id order, its capture groups ordered by the
number sum(1 << id) of the captured cards, or a lay if it captures nothing. Quinte:
bids in the order pass, double, redouble; cards in id order (the joker last)."# };
    (Game.count_legal_moves) => { r#"The number of legal moves, `len(legal_moves())`; the fifteen family counts its
capture groups without listing them."# };
    (Game.is_legal) => { r#"Whether `move` (a Move or its text) is legal now: False for anything that is no move."# };
    (Game.play) => { r#"Play one move (in quinte a bid or a card) for the seat whose turn it is; an illegal
move raises IllegalMoveError and changes nothing. A finished deal is scored and the
next one dealt inside this call. Returns what happened, in order: a tuple of Event
(docs/reference/events.md "Events"), the "move" first. `move` is a Move (the other twin's
too, read by its notation, as a bot of that twin returns it) or its text.

`seat`, when given, is the seat the move is played for (a server passes the seat
of the player who sent it): a seat that is not to act is refused before the move
is read, with IllegalMoveError ("it is seat 1's turn, not seat 0's"; "the match is
over"), and a seat that does not exist with ValueError."# };
    (Game.start_events) => { r#"What happened before the first move, as a tuple of Event: the first deal dealt,
and escoba's opening capture if there was one. Empty for a game from
`from_json` or `from_position`; kept by `copy` and pickling."# };
    (Game.copy) => { r#"An independent copy of the game: playing on one leaves the other as it was."# };
    (Game.to_json) => { r#"The game's state as compact JSON text, the same text from both backends, which
`Game.from_json` reads back exactly. It is a position (as a FEN is in chess): it
keeps no moves, not even those of the deal in progress, which the ismcts bot reads
(what a seat saw the others play), so a bot may choose otherwise in the game read
back; `record()` and `Game.from_record` keep them."# };
    (Game.from_json) => { r#"A game back from its `to_json` text, of the class of its rules' family;
`FifteenGame.from_json` and `QuinteGame.from_json` refuse a game of the other family.
The game begins at that position, with no moves before it (a bot sees none of the
deal in progress); `Game.from_record` replays a match, moves and all."# };
    (Game.from_position) => { r#"A position from explicit cards, of any rule set, read as its family's class reads it
(`FifteenGame.from_position`, `QuinteGame.from_position`); a parameter of the other
family is refused. In quinte `table` is the trick in progress, `stock` the cachette,
and `bids`, `quints` and `played` belong to it alone."# };
    (Game.observation) => { r#"What `seat` may know (docs/reference/game.md "observation(seat)"): its own hand, the sizes
of the others, never the stock order; in quinte also everything played, never the
cachette before it is taken (then it is in a pile). Its cost does not grow with the
match: the deal history is `deals`."# };
    (Game.view) => { r#"A picture of the game for one seat, or the open view (every hand) when `seat` is
None: a `View`, whose str is text, whose `to_svg()` draws it and whose `save(path)`
writes that picture. A seat's view reads only `observation(seat)`; a seat that does
not exist raises ValueError."# };
    (Game.world) => { r#"A world for `seat` (docs/reference/search.md "Worlds"): this game with every card the seat
cannot see (the other hands, the stock or the cachette) dealt again at random from
`seed` (None draws one), consistent with what it saw; a new game, this one unchanged.

Give a bot a world, not the game, and it holds no card its seat cannot see: the
hidden cards are taken in card-id order before they are dealt again, so the same
seat and seed give the same world whatever the hidden cards really were. The world
begins where it is made (its `history` and `start_events` are empty, `seed` is
None: nothing of the real deal can be undone or read back), and it keeps the round
in play that search bots fit their worlds to."# };
    (Game.to_svg) => { r#"The open view (every hand shown) drawn as SVG text: `view().to_svg()`
(`quinza._view.game_svg`)."# };
    (Game._repr_svg_) => { r#"The open view drawn as SVG text, for a notebook: `to_svg()`."# };
    (Game.seed) => { r#"The seed the match was dealt from: `Game(rules, seed)`'s, or the one drawn when it
was left out; for `from_position` its `seed` argument (where its generator starts);
None for a game from `from_json` (the JSON keeps the generator's state, not the
seed). Kept by `copy`, pickling and `undo`."# };
    (Game.history) => { r#"Every Event since the match began, as a tuple: `start_events` first (what happened
before the first move), then each move's events in order (what `play` returned). A
game from `from_json` or `from_position` begins there: its history holds what was
played since. `undo` takes the last move's events off; `copy` and pickling keep it."# };
    (Game.undo) => { r#"Take back the last move exactly, across the end of a deal or of the match too: the
game, its `history` and `to_json()` are as they were before it. Returns the Move
taken back. With no move to take back (a new match, a game just read from JSON or a
position) raises ValueError and changes nothing."# };
    (Game.start_json) => { r#"The game before the first move of its `history`, as JSON: what `to_json()` gave when
the game was made, and what `undo` goes back to in the end."# };
    (Game.record) => { r#"The match as a record (docs/reference/json.md "Match records"): headers (format version,
rules and every option, the seed or the start position, players, result, scores),
then every move, deal by deal; the same text from both backends. `players`: None,
or one name per seat (such as the bots' text); `date`: None, a text or a
`datetime.date`. `Game.from_record` replays it."# };
    (Game.from_record) => { r#"The game a match record describes (docs/reference/json.md "Match records"), replayed move
by move: the same `to_json()` and `history` as the game that wrote it. A bad record
raises ValueError naming its line ("line N: ...")."# };
    (Game.encode) => { r#"What `seat` may know as a numpy float32 vector (docs/reference/encodings.md "Encodings"): its
shape is fixed by the rule set and player count, each entry named by
`encode_names(rules)`. Written into `out` (a float32 array of that shape) when given."# };
    (Game.action_mask) => { r#"A numpy int8 array of `action_count` entries: 1 at the id of every legal move, else
0 (all 0 once the match is over). Written into `out` when given."# };
    (Game.action_of) => { r#"The action id of a legal move (a Move or its text); an illegal one is a ValueError."# };
    (Game.move_of) => { r#"The legal Move of an action id; an id out of range or masked off is a ValueError."# };
    (Game.action_count) => { r#"The number of action ids of the rule set: the size of `action_mask()`."# };
    (FifteenGame) => { r#"One whole match of quinza, rb3ine or escoba: what `Game(rules, seed)` builds for them.

>>> g = Game("quinza", seed=7)
>>> type(g).__name__, g.turn == (g.dealer + 1) % 2, len(g.hand(g.turn)), len(g.table), g.stock
('FifteenGame', True, 3, 4, 30)"# };
    (FifteenGame.from_position) => { r#"A position from explicit cards; the stock is dealt in the order given and later
deals are shuffled by the generator started at `seed`."# };
    (QuinteGame) => { r#"One whole match of quinte: what `Game("quinte", seed)` builds.

>>> g = Game("quinte", seed=1)
>>> g.phase, g.turn == (g.dealer + 1) % 4, [len(g.hand(s)) for s in range(4)], g.stock
('doubling', True, [12, 12, 12, 12], 5)
>>> [str(m) for m in g.legal_moves()]
['pass', 'double']"# };
    (QuinteGame.from_position) => { r#"A quinte position from explicit cards (docs/reference/game.md "Quinte: from_position").

`table` is the trick in progress in play order, `stock` the cachette, `piles` the cards
each side has won, `last_capturer` the seat that won the last trick (it leads the
current one), `bids` the bid words from the seat after the dealer, `quints` the quint
points each side scored this deal (already part of `scores`), `played` every card
played this deal in play order."# };
    (QuinteGame.phase) => { r#""doubling", "play", or "over" when the match is over."# };
    (QuinteGame.trick) => { r#"The trick in progress as (seat, card) in play order."# };
    (QuinteGame.leader) => { r#"The seat that leads (or led) the current trick; None when the match is over."# };
    (QuinteGame.trick_number) => { r#"The trick in progress or about to start, 1..12."# };
    (QuinteGame.tricks_won) => { r#"Tricks each side has won in this deal; the cachette counts as a thirteenth trick
once taken."# };
    (QuinteGame.quints) => { r#"Quint points each side scored in this deal (already in `scores`)."# };
    (QuinteGame.bids) => { r#"The bids so far as (seat, word), the first by the seat after the dealer."# };
    (QuinteGame.multiplier) => { r#"What a trick is worth in fives: 1, 2 when doubled, 4 when redoubled."# };
    (QuinteGame.doubled_by) => { r#"The side that doubled in this deal, or None."# };
    (QuinteGame.redoubled) => { r#"Whether the double was redoubled in this deal."# };
    (QuinteGame.played) => { r#"Every card played this deal, in play order."# };
    (RandomBot) => { r#"Uniform over the legal moves: `below(len(legal_moves))` from a generator of its own,
one draw a move (even when there is only one), picking in legal-move order."# };
    (RandomBot.seed) => { r#"The seed the bot started from."# };
    (RandomBot.state) => { r#"The generator's state now."# };
    (RandomBot.params) => { r#"The bot's parameters (all but the seed) by name, in the order of its signature."# };
    (GreedyBot) => { r#"The move worth most right away (its key: docs/reference/simulation.md "Bots",
`quinza.reference.bots.greedy_key`); of equal moves, the first in legal-move order.
It draws nothing: `seed` is only checked."# };
    (GreedyBot.params) => { r#"The bot's parameters (all but the seed) by name, in the order of its signature."# };
    (NetBot) => { r#"The net bot: the net rates every legal move of the seat to act from what that seat
may know, and the bot plays the first move of the greatest score. It draws nothing and
does not search (docs/reference/nets.md)."# };
    (NetBot.weights) => { r#"The path of the bot's .qzn file, or None: the net the package ships for the game's rules."# };
    (NetBot.params) => { r#"The bot's parameters (all but the seed) by name, in the order of its signature."# };
    (Net) => { r#"A net (docs/reference/nets.md): a small network that reads what the seat to act may
know and rates its position and each of its legal moves, in whole numbers, as both twins
compute them."# };
    (Net.load) => { r#"The net of a .qzn file, given by its path or as its bytes; a file that is not a net
is a ValueError that says what is wrong."# };
    (Net.for_rules) => { r#"The net the package ships for these rules (escoba, quinza and rb3ine with two
players, and quinte); a ValueError for other rules."# };
    (Net.header) => { r#"The file's header: the rules it was trained for, its sizes and shifts, how it was made."# };
    (Net.to_bytes) => { r#"The .qzn file, as read."# };
    (Net.fits) => { r#"Whether the net fits games of these rules: the same rule set and players, and the
observation's length, move features and encoding version it reads."# };
    (Net.evaluate) => { r#"The net's value of the position for the seat to act (its points of the deal over
the best other side's), and each legal move with its score, in legal-move order; a
match that is over, or a game the net does not fit, is a ValueError."# };
    (SearchBot) => { r#"What every search bot shares: its spec, its seed and its generator."# };
    (SearchBot.seed) => { r#"The seed the bot started from."# };
    (SearchBot.state) => { r#"The generator's state now."# };
    (SearchBot.time_limit) => { r#"Seconds a move may take (then as many worlds or iterations as fit, at least one), or None."# };
    (SearchBot.params) => { r#"The bot's parameters (all but the seed) by name, in the order of its signature."# };
    (SearchBot.analyse) => { r#"Every legal move with the bot's estimate of it (this deal's points of the side to
move minus the best of the others', on average), in the order the bot ranks them: pimc
by mean, best first; ismcts by visits, most first (a move never visited is worth NaN);
ties in legal-move order. The same search, and the same draws, as choosing a move: a
single legal move is not searched (NaN)."# };
    (PimcBot) => { r#"Perfect-information Monte Carlo: every legal move valued in `worlds` worlds (the
hidden cards dealt again from the bot's generator), the move of greatest total
played (ties in legal-move order); `analyse` gives each move's mean.

In a world a move is worth this deal's points of the side to move minus the best of
the other sides' (paranoid with three sides): the open-hand solver's exact value
when at most `exact` cards are still to be played (the hands, and the stock in the
fifteen family), else a minimax `depth` moves deep below the move whose positions
are worth a greedy playout (every seat the greedy move to the end of the deal).
With `time_limit` seconds, `worlds` is ignored: worlds are taken one after another
until the time is up (at least one; the clock is read between worlds). A single
legal move is played without searching and draws nothing.

>>> from quinza.reference import Game
>>> g = Game("escoba", seed=4)
>>> bot = PimcBot(worlds=2, depth=0, exact=0, seed=1)
>>> bot(g) in g.legal_moves(), len(bot.analyse(g)) == len(g.legal_moves())
(True, True)"# };
    (PimcBot.worlds) => { r#"How many worlds a move is searched in (without a time limit)."# };
    (PimcBot.depth) => { r#"Moves searched below each root move before a greedy playout."# };
    (PimcBot.exact) => { r#"At most this many cards left to play: each world is solved exactly."# };
    (IsmctsBot) => { r#"Single-observer ISMCTS: `iterations` walks of one tree of moves, each in a world
newly sampled from the bot's generator (the hidden cards dealt again); the root's
most visited move is played (ties in legal-move order), `analyse` gives each move's
mean value.

A node is chosen by `(sum / n) / scale + c * sqrt(ln(availability) / n)`, `scale`
the largest absolute value backed up so far in the search (at least 1); a value is
the deal's points of the side of the seat that made the move minus the best of the
other sides'. With `time_limit` seconds, `iterations` is ignored: iterations run
until the time is up (at least one; the clock is read between iterations). A single
legal move is played without searching and draws nothing. With `infer="greedy"` (the
default) a world is one in which the other seats' moves this round are greedy moves
(of up to 16 drawn, the first that fits; none: the first drawn); `"greedy_first"`
asks for the greedy bot's very moves; `"off"` takes any world (docs/reference/search.md
"Worlds fitted to the play"). With `opponents="fitted"` (the default) the tree plays
the other sides' greedy moves in the worlds that fit their play this round, as `infer`
tests it, and chooses their moves by UCB in the others, as it does the seat's own;
`"greedy"` plays their greedy moves in every world, `"search"` chooses by UCB in every
world (docs/reference/search.md "ismcts").

>>> from quinza.reference import Game
>>> g = Game("quinza", seed=2)
>>> bot = IsmctsBot(iterations=20, seed=3)
>>> bot(g) in g.legal_moves(), len(bot.analyse(g)) == len(g.legal_moves())
(True, True)"# };
    (IsmctsBot.iterations) => { r#"How many iterations a move is searched with (without a time limit)."# };
    (IsmctsBot.c) => { r#"The weight of the exploration term of UCB."# };
    (IsmctsBot.rollout) => { r#"How an iteration plays on to the end of the deal: 'greedy' (every seat the greedy
move) or 'random' (every seat a uniform legal move from the bot's generator)."# };
    (IsmctsBot.infer) => { r#"What the worlds assume of the other seats' play: 'greedy' (each world one in
which their moves this round are greedy moves, when one is found in a few tries),
'greedy_first' (the greedy bot's own moves, its tie-break too) or 'off' (any world
consistent with what the seat saw)."# };
    (IsmctsBot.opponents) => { r#"How the tree plays the seats of the other sides: 'search' (by UCB, as the seat's
own moves), 'greedy' (their greedy move in each world) or 'fitted' (greedy in the
worlds that fit their play this round, by UCB in the others)."# };
    (IsmctsBot.prior) => { r#"What guides the tree: "off" (UCB, and a greedy or random rollout to the end of the
deal), "net" (PUCT with the net's priors, and its value at the new leaf) or
"net_rollout" (PUCT with the net's priors, and the rollout from the new leaf)."# };
    (IsmctsBot.weights) => { r#"With a net's prior ("net" or "net_rollout"): the path of the net's .qzn file, or
None: the net the package ships for the game's rules."# };
    (_VectorCore) => { r#"N matches of one seat against core bots, stepped in Rust (`quinza.envs.VectorEnv`)."# };
    (_VectorCore.reset) => { r#"Start every env from `seed`; write observations and masks into the arrays."# };
    (_VectorCore.step) => { r#"One action per env (an int64 array); everything checked before any env moves."# };
    (_VectorCore.legal_actions) => { r#"The legal ids of every env as the last call left them (the ids its mask row has
set, in `legal_moves` order): env `i`'s are `ids[offsets[i]..offsets[i + 1]]`.
Writes the N + 1 offsets, and the ids when they fit in `ids`; returns their count
(more than `ids` holds: call again with a larger array)."# };
    (_VectorCore.game) => { r#"A copy of env `i`'s match."# };
    (_VectorCore._pin_blocks) => { r#"Every call shared with the workers in blocks of `envs` envs, whatever the times say
(None: as they say); for tests."# };
    (_VectorCore._blocks) => { r#"The blocks the last call was cut into (1: the calling thread alone); for tests."# };
    (encode_names) => { r#"The names of every entry of a seat's encoding under `rules` (a Rules or a rule set's
name), in order; `len(encode_names(rules))` is the length of `game.encode(seat)`.

>>> names = encode_names("escoba")
>>> len(names), names[0], names[-1]
(217, 'hand:1o', 'winner[+1]')"# };
    (action_count) => { r#"The number of action ids under `rules` (a Rules or a rule set's name): the size of
`game.action_mask()`.

>>> action_count("quinza"), action_count("rb3ine"), action_count("quinte")
(76364, 40960, 56)"# };
    (rule_sets) => { r#"The rules table, one dict per rule set, in the order quinza, rb3ine, escoba, quinte.

>>> [(r["name"], r["capture_total"], r["default_target"]) for r in rule_sets()][:2]
[('quinza', 15, 151), ('rb3ine', 40, 151)]"# };
    (bot) => { r#"A new bot by name, with its parameters: `bot("random", seed=7)` is a `RandomBot`,
`bot("greedy")` a `GreedyBot`, `bot("pimc", worlds=8)` a `PimcBot`,
`bot("ismcts", iterations=200)` an `IsmctsBot`, and a name given to `register_bot` is
the bot its factory makes. A level for people names a built-in bot and its budget:
`bot("easy")`, `"medium"`, `"hard"`, `"expert"` or `"master"` (parameters given beside it
change that budget). Names are read in any case ("Greedy" is "greedy"). An unknown
name, an unknown parameter (checked in the order given) or a bad value (checked in the
order of the bot's signature) raises ValueError."# };
    (match_seed) => { r#"The seed of match `index` of a simulation seeded `seed`: output number `index` (from
0) of `Random(seed)`, reached in one step (the state after `index` draws is
`seed + index * GAMMA` modulo 2**64, where GAMMA = 0x9E3779B97F4A7C15 is the
generator's increment; docs/reference/simulation.md "Seeding")."# };
    (seat_seed) => { r#"The seed of the bot at `seat` (0..3) in the match seeded `match_seed`: output number
`seat` of `Random(match_seed XOR BOT_STREAM)`, where BOT_STREAM = 0x6A09E667F3BCC909;
a stream apart from the match's own draws."# };
    (Solution) => { r#"The exact value of the deal in progress and of every legal move (`quinza.solve`)."# };
    (Solution.value) => { r#"Under best play by every side from here: this deal's points of the side to move
minus the best of the other sides' points."# };
    (Solution.moves) => { r#"Every legal move with its exact value for the side to move, as (Move, value)
pairs: best first, equal values in legal-move order. Solved with moves="best":
only the first of them."# };
    (Solution.nodes) => { r#"The positions the search visited (the reference counts its own way)."# };
    (solve) => { r#"The exact open-hand solution of the deal in progress, as a `Solution`
(docs/reference/search.md "The open-hand solver").

Every card is known (the hands, the stock in dealing order, the cachette).
`moves="all"` values every legal move; `moves="best"` gives only the first legal move
of the best value (the one "all" lists first), for less work. `threads`: how many
threads share the search (None: every core); the value and moves are the same on
any number, the nodes are not. A limit that is reached raises ValueError; Ctrl-C
raises KeyboardInterrupt. A game of the other twin is refused, with the way to
rebuild it as this twin's (`Game.from_json(game.to_json())`)."# };
    (_simulate_chunk) => { r#"Play matches `start .. start + count` with core bots (one name per seat) on `threads`
threads (0: every core), the GIL released. Returns the records as little-endian bytes:
(winner i8, scores i64, deals u32, moves u32, first_dealer u8, deal_points i32,
deal_dealer u8)."# };
}
