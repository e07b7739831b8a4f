//! Worked examples of play and correction, with hand-checked answers.
//!
//! Participants are numbered `100 + seed` (101 is seed 1). Every example says in comments how its
//! expected answer follows from the rules, so a reviewer can check it by hand.

use super::{Corrected, EngineError, Outcome, Pid, Previous, Reported, Settings, State};
use super::{Entrant, Link, Stage, correct, report};
use crate::domain::formats::drop_ins::Wiring;
use crate::domain::formats::elimination::double_wired;
use crate::domain::testkit::{at, begin, decided, expect, score, scored, sides};
use crate::domain::{Bracket, Format, MatchStatus, StageStatus, StageType, Winner};

/// (score a, score b, winner) of a match.
fn result(state: &State, index: usize) -> (Option<u32>, Option<u32>, Option<Winner>) {
    let g = &state.games[index];
    (g.score_a, g.score_b, g.winner)
}

/// What a correction reports: (previous result, reset, removed, created).
fn changes(corrected: &Corrected) -> (Previous, Vec<usize>, Vec<i64>, Vec<usize>) {
    (
        corrected.previous,
        corrected.reset.clone(),
        corrected.removed.clone(),
        corrected.created.clone(),
    )
}

/// Single elimination of four, no third place, all played:
///   SF1 101 v 104: 101 wins 2-0. SF2 102 v 103: 102 wins 2-1. Final 101 v 102: 101 wins 3-1.
/// Returns (state, sf1, sf2, final).
fn single_of_four_played() -> (State, usize, usize, usize) {
    let mut state = begin(Format::SingleElimination, Settings::default(), 4);
    let (sf1, sf2, last) = (
        at(&state, None, 1, 1),
        at(&state, None, 1, 2),
        at(&state, None, 2, 1),
    );
    assert_eq!(sides(&state, sf1), (Some(101), Some(104)));
    assert_eq!(sides(&state, sf2), (Some(102), Some(103)));
    score(&mut state, sf1, 2, 0);
    score(&mut state, sf2, 2, 1);
    assert_eq!(sides(&state, last), (Some(101), Some(102)));
    assert!(score(&mut state, last, 3, 1).tournament_completed);
    (state, sf1, sf2, last)
}

#[test]
fn correcting_a_semi_final_winner_replays_the_final() {
    // SF1 corrected from 101 2-0 to 104 winning 1-2: 104 takes 101's place as the final's side
    // a; the final's result (101 3-1) depended on 101, so it is cleared and the final (104 v
    // 102, both sides known) is ready again. The final is the only later match: reset = [final].
    // Places: only the two semi losers (101 now, and 103) are out, sharing 3-4.
    let (mut state, sf1, sf2, last) = single_of_four_played();
    let corrected = correct(&mut state, sf1, &scored(1, 2)).expect("a completed match");
    assert_eq!(
        changes(&corrected),
        (
            Previous {
                score_a: Some(2),
                score_b: Some(0),
                winner: Some(Winner::A),
            },
            vec![last],
            vec![],
            vec![]
        )
    );
    assert_eq!(result(&state, sf1), (Some(1), Some(2), Some(Winner::B)));
    assert_eq!(state.games[sf1].status, MatchStatus::Completed);
    assert_eq!(
        result(&state, sf2),
        (Some(2), Some(1), Some(Winner::A)),
        "untouched"
    );
    assert_eq!(sides(&state, last), (Some(104), Some(102)));
    assert_eq!(result(&state, last), (None, None, None));
    assert!(!state.games[last].forfeit);
    assert_eq!(state.games[last].status, MatchStatus::Ready);
    assert_eq!(decided(&state), expect(&[(101, (3, 4)), (103, (3, 4))]));
}

#[test]
fn correcting_a_score_but_not_the_winner_resets_nothing() {
    // SF1 corrected from 2-0 to 3-1: 101 still wins, so nothing later changes. Only the score
    // is rewritten; the final keeps 101 v 102, 3-1.
    let (mut state, sf1, _, last) = single_of_four_played();
    let before = state.clone();
    let corrected = correct(&mut state, sf1, &scored(3, 1)).expect("a completed match");
    assert_eq!(
        changes(&corrected),
        (
            Previous {
                score_a: Some(2),
                score_b: Some(0),
                winner: Some(Winner::A),
            },
            vec![],
            vec![],
            vec![]
        )
    );
    assert_eq!(result(&state, sf1), (Some(3), Some(1), Some(Winner::A)));
    assert_eq!(sides(&state, last), (Some(101), Some(102)));
    assert_eq!(result(&state, last), (Some(3), Some(1), Some(Winner::A)));
    assert_eq!(state.games[last].status, MatchStatus::Completed);
    // Apart from SF1's score, the state is as it was.
    let mut expected = before;
    (expected.games[sf1].score_a, expected.games[sf1].score_b) = (Some(3), Some(1));
    assert_eq!(state, expected);
}

/// Double elimination of four up to a first grand final won by the losers-bracket side:
///   WB1-1 101 beats 104, WB1-2 102 beats 103, LB1 103 beats 104, WB final 101 beats 102,
///   LB final 102 beats 103; grand final 101 v 102: 102 wins 3-2, so the reset is created.
/// Every match gets a database id `1000 + index`, the reset too (as if it had been stored).
/// Returns (state, first grand final, reset).
fn double_of_four_with_a_reset() -> (State, usize, usize) {
    let mut state = begin(Format::DoubleElimination, Settings::default(), 4);
    for (i, game) in state.games.iter_mut().enumerate() {
        game.id = Some(1000 + i as i64);
    }
    let w = Some(Bracket::Winners);
    let l = Some(Bracket::Losers);
    // (bracket, round, position, sides, score)
    for (bracket, round, position, playing, (a, b)) in [
        (w, 1, 1, (101, 104), (2, 0)),
        (w, 1, 2, (102, 103), (2, 1)),
        (l, 1, 1, (104, 103), (0, 2)),
        (w, 2, 1, (101, 102), (2, 1)),
        (l, 2, 1, (103, 102), (1, 2)),
    ] {
        let index = at(&state, bracket, round, position);
        assert_eq!(sides(&state, index), (Some(playing.0), Some(playing.1)));
        score(&mut state, index, a, b);
    }
    let gf = at(&state, Some(Bracket::GrandFinal), 1, 1);
    assert_eq!(sides(&state, gf), (Some(101), Some(102)));
    let done = score(&mut state, gf, 2, 3);
    assert_eq!(done.created, [6]);
    let reset = at(&state, Some(Bracket::GrandFinal), 2, 1);
    assert_eq!(reset, 6);
    assert_eq!(sides(&state, reset), (Some(101), Some(102)));
    assert_eq!(state.games[reset].status, MatchStatus::Ready);
    assert_eq!(state.games[reset].id, None, "created by the engine");
    state.games[reset].id = Some(1006);
    assert_eq!(decided(&state), expect(&[(103, (3, 3)), (104, (4, 4))]));
    (state, gf, reset)
}

#[test]
fn correcting_the_grand_final_to_the_winners_side_removes_the_reset() {
    // The first grand final corrected from 102 3-2 to 101 winning 3-1: the unbeaten 101 has won,
    // so the reset (id 1006) is no longer called for and is removed; the grand final has no
    // later match, so nothing is reset. Every remaining match is completed, and the places are
    // decided: 101 1st, 102 2nd, 103 3rd, 104 4th.
    let (mut state, gf, _) = double_of_four_with_a_reset();
    let corrected = correct(&mut state, gf, &scored(3, 1)).expect("a completed match");
    assert_eq!(
        changes(&corrected),
        (
            Previous {
                score_a: Some(2),
                score_b: Some(3),
                winner: Some(Winner::B),
            },
            vec![],
            vec![1006],
            vec![]
        )
    );
    assert_eq!(state.games.len(), 6);
    assert!(
        !state
            .games
            .iter()
            .any(|g| g.bracket == Some(Bracket::GrandFinal) && g.round == 2)
    );
    assert_eq!(result(&state, gf), (Some(3), Some(1), Some(Winner::A)));
    assert!(state.all_games_completed());
    assert_eq!(
        decided(&state),
        expect(&[(101, (1, 1)), (102, (2, 2)), (103, (3, 3)), (104, (4, 4)),])
    );
}

#[test]
fn correcting_the_grand_final_to_the_winners_side_completes_the_tournament() {
    // As above: once the reset is removed every match is completed, so the stage (and the
    // tournament) is complete. Today `correct` never advances: the stage stays running with
    // nothing left to report, so the tournament can never complete.
    let (mut state, gf, _) = double_of_four_with_a_reset();
    assert_eq!(state.stages[0].status, StageStatus::Running);
    correct(&mut state, gf, &scored(3, 1)).expect("a completed match");
    assert!(state.all_games_completed());
    assert_eq!(state.stages[0].status, StageStatus::Completed);
}

#[test]
fn correcting_the_reset_to_the_other_side_changes_the_champion() {
    // The reset played (102 wins 2-1, 102 champion), then corrected to 101 winning 2-0: the
    // reset feeds nothing, so nothing else changes; 101 is now 1st and 102 2nd.
    let (mut state, _, reset) = double_of_four_with_a_reset();
    assert!(score(&mut state, reset, 1, 2).tournament_completed);
    assert_eq!(decided(&state)[&102], (1, 1));
    let corrected = correct(&mut state, reset, &scored(2, 0)).expect("a completed match");
    assert_eq!(
        changes(&corrected),
        (
            Previous {
                score_a: Some(1),
                score_b: Some(2),
                winner: Some(Winner::B),
            },
            vec![],
            vec![],
            vec![]
        )
    );
    assert_eq!(state.games.len(), 7, "the reset stays");
    assert_eq!(
        decided(&state),
        expect(&[(101, (1, 1)), (102, (2, 2)), (103, (3, 3)), (104, (4, 4)),])
    );
}

#[test]
fn correcting_a_group_match_after_the_playoff_is_drawn_is_refused() {
    // 4 players in 2 groups of 2, 1 advancing from each: group A is 101 v 104, group B 102 v
    // 103. Both played, so the playoff (101 v 102, seeded A1 v B1) is drawn. Changing a group
    // result now would change who is in the playoff: refused as Locked, nothing changed.
    let settings = Settings {
        group_count: Some(2),
        advance_per_group: Some(1),
        ..Settings::default()
    };
    let mut state = begin(Format::GroupsPlayoffs, settings, 4);
    let group_a = state
        .games
        .iter()
        .position(|g| g.group.as_deref() == Some("A"))
        .expect("group A's match");
    let group_b = state
        .games
        .iter()
        .position(|g| g.group.as_deref() == Some("B"))
        .expect("group B's match");
    assert_eq!(sides(&state, group_a), (Some(101), Some(104)));
    assert_eq!(sides(&state, group_b), (Some(102), Some(103)));
    score(&mut state, group_a, 2, 0);

    // Before the playoff is drawn, a group result can be corrected (101 2-0 becomes 3-0).
    let corrected = correct(&mut state, group_a, &scored(3, 0)).expect("still in the groups");
    assert!(corrected.reset.is_empty());

    let done = score(&mut state, group_b, 2, 1);
    assert_eq!(done.created, [2]);
    assert_eq!(sides(&state, 2), (Some(101), Some(102)));
    assert_eq!(state.games[2].status, MatchStatus::Ready);

    let before = state.clone();
    let refused = correct(&mut state, group_a, &scored(0, 3));
    assert!(
        matches!(refused, Err(EngineError::Locked(_))),
        "got {refused:?}"
    );
    assert_eq!(state, before, "a refused correction changes nothing");
}

#[test]
fn reports_that_are_refused() {
    // Single elimination of four: SF1 101 v 104 and SF2 102 v 103 ready, the final pending.
    // Each refusal leaves the state exactly as it was.
    let mut state = begin(Format::SingleElimination, Settings::default(), 4);
    let (sf1, sf2, last) = (
        at(&state, None, 1, 1),
        at(&state, None, 1, 2),
        at(&state, None, 2, 1),
    );
    assert_eq!(state.games[last].status, MatchStatus::Pending);

    let refused = |state: &mut State, index: usize, outcome: Outcome| {
        let before = state.clone();
        let error = report(state, index, &outcome).expect_err("refused");
        assert_eq!(*state, before, "{error:?} changed the state");
        error
    };
    // The final's sides are not decided yet.
    assert_eq!(
        refused(&mut state, last, scored(2, 0)),
        EngineError::NotReady("a side is still to be decided")
    );
    // Elimination needs a winner.
    assert_eq!(
        refused(&mut state, sf2, scored(1, 1)),
        EngineError::DrawNotAllowed
    );
    // A two-sided match takes a score, not a finishing order.
    assert_eq!(
        refused(&mut state, sf2, Outcome::Places(vec![102, 103])),
        EngineError::ScoreExpected
    );
    // Played once, it is corrected, not reported again.
    score(&mut state, sf1, 2, 0);
    assert_eq!(
        refused(&mut state, sf1, scored(0, 2)),
        EngineError::AlreadyCompleted
    );
    // A match that is not completed has nothing to correct.
    assert_eq!(
        correct(&mut state, sf2, &scored(2, 0)),
        Err(EngineError::NotCompleted(MatchStatus::Ready))
    );
}

#[test]
fn byes_and_free_for_all_rounds_are_refused_the_wrong_way() {
    // Single elimination of three: R1-1 is 101's bye, which has no result to report or correct.
    let mut state = begin(Format::SingleElimination, Settings::default(), 3);
    let bye = at(&state, None, 1, 1);
    assert!(state.games[bye].bye);
    assert_eq!(
        report(&mut state, bye, &scored(2, 0)),
        Err(EngineError::Bye)
    );
    assert_eq!(
        correct(&mut state, bye, &scored(2, 0)),
        Err(EngineError::Bye)
    );

    // A free-for-all round takes a finishing order of the whole field, not a score.
    let mut ffa = begin(Format::FreeForAll, Settings::default(), 3);
    assert_eq!(
        report(&mut ffa, 0, &scored(2, 0)),
        Err(EngineError::PlacesExpected)
    );
    assert!(matches!(
        report(&mut ffa, 0, &Outcome::Places(vec![101, 102])),
        Err(EngineError::BadPlaces(_))
    ));
    assert_eq!(ffa.games[0].status, MatchStatus::Ready);
}

#[test]
fn free_for_all_points_on_a_scale() {
    // Scale 10 6 3 1, two rounds. Round 1: 102 10, 104 6, 101 3, 103 1. Round 2: 101 10,
    // 102 6, 104 3, 103 1. Each round records place and points per participant.
    // Totals: 102 16, 101 13, 104 9, 103 2: places 102, 101, 104, 103.
    let settings = Settings {
        rounds: Some(2),
        points_scale: Some(vec![10, 6, 3, 1]),
        ..Settings::default()
    };
    let mut state = begin(Format::FreeForAll, settings, 4);
    report(&mut state, 0, &Outcome::Places(vec![102, 104, 101, 103])).expect("round 1");
    let recorded: Vec<(Pid, u32, u32)> = state.games[0]
        .results
        .iter()
        .map(|p| (p.participant, p.place, p.points))
        .collect();
    assert_eq!(
        recorded,
        [(102, 1, 10), (104, 2, 6), (101, 3, 3), (103, 4, 1)]
    );
    let done = report(&mut state, 1, &Outcome::Places(vec![101, 102, 104, 103])).expect("round 2");
    assert!(done.tournament_completed);
    assert_eq!(
        decided(&state),
        expect(&[(101, (2, 2)), (102, (1, 1)), (103, (4, 4)), (104, (3, 3)),])
    );
}

/// Every match's links, by index.
fn links(state: &State) -> Vec<(Option<Link>, Option<Link>)> {
    state
        .games
        .iter()
        .map(|g| (g.winner_to, g.loser_to))
        .collect()
}

/// Reports match `index` as won 2-0 by the better seed (the smaller id).
fn favourite_wins(state: &mut State, index: usize) -> Reported {
    let (a, b) = sides(state, index);
    if a < b {
        score(state, index, 2, 0)
    } else {
        score(state, index, 0, 2)
    }
}

#[test]
fn a_bracket_drawn_with_the_old_drop_ins_keeps_them_to_the_end() {
    // Sixteen players drawn before the drop-in orders changed, as the portal loads such a
    // tournament: every match with its database id and the links it was drawn with (every
    // drop-in reversed). Reports and corrections move players along the stored links; nothing
    // recomputes them, so the old wiring holds to the end.
    let mut state = State::new(Format::DoubleElimination, Settings::default());
    state.entrants = (1..=16)
        .map(|seed| Entrant {
            id: 100 + seed,
            seed: seed as u32,
        })
        .collect();
    state.stages = vec![Stage {
        number: 1,
        stage_type: StageType::DoubleElimination,
        status: StageStatus::Running,
        field: state.entrants.clone(),
    }];
    state.games = double_wired(1, &state.entrants, &Wiring::Reverse);
    for (i, game) in state.games.iter_mut().enumerate() {
        game.id = Some(1000 + i as i64);
    }
    let drawn = links(&state);
    let w = Some(Bracket::Winners);
    let l = Some(Bracket::Losers);

    // The better seed wins the winners bracket up to the semi-finals:
    //   round 1: 101-116 108-109 104-113 105-112 102-115 107-110 103-114 106-111
    //   round 2: 101-108 104-105 102-107 103-106;  round 3: 101-104 102-103.
    // Losers round 1 pairs the round-1 losers in order: 116-109 113-112 115-110 114-111, won by
    // 109 112 110 111. Round 2 takes the round-2 losers reversed: 109-106 112-107 110-105
    // 111-108, won by 106 107 105 108. Round 3: 106-107 and 105-108, won by 106 and 105.
    for (bracket, round, count) in [
        (w, 1, 8),
        (w, 2, 4),
        (w, 3, 2),
        (l, 1, 4),
        (l, 2, 4),
        (l, 3, 2),
    ] {
        for position in 1..=count {
            let index = at(&state, bracket, round, position);
            favourite_wins(&mut state, index);
        }
    }
    // Round 4 takes the semi-final losers reversed, as drawn: 106 meets 103 (who beat him in
    // winners round 2), and 105 meets 104 (likewise). This is the old wiring's rematch.
    let (lr4_1, lr4_2) = (at(&state, l, 4, 1), at(&state, l, 4, 2));
    assert_eq!(sides(&state, lr4_1), (Some(106), Some(103)));
    assert_eq!(sides(&state, lr4_2), (Some(105), Some(104)));

    // A correction: the semi-final 101-104 was won by 104. 101 now drops along the stored link,
    // to losers round 4 match 2 side b, and 104 goes to the winners final.
    let semi = at(&state, w, 3, 1);
    let corrected = correct(&mut state, semi, &scored(0, 2)).expect("a completed match");
    let winners_final = at(&state, w, 4, 1);
    assert_eq!(corrected.reset, vec![winners_final, lr4_2]);
    assert_eq!(sides(&state, lr4_2), (Some(105), Some(101)));
    assert_eq!(sides(&state, winners_final), (Some(104), Some(102)));
    assert_eq!(links(&state), drawn, "a correction keeps the links");

    // The rest, the better seed winning: 103 beats 106 and 101 beats 105 in round 4; 101 beats
    // 103 in round 5; 102 beats 104 in the winners final, and 104 drops to the losers final,
    // where 101 beats him. In the grand final 101 (side b) beats 102: the reset is added, and
    // 101 wins it too.
    while let Some(index) = state
        .games
        .iter()
        .position(|g| g.status == MatchStatus::Ready)
    {
        favourite_wins(&mut state, index);
    }
    assert!(state.all_games_completed());
    assert_eq!(state.stages[0].status, StageStatus::Completed);
    assert_eq!(
        state.games[..drawn.len()]
            .iter()
            .map(|g| (g.winner_to, g.loser_to))
            .collect::<Vec<_>>(),
        drawn,
        "the drawn matches end with the links they were drawn with"
    );
    let reset = at(&state, Some(Bracket::GrandFinal), 2, 1);
    assert_eq!(sides(&state, reset), (Some(102), Some(101)));
    let placed = decided(&state);
    assert_eq!(
        [101, 102, 104, 103].map(|id| placed[&id]),
        [(1, 1), (2, 2), (3, 3), (4, 4)]
    );
    assert_eq!(state.games[lr4_2].winner, Some(Winner::B));
}

#[test]
fn sixteen_players_with_favourites_winning_meet_again_only_in_the_losers_final() {
    // tourney's wiring at 16 slots: winners round 2's losers drop into losers round 2 reversed,
    // winners round 3's into losers round 4 in order. The better seed wins every match.
    //   Winners round 1: 101-116 108-109 104-113 105-112 102-115 107-110 103-114 106-111;
    //   round 2: 101-108 104-105 102-107 103-106; round 3: 101-104 102-103; final 101-102.
    //   Losers round 1 pairs the round-1 losers in order: 116-109 113-112 115-110 114-111, won
    //   by 109 112 110 111. Round 2, reversed: 109-106 112-107 110-105 111-108, won by 106 107
    //   105 108 (none of them met in the winners bracket). Round 3: 106-107 and 105-108.
    //   Round 4, in order: 106 meets 104 (loser of winners semi-final 1) and 105 meets 103 (of
    //   semi-final 2): 104 beat 105, not 106, and 103 beat 106, not 105, so neither is a
    //   rematch; reversed, as before, both were. 104 and 103 win.
    //   Round 5: 104-103, who never met; 103 wins.
    //   Losers final: 103 against 102, the winners final's loser, who beat him in winners round
    //   3: the one rematch, and the last round where one can be placed. 102 wins.
    //   Grand final 101-102: 101 wins.
    let mut state = begin(Format::DoubleElimination, Settings::default(), 16);
    let l = Some(Bracket::Losers);
    let mut met = Vec::new();
    while let Some(index) = state
        .games
        .iter()
        .position(|g| g.status == MatchStatus::Ready)
    {
        met.push((
            state.games[index].bracket,
            state.games[index].round,
            sides(&state, index),
        ));
        favourite_wins(&mut state, index);
    }
    let losers_round = |round: u32| -> Vec<(Option<Pid>, Option<Pid>)> {
        met.iter()
            .filter(|(b, r, _)| *b == l && *r == round)
            .map(|(_, _, s)| *s)
            .collect()
    };
    let pairs = |list: &[(Pid, Pid)]| -> Vec<(Option<Pid>, Option<Pid>)> {
        list.iter().map(|&(a, b)| (Some(a), Some(b))).collect()
    };
    assert_eq!(
        losers_round(1),
        pairs(&[(116, 109), (113, 112), (115, 110), (114, 111)])
    );
    assert_eq!(
        losers_round(2),
        pairs(&[(109, 106), (112, 107), (110, 105), (111, 108)])
    );
    assert_eq!(losers_round(3), pairs(&[(106, 107), (105, 108)]));
    assert_eq!(losers_round(4), pairs(&[(106, 104), (105, 103)]));
    assert_eq!(losers_round(5), pairs(&[(104, 103)]));
    assert_eq!(losers_round(6), pairs(&[(103, 102)]));
    assert!(state.all_games_completed());
    let placed = decided(&state);
    assert_eq!(
        [101, 102, 103, 104, 105, 106, 109, 116].map(|id| placed[&id]),
        [
            (1, 1),
            (2, 2),
            (3, 3),
            (4, 4),
            (5, 6),
            (5, 6),
            (9, 12),
            (13, 16)
        ]
    );
}

#[test]
fn seventeen_players_keep_the_first_round_pair_in_different_halves() {
    // 17 players in a bracket of 32: only 116 and 117 play in winners round 1 (its match 2); the
    // other 15 matches are byes. 117 wins (an upset), so 116 waits in losers round 1 match 1,
    // alone, and goes on to losers round 2 match 1, side a.
    let mut state = begin(Format::DoubleElimination, Settings::default(), 17);
    let (w, l) = (Some(Bracket::Winners), Some(Bracket::Losers));
    let first = at(&state, w, 1, 2);
    assert_eq!(sides(&state, first), (Some(116), Some(117)));
    score(&mut state, first, 0, 2);
    assert_eq!(sides(&state, at(&state, l, 2, 1)), (Some(116), None));
    // Winners round 2 match 1 is 101 against 117; 101 wins. At 17 players tourney drops winners
    // round 2's losers reversed (pattern 111): the loser of match 1 goes to losers round 2
    // match 8, the other half of the losers bracket from 116, so the two cannot meet again
    // before losers round 7, the last before the losers final. The 32-slot row (pattern 010)
    // would send 117 to match 3, in 116's half, where they could meet in losers round 5.
    let second = at(&state, w, 2, 1);
    assert_eq!(sides(&state, second), (Some(101), Some(117)));
    score(&mut state, second, 2, 0);
    assert_eq!(sides(&state, at(&state, l, 2, 8)).1, Some(117));
    let twenty = begin(Format::DoubleElimination, Settings::default(), 20);
    let link = twenty.games[at(&twenty, w, 2, 1)]
        .loser_to
        .expect("a drop-in");
    assert_eq!(
        link.game,
        at(&twenty, l, 2, 3),
        "20 players: the 32-slot row, 010"
    );
}
