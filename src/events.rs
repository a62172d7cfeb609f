//! What a move made happen (docs/engine.md "Events"): the families' `apply` tells a
//! recorder each step as it changes the state. Simulation and search record into
//! `NoEvents`, whose `push` is empty and inlined away, so `State::apply` costs what it
//! did; the bindings record into a `Vec<Event>` and turn it into Python values.

/// The kinds of event, in the words of docs/engine.md.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EventKind {
    Move,
    Escoba,
    Trick,
    Cachette,
    LastCards,
    DealScored,
    Dealt,
    OpeningCapture,
    MatchOver,
}

impl EventKind {
    pub fn name(self) -> &'static str {
        match self {
            EventKind::Move => "move",
            EventKind::Escoba => "escoba",
            EventKind::Trick => "trick",
            EventKind::Cachette => "cachette",
            EventKind::LastCards => "last_cards",
            EventKind::DealScored => "deal_scored",
            EventKind::Dealt => "dealt",
            EventKind::OpeningCapture => "opening_capture",
            EventKind::MatchOver => "match_over",
        }
    }
}

/// At most 5 cards kept in their order (a quinte trick, the cachette).
pub const ORDERED_CARDS: usize = 5;

/// The cards of an event: a set (fifteen family, listed in id order) or a few ids in
/// the order they were played or dealt (quinte).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EventCards {
    Set(u64),
    Ordered([u8; ORDERED_CARDS], u8),
}

impl EventCards {
    pub const NONE: EventCards = EventCards::Set(0);

    /// Card ids, in the event's order.
    pub fn ids(&self) -> Vec<u8> {
        match *self {
            EventCards::Set(bits) => (0..64u8).filter(|i| bits >> i & 1 == 1).collect(),
            EventCards::Ordered(ids, len) => ids[..len as usize].to_vec(),
        }
    }
}

/// One thing that happened. `deal_scored` refers to the game's newest `deals()` entry.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Event {
    pub kind: EventKind,
    pub seat: Option<u8>,
    pub side: Option<u8>,
    pub cards: EventCards,
    pub points: Option<u64>,
}

impl Event {
    #[inline]
    pub fn new(kind: EventKind) -> Event {
        Event {
            kind,
            seat: None,
            side: None,
            cards: EventCards::NONE,
            points: None,
        }
    }
    #[inline]
    pub fn by(mut self, seat: Option<u8>, side: Option<u8>) -> Event {
        self.seat = seat;
        self.side = side;
        self
    }
    #[inline]
    pub fn cards(mut self, cards: EventCards) -> Event {
        self.cards = cards;
        self
    }
    #[inline]
    pub fn points(mut self, points: u64) -> Event {
        self.points = Some(points);
        self
    }
}

/// Where `apply` tells what happened.
pub trait Events {
    fn push(&mut self, event: Event);
}

/// Records nothing: the path of simulation and search.
pub struct NoEvents;

impl Events for NoEvents {
    #[inline(always)]
    fn push(&mut self, _event: Event) {}
}

impl Events for Vec<Event> {
    #[inline]
    fn push(&mut self, event: Event) {
        Vec::push(self, event)
    }
}
