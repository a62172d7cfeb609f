//! Nets (docs/reference/nets.md "Networks"): a small network that reads what one seat may
//! know (its encoded observation) and rates the seat's position and each of its legal moves,
//! computed in whole numbers so that both twins agree to the last bit. `read` reads a
//! `.qzn` file, `forward` is the computation, `play` applies it to a game of any family
//! (the `net` bot's and the bindings' use), `shipped` holds the nets of the package and the
//! nets loaded from files.

mod forward;
mod play;
mod read;
pub mod shipped;

pub use forward::Scratch;
pub use play::{evaluate, fits_game, Evaluation};
pub use read::read;

use crate::Error;

/// A net as read from its file. The weights are kept as the forward pass reads them: each
/// matrix transposed (a column is then a row, and only the columns of nonzero inputs or of
/// a move's features are read), the trunk's as float64.
#[derive(Clone, Debug)]
pub struct Net {
    /// The file, as read (`to_bytes`).
    bytes: Vec<u8>,
    /// The header's JSON text.
    header: String,
    rules_name: String,
    players: u8,
    encoding_version: u32,
    observation_len: usize,
    move_features: usize,
    /// `(H1, H2)`.
    hidden: (usize, usize),
    move_hidden: usize,
    input_shift: u32,
    weight_shift: u32,
    /// W1 transposed, `L × H1`, each weight as a float64 (`forward`: the sums are exact).
    w1t: Vec<f64>,
    b1: Vec<f64>,
    /// W2 transposed: `H1 × H2`.
    w2t: Vec<f64>,
    b2: Vec<f64>,
    wv: Vec<i16>,
    bv: i64,
    /// A transposed: `H2 × P`.
    at: Vec<f64>,
    c: Vec<f64>,
    /// B transposed: `F × P`.
    bt: Vec<i16>,
    wp: Vec<i16>,
    bp: i64,
}

/// What a game offers a net, to check that the net fits it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape<'a> {
    pub rules_name: &'a str,
    pub players: u8,
    pub observation_len: usize,
    pub move_features: usize,
    pub encoding_version: u32,
}

impl Net {
    /// The file's bytes, as read.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }
    /// The header's JSON text.
    pub fn header(&self) -> &str {
        &self.header
    }
    /// The name of the rules it was trained for.
    pub fn rules_name(&self) -> &str {
        &self.rules_name
    }
    pub fn players(&self) -> u8 {
        self.players
    }
    /// `2**(IS + WS)`: a raw value or score divided by it is in points.
    pub fn scale(&self) -> f64 {
        ((self.input_shift + self.weight_shift) as f64).exp2()
    }

    /// Ok when the net fits a game of this shape (docs/reference/nets.md "The file"), else
    /// a ValueError that says which of rules, players, `L`, `F` and the encoding's version
    /// differs (the first, in that order).
    pub fn fits(&self, game: &Shape<'_>) -> Result<(), Error> {
        let own = Shape {
            rules_name: &self.rules_name,
            players: self.players,
            observation_len: self.observation_len,
            move_features: self.move_features,
            encoding_version: self.encoding_version,
        };
        if own == *game {
            return Ok(());
        }
        let (a, b) = (own, game);
        let differs = [
            (
                a.rules_name != b.rules_name,
                format!("it is for {}, not {}", a.rules_name, b.rules_name),
            ),
            (
                a.players != b.players,
                format!("it is for {} players, not {}", a.players, b.players),
            ),
            (
                a.observation_len != b.observation_len,
                format!(
                    "it reads observations of {} entries, not {}",
                    a.observation_len, b.observation_len
                ),
            ),
            (
                a.move_features != b.move_features,
                format!(
                    "it reads {} move features, not {}",
                    a.move_features, b.move_features
                ),
            ),
            (
                a.encoding_version != b.encoding_version,
                format!(
                    "it reads encoding version {}, not {}",
                    a.encoding_version, b.encoding_version
                ),
            ),
        ];
        let what = differs
            .into_iter()
            .find(|d| d.0)
            .map_or(String::new(), |d| d.1);
        Err(Error::Value(format!(
            "the net does not fit the game: {what}"
        )))
    }
}

/// `<Net for escoba with 2 players: L=217, F=80, hidden=[128, 128], move_hidden=64>`.
impl std::fmt::Display for Net {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "<Net for {} with {} players: L={}, F={}, hidden=[{}, {}], move_hidden={}>",
            self.rules_name,
            self.players,
            self.observation_len,
            self.move_features,
            self.hidden.0,
            self.hidden.1,
            self.move_hidden
        )
    }
}

#[cfg(test)]
mod tests;
