//! Any rule set, any move, any game: the one `Rules`, `Move` and `Game` of the Python API
//! over the two engines, the fifteen family and quinte. Here is only the dispatch and
//! what lies between the two (a move of one deck offered to a game of the other).

use crate::bots::{Bot, BotSpec, Ranked, Stopped};
use crate::events::Events;
use crate::fifteen;
use crate::fifteen::rules::{Arg, ArgKind};
use crate::quinte;
use crate::rng::SplitMix64;
use crate::search::{solve_with, Ask, Limits, Solution};
use crate::state::{Deal, State};
use crate::Error;
use serde_json::Value;

/// `$body` with `$g` bound to the value of either family.
macro_rules! each_family {
    ($value:expr, $enum:ident, $g:ident => $body:expr) => {
        match $value {
            $enum::Fifteen($g) => $body,
            $enum::Quinte($g) => $body,
        }
    };
}

/// The two decks: the 40-card baraja and the 52 cards + joker of quinte.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Deck {
    Baraja,
    Quinte,
}

impl Deck {
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

/// The message for a deck name that is neither; `shown` is the value as Python's repr.
pub fn unknown_deck_message(shown: &str) -> String {
    format!("unknown deck {shown}: choose baraja or quinte")
}

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

    /// Card text in a deck's notation (the deck's own message when it cannot be read).
    pub fn parse(text: &str, deck: Deck) -> Result<AnyCard, String> {
        match deck {
            Deck::Baraja => crate::cards::Card::parse(text).map(AnyCard::Baraja),
            Deck::Quinte => quinte::Card::parse(text).map(AnyCard::Quinte),
        }
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

/// Every rule set's name, in the order messages list them: the fifteen family's rows,
/// then quinte.
pub fn rule_set_names() -> impl Iterator<Item = &'static str> {
    fifteen::rules::ROWS
        .iter()
        .map(|r| r.name)
        .chain(std::iter::once(quinte::rules::ROW.name))
}

/// The message for a name that is no rule set; `shown` is the name as Python's repr.
pub fn unknown_rule_set_message(shown: &str) -> String {
    let names: Vec<&str> = rule_set_names().collect();
    format!(
        "unknown rule set {shown}: choose {}",
        crate::pyrepr::or_list(&names)
    )
}

/// A rule set's row as the Python `rule_sets()` lists it: both families in one shape.
#[derive(Clone, Debug, PartialEq)]
pub struct RuleSetInfo {
    pub name: &'static str,
    pub family: &'static str,
    pub deck: Deck,
    pub players: Vec<u8>,
    pub default_target: u64,
    pub capture_total: Option<u8>,
    pub values: Option<[u8; 10]>,
    pub scoring: &'static str,
    pub win: &'static str,
    pub sweeps: bool,
    pub has_opening_capture: bool,
    /// The options with their defaults, in documented order.
    pub options: Vec<(&'static str, fifteen::rules::OptionValue)>,
}

/// Every rule set, in the order of `rule_set_names`.
pub fn rule_sets() -> Vec<RuleSetInfo> {
    let mut out: Vec<RuleSetInfo> = fifteen::rules::ROWS
        .iter()
        .map(|r| RuleSetInfo {
            name: r.name,
            family: "fifteen",
            deck: Deck::Baraja,
            players: fifteen::rules::PLAYERS.to_vec(),
            default_target: r.default_target,
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

/// One validated rule set of either family.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum RuleSet {
    Fifteen(fifteen::Rules),
    Quinte(quinte::Rules),
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
        if let Some(Arg {
            kind: ArgKind::Str(s),
            ..
        }) = name
        {
            // A rule set's name is read in any case, as card text is (ASCII letters only).
            if s.eq_ignore_ascii_case(quinte::rules::NAME) {
                return quinte::Rules::from_args(players, target, options).map(RuleSet::Quinte);
            }
        }
        fifteen::Rules::from_args(name, players, target, options).map(RuleSet::Fifteen)
    }

    pub fn name(&self) -> &'static str {
        match self {
            RuleSet::Fifteen(r) => r.name(),
            RuleSet::Quinte(_) => quinte::rules::NAME,
        }
    }

    pub fn players(&self) -> u8 {
        match self {
            RuleSet::Fifteen(r) => r.players,
            RuleSet::Quinte(r) => r.players(),
        }
    }

    pub fn target(&self) -> u64 {
        match self {
            RuleSet::Fifteen(r) => r.target,
            RuleSet::Quinte(r) => r.target,
        }
    }

    pub fn sides(&self) -> u8 {
        match self {
            RuleSet::Fifteen(r) => r.sides(),
            RuleSet::Quinte(r) => r.sides(),
        }
    }

    pub fn deck(&self) -> Deck {
        match self {
            RuleSet::Fifteen(_) => Deck::Baraja,
            RuleSet::Quinte(_) => Deck::Quinte,
        }
    }

    pub fn repr(&self) -> String {
        match self {
            RuleSet::Fifteen(r) => r.repr(),
            RuleSet::Quinte(r) => r.repr(),
        }
    }

    /// The rules object of the JSON text.
    pub fn json(&self) -> String {
        match self {
            RuleSet::Fifteen(r) => fifteen::json::rules_json(r),
            RuleSet::Quinte(r) => r.json(),
        }
    }
}

/// The error of a game's JSON text: its message prefixed `invalid game JSON: `.
pub fn invalid_game_json(e: Error) -> Error {
    Error::Value(format!("invalid game JSON: {e}"))
}

/// The parsed JSON text of a game, or why it is not JSON (prefixed as every error of
/// reading a game).
pub fn json_value(text: &str) -> Result<Value, Error> {
    crate::jsontext::parse(text)
        .map_err(|why| Error::Value(format!("invalid game JSON: not JSON ({why})")))
}

/// A move of either family: a fifteen-family move, or a quinte card or bid.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum AnyMove {
    Fifteen(fifteen::Move),
    Quinte(quinte::Move),
}

impl std::fmt::Display for AnyMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AnyMove::Fifteen(m) => write!(f, "{m}"),
            AnyMove::Quinte(m) => write!(f, "{m}"),
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

/// One finished deal of either family.
#[derive(Clone, Copy, Debug)]
pub enum AnyDeal {
    Fifteen(fifteen::DealResult),
    Quinte(quinte::DealResult),
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
        matches!(
            (self, other),
            (AnyDeal::Fifteen(_), AnyDeal::Fifteen(_)) | (AnyDeal::Quinte(_), AnyDeal::Quinte(_))
        ) && self.deal_number() == other.deal_number()
            && self.dealer() == other.dealer()
            && self.piles() == other.piles()
            && self.points() == other.points()
            && self.details() == other.details()
            && self.escobas() == other.escobas()
            && self.last_capturer() == other.last_capturer()
    }
}

/// What one seat of either family may know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnyObservation {
    Fifteen(fifteen::Observation),
    Quinte(quinte::Observation),
}

/// A match of either family: the closed enum the bindings hold. Every method that both
/// families have goes through the one game interface (`State`), forwarded below.
#[derive(Clone, Debug)]
pub enum AnyGame {
    Fifteen(fifteen::Game),
    Quinte(quinte::Game),
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
        match rules {
            RuleSet::Fifteen(r) => AnyGame::Fifteen(fifteen::Game::new_recording(r, seed, events)),
            RuleSet::Quinte(r) => AnyGame::Quinte(quinte::Game::new_recording(r, seed, events)),
        }
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
        match self {
            AnyGame::Fifteen(g) => RuleSet::Fifteen(*g.rules()),
            AnyGame::Quinte(g) => RuleSet::Quinte(*g.rules()),
        }
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
        match self {
            AnyGame::Fifteen(g) => g.deals().last().map(|d| AnyDeal::Fifteen(*d)),
            AnyGame::Quinte(g) => g.deals().last().map(|d| AnyDeal::Quinte(*d)),
        }
    }

    pub fn deals(&self) -> Vec<AnyDeal> {
        match self {
            AnyGame::Fifteen(g) => g.deals().iter().map(|d| AnyDeal::Fifteen(*d)).collect(),
            AnyGame::Quinte(g) => g.deals().iter().map(|d| AnyDeal::Quinte(*d)).collect(),
        }
    }

    /// What `seat` may know (a seat of the rules).
    pub fn observation(&self, seat: u8) -> AnyObservation {
        match self {
            AnyGame::Fifteen(g) => AnyObservation::Fifteen(State::observation(g, seat)),
            AnyGame::Quinte(g) => AnyObservation::Quinte(State::observation(g, seat)),
        }
    }

    /// Why a move is illegal, or None. A move of the other deck is refused right after
    /// "the match is over".
    pub fn illegal_reason(&self, mv: &AnyMove) -> Option<String> {
        if self.turn().is_none() {
            return Some("the match is over".to_string());
        }
        match (self, mv) {
            (AnyGame::Fifteen(g), AnyMove::Fifteen(m)) => State::illegal_reason(g, m),
            (AnyGame::Quinte(g), AnyMove::Quinte(m)) => State::illegal_reason(g, m),
            (AnyGame::Fifteen(g), AnyMove::Quinte(quinte::Move::Bid(b))) => Some(format!(
                "{b} is a bid of quinte, not a move of {}",
                g.rules().name()
            )),
            (AnyGame::Fifteen(_), AnyMove::Quinte(quinte::Move::Card(c))) => {
                Some(AnyCard::Quinte(*c).wrong_deck_message(Deck::Baraja))
            }
            (AnyGame::Quinte(_), AnyMove::Fifteen(m)) => {
                Some(AnyCard::Baraja(m.card).wrong_deck_message(Deck::Quinte))
            }
        }
    }

    pub fn is_legal(&self, mv: &AnyMove) -> bool {
        self.illegal_reason(mv).is_none()
    }

    /// `play`, telling `events` what happened (docs/engine.md "Events"); an illegal
    /// move is an error, changes nothing and tells nothing.
    pub fn play_recording(&mut self, mv: &AnyMove, events: &mut impl Events) -> Result<(), Error> {
        if let Some(reason) = self.illegal_reason(mv) {
            return Err(Error::Illegal(reason));
        }
        match (self, mv) {
            (AnyGame::Fifteen(g), AnyMove::Fifteen(m)) => g.apply_recording(*m, events),
            (AnyGame::Quinte(g), AnyMove::Quinte(m)) => g.apply_recording(*m, events),
            _ => {} // illegal_reason refuses a move of the other family
        }
        Ok(())
    }

    /// Play a move; an illegal one is an error and changes nothing.
    pub fn play(&mut self, mv: &AnyMove) -> Result<(), Error> {
        match (self, mv) {
            (AnyGame::Fifteen(g), AnyMove::Fifteen(m)) => State::play(g, m),
            (AnyGame::Quinte(g), AnyMove::Quinte(m)) => State::play(g, m),
            (g, mv) => Err(Error::Illegal(
                g.illegal_reason(mv)
                    .unwrap_or_else(|| "illegal move".to_string()),
            )),
        }
    }

    /// `f` over the legal moves in their documented order, listed once in the family's
    /// own moves (no second list of `AnyMove`s: the bindings build Python objects from it).
    pub fn with_legal_moves<R>(&self, f: impl FnOnce(&mut dyn Iterator<Item = AnyMove>) -> R) -> R {
        match self {
            AnyGame::Fifteen(g) => f(&mut State::legal_moves(g).into_iter().map(AnyMove::Fifteen)),
            AnyGame::Quinte(g) => f(&mut State::legal_moves(g).into_iter().map(AnyMove::Quinte)),
        }
    }

    pub fn legal_moves(&self) -> Vec<AnyMove> {
        match self {
            AnyGame::Fifteen(g) => State::legal_moves(g)
                .into_iter()
                .map(AnyMove::Fifteen)
                .collect(),
            AnyGame::Quinte(g) => State::legal_moves(g)
                .into_iter()
                .map(AnyMove::Quinte)
                .collect(),
        }
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
        let data = json_value(text)?;
        let game = if quinte::json::is_quinte(&data) {
            quinte::json::read_value(&data).map(AnyGame::Quinte)
        } else {
            fifteen::json::read_value(&data).map(AnyGame::Fifteen)
        };
        game.map_err(invalid_game_json)
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
        fn choose<G: State>(
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
        Ok(match self {
            AnyGame::Fifteen(g) => choose(spec, rng, g, stop)?.map(AnyMove::Fifteen),
            AnyGame::Quinte(g) => choose(spec, rng, g, stop)?.map(AnyMove::Quinte),
        })
    }

    /// A search bot's estimate of every legal move (`Bot::analyse`), drawing from `rng`;
    /// None when the match is over or the bot has no estimates; stopped as `bot_move` is.
    pub fn bot_analysis(
        &self,
        spec: &BotSpec,
        rng: &mut SplitMix64,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<Option<Ranked<AnyMove>>, Stopped> {
        fn analyse<G: State>(
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
        fn wrap<M>(v: Vec<(M, f64)>, f: fn(M) -> AnyMove) -> Vec<(AnyMove, f64)> {
            v.into_iter().map(|(m, x)| (f(m), x)).collect()
        }
        Ok(match self {
            AnyGame::Fifteen(g) => analyse(spec, rng, g, stop)?.map(|v| wrap(v, AnyMove::Fifteen)),
            AnyGame::Quinte(g) => analyse(spec, rng, g, stop)?.map(|v| wrap(v, AnyMove::Quinte)),
        })
    }

    /// A world for `seat` (`State::sample_world`) drawn from `rng`.
    pub fn sample_world(&self, seat: u8, rng: &mut SplitMix64) -> AnyGame {
        match self {
            AnyGame::Fifteen(g) => AnyGame::Fifteen(g.sample_world(seat, rng)),
            AnyGame::Quinte(g) => AnyGame::Quinte(g.sample_world(seat, rng)),
        }
    }

    /// A copy for search (`State::search_copy`): no records of finished deals.
    pub fn search_copy(&self) -> AnyGame {
        match self {
            AnyGame::Fifteen(g) => AnyGame::Fifteen(g.search_copy()),
            AnyGame::Quinte(g) => AnyGame::Quinte(g.search_copy()),
        }
    }

    /// `search::solve_with` on the family's game, its moves as `AnyMove`s.
    pub fn solve_with(
        &self,
        limits: &Limits,
        ask: Ask,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<Solution<AnyMove>, Error> {
        fn wrap<M>(s: Solution<M>, f: fn(M) -> AnyMove) -> Solution<AnyMove> {
            Solution {
                value: s.value,
                moves: s.moves.into_iter().map(|(m, v)| (f(m), v)).collect(),
                nodes: s.nodes,
            }
        }
        Ok(match self {
            AnyGame::Fifteen(g) => wrap(solve_with(g, limits, ask, stop)?, AnyMove::Fifteen),
            AnyGame::Quinte(g) => wrap(solve_with(g, limits, ask, stop)?, AnyMove::Quinte),
        })
    }

    /// The text drawing of `str(game)`.
    pub fn describe(&self) -> String {
        each_family!(self, AnyGame, g => g.describe())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
            Error::Value(unknown_rule_set_message("'whist'"))
        );
        // The one list of names, as the message has always read.
        assert_eq!(
            unknown_rule_set_message("'whist'"),
            "unknown rule set 'whist': choose quinza, rb3ine, escoba or quinte"
        );
        let rows = rule_sets();
        let names: Vec<&str> = rows.iter().map(|r| r.name).collect();
        assert_eq!(names, ["quinza", "rb3ine", "escoba", "quinte"]);
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
    }
}
