use super::*;
use crate::bits::select128;
use crate::sheepshead::ranking::{suit_of, ESuit};
use crate::sheepshead::rules::Rules;
use crate::sheepshead::state::NUM_PLAYERS;
use std::collections::HashMap;

/// A state reached by `depth` random actions from a seeded deal.
fn random_state(seed: u64, depth: usize, rules: Rules) -> State {
    let mut s = State::new(seed, rules, (seed % 5) as u8, 1).unwrap();
    let mut rng = Rng::new(seed ^ 77);
    for _ in 0..depth {
        if s.is_terminal() {
            break;
        }
        let mask = s.legal_mask();
        s.apply_unchecked(select128(mask, rng.below(u64::from(mask.count_ones())) as u32) as u8);
    }
    s
}

fn observation(s: &State, seat: u8) -> Vec<f32> {
    let mut out = [0.0; OBSERVATION_SIZE];
    s.observe(seat, &mut out);
    out.to_vec()
}

/// Effective suits each seat has shown void in: it did not follow a led suit (R22–R24).
fn shown_voids(s: &State) -> [Vec<ESuit>; NUM_PLAYERS] {
    let mut voids: [Vec<ESuit>; NUM_PLAYERS] = Default::default();
    for (leader, cards, _) in s.completed_tricks() {
        let led = suit_of(cards[0]);
        for (i, &c) in cards.iter().enumerate().skip(1) {
            if suit_of(c) != led && Some(c) != s.under() {
                voids[s.seating().after(leader, i as u8) as usize].push(led);
            }
        }
    }
    voids
}

#[test]
fn resampled_states_look_the_same_and_respect_every_shown_void() {
    let options = [
        Rules::default(),
        Rules { no_legal_call: NoLegalCall::Unknown, ..Rules::default() },
        Rules { all_pass: AllPass::Doubler, jack_order: JackOrder::Seed, ..Rules::default() },
    ];
    for seed in 0..150u64 {
        let rules = options[seed as usize % options.len()];
        let s = random_state(seed, (seed % 40) as usize, rules);
        for seat in 0..5 {
            let mut rng = Rng::new(seed * 7 + u64::from(seat));
            for _ in 0..4 {
                let r = s.resample(seat, &mut rng).unwrap();
                assert_eq!(r.information_key(seat), s.information_key(seat), "seed {seed} seat {seat}");
                assert_eq!(observation(&r, seat), observation(&s, seat), "seed {seed} seat {seat}");
                assert_eq!(r.hand(seat as usize), s.hand(seat as usize));
                assert_eq!(r.history().len(), s.history().len());
                for (other, suits) in shown_voids(&s).iter().enumerate() {
                    if other as u8 == seat || Some(other as u8) == r.picker() && r.under().is_some() {
                        continue;
                    }
                    for &suit in suits {
                        assert!((r.hand(other) & suit.cards()).is_empty(), "seed {seed}: seat {other} void");
                    }
                }
            }
        }
    }
}

#[test]
fn the_key_tells_apart_what_the_seat_sees_and_only_that() {
    let s = random_state(3, 12, Rules::default());
    let keys: Vec<u64> = (0..5).map(|seat| s.information_key(seat)).collect();
    assert!(keys.iter().enumerate().all(|(i, k)| keys[i + 1..].iter().all(|j| j != k)));
    let mut t = s;
    let mask = t.legal_mask();
    t.apply_unchecked(mask.trailing_zeros() as u8);
    for seat in 0..5 {
        assert_ne!(t.information_key(seat), s.information_key(seat));
    }
}

/// Every consistent completion for the picker `seat` (who knows the blind and the bury), found independently
/// of `resample`: every way to share the others' unplayed cards among them, kept when the history replays.
fn all_completions(state: &State, seat: u8) -> Vec<[u32; NUM_PLAYERS]> {
    let played = played_cards(state);
    let others: Vec<usize> = (0..NUM_PLAYERS).filter(|&x| x != seat as usize).collect();
    let hidden: Vec<SCard> = others.iter().flat_map(|&x| state.hand(x)).collect();
    let sizes: Vec<u32> = others.iter().map(|&x| state.hand(x).len()).collect();
    let mut out = Vec::new();
    // Give each hidden card to one of the others, by counting in base 4, and keep the right sizes.
    let n = hidden.len() as u32;
    for code in 0..4u32.pow(n) {
        let mut hands = [CardSet::EMPTY; NUM_PLAYERS];
        let mut c = code;
        for &card in &hidden {
            let x = others[(c % 4) as usize];
            hands[x] = hands[x].with(card);
            c /= 4;
        }
        if others.iter().zip(&sizes).any(|(&x, &size)| hands[x].len() != size) {
            continue;
        }
        let mut dealt = state.deal().hands;
        for &x in &others {
            dealt[x] = hands[x] | played[x];
        }
        let deal =
            Deal::new(&dealt[..NUM_PLAYERS], state.deal().blind, state.form(), state.dealer()).unwrap();
        let mut r =
            State::from_deal(deal, state.rules(), state.dealer(), state.multiplier(), state.rng()).unwrap();
        if state.history().iter().all(|&a| r.apply(u32::from(a)).is_ok()) {
            out.push(std::array::from_fn(|x| r.hand(x).0));
        }
    }
    out
}

#[test]
fn small_endgames_are_resampled_uniformly() {
    // The picker's view late in a hand: few hidden cards, every consistent deal equally likely.
    let mut checked = 0;
    for seed in 0..400u64 {
        let s = random_state(seed, 30, Rules::default());
        let Some(picker) = s.picker() else { continue };
        if s.is_terminal() || s.phase() != Phase::Play {
            continue;
        }
        let hidden: u32 = (0..5).filter(|&x| x != picker).map(|x| s.hand(x as usize).len()).sum();
        if !(3..=6).contains(&hidden) {
            continue;
        }
        let completions = all_completions(&s, picker);
        if completions.len() < 3 {
            continue;
        }
        let mut counts: HashMap<[u32; NUM_PLAYERS], u32> = completions.iter().map(|&h| (h, 0)).collect();
        let draws = 400 * completions.len() as u32;
        let mut rng = Rng::new(seed);
        for _ in 0..draws {
            let r = s.resample(picker, &mut rng).unwrap();
            let hands: [u32; NUM_PLAYERS] = std::array::from_fn(|x| r.hand(x).0);
            *counts.get_mut(&hands).expect("every resample is one of the consistent completions") += 1;
        }
        let expected = f64::from(draws) / completions.len() as f64;
        let chi2: f64 = counts.values().map(|&c| (f64::from(c) - expected).powi(2) / expected).sum();
        let df = (completions.len() - 1) as f64;
        // Far in the tail of the chi-square distribution (about 6 standard deviations).
        assert!(chi2 < df + 6.0 * (2.0_f64 * df).sqrt() + 10.0, "seed {seed}: chi2 {chi2:.1} with {df} df");
        checked += 1;
        if checked == 5 {
            break;
        }
    }
    assert!(checked >= 3, "found only {checked} small endgames");
}
