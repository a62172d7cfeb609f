//! Dealing cards under constraints: the cards a seat cannot see go back into the places
//! they may be (docs/reference/search.md "Worlds: what a seat may know, dealt again"). A family
//! lists its hidden cards and says which slot may take which card; the dealing is written
//! once here, below the families, so that any of them can deal a world.

use crate::rng::SplitMix64;

/// At most this many slots: three other seats and the stock or the cachette.
pub const MAX_SLOTS: usize = 5;

/// The most cards one slot may hold (a quinte deck has 53).
pub const SLOT_CAP: usize = 56;

/// The cards of each slot in the order they were placed, kept on the stack (a world
/// is sampled every iteration of a search: no allocation for it).
#[derive(Clone, Copy)]
pub struct Placed<T> {
    cards: [[T; SLOT_CAP]; MAX_SLOTS],
    len: [usize; MAX_SLOTS],
    slots: usize,
}

impl<T: Copy + Default> Placed<T> {
    fn new(slots: usize) -> Placed<T> {
        Placed {
            cards: [[T::default(); SLOT_CAP]; MAX_SLOTS],
            len: [0; MAX_SLOTS],
            slots,
        }
    }

    /// Slot `s`'s cards, in the order they were placed.
    pub fn slot(&self, s: usize) -> &[T] {
        &self.cards[s][..self.len[s]]
    }

    /// Every slot's cards, slot by slot.
    pub fn to_vecs(&self) -> Vec<Vec<T>> {
        (0..self.slots).map(|s| self.slot(s).to_vec()).collect()
    }

    fn push(&mut self, s: usize, card: T) {
        self.cards[s][self.len[s]] = card;
        self.len[s] += 1;
    }

    /// Take out slot `s`'s card at `i`, the later ones moving up (their order kept).
    fn remove(&mut self, s: usize, i: usize) -> T {
        let card = self.cards[s][i];
        self.cards[s].copy_within(i + 1..self.len[s], i);
        self.len[s] -= 1;
        card
    }
}

/// Deal `cards` (already shuffled) one by one into slots of sizes `room` (at most
/// `MAX_SLOTS` slots of at most `SLOT_CAP` cards), each card into
/// a slot `allowed(card, slot)` that has room: `rng.below(r)` over the room `r` of
/// those slots laid end to end in slot order. A card with no such slot is placed by an
/// augmenting path (breadth first over slots; a moved card is appended to its new slot);
/// a card that has no path either (a built position may have no
/// consistent world) goes by the same pick over every slot with room. Returns each
/// slot's cards in the order they were placed.
pub fn deal_constrained<T: Copy + Default>(
    cards: &[T],
    room: &[usize],
    allowed: impl Fn(T, usize) -> bool,
    rng: &mut SplitMix64,
) -> Placed<T> {
    let slots = room.len();
    assert!(slots <= MAX_SLOTS && room.iter().all(|&r| r <= SLOT_CAP));
    let mut left = [0usize; MAX_SLOTS];
    left[..slots].copy_from_slice(room);
    let left = &mut left[..slots];
    let mut placed = Placed::new(slots);
    for &card in cards {
        let open = |s: usize, left: &[usize]| left[s] > 0 && allowed(card, s);
        if (0..slots).any(|s| open(s, left)) {
            let s = weighted_pick(left, |s| allowed(card, s), rng);
            placed.push(s, card);
            left[s] -= 1;
        } else if let Some(s) = augment(card, &mut placed, left, &allowed) {
            left[s] -= 1;
        } else {
            let s = weighted_pick(left, |_| true, rng);
            placed.push(s, card);
            left[s] -= 1;
        }
    }
    placed
}

/// The slot holding position `rng.below(r)` of the room of the slots `ok` accepts, laid
/// end to end in slot order (some such slot must have room).
fn weighted_pick(left: &[usize], ok: impl Fn(usize) -> bool, rng: &mut SplitMix64) -> usize {
    let total: usize = (0..left.len()).filter(|&s| ok(s)).map(|s| left[s]).sum();
    let mut k = rng.below(total as u64) as usize;
    for (s, &room) in left.iter().enumerate() {
        if ok(s) {
            if k < room {
                return s;
            }
            k -= room;
        }
    }
    unreachable!("weighted_pick: k < total")
}

/// Place `card` by moving cards along a path of full slots to one with room; returns
/// the slot that gained a card, or None when no path exists.
fn augment<T: Copy + Default>(
    card: T,
    placed: &mut Placed<T>,
    left: &[usize],
    allowed: &impl Fn(T, usize) -> bool,
) -> Option<usize> {
    let slots = placed.slots;
    // parent[b] = (slot a, index in a of the card that would move from a to b);
    // None for a starting slot.
    let mut parent: [Option<(usize, usize)>; MAX_SLOTS] = [None; MAX_SLOTS];
    let mut reached = [false; MAX_SLOTS];
    let mut queue = [0usize; MAX_SLOTS];
    let (mut head, mut tail) = (0, 0);
    for (s, r) in reached.iter_mut().enumerate().take(slots) {
        if allowed(card, s) {
            *r = true;
            queue[tail] = s;
            tail += 1;
        }
    }
    let mut end = None;
    'search: while head < tail {
        let a = queue[head];
        head += 1;
        for (i, &d) in placed.slot(a).iter().enumerate() {
            for b in 0..slots {
                if !reached[b] && allowed(d, b) {
                    reached[b] = true;
                    parent[b] = Some((a, i));
                    if left[b] > 0 {
                        end = Some(b);
                        break 'search;
                    }
                    queue[tail] = b;
                    tail += 1;
                }
            }
        }
    }
    let end = end?;
    // Walk back: each card on the path leaves its slot and is appended to the next one;
    // the new card is appended to the first slot.
    let mut slot = end;
    while let Some((a, i)) = parent[slot] {
        let d = placed.remove(a, i);
        placed.push(slot, d);
        slot = a;
    }
    placed.push(slot, card);
    Some(end)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_lands_in_an_allowed_slot_with_the_sizes_kept() {
        // Cards 0..12; slot 0 takes no card below 4, slot 1 only even cards.
        let allowed = |c: u8, s: usize| match s {
            0 => c >= 4,
            1 => c.is_multiple_of(2),
            _ => true,
        };
        for seed in 0..500 {
            let mut rng = SplitMix64::new(seed);
            let mut cards: Vec<u8> = (0..12).collect();
            rng.shuffle(&mut cards);
            let placed = deal_constrained(&cards, &[4, 4, 4], allowed, &mut rng).to_vecs();
            let mut all: Vec<u8> = placed.concat();
            all.sort();
            assert_eq!(all, (0..12).collect::<Vec<u8>>());
            for (s, p) in placed.iter().enumerate() {
                assert_eq!(p.len(), 4);
                assert!(p.iter().all(|&c| allowed(c, s)), "seed {seed}: {placed:?}");
            }
        }
    }

    #[test]
    fn a_full_slot_is_emptied_along_a_path() {
        // Card 9 fits slot 0 only, which is full of cards that fit slot 1 too.
        let allowed = |c: u8, s: usize| c != 9 || s == 0;
        let mut rng = SplitMix64::new(1);
        let placed = deal_constrained(&[1, 2, 9], &[2, 1], allowed, &mut rng).to_vecs();
        assert!(placed[0].contains(&9));
        assert_eq!(placed[0].len() + placed[1].len(), 3);
    }

    #[test]
    fn with_no_consistent_world_a_card_still_finds_room() {
        let placed =
            deal_constrained(&[1u8, 2], &[1, 1], |_, s| s == 0, &mut SplitMix64::new(3)).to_vecs();
        assert_eq!(placed, vec![vec![1], vec![2]]);
    }
}
