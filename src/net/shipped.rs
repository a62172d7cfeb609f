//! The nets the package ships (python/quinza/nets/, embedded here), one a rule set, and
//! the nets loaded from files, each read once and kept by its path for the life of the
//! process (a bot's `weights` is such a path: a small value, shared by its copies).

use super::{read, Net};
use crate::Error;
use std::sync::{Arc, Mutex, OnceLock};

/// The shipped nets: the rule set's name, its players, the file.
const SHIPPED: [(&str, u8, &[u8]); 4] = [
    (
        "escoba",
        2,
        include_bytes!("../../python/quinza/nets/escoba.qzn"),
    ),
    (
        "quinza",
        2,
        include_bytes!("../../python/quinza/nets/quinza.qzn"),
    ),
    (
        "rb3ine",
        2,
        include_bytes!("../../python/quinza/nets/rb3ine.qzn"),
    ),
    (
        "quinte",
        4,
        include_bytes!("../../python/quinza/nets/quinte.qzn"),
    ),
];

/// Each shipped net, read the first time it is asked for.
static READ: [OnceLock<Result<Arc<Net>, Error>>; 4] = [const { OnceLock::new() }; 4];

/// The net the package ships for these rules; none for other rules (a ValueError that
/// says so).
pub fn for_rules(name: &str, players: u8) -> Result<Arc<Net>, Error> {
    let found = SHIPPED
        .iter()
        .position(|&(n, p, _)| n == name && p == players);
    let Some(i) = found else {
        return Err(Error::Value(format!(
            "no net ships for {name} with {players} players: pass weights, a .qzn file trained for them"
        )));
    };
    READ[i]
        .get_or_init(|| read(SHIPPED[i].2).map(Arc::new))
        .clone()
}

/// The nets loaded from files, by the path they were loaded from (leaked: one string a
/// path ever loaded).
static LOADED: Mutex<Vec<(&'static str, Arc<Net>)>> = Mutex::new(Vec::new());

fn loaded() -> std::sync::MutexGuard<'static, Vec<(&'static str, Arc<Net>)>> {
    // A thread that panicked while holding it left the list whole: every push is one step.
    LOADED.lock().unwrap_or_else(|e| e.into_inner())
}

/// The net of a file, read the first time its path is given; the path as kept (for the
/// bot's `weights`). A file that cannot be read or is not a net is a ValueError.
pub fn load(path: &str) -> Result<(&'static str, Arc<Net>), Error> {
    if let Some((kept, net)) = loaded().iter().find(|(p, _)| *p == path) {
        return Ok((kept, net.clone()));
    }
    let net = Arc::new(read_file(path)?);
    let mut all = loaded();
    // Another thread may have loaded it meanwhile: keep the first.
    if let Some((kept, net)) = all.iter().find(|(p, _)| *p == path) {
        return Ok((kept, net.clone()));
    }
    let kept: &'static str = Box::leak(path.to_string().into_boxed_str());
    all.push((kept, net.clone()));
    Ok((kept, net))
}

/// The net of the file at `path`: a file that cannot be read (saying why, as Python's
/// `strerror` does) or is not a net is a ValueError.
pub fn read_file(path: &str) -> Result<Net, Error> {
    let bytes = std::fs::read(path).map_err(|e| {
        let why = e.to_string();
        // "No such file or directory (os error 2)": the words alone.
        let why = why.split(" (os error").next().unwrap_or_default();
        Error::Value(format!(
            "cannot read the net {}: {why}",
            crate::pyrepr::py_repr_str(path)
        ))
    })?;
    read(&bytes)
}

/// The net of `weights` (a path given to `load`), or None: the shipped net for the rules.
pub fn resolve(weights: Option<&str>, name: &str, players: u8) -> Result<Arc<Net>, Error> {
    match weights {
        Some(path) => load(path).map(|(_, net)| net),
        None => for_rules(name, players),
    }
}
