//! The forward pass of docs/reference/nets.md "The computation", exact to the last bit:
//! the trunk once a position (`trunk`: `value_raw`, and the moves' shared `base`), then
//! each legal move from its features (`score`).
//!
//! Speed. The layers are summed column by column, and only over the columns of nonzero
//! inputs: the observation is mostly zeros, and so is about half of each layer after the
//! clamp at 0. The sums are taken in float64, which the processor adds two or four at a
//! time where it multiplies 64-bit integers one at a time, and they are exact: every term
//! and every partial sum is a whole number below 2**53 (a term is at most 2**15 * 2**16,
//! and a sum has at most 2**20 + 1 of them, `read::MAX_SIZE`), so float64 holds each one
//! exactly, in any order. Each sum is then read back as the integer it is, shifted and
//! clamped in 64-bit integers. Where the processor has AVX2 (checked once, at run time)
//! the same loops run four float64 at a time: the same sums, so the same bits.

use super::Net;

/// Every activation is clamped to `0..=CAP` (the inputs to `-CAP..=CAP`).
pub const CAP: i64 = 1 << 16;

/// Room for one position's observation, a move's features and the activations, reused
/// from position to position.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    pub(super) obs: Vec<f32>,
    pub(super) features: Vec<u32>,
    h1: Vec<f64>,
    h2: Vec<f64>,
    base: Vec<i64>,
    sum: Vec<i64>,
}

/// `acc += x * column`: each entry its own sum (no reduction), so the loop runs on vectors.
#[inline(always)]
fn add_column(acc: &mut [f64], column: &[f64], x: f64) {
    for (a, &w) in acc.iter_mut().zip(column) {
        *a += w * x;
    }
}

/// A layer's sums in place: `acc = bias + Σ x[j] * columns[j]` over the nonzero `x[j]`.
#[inline(always)]
fn layer(acc: &mut Vec<f64>, bias: &[f64], columns: &[f64], x: &[f64]) {
    acc.clear();
    acc.extend_from_slice(bias);
    let n = bias.len();
    for (&xj, column) in x.iter().zip(columns.chunks_exact(n)) {
        if xj != 0.0 {
            add_column(acc, column, xj);
        }
    }
}

/// `clamp(v >> shift, 0, CAP)` of an exact sum (`>>` rounds towards minus infinity).
#[inline]
fn relu(v: i64, shift: u32) -> i64 {
    (v >> shift).clamp(0, CAP)
}

impl Net {
    /// The input of one observation entry: `clamp(floor(obs * 2**IS + 0.5), -CAP, CAP)`,
    /// in float64.
    #[inline(always)]
    fn input(&self, obs: f32) -> f64 {
        let scaled = obs as f64 * (self.input_shift as f64).exp2() + 0.5;
        // NaN (never written by an encoding) is read as 0, never a panic.
        let x = scaled.floor().clamp(-CAP as f64, CAP as f64);
        if x.is_nan() {
            0.0
        } else {
            x
        }
    }

    /// `value_raw` of an observation of `L` entries; keeps what `score` reads in `s`.
    pub fn trunk(&self, obs: &[f32], s: &mut Scratch) -> i64 {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has AVX2, as checked on the line above.
            return unsafe { self.trunk_avx2(obs, s) };
        }
        self.trunk_with(obs, s)
    }

    /// `trunk` compiled for AVX2: the same code, its loops on four float64 at a time.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn trunk_avx2(&self, obs: &[f32], s: &mut Scratch) -> i64 {
        self.trunk_with(obs, s)
    }

    #[inline(always)]
    pub(super) fn trunk_with(&self, obs: &[f32], s: &mut Scratch) -> i64 {
        let ws = self.weight_shift;
        let (h1n, _) = self.hidden;
        s.h1.clear();
        s.h1.extend_from_slice(&self.b1);
        for (&o, column) in obs.iter().zip(self.w1t.chunks_exact(h1n)) {
            // 0 (and -0) is an input of 0: its column adds nothing.
            if o != 0.0 {
                let x = self.input(o);
                if x != 0.0 {
                    add_column(&mut s.h1, column, x);
                }
            }
        }
        for v in s.h1.iter_mut() {
            *v = relu(*v as i64, ws) as f64;
        }
        let mut h2 = std::mem::take(&mut s.h2);
        layer(&mut h2, &self.b2, &self.w2t, &s.h1);
        for v in h2.iter_mut() {
            *v = relu(*v as i64, ws) as f64;
        }
        let mut base = std::mem::take(&mut s.h1);
        layer(&mut base, &self.c, &self.at, &h2);
        s.base.clear();
        s.base.extend(base.iter().map(|&v| v as i64));
        s.h1 = base;
        let value = h2
            .iter()
            .zip(&self.wv)
            .map(|(&h, &w)| h as i64 * w as i64)
            .sum::<i64>();
        s.h2 = h2;
        value + self.bv
    }

    /// `score_raw` of a move with these features (each below `F`), after `trunk` filled `s`
    /// for its position.
    pub fn score(&self, features: &[u32], s: &mut Scratch) -> i64 {
        let p = self.move_hidden;
        s.sum.clear();
        s.sum.resize(p, 0);
        for &f in features {
            let column = &self.bt[f as usize * p..(f as usize + 1) * p];
            for (acc, &b) in s.sum.iter_mut().zip(column) {
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
