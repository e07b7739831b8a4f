//! Final places: who finished where, as far as it is decided.
//!
//! Elimination: the champion is 1st, the final's loser 2nd, a third-place match splits 3rd and
//! 4th, and everyone else shares the range of the round they went out in (3-4, 5-8, ...); in double
//! elimination only losers-bracket and grand-final defeats eliminate. A participant still in the
//! running has no place yet. Round robin, Swiss and free-for-all place everyone when the last
//! match is played, by table position. Several stages (groups then playoffs is one case): the last
//! stage places its field, then those who left each earlier stage, later stages first, by their
//! standing there; leavers of a group stage share ranges by group position (all third-placed,
//! then all fourth-placed).

use std::collections::HashMap;

pub use super::elimination::Place;
use super::elimination::elimination_places;
use super::leaderboard::leaderboard;
use super::stages::{Ranked, scoring, stage_order};
use super::table::{Scoring, table};
use crate::domain::engine::{Pid, Stage, State};
use crate::domain::{Format, StageStatus, StageType};

/// The decided places of the field.
pub fn places(state: &State) -> HashMap<Pid, Place> {
    let field: Vec<Pid> = state.entrants.iter().map(|e| e.id).collect();
    let staged = state.stages.len() > 1
        || state
            .stages
            .first()
            .is_some_and(|s| s.stage_type == StageType::Groups);
    if staged {
        return staged_places(state);
    }
    match state.format {
        Format::SingleElimination | Format::DoubleElimination => {
            elimination_places(state, 1, &field, 0)
        }
        Format::RoundRobin | Format::Swiss | Format::FreeForAll => table_places(state),
        Format::GroupsPlayoffs => staged_places(state),
    }
}

fn table_places(state: &State) -> HashMap<Pid, Place> {
    if !state.all_games_completed()
        || state
            .stages
            .iter()
            .any(|s| s.status != crate::domain::StageStatus::Completed)
    {
        return HashMap::new();
    }
    let games: Vec<_> = state.games.iter().collect();
    let order: Vec<(Pid, u32)> = match state.format {
        Format::FreeForAll => leaderboard(&state.entrants, &games)
            .into_iter()
            .map(|r| (r.participant, r.position))
            .collect(),
        Format::Swiss => table(&state.entrants, &games, scoring(state.spec(1).as_ref()))
            .into_iter()
            .map(|r| (r.participant, r.position))
            .collect(),
        _ => table(&state.entrants, &games, Scoring::RoundRobin)
            .into_iter()
            .map(|r| (r.participant, r.position))
            .collect(),
    };
    order
        .into_iter()
        .map(|(id, position)| {
            (
                id,
                Place {
                    place: position,
                    place_to: position,
                },
            )
        })
        .collect()
}

/// Places across stages: those in the last stage drawn by its places, then those who left each
/// earlier stage, later stages first, each by their standing there (equal keys share a range:
/// a group position, an elimination round).
fn staged_places(state: &State) -> HashMap<Pid, Place> {
    let drawn: Vec<&Stage> = state
        .stages
        .iter()
        .filter(|s| s.status != StageStatus::Pending && !s.field.is_empty())
        .collect();
    let Some(last) = drawn.last() else {
        return HashMap::new();
    };
    let mut result = match last.stage_type {
        StageType::SingleElimination | StageType::DoubleElimination => {
            let ids: Vec<Pid> = last.field.iter().map(|e| e.id).collect();
            elimination_places(state, last.number, &ids, 0)
        }
        _ if last.status == StageStatus::Completed => {
            let mut result = HashMap::new();
            share_ranges(&stage_order(state, last.number), 0, &mut result);
            result
        }
        _ => HashMap::new(),
    };
    let mut offset = last.field.len() as u32;
    for pair in drawn.windows(2).rev() {
        let (earlier, later) = (pair[0], pair[1]);
        let left: Vec<Ranked> = stage_order(state, earlier.number)
            .into_iter()
            .filter(|r| !later.has(r.participant))
            .collect();
        offset += share_ranges(&left, offset, &mut result);
    }
    result
}

/// Places `order` (best first) from `offset + 1`: equal keys share a range. Returns how many.
fn share_ranges(order: &[Ranked], offset: u32, result: &mut HashMap<Pid, Place>) -> u32 {
    let mut keys: Vec<u32> = order.iter().map(|r| r.key).collect();
    keys.sort_unstable();
    keys.dedup();
    let mut next = offset + 1;
    for key in keys {
        let at: Vec<Pid> = order
            .iter()
            .filter(|r| r.key == key)
            .map(|r| r.participant)
            .collect();
        let place_to = next + at.len() as u32 - 1;
        for id in at {
            result.insert(
                id,
                Place {
                    place: next,
                    place_to,
                },
            );
        }
        next = place_to + 1;
    }
    order.len() as u32
}

#[cfg(test)]
mod tests {
    //! Worked examples: whole tournaments played through the engine, with the final places
    //! worked out by hand in the comments. Participants are numbered `100 + seed` (101 is seed 1).

    use std::collections::BTreeMap;

    use super::*;
    use crate::domain::engine::{self, Outcome, Settings};
    use crate::domain::standings::{PlaceRow, Standings, standings};
    use crate::domain::testkit::{at, begin, decided, expect, score, sides};
    use crate::domain::{Bracket, MatchStatus, StageStatus, Winner};

    /// The group match between `x` and `y`.
    fn between(state: &State, x: Pid, y: Pid) -> usize {
        state
            .games
            .iter()
            .position(|g| {
                g.group.is_some()
                    && ((g.a, g.b) == (Some(x), Some(y)) || (g.a, g.b) == (Some(y), Some(x)))
            })
            .unwrap_or_else(|| panic!("no group match between {x} and {y}"))
    }

    /// `winner` beats `loser` in their group match, 2-0, whichever sides they are on.
    fn beats(state: &mut State, winner: Pid, loser: Pid) {
        let index = between(state, winner, loser);
        if state.games[index].a == Some(winner) {
            score(state, index, 2, 0);
        } else {
            score(state, index, 0, 2);
        }
    }

    fn completed(state: &State) -> bool {
        state
            .stages
            .iter()
            .all(|s| s.status == StageStatus::Completed)
    }

    fn se(third_place: bool) -> Settings {
        Settings {
            third_place,
            ..Settings::default()
        }
    }

    #[test]
    fn single_elimination_of_eight_with_upsets() {
        // Bracket order 1 8 4 5 2 7 3 6:
        //   QF1 101 v 108   QF2 104 v 105   QF3 102 v 107   QF4 103 v 106
        // Results: 101 beats 108; 105 beats 104 (upset); 107 beats 102 (upset); 103 beats 106.
        //   SF1 101 v 105 (QF1 and QF2 winners): 105 wins (upset).
        //   SF2 107 v 103 (QF3 and QF4 winners): 103 wins.
        //   Final 105 v 103: 103 wins.
        // Places: 103 1st, 105 2nd, semi losers 101 and 107 share 3-4, quarter-final losers
        // 108, 104, 102, 106 share 5-8.
        let mut state = begin(Format::SingleElimination, se(false), 8);
        let qf: Vec<usize> = (1..=4).map(|p| at(&state, None, 1, p)).collect();
        assert_eq!(
            qf.iter().map(|&i| sides(&state, i)).collect::<Vec<_>>(),
            [
                (Some(101), Some(108)),
                (Some(104), Some(105)),
                (Some(102), Some(107)),
                (Some(103), Some(106)),
            ]
        );
        assert!(
            qf.iter()
                .all(|&i| state.games[i].status == MatchStatus::Ready)
        );
        assert!(decided(&state).is_empty(), "nothing decided before play");

        score(&mut state, qf[0], 2, 0);
        score(&mut state, qf[1], 1, 2);
        score(&mut state, qf[2], 0, 2);
        score(&mut state, qf[3], 2, 1);

        // After the quarter-finals only: the four losers share 5-8 (four players above each:
        // the four still in the running), nobody else is placed.
        assert_eq!(
            decided(&state),
            expect(&[(102, (5, 8)), (104, (5, 8)), (106, (5, 8)), (108, (5, 8)),])
        );
        // Standings rows: those still in the running first, by seed; then by place, by seed.
        let rows = match standings(&state) {
            Standings::FinalPlaces(rows) => rows,
            other => panic!("expected final places, got {other:?}"),
        };
        let shared = Some(Place {
            place: 5,
            place_to: 8,
        });
        assert_eq!(
            rows,
            [101, 103, 105, 107]
                .map(|participant| PlaceRow {
                    participant,
                    place: None
                })
                .into_iter()
                .chain([102, 104, 106, 108].map(|participant| PlaceRow {
                    participant,
                    place: shared
                }))
                .collect::<Vec<_>>()
        );

        let (sf1, sf2) = (at(&state, None, 2, 1), at(&state, None, 2, 2));
        assert_eq!(sides(&state, sf1), (Some(101), Some(105)));
        assert_eq!(sides(&state, sf2), (Some(107), Some(103)));
        score(&mut state, sf1, 1, 3);
        score(&mut state, sf2, 0, 2);
        let last = at(&state, None, 3, 1);
        assert_eq!(sides(&state, last), (Some(105), Some(103)));
        assert_eq!(state.games[last].status, MatchStatus::Ready);
        let done = score(&mut state, last, 2, 3);
        assert!(done.tournament_completed);
        assert_eq!(state.games[last].winner, Some(Winner::B));
        assert_eq!(state.games[last].winner_id(), Some(103));

        assert_eq!(
            decided(&state),
            expect(&[
                (101, (3, 4)),
                (102, (5, 8)),
                (103, (1, 1)),
                (104, (5, 8)),
                (105, (2, 2)),
                (106, (5, 8)),
                (107, (3, 4)),
                (108, (5, 8)),
            ])
        );
    }

    /// Single elimination of four with a third-place match, semi-finals played:
    ///   SF1 101 v 104: 101 wins. SF2 102 v 103: 103 wins (upset).
    /// Leaves the final 101 v 103 and the bronze 104 (SF1 loser, side a) v 102 (SF2 loser,
    /// side b); returns (state, final, bronze).
    fn single_of_four_to_the_finals() -> (State, usize, usize) {
        let mut state = begin(Format::SingleElimination, se(true), 4);
        let (sf1, sf2) = (at(&state, None, 1, 1), at(&state, None, 1, 2));
        let last = at(&state, None, 2, 1);
        let bronze = at(&state, Some(Bracket::ThirdPlace), 2, 1);
        assert_eq!(sides(&state, sf1), (Some(101), Some(104)));
        assert_eq!(sides(&state, sf2), (Some(102), Some(103)));
        score(&mut state, sf1, 3, 0);
        score(&mut state, sf2, 1, 3);
        assert_eq!(sides(&state, last), (Some(101), Some(103)));
        assert_eq!(sides(&state, bronze), (Some(104), Some(102)));
        assert_eq!(state.games[last].status, MatchStatus::Ready);
        assert_eq!(state.games[bronze].status, MatchStatus::Ready);
        // The semi losers still play for 3rd: nobody is placed yet.
        assert!(decided(&state).is_empty());
        (state, last, bronze)
    }

    #[test]
    fn a_shared_range_waits_for_its_whole_round() {
        // Four players, no third-place match. Semi-final 1: 101 beats 104. Until semi-final 2 is
        // played, 104 cannot be placed: the other semi's loser will share 3rd-4th with it.
        let mut state = begin(Format::SingleElimination, Settings::default(), 4);
        let (semi1, semi2, final_) = (
            at(&state, None, 1, 1),
            at(&state, None, 1, 2),
            at(&state, None, 2, 1),
        );
        score(&mut state, semi1, 2, 0);
        assert_eq!(decided(&state), BTreeMap::new());
        score(&mut state, semi2, 2, 1);
        assert_eq!(
            decided(&state),
            BTreeMap::from([(103, (3, 4)), (104, (3, 4))])
        );
        score(&mut state, final_, 0, 1);
        assert_eq!(
            decided(&state),
            BTreeMap::from([(101, (2, 2)), (102, (1, 1)), (103, (3, 4)), (104, (3, 4))])
        );
    }

    #[test]
    fn single_elimination_of_four_with_a_third_place_match() {
        // Bronze first: 102 beats 104, so 102 is 3rd and 104 4th (the two finalists, still in
        // the running, are above both). Then the final: 103 beats 101.
        // Places: 103 1st, 101 2nd, 102 3rd, 104 4th, all distinct.
        let (mut state, last, bronze) = single_of_four_to_the_finals();
        let done = score(&mut state, bronze, 1, 2);
        assert!(!done.tournament_completed, "the final is still to play");
        assert_eq!(decided(&state), expect(&[(102, (3, 3)), (104, (4, 4))]));

        let done = score(&mut state, last, 0, 2);
        assert!(done.tournament_completed);
        assert_eq!(
            decided(&state),
            expect(&[(101, (2, 2)), (102, (3, 3)), (103, (1, 1)), (104, (4, 4)),])
        );
    }

    #[test]
    fn single_elimination_of_four_final_before_the_bronze() {
        // Final first: 103 beats 101. The bronze players 104 and 102 can only finish 3rd or
        // 4th, so 103 is 1st and 101 2nd already, and 104 and 102 are still unplaced.
        // (Today the two bronze players, having no place, count as finishing above the
        // finalists: 103 is given 3rd and 101 4th.)
        let (mut state, last, bronze) = single_of_four_to_the_finals();
        let done = score(&mut state, last, 0, 2);
        assert!(!done.tournament_completed, "the bronze is still to play");
        assert_eq!(decided(&state), expect(&[(101, (2, 2)), (103, (1, 1))]));

        assert!(score(&mut state, bronze, 1, 2).tournament_completed);
        assert_eq!(
            decided(&state),
            expect(&[(101, (2, 2)), (102, (3, 3)), (103, (1, 1)), (104, (4, 4)),])
        );
    }

    #[test]
    fn single_elimination_of_five_gives_byes_to_the_top_three_seeds() {
        // 5 players in an 8-slot bracket (order 1 8 4 5 2 7 3 6): seeds 6, 7, 8 are empty, so
        //   R1-1 101 v -   R1-2 104 v 105   R1-3 102 v -   R1-4 103 v -
        // Seeds 1, 2 and 3 have byes, completed at the start; only 104 v 105 is played.
        // 105 beats 104; SF1 101 v 105: 101 wins; SF2 102 v 103: 103 wins; final 101 v 103:
        // 101 wins. Places: 101 1st, 103 2nd, semi losers 105 and 102 share 3-4, and 104,
        // the one first-round loser, is alone in the first-round range: 4 players above it,
        // so 5-5.
        let mut state = begin(Format::SingleElimination, se(false), 5);
        let r1: Vec<usize> = (1..=4).map(|p| at(&state, None, 1, p)).collect();
        assert_eq!(
            r1.iter().map(|&i| sides(&state, i)).collect::<Vec<_>>(),
            [
                (Some(101), None),
                (Some(104), Some(105)),
                (Some(102), None),
                (Some(103), None),
            ]
        );
        for &bye in &[r1[0], r1[2], r1[3]] {
            let game = &state.games[bye];
            assert!(game.bye, "match {bye} is a bye");
            assert_eq!(
                (game.status, game.winner),
                (MatchStatus::Completed, Some(Winner::A))
            );
        }
        assert!(!state.games[r1[1]].bye);
        assert_eq!(state.games[r1[1]].status, MatchStatus::Ready);
        // The byes have sent their winners on: SF2 is ready, SF1 waits for 104 v 105.
        let (sf1, sf2) = (at(&state, None, 2, 1), at(&state, None, 2, 2));
        assert_eq!(sides(&state, sf1), (Some(101), None));
        assert_eq!(state.games[sf1].status, MatchStatus::Pending);
        assert_eq!(sides(&state, sf2), (Some(102), Some(103)));
        assert_eq!(state.games[sf2].status, MatchStatus::Ready);
        assert!(decided(&state).is_empty(), "a bye places nobody");

        score(&mut state, r1[1], 0, 2);
        assert_eq!(sides(&state, sf1), (Some(101), Some(105)));
        assert_eq!(decided(&state), expect(&[(104, (5, 5))]));
        score(&mut state, sf1, 2, 1);
        score(&mut state, sf2, 0, 2);
        let last = at(&state, None, 3, 1);
        assert_eq!(sides(&state, last), (Some(101), Some(103)));
        assert!(score(&mut state, last, 3, 2).tournament_completed);
        assert_eq!(
            decided(&state),
            expect(&[
                (101, (1, 1)),
                (102, (3, 4)),
                (103, (2, 2)),
                (104, (5, 5)),
                (105, (3, 4)),
            ])
        );
    }

    #[test]
    fn single_elimination_of_three_with_a_third_place_match() {
        // 4-slot bracket: SF1 101 v - (bye), SF2 102 v 103. The bronze takes the semi losers:
        // SF1 has none, so the bronze is a bye for SF2's loser, who finishes 3rd unopposed.
        // 103 beats 102; final 101 v 103: 101 wins. Places: 101 1st, 103 2nd, 102 3rd.
        let mut state = begin(Format::SingleElimination, se(true), 3);
        let sf2 = at(&state, None, 1, 2);
        let bronze = at(&state, Some(Bracket::ThirdPlace), 2, 1);
        score(&mut state, sf2, 1, 2);
        assert!(state.games[bronze].bye);
        assert_eq!(sides(&state, bronze), (None, Some(102)));
        assert_eq!(state.games[bronze].winner_id(), Some(102));
        let last = at(&state, None, 2, 1);
        assert!(score(&mut state, last, 2, 0).tournament_completed);
        assert_eq!(
            decided(&state),
            expect(&[(101, (1, 1)), (102, (3, 3)), (103, (2, 2))])
        );
    }

    /// Double elimination of four, played up to the first grand final:
    ///   WB1-1 101 v 104: 101 wins. WB1-2 102 v 103: 102 wins.
    ///   LB1 104 v 103 (the two WB round-1 losers): 103 wins, 104 is out (first LB loser).
    ///   WB final 101 v 102: 101 wins, 102 drops to LB2 side b.
    ///   LB2 (losers final) 103 v 102: 102 wins, 103 is out.
    /// Leaves the grand final 101 (winners-bracket side a) v 102 (losers-bracket side b).
    fn double_of_four_to_the_grand_final() -> (State, usize) {
        let mut state = begin(Format::DoubleElimination, Settings::default(), 4);
        let w = Some(Bracket::Winners);
        let l = Some(Bracket::Losers);
        let (wb1, wb2) = (at(&state, w, 1, 1), at(&state, w, 1, 2));
        assert_eq!(sides(&state, wb1), (Some(101), Some(104)));
        assert_eq!(sides(&state, wb2), (Some(102), Some(103)));
        score(&mut state, wb1, 2, 0);
        score(&mut state, wb2, 2, 1);
        let lb1 = at(&state, l, 1, 1);
        assert_eq!(sides(&state, lb1), (Some(104), Some(103)));
        score(&mut state, lb1, 0, 2);
        assert_eq!(decided(&state), expect(&[(104, (4, 4))]));
        let wf = at(&state, w, 2, 1);
        assert_eq!(sides(&state, wf), (Some(101), Some(102)));
        score(&mut state, wf, 2, 1);
        let lb2 = at(&state, l, 2, 1);
        assert_eq!(sides(&state, lb2), (Some(103), Some(102)));
        score(&mut state, lb2, 1, 2);
        // 103 lost the losers final (key above the LB1 loser): 3rd; 101, 102 still in.
        assert_eq!(decided(&state), expect(&[(103, (3, 3)), (104, (4, 4))]));
        let gf = at(&state, Some(Bracket::GrandFinal), 1, 1);
        assert_eq!(sides(&state, gf), (Some(101), Some(102)));
        assert_eq!(state.games[gf].status, MatchStatus::Ready);
        (state, gf)
    }

    #[test]
    fn double_elimination_of_four_with_a_grand_final_reset() {
        // 102 (losers-bracket side) wins the first grand final: both have one loss, so a reset
        // match (grand final round 2, same sides) is created and nobody new is placed. 102 wins
        // the reset too: 102 1st, 101 2nd, 103 3rd, 104 4th.
        let (mut state, gf) = double_of_four_to_the_grand_final();
        assert_eq!(
            state.games.len(),
            6,
            "no reset match before it is called for"
        );
        let done = score(&mut state, gf, 1, 3);
        assert_eq!(done.created, [6]);
        assert!(!done.tournament_completed);
        let reset = at(&state, Some(Bracket::GrandFinal), 2, 1);
        assert_eq!(reset, 6);
        assert_eq!(sides(&state, reset), (Some(101), Some(102)));
        assert_eq!(state.games[reset].status, MatchStatus::Ready);
        assert_eq!(decided(&state), expect(&[(103, (3, 3)), (104, (4, 4))]));

        let done = score(&mut state, reset, 2, 3);
        assert!(done.tournament_completed);
        assert!(completed(&state));
        assert_eq!(
            decided(&state),
            expect(&[(101, (2, 2)), (102, (1, 1)), (103, (3, 3)), (104, (4, 4)),])
        );
    }

    #[test]
    fn double_elimination_of_four_decided_by_the_first_grand_final() {
        // 101 (winners-bracket side, unbeaten) wins the first grand final: decided, no reset.
        let (mut state, gf) = double_of_four_to_the_grand_final();
        let done = score(&mut state, gf, 3, 0);
        assert!(done.created.is_empty());
        assert!(done.tournament_completed);
        assert_eq!(state.games.len(), 6);
        assert!(
            !state
                .games
                .iter()
                .any(|g| g.bracket == Some(Bracket::GrandFinal) && g.round == 2)
        );
        assert_eq!(
            decided(&state),
            expect(&[(101, (1, 1)), (102, (2, 2)), (103, (3, 3)), (104, (4, 4)),])
        );
    }

    #[test]
    fn double_elimination_of_three_with_byes_in_both_brackets() {
        // 4-slot bracket: WB1-1 101 v - (bye, completed at the start), WB1-2 102 v 103.
        // LB1 takes the WB round-1 losers: WB1-1 has none, so LB1 is a bye for WB1-2's loser.
        // 103 beats 102 (upset): 102 drops to LB1 side b, which completes as a bye at once and
        // sends 102 to LB2 side a. WB final 101 v 103: 103 wins, 101 drops to LB2 side b.
        // LB2 102 v 101: 101 wins, 102 out: 3rd. Grand final 103 v 101: 103 (unbeaten) wins.
        // Places: 103 1st, 101 2nd, 102 3rd; exactly one 1st.
        let mut state = begin(Format::DoubleElimination, Settings::default(), 3);
        let w = Some(Bracket::Winners);
        let l = Some(Bracket::Losers);
        let (wb1, wb2, lb1) = (
            at(&state, w, 1, 1),
            at(&state, w, 1, 2),
            at(&state, l, 1, 1),
        );
        assert_eq!(sides(&state, wb1), (Some(101), None));
        assert!(state.games[wb1].bye && state.games[wb1].is_completed());
        assert_eq!(state.games[lb1].status, MatchStatus::Pending);
        assert!(!state.games[lb1].bye);

        let done = score(&mut state, wb2, 1, 2);
        assert_eq!(done.byes, [lb1]);
        assert!(state.games[lb1].bye);
        assert_eq!(sides(&state, lb1), (None, Some(102)));
        assert_eq!(state.games[lb1].winner, Some(Winner::B));
        assert!(decided(&state).is_empty(), "a bye eliminates nobody");

        let wf = at(&state, w, 2, 1);
        assert_eq!(sides(&state, wf), (Some(101), Some(103)));
        score(&mut state, wf, 0, 2);
        let lb2 = at(&state, l, 2, 1);
        assert_eq!(sides(&state, lb2), (Some(102), Some(101)));
        score(&mut state, lb2, 1, 2);
        let gf = at(&state, Some(Bracket::GrandFinal), 1, 1);
        assert_eq!(sides(&state, gf), (Some(103), Some(101)));
        assert!(score(&mut state, gf, 2, 0).tournament_completed);
        let places = decided(&state);
        assert_eq!(
            places,
            expect(&[(101, (2, 2)), (102, (3, 3)), (103, (1, 1))])
        );
        assert_eq!(places.values().filter(|p| p.0 == 1).count(), 1);
    }

    #[test]
    fn double_elimination_of_five_with_an_empty_losers_match() {
        // 8-slot bracket (order 1 8 4 5 2 7 3 6):
        //   WB1-1 101 v -   WB1-2 104 v 105   WB1-3 102 v -   WB1-4 103 v -
        // LB1-2 takes the losers of WB1-3 and WB1-4, both byes: nobody on either side, an empty
        // bye completed with no winner. LB2-2 then faces nobody on side a and gets the loser of
        // WB2-1 (losers of WB round 2 drop in reverse order) on side b: another bye.
        //   WB1-2: 104 beats 105; 105 drops to LB1-1 (side a nobody): a bye to LB2-1 side a.
        //   WB2-1 101 v 104: 101 wins; 104 drops to LB2-2: a bye to LB3 side b.
        //   WB2-2 102 v 103: 102 wins; 103 drops to LB2-1 side b.
        //   LB2-1 105 v 103: 103 wins, 105 out (the only LB round-2 loser: 5-5).
        //   LB3 103 v 104: 104 wins, 103 out: 4th.
        //   WB final 101 v 102: 101 wins, 102 drops to LB4 side b.
        //   LB4 104 v 102: 102 wins, 104 out: 3rd.
        //   Grand final 101 v 102: 101 wins. 101 1st, 102 2nd.
        let mut state = begin(Format::DoubleElimination, Settings::default(), 5);
        let w = Some(Bracket::Winners);
        let l = Some(Bracket::Losers);
        let empty = at(&state, l, 1, 2);
        assert_eq!(sides(&state, empty), (None, None));
        assert!(state.games[empty].bye && state.games[empty].is_completed());
        assert_eq!(state.games[empty].winner, None);

        let wb1_2 = at(&state, w, 1, 2);
        assert_eq!(sides(&state, wb1_2), (Some(104), Some(105)));
        score(&mut state, wb1_2, 2, 0);
        let lb1 = at(&state, l, 1, 1);
        assert!(state.games[lb1].bye);
        assert_eq!(state.games[lb1].winner_id(), Some(105));
        let wb2_1 = at(&state, w, 2, 1);
        assert_eq!(sides(&state, wb2_1), (Some(101), Some(104)));
        score(&mut state, wb2_1, 2, 0);
        let lb2_2 = at(&state, l, 2, 2);
        assert!(state.games[lb2_2].bye);
        assert_eq!(sides(&state, lb2_2), (None, Some(104)));
        let wb2_2 = at(&state, w, 2, 2);
        assert_eq!(sides(&state, wb2_2), (Some(102), Some(103)));
        score(&mut state, wb2_2, 2, 0);
        let lb2_1 = at(&state, l, 2, 1);
        assert_eq!(sides(&state, lb2_1), (Some(105), Some(103)));
        score(&mut state, lb2_1, 0, 2);
        let lb3 = at(&state, l, 3, 1);
        assert_eq!(sides(&state, lb3), (Some(103), Some(104)));
        score(&mut state, lb3, 0, 2);
        let wf = at(&state, w, 3, 1);
        assert_eq!(sides(&state, wf), (Some(101), Some(102)));
        score(&mut state, wf, 2, 0);
        let lb4 = at(&state, l, 4, 1);
        assert_eq!(sides(&state, lb4), (Some(104), Some(102)));
        score(&mut state, lb4, 0, 2);
        let gf = at(&state, Some(Bracket::GrandFinal), 1, 1);
        assert_eq!(sides(&state, gf), (Some(101), Some(102)));
        assert!(score(&mut state, gf, 2, 0).tournament_completed);
        assert_eq!(
            decided(&state),
            expect(&[
                (101, (1, 1)),
                (102, (2, 2)),
                (103, (4, 4)),
                (104, (3, 3)),
                (105, (5, 5)),
            ])
        );
    }

    #[test]
    fn groups_then_playoffs_of_eight() {
        // Snake draw into 2 groups: A gets seeds 1 4 5 8, B gets 2 3 6 7.
        // Group A: 101 beats everyone; 105 beats 104 and 108; 104 beats 108.
        //   Table: 101 9 pts, 105 6, 104 3, 108 0.
        // Group B: 103 beats everyone; 102 beats 106 and 107; 106 beats 107.
        //   Table: 103 9 pts, 102 6, 106 3, 107 0.
        // Playoff field, winners first in group order then runners-up: 101 (A1, seed 1),
        // 103 (B1, seed 2), 105 (A2, seed 3), 102 (B2, seed 4). Bracket order 1 4 2 3:
        //   SF1 A1 v B2 = 101 v 102,  SF2 B1 v A2 = 103 v 105.
        // Playoff: 102 beats 101, 103 beats 105, final 103 beats 102.
        // Places: 103 1st, 102 2nd, 101 and 105 3-4; the group thirds 104 and 106 share 5-6, the
        // group fourths 108 and 107 share 7-8.
        let settings = Settings {
            group_count: Some(2),
            advance_per_group: Some(2),
            ..Settings::default()
        };
        let mut state = begin(Format::GroupsPlayoffs, settings, 8);
        assert_eq!(
            state.games.len(),
            12,
            "two round robins of four: 6 matches each"
        );
        let members = |state: &State, label: &str| {
            let mut ids: Vec<Pid> = state
                .games
                .iter()
                .filter(|g| g.group.as_deref() == Some(label))
                .flat_map(|g| [g.a, g.b])
                .flatten()
                .collect();
            ids.sort_unstable();
            ids.dedup();
            ids
        };
        assert_eq!(members(&state, "A"), [101, 104, 105, 108]);
        assert_eq!(members(&state, "B"), [102, 103, 106, 107]);

        for (winner, loser) in [
            (101, 104),
            (101, 105),
            (101, 108),
            (105, 104),
            (105, 108),
            (104, 108),
            (103, 102),
            (103, 106),
            (103, 107),
            (102, 106),
            (102, 107),
        ] {
            beats(&mut state, winner, loser);
        }
        assert!(matches!(standings(&state), Standings::Groups(_)));
        assert!(
            decided(&state).is_empty(),
            "no places while groups are played"
        );
        assert_eq!(
            state.games.len(),
            12,
            "no playoff before the last group match"
        );

        // The last group match draws the playoff.
        let index = between(&state, 106, 107);
        let (a, b) = if state.games[index].a == Some(106) {
            (1, 0)
        } else {
            (0, 1)
        };
        let done = score(&mut state, index, a, b);
        assert_eq!(done.created, [12, 13, 14]);
        assert!(!done.tournament_completed);
        assert_eq!(state.stages[0].status, StageStatus::Completed);
        assert_eq!(state.stages[1].status, StageStatus::Running);
        let (sf1, sf2) = (at(&state, None, 1, 1), at(&state, None, 1, 2));
        assert_eq!(sides(&state, sf1), (Some(101), Some(102)), "A1 v B2");
        assert_eq!(sides(&state, sf2), (Some(103), Some(105)), "B1 v A2");
        assert!(
            [sf1, sf2]
                .iter()
                .all(|&i| state.games[i].stage == 2 && state.games[i].status == MatchStatus::Ready)
        );

        // Those out in the groups are placed as soon as the playoff is drawn.
        assert!(matches!(standings(&state), Standings::FinalPlaces(_)));
        assert_eq!(
            decided(&state),
            expect(&[(104, (5, 6)), (106, (5, 6)), (107, (7, 8)), (108, (7, 8)),])
        );

        score(&mut state, sf1, 1, 2);
        score(&mut state, sf2, 2, 0);
        let last = at(&state, None, 2, 1);
        assert_eq!(sides(&state, last), (Some(102), Some(103)));
        assert!(score(&mut state, last, 0, 2).tournament_completed);
        assert!(completed(&state));
        assert_eq!(
            decided(&state),
            expect(&[
                (101, (3, 4)),
                (102, (2, 2)),
                (103, (1, 1)),
                (104, (5, 6)),
                (105, (3, 4)),
                (106, (5, 6)),
                (107, (7, 8)),
                (108, (7, 8)),
            ])
        );
    }

    #[test]
    fn free_for_all_of_four_over_two_rounds() {
        // Scale 10 6 3 1.
        //   Round 1: 103 1st (10), 101 2nd (6), 104 3rd (3), 102 4th (1).
        //   Round 2: 104 1st (10), 103 2nd (6), 102 3rd (3), 101 4th (1).
        // Totals: 103 16, 104 13, 101 7, 102 4: places 103 1st, 104 2nd, 101 3rd, 102 4th.
        let settings = Settings {
            rounds: Some(2),
            points_scale: Some(vec![10, 6, 3, 1]),
            ..Settings::default()
        };
        let mut state = begin(Format::FreeForAll, settings, 4);
        assert_eq!(state.games.len(), 2);
        let round1 = engine::report(&mut state, 0, &Outcome::Places(vec![103, 101, 104, 102]))
            .expect("round 1");
        assert!(!round1.tournament_completed);
        assert!(
            decided(&state).is_empty(),
            "no places before the last round"
        );
        // While played: the leaderboard, by points.
        let Standings::Leaderboard(rows) = standings(&state) else {
            panic!("expected the leaderboard");
        };
        let points: Vec<(Pid, u64)> = rows.iter().map(|r| (r.participant, r.points)).collect();
        assert_eq!(points, [(103, 10), (101, 6), (104, 3), (102, 1)]);

        let round2 = engine::report(&mut state, 1, &Outcome::Places(vec![104, 103, 102, 101]))
            .expect("round 2");
        assert!(round2.tournament_completed);
        assert!(
            matches!(standings(&state), Standings::Leaderboard(_)),
            "a finished free-for-all keeps its leaderboard"
        );
        assert!(crate::domain::standings::final_place_rows(&state).is_some());
        let games: Vec<_> = state.games.iter().collect();
        let board: Vec<(Pid, u64, u32)> = super::leaderboard(&state.entrants, &games)
            .iter()
            .map(|r| (r.participant, r.points, r.rank))
            .collect();
        assert_eq!(
            board,
            [(103, 16, 1), (104, 13, 2), (101, 7, 3), (102, 4, 4)]
        );
        assert_eq!(
            decided(&state),
            expect(&[(101, (3, 3)), (102, (4, 4)), (103, (1, 1)), (104, (2, 2)),])
        );
    }
}
