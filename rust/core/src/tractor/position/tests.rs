use super::*;
use crate::cards::{Rank, Suit};
use crate::game::{Information, Summary};
use crate::rng::Rng;
use crate::tractor::hand::hand;
use crate::tractor::round::Phase;
use crate::tractor::rules::TractorFollow;

/// A round dealt from `seed` and played at random into the play phase, then `extra` random actions further
/// (stopping short of the end); `None` if it ended first.
pub(crate) fn random_play_position(seed: u64, extra: u64, rules: Rules) -> Option<State> {
    let mut s = State::deal(seed, rules);
    let mut rng = Rng::new(seed ^ 0x5EED);
    while s.phase() != Phase::Play {
        let a = s.random_action(&mut rng);
        s.apply_unchecked(a);
    }
    for _ in 0..extra {
        let a = s.random_action(&mut rng);
        s.apply_unchecked(a);
        if s.is_terminal() {
            return None;
        }
    }
    Some(s)
}

fn summary(s: &State) -> Vec<i32> {
    let mut out = vec![0; crate::tractor::scoring::SUMMARY_COLUMNS.len()];
    s.summary(&mut out);
    out
}

fn rules_of(k: u64) -> Rules {
    Rules {
        tractor_follow: [TractorFollow::None, TractorFollow::Full, TractorFollow::Fallback][(k % 3) as usize],
        plain_suit_gap_closing: k % 3 == 1,
        ..Rules::default()
    }
}

#[test]
fn a_position_built_from_a_games_own_history_equals_that_games_state() {
    let mut rng = Rng::new(11);
    let mut checked = 0;
    let mut mid_trick = 0;
    let mut mid_play = 0;
    let mut later_leaders = 0;
    for seed in 0..400u64 {
        let rules = rules_of(seed);
        let Some(game) = random_play_position(seed, rng.below(160), rules) else { continue };
        let position = game.position().expect("a play-phase position");
        let mut built =
            State::from_position(&position, game.rules()).expect("a game's own position is valid");
        assert_eq!(built.position(), Some(position.clone()), "seed {seed}");
        assert_eq!(built.legal_mask(), game.legal_mask(), "seed {seed}");
        assert_eq!(built.current_player(), game.current_player(), "seed {seed}");
        assert_eq!(built.points(), game.points());
        assert_eq!(built.trick_points(), game.trick_points());
        checked += 1;
        mid_trick += usize::from(!position.table.is_empty());
        mid_play += usize::from(!position.partial.is_empty());
        later_leaders += usize::from(position.leader != position.starter);
        let mut game = game;
        let mut play = Rng::new(seed);
        while !game.is_terminal() {
            let a = game.random_action(&mut play);
            game.apply_unchecked(a);
            built.apply(u32::from(a)).expect("the same action is legal in the built round");
            assert_eq!(built.legal_mask(), game.legal_mask(), "seed {seed}");
            assert_eq!(built.current_player(), game.current_player());
            if let (Some(p), Some(q)) = (built.position(), game.position()) {
                assert_eq!(p, q);
            }
        }
        assert_eq!(built.returns(), game.returns(), "seed {seed}");
        assert_eq!(summary(&built), summary(&game), "seed {seed}");
        assert_eq!(built.kitty_bonus(), game.kitty_bonus());
    }
    assert!(
        checked > 300 && mid_trick > 100 && mid_play > 30 && later_leaders > 100,
        "{checked} {mid_trick} {mid_play} {later_leaders}"
    );
}

#[test]
fn a_round_from_a_position_undoes_to_its_tricks_start_saves_and_resamples() {
    let mut rng = Rng::new(12);
    let (mut resampled, mut redealt) = (0, 0);
    for seed in 0..120u64 {
        let Some(game) = random_play_position(seed, rng.below(160), Rules::default()) else { continue };
        let position = game.position().unwrap();
        let mut s = State::from_position(&position, game.rules()).unwrap();
        // The table's plays and the play being built are its history; undo stops at the trick's start.
        let table_cards: u32 = position.table.iter().map(|p| p.len()).sum();
        let finish = u32::from(!position.table.is_empty());
        assert_eq!(s.history().len() as u32, table_cards + finish + position.partial.len());
        let mut t = s.clone();
        while t.undo() {}
        assert_eq!(t.position(), Some(position.at_trick_start()), "seed {seed}");
        // Play on a little; the save of the round loads back to it.
        for _ in 0..rng.below(12) {
            if s.is_terminal() {
                break;
            }
            let a = s.random_action(&mut rng);
            s.apply_unchecked(a);
        }
        let text = crate::save::to_json(&s);
        let loaded: State = crate::save::from_json(text.as_bytes()).expect("a round's own save loads");
        assert_eq!(loaded, s, "seed {seed}: {text}");
        // Each seat's resamples keep what it sees.
        for seat in 0..4u8 {
            let r = s.resample(seat, &mut rng).expect("the real deal is consistent");
            assert_eq!(r.information_key(seat), s.information_key(seat), "seed {seed} seat {seat}");
            let (mut a, mut b) = (
                vec![0.0; crate::tractor::information::OBSERVATION_SIZE],
                vec![0.0; crate::tractor::information::OBSERVATION_SIZE],
            );
            r.observe(seat, &mut a);
            s.observe(seat, &mut b);
            assert_eq!(a, b);
            assert_eq!(r.hand(usize::from(seat)), s.hand(usize::from(seat)));
            assert_eq!(r.position().map(|p| (p.table, p.points)), s.position().map(|p| (p.table, p.points)));
            redealt += usize::from((0..4).any(|x| r.hand(x) != s.hand(x)));
            resampled += 1;
        }
    }
    assert!(resampled > 300 && redealt > resampled / 2, "{redealt} of {resampled} resamples dealt again");
}

#[test]
fn information_keys_of_a_position_tell_the_seats_and_the_scores_apart() {
    let game = random_play_position(3, 60, Rules::default()).unwrap();
    let mut position = game.position().unwrap().at_trick_start();
    position.table.clear();
    let s = State::from_position(&position, Rules::default()).unwrap();
    let keys: Vec<u64> = (0..4).map(|seat| s.information_key(seat)).collect();
    assert!(keys.iter().enumerate().all(|(i, k)| !keys[i + 1..].contains(k)));
    if position.points >= 5 {
        position.points -= 5;
        let t = State::from_position(&position, Rules::default()).unwrap();
        assert!((0..4).all(|seat| t.information_key(seat) != s.information_key(seat)));
    }
}

#[test]
fn from_cards_is_the_first_lead_of_a_position() {
    let mut rng = Rng::new(4);
    for _ in 0..50 {
        let mut deck: Vec<Card> = Card::all().flat_map(|c| [c, c]).collect();
        rng.shuffle(&mut deck);
        let n = 1 + rng.below(25) as usize;
        let hands: [Hand; 4] = std::array::from_fn(|i| Hand::try_from(&deck[n * i..n * (i + 1)]).unwrap());
        let kitty = Hand::try_from(&deck[100..108]).unwrap();
        let trump = Trump::new(Rank::from_value(5), Some(Suit::Spades)).unwrap();
        let a = State::from_cards(hands, kitty, trump, 1, 1, Rules::default(), None).unwrap();
        let b =
            State::from_position(&Position::first_lead(hands, kitty, trump, 1, 1, [2, 5]), Rules::default())
                .unwrap();
        assert_eq!(a, b);
        assert!(matches!(a.origin(), crate::tractor::round::Origin::Position { .. }));
    }
}

/// A mid-trick position to break: seat 1 led 5H (trump 2 of spades), seat 2 followed 6H; seat 3 to play.
fn example() -> Position {
    let hands = [hand("3H 4C"), hand("KD"), hand("KC"), hand("7H 8D")];
    Position {
        leader: 1,
        table: vec![hand("5H"), hand("6H")],
        tricks: 23,
        points: 40,
        ..Position::first_lead(
            hands,
            hand("5D 5D"),
            Trump::new(Rank::from_value(2), Some(Suit::Spades)).unwrap(),
            0,
            0,
            [2, 2],
        )
    }
}

fn error(p: &Position) -> String {
    State::from_position(p, Rules::default()).expect_err("an invalid position").0
}

#[test]
fn the_example_position_is_valid_and_an_opponent_leads() {
    let s = State::from_position(&example(), Rules::default()).unwrap();
    assert_eq!((s.leader(), s.current_player()), (1, Some(3)));
    assert_eq!(s.trick_plays(), &[hand("5H"), hand("6H")]);
    assert_eq!(s.position(), Some(example()));
    let mut t = s.clone();
    assert!(t.undo() && t.undo() && t.undo() && !t.undo(), "5H, finish, 6H: then the trick's start");
}

#[test]
fn r28_hand_sizes_must_agree_with_the_table() {
    let mut p = example();
    p.hands[2] = hand("KC KS");
    assert_eq!(
        error(&p),
        "seat 2 holds 2 cards but must hold 1 (seat 3, to play, holds 2): it has played 1 cards to this trick"
    );
    let mut p = example();
    p.hands[0] = hand("3H");
    assert!(error(&p).starts_with("seat 0 holds 1 cards but must hold 2"), "{}", error(&p));
    assert!(error(&p).ends_with("it has not played to this trick"));
    let mut p = example();
    p.table[1] = hand("6H 6H");
    assert_eq!(error(&p), "the plays on the table must match the lead's size 1: seat 2 played 2 cards");
    let mut p = example();
    p.table.extend([hand("7H"), hand("3H")]);
    p.hands[3] = hand("8D");
    p.hands[0] = hand("4C");
    assert!(error(&p).contains("at most 3"));
    let mut p = example();
    p.hands[1] = Hand::EMPTY;
    p.hands[2] = Hand::EMPTY;
    p.table = vec![hand("5H 5C 6C"), hand("6H KC 7C")];
    assert_eq!(error(&p), "seat 1 played 3 cards to this trick, more than the 2 of seat 3, to play");
    let mut p = example();
    p.table.clear();
    p.leader = 0;
    let mut deck: Vec<Card> = Card::all().flat_map(|c| [c, c]).collect();
    Rng::new(1).shuffle(&mut deck);
    p.hands = std::array::from_fn(|i| Hand::try_from(&deck[26 * i..26 * (i + 1)]).unwrap());
    p.kitty = Hand::EMPTY;
    p.tricks = 0;
    p.points = 0;
    assert_eq!(error(&p), "seat 0 holds 26 cards; a hand holds at most 25");
    let mut p = example();
    p.table[0] = Hand::EMPTY;
    assert_eq!(error(&p), "seat 1's play on the table is empty");
}

#[test]
fn r2_a_card_is_held_at_most_twice() {
    let mut p = example();
    p.hands[0] = hand("5H 5H");
    assert_eq!(error(&p), "5H is held three times (hands, table and kitty); the two decks hold two (R2)");
}

#[test]
fn r28_a_play_on_the_table_must_be_a_legal_follow() {
    let mut p = example();
    p.hands[2] = hand("6H");
    p.table[1] = hand("KC"); // seat 2 held 6H, so it had to follow hearts
    let e = error(&p);
    assert!(
        e.starts_with("a play on the table is not a legal follow of the lead (R28-R32): seat 2's KC:"),
        "{e}"
    );
}

#[test]
fn r27_a_lead_on_the_table_is_of_one_suit_and_a_throw_on_it_stands() {
    let trump = Trump::new(Rank::from_value(2), Some(Suit::Spades)).unwrap();
    let hands = [hand("3H 4H 9C"), hand("KD"), hand("KC QC JC"), hand("8D 9D 10D")];
    let mut p = Position {
        leader: 1,
        table: vec![hand("5H 6C")],
        tricks: 20,
        ..Position::first_lead(hands, Hand::EMPTY, trump, 0, 0, [2, 2])
    };
    let e = error(&p);
    assert!(
        e.starts_with("the lead on the table, seat 1's 6C 5H, is not a legal lead (R27)")
            || e.starts_with("the lead on the table, seat 1's 5H 6C, is not a legal lead (R27)"),
        "{e}"
    );
    // A throw of 5H 6H that seat 0's 7H beats fails: it cannot be on the table as led.
    p.table = vec![hand("5H 6H")];
    p.hands[0] = hand("7H 4H 9C");
    let e = error(&p);
    assert!(e.contains("is a throw that fails (R34)"), "{e}");
}

#[test]
fn the_play_being_built_must_be_buildable() {
    let mut p = example();
    p.partial = hand("7H"); // the lead has one card
    assert!(error(&p).contains("it is complete and belongs on the table"));
    // Seat 1 to lead, building a play.
    p.hands = [hand("3H 4C"), hand("KD 5H"), hand("KC 6H"), hand("7H 8D")];
    p.table.clear();
    p.partial = hand("5H KD"); // a lead is of one suit (R27)
    let e = error(&p);
    assert!(e.starts_with("the play being built, KD 5H, cannot be built:"), "{e}");
    p.partial = hand("KS");
    assert!(error(&p).contains("is not all in the hand of seat 1"));
    p.partial = hand("5H");
    let s = State::from_position(&p, Rules::default()).unwrap();
    assert_eq!((s.partial(), s.current_player()), (hand("5H"), Some(1)));
    assert_eq!(s.position(), Some(p));
}

#[test]
fn r40_points_are_a_multiple_of_5_and_at_most_those_played() {
    let mut p = example();
    p.points = 42;
    assert_eq!(error(&p), "P (the opponents' card points) must be a multiple of 5 and at least 0, not 42");
    p.points = -5;
    assert!(error(&p).contains("not -5"));
    p.points = 200;
    // 200 in the decks, minus the kitty's 5D 5D (10), the 5H on the table (5) and the hands' KD KC (20).
    assert_eq!(error(&p), "P is 200, but the cards already played hold only 165 points");
    p.points = 10;
    p.tricks = 0;
    assert!(error(&p).starts_with("no trick has been completed"));
}

#[test]
fn r42_penalties_go_with_failed_throws() {
    let mut p = example();
    p.penalties = 15;
    assert!(error(&p).contains("steps of 10"));
    p.penalties = -20;
    assert_eq!(error(&p), "penalties of -20 without a failed throw (R34, R42)");
    p.failed_throws = 30;
    assert!(
        error(&p).starts_with("30 failed throws, but only 23 tricks have been completed"),
        "{}",
        error(&p)
    );
    p.failed_throws = 2;
    let s = State::from_position(&p, Rules::default()).unwrap();
    assert_eq!(s.points(), 20);
    assert_eq!(s.position().unwrap().penalties, -20);
}

#[test]
fn tricks_played_agree_with_the_hand_sizes() {
    let mut p = example();
    p.tricks = 24;
    assert!(
        error(&p).starts_with("24 tricks played, but the hands held 2 cards at this trick's start"),
        "{}",
        error(&p)
    );
}

#[test]
fn r5_the_setup_is_checked_as_from_cards_checks_it() {
    let mut p = example();
    p.starter = 1;
    assert!(error(&p).starts_with("starter must be a seat 0-3 of the declaring team"));
    let mut p = example();
    p.leader = 4;
    assert_eq!(error(&p), "the leader must be a seat 0-3, not 4");
    let mut p = example();
    p.levels = [3, 2];
    assert!(error(&p).starts_with("the trump rank is the declarers' level (R5)"));
    let mut p = example();
    p.levels = [2, 15];
    assert!(error(&p).starts_with("levels must be 2..14"));
    let mut p = example();
    p.kitty = hand("3C 3C 4C 4C 6C 6C 7C 7C 8C");
    assert_eq!(error(&p), "the kitty has 9 cards; it has at most 8");
    let mut p = example();
    p.trump = Trump::new(Rank::from_value(2), None).unwrap();
    assert!(error(&p).contains("a rank without a suit is not a round"));
    let mut p = example();
    p.hands = [Hand::EMPTY, Hand::EMPTY, Hand::EMPTY, Hand::EMPTY];
    p.table.clear();
    p.leader = 0;
    assert!(error(&p).contains("holds no card"));
}

#[test]
fn position_is_none_outside_the_play_phase() {
    let s = State::deal(1, Rules::default());
    assert_eq!(s.position(), None);
    let done = crate::playout::random_game::<State>(1, 0, Rules::default());
    assert_eq!(done.position(), None);
}

#[test]
fn f5_positions_follow_the_kitty_size() {
    let mut deck: Vec<Card> = Card::all().flat_map(|c| [c, c]).collect();
    Rng::new(6).shuffle(&mut deck);
    let trump = Trump::new(Rank::from_value(2), Some(Suit::Hearts)).unwrap();
    let hands: [Hand; 4] = std::array::from_fn(|i| Hand::try_from(&deck[27 * i..27 * (i + 1)]).unwrap());
    // No kitty: hands of 27.
    let none = Rules { kitty_size: 0, ..Rules::default() };
    let s = State::from_cards(hands, Hand::EMPTY, trump, 0, 0, none, None).unwrap();
    assert_eq!(s.hand(0).len(), 27);
    let refused = State::from_cards(hands, Hand::EMPTY, trump, 0, 0, Rules::default(), None).unwrap_err();
    assert_eq!(refused.0, "hands must have one size from 1 to 25, not [27, 27, 27, 27]");
    // A kitty of 5 at trump rank 2 takes out 3♣ 3♦ 3♥: a hand holds at most 25, the kitty 5, and no 3♣
    // may appear twice.
    let five = Rules { kitty_size: 5, ..Rules::default() };
    let three_clubs: Card = "3C".parse().unwrap();
    let p = Position::first_lead(
        [hand("3C 3C"), hand("4C 4D"), hand("5C 5D"), hand("6C 6D")],
        Hand::EMPTY,
        trump,
        0,
        0,
        [2, 2],
    );
    let e = State::from_position(&p, five).unwrap_err().0;
    assert_eq!(
        e,
        "3C is held three times (hands, table and kitty, one taken out (F5)); the two decks hold two (R2)"
    );
    let e = State::from_cards(p.hands, Hand::EMPTY, trump, 0, 0, five, Some([2, 2])).unwrap_err().0;
    assert!(e.starts_with("3C appears more than twice") && e.ends_with("once F5 took out 3C 3D 3H"), "{e}");
    let p = Position { hands: [hand("4C 4D"), hand("5C 5D"), hand("6C 6D"), hand("7C 7D")], ..p };
    let s = State::from_position(&p, five).unwrap();
    // The cards taken out are not among those played.
    assert_eq!(p.played(&five).count(three_clubs), 1);
    assert_eq!(p.played(&Rules::default()).count(three_clubs), 2);
    assert_eq!(s.hand(0), hand("4C 4D"));
    let mut big = p.clone();
    big.kitty = hand("8C 8D 9C 9D JC JD");
    assert_eq!(error_under(&big, five), "the kitty has 6 cards; it has at most 5");
}

fn error_under(p: &Position, rules: Rules) -> String {
    State::from_position(p, rules).expect_err("an invalid position").0
}
