//! Following a lead (R26, R28–R32): which plays are legal, every distinct legal play, and, for playing card by
//! card, which cards can still extend a partial play to a legal one.
//!
//! R32's general rule covers every lead type: with S the follower's cards of the led suit and n the lead's size,
//! a follower with |S| ≥ n plays n cards of S holding at least min(P_L, P_S) disjoint pairs (P_L pairs in the
//! lead, P_S in S); a follower with fewer plays all of S and fills up with any cards. Under A.5's options the
//! pairs may also have to hold runs (`tractor_follow`, F23), or the duty may go (`format_based_draw`, F24).

use super::format::Format;
use super::hand::Hand;
use super::rules::{Rules, TractorFollow};
use super::trump::{ESuit, TrumpContext};
use crate::cards::Card;
use std::fmt;

/// Options of the follow rules (A.4, F20, F23, F24).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FollowRules {
    /// F23: what a follower owes the lead's tractors.
    pub tractor_follow: TractorFollow,
    /// F24: off, a follower holding enough of the led suit plays any of its cards.
    pub format_based_draw: bool,
    /// F20: the fewest pairs of a tractor, for the runs `fallback` may ask for.
    pub min_tractor: u8,
}

impl Default for FollowRules {
    fn default() -> FollowRules {
        FollowRules { tractor_follow: TractorFollow::None, format_based_draw: true, min_tractor: 2 }
    }
}

impl FollowRules {
    /// The follow options of a round's rules (`new_adjacency` has no effect at two decks: a tuple is a pair).
    pub const fn of(rules: &Rules) -> FollowRules {
        FollowRules {
            tractor_follow: rules.tractor_follow,
            format_based_draw: rules.format_based_draw,
            min_tractor: rules.min_tractor_length,
        }
    }
}

/// The most runs a duty asks for: a lead holds at most 13 pairs (hands of 27, F5), and a run has at least 2.
const MAX_RUNS: usize = 6;

/// The runs of pairs (tractors) a follow must hold, longest first (the entries of F23's key Q above 1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Runs {
    lengths: [u8; MAX_RUNS],
    len: u8,
}

impl Runs {
    pub fn lengths(&self) -> &[u8] {
        &self.lengths[..usize::from(self.len)]
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn with(mut self, length: u8) -> Runs {
        self.lengths[usize::from(self.len)] = length;
        self.len += 1;
        self
    }
}

impl fmt::Display for Runs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.lengths() {
            [one] => write!(f, "a tractor of {one} pairs"),
            [rest @ .., last] => {
                let rest: Vec<String> = rest.iter().map(u8::to_string).collect();
                write!(f, "tractors of {} and {last} pairs", rest.join(", "))
            }
            [] => f.write_str("no tractor"),
        }
    }
}

/// Why a play does not follow a lead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FollowError {
    /// R26: the play has another number of cards than the lead.
    Size { lead: u32, play: u32 },
    /// The play holds a card the follower does not have.
    NotInHand(Card),
    /// R28: the follower holds enough of the led suit and played another card.
    MustFollowSuit(Card),
    /// R28: the follower has too few of the led suit and left one in hand.
    MustPlayAllOfSuit(Card),
    /// R30–R32: too few pairs.
    TooFewPairs { required: u32, played: u32 },
    /// F23 (`tractor_follow = full` or `fallback`): the play lacks the runs the follower holds and owes.
    MustPlayTractors(Runs),
}

impl fmt::Display for FollowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FollowError::Size { lead, play } => {
                write!(f, "the lead has {lead} cards and the play {play}; every player plays as many (R26)")
            }
            FollowError::NotInHand(c) => write!(f, "{c} is not in the hand"),
            FollowError::MustFollowSuit(c) => {
                write!(f, "{c} is not of the led suit, and the hand holds enough of it to follow (R28)")
            }
            FollowError::MustPlayAllOfSuit(c) => {
                write!(
                    f,
                    "{c} is of the led suit and must be played: the hand has fewer than the lead (R28, R32)"
                )
            }
            FollowError::TooFewPairs { required, played } => write!(
                f,
                "the play has {played} pair(s) of the led suit where {required} are required (R30–R32)"
            ),
            FollowError::MustPlayTractors(runs) => {
                write!(f, "the play must hold {runs} of the led suit, held and owed to the lead (tractor_follow, F23)")
            }
        }
    }
}

impl std::error::Error for FollowError {}

/// What a follower owes a lead: precomputed once per (hand, lead).
#[derive(Clone, Copy, Debug)]
pub struct Duty {
    /// The lead's size.
    pub n: u32,
    /// The follower's cards of the led suit (S).
    pub suit_cards: Hand,
    /// Pairs required when |S| ≥ n: min(P_L, P_S) (0 without a format-based draw, F24).
    pub pairs: u32,
    /// The runs of pairs required among them (F23; none under `tractor_follow = none`).
    pub runs: Runs,
    suit: ESuit,
}

impl Duty {
    #[inline(always)] // inlined into the CPU-specific playout kernel
    pub fn new(ctx: &TrumpContext, hand: Hand, lead: &Format, rules: &FollowRules) -> Duty {
        let suit_cards = hand.restrict(ctx.suit_mask(lead.suit));
        let mut duty = Duty { n: lead.size(), suit_cards, pairs: 0, runs: Runs::default(), suit: lead.suit };
        if !rules.format_based_draw {
            return duty; // F24: any n cards of S
        }
        duty.pairs = lead.pair_count().min(suit_cards.pairs().count_ones());
        if rules.tractor_follow != TractorFollow::None && lead.longest_tractor() >= 2 {
            duty.runs = owed_runs(ctx, suit_cards, lead, rules);
        }
        duty
    }

    /// Whether the follower holds enough of the led suit to play only it.
    #[inline]
    pub fn follows_suit(&self) -> bool {
        self.suit_cards.len() >= self.n
    }

    /// Whether `play`, n cards of S, holds the pairs and runs owed.
    fn met_by(&self, ctx: &TrumpContext, play: Hand) -> bool {
        play.pairs().count_ones() >= self.pairs
            && (self.runs.is_empty()
                || hosts(&mut pair_counts(ctx, play.pairs(), self.suit), self.runs.lengths()))
    }
}

/// Pairs of `pairs` (kinds held twice) per position of `suit`.
fn pair_counts(ctx: &TrumpContext, pairs: u64, suit: ESuit) -> [u8; 20] {
    let mut counts = [0; 20];
    for (p, count) in counts.iter_mut().enumerate().take(usize::from(ctx.levels(suit)) + 1).skip(1) {
        *count = (pairs & ctx.level_mask(suit, p as u8)).count_ones() as u8;
    }
    counts
}

/// Whether runs of the given lengths fit, disjoint, into pairs counted per position (one pair per position
/// each; equal off-suit rank pairs share a position, so two runs may pass through it with different cards).
fn hosts(counts: &mut [u8; 20], lengths: &[u8]) -> bool {
    hosts_below(counts, lengths, counts.len() - 1)
}

/// `hosts`, the first run's top at most `highest`: runs of one length take their tops from the highest down, so
/// that each set of places is tried once.
fn hosts_below(counts: &mut [u8; 20], lengths: &[u8], highest: usize) -> bool {
    let Some((&first, rest)) = lengths.split_first() else { return true };
    let k = usize::from(first);
    for top in (k..=highest).rev() {
        let run = top + 1 - k..=top;
        if counts[run.clone()].iter().all(|&c| c > 0) {
            counts[run.clone()].iter_mut().for_each(|c| *c -= 1);
            let next = if rest.first() == Some(&first) { top } else { counts.len() - 1 };
            let fits = hosts_below(counts, rest, next);
            counts[run].iter_mut().for_each(|c| *c += 1);
            if fits {
                return true;
            }
        }
    }
    false
}

/// Whether parts, longest first, can be spread over the lead's tractors (each of `bins` pairs) with no
/// tractor given more than its length (F23 `fallback`: a component's candidate splits it into runs).
fn packs(bins: &mut [u8], parts: &[u8]) -> bool {
    let Some((&first, rest)) = parts.split_first() else { return true };
    for i in 0..bins.len() {
        if bins[i] >= first && !bins[..i].contains(&bins[i]) {
            bins[i] -= first;
            let fits = packs(bins, rest);
            bins[i] += first;
            if fits {
                return true;
            }
        }
    }
    false
}

/// F23, F24 at two decks: the runs of k*, the greatest key of a lead candidate S fills. Every candidate key
/// with the most pairs (min(P_L, P_S)) lists runs and then 1s, so k* is the lexicographically greatest list of
/// runs, longest first, that the lead's shape allows (`full`: a subset of its tractors; `fallback`: runs of at
/// least `min_tractor` pairs packed into its tractors) and S holds disjointly; the lists allowed and held
/// are closed under removing a run, so it is built greedily, one run at a time.
#[cold]
#[inline(never)]
fn owed_runs(ctx: &TrumpContext, suit_cards: Hand, lead: &Format, rules: &FollowRules) -> Runs {
    let mut bins = [0u8; MAX_RUNS];
    let mut n_bins = 0;
    for c in lead.components().iter().filter(|c| c.pairs >= 2) {
        bins[n_bins] = c.pairs;
        n_bins += 1;
    }
    let bins = &mut bins[..n_bins];
    let mut counts = pair_counts(ctx, suit_cards.pairs(), lead.suit);
    let mut runs = Runs::default();
    let mut longest = lead.longest_tractor();
    let shortest = match rules.tractor_follow {
        TractorFollow::Fallback => rules.min_tractor.max(2),
        _ => 2,
    };
    'more: while usize::from(runs.len) < MAX_RUNS {
        for k in (shortest..=longest).rev() {
            let next = runs.with(k);
            let shaped = match rules.tractor_follow {
                TractorFollow::Full => {
                    // Each run is one of the lead's tractors, whole.
                    let mut left = [0u8; MAX_RUNS];
                    left[..bins.len()].copy_from_slice(bins);
                    next.lengths().iter().all(|&l| match left.iter().position(|&b| b == l) {
                        Some(i) => {
                            left[i] = 0;
                            true
                        }
                        None => false,
                    })
                }
                _ => packs(bins, next.lengths()),
            };
            if shaped && hosts(&mut counts, next.lengths()) {
                runs = next;
                longest = k;
                continue 'more;
            }
        }
        break;
    }
    runs
}

/// Whether `play` from `hand` follows `lead` (R26, R28–R32, F23, F24), and if not, why.
pub fn check_follow(
    ctx: &TrumpContext,
    hand: Hand,
    lead: &Format,
    play: Hand,
    rules: &FollowRules,
) -> Result<(), FollowError> {
    let duty = Duty::new(ctx, hand, lead, rules);
    if play.len() != duty.n {
        return Err(FollowError::Size { lead: duty.n, play: play.len() });
    }
    if let Some(c) = first_kind(play.excess_over(hand)) {
        return Err(FollowError::NotInHand(c));
    }
    let off_suit = play.kinds() & !duty.suit_cards.kinds();
    if duty.follows_suit() {
        if let Some(c) = Hand::from_masks(off_suit, 0).first() {
            return Err(FollowError::MustFollowSuit(c));
        }
        let played = play.pairs().count_ones();
        if played < duty.pairs {
            return Err(FollowError::TooFewPairs { required: duty.pairs, played });
        }
        if !duty.met_by(ctx, play) {
            return Err(FollowError::MustPlayTractors(duty.runs));
        }
    } else if let Some(c) = first_kind(duty.suit_cards.excess_over(play)) {
        return Err(FollowError::MustPlayAllOfSuit(c));
    }
    Ok(())
}

fn first_kind(mask: u64) -> Option<Card> {
    Hand::from_masks(mask, 0).first()
}

/// Whether a partial play (drawn from `hand`) can still be completed to a legal follow.
pub fn completable(ctx: &TrumpContext, duty: &Duty, hand: Hand, partial: Hand) -> bool {
    if !partial.is_subset(hand) || partial.len() > duty.n {
        return false;
    }
    let left = duty.n - partial.len();
    if !duty.follows_suit() {
        // All of S goes in; the other cards fill exactly n − |S| places.
        let others = partial.len() - partial.intersection(duty.suit_cards).len();
        return others <= duty.n - duty.suit_cards.len();
    }
    if !partial.is_subset(duty.suit_cards) {
        return false;
    }
    let rest = duty.suit_cards.minus(partial);
    if !duty.runs.is_empty() {
        return completes_with_runs(ctx, duty, partial) <= duty.n;
    }
    // The most pairs reachable: complete singles (1 card each), then fresh pairs (2 cards each).
    let to_complete = (partial.singles() & rest.kinds()).count_ones().min(left);
    let fresh = (rest.pairs() & !partial.kinds()).count_ones().min((left - to_complete) / 2);
    partial.pairs().count_ones() + to_complete + fresh >= duty.pairs
}

/// The fewest cards of a follow holding `partial` and the duty's runs and pairs: a search over where the runs
/// lie (positions only: pairs sharing a position are interchangeable), each position's cheapest pairs taken
/// for them, then the cheapest other pairs. A pair costs the copies `partial` lacks.
#[cold]
fn completes_with_runs(ctx: &TrumpContext, duty: &Duty, partial: Hand) -> u32 {
    let pairs = duty.suit_cards.pairs();
    let levels = usize::from(ctx.levels(duty.suit));
    // The costs of the pairs at each position, cheapest first (at most four pairs share a position).
    let mut costs = [[0u8; 4]; 20];
    for (p, at) in costs.iter_mut().enumerate().take(levels + 1).skip(1) {
        let mut n = 0;
        for c in Hand::from_masks(pairs & ctx.level_mask(duty.suit, p as u8), 0).kinds_iter() {
            at[n] = 2 - partial.count(c) as u8; // the copies `partial` lacks
            n += 1;
        }
        at[..n].sort_unstable();
    }
    let counts = pair_counts(ctx, pairs, duty.suit);
    let run_pairs: u32 = duty.runs.lengths().iter().map(|&l| u32::from(l)).sum();
    let mut best = u32::MAX;
    place_runs(duty.runs.lengths(), levels, levels, &counts, &mut [0; 20], &mut |used| {
        // Each position's `used[p]` cheapest pairs go to runs; the other pairs owed are the cheapest left.
        let mut total = partial.len();
        let mut spare = [0u32; 3];
        for p in 1..=levels {
            let (runs, others) = costs[p][..usize::from(counts[p])].split_at(usize::from(used[p]));
            total += runs.iter().map(|&c| u32::from(c)).sum::<u32>();
            others.iter().for_each(|&c| spare[usize::from(c)] += 1);
        }
        let mut owed = duty.pairs.saturating_sub(run_pairs);
        for (c, &count) in spare.iter().enumerate() {
            let take = owed.min(count);
            total += take * c as u32;
            owed -= take;
        }
        if owed == 0 {
            best = best.min(total);
        }
    });
    best
}

/// Calls `visit` with the pairs used per position for every way the runs fit into `counts` (the first run's
/// top at most `highest`).
fn place_runs(
    lengths: &[u8],
    levels: usize,
    highest: usize,
    counts: &[u8; 20],
    used: &mut [u8; 20],
    visit: &mut dyn FnMut(&[u8; 20]),
) {
    let Some((&first, rest)) = lengths.split_first() else {
        visit(used);
        return;
    };
    let k = usize::from(first);
    for top in (k..=highest).rev() {
        let run = top + 1 - k..=top;
        if run.clone().all(|p| used[p] < counts[p]) {
            run.clone().for_each(|p| used[p] += 1);
            // Runs of one length take their tops from the highest down: each set of places once.
            let next = if rest.first() == Some(&first) { top } else { levels };
            place_runs(rest, levels, next, counts, used, visit);
            run.for_each(|p| used[p] -= 1);
        }
    }
}

/// The kinds that can be added to `partial` on the way to a legal follow (never a dead end).
#[inline(always)] // inlined into the CPU-specific playout kernel
pub fn extensions(ctx: &TrumpContext, hand: Hand, lead: &Format, partial: Hand, rules: &FollowRules) -> u64 {
    let duty = Duty::new(ctx, hand, lead, rules);
    if !partial.is_subset(hand) || partial.len() >= duty.n {
        return 0;
    }
    let suit = duty.suit_cards;
    if !duty.follows_suit() {
        // All of S goes in; other cards only while places for them are left.
        let others_played = partial.len() - partial.intersection(suit).len();
        let places = duty.n - suit.len();
        let suit_left = suit.saturating_minus(partial).kinds();
        return if others_played < places { hand.minus(partial).kinds() } else { suit_left };
    }
    if !partial.is_subset(suit) {
        return 0;
    }
    if !duty.runs.is_empty() {
        return extensions_by_search(ctx, hand, lead, partial, rules);
    }
    // R32 in closed form: a card completes a pair, starts a pair that can be completed, or is a lone card.
    // Each kind of card keeps a completion exactly when the most pairs then reachable meet the duty.
    let rest = suit.minus(partial);
    let left = duty.n - partial.len() - 1; // places after the card added
    let pairs = partial.pairs().count_ones();
    let completing = partial.singles() & rest.kinds();
    let fresh = rest.pairs() & !partial.kinds();
    let lone = rest.kinds() & !partial.kinds() & !rest.pairs();
    let (a, b) = (completing.count_ones(), fresh.count_ones());
    let reach = |pairs: u32, a: u32, b: u32| {
        let by_completing = a.min(left);
        pairs + by_completing + b.min((left - by_completing) / 2) >= duty.pairs
    };
    let mut ok = 0;
    if a > 0 && reach(pairs + 1, a - 1, b) {
        ok |= completing;
    }
    if b > 0 && reach(pairs, a + 1, b - 1) {
        ok |= fresh;
    }
    if reach(pairs, a, b) {
        ok |= lone;
    }
    ok
}

/// `extensions` card by card through `completable` (when runs are owed; the duty is made again here, so that
/// the common path keeps it in registers).
#[cold]
#[inline(never)]
fn extensions_by_search(
    ctx: &TrumpContext,
    hand: Hand,
    lead: &Format,
    partial: Hand,
    rules: &FollowRules,
) -> u64 {
    let duty = &Duty::new(ctx, hand, lead, rules);
    let mut ok = 0;
    for c in hand.minus(partial).restrict(duty.suit_cards.kinds()).kinds_iter() {
        if let Ok(next) = partial.add(c) {
            if completable(ctx, duty, hand, next) {
                ok |= 1 << c.id();
            }
        }
    }
    ok
}

/// How many plays [`for_each_follow`] visits, counted without keeping them.
pub fn count_follows(ctx: &TrumpContext, hand: Hand, lead: &Format, rules: &FollowRules) -> usize {
    let mut count = 0;
    for_each_follow(ctx, hand, lead, rules, |_| count += 1);
    count
}

/// Every distinct legal follow, each a multiset; `visit` is called once per play.
pub fn for_each_follow(
    ctx: &TrumpContext,
    hand: Hand,
    lead: &Format,
    rules: &FollowRules,
    mut visit: impl FnMut(Hand),
) {
    let duty = Duty::new(ctx, hand, lead, rules);
    let (base, pool, need) = if duty.follows_suit() {
        (Hand::EMPTY, duty.suit_cards, duty.n)
    } else {
        (duty.suit_cards, hand.minus(duty.suit_cards), duty.n - duty.suit_cards.len())
    };
    pool.for_each_subset(need, &mut |extra| {
        let play = base.sum(extra).expect("disjoint parts of the hand");
        if !duty.follows_suit() || duty.met_by(ctx, play) {
            visit(play);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Rank, Suit};
    use crate::tractor::format::{decompose, decompose_with};
    use crate::tractor::hand::hand;
    use crate::tractor::trump::{Trump, TrumpContext};

    fn ctx(rank: u8, suit: char) -> TrumpContext {
        TrumpContext::new(Trump::new(Rank::from_value(rank), Suit::from_char(suit)).unwrap())
    }

    fn follows(t: &TrumpContext, h: &str, lead: &str) -> Vec<String> {
        let lead = decompose(t, hand(lead)).unwrap();
        let mut out = vec![];
        for_each_follow(t, hand(h), &lead, &FollowRules::default(), |p| out.push(format!("{p:?}")));
        out.sort();
        out
    }

    #[test]
    fn tv_t5_effective_suit_when_following() {
        let t = ctx(2, 'H');
        // 2♠ is a trump: a hand whose only "spade" is 2♠ is void in spades.
        assert_eq!(follows(&t, "2S 3H KC", "5S").len(), 3);
        // Lead 2♣ (a trump): 3♥ must be played.
        assert_eq!(follows(&t, "3H KS", "2C"), vec!["[3H]"]);
    }

    #[test]
    fn tv_t17_follow_obligations() {
        let t = ctx(2, 'H');
        let lead = "9S 9S 10S 10S";
        assert_eq!(follows(&t, "4S 4S JS JS 3S 8H", lead), vec!["[4S 4S JS JS]"]);
        assert_eq!(follows(&t, "4S 4S 3S 7S 8H 9C", lead), vec!["[3S 4S 4S 7S]"]);
        let any3 = follows(&t, "3S 8H 8H 9C KD", lead);
        assert!(any3.iter().all(|p| p.contains("3S")));
        assert_eq!(any3.len(), 3, "3S plus any 3 of 8H 8H 9C KD: {any3:?}");
    }

    #[test]
    fn pair_lead_r30() {
        let t = ctx(2, 'H');
        assert_eq!(follows(&t, "5S 5S 6S 7S", "9S 9S"), vec!["[5S 5S]"]);
        assert_eq!(follows(&t, "5S 6S 7S", "9S 9S").len(), 3);
        assert_eq!(follows(&t, "5S 6C 7C", "9S 9S"), vec!["[6C 5S]", "[7C 5S]"]);
    }

    fn under(t: &TrumpContext, rules: FollowRules, h: &str, lead: &str) -> Vec<String> {
        let lead = decompose_with(t, hand(lead), rules.min_tractor).unwrap();
        let mut out = vec![];
        for_each_follow(t, hand(h), &lead, &rules, |p| out.push(format!("{p:?}")));
        out.sort();
        out
    }

    fn follow(tractor_follow: TractorFollow) -> FollowRules {
        FollowRules { tractor_follow, ..FollowRules::default() }
    }

    #[test]
    fn tractor_option_requires_a_tractor_when_held() {
        let t = ctx(2, 'H');
        let lead = decompose(&t, hand("9S 9S 10S 10S")).unwrap();
        let h = hand("4S 4S 6S 6S 7S 7S");
        let on = follow(TractorFollow::Full);
        assert!(check_follow(&t, h, &lead, hand("4S 4S 7S 7S"), &FollowRules::default()).is_ok());
        let runs = Runs::default().with(2);
        assert_eq!(
            check_follow(&t, h, &lead, hand("4S 4S 7S 7S"), &on),
            Err(FollowError::MustPlayTractors(runs))
        );
        assert!(check_follow(&t, h, &lead, hand("6S 6S 7S 7S"), &on).is_ok());
        assert_eq!(extensions(&t, h, &lead, hand("4S"), &on), 0, "4S cannot start a tractor here");
    }

    #[test]
    fn tv_f11_tractor_follow() {
        let t = ctx(2, 'H');
        let follower = "3S 3S 9S 9S 10S 10S KS KS";
        let lead = "5S 5S 6S 6S 7S 7S";
        // none, and full (no 3-pair tractor is held): any three of the four pairs.
        for rules in [follow(TractorFollow::None), follow(TractorFollow::Full)] {
            let plays = under(&t, rules, follower, lead);
            assert_eq!(plays.len(), 4, "{plays:?}");
            assert!(plays.contains(&"[3S 3S 9S 9S KS KS]".to_string()));
        }
        // fallback: k* = ([2,2,2], [2,1]), the run 9-10 and one more pair.
        assert_eq!(
            under(&t, follow(TractorFollow::Fallback), follower, lead),
            vec!["[3S 3S 9S 9S 10S 10S]", "[9S 9S 10S 10S KS KS]"]
        );
        // A tractor of two pairs led: none, any two pairs; full and fallback, 9-10 only.
        assert_eq!(under(&t, follow(TractorFollow::None), follower, "5S 5S 6S 6S").len(), 6);
        for rules in [follow(TractorFollow::Full), follow(TractorFollow::Fallback)] {
            assert_eq!(under(&t, rules, follower, "5S 5S 6S 6S"), vec!["[9S 9S 10S 10S]"]);
        }
    }

    #[test]
    fn tv_f14_format_based_draw() {
        let t = ctx(2, 'H');
        let free = FollowRules { format_based_draw: false, ..FollowRules::default() };
        let h = "4S 4S 7S 5H 6H";
        assert_eq!(under(&t, FollowRules::default(), h, "9S 9S"), vec!["[4S 4S]"]);
        assert_eq!(under(&t, free, h, "9S 9S"), vec!["[4S 4S]", "[4S 7S]"]);
        let lead = decompose(&t, hand("9S 9S")).unwrap();
        assert!(matches!(
            check_follow(&t, hand(h), &lead, hand("7S 5H"), &free),
            Err(FollowError::MustFollowSuit(_))
        ));
    }

    #[test]
    fn throws_owe_every_tractor_the_lead_and_the_hand_allow() {
        let t = ctx(2, 'H');
        // A throw of a 3-pair and a 2-pair tractor and a single; the follower holds six pairs, runs 6-8 and J-K.
        let lead = "3S 3S 4S 4S 5S 5S 9S 9S 10S 10S AS";
        let follower = "6S 6S 7S 7S 8S 8S JS JS QS QS KS KS 3S 4S";
        // none: any five of the six pairs, and one more card (the sixth pair's, 3S or 4S).
        assert_eq!(under(&t, follow(TractorFollow::None), follower, lead).len(), 18);
        // full and fallback: k* = [3, 2]; a 3-pair run and a 2-pair run apart (dropping 7 or Q breaks them).
        for rules in [follow(TractorFollow::Full), follow(TractorFollow::Fallback)] {
            let plays = under(&t, rules, follower, lead);
            assert_eq!(plays.len(), 12, "{plays:?}");
            assert!(plays.iter().all(|p| p.contains("7S 7S") && p.contains("QS QS")), "{plays:?}");
        }
        // A tractor of 4 pairs led; the follower has only 2-pair runs: full owes nothing, fallback [2, 2].
        let lead = "3S 3S 4S 4S 5S 5S 6S 6S";
        let follower = "8S 8S 9S 9S JS JS QS QS AS AS 7S";
        assert_eq!(under(&t, follow(TractorFollow::Full), follower, lead).len(), 5);
        assert_eq!(
            under(&t, follow(TractorFollow::Fallback), follower, lead),
            vec!["[8S 8S 9S 9S JS JS QS QS]"]
        );
        // min_tractor_length 3: a 2-pair run is no tractor, so fallback asks none of it.
        let three =
            FollowRules { tractor_follow: TractorFollow::Fallback, min_tractor: 3, ..FollowRules::default() };
        assert_eq!(under(&t, three, follower, "3S 3S 4S 4S 5S 5S 6S 6S").len(), 5);
        // Equal off-suit rank pairs share a position: the 3-pair run is A♥, one of 2♠ 2♣, 2♥.
        let trumps = "AH AH 2S 2S 2C 2C 2H 2H";
        let plays = under(&t, follow(TractorFollow::Full), trumps, "3H 3H 4H 4H 5H 5H");
        assert_eq!(plays.len(), 2, "{plays:?}");
        assert!(plays.iter().all(|p| p.contains("2H 2H") && p.contains("AH AH")), "{plays:?}");
        let lead = decompose(&t, hand("3H 3H 4H 4H 5H 5H")).unwrap();
        let err =
            check_follow(&t, hand(trumps), &lead, hand("2S 2S 2C 2C 2H 2H"), &follow(TractorFollow::Full));
        assert_eq!(err.unwrap_err().to_string(), "the play must hold a tractor of 3 pairs of the led suit, held and owed to the lead (tractor_follow, F23)");
    }

    #[test]
    fn refusals_name_the_problem() {
        let t = ctx(2, 'H');
        let lead = decompose(&t, hand("9S 9S")).unwrap();
        let rules = FollowRules::default();
        let h = hand("5S 5S 6S KC");
        assert_eq!(
            check_follow(&t, h, &lead, hand("5S"), &rules),
            Err(FollowError::Size { lead: 2, play: 1 })
        );
        assert!(matches!(check_follow(&t, h, &lead, hand("AS 5S"), &rules), Err(FollowError::NotInHand(_))));
        assert!(matches!(
            check_follow(&t, h, &lead, hand("5S KC"), &rules),
            Err(FollowError::MustFollowSuit(_))
        ));
        assert!(matches!(
            check_follow(&t, h, &lead, hand("5S 6S"), &rules),
            Err(FollowError::TooFewPairs { required: 1, played: 0 })
        ));
        let short = hand("5S KC KD");
        assert!(matches!(
            check_follow(&t, short, &lead, hand("KC KD"), &rules),
            Err(FollowError::MustPlayAllOfSuit(_))
        ));
    }
}
