//! A quinte position from explicit cards (docs/engine.md "Quinte: from_position"): the
//! checks 2 to 11 in the reference's order. The callers (the bindings and the JSON
//! reader) convert and shape-check the values first (check 1), each with its message.

use super::cards::{Card, CardSet, FULL_DECK};
use super::game::{count_winner, Doubling, Game, CACHETTE_SIZE, HAND_SIZE, MAX_PLAYED, TRICKS};
use super::moves::Bid;
use super::rules::{Rules, PLAYERS};
use crate::pyrepr::list_text;
use crate::pyrepr::py_repr_str_list;
use crate::rng::SplitMix64;

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

impl Game {
    /// A position from explicit cards, with every check of docs/engine.md in order.
    pub fn from_position(p: Position) -> Result<Game, String> {
        let n = PLAYERS as usize;
        if p.hands.len() != n
            || p.piles.len() != 2
            || p.dealer >= PLAYERS
            || p.last_capturer.is_some_and(|s| s >= PLAYERS)
        {
            // The callers check these first with their own messages.
            return Err("the position does not fit the rules".to_string());
        }
        let over = p.over;

        // 2. Every one of the 53 cards exactly once.
        let mut seen = CardSet::EMPTY;
        let all = p
            .hands
            .iter()
            .flatten()
            .chain(&p.table)
            .chain(&p.stock)
            .chain(p.piles.iter().flatten());
        for &c in all {
            if seen.contains(c) {
                return Err(format!("{c} appears more than once"));
            }
            seen.insert(c);
        }
        let missing = FULL_DECK.minus(seen);
        if !missing.is_empty() {
            return Err(format!("cards missing from the position: {missing}"));
        }

        // 3. The cachette, the trick in progress and the piles.
        let trick = &p.table;
        if p.stock.len() != CACHETTE_SIZE && !(over && p.stock.is_empty()) {
            return Err(format!(
                "the cachette (stock) holds {CACHETTE_SIZE} cards, not {}",
                p.stock.len()
            ));
        }
        if trick.len() >= n {
            return Err(format!(
                "the trick in progress holds at most 3 cards, not {}",
                trick.len()
            ));
        }
        if over && !trick.is_empty() {
            return Err("the match is over, but a trick is in progress".to_string());
        }
        let piles = [
            CardSet::from_cards(p.piles[0].iter().copied()),
            CardSet::from_cards(p.piles[1].iter().copied()),
        ];
        // The cachette once taken: the cards of a pile that were never played.
        let mut taken = CardSet::EMPTY;
        if p.stock.is_empty() {
            let Some(played) = &p.played else {
                return Err(
                    "played is needed to tell the taken cachette from the tricks".to_string(),
                );
            };
            let played_set = CardSet::from_cards(played.iter().copied());
            taken = piles[0].union(piles[1]).minus(played_set);
            let ok = p.last_capturer.is_some_and(|lc| {
                taken.len() as usize == CACHETTE_SIZE && taken.is_subset(piles[(lc % 2) as usize])
            });
            if !ok {
                return Err(
                    "the taken cachette must be 5 cards, never played, in the pile of last_capturer's side"
                        .to_string(),
                );
            }
        }
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
        if done == TRICKS && !over {
            return Err("every hand is empty: there is no card to play".to_string());
        }
        if over && done == 0 {
            return Err("the match is over, but no trick has been won".to_string());
        }
        if !taken.is_empty() && done != TRICKS {
            return Err("the cachette is taken only after the twelfth trick".to_string());
        }

        // 5. Who leads the trick in progress; 6. the hands that fit it.
        let leader = if done == 0 {
            if p.last_capturer.is_some() {
                return Err("no trick has been won, so last_capturer must be None".to_string());
            }
            (p.dealer + 1) % PLAYERS
        } else {
            let Some(lc) = p.last_capturer else {
                return Err(
                    "last_capturer must be the seat that won the last trick: it leads the next one"
                        .to_string(),
                );
            };
            if piles[(lc % 2) as usize].is_empty() {
                return Err(format!(
                    "last_capturer {lc} won the last trick, but side {} has won none",
                    lc % 2
                ));
            }
            lc
        };
        let size = HAND_SIZE as i64 - done as i64;
        let expected: Vec<i64> = (0..PLAYERS)
            .map(|seat| {
                if (((seat + PLAYERS - leader) % PLAYERS) as usize) < trick.len() {
                    size - 1
                } else {
                    size
                }
            })
            .collect();
        let sizes: Vec<i64> = p.hands.iter().map(|h| h.len() as i64).collect();
        if sizes != expected {
            return Err(format!(
                "the hand sizes {} do not fit the position: after {done} tricks, with {} cards in the trick led by seat {leader}, they should be {}",
                list_text(&sizes),
                trick.len(),
                list_text(&expected)
            ));
        }

        // 7. The doubling: the bids are checked one by one as if they were played.
        let played_any = done > 0 || !trick.is_empty();
        let bids = match &p.bids {
            Some(b) => b.clone(),
            None if played_any => vec![Bid::Pass; PLAYERS as usize],
            None => vec![],
        };
        let first = p.dealer + 1;
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

        // 8. The seat to act.
        let turn = if over {
            if !matches!(p.turn, Ok(None)) {
                return Err("the match is over, so turn must be None".to_string());
            }
            if !state.over {
                return Err("the match is over, but the doubling is not".to_string());
            }
            None
        } else {
            let to_play = if state.over {
                leader
            } else {
                ((first as usize + bids.len()) % PLAYERS as usize) as u8
            };
            let to_play = (to_play + trick.len() as u8) % PLAYERS;
            match p.turn {
                Err(message) => return Err(message),
                Ok(Some(t)) if t != to_play => {
                    return Err(format!(
                        "turn {t} does not fit the position: seat {to_play} is to play"
                    ))
                }
                _ => {}
            }
            Some(to_play)
        };

        // 9. This deal's quints are part of the scores.
        if p.quints[0] > p.scores[0] || p.quints[1] > p.scores[1] {
            return Err(format!(
                "the quints {} of this deal are more than the scores {}",
                list_text(&p.quints),
                list_text(&p.scores)
            ));
        }

        // 10. Every card played this deal: by default the won tricks by id, then the trick.
        let trick_cards = trick_piles[0].union(trick_piles[1]);
        let won = trick_cards.len() as usize;
        let played: Vec<Card> = match &p.played {
            None => trick_cards.iter().chain(trick.iter().copied()).collect(),
            Some(pl) => {
                let fits = pl.len() == won + trick.len()
                    && CardSet::from_cards(pl[..won].iter().copied()) == trick_cards
                    && pl[won..] == trick[..];
                if !fits {
                    return Err(
                        "played must list the cards of the won tricks in play order, then the trick in progress"
                            .to_string(),
                    );
                }
                pl.clone()
            }
        };

        // 11. The scores: a finished match must be won, a match in play not yet.
        let winner = count_winner(p.scores, p.rules.target);
        if over && winner.is_none() {
            return Err(format!(
                "the match is over, but the scores {} do not end it",
                list_text(&p.scores)
            ));
        }
        if !over && winner.is_some() {
            return Err(format!(
                "the scores {} already end the match",
                list_text(&p.scores)
            ));
        }

        let mut g = Game::blank(p.rules, SplitMix64::new(p.seed));
        g.dealer = p.dealer;
        g.deal_number = p.deal_number;
        g.turn = turn;
        for (s, h) in p.hands.iter().enumerate() {
            g.hands[s] = CardSet::from_cards(h.iter().copied());
        }
        for (i, &c) in p.stock.iter().enumerate() {
            g.cachette[i] = c;
        }
        g.cachette_len = p.stock.len() as u8;
        for (i, &b) in bids.iter().enumerate() {
            g.bids[i] = b;
        }
        g.bid_count = bids.len() as u8;
        g.doubling = state;
        if played.len() > MAX_PLAYED {
            return Err("the position does not fit the rules".to_string());
        }
        for (i, &c) in played.iter().enumerate() {
            g.played[i] = c;
        }
        g.played_len = played.len() as u8;
        g.piles = piles;
        for (side, (won, pile)) in g.tricks_won.iter_mut().zip(trick_piles).enumerate() {
            let cachette_won =
                !taken.is_empty() && p.last_capturer.is_some_and(|lc| (lc % 2) as usize == side);
            *won = (pile.len() / PLAYERS as u32) as u8 + cachette_won as u8;
        }
        g.quints = p.quints;
        g.last_capturer = p.last_capturer;
        g.scores = p.scores;
        g.winner = if over { winner } else { None };
        Ok(g)
    }
}
