use super::*;
use crate::bits::select128;
use crate::game::Information;
use crate::tractor::actions::FINISH;
use crate::tractor::information::OBSERVATION_SIZE;
use crate::tractor::trump::Trump;
use std::collections::HashMap;

fn random_step(s: &mut State, rng: &mut Rng) {
    let mask = s.legal_mask();
    s.apply_unchecked(select128(mask, rng.below(u64::from(mask.count_ones())) as u32) as u8);
}

/// A round after `depth` random actions (round 1 of a match when `round_one`, with R19 redeals).
fn random_round(seed: u64, depth: usize, round_one: bool) -> State {
    random_round_under(seed, depth, round_one, Rules::default())
}

fn random_round_under(seed: u64, depth: usize, round_one: bool, rules: Rules) -> State {
    let (d, st) = if round_one { (None, None) } else { (Some(1), Some(3)) };
    let mut s = State::new(seed, rules, [4, 4], d, st).unwrap();
    let mut rng = Rng::new(seed ^ 0xD1CE);
    for _ in 0..depth {
        if s.is_terminal() {
            break;
        }
        random_step(&mut s, &mut rng);
    }
    s
}

fn observation(s: &State, seat: u8) -> Vec<f32> {
    let mut out = [0.0; OBSERVATION_SIZE];
    s.observe(seat, &mut out);
    out.to_vec()
}

/// The history as `seat` sees it: another starter's discards masked.
fn seen_history(s: &State, seat: u8) -> Vec<u8> {
    let hide = s.starter() != Some(seat);
    s.history()
        .iter()
        .map(|&a| if hide && (DISCARD..DECLARE_SINGLE).contains(&a) { DISCARD } else { a })
        .collect()
}

#[test]
fn resampled_rounds_look_the_same_and_respect_what_was_seen() {
    let (changed, checked) = check_resamples(0..120, Rules::default());
    assert!(
        changed > checked / 2,
        "resampling changed the hidden cards in only {changed} of {checked} rounds"
    );
}

#[test]
fn f5_resampled_rounds_under_other_kitty_sizes_look_the_same() {
    // No kitty (27 each), a kitty of 5 (three 3s or 2s taken out), 6, 20 and one card a hand.
    for (k, kitty_size) in [0, 5, 6, 20, 104].into_iter().enumerate() {
        let start = 1000 * k as u64;
        let (changed, checked) = check_resamples(start..start + 24, Rules { kitty_size, ..Rules::default() });
        // With one card a hand most of the rounds reached are over, nothing hidden.
        assert!(changed > checked / 5, "kitty {kitty_size}: only {changed} of {checked} resamples changed");
    }
}

/// Resamples rounds of `rules` at every phase for every seat: each looks the same to the seat and keeps what
/// it saw. Returns how many resamples changed a hidden card, of how many.
fn check_resamples(seeds: std::ops::Range<u64>, rules: Rules) -> (usize, usize) {
    // Every phase: the draw (with R19 redeals in round 1), the kitty, the play, the end.
    let mut changed = 0;
    let mut checked = 0;
    for seed in seeds {
        let depth = [3, 25, 60, 110, 140, 170, 220, 400][seed as usize % 8];
        let s = random_round_under(seed, depth, seed % 3 == 0, rules);
        let mut rng = Rng::new(seed);
        for seat in 0..4u8 {
            for _ in 0..3 {
                let r = s.resample(seat, &mut rng).unwrap();
                checked += 1;
                assert_eq!(r.information_key(seat), s.information_key(seat), "seed {seed} seat {seat}");
                assert_eq!(observation(&r, seat), observation(&s, seat), "seed {seed} seat {seat}");
                assert_eq!(seen_history(&r, seat), seen_history(&s, seat));
                assert_eq!((r.phase(), r.current_player()), (s.phase(), s.current_player()));
                if r.current_player() == Some(seat) {
                    assert_eq!(r.legal_mask(), s.legal_mask());
                }
                assert_eq!(r.hand(usize::from(seat)), s.hand(usize::from(seat)));
                let ctx = r.trump_context();
                for x in 0..4 {
                    // No card of a suit a seat showed void in; the cards it is known to hold are still there.
                    for suit in (0..5).filter(|v| r.voids()[x] >> v & 1 == 1) {
                        assert_eq!(r.hand(x).kinds() & ctx.unwrap().suit_mask(suit), 0, "seed {seed}");
                    }
                    // Cards thrown and taken back are in the hand; exposed ones not played since are in the
                    // hand or (the starter's) the kitty.
                    assert!(r.thrown_back()[x].is_subset(r.hand(x)));
                    let exposed = r.exposed()[x].saturating_minus(played_cards(&r)[x]);
                    let kitty = if r.starter() == Some(x as u8) { r.kitty() } else { Hand::EMPTY };
                    assert!(exposed.is_subset(r.hand(x).sum(kitty).unwrap()), "seed {seed}");
                    assert_eq!(r.hand(x).len(), s.hand(x).len());
                }
                changed += usize::from((0..4).any(|x| r.hand(x) != s.hand(x)));
                // A resampled round undoes (replaying from its restacked origin) and resamples again.
                let mut u = r.clone();
                if u.undo() {
                    let mut again = u.clone();
                    again.apply(u32::from(*r.history().last().unwrap())).unwrap();
                    assert_eq!(again, r);
                }
                let rr = r.resample(seat, &mut rng).unwrap();
                assert_eq!(rr.information_key(seat), s.information_key(seat));
            }
        }
    }
    (changed, checked)
}

#[test]
fn a_resampled_round_plays_on_to_the_end() {
    for seed in 0..40u64 {
        let s = random_round(seed, 120, seed % 2 == 0);
        let mut rng = Rng::new(seed);
        let mut r = s.resample((seed % 4) as u8, &mut rng).unwrap();
        while !r.is_terminal() {
            random_step(&mut r, &mut rng);
        }
        assert_eq!(r.returns().iter().sum::<i32>(), 0);
    }
}

#[test]
fn the_draw_order_is_uniform_among_the_orders_that_stop_where_the_seat_stopped() {
    // A seat drew 6 cards: it could not declare after its first, passed after its third, and declared the
    // pair of 2S after its sixth. Every order of its cards that does exactly this is equally likely.
    let s = State::new(1, Rules::default(), [2, 2], Some(0), Some(0)).unwrap();
    let rank = s.declaration_rank();
    let cards = crate::tractor::hand::hand("2S 2S 2H BJ 5C 7D");
    let quiet = |slot| Event { slot, standing: None, check: Check::Quiet };
    let events = [
        quiet(0),
        Event { slot: 2, standing: None, check: Check::Stop },
        Event { slot: 5, standing: None, check: Check::Declared(Declaration::Pair(Suit::Spades)) },
    ];
    let mut all: Vec<Card> = cards.cards().collect();
    // Every physical order (copies told apart), kept when it agrees with the events, counted by kinds.
    let mut expected: HashMap<Vec<Card>, u32> = HashMap::new();
    let mut idx: Vec<usize> = (0..6).collect();
    permutations(&mut idx, 0, &mut |p| {
        let order: Vec<Card> = p.iter().map(|&i| all[i]).collect();
        let agrees = events.iter().all(|e| {
            let held = Hand::try_from(&order[..=e.slot]).unwrap();
            satisfies(e, held, rank, 1, &s.rules())
        });
        if agrees {
            *expected.entry(order).or_default() += 1;
        }
    });
    all.clear();
    let total: u32 = expected.values().sum();
    let mut counts: HashMap<Vec<Card>, u32> = HashMap::new();
    let mut rng = Rng::new(9);
    let draws = 200 * expected.len() as u32;
    for _ in 0..draws {
        let order = arrange(cards, 6, &events, &s, 1, &mut rng).unwrap();
        assert!(expected.contains_key(&order), "{order:?} does not agree with the events");
        *counts.entry(order).or_default() += 1;
    }
    let chi2: f64 = expected
        .iter()
        .map(|(k, &w)| {
            let e = f64::from(draws) * f64::from(w) / f64::from(total);
            (f64::from(counts.get(k).copied().unwrap_or(0)) - e).powi(2) / e
        })
        .sum();
    let df = (expected.len() - 1) as f64;
    assert!(chi2 < df + 6.0 * (2.0 * df).sqrt() + 10.0, "chi2 {chi2:.1} with {df} df");
    // No order agrees if the declared pair is not there.
    assert!(arrange(crate::tractor::hand::hand("2S 2H 2H BJ 5C 7D"), 6, &events, &s, 1, &mut rng).is_none());
}

fn permutations(items: &mut Vec<usize>, k: usize, visit: &mut dyn FnMut(&[usize])) {
    if k == items.len() {
        return visit(items);
    }
    for i in k..items.len() {
        items.swap(k, i);
        permutations(items, k + 1, visit);
        items.swap(k, i);
    }
}

/// A small endgame from explicit cards: `n` cards each, a kitty of `kitty` cards, one random trick played.
fn small_endgame(rng: &mut Rng, n: usize, kitty: usize) -> State {
    let mut deck: Vec<Card> = Card::all().flat_map(|c| [c, c]).collect();
    rng.shuffle(&mut deck);
    let hands: [Hand; 4] = std::array::from_fn(|i| Hand::try_from(&deck[n * i..n * i + n]).unwrap());
    let kitty = Hand::try_from(&deck[4 * n..4 * n + kitty]).unwrap();
    let trump = Trump::new(Rank::from_value(2), Some(Suit::Hearts)).unwrap();
    let mut s = State::from_cards(hands, kitty, trump, 0, 0, Rules::default(), None).unwrap();
    // One trick led with one card (so that the followers may show voids).
    let lead = select128(s.legal_mask(), rng.below(u64::from(s.legal_mask().count_ones())) as u32) as u8;
    s.apply_unchecked(lead);
    s.apply_unchecked(FINISH);
    while s.tricks_played() == 0 {
        random_step(&mut s, rng);
    }
    s
}

/// Every consistent completion for `seat`, found independently of `resample`: each unplayed hidden physical
/// card given to one of the other hands or the hidden kitty, kept when the history replays; with how many
/// physical deals give it (copies of a card told apart).
fn all_completions(s: &State, seat: u8) -> HashMap<([Hand; 4], Hand), u32> {
    let Origin::Position { hands, kitty, trump, starter } = s.origin() else { unreachable!() };
    let kitty_hidden = !knows_kitty(s, seat);
    let played = played_cards(s);
    let others: Vec<usize> = (0..4).filter(|&x| x != usize::from(seat)).collect();
    let mut hidden: Vec<Card> = others.iter().flat_map(|&x| s.hand(x).cards()).collect();
    let mut sizes: Vec<usize> = others.iter().map(|&x| s.hand(x).len() as usize).collect();
    if kitty_hidden {
        hidden.extend(kitty.cards());
        sizes.push(kitty.len() as usize);
    }
    let places = sizes.len();
    let mut out = HashMap::new();
    for code in 0..places.pow(hidden.len() as u32) {
        let mut lots = vec![Vec::new(); places];
        let mut c = code;
        for &card in &hidden {
            lots[c % places].push(card);
            c /= places;
        }
        if lots.iter().zip(&sizes).any(|(lot, &n)| lot.len() != n) {
            continue;
        }
        let mut start = *hands;
        for (i, &x) in others.iter().enumerate() {
            start[x] = Hand::try_from(lots[i].as_slice()).unwrap().sum(played[x]).unwrap();
        }
        let k = if kitty_hidden { Hand::try_from(lots[places - 1].as_slice()).unwrap() } else { *kitty };
        let r = State::from_cards(start, k, *trump, *starter, 0, s.rules(), Some(s.levels())).unwrap();
        if let Some(r) = replay(Some(r), s.history(), s) {
            *out.entry((std::array::from_fn(|x| r.hand(x)), r.kitty())).or_default() += 1;
        }
    }
    out
}

#[test]
fn small_endgames_from_explicit_cards_are_resampled_uniformly() {
    let mut rng = Rng::new(77);
    let mut checked = 0;
    for round in 0..300 {
        let (n, kitty, seat) = [(3, 0, 0u8), (3, 1, 2), (3, 1, 1)][round % 3];
        let s = small_endgame(&mut rng, n, kitty);
        let completions = all_completions(&s, seat);
        if completions.len() < 3 {
            continue;
        }
        let total: u32 = completions.values().sum();
        let draws = 300 * completions.len() as u32;
        let mut counts: HashMap<([Hand; 4], Hand), u32> = HashMap::new();
        for _ in 0..draws {
            let r = s.resample(seat, &mut rng).unwrap();
            let key = (std::array::from_fn(|x| r.hand(x)), r.kitty());
            assert!(completions.contains_key(&key), "round {round}: an inconsistent deal");
            *counts.entry(key).or_default() += 1;
        }
        let chi2: f64 = completions
            .iter()
            .map(|(k, &w)| {
                let e = f64::from(draws) * f64::from(w) / f64::from(total);
                (f64::from(counts.get(k).copied().unwrap_or(0)) - e).powi(2) / e
            })
            .sum();
        let df = (completions.len() - 1) as f64;
        assert!(chi2 < df + 6.0 * (2.0 * df).sqrt() + 10.0, "round {round}: chi2 {chi2:.1} with {df} df");
        checked += 1;
        if checked == 12 {
            break;
        }
    }
    assert!(checked >= 8, "found only {checked} small endgames");
}

#[test]
#[ignore = "a profiling loop, not a check"]
fn profile_resample() {
    let states: Vec<State> = (0..16).map(|seed| random_round(seed, 60, false)).collect();
    let mut rng = Rng::new(1);
    for i in 0..5000 {
        resample(&states[i % 16], 0, &mut rng).unwrap();
    }
}
