use super::*;
use crate::conformance::{check_games_from, Checks};
use crate::game::{Information, Summary};
use crate::rng::{derive_seed, Rng};
use crate::save;
use crate::sheepshead::rules::{AllPass, HoldCardLead, JackOrder, NoLegalCall};

fn cards(s: &str) -> CardSet {
    s.split_whitespace().map(|t| SCard::from_card(t.parse().unwrap()).unwrap()).collect()
}

fn card(s: &str) -> SCard {
    cards(s).first().unwrap()
}

/// Rules with every option drawn from `rng`.
fn sampled_rules(rng: &mut Rng) -> Rules {
    Rules {
        jack_order: if rng.below(2) == 0 { JackOrder::Standard } else { JackOrder::Seed },
        all_pass: AllPass::Leaster,
        double_on_the_bump: rng.below(2) == 0,
        no_legal_call: if rng.below(2) == 0 { NoLegalCall::Alone } else { NoLegalCall::Unknown },
        called_card_no_discard: rng.below(2) == 0,
        hold_card_lead: if rng.below(2) == 0 { HoldCardLead::Allowed } else { HoldCardLead::Forbidden },
        ..Rules::default()
    }
}

/// A random hand stopped at a random point of its card play (mid-trick too), or `None` if it never plays.
fn random_play_state(seed: u64) -> Option<State> {
    let mut rng = Rng::new(seed);
    let rules = sampled_rules(&mut rng);
    let mut s = State::new(seed, rules, rng.below(5) as u8, 1 + rng.below(4) as u32).unwrap();
    while s.phase() != Phase::Play {
        if s.is_terminal() {
            return None;
        }
        let a = s.random_action(&mut rng);
        s.apply_unchecked(a);
    }
    for _ in 0..rng.below(30) {
        let a = s.random_action(&mut rng);
        s.apply_unchecked(a);
        if s.phase() != Phase::Play {
            return None;
        }
    }
    Some(s)
}

fn rebuilt(s: &State) -> State {
    State::from_position(&s.position().unwrap(), s.rules(), s.rng())
        .unwrap_or_else(|e| panic!("{e}\n{s}\n{:?}", s.position()))
}

#[test]
fn a_position_read_from_a_hand_plays_on_as_that_hand() {
    let mut checked = 0;
    for g in 0..3000 {
        let Some(s) = random_play_state(derive_seed(11, g)) else { continue };
        let mut a = s;
        let mut b = rebuilt(&s);
        assert_eq!(b.position(), s.position(), "game {g}");
        let mut rng = Rng::new(g);
        loop {
            assert_eq!(a.legal_mask(), b.legal_mask(), "game {g}");
            assert_eq!(a.current_player(), b.current_player(), "game {g}");
            assert_eq!(a.points(), b.points());
            assert_eq!(a.picking_side_points(), b.picking_side_points());
            if a.is_terminal() {
                break;
            }
            let action = a.random_action(&mut rng);
            a.apply_unchecked(action);
            b.apply_unchecked(action);
        }
        assert_eq!(a.returns(), b.returns(), "game {g}");
        let (mut x, mut y) = ([0; 11], [0; 11]);
        a.summary(&mut x);
        b.summary(&mut y);
        assert_eq!(x, y, "game {g}");
        checked += 1;
    }
    assert!(checked > 2000, "{checked} positions checked");
}

#[test]
fn a_position_undoes_back_to_the_start_of_its_trick_and_no_further() {
    for g in 0..300 {
        let Some(s) = random_play_state(derive_seed(12, g)) else { continue };
        let mut b = rebuilt(&s);
        let on_table = s.current_trick().1.len();
        assert_eq!(b.history().len(), on_table, "the table's cards are the history");
        for _ in 0..on_table {
            assert!(b.undo());
        }
        assert!(!b.undo(), "nothing before the position's trick");
        assert_eq!(b.current_trick().1.len(), 0);
        assert_eq!(b.current_player(), Some(s.current_trick().0), "the leader is to lead");
    }
}

#[test]
fn positions_pass_the_conformance_suite() {
    // Saves, undo, clones, observations and resampling for every seat, at every step of the rest of the hand.
    let steps = check_games_from(Checks { games: 300, seed: 13, every: 1 }, |seed| {
        (0..).find_map(|k| random_play_state(derive_seed(seed, k))).map(|s| rebuilt(&s)).unwrap()
    });
    assert!(steps > 1000);
}

#[test]
fn a_resampled_position_keeps_what_the_seat_saw() {
    for g in 0..200 {
        let Some(s) = random_play_state(derive_seed(14, g)) else { continue };
        let b = rebuilt(&s);
        let mut rng = Rng::new(g);
        for seat in 0..5u8 {
            let r = b.resample(seat, &mut rng).unwrap();
            let (p, q) = (b.position().unwrap(), r.position().unwrap());
            assert_eq!(p.hands[seat as usize], q.hands[seat as usize]);
            assert_eq!(
                (p.trick, p.leader, p.points, p.tricks_won),
                (q.trick, q.leader, q.points, q.tricks_won)
            );
            assert_eq!((p.picker, p.called, p.called_suit_led), (q.picker, q.called, q.called_suit_led));
            if p.picker == Some(seat) {
                assert_eq!((p.bury, p.under), (q.bury, q.under), "the picker knows its bury and under");
            }
            if b.revealed_partner().is_some() {
                assert_eq!(p.partner, q.partner, "a revealed partner stays");
            }
        }
    }
}

#[test]
fn a_position_saves_and_loads() {
    for g in 0..200 {
        let Some(s) = random_play_state(derive_seed(15, g)) else { continue };
        let b = rebuilt(&s);
        let text = save::to_json(&b);
        assert!(text.contains("\"position\""));
        let loaded: State = save::from_json(text.as_bytes()).unwrap();
        assert_eq!(loaded, b);
    }
}

/// A picked hand after two tricks: seat 1 picked, called AH (held by seat 3), buried 7D 8D.
fn example() -> Position {
    // Out of play (two tricks): QC QS JC JS AC 7C 8C 9C 10C KC (points 3+3+2+2+11+0+0+0+10+4 = 35).
    Position {
        hands: [
            cards("QH QD 7S 8S"),
            cards("JH JD 9D 7H"),
            cards("AD 10D KD 9S"),
            cards("AH 10H KH AS"),
            cards("10S KS 8H 9H"),
        ],
        leader: 1,
        trick: vec![],
        picker: Some(1),
        called: Some(card("AH")),
        partner: None,
        bury: cards("7D 8D"),
        blind: CardSet::EMPTY,
        under: None,
        called_suit_led: false,
        points: [0, 25, 0, 10, 0],
        tricks_won: [0, 1, 0, 1, 0],
        first_tricks: [None; 5],
        dealer: 0,
        multiplier: 1,
    }
}

fn refused(p: &Position, part: &str) {
    let err = State::from_position(p, Rules::default(), Rng::new(0)).unwrap_err();
    assert!(err.0.contains(part), "{:?} does not say {part:?}", err.0);
}

#[test]
fn the_example_position_is_accepted_with_the_partner_found() {
    let s = State::from_position(&example(), Rules::default(), Rng::new(0)).unwrap();
    assert_eq!(s.secret_partner(), Some(3));
    assert_eq!(s.revealed_partner(), None, "the partner is not revealed by a position (R17)");
    assert_eq!(s.current_player(), Some(1));
    assert_eq!(s.picking_side_points(), Some(35), "the bury (7D 8D) holds no points");
    // R18 (revised): the picker's last heart (7H) is its hold card, which it may lead, except under
    // `hold_card_lead = forbidden`.
    assert!(s.playable().contains(card("7H")));
    let rules = Rules { hold_card_lead: HoldCardLead::Forbidden, ..Rules::default() };
    let s = State::from_position(&example(), rules, Rng::new(0)).unwrap();
    assert!(!s.playable().contains(card("7H")));
}

#[test]
fn a_card_on_the_table_is_checked_against_the_rules() {
    let mut p = example();
    // Seat 1 leads 9D (trump); seat 2 follows KD; seat 3 may not throw AS while it holds no trump? It holds none:
    // any card but the called AH (R19) is fine.
    p.trick = vec![card("9D"), card("KD"), card("AH")];
    p.hands[1] = p.hands[1].without(card("9D"));
    p.hands[2] = p.hands[2].without(card("KD"));
    p.hands[3] = p.hands[3].without(card("AH"));
    refused(&p, "seat 3 could not have played AH");
    // Following with a fail card while holding trump (R22).
    let mut p = example();
    p.trick = vec![card("9D"), card("9S")];
    p.hands[1] = p.hands[1].without(card("9D"));
    p.hands[2] = p.hands[2].without(card("9S"));
    refused(&p, "seat 2 could not have played 9S");
    // A legal table: 9D, KD, AS (void in trump), played in turn.
    let mut p = example();
    p.trick = vec![card("9D"), card("KD"), card("AS")];
    p.hands[1] = p.hands[1].without(card("9D"));
    p.hands[2] = p.hands[2].without(card("KD"));
    p.hands[3] = p.hands[3].without(card("AS"));
    let s = State::from_position(&p, Rules::default(), Rng::new(0)).unwrap();
    assert_eq!(s.current_player(), Some(4));
    assert_eq!(s.position().unwrap(), Position { partner: Some(3), ..p });
}

#[test]
fn inconsistent_positions_are_refused_naming_what_is_wrong() {
    let mut p = example();
    p.hands[0] = p.hands[0].without(card("QH"));
    refused(&p, "seat 0 holds 3 cards but must hold 4");
    let mut p = example();
    p.hands[0] = p.hands[0].with(card("AH"));
    refused(&p, "AH is in two places");
    let mut p = example();
    p.points = [0, 20, 0, 10, 0];
    refused(&p, "taken 30 card points, but the cards played in taken tricks");
    let mut p = example();
    p.points = [5, 20, 0, 10, 0];
    refused(&p, "seat 0 has 5 card points but has taken no trick");
    let mut p = example();
    p.tricks_won = [3, 1, 1, 1, 0];
    refused(&p, "at most 5 are taken");
    let mut p = example();
    p.leader = 7;
    refused(&p, "the leader must be a seat 0-4, not 7");
    let mut p = example();
    p.partner = Some(2);
    refused(&p, "seat 2 is given as the partner, but seat 3 holds AH");
    let mut p = example();
    p.called = Some(card("QC"));
    refused(&p, "QC cannot be called");
    let mut p = example();
    p.bury = cards("7D");
    refused(&p, "the picker has buried 2 cards");
    let mut p = example();
    p.called = Some(card("AS"));
    p.partner = None;
    refused(&p, "still holds a card of it"); // the picker holds no spade: no hold card (R18)
    let mut p = example();
    p.under = Some(card("9D"));
    refused(&p, "an under (9D) is laid only on an unknown call");
    let mut p = example();
    p.picker = None;
    p.called = None;
    refused(&p, "in a leaster");
    let mut p = example();
    p.trick = vec![card("9D"); 5];
    refused(&p, "a trick is complete at 5");
}

#[test]
fn a_called_card_played_earlier_needs_its_partner() {
    // Seat 3 played AH in the first trick: move it out of play, give its points to seat 3's tricks.
    let mut p = example();
    p.hands[3] = cards("10H KH AS 7H");
    p.hands[1] = cards("JH JD 9D 9H");
    p.hands[4] = cards("10S KS 8H AC");
    // Out of play now: QC QS JC JS AH 7C 8C 9C 10C KC, points 35 again (AH for AC).
    refused(&p, "say who the partner is");
    p.partner = Some(3);
    let s = State::from_position(&p, Rules::default(), Rng::new(0)).unwrap();
    assert_eq!(s.revealed_partner(), Some(3), "the card was played: the partner is known (R17)");
}

#[test]
fn a_leaster_position_needs_its_blind_and_first_tricks() {
    let mut p = example();
    p.picker = None;
    p.called = None;
    p.blind = p.bury;
    p.bury = CardSet::EMPTY;
    refused(&p, "first_tricks[1]");
    p.first_tricks = [None, Some(1), None, Some(0), None];
    let s = State::from_position(&p, Rules::default(), Rng::new(0)).unwrap();
    assert!(s.is_leaster());
    assert_eq!(s.deal().blind, cards("7D 8D"));
}
