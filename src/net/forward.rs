//! The forward pass of docs/reference/nets.md "The computation", in 64-bit whole numbers:
//! the trunk once a position (`trunk`: `value_raw`, and the moves' shared `base`), then
//! each legal move from its features (`score`). The observation is mostly zeros, so the
//! first layer adds only the columns of the nonzero inputs.

use super::Net;

/// Every activation is clamped to `0..=CAP` (the inputs to `-CAP..=CAP`).
pub const CAP: i64 = 1 << 16;

/// Room for one position's observation, a move's features and the activations, reused
/// from position to position.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    pub(super) obs: Vec<f32>,
    pub(super) features: Vec<u32>,
    h1: Vec<i64>,
    h2: Vec<i64>,
    base: Vec<i64>,
    sum: Vec<i64>,
}

#[inline]
fn dot(w: &[i16], x: &[i64]) -> i64 {
    w.iter().zip(x).map(|(&w, &x)| w as i64 * x).sum()
}

/// `clamp(v >> shift, 0, CAP)` (`>>` rounds towards minus infinity).
#[inline]
fn relu(v: i64, shift: u32) -> i64 {
    (v >> shift).clamp(0, CAP)
}

impl Net {
    /// The input of one observation entry: `clamp(floor(obs * 2**IS + 0.5), -CAP, CAP)`,
    /// in float64.
    #[inline]
    fn input(&self, obs: f32) -> i64 {
        let scaled = obs as f64 * (self.input_shift as f64).exp2() + 0.5;
        // NaN (never written by an encoding) is read as 0, never a panic.
        scaled.floor().clamp(-CAP as f64, CAP as f64) as i64
    }

    /// `value_raw` of an observation of `L` entries; keeps what `score` reads in `s`.
    pub fn trunk(&self, obs: &[f32], s: &mut Scratch) -> i64 {
        let (h1n, _) = self.hidden;
        let ws = self.weight_shift;
        s.h1.clear();
        s.h1.extend_from_slice(&self.b1);
        for (&o, col) in obs.iter().zip(self.w1t.chunks_exact(h1n)) {
            // 0 (and -0) is an input of 0: its column adds nothing.
            if o == 0.0 {
                continue;
            }
            let x = self.input(o);
            if x != 0 {
                for (acc, &w) in s.h1.iter_mut().zip(col) {
                    *acc += w as i64 * x;
                }
            }
        }
        for v in s.h1.iter_mut() {
            *v = relu(*v, ws);
        }
        s.h2.clear();
        let rows = self.w2.chunks_exact(h1n).zip(&self.b2);
        s.h2.extend(rows.map(|(row, &b)| relu(dot(row, &s.h1) + b, ws)));
        s.base.clear();
        let rows = self.a.chunks_exact(self.hidden.1).zip(&self.c);
        s.base.extend(rows.map(|(row, &c)| dot(row, &s.h2) + c));
        dot(&self.wv, &s.h2) + self.bv
    }

    /// `score_raw` of a move with these features (each below `F`), after `trunk` filled `s`
    /// for its position.
    pub fn score(&self, features: &[u32], s: &mut Scratch) -> i64 {
        let p = self.move_hidden;
        s.sum.clear();
        s.sum.resize(p, 0);
        for &f in features {
            let col = &self.bt[f as usize * p..(f as usize + 1) * p];
            for (acc, &b) in s.sum.iter_mut().zip(col) {
                *acc += b as i64;
            }
        }
        let (is, ws) = (self.input_shift, self.weight_shift);
        let u = s
            .base
            .iter()
            .zip(&s.sum)
            .map(|(&base, &sum)| relu(base + (sum << is), ws));
        self.bp
            + self
                .wp
                .iter()
                .zip(u)
                .map(|(&w, u)| w as i64 * u)
                .sum::<i64>()
    }
}
