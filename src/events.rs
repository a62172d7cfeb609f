//! What a move made happen (docs/reference/events.md "Events"): the families' `apply` tells a
//! recorder each step as it changes the state. Simulation and search record into
//! `NoEvents`, whose `push` is empty and inlined away, so `State::apply` costs what it
//! did; the bindings record into a `Vec<Event>` and turn it into Python values.

/// The kinds of event, in the words of docs/reference/events.md.
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
    /// Every kind, in the order of their `as usize`.
    pub const ALL: [EventKind; 9] = [
        EventKind::Move,
        EventKind::Escoba,
        EventKind::Trick,
        EventKind::Cachette,
        EventKind::LastCards,
        EventKind::DealScored,
        EventKind::Dealt,
        EventKind::OpeningCapture,
        EventKind::MatchOver,
    ];

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
    pub fn ids(&self) -> impl Iterator<Item = u8> + '_ {
        let (mut bits, ordered) = match self {
            EventCards::Set(bits) => (*bits, &[][..]),
            EventCards::Ordered(ids, len) => (0, &ids[..*len as usize]),
        };
        let set = std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let id = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                id
            })
        });
        set.chain(ordered.iter().copied())
    }

    pub fn len(&self) -> usize {
        match self {
            EventCards::Set(bits) => bits.count_ones() as usize,
            EventCards::Ordered(_, len) => *len as usize,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
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

/// The most events one move can tell: in the fifteen family a move, an escoba, the last
/// cards, the deal scored, the next deal dealt and its opening capture (6); in quinte a
/// move, a trick, the cachette, the deal scored, the next deal or the match over (5).
pub const MAX_EVENTS: usize = 8;

/// A fixed buffer of a move's events: no allocation. A push past `MAX_EVENTS` (never
/// made: see above) is dropped rather than panicking.
#[derive(Clone, Copy, Debug)]
pub struct EventBuffer {
    events: [Event; MAX_EVENTS],
    len: u8,
}

impl Default for EventBuffer {
    fn default() -> EventBuffer {
        EventBuffer {
            events: [Event::new(EventKind::Move); MAX_EVENTS],
            len: 0,
        }
    }
}

impl EventBuffer {
    pub fn as_slice(&self) -> &[Event] {
        &self.events[..self.len as usize]
    }
}

impl Events for EventBuffer {
    #[inline]
    fn push(&mut self, event: Event) {
        debug_assert!(
            (self.len as usize) < MAX_EVENTS,
            "more events than MAX_EVENTS"
        );
        if let Some(slot) = self.events.get_mut(self.len as usize) {
            *slot = event;
            self.len += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_sits_at_its_index() {
        for (i, k) in EventKind::ALL.iter().enumerate() {
            assert_eq!(*k as usize, i, "{}", k.name());
        }
    }

    /// Recording changes nothing: the same moves give the same game with or without a
    /// recorder, and the events tell every deal (one `deal_scored` per deal, a `dealt`
    /// per new deal, the "move" first each time, the match over last).
    fn check_family<G: crate::state::State>(
        mut plain: G,
        mut recorded: G,
        start: Vec<Event>,
        apply: impl Fn(&mut G, G::Move, &mut Vec<Event>),
        json: impl Fn(&G) -> String,
    ) {
        let mut rng = crate::rng::SplitMix64::new(9);
        let mut buf = Vec::new();
        let mut all = start;
        while let Some(mv) = plain.random_move(&mut rng, &mut buf) {
            plain.apply(mv);
            let mut events = Vec::new();
            apply(&mut recorded, mv, &mut events);
            assert_eq!(events[0].kind, EventKind::Move);
            assert!(events.len() <= MAX_EVENTS);
            assert_eq!(json(&plain), json(&recorded));
            all.extend(events);
        }
        let count = |k: EventKind| all.iter().filter(|e| e.kind == k).count();
        assert_eq!(count(EventKind::DealScored), recorded.deals().len());
        assert!(count(EventKind::Dealt) >= recorded.deals().len());
        assert_eq!(all.last().map(|e| e.kind), Some(EventKind::MatchOver));
        assert_eq!(all.last().and_then(|e| e.side), recorded.winner());
    }

    #[test]
    fn recording_changes_nothing_in_either_family() {
        use crate::{fifteen, quinte};
        for name in ["quinza", "escoba"] {
            let rules = fifteen::Rules::new(name, Some(2), None).unwrap();
            let mut start = Vec::new();
            let recorded = fifteen::Game::new_recording(rules, 3, &mut start);
            check_family(
                fifteen::Game::new(rules, 3),
                recorded,
                start,
                |g, mv, ev| g.apply_recording(mv, ev),
                fifteen::json::to_json,
            );
        }
        let rules = quinte::Rules::new(300).unwrap();
        let mut start = Vec::new();
        let recorded = quinte::Game::new_recording(rules, 3, &mut start);
        assert_eq!(start.len(), 1);
        check_family(
            quinte::Game::new(rules, 3),
            recorded,
            start,
            |g, mv, ev| g.apply_recording(mv, ev),
            quinte::json::to_json,
        );
    }
}
