//! Shortcuts that the domain's worked examples share (the engine's play and correction examples,
//! the final places'): a started tournament of numbered participants, a match found by its place
//! in the bracket, a score reported, a match's sides, and the places decided so far.
//!
//! Test-only: compiled with `cfg(test)` and never part of the product. It owns no rule; every
//! helper goes through the engine's public operations (`start`, `report`) and reads
//! [`places`], so an example says what the engine does, not what this module does.
//! Participants are numbered `100 + seed` (101 is seed 1).

use std::collections::BTreeMap;

use crate::domain::Bracket;
use crate::domain::Format;
use crate::domain::engine::{Outcome, Pid, Reported, Settings, State, report, start};
use crate::domain::standings::final_places::places;

/// A started tournament of `n` participants, 101 (seed 1) to 100 + n.
pub(crate) fn begin(format: Format, settings: Settings, n: i64) -> State {
    let field: Vec<Pid> = (101..=100 + n).collect();
    let mut state = State::new(format, settings);
    start(&mut state, &field).expect("the field fits the format");
    state
}

/// The match at (bracket, round, position) outside the groups (a bracket, or the playoff).
pub(crate) fn at(state: &State, bracket: Option<Bracket>, round: u32, position: u32) -> usize {
    let found: Vec<usize> = (0..state.games.len())
        .filter(|&i| {
            let g = &state.games[i];
            g.group.is_none() && g.bracket == bracket && g.round == round && g.position == position
        })
        .collect();
    assert_eq!(
        found.len(),
        1,
        "one match at {bracket:?} round {round} position {position}"
    );
    found[0]
}

/// A result of `a` to `b`, nobody forfeiting.
pub(crate) fn scored(a: u32, b: u32) -> Outcome {
    Outcome::Score {
        score: Some((a, b)),
        forfeit: None,
    }
}

/// Reports `a` to `b` for match `index`, which must be ready.
pub(crate) fn score(state: &mut State, index: usize, a: u32, b: u32) -> Reported {
    report(state, index, &scored(a, b)).unwrap_or_else(|e| panic!("match {index} {e}"))
}

/// Who stands on sides a and b of match `index`.
pub(crate) fn sides(state: &State, index: usize) -> (Option<Pid>, Option<Pid>) {
    (state.games[index].a, state.games[index].b)
}

/// The decided places as participant -> (place, place_to), in participant order.
pub(crate) fn decided(state: &State) -> BTreeMap<Pid, (u32, u32)> {
    places(state)
        .into_iter()
        .map(|(id, p)| (id, (p.place, p.place_to)))
        .collect()
}

/// Expected places, written as [`decided`] returns them.
pub(crate) fn expect(pairs: &[(Pid, (u32, u32))]) -> BTreeMap<Pid, (u32, u32)> {
    pairs.iter().copied().collect()
}

/// A seeded random generator (splitmix64): the same seed gives the same numbers everywhere.
pub(crate) struct SplitMix(u64);

impl SplitMix {
    pub(crate) fn new(seed: u64) -> SplitMix {
        SplitMix(seed)
    }

    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}
