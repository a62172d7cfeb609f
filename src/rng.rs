//! The one seeded generator of docs/rules.md "Randomness: seeded deals": SplitMix64, `below` without
//! modulo bias, and a Fisher-Yates shuffle from the back (docs/reference/game.md, "The generator").

const SMALL: u64 = 256;

/// `RECIPROCAL[n] = floor((2^64 - 1) / n)`: `x % n` for the small bounds of shuffles and
/// move picks by two multiplications instead of a division (see `rem_small`).
const RECIPROCAL: [u64; SMALL as usize] = {
    let mut t = [0u64; SMALL as usize];
    let mut n = 1;
    while n < SMALL as usize {
        t[n] = u64::MAX / n as u64;
        n += 1;
    }
    t
};

/// `THRESHOLD[n] = (2^64 - n) % n`: the outputs below it are rejected by `below(n)`.
const THRESHOLD: [u64; SMALL as usize] = {
    let mut t = [0u64; SMALL as usize];
    let mut n = 1;
    while n < SMALL {
        t[n as usize] = n.wrapping_neg() % n;
        n += 1;
    }
    t
};

/// `x % n` for `1 <= n < SMALL`, exactly. With `m = RECIPROCAL[n]`, `2^64/n - 1 <= m <=
/// 2^64/n`, so `q = floor(x m / 2^64)` is `floor(x / n)` or one less, and `x - q n` is
/// the remainder or the remainder plus `n`.
#[inline]
fn rem_small(x: u64, n: u64) -> u64 {
    let q = ((x as u128 * RECIPROCAL[n as usize] as u128) >> 64) as u64;
    let r = x - q * n;
    if r >= n {
        r - n
    } else {
        r
    }
}

/// SplitMix64; the state is the whole generator.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SplitMix64 {
    pub state: u64,
}

impl SplitMix64 {
    /// A seed becomes the state as it is.
    pub fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n`, `n >= 1`: reject the lowest `(2^64 - n) % n` outputs.
    /// `n == 0` is a caller error; it returns 0 without drawing.
    #[inline]
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        if n < SMALL {
            // The bounds of shuffles and move picks: no division.
            let t = THRESHOLD[n as usize];
            loop {
                let x = self.next_u64();
                if x >= t {
                    return rem_small(x, n);
                }
            }
        }
        let t = n.wrapping_neg() % n;
        loop {
            let x = self.next_u64();
            if x >= t {
                return x % n;
            }
        }
    }

    /// The random pick among listed moves: `items[below(len)]`, one draw even for a single
    /// item; None (without a draw) for none.
    #[inline]
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> Option<T> {
        items.get(self.below(items.len() as u64) as usize).copied()
    }

    /// Fisher-Yates from the back: for i = len-1 down to 1, swap i with below(i + 1).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        let len = items.len();
        if len < 2 {
            return;
        }
        for i in (1..len).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_answers_for_seed_0() {
        // Randomness: the generator is part of the specification.
        let mut r = SplitMix64::new(0);
        assert_eq!(r.next_u64(), 0xe220a8397b1dcdaf);
        assert_eq!(r.next_u64(), 0x6e789e6aa1b965f4);
        assert_eq!(r.next_u64(), 0x06c45d188009454f);
    }

    #[test]
    fn state_wraps_modulo_2_64() {
        let mut r = SplitMix64::new(u64::MAX);
        r.next_u64();
        assert_eq!(r.state, 0x9E37_79B9_7F4A_7C14);
    }

    #[test]
    fn below_is_in_range_and_one_is_always_zero() {
        let mut r = SplitMix64::new(42);
        for n in 1..100u64 {
            for _ in 0..20 {
                assert!(r.below(n) < n);
            }
        }
        let before = r.state;
        assert_eq!(r.below(1), 0);
        assert_ne!(r.state, before, "below(1) still draws once");
    }

    #[test]
    fn below_matches_the_documented_formula() {
        let mut a = SplitMix64::new(7);
        let mut b = SplitMix64::new(7);
        for n in [1u64, 2, 3, 10, 40, 1 << 63, u64::MAX] {
            let t = (u64::MAX - n + 1) % n;
            let want = loop {
                let x = b.next_u64();
                if x >= t {
                    break x % n;
                }
            };
            assert_eq!(a.below(n), want);
        }
    }

    #[test]
    fn the_remainder_without_division_is_exact() {
        let mut r = SplitMix64::new(3);
        let edges = [0, 1, u64::MAX, u64::MAX - 1, 1 << 63, (1 << 63) - 1];
        for n in 1..SMALL {
            for x in edges.into_iter().chain((0..2000).map(|_| r.next_u64())) {
                assert_eq!(rem_small(x, n), x % n, "{x} % {n}");
                let m = x - x % n; // a multiple of n, and the values around it
                for y in [m, m.wrapping_sub(1), m.wrapping_add(n - 1)] {
                    assert_eq!(rem_small(y, n), y % n, "{y} % {n}");
                }
            }
        }
    }

    #[test]
    fn shuffle_is_a_permutation_and_deterministic() {
        let mut a: Vec<u8> = (0..40).collect();
        let mut b = a.clone();
        SplitMix64::new(5).shuffle(&mut a);
        SplitMix64::new(5).shuffle(&mut b);
        assert_eq!(a, b);
        let mut s = a.clone();
        s.sort();
        assert_eq!(s, (0..40).collect::<Vec<u8>>());
        assert_ne!(a, (0..40).collect::<Vec<u8>>());
    }
}
