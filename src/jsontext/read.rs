//! Reading a game's JSON text: the pieces every family's layout is read with (objects with
//! their keys, lists, whole numbers, seats, the header, the generator, the rules'
//! arguments), each refusing a bad value in the reference's words.

use crate::pyrepr::{json_is_int, py_repr_str_list, quoted_json, quoted_repr};
use crate::ruleargs::{Arg, ArgKind};
use serde_json::{Map, Value};

/// The header every game's JSON starts with: its format and version (shared by both
/// families, checked first so both report a foreign document alike).
pub fn check_format(map: &Map<String, Value>) -> Result<(), String> {
    match &map["format"] {
        Value::String(s) if s == "quinza-game" => {}
        other => {
            return Err(format!(
                "format must be 'quinza-game', not {}",
                quoted_json(other)
            ))
        }
    }
    let version_ok = match &map["version"] {
        // Python compares with ==: 1 and 1.0 are both version 1.
        Value::Number(n) => n.to_string().parse::<f64>().is_ok_and(|x| x == 1.0),
        _ => false,
    };
    if !version_ok {
        return Err(format!(
            "version {} is not supported (this is version 1)",
            quoted_json(&map["version"])
        ));
    }
    Ok(())
}

pub fn object<'a>(
    value: &'a Value,
    keys: &[&str],
    what: &str,
) -> Result<&'a Map<String, Value>, String> {
    let Value::Object(map) = value else {
        return Err(format!("{what} must be an object"));
    };
    let missing: Vec<&str> = keys
        .iter()
        .copied()
        .filter(|k| !map.contains_key(*k))
        .collect();
    let mut extra: Vec<&str> = map
        .keys()
        .map(|k| k.as_str())
        .filter(|k| !keys.contains(k))
        .collect();
    if !missing.is_empty() || !extra.is_empty() {
        extra.sort();
        return Err(format!(
            "{what}: missing keys {}, unknown keys {}",
            py_repr_str_list(&missing),
            quoted_repr(&py_repr_str_list(&extra))
        ));
    }
    Ok(map)
}

pub fn list<'a>(
    value: &'a Value,
    count: Option<usize>,
    what: &str,
) -> Result<&'a Vec<Value>, String> {
    let Value::Array(items) = value else {
        return Err(format!("{what} must be a list"));
    };
    if let Some(n) = count {
        if items.len() != n {
            return Err(format!("{what} needs {n} entries, not {}", items.len()));
        }
    }
    Ok(items)
}

/// A whole number `0 <= n < 2**64` (not a bool, not a float).
/// A JSON integer `0 <= n < 2**64` as Python's json reads it: `-0` is the number 0.
pub fn whole(value: &Value) -> Option<u64> {
    let Value::Number(n) = value else { return None };
    if !json_is_int(n) {
        return None;
    }
    n.as_u64().or_else(|| (n.as_i64() == Some(0)).then_some(0))
}

pub fn number(value: &Value, what: &str) -> Result<u64, String> {
    if let Some(x) = whole(value) {
        return Ok(x);
    }
    Err(format!(
        "{what} must hold whole numbers from 0 to 2**64-1, not {}",
        quoted_json(value)
    ))
}

pub fn seat(value: &Value, size: u8, what: &str, optional: bool) -> Result<Option<u8>, String> {
    if value.is_null() && optional {
        return Ok(None);
    }
    if let Some(x) = whole(value) {
        if x < size as u64 {
            return Ok(Some(x as u8));
        }
    }
    Err(format!(
        "{what} must be 0..{}{}, not {}",
        size - 1,
        if optional { " or null" } else { "" },
        quoted_json(value)
    ))
}

/// The generator state: 16 lower-case hex digits.
pub fn read_rng(value: &Value) -> Result<u64, String> {
    match value {
        Value::String(s)
            if s.len() == 16 && s.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) =>
        {
            u64::from_str_radix(s, 16).map_err(|e| e.to_string())
        }
        other => Err(format!(
            "rng must be 16 lower-case hex digits, not {}",
            quoted_json(other)
        )),
    }
}

/// The reference's view of a JSON value as a rules argument.
pub fn arg(value: &Value) -> Arg {
    let kind = match value {
        Value::Null => ArgKind::Missing,
        Value::Bool(b) => ArgKind::Bool(*b),
        Value::Number(n) if json_is_int(n) => ArgKind::Int(n.to_string().parse::<i128>().ok()),
        Value::String(s) => ArgKind::Str(s.clone()),
        _ => ArgKind::Other,
    };
    Arg::new(kind, quoted_json(value))
}

/// A rules object as the arguments of `Rules(**data["rules"])`, for either family: the
/// name (None when left out: the default; `"name": null` is given and is no rule set),
/// players and target (missing when left out), and the options.
pub type RulesArgs = (Option<Arg>, Arg, Arg, Vec<(Arg, Arg)>);

pub fn rules_args(value: &Value) -> Result<RulesArgs, String> {
    let Value::Object(map) = value else {
        return Err("rules must be an object".into());
    };
    let given = |key: &str| map.get(key).map(arg).unwrap_or_else(Arg::missing);
    let options = map
        .iter()
        .filter(|(k, _)| !matches!(k.as_str(), "name" | "players" | "target"))
        .map(|(k, v)| {
            let key = Arg::new(ArgKind::Str(k.clone()), crate::pyrepr::quoted(k));
            (key, arg(v))
        })
        .collect();
    Ok((
        map.get("name").map(arg),
        given("players"),
        given("target"),
        options,
    ))
}
