//! The variants chapter's vectors (TV-V1…TV-V11) and its forms, each test named after the vector it checks.

use super::*;
use crate::game::Game;
use crate::options::{RuleOptions, Value};
use crate::rng::Rng;

fn cards(s: &str) -> CardSet {
    s.split_whitespace().map(|t| SCard::from_card(t.parse().expect("a card")).expect("in the deck")).collect()
}

/// Option values by name.
type Options<'a> = &'a [(&'a str, Value<'a>)];

fn rules(options: &[(&str, Value<'_>)]) -> Rules {
    Rules::with_values(options.iter().copied()).expect("valid rules")
}

fn table(hands: &[&str], blind: &str, dealer: u8, rules: Rules) -> State {
    let form = rules.form();
    let hands: Vec<CardSet> = hands.iter().map(|h| cards(h)).collect();
    let deal = Deal::new(&hands, cards(blind), &form, dealer).expect("a deal");
    State::from_deal(deal, rules, dealer, 1, Rng::new(0)).expect("a hand")
}

fn act(s: &mut State, text: &str) {
    let a = s.parse_action(text).expect("an action");
    s.apply(u32::from(a)).unwrap_or_else(|e| panic!("{text}: {e} in {s:?}"));
}

fn acts(s: &mut State, texts: &[&str]) {
    for t in texts {
        act(s, t);
    }
}

fn legal(s: &State) -> Vec<String> {
    s.legal_actions().map(|a| s.action_text(a)).collect()
}

fn plays(s: &mut State, tricks: &[&str]) {
    for t in tricks {
        for c in t.split_whitespace() {
            act(s, &format!("play {c}"));
        }
    }
}

/// Every form with its deck, hand and blind sizes (V1), and its deal as TV-V1 numbers it: card positions from
/// the top (1-based) of the shuffled deck for seat i (dealer n − 1), and the blind's.
#[test]
fn tv_v1_deals_of_every_form() {
    type Positions = fn(usize) -> Vec<usize>;
    let forms: [(Options<'_>, usize, Positions, &[usize]); 9] = [
        (
            &[("players", Value::Int(3))],
            3,
            |i| {
                [3 * i + 1, 12 + 4 * i, 24 + 3 * i]
                    .iter()
                    .flat_map(|&a| a..a + if (12..24).contains(&a) { 4 } else { 3 })
                    .collect()
            },
            &[10, 11],
        ),
        (
            &[("players", Value::Int(4))],
            4,
            |i| {
                [(2 * i + 1, 2), (11 + 3 * i, 3), (25 + 2 * i, 2)]
                    .iter()
                    .flat_map(|&(a, k)| a..a + k)
                    .collect()
            },
            &[9, 10, 23, 24],
        ),
        (
            &[("players", Value::Int(4)), ("four_handed", Value::Choice("called_ace_30"))],
            4,
            |i| {
                [(2 * i + 1, 2), (11 + 3 * i, 3), (23 + 2 * i, 2)]
                    .iter()
                    .flat_map(|&(a, k)| a..a + k)
                    .collect()
            },
            &[9, 10],
        ),
        (
            &[("players", Value::Int(4)), ("four_handed", Value::Choice("black_queens"))],
            4,
            |i| [(4 * i + 1, 4), (17 + 4 * i, 4)].iter().flat_map(|&(a, k)| a..a + k).collect(),
            &[],
        ),
        (
            &[],
            5,
            |i| [(3 * i + 1, 3), (18 + 3 * i, 3)].iter().flat_map(|&(a, k)| a..a + k).collect(),
            &[16, 17],
        ),
        (
            &[("players", Value::Int(6))],
            6,
            |i| {
                if i == 5 {
                    vec![]
                } else {
                    [(3 * i + 1, 3), (18 + 3 * i, 3)].iter().flat_map(|&(a, k)| a..a + k).collect()
                }
            },
            &[16, 17],
        ),
        (
            &[("players", Value::Int(6)), ("six_handed", Value::Choice("five_each"))],
            6,
            |i| [(2 * i + 1, 2), (15 + 3 * i, 3)].iter().flat_map(|&(a, k)| a..a + k).collect(),
            &[13, 14],
        ),
        (
            &[("players", Value::Int(7))],
            7,
            |i| [(2 * i + 1, 2), (19 + 2 * i, 2)].iter().flat_map(|&(a, k)| a..a + k).collect(),
            &[15, 16, 17, 18],
        ),
        (
            &[("players", Value::Int(8))],
            8,
            |i| [(2 * i + 1, 2), (17 + 2 * i, 2)].iter().flat_map(|&(a, k)| a..a + k).collect(),
            &[],
        ),
    ];
    for (options, n, seat_positions, blind_positions) in forms {
        let r = rules(options);
        let form = r.form();
        assert_eq!(usize::from(form.players), n);
        for seed in 0..20u64 {
            let mut rng = Rng::new(seed);
            let mut deck: Vec<SCard> = form.deck.into_iter().collect();
            rng.shuffle(&mut deck);
            let s = State::new(seed, r, n as u8 - 1, 1).unwrap();
            for i in 0..n {
                let want: CardSet = seat_positions(i).iter().map(|&p| deck[p - 1]).collect();
                assert_eq!(s.deal().hands[i], want, "{options:?} seat {i}");
            }
            let blind: CardSet = blind_positions.iter().map(|&p| deck[p - 1]).collect();
            assert_eq!(s.deal().blind, blind, "{options:?}");
            assert_eq!(s.deal().hands[..n].iter().fold(blind, |m, &h| m | h), form.deck);
        }
        // For another dealer, seat (d + 1 + i) mod n takes the row of seat i (the sitting dealer's row is its).
        let s = State::new(3, r, 1, 1).unwrap();
        let t = State::new(3, r, n as u8 - 1, 1).unwrap();
        for i in 0..n {
            assert_eq!(s.deal().hands[(2 + i) % n], t.deal().hands[i], "{options:?}: dealer 1");
        }
    }
    let thirty = rules(&[("players", Value::Int(4)), ("four_handed", Value::Choice("called_ace_30"))]).form();
    assert_eq!(thirty.deck.len(), 30);
    assert_eq!(thirty.deck.points(), 120, "V1: sevens are worth nothing");
}

/// TV-V2: the settlement rows of every configuration, as picker/partner/each defender.
#[test]
fn tv_v2_settlement_rows() {
    // (options, side of a picker 0 and partner 1 or alone, the row amounts for rows 1, 3, 4, 5, 6, 2, 2 split)
    let outcome = |row: usize| -> scoring::Outcome {
        let (points, tricks) = [(120, 99), (95, 3), (70, 3), (50, 2), (20, 1), (0, 0)][row];
        scoring::Outcome { points, trick_points: points, tricks }
    };
    let check = |options: &[(&str, Value<'_>)],
                 partner: bool,
                 want: [(i32, i32, i32); 6],
                 split: Option<(i32, i32, i32)>| {
        for no_trick_split in [false, true] {
            let mut o = options.to_vec();
            o.push(("no_trick_split", Value::Bool(no_trick_split)));
            let r = rules(&o);
            let seating = Seating::new(&r.form(), r.form().players - 1);
            let side = if partner { 0b11 } else { 0b1 };
            let tricks = u32::from(r.form().hand_size);
            for (row, &(p, q, d)) in want.iter().enumerate() {
                let mut out = outcome(row);
                if out.tricks == 99 {
                    out.tricks = tricks;
                }
                let (p, q, d) =
                    if row == 5 && no_trick_split { split.unwrap_or((p, q, d)) } else { (p, q, d) };
                let got = scoring::settle_side(Some(0), side, out, tricks, &seating, &r);
                assert_eq!(got.iter().sum::<i32>(), 0, "{o:?} row {row}");
                assert_eq!(got[0], p, "{o:?} row {row}: picker");
                if partner {
                    assert_eq!(got[1], q, "{o:?} row {row}: partner");
                }
                let first_defender = if partner { 2 } else { 1 };
                for &s in seating.order() {
                    if s >= first_defender {
                        assert_eq!(got[s as usize], d, "{o:?} row {row}: defender {s}");
                    }
                }
            }
        }
    };
    let three = [("players", Value::Int(3))];
    check(&three, false, [(6, 0, -3), (4, 0, -2), (2, 0, -1), (-2, 0, 1), (-4, 0, 2), (-6, 0, 3)], None);
    let four = [("players", Value::Int(4))];
    check(&four, false, [(9, 0, -3), (6, 0, -2), (3, 0, -1), (-3, 0, 1), (-6, 0, 2), (-9, 0, 3)], None);
    let ca30 = [("players", Value::Int(4)), ("four_handed", Value::Choice("called_ace_30"))];
    check(
        &ca30,
        true,
        [(3, 3, -3), (2, 2, -2), (1, 1, -1), (-1, -1, 1), (-2, -2, 2), (-6, 0, 3)],
        Some((-3, -3, 3)),
    );
    check(
        &[],
        true,
        [(6, 3, -3), (4, 2, -2), (2, 1, -1), (-2, -1, 1), (-4, -2, 2), (-9, 0, 3)],
        Some((-6, -3, 3)),
    );
    check(&[], false, [(12, 0, -3), (8, 0, -2), (4, 0, -1), (-4, 0, 1), (-8, 0, 2), (-12, 0, 3)], None);
    let five_each = [("players", Value::Int(6)), ("six_handed", Value::Choice("five_each"))];
    check(
        &five_each,
        true,
        [(9, 3, -3), (6, 2, -2), (3, 1, -1), (-3, -1, 1), (-6, -2, 2), (-12, 0, 3)],
        Some((-9, -3, 3)),
    );
    check(
        &five_each,
        false,
        [(15, 0, -3), (10, 0, -2), (5, 0, -1), (-5, 0, 1), (-10, 0, 2), (-15, 0, 3)],
        None,
    );
    let seven = [("players", Value::Int(7))];
    check(
        &seven,
        true,
        [(12, 3, -3), (8, 2, -2), (4, 1, -1), (-4, -1, 1), (-8, -2, 2), (-15, 0, 3)],
        Some((-12, -3, 3)),
    );
    check(&seven, false, [(18, 0, -3), (12, 0, -2), (6, 0, -1), (-6, 0, 1), (-12, 0, 2), (-18, 0, 3)], None);
    // The dealer who sits out settles 0; the five active seats use the five-handed rows.
    let six = rules(&[("players", Value::Int(6))]);
    let seating = Seating::new(&six.form(), 5);
    let got = scoring::settle_side(Some(0), 0b11, outcome(2), 6, &seating, &six);
    assert_eq!(got[..6], [2, 1, -1, -1, -1, 0]);
    // Black queens: the pair splits k·u, row 2 too; a seat with both plays alone.
    for (options, k) in [
        (vec![("players", Value::Int(8))], 6),
        (vec![("players", Value::Int(4)), ("four_handed", Value::Choice("black_queens"))], 2),
    ] {
        let r = rules(&options);
        let seating = Seating::new(&r.form(), r.form().players - 1);
        for (row, u) in [(0, 3), (1, 2), (2, 1), (3, -1), (4, -2), (5, -3)] {
            let mut out = outcome(row);
            if out.tricks == 99 {
                out.tricks = u32::from(r.form().hand_size);
            }
            let pair = scoring::settle_side(None, 0b11, out, u32::from(r.form().hand_size), &seating, &r);
            assert_eq!((pair[0], pair[1], pair[2]), (k * u / 2, k * u / 2, -u), "{options:?} row {row}");
            let alone = scoring::settle_side(None, 0b1, out, u32::from(r.form().hand_size), &seating, &r);
            assert_eq!((alone[0], alone[1]), ((k + 1) * u, -u), "{options:?} row {row} alone");
        }
    }
}

fn tv_v3_table(options: &[(&str, Value<'_>)]) -> State {
    let r = rules(options);
    table(
        &[
            "AC KC AS 10S 7D 9H",
            "QC JC JH AD 8H 7C",
            "QH JS 8D 9S 8S KH",
            "AH 10H QD KD 9C 7S",
            "JD 10D 9D 8C KS 7H",
        ],
        "QS 10C",
        4,
        r,
    )
}

#[test]
fn tv_v3_full_called_ace_hand_with_hold_card_lead_crack_and_recrack() {
    let mut s = tv_v3_table(&[("cracking", Value::Bool(true))]);
    acts(&mut s, &["pass", "pick", "bury 10C", "bury 7C"]);
    assert_eq!(legal(&s), ["call AH", "alone"], "the only call");
    act(&mut s, "call AH");
    assert_eq!(s.secret_partner(), Some(3));
    assert_eq!((s.phase(), s.current_player()), (Phase::Crack, Some(2)), "seat 0 is not eligible");
    act(&mut s, "pass");
    assert_eq!(legal(&s), ["pass"], "the partner may only pass");
    act(&mut s, "pass");
    act(&mut s, "crack");
    assert_eq!((s.phase(), s.current_player()), (Phase::Recrack, Some(1)));
    act(&mut s, "recrack");
    assert_eq!(s.stake(), 4);
    assert_eq!(s.phase(), Phase::Play);
    // Trick 1: the picker is void in clubs and may not discard 8♥.
    acts(&mut s, &["play AC"]);
    assert!(!s.playable().contains(cards("8H").first().unwrap()));
    plays(&mut s, &["JH 8S 9C 8C"]);
    plays(
        &mut s,
        &["8H KH AH 7H 9H", "KD 9D 7D AD QH", "9S 7S KS 10S JC", "QC 8D QD JD KC", "QS JS 10H 10D AS"],
    );
    assert_eq!(s.winners[..6], [1, 3, 2, 1, 1, 1]);
    assert_eq!(s.picking_side_points(), Some(102));
    assert_eq!(s.returns(), [-8, 16, -8, 8, -8]);
}

#[test]
fn tv_v3_forbidden_hold_card_lead_leaves_the_trumps_and_the_ace() {
    let mut s = tv_v3_table(&[("hold_card_lead", Value::Choice("forbidden"))]);
    acts(&mut s, &["pass", "pick", "bury 10C", "bury 7C", "call AH"]);
    plays(&mut s, &["AC JH 8S 9C 8C"]);
    assert_eq!(legal(&s), ["play JC", "play QC", "play AD", "play QS"]);
}

#[test]
fn tv_v4_called_ten_wins_and_the_ace_must_be_played() {
    for wins in [true, false] {
        let r = rules(&[("called_ten_wins", Value::Bool(wins))]);
        // Seat 1 picks holding every fail ace and calls 10♠, held by seat 3.
        let mut s = table(
            &[
                "9S QH JH 7C 8C 9C",
                "AS AC AH QC JC QS",
                "KS 10C KC 7H 8H 9H",
                "10S QD JD AD 10D KD",
                "7S 9D 8D 7D KH 10H",
            ],
            "8S JS",
            4,
            r,
        );
        acts(&mut s, &["pass", "pick", "bury 8S", "bury JS"]);
        assert_eq!(legal(&s), ["call 10C", "call 10S", "call 10H", "alone"], "R15: the tens");
        act(&mut s, "call 10S");
        act(&mut s, "play 9S");
        assert_eq!(legal(&s), ["play AS"], "V10.1: the picker plays the ace");
        plays(&mut s, &["AS KS"]);
        assert_eq!(legal(&s), ["play 10S"], "R19: the partner plays the called ten");
        plays(&mut s, &["10S 7S"]);
        assert_eq!(s.winners[0], if wins { 3 } else { 1 }, "called_ten_wins = {wins}");
        assert_eq!(s.points[s.winners[0] as usize], 25);
    }
}

#[test]
fn tv_v4_the_under_leads_the_called_suit_and_never_wins() {
    let hands = [
        "7H 9C 8C 7C 7S 8S",
        "QC JC AD KD AC AS",
        "10H QH JH QD JD 9S",
        "AH 10C KC 10S KS 9D",
        "8H 9H KH 10D 8D 7D",
    ];
    for forbidden in [false, true] {
        let r = rules(&[
            ("no_legal_call", Value::Choice("unknown")),
            ("hold_card_lead", Value::Choice(if forbidden { "forbidden" } else { "allowed" })),
        ]);
        let mut s = table(&hands, "JS QS", 4, r);
        // Seat 1 keeps Q♣ J♣ A♦ K♦ A♣ A♠: no heart, two fail aces, so no R14 call and no R15.
        acts(&mut s, &["pass", "pick", "bury JS", "bury QS"]);
        assert_eq!(legal(&s), ["call AH", "alone"]);
        acts(&mut s, &["call AH", "under KD"]);
        plays(&mut s, &["7C AC 9S 10C 7D", "8D 8C QC QD 9D"]);
        assert_eq!(s.current_player(), Some(1), "the picker took trick 2");
        let kd = cards("KD").first().unwrap();
        assert_eq!(s.playable().contains(kd), !forbidden, "V11.2: U may be led unless forbidden");
        if forbidden {
            continue;
        }
        act(&mut s, "play KD");
        assert_eq!(legal(&s), ["play 10H"], "the under leads hearts");
        plays(&mut s, &["10H"]);
        assert_eq!(legal(&s), ["play AH"], "R19: the called ace to the under's lead");
        plays(&mut s, &["AH 8H 7H"]);
        assert_eq!((s.winners[2], s.points[3]), (3, 25));
    }
}

/// V11.3 when nothing follows a led under: every heart is gone (two buried, the called ace discarded under
/// `called_card_no_discard = false`) and nobody trumps, so the first card after U takes the trick.
#[test]
fn v11_3_a_led_under_that_nothing_follows_gives_the_trick_to_the_next_card() {
    let hands = [
        "7C 9C KC AD 10D KD",
        "QC QS JC JS AC AS",
        "8C 10C 7S QH QD JH",
        "9H 10H 8S 9S JD 9D",
        "KH AH KS 10S 8D 7D",
    ];
    let r =
        rules(&[("no_legal_call", Value::Choice("unknown")), ("called_card_no_discard", Value::Bool(false))]);
    let mut s = table(&hands, "7H 8H", 4, r);
    acts(&mut s, &["pass", "pick", "bury 7H", "bury 8H", "call AH", "under JS"]);
    plays(&mut s, &["7C AC 8C 9H KH", "QC QH JD 8D AD", "QS QD 9D 7D 10D", "JC JH 10H AH KD"]);
    assert_eq!(s.winners[..4], [1, 1, 1, 1]);
    plays(&mut s, &["JS 7S 8S KS KC"]);
    assert_eq!(s.winners[4], 2, "U never wins; the first card after it holds the trick");
    assert_eq!(s.points[2], 2 + 4 + 4, "U's points go to the trick's winner");
    plays(&mut s, &["10C 9S 10S 9C AS"]);
    assert!(s.is_terminal());
    assert_eq!(s.returns().iter().sum::<i32>(), 0);
}

#[test]
fn tv_v5_jack_partner_alone_call_up_and_call_ace() {
    // (b) call up over the jacks, then the queens.
    let r = rules(&[("players", Value::Int(7))]);
    let mut s = State::new(1, r, 6, 1).unwrap();
    while s.phase() == Phase::Pick {
        act(&mut s, "pick");
    }
    let picker = s.picker().unwrap() as usize;
    let check = |hand: &str, bury: &str, want: Option<&str>| {
        let mut t = s;
        t.hands[picker] = cards(hand);
        t.bury = cards(bury);
        assert_eq!(t.call_up_card(), want.map(|w| cards(w).first().unwrap()), "{hand} / {bury}");
    };
    check("JD JH", "JS", Some("JC"));
    check("JD", "", Some("JH"));
    check("JD JH JC", "JS", Some("QD"));
    check("JD JH JS JC QD QH", "QS QC", None);
    // (d) the full seven-handed hand.
    let mut s = table(
        &[
            "AC 10C 9D 7H",
            "QH KC 9S 8H",
            "QS JD AD 9C",
            "JC AS 10S 7C",
            "QD 8D AH 8C",
            "JH KD 10H KS",
            "JS 7D 9H 8S",
        ],
        "QC 10D KH 7S",
        6,
        r,
    );
    acts(&mut s, &["pass", "pass", "pick", "bury KH", "bury 7S", "bury 9C", "bury 10D"]);
    assert_eq!(legal(&s), ["alone", "call up"]);
    act(&mut s, "call up");
    assert_eq!((s.called_card(), s.secret_partner()), (cards("JH").first(), Some(5)));
    plays(
        &mut s,
        &["AC KC QS 7C 8C 10H 8S", "QC JC 8D KD 7D 9D QH", "AD 10S QD JH JS 10C 9S", "AH KS 9H 7H 8H JD AS"],
    );
    assert_eq!(s.winners[..4], [2, 2, 4, 2]);
    assert_eq!(s.picking_side_points(), Some(82));
    assert_eq!(s.returns(), [-1, -1, 4, -1, -1, 1, -1]);
    // (a) n = 5: the picker (seat 4) holds J♦ after the bury, so there is no partner, and nothing is told.
    let mut s = tv_v3_table(&[("partner", Value::Choice("jack"))]);
    acts(&mut s, &["pass", "pass", "pass", "pass", "pick", "bury QS", "bury 10C"]);
    assert_eq!(legal(&s), ["alone", "jack partner"]);
    act(&mut s, "jack partner");
    assert_eq!((s.secret_partner(), s.is_alone(), s.side()), (None, false, 0b10000));
    let out = scoring::Outcome { points: 70, trick_points: 70, tricks: 3 };
    let got = scoring::settle_side(Some(4), s.side(), out, 6, s.seating(), &s.rules);
    assert_eq!(got[..5], [-1, -1, -1, -1, 4]);
}

#[test]
fn tv_v5_c_a_jack_picker_may_call_an_ace_without_duties_for_its_holder() {
    let r = rules(&[("partner", Value::Choice("jack")), ("jack_picker_holds", Value::Choice("call_ace"))]);
    let mut s = table(
        &[
            "7H 9C 8C 7C 8S 7S",
            "JD KS QC JC AD KD",
            "10H QH JH QD JS 10C",
            "AS 9S KC 10S AH 9D",
            "8H 9H KH 10D 8D 7D",
        ],
        "AC QS",
        4,
        r,
    );
    acts(&mut s, &["pass", "pick", "bury AC", "bury KD"]);
    assert_eq!(legal(&s), ["call AS", "alone"]);
    act(&mut s, "call AS");
    assert_eq!(s.secret_partner(), Some(3));
    plays(&mut s, &["8S"]);
    act(&mut s, "play KS");
    act(&mut s, "play JS");
    assert!(legal(&s).contains(&"play 9S".to_string()), "V13: the ace's holder may hold it back");
}

#[test]
fn tv_v6_three_players_full_hand() {
    let r = rules(&[("players", Value::Int(3))]);
    let mut s = table(
        &[
            "QS JH KD 9D AC 10C KC AH 10H 8S",
            "QC QH JC JS AD 10D AS 10S KH 7C",
            "JD 8D 7D 9C 8C KS 9S 7S 8H 7H",
        ],
        "QD 9H",
        2,
        r,
    );
    acts(&mut s, &["pass", "pick", "bury KH", "bury 9H"]);
    assert_eq!(s.phase(), Phase::Play, "V16: no partner step");
    plays(
        &mut s,
        &[
            "AH JS 7H",
            "QC 7D 9D",
            "QH 8D JH",
            "QD JD QS",
            "AC 7C 8C",
            "10C JC 9C",
            "AD 9S KD",
            "10D 7S 8S",
            "AS KS KC",
            "10S 8H 10H",
        ],
    );
    assert_eq!(s.winners[..10], [1, 1, 1, 0, 0, 1, 1, 1, 1, 1]);
    assert_eq!(s.picking_side_points(), Some(101));
    assert_eq!(s.returns(), [-2, 4, -2]);
}

#[test]
fn tv_v7_black_queens() {
    let r = rules(&[("players", Value::Int(8))]);
    let mut s = table(
        &[
            "QC 7D AC 7H",
            "JS 9D 10C 8S",
            "AD KC AS 9H",
            "QS 8D 9C 10H",
            "QH JD 8C KS",
            "JC 10D 7C AH",
            "QD KD 10S 9S",
            "JH 7S KH 8H",
        ],
        "",
        7,
        r,
    );
    assert_eq!((s.phase(), s.current_player()), (Phase::Play, Some(0)), "no pick; d+1 leads");
    assert_eq!(s.pair(), (0b1001, false));
    plays(&mut s, &["AC 10C KC 9C 8C 7C QD 7S", "10S 8H QC 8S AS 10H KS JC", "7D 9D AD 8D QH 10D KD JH"]);
    plays(&mut s, &["JD AH 9S KH 7H JS 9H"]);
    assert!(!s.pair().1, "Q♠ not yet played");
    plays(&mut s, &["QS"]);
    assert!(s.pair().1, "both black queens played: the side is known at once");
    assert_eq!(s.winners[..4], [6, 0, 4, 3]);
    assert_eq!(s.picking_side_points(), Some(62));
    assert_eq!(s.returns(), [3, -1, -1, 3, -1, -1, -1, -1]);
    // (b) four-handed: one seat dealt both black queens plays alone, +3 / −1 at P = 70.
    let r = rules(&[("players", Value::Int(4)), ("four_handed", Value::Choice("black_queens"))]);
    let s = table(
        &[
            "QC QS JD AD AC 10C KC 9C",
            "QH QD JC JS 10D KD 9D 8D",
            "JH 7D 8C 7C AS 10S KS 9S",
            "8S 7S AH 10H KH 9H 8H 7H",
        ],
        "",
        3,
        r,
    );
    assert_eq!(s.pair().0, 0b1);
    let got = scoring::settle_side(
        None,
        0b1,
        scoring::Outcome { points: 70, trick_points: 70, tricks: 5 },
        8,
        s.seating(),
        &r,
    );
    assert_eq!(got[..4], [3, -1, -1, -1]);
}

/// TV-V8's deal, before anyone acts.
fn tv_v8_deal(options: &[(&str, Value<'_>)]) -> State {
    let hands = [
        "KC 9D 9H 10C AC KH",
        "9C JD 7H KD 8S JH",
        "7C 8D 8H 10D 10S QD",
        "8C AD AH JC AS QH",
        "7S 7D QC QS 9S JS",
    ];
    table(&hands, "10H KS", 4, rules(options))
}

/// TV-V8's deal once all have passed.
fn tv_v8_table(options: &[(&str, Value<'_>)]) -> State {
    let mut s = tv_v8_deal(options);
    acts(&mut s, &["pass"; 5]);
    s
}

const TV_V8_TRICKS: [&str; 6] = [
    "KC 9C 7C 8C 7S",
    "9D JD 8D AD 7D",
    "7H 8H AH QC 9H",
    "QS 10C KD 10D JC",
    "9S AC 8S 10S AS",
    "QH JS KH JH QD",
];

#[test]
fn tv_v8_all_pass_games_on_one_deal() {
    let cases: [(Options<'_>, [u8; 5], [i32; 5]); 6] = [
        (&[], [4, 13, 0, 60, 43], [4, -1, -1, -1, -1]),
        (&[("leaster_blind", Value::Choice("first_trick"))], [18, 13, 0, 46, 43], [-1, 4, -1, -1, -1]),
        (&[("all_pass", Value::Choice("moster"))], [4, 13, 0, 60, 43], [1, 1, 1, -4, 1]),
        (
            &[("all_pass", Value::Choice("moster")), ("leaster_blind", Value::Choice("first_trick"))],
            [18, 13, 0, 46, 43],
            [1, 1, 1, -4, 1],
        ),
        (&[("all_pass", Value::Choice("schneidster"))], [4, 13, 0, 60, 43], [-1, 4, -1, -1, -1]),
        (
            &[("all_pass", Value::Choice("schneidster")), ("leaster_blind", Value::Choice("first_trick"))],
            [18, 13, 0, 46, 43],
            [4, -1, -1, -1, -1],
        ),
    ];
    for (options, points, returns) in cases {
        let mut s = tv_v8_table(options);
        plays(&mut s, &TV_V8_TRICKS);
        assert_eq!(s.winners[..6], [0, 1, 4, 4, 3, 3]);
        assert_eq!(s.points(), points, "{options:?}");
        assert_eq!(s.returns(), returns, "{options:?}");
    }
    let s = tv_v8_table(&[("all_pass", Value::Choice("schwanzer"))]);
    assert!(s.is_terminal(), "nothing is played");
    assert_eq!(scoring::schwanzer_counts(&s.deal(), s.seating())[..5], [1, 5, 5, 6, 9]);
    assert_eq!(s.returns(), [1, 1, 1, 1, -4]);
    // The tie: counts 2, 5, 5, 7, 7.
    let tie = |tie: &str| {
        let mut s = table(
            &[
                "AD 9D 9H 10C AC KH",
                "9C JD 7H KD 8S JH",
                "7C 8D 8H 10D 10S QD",
                "JS KC AH JC AS QH",
                "7S 7D QC QS 9S 8C",
            ],
            "10H KS",
            4,
            rules(&[("all_pass", Value::Choice("schwanzer")), ("schwanzer_tie", Value::Choice(tie))]),
        );
        acts(&mut s, &["pass"; 5]);
        assert_eq!(scoring::schwanzer_counts(&s.deal(), s.seating())[..5], [2, 5, 5, 7, 7]);
        s.returns().to_vec()
    };
    assert_eq!(tie("highest_trump"), [1, 1, 1, 1, -4]);
    assert_eq!(tie("split"), [2, 2, 2, -3, -3]);
    // A blitz before the pick doubles every leaster amount.
    let mut s = tv_v8_deal(&[("blitz", Value::Bool(true))]);
    assert_eq!(
        (s.phase(), s.current_player(), legal(&s)),
        (Phase::Blitz, Some(4), vec!["blitz black_queens".to_string(), "no blitz".into()])
    );
    act(&mut s, "blitz black_queens");
    acts(&mut s, &["pass"; 5]);
    plays(&mut s, &TV_V8_TRICKS);
    assert_eq!(s.returns(), [8, -2, -2, -2, -2]);
}

#[test]
fn tv_v9_crack_eligibility_and_the_multiplier() {
    let eligible = |options: &[(&str, Value<'_>)], dealer: u8, picker: u8| -> Vec<u8> {
        let mut r = rules(options);
        r.cracking = true;
        let mut s = State::new(9, r, dealer, 1).unwrap();
        while s.current_player() != Some(picker) {
            act(&mut s, "pass");
        }
        act(&mut s, "pick");
        while s.phase() == Phase::Bury {
            let c = s.hand(picker as usize).first().unwrap();
            act(&mut s, &format!("bury {c}"));
        }
        act(&mut s, "alone");
        let mut turns = vec![];
        while s.phase() == Phase::Crack {
            turns.push(s.current_player().unwrap());
            act(&mut s, "pass");
        }
        turns
    };
    assert_eq!(eligible(&[], 4, 0), [1, 2, 3, 4]);
    assert_eq!(eligible(&[], 4, 2), [3, 4]);
    assert_eq!(eligible(&[], 4, 4), Vec::<u8>::new());
    assert_eq!(eligible(&[("crack_by", Value::Choice("any_defender"))], 4, 2), [3, 4, 0, 1]);
    assert_eq!(eligible(&[("players", Value::Int(6))], 5, 1), [2, 3, 4]);
    // The multiplier: blitz, crack with a blitz, re-crack: M = 16.
    let r = rules(&[("cracking", Value::Bool(true)), ("blitz", Value::Bool(true))]);
    let mut s = table(
        &[
            "QC QS 7C 8C 9C 7H",
            "KC 10C AC 8H 9H KH",
            "AD 10D KD 9D 8D 7D",
            "QH QD JD 10H 7S 8S",
            "AS JC JS JH 9S 10S",
        ],
        "AH KS",
        4,
        r,
    );
    act(&mut s, "blitz black_queens");
    assert_eq!(s.current_player(), Some(3));
    act(&mut s, "no blitz");
    acts(&mut s, &["pass", "pass", "pick", "bury AH", "bury 7D", "call AS"]);
    assert_eq!(s.secret_partner(), Some(4));
    assert_eq!((s.phase(), s.current_player()), (Phase::Crack, Some(3)));
    act(&mut s, "crack");
    assert_eq!(
        (s.phase(), s.current_player(), legal(&s)),
        (Phase::Blitz, Some(3), vec!["blitz red_queens".into(), "no blitz".to_string()])
    );
    act(&mut s, "blitz red_queens");
    assert_eq!((s.phase(), s.current_player()), (Phase::Recrack, Some(2)));
    act(&mut s, "recrack");
    assert_eq!(s.stake(), 16);
    let outcome = |p: u32| scoring::Outcome { points: p, trick_points: p, tricks: 3 };
    let base = scoring::settle_side(Some(2), 0b10100, outcome(70), 6, s.seating(), &s.rules);
    assert_eq!(base[..5].iter().map(|r| r * 16).collect::<Vec<_>>(), [-16, -16, 32, -16, 16]);
    let mut capped = s;
    capped.rules.multiplier_cap = 8;
    assert_eq!(capped.stake(), 8);
    let bump = Rules { double_on_the_bump: true, ..s.rules };
    let lost = scoring::settle_side(Some(2), 0b10100, outcome(50), 6, s.seating(), &bump);
    assert_eq!(lost[..5].iter().map(|r| r * 16).collect::<Vec<_>>(), [32, 32, -64, 32, -32]);
}

#[test]
fn tv_v9_the_partner_recracks_around_the_corner_and_is_revealed() {
    let mut s = tv_v3_table(&[("cracking", Value::Bool(true))]);
    acts(&mut s, &["pass", "pick", "bury 10C", "bury 7C", "call AH", "pass", "pass", "crack"]);
    act(&mut s, "pass");
    let mut turns = vec![];
    while s.phase() == Phase::Recrack {
        let seat = s.current_player().unwrap();
        turns.push((seat, legal(&s)));
        if seat == 3 {
            act(&mut s, "recrack");
        } else {
            act(&mut s, "pass");
        }
    }
    assert_eq!(turns, [(2, vec!["pass".to_string()]), (3, vec!["pass".to_string(), "recrack".into()])]);
    assert_eq!((s.recracked_by(), s.revealed_partner(), s.stake()), (Some(3), Some(3), 4));
}

#[test]
fn tv_v10_doubler_factors() {
    // The factor of a hand is the state's multiplier; `Match` carries it. The stake is that times M.
    let s = State::new(1, Rules::default(), 0, 4).unwrap();
    assert_eq!(s.stake(), 4);
}

#[test]
fn tv_v11_own_ace_first_trick_and_forced_pick() {
    // Own ace: the picker keeps Q♣ J♣ A♦ 10♦ A♥ K♥ and calls A♥.
    let r = rules(&[("call_own_ace", Value::Bool(true))]);
    let mut s = table(
        &[
            "7C 8C 9C 7S 8S 9S",
            "QC JC AD 10D AH KH",
            "10C KC AC 10S KS AS",
            "QD JD 9D 8D 7D QH",
            "JH JS QS 7H 8H 9H",
        ],
        "10H KD",
        4,
        r,
    );
    acts(&mut s, &["pass", "pick", "bury 10H", "bury KD"]);
    assert!(legal(&s).contains(&"call AH".to_string()));
    act(&mut s, "call AH");
    assert!(s.called_own_ace() && s.secret_partner().is_none());
    plays(&mut s, &["7C"]);
    // Seat 1 is void in clubs: it may not discard A♥.
    assert!(!s.playable().contains(cards("AH").first().unwrap()));
    let mut t = s;
    plays(&mut t, &["QC 10C QD JH"]);
    assert!(!t.playable().contains(cards("KH").first().unwrap()), "no lead of K♥ before A♥");
    // First trick: seat 2 picks and chooses FIRST_TRICK.
    let r = rules(&[("partner", Value::Choice("first_trick"))]);
    let mut s = State::new(7, r, 4, 1).unwrap();
    acts(&mut s, &["pass", "pass", "pick"]);
    while s.phase() == Phase::Bury {
        let c = s.hand(2).first().unwrap();
        act(&mut s, &format!("bury {c}"));
    }
    assert_eq!(legal(&s), ["alone", "first trick"]);
    act(&mut s, "first trick");
    let mut rng = Rng::new(3);
    for _ in 0..5 {
        let a = s.random_action(&mut rng);
        s.apply_unchecked(a);
    }
    let w = s.winners[0];
    assert_eq!(s.revealed_partner(), (w != 2).then_some(w));
    // Forced pick: seats 0–3 pass and seat 4 may only pick; after_picker leaves no seat to crack.
    let r = rules(&[("all_pass", Value::Choice("forced_pick")), ("cracking", Value::Bool(true))]);
    let mut s = State::new(2, r, 4, 1).unwrap();
    acts(&mut s, &["pass"; 4]);
    assert_eq!(legal(&s), ["pick"]);
    act(&mut s, "pick");
    while s.phase() == Phase::Bury {
        let c = s.hand(4).first().unwrap();
        act(&mut s, &format!("bury {c}"));
    }
    act(&mut s, "alone");
    assert_eq!(s.phase(), Phase::Play, "no seat after the picker may crack");
}

/// Every form, partner method, all-pass game, and cracking and blitzing, through the conformance suite.
#[test]
fn every_configuration_passes_the_conformance_suite() {
    let configurations: Vec<Vec<(&str, Value<'_>)>> = vec![
        vec![("players", Value::Int(3))],
        vec![
            ("players", Value::Int(3)),
            ("blitz", Value::Bool(true)),
            ("called_card_no_discard", Value::Bool(false)),
        ],
        vec![("players", Value::Int(4))],
        vec![("players", Value::Int(4)), ("four_handed", Value::Choice("called_ace_30"))],
        vec![
            ("players", Value::Int(4)),
            ("four_handed", Value::Choice("called_ace_30")),
            ("partner", Value::Choice("jack")),
        ],
        vec![("players", Value::Int(4)), ("four_handed", Value::Choice("black_queens"))],
        vec![("partner", Value::Choice("jack")), ("jack_picker_holds", Value::Choice("call_up"))],
        vec![
            ("partner", Value::Choice("jack")),
            ("jack_picker_holds", Value::Choice("call_ace")),
            ("partner_jack", Value::Choice("JC")),
        ],
        vec![("partner", Value::Choice("first_trick")), ("cracking", Value::Bool(true))],
        vec![("call_own_ace", Value::Bool(true)), ("no_legal_call", Value::Choice("unknown"))],
        vec![("players", Value::Int(6)), ("cracking", Value::Bool(true)), ("blitz", Value::Bool(true))],
        vec![("players", Value::Int(6)), ("six_handed", Value::Choice("five_each"))],
        vec![
            ("players", Value::Int(7)),
            ("blitz", Value::Bool(true)),
            ("blitz_pairs", Value::Choice("black_queens+red_queens+black_jacks")),
        ],
        vec![("players", Value::Int(8))],
        vec![("all_pass", Value::Choice("moster")), ("blitz", Value::Bool(true))],
        vec![("all_pass", Value::Choice("schneidster")), ("leaster_blind", Value::Choice("first_trick"))],
        vec![("all_pass", Value::Choice("schwanzer")), ("schwanzer_tie", Value::Choice("split"))],
        vec![("all_pass", Value::Choice("redeal"))],
        vec![
            ("all_pass", Value::Choice("forced_pick")),
            ("cracking", Value::Bool(true)),
            ("crack_by", Value::Choice("any_defender")),
        ],
        vec![
            ("cracking", Value::Bool(true)),
            ("recrack_by", Value::Choice("picker")),
            ("multiplier_cap", Value::Int(4)),
            ("leaster_tie", Value::Choice("split")),
        ],
    ];
    for options in configurations {
        let r = rules(&options);
        eprintln!("configuration {options:?}");
        let checks = crate::conformance::Checks { games: 40, seed: 11, every: 3 };
        let players = u64::from(r.form().players);
        let steps = crate::conformance::check_games_from(checks, |seed| {
            State::new(seed, r, (seed % players) as u8, 1).unwrap()
        });
        assert!(steps > 0, "{options:?}");
    }
}

#[test]
fn invalid_combinations_are_refused_naming_both_options() {
    for (options, named) in [
        (vec![("players", Value::Int(3)), ("partner", Value::Choice("called_ace"))], "partner"),
        (vec![("players", Value::Int(8)), ("partner", Value::Choice("none"))], "partner"),
        (vec![("players", Value::Int(7)), ("partner", Value::Choice("called_ace"))], "partner"),
        (vec![("partner", Value::Choice("black_queens"))], "partner"),
        (
            vec![
                ("players", Value::Int(4)),
                ("partner", Value::Choice("first_trick")),
                ("four_handed", Value::Choice("called_ace_30")),
            ],
            "partner",
        ),
        (vec![("recrack_by", Value::Choice("picker"))], "recrack_by"),
        (vec![("multiplier_cap", Value::Int(6))], "multiplier_cap"),
    ] {
        let e = Rules::with_values(options.iter().copied()).expect_err("refused");
        assert_eq!(e.option, named, "{options:?}");
        assert!(e.to_string().contains("V"), "{e}");
    }
    // Saves hold the same check.
    let s = State::new(1, rules(&[("players", Value::Int(3))]), 0, 1).unwrap();
    let text = crate::save::to_json(&s).replace("\"partner\": \"auto\"", "\"partner\": \"jack\"");
    let e = crate::save::from_json::<State>(text.as_bytes()).unwrap_err();
    assert!(e.to_string().contains("partner"), "{e}");
}
