//! Saving any [`Game`] as JSON and loading it back, in one format for every game:
//!
//! ```json
//! {"game": "sheepshead", "format": 1, "rules": {"jack_order": "standard", ...}, <the game's start fields>,
//!  "history": ["pick", "bury QC", ...]}
//! ```
//!
//! The start fields ([`Game::saved_start`]) say how the game began (its deal, or its position); the history is
//! replayed action by action, so a save can only describe a state the rules reach. The text is written as
//! Python's `json.dumps` writes the saves' objects (`", "` and `": "` separators, ASCII escapes), so that the
//! pure-Python reference engines write the same text for the same Tractor round. A save that is not JSON, not of this game, or not consistent is
//! refused with [`InvalidState`] saying what is wrong, in time and memory bounded by its size.

use crate::error::InvalidState;
use crate::game::Saved;
use crate::options::{RuleOptions, Value as OptionValue};
use serde_json::{Map, Value};
use std::io;

/// The version of the save format.
pub const FORMAT: u64 = 1;

/// The largest save read, in bytes (a whole Tractor round with its history is about 3 kB).
pub const MAX_SAVE_BYTES: usize = 1 << 20;

/// `state` as JSON.
pub fn to_json<G: Saved>(state: &G) -> String {
    let mut map = Map::new();
    map.insert("game".into(), G::NAME.into());
    map.insert("format".into(), FORMAT.into());
    map.insert("rules".into(), rules_to_json(&state.rules()));
    for (key, value) in state.saved_start() {
        map.insert(key.into(), value);
    }
    let history: Vec<Value> = state.history().iter().map(|&a| state.action_text(a).into()).collect();
    map.insert("history".into(), history.into());
    dumps(&Value::Object(map))
}

/// The state a save describes.
pub fn from_json<G: Saved>(text: &[u8]) -> Result<G, InvalidState> {
    load::<G>(text).map_err(|InvalidState(m)| InvalidState(format!("corrupted saved game: {m}")))
}

fn load<G: Saved>(text: &[u8]) -> Result<G, InvalidState> {
    if text.len() > MAX_SAVE_BYTES {
        return Err(InvalidState(format!(
            "the save has {} bytes; a save has at most {MAX_SAVE_BYTES}",
            text.len()
        )));
    }
    let value: Value =
        serde_json::from_slice(text).map_err(|e| InvalidState(format!("not a JSON document: {e}")))?;
    let Value::Object(map) = value else {
        return Err(InvalidState(format!("not a saved {} state", G::NAME)));
    };
    if map.get("game").and_then(Value::as_str) != Some(G::NAME) {
        return Err(InvalidState(format!("not a saved {} state", G::NAME)));
    }
    if map.get("format").and_then(Value::as_u64) != Some(FORMAT) {
        let format = map.get("format").map_or("none".to_owned(), Value::to_string);
        return Err(InvalidState(format!("unknown save format {format}")));
    }
    let rules = rules_from_json::<G::Rules>(field(&map, "rules")?)?;
    let mut state = G::from_saved(&map, rules)?;
    let Value::Array(history) = field(&map, "history")? else {
        return Err(InvalidState("history must be a list of action texts".into()));
    };
    for (i, action) in history.iter().enumerate() {
        let text =
            action.as_str().ok_or_else(|| InvalidState(format!("action {i} is {action}, not a text")))?;
        state
            .apply_text(text)
            .map_err(|e| InvalidState(format!("action {i} ({text:?}) cannot be replayed: {e}")))?;
    }
    Ok(state)
}

/// Field `key` of a saved object.
pub fn field<'a>(map: &'a Map<String, Value>, key: &str) -> Result<&'a Value, InvalidState> {
    map.get(key).ok_or_else(|| InvalidState(format!("the field {key:?} is missing")))
}

/// The options as a JSON object, in table order.
pub fn rules_to_json<R: RuleOptions>(rules: &R) -> Value {
    let mut map = Map::new();
    for (name, value) in rules.values() {
        let v = match value {
            OptionValue::Choice(s) => Value::from(s),
            OptionValue::Bool(b) => Value::from(b),
            OptionValue::Int(i) => Value::from(i),
        };
        map.insert(name.into(), v);
    }
    Value::Object(map)
}

/// Options from a JSON object (options left out keep their defaults).
pub fn rules_from_json<R: RuleOptions>(value: &Value) -> Result<R, InvalidState> {
    let Value::Object(map) = value else {
        return Err(InvalidState(format!("rules must be an object, not {value}")));
    };
    R::check_names(&map.keys().map(String::as_str).collect::<Vec<_>>())
        .map_err(|e| InvalidState(format!("bad rule options: {e}")))?;
    let mut rules = R::default();
    for (name, v) in map {
        let v = match v {
            Value::String(s) => OptionValue::Choice(s),
            Value::Bool(b) => OptionValue::Bool(*b),
            Value::Number(n) if n.as_i64().is_some() => OptionValue::Int(n.as_i64().expect("checked")),
            _ => return Err(InvalidState(format!("bad rule options: {name} cannot be {v}"))),
        };
        rules.set_any(name, v).map_err(|e| InvalidState(format!("bad rule options: {e}")))?;
    }
    rules.check().map_err(|e| InvalidState(format!("bad rule options: {e}")))?;
    Ok(rules)
}

/// A JSON text as Python's `json.dumps` writes it.
pub fn dumps(value: &Value) -> String {
    let mut out = Vec::with_capacity(256);
    let mut writer = serde_json::Serializer::with_formatter(&mut out, PythonFormatter);
    serde::Serialize::serialize(value, &mut writer).expect("a Value serializes into memory");
    String::from_utf8(out).expect("JSON is UTF-8")
}

/// `json.dumps`' separators: `", "` between items, `": "` after a key, everything else as compact JSON
/// (non-ASCII characters escaped, as `ensure_ascii` does).
struct PythonFormatter;

impl serde_json::ser::Formatter for PythonFormatter {
    fn begin_array_value<W: ?Sized + io::Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        if first {
            Ok(())
        } else {
            w.write_all(b", ")
        }
    }
    fn begin_object_key<W: ?Sized + io::Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        if first {
            Ok(())
        } else {
            w.write_all(b", ")
        }
    }
    fn begin_object_value<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        w.write_all(b": ")
    }
    fn write_string_fragment<W: ?Sized + io::Write>(&mut self, w: &mut W, fragment: &str) -> io::Result<()> {
        for c in fragment.chars() {
            if c.is_ascii() {
                w.write_all(&[c as u8])?;
            } else {
                let mut units = [0u16; 2];
                for unit in c.encode_utf16(&mut units) {
                    write!(w, "\\u{unit:04x}")?;
                }
            }
        }
        Ok(())
    }
}

/// Reads a JSON value as a `T` or says what field was wrong.
pub fn as_<T: serde::de::DeserializeOwned>(value: &Value, what: &str) -> Result<T, InvalidState> {
    T::deserialize(value).map_err(|_| InvalidState(format!("{what} cannot be {value}")))
}
