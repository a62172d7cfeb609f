//! Dealing the cards a seat cannot see into the places they may be (docs/engine.md
//! "Worlds: what a seat may know, dealt again"). The families list their hidden cards
//! and say which slot may take which card; the dealing is written once here.

use crate::rng::SplitMix64;

/// At most this many slots: three other seats and the stock or the cachette.
pub const MAX_SLOTS: usize = 5;

/// Deal `cards` (already shuffled) one by one into slots of sizes `room`, each card into
/// a slot `allowed(card, slot)` that has room: `rng.below(r)` over the room `r` of
/// those slots laid end to end in slot order. A card with no such slot is placed by an
/// augmenting path (breadth first over slots; a moved card is appended to its new slot);
/// a card that has no path either (a built position may have no
/// consistent world) goes by the same pick over every slot with room. Returns each
/// slot's cards in the order they were placed.
pub fn deal_constrained<T: Copy>(
    cards: &[T],
    room: &[usize],
    allowed: impl Fn(T, usize) -> bool,
    rng: &mut SplitMix64,
) -> Vec<Vec<T>> {
    let slots = room.len();
    let mut left: Vec<usize> = room.to_vec();
    let mut placed: Vec<Vec<T>> = room.iter().map(|&r| Vec::with_capacity(r)).collect();
    for &card in cards {
        let open = |s: usize, left: &[usize]| left[s] > 0 && allowed(card, s);
        if (0..slots).any(|s| open(s, &left)) {
            let s = weighted_pick(&left, |s| allowed(card, s), rng);
            placed[s].push(card);
            left[s] -= 1;
        } else if let Some(s) = augment(card, &mut placed, &left, &allowed) {
            left[s] -= 1;
        } else {
            let s = weighted_pick(&left, |_| true, rng);
            placed[s].push(card);
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
fn augment<T: Copy>(
    card: T,
    placed: &mut [Vec<T>],
    left: &[usize],
    allowed: &impl Fn(T, usize) -> bool,
) -> Option<usize> {
    let slots = placed.len();
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
        for (i, &d) in placed[a].iter().enumerate() {
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
        let d = placed[a].remove(i);
        placed[slot].push(d);
        slot = a;
    }
    placed[slot].push(card);
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
            let placed = deal_constrained(&cards, &[4, 4, 4], allowed, &mut rng);
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
        let placed = deal_constrained(&[1, 2, 9], &[2, 1], allowed, &mut rng);
        assert!(placed[0].contains(&9));
        assert_eq!(placed[0].len() + placed[1].len(), 3);
    }

    #[test]
    fn with_no_consistent_world_a_card_still_finds_room() {
        let placed = deal_constrained(&[1, 2], &[1, 1], |_, s| s == 0, &mut SplitMix64::new(3));
        assert_eq!(placed, vec![vec![1], vec![2]]);
    }
}
