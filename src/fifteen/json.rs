//! The JSON text of a game (docs/reference/json.md "JSON"): compact, keys in a fixed order,
//! cards as text. Reading checks the shape and then the position, with the reference's
//! messages, each prefixed `invalid game JSON: `.

use super::game::{Game, Position};
use super::rules::Rules;
use super::scoring::{DealResult, Details};
use crate::cards::{Card, CardSet, DECK_SIZE};
use crate::jsontext::read::{check_format, list, number, object, read_rng, rules_args, seat};
use crate::jsontext::write::{
    push_card_lists, push_cards, push_list, push_nums, push_opt, repr_opt,
};
use crate::pyrepr::list_text;
use crate::Error;
use serde_json::Value;
use std::fmt::Write;

const KEYS: [&str; 16] = [
    "format",
    "version",
    "rules",
    "rng",
    "deal_number",
    "dealer",
    "turn",
    "hands",
    "table",
    "stock",
    "piles",
    "escobas",
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

// -- writing -------------------------------------------------------------------------------

fn push_sets(out: &mut String, sets: &[CardSet]) {
    push_card_lists(out, sets.iter().map(|s| s.iter()));
}

/// `{"name":..,"players":..,"target":..[,options]}`
pub fn rules_json(rules: &Rules) -> String {
    let mut out = format!(
        "{{\"name\":\"{}\",\"players\":{},\"target\":{}",
        rules.name(),
        rules.players,
        rules.target
    );
    for (k, v) in rules.option_items() {
        let _ = write!(out, ",\"{k}\":{v}");
    }
    out.push('}');
    out
}

/// One finished deal as its JSON object.
pub fn deal_json(out: &mut String, d: &DealResult) {
    let sides = d.sides as usize;
    let _ = write!(
        out,
        "{{\"deal_number\":{},\"dealer\":{},\"piles\":",
        d.deal_number, d.dealer
    );
    push_sets(out, &d.piles[..sides]);
    out.push_str(",\"points\":");
    push_nums(out, &d.points[..sides]);
    out.push_str(",\"details\":[");
    for (i, det) in d.details[..sides].iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push('{');
        for (j, (k, v)) in det.items().iter().enumerate() {
            if j > 0 {
                out.push(',');
            }
            let _ = write!(out, "\"{k}\":{v}");
        }
        out.push('}');
    }
    out.push_str("],\"escobas\":");
    push_nums(out, &d.escobas[..sides]);
    out.push_str(",\"last_capturer\":");
    push_opt(out, d.last_capturer);
    out.push('}');
}

pub fn to_json(g: &Game) -> String {
    let rules = g.rules();
    let n = rules.players as usize;
    let sides = rules.sides() as usize;
    let mut out = String::with_capacity(1024 + 400 * g.deals().len());
    out.push_str("{\"format\":\"quinza-game\",\"version\":1,\"rules\":");
    out.push_str(&rules_json(rules));
    let _ = write!(
        out,
        ",\"rng\":\"{:016x}\",\"deal_number\":{},\"dealer\":{},\"turn\":",
        g.rng_state(),
        g.deal_number(),
        g.dealer()
    );
    push_opt(&mut out, g.turn());
    out.push_str(",\"hands\":");
    push_sets(&mut out, &g.hands[..n]);
    out.push_str(",\"table\":");
    push_cards(&mut out, g.table().iter());
    out.push_str(",\"stock\":");
    push_cards(&mut out, g.stock().into_iter());
    out.push_str(",\"piles\":");
    push_sets(&mut out, &g.piles[..sides]);
    out.push_str(",\"escobas\":");
    push_nums(&mut out, g.escobas());
    out.push_str(",\"last_capturer\":");
    push_opt(&mut out, g.last_capturer());
    out.push_str(",\"scores\":");
    push_nums(&mut out, g.scores());
    out.push_str(",\"winner\":");
    push_opt(&mut out, g.winner());
    out.push_str(",\"deals\":");
    push_list(&mut out, g.deals(), deal_json);
    out.push('}');
    out
}

// -- reading -------------------------------------------------------------------------------

/// Read a game back; every error starts `invalid game JSON: `.
pub fn from_json(text: &str) -> Result<Game, Error> {
    let data = crate::jsontext::game_value(text)?;
    read_value(&data, &super::rules::NAMES).map_err(crate::jsontext::invalid_game_json)
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

/// The rules of the JSON; a name that is no rule set is refused naming `rule_sets`.
fn rules_from(value: &Value, rule_sets: &[&str]) -> Result<Rules, String> {
    let (name, players, target, options) = rules_args(value)?;
    Rules::from_args_among(name.as_ref(), &players, &target, &options, rule_sets)
        .map_err(|e| format!("rules: {e}"))
}

fn deal(value: &Value, rules: &Rules) -> Result<DealResult, String> {
    let map = object(value, &DEAL_KEYS, "a deal")?;
    let sides = rules.sides() as usize;
    let mut piles = [CardSet::EMPTY; 3];
    let mut seen = CardSet::EMPTY;
    let mut twice = false;
    for (s, p) in list(&map["piles"], Some(sides), "deal piles")?
        .iter()
        .enumerate()
    {
        for c in cards(p, "deal piles")? {
            twice |= seen.contains(c);
            seen.insert(c);
            piles[s].insert(c);
        }
    }
    if twice {
        return Err("a deal's piles hold a card twice".into());
    }
    let scoring = rules.row().scoring;
    let keys = Details::keys(scoring);
    let raw_details = list(&map["details"], Some(sides), "deal details")?;
    for d in raw_details {
        object(d, keys, "deal details")?;
    }
    let zero = Details::zero(scoring);
    let mut details = [zero; 3];
    for (s, d) in raw_details.iter().enumerate() {
        let mut vals = Vec::with_capacity(keys.len());
        for k in keys {
            vals.push(number(&d[*k], "deal details")?);
        }
        details[s] = Details::from_values(scoring, &vals).unwrap_or(zero);
    }
    let mut points = [0u64; 3];
    for (s, p) in list(&map["points"], Some(sides), "deal points")?
        .iter()
        .enumerate()
    {
        points[s] = number(p, "deal points")?;
    }
    // The points are the details' saturating sum, as a deal scores them.
    if (0..sides).any(|s| points[s] != details[s].total()) {
        return Err(format!(
            "deal points {} are not the sum of their details",
            list_text(&points[..sides])
        ));
    }
    let deal_number = number(&map["deal_number"], "deal_number")?;
    if deal_number < 1 {
        return Err("deal_number must be at least 1".into());
    }
    let dealer = seat(&map["dealer"], rules.players, "deal dealer", false)?.unwrap_or(0);
    let mut escobas = [0u64; 3];
    for (s, e) in list(&map["escobas"], Some(sides), "deal escobas")?
        .iter()
        .enumerate()
    {
        escobas[s] = number(e, "deal escobas")?;
    }
    let last_capturer = seat(
        &map["last_capturer"],
        rules.players,
        "deal last_capturer",
        true,
    )?;
    Ok(DealResult {
        deal_number,
        dealer,
        sides: sides as u8,
        piles,
        points,
        details,
        escobas,
        last_capturer,
    })
}

/// Read a fifteen-family game from parsed JSON (errors without the `invalid game JSON: `
/// prefix); a rules name that is no rule set is refused naming `rule_sets`.
pub fn read_value(data: &Value, rule_sets: &[&str]) -> Result<Game, Error> {
    let map = object(data, &KEYS, "the game")?;
    check_format(map)?;
    let rules = rules_from(&map["rules"], rule_sets)?;
    let rng = read_rng(&map["rng"])?;
    let n = rules.players;
    let sides = rules.sides();
    let hands = list(&map["hands"], Some(n as usize), "hands")?
        .iter()
        .map(|h| cards(h, "hands"))
        .collect::<Result<Vec<_>, _>>()?;
    let table = cards(&map["table"], "table")?;
    let stock = cards(&map["stock"], "stock")?;
    let piles = list(&map["piles"], Some(sides as usize), "piles")?
        .iter()
        .map(|p| cards(p, "piles"))
        .collect::<Result<Vec<_>, _>>()?;
    let escobas = list(&map["escobas"], Some(sides as usize), "escobas")?
        .iter()
        .map(|e| number(e, "escobas"))
        .collect::<Result<Vec<_>, _>>()?;
    let scores = list(&map["scores"], Some(sides as usize), "scores")?
        .iter()
        .map(|s| number(s, "scores"))
        .collect::<Result<Vec<_>, _>>()?;
    let dealer = seat(&map["dealer"], n, "dealer", false)?.unwrap_or(0);
    let last_capturer = seat(&map["last_capturer"], n, "last_capturer", true)?;
    let turn = seat(&map["turn"], n, "turn", true)?;
    let winner = seat(&map["winner"], sides, "winner", true)?;
    let deal_number = number(&map["deal_number"], "deal_number")?;
    if deal_number < 1 {
        return Err("deal_number must be at least 1".into());
    }
    let deals = list(&map["deals"], None, "deals")?
        .iter()
        .map(|d| deal(d, &rules))
        .collect::<Result<Vec<_>, _>>()?;

    let mut game = if turn.is_none() {
        if hands.iter().any(|h| !h.is_empty()) || !stock.is_empty() {
            return Err("the match is over (turn is null) but cards are left to play".into());
        }
        let mut seen = CardSet::EMPTY;
        let mut count = 0;
        for &c in table.iter().chain(piles.iter().flatten()) {
            seen.insert(c);
            count += 1;
        }
        if count != DECK_SIZE || seen.len() as usize != DECK_SIZE {
            return Err(
                "a finished deal must hold each of the 40 cards once in the piles and table".into(),
            );
        }
        let mut pile_sets = [CardSet::EMPTY; 3];
        let mut esc = [0u64; 3];
        let mut sc = [0u64; 3];
        for s in 0..sides as usize {
            pile_sets[s] = CardSet::from_cards(piles[s].iter().copied());
            esc[s] = escobas[s];
            sc[s] = scores[s];
        }
        let g = Game::finished(
            rules,
            rng,
            deal_number,
            dealer,
            CardSet::from_cards(table.iter().copied()),
            pile_sets,
            esc,
            last_capturer,
            sc,
            deals,
        );
        if g.match_result().is_none() {
            return Err(format!(
                "turn is null, but the scores {} do not end the match",
                list_text(&scores)
            )
            .into());
        }
        g
    } else {
        let mut g = Game::from_position(Position {
            rules,
            hands,
            table,
            stock,
            piles,
            scores: scores.clone(),
            escobas,
            dealer,
            last_capturer,
            deal_number,
            seed: 0,
            turn: Ok(turn),
        })?;
        g.rng.state = rng;
        g.deals = deals;
        g
    };
    let computed = game.match_result().flatten();
    if computed != winner {
        return Err(format!(
            "winner is {}, but the scores {} give {}",
            repr_opt(winner),
            list_text(&scores),
            repr_opt(computed)
        )
        .into());
    }
    game.winner = computed;
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fifteen::moves::Move;
    use crate::state::State;

    #[test]
    fn json_text_has_the_documented_shape() {
        let g = Game::new(Rules::new("escoba", None, None).unwrap(), 3);
        let t = to_json(&g);
        assert!(t.starts_with(
            "{\"format\":\"quinza-game\",\"version\":1,\"rules\":{\"name\":\"escoba\",\"players\":2,\"target\":21,\"escoba_on_last_card\":false,\"opening_capture\":true,\"setenta\":\"prime\"},\"rng\":\""
        ));
        assert!(t.ends_with(",\"deals\":[]}"));
        assert!(!t.contains(' '));
    }

    #[test]
    fn json_round_trips_exactly_through_whole_matches() {
        for seed in 0..12u64 {
            let name = ["quinza", "rb3ine", "escoba"][seed as usize % 3];
            let rules = Rules::new(name, Some(2 + (seed % 3) as i64), Some(40)).unwrap();
            let mut g = Game::new(rules, seed);
            let mut step = 0;
            loop {
                let t = to_json(&g);
                let back = from_json(&t).unwrap_or_else(|e| panic!("{e}\n{t}"));
                assert_eq!(to_json(&back), t);
                if g.is_over() {
                    break;
                }
                let ms = g.legal_moves();
                g.play(&ms[step % ms.len()]).unwrap();
                step += 7;
            }
        }
    }

    #[test]
    fn a_restored_game_plays_on_identically() {
        let rules = Rules::new("quinza", None, Some(101)).unwrap();
        let mut a = Game::new(rules, 77);
        for _ in 0..50 {
            let m = a.legal_moves()[0];
            a.play(&m).unwrap();
        }
        let mut b = from_json(&to_json(&a)).unwrap();
        while !a.is_over() {
            let m: Move = a.legal_moves()[0];
            a.play(&m).unwrap();
            b.play(&m).unwrap();
        }
        assert_eq!(to_json(&a), to_json(&b));
    }

    #[test]
    fn malformed_json_is_refused_with_a_clear_error() {
        let good = to_json(&Game::new(Rules::new("quinza", None, None).unwrap(), 1));
        let cases: Vec<(String, &str)> = vec![
            ("[]".into(), "invalid game JSON: the game must be an object"),
            (
                good.replace("\"format\":\"quinza-game\",", ""),
                "invalid game JSON: the game: missing keys ['format'], unknown keys []",
            ),
            (
                good.replace("\"version\":1", "\"version\":2"),
                "invalid game JSON: version 2 is not supported (this is version 1)",
            ),
            (
                good.replace("\"players\":2", "\"players\":5"),
                "invalid game JSON: rules: quinza is played by 2, 3 or 4 players, not 5",
            ),
            (
                good.replace("\"target\":151", "\"target\":151,\"setenta\":\"sum\""),
                "invalid game JSON: rules: unknown option 'setenta' for quinza; its options: none",
            ),
            (
                good.replace("\"dealer\":", "\"dealer\":7,\"x\":"),
                "invalid game JSON: the game: missing keys [], unknown keys ['x']",
            ),
            (
                good.replace("\"scores\":[0,0]", "\"scores\":[0,-1]"),
                "invalid game JSON: scores must hold whole numbers from 0 to 2**64-1, not -1",
            ),
            (
                good.replace("\"scores\":[0,0]", "\"scores\":[0,1.0]"),
                "invalid game JSON: scores must hold whole numbers from 0 to 2**64-1, not 1.0",
            ),
            (
                good.replace("\"winner\":null", "\"winner\":1"),
                "invalid game JSON: winner is 1, but the scores [0, 0] give None",
            ),
        ];
        for (text, want) in cases {
            assert_eq!(from_json(&text).unwrap_err().to_string(), want, "{text}");
        }
        assert!(from_json("{")
            .unwrap_err()
            .to_string()
            .starts_with("invalid game JSON: not JSON ("));
        // version 1.0 is version 1 for Python's ==
        assert!(from_json(&good.replace("\"version\":1", "\"version\":1.0")).is_ok());
        // any whitespace
        let spaced = good.replace(",", " ,\n ").replace(":", " : ");
        assert_eq!(to_json(&from_json(&spaced).unwrap()), good);
    }

    #[test]
    fn minus_zero_is_the_number_0_wherever_an_integer_is_read() {
        let rules = Rules::new("escoba", None, None).unwrap();
        let mut g = Game::new(rules, 5);
        while g.deals().is_empty() {
            let m = g.legal_moves()[0];
            g.play(&m).unwrap();
        }
        let good = to_json(&g);
        // Every integer 0 of the text (scores, escobas, seats, deal points and details)
        // written -0 reads as the same game.
        let zeros = good
            .replace(":0,", ":-0,")
            .replace(":0]", ":-0]")
            .replace(",0", ",-0");
        let zeros = zeros.replace("[0", "[-0").replace(":0}", ":-0}");
        assert!(zeros.matches("-0").count() > 5, "{zeros}");
        assert_eq!(to_json(&from_json(&zeros).unwrap()), good);
        assert_eq!(
            crate::jsontext::read::whole(&serde_json::from_str::<Value>("-0").unwrap()),
            Some(0)
        );
        assert_eq!(
            crate::jsontext::read::whole(&serde_json::from_str::<Value>("-0.0").unwrap()),
            None
        );
        assert_eq!(
            crate::jsontext::read::whole(&serde_json::from_str::<Value>("-1").unwrap()),
            None
        );
    }

    #[test]
    fn half_a_surrogate_pair_is_not_json_even_where_a_duplicate_key_drops_it() {
        let good = to_json(&Game::new(Rules::new("escoba", None, None).unwrap(), 1));
        let message =
            "invalid game JSON: not JSON ('\\ud800' is half a surrogate pair, not Unicode)";
        for text in [
            good.replace("\"table\":[", "\"table\":[\"\\ud800\","),
            good.replace("\"table\":[", "\"\\ud800name\":1,\"table\":["),
            good.replace("\"table\":[", "\"table\":\"\\ud800\",\"table\":["),
        ] {
            let error = from_json(&text).unwrap_err();
            assert_eq!(error.to_string(), message, "{text}");
        }
    }

    #[test]
    fn too_long_integers_and_too_deep_nesting_are_not_json() {
        let good = to_json(&Game::new(Rules::new("quinza", None, None).unwrap(), 1));
        let long = good.replace(
            "\"scores\":[0,0]",
            &format!("\"scores\":[{},0]", "1".repeat(4301)),
        );
        assert_eq!(
            from_json(&long).unwrap_err().to_string(),
            "invalid game JSON: not JSON (an integer of more than 4300 digits)"
        );
        let deep = good.replace(
            "\"deals\":[]",
            &format!("\"deals\":{}{}", "[".repeat(128), "]".repeat(128)),
        );
        assert_eq!(
            from_json(&deep).unwrap_err().to_string(),
            "invalid game JSON: not JSON (nesting deeper than 128 levels)"
        );
        let deep = good.replace(
            "\"deals\":[]",
            &format!("\"deals\":{}{}", "[".repeat(127), "]".repeat(127)),
        );
        assert_eq!(
            from_json(&deep).unwrap_err().to_string(),
            "invalid game JSON: a deal must be an object"
        );
    }
}
