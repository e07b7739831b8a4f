//! When each unplayed match of a tournament on stations may be called (DESIGN §20, Times): the
//! room's own calls played forward from the room as it stands, every match lasting the
//! tournament's estimate (its stage's, where the stage's matches have said otherwise), until
//! the event ends. A match's forecast is the time that day calls
//! it, rounded up to the minute (to a tenth of the estimate for shorter matches), never earlier than the `not_before` already published for it (the second promise: a
//! published time never moves earlier); the calls themselves never come before it (the first
//! promise, kept by [`super::callable`]).
//!
//! Who wins does not move the times of an elimination (both players go on, to the next round
//! or the losers' bracket): the day lets side a win, which draws no grand-final reset. A Swiss
//! round not drawn yet has no match to forecast. Pure: the time and the estimate are given.

use std::collections::BTreeMap;

use super::calls::Station;
use super::day::{DayError, Script, Start, Underway, play_from};
use crate::domain::engine::{Outcome, Pid, State};

/// The room of one tournament, as it stands at `now`.
#[derive(Debug, Clone, Copy)]
pub struct Forecast<'a> {
    pub now: i64,
    /// Its stations, in the order calls prefer them; their `serves` names tournament 0.
    pub stations: &'a [Station],
    /// Its matches on a station (tournament 0), each ending when the estimate says.
    pub underway: &'a [Underway],
    /// When each player who has played is rested.
    pub rested_at: &'a BTreeMap<Pid, i64>,
    /// Since when each waiting match has waited, by index.
    pub ready_since: &'a BTreeMap<usize, i64>,
    /// The `not_before` published for each match, by index.
    pub published: &'a [Option<i64>],
    /// How long a match is expected to last (ms).
    pub estimate: i64,
    /// How long a match of a stage is expected to last (ms), by stage number, where the stage's
    /// own matches have said so; the others last [`Forecast::estimate`].
    pub stage_estimates: &'a BTreeMap<u32, i64>,
    /// The least time between a player's matches (ms).
    pub rest: i64,
    /// How much of the time ahead of a match a published time gives back (percent): a time
    /// published a little early is rarely the reason a free station waits, and the day's
    /// lengths vary around the estimate.
    pub lead_percent: i64,
}

/// The `not_before` of every match of `state` (by index) that is neither played nor on a
/// station: when the day forecast calls it, or the one published if later. `None` for the rest,
/// and for every match when no station may take one (all paused).
pub fn not_before(state: &State, room: &Forecast<'_>) -> Result<Vec<Option<i64>>, DayError> {
    let known = state.games.len();
    let mut day = vec![state.clone()];
    let start = Start {
        now: room.now,
        underway: room.underway.to_vec(),
        rested_at: room.rested_at.clone(),
        ready_since: room
            .ready_since
            .iter()
            .map(|(game, since)| ((0, *game), *since))
            .collect(),
    };
    let published = |t: usize, game: usize| -> Option<i64> {
        (t == 0).then(|| room.published.get(game).copied().flatten())?
    };
    let estimate_of = |state: &State, game: usize| -> i64 {
        let stage = state.games.get(game).map(|g| g.stage);
        stage
            .and_then(|stage| room.stage_estimates.get(&stage).copied())
            .unwrap_or(room.estimate)
            .max(1)
    };
    let script = Script {
        rest: room.rest,
        length: &mut |state, game| estimate_of(state, game),
        result: &mut |state, game| side_a_wins(state, game),
        not_before: Some(&published),
        watch: &mut |_, _, _| {},
    };
    let mut times = vec![None; known];
    let played = match play_from(&mut day, room.stations, start, script) {
        // No station may take a match (every one paused, or none serves): nothing can be
        // forecast, and the times published stand.
        Err(DayError::Stuck) => return Ok(times),
        played => played?,
    };
    let underway: Vec<usize> = room.underway.iter().map(|u| u.game).collect();
    for p in played {
        if p.game < known && !underway.contains(&p.game) {
            let promised = room.published.get(p.game).copied().flatten();
            let ahead = (p.called_at - room.now).max(0);
            let lead = ahead * room.lead_percent.clamp(0, 100) / 100;
            let step = (estimate_of(state, p.game) / 10).clamp(SECOND, MINUTE);
            let forecast = rounded_up(p.called_at - lead, step);
            times[p.game] = Some(promised.map_or(forecast, |at| at.max(forecast)));
        }
    }
    Ok(times)
}

const SECOND: i64 = 1_000;
const MINUTE: i64 = 60 * SECOND;

/// A time rounded up to a whole `step`: a minute for matches of ten minutes or more (what players
/// read: "Not before 14:20"), a tenth of the estimate for shorter ones, never under a second; a
/// forecast so rounded does not creep forward a millisecond at a time while a match overruns.
fn rounded_up(at: i64, step: i64) -> i64 {
    let over = at.rem_euclid(step);
    if over == 0 { at } else { at - over + step }
}

/// A result that decides match `game` and draws nothing extra: side a wins; a free-for-all
/// round finishes in the field's order.
fn side_a_wins(state: &State, game: usize) -> Outcome {
    match (state.games[game].a, state.games[game].b) {
        (Some(_), Some(_)) => Outcome::Score {
            score: Some((1, 0)),
            forfeit: None,
        },
        _ => Outcome::Places(state.entrants.iter().map(|e| e.id).collect()),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::domain::Format;
    use crate::domain::engine::Settings;
    use crate::domain::testkit::begin;

    fn started(format: Format, n: i64) -> State {
        begin(format, Settings::default(), n)
    }

    fn stations(count: i64) -> Vec<Station> {
        (1..=count)
            .map(|id| Station {
                id,
                paused: false,
                free: true,
                serves: BTreeSet::from([0]),
            })
            .collect()
    }

    fn forecast(
        state: &State,
        stations: &[Station],
        published: &[Option<i64>],
        rest: i64,
    ) -> Vec<Option<i64>> {
        let room = Forecast {
            now: 0,
            stations,
            underway: &[],
            rested_at: &BTreeMap::new(),
            ready_since: &BTreeMap::new(),
            published,
            estimate: 10 * MINUTE,
            stage_estimates: &BTreeMap::new(),
            rest,
            lead_percent: 0,
        };
        not_before(state, &room).expect("a day forecast to its end")
    }

    /// The forecast of each round's matches, in minutes, by round.
    fn by_round(state: &State, times: &[Option<i64>]) -> BTreeMap<u32, Vec<i64>> {
        let mut rounds: BTreeMap<u32, Vec<i64>> = BTreeMap::new();
        for (g, at) in state.games.iter().zip(times) {
            if let Some(at) = at {
                rounds.entry(g.round).or_default().push(at / MINUTE);
            }
        }
        rounds
    }

    #[test]
    fn an_eight_player_cup_on_two_tables_is_called_in_waves_of_the_estimate() {
        let state = started(Format::SingleElimination, 8);
        let times = forecast(&state, &stations(2), &vec![None; state.games.len()], 0);
        let rounds = by_round(&state, &times);
        assert_eq!(
            rounds[&1],
            vec![0, 0, 10, 10],
            "four first-round matches, two at a time"
        );
        assert_eq!(
            rounds[&2],
            vec![20, 20],
            "the semi-finals once the first round is over"
        );
        assert_eq!(rounds[&3], vec![30], "the final after them");
    }

    #[test]
    fn a_stage_whose_matches_last_longer_is_forecast_at_its_own_length() {
        let state = started(Format::SingleElimination, 4);
        let stage = state.games[0].stage;
        let longer = BTreeMap::from([(stage, 25 * MINUTE)]);
        let room = Forecast {
            now: 0,
            stations: &stations(1),
            underway: &[],
            rested_at: &BTreeMap::new(),
            ready_since: &BTreeMap::new(),
            published: &vec![None; state.games.len()],
            estimate: 10 * MINUTE,
            stage_estimates: &longer,
            rest: 0,
            lead_percent: 0,
        };
        let times = not_before(&state, &room).expect("a day");
        let rounds = by_round(&state, &times);
        assert_eq!(
            rounds[&1],
            vec![0, 25],
            "the second semi-final after the first's 25 minutes"
        );
        assert_eq!(rounds[&2], vec![50], "the final after both");
    }

    #[test]
    fn with_every_station_paused_nothing_is_forecast_and_the_times_published_stand() {
        let state = started(Format::SingleElimination, 4);
        let mut paused = stations(2);
        for station in &mut paused {
            station.paused = true;
        }
        let times = forecast(&state, &paused, &vec![None; state.games.len()], 0);
        assert!(times.iter().all(Option::is_none), "{times:?}");
    }

    #[test]
    fn rest_holds_a_player_back_and_the_forecast_says_so() {
        let state = started(Format::SingleElimination, 4);
        let times = forecast(
            &state,
            &stations(2),
            &vec![None; state.games.len()],
            5 * MINUTE,
        );
        let rounds = by_round(&state, &times);
        assert_eq!(rounds[&1], vec![0, 0]);
        assert_eq!(
            rounds[&2],
            vec![15],
            "the final waits out the finalists' rest"
        );
    }

    #[test]
    fn a_published_time_never_moves_earlier() {
        let state = started(Format::SingleElimination, 4);
        let final_ = state.games.iter().position(|g| g.round == 2).unwrap();
        let mut published = vec![None; state.games.len()];
        published[final_] = Some(42 * MINUTE);
        let times = forecast(&state, &stations(2), &published, 0);
        assert_eq!(
            times[final_],
            Some(42 * MINUTE),
            "the day would call it at 10, but 42 was promised"
        );
        assert_eq!(by_round(&state, &times)[&1], vec![0, 0]);
    }

    #[test]
    fn forecasts_are_rounded_up_to_their_step() {
        assert_eq!(rounded_up(0, MINUTE), 0);
        assert_eq!(rounded_up(1, MINUTE), MINUTE);
        assert_eq!(rounded_up(MINUTE, MINUTE), MINUTE);
        assert_eq!(rounded_up(MINUTE + 1, MINUTE), 2 * MINUTE);
        assert_eq!(rounded_up(-1, MINUTE), 0);
        assert_eq!(rounded_up(2_500, SECOND), 3_000);
    }

    #[test]
    fn a_match_underway_holds_its_table_until_the_estimate_ends_it() {
        let state = started(Format::SingleElimination, 8);
        let first = state.games.iter().position(|g| g.round == 1).unwrap();
        let underway = [Underway {
            tournament: 0,
            game: first,
            station: 1,
            called_at: -4 * MINUTE,
            ends_at: 6 * MINUTE,
        }];
        let stations = stations(1);
        let room = Forecast {
            now: 0,
            stations: &stations,
            underway: &underway,
            rested_at: &BTreeMap::new(),
            ready_since: &BTreeMap::new(),
            published: &vec![None; state.games.len()],
            estimate: 10 * MINUTE,
            stage_estimates: &BTreeMap::new(),
            rest: 0,
            lead_percent: 0,
        };
        let times = not_before(&state, &room).unwrap();
        assert_eq!(
            times[first], None,
            "a match on a station has no forecast of its own"
        );
        assert_eq!(
            by_round(&state, &times)[&1],
            vec![6, 16, 26],
            "the others follow it on the one table"
        );
    }
}
