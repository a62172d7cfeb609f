//! A quinte position from explicit cards (docs/reference/game.md "Quinte: from_position"): the
//! checks 2 to 11 in the reference's order. The callers (the bindings and the JSON
//! reader) convert and shape-check the values first (check 1), each with its message.

use super::cards::{Card, CardSet, FULL_DECK};
use super::game::{count_winner, Doubling, Game, CACHETTE_SIZE, HAND_SIZE, MAX_PLAYED, TRICKS};
use super::moves::Bid;
use super::rules::{Rules, PLAYERS};
use crate::pyrepr::list_text;
use crate::pyrepr::py_repr_str_list;
use crate::rng::SplitMix64;
use crate::Error;

/// A position, already converted from the caller's values.
#[derive(Clone, Debug)]
pub struct Position {
    pub rules: Rules,
    /// One hand per seat (4).
    pub hands: Vec<Vec<Card>>,
    /// The trick in progress, in play order.
    pub table: Vec<Card>,
    /// The cachette, in dealing order.
    pub stock: Vec<Card>,
    /// The cards each side has won this deal (2).
    pub piles: Vec<Vec<Card>>,
    pub scores: [u64; 2],
    pub dealer: u8,
    pub last_capturer: Option<u8>,
    pub deal_number: u64,
    pub seed: u64,
    /// None: no bid yet when no card has been played, else four passes.
    pub bids: Option<Vec<Bid>>,
    pub quints: [u64; 2],
    /// None: the cards of the piles in id order, then the trick in progress.
    pub played: Option<Vec<Card>>,
    /// The seat asked for, or the message to raise when the value given was not a seat
    /// (it is checked in its place, check 8).
    pub turn: Result<Option<u8>, String>,
    /// A finished match read back from JSON.
    pub over: bool,
}

impl Position {
    /// An empty position: no cards anywhere, dealer 0, deal 1, seed 0.
    pub fn new(rules: Rules) -> Position {
        Position {
            rules,
            hands: vec![vec![]; PLAYERS as usize],
            table: vec![],
            stock: vec![],
            piles: vec![vec![]; 2],
            scores: [0, 0],
            dealer: 0,
            last_capturer: None,
            deal_number: 1,
            seed: 0,
            bids: None,
            quints: [0, 0],
            played: None,
            turn: Ok(None),
            over: false,
        }
    }
}

fn bids_text(bids: &[Bid]) -> String {
    let words: Vec<&str> = bids.iter().map(|b| b.word()).collect();
    py_repr_str_list(&words)
}

/// The piles of a position as step 4 reads them.
struct Won {
    /// Each side's pile, the taken cachette included.
    piles: [CardSet; 2],
    /// The cachette once taken (a finished match): the pile cards never played.
    taken: CardSet,
    /// Each side's pile without the taken cachette: whole tricks.
    trick_piles: [CardSet; 2],
    /// Tricks completed.
    done: usize,
}

impl Game {
    /// A position from explicit cards, with every check of docs/reference/game.md in order, one
    /// function per step.
    pub fn from_position(p: Position) -> Result<Game, Error> {
        p.check_shape()?;
        p.check_every_card_once()?; // 2
        p.check_cachette_and_trick()?; // 3
        let taken = p.check_taken_cachette()?;
        let won = p.check_won_tricks(taken)?; // 4
        let leader = p.check_leader(&won)?; // 5
        p.check_hands(&won, leader)?; // 6
        let (bids, doubling) = p.check_bids(&won)?; // 7
        let turn = p.check_turn(leader, bids.len(), doubling)?; // 8
        p.check_quints()?; // 9
        let played = p.check_played(&won)?; // 10
        let winner = p.check_scores()?; // 11
        Ok(p.place(&won, &bids, doubling, played, turn, winner)?)
    }
}

/// The steps of `Game::from_position`, numbered as in docs/reference/game.md.
impl Position {
    /// Four hands, two piles, seats in range (the callers check these first with their
    /// own messages).
    fn check_shape(&self) -> Result<(), String> {
        if self.hands.len() != PLAYERS as usize
            || self.piles.len() != 2
            || self.dealer >= PLAYERS
            || self.last_capturer.is_some_and(|s| s >= PLAYERS)
        {
            return Err("the position does not fit the rules".to_string());
        }
        Ok(())
    }

    /// Step 2: every one of the 53 cards exactly once.
    fn check_every_card_once(&self) -> Result<(), String> {
        let all = self
            .hands
            .iter()
            .flatten()
            .chain(&self.table)
            .chain(&self.stock);
        CardSet::each_once(all.chain(self.piles.iter().flatten()), FULL_DECK).map(|_| ())
    }

    /// Step 3: the cachette (5 cards, or none in a finished match) and the trick in progress
    /// (at most 3 cards, none in a finished match).
    fn check_cachette_and_trick(&self) -> Result<(), String> {
        if self.stock.len() != CACHETTE_SIZE && !(self.over && self.stock.is_empty()) {
            return Err(format!(
                "the cachette (stock) holds {CACHETTE_SIZE} cards, not {}",
                self.stock.len()
            ));
        }
        if self.table.len() >= PLAYERS as usize {
            return Err(format!(
                "the trick in progress holds at most 3 cards, not {}",
                self.table.len()
            ));
        }
        if self.over && !self.table.is_empty() {
            return Err("the match is over, but a trick is in progress".to_string());
        }
        Ok(())
    }

    fn pile_sets(&self) -> [CardSet; 2] {
        [
            CardSet::from_cards(self.piles[0].iter().copied()),
            CardSet::from_cards(self.piles[1].iter().copied()),
        ]
    }

    /// A finished match's empty cachette was taken by the side of last_capturer: its 5
    /// cards are the pile cards never played. Empty while the cachette is there.
    fn check_taken_cachette(&self) -> Result<CardSet, String> {
        if !self.stock.is_empty() {
            return Ok(CardSet::EMPTY);
        }
        let Some(played) = &self.played else {
            return Err("played is needed to tell the taken cachette from the tricks".to_string());
        };
        let piles = self.pile_sets();
        let played_set = CardSet::from_cards(played.iter().copied());
        let taken = piles[0].union(piles[1]).minus(played_set);
        let ok = self.last_capturer.is_some_and(|lc| {
            taken.len() as usize == CACHETTE_SIZE && taken.is_subset(piles[(lc % 2) as usize])
        });
        if !ok {
            return Err(
                "the taken cachette must be 5 cards, never played, in the pile of last_capturer's side"
                    .to_string(),
            );
        }
        Ok(taken)
    }

    /// Step 4: the piles hold whole tricks of 4 (the taken cachette aside); some card is left
    /// to play in a match going on, some trick won in a finished one.
    fn check_won_tricks(&self, taken: CardSet) -> Result<Won, String> {
        let piles = self.pile_sets();
        let trick_piles = [piles[0].minus(taken), piles[1].minus(taken)];
        for (side, pile) in trick_piles.iter().enumerate() {
            if pile.len() % PLAYERS as u32 != 0 {
                return Err(format!(
                    "side {side} has won {} cards in tricks: the piles hold whole tricks of 4",
                    pile.len()
                ));
            }
        }
        let done = ((trick_piles[0].len() + trick_piles[1].len()) / PLAYERS as u32) as usize;
        if done == TRICKS && !self.over {
            return Err("every hand is empty: there is no card to play".to_string());
        }
        if self.over && done == 0 {
            return Err("the match is over, but no trick has been won".to_string());
        }
        if !taken.is_empty() && done != TRICKS {
            return Err("the cachette is taken only after the twelfth trick".to_string());
        }
        Ok(Won {
            piles,
            taken,
            trick_piles,
            done,
        })
    }

    /// Step 5: who leads the trick in progress: the seat after the dealer before any trick is
    /// won, else last_capturer, whose side has won a trick.
    fn check_leader(&self, won: &Won) -> Result<u8, String> {
        if won.done == 0 {
            if self.last_capturer.is_some() {
                return Err("no trick has been won, so last_capturer must be None".to_string());
            }
            return Ok((self.dealer + 1) % PLAYERS);
        }
        let Some(lc) = self.last_capturer else {
            return Err(
                "last_capturer must be the seat that won the last trick: it leads the next one"
                    .to_string(),
            );
        };
        if won.piles[(lc % 2) as usize].is_empty() {
            return Err(format!(
                "last_capturer {lc} won the last trick, but side {} has won none",
                lc % 2
            ));
        }
        Ok(lc)
    }

    /// Step 6: the hands that fit the trick in progress: the seats from the leader that have
    /// played to it hold one card fewer.
    fn check_hands(&self, won: &Won, leader: u8) -> Result<(), String> {
        let trick = self.table.len();
        let size = HAND_SIZE as i64 - won.done as i64;
        let expected: Vec<i64> = (0..PLAYERS)
            .map(|seat| {
                if (((seat + PLAYERS - leader) % PLAYERS) as usize) < trick {
                    size - 1
                } else {
                    size
                }
            })
            .collect();
        let sizes: Vec<i64> = self.hands.iter().map(|h| h.len() as i64).collect();
        if sizes != expected {
            return Err(format!(
                "the hand sizes {} do not fit the position: after {} tricks, with {trick} cards in the trick led by seat {leader}, they should be {}",
                list_text(&sizes),
                won.done,
                list_text(&expected)
            ));
        }
        Ok(())
    }

    /// Step 7: the doubling: the bids are checked one by one as if they were played; once a
    /// card is played it must be over.
    fn check_bids(&self, won: &Won) -> Result<(Vec<Bid>, Doubling), String> {
        let played_any = won.done > 0 || !self.table.is_empty();
        let bids = match &self.bids {
            Some(b) => b.clone(),
            None if played_any => vec![Bid::Pass; PLAYERS as usize],
            None => vec![],
        };
        let first = self.dealer + 1;
        let mut state = Doubling::default();
        for (i, &bid) in bids.iter().enumerate() {
            if state.over {
                return Err(format!("bids: the doubling is over after {i} bids"));
            }
            let seat = ((first as usize + i) % PLAYERS as usize) as u8;
            if let Some(reason) = state.bid_reason(bid, seat) {
                return Err(format!("bids: {reason}"));
            }
            state = Doubling::of(&bids[..i + 1], first);
        }
        if played_any && !state.over {
            return Err(format!(
                "cards have been played, so the doubling must be over, but the bids are {}",
                bids_text(&bids)
            ));
        }
        Ok((bids, state))
    }

    /// Step 8: the seat to act: the next bidder during the doubling, else the leader's k-th
    /// follower; None in a finished match (whose doubling is over).
    fn check_turn(
        &self,
        leader: u8,
        bids: usize,
        doubling: Doubling,
    ) -> Result<Option<u8>, String> {
        if self.over {
            if !matches!(self.turn, Ok(None)) {
                return Err("the match is over, so turn must be None".to_string());
            }
            if !doubling.over {
                return Err("the match is over, but the doubling is not".to_string());
            }
            return Ok(None);
        }
        let to_play = if doubling.over {
            leader
        } else {
            ((self.dealer as usize + 1 + bids) % PLAYERS as usize) as u8
        };
        let to_play = (to_play + self.table.len() as u8) % PLAYERS;
        match &self.turn {
            Err(message) => return Err(message.clone()),
            Ok(Some(t)) if *t != to_play => {
                return Err(format!(
                    "turn {t} does not fit the position: seat {to_play} is to play"
                ))
            }
            _ => {}
        }
        Ok(Some(to_play))
    }

    /// Step 9: this deal's quints are part of the scores.
    fn check_quints(&self) -> Result<(), String> {
        if self.quints[0] > self.scores[0] || self.quints[1] > self.scores[1] {
            return Err(format!(
                "the quints {} of this deal are more than the scores {}",
                list_text(&self.quints),
                list_text(&self.scores)
            ));
        }
        Ok(())
    }

    /// Step 10: every card played this deal: by default the won tricks by id, then the trick;
    /// a given list must hold those, the trick last in its order.
    fn check_played(&self, won: &Won) -> Result<Vec<Card>, String> {
        let trick = &self.table;
        let trick_cards = won.trick_piles[0].union(won.trick_piles[1]);
        let count = trick_cards.len() as usize;
        match &self.played {
            None => Ok(trick_cards.iter().chain(trick.iter().copied()).collect()),
            Some(pl) => {
                let fits = pl.len() == count + trick.len()
                    && CardSet::from_cards(pl[..count].iter().copied()) == trick_cards
                    && pl[count..] == trick[..];
                if !fits {
                    return Err(
                        "played must list the cards of the won tricks in play order, then the trick in progress"
                            .to_string(),
                    );
                }
                Ok(pl.clone())
            }
        }
    }

    /// Step 11: the scores: a finished match must be won, a match in play not yet. Gives the
    /// winner of a finished match.
    fn check_scores(&self) -> Result<Option<u8>, String> {
        let winner = count_winner(self.scores, self.rules.target);
        if self.over && winner.is_none() {
            return Err(format!(
                "the match is over, but the scores {} do not end it",
                list_text(&self.scores)
            ));
        }
        if !self.over && winner.is_some() {
            return Err(format!(
                "the scores {} already end the match",
                list_text(&self.scores)
            ));
        }
        Ok(winner)
    }

    /// The game of a checked position.
    fn place(
        &self,
        won: &Won,
        bids: &[Bid],
        doubling: Doubling,
        played: Vec<Card>,
        turn: Option<u8>,
        winner: Option<u8>,
    ) -> Result<Game, String> {
        let mut g = Game::blank(self.rules, SplitMix64::new(self.seed));
        g.dealer = self.dealer;
        g.deal_number = self.deal_number;
        g.turn = turn;
        for (s, h) in self.hands.iter().enumerate() {
            g.hands[s] = CardSet::from_cards(h.iter().copied());
        }
        for (i, &c) in self.stock.iter().enumerate() {
            g.cachette[i] = c;
        }
        g.cachette_len = self.stock.len() as u8;
        for (i, &b) in bids.iter().enumerate() {
            g.bids[i] = b;
        }
        g.bid_count = bids.len() as u8;
        g.doubling = doubling;
        if played.len() > MAX_PLAYED {
            return Err("the position does not fit the rules".to_string());
        }
        for (i, &c) in played.iter().enumerate() {
            g.played[i] = c;
        }
        g.played_len = played.len() as u8;
        g.played_set = CardSet::from_cards(played.iter().copied());
        g.piles = won.piles;
        for (side, (count, pile)) in g.tricks_won.iter_mut().zip(won.trick_piles).enumerate() {
            let cachette_won = !won.taken.is_empty()
                && self
                    .last_capturer
                    .is_some_and(|lc| (lc % 2) as usize == side);
            *count = (pile.len() / PLAYERS as u32) as u8 + cachette_won as u8;
        }
        g.quints = self.quints;
        g.last_capturer = self.last_capturer;
        g.scores = self.scores;
        g.winner = if self.over { winner } else { None };
        g.voids = g.shown().void;
        Ok(g)
    }
}
