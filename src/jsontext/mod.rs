//! The JSON text of a game as both backends read it (the twin of `quinza/_jsontext.py`):
//! strict JSON, nested at most 128 levels deep, no integer of more than 4300 digits (the
//! limits of Python's json and int, refused in the same words).

pub mod read;
pub mod write;

use crate::Error;
use serde::Deserialize;
use serde_json::Value;
use std::borrow::Cow;

/// Containers may nest this deep, no deeper.
pub const MAX_DEPTH: usize = 128;
/// Python's limit on the digits of an int read from text.
pub const MAX_DIGITS: usize = 4300;

/// The value of a JSON text, or why it is not JSON (the words inside `not JSON (...)`).
pub fn parse(text: &str) -> Result<Value, String> {
    if too_deep(text) {
        return Err(format!("nesting deeper than {MAX_DEPTH} levels"));
    }
    // The parser refuses half a surrogate pair where it stands; Python's json reads it, so
    // that a syntax error anywhere comes first. So each half is read as U+FFFD (an escape
    // of the same length: the parser's positions hold) and the first refused once the
    // text is read.
    let halves = half_surrogates(text);
    let readable = if halves.is_empty() {
        Cow::Borrowed(text)
    } else {
        let mut t = text.to_owned();
        for &(at, _) in &halves {
            t.replace_range(at..at + 6, "\\ufffd");
        }
        Cow::Owned(t)
    };
    let mut de = serde_json::Deserializer::from_str(&readable);
    // The depth is bounded above, so the parser's own limit (127) is not needed.
    de.disable_recursion_limit();
    let value = Value::deserialize(&mut de)
        .and_then(|v| de.end().map(|_| v))
        .map_err(|e| e.to_string())?;
    if has_long_integer(&value) {
        return Err(format!("an integer of more than {MAX_DIGITS} digits"));
    }
    if let Some(&(_, code)) = halves.first() {
        // As Python's repr shows the character: '\ud800'.
        return Err(format!(
            "'\\u{code:04x}' is half a surrogate pair, not Unicode"
        ));
    }
    Ok(value)
}

/// The `\uXXXX` escapes of the text's strings (keys and values) that are half of a
/// surrogate pair, with no other half beside them: where each starts, and its code.
fn half_surrogates(text: &str) -> Vec<(usize, u16)> {
    let b = text.as_bytes();
    let mut found = Vec::new();
    let mut in_string = false;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' => {
                in_string = !in_string;
                i += 1;
            }
            b'\\' if in_string => match escape_code(b, i) {
                Some(high @ 0xD800..=0xDBFF) => {
                    if matches!(escape_code(b, i + 6), Some(0xDC00..=0xDFFF)) {
                        i += 12; // a whole pair
                    } else {
                        found.push((i, high));
                        i += 6;
                    }
                }
                Some(low @ 0xDC00..=0xDFFF) => {
                    found.push((i, low));
                    i += 6;
                }
                Some(_) => i += 6,
                None => i += 2, // \" \\ \n and the like (a bad one is the parser's to word)
            },
            _ => i += 1,
        }
    }
    found
}

/// The code of the `\uXXXX` escape at `at`, if there is one.
fn escape_code(b: &[u8], at: usize) -> Option<u16> {
    let e = b.get(at..at + 6)?;
    if &e[..2] != b"\\u" || !e[2..].iter().all(u8::is_ascii_hexdigit) {
        return None;
    }
    u16::from_str_radix(std::str::from_utf8(&e[2..]).ok()?, 16).ok()
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
    fn half_a_surrogate_pair_is_refused_in_python_words() {
        let half = |code: &str| format!("'\\u{code}' is half a surrogate pair, not Unicode");
        // In a value, in a key, a low half alone, and in a value a duplicate key drops.
        assert_eq!(parse(r#"["\ud800"]"#).unwrap_err(), half("d800"));
        assert_eq!(parse(r#"{"\uD800name": 1}"#).unwrap_err(), half("d800"));
        assert_eq!(parse(r#"["x\udc00"]"#).unwrap_err(), half("dc00"));
        assert_eq!(
            parse(r#"{"a": "\ud800", "a": 1}"#).unwrap_err(),
            half("d800")
        );
        // The first in the text; two highs in a row are two halves.
        assert_eq!(
            parse(r#"["\udbff\ud800\udc00", "\udfff"]"#).unwrap_err(),
            half("dbff")
        );
        // A syntax error anywhere comes first, where the parser finds it.
        assert_eq!(
            parse(r#"["\ud800" 1]"#).unwrap_err(),
            "expected `,` or `]` at line 1 column 11"
        );
        // A whole pair is a character; an escaped backslash is no escape.
        assert_eq!(
            parse(r#"["\ud83d\ude00"]"#).unwrap(),
            serde_json::json!(["\u{1f600}"])
        );
        assert_eq!(
            parse(r#"["\\ud800"]"#).unwrap(),
            serde_json::json!(["\\ud800"])
        );
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
