//! Worked examples of tournaments in stages, played through the engine to final places. The
//! better seed (the lower id: participants are `100 + seed`) wins every match unless a test says
//! otherwise, so who finishes where can be followed by hand, as each comment does.

use std::collections::{BTreeMap, HashSet};

use super::*;
use crate::domain::testkit::{begin, decided};
use crate::domain::{Format, MatchStatus, StageStatus, StageType};

/// Plays every ready match of stage `only` (or of every stage), the lower id winning 2-0.
fn play(state: &mut State, only: Option<u32>) {
    while let Some(index) = state
        .games
        .iter()
        .position(|g| g.status == MatchStatus::Ready && only.is_none_or(|n| g.stage == n))
    {
        let game = &state.games[index];
        let a_wins = game.a < game.b;
        report(
            state,
            index,
            &Outcome::Score {
                score: Some(if a_wins { (2, 0) } else { (0, 2) }),
                forfeit: None,
            },
        )
        .expect("a ready match takes a result");
    }
}

fn play_out(state: &mut State) {
    play(state, None);
}

fn later(stage_type: StageType, take: Take) -> StageSpec {
    StageSpec::new(stage_type, "Playoff", Some(take))
}

/// The first-round pairs of stage `number`.
fn first_round(state: &State, number: u32) -> Vec<(Pid, Pid)> {
    state
        .games
        .iter()
        .filter(|g| g.stage == number && g.round == 1)
        .filter(|g| matches!(g.bracket, None | Some(crate::domain::Bracket::Winners)))
        .filter_map(|g| Some((g.a?, g.b?)))
        .collect()
}

fn group_of(state: &State, stage: u32) -> BTreeMap<Pid, String> {
    state
        .games
        .iter()
        .filter(|g| g.stage == stage)
        .filter_map(|g| Some([(g.a?, g.group.clone()?), (g.b?, g.group.clone()?)]))
        .flatten()
        .collect()
}

#[test]
fn four_groups_of_four_send_their_top_two_into_a_double_elimination() {
    let settings = Settings {
        group_count: Some(4),
        later_stages: vec![later(StageType::DoubleElimination, Take::PerGroup(2))],
        ..Settings::default()
    };
    let mut state = begin(Format::RoundRobin, settings, 16);
    assert_eq!(state.stages[0].stage_type, StageType::Groups);
    assert_eq!(state.stages[1].status, StageStatus::Pending);
    // Snake seeding: A = 1 8 9 16, B = 2 7 10 15, C = 3 6 11 14, D = 4 5 12 13.
    play_out(&mut state);
    let groups = group_of(&state, 1);
    // Each group finishes in seed order: A 101 108 109 116, ... The double elimination takes
    // winners 101 102 103 104 (seeds 1-4) and runners-up 108 107 106 105 (seeds 5-8): 1 v 8 is
    // 101 v 105 (A v D), 4 v 5 is 104 v 108 (D v A), 2 v 7 is 102 v 106, 3 v 6 is 103 v 107.
    let pairs = first_round(&state, 2);
    assert_eq!(pairs.len(), 4);
    for (a, b) in &pairs {
        assert_ne!(groups[a], groups[b], "{a} and {b} were in one group");
    }
    assert!(
        state
            .stages
            .iter()
            .all(|s| s.status == StageStatus::Completed)
    );
    let places = decided(&state);
    // The double elimination, the better seed always winning: 101 1st, 102 2nd (loses the
    // grand final), 103 3rd, 104 4th, 105-106 5-6, 107-108 7-8. Then the groups' third-placed
    // (109 110 111 112) share 9-12 and the fourth-placed (113-116) 13-16.
    let expected: BTreeMap<Pid, (u32, u32)> = [
        (101, (1, 1)),
        (102, (2, 2)),
        (103, (3, 3)),
        (104, (4, 4)),
        (105, (5, 6)),
        (106, (5, 6)),
        (107, (7, 8)),
        (108, (7, 8)),
    ]
    .into_iter()
    .chain((109..=112).map(|p| (p, (9, 12))))
    .chain((113..=116).map(|p| (p, (13, 16))))
    .collect();
    assert_eq!(places, expected);
}

#[test]
fn a_threshold_swiss_of_sixteen_sends_eight_into_single_elimination() {
    let settings = Settings {
        thresholds: Some(Thresholds {
            advance_wins: 3,
            eliminate_losses: 3,
        }),
        later_stages: vec![later(StageType::SingleElimination, Take::Best(8))],
        ..Settings::default()
    };
    let mut state = begin(Format::Swiss, settings, 16);
    play_out(&mut state);
    let swiss_rounds = state
        .games
        .iter()
        .filter(|g| g.stage == 1)
        .map(|g| g.round)
        .max();
    // 16 → 3-0 after three rounds for two, and the last players leave in round 5.
    assert_eq!(swiss_rounds, Some(5));
    let records = super::advance::records(&state, 1);
    // Every player left at a threshold: 8 at three wins, 8 at three losses.
    assert_eq!(records.values().filter(|r| r.0 == 3).count(), 8);
    assert_eq!(records.values().filter(|r| r.1 == 3).count(), 8);
    assert!(records.values().all(|&(w, l)| (w == 3) != (l == 3)));
    // Nobody met twice in the Swiss.
    let mut met = HashSet::new();
    for g in state.games.iter().filter(|g| g.stage == 1) {
        if let (Some(a), Some(b)) = (g.a, g.b) {
            assert!(met.insert((a.min(b), a.max(b))), "{a} met {b} twice");
        }
    }
    // The eight through are the eight at three wins; the playoff's first round has no pair
    // that met in the Swiss where the draw allowed it.
    let through: HashSet<Pid> = state.stages[1].field.iter().map(|e| e.id).collect();
    let at_three: HashSet<Pid> = records
        .iter()
        .filter(|(_, r)| r.0 == 3)
        .map(|(p, _)| *p)
        .collect();
    assert_eq!(through, at_three);
    for (a, b) in first_round(&state, 2) {
        assert!(
            !met.contains(&(a.min(b), a.max(b))),
            "{a} meets {b} again at once"
        );
    }
    let places = decided(&state);
    assert_eq!(places.len(), 16);
    // The better seed wins everything: 101 wins the playoff.
    assert_eq!(places[&101], (1, 1));
    // The eight out of the Swiss are 9th to 16th, in their Swiss order (all 0-3, 1-3, 2-3).
    let out: Vec<(u32, u32)> = places
        .iter()
        .filter(|(p, _)| !through.contains(p))
        .map(|(_, place)| *place)
        .collect();
    let mut out_places: Vec<u32> = out.iter().map(|p| p.0).collect();
    out_places.sort_unstable();
    assert_eq!(out_places, (9..=16).collect::<Vec<_>>());
}

#[test]
fn a_swiss_of_five_rounds_into_a_top_eight() {
    let settings = Settings {
        rounds: Some(5),
        later_stages: vec![later(StageType::SingleElimination, Take::Best(8))],
        ..Settings::default()
    };
    let mut state = begin(Format::Swiss, settings, 16);
    play_out(&mut state);
    assert!(
        state
            .stages
            .iter()
            .all(|s| s.status == StageStatus::Completed)
    );
    let places = decided(&state);
    assert_eq!(places.len(), 16);
    assert_eq!(places[&101], (1, 1));
    // 5-0 and 4-1 players (1 + 5 = 6) and two 3-2 players go through.
    assert_eq!(state.stages[1].field.len(), 8);
}

#[test]
fn six_in_a_round_robin_send_four_to_a_playoff_with_third_place() {
    let mut playoff = later(StageType::SingleElimination, Take::Best(4));
    playoff.third_place = true;
    let settings = Settings {
        later_stages: vec![playoff],
        ..Settings::default()
    };
    let mut state = begin(Format::RoundRobin, settings, 6);
    play_out(&mut state);
    // The table follows the seeds: 101 102 103 104 go on, seeded 1-4; 105 5th, 106 6th.
    // Semi-finals 101 v 104 and 102 v 103 (both met in the round robin: unavoidable, every pair
    // did); final 101 beats 102; third place 103 beats 104.
    let places = decided(&state);
    let expected: BTreeMap<Pid, (u32, u32)> = [
        (101, (1, 1)),
        (102, (2, 2)),
        (103, (3, 3)),
        (104, (4, 4)),
        (105, (5, 5)),
        (106, (6, 6)),
    ]
    .into_iter()
    .collect();
    assert_eq!(places, expected);
}

#[test]
fn a_stage_is_reseeded_before_its_first_result_and_not_after() {
    let settings = Settings {
        later_stages: vec![later(StageType::SingleElimination, Take::Best(4))],
        ..Settings::default()
    };
    let mut state = begin(Format::RoundRobin, settings, 4);
    play(&mut state, Some(1));
    assert_eq!(first_round(&state, 2), [(101, 104), (102, 103)]);
    reseed(&mut state, 2, &[101, 102, 104, 103]).expect("no result yet");
    assert_eq!(first_round(&state, 2), [(101, 103), (102, 104)]);
    assert!(reseed(&mut state, 2, &[101, 102, 103]).is_err());
    assert!(reseed(&mut state, 2, &[101, 102, 103, 103]).is_err());
    assert!(reseed(&mut state, 1, &[101, 102, 103, 104]).is_err());
    let semi = state
        .games
        .iter()
        .position(|g| g.stage == 2 && g.status == MatchStatus::Ready)
        .expect("a semi-final");
    report(
        &mut state,
        semi,
        &Outcome::Score {
            score: Some((2, 0)),
            forfeit: None,
        },
    )
    .expect("ready");
    assert!(reseed(&mut state, 2, &[101, 102, 103, 104]).is_err());
}

#[test]
fn stages_that_cannot_follow_are_refused_at_the_start() {
    let settings = Settings {
        later_stages: vec![later(StageType::SingleElimination, Take::Best(8))],
        ..Settings::default()
    };
    let mut state = State::new(Format::RoundRobin, settings);
    let error = start(&mut state, &(101..=106).collect::<Vec<_>>()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "8 cannot go on from a stage of 6 players"
    );
    let settings = Settings {
        later_stages: vec![later(StageType::SingleElimination, Take::PerGroup(2))],
        ..Settings::default()
    };
    let mut state = State::new(Format::Swiss, settings);
    assert!(start(&mut state, &(101..=108).collect::<Vec<_>>()).is_err());
}
