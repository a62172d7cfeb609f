//! Any rule set, any move, any game: the one `Rules`, `Move` and `Game` of the Python API
//! over every family of the registry (`crate::families`, whose enums are re-exported
//! here). Here is the dispatch, written once with the registry's macros, and what lies
//! between families: the decks, the rules table, a move of one family offered to a game
//! of another.

use crate::bots::{Bot, BotSpec, Ranked, Stopped};
use crate::events::Events;
use crate::families::{each_family, rule_set_names, same_family};
pub use crate::families::{AnyDeal, AnyGame, AnyMove, AnyMoves, AnyObservation, RuleSet};
use crate::fifteen;
use crate::quinte;
use crate::rng::SplitMix64;
use crate::ruleargs::{unknown_rule_set_message, Arg, OptionValue};
use crate::search::{solve_with, Ask, Limits, Solution};
use crate::state::{Deal, GameRules, State};
use crate::Error;

/// The two decks: the 40-card baraja and the 52 cards + joker of quinte.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Deck {
    Baraja,
    Quinte,
}

impl Deck {
    /// The deck when none is named.
    pub const DEFAULT: Deck = Deck::Baraja;

    pub fn name(self) -> &'static str {
        match self {
            Deck::Baraja => "baraja",
            Deck::Quinte => "quinte",
        }
    }

    pub fn parse(name: &str) -> Option<Deck> {
        match name {
            "baraja" => Some(Deck::Baraja),
            "quinte" => Some(Deck::Quinte),
            _ => None,
        }
    }

    pub fn size(self) -> u8 {
        match self {
            Deck::Baraja => crate::cards::DECK_SIZE as u8,
            Deck::Quinte => quinte::cards::DECK_SIZE as u8,
        }
    }
}

/// Every card of every deck: the baraja's 40, then quinte's 53 (`AnyCard::index`).
pub const ALL_CARDS: usize = crate::cards::DECK_SIZE + quinte::cards::DECK_SIZE;

/// The message for a deck name that is neither; `shown` is the value as Python's repr.
pub fn unknown_deck_message(shown: &str) -> String {
    format!("unknown deck {shown}: choose baraja or quinte")
}

/// The message for a value that is no card of `deck`; `shown` is the value as Python's
/// repr, `text` the value when it is a str: baraja text that is a quinte card gets a word
/// about the deck.
pub fn bad_card_message(shown: &str, text: Option<&str>, deck: Deck) -> String {
    match deck {
        Deck::Baraja => {
            let other = text.is_some_and(|t| quinte::Card::parse(t).is_ok());
            let hint = if other { QUINTE_HINT } else { "" };
            format!("{}{hint}", crate::cards::bad_card_message_shown(shown))
        }
        Deck::Quinte => quinte::cards::bad_card_message_shown(shown),
    }
}

/// Said of baraja text that is a card of the quinte deck.
const QUINTE_HINT: &str = "; it is a quinte card: pass deck='quinte'";

/// A card of either deck.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum AnyCard {
    Baraja(crate::cards::Card),
    Quinte(quinte::Card),
}

impl AnyCard {
    pub fn deck(self) -> Deck {
        match self {
            AnyCard::Baraja(_) => Deck::Baraja,
            AnyCard::Quinte(_) => Deck::Quinte,
        }
    }

    pub fn id(self) -> u8 {
        match self {
            AnyCard::Baraja(c) => c.id(),
            AnyCard::Quinte(c) => c.id(),
        }
    }

    pub fn from_id(id: u8, deck: Deck) -> Option<AnyCard> {
        match deck {
            Deck::Baraja => crate::cards::Card::from_id(id).map(AnyCard::Baraja),
            Deck::Quinte => quinte::Card::from_id(id).map(AnyCard::Quinte),
        }
    }

    /// Card text in a deck's notation (`bad_card_message` when it cannot be read).
    pub fn parse(text: &str, deck: Deck) -> Result<AnyCard, String> {
        let card = match deck {
            Deck::Baraja => crate::cards::Card::parse(text).ok().map(AnyCard::Baraja),
            Deck::Quinte => quinte::Card::parse(text).ok().map(AnyCard::Quinte),
        };
        card.ok_or_else(|| bad_card_message(&crate::pyrepr::quoted(text), Some(text), deck))
    }

    /// The card's place among `ALL_CARDS`: the baraja's, then quinte's, each in id order.
    #[inline]
    pub fn index(self) -> usize {
        match self {
            AnyCard::Baraja(c) => c.id() as usize,
            AnyCard::Quinte(c) => crate::cards::DECK_SIZE + c.id() as usize,
        }
    }

    /// The card of place `index` among `ALL_CARDS`.
    pub fn from_index(index: usize) -> Option<AnyCard> {
        let quinte = index.checked_sub(crate::cards::DECK_SIZE);
        match quinte {
            None => AnyCard::from_id(index as u8, Deck::Baraja),
            Some(id) => u8::try_from(id)
                .ok()
                .and_then(|id| AnyCard::from_id(id, Deck::Quinte)),
        }
    }

    /// The suit letter, or None (quinte's joker).
    pub fn suit(self) -> Option<char> {
        match self {
            AnyCard::Baraja(c) => Some(c.suit_char()),
            AnyCard::Quinte(c) => c.suit_char(),
        }
    }

    /// The rank as printed on the card (the joker's is 0).
    pub fn rank(self) -> u8 {
        match self {
            AnyCard::Baraja(c) => c.printed(),
            AnyCard::Quinte(c) => c.rank(),
        }
    }

    pub fn is_joker(self) -> bool {
        matches!(self, AnyCard::Quinte(c) if c.is_joker())
    }

    /// The message when this card is given where a card of `deck` is expected.
    pub fn wrong_deck_message(self, deck: Deck) -> String {
        format!(
            "{self} is a {} card, not a {} card",
            self.deck().name(),
            deck.name()
        )
    }
}

impl std::fmt::Display for AnyCard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AnyCard::Baraja(c) => write!(f, "{c}"),
            AnyCard::Quinte(c) => write!(f, "{c}"),
        }
    }
}

/// A rule set's row as the Python `rule_sets()` lists it: both families in one shape.
#[derive(Clone, Debug, PartialEq)]
pub struct RuleSetInfo {
    pub name: &'static str,
    pub family: &'static str,
    pub deck: Deck,
    pub players: Vec<u8>,
    pub default_target: u64,
    /// The points a deal typically hands out, all sides together.
    pub deal_points: u64,
    pub capture_total: Option<u8>,
    pub values: Option<[u8; 10]>,
    pub scoring: &'static str,
    pub win: &'static str,
    pub sweeps: bool,
    pub has_opening_capture: bool,
    /// The options with their defaults, in documented order.
    pub options: Vec<(&'static str, OptionValue)>,
}

/// Every rule set, in the order of `families::rule_set_names`.
pub fn rule_sets() -> Vec<RuleSetInfo> {
    let mut out: Vec<RuleSetInfo> = fifteen::rules::ROWS
        .iter()
        .map(|r| RuleSetInfo {
            name: r.name,
            family: "fifteen",
            deck: Deck::Baraja,
            players: fifteen::rules::PLAYERS.to_vec(),
            default_target: r.default_target,
            deal_points: r.deal_points,
            capture_total: Some(r.capture_total),
            values: Some(r.values),
            scoring: r.scoring.name(),
            win: r.win.name(),
            sweeps: r.sweeps,
            has_opening_capture: r.has_opening_capture,
            options: r.options.to_vec(),
        })
        .collect();
    let q = quinte::rules::ROW;
    out.push(RuleSetInfo {
        name: q.name,
        family: "quinte",
        deck: Deck::Quinte,
        players: vec![q.players],
        default_target: q.default_target,
        deal_points: q.deal_points,
        capture_total: None,
        values: None,
        scoring: q.scoring,
        win: q.win,
        sweeps: false,
        has_opening_capture: false,
        options: vec![],
    });
    out
}

impl RuleSet {
    /// `Rules(name, players, target, **options)` with the reference's checks in its order;
    /// `name` None means left out (quinza).
    pub fn from_args(
        name: Option<&Arg>,
        players: &Arg,
        target: &Arg,
        options: &[(Arg, Arg)],
    ) -> Result<RuleSet, Error> {
        if let Some(rules) = RuleSet::of_family(name, players, target, options) {
            return rules;
        }
        match name {
            // No name: the first family's first rule set (quinza).
            None => fifteen::Rules::from_args(None, players, target, options).map(RuleSet::Fifteen),
            Some(n) => Err(Error::Value(unknown_rule_set_message(
                &n.repr,
                &rule_set_names(),
            ))),
        }
    }

    /// The rule set `Rules()` and `Game()` take when none is named (quinza).
    pub fn default_name() -> &'static str {
        fifteen::rules::Variant::DEFAULT.name()
    }

    pub fn name(&self) -> &'static str {
        each_family!(self, RuleSet, r => r.name())
    }

    pub fn players(&self) -> u8 {
        each_family!(self, RuleSet, r => GameRules::players(r))
    }

    pub fn target(&self) -> u64 {
        each_family!(self, RuleSet, r => r.target())
    }

    pub fn sides(&self) -> u8 {
        each_family!(self, RuleSet, r => GameRules::sides(r))
    }

    pub fn deck(&self) -> Deck {
        match self {
            RuleSet::Fifteen(_) => Deck::Baraja,
            RuleSet::Quinte(_) => Deck::Quinte,
        }
    }

    /// The sum a capture makes (None outside the fifteen family).
    pub fn capture_total(&self) -> Option<u8> {
        match self {
            RuleSet::Fifteen(r) => Some(r.capture_total()),
            RuleSet::Quinte(_) => None,
        }
    }

    /// The values of the ten ranks (None outside the fifteen family).
    pub fn values(&self) -> Option<&'static [u8; 10]> {
        match self {
            RuleSet::Fifteen(r) => Some(r.values()),
            RuleSet::Quinte(_) => None,
        }
    }

    /// The options with their values now, in documented order (none for quinte).
    pub fn options(&self) -> Vec<(&'static str, OptionValue)> {
        match self {
            RuleSet::Fifteen(r) => r.options(),
            RuleSet::Quinte(_) => vec![],
        }
    }

    pub fn repr(&self) -> String {
        each_family!(self, RuleSet, r => GameRules::repr(r))
    }

    /// The rules object of the JSON text.
    pub fn json(&self) -> String {
        each_family!(self, RuleSet, r => GameRules::json(r))
    }
}

impl std::fmt::Display for AnyMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        each_family!(self, AnyMove, m => write!(f, "{m}"))
    }
}

impl AnyMove {
    /// The deck the move's cards are of.
    pub fn deck(self) -> Deck {
        match self {
            AnyMove::Fifteen(_) => Deck::Baraja,
            AnyMove::Quinte(_) => Deck::Quinte,
        }
    }

    /// The card played, or None for a bid.
    pub fn card(self) -> Option<AnyCard> {
        match self {
            AnyMove::Fifteen(m) => Some(AnyCard::Baraja(m.card)),
            AnyMove::Quinte(m) => m.card().map(AnyCard::Quinte),
        }
    }

    /// The cards captured (none in quinte).
    pub fn captures(self) -> AnyCardSet {
        match self {
            AnyMove::Fifteen(m) => AnyCardSet::Baraja(m.captures),
            AnyMove::Quinte(_) => AnyCardSet::Quinte(quinte::CardSet::EMPTY),
        }
    }

    /// The bid's word, or None for a card played.
    pub fn bid_word(self) -> Option<&'static str> {
        match self {
            AnyMove::Quinte(quinte::Move::Bid(b)) => Some(b.word()),
            _ => None,
        }
    }

    /// The bid `word` (any case) names in `deck`, if its family bids.
    pub fn bid(word: &str, deck: Deck) -> Option<AnyMove> {
        match deck {
            Deck::Baraja => None,
            Deck::Quinte => quinte::Bid::parse(word).map(|b| AnyMove::Quinte(quinte::Move::Bid(b))),
        }
    }

    /// Do the moves of `deck` capture cards?
    pub fn captures_in(deck: Deck) -> bool {
        deck == Deck::Baraja
    }

    /// The move of a card played and the cards it captures, read in the card's deck (a
    /// quinte card captures nothing); a card given twice is an error naming the move's text.
    pub fn from_parts(card: AnyCard, captures: &[AnyCard]) -> Result<AnyMove, String> {
        match card {
            AnyCard::Baraja(c) => {
                let taken: Vec<crate::cards::Card> = captures
                    .iter()
                    .filter_map(|t| match t {
                        AnyCard::Baraja(t) => Some(*t),
                        AnyCard::Quinte(_) => None,
                    })
                    .collect();
                fifteen::Move::from_parts(c, &taken).map(AnyMove::Fifteen)
            }
            AnyCard::Quinte(c) => Ok(AnyMove::Quinte(quinte::Move::Card(c))),
        }
    }

    /// Move text read in `deck`: Err(Some(message)) says what is wrong in full, Err(None)
    /// is text of no move (`bad_move_message`).
    pub fn parse(text: &str, deck: Deck) -> Result<AnyMove, Option<String>> {
        match deck {
            Deck::Baraja => match fifteen::Move::parse_detailed(text) {
                Ok(m) => Ok(AnyMove::Fifteen(m)),
                Err(fifteen::moves::MoveTextError::Twice(message)) => Err(Some(message)),
                Err(fifteen::moves::MoveTextError::Malformed) => Err(None),
            },
            Deck::Quinte => quinte::Move::parse(text)
                .map(AnyMove::Quinte)
                .map_err(|_| None),
        }
    }

    /// The message for text that is no move of `deck`; `shown` is the value as Python's repr.
    pub fn bad_move_message(shown: &str, deck: Deck) -> String {
        match deck {
            Deck::Baraja => fifteen::moves::bad_move_message_shown(shown),
            Deck::Quinte => quinte::moves::bad_move_message_shown(shown),
        }
    }

    /// The moves few enough to be made once and shared (quinte's 53 cards, then its 3
    /// bids), in the order of `shared_index`; a fifteen move, with its captures, is not.
    pub fn shared() -> Vec<AnyMove> {
        let cards = (0..quinte::cards::DECK_SIZE as u8)
            .filter_map(quinte::Card::from_id)
            .map(quinte::Move::Card);
        let bids = quinte::moves::BIDS.into_iter().map(quinte::Move::Bid);
        cards.chain(bids).map(AnyMove::Quinte).collect()
    }

    /// The move's place in `shared`, or None for a move not shared.
    #[inline]
    pub fn shared_index(self) -> Option<usize> {
        match self {
            AnyMove::Fifteen(_) => None,
            AnyMove::Quinte(quinte::Move::Card(c)) => Some(c.id() as usize),
            AnyMove::Quinte(quinte::Move::Bid(b)) => Some(quinte::cards::DECK_SIZE + b as usize),
        }
    }

    /// A hash of the move: equal moves alike, distinct moves of one deck apart.
    pub fn hash_key(self) -> u64 {
        match self {
            // played card id in the top byte, the captured bitset below (40 bits)
            AnyMove::Fifteen(m) => ((m.card.id() as u64) << 56) ^ m.captures.0,
            AnyMove::Quinte(quinte::Move::Card(c)) => (1 << 48) | c.id() as u64,
            AnyMove::Quinte(quinte::Move::Bid(b)) => (2 << 48) | b as u64,
        }
    }
}

/// A set of cards of either deck.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AnyCardSet {
    Baraja(crate::cards::CardSet),
    Quinte(quinte::CardSet),
}

impl AnyCardSet {
    /// The cards in id order.
    pub fn cards(self) -> Vec<AnyCard> {
        match self {
            AnyCardSet::Baraja(s) => s.iter().map(AnyCard::Baraja).collect(),
            AnyCardSet::Quinte(s) => s.iter().map(AnyCard::Quinte).collect(),
        }
    }

    pub fn len(self) -> u32 {
        match self {
            AnyCardSet::Baraja(s) => s.len(),
            AnyCardSet::Quinte(s) => s.len(),
        }
    }

    pub fn is_empty(self) -> bool {
        self.len() == 0
    }
}

impl AnyDeal {
    pub fn deal_number(&self) -> u64 {
        each_family!(self, AnyDeal, d => Deal::deal_number(d))
    }
    pub fn dealer(&self) -> u8 {
        each_family!(self, AnyDeal, d => Deal::dealer(d))
    }
    /// Per side: the points this deal added to the match.
    pub fn points(&self) -> &[u64] {
        each_family!(self, AnyDeal, d => Deal::points(d))
    }
    /// Per side: every card the side ended the deal with.
    pub fn piles(&self) -> Vec<AnyCardSet> {
        match self {
            AnyDeal::Fifteen(d) => d.piles[..d.sides as usize]
                .iter()
                .map(|p| AnyCardSet::Baraja(*p))
                .collect(),
            AnyDeal::Quinte(d) => d.piles.iter().map(|p| AnyCardSet::Quinte(*p)).collect(),
        }
    }
    /// Per side: what explains the points, as (key, value) in the documented order.
    pub fn details(&self) -> Vec<Vec<(&'static str, u64)>> {
        match self {
            AnyDeal::Fifteen(d) => d.details[..d.sides as usize]
                .iter()
                .map(|det| det.items())
                .collect(),
            AnyDeal::Quinte(d) => (0..2)
                .map(|s| vec![("quints", d.quints[s]), ("tricks", d.tricks[s])])
                .collect(),
        }
    }
    /// Per side (escoba; 0 elsewhere).
    pub fn escobas(&self) -> &[u64] {
        match self {
            AnyDeal::Fifteen(d) => &d.escobas[..d.sides as usize],
            AnyDeal::Quinte(d) => &d.escobas,
        }
    }
    pub fn last_capturer(&self) -> Option<u8> {
        each_family!(self, AnyDeal, d => d.last_capturer)
    }
}

impl PartialEq for AnyDeal {
    /// Equal when everything a caller can read is equal.
    fn eq(&self, other: &AnyDeal) -> bool {
        same_family!((self, AnyDeal, _a), (other, AnyDeal, _b) => true, else false)
            && self.deal_number() == other.deal_number()
            && self.dealer() == other.dealer()
            && self.piles() == other.piles()
            && self.points() == other.points()
            && self.details() == other.details()
            && self.escobas() == other.escobas()
            && self.last_capturer() == other.last_capturer()
    }
}

/// Methods of `State` on `AnyGame`, forwarded to the family's game.
macro_rules! forward {
    ($($(#[$doc:meta])* fn $name:ident(&self $(, $arg:ident: $ty:ty)*) -> $ret:ty;)*) => {
        $(
            $(#[$doc])*
            #[inline]
            pub fn $name(&self $(, $arg: $ty)*) -> $ret {
                each_family!(self, AnyGame, g => State::$name(g $(, $arg)*))
            }
        )*
    };
}

impl AnyGame {
    pub fn new(rules: RuleSet, seed: u64) -> AnyGame {
        AnyGame::new_recording(rules, seed, &mut crate::events::NoEvents)
    }

    /// `new`, telling `events` what happened before the first move.
    pub fn new_recording(rules: RuleSet, seed: u64, events: &mut impl Events) -> AnyGame {
        each_family!(rules, RuleSet, r, G => G::new_recording(r, seed, events).into())
    }

    forward! {
        /// The seat to act, or None when the match is over.
        fn turn(&self) -> Option<u8>;
        fn is_over(&self) -> bool;
        fn dealer(&self) -> u8;
        fn deal_number(&self) -> u64;
        fn scores(&self) -> &[u64];
        fn winner(&self) -> Option<u8>;
        fn side_of(&self, seat: u8) -> u8;
        fn count_legal_moves(&self) -> u64;
    }

    pub fn rules(&self) -> RuleSet {
        each_family!(self, AnyGame, g => (*g.rules()).into())
    }

    /// The quinte game, when this is one: what only quinte has is read through it.
    pub fn quinte(&self) -> Option<&quinte::Game> {
        match self {
            AnyGame::Quinte(g) => Some(g),
            AnyGame::Fifteen(_) => None,
        }
    }

    /// The hand of a seat (empty for a seat that does not exist).
    pub fn hand(&self, seat: u8) -> AnyCardSet {
        match self {
            AnyGame::Fifteen(g) => AnyCardSet::Baraja(g.hand(seat)),
            AnyGame::Quinte(g) => AnyCardSet::Quinte(g.hand(seat)),
        }
    }

    /// The cards face up (quinte: the cards of the trick in progress).
    pub fn table(&self) -> AnyCardSet {
        match self {
            AnyGame::Fifteen(g) => AnyCardSet::Baraja(g.table()),
            AnyGame::Quinte(g) => AnyCardSet::Quinte(g.table()),
        }
    }

    /// The cards a side has captured (quinte: won) in this deal.
    pub fn pile(&self, side: u8) -> AnyCardSet {
        match self {
            AnyGame::Fifteen(g) => AnyCardSet::Baraja(g.pile(side)),
            AnyGame::Quinte(g) => AnyCardSet::Quinte(g.pile(side)),
        }
    }

    /// Cards still to be dealt (quinte: cachette cards not yet taken).
    pub fn stock_len(&self) -> usize {
        each_family!(self, AnyGame, g => g.stock_len())
    }

    /// Escobas per side in this deal (0 outside escoba).
    pub fn escobas(&self) -> Vec<u64> {
        match self {
            AnyGame::Fifteen(g) => g.escobas().to_vec(),
            AnyGame::Quinte(_) => vec![0; quinte::rules::SIDES as usize],
        }
    }

    pub fn last_capturer(&self) -> Option<u8> {
        each_family!(self, AnyGame, g => g.last_capturer())
    }

    /// The newest finished deal, if any.
    pub fn last_deal(&self) -> Option<AnyDeal> {
        each_family!(self, AnyGame, g => g.deals().last().map(|d| (*d).into()))
    }

    pub fn deals(&self) -> Vec<AnyDeal> {
        each_family!(self, AnyGame, g => g.deals().iter().map(|d| (*d).into()).collect())
    }

    /// What `seat` may know (a seat of the rules).
    pub fn observation(&self, seat: u8) -> AnyObservation {
        each_family!(self, AnyGame, g => State::observation(g, seat).into())
    }

    /// Why a move is illegal, or None. A move of the other deck is refused right after
    /// "the match is over".
    pub fn illegal_reason(&self, mv: &AnyMove) -> Option<String> {
        if self.turn().is_none() {
            return Some("the match is over".to_string());
        }
        same_family!((self, AnyGame, g), (mv, AnyMove, m) => State::illegal_reason(g, m),
            else Some(self.foreign_move_message(mv)))
    }

    /// Why a move of another family is no move here: a bid is no move of the fifteen
    /// family, a card is of the other deck.
    fn foreign_move_message(&self, mv: &AnyMove) -> String {
        match mv {
            AnyMove::Quinte(quinte::Move::Bid(b)) => {
                format!(
                    "{b} is a bid of quinte, not a move of {}",
                    self.rules().name()
                )
            }
            AnyMove::Quinte(quinte::Move::Card(c)) => {
                AnyCard::Quinte(*c).wrong_deck_message(self.rules().deck())
            }
            AnyMove::Fifteen(m) => AnyCard::Baraja(m.card).wrong_deck_message(self.rules().deck()),
        }
    }

    pub fn is_legal(&self, mv: &AnyMove) -> bool {
        self.illegal_reason(mv).is_none()
    }

    /// `play`, telling `events` what happened (docs/reference/events.md "Events"); an illegal
    /// move is an error, changes nothing and tells nothing.
    pub fn play_recording(&mut self, mv: &AnyMove, events: &mut impl Events) -> Result<(), Error> {
        if let Some(reason) = self.illegal_reason(mv) {
            return Err(Error::Illegal(reason));
        }
        // illegal_reason refuses a move of another family.
        same_family!((self, AnyGame, g), (mv, AnyMove, m) => g.apply_recording(*m, events), else {});
        Ok(())
    }

    /// `State::check_mover`: an error when `seat` is not the seat to act.
    pub fn check_mover(&self, seat: u8) -> Result<(), Error> {
        each_family!(self, AnyGame, g => g.check_mover(seat))
    }

    /// Play a move; an illegal one is an error and changes nothing.
    pub fn play(&mut self, mv: &AnyMove) -> Result<(), Error> {
        let own = same_family!((&*self, AnyGame, _g), (mv, AnyMove, _m) => true, else false);
        if !own {
            let reason = self.illegal_reason(mv);
            return Err(Error::Illegal(
                reason.unwrap_or_else(|| self.foreign_move_message(mv)),
            ));
        }
        same_family!((self, AnyGame, g), (mv, AnyMove, m) => State::play(g, m), else Ok(()))
    }

    /// `f` over the legal moves in their documented order, listed once in the family's
    /// own moves (no second list of `AnyMove`s: the bindings build Python objects from it).
    pub fn with_legal_moves<R>(&self, f: impl FnOnce(&mut dyn Iterator<Item = AnyMove>) -> R) -> R {
        each_family!(self, AnyGame, g => f(&mut State::legal_moves(g).into_iter().map(Into::into)))
    }

    pub fn legal_moves(&self) -> Vec<AnyMove> {
        each_family!(self, AnyGame, g => State::legal_moves(g).into_iter().map(Into::into).collect())
    }

    pub fn to_json(&self) -> String {
        match self {
            AnyGame::Fifteen(g) => fifteen::json::to_json(g),
            AnyGame::Quinte(g) => quinte::json::to_json(g),
        }
    }

    /// Read a game of either family; a JSON object whose `rules.name` is "quinte" is read
    /// with the quinte layout. Every error starts `invalid game JSON: `.
    pub fn from_json(text: &str) -> Result<AnyGame, Error> {
        let data = crate::jsontext::game_value(text)?;
        let game = if quinte::json::is_quinte(&data) {
            quinte::json::read_value(&data).map(AnyGame::Quinte)
        } else {
            fifteen::json::read_value(&data, &rule_set_names()).map(AnyGame::Fifteen)
        };
        game.map_err(crate::jsontext::invalid_game_json)
    }

    /// The move a core bot `spec` drawing from `rng` makes, or None when the match is
    /// over; a search asks `stop` now and then and gives up when it says so, leaving `rng`
    /// as it was (`Bot::choose_or_stop`).
    pub fn bot_move(
        &self,
        spec: &BotSpec,
        rng: &mut SplitMix64,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<Option<AnyMove>, Stopped> {
        fn choose<G: crate::state::Searchable>(
            spec: &BotSpec,
            rng: &mut SplitMix64,
            g: &G,
            stop: &mut dyn FnMut() -> bool,
        ) -> Result<Option<G::Move>, Stopped> {
            let mut bot = Bot::<G::Move>::new(spec.clone(), 0);
            bot.rng = *rng;
            let mv = bot.choose_or_stop(g, stop);
            *rng = bot.rng;
            mv
        }
        Ok(each_family!(self, AnyGame, g => choose(spec, rng, g, stop)?.map(Into::into)))
    }

    /// `Policy::check` of a bot for this game's rules: Ok when it can play the game.
    pub fn check_bot(&self, spec: &BotSpec) -> Result<(), Error> {
        each_family!(self, AnyGame, g, G => spec.check::<G>(g.rules()))
    }

    /// A search bot's estimate of every legal move (`Bot::analyse`), drawing from `rng`;
    /// None when the match is over or the bot has no estimates; stopped as `bot_move` is.
    pub fn bot_analysis(
        &self,
        spec: &BotSpec,
        rng: &mut SplitMix64,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<Option<Ranked<AnyMove>>, Stopped> {
        fn analyse<G: crate::state::Searchable>(
            spec: &BotSpec,
            rng: &mut SplitMix64,
            g: &G,
            stop: &mut dyn FnMut() -> bool,
        ) -> Result<Option<Ranked<G::Move>>, Stopped> {
            let mut bot = Bot::<G::Move>::new(spec.clone(), 0);
            bot.rng = *rng;
            let out = bot.analyse_or_stop(g, stop);
            *rng = bot.rng;
            out
        }
        fn wrap<M: Into<AnyMove>>(v: Vec<(M, f64)>) -> Vec<(AnyMove, f64)> {
            v.into_iter().map(|(m, x)| (m.into(), x)).collect()
        }
        Ok(each_family!(self, AnyGame, g => analyse(spec, rng, g, stop)?.map(wrap)))
    }

    /// A world for `seat` (`Searchable::sample_world`) drawn from `rng`.
    pub fn sample_world(&self, seat: u8, rng: &mut SplitMix64) -> AnyGame {
        each_family!(self, AnyGame, g => g.sample_world(seat, rng).into())
    }

    /// A copy for search (`Searchable::search_copy`): no records of finished deals.
    pub fn search_copy(&self) -> AnyGame {
        each_family!(self, AnyGame, g => g.search_copy().into())
    }

    /// `search::solve_with` on the family's game, its moves as `AnyMove`s.
    pub fn solve_with(
        &self,
        limits: &Limits,
        ask: Ask,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<Solution<AnyMove>, Error> {
        fn wrap<M: Into<AnyMove>>(s: Solution<M>) -> Solution<AnyMove> {
            Solution {
                value: s.value,
                moves: s.moves.into_iter().map(|(m, v)| (m.into(), v)).collect(),
                nodes: s.nodes,
            }
        }
        Ok(each_family!(self, AnyGame, g => wrap(solve_with(g, limits, ask, stop)?)))
    }

    /// The text drawing of `str(game)`.
    pub fn describe(&self) -> String {
        each_family!(self, AnyGame, g => g.describe())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleargs::ArgKind;

    fn name(s: &str) -> Arg {
        Arg::new(ArgKind::Str(s.into()), crate::pyrepr::py_repr_str(s))
    }

    #[test]
    fn rule_sets_by_name_and_the_message_naming_all_four() {
        let m = Arg::missing();
        let q = RuleSet::from_args(Some(&name("quinte")), &m, &m, &[]).unwrap();
        assert_eq!(
            (q.name(), q.players(), q.sides(), q.target(), q.deck()),
            ("quinte", 4, 2, 250, Deck::Quinte)
        );
        let z = RuleSet::from_args(None, &m, &m, &[]).unwrap();
        assert_eq!((z.name(), z.deck()), ("quinza", Deck::Baraja));
        assert_eq!(
            RuleSet::from_args(Some(&name("whist")), &m, &m, &[]).unwrap_err(),
            Error::Value(unknown_rule_set_message("'whist'", &rule_set_names()))
        );
        // The one list of names, as the message has always read.
        assert_eq!(
            unknown_rule_set_message("'whist'", &rule_set_names()),
            "unknown rule set 'whist': choose quinza, rb3ine, escoba or quinte"
        );
        let rows = rule_sets();
        let names: Vec<&str> = rows.iter().map(|r| r.name).collect();
        assert_eq!(names, ["quinza", "rb3ine", "escoba", "quinte"]);
        assert_eq!(
            names,
            rule_set_names(),
            "the rows in the order of the names"
        );
        assert_eq!(rows[1].capture_total, Some(40));
        assert_eq!(rows[2].values, Some(crate::cards::VALUE_ESCOBA));
        assert_eq!(
            (rows[2].default_target, rows[2].scoring, rows[2].win),
            (21, "categories", "target_and_lead_of_2")
        );
        assert_eq!(
            (rows[3].players.clone(), rows[3].capture_total),
            (vec![4], None)
        );
    }

    #[test]
    fn baraja_text_of_a_quinte_card_says_which_deck() {
        let ah = AnyCard::parse("Ah", Deck::Baraja).unwrap_err();
        assert!(
            ah.ends_with("; it is a quinte card: pass deck='quinte'"),
            "{ah}"
        );
        assert_eq!(
            ah,
            format!("{}{QUINTE_HINT}", crate::cards::bad_card_message("Ah"))
        );
        let nine = AnyCard::parse("9o", Deck::Baraja).unwrap_err();
        assert_eq!(nine, crate::cards::bad_card_message("9o"));
        assert_eq!(
            AnyCard::parse("Ah", Deck::Quinte).unwrap().to_string(),
            "Ah"
        );
    }

    #[test]
    fn a_move_of_the_other_deck_is_refused_after_the_match_over_check() {
        let m = Arg::missing();
        let quinza = RuleSet::from_args(Some(&name("quinza")), &m, &m, &[]).unwrap();
        let quinte = RuleSet::from_args(Some(&name("quinte")), &m, &m, &[]).unwrap();
        let mut g = AnyGame::new(quinza, 1);
        let before = g.to_json();
        let bid = AnyMove::Quinte(quinte::Move::parse("pass").unwrap());
        let ah = AnyMove::Quinte(quinte::Move::parse("Ah").unwrap());
        assert_eq!(
            g.play(&bid).unwrap_err(),
            Error::Illegal("pass is a bid of quinte, not a move of quinza".into())
        );
        assert_eq!(
            g.play(&ah).unwrap_err(),
            Error::Illegal("Ah is a quinte card, not a baraja card".into())
        );
        assert_eq!(g.to_json(), before);
        let mut g = AnyGame::new(quinte, 1);
        let seven = AnyMove::Fifteen(fifteen::Move::parse("7o x 1c").unwrap());
        assert_eq!(
            g.play(&seven).unwrap_err(),
            Error::Illegal("7o is a baraja card, not a quinte card".into())
        );
        let back = AnyGame::from_json(&g.to_json()).unwrap();
        assert!(matches!(back, AnyGame::Quinte(_)));
        assert_eq!(back.to_json(), g.to_json());
        // The rule set's name is read in any case in a game's JSON too, as `Rules` reads it.
        let shouted = g
            .to_json()
            .replace("\"name\":\"quinte\"", "\"name\":\"Quinte\"");
        assert_ne!(shouted, g.to_json());
        assert_eq!(AnyGame::from_json(&shouted).unwrap().to_json(), g.to_json());
    }
}
