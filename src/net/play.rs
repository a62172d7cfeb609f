//! A net on a game of any family: the seat to act's observation, encoded as the family
//! encodes it (from `observation(seat)` alone, never the hidden cards), the trunk once,
//! then each legal move from the family's move features.

use super::{Net, Scratch, Shape};
use crate::encoding::ENCODING_VERSION;
use crate::state::Encoded;
use crate::state::GameRules;
use crate::Error;

/// A position as a net rates it, for the seat to act: `value_raw`, and each legal move
/// with its `score_raw`, in the order of `legal_moves`.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluation<M> {
    pub value_raw: i64,
    pub moves: Vec<(M, i64)>,
}

/// Ok when the net fits games of these rules, else the ValueError of `Net::fits`.
pub fn fits_game<G: Encoded>(net: &Net, rules: &G::Rules) -> Result<(), Error> {
    net.fits(&Shape {
        rules_name: rules.name(),
        players: rules.players(),
        observation_len: G::observation_len(rules),
        move_features: G::move_feature_count(rules),
        encoding_version: ENCODING_VERSION,
    })
}

impl Net {
    /// `value_raw` for the seat to act of `g` (a match in progress, of rules the net fits).
    fn position<G: Encoded>(&self, g: &G, seat: u8, s: &mut Scratch) -> i64 {
        let mut obs = std::mem::take(&mut s.obs);
        obs.clear();
        obs.resize(self.observation_len, 0.0);
        G::encode(&g.observation(seat), &mut obs);
        let value = self.trunk(&obs, s);
        s.obs = obs;
        value
    }

    /// `score_raw` of a legal move of the position `position` read last.
    fn move_score<G: Encoded>(&self, g: &G, mv: &G::Move, s: &mut Scratch) -> i64 {
        let mut features = std::mem::take(&mut s.features);
        features.clear();
        g.move_features(mv, &mut features);
        let score = self.score(&features, s);
        s.features = features;
        score
    }

    /// `value_raw` for the seat to act of `g` (a match in progress, of rules the net fits),
    /// and the `score_raw` of each of `moves` (legal moves of `g`) into `scores` (cleared
    /// first).
    pub fn rate<G: Encoded>(
        &self,
        g: &G,
        moves: &[G::Move],
        scores: &mut Vec<i64>,
        s: &mut Scratch,
    ) -> i64 {
        let value = g.turn().map_or(0, |seat| self.position(g, seat, s));
        scores.clear();
        scores.extend(moves.iter().map(|mv| self.move_score(g, mv, s)));
        value
    }

    /// What the net reads of `g` for `seat`: its observation, into `out`. Two positions of
    /// the same observation are rated alike (their legal moves are the seat's to know).
    pub fn observe<G: Encoded>(&self, g: &G, seat: u8, out: &mut Vec<f32>) {
        out.clear();
        out.resize(self.observation_len, 0.0);
        G::encode(&g.observation(seat), out);
    }

    /// `rate` of a position whose observation for its seat to act `observe` wrote.
    pub fn rate_observed<G: Encoded>(
        &self,
        g: &G,
        obs: &[f32],
        moves: &[G::Move],
        scores: &mut Vec<i64>,
        s: &mut Scratch,
    ) -> i64 {
        let value = self.trunk(obs, s);
        scores.clear();
        scores.extend(moves.iter().map(|mv| self.move_score(g, mv, s)));
        value
    }

    /// The first of `moves` (the legal moves of `g`, in order) of the greatest `score_raw`
    /// for the seat to act; None when there are none or the match is over. The net fits
    /// the game (`fits_game`).
    pub fn best_move<G: Encoded>(
        &self,
        g: &G,
        moves: &[G::Move],
        s: &mut Scratch,
    ) -> Option<G::Move> {
        let seat = g.turn()?;
        self.position(g, seat, s);
        let mut best: Option<(i64, G::Move)> = None;
        for mv in moves {
            let score = self.move_score(g, mv, s);
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, *mv));
            }
        }
        best.map(|(_, mv)| mv)
    }
}

/// What the net says of the seat to act of `g` and each of its legal moves; a match that
/// is over, or a net that does not fit the game, is a ValueError.
pub fn evaluate<G: Encoded>(net: &Net, g: &G) -> Result<Evaluation<G::Move>, Error> {
    fits_game::<G>(net, g.rules())?;
    if g.is_over() {
        return Err(Error::Value(
            "the match is over: there is no position to rate".into(),
        ));
    }
    let moves = g.legal_moves();
    let mut scores = Vec::with_capacity(moves.len());
    let value_raw = net.rate(g, &moves, &mut scores, &mut Scratch::default());
    Ok(Evaluation {
        value_raw,
        moves: moves.into_iter().zip(scores).collect(),
    })
}
