//! Every rule of docs/rules.md "Quinte, the trick game", named in its words.

use super::cards::FULL_DECK;
use super::game::quints_in;
use super::json::{from_json, to_json};
use super::*;
use crate::playout::Playout;
use crate::rng::SplitMix64;
use crate::Error;

const QUIET_CACHETTE: [&str; 5] = ["6d", "7d", "8d", "9d", "10d"];

fn c(t: &str) -> Card {
    Card::parse(t).unwrap()
}

fn cards(t: &[&str]) -> Vec<Card> {
    t.iter().map(|x| c(x)).collect()
}

fn texts(moves: &[Move]) -> Vec<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

fn play(g: &mut Game, text: &str) -> Result<(), Error> {
    g.play(&Move::parse(text).unwrap())
}

fn play_all(g: &mut Game, moves: &[&str]) {
    for m in moves {
        play(g, m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

fn rules() -> Rules {
    Rules::default()
}

/// A position late in a deal: every card not named lies in the piles as whole tricks
/// (`tricks0` of them won by side 0, the rest by side 1); `leader` won the last trick.
fn late(
    hands: [&[&str]; 4],
    table: &[&str],
    leader: u8,
    tricks0: Option<usize>,
    edit: impl FnOnce(&mut Position),
) -> Result<Game, String> {
    let mut p = Position::new(rules());
    p.hands = hands.iter().map(|h| cards(h)).collect();
    p.table = cards(table);
    p.stock = cards(&QUIET_CACHETTE);
    p.dealer = (leader + 3) % 4;
    edit(&mut p);
    let named = CardSet::from_cards(
        p.hands
            .iter()
            .flatten()
            .chain(&p.table)
            .chain(&p.stock)
            .copied(),
    );
    let rest: Vec<Card> = FULL_DECK.minus(named).iter().collect();
    let tricks = rest.len() / 4;
    let t0 = tricks0.unwrap_or(tricks - tricks / 2);
    p.piles = vec![rest[..4 * t0].to_vec(), rest[4 * t0..].to_vec()];
    if tricks > 0 && p.last_capturer.is_none() {
        p.last_capturer = Some(leader);
    }
    Game::from_position(p).map_err(|e| e.to_string())
}

/// Every position of the first deal of random matches of seeds `0..matches` (bids
/// included), each played by a random player seeded as its match.
pub(super) fn each_first_deal_position(matches: u64, mut f: impl FnMut(&Game)) {
    for seed in 0..matches {
        let mut g = Game::new(rules(), seed);
        let mut rng = SplitMix64::new(seed);
        while g.deal_number() == 1 && !g.is_over() {
            f(&g);
            let mv = g.random_move(&mut rng).unwrap();
            crate::state::State::apply(&mut g, mv);
        }
    }
}

fn passed(seed: u64) -> Game {
    let mut g = Game::new(rules(), seed);
    play_all(&mut g, &["pass"; 4]);
    g
}

// -- Deck and deal ------------------------------------------------------------------------

#[test]
fn the_cachette_is_the_first_5_cards_then_one_card_at_a_time_from_the_seat_after_the_dealer() {
    for seed in [0u64, 1, 77, 12345] {
        let g = Game::new(rules(), seed);
        let mut r = SplitMix64::new(seed);
        let dealer = r.below(4) as u8;
        let mut deck: Vec<u8> = (0..53).collect();
        r.shuffle(&mut deck);
        assert_eq!(g.dealer(), dealer);
        assert_eq!(
            g.cachette().iter().map(|c| c.id()).collect::<Vec<_>>(),
            deck[..5]
        );
        for (i, &id) in deck[5..].iter().enumerate() {
            assert!(g
                .hand((dealer + 1 + i as u8) % 4)
                .contains(Card::from_id(id).unwrap()));
        }
        assert!((0..4).all(|s| g.hand(s).len() == 12));
        assert_eq!(
            (g.turn(), g.phase(), g.deal_number(), g.rng_state()),
            (Some((dealer + 1) % 4), Phase::Doubling, 1, r.state)
        );
    }
}

#[test]
fn the_first_dealer_is_drawn_at_random_and_the_deal_passes_to_the_next_seat() {
    let dealers: std::collections::HashSet<u8> =
        (0..40).map(|s| Game::new(rules(), s).dealer()).collect();
    assert_eq!(dealers.len(), 4);
    let mut g = Game::new(rules(), 5);
    let first = g.dealer();
    let mut p = Playout::new(1);
    p.play_deal(&mut g);
    if !g.is_over() {
        assert_eq!(
            (g.deal_number(), g.dealer(), g.phase(), g.stock_len()),
            (2, (first + 1) % 4, Phase::Doubling, 5)
        );
    }
}

// -- Doubling -------------------------------------------------------------------------------

#[test]
fn each_player_in_turn_from_the_seat_after_the_dealer_has_exactly_one_chance() {
    let mut g = Game::new(rules(), 3);
    let d = g.dealer();
    assert_eq!(texts(&g.legal_moves()), ["pass", "double"]);
    for i in 0..4 {
        assert_eq!(g.turn(), Some((d + 1 + i) % 4));
        play(&mut g, "pass").unwrap();
    }
    assert_eq!(
        g.bids_by_seat().collect::<Vec<_>>(),
        (0..4)
            .map(|i| ((d + 1 + i) % 4, Bid::Pass))
            .collect::<Vec<_>>()
    );
    assert_eq!(
        (
            g.phase(),
            g.turn(),
            g.leader(),
            g.trick_number(),
            g.multiplier()
        ),
        (Phase::Play, Some((d + 1) % 4), Some((d + 1) % 4), 1, 1)
    );
}

#[test]
fn double_if_no_one_has_doubled_redouble_only_the_other_sides_double() {
    let mut g = Game::new(rules(), 3);
    let d = g.dealer();
    play(&mut g, "double").unwrap();
    assert_eq!(
        (g.multiplier(), g.doubling().doubled_by),
        (2, Some((d + 1) % 2))
    );
    assert_eq!(texts(&g.legal_moves()), ["pass", "redouble"]);
    let before = to_json(&g);
    assert_eq!(
        play(&mut g, "double").unwrap_err(),
        Error::Illegal(format!("double: side {} has already doubled", (d + 1) % 2))
    );
    assert_eq!(to_json(&g), before);
    play(&mut g, "pass").unwrap();
    // "No one may redouble their partner's double."
    assert_eq!(texts(&g.legal_moves()), ["pass"]);
    assert_eq!(
        play(&mut g, "redouble").unwrap_err(),
        Error::Illegal(format!(
            "redouble: seat {} may not redouble its partner's double",
            (d + 3) % 4
        ))
    );
    play(&mut g, "pass").unwrap();
    assert_eq!(texts(&g.legal_moves()), ["pass", "redouble"]);
    play(&mut g, "redouble").unwrap();
    assert_eq!(
        (g.multiplier(), g.doubling().redoubled, g.phase()),
        (4, true, Phase::Play)
    );
    let mut g = Game::new(rules(), 3);
    assert_eq!(
        play(&mut g, "redouble").unwrap_err(),
        Error::Illegal("redouble: no one has doubled".into())
    );
}

#[test]
fn after_a_redouble_nothing_more_can_change_decision_it_ends_the_doubling_at_once() {
    let mut g = Game::new(rules(), 8);
    let d = g.dealer();
    play_all(&mut g, &["double", "redouble"]);
    assert_eq!(
        (g.phase(), g.bids().len(), g.turn()),
        (Phase::Play, 2, Some((d + 1) % 4))
    );
    assert_eq!(
        play(&mut g, "pass").unwrap_err(),
        Error::Illegal(format!(
            "pass: the doubling is over; seat {} plays a card",
            (d + 1) % 4
        ))
    );
    assert!(g.legal_moves().iter().all(|m| m.card().is_some()));
}

#[test]
fn a_card_during_the_doubling_is_refused() {
    let mut g = Game::new(rules(), 4);
    let seat = g.turn().unwrap();
    let card = g.hand(seat).iter().next().unwrap();
    assert_eq!(
        g.play(&Move::Card(card)).unwrap_err(),
        Error::Illegal(format!(
            "{card}: seat {seat} must bid first: pass, double or redouble"
        ))
    );
}

#[test]
fn doubling_sets_every_trick_from_5_to_10_redoubling_to_20_quints_are_never_multiplied() {
    for (bids, m) in [
        (vec![Bid::Pass; 4], 1),
        (vec![Bid::Double, Bid::Pass, Bid::Pass, Bid::Pass], 2),
        (vec![Bid::Pass, Bid::Double, Bid::Redouble], 4),
    ] {
        let mut g = late([&["Ah"], &["2s"], &["3c"], &["4s"]], &[], 0, Some(6), |p| {
            p.bids = Some(bids.clone())
        })
        .unwrap();
        assert_eq!(g.multiplier(), m);
        play_all(&mut g, &["Ah", "2s", "3c", "4s"]);
        let d = g.deals()[0];
        assert_eq!(d.tricks, [8 * 5 * m, 5 * 5 * m]);
        assert_eq!(d.tricks[0] + d.tricks[1], 65 * m);
        let mut g = late(
            [&["Ah", "2s"], &["4h", "3s"], &["Kh", "7s"], &["2h", "8s"]],
            &[],
            0,
            None,
            |p| p.bids = Some(bids.clone()),
        )
        .unwrap();
        play_all(&mut g, &["Ah", "4h", "Kh", "2h"]);
        assert_eq!((g.quints(), g.scores()), ([20, 0], [20, 0]));
    }
}

// -- Play -------------------------------------------------------------------------------------

#[test]
fn the_player_after_the_dealer_leads_the_first_trick_the_winner_leads_the_next() {
    let mut g = passed(6);
    let first = (g.dealer() + 1) % 4;
    assert_eq!(g.turn(), Some(first));
    for _ in 0..4 {
        let m = g.legal_moves()[0];
        g.play(&m).unwrap();
    }
    let w = g.last_capturer().unwrap();
    assert_eq!(
        (g.turn(), g.leader(), g.trick_number()),
        (Some(w), Some(w), 2)
    );
    assert_eq!(g.tricks_won()[(w % 2) as usize], 1);
}

#[test]
fn a_low_heart_beats_a_high_spade_even_when_spades_were_led_and_2c_beats_any_spade() {
    let mut g = late([&["As"], &["Ks"], &["2h"], &["Qs"]], &[], 0, None, |_| {}).unwrap();
    play_all(&mut g, &["As", "Ks", "2h", "Qs"]);
    assert_eq!(g.deals()[0].last_capturer, Some(2));
    let mut g = late([&["As"], &["2c"], &["Ks"], &["Qs"]], &[], 0, None, |_| {}).unwrap();
    play_all(&mut g, &["As", "2c", "Ks", "Qs"]);
    assert_eq!(g.deals()[0].last_capturer, Some(1));
}

#[test]
fn a_player_holding_the_suit_led_must_follow_it_one_who_cannot_plays_any_card() {
    let mut g = late(
        [&["Ks", "Jc"], &["7s", "9h"], &["Qs", "Qc"], &["8s", "8h"]],
        &[],
        0,
        None,
        |_| {},
    )
    .unwrap();
    play(&mut g, "Ks").unwrap();
    assert_eq!(texts(&g.legal_moves()), ["7s"]);
    let before = to_json(&g);
    assert_eq!(
        play(&mut g, "9h").unwrap_err(),
        Error::Illegal("9h does not follow suit: seat 1 has spades".into())
    );
    assert_eq!(to_json(&g), before);
    let mut g = late(
        [&["Ks", "Jc"], &["3c", "9h"], &["Qs", "Qc"], &["8s", "8h"]],
        &[],
        0,
        None,
        |_| {},
    )
    .unwrap();
    play(&mut g, "Ks").unwrap();
    assert_eq!(texts(&g.legal_moves()), ["3c", "9h"]);
    play(&mut g, "9h").unwrap();
    assert_eq!(g.trick().collect::<Vec<_>>(), [(0, c("Ks")), (1, c("9h"))]);
}

#[test]
fn the_joker_may_be_played_at_any_time_even_by_a_player_who_could_follow() {
    let mut g = late(
        [
            &["Ks", "Jc", "4c"],
            &["7s", "9h", "JK"],
            &["Qs", "Qc", "2c"],
            &["8s", "8h", "3s"],
        ],
        &[],
        0,
        None,
        |_| {},
    )
    .unwrap();
    assert_eq!(g.trick_number(), 10);
    play(&mut g, "Ks").unwrap();
    assert_eq!(texts(&g.legal_moves()), ["7s", "JK"]);
    play(&mut g, "JK").unwrap();
    assert_eq!(g.table(), CardSet::from_cards(cards(&["Ks", "JK"])));
}

#[test]
fn the_joker_can_never_win_a_trick_and_scores_25_for_the_side_that_takes_it() {
    let mut g = late([&["6s"], &["JK"], &["7s"], &["8s"]], &[], 0, None, |_| {}).unwrap();
    play_all(&mut g, &["6s", "JK", "7s", "8s"]);
    let d = g.deals()[0];
    assert_eq!(d.last_capturer, Some(3));
    assert!(d.piles[1].contains(Card::JOKER) && d.quints[1] == 25);
}

#[test]
fn the_joker_may_never_lead_a_trick() {
    let mut g = late(
        [
            &["JK", "2s", "Kc"],
            &["3s", "7d", "Qh"],
            &["4s", "5c", "6h"],
            &["8s", "9c", "10h"],
        ],
        &[],
        0,
        None,
        |p| {
            p.stock = cards(&["8d", "9d", "10d", "Jd", "Qd"]);
        },
    )
    .unwrap();
    assert_eq!(texts(&g.legal_moves()), ["2s", "Kc"]);
    assert_eq!(
        play(&mut g, "JK").unwrap_err(),
        Error::Illegal("JK may not lead a trick".into())
    );
}

#[test]
fn the_joker_must_be_played_in_the_eleventh_trick_at_the_latest() {
    let mut g = late(
        [&["Ah", "2s"], &["JK", "7h"], &["Kh", "3s"], &["Qh", "8s"]],
        &[],
        0,
        None,
        |_| {},
    )
    .unwrap();
    assert_eq!(g.trick_number(), 11);
    play(&mut g, "Ah").unwrap();
    assert_eq!(texts(&g.legal_moves()), ["JK"]);
    assert_eq!(
        play(&mut g, "7h").unwrap_err(),
        Error::Illegal("7h: seat 1 holds JK and must play it in the eleventh trick".into())
    );
    play_all(&mut g, &["JK", "Kh", "Qh"]);
    assert!(g.trick_number() == 12 && (0..4).all(|s| !g.hand(s).has_joker()));
}

#[test]
fn decision_the_joker_holder_leading_trick_11_keeps_it_and_leads_it_alone_in_trick_12() {
    // Having lost trick 11, it plays the joker in trick 12 when another seat leads.
    let mut g = late(
        [&["JK", "2s"], &["7h", "3s"], &["Kh", "4s"], &["Qh", "8s"]],
        &[],
        0,
        None,
        |_| {},
    )
    .unwrap();
    assert_eq!(texts(&g.legal_moves()), ["2s"]);
    play_all(&mut g, &["2s", "3s", "4s", "8s", "Qh"]);
    assert_eq!(texts(&g.legal_moves()), ["JK"]);
    play_all(&mut g, &["JK", "7h", "Kh"]);
    assert_eq!(g.deals()[0].last_capturer, Some(2));
    // Having won trick 11, it leads the joker; the next card sets the suit.
    let mut g = late(
        [&["JK", "As"], &["7h", "6s"], &["Kh", "7s"], &["2c", "8s"]],
        &[],
        0,
        None,
        |_| {},
    )
    .unwrap();
    play_all(&mut g, &["As", "6s", "7s", "8s"]);
    assert_eq!(
        (g.turn(), texts(&g.legal_moves())),
        (Some(0), vec!["JK".to_string()])
    );
    play(&mut g, "JK").unwrap();
    assert_eq!(texts(&g.legal_moves()), ["7h"]);
    play_all(&mut g, &["7h", "Kh", "2c"]);
    let d = g.deals()[0];
    assert_eq!((d.last_capturer, d.quints[0]), (Some(2), 25));
}

// -- Quints -------------------------------------------------------------------------------------

#[test]
fn quints_each_5_an_ace_with_a_4_a_2_with_a_3_of_one_suit_the_joker_25() {
    let q = |t: &[&str]| quints_in(CardSet::from_cards(cards(t)));
    assert_eq!(
        [q(&["5h"]), q(&["5d"]), q(&["5c"]), q(&["5s"])],
        [20, 15, 10, 5]
    );
    assert_eq!(q(&["Ah", "4h", "Kh", "2h"]), 20); // the source's example
    assert_eq!(q(&["Ac", "4d"]), 0);
    assert_eq!(q(&["2s", "3s"]), 5);
    assert_eq!(q(&["JK", "Kh"]), 25);
    assert_eq!(q(&["5h", "5d", "Ac", "4c"]), 45);
    assert_eq!(q(&["2h", "3h", "4h", "5h", "Ah"]), 60);
}

#[test]
fn quints_are_scored_at_once_when_the_trick_is_won() {
    let mut g = late(
        [&["5h", "7s"], &["6h", "8s"], &["9h", "9s"], &["Qh", "Js"]],
        &[],
        0,
        None,
        |_| {},
    )
    .unwrap();
    play_all(&mut g, &["5h", "6h", "9h"]);
    assert_eq!(g.scores(), [0, 0]);
    play(&mut g, "Qh").unwrap();
    assert_eq!(
        (g.scores(), g.quints(), g.deals().len(), g.trick_number()),
        ([0, 20], [0, 20], 0, 12)
    );
}

#[test]
fn source_example_ace_of_hearts_led_then_4_king_2_of_hearts_20_plus_the_trick() {
    let mut g = late(
        [&["Ah", "6s"], &["4h", "7s"], &["Kh", "8s"], &["2h", "9s"]],
        &[],
        0,
        Some(5),
        |_| {},
    )
    .unwrap();
    play_all(&mut g, &["Ah", "4h", "Kh", "2h"]);
    assert_eq!(
        (g.last_capturer(), g.scores(), g.tricks_won()),
        (Some(0), [20, 0], [6, 5])
    );
    play_all(&mut g, &["6s", "7s", "8s", "9s"]);
    let d = g.deals()[0];
    assert_eq!(
        (d.quints, d.tricks, d.points),
        ([20, 0], [30, 35], [50, 35])
    );
}

// -- Tricks and the cachette ---------------------------------------------------------------------

#[test]
fn the_winner_of_the_twelfth_trick_takes_the_cachette_as_a_thirteenth_trick_its_quints_first() {
    let mut g = late([&["Ah"], &["2s"], &["3c"], &["4s"]], &[], 0, Some(6), |p| {
        p.stock = cards(&["5h", "Ad", "4d", "9c", "Qs"])
    })
    .unwrap();
    assert_eq!(g.stock_len(), 5);
    play_all(&mut g, &["Ah", "2s", "3c", "4s"]);
    let d = g.deals()[0];
    assert_eq!(
        (d.piles[0].len(), d.quints[0], d.tricks[0]),
        (7 * 4 + 5, 35, 40)
    );
    assert_eq!(d.piles[0].len() + d.piles[1].len(), 53);
}

#[test]
fn thirteen_tricks_hand_out_65_points_11_to_2_give_55_to_10_and_another_deal_follows() {
    let mut g = late(
        [&["Ah"], &["2s"], &["3c"], &["4s"]],
        &[],
        0,
        Some(9),
        |_| {},
    )
    .unwrap();
    play_all(&mut g, &["Ah", "2s", "3c", "4s"]);
    assert_eq!((g.deals()[0].tricks, g.scores()), ([55, 10], [55, 10]));
    assert_eq!(
        (g.deal_number(), g.phase(), g.stock_len()),
        (2, Phase::Doubling, 5)
    );
}

// -- Winning ----------------------------------------------------------------------------------------

#[test]
fn a_quint_that_brings_a_side_to_250_ends_the_deal_at_once() {
    let mut g = late(
        [&["5h", "7s"], &["6h", "8s"], &["9h", "9s"], &["Qh", "Js"]],
        &[],
        0,
        None,
        |p| p.scores = [200, 235],
    )
    .unwrap();
    play_all(&mut g, &["5h", "6h", "9h", "Qh"]);
    assert_eq!(
        (g.is_over(), g.winner(), g.turn(), g.phase(), g.scores()),
        (true, Some(1), None, Phase::Over, [200, 255])
    );
    assert_eq!((g.legal_moves().len(), g.count_legal_moves()), (0, 0));
    let d = g.deals()[0];
    assert_eq!((d.quints, d.tricks, d.points), ([0, 20], [0, 0], [0, 20]));
    assert_eq!(g.hand(0), CardSet::from_cards([c("7s")]));
    assert_eq!(
        play(&mut g, "7s").unwrap_err(),
        Error::Illegal("the match is over".into())
    );
}

#[test]
fn cachette_quints_count_first_and_if_they_reach_250_the_tricks_are_not_counted() {
    let mut g = late([&["Ah"], &["2s"], &["3c"], &["4s"]], &[], 0, None, |p| {
        p.stock = cards(&["5h", "6d", "7d", "8d", "9d"]);
        p.scores = [235, 100];
    })
    .unwrap();
    play_all(&mut g, &["Ah", "2s", "3c", "4s"]);
    assert_eq!(
        (g.winner(), g.scores(), g.deals()[0].tricks, g.stock_len()),
        (Some(0), [255, 100], [0, 0], 0)
    );
}

#[test]
fn at_the_count_the_higher_total_wins_equal_totals_or_none_at_250_mean_another_deal() {
    for (scores, winner) in [
        ([240, 240], Some(0)),
        ([230, 245], None),
        ([100, 100], None),
        ([210, 100], Some(0)),
    ] {
        let mut g = late([&["Ah"], &["2s"], &["3c"], &["4s"]], &[], 0, Some(6), |p| {
            p.scores = scores
        })
        .unwrap();
        play_all(&mut g, &["Ah", "2s", "3c", "4s"]);
        assert_eq!(g.scores(), [scores[0] + 40, scores[1] + 25]);
        assert_eq!((g.winner(), g.is_over()), (winner, winner.is_some()));
    }
    // After equal totals over 250 the next quint wins.
    let mut g = late(
        [&["5s", "7h"], &["6h", "8c"], &["9h", "9c"], &["Qh", "Jc"]],
        &[],
        0,
        None,
        |p| p.scores = [270, 270],
    )
    .unwrap();
    play_all(&mut g, &["5s", "6h", "9h", "Qh"]);
    assert_eq!((g.winner(), g.scores()), (Some(1), [270, 275]));
}

// -- Positions and JSON -----------------------------------------------------------------------------

#[test]
fn from_position_errors_name_the_problem_in_order() {
    let hands: [&[&str]; 4] = [&["Ks", "Jc"], &["7s", "9h"], &["Qs", "Qc"], &["8s", "8h"]];
    let err = |hands: [&[&str]; 4],
               table: &[&str],
               tricks0: Option<usize>,
               edit: &dyn Fn(&mut Position)| {
        late(hands, table, 0, tricks0, edit).unwrap_err()
    };
    assert_eq!(
        err(
            [&["Ks", "Ks"], &["7s", "9h"], &["Qs", "Qc"], &["8s", "8h"]],
            &[],
            None,
            &|_| {}
        ),
        "Ks appears more than once"
    );
    assert_eq!(
        err([&["Ks", "Jc", "As"], &["7s"], &["Qs", "Qc"], &["8s", "8h"]], &[], None, &|_| {}),
        "the hand sizes [3, 1, 2, 2] do not fit the position: after 10 tricks, with 0 cards in the trick led by seat 0, they should be [2, 2, 2, 2]"
    );
    assert_eq!(
        err(hands, &["As"], Some(5), &|_| {}),
        "side 1 has won 19 cards in tricks: the piles hold whole tricks of 4"
    );
    assert_eq!(
        err(hands, &[], Some(0), &|_| {}),
        "last_capturer 0 won the last trick, but side 0 has won none"
    );
    assert!(
        err(hands, &[], None, &|p| p.bids = Some(vec![Bid::Pass])).starts_with(
            "cards have been played, so the doubling must be over, but the bids are ['pass']"
        )
    );
    assert_eq!(
        err(hands, &[], None, &|p| p.bids =
            Some(vec![Bid::Double, Bid::Double])),
        "bids: double: side 0 has already doubled"
    );
    assert_eq!(
        err(hands, &[], None, &|p| p.bids =
            Some(vec![Bid::Double, Bid::Redouble, Bid::Pass])),
        "bids: the doubling is over after 2 bids"
    );
    assert_eq!(
        err(hands, &[], None, &|p| p.turn = Ok(Some(2))),
        "turn 2 does not fit the position: seat 0 is to play"
    );
    assert_eq!(
        err(hands, &[], None, &|p| p.scores = [250, 0]),
        "the scores [250, 0] already end the match"
    );
    assert_eq!(
        err(hands, &[], None, &|p| p.quints = [20, 0]),
        "the quints [20, 0] of this deal are more than the scores [0, 0]"
    );
    assert!(err(hands, &[], None, &|p| p.played = Some(cards(&["Ah"])))
        .starts_with("played must list the cards of the won tricks in play order"));
    assert_eq!(
        err(hands, &[], None, &|p| p.stock.push(c("Jd"))),
        "the cachette (stock) holds 5 cards, not 6"
    );
    let mut p = Position::new(rules());
    p.hands = vec![cards(&["Ks"]), vec![], vec![], vec![]];
    p.stock = cards(&QUIET_CACHETTE);
    assert!(Game::from_position(p)
        .unwrap_err()
        .to_string()
        .starts_with("cards missing from the position: 2s 3s"));
}

#[test]
fn json_round_trips_exactly_at_every_step_of_random_matches() {
    for seed in 0..20u64 {
        let mut g = Game::new(Rules::new(60 + seed * 20).unwrap(), seed);
        let mut p = Playout::new(seed ^ 99);
        loop {
            let t = to_json(&g);
            let back = from_json(&t).unwrap_or_else(|e| panic!("{e}\n{t}"));
            assert_eq!(to_json(&back), t);
            if !p.step(&mut g) {
                break;
            }
        }
    }
}

#[test]
fn malformed_quinte_json_is_refused_with_a_clear_error() {
    let good = to_json(&passed(4));
    for (text, want) in [
        (
            good.replace(
                "\"bids\":[\"pass\",\"pass\",\"pass\",\"pass\"]",
                "\"bids\":[\"pass\"]",
            ),
            "invalid game JSON: turn ",
        ),
        (
            good.replace("\"bids\":[\"pass\",", "\"bids\":[\"fold\","),
            "invalid game JSON: bids: 'fold' is not pass, double or redouble",
        ),
        (
            good.replace("\"players\":4", "\"players\":3"),
            "invalid game JSON: rules: quinte is played by 4 players, not 3",
        ),
        (
            good.replace("\"quints\":[0,0]", "\"quints\":[5,0]"),
            "invalid game JSON: the quints [5, 0] of this deal are more than the scores [0, 0]",
        ),
        (
            good.replace("\"winner\":null", "\"winner\":0"),
            "invalid game JSON: winner is 0, but the scores [0, 0] give None",
        ),
    ] {
        let e = from_json(&text).unwrap_err();
        assert!(e.to_string().starts_with(want), "{e}");
    }
    // Upper-case bid words are read as the words.
    let upper = good.replace("\"pass\"", "\"PASS\"");
    assert_eq!(to_json(&from_json(&upper).unwrap()), good);
}

// -- Random matches -----------------------------------------------------------------------------

#[test]
fn random_matches_keep_every_invariant_and_never_end_in_a_draw() {
    for seed in 0..200u64 {
        let mut g = Game::new(rules(), seed);
        let mut p = Playout::new(seed);
        let mut deals = 0;
        while !g.is_over() {
            let mut all = g.table();
            let mut count = g.table().len() + g.stock_len() as u32;
            for s in 0..4 {
                all = all.union(g.hand(s));
                count += g.hand(s).len();
            }
            for s in 0..2 {
                all = all.union(g.pile(s));
                count += g.pile(s).len();
            }
            all = all.union(g.cachette_set());
            assert_eq!((all, count), (FULL_DECK, 53));
            let ms = g.legal_moves();
            assert_eq!(ms.len() as u64, g.count_legal_moves());
            assert!(!ms.is_empty());
            for (i, m) in ms.iter().enumerate() {
                assert!(g.is_legal(m));
                assert_eq!(g.nth_legal_move(i as u64), Some(*m));
            }
            // Every other card of the hand is refused, with a reason.
            if let Some(seat) = g.turn() {
                for card in g.hand(seat).iter() {
                    let legal = ms.contains(&Move::Card(card));
                    assert_eq!(g.illegal_reason(&Move::Card(card)).is_none(), legal);
                }
            }
            let sum: Vec<u64> = (0..2)
                .map(|s| g.deals().iter().map(|d| d.points[s]).sum::<u64>() + g.quints()[s])
                .collect();
            assert_eq!(sum, g.scores());
            let multiplier = g.multiplier();
            p.step(&mut g);
            for d in &g.deals()[deals..] {
                if d.tricks != [0, 0] {
                    assert_eq!(d.tricks[0] + d.tricks[1], 65 * multiplier);
                    assert_eq!(d.piles[0].len() + d.piles[1].len(), 53);
                }
                assert_eq!(
                    d.points,
                    [d.quints[0] + d.tricks[0], d.quints[1] + d.tricks[1]]
                );
            }
            deals = g.deals().len();
        }
        let w = g.winner().unwrap() as usize;
        assert!(g.scores()[w] >= 250 && g.scores()[w] > g.scores()[1 - w]);
    }
}

#[test]
fn a_playout_picks_as_a_python_loop_over_legal_moves_would() {
    let mut a = Game::new(rules(), 17);
    let mut b = a.clone();
    Playout::new(3).play_match(&mut a);
    let mut pick = SplitMix64::new(3);
    while !b.is_over() {
        let ms = b.legal_moves();
        let m = ms[pick.below(ms.len() as u64) as usize];
        b.play(&m).unwrap();
    }
    assert_eq!(to_json(&a), to_json(&b));
}

#[test]
fn no_input_panics_arbitrary_positions_and_json_are_accepted_or_refused() {
    let mut r = SplitMix64::new(2024);
    for _ in 0..20_000 {
        let mut p = Position::new(Rules::new(1 + r.below(300)).unwrap());
        let mut deck: Vec<u8> = (0..53).collect();
        r.shuffle(&mut deck);
        let cut = r.below(53) as usize;
        for &id in &deck[..cut] {
            let card = Card::from_id(id).unwrap();
            match r.below(9) {
                0..=3 => p.hands[r.below(4) as usize].push(card),
                4 => p.table.push(card),
                5 => p.stock.push(card),
                _ => p.piles[r.below(2) as usize].push(card),
            }
        }
        p.dealer = r.below(4) as u8;
        p.last_capturer = [None, Some(r.below(4) as u8)][r.below(2) as usize];
        if r.below(2) == 0 {
            p.bids = Some(
                (0..r.below(6))
                    .map(|_| [Bid::Pass, Bid::Double, Bid::Redouble][r.below(3) as usize])
                    .collect(),
            );
        }
        p.over = r.below(4) == 0;
        if let Ok(mut g) = Game::from_position(p) {
            let t = to_json(&g);
            assert_eq!(to_json(&from_json(&t).unwrap()), t);
            Playout::new(r.next_u64()).play_match(&mut g);
        }
    }
}

// -- The top of the range ---------------------------------------------------------------------

fn reads_back(g: &Game) {
    let t = to_json(g);
    let back = from_json(&t).unwrap_or_else(|e| panic!("{e}\n{t}"));
    assert_eq!(to_json(&back), t);
}

#[test]
fn at_the_top_of_the_range_every_counter_saturates() {
    const TOP: u64 = u64::MAX;
    // deal_number 2**64-1: the next deal is numbered 2**64-1 too.
    let mut g = late([&["Ah"], &["2s"], &["3c"], &["4s"]], &[], 0, Some(9), |p| {
        p.deal_number = TOP
    })
    .unwrap();
    reads_back(&g);
    play_all(&mut g, &["Ah", "2s", "3c", "4s"]);
    assert_eq!(
        (g.deals()[0].deal_number, g.deal_number(), g.is_over()),
        (TOP, TOP, false)
    );
    reads_back(&g);
    // target 2**64-1, scores 2**64-2: the tricks take the score to 2**64-1, no further.
    let mut g = late([&["Ah"], &["2s"], &["3c"], &["4s"]], &[], 0, Some(9), |p| {
        p.rules = Rules::new(TOP).unwrap();
        p.scores = [TOP - 1, TOP - 1];
    })
    .unwrap();
    reads_back(&g);
    play_all(&mut g, &["Ah", "2s", "3c", "4s"]);
    // Both sides reach 2**64-1: equal totals, no winner at the count, another deal.
    assert_eq!(
        (g.scores(), g.winner(), g.is_over()),
        ([TOP, TOP], None, false)
    );
    assert_eq!(g.deals()[0].points, [55, 10]);
    reads_back(&g);
    // A quint on top of 2**64-2 wins at once with 2**64-1.
    let mut g = late(
        [&["5h", "7s"], &["6h", "8s"], &["9h", "9s"], &["Qh", "Js"]],
        &[],
        0,
        None,
        |p| {
            p.rules = Rules::new(TOP).unwrap();
            p.scores = [0, TOP - 1];
        },
    )
    .unwrap();
    play_all(&mut g, &["5h", "6h", "9h", "Qh"]);
    assert_eq!((g.scores(), g.winner()), ([0, TOP], Some(1)));
    reads_back(&g);
}

// -- The solver's view (docs/explanation/search-and-fairness.md "The open-hand solver") ----------------------

/// A trick about to be led by seat 0 from these hands, side 0 having won `tricks0`.
fn open_trick(hands: [&[&str]; 4], tricks0: Option<usize>) -> Game {
    late(hands, &[], 0, tricks0, |_| {}).unwrap()
}

#[test]
fn positions_equal_up_to_rank_gaps_share_a_key_and_differ_by_what_is_banked() {
    // The same order of holders in every suit, other ranks, other tricks won before.
    let a = open_trick(
        [&["Js", "Kh"], &["10s", "Qh"], &["8c", "9c"], &["6c", "7c"]],
        Some(5),
    );
    let b = open_trick(
        [&["Qs", "Ah"], &["9s", "Jh"], &["8c", "10c"], &["6c", "7c"]],
        Some(7),
    );
    let (ka, kb) = (a.solver_key(), b.solver_key());
    assert_eq!(ka.key, kb.key);
    assert_eq!((ka.banked, kb.banked), (0, 20));
    let limits = crate::search::solver::Limits::default();
    let va = crate::search::solver::solve(&a, &limits).unwrap().value;
    let vb = crate::search::solver::solve(&b, &limits).unwrap().value;
    assert_eq!(vb - va, 20);
    // Another holder for one card: another key.
    let c = open_trick(
        [&["Js", "Kh"], &["10s", "Qh"], &["7c", "9c"], &["6c", "8c"]],
        Some(5),
    );
    assert_ne!(c.solver_key().key, ka.key);
}

#[test]
fn an_ace_whose_four_is_gone_is_searched_as_the_king_below_it() {
    let lead = |hand1: &[&str]| {
        let g = open_trick([&["Kh", "Ah"], hand1, &["8s", "7s"], &["6s", "Js"]], None);
        let mut out = Vec::new();
        g.search_moves_into(&mut out);
        (
            texts(&out),
            g.representative(&Move::parse("Ah").unwrap()).to_string(),
        )
    };
    // The 4 of hearts played: Ah and Kh win and lose alike.
    assert_eq!(
        lead(&["9s", "10s"]),
        (vec!["Kh".to_string()], "Kh".to_string())
    );
    // The 4 of hearts still to come: Ah may make a quint with it.
    assert_eq!(
        lead(&["9s", "4h"]),
        (vec!["Kh".to_string(), "Ah".to_string()], "Ah".to_string())
    );
}

#[test]
fn the_bounds_hold_the_value_and_the_last_trick_is_exact() {
    let g = open_trick(
        [&["Js", "Kh"], &["10s", "Qh"], &["8c", "9c"], &["6c", "7c"]],
        Some(5),
    );
    let limits = crate::search::solver::Limits::default();
    let v = crate::search::solver::solve(&g, &limits).unwrap().value;
    // No quint left; three tricks (the cachette's too), of which seat 0's Kh, the top
    // card, is sure to win one for side 0: side 0 wins one to three of them.
    let (low, high) = g.solver_bounds().unwrap();
    assert_eq!((low, high), (-5, 15));
    assert!(low <= v && v <= high);
    let mut last = g.clone();
    play_all(&mut last, &["Kh", "Qh", "9c", "7c"]);
    let v = crate::search::solver::solve(&last, &limits).unwrap().value;
    assert_eq!(last.solver_bounds(), Some((v, v)));
}

/// A deal played at random (bids and cards from `draws`) until at most `stop` cards are
/// left, and its exact value for side 0; None when the deal ends before.
fn solved_at_random(
    target: u64,
    seed: u64,
    draws: u64,
    stop: u32,
    limits: &crate::search::solver::Limits,
) -> Option<(Game, crate::state::Value)> {
    let mut g = Game::new(Rules::new(target).unwrap(), seed);
    let mut rng = crate::rng::SplitMix64::new(draws);
    while g.turn().is_some() && g.deals().is_empty() && g.cards_to_play() > stop {
        let mv = g.random_move(&mut rng).unwrap();
        g.apply(mv);
    }
    if g.turn().is_none() || !g.deals().is_empty() {
        return None;
    }
    let v = crate::search::solver::solve(&g, limits).unwrap().value;
    let side0 = if g.side_of(g.turn().unwrap()) == 0 {
        v
    } else {
        -v
    };
    Some((g, side0))
}

#[test]
fn the_bounds_hold_the_exact_value_on_random_positions() {
    // Random bids and cards to a few tricks before the end, at every step of a trick;
    // a low target ends some deals early at a quint.
    let limits = crate::search::solver::Limits::default();
    let mut checked = 0;
    for seed in 0..160u64 {
        let target = if seed % 3 == 0 { 30 } else { 250 };
        let stop = 13 + (seed % 6) as u32; // 3 to 4 tricks left, mid-trick or not
        let Some((g, v)) = solved_at_random(target, seed, seed ^ 0xb0b, stop, &limits) else {
            continue;
        };
        let (low, high) = g.solver_bounds().unwrap();
        assert!(
            low <= v && v <= high,
            "seed {seed}: {low} <= {v} <= {high}\n{}",
            g.describe()
        );
        checked += 1;
    }
    assert!(checked > 100);
}

#[test]
fn the_solver_orders_sure_leads_followed_leads_and_sure_winners_first() {
    let keys = |g: &Game| {
        let mut moves = Vec::new();
        g.search_moves_into(&mut moves);
        let mut keys = Vec::new();
        crate::state::Searchable::search_order_keys(g, &moves, &mut keys);
        texts(&moves)
            .into_iter()
            .zip(keys)
            .collect::<Vec<(String, i64)>>()
    };
    // Seat 0 leads: its Ah no one can beat, its 2s the 3s and 9s of seat 1 beat.
    let mut g = open_trick(
        [&["2s", "Ah"], &["3s", "9s"], &["5c", "6c"], &["7c", "8c"]],
        None,
    );
    let lead = keys(&g);
    assert_eq!(lead[0].0, "2s");
    assert!(lead[1].1 > lead[0].1, "{lead:?}");
    // Seat 1 follows the 2s: both its spades win, the 3s first.
    play_all(&mut g, &["2s"]);
    let follow = keys(&g);
    assert_eq!((follow[0].0.as_str(), follow[1].0.as_str()), ("3s", "9s"));
    assert!(follow[0].1 > follow[1].1, "{follow:?}");
    // Of leads that can be beaten, one both opponents must follow (spades) before one
    // seat 3, void in clubs, can take with a diamond; the sure Ah before both.
    let g = open_trick(
        [
            &["2s", "2c", "Ah"],
            &["3s", "3c", "4d"],
            &["5h", "6h", "7h"],
            &["4s", "Jd", "Qd"],
        ],
        None,
    );
    let lead = keys(&g);
    let key = |card: &str| lead.iter().find(|(c, _)| c == card).map(|k| k.1);
    assert!(key("Ah") > key("2s") && key("2s") > key("2c"), "{lead:?}");
    // Seat 1 follows the 2s: its 3s wins the trick so far but seat 2's 10s beats it; its
    // Ks no card of seat 2 beats, so it comes first.
    let mut g = open_trick(
        [&["2s", "Ah"], &["3s", "Ks"], &["4s", "10s"], &["5c", "6c"]],
        None,
    );
    play_all(&mut g, &["2s"]);
    let follow = keys(&g);
    assert_eq!(follow[1].0, "Ks");
    assert!(follow[1].1 > follow[0].1, "{follow:?}");
}

#[test]
fn the_last_trick_is_counted_as_playing_it_out_counts_it() {
    // Random bids and cards to the last trick, at every step of it; a low target ends
    // some deals at the trick's or the cachette's quints.
    let mut checked = 0;
    for seed in 0..800u64 {
        let target = [25, 40, 250][(seed % 3) as usize];
        let mut g = Game::new(Rules::new(target).unwrap(), seed);
        let mut rng = crate::rng::SplitMix64::new(seed ^ 0x1a57);
        let stop = 1 + (seed % 4) as u32;
        while g.turn().is_some() && g.deals().is_empty() && g.cards_to_play() > stop {
            let mv = g.random_move(&mut rng).unwrap();
            g.apply(mv);
        }
        if g.turn().is_none() || !g.deals().is_empty() {
            continue;
        }
        let mut played = g.clone();
        while played.deals().is_empty() {
            let card = played.legal_cards().first().unwrap();
            played.apply(Move::Card(card));
        }
        let p = played.deals()[0].points;
        let want = p[0] as crate::state::Value - p[1] as crate::state::Value;
        assert_eq!(
            g.last_trick_value(),
            Some(want),
            "seed {seed}\n{}",
            g.describe()
        );
        checked += 1;
    }
    assert!(checked > 200, "{checked}");
    // Earlier in the deal there is no last trick to count.
    let g = Game::new(Rules::new(250).unwrap(), 1);
    assert_eq!(g.last_trick_value(), None);
}

#[test]
fn the_bounds_hold_the_exact_value_at_random_trick_starts() {
    // Random bids and cards to a trick start 2 to 5 tricks before the end; a low target
    // ends some deals early. The seat that keeps the top card to the last trick (and so
    // takes the cachette) is found in many of them.
    let limits = crate::search::solver::Limits::default();
    let (mut checked, mut kept) = (0, 0);
    for seed in 0..240u64 {
        let target = if seed % 3 == 0 { 40 } else { 250 };
        let stop = 4 * (2 + (seed % 4) as u32);
        let Some((g, v)) = solved_at_random(target, seed, seed ^ 0x7a11, stop, &limits) else {
            continue;
        };
        let (low, high) = g.solver_bounds().unwrap();
        assert!(
            low <= v && v <= high,
            "seed {seed}: {low} <= {v} <= {high}\n{}",
            g.describe()
        );
        kept += g.cachette_keeper().is_some() as u32;
        checked += 1;
    }
    assert!(checked > 150 && kept > 20, "{checked} {kept}");
}

#[test]
fn plain_cards_below_every_card_of_a_seat_without_the_joker_are_searched_once_per_suit() {
    let leads = |hand1: &[&str]| {
        let g = open_trick(
            [
                &["6s", "8s", "Kh"],
                hand1,
                &["7s", "10c", "Jc"],
                &["4s", "Qc", "Kc"],
            ],
            None,
        );
        let mut out = Vec::new();
        g.search_moves_into(&mut out);
        (
            texts(&out),
            g.representative(&Move::parse("8s").unwrap()).to_string(),
        )
    };
    // Seat 1 plays a card above 8s in every trick: 6s and 8s lose alike (7s between
    // them, so they are no run).
    let (moves, rep) = leads(&["9s", "Jd", "Qh"]);
    assert_eq!((moves.len(), rep.as_str()), (2, "6s"), "{moves:?}");
    assert!(moves.contains(&"Kh".to_string()));
    // With the joker seat 1 may play it instead: only 6s (below seat 2's 7s) is dead.
    let (moves, rep) = leads(&["9s", "Jd", "JK"]);
    assert_eq!((moves.len(), rep.as_str()), (3, "8s"), "{moves:?}");
}

#[test]
fn dead_losers_are_keyed_by_how_many_each_seat_holds_not_where_their_ranks_fall() {
    // Every spade below seat 1's 9s is dead; 7s and 8s change hands between seats 0 and 2.
    let a = open_trick(
        [
            &["6s", "8s", "Kh"],
            &["9s", "Jd", "Qh"],
            &["7s", "10c", "Jc"],
            &["4s", "Qc", "Kc"],
        ],
        None,
    );
    let b = open_trick(
        [
            &["6s", "7s", "Kh"],
            &["9s", "Jd", "Qh"],
            &["8s", "10c", "Jc"],
            &["4s", "Qc", "Kc"],
        ],
        None,
    );
    assert_eq!(a.solver_key().key, b.solver_key().key);
    let limits = crate::search::solver::Limits::default();
    let value = |g: &Game| crate::search::solver::solve(g, &limits).unwrap().value;
    assert_eq!(value(&a), value(&b));
    // A live card changing hands (seat 1's 9s for seat 3's 4s) changes the key.
    let c = open_trick(
        [
            &["6s", "8s", "Kh"],
            &["4s", "Jd", "Qh"],
            &["7s", "10c", "Jc"],
            &["9s", "Qc", "Kc"],
        ],
        None,
    );
    assert_ne!(c.solver_key().key, a.solver_key().key);
}

#[test]
fn a_side_that_can_win_no_trick_takes_no_quint_and_the_bounds_are_exact() {
    // Every card of side 1 (and seat 2) is below seat 0's Qh: side 0 takes the three
    // tricks, the cachette and side 1's own 5d.
    let g = open_trick(
        [
            &["Ah", "Kh", "Qh"],
            &["5d", "7c", "8c"],
            &["6c", "9c", "Jd"],
            &["9s", "10c", "Qd"],
        ],
        Some(5),
    );
    assert_eq!(g.live_winners(), Some([3, 0]));
    let v = crate::search::solver::solve(&g, &crate::search::solver::Limits::default())
        .unwrap()
        .value;
    assert_eq!(g.solver_bounds(), Some((v, v)));
    // Mid-trick the count is not made.
    let mut mid = g.clone();
    play_all(&mut mid, &["Ah"]);
    assert_eq!(mid.live_winners(), None);
}

#[test]
fn a_five_only_one_side_can_take_is_sure_for_it() {
    // Side 1 holds no card as high as 5h (the only quint left): the heart quint (20) is
    // side 0's, whoever plays it.
    let g = open_trick(
        [
            &["5h", "9s", "10s"],
            &["Kd", "Qd", "Jd"],
            &["6c", "7c", "8c"],
            &["9c", "10c", "Jc"],
        ],
        None,
    );
    let h = g.holdings();
    let (open, sure) = g.quints_open(&h, g.live_pairs(&h));
    assert_eq!((open, sure), ([20, 0], [20, 0]));
    let v = crate::search::solver::solve(&g, &crate::search::solver::Limits::default())
        .unwrap()
        .value;
    let (low, high) = g.solver_bounds().unwrap();
    assert!(low <= v && v <= high, "{low} <= {v} <= {high}");
}

#[test]
fn the_quints_left_are_counted_as_each_quint_of_each_suit_added_up() {
    // Added up plainly: per suit its five and its live pairs still in play, the joker,
    // and the cachette's own quints while it is there.
    let plain = |g: &Game| {
        let h = g.holdings();
        let pairs = g.live_pairs(&h);
        let mut points = 0;
        for (suit, value) in super::trick::QUINT_VALUES.iter().enumerate() {
            let m = h.present.0 >> (13 * suit);
            let five = (m >> 3) & 1;
            let (ace_four, two_three) = super::equivalence::pairs_of(pairs, suit);
            points += (five + ace_four as u64 + two_three as u64) * value;
        }
        if h.present.has_joker() {
            points += super::trick::JOKER_QUINT;
        }
        points + quints_in(g.cachette_set())
    };
    let (mut positions, mut with_cachette_quints) = (0, 0);
    each_first_deal_position(300, |g| {
        let h = g.holdings();
        assert_eq!(g.quints_left(&h, g.live_pairs(&h)), plain(g), "{g:?}");
        positions += 1;
        with_cachette_quints += (quints_in(g.cachette_set()) > 0) as u32;
    });
    assert!(
        positions > 10_000 && with_cachette_quints > 1_000,
        "{positions} {with_cachette_quints}"
    );
}

#[test]
fn a_built_positions_voids_kept_in_play_are_what_its_tricks_show_read_back_from_its_leader() {
    // Positions of random deals built again from their cards alone (the won cards in id
    // order, not in play order), then played on at random to the deal's end: the voids the
    // game keeps as cards are played are what `shown` reads back from the seat that leads,
    // in the game and in the game read from JSON.
    let (mut checked, mut moved) = (0, 0);
    for seed in 0..300u64 {
        let mut g = Game::new(rules(), seed);
        let mut r = SplitMix64::new(seed ^ 0xb11d);
        let stop = 4 + r.below(40) as u32;
        while g.turn().is_some() && g.deals().is_empty() && g.cards_to_play() > stop {
            let mv = g.random_move(&mut r).unwrap();
            g.apply(mv);
        }
        if g.turn().is_none() || !g.deals().is_empty() || !g.doubling.over {
            continue;
        }
        let mut p = Position::new(rules());
        p.hands = g.hands.iter().map(|h| h.iter().collect()).collect();
        p.table = g.current_trick().to_vec();
        p.stock = g.cachette().to_vec();
        p.piles = g.piles.iter().map(|pile| pile.iter().collect()).collect();
        (p.scores, p.dealer, p.last_capturer) = (g.scores, g.dealer, g.last_capturer);
        (p.bids, p.quints) = (Some(g.bids[..g.bid_count as usize].to_vec()), g.quints);
        let mut b = Game::from_position(p).unwrap();
        while b.turn().is_some() && b.deals().is_empty() {
            let back = from_json(&to_json(&b)).unwrap();
            for q in [&b, &back] {
                assert_eq!(q.voids, q.shown().void, "seed {seed}\n{}", q.describe());
            }
            checked += 1;
            moved += (b.played_len as usize > g.played_len as usize) as u32;
            let mv = b.random_move(&mut r).unwrap();
            b.apply(mv);
        }
    }
    assert!(checked > 1000 && moved > 500, "{checked} {moved}");
}
