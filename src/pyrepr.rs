//! Python-style `repr` text for the values error messages quote (`{value!r}` in the
//! reference). The bindings use Python's own `repr`; the core needs these for JSON input.

use serde_json::Value;

/// Characters Python's `str.isprintable()` rejects outside ASCII (an approximation:
/// controls, separators other than the space, format characters, private use; the
/// unassigned code points need Python's Unicode database, see `set_printable`).
fn is_unprintable(c: char) -> bool {
    let u = c as u32;
    c.is_control()
        || c.is_whitespace()
        || matches!(u,
        0x80..=0xA0 | 0xAD | 0x600..=0x605 | 0x61C | 0x6DD | 0x70F | 0x890..=0x891 | 0x8E2
        | 0x1680 | 0x180E | 0x2000..=0x200F | 0x2028..=0x202F | 0x205F..=0x2064
        | 0x2066..=0x206F | 0x3000 | 0xD800..=0xF8FF | 0xFEFF | 0xFFF9..=0xFFFB
        | 0xFFFE | 0xFFFF | 0x110BD | 0x110CD | 0x13430..=0x1343F | 0x1BCA0..=0x1BCA3
        | 0x1D173..=0x1D17A | 0xE0001 | 0xE0020..=0xE007F | 0xF0000..=0x10FFFF)
}

/// The core's own answer to "is this non-ASCII character printable?".
pub fn approximately_printable(c: char) -> bool {
    !is_unprintable(c)
}

/// Python's notion of printable depends on its Unicode database, so the bindings
/// install Python's own `str.isprintable` here once; pure Rust keeps the approximation.
static PRINTABLE: std::sync::OnceLock<fn(char) -> bool> = std::sync::OnceLock::new();

/// Install the predicate `py_repr_str` asks about non-ASCII characters (the first one
/// installed stays); false if one was installed already.
pub fn set_printable(f: fn(char) -> bool) -> bool {
    PRINTABLE.set(f).is_ok()
}

fn is_printable(c: char) -> bool {
    PRINTABLE
        .get()
        .map_or_else(|| approximately_printable(c), |f| f(c))
}

/// `repr(s)` of a Python str.
pub fn py_repr_str(s: &str) -> String {
    repr_str_with(s, is_printable)
}

/// `repr(s)` with `printable` telling which non-ASCII characters are shown as they are.
fn repr_str_with(s: &str, printable: fn(char) -> bool) -> String {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(s.len() + 2);
    out.push(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 || c as u32 == 0x7F => {
                out.push_str(&format!("\\x{:02x}", c as u32));
            }
            c if (c as u32) < 0x7F => out.push(c),
            c if printable(c) => out.push(c),
            c if (c as u32) <= 0xFF => out.push_str(&format!("\\x{:02x}", c as u32)),
            c if (c as u32) <= 0xFFFF => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push_str(&format!("\\U{:08x}", c as u32)),
        }
    }
    out.push(quote);
    out
}

/// An input longer than this is quoted cut short in error messages (docs/reference/errors.md
/// "Errors and their messages"; the reference's twin is `quinza._words.quoted`).
pub const QUOTE_LIMIT: usize = 60;

/// What follows a quoted input cut short: `... (N characters)`.
pub fn cut_note(chars: usize) -> String {
    format!("... ({chars} characters)")
}

/// A str input as an error message quotes it: `repr(s)`, or, past `QUOTE_LIMIT`
/// characters, the repr of its first `QUOTE_LIMIT` characters and `... (N characters)`.
pub fn quoted(s: &str) -> String {
    let n = s.chars().count();
    if n <= QUOTE_LIMIT {
        return py_repr_str(s);
    }
    let head: String = s.chars().take(QUOTE_LIMIT).collect();
    py_repr_str(&head) + &cut_note(n)
}

/// Any other input as an error message quotes it, from its repr text: the text, or, past
/// `QUOTE_LIMIT` characters, its first `QUOTE_LIMIT` characters and `... (N characters)`.
pub fn quoted_repr(repr: &str) -> String {
    let n = repr.chars().count();
    if n <= QUOTE_LIMIT {
        return repr.to_string();
    }
    repr.chars().take(QUOTE_LIMIT).collect::<String>() + &cut_note(n)
}

/// A JSON value as an error message quotes the Python value `json.loads` makes of it.
pub fn quoted_json(v: &Value) -> String {
    match v {
        Value::String(s) => quoted(s),
        other => quoted_repr(&py_repr_json(other)),
    }
}

/// `repr(x)` of a Python float: shortest round-trip digits, fixed notation for decimal
/// exponents -4..15, else scientific with a signed two-digit-minimum exponent.
pub fn py_repr_float(x: f64) -> String {
    if x.is_nan() {
        return "nan".into();
    }
    if x.is_infinite() {
        return if x > 0.0 { "inf".into() } else { "-inf".into() };
    }
    let sci = format!("{x:e}"); // e.g. "-1.25e-7", shortest round-trip digits
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let (sign, mantissa) = match mantissa.strip_prefix('-') {
        Some(m) => ("-", m),
        None => ("", mantissa),
    };
    let digits: String = mantissa.chars().filter(|c| c.is_ascii_digit()).collect();
    if (-4..16).contains(&exp) {
        let n = digits.len() as i32;
        let point = exp + 1; // digits before the decimal point
        let body = if point <= 0 {
            format!("0.{}{}", "0".repeat((-point) as usize), digits)
        } else if point >= n {
            format!("{}{}.0", digits, "0".repeat((point - n) as usize))
        } else {
            format!(
                "{}.{}",
                &digits[..point as usize],
                &digits[point as usize..]
            )
        };
        format!("{sign}{body}")
    } else {
        let m = if digits.len() > 1 {
            format!("{}.{}", &digits[..1], &digits[1..])
        } else {
            digits.clone()
        };
        let esign = if exp < 0 { '-' } else { '+' };
        format!("{sign}{m}e{esign}{:02}", exp.abs())
    }
}

/// Is this JSON number written as an integer (Python's json makes it an int)?
pub fn json_is_int(n: &serde_json::Number) -> bool {
    let t = n.to_string();
    !t.contains(['.', 'e', 'E'])
}

/// `repr(b)` of a Python bool.
pub fn py_repr_bool(b: bool) -> &'static str {
    if b {
        "True"
    } else {
        "False"
    }
}

/// `repr` of the Python value `json.loads` makes of a JSON value.
pub fn py_repr_json(v: &Value) -> String {
    match v {
        Value::Null => "None".into(),
        Value::Bool(b) => py_repr_bool(*b).into(),
        Value::Number(n) => {
            let t = n.to_string();
            if json_is_int(n) {
                if t == "-0" {
                    "0".into()
                } else {
                    t
                }
            } else {
                py_repr_float(t.parse::<f64>().unwrap_or(f64::NAN))
            }
        }
        Value::String(s) => py_repr_str(s),
        Value::Array(items) => list_of(items, py_repr_json),
        Value::Object(map) => {
            let parts: Vec<String> = map
                .iter()
                .map(|(k, v)| format!("{}: {}", py_repr_str(k), py_repr_json(v)))
                .collect();
            format!("{{{}}}", parts.join(", "))
        }
    }
}

/// Python's list text of items shown as `show` shows them: `[3, 2]`.
fn list_of<T>(items: &[T], show: impl Fn(&T) -> String) -> String {
    let parts: Vec<String> = items.iter().map(show).collect();
    format!("[{}]", parts.join(", "))
}

/// `repr` of a list of numbers (anything whose repr is its text): `[3, 2]`.
pub fn list_text<T: std::fmt::Display>(items: &[T]) -> String {
    list_of(items, |x| x.to_string())
}

/// `repr` of a list of str: `['a', 'b']`.
pub fn py_repr_str_list<S: AsRef<str>>(items: &[S]) -> String {
    list_of(items, |s| py_repr_str(s.as_ref()))
}

/// Names as a message lists the choices: "a", "a or b", "a, b or c".
pub fn or_list(names: &[&str]) -> String {
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// Whitespace as Python's `str.split()` sees it (Rust's, plus the four separators
/// U+001C..U+001F).
pub fn is_py_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_quote_like_python() {
        assert_eq!(py_repr_str("7o"), "'7o'");
        assert_eq!(py_repr_str("it's"), "\"it's\"");
        assert_eq!(py_repr_str("a'b\"c"), "'a\\'b\"c'");
        assert_eq!(py_repr_str("a\nb\\"), "'a\\nb\\\\'");
        assert_eq!(py_repr_str("\u{1}é\u{a0}"), "'\\x01é\\xa0'");
        assert_eq!(py_repr_str("\u{2028}"), "'\\u2028'");
        assert_eq!(py_repr_str("\u{85}\u{3000}"), "'\\x85\\u3000'");
        assert_eq!(py_repr_str("\u{e0001}"), "'\\U000e0001'");
        // Unassigned code points are known to Python's database: a predicate decides.
        let unassigned = |c: char| !matches!(c as u32, 0x378 | 0xE0080);
        assert_eq!(
            repr_str_with("\u{378}é\u{e0080}", unassigned),
            "'\\u0378é\\U000e0080'"
        );
    }

    #[test]
    fn long_inputs_are_quoted_cut_short() {
        let long = "é".repeat(2000);
        let shown = quoted(&long);
        assert_eq!(shown, format!("'{}'... (2000 characters)", "é".repeat(60)));
        assert_eq!(quoted(&"a".repeat(60)), format!("'{}'", "a".repeat(60)));
        assert_eq!(quoted("it's"), "\"it's\"");
        let list = format!("[{}]", vec!["1"; 100].join(", "));
        assert_eq!(
            quoted_repr(&list),
            format!("{}... (300 characters)", &list[..60])
        );
        let v: Value = serde_json::from_str(&format!("[\"{}\"]", "x".repeat(70))).unwrap();
        assert_eq!(
            quoted_json(&v),
            format!("['{}... (74 characters)", "x".repeat(58))
        );
    }

    #[test]
    fn floats_repr_like_python() {
        for (x, want) in [
            (1.5, "1.5"),
            (2.0, "2.0"),
            (-0.0, "-0.0"),
            (1e16, "1e+16"),
            (1.5e16, "1.5e+16"),
            (123456789012345.0, "123456789012345.0"),
            (0.0001, "0.0001"),
            (0.00001, "1e-05"),
            (1.25e-7, "1.25e-07"),
            (0.1, "0.1"),
            (1e100, "1e+100"),
        ] {
            assert_eq!(py_repr_float(x), want, "{x}");
        }
    }

    #[test]
    fn json_values_repr_as_python_objects() {
        let v: Value =
            serde_json::from_str(r#"{"a": [1, 2.0, null, true, "x"], "b": {}}"#).unwrap();
        assert_eq!(
            py_repr_json(&v),
            "{'a': [1, 2.0, None, True, 'x'], 'b': {}}"
        );
    }
}
