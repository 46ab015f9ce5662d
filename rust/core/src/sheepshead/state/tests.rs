use super::*;
use crate::game::Game;
use crate::policy::{Policy, Random};
use crate::rng::Rng;
use crate::sheepshead::rules::Form;

/// The default table.
fn five() -> Form {
    Rules::default().form()
}

fn finish_randomly(s: &mut State, rng: &mut Rng) {
    Random.finish(s, rng)
}
use crate::sheepshead::rules::{HoldCardLead, JackOrder};
use proptest::prelude::{any, prop_assert, prop_assert_eq, proptest, ProptestConfig, Strategy};

fn cards(s: &str) -> CardSet {
    s.split_whitespace().map(|t| SCard::from_card(t.parse().unwrap()).unwrap()).collect()
}

fn table(hands: [&str; 5], blind: &str, dealer: u8, rules: Rules) -> State {
    let deal = Deal::new(&hands.map(cards), cards(blind), &rules.form(), dealer).unwrap();
    State::from_deal(deal, rules, dealer, 1, Rng::new(0)).unwrap()
}

fn act(s: &mut State, text: &str) {
    let a: Action = text.parse().unwrap();
    if let Err(e) = s.apply(u32::from(a.id())) {
        panic!("{text}: {e}");
    }
}

fn legal_strings(s: &State) -> Vec<String> {
    s.legal_actions().map(|a| Action::from_id(a).unwrap().to_string()).collect()
}

fn refuse(s: &mut State, text: &str, reason_part: &str) {
    let before = *s;
    let a: Action = text.parse().unwrap();
    let err = s.apply(u32::from(a.id())).unwrap_err();
    assert!(err.reason.contains(reason_part), "{text}: {}", err.reason);
    assert_eq!(*s, before, "a refused action changes nothing");
}

#[test]
fn tv_s4_deal_with_dealer_4() {
    let mut rng = Rng::new(2024);
    let mut deck: Vec<u8> = (0..32).collect();
    rng.clone().shuffle(&mut deck);
    let s = State::new(2024, Rules::default(), 4, 1).unwrap();
    let at = |positions: std::ops::Range<usize>| -> CardSet {
        positions.map(|i| SCard::from_index(deck[i]).unwrap()).collect()
    };
    // Positions are 0-based: card #1 is deck[0].
    assert_eq!(s.hand(0), at(0..3) | at(17..20));
    assert_eq!(s.hand(4), at(12..15) | at(29..32));
    assert_eq!(s.deal().blind, at(15..17));
    let mut s2 = s;
    let mut order = vec![];
    while s2.phase() == Phase::Pick {
        order.push(s2.current_player().unwrap());
        act(&mut s2, "pass");
    }
    assert_eq!(order, vec![0, 1, 2, 3, 4]);
    assert!(s2.is_leaster());
    assert_eq!(s2.current_player(), Some(0), "seat 0 leads trick 1");
    assert_eq!(s.next_hand(1).unwrap().dealer(), 0);
    let _ = rng.next_u64();
}

const CALL_TABLE: [&str; 5] = [
    "7C QC QS QH QD JC",
    "AH 7H 8C 9C 10C KC",
    "AC 7S 8S 9S 10S KS",
    "AS JS JH JD AD 10D",
    "9H 10H KH 8H KD 9D",
];

#[test]
fn tv_s7_calling() {
    // The picker holds 7♣ and not A♣: may call A♣.
    let mut s = table(CALL_TABLE, "7D 8D", 4, Rules::default());
    act(&mut s, "pick");
    act(&mut s, "bury 7D");
    act(&mut s, "bury 8D");
    assert_eq!(legal_strings(&s), ["call AC", "alone"]);

    // Burying the only club: no call, the picker goes alone (R16 default).
    let mut s = table(CALL_TABLE, "7D 8D", 4, Rules::default());
    act(&mut s, "pick");
    act(&mut s, "bury 7C");
    act(&mut s, "bury 8D");
    assert_eq!(legal_strings(&s), ["alone"]);
    refuse(&mut s, "call AC", "R14");

    // Holding all three fail aces and 9♠: call a ten.
    let hands = [
        "AC AS AH 9S QC QS",
        "7H 8H 8C 9C 10C KC",
        "7C 7S 8S 10S KS QH",
        "QD JS JH JD AD 10D",
        "9H 10H KH JC KD 9D",
    ];
    let mut s = table(hands, "7D 8D", 4, Rules::default());
    act(&mut s, "pick");
    act(&mut s, "bury 7D");
    act(&mut s, "bury 8D");
    // Clubs: holds AC but no other club, still a card of the suit → may call 10C; same for 10H; and 10S.
    assert_eq!(legal_strings(&s), ["call 10C", "call 10S", "call 10H", "alone"]);
    refuse(&mut s, "call AH", "holds AH");
}

#[test]
fn tv_s7_only_trumps_goes_alone_or_calls_an_unknown() {
    let hands = [
        "QC QS QH QD JC JS",
        "AH 7H 8C 9C 10C KC",
        "AC 7S 8S 9S 10S KS",
        "AS 7C JH JD AD 10D",
        "9H 10H KH 8H KD 9D",
    ];
    let s = table(hands, "7D 8D", 4, Rules::default());
    let mut alone = s;
    act(&mut alone, "pick");
    act(&mut alone, "bury 7D");
    act(&mut alone, "bury 8D");
    assert_eq!(legal_strings(&alone), ["alone"]);

    let rules = Rules { no_legal_call: NoLegalCall::Unknown, ..Rules::default() };
    let mut s = table(hands, "7D 8D", 4, rules);
    act(&mut s, "pick");
    act(&mut s, "bury 7D");
    act(&mut s, "bury 8D");
    assert_eq!(legal_strings(&s), ["call AC", "call AS", "call AH", "alone"]);
    act(&mut s, "call AH");
    assert_eq!(s.phase(), Phase::Under);
    act(&mut s, "under JS");
    assert_eq!(s.secret_partner(), Some(1));
    // The under is the hold card: it may be led at any time (R18 revised, V11), except under
    // `hold_card_lead = forbidden`.
    let under = cards("JS").first().unwrap();
    assert!(s.playable().contains(under));
    let mut seed_rule = s;
    seed_rule.rules.hold_card_lead = HoldCardLead::Forbidden;
    assert!(!seed_rule.playable().contains(under));
    act(&mut s, "play QC");
    act(&mut s, "play 8C"); // seat 1 is void in trump, may not throw AH (R19)
    act(&mut s, "play 7S");
    act(&mut s, "play JH");
    act(&mut s, "play KD");
    assert_eq!(s.points(), [3 + 2 + 4, 0, 0, 0, 0]);
    // Seat 0 leads again; hearts are led by nobody yet.
    act(&mut s, "play QS");
    act(&mut s, "play 9C");
    act(&mut s, "play 8S");
    act(&mut s, "play JD");
    act(&mut s, "play 9D");
    act(&mut s, "play QH");
    act(&mut s, "play 10C");
    act(&mut s, "play 9S");
    act(&mut s, "play AD");
    // Seat 4 has no trump left: hearts may be thrown by a void player without leading the suit.
    act(&mut s, "play 8H");
    act(&mut s, "play QD");
    act(&mut s, "play KC");
    act(&mut s, "play 10S");
    act(&mut s, "play 10D");
    act(&mut s, "play 9H");
    act(&mut s, "play JC");
    refuse(&mut s, "play AH", "R19");
    act(&mut s, "play 7H");
    act(&mut s, "play KS");
    act(&mut s, "play 7C");
    act(&mut s, "play 10H");
    // Trick 6: the under may now be led; it stands for a heart and loses to any heart.
    assert_eq!(legal_strings(&s), ["play JS"]);
    act(&mut s, "play JS");
    act(&mut s, "play AH");
    act(&mut s, "play AC");
    act(&mut s, "play AS");
    act(&mut s, "play KH");
    assert!(s.is_terminal());
    assert_eq!(s.completed_tricks().last().unwrap().2, 1, "the ace of hearts takes the under");
    assert_eq!(s.revealed_partner(), Some(1));
    assert_eq!(s.returns().iter().sum::<i32>(), 0);
}

const HOLD_TABLE: [&str; 5] = [
    "9H 10H KH KC KD 9D",
    "8H QC QS QH QD JC",
    "AH 7H 7C 8C 9C 10C",
    "AC 7S 8S 9S 10S KS",
    "AS JS JH JD AD 10D",
];

/// `hold_card_lead = forbidden`, the seed's R18.
fn forbidden() -> Rules {
    Rules { hold_card_lead: HoldCardLead::Forbidden, ..Rules::default() }
}

#[test]
fn tv_s8_revised_allowed_the_picker_may_lead_the_hold_card_but_not_discard_it() {
    // Seat 1 picks, calls A♥ holding 8♥ as the only heart (the default, `hold_card_lead = allowed`).
    let mut s = table(HOLD_TABLE, "7D 8D", 4, Rules::default());
    for a in ["pass", "pick", "bury 7D", "bury 8D", "call AH"] {
        act(&mut s, a);
    }
    // Trick 1, a club lead: the picker is void in clubs and still may not discard 8♥ (R18 revised, 1).
    act(&mut s, "play KC");
    assert_eq!(legal_strings(&s), ["play JC", "play QC", "play QD", "play QH", "play QS"]);
    refuse(&mut s, "play 8H", "R18");
    for a in ["play QC", "play 7C", "play AC", "play JS"] {
        act(&mut s, a);
    }
    // Trick 2: the picker may lead 8♥ (2); it is the first heart lead, so the partner owes A♥ (3, R19).
    assert!(legal_strings(&s).contains(&"play 8H".to_owned()));
    act(&mut s, "play 8H");
    assert_eq!(legal_strings(&s), ["play AH"]);
    refuse(&mut s, "play 7H", "R19");
    act(&mut s, "play AH");
    for a in ["play 7S", "play AS", "play 9H"] {
        act(&mut s, a);
    }
    assert!(s.called_suit_led());
    assert_eq!(s.current_player(), Some(2), "the partner's ace took the trick");
}

#[test]
fn tv_s8_revised_forbidden_hold_card_kept_until_the_last_trick() {
    // Seat 1 picks, calls A♥ holding 8♥ as the only heart.
    let mut s = table(HOLD_TABLE, "7D 8D", 4, forbidden());
    act(&mut s, "pass");
    act(&mut s, "pick");
    act(&mut s, "bury 7D");
    act(&mut s, "bury 8D");
    act(&mut s, "call AH");
    // Seat 0 leads a trump; the picker follows; nobody leads hearts while the picker keeps the lead.
    act(&mut s, "play KD");
    act(&mut s, "play QC");
    act(&mut s, "play 7C"); // the partner is void in trump and may not throw A♥ (R19)
    act(&mut s, "play 7S");
    act(&mut s, "play JS");
    for (lead, rest) in [("QS", ["10C", "8S", "JH", "9D"]), ("QH", ["9C", "9S", "JD", "9H"])] {
        refuse(&mut s, "play 8H", "R18");
        act(&mut s, &format!("play {lead}"));
        for c in rest {
            act(&mut s, &format!("play {c}"));
        }
    }
    // Trick 4: the picker leads QD; seat 2 is void in trump; seat 0 may throw hearts (no lead of the suit).
    refuse(&mut s, "play 8H", "R18");
    act(&mut s, "play QD");
    act(&mut s, "play 8C");
    act(&mut s, "play 10S");
    act(&mut s, "play AD");
    act(&mut s, "play 10H");
    // Trick 5: JC; the picker is the winner of every trick so far.
    refuse(&mut s, "play 8H", "R18");
    act(&mut s, "play JC");
    refuse(&mut s, "play AH", "R19");
    act(&mut s, "play 7H");
    act(&mut s, "play KS");
    act(&mut s, "play 10D");
    act(&mut s, "play KH");
    // Trick 6: the hold card is playable.
    assert_eq!(legal_strings(&s), ["play 8H"]);
    act(&mut s, "play 8H");
    act(&mut s, "play AH");
    act(&mut s, "play AC");
    act(&mut s, "play AS");
    act(&mut s, "play KC");
    assert!(s.is_terminal());
    assert_eq!(s.returns().iter().sum::<i32>(), 0);
}

#[test]
fn tv_s8_partner_must_play_the_called_ace_on_the_first_heart_lead() {
    let mut s = table(HOLD_TABLE, "7D 8D", 4, Rules::default());
    act(&mut s, "pass");
    act(&mut s, "pick");
    act(&mut s, "bury 7D");
    act(&mut s, "bury 8D");
    act(&mut s, "call AH");
    assert_eq!(s.revealed_partner(), None, "R17: the partner is secret");
    act(&mut s, "play 9H");
    assert_eq!(legal_strings(&s), ["play 8H"]);
    act(&mut s, "play 8H");
    assert_eq!(legal_strings(&s), ["play AH"]);
    refuse(&mut s, "play 7H", "R19");
    act(&mut s, "play AH");
    assert_eq!(s.revealed_partner(), Some(2), "R17: playing the called card reveals the partner");
}

#[test]
fn partner_may_not_open_the_called_suit_with_another_card() {
    // Dealer 1: seat 2, the partner (A♥ 7♥), passes and then leads the first trick.
    let hands = [
        "9H 10H KH KC KD 9D",
        "10C 7S 8S 9S 10S KS",
        "AH 7H 7C 8C 9C AC",
        "8H QC QS QH QD JC",
        "AS JS JH JD AD 10D",
    ];
    let mut s = table(hands, "7D 8D", 1, Rules::default());
    act(&mut s, "pass");
    act(&mut s, "pick");
    act(&mut s, "bury 7D");
    act(&mut s, "bury 8D");
    act(&mut s, "call AH");
    assert_eq!(s.current_player(), Some(2));
    assert_eq!(legal_strings(&s), ["play 7C", "play 8C", "play 9C", "play AC", "play AH"]);
    refuse(&mut s, "play 7H", "R19");
}

#[test]
fn leaster_blind_goes_to_the_last_trick_and_fewest_points_win() {
    let mut s = State::new(11, Rules::default(), 0, 1).unwrap();
    for _ in 0..5 {
        act(&mut s, "pass");
    }
    assert!(s.is_leaster());
    finish_randomly(&mut s, &mut Rng::new(5));
    let total: u32 = s.points().iter().map(|&p| u32::from(p)).sum();
    assert_eq!(total, 120);
    let r = s.returns();
    assert_eq!(r.iter().filter(|&&x| x == 4).count(), 1);
    assert_eq!(r.iter().filter(|&&x| x == -1).count(), 4);
}

#[test]
fn doubler_ends_the_hand_at_once_with_nothing_to_pay() {
    let rules = Rules { all_pass: AllPass::Doubler, ..Rules::default() };
    let mut s = State::new(11, rules, 0, 1).unwrap();
    for _ in 0..5 {
        act(&mut s, "pass");
    }
    assert!(s.is_terminal() && s.is_doubler());
    assert_eq!(s.returns(), [0; 5]);
    assert_eq!(s.next_hand(2).unwrap().multiplier(), 2);
}

#[test]
fn the_multiplier_scales_every_return() {
    let mut a = State::new(5, Rules::default(), 0, 1).unwrap();
    let mut b = State::new(5, Rules::default(), 0, 4).unwrap();
    finish_randomly(&mut a, &mut Rng::new(1));
    finish_randomly(&mut b, &mut Rng::new(1));
    assert_eq!(a.returns().iter().map(|x| 4 * x).collect::<Vec<_>>(), b.returns());
}

#[test]
fn bad_deals_are_refused_with_the_reason() {
    let mut hands = CALL_TABLE.map(cards);
    assert_eq!(Deal::new(&hands, cards("7D 8D"), &five(), 0).map(|_| ()), Ok(()));
    assert_eq!(
        Deal::new(&hands, cards("7D"), &five(), 0),
        Err(DealError::BlindSize { size: 1, expected: 2 })
    );
    hands[2] = cards("AC 7S 8S 9S 10S 7C");
    assert!(matches!(Deal::new(&hands, cards("7D 8D"), &five(), 0), Err(DealError::Repeated { .. })));
    hands[2] = cards("AC 7S 8S 9S 10S");
    assert_eq!(
        Deal::new(&hands, cards("7D 8D"), &five(), 0),
        Err(DealError::HandSize { seat: 2, size: 5, expected: 6 })
    );
    assert!(State::new(1, Rules::default(), 5, 1).is_err());
    assert!(State::new(1, Rules::default(), 0, 0).is_err());
    assert!(State::new(1, Rules::default(), 0, MAX_MULTIPLIER + 1).is_err());
    let mut biggest = State::new(1, Rules::default(), 0, MAX_MULTIPLIER).unwrap();
    finish_randomly(&mut biggest, &mut Rng::new(3));
    assert_eq!(biggest.returns().iter().sum::<i32>(), 0);
}

fn all_rules() -> impl Strategy<Value = Rules> {
    (any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>())
        .prop_map(|(j, a, d, n, c, h, v)| Rules {
            jack_order: if j { JackOrder::Seed } else { JackOrder::Standard },
            all_pass: if a { AllPass::Doubler } else { AllPass::Leaster },
            double_on_the_bump: d,
            no_legal_call: if n { NoLegalCall::Unknown } else { NoLegalCall::Alone },
            called_card_no_discard: c,
            hold_card_lead: if h { HoldCardLead::Forbidden } else { HoldCardLead::Allowed },
            no_ace_face_trump_redeal: v,
            ..Rules::DEFAULT
        })
}

/// Every card is in exactly one place: a hand, the blind (until picked), the bury, or a trick.
fn check_conservation(s: &State) {
    let mut seen = CardSet::EMPTY;
    let mut count = 0;
    let mut add = |set: CardSet| {
        assert!(seen.is_disjoint(set), "a card in two places: {s:?}");
        seen = seen | set;
        count += set.len();
    };
    for &h in &s.hands[..s.players()] {
        add(h);
    }
    if s.picker.is_none() {
        add(s.deal.blind);
    }
    add(s.bury);
    for (_, cards, _) in s.completed_tricks() {
        add(cards.iter().copied().collect());
    }
    add(s.current_trick().1.iter().copied().collect());
    assert_eq!(count, 32);
    if s.phase == Phase::Play || s.phase == Phase::Done && !s.is_doubler() {
        let sizes: Vec<u32> = s.hands[..s.players()].iter().map(|h| h.len()).collect();
        let min = *sizes.iter().min().unwrap();
        let max = *sizes.iter().max().unwrap();
        assert!(max - min <= 1 && max as usize + s.trick_no as usize <= 6);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_hands_keep_every_invariant(seed in any::<u64>(), choice in any::<u64>(), rules in all_rules()) {
        let mut s = State::new(seed, rules, (seed % 5) as u8, 1).unwrap();
        let mut rng = Rng::new(choice);
        let mut previous = vec![];
        while !s.is_terminal() {
            check_conservation(&s);
            let legal = s.legal_mask();
            prop_assert!(legal != 0, "never a dead end");
            // Every other action is refused and changes nothing.
            for a in 0..(NUM_ACTIONS as u32 + 2) {
                if a < 128 && legal >> a & 1 == 1 {
                    continue;
                }
                let before = s;
                prop_assert!(s.apply(a).is_err());
                prop_assert_eq!(s, before);
            }
            let n = legal.count_ones();
            let a = crate::bits::select128(legal, rng.below(u64::from(n)) as u32);
            previous.push(s);
            s.apply(a).unwrap();
            let mut back = s;
            back.undo();
            prop_assert_eq!(&back, previous.last().unwrap());
        }
        check_conservation(&s);
        prop_assert_eq!(s.returns().iter().sum::<i32>(), 0);
        if !s.is_doubler() {
            prop_assert_eq!(s.tricks_won().iter().map(|&t| u32::from(t)).sum::<u32>(), 6);
            let taken: u32 = s.points().iter().map(|&p| u32::from(p)).sum();
            prop_assert_eq!(taken + s.bury().points(), 120);
            prop_assert!(s.returns().iter().any(|&r| r != 0));
            // Each trick's winner leads the next (R21).
            let tricks: Vec<_> = s.completed_tricks().collect();
            for pair in tricks.windows(2) {
                prop_assert_eq!(pair[0].2, pair[1].0);
            }
        }
        // Undoing everything returns to the deal.
        let mut back = s;
        while back.undo() {}
        prop_assert_eq!(back, State::new(seed, rules, (seed % 5) as u8, 1).unwrap());
    }
}

// ---- the conformance suite of every game (rust/core/src/conformance.rs) ----
use crate::conformance::{check_game, Checks};
use crate::options::{RuleOptions, Value as OptionValue};

#[test]
fn sheepshead_passes_the_conformance_suite() {
    check_game::<State>(Rules::default(), Checks { games: 40, seed: 1, every: 2 });
}

#[test]
fn sheepshead_passes_it_under_other_options() {
    let rules = Rules::with_values([
        ("jack_order", OptionValue::Choice("seed")),
        ("all_pass", OptionValue::Choice("doubler")),
        ("no_legal_call", OptionValue::Choice("unknown")),
        ("called_card_no_discard", OptionValue::Bool(false)),
        ("double_on_the_bump", OptionValue::Bool(true)),
    ])
    .unwrap();
    check_game::<State>(rules, Checks { games: 40, seed: 2, every: 3 });
}

#[test]
fn r18_a_save_from_before_hold_card_lead_keeps_the_rule_it_was_played_under() {
    let mut s = table(HOLD_TABLE, "7D 8D", 4, Rules::default());
    for a in ["pass", "pick", "bury 7D", "bury 8D", "call AH", "play KD", "play QC"] {
        act(&mut s, a);
    }
    let text = crate::save::to_json(&s);
    assert!(text.contains("\"hold_card_lead\": \"allowed\""), "{text}");
    let loaded: State = crate::save::from_json(text.as_bytes()).unwrap();
    assert_eq!(loaded.rules().hold_card_lead, HoldCardLead::Allowed);
    // The same save without the option, as written before it existed: the seed's R18.
    let old = text.replace("\"hold_card_lead\": \"allowed\", ", "");
    assert_ne!(old, text);
    let loaded: State = crate::save::from_json(old.as_bytes()).unwrap();
    assert_eq!(loaded.rules().hold_card_lead, HoldCardLead::Forbidden);
    assert_eq!(loaded.history(), s.history());
}

#[test]
fn tv_v11_v28_a_hand_without_ace_king_or_trump_is_dealt_again() {
    let rules = Rules { no_ace_face_trump_redeal: true, ..Rules::default() };
    let deal_with = |seat_2: &str, rest: [&str; 4], blind: &str| {
        let hands = [rest[0], rest[1], seat_2, rest[2], rest[3]];
        Deal::new(&hands.map(cards), cards(blind), &five(), 4).unwrap()
    };
    let others = ["QC QS QH QD JC JS", "JH JD AD 10D KD 9D", "8D 7D AC KC 7C 8C", "AS KS 9S 10S AH KH"];
    let weak = deal_with("10C 9C 8S 7S 10H 9H", others, "7H 8H");
    assert_eq!(weak.seat_without_ace_face_trump(&five(), 4), Some(2));
    let err = State::from_deal(weak, rules, 4, 1, Rng::new(0)).unwrap_err();
    assert_eq!(err, DealError::Redealt { seat: 2 });
    assert!(err.to_string().contains("V28"));
    assert!(
        State::from_deal(weak, Rules::default(), 4, 1, Rng::new(0)).is_ok(),
        "the option is off by default"
    );
    // K♥ for 9♥, or 7♦ for 9♥: a king, a trump, so no redeal.
    let king = deal_with(
        "10C 9C 8S 7S 10H KH",
        ["QC QS QH QD JC JS", "JH JD AD 10D KD 9D", "8D 7D AC KC 7C 8C", "AS KS 9S 10S AH 9H"],
        "7H 8H",
    );
    let trump = deal_with(
        "10C 9C 8S 7S 10H 7D",
        ["QC QS QH QD JC JS", "JH JD AD 10D KD 9D", "8D 9H AC KC 7C 8C", "AS KS 9S 10S AH KH"],
        "7H 8H",
    );
    for deal in [king, trump] {
        assert_eq!(deal.seat_without_ace_face_trump(&five(), 4), None);
        assert!(State::from_deal(deal, rules, 4, 1, Rng::new(0)).is_ok());
    }
    // A seeded deal whose first shuffle gives such a hand is shuffled again from the same generator.
    let seed = (0..10_000u64)
        .find(|&s| {
            Deal::shuffled(&mut Rng::new(s), 4, &five()).seat_without_ace_face_trump(&five(), 4).is_some()
        })
        .expect("about one deal in 200 has such a hand");
    let mut rng = Rng::new(seed);
    let _ = Deal::shuffled(&mut rng, 4, &five());
    let again = Deal::shuffled(&mut rng.clone(), 4, &five());
    let s = State::new(seed, rules, 4, 1).unwrap();
    assert_ne!(s.deal(), State::new(seed, Rules::default(), 4, 1).unwrap().deal());
    assert_eq!(s.deal().seat_without_ace_face_trump(&five(), 4), None);
    if again.seat_without_ace_face_trump(&five(), 4).is_none() {
        assert_eq!(s.deal(), again);
    }
    // Every hand of the option's playouts and next hands keeps to it.
    let mut h = s;
    for _ in 0..300 {
        h = h.next_hand(1).unwrap();
        assert_eq!(h.deal().seat_without_ace_face_trump(&five(), 4), None);
    }
}
