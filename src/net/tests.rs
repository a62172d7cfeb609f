use super::*;
use crate::encoding::Encoded;
use crate::fifteen;
use crate::quinte;
use crate::state::State;

/// An array of a file: int16 or int32.
enum Array<'a> {
    I16(&'a [i16]),
    I32(&'a [i32]),
}

/// A `.qzn` file of these sizes (`L, F, H1, H2, P`), shifts and arrays, in the file's order.
fn file(sizes: [usize; 5], shifts: (u32, u32), arrays: &[Array<'_>]) -> Vec<u8> {
    let [l, f, h1, h2, p] = sizes;
    let header = format!(
        r#"{{"format": 1, "rules": {{"name": "escoba", "players": 2}}, "encoding_version": 1,
        "observation_len": {l}, "move_features": {f}, "hidden": [{h1}, {h2}], "move_hidden": {p},
        "input_shift": {}, "weight_shift": {}, "trained": "by hand"}}"#,
        shifts.0, shifts.1
    );
    let mut out = b"QZN1".to_vec();
    out.extend((header.len() as u32).to_le_bytes());
    out.extend(header.as_bytes());
    for a in arrays {
        match a {
            Array::I16(v) => v.iter().for_each(|x| out.extend(x.to_le_bytes())),
            Array::I32(v) => v.iter().for_each(|x| out.extend(x.to_le_bytes())),
        }
    }
    out
}

/// The tiny net worked by hand below: L 3, F 2, H1 2, H2 2, P 2, IS 1, WS 2.
fn tiny() -> Vec<u8> {
    use Array::{I16, I32};
    let arrays = [
        I16(&[3, 5, 1, -4, 0, 2]), // W1
        I32(&[1, 3]),              // b1
        I16(&[4, 7, -3, 1]),       // W2
        I32(&[2, 0]),              // b2
        I16(&[5, 9]),              // Wv
        I32(&[-2]),                // bv
        I16(&[6, 1, -2, 3]),       // A
        I16(&[1, -3, 2, 4]),       // B
        I32(&[1, -1]),             // c
        I16(&[3, -5]),             // wp
        I32(&[4]),                 // bp
    ];
    file([3, 2, 2, 2, 2], (1, 2), &arrays)
}

#[test]
fn the_forward_pass_of_a_tiny_net_is_the_one_worked_by_hand() {
    let net = read(&tiny()).unwrap();
    let mut s = Scratch::default();
    // x = [floor(2 + .5), 0, floor(-1.5 + .5)] = [2, 0, -1]
    // h1 = clamp([(6 - 1 + 1) >> 2, (-8 - 2 + 3) >> 2]) = [1, 0]
    // h2 = clamp([(4 + 2) >> 2, -3 >> 2]) = [1, 0]; value = 5 - 2
    assert_eq!(net.trunk(&[1.0, 0.0, -0.75], &mut s), 3);
    // base = [6 + 1, -2 - 1] = [7, -3]
    // [0]: u = [(7 + 2) >> 2, (-3 + 4) >> 2] = [2, 0]: 4 + 6
    assert_eq!(net.score(&[0], &mut s), 10);
    // [1]: u = [(7 - 6) >> 2, (-3 + 8) >> 2] = [0, 1]: 4 - 5
    assert_eq!(net.score(&[1], &mut s), -1);
    // [0, 1]: u = [(7 - 4) >> 2, (-3 + 12) >> 2] = [0, 2]: 4 - 10
    assert_eq!(net.score(&[0, 1], &mut s), -6);
    assert_eq!(net.score(&[], &mut s), 7);
    assert_eq!(net.scale(), 8.0);
}

#[test]
fn inputs_round_half_up_and_are_capped() {
    let net = read(&tiny()).unwrap();
    // x[0] = floor(0.25 * 2 + 0.5) = 1, x[2] = floor(-0.25 * 2 + 0.5) = 0
    let mut s = Scratch::default();
    // h1 = [(3 + 1) >> 2, (-4 + 3) >> 2 -> 0] = [1, 0], as above: value 3
    assert_eq!(net.trunk(&[0.25, 0.0, -0.25], &mut s), 3);
    // x[0] capped at 2**16: h1[0] = (3 * 65536 + 1) >> 2 = 49152; h1[1] = 0
    // h2 = [(4 * 49152 + 2) >> 2, 0] = [49152, 0]; value = 5 * 49152 - 2
    assert_eq!(net.trunk(&[1e9, 0.0, 0.0], &mut s), 5 * 49152 - 2);
    // and h1 itself is capped: x = 2**16 everywhere gives (9 * 65536 + 1) >> 2 > 2**16
    assert_eq!(
        net.trunk(&[1e9, 1e9, 1e9], &mut s),
        5 * ((4 * 65536 + 2) >> 2) - 2
    );
}

fn refused(bytes: &[u8]) -> String {
    match read(bytes) {
        Err(Error::Value(m)) => m,
        other => panic!("not refused: {other:?}"),
    }
}

#[test]
fn a_file_that_is_not_a_net_is_refused_saying_why() {
    let good = tiny();
    assert_eq!(
        refused(b"PK\x03\x04"),
        "not a net file: it does not start with QZN1"
    );
    assert_eq!(
        refused(b"QZN1\x01"),
        "not a net file: it ends before the header's length"
    );
    let mut long = good.clone();
    long.push(0);
    assert!(
        refused(&long).ends_with("(1 left over)"),
        "{}",
        refused(&long)
    );
    assert!(refused(&good[..good.len() - 3]).ends_with("(3 missing)"));
    let with_header = |h: &str| {
        let mut out = b"QZN1".to_vec();
        out.extend((h.len() as u32).to_le_bytes());
        out.extend(h.as_bytes());
        out
    };
    assert!(refused(&with_header("[1]")).contains("not a JSON object"));
    assert!(refused(&with_header("{")).contains("the header is not JSON"));
    assert!(refused(&with_header(r#"{"format": 2}"#)).contains(r#""format" must be 1, not 2"#));
    let text = std::str::from_utf8(
        &good[8..8 + u32::from_le_bytes(good[4..8].try_into().unwrap()) as usize],
    )
    .unwrap();
    for (from, to, says) in [
        (
            r#""hidden": [2, 2]"#,
            r#""hidden": [2]"#,
            "\"hidden\" must be a list of two sizes",
        ),
        (
            r#""hidden": [2, 2]"#,
            r#""hidden": [2, 0]"#,
            "\"hidden[1]\" must be a whole number from 1 to 1048576, not 0",
        ),
        (
            r#""input_shift": 1"#,
            r#""input_shift": -1"#,
            "\"input_shift\" must be a whole number from 0 to 24, not -1",
        ),
        (
            r#""move_hidden": 2"#,
            r#""move_hidden": 2.0"#,
            "\"move_hidden\" must be a whole number",
        ),
        (
            r#", "trained": "by hand""#,
            "",
            "the header has no \"trained\"",
        ),
        (
            r#""name": "escoba", "#,
            "",
            "the header's rules have no name",
        ),
    ] {
        assert!(text.contains(from), "{from}");
        let bad = text.replace(from, to);
        let mut bytes = with_header(&bad);
        bytes.extend(&good[8 + text.len()..]);
        assert!(refused(&bytes).contains(says), "{}", refused(&bytes));
    }
}

#[test]
fn no_bytes_make_the_reader_panic() {
    let good = tiny();
    for n in 0..good.len() {
        assert!(read(&good[..n]).is_err());
    }
    let mut x = 0x9e37_79b9u64;
    for _ in 0..2000 {
        let mut bytes = good.clone();
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let at = (x >> 33) as usize % bytes.len();
        bytes[at] ^= (x >> 20) as u8 | 1;
        let _ = read(&bytes);
    }
}

#[test]
fn the_file_is_kept_as_read_and_the_header_as_its_text() {
    let bytes = tiny();
    let net = read(&bytes).unwrap();
    assert_eq!(net.bytes(), &bytes[..]);
    assert!(net.header().starts_with("{\"format\": 1"));
    assert_eq!((net.rules_name(), net.players()), ("escoba", 2));
}

#[test]
fn each_shipped_net_fits_its_game_and_says_what_differs_from_another() {
    for (name, players) in [("escoba", 2), ("quinza", 2), ("rb3ine", 2)] {
        let rules = fifteen::Rules::new(name, Some(players as i64), None).unwrap();
        let net = shipped::for_rules(name, players).unwrap();
        assert_eq!(fits_game::<fifteen::Game>(&net, &rules), Ok(()));
    }
    let q = quinte::Rules::default();
    let net = shipped::for_rules("quinte", 4).unwrap();
    assert_eq!(fits_game::<quinte::Game>(&net, &q), Ok(()));
    let escoba = shipped::for_rules("escoba", 2).unwrap();
    let differs = |e: Result<(), Error>| e.unwrap_err().to_string();
    assert_eq!(
        differs(fits_game::<quinte::Game>(&escoba, &q)),
        "the net does not fit the game: it is for escoba, not quinte"
    );
    let three = fifteen::Rules::new("escoba", Some(3), None).unwrap();
    assert_eq!(
        differs(fits_game::<fifteen::Game>(&escoba, &three)),
        "the net does not fit the game: it is for 2 players, not 3"
    );
    let shape = |l, f, v| Shape {
        rules_name: "escoba",
        players: 2,
        observation_len: l,
        move_features: f,
        encoding_version: v,
    };
    assert_eq!(
        differs(escoba.fits(&shape(9, 113, 1))),
        "the net does not fit the game: it reads observations of 217 entries, not 9"
    );
    assert_eq!(
        differs(escoba.fits(&shape(217, 9, 1))),
        "the net does not fit the game: it reads 113 move features, not 9"
    );
    assert_eq!(
        differs(escoba.fits(&shape(217, 113, 2))),
        "the net does not fit the game: it reads encoding version 1, not 2"
    );
    assert_eq!(
        shipped::for_rules("escoba", 3).unwrap_err().to_string(),
        "no net ships for escoba with 3 players: pass weights, a .qzn file trained for them"
    );
}

#[test]
fn a_net_rates_every_legal_move_and_plays_the_first_best() {
    let rules = fifteen::Rules::new("escoba", None, None).unwrap();
    let net = shipped::for_rules("escoba", 2).unwrap();
    let mut s = Scratch::default();
    for seed in 0..20 {
        let g = fifteen::Game::new(rules, seed);
        let e = evaluate(&net, &g).unwrap();
        let moves = g.legal_moves();
        assert_eq!(e.moves.iter().map(|m| m.0).collect::<Vec<_>>(), moves);
        let top = e.moves.iter().map(|m| m.1).max().unwrap();
        let first = e.moves.iter().find(|m| m.1 == top).unwrap().0;
        assert_eq!(net.best_move(&g, &moves, &mut s), Some(first));
    }
    let q = quinte::Game::new(quinte::Rules::default(), 3);
    let e = evaluate(&shipped::for_rules("quinte", 4).unwrap(), &q).unwrap();
    assert_eq!(e.moves.len(), q.legal_moves().len());
    assert!(evaluate(&net, &q).is_err());
}

#[test]
fn a_move_reads_its_card_its_captures_and_the_table_it_leaves() {
    for (name, seed) in [("escoba", 5), ("quinza", 6), ("rb3ine", 7)] {
        let mut g = fifteen::Game::new(fifteen::Rules::new(name, None, None).unwrap(), seed);
        let capture = g.rules().capture_total() as u32;
        let mut out = Vec::new();
        while !g.is_over() {
            let moves = g.legal_moves();
            for mv in &moves {
                out.clear();
                g.move_features(mv, &mut out);
                assert_eq!(out[0], mv.card.id() as u32);
                let captured: Vec<u32> = mv.captures.iter().map(|c| 40 + c.id() as u32).collect();
                let n = 1 + captured.len();
                assert_eq!(out[1..n], captured[..]);
                // the table after the move, played out on a copy while the deal goes on
                let mut after = g.clone();
                after.apply(*mv);
                let left = if after.deal_number() == g.deal_number() && !after.is_over() {
                    after.table
                } else {
                    let mut left = g.table.minus(mv.captures);
                    if mv.captures.is_empty() {
                        left.insert(mv.card);
                    }
                    left
                };
                let values = g.rules().values_by_id();
                let total: u32 = left.iter().map(|c| values[c.id() as usize] as u32).sum();
                assert_eq!(out[n], 80 + total.min(capture));
                assert_eq!(out[n + 1], 80 + capture + 1 + left.len().min(6));
                // every subset of the cards left, summed, for the ranks that capture
                let cards: Vec<u32> = left
                    .iter()
                    .map(|c| values[c.id() as usize] as u32)
                    .collect();
                let sums: Vec<u32> = (0..1u32 << cards.len())
                    .map(|m| {
                        (0..cards.len())
                            .filter(|&i| m >> i & 1 == 1)
                            .map(|i| cards[i])
                            .sum()
                    })
                    .collect();
                let ranks: Vec<u32> = (0..10)
                    .filter(|&r| sums.contains(&(capture - values[r] as u32)))
                    .map(|r| 80 + capture + 8 + r as u32)
                    .collect();
                assert_eq!(out[n + 2..], ranks[..]);
            }
            g.apply(moves[moves.len() / 2]);
        }
        assert_eq!(
            fifteen::Game::move_feature_count(g.rules()),
            80 + capture as usize + 1 + 7 + 10
        );
    }
}

/// docs/reference/nets.md "The computation" word for word, over the file's own arrays in
/// their own order (W1 row by row, 64-bit integers throughout): what `trunk` and `score`
/// must give to the last bit.
fn plain(bytes: &[u8], obs: &[f32], moves: &[Vec<u32>]) -> (i64, Vec<i64>) {
    let len = u32::from_le_bytes(bytes[4..8].try_into().unwrap()) as usize;
    let h: serde_json::Value = serde_json::from_slice(&bytes[8..8 + len]).unwrap();
    let n = |k: &str| h[k].as_u64().unwrap() as usize;
    let (l, f, p) = (n("observation_len"), n("move_features"), n("move_hidden"));
    let (h1, h2) = (
        h["hidden"][0].as_u64().unwrap() as usize,
        h["hidden"][1].as_u64().unwrap() as usize,
    );
    let (is, ws) = (n("input_shift") as u32, n("weight_shift") as u32);
    let mut at = 8 + len;
    let mut take = |count: usize, size: usize| -> Vec<i64> {
        let v = bytes[at..at + count * size]
            .chunks_exact(size)
            .map(|b| {
                if size == 2 {
                    i16::from_le_bytes([b[0], b[1]]) as i64
                } else {
                    i32::from_le_bytes(b.try_into().unwrap()) as i64
                }
            })
            .collect();
        at += count * size;
        v
    };
    let (w1, b1, w2, b2) = (take(h1 * l, 2), take(h1, 4), take(h2 * h1, 2), take(h2, 4));
    let (wv, bv, a, b) = (take(h2, 2), take(1, 4), take(p * h2, 2), take(p * f, 2));
    let (c, wp, bp) = (take(p, 4), take(p, 2), take(1, 4));
    let cap = 1i64 << 16;
    let x: Vec<i64> = obs
        .iter()
        .map(|&o| ((o as f64 * (1u64 << is) as f64 + 0.5).floor() as i64).clamp(-cap, cap))
        .collect();
    let dense = |w: &[i64], b: &[i64], x: &[i64], rows: usize| -> Vec<i64> {
        (0..rows)
            .map(|r| {
                w[r * x.len()..(r + 1) * x.len()]
                    .iter()
                    .zip(x)
                    .map(|(w, x)| w * x)
                    .sum::<i64>()
                    + b[r]
            })
            .collect()
    };
    let relu =
        |v: Vec<i64>| -> Vec<i64> { v.into_iter().map(|v| (v >> ws).clamp(0, cap)).collect() };
    let y1 = relu(dense(&w1, &b1, &x, h1));
    let y2 = relu(dense(&w2, &b2, &y1, h2));
    let value = dense(&wv, &bv, &y2, 1)[0];
    let base = dense(&a, &c, &y2, p);
    let scores = moves
        .iter()
        .map(|fs| {
            let u: Vec<i64> = (0..p)
                .map(|r| base[r] + (fs.iter().map(|&k| b[r * f + k as usize]).sum::<i64>() << is))
                .collect();
            dense(&wp, &bp, &relu(u), 1)[0]
        })
        .collect();
    (value, scores)
}

#[test]
fn the_fast_pass_is_the_plain_computation_to_the_last_bit() {
    let mut s = Scratch::default();
    let mut check = |net: &Net, obs: &[f32], moves: Vec<Vec<u32>>| {
        let want = plain(net.bytes(), obs, &moves);
        let value = net.trunk(obs, &mut s);
        let scores: Vec<i64> = moves.iter().map(|m| net.score(m, &mut s)).collect();
        assert_eq!((value, scores), want);
        // The same without AVX2, where `trunk` took it.
        let value = net.trunk_with(obs, &mut s);
        let scores: Vec<i64> = moves.iter().map(|m| net.score(m, &mut s)).collect();
        assert_eq!((value, scores), want);
    };
    for name in ["escoba", "rb3ine"] {
        let rules = fifteen::Rules::new(name, None, None).unwrap();
        let net = shipped::for_rules(name, 2).unwrap();
        for seed in 0..30 {
            let mut g = fifteen::Game::new(rules, seed);
            for _ in 0..(seed % 12) {
                let mv = g.legal_moves()[seed as usize % g.legal_moves().len()];
                g.apply(mv);
            }
            let mut obs = vec![0.0; fifteen::Game::observation_len(&rules)];
            fifteen::Game::encode(&g.observation(g.turn().unwrap()), &mut obs);
            let moves = g
                .legal_moves()
                .iter()
                .map(|mv| {
                    let mut out = Vec::new();
                    g.move_features(mv, &mut out);
                    out
                })
                .collect();
            check(&net, &obs, moves);
        }
    }
    // Inputs far out of range and weights at their extremes: the shipped quinte net, on
    // inputs capped both ways.
    let net = shipped::for_rules("quinte", 4).unwrap();
    let wild: Vec<f32> = (0..537)
        .map(|i| [1e9, -1e9, 0.5, -0.75, 0.0, 3.0][i % 6])
        .collect();
    check(&net, &wild, vec![vec![0], vec![55], vec![]]);
}
