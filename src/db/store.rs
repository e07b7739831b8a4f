//! A tournament as stored, turned into the engine's [`State`] (for the service's writes and the
//! readers' standings alike), and the engine's changes written back: only the rows that differ are
//! touched.
//!
//! Every conversion from a row is checked: a value out of range or a link to a match that is not
//! there is [`DbError::Corrupt`], never a silent default. It never decides anything: the rules are
//! the engine's.

use std::collections::HashMap;

use super::claims::{self, ClosedClaimRow};
use super::matches::{self, Destination, MatchRow, MatchUpdate, NewMatch, ResultRow};
use super::participants::{self, ParticipantRow};
use super::stages::{self, StageEntrantRow, StagePlanRow, StageRow};
use super::tournaments::{self, TournamentRow};
use super::{Conn, DbError};
use crate::domain::engine::{
    Entrant, Game, Link, Placing, Settings, Stage, StageSpec, State, Take, Thresholds,
};
use crate::domain::standings::final_places::places;
use crate::domain::{MatchStatus, Side};
use crate::ids::{MatchId, ParticipantId, StageId};

/// What [`Snapshot::save`] wrote.
#[must_use]
pub struct Saved {
    /// The id of every match of the state saved, by index.
    pub ids: Vec<MatchId>,
    /// Players' claims the write made moot, moved to `closed_claims`: the caller announces
    /// their end.
    pub closed: Vec<ClosedClaimRow>,
}

/// A tournament's rows and the engine state built from them.
pub struct Snapshot {
    pub tournament: TournamentRow,
    pub participants: Vec<ParticipantRow>,
    pub stages: Vec<StageRow>,
    /// The players of each stage drawn from the one before, as stored.
    pub stage_entrants: Vec<StageEntrantRow>,
    /// Matches in creation order: `matches[i]` is `state.games[i]` as loaded.
    pub matches: Vec<MatchRow>,
    pub results: Vec<ResultRow>,
    pub state: State,
}

impl Snapshot {
    pub async fn load(mut conn: Conn<'_>, tournament: TournamentRow) -> Result<Snapshot, DbError> {
        let participants = participants::list(conn.reborrow(), tournament.id).await?;
        let stage_rows = stages::list(conn.reborrow(), tournament.id).await?;
        let plans = stages::list_plans(conn.reborrow(), tournament.id).await?;
        // Only a stage after the first has players of its own stored.
        let stage_entrants = if stage_rows.len() > 1 {
            stages::list_entrants(conn.reborrow(), tournament.id).await?
        } else {
            Vec::new()
        };
        let rows = matches::list_in_creation_order(conn.reborrow(), tournament.id).await?;
        let results = matches::list_results(conn, tournament.id).await?;
        let stored = Stored {
            tournament: &tournament,
            participants: &participants,
            stages: &stage_rows,
            plans: &plans,
            stage_entrants: &stage_entrants,
            matches: &rows,
            results: &results,
        };
        let state = build_state(&stored)?;
        Ok(Snapshot {
            tournament,
            participants,
            stages: stage_rows,
            stage_entrants,
            matches: rows,
            results,
            state,
        })
    }

    /// The index in `state.games` of the match with this id, if it is this tournament's.
    pub fn index_of(&self, id: MatchId) -> Option<usize> {
        self.matches.iter().position(|row| row.id == id)
    }

    /// The matches of `after` (their ids by index: what [`Snapshot::save`] returned) that are
    /// ready between two known sides and were not, between those sides, as loaded: each is a
    /// `match.ready`. Byes and free-for-all rounds are never among them.
    pub fn newly_ready(&self, after: &State, ids: &[MatchId]) -> Vec<MatchId> {
        let before: HashMap<MatchId, &MatchRow> =
            self.matches.iter().map(|row| (row.id, row)).collect();
        after
            .games
            .iter()
            .zip(ids)
            .filter(|(game, _)| {
                game.status == MatchStatus::Ready
                    && !game.bye
                    && game.a.is_some()
                    && game.b.is_some()
            })
            .filter(|(game, id)| {
                before.get(id).is_none_or(|row| {
                    row.status != MatchStatus::Ready
                        || row.a_participant_id.map(ParticipantId::raw) != game.a
                        || row.b_participant_id.map(ParticipantId::raw) != game.b
                })
            })
            .map(|(_, &id)| id)
            .collect()
    }

    /// Participants by id, with their names.
    pub fn names(&self) -> HashMap<ParticipantId, String> {
        self.participants
            .iter()
            .map(|p| (p.id, p.name.clone()))
            .collect()
    }

    /// Writes what differs between the loaded state and `after`: stages, matches (new ones
    /// inserted, `removed` ones deleted), free-for-all results, seeds and places; and, in the same
    /// write, ends every player's claim it settled or made moot (`claims::close_stale`): a claim
    /// never outlives the pairing it was made on, whoever changed it. Returns the id of every
    /// match of `after`, by index, and the claims closed without their result standing.
    pub async fn save(
        &self,
        mut conn: Conn<'_>,
        after: &State,
        removed: &[MatchId],
        now: i64,
    ) -> Result<Saved, DbError> {
        let mut closed = Vec::new();
        for &id in removed {
            closed.extend(claims::close_of_match(conn.reborrow(), id, now).await?);
            matches::delete(conn.reborrow(), id).await?;
        }
        let stage_ids = self.save_stages(conn.reborrow(), after).await?;
        let stage_id = |number: u32| {
            stage_ids
                .get(&number)
                .copied()
                .ok_or_else(|| DbError::Corrupt(format!("stage {number} is missing")))
        };

        let mut ids = Vec::with_capacity(after.games.len());
        for game in &after.games {
            let id = match game.id {
                Some(id) => MatchId::from_raw(id),
                None => {
                    let new = NewMatch {
                        tournament_id: self.tournament.id,
                        stage_id: stage_id(game.stage)?,
                        bracket: game.bracket,
                        group_label: game.group.as_deref(),
                        round: i64::from(game.round),
                        position: i64::from(game.position),
                        status: game.status,
                        a_participant_id: None,
                        b_participant_id: None,
                        bye: false,
                        score_a: None,
                        score_b: None,
                        winner: None,
                        forfeit: false,
                        scheduled_at: None,
                        completed_at: None,
                        now,
                    };
                    matches::insert(conn.reborrow(), &new).await?.id
                }
            };
            ids.push(id);
        }
        let by_id: HashMap<MatchId, &MatchRow> =
            self.matches.iter().map(|row| (row.id, row)).collect();
        let mut stored_results: HashMap<MatchId, Vec<&ResultRow>> = HashMap::new();
        for result in &self.results {
            stored_results
                .entry(result.match_id)
                .or_default()
                .push(result);
        }
        let destination = |link: Option<Link>| -> Result<Option<Destination>, DbError> {
            link.map(|l| {
                let match_id = ids.get(l.game).copied().ok_or_else(|| {
                    DbError::Corrupt(format!("a link leads to match {} of none", l.game))
                })?;
                Ok(Destination {
                    match_id,
                    slot: l.side,
                })
            })
            .transpose()
        };
        for (game, &id) in after.games.iter().zip(&ids) {
            let stored = by_id.get(&id).copied();
            let completed_at = match (game.is_completed(), stored) {
                (false, _) => None,
                (true, Some(row)) if row.status == MatchStatus::Completed => row.completed_at,
                (true, _) => Some(now),
            };
            let update = MatchUpdate {
                status: game.status,
                a_participant_id: game.a.map(ParticipantId::from_raw),
                b_participant_id: game.b.map(ParticipantId::from_raw),
                bye: game.bye,
                score_a: game.score_a.map(i64::from),
                score_b: game.score_b.map(i64::from),
                winner: game.winner,
                forfeit: game.forfeit,
                winner_to: destination(game.winner_to)?,
                loser_to: destination(game.loser_to)?,
                completed_at,
                now,
            };
            if stored.is_none_or(|row| differs(row, &update)) {
                matches::update(conn.reborrow(), id, &update).await?;
            }
            let results: Vec<ResultRow> = game
                .results
                .iter()
                .map(|p| ResultRow {
                    match_id: id,
                    participant_id: ParticipantId::from_raw(p.participant),
                    place: i64::from(p.place),
                    points: i64::from(p.points),
                })
                .collect();
            let before = stored_results.get(&id).map_or(&[][..], Vec::as_slice);
            if results.iter().ne(before.iter().copied()) {
                matches::replace_results(conn.reborrow(), id, &results).await?;
            }
        }
        self.save_participants(conn.reborrow(), after).await?;
        closed.extend(claims::close_stale(conn.reborrow(), self.tournament.id, now).await?);
        tournaments::touch(conn, self.tournament.id, now).await?;
        Ok(Saved { ids, closed })
    }

    /// Inserts the stages `after` added, updates changed statuses, and stores the players of
    /// every stage after the first whose field changed (drawn, or reseeded); returns ids by
    /// number.
    async fn save_stages(
        &self,
        mut conn: Conn<'_>,
        after: &State,
    ) -> Result<HashMap<u32, StageId>, DbError> {
        let mut ids: HashMap<u32, StageId> = HashMap::new();
        for row in &self.stages {
            ids.insert(stage_number(row)?, row.id);
        }
        for stage in &after.stages {
            let stored = self
                .stages
                .iter()
                .find(|s| s.number == i64::from(stage.number));
            let id = match stored {
                Some(row) => {
                    if row.status != stage.status {
                        stages::set_status(conn.reborrow(), row.id, stage.status).await?;
                    }
                    row.id
                }
                None => {
                    let name = after
                        .spec(stage.number)
                        .map_or_else(|| "Stage".to_owned(), |spec| spec.name);
                    let row = stages::insert(
                        conn.reborrow(),
                        self.tournament.id,
                        i64::from(stage.number),
                        stage.stage_type,
                        &name,
                        stage.status,
                    )
                    .await?;
                    ids.insert(stage.number, row.id);
                    row.id
                }
            };
            if stage.number > 1 && !stage.field.is_empty() {
                let field: Vec<(ParticipantId, i64)> = stage
                    .field
                    .iter()
                    .map(|e| (ParticipantId::from_raw(e.id), i64::from(e.seed)))
                    .collect();
                let before: Vec<(ParticipantId, i64)> = self
                    .stage_entrants
                    .iter()
                    .filter(|e| e.stage_id == id)
                    .map(|e| (e.participant_id, e.seed))
                    .collect();
                if before != field {
                    stages::replace_entrants(conn.reborrow(), id, &field).await?;
                }
            }
        }
        Ok(ids)
    }

    /// Seeds given at the start, and places as they are decided.
    async fn save_participants(&self, mut conn: Conn<'_>, after: &State) -> Result<(), DbError> {
        let decided = places(after);
        for participant in &self.participants {
            let Some(entrant) = after.entrants.iter().find(|e| e.id == participant.id.raw()) else {
                continue;
            };
            if participant.seed != Some(i64::from(entrant.seed)) {
                participants::set_seed(conn.reborrow(), participant.id, i64::from(entrant.seed))
                    .await?;
            }
            let place = decided
                .get(&participant.id.raw())
                .map(|p| (i64::from(p.place), i64::from(p.place_to)));
            if (participant.place, participant.place_to) != (place.map(|p| p.0), place.map(|p| p.1))
            {
                participants::set_place(conn.reborrow(), participant.id, place).await?;
            }
        }
        Ok(())
    }
}

fn differs(row: &MatchRow, update: &MatchUpdate) -> bool {
    // A stored link without its side never equals a destination, so it is rewritten whole.
    let link = |id: Option<MatchId>, slot: Option<Side>| match (id, slot) {
        (Some(match_id), Some(slot)) => Some(Some(Destination { match_id, slot })),
        (None, None) => Some(None),
        _ => None,
    };
    row.status != update.status
        || row.a_participant_id != update.a_participant_id
        || row.b_participant_id != update.b_participant_id
        || row.bye != update.bye
        || row.score_a != update.score_a
        || row.score_b != update.score_b
        || row.winner != update.winner
        || row.forfeit != update.forfeit
        || link(row.winner_to_match_id, row.winner_to_slot) != Some(update.winner_to)
        || link(row.loser_to_match_id, row.loser_to_slot) != Some(update.loser_to)
        || row.completed_at != update.completed_at
}

/// A whole number the engine counts in (a round, a score, a place), checked.
fn count(value: i64, what: &str, minimum: u32) -> Result<u32, DbError> {
    u32::try_from(value)
        .ok()
        .filter(|v| *v >= minimum)
        .ok_or_else(|| DbError::Corrupt(format!("{what} is {value}")))
}

fn optional_count(value: Option<i64>, what: &str) -> Result<Option<u32>, DbError> {
    value.map(|v| count(v, what, 0)).transpose()
}

fn stage_number(row: &StageRow) -> Result<u32, DbError> {
    count(row.number, &format!("the number of stage {}", row.id), 1)
}

/// A tournament's rows, as loaded, that its state is built from.
struct Stored<'a> {
    tournament: &'a TournamentRow,
    participants: &'a [ParticipantRow],
    stages: &'a [StageRow],
    plans: &'a [StagePlanRow],
    stage_entrants: &'a [StageEntrantRow],
    matches: &'a [MatchRow],
    results: &'a [ResultRow],
}

/// An added stage's row as the engine plans it, checked.
fn spec_of(row: &StagePlanRow) -> Result<StageSpec, DbError> {
    let what = |field: &str| format!("the {field} of stage plan {}", row.id);
    let take = match (row.take, row.per_group) {
        (Some(n), None) => Take::Best(count(n, &what("take"), 2)?),
        (None, Some(m)) => Take::PerGroup(count(m, &what("per-group take"), 1)?),
        _ => {
            return Err(DbError::Corrupt(format!(
                "{} has both or neither of take and per_group",
                what("feed")
            )));
        }
    };
    let thresholds = thresholds(row.advance_wins, row.eliminate_losses, &what("thresholds"))?;
    Ok(StageSpec {
        stage_type: row.stage_type,
        name: row.name.clone(),
        third_place: row.third_place,
        groups: optional_count(row.group_count, &what("group count"))?,
        rounds: optional_count(row.rounds, &what("round count"))?,
        thresholds,
        take: Some(take),
    })
}

fn thresholds(
    wins: Option<i64>,
    losses: Option<i64>,
    what: &str,
) -> Result<Option<Thresholds>, DbError> {
    match (wins, losses) {
        (None, None) => Ok(None),
        (Some(w), Some(l)) => Ok(Some(Thresholds {
            advance_wins: count(w, what, 1)?,
            eliminate_losses: count(l, what, 1)?,
        })),
        _ => Err(DbError::Corrupt(format!("{what} has one of two values"))),
    }
}

/// A tournament's stages as planned (its own, then those added), read from its rows.
pub fn stage_specs(
    tournament: &TournamentRow,
    plans: &[StagePlanRow],
) -> Result<Vec<StageSpec>, DbError> {
    Ok(crate::domain::engine::plan(
        tournament.format,
        &settings_of(tournament, plans)?,
    ))
}

/// The engine's settings of a tournament: its own columns and the stages added to it.
fn settings_of(tournament: &TournamentRow, plans: &[StagePlanRow]) -> Result<Settings, DbError> {
    let what = |field: &str| format!("the {field} of tournament {}", tournament.id);
    let points_scale = tournament
        .points_scale
        .as_deref()
        .map(|text| {
            serde_json::from_str::<Vec<u32>>(text).map_err(|e| {
                DbError::Corrupt(format!("{} is unreadable: {e}", what("points scale")))
            })
        })
        .transpose()?;
    Ok(Settings {
        third_place: tournament.third_place,
        group_count: optional_count(tournament.group_count, &what("group count"))?,
        advance_per_group: optional_count(tournament.advance_per_group, &what("advance count"))?,
        rounds: optional_count(tournament.rounds, &what("round count"))?,
        points_scale,
        thresholds: thresholds(
            tournament.advance_wins,
            tournament.eliminate_losses,
            &what("thresholds"),
        )?,
        later_stages: plans.iter().map(spec_of).collect::<Result<_, _>>()?,
    })
}

fn build_state(stored: &Stored<'_>) -> Result<State, DbError> {
    let Stored {
        tournament,
        participants,
        stages: stage_rows,
        plans,
        stage_entrants,
        matches: rows,
        results,
    } = *stored;
    let settings = settings_of(tournament, plans)?;
    let mut state = State::new(tournament.format, settings);
    let mut stage_number_of: HashMap<StageId, u32> = HashMap::new();
    for row in stage_rows {
        let number = stage_number(row)?;
        stage_number_of.insert(row.id, number);
        state.stages.push(Stage {
            number,
            stage_type: row.stage_type,
            status: row.status,
            field: Vec::new(),
        });
    }
    if !state.stages.is_empty() {
        // The field once play has begun: everyone not withdrawn, by seed.
        let mut field: Vec<&ParticipantRow> = participants
            .iter()
            .filter(|p| p.status.in_field())
            .collect();
        field.sort_by_key(|p| (p.seed.is_none(), p.seed, p.registered_at, p.id));
        state.entrants = (1..)
            .zip(&field)
            .map(|(seed, p)| Entrant {
                id: p.id.raw(),
                seed,
            })
            .collect();
    }
    let index_of: HashMap<MatchId, usize> = rows
        .iter()
        .enumerate()
        .map(|(i, row)| (row.id, i))
        .collect();
    let mut placings: HashMap<MatchId, Vec<Placing>> = HashMap::new();
    for r in results {
        let what = |field: &str| {
            format!(
                "the {field} of {} in match {}",
                r.participant_id, r.match_id
            )
        };
        placings.entry(r.match_id).or_default().push(Placing {
            participant: r.participant_id.raw(),
            place: count(r.place, &what("place"), 1)?,
            points: count(r.points, &what("points"), 0)?,
        });
    }
    for row in rows {
        let what = |field: &str| format!("the {field} of match {}", row.id);
        let link = |id: Option<MatchId>, slot: Option<Side>, field: &str| match (id, slot) {
            (None, None) => Ok(None),
            (Some(id), Some(side)) => index_of
                .get(&id)
                .map(|&game| Some(Link { game, side }))
                .ok_or_else(|| {
                    DbError::Corrupt(format!(
                        "{} is {id}, not a match of the tournament",
                        what(field)
                    ))
                }),
            _ => Err(DbError::Corrupt(format!(
                "{} has a match or a side, not both",
                what(field)
            ))),
        };
        let stage = stage_number_of.get(&row.stage_id).copied().ok_or_else(|| {
            DbError::Corrupt(format!(
                "{} is {}, not a stage of the tournament",
                what("stage"),
                row.stage_id
            ))
        })?;
        let mut game = Game::new(
            stage,
            row.bracket,
            row.group_label.clone(),
            count(row.round, &what("round"), 1)?,
            count(row.position, &what("position"), 1)?,
        );
        game.id = Some(row.id.raw());
        game.status = row.status;
        game.a = row.a_participant_id.map(ParticipantId::raw);
        game.b = row.b_participant_id.map(ParticipantId::raw);
        game.bye = row.bye;
        game.score_a = optional_count(row.score_a, &what("score of side a"))?;
        game.score_b = optional_count(row.score_b, &what("score of side b"))?;
        (game.winner, game.forfeit) = (row.winner, row.forfeit);
        game.winner_to = link(row.winner_to_match_id, row.winner_to_slot, "winner's link")?;
        game.loser_to = link(row.loser_to_match_id, row.loser_to_slot, "loser's link")?;
        game.results = placings.remove(&row.id).unwrap_or_default();
        state.games.push(game);
    }
    set_stage_fields(&mut state, &stage_number_of, stage_entrants)?;
    Ok(state)
}

/// Each drawn stage's players: the first stage's are the tournament's; a later stage's as stored
/// when it was drawn, or, for a stage drawn before they were stored, everyone in its matches by
/// the tournament's seeds.
fn set_stage_fields(
    state: &mut State,
    stage_number_of: &HashMap<StageId, u32>,
    stored: &[StageEntrantRow],
) -> Result<(), DbError> {
    let mut fields: HashMap<u32, Vec<Entrant>> = HashMap::new();
    for row in stored {
        let number = stage_number_of.get(&row.stage_id).copied().ok_or_else(|| {
            DbError::Corrupt(format!(
                "a stage entrant is in {}, not a stage of the tournament",
                row.stage_id
            ))
        })?;
        fields.entry(number).or_default().push(Entrant {
            id: row.participant_id.raw(),
            seed: count(
                row.seed,
                &format!("the seed of {} in {}", row.participant_id, row.stage_id),
                1,
            )?,
        });
    }
    let entrants = state.entrants.clone();
    for stage in &mut state.stages {
        stage.field = if stage.number == 1 {
            entrants.clone()
        } else if let Some(mut field) = fields.remove(&stage.number) {
            field.sort_by_key(|e| e.seed);
            field
        } else {
            let playing: std::collections::HashSet<i64> = state
                .games
                .iter()
                .filter(|g| g.stage == stage.number)
                .flat_map(|g| [g.a, g.b])
                .flatten()
                .collect();
            entrants
                .iter()
                .filter(|e| playing.contains(&e.id))
                .enumerate()
                .map(|(i, e)| Entrant {
                    id: e.id,
                    seed: i as u32 + 1,
                })
                .collect()
        };
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_out_of_range_are_corrupt_not_defaults() {
        assert_eq!(count(3, "round", 1).ok(), Some(3));
        assert!(
            matches!(count(0, "the round of match mat_1", 1), Err(DbError::Corrupt(m)) if m == "the round of match mat_1 is 0")
        );
        assert!(count(-1, "a score", 0).is_err());
        assert!(count(i64::from(u32::MAX) + 1, "a score", 0).is_err());
    }
}
