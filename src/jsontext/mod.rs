//! The JSON text of a game as both backends read it (the twin of `quinza/_jsontext.py`):
//! strict JSON, nested at most 128 levels deep, no integer of more than 4300 digits (the
//! limits of Python's json and int, refused in the same words).

pub mod read;
pub mod write;

use crate::Error;
use serde::Deserialize;
use serde_json::Value;

/// Containers may nest this deep, no deeper.
pub const MAX_DEPTH: usize = 128;
/// Python's limit on the digits of an int read from text.
pub const MAX_DIGITS: usize = 4300;

/// The value of a JSON text, or why it is not JSON (the words inside `not JSON (...)`).
pub fn parse(text: &str) -> Result<Value, String> {
    if too_deep(text) {
        return Err(format!("nesting deeper than {MAX_DEPTH} levels"));
    }
    let mut de = serde_json::Deserializer::from_str(text);
    // The depth is bounded above, so the parser's own limit (127) is not needed.
    de.disable_recursion_limit();
    let value = Value::deserialize(&mut de)
        .and_then(|v| de.end().map(|_| v))
        .map_err(|e| e.to_string())?;
    if has_long_integer(&value) {
        return Err(format!("an integer of more than {MAX_DIGITS} digits"));
    }
    Ok(value)
}

/// The error of a game's JSON text: its message prefixed `invalid game JSON: `.
pub fn invalid_game_json(e: Error) -> Error {
    Error::Value(format!("invalid game JSON: {e}"))
}

/// The parsed JSON text of a game, or why it is not JSON (prefixed as every error of
/// reading a game).
pub fn game_value(text: &str) -> Result<Value, Error> {
    parse(text).map_err(|why| Error::Value(format!("invalid game JSON: not JSON ({why})")))
}

/// Do the arrays and objects of the text (outside strings) nest deeper than MAX_DEPTH?
fn too_deep(text: &str) -> bool {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    for b in text.bytes() {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return true;
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    false
}

/// Is some integer of the value (sign aside) longer than MAX_DIGITS digits?
fn has_long_integer(value: &Value) -> bool {
    let mut stack = vec![value];
    while let Some(v) = stack.pop() {
        match v {
            Value::Number(n)
                if crate::pyrepr::json_is_int(n)
                    && n.to_string().trim_start_matches('-').len() > MAX_DIGITS =>
            {
                return true;
            }
            Value::Array(items) => stack.extend(items),
            Value::Object(map) => stack.extend(map.values()),
            _ => {}
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nested(levels: usize) -> String {
        "[".repeat(levels) + &"]".repeat(levels)
    }

    #[test]
    fn nesting_of_128_levels_is_read_129_is_not() {
        assert!(parse(&nested(128)).is_ok());
        let deep = "{\"a\":".repeat(129) + "1" + &"}".repeat(129);
        assert_eq!(parse(&deep).unwrap_err(), "nesting deeper than 128 levels");
        assert_eq!(
            parse(&nested(129)).unwrap_err(),
            "nesting deeper than 128 levels"
        );
        // Brackets inside strings are text, not nesting.
        let text = format!("[\"{}\\\"{}\"]", "[".repeat(200), "{".repeat(200));
        assert!(parse(&text).is_ok(), "{text}");
    }

    #[test]
    fn integers_of_4300_digits_are_read_4301_are_not() {
        let n = "9".repeat(4300);
        assert!(parse(&format!("[-{n}]")).is_ok());
        assert_eq!(
            parse(&format!("[{n}9]")).unwrap_err(),
            "an integer of more than 4300 digits"
        );
        // A float of any length is a float.
        assert!(parse(&format!("[{n}9.5]")).is_ok());
    }

    #[test]
    fn syntax_errors_keep_the_parser_words() {
        assert!(parse("[1,]").is_err());
        assert_eq!(
            parse("[1] x").unwrap_err(),
            "trailing characters at line 1 column 5"
        );
    }
}
