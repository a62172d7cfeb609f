//! The JSON text of a quinte game (docs/reference/json.md "Quinte: JSON"): compact, keys in a
//! fixed order, cards as text. Reading checks the shape, then the position exactly as
//! `from_position` does; every error is prefixed `invalid game JSON: ` by the caller.

use super::cards::{Card, CardSet};
use super::game::{DealResult, Game};
use super::moves::Bid;
use super::position::Position;
use super::rules::{Rules, NAME};
use crate::jsontext::read::{check_format, list, number, object, read_rng, rules_args, seat};
use crate::jsontext::write::{
    push_card_lists, push_cards, push_list, push_nums, push_opt, repr_opt,
};
use crate::pyrepr::list_text;
use crate::pyrepr::quoted;
use crate::Error;
use serde_json::Value;
use std::fmt::Write;

pub const KEYS: [&str; 17] = [
    "format",
    "version",
    "rules",
    "rng",
    "deal_number",
    "dealer",
    "turn",
    "bids",
    "hands",
    "stock",
    "played",
    "piles",
    "quints",
    "last_capturer",
    "scores",
    "winner",
    "deals",
];
const DEAL_KEYS: [&str; 7] = [
    "deal_number",
    "dealer",
    "piles",
    "points",
    "details",
    "escobas",
    "last_capturer",
];
const DETAIL_KEYS: [&str; 2] = ["quints", "tricks"];

// -- writing -------------------------------------------------------------------------------

fn push_sets(out: &mut String, sets: &[CardSet]) {
    push_card_lists(out, sets.iter().map(|s| s.iter()));
}

/// One finished deal as its JSON object.
pub fn deal_json(out: &mut String, d: &DealResult) {
    let _ = write!(
        out,
        "{{\"deal_number\":{},\"dealer\":{},\"piles\":",
        d.deal_number, d.dealer
    );
    push_sets(out, &d.piles);
    out.push_str(",\"points\":");
    push_nums(out, &d.points);
    let _ = write!(
        out,
        ",\"details\":[{{\"quints\":{},\"tricks\":{}}},{{\"quints\":{},\"tricks\":{}}}],\"escobas\":",
        d.quints[0], d.tricks[0], d.quints[1], d.tricks[1]
    );
    push_nums(out, &d.escobas);
    out.push_str(",\"last_capturer\":");
    push_opt(out, d.last_capturer);
    out.push('}');
}

pub fn to_json(g: &Game) -> String {
    let mut out = String::with_capacity(1024 + 400 * g.deals().len());
    out.push_str("{\"format\":\"quinza-game\",\"version\":1,\"rules\":");
    out.push_str(&g.rules().json());
    let _ = write!(
        out,
        ",\"rng\":\"{:016x}\",\"deal_number\":{},\"dealer\":{},\"turn\":",
        g.rng_state(),
        g.deal_number(),
        g.dealer()
    );
    push_opt(&mut out, g.turn());
    out.push_str(",\"bids\":[");
    for (i, b) in g.bids().iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "\"{b}\"");
    }
    out.push_str("],\"hands\":");
    push_sets(&mut out, &g.hands);
    out.push_str(",\"stock\":");
    push_cards(&mut out, g.cachette().iter().copied());
    out.push_str(",\"played\":");
    push_cards(&mut out, g.played().iter().copied());
    out.push_str(",\"piles\":");
    push_sets(&mut out, &g.piles);
    out.push_str(",\"quints\":");
    push_nums(&mut out, &g.quints);
    out.push_str(",\"last_capturer\":");
    push_opt(&mut out, g.last_capturer());
    out.push_str(",\"scores\":");
    push_nums(&mut out, &g.scores);
    out.push_str(",\"winner\":");
    push_opt(&mut out, g.winner());
    out.push_str(",\"deals\":");
    push_list(&mut out, g.deals(), deal_json);
    out.push('}');
    out
}

// -- reading -------------------------------------------------------------------------------

/// Does this parsed JSON hold a quinte game (`rules.name` is "quinte", in any case, as
/// `Rules` reads it)? Then it is read with this layout, whatever else it holds.
pub fn is_quinte(data: &Value) -> bool {
    data.get("rules")
        .filter(|r| r.is_object())
        .and_then(|r| r.get("name"))
        .and_then(|n| n.as_str())
        .is_some_and(|n| n.eq_ignore_ascii_case(NAME))
}

fn cards(value: &Value, what: &str) -> Result<Vec<Card>, String> {
    let bad = || format!("{what} must hold lists of card text");
    let Value::Array(items) = value else {
        return Err(bad());
    };
    if !items.iter().all(|v| v.is_string()) {
        return Err(bad());
    }
    items
        .iter()
        .map(|v| Card::parse(v.as_str().unwrap_or_default()).map_err(|e| format!("{what}: {e}")))
        .collect()
}

fn pair(value: &Value, what: &str) -> Result<[u64; 2], String> {
    let items = list(value, Some(2), what)?;
    Ok([number(&items[0], what)?, number(&items[1], what)?])
}

/// `Rules(**data["rules"])` for a rules object named quinte.
fn rules_from(value: &Value) -> Result<Rules, String> {
    let (_, players, target, options) = rules_args(value)?;
    Rules::from_args(&players, &target, &options).map_err(|e| format!("rules: {e}"))
}

fn deal(value: &Value) -> Result<DealResult, String> {
    let map = object(value, &DEAL_KEYS, "a deal")?;
    let mut piles = [CardSet::EMPTY; 2];
    let mut twice = false;
    for (s, p) in list(&map["piles"], Some(2), "deal piles")?
        .iter()
        .enumerate()
    {
        for c in cards(p, "deal piles")? {
            twice |= piles[0].contains(c) || piles[1].contains(c);
            piles[s].insert(c);
        }
    }
    if twice {
        return Err("a deal's piles hold a card twice".into());
    }
    let raw_details = list(&map["details"], Some(2), "deal details")?;
    for d in raw_details {
        object(d, &DETAIL_KEYS, "deal details")?;
    }
    let mut quints = [0u64; 2];
    let mut tricks = [0u64; 2];
    for (s, d) in raw_details.iter().enumerate() {
        quints[s] = number(&d["quints"], "deal details")?;
        tricks[s] = number(&d["tricks"], "deal details")?;
    }
    let points = pair(&map["points"], "deal points")?;
    // The points are the details' saturating sum, as a deal scores them.
    if (0..2).any(|s| points[s] != quints[s].saturating_add(tricks[s])) {
        return Err(format!(
            "deal points {} are not the sum of their details",
            list_text(&points)
        ));
    }
    let deal_number = number(&map["deal_number"], "deal_number")?;
    if deal_number < 1 {
        return Err("deal_number must be at least 1".into());
    }
    let dealer = seat(&map["dealer"], 4, "deal dealer", false)?.unwrap_or(0);
    let escobas = pair(&map["escobas"], "deal escobas")?;
    let last_capturer = seat(&map["last_capturer"], 4, "deal last_capturer", true)?;
    Ok(DealResult {
        deal_number,
        dealer,
        piles,
        points,
        quints,
        tricks,
        escobas,
        last_capturer,
    })
}

/// Read a quinte game from parsed JSON (errors without the `invalid game JSON: ` prefix).
pub fn read_value(data: &Value) -> Result<Game, Error> {
    let map = object(data, &KEYS, "the game")?;
    check_format(map)?;
    let rules = rules_from(&map["rules"])?;
    let rng = read_rng(&map["rng"])?;
    let hands = list(&map["hands"], Some(4), "hands")?
        .iter()
        .map(|h| cards(h, "hands"))
        .collect::<Result<Vec<_>, _>>()?;
    let stock = cards(&map["stock"], "stock")?;
    let played = cards(&map["played"], "played")?;
    let piles = list(&map["piles"], Some(2), "piles")?
        .iter()
        .map(|p| cards(p, "piles"))
        .collect::<Result<Vec<_>, _>>()?;
    let raw_bids = list(&map["bids"], None, "bids")?;
    if !raw_bids.iter().all(|b| b.is_string()) {
        return Err("bids must be a list of pass, double or redouble".into());
    }
    let quints = pair(&map["quints"], "quints")?;
    let scores = pair(&map["scores"], "scores")?;
    let dealer = seat(&map["dealer"], 4, "dealer", false)?.unwrap_or(0);
    let last_capturer = seat(&map["last_capturer"], 4, "last_capturer", true)?;
    let turn = seat(&map["turn"], 4, "turn", true)?;
    let winner = seat(&map["winner"], 2, "winner", true)?;
    let deal_number = number(&map["deal_number"], "deal_number")?;
    if deal_number < 1 {
        return Err("deal_number must be at least 1".into());
    }
    let deals = list(&map["deals"], None, "deals")?
        .iter()
        .map(deal)
        .collect::<Result<Vec<_>, _>>()?;
    // from_position, check 1: the bid words.
    let mut bids = Vec::with_capacity(raw_bids.len());
    for b in raw_bids {
        let word = b.as_str().unwrap_or_default();
        match Bid::parse(word) {
            Some(bid) => bids.push(bid),
            None => {
                return Err(
                    format!("bids: {} is not pass, double or redouble", quoted(word)).into(),
                )
            }
        }
    }
    let trick = played[played.len() - played.len() % 4..].to_vec();
    let mut g = Game::from_position(Position {
        rules,
        hands,
        table: trick,
        stock,
        piles,
        scores,
        dealer,
        last_capturer,
        deal_number,
        seed: 0,
        bids: Some(bids),
        quints,
        played: Some(played),
        turn: Ok(turn),
        over: turn.is_none(),
    })?;
    g.rng.state = rng;
    g.deals = deals;
    if g.winner != winner {
        return Err(format!(
            "winner is {}, but the scores {} give {}",
            repr_opt(winner),
            list_text(&scores),
            repr_opt(g.winner)
        )
        .into());
    }
    Ok(g)
}

/// Read a quinte game from its JSON text; every error starts `invalid game JSON: `.
pub fn from_json(text: &str) -> Result<Game, Error> {
    let data = crate::jsontext::game_value(text)?;
    read_value(&data).map_err(crate::jsontext::invalid_game_json)
}
