//! Reading a `.qzn` file (docs/reference/nets.md "The file"): the tag, the header's JSON,
//! then the arrays, little-endian. Every way a file can be wrong is an `Error::Value` that
//! says what is wrong; nothing here panics on any bytes.

use super::Net;
use crate::Error;
use serde_json::Value;

/// The tag every file starts with.
pub const TAG: &[u8; 4] = b"QZN1";
/// The one format this reader knows.
pub const FORMAT: u64 = 1;
/// The largest size of a layer or an input: every sum of the forward pass then stays far
/// below 2**63 (a size of 2**20 makes a sum of at most 2**52).
pub const MAX_SIZE: u64 = 1 << 20;
/// The largest `input_shift` and `weight_shift`: a move's features shifted left stay far
/// below 2**63.
pub const MAX_SHIFT: u64 = 24;

fn bad(what: impl std::fmt::Display) -> Error {
    Error::Value(format!("not a net file: {what}"))
}

/// The whole number `v` of the header's `key`, from `low` to `high`.
fn whole(v: Option<&Value>, key: &str, low: u64, high: u64) -> Result<u64, Error> {
    let v = v.ok_or_else(|| bad(format!("the header has no {key:?}")))?;
    match v.as_u64() {
        Some(n) if (low..=high).contains(&n) => Ok(n),
        _ => Err(bad(format!(
            "the header's {key:?} must be a whole number from {low} to {high}, not {v}"
        ))),
    }
}

/// Reads the arrays in order, each little-endian.
struct Arrays<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Arrays<'_> {
    fn i16s(&mut self, n: usize) -> Vec<i16> {
        let raw = &self.bytes[self.at..self.at + 2 * n];
        self.at += 2 * n;
        raw.chunks_exact(2)
            .map(|b| i16::from_le_bytes([b[0], b[1]]))
            .collect()
    }
    fn i32s(&mut self, n: usize) -> Vec<i32> {
        let raw = &self.bytes[self.at..self.at + 4 * n];
        self.at += 4 * n;
        raw.chunks_exact(4)
            .map(|b| i32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect()
    }
}

/// `rows × cols` row-major, transposed: column `j` of the matrix is then row `j`.
fn transposed<T: Copy + Default>(m: &[T], rows: usize, cols: usize) -> Vec<T> {
    let mut t = vec![T::default(); m.len()];
    for r in 0..rows {
        for c in 0..cols {
            t[c * rows + r] = m[r * cols + c];
        }
    }
    t
}

fn floats<T: Copy + Into<f64>>(v: &[T]) -> Vec<f64> {
    v.iter().map(|&x| x.into()).collect()
}

/// A net from the bytes of a `.qzn` file.
pub fn read(bytes: &[u8]) -> Result<Net, Error> {
    if !bytes.starts_with(TAG) {
        return Err(bad("it does not start with QZN1"));
    }
    if bytes.len() < 8 {
        return Err(bad("it ends before the header's length"));
    }
    let len = u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]) as usize;
    let rest = &bytes[8..];
    if len > rest.len() {
        return Err(bad(format!(
            "the header's length is {len} bytes, but only {} follow",
            rest.len()
        )));
    }
    let text = std::str::from_utf8(&rest[..len])
        .map_err(|e| bad(format!("the header is not UTF-8 ({e})")))?;
    let value: Value =
        serde_json::from_str(text).map_err(|e| bad(format!("the header is not JSON ({e})")))?;
    let Value::Object(h) = value else {
        return Err(bad("the header is not a JSON object"));
    };
    let format = h.get("format");
    if format.and_then(Value::as_u64) != Some(FORMAT) {
        let shown = format.map_or("nothing".to_string(), Value::to_string);
        return Err(bad(format!(
            "the header's \"format\" must be 1, not {shown}"
        )));
    }
    let rules = match h.get("rules") {
        Some(Value::Object(r)) => r,
        _ => return Err(bad("the header's \"rules\" is not an object")),
    };
    let Some(Value::String(rules_name)) = rules.get("name") else {
        return Err(bad("the header's rules have no name"));
    };
    let players = whole(rules.get("players"), "players", 1, 255)? as u8;
    let encoding_version = whole(
        h.get("encoding_version"),
        "encoding_version",
        0,
        u32::MAX as u64,
    )? as u32;
    let l = whole(h.get("observation_len"), "observation_len", 1, MAX_SIZE)? as usize;
    let f = whole(h.get("move_features"), "move_features", 1, MAX_SIZE)? as usize;
    let (h1, h2) = match h.get("hidden") {
        Some(Value::Array(sizes)) if sizes.len() == 2 => (
            whole(sizes.first(), "hidden[0]", 1, MAX_SIZE)? as usize,
            whole(sizes.get(1), "hidden[1]", 1, MAX_SIZE)? as usize,
        ),
        _ => return Err(bad("the header's \"hidden\" must be a list of two sizes")),
    };
    let p = whole(h.get("move_hidden"), "move_hidden", 1, MAX_SIZE)? as usize;
    let input_shift = whole(h.get("input_shift"), "input_shift", 0, MAX_SHIFT)? as u32;
    let weight_shift = whole(h.get("weight_shift"), "weight_shift", 0, MAX_SHIFT)? as u32;
    if !h.contains_key("trained") {
        return Err(bad("the header has no \"trained\""));
    }
    // The int16 arrays, then the int32 ones, counted in entries.
    let i16s = h1 * l + h2 * h1 + h2 + p * h2 + p * f + p;
    let i32s = h1 + h2 + 1 + p + 1;
    let need = 2 * i16s + 4 * i32s;
    let have = rest.len() - len;
    if have != need {
        let how = if have < need { "missing" } else { "left over" };
        return Err(bad(format!(
            "the arrays of its sizes take {need} bytes, but {have} follow the header ({} {how})",
            have.abs_diff(need)
        )));
    }
    let mut a = Arrays {
        bytes: &rest[len..],
        at: 0,
    };
    let w1 = a.i16s(h1 * l);
    let b1 = a.i32s(h1);
    let w2 = a.i16s(h2 * h1);
    let b2 = a.i32s(h2);
    let wv = a.i16s(h2);
    let bv = a.i32s(1)[0];
    let am = a.i16s(p * h2);
    let b = a.i16s(p * f);
    let c = a.i32s(p);
    let wp = a.i16s(p);
    let bp = a.i32s(1)[0];
    Ok(Net {
        bytes: bytes.to_vec(),
        header: text.to_string(),
        rules_name: rules_name.clone(),
        players,
        encoding_version,
        observation_len: l,
        move_features: f,
        hidden: (h1, h2),
        move_hidden: p,
        input_shift,
        weight_shift,
        w1t: floats(&transposed(&w1, h1, l)),
        b1: floats(&b1),
        w2t: floats(&transposed(&w2, h2, h1)),
        b2: floats(&b2),
        wv,
        bv: bv as i64,
        at: floats(&transposed(&am, p, h2)),
        c: floats(&c),
        bt: transposed(&b, p, f),
        wp,
        bp: bp as i64,
    })
}
