use super::*;
use crate::bits::select128;
use crate::cards::Suit;
use crate::policy::{Policy, Random};
use crate::tractor::hand::hand;

fn finish_randomly(s: &mut State, rng: &mut Rng) {
    Random.finish(s, rng)
}

fn random_round(seed: u64, index: u64, rules: Rules) -> State {
    crate::playout::random_game(seed, index, rules)
}
use crate::tractor::rules::{AfterAce, KittyMultiplier, ThrowCompare, TractorFollow};
use proptest::prelude::{any, prop_assert, prop_assert_eq, proptest, ProptestConfig};

fn act(s: &mut State, text: &str) {
    let a = Action::parse(text, s.declaration_rank()).unwrap();
    if let Err(e) = s.apply(u32::from(a.id())) {
        panic!("{text}: {e}");
    }
}

fn trump(rank: u8, suit: char) -> Trump {
    Trump::new(Rank::from_value(rank), crate::cards::Suit::from_char(suit)).unwrap()
}

/// Every card is somewhere: a hand, the undrawn stack, the kitty, the trick on the table, a completed trick, or
/// taken out before the draw (F5).
fn check_conservation(s: &State) -> Result<(), String> {
    let undrawn = if s.phase == Phase::Draw {
        Hand::try_from(&s.draw.stack[s.draw.drawn as usize..s.setup.deal.talon().end]).unwrap()
    } else {
        Hand::EMPTY
    };
    let all = s
        .hands
        .iter()
        .chain([&s.kitty, &s.score.played, &undrawn, &s.setup.deal.removed()])
        .chain(s.trick_plays())
        .try_fold(Hand::EMPTY, |all, &h| all.sum(h))
        .map_err(|e| e.to_string())?;
    (all == Hand::FULL)
        .then_some(())
        .ok_or_else(|| format!("{} cards on the table in {:?}", all.len(), s.phase))
}

#[test]
fn a_random_round_keeps_every_invariant() {
    for i in 0..300 {
        let mut s = State::new(i, Rules::default(), [2, 2], None, None).unwrap();
        let mut rng = Rng::new(i);
        while !s.is_terminal() {
            check_conservation(&s).unwrap();
            if s.phase == Phase::Play {
                assert!(s.hands.iter().all(|h| h.len() + 8 >= s.hands[0].len() && h.len() <= 25));
                assert_eq!(s.kitty.len(), 8);
            }
            let mask = s.legal_mask();
            assert!(mask != 0, "never a dead end");
            let a = select128(mask, rng.below(u64::from(mask.count_ones())) as u32) as u8;
            s.apply_unchecked(a);
        }
        check_conservation(&s).unwrap();
        assert_eq!(s.score.trick_points[0] + s.score.trick_points[1] + points(s.kitty), 200);
        assert_eq!(s.score.returns.iter().sum::<i32>(), 0);
        assert!(s.score.returns.iter().all(|&r| r != 0));
    }
}

#[test]
fn f5_every_kitty_size_deals_equal_hands_and_keeps_every_invariant() {
    for kitty_size in (0..=12).chain([20, 51, 100, 104]) {
        let rules = Rules { kitty_size, ..Rules::default() };
        for i in 0..12 {
            // Round 1, and a later round at level 3 (ρ is then 2).
            let (levels, declarers, starter) =
                if i % 2 == 0 { ([2, 2], None, None) } else { ([3, 5], Some(0), Some(2)) };
            let mut s = State::new(i, rules, levels, declarers, starter).unwrap();
            let deal = *s.deal_shape();
            assert_eq!(usize::from(deal.drawn()) + usize::from(deal.kitty) + deal.removed_cards().len(), 108);
            assert_eq!(&s.draw.stack[deal.talon().end..], deal.removed_cards(), "F5: taken out at the end");
            let mut rng = Rng::new(i);
            let mut first_lead = true;
            while !s.is_terminal() {
                check_conservation(&s).unwrap();
                if s.phase == Phase::Play {
                    assert_eq!(s.kitty.len(), u32::from(kitty_size));
                    if first_lead {
                        assert!(
                            s.hands.iter().all(|h| h.len() == u32::from(deal.hand)),
                            "kitty {kitty_size}"
                        );
                        first_lead = false;
                    }
                }
                let mask = s.legal_mask();
                assert!(mask != 0, "never a dead end");
                s.apply_unchecked(select128(mask, rng.below(u64::from(mask.count_ones())) as u32) as u8);
            }
            check_conservation(&s).unwrap();
            assert!(s.tricks_played() >= 1);
            assert_eq!(s.score.trick_points[0] + s.score.trick_points[1] + points(s.kitty), 200);
            assert_eq!(s.score.returns.iter().sum::<i32>(), 0);
            if kitty_size == 0 {
                assert_eq!(s.kitty_bonus(), 0, "F5: no kitty, no kitty bonus");
            }
        }
    }
}

#[test]
fn tv_f2_a_kitty_of_six_at_trump_rank_3_takes_out_a_2_of_clubs_and_a_2_of_diamonds() {
    let rules = Rules { kitty_size: 6, ..Rules::default() };
    let mut s = State::new(7, rules, [3, 2], Some(0), Some(0)).unwrap();
    assert_eq!(s.deal_shape().removed(), hand("2C 2D"));
    assert_eq!((s.deal_shape().hand, s.talon().len()), (25, 6));
    let mut rng = Rng::new(7);
    while s.phase == Phase::Draw {
        let mask = s.legal_mask();
        s.apply_unchecked(select128(mask, rng.below(u64::from(mask.count_ones())) as u32) as u8);
    }
    // 106 cards in the round: one copy each of 2♣ and 2♦ at most.
    let all = s.hands.iter().fold(Hand::EMPTY, |a, &h| a.sum(h).unwrap());
    assert_eq!((all.len(), all.count("2C".parse().unwrap()) <= 1), (106, true));
    // TV-F2: at round 1 (everyone at 2) ρ is 3; a kitty of 4 takes nothing out and deals 26 each.
    let s = State::new(7, rules, [2, 2], None, None).unwrap();
    assert_eq!(s.deal_shape().removed(), hand("3C 3D"));
    let s = State::new(7, Rules { kitty_size: 4, ..Rules::default() }, [2, 2], None, None).unwrap();
    assert_eq!((s.deal_shape().hand, s.deal_shape().removed()), (26, Hand::EMPTY));
}

#[test]
fn f5_without_a_kitty_the_play_starts_after_the_draw_and_a_later_round_nobody_declares_is_dealt_again() {
    let rules = Rules { kitty_size: 0, ..Rules::default() };
    let mut s = State::new(11, rules, [4, 2], Some(0), Some(2)).unwrap();
    assert_eq!(s.talon(), &[] as &[Card]);
    while s.deals() == 1 {
        assert_eq!(s.phase, Phase::Draw);
        act(&mut s, "pass");
    }
    // No talon to turn over (R20): dealt again, as R19 deals round 1 again.
    assert_eq!((s.deals(), s.phase, s.drawn() < 108), (2, Phase::Draw, true));
    assert!(s.hands.iter().all(|h| h.len() <= 27));
    let mut rng = Rng::new(3);
    while s.phase == Phase::Draw {
        let mask = s.legal_mask();
        let declare = mask & !(1 << PASS);
        let pick = if declare != 0 { declare } else { mask };
        s.apply_unchecked(select128(pick, rng.below(u64::from(pick.count_ones())) as u32) as u8);
    }
    assert_eq!((s.phase, s.kitty, s.to_move), (Phase::Play, Hand::EMPTY, 2), "no kitty phase");
    assert!(s.hands.iter().all(|h| h.len() == 27));
}

#[test]
fn f5_a_talon_of_jokers_only_is_dealt_again_unless_a_joker_makes_no_trump() {
    // A kitty of 2 at level 2 takes out 3♣ 3♦ and deals 26 each; the talon is BJ RJ.
    let rules = Rules { kitty_size: 2, ..Rules::default() };
    let jokers = [Card::BLACK_JOKER, Card::RED_JOKER];
    let threes: [Card; 2] = ["3C".parse().unwrap(), "3D".parse().unwrap()];
    let mut rest: Vec<Card> = Card::all().flat_map(|c| [c, c]).collect();
    for c in jokers.iter().chain(&threes) {
        rest.remove(rest.iter().position(|x| x == c).unwrap());
    }
    let stack: [Card; STACK] =
        rest.into_iter().chain(jokers).chain(threes).collect::<Vec<_>>().try_into().unwrap();
    for (flip, deals) in [(false, 2), (true, 1)] {
        let rules = Rules { kitty_flip_joker_no_trump: flip, ..rules };
        let rng = Rng::new(5);
        let restacks = Restacks { rng, stacks: vec![Restack { deal: 1, stack, after: rng }] };
        let mut s = State::from_restacks(restacks, rules, [2, 2], Some(1), Some(1)).unwrap();
        assert_eq!(s.talon(), &jokers);
        while s.deals() == 1 && s.phase == Phase::Draw {
            act(&mut s, "pass");
        }
        assert_eq!(s.deals(), deals, "kitty_flip_joker_no_trump = {flip}");
        if flip {
            assert_eq!((s.trump(), s.flipped()), (Some(Trump::NO_TRUMP), 1), "F11: the first joker decides");
        }
    }
}

#[test]
fn twenty_five_each_and_eight_in_the_kitty_after_the_exchange() {
    let mut s = State::new(3, Rules::default(), [2, 2], None, None).unwrap();
    let mut rng = Rng::new(1);
    while s.phase != Phase::Play {
        let mask = s.legal_mask();
        s.apply_unchecked(select128(mask, rng.below(u64::from(mask.count_ones())) as u32) as u8);
    }
    assert!(s.hands.iter().all(|h| h.len() == 25));
    assert_eq!(s.kitty.len(), 8);
    assert_eq!(s.to_move, s.setup.starter.unwrap());
}

#[test]
fn the_same_seed_gives_the_same_round() {
    assert_eq!(random_round(7, 3, Rules::default()), random_round(7, 3, Rules::default()));
    assert_ne!(
        random_round(7, 3, Rules::default()).history(),
        random_round(7, 4, Rules::default()).history()
    );
}

#[test]
fn undo_restores_every_step_and_refusals_change_nothing() {
    let mut s = State::new(11, Rules::default(), [5, 5], None, None).unwrap();
    let mut rng = Rng::new(2);
    let mut before = vec![];
    while !s.is_terminal() {
        let mask = s.legal_mask();
        for a in [NUM_ACTIONS as u32, 200, 5000] {
            let copy = s.clone();
            assert!(s.apply(a).is_err());
            assert_eq!(s, copy);
        }
        if let Some(bad) = (0..NUM_ACTIONS as u32).find(|&a| mask >> a & 1 == 0) {
            let copy = s.clone();
            assert!(s.apply(bad).is_err());
            assert_eq!(s, copy);
        }
        before.push(s.clone());
        s.apply_unchecked(select128(mask, rng.below(u64::from(mask.count_ones())) as u32) as u8);
    }
    // Undo every action back to the start.
    while let Some(expected) = before.pop() {
        assert!(s.undo());
        assert_eq!(s, expected);
    }
    assert!(!s.undo());
}

#[test]
fn later_rounds_start_with_the_starter_and_the_declarers_rank() {
    let s = State::new(5, Rules::default(), [4, 9], Some(1), Some(3)).unwrap();
    assert_eq!(s.rank().unwrap().value(), 9);
    assert_eq!(s.setup.first_drawer, 3);
    assert!(State::new(5, Rules::default(), [4, 9], Some(1), Some(2)).is_err(), "the starter declares");
    assert!(State::new(5, Rules::default(), [4, 9], None, None).is_err(), "round 1 needs equal levels");
    assert!(State::new(5, Rules::default(), [1, 2], None, None).is_err());
}

#[test]
fn tv_t10_a_whole_round_from_cards() {
    // Opponents (team 1) take the last trick with a pair; the kitty holds 30 points.
    let kitty = hand("KS 10H 5D 5C 9S 3D JC 8H");
    let hands = [hand("3C 4C"), hand("AS AS"), hand("7C 8C"), hand("9D 9D")];
    let mut s = State::from_cards(hands, kitty, trump(2, 'H'), 0, 0, Rules::default(), None).unwrap();
    act(&mut s, "play 3C");
    act(&mut s, "play 4C");
    act(&mut s, "finish");
    // 3C 4C is a throw of two singles; seat 2's 7C/8C beat them: the lower single is forced, 1 card back.
    assert_eq!(s.failed_throw().unwrap().penalty, 10, "a declarer's failed throw raises P (R42)");
    assert_eq!(s.trick_plays(), &[hand("3C")]);
    act(&mut s, "play AS");
    act(&mut s, "play 7C");
    act(&mut s, "play 9D");
    assert_eq!(s.leader(), 2, "7C wins the clubs trick");
    assert_eq!(s.points(), 10);
    act(&mut s, "play 8C");
    act(&mut s, "finish");
    act(&mut s, "play 9D");
    act(&mut s, "play 4C");
    act(&mut s, "play AS");
    assert!(s.is_terminal());
    assert_eq!(s.leader(), 2);
    assert_eq!(s.kitty_bonus(), 0, "declarers took the last trick");
}

#[test]
fn tv_t8_the_kitty_counts_for_opponents_taking_the_last_trick() {
    let kitty = hand("KS 10H 5D 5C 9S 3D JC 8H");
    let hands = [hand("3S 3S"), hand("AS AS"), hand("4S 4S"), hand("6S 6S")];
    for (multiplier, bonus) in [(KittyMultiplier::Seed2c, 120), (KittyMultiplier::Exp, 120)] {
        let rules = Rules { kitty_multiplier: multiplier, ..Rules::default() };
        let mut s = State::from_cards(hands, kitty, trump(2, 'H'), 0, 0, rules, None).unwrap();
        for a in
            ["play 3S", "play 3S", "finish", "play AS", "play AS", "play 4S", "play 4S", "play 6S", "play 6S"]
        {
            act(&mut s, a);
        }
        assert!(s.is_terminal());
        assert_eq!(s.kitty_bonus(), bonus);
        assert_eq!(s.points(), bonus);
        // P = 120: the opponents take over and gain a level.
        assert_eq!(s.returns(), [-2, 2, -2, 2]);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_rounds_under_every_option_end_zero_sum(seed in any::<u64>(), flags in any::<u16>()) {
        let follow = [TractorFollow::None, TractorFollow::Full, TractorFollow::Fallback];
        let compare = [ThrowCompare::PairsFirst, ThrowCompare::AllComponents, ThrowCompare::Highest, ThrowCompare::UnitLength];
        let rules = Rules {
            allow_self_reinforce: flags & 1 != 0,
            red_pair_overrides_black_pair: flags & 2 != 0,
            plain_suit_gap_closing: flags & 4 != 0,
            tractor_follow: follow[usize::from(flags >> 8 & 3) % 3],
            throw_compare: compare[usize::from(flags >> 10 & 3)],
            format_based_draw: flags & 8 != 0,
            kitty_multiplier: if flags & 16 != 0 { KittyMultiplier::Exp } else { KittyMultiplier::Seed2c },
            first_drawer_round1: if flags & 32 != 0 { FirstDrawer::Seat0 } else { FirstDrawer::Random },
            ..Rules::default()
        };
        let mut s = State::new(seed, rules, [2, 2], None, None).unwrap();
        finish_randomly(&mut s, &mut Rng::new(seed ^ 1));
        prop_assert!(check_conservation(&s).is_ok());
        prop_assert_eq!(s.returns().iter().sum::<i32>(), 0);
        prop_assert_eq!(s.trick_points()[0] + s.trick_points()[1] + points(s.kitty()), 200);
        let declarers = s.declarers().unwrap();
        prop_assert_eq!(team(s.starter().unwrap()), declarers);
    }
}

// ---- the conformance suite of every game (rust/core/src/conformance.rs) ----
use crate::conformance::{check_game, Checks};
use crate::options::{RuleOptions, Value as OptionValue};

#[test]
fn tractor_passes_the_conformance_suite() {
    check_game::<State>(Rules::default(), Checks { games: 6, seed: 1, every: 25 });
}

#[test]
fn tractor_passes_it_under_other_options() {
    let rules = Rules::with_values([
        ("first_drawer_round1", OptionValue::Choice("seat0")),
        ("allow_self_reinforce", OptionValue::Bool(true)),
        ("red_pair_overrides_black_pair", OptionValue::Bool(true)),
        ("plain_suit_gap_closing", OptionValue::Bool(false)),
        ("tractor_must_follow_tractor", OptionValue::Bool(true)),
        ("negative_points_as_zero", OptionValue::Bool(false)), // the old name of negative_points
        ("kitty_multiplier", OptionValue::Choice("exp")),
    ])
    .unwrap();
    check_game::<State>(rules, Checks { games: 4, seed: 2, every: 40 });
}

#[test]
fn tractor_passes_it_under_the_four_player_options_of_a5() {
    for (seed, options) in [
        [
            ("failed_throw_forced", OptionValue::Choice("first_in_turn_smallest")),
            ("throw_penalty", OptionValue::Choice("per_attempt_10")),
            ("kitty_multiplier", OptionValue::Choice("largest_unit_pow2")),
            ("bid_override", OptionValue::Choice("higher_suit")),
            ("joker_pair_declaration_keeps_rank", OptionValue::Bool(true)),
            ("kitty_flip_joker_no_trump", OptionValue::Bool(true)),
            ("min_tractor_length", OptionValue::Int(3)),
        ],
        [
            ("throw_penalty", OptionValue::Choice("none")),
            ("negative_points", OptionValue::Choice("extra_levels")),
            ("deadzone", OptionValue::Bool(false)),
            ("defend_points", OptionValue::Bool(true)),
            ("first_landlord", OptionValue::Choice("first_declaration")),
            ("bid_override", OptionValue::Choice("count_only")),
            ("min_tractor_length", OptionValue::Int(2)),
        ],
    ]
    .into_iter()
    .enumerate()
    {
        let rules = Rules::with_values(options).unwrap();
        check_game::<State>(rules, Checks { games: 3, seed: 3 + seed as u64, every: 40 });
    }
}

#[test]
fn tractor_passes_it_under_other_kitty_sizes() {
    for (seed, kitty_size) in [0i64, 1, 6, 104].into_iter().enumerate() {
        let rules = Rules::with_values([("kitty_size", OptionValue::Int(kitty_size))]).unwrap();
        check_game::<State>(rules, Checks { games: 2, seed: 21 + seed as u64, every: 40 });
    }
}

#[test]
fn tractor_passes_it_under_the_follow_and_trick_options_and_the_rbtying_preset() {
    let fallback = Rules::with_values([
        ("tractor_follow", OptionValue::Choice("fallback")),
        ("throw_compare", OptionValue::Choice("unit_length")),
        ("min_tractor_length", OptionValue::Int(3)),
        ("after_ace", OptionValue::Choice("no_trump_level")),
    ])
    .unwrap();
    let free = Rules::with_values([
        ("format_based_draw", OptionValue::Bool(false)),
        ("throw_compare", OptionValue::Choice("highest")),
        ("new_adjacency", OptionValue::Choice("forbid")),
    ])
    .unwrap();
    for (seed, rules) in [fallback, free, Rules::preset("rbtying").unwrap()].into_iter().enumerate() {
        check_game::<State>(rules, Checks { games: 3, seed: 11 + seed as u64, every: 40 });
    }
}

/// TV-T13's declarations (seat 1 2♠, seat 2 2♥2♥, seat 3 BJ BJ), made in a fresh round 1 at level 2.
fn tv_t13_round(rules: Rules) -> State {
    use crate::cards::Suit;
    use crate::tractor::declare::Declaration;
    let mut s = State::new(3, rules, [2, 2], None, None).unwrap();
    for (by, d) in [
        (1, Declaration::Single(Suit::Spades)),
        (2, Declaration::Pair(Suit::Hearts)),
        (3, Declaration::Jokers { red: false }),
    ] {
        s.draw.standing = Some(Standing { by, declaration: d });
        s.draw.first_by.get_or_insert(by);
    }
    s.draw.drawn = s.setup.deal.drawn();
    s.draw.window = 4;
    s.advance();
    s
}

#[test]
fn tv_f4_first_declaration_makes_the_first_declarer_the_landlord() {
    let default = tv_t13_round(Rules::default());
    assert_eq!((default.starter(), default.declarers()), (Some(3), Some(1)));
    let rules = Rules { first_landlord: FirstLandlord::FirstDeclaration, ..Rules::default() };
    let first = tv_t13_round(rules);
    assert_eq!((first.starter(), first.declarers()), (Some(1), Some(1)), "seat 1 declared first");
    assert_eq!(first.trump(), Some(Trump::NO_TRUMP), "seat 3's BJ BJ still stands");
}

#[test]
fn tv_f23_jokers_keep_the_rank() {
    let rules = Rules { joker_pair_declaration_keeps_rank: true, ..Rules::default() };
    let s = tv_t13_round(rules);
    assert_eq!(s.trump(), Some(Trump::new(Some(Rank::from_value(2).unwrap()), None).unwrap()));
}

/// A stack on which nobody can declare at level 2 (R15: no rank card and no joker pair among the drawn 100),
/// so that round 1 is dealt again (R19).
fn undeclarable_stack() -> [Card; 108] {
    let mut cards: Vec<Card> = Vec::new();
    for _ in 0..2 {
        for suit in "CDHS".chars() {
            for rank in ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"] {
                cards.push(format!("{rank}{suit}").parse().unwrap());
            }
        }
    }
    // One joker to each seat, then the eight rank cards into the kitty.
    for text in "BJ RJ BJ RJ 2C 2C 2D 2D 2H 2H 2S 2S".split(' ') {
        cards.push(text.parse().unwrap());
    }
    cards.try_into().unwrap()
}

#[test]
fn r19_a_thousand_restacked_redeals_load_in_bounded_time_and_more_are_refused() {
    // Issue 11: a save listing 65,535 such deals looped forever, the 16-bit deal counter saturating.
    let restacks = |n: u32| Restacks {
        rng: Rng::new(1),
        stacks: (1..=n)
            .map(|deal| Restack { deal, stack: undeclarable_stack(), after: Rng::new(2) })
            .collect(),
    };
    let s = State::from_restacks(restacks(MAX_RESTACKED_DEAL), Rules::default(), [2, 2], None, None).unwrap();
    assert_eq!(
        s.deals(),
        MAX_RESTACKED_DEAL + 1,
        "every listed deal is dealt again, then one from the generator"
    );
    let e = State::from_restacks(restacks(MAX_RESTACKED_DEAL + 1), Rules::default(), [2, 2], None, None);
    assert!(e.unwrap_err().to_string().contains("past deal 1000"));
}

#[test]
fn r16_a_declaration_that_does_not_override_names_the_standing_one_as_a_player_says_it() {
    use crate::cards::Suit;
    use crate::tractor::declare::Declaration;
    let mut s = State::new(3, Rules::default(), [2, 2], None, None).unwrap();
    let (seat, other) = (s.to_move, (s.to_move + 1) % 4);
    s.draw.standing = Some(Standing { by: other, declaration: Declaration::Pair(Suit::Hearts) });
    s.hands[seat as usize] = hand("2S");
    let single = Action::Declare(Declaration::Single(Suit::Spades)).id();
    assert_eq!(
        s.why_illegal(u32::from(single)),
        format!("it does not override seat {other}'s pair 2H 2H (R16, R17)")
    );
    s.draw.standing = Some(Standing { by: other, declaration: Declaration::Jokers { red: false } });
    assert_eq!(
        s.why_illegal(u32::from(single)),
        format!("it does not override seat {other}'s black jokers BJ BJ (R16, R17)")
    );
}

#[test]
fn f12_f35_a_round_at_the_level_nt_has_no_declarations_and_no_rank() {
    let rules = Rules { after_ace: AfterAce::NoTrumpLevel, ..Rules::default() };
    for seed in 0..40 {
        let mut s = State::new(seed, rules, [NT_LEVEL, 9], Some(0), Some(2)).unwrap();
        // Nobody is asked to declare: the draw runs to the kitty, and the round is no-trump without a rank.
        assert_eq!(s.phase(), Phase::Kitty);
        assert_eq!((s.trump(), s.rank()), (Some(Trump::NO_TRUMP), None));
        assert_eq!(s.flipped(), 0, "no kitty flip at NT");
        finish_randomly(&mut s, &mut Rng::new(seed ^ 7));
        assert!(check_conservation(&s).is_ok());
        assert_eq!(s.trick_points()[0] + s.trick_points()[1] + points(s.kitty()), 200);
        assert_eq!(s.returns().iter().sum::<i32>(), 0);
    }
    // The level NT needs the option, and round 1 cannot be played there.
    let refused =
        |levels, declarers, starter, rules| State::new(1, rules, levels, declarers, starter).unwrap_err().0;
    assert!(refused([NT_LEVEL, 2], Some(0), Some(0), Rules::default()).contains("no_trump_level"));
    assert!(refused([NT_LEVEL, NT_LEVEL], None, None, rules).contains("round 1"));
    let hearts = Trump::new(Rank::from_value(2), Some(Suit::Hearts)).unwrap();
    let hands = [hand("AS"), hand("KS"), hand("QS"), hand("JS")];
    let from_cards = |trump| State::from_cards(hands, Hand::EMPTY, trump, 0, 0, rules, Some([NT_LEVEL, 2]));
    assert!(from_cards(hearts).unwrap_err().0.contains("level 15"), "a ranked trump at NT");
    assert_eq!(from_cards(Trump::NO_TRUMP).unwrap().rank(), None);
}
