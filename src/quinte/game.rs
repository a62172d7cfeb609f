//! One whole match of quinte (docs/rules.md "Quinte, the trick game", docs/reference/game.md "Quinte"):
//! the deal, the doubling, the tricks with every joker rule, quints, the cachette,
//! scoring and the end of the match.
//!
//! Hands and piles are 53-bit sets; the cards played this deal and the cachette keep
//! their order in fixed arrays. Nothing on the path of a move allocates, except the
//! record of a finished deal.

use super::cards::{Card, CardSet, DECK_SIZE, JOKER_SET, SUIT_MASKS, SUIT_NAMES};
use super::moves::{Bid, Move, BIDS};
use super::rules::{Rules, PLAYERS};
pub use super::trick::{quints_in, JOKER_QUINT, QUINT_VALUES};
use crate::events::{Event, EventCards, EventKind, Events, NoEvents, ORDERED_CARDS};
use crate::rng::SplitMix64;

pub const HAND_SIZE: usize = 12;
pub const CACHETTE_SIZE: usize = 5;
/// Tricks played from the hands; the cachette is the thirteenth.
pub const TRICKS: usize = 12;
/// The joker must be played in this trick at the latest.
pub const JOKER_DEADLINE: u8 = 11;
/// Per trick won, times the multiplier.
pub const TRICK_POINTS: u64 = 5;
/// Every card played in a deal: 12 tricks of 4.
pub const MAX_PLAYED: usize = TRICKS * PLAYERS as usize;

/// "doubling", "play" or "over".
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Phase {
    Doubling,
    Play,
    Over,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Doubling => "doubling",
            Phase::Play => "play",
            Phase::Over => "over",
        }
    }
}

/// What one deal gave each side: `points = quints + tricks`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct DealResult {
    pub deal_number: u64,
    pub dealer: u8,
    pub piles: [CardSet; 2],
    pub points: [u64; 2],
    pub quints: [u64; 2],
    pub tricks: [u64; 2],
    /// Always 0 for a deal played here; JSON may carry other numbers, kept as read.
    pub escobas: [u64; 2],
    pub last_capturer: Option<u8>,
}

/// The doubling after some bids.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Doubling {
    /// The side that doubled.
    pub doubled_by: Option<u8>,
    pub redoubled: bool,
    /// Four bids made, or a redouble (which ends the doubling at once).
    pub over: bool,
}

impl Doubling {
    /// Replay bids made from `first_bidder` on.
    pub fn of(bids: &[Bid], first_bidder: u8) -> Doubling {
        let mut d = Doubling::default();
        for (i, b) in bids.iter().enumerate() {
            d.add(*b, (first_bidder as usize + i) as u8);
        }
        d.over = bids.len() >= PLAYERS as usize || d.redoubled;
        d
    }

    #[inline]
    fn add(&mut self, bid: Bid, seat: u8) {
        match bid {
            Bid::Pass => {}
            Bid::Double => self.doubled_by = Some(seat % 2),
            Bid::Redouble => self.redoubled = true,
        }
    }

    /// Why `seat` may not make this bid, or None: everyone may pass; double only if no
    /// one has doubled; redouble only a double of the other side.
    pub fn bid_reason(&self, bid: Bid, seat: u8) -> Option<String> {
        match (bid, self.doubled_by) {
            (Bid::Double, Some(side)) => Some(format!("double: side {side} has already doubled")),
            (Bid::Redouble, None) => Some("redouble: no one has doubled".to_string()),
            (Bid::Redouble, Some(side)) if side == seat % 2 => Some(format!(
                "redouble: seat {seat} may not redouble its partner's double"
            )),
            _ => None,
        }
    }

    #[inline]
    pub fn allows(&self, bid: Bid, seat: u8) -> bool {
        match bid {
            Bid::Pass => true,
            Bid::Double => self.doubled_by.is_none(),
            Bid::Redouble => self.doubled_by.is_some_and(|side| side != seat % 2),
        }
    }

    /// What a trick is worth in fives: 1, 2 doubled, 4 redoubled.
    pub fn multiplier(&self) -> u64 {
        if self.redoubled {
            4
        } else if self.doubled_by.is_some() {
            2
        } else {
            1
        }
    }
}

/// The side that wins at the count: the only highest total, if it is at the target.
pub fn count_winner(scores: [u64; 2], target: u64) -> Option<u8> {
    let best = scores[0].max(scores[1]);
    if best >= target && scores[0] != scores[1] {
        Some(if scores[0] > scores[1] { 0 } else { 1 })
    } else {
        None
    }
}

/// The bids as (seat, bid), the first by the seat after the dealer.
pub(crate) fn bids_by_seat(bids: &[Bid], dealer: u8) -> impl Iterator<Item = (u8, Bid)> + '_ {
    bids.iter()
        .enumerate()
        .map(move |(i, b)| ((dealer + 1 + i as u8) % PLAYERS, *b))
}

/// The trick in progress: the last `len % 4` cards played this deal.
pub(crate) fn current_trick(played: &[Card]) -> &[Card] {
    let n = played.len();
    &played[n - n % PLAYERS as usize..]
}

/// The trick in progress as (seat, card) in play order, led by `leader`.
pub(crate) fn trick_by_seat(played: &[Card], leader: u8) -> impl Iterator<Item = (u8, Card)> + '_ {
    current_trick(played)
        .iter()
        .enumerate()
        .map(move |(i, c)| ((leader + i as u8) % PLAYERS, *c))
}

/// The winner of the last trick leads; the first trick is led by the seat after the dealer.
pub(crate) fn leader_seat(last_capturer: Option<u8>, dealer: u8) -> u8 {
    last_capturer.unwrap_or((dealer + 1) % PLAYERS)
}

/// The full state of a quinte match.
#[derive(Clone, Debug)]
pub struct Game {
    pub(crate) rules: Rules,
    pub(crate) rng: SplitMix64,
    pub(crate) deal_number: u64,
    pub(crate) dealer: u8,
    pub(crate) turn: Option<u8>,
    pub(crate) hands: [CardSet; 4],
    /// The cachette in dealing order; `cachette_len` is 5, or 0 once taken.
    pub(crate) cachette: [Card; CACHETTE_SIZE],
    pub(crate) cachette_len: u8,
    pub(crate) bids: [Bid; 4],
    pub(crate) bid_count: u8,
    pub(crate) doubling: Doubling,
    /// Every card played this deal in play order; the trick in progress is the last
    /// `played_len % 4`.
    pub(crate) played: [Card; MAX_PLAYED],
    pub(crate) played_len: u8,
    /// `played` as a set, and per seat the suits it showed it lacks this deal (bit `s`:
    /// it did not follow suit `s`): kept as cards are played, so an encoding reads them
    /// at no cost that grows with the deal. Both are public knowledge.
    pub(crate) played_set: CardSet,
    pub(crate) voids: [u8; 4],
    pub(crate) piles: [CardSet; 2],
    pub(crate) tricks_won: [u8; 2],
    pub(crate) quints: [u64; 2],
    pub(crate) last_capturer: Option<u8>,
    pub(crate) scores: [u64; 2],
    pub(crate) winner: Option<u8>,
    pub(crate) deals: Vec<DealResult>,
    /// A search copy plays its deal in progress alone (`Searchable::search_copy`).
    pub(crate) one_deal: bool,
}

impl Game {
    /// A new match: the generator starts at `seed`, the first dealer is `below(4)`, and
    /// the first deal is dealt.
    pub fn new(rules: Rules, seed: u64) -> Game {
        Game::new_recording(rules, seed, &mut NoEvents)
    }

    /// `new`, telling `events` what happened before the first move (the deal).
    pub fn new_recording(rules: Rules, seed: u64, events: &mut impl Events) -> Game {
        let mut g = Game::blank(rules, SplitMix64::new(seed));
        g.dealer = g.rng.below(PLAYERS as u64) as u8;
        g.deal_number = 0;
        g.start_deal(events);
        g
    }

    pub(crate) fn blank(rules: Rules, rng: SplitMix64) -> Game {
        Game {
            rules,
            rng,
            deal_number: 1,
            dealer: 0,
            turn: None,
            hands: [CardSet::EMPTY; 4],
            cachette: [Card::default(); CACHETTE_SIZE],
            cachette_len: 0,
            bids: [Bid::Pass; 4],
            bid_count: 0,
            doubling: Doubling::default(),
            played: [Card::default(); MAX_PLAYED],
            played_len: 0,
            played_set: CardSet::EMPTY,
            voids: [0; 4],
            piles: [CardSet::EMPTY; 2],
            tricks_won: [0; 2],
            quints: [0; 2],
            last_capturer: None,
            scores: [0; 2],
            winner: None,
            deals: Vec::new(),
            one_deal: false,
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
    /// The cards won this deal by a side; empty for a side that does not exist.
    pub fn pile(&self, side: u8) -> CardSet {
        self.piles.get(side as usize).copied().unwrap_or_default()
    }
    pub fn side_of(&self, seat: u8) -> u8 {
        self.rules.side_of(seat)
    }
    pub fn scores(&self) -> [u64; 2] {
        self.scores
    }
    pub fn quints(&self) -> [u64; 2] {
        self.quints
    }
    pub fn tricks_won(&self) -> [u8; 2] {
        self.tricks_won
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
    /// The cachette cards not yet taken, in dealing order.
    pub fn cachette(&self) -> &[Card] {
        &self.cachette[..self.cachette_len as usize]
    }
    /// The cachette cards not yet taken, as a set (empty once taken).
    pub fn cachette_set(&self) -> CardSet {
        CardSet::from_cards(self.cachette().iter().copied())
    }
    /// How many cachette cards are left: 5, or 0 once taken.
    pub fn stock_len(&self) -> usize {
        self.cachette_len as usize
    }
    pub fn bids(&self) -> &[Bid] {
        &self.bids[..self.bid_count as usize]
    }
    /// The bids as (seat, bid), the first by the seat after the dealer.
    pub fn bids_by_seat(&self) -> impl Iterator<Item = (u8, Bid)> + '_ {
        bids_by_seat(self.bids(), self.dealer)
    }
    pub fn doubling(&self) -> Doubling {
        self.doubling
    }
    pub fn multiplier(&self) -> u64 {
        self.doubling.multiplier()
    }
    /// Every card played this deal, in play order.
    pub fn played(&self) -> &[Card] {
        &self.played[..self.played_len as usize]
    }
    /// The trick in progress, in play order.
    pub fn current_trick(&self) -> &[Card] {
        current_trick(self.played())
    }
    /// The trick in progress as (seat, card) in play order.
    pub fn trick(&self) -> impl Iterator<Item = (u8, Card)> + '_ {
        trick_by_seat(self.played(), self.leader_seat())
    }
    /// The cards of the trick in progress as a set.
    pub fn table(&self) -> CardSet {
        CardSet::from_cards(self.current_trick().iter().copied())
    }
    pub fn phase(&self) -> Phase {
        if self.turn.is_none() {
            Phase::Over
        } else if self.doubling.over {
            Phase::Play
        } else {
            Phase::Doubling
        }
    }
    /// The winner of the last trick leads; the first trick is led by the seat after the dealer.
    #[inline]
    pub(super) fn leader_seat(&self) -> u8 {
        leader_seat(self.last_capturer, self.dealer)
    }
    /// The seat that leads (or led) the current trick; None when the match is over.
    pub fn leader(&self) -> Option<u8> {
        self.turn.map(|_| self.leader_seat())
    }
    /// The trick in progress or about to start, 1..12.
    #[inline]
    pub fn trick_number(&self) -> u8 {
        (self.played_len / PLAYERS + 1).min(TRICKS as u8)
    }

    // -- legal moves -------------------------------------------------------------------

    /// The suit of the first card of the trick that is not the joker.
    #[inline]
    fn suit_to_follow(&self) -> Option<u8> {
        self.current_trick().iter().find_map(|c| c.suit())
    }

    /// The cards the seat to act may play (empty during the doubling or when over).
    #[inline]
    pub fn legal_cards(&self) -> CardSet {
        let Some(seat) = self.turn else {
            return CardSet::EMPTY;
        };
        if !self.doubling.over {
            return CardSet::EMPTY;
        }
        let hand = self.hands[seat as usize];
        if self.played_len.is_multiple_of(PLAYERS) {
            // Leading: anything but the joker; the joker leads only when it is all that is left.
            let others = hand.minus(JOKER_SET);
            return if others.is_empty() { hand } else { others };
        }
        if hand.has_joker() && self.trick_number() == JOKER_DEADLINE {
            return JOKER_SET; // the last chance to play the joker
        }
        match self.suit_to_follow() {
            Some(suit) => {
                let following = hand.intersect(SUIT_MASKS[suit as usize]);
                if following.is_empty() {
                    hand
                } else {
                    following.union(hand.intersect(JOKER_SET)) // the joker goes at any time
                }
            }
            None => hand,
        }
    }

    /// Appends every legal move to `out`: bids in the order pass, double, redouble;
    /// cards in id order (the joker last).
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        let Some(seat) = self.turn else { return };
        if !self.doubling.over {
            for bid in BIDS {
                if self.doubling.allows(bid, seat) {
                    out.push(Move::Bid(bid));
                }
            }
            return;
        }
        out.extend(self.legal_cards().iter().map(Move::Card));
    }

    pub fn count_legal_moves(&self) -> u64 {
        let Some(seat) = self.turn else { return 0 };
        if !self.doubling.over {
            return BIDS
                .iter()
                .filter(|b| self.doubling.allows(**b, seat))
                .count() as u64;
        }
        self.legal_cards().len() as u64
    }

    /// The `i`-th legal move in the documented order, without listing them.
    pub fn nth_legal_move(&self, i: u64) -> Option<Move> {
        let seat = self.turn?;
        if !self.doubling.over {
            return BIDS
                .into_iter()
                .filter(|b| self.doubling.allows(*b, seat))
                .nth(i as usize)
                .map(Move::Bid);
        }
        self.legal_cards().nth(i.min(64) as u32).map(Move::Card)
    }

    /// The move a random player makes: `rng.below(count)` picks among the legal moves in
    /// their documented order (one draw, even for a single move), without listing them:
    /// in play the legal cards are a bitset and the pick its n-th card.
    #[inline]
    pub fn random_move(&self, rng: &mut SplitMix64) -> Option<Move> {
        self.turn?;
        if self.doubling.over {
            let cards = self.legal_cards();
            return cards
                .nth(rng.below(cards.len() as u64) as u32)
                .map(Move::Card);
        }
        self.nth_legal_move(rng.below(self.count_legal_moves()))
    }

    /// Why a move is illegal, or None (docs/reference/errors.md "Quinte: Illegal moves", in order).
    pub fn illegal_reason(&self, mv: &Move) -> Option<String> {
        let Some(seat) = self.turn else {
            return Some("the match is over".to_string());
        };
        if !self.doubling.over {
            return match *mv {
                Move::Card(c) => Some(format!(
                    "{c}: seat {seat} must bid first: pass, double or redouble"
                )),
                Move::Bid(b) => self.doubling.bid_reason(b, seat),
            };
        }
        let card = match *mv {
            Move::Bid(b) => {
                return Some(format!(
                    "{b}: the doubling is over; seat {seat} plays a card"
                ))
            }
            Move::Card(c) => c,
        };
        let hand = self.hands[seat as usize];
        if !hand.contains(card) {
            return Some(format!("{card} is not in the hand of seat {seat}"));
        }
        if self.legal_cards().contains(card) {
            return None;
        }
        if self.played_len.is_multiple_of(PLAYERS) {
            return Some(format!("{card} may not lead a trick")); // only the joker, held with other cards
        }
        if hand.has_joker() && self.trick_number() == JOKER_DEADLINE {
            return Some(format!(
                "{card}: seat {seat} holds JK and must play it in the eleventh trick"
            ));
        }
        let suit = self.suit_to_follow().unwrap_or(0);
        Some(format!(
            "{card} does not follow suit: seat {seat} has {}",
            SUIT_NAMES[suit as usize]
        ))
    }

    /// Play a move known to be legal (from `legal_moves_into` or `legal_cards`).
    #[inline]
    pub fn apply(&mut self, mv: Move) {
        self.apply_recording(mv, &mut NoEvents)
    }

    /// `apply`, telling `events` what happened, in order (docs/reference/events.md "Events").
    #[inline]
    pub fn apply_recording(&mut self, mv: Move, events: &mut impl Events) {
        if let Some(seat) = self.turn {
            events.push(Event::new(EventKind::Move).by(Some(seat), Some(seat % 2)));
        }
        match mv {
            Move::Bid(b) => self.bid(b),
            Move::Card(c) => self.play_card(c, events),
        }
    }

    fn bid(&mut self, bid: Bid) {
        let Some(seat) = self.turn else { return };
        if self.bid_count as usize >= PLAYERS as usize {
            return;
        }
        self.bids[self.bid_count as usize] = bid;
        self.bid_count += 1;
        self.doubling.add(bid, seat);
        self.doubling.over = self.bid_count == PLAYERS || self.doubling.redoubled;
        self.turn = Some(if self.doubling.over {
            self.leader_seat() // the seat after the dealer leads the first trick
        } else {
            (self.dealer + 1 + self.bid_count) % PLAYERS
        });
    }

    fn play_card(&mut self, card: Card, events: &mut impl Events) {
        let Some(seat) = self.turn else { return };
        if self.played_len as usize >= MAX_PLAYED {
            return;
        }
        self.hands[seat as usize].remove(card);
        if let Some(follow) = super::trick::void_shown(self.current_trick(), card) {
            self.voids[seat as usize] |= 1 << follow;
        }
        self.played_set.insert(card);
        self.played[self.played_len as usize] = card;
        self.played_len += 1;
        if !self.played_len.is_multiple_of(PLAYERS) {
            self.turn = Some((seat + 1) % PLAYERS);
        } else {
            self.finish_trick((seat + 1) % PLAYERS, events);
        }
    }

    // -- a trick won, the cachette, the end of a deal ------------------------------------

    fn finish_trick(&mut self, leader: u8, events: &mut impl Events) {
        let n = self.played_len as usize;
        let cards = &self.played[n - PLAYERS as usize..n];
        // Four cards hold at most one joker: some card wins.
        let best = super::trick::winner(cards.iter().copied()).unwrap_or(0);
        let trick = CardSet::from_cards(cards.iter().copied());
        let winner = (leader + best as u8) % PLAYERS;
        let side = (winner % 2) as usize;
        self.piles[side] = self.piles[side].union(trick);
        self.tricks_won[side] += 1;
        self.last_capturer = Some(winner);
        let mut in_order = [0u8; ORDERED_CARDS];
        for (slot, c) in in_order.iter_mut().zip(cards) {
            *slot = c.id();
        }
        events.push(
            Event::new(EventKind::Trick)
                .by(Some(winner), Some(side as u8))
                .cards(EventCards::Ordered(in_order, PLAYERS))
                .points(quints_in(trick)),
        );
        if self.score_quints(side, trick, events) {
            return; // a quint reached the target: the match is over
        }
        if n < MAX_PLAYED {
            self.turn = Some(winner);
            return;
        }
        // The twelfth trick: its winner takes the cachette as a thirteenth trick, whose
        // quints count before the tricks.
        let cachette = self.cachette_set();
        let mut in_order = [0u8; ORDERED_CARDS];
        for (slot, c) in in_order.iter_mut().zip(self.cachette()) {
            *slot = c.id();
        }
        events.push(
            Event::new(EventKind::Cachette)
                .by(Some(winner), Some(side as u8))
                .cards(EventCards::Ordered(in_order, self.cachette_len))
                .points(quints_in(cachette)),
        );
        self.cachette_len = 0;
        self.piles[side] = self.piles[side].union(cachette);
        self.tricks_won[side] += 1;
        if self.score_quints(side, cachette, events) {
            return;
        }
        let m = self.multiplier();
        let tricks = self.tricks_won.map(|t| t as u64 * TRICK_POINTS * m);
        for (score, t) in self.scores.iter_mut().zip(tricks) {
            *score = score.saturating_add(t);
        }
        self.record_deal(tricks);
        events.push(Event::new(EventKind::DealScored));
        self.winner = count_winner(self.scores, self.rules.target);
        if self.winner.is_some() {
            self.turn = None;
            events.push(Event::new(EventKind::MatchOver).by(None, self.winner));
        } else if self.one_deal {
            self.turn = None;
        } else {
            // No one at the target, or equal totals: another deal, totals carried on.
            self.dealer = (self.dealer + 1) % PLAYERS;
            self.start_deal(events);
        }
    }

    /// Score the quints among `cards` for `side` at once; true if that ends the match.
    fn score_quints(&mut self, side: usize, cards: CardSet, events: &mut impl Events) -> bool {
        let points = quints_in(cards);
        if points == 0 {
            return false;
        }
        self.quints[side] = self.quints[side].saturating_add(points);
        self.scores[side] = self.scores[side].saturating_add(points);
        if self.scores[side] < self.rules.target {
            return false;
        }
        self.winner = Some(side as u8);
        self.turn = None;
        self.record_deal([0, 0]);
        events.push(Event::new(EventKind::DealScored));
        events.push(Event::new(EventKind::MatchOver).by(None, self.winner));
        true
    }

    fn record_deal(&mut self, tricks: [u64; 2]) {
        self.deals.push(DealResult {
            deal_number: self.deal_number,
            dealer: self.dealer,
            piles: self.piles,
            points: [
                self.quints[0].saturating_add(tricks[0]),
                self.quints[1].saturating_add(tricks[1]),
            ],
            quints: self.quints,
            tricks,
            escobas: [0, 0],
            last_capturer: self.last_capturer,
        });
    }

    /// Shuffle the 53 cards in id order; the first 5 are the cachette, then one card at a
    /// time to each seat from the seat after the dealer.
    fn start_deal(&mut self, events: &mut impl Events) {
        self.deal_number = self.deal_number.saturating_add(1);
        let mut deck = [0u8; DECK_SIZE];
        for (i, d) in deck.iter_mut().enumerate() {
            *d = i as u8;
        }
        self.rng.shuffle(&mut deck);
        for (slot, &id) in self.cachette.iter_mut().zip(&deck[..CACHETTE_SIZE]) {
            *slot = Card::from_id(id).unwrap_or_default();
        }
        self.cachette_len = CACHETTE_SIZE as u8;
        self.hands = [CardSet::EMPTY; 4];
        for (i, &id) in deck[CACHETTE_SIZE..].iter().enumerate() {
            let seat = (self.dealer as usize + 1 + i) % PLAYERS as usize;
            self.hands[seat].0 |= 1u64 << id;
        }
        self.bid_count = 0;
        self.doubling = Doubling::default();
        self.played_len = 0;
        self.played_set = CardSet::EMPTY;
        self.voids = [0; 4];
        self.piles = [CardSet::EMPTY; 2];
        self.tricks_won = [0; 2];
        self.quints = [0; 2];
        self.last_capturer = None;
        self.turn = Some((self.dealer + 1) % PLAYERS);
        events.push(Event::new(EventKind::Dealt).by(Some(self.dealer), None));
    }

    // -- search ----------------------------------------------------------------------------

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

    /// `Searchable::deal_key`: the hands, the trick in progress in order, the tricks won, the
    /// quints, the match totals (a quint that reaches the target ends the deal), the
    /// doubling, the last capturer, the seat to act, how many cards are played and
    /// whether the cachette is taken. The piles are left out: a deal's points read the
    /// tricks and quints, never which cards a side holds.
    pub fn deal_key(&self) -> u64 {
        use crate::state::mix_key;
        let mut h = 0;
        for hand in &self.hands {
            h = mix_key(h, hand.0);
        }
        let mut trick = 0u64;
        for c in self.current_trick() {
            trick = (trick << 8) | (c.id() as u64 + 1);
        }
        h = mix_key(h, trick);
        h = mix_key(h, self.quints[0]);
        h = mix_key(h, self.quints[1]);
        h = mix_key(h, self.scores[0]);
        h = mix_key(h, self.scores[1]);
        let d = self.doubling;
        let small = self.turn.map_or(0xff, |t| t as u64)
            | (self.last_capturer.map_or(0xff, |s| s as u64) << 8)
            | ((self.played_len as u64) << 16)
            | ((self.cachette_len as u64) << 24)
            | ((self.tricks_won[0] as u64) << 32)
            | ((self.tricks_won[1] as u64) << 40)
            | ((self.bid_count as u64) << 48)
            | (d.doubled_by.map_or(3, |s| s as u64) << 56)
            | ((d.redoubled as u64) << 60)
            | ((d.over as u64) << 61);
        mix_key(h, small)
    }

    // -- text ------------------------------------------------------------------------------

    /// The text drawing of `str(game)`.
    pub fn describe(&self) -> String {
        let status = match (self.turn, self.phase()) {
            (None, _) => crate::state::match_over_text(self.winner),
            (Some(t), Phase::Doubling) => format!("seat {t} to bid"),
            (Some(t), _) => format!("trick {}, seat {t} to play", self.trick_number()),
        };
        let dash = |s: String| if s.is_empty() { "-".to_string() } else { s };
        let bids: Vec<&str> = self.bids().iter().map(|b| b.word()).collect();
        let trick: Vec<String> = self.current_trick().iter().map(|c| c.to_string()).collect();
        let mut lines = vec![
            format!(
                "quinte deal {}, dealer seat {}, {status}",
                self.deal_number, self.dealer
            ),
            format!(
                "bids: {}  multiplier: {}",
                dash(bids.join(" ")),
                self.multiplier()
            ),
            format!("trick: {}", dash(trick.join(" "))),
        ];
        for seat in 0..PLAYERS as usize {
            lines.push(format!(
                "seat {seat}: {}",
                dash(self.hands[seat].to_string())
            ));
        }
        lines.push(format!(
            "cachette: {}  tricks won: [{}, {}]  quints: [{}, {}]  scores: [{}, {}]",
            self.cachette_len,
            self.tricks_won[0],
            self.tricks_won[1],
            self.quints[0],
            self.quints[1],
            self.scores[0],
            self.scores[1]
        ));
        lines.join("\n")
    }
}
