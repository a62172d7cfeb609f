//! One whole match of quinza, rb3ine or escoba (docs/rules.md "The fifteen family",
//! docs/reference/game.md "A match").

use super::captures::{Groups, SplitTable, SubsetSums, TableIndex, SPLIT_TABLE, SUBSET_CARDS};
use super::moves::Move;
use super::rules::{Rules, WinRule};
use super::scoring::{score_deal, DealResult};
use crate::cards::{Card, CardSet, DECK_SIZE, FULL_DECK};
use crate::events::{Event, EventCards, EventKind, Events, NoEvents};
use crate::pyrepr::list_text;
use crate::rng::SplitMix64;
use crate::Error;

pub const HAND_SIZE: usize = 3;
pub const OPENING_TABLE: usize = 4;
/// The most moves of one round: every seat plays its three cards.
pub const ROUND_MOVES: usize = 4 * HAND_SIZE;

/// The round in play as every seat saw it (docs/reference/search.md "Worlds"): the table when its
/// hands were dealt and each move since. Worlds read it to keep the deals in which the
/// other seats' moves fit greedy play; it is in no observation, encoding or JSON. Fixed
/// arrays: a world is a copy of the game, made every search iteration.
#[derive(Clone, Copy, Debug, Default)]
pub struct Round {
    pub table: CardSet,
    pub len: u8,
    pub seats: [u8; ROUND_MOVES],
    pub cards: [u8; ROUND_MOVES],
    pub captures: [u64; ROUND_MOVES],
}

impl Round {
    /// A round that starts (or, in a built position, is first seen) with `table`.
    pub fn new(table: CardSet) -> Round {
        Round {
            table,
            ..Round::default()
        }
    }

    #[inline]
    fn push(&mut self, seat: u8, mv: Move) {
        let i = self.len as usize;
        if i < ROUND_MOVES {
            self.seats[i] = seat;
            self.cards[i] = mv.card.id();
            self.captures[i] = mv.captures.0;
            self.len += 1;
        }
    }
}

/// The full state of a match. Hands, table and piles are bitsets; the stock keeps its
/// dealing order in `stock[stock_pos..stock_end]`.
#[derive(Clone, Debug)]
pub struct Game {
    pub(crate) rules: Rules,
    pub(crate) rng: SplitMix64,
    pub(crate) deal_number: u64,
    pub(crate) dealer: u8,
    pub(crate) turn: Option<u8>,
    pub(crate) hands: [CardSet; 4],
    pub(crate) table: CardSet,
    pub(crate) stock: [u8; DECK_SIZE],
    pub(crate) stock_pos: u8,
    pub(crate) stock_end: u8,
    pub(crate) piles: [CardSet; 3],
    pub(crate) escobas: [u64; 3],
    pub(crate) last_capturer: Option<u8>,
    pub(crate) scores: [u64; 3],
    pub(crate) winner: Option<u8>,
    pub(crate) deals: Vec<DealResult>,
    /// A search copy plays its deal in progress alone (`Searchable::search_copy`).
    pub(crate) one_deal: bool,
    pub(crate) round: Round,
}

/// A position from explicit cards (docs/reference/game.md "from_position"), already converted
/// from the caller's values; `turn` carries either the seat asked for or the message to
/// raise when its value was not a seat (checked in its place, after the hand sizes).
#[derive(Clone, Debug)]
pub struct Position {
    pub rules: Rules,
    pub hands: Vec<Vec<Card>>,
    pub table: Vec<Card>,
    pub stock: Vec<Card>,
    pub piles: Vec<Vec<Card>>,
    pub scores: Vec<u64>,
    pub escobas: Vec<u64>,
    pub dealer: u8,
    pub last_capturer: Option<u8>,
    pub deal_number: u64,
    pub seed: u64,
    pub turn: Result<Option<u8>, String>,
}

/// The steps of `Game::from_position`, in the order docs/reference/game.md gives them.
impl Position {
    /// One hand per seat, one pile, score and escoba count per side, seats in range.
    fn check_shape(&self) -> Result<(), String> {
        let n = self.rules.players;
        let sides = self.rules.sides() as usize;
        if self.hands.len() != n as usize
            || self.piles.len() != sides
            || self.scores.len() != sides
            || self.escobas.len() != sides
            || self.dealer >= n
            || self.last_capturer.is_some_and(|s| s >= n)
        {
            // The callers check these first with their own messages.
            return Err("the position does not fit the rules".to_string());
        }
        Ok(())
    }

    /// Escobas only where clearing the table scores one.
    fn check_escobas(&self) -> Result<(), String> {
        if !self.rules.scores_sweeps() && self.escobas.iter().any(|&e| e != 0) {
            return Err(format!(
                "{} scores no escobas, so escobas must be 0, not {}",
                self.rules.name(),
                list_text(&self.escobas)
            ));
        }
        Ok(())
    }

    /// Every card at most once, scanning hands, table, stock, piles; then all 40 placed.
    fn check_every_card_once(&self) -> Result<(), String> {
        let all = self
            .hands
            .iter()
            .flatten()
            .chain(&self.table)
            .chain(&self.stock);
        CardSet::each_once(all.chain(self.piles.iter().flatten()), FULL_DECK).map(|_| ())
    }

    /// The stock is dealt in whole rounds of 3 cards a seat.
    fn check_stock(&self) -> Result<(), String> {
        let round = HAND_SIZE * self.rules.players as usize;
        if !self.stock.len().is_multiple_of(round) {
            return Err(format!(
                "the stock holds {} cards; it is dealt in rounds of {round}",
                self.stock.len()
            ));
        }
        Ok(())
    }

    /// The seats in play order from the seat after the dealer.
    fn play_order(&self) -> Vec<u8> {
        let n = self.rules.players;
        (0..n).map(|i| (self.dealer + 1 + i) % n).collect()
    }

    /// The hands fit one round of play: some card to play, at most 3 a hand, the seats
    /// that already played one card fewer. Gives the seat to play.
    fn check_hand_sizes(&self) -> Result<u8, String> {
        let order = self.play_order();
        let sizes: Vec<usize> = order
            .iter()
            .map(|&s| self.hands[s as usize].len())
            .collect();
        let max = sizes.iter().copied().max().unwrap_or(0);
        if max == 0 {
            return Err("every hand is empty: there is no card to play".to_string());
        }
        if max > HAND_SIZE {
            return Err(format!("a hand holds at most {HAND_SIZE} cards, not {max}"));
        }
        // Seats that already played this round hold one card fewer than the rest.
        let k = sizes.iter().position(|&s| s == max).unwrap_or(0);
        if sizes[..k].iter().any(|&s| s != max - 1) || sizes[k..].iter().any(|&s| s != max) {
            return Err(format!(
                "the hand sizes do not fit a round of play: in play order from the seat after the dealer they are {}",
                list_text(&sizes)
            ));
        }
        Ok(order[k])
    }

    /// A given turn must be the seat the hand sizes give (a value that was no seat is
    /// refused here, in its place).
    fn check_turn(&self, to_play: u8) -> Result<(), String> {
        match &self.turn {
            Err(message) => Err(message.clone()),
            Ok(Some(t)) if *t != to_play => Err(format!(
                "turn {t} does not fit the hand sizes: seat {to_play} is to play"
            )),
            _ => Ok(()),
        }
    }

    /// The game of a checked position, `to_play` to play.
    fn place(self, to_play: u8) -> Game {
        let sides = self.rules.sides() as usize;
        let mut g = Game::blank(self.rules, SplitMix64::new(self.seed));
        g.dealer = self.dealer;
        g.deal_number = self.deal_number;
        g.turn = Some(to_play);
        for (s, h) in self.hands.iter().enumerate() {
            g.hands[s] = CardSet::from_cards(h.iter().copied());
        }
        g.table = CardSet::from_cards(self.table.iter().copied());
        for (i, c) in self.stock.iter().enumerate() {
            g.stock[i] = c.id();
        }
        g.stock_pos = 0;
        g.stock_end = self.stock.len() as u8;
        for s in 0..sides {
            g.piles[s] = CardSet::from_cards(self.piles[s].iter().copied());
            g.scores[s] = self.scores[s];
            g.escobas[s] = self.escobas[s];
        }
        g.last_capturer = self.last_capturer;
        // The moves before are not known: the round is seen from here.
        g.round = Round::new(g.table);
        g
    }

    /// An empty position of a rule set: no cards anywhere, dealer 0, deal 1, seed 0.
    pub fn new(rules: Rules) -> Position {
        let sides = rules.sides() as usize;
        Position {
            rules,
            hands: vec![vec![]; rules.players as usize],
            table: vec![],
            stock: vec![],
            piles: vec![vec![]; sides],
            scores: vec![0; sides],
            escobas: vec![0; sides],
            dealer: 0,
            last_capturer: None,
            deal_number: 1,
            seed: 0,
            turn: Ok(None),
        }
    }
}

impl Game {
    /// A new match: the generator starts at `seed`, the first dealer is `below(players)`,
    /// and the first deal is dealt.
    pub fn new(rules: Rules, seed: u64) -> Game {
        Game::new_recording(rules, seed, &mut NoEvents)
    }

    /// `new`, telling `events` what happened before the first move (the deal, escoba's
    /// opening capture).
    pub fn new_recording(rules: Rules, seed: u64, events: &mut impl Events) -> Game {
        let mut g = Game::blank(rules, SplitMix64::new(seed));
        g.dealer = g.rng.below(rules.players as u64) as u8;
        g.deal_number = 1;
        g.start_deal(events);
        g
    }

    fn blank(rules: Rules, rng: SplitMix64) -> Game {
        Game {
            rules,
            rng,
            deal_number: 1,
            dealer: 0,
            turn: None,
            hands: [CardSet::EMPTY; 4],
            table: CardSet::EMPTY,
            stock: [0; DECK_SIZE],
            stock_pos: 0,
            stock_end: 0,
            piles: [CardSet::EMPTY; 3],
            escobas: [0; 3],
            last_capturer: None,
            scores: [0; 3],
            winner: None,
            deals: Vec::new(),
            one_deal: false,
            round: Round::default(),
        }
    }

    // -- read-only state -------------------------------------------------------------

    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    pub fn rng_state(&self) -> u64 {
        self.rng.state
    }
    pub fn turn(&self) -> Option<u8> {
        self.turn
    }
    pub fn dealer(&self) -> u8 {
        self.dealer
    }
    pub fn deal_number(&self) -> u64 {
        self.deal_number
    }
    /// The hand of a seat; an empty set for a seat that does not exist.
    pub fn hand(&self, seat: u8) -> CardSet {
        self.hands.get(seat as usize).copied().unwrap_or_default()
    }
    pub fn table(&self) -> CardSet {
        self.table
    }
    /// The stock in dealing order, front first.
    pub fn stock(&self) -> Vec<Card> {
        self.stock_slice()
            .iter()
            .filter_map(|&id| Card::from_id(id))
            .collect()
    }
    fn stock_slice(&self) -> &[u8] {
        &self.stock[self.stock_pos as usize..self.stock_end as usize]
    }
    pub fn stock_len(&self) -> usize {
        (self.stock_end - self.stock_pos) as usize
    }
    /// The pile of a side; an empty set for a side that does not exist.
    pub fn pile(&self, side: u8) -> CardSet {
        self.piles.get(side as usize).copied().unwrap_or_default()
    }
    pub fn side_of(&self, seat: u8) -> u8 {
        self.rules.side_of(seat)
    }
    pub fn scores(&self) -> &[u64] {
        &self.scores[..self.rules.sides() as usize]
    }
    pub fn escobas(&self) -> &[u64] {
        &self.escobas[..self.rules.sides() as usize]
    }
    pub fn last_capturer(&self) -> Option<u8> {
        self.last_capturer
    }
    pub fn winner(&self) -> Option<u8> {
        self.winner
    }
    pub fn deals(&self) -> &[DealResult] {
        &self.deals
    }

    #[inline]
    fn value(&self, c: Card) -> u8 {
        self.rules.values_by_id()[c.id() as usize]
    }

    // -- legal moves -------------------------------------------------------------------

    /// Appends every legal move to `out` in the documented order: per hand card in id
    /// order, its capture groups by ascending mask, or one lay if it captures nothing.
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        self.for_each_legal_move(|mv| out.push(mv))
    }

    /// Calls `each` with every legal move, in the order of `legal_moves_into`, without
    /// listing them.
    #[inline]
    pub fn for_each_legal_move(&self, mut each: impl FnMut(Move)) {
        let n = self.table.len();
        if n <= SUBSET_CARDS {
            self.legal_moves_with::<SubsetSums>(&mut each)
        } else if n <= SPLIT_TABLE {
            self.legal_moves_with::<SplitTable>(&mut each)
        } else {
            self.legal_moves_with::<TableIndex>(&mut each)
        }
    }

    /// `for_each_legal_move` with the table prepared as `I` (chosen for the table's size).
    #[inline]
    fn legal_moves_with<I: Groups>(&self, each: &mut impl FnMut(Move)) {
        let Some(seat) = self.turn else { return };
        let values = self.rules.values_by_id();
        let index = I::index(self.table, values);
        let total = self.rules.capture_total();
        for card in self.hands[seat as usize].iter() {
            let mut captures = false;
            index.for_each_group(total - values[card.id() as usize], |mask| {
                captures = true;
                each(Move::capture(card, CardSet(mask)))
            });
            if !captures {
                each(Move::lay(card));
            }
        }
    }

    /// The move a random player makes: `rng.below(count)` picks among the legal moves in
    /// their documented order (one draw, even for a single move), as if they were listed
    /// into `buf`. On a small table the moves are counted, not listed: only the one
    /// picked is built.
    #[inline]
    pub fn random_move(&self, rng: &mut SplitMix64, buf: &mut Vec<Move>) -> Option<Move> {
        let listed = |buf: &mut Vec<Move>, rng: &mut SplitMix64| {
            buf.clear();
            self.legal_moves_into(buf);
            rng.pick(buf)
        };
        let hand = self.hands[self.turn? as usize];
        let values = self.rules.values_by_id();
        let sums = SubsetSums::new(self.table, values);
        if !sums.fits() {
            return listed(buf, rng);
        }
        let total = self.rules.capture_total();
        let mut hits = [0u64; HAND_SIZE];
        let mut counts = [0u64; HAND_SIZE];
        let mut count = 0;
        for (k, card) in hand.iter().enumerate() {
            if k == HAND_SIZE {
                return listed(buf, rng); // never in play: from_position checks the hands
            }
            hits[k] = sums.hits(total - values[card.id() as usize]);
            counts[k] = hits[k].count_ones().max(1) as u64; // no group: one move, a lay
            count += counts[k];
        }
        let mut pick = rng.below(count);
        for (k, card) in hand.iter().enumerate() {
            let moves = counts[k];
            if pick < moves {
                if hits[k] == 0 {
                    return Some(Move::lay(card));
                }
                let mut rest = hits[k];
                for _ in 0..pick {
                    rest &= rest - 1;
                }
                let group = sums.mask(rest.trailing_zeros() as u64);
                return Some(Move::capture(card, CardSet(group)));
            }
            pick -= moves;
        }
        None
    }

    /// The number of legal moves, by subset-sum counting (never lists the groups).
    pub fn count_legal_moves(&self) -> u64 {
        let Some(seat) = self.turn else { return 0 };
        let index = TableIndex::by_id(self.table, self.rules.values_by_id());
        let total = self.rules.capture_total();
        let hand = self.hands[seat as usize];
        // Counting is only needed up to the largest total a hand card needs, and only
        // when some card can capture at all.
        let mut limit = 0;
        for card in hand.iter() {
            let need = total - self.value(card);
            if index.can_make(need) {
                limit = limit.max(need as usize);
            }
        }
        if limit == 0 {
            return hand.len() as u64;
        }
        let counts = index.group_counts(limit);
        hand.iter()
            .map(|card| counts[(total - self.value(card)) as usize].max(1))
            .sum()
    }

    /// Why a move is illegal, or None when it is legal (the checks of docs/reference/game.md in
    /// order: match over, card in hand, captures on the table, their sum, forced capture).
    pub fn illegal_reason(&self, mv: &Move) -> Option<String> {
        let Some(seat) = self.turn else {
            return Some("the match is over".to_string());
        };
        if !self.hands[seat as usize].contains(mv.card) {
            return Some(format!("{} is not in the hand of seat {seat}", mv.card));
        }
        if let Some(c) = mv.captures.minus(self.table).first() {
            return Some(format!("{c} is not on the table"));
        }
        let total = self.rules.capture_total() as u32;
        if !mv.captures.is_empty() {
            let sum = self.value(mv.card) as u32 + mv.captures.value_sum(self.rules.values());
            if sum != total {
                return Some(format!("{mv}: the cards make {sum}, not {total}"));
            }
        } else {
            let index = TableIndex::by_id(self.table, self.rules.values_by_id());
            if index.can_make(self.rules.capture_total() - self.value(mv.card)) {
                return Some(format!("{} can capture, so it must capture", mv.card));
            }
        }
        None
    }

    /// Play a move known to be legal (from `legal_moves_into`). Finishes the deal and
    /// deals the next round or deal when the hands run out.
    #[inline]
    pub fn apply(&mut self, mv: Move) {
        self.apply_recording(mv, &mut NoEvents)
    }

    /// `apply`, telling `events` what happened, in order (docs/reference/events.md "Events").
    #[inline]
    pub fn apply_recording(&mut self, mv: Move, events: &mut impl Events) {
        let Some(seat) = self.turn else { return };
        let n = self.rules.players;
        let side = self.rules.side_of(seat) as usize;
        let s = seat as usize;
        events.push(
            Event::new(EventKind::Move)
                .by(Some(seat), Some(side as u8))
                .cards(EventCards::Set(mv.captures.0)),
        );
        self.hands[s].remove(mv.card);
        // Lay or capture without a branch on which (random play mispredicts it): the
        // played card goes to the table on a lay, to the pile with the captures else.
        let capture = !mv.captures.is_empty();
        let to_pile = 0u64.wrapping_sub(capture as u64) & mv.card.bit();
        self.table = CardSet((self.table.0 & !mv.captures.0) | (mv.card.bit() ^ to_pile));
        self.piles[side].0 |= mv.captures.0 | to_pile;
        self.last_capturer = if capture {
            Some(seat)
        } else {
            self.last_capturer
        };
        if capture && self.table.is_empty() && self.clear_scores_escoba(self.hands[s]) {
            self.escobas[side] = self.escobas[side].saturating_add(1);
            events.push(Event::new(EventKind::Escoba).by(Some(seat), Some(side as u8)));
        }
        self.round.push(seat, mv);
        self.turn = Some(if seat + 1 == n { 0 } else { seat + 1 });
        let in_hands = self.hands.iter().fold(0, |all, h| all | h.0);
        if in_hands == 0 {
            if self.stock_pos < self.stock_end {
                self.deal_round();
                events.push(Event::new(EventKind::Dealt)); // a refill: no seat
            } else {
                self.end_deal(events);
            }
        }
    }

    /// Whether a capture that clears the table scores an escoba, the player left holding
    /// `hand_after`: in a rule set that scores sweeps, but not with the player's final card
    /// of the deal (hand and stock empty) unless `escoba_on_last_card`.
    #[inline]
    pub fn clear_scores_escoba(&self, hand_after: CardSet) -> bool {
        let last_card = hand_after.is_empty() && self.stock_pos == self.stock_end;
        self.rules.scores_sweeps() && (self.rules.escoba_on_last_card || !last_card)
    }

    // -- dealing -------------------------------------------------------------------------

    /// Seats in dealing and playing order: dealer+1, ..., dealer.
    #[inline]
    fn seat_after(&self, i: u8) -> usize {
        ((self.dealer + 1 + i) % self.rules.players) as usize
    }

    /// Shuffle the deck in id order with the match's generator and deal from the front.
    fn start_deal(&mut self, events: &mut impl Events) {
        let mut deck = [0u8; DECK_SIZE];
        for (i, d) in deck.iter_mut().enumerate() {
            *d = i as u8;
        }
        self.rng.shuffle(&mut deck);
        let n = self.rules.players;
        self.hands = [CardSet::EMPTY; 4];
        let mut pos = 0;
        for i in 0..n {
            let seat = self.seat_after(i);
            for _ in 0..HAND_SIZE {
                self.hands[seat].0 |= 1u64 << deck[pos];
                pos += 1;
            }
        }
        self.table = CardSet::EMPTY;
        for _ in 0..OPENING_TABLE {
            self.table.0 |= 1u64 << deck[pos];
            pos += 1;
        }
        self.stock = deck;
        self.stock_pos = pos as u8;
        self.stock_end = DECK_SIZE as u8;
        self.piles = [CardSet::EMPTY; 3];
        self.escobas = [0; 3];
        self.last_capturer = None;
        self.turn = Some(self.seat_after(0) as u8);
        events.push(Event::new(EventKind::Dealt).by(Some(self.dealer), None));
        if self.rules.opening_capture_applies() {
            self.opening_capture(events);
        }
        self.round = Round::new(self.table);
    }

    /// Escoba: an opening table of 15 or 30 (the capture total or twice it) goes to the
    /// dealer with 1 or 2 escobas.
    fn opening_capture(&mut self, events: &mut impl Events) {
        let total = self.table.value_sum(self.rules.values());
        let capture = self.rules.capture_total() as u32;
        if total == capture || total == 2 * capture {
            let side = self.rules.side_of(self.dealer) as usize;
            let escobas = (total / capture) as u64;
            events.push(
                Event::new(EventKind::OpeningCapture)
                    .by(Some(self.dealer), Some(side as u8))
                    .cards(EventCards::Set(self.table.0))
                    .points(escobas),
            );
            self.piles[side] = self.piles[side].union(self.table);
            self.table = CardSet::EMPTY;
            self.escobas[side] = self.escobas[side].saturating_add(escobas);
        }
    }

    /// Three more cards to each seat from the front of the stock.
    fn deal_round(&mut self) {
        for i in 0..self.rules.players {
            let seat = self.seat_after(i);
            for _ in 0..HAND_SIZE {
                let id = self.stock[self.stock_pos as usize];
                self.hands[seat].0 |= 1u64 << id;
                self.stock_pos += 1;
            }
        }
        self.round = Round::new(self.table);
    }

    /// Leftovers to the last capturer, score, record, check the match, deal again.
    fn end_deal(&mut self, events: &mut impl Events) {
        if !self.table.is_empty() {
            let side = self.last_capturer.map(|lc| self.rules.side_of(lc));
            events.push(
                Event::new(EventKind::LastCards)
                    .by(self.last_capturer, side)
                    .cards(EventCards::Set(self.table.0)),
            );
        }
        if let Some(lc) = self.last_capturer {
            let side = self.rules.side_of(lc) as usize;
            self.piles[side] = self.piles[side].union(self.table);
            self.table = CardSet::EMPTY;
        }
        let (points, details) = score_deal(&self.rules, &self.piles, &self.escobas);
        self.deals.push(DealResult {
            deal_number: self.deal_number,
            dealer: self.dealer,
            sides: self.rules.sides(),
            piles: self.piles,
            points,
            details,
            escobas: self.escobas,
            last_capturer: self.last_capturer,
        });
        for (score, p) in self.scores.iter_mut().zip(points) {
            *score = score.saturating_add(p);
        }
        events.push(Event::new(EventKind::DealScored));
        if let Some(winner) = self.match_result() {
            self.winner = winner;
            self.turn = None;
            events.push(Event::new(EventKind::MatchOver).by(None, winner));
        } else if self.one_deal {
            self.turn = None;
        } else {
            self.dealer = (self.dealer + 1) % self.rules.players;
            // The top of the range: counters saturate (docs/reference/game.md).
            self.deal_number = self.deal_number.saturating_add(1);
            self.start_deal(events);
        }
    }

    /// None while the match goes on; Some(winner) when it is over (Some(None): a draw).
    pub(crate) fn match_result(&self) -> Option<Option<u8>> {
        let scores = self.scores();
        let target = self.rules.target;
        match self.rules.row().win {
            WinRule::TargetAndLeadOf2 => {
                for (side, &score) in scores.iter().enumerate() {
                    let lead = scores
                        .iter()
                        .enumerate()
                        .all(|(o, &s)| o == side || score >= s.saturating_add(2));
                    if score >= target && lead {
                        return Some(Some(side as u8));
                    }
                }
                None
            }
            WinRule::HighestAtTarget => {
                let best = scores.iter().copied().filter(|&s| s >= target).max()?;
                let mut leaders = scores.iter().enumerate().filter(|&(_, &s)| s == best);
                let first = leaders.next().map(|(i, _)| i as u8);
                if leaders.next().is_some() {
                    Some(None)
                } else {
                    Some(first)
                }
            }
        }
    }

    // -- positions -----------------------------------------------------------------------

    /// A position from explicit cards, with every check of docs/reference/game.md "from_position"
    /// (in the reference's order; the conversions of the caller's values come before),
    /// one function per step.
    pub fn from_position(p: Position) -> Result<Game, Error> {
        p.check_shape()?;
        p.check_escobas()?;
        p.check_every_card_once()?;
        p.check_stock()?;
        let to_play = p.check_hand_sizes()?;
        p.check_turn(to_play)?;
        let g = p.place(to_play);
        g.check_scores_go_on()?;
        Ok(g)
    }

    /// Last step: the scores must not already end the match.
    fn check_scores_go_on(&self) -> Result<(), String> {
        if self.match_result().is_some() {
            return Err(format!(
                "the scores {} already end the match",
                list_text(self.scores())
            ));
        }
        Ok(())
    }

    /// A finished match read back from JSON: nothing left to play.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn finished(
        rules: Rules,
        rng: u64,
        deal_number: u64,
        dealer: u8,
        table: CardSet,
        piles: [CardSet; 3],
        escobas: [u64; 3],
        last_capturer: Option<u8>,
        scores: [u64; 3],
        deals: Vec<DealResult>,
    ) -> Game {
        let mut g = Game::blank(rules, SplitMix64::new(rng));
        g.deal_number = deal_number;
        g.dealer = dealer;
        g.table = table;
        g.piles = piles;
        g.escobas = escobas;
        g.last_capturer = last_capturer;
        g.scores = scores;
        g.deals = deals;
        g.turn = None;
        g.winner = g.match_result().flatten();
        g
    }

    /// `Searchable::search_copy`: this game without the records of the finished deals, to
    /// play its deal in progress alone (`one_deal`; every other field copied: they are
    /// all `Copy`).
    pub fn search_copy(&self) -> Game {
        Game {
            deals: Vec::new(),
            one_deal: true,
            ..*self
        }
    }

    /// `Searchable::deal_key`: the hands, table, piles and escobas, the last capturer, the
    /// seat to act and how far the stock is dealt. The deal's points read only piles and
    /// escobas (docs/rules.md, scoring), never the match totals, so those are left out.
    pub fn deal_key(&self) -> u64 {
        use crate::state::mix_key;
        let mut h = mix_key(0, self.table.0);
        for hand in &self.hands[..self.rules.players as usize] {
            h = mix_key(h, hand.0);
        }
        for side in 0..self.rules.sides() as usize {
            h = mix_key(h, self.piles[side].0);
            h = mix_key(h, self.escobas[side]);
        }
        let small = self.turn.map_or(0xff, |t| t as u64)
            | (self.last_capturer.map_or(0xff, |s| s as u64) << 8)
            | ((self.stock_pos as u64) << 16)
            | ((self.stock_end as u64) << 24);
        mix_key(h, small)
    }

    /// The text drawing of `str(game)`.
    pub fn describe(&self) -> String {
        let name = self.rules.name();
        let status = match self.turn {
            None => crate::state::match_over_text(self.winner),
            Some(t) => format!("seat {t} to play"),
        };
        let cards = |s: CardSet| {
            if s.is_empty() {
                "-".to_string()
            } else {
                s.to_string()
            }
        };
        let mut lines = vec![
            format!(
                "{name} deal {}, dealer seat {}, {status}",
                self.deal_number, self.dealer
            ),
            format!("table: {}", cards(self.table)),
        ];
        for seat in 0..self.rules.players as usize {
            lines.push(format!("seat {seat}: {}", cards(self.hands[seat])));
        }
        lines.push(format!(
            "stock: {}  scores: {}",
            self.stock_len(),
            list_text(self.scores())
        ));
        lines.join("\n")
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::fifteen::rules::Scoring;
    use crate::fifteen::scoring::Details;
    use crate::state::State;

    pub fn cards(text: &[&str]) -> Vec<Card> {
        text.iter().map(|t| Card::parse(t).unwrap()).collect()
    }

    pub fn set(text: &[&str]) -> CardSet {
        CardSet::from_cards(cards(text))
    }

    /// A position where every card not named goes to the pile of side `rest_to`.
    pub fn position(
        rules: Rules,
        hands: &[&[&str]],
        table: &[&str],
        stock: &[&str],
        dealer: u8,
        rest_to: usize,
        edit: impl FnOnce(&mut Position),
    ) -> Result<Game, String> {
        let mut p = Position::new(rules);
        p.hands = hands.iter().map(|h| cards(h)).collect();
        p.table = cards(table);
        p.stock = cards(stock);
        p.dealer = dealer;
        edit(&mut p);
        let named: CardSet = CardSet::from_cards(
            p.hands
                .iter()
                .flatten()
                .chain(&p.table)
                .chain(&p.stock)
                .chain(p.piles.iter().flatten())
                .copied(),
        );
        let rest: Vec<Card> = FULL_DECK.minus(named).iter().collect();
        p.piles[rest_to].extend(rest);
        Game::from_position(p).map_err(|e| e.to_string())
    }

    fn quinza() -> Rules {
        Rules::new("quinza", None, None).unwrap()
    }
    fn escoba() -> Rules {
        Rules::new("escoba", None, None).unwrap()
    }

    fn texts(moves: &[Move]) -> Vec<String> {
        moves.iter().map(|m| m.to_string()).collect()
    }

    fn play(g: &mut Game, text: &str) -> Result<(), Error> {
        g.play(&Move::parse(text).unwrap())
    }

    #[test]
    fn dealing_order_decision_3_each_from_the_seat_after_the_dealer_then_4_to_the_table() {
        // "Seats, sides, dealing" (decision) and docs/reference/game.md "A match" steps 1-3.
        for seed in [0u64, 1, 99] {
            let rules = Rules::new("rb3ine", Some(3), None).unwrap();
            let g = Game::new(rules, seed);
            let mut r = SplitMix64::new(seed);
            let dealer = r.below(3) as u8;
            let mut deck: Vec<u8> = (0..40).collect();
            r.shuffle(&mut deck);
            assert_eq!(g.dealer, dealer);
            for i in 0..3u8 {
                let seat = (dealer + 1 + i) % 3;
                let want = CardSet(
                    deck[3 * i as usize..3 * i as usize + 3]
                        .iter()
                        .fold(0, |m, &c| m | 1 << c),
                );
                assert_eq!(g.hand(seat), want);
            }
            assert_eq!(
                g.table,
                CardSet(deck[9..13].iter().fold(0, |m, &c| m | 1 << c))
            );
            assert_eq!(
                g.stock().iter().map(|c| c.id()).collect::<Vec<_>>(),
                deck[13..].to_vec()
            );
            assert_eq!(g.turn, Some((dealer + 1) % 3));
        }
    }

    #[test]
    fn rounds_of_three_with_none_to_the_table_6_4_3_rounds() {
        // "The 36 cards after the table make exactly 6 / 4 / 3 rounds of hands."
        for (players, rounds) in [(2u8, 6), (3, 4), (4, 3)] {
            let rules = Rules::new("quinza", Some(players as i64), None).unwrap();
            let mut g = Game::new(rules, 11);
            let mut dealt = 1;
            while g.deal_number == 1 {
                let before = g.stock_len();
                let table = g.table.len();
                let mv = g.legal_moves()[0];
                g.play(&mv).unwrap();
                if g.deal_number == 1 && g.stock_len() != before {
                    dealt += 1;
                    assert_eq!(before - g.stock_len(), 3 * players as usize);
                    assert!((0..players).all(|s| g.hand(s).len() == 3));
                    assert!(g.table.len() <= table + 1);
                }
            }
            assert_eq!(dealt, rounds);
        }
    }

    #[test]
    fn a_turn_capture_sums_to_15_with_the_played_card() {
        // Seed example: a 6 on 4, 5 and Rey takes the 4 and the 5; the Rey stays.
        let mut g = position(
            quinza(),
            &[&["6o", "1b"], &["2b", "3b"]],
            &["4c", "5e", "12b"],
            &[],
            1,
            0,
            |_| {},
        )
        .unwrap();
        assert_eq!(texts(&g.legal_moves()), ["6o x 4c 5e", "1b"]);
        play(&mut g, "6o x 4c 5e").unwrap();
        assert_eq!(g.table, set(&["12b"]));
        assert!(g.pile(0).is_subset(FULL_DECK) && set(&["6o", "4c", "5e"]).is_subset(g.pile(0)));
        assert_eq!((g.last_capturer, g.turn), (Some(0), Some(1)));
    }

    #[test]
    fn rb3ine_captures_on_40() {
        let rb = Rules::new("rb3ine", None, None).unwrap();
        let g = position(
            rb,
            &[&["12o"], &["2b"]],
            &["11c", "10e", "7b", "6b"],
            &[],
            1,
            0,
            |_| {},
        )
        .unwrap();
        assert_eq!(texts(&g.legal_moves()), ["12o x 11c 10e 7b"]);
        let g = position(
            quinza(),
            &[&["12o"], &["2b"]],
            &["11c", "10e", "7b", "6b"],
            &[],
            1,
            0,
            |_| {},
        )
        .unwrap();
        assert_eq!(texts(&g.legal_moves()), ["12o"]);
    }

    #[test]
    fn several_groups_the_player_chooses_exactly_one_ordered_by_mask() {
        // Seed example: a 6 on 2, 3, 4 and 5 can take 4+5 or 2+3+4; by mask, 2c 3c 4c
        // (ids 11..13) come before 4c 5c (ids 13, 14).
        let mut g = position(
            quinza(),
            &[&["6o"], &["1b"]],
            &["2c", "3c", "4c", "5c"],
            &[],
            1,
            0,
            |_| {},
        )
        .unwrap();
        assert_eq!(texts(&g.legal_moves()), ["6o x 2c 3c 4c", "6o x 4c 5c"]);
        assert_eq!(g.count_legal_moves(), 2);
        let e = play(&mut g, "6o x 2c 3c 4c 5c").unwrap_err();
        assert_eq!(
            e,
            Error::Illegal("6o x 2c 3c 4c 5c: the cards make 20, not 15".into())
        );
    }

    #[test]
    fn forced_capture_is_per_card() {
        // "a card that can capture must capture; but the player may instead play another card"
        let mut g = position(
            quinza(),
            &[&["6o", "1b"], &["2b", "3b"]],
            &["4c", "5e"],
            &[],
            1,
            0,
            |_| {},
        )
        .unwrap();
        let before = g.clone();
        assert_eq!(
            play(&mut g, "6o").unwrap_err(),
            Error::Illegal("6o can capture, so it must capture".into())
        );
        assert_eq!(
            crate::fifteen::json::to_json(&g),
            crate::fifteen::json::to_json(&before)
        );
        play(&mut g, "1b").unwrap();
        assert_eq!(g.table, set(&["1b", "4c", "5e"]));
    }

    #[test]
    fn sums_only_a_5_does_not_take_a_5() {
        let mut g = position(quinza(), &[&["5o"], &["1b"]], &["5c"], &[], 1, 0, |_| {}).unwrap();
        assert_eq!(texts(&g.legal_moves()), ["5o"]);
        assert_eq!(
            play(&mut g, "5o x 5c").unwrap_err(),
            Error::Illegal("5o x 5c: the cards make 10, not 15".into())
        );
    }

    #[test]
    fn equal_values_of_different_suits_are_different_moves() {
        let g = position(
            quinza(),
            &[&["11o"], &["1b"]],
            &["4c", "4e"],
            &[],
            1,
            0,
            |_| {},
        )
        .unwrap();
        assert_eq!(texts(&g.legal_moves()), ["11o x 4c", "11o x 4e"]);
        assert_eq!(g.count_legal_moves(), 2);
    }

    #[test]
    fn illegal_moves_say_why_in_order() {
        let g = position(
            quinza(),
            &[&["6o", "1b"], &["2b", "3b"]],
            &["4c", "5e"],
            &[],
            1,
            0,
            |_| {},
        )
        .unwrap();
        for (mv, msg) in [
            ("2b", "2b is not in the hand of seat 0"),
            ("6o x 4c 5c", "5c is not on the table"),
            ("6o x 4c", "6o x 4c: the cards make 10, not 15"),
            ("1b x 4c", "1b x 4c: the cards make 5, not 15"),
        ] {
            assert_eq!(
                g.illegal_reason(&Move::parse(mv).unwrap()).as_deref(),
                Some(msg)
            );
        }
    }

    #[test]
    fn escoba_clear_scores_an_escoba_but_not_with_the_final_card() {
        // "Clearing the table": escoba, except with the player's final card of the deal.
        let mut g = position(
            escoba(),
            &[&["12o", "1b"], &["2b", "3b"]],
            &["5e"],
            &[],
            1,
            0,
            |_| {},
        )
        .unwrap();
        play(&mut g, "12o x 5e").unwrap();
        assert_eq!(g.escobas(), &[1, 0]);
        let mut g = position(escoba(), &[&["12o"], &["2b"]], &["5e"], &[], 1, 0, |_| {}).unwrap();
        play(&mut g, "12o x 5e").unwrap();
        play(&mut g, "2b").unwrap();
        assert_eq!(g.deals[0].escobas[..2], [0, 0]);
        let mut on_last = escoba();
        on_last.escoba_on_last_card = true;
        let mut g = position(on_last, &[&["12o"], &["2b"]], &["5e"], &[], 1, 0, |_| {}).unwrap();
        play(&mut g, "12o x 5e").unwrap();
        play(&mut g, "2b").unwrap();
        assert_eq!(g.deals[0].escobas[..2], [1, 0]);
        // With cards in the stock the same clear scores.
        let stock = ["1o", "2o", "3o", "4o", "5o", "6o"];
        let mut g = position(
            escoba(),
            &[&["12o"], &["2c"]],
            &["5e"],
            &stock,
            1,
            0,
            |_| {},
        )
        .unwrap();
        play(&mut g, "12o x 5e").unwrap();
        assert_eq!(g.escobas(), &[1, 0]);
    }

    #[test]
    fn opening_table_of_15_or_30_goes_to_the_dealer() {
        // "Opening table (escoba only)": 1 escoba for 15, 2 for 30; not the last capturer.
        let mut found = [false; 2];
        for seed in 0..3000u64 {
            let mut r = SplitMix64::new(seed);
            r.below(2);
            let mut deck: Vec<u8> = (0..40).collect();
            r.shuffle(&mut deck);
            let table = CardSet(deck[6..10].iter().fold(0, |m, &c| m | 1 << c));
            let total = table.value_sum(escoba().values());
            let g = Game::new(escoba(), seed);
            if total == 15 || total == 30 {
                found[(total / 15 - 1) as usize] = true;
                let side = g.side_of(g.dealer) as usize;
                assert!(g.table.is_empty());
                assert_eq!(g.escobas[side], (total / 15) as u64);
                assert_eq!(g.piles[side], table);
                assert_eq!(g.last_capturer, None);
                let mut off = escoba();
                off.opening_capture = false;
                assert_eq!(Game::new(off, seed).table, table);
                assert_eq!(Game::new(quinza(), seed).table, table);
            } else {
                assert_eq!(g.table, table);
            }
        }
        assert_eq!(found, [true, true]);
    }

    #[test]
    fn end_of_a_deal_leftovers_go_to_the_last_capturer_or_to_no_one() {
        let mut g = position(quinza(), &[&["1o"], &["2o"]], &["3c"], &[], 1, 0, |p| {
            p.last_capturer = Some(1);
            p.piles[1] = cards(&["4c"]);
        })
        .unwrap();
        play(&mut g, "1o").unwrap();
        play(&mut g, "2o").unwrap();
        assert!(set(&["1o", "2o", "3c", "4c"]).is_subset(g.deals[0].piles[1]));
        let mut g = position(quinza(), &[&["1o"], &["2o"]], &["3c"], &[], 1, 0, |p| {
            p.piles = vec![cards(&["4c"]), cards(&["5c"])];
        })
        .unwrap();
        play(&mut g, "1o").unwrap();
        play(&mut g, "2o").unwrap();
        let d = g.deals[0];
        assert_eq!(d.last_capturer, None);
        assert_eq!(d.points[0] + d.points[1], 100 - 10 - 2 - 1);
    }

    #[test]
    fn quinza_scoring_seed_example_58() {
        // "22 cards with Ace, 2, 7, Sota and Rey of Oros score 41 + 17 = 58."
        let gold = ["1o", "2o", "7o", "10o", "12o"];
        let others: Vec<String> = FULL_DECK
            .minus(crate::cards::OROS)
            .iter()
            .take(17)
            .map(|c| c.to_string())
            .collect();
        let mut pile0: Vec<&str> = gold.to_vec();
        pile0.extend(others.iter().map(|s| s.as_str()));
        let mut g = position(quinza(), &[&["3b"], &["4b"]], &[], &[], 1, 1, |p| {
            p.piles[0] = cards(&pile0);
            p.last_capturer = Some(0);
        })
        .unwrap();
        play(&mut g, "3b").unwrap();
        play(&mut g, "4b").unwrap();
        let d = g.deals[0];
        assert_eq!(
            d.details[0],
            Details::Points {
                gold: 41,
                other: 19
            }
        );
        assert_eq!(d.points[..2], [60, 40]);
    }

    #[test]
    fn winning_a_match_target_highest_total_and_draws() {
        // "The first side to reach the target wins; ... equal top totals make a draw."
        let r101 = Rules::new("quinza", None, Some(101)).unwrap();
        let mut g = position(r101, &[&["3b"], &["4b"]], &[], &[], 1, 0, |p| {
            p.scores = vec![40, 30];
            p.last_capturer = Some(0);
        })
        .unwrap();
        play(&mut g, "3b").unwrap();
        play(&mut g, "4b").unwrap();
        assert_eq!(
            (g.is_over(), g.winner, g.scores()),
            (true, Some(0), &[140u64, 30][..])
        );
        assert_eq!(g.count_legal_moves(), 0);
        assert!(g.legal_moves().is_empty());
        assert_eq!(
            play(&mut g, "3b").unwrap_err(),
            Error::Illegal("the match is over".into())
        );
        let pile1 = ["12o", "11o", "10o", "7o", "5o"]; // 45 points of gold
        let mut g = position(r101, &[&["3b"], &["4b"]], &[], &[], 1, 0, |p| {
            p.scores = vec![90, 100];
            p.last_capturer = Some(0);
            p.piles[1] = cards(&pile1);
        })
        .unwrap();
        play(&mut g, "3b").unwrap();
        play(&mut g, "4b").unwrap();
        assert_eq!(
            (g.scores(), g.is_over(), g.winner),
            (&[145u64, 145][..], true, None)
        );
        // Below the target a new deal begins, dealt by the next seat.
        let mut g = position(quinza(), &[&["3b"], &["4b"]], &[], &[], 1, 0, |p| {
            p.scores = vec![40, 30];
            p.last_capturer = Some(0);
        })
        .unwrap();
        play(&mut g, "3b").unwrap();
        play(&mut g, "4b").unwrap();
        assert_eq!(
            (g.is_over(), g.deal_number, g.dealer, g.deals.len()),
            (false, 2, 0, 1)
        );
        assert_eq!(g.hand(1).len(), 3);
    }

    #[test]
    fn escoba_needs_the_target_and_a_lead_of_2() {
        let mut g = position(escoba(), &[&["3b"], &["4b"]], &[], &[], 1, 0, |p| {
            p.scores = vec![19, 19];
            p.last_capturer = Some(0);
            p.piles[1] = cards(&["1b"]);
        })
        .unwrap();
        play(&mut g, "3b").unwrap();
        play(&mut g, "4b").unwrap();
        assert_eq!((g.scores(), g.winner), (&[23u64, 19][..], Some(0)));
        let mut g = Game::new(escoba(), 0);
        g.scores = [21, 20, 0];
        assert_eq!(g.match_result(), None);
        g.scores = [22, 20, 0];
        assert_eq!(g.match_result(), Some(Some(0)));
        g.scores = [5, 30, 0];
        assert_eq!(g.match_result(), Some(Some(1)));
    }

    #[test]
    fn from_position_checks_every_card_once_and_the_hand_sizes() {
        let q = quinza();
        let e = position(q, &[&["1o", "1o"], &["2o"]], &[], &[], 1, 0, |_| {}).unwrap_err();
        assert_eq!(e, "1o appears more than once");
        let mut p = Position::new(q);
        p.hands = vec![cards(&["1o"]), cards(&["2o"])];
        assert!(Game::from_position(p)
            .unwrap_err()
            .to_string()
            .starts_with("cards missing from the position: 3o 4o 5o"));
        let e = position(
            q,
            &[&["1o"], &["2o"]],
            &[],
            &["3o", "4o", "5o"],
            1,
            0,
            |_| {},
        )
        .unwrap_err();
        assert_eq!(e, "the stock holds 3 cards; it is dealt in rounds of 6");
        let e = position(q, &[&[], &[]], &[], &[], 1, 0, |_| {}).unwrap_err();
        assert_eq!(e, "every hand is empty: there is no card to play");
        let e = position(
            q,
            &[&["1o", "2o", "3o", "4o"], &["5o"]],
            &[],
            &[],
            1,
            0,
            |_| {},
        )
        .unwrap_err();
        assert_eq!(e, "a hand holds at most 3 cards, not 4");
        let e = position(q, &[&["1o"], &["5o", "6o", "7o"]], &[], &[], 1, 0, |_| {}).unwrap_err();
        assert_eq!(
            e,
            "the hand sizes do not fit a round of play: in play order from the seat after the dealer they are [1, 3]"
        );
        // Seat 1 (after dealer 0) already played: it holds one card fewer; seat 0 plays.
        let g = position(q, &[&["1o", "2o"], &["5o"]], &[], &[], 0, 0, |_| {}).unwrap();
        assert_eq!(g.turn, Some(0));
        let e = position(q, &[&["1o", "2o"], &["5o"]], &[], &[], 0, 0, |p| {
            p.turn = Ok(Some(1))
        })
        .unwrap_err();
        assert_eq!(e, "turn 1 does not fit the hand sizes: seat 0 is to play");
        let e = position(q, &[&["1o"], &["5o"]], &[], &[], 0, 0, |p| {
            p.scores = vec![151, 0]
        })
        .unwrap_err();
        assert_eq!(e, "the scores [151, 0] already end the match");
    }

    #[test]
    fn count_legal_moves_on_a_30_card_rb3ine_table() {
        // Counting is subset-sum counting: millions of groups, no listing.
        let rb = Rules::new("rb3ine", None, None).unwrap();
        let hands: [&[&str]; 2] = [&["12o", "12c", "12e"], &["11o", "11c", "11e"]];
        let used = set(&["12o", "12c", "12e", "11o", "11c", "11e"]);
        let table: Vec<String> = FULL_DECK
            .minus(used)
            .iter()
            .take(30)
            .map(|c| c.to_string())
            .collect();
        let tref: Vec<&str> = table.iter().map(|s| s.as_str()).collect();
        let g = position(rb, &hands, &tref, &[], 1, 0, |_| {}).unwrap();
        let n = g.count_legal_moves();
        assert!(n > 1_000_000, "{n}");
        let mut ways = [0u64; 29];
        ways[0] = 1;
        for c in cards(&tref) {
            let v = c.printed() as usize;
            for s in (v..=28).rev() {
                ways[s] += ways[s - v];
            }
        }
        assert_eq!(n, 3 * ways[28]);
        assert!(!g.is_legal(&Move::parse("12o").unwrap()));
    }

    #[test]
    fn a_random_move_is_the_listed_move_the_same_draw_picks() {
        // Counting and picking must give what listing and picking gives, draw for draw,
        // on small tables (counted) and large ones (listed).
        for (name, players) in [("quinza", 2), ("rb3ine", 3), ("escoba", 4), ("rb3ine", 2)] {
            let rules = Rules::new(name, Some(players), None).unwrap();
            let mut buf = Vec::new();
            for seed in 0..40 {
                let mut g = Game::new(rules, seed);
                let (mut a, mut b) = (SplitMix64::new(seed), SplitMix64::new(seed));
                while !g.is_over() {
                    let moves = g.legal_moves();
                    let want = moves[b.below(moves.len() as u64) as usize];
                    assert_eq!(
                        g.random_move(&mut a, &mut buf),
                        Some(want),
                        "{}",
                        g.describe()
                    );
                    assert_eq!(a, b);
                    g.apply(want);
                }
                assert_eq!(g.random_move(&mut a, &mut buf), None);
            }
        }
    }

    #[test]
    fn legal_moves_agree_with_count_and_is_legal_over_random_matches() {
        for seed in 0..40u64 {
            let name = ["quinza", "rb3ine", "escoba"][seed as usize % 3];
            let players = 2 + (seed % 3) as i64;
            let rules = Rules::new(name, Some(players), Some(60)).unwrap();
            let mut g = Game::new(rules, seed);
            let mut r = SplitMix64::new(seed ^ 0xABCD);
            let mut moves = 0;
            while !g.is_over() {
                let ms = g.legal_moves();
                assert_eq!(ms.len() as u64, g.count_legal_moves());
                for m in &ms {
                    assert!(g.is_legal(m), "{m}");
                }
                // a lay of a capturing card is illegal
                for m in ms.iter().filter(|m| !m.is_lay()) {
                    assert!(!g.is_legal(&Move::lay(m.card)));
                }
                let m = ms[r.below(ms.len() as u64) as usize];
                g.play(&m).unwrap();
                moves += 1;
                // Invariant: every card is somewhere exactly once.
                let mut all = g.table;
                let mut count = g.table.len() + g.stock_len() as u32;
                for s in 0..rules.players as usize {
                    all = all.union(g.hands[s]);
                    count += g.hands[s].len();
                }
                for s in 0..rules.sides() as usize {
                    all = all.union(g.piles[s]);
                    count += g.piles[s].len();
                }
                for &id in g.stock_slice() {
                    all.0 |= 1 << id;
                }
                assert_eq!(all, FULL_DECK);
                assert_eq!(count, 40);
            }
            assert!(moves > 0);
            for d in &g.deals {
                if d.last_capturer.is_some() && rules.row().scoring == Scoring::CardPoints {
                    assert_eq!(d.points[..rules.sides() as usize].iter().sum::<u64>(), 100);
                }
            }
        }
    }

    /// Play the seat to act's moves (first legal one) until the deal in play is over.
    fn play_out_deal(g: &mut Game) {
        let deals = g.deals.len();
        while !g.is_over() && g.deals.len() == deals {
            let m = g.legal_moves()[0];
            g.play(&m).unwrap();
        }
    }

    fn reads_back(g: &Game) {
        let t = crate::fifteen::json::to_json(g);
        let back = crate::fifteen::json::from_json(&t).unwrap_or_else(|e| panic!("{e}\n{t}"));
        assert_eq!(crate::fifteen::json::to_json(&back), t);
    }

    #[test]
    fn at_the_top_of_the_range_every_counter_saturates_in_every_rule_set() {
        const TOP: u64 = u64::MAX;
        for name in ["quinza", "rb3ine", "escoba"] {
            let rules = Rules::new(name, None, None).unwrap();
            // deal_number 2**64-1: the next deal is numbered 2**64-1 too.
            let mut g = position(rules, &[&["3b"], &["4b"]], &[], &[], 1, 0, |p| {
                p.deal_number = TOP;
            })
            .unwrap();
            reads_back(&g);
            play_out_deal(&mut g);
            assert_eq!(
                (g.is_over(), g.deals[0].deal_number, g.deal_number),
                (false, TOP, TOP)
            );
            reads_back(&g);

            // escobas 2**64-1: the deal's points are the saturating sum of the details
            // (escobas only where a clear scores one).
            let escobas = position(rules, &[&["3b"], &["4b"]], &[], &[], 1, 0, |p| {
                p.escobas[0] = TOP;
                p.last_capturer = Some(0);
            });
            match escobas {
                Err(e) => assert!(!rules.scores_sweeps(), "{name}: {e:?}"),
                Ok(mut g) => {
                    play_out_deal(&mut g);
                    let d = g.deals[0];
                    assert_eq!(d.escobas[0], TOP);
                    for s in 0..2 {
                        assert_eq!(d.points[s], d.details[s].total());
                    }
                    if rules.scores_sweeps() {
                        assert_eq!(
                            (d.points[0], g.scores()[0], g.winner()),
                            (TOP, TOP, Some(0))
                        );
                    }
                    reads_back(&g);
                }
            }

            // target 2**64-1, scores 2**64-2: the scores stop at 2**64-1 and win.
            let top = Rules::new(name, None, None).map(|mut r| {
                r.target = TOP;
                r
            });
            let mut g = position(top.unwrap(), &[&["3b"], &["4b"]], &[], &[], 1, 0, |p| {
                p.scores = vec![TOP - 1, 0];
                p.last_capturer = Some(0);
            })
            .unwrap();
            reads_back(&g);
            play_out_deal(&mut g);
            assert_eq!(
                (g.is_over(), g.scores()[0], g.winner()),
                (true, TOP, Some(0))
            );
            reads_back(&g);
        }
    }

    #[test]
    fn a_sweep_on_top_of_2_64_minus_1_escobas_stays_there() {
        let mut g = position(
            escoba(),
            &[&["12o", "1b"], &["2b", "3b"]],
            &["5e"],
            &[],
            1,
            0,
            |p| {
                p.escobas[0] = u64::MAX;
            },
        )
        .unwrap();
        play(&mut g, "12o x 5e").unwrap();
        assert_eq!(g.escobas(), &[u64::MAX, 0]);
    }
}
