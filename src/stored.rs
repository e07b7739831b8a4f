//! A tournament as stored, turned into the engine's [`State`] (for the portal's writes and the
//! readers' standings alike), and the engine's changes written back: only the rows that differ are
//! touched. It never decides anything: the rules are the engine's.

use std::collections::HashMap;

use crate::db::matches::{self, Destination, MatchRow, MatchUpdate, NewMatch, ResultRow};
use crate::db::participants::{self, ParticipantRow};
use crate::db::stages::{self, StageRow};
use crate::db::tournaments::TournamentRow;
use crate::db::{Conn, tournaments};
use crate::domain::engine::{Game, Link, Placing, Settings, Stage, State, stage_plan};
use crate::domain::standings::final_places::places;
use crate::domain::{MatchStatus, ParticipantStatus, StageType};
use crate::error::Error;

/// A tournament's rows and the engine state built from them.
pub struct Stored {
    pub tournament: TournamentRow,
    pub participants: Vec<ParticipantRow>,
    pub stages: Vec<StageRow>,
    /// Matches in creation order: `rows[i]` is `state.games[i]` as loaded.
    pub rows: Vec<MatchRow>,
    pub results: Vec<ResultRow>,
    pub state: State,
}

impl Stored {
    pub async fn load(mut conn: Conn<'_>, tournament: TournamentRow) -> Result<Stored, Error> {
        let participants = participants::list(conn.reborrow(), tournament.id).await?;
        let stage_rows = stages::list(conn.reborrow(), tournament.id).await?;
        let rows = matches::list_in_creation_order(conn.reborrow(), tournament.id).await?;
        let results = matches::list_results(conn, tournament.id).await?;
        let state = build_state(&tournament, &participants, &stage_rows, &rows, &results)?;
        Ok(Stored {
            tournament,
            participants,
            stages: stage_rows,
            rows,
            results,
            state,
        })
    }

    /// Writes what differs between the loaded state and `after`: stages, matches (new ones
    /// inserted, `removed` ones deleted), free-for-all results, seeds and places. Returns the
    /// database id of every match of `after`, by index.
    pub async fn save(
        &self,
        mut conn: Conn<'_>,
        after: &State,
        removed: &[i64],
        now: i64,
    ) -> Result<Vec<i64>, Error> {
        for &id in removed {
            matches::delete(conn.reborrow(), id).await?;
        }
        let stage_ids = self.save_stages(conn.reborrow(), after).await?;
        let stage_id = |number: u32| {
            stage_ids
                .get(&number)
                .copied()
                .ok_or_else(|| Error::Invalid(format!("stage {number} is missing")))
        };

        let mut ids = Vec::with_capacity(after.games.len());
        for game in &after.games {
            let id = match game.id {
                Some(id) => id,
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
        let by_id: HashMap<i64, &MatchRow> = self.rows.iter().map(|row| (row.id, row)).collect();
        let destination = |link: Option<Link>| {
            link.map(|l| Destination {
                match_id: ids[l.game],
                slot: l.side,
            })
        };
        for (index, game) in after.games.iter().enumerate() {
            let stored = game.id.and_then(|id| by_id.get(&id).copied());
            let completed_at = match (game.is_completed(), stored) {
                (false, _) => None,
                (true, Some(row)) if row.status == MatchStatus::Completed => row.completed_at,
                (true, _) => Some(now),
            };
            let update = MatchUpdate {
                status: game.status,
                a_participant_id: game.a,
                b_participant_id: game.b,
                bye: game.bye,
                score_a: game.score_a.map(i64::from),
                score_b: game.score_b.map(i64::from),
                winner: game.winner,
                forfeit: game.forfeit,
                winner_to: destination(game.winner_to),
                loser_to: destination(game.loser_to),
                completed_at,
                now,
            };
            if stored.is_none_or(|row| differs(row, &update)) {
                matches::update(conn.reborrow(), ids[index], &update).await?;
            }
            let results: Vec<ResultRow> = game
                .results
                .iter()
                .map(|p| ResultRow {
                    match_id: ids[index],
                    participant_id: p.participant,
                    place: i64::from(p.place),
                    points: i64::from(p.points),
                })
                .collect();
            let stored_results: Vec<&ResultRow> = self
                .results
                .iter()
                .filter(|r| Some(r.match_id) == game.id)
                .collect();
            if results.iter().ne(stored_results) {
                matches::replace_results(conn.reborrow(), ids[index], &results).await?;
            }
        }
        self.save_participants(conn.reborrow(), after).await?;
        tournaments::touch(conn, self.tournament.id, now).await?;
        Ok(ids)
    }

    /// Inserts the stages `after` added and updates changed statuses; returns ids by number.
    async fn save_stages(
        &self,
        mut conn: Conn<'_>,
        after: &State,
    ) -> Result<HashMap<u32, i64>, Error> {
        let mut ids: HashMap<u32, i64> = self
            .stages
            .iter()
            .map(|s| (s.number as u32, s.id))
            .collect();
        let plan = stage_plan(after.format);
        for stage in &after.stages {
            match self
                .stages
                .iter()
                .find(|s| s.number == i64::from(stage.number))
            {
                Some(row) if row.status != stage.status => {
                    stages::set_status(conn.reborrow(), row.id, stage.status).await?
                }
                Some(_) => {}
                None => {
                    let name = plan
                        .get(stage.number as usize - 1)
                        .map_or("Stage", |(_, name)| name);
                    let row = stages::insert(
                        conn.reborrow(),
                        self.tournament.id,
                        i64::from(stage.number),
                        stage.stage_type,
                        name,
                        stage.status,
                    )
                    .await?;
                    ids.insert(stage.number, row.id);
                }
            }
        }
        Ok(ids)
    }

    /// Seeds given at the start, and places as they are decided.
    async fn save_participants(&self, mut conn: Conn<'_>, after: &State) -> Result<(), Error> {
        let decided = places(after);
        for participant in &self.participants {
            let Some(entrant) = after.entrants.iter().find(|e| e.id == participant.id) else {
                continue;
            };
            if participant.seed != Some(i64::from(entrant.seed)) {
                participants::set_seed(conn.reborrow(), participant.id, i64::from(entrant.seed))
                    .await?;
            }
            let place = decided
                .get(&participant.id)
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
    let link = |id: Option<i64>, slot: Option<crate::domain::Side>| {
        id.map(|match_id| Destination {
            match_id,
            slot: slot.unwrap_or(crate::domain::Side::A),
        })
    };
    row.status != update.status
        || row.a_participant_id != update.a_participant_id
        || row.b_participant_id != update.b_participant_id
        || row.bye != update.bye
        || row.score_a != update.score_a
        || row.score_b != update.score_b
        || row.winner != update.winner
        || row.forfeit != update.forfeit
        || link(row.winner_to_match_id, row.winner_to_slot) != update.winner_to
        || link(row.loser_to_match_id, row.loser_to_slot) != update.loser_to
        || row.completed_at != update.completed_at
}

fn build_state(
    tournament: &TournamentRow,
    participants: &[ParticipantRow],
    stage_rows: &[StageRow],
    rows: &[MatchRow],
    results: &[ResultRow],
) -> Result<State, Error> {
    let points_scale = match &tournament.points_scale {
        Some(text) => Some(serde_json::from_str::<Vec<u32>>(text).map_err(|e| {
            Error::Invalid(format!(
                "the stored points scale of '{}' is unreadable: {e}",
                tournament.slug
            ))
        })?),
        None => None,
    };
    let to_u32 = |value: Option<i64>| value.and_then(|v| u32::try_from(v).ok());
    let settings = Settings {
        third_place: tournament.third_place,
        group_count: to_u32(tournament.group_count),
        advance_per_group: to_u32(tournament.advance_per_group),
        rounds: to_u32(tournament.rounds),
        points_scale,
    };
    let mut state = State::new(tournament.format, settings);
    state.stages = stage_rows
        .iter()
        .map(|s| Stage {
            number: s.number as u32,
            stage_type: s.stage_type,
            status: s.status,
        })
        .collect();
    if !state.stages.is_empty() {
        // The field once play has begun: everyone not withdrawn, by seed.
        let mut field: Vec<&ParticipantRow> = participants
            .iter()
            .filter(|p| p.status != ParticipantStatus::Withdrawn)
            .collect();
        field.sort_by_key(|p| (p.seed.is_none(), p.seed, p.registered_at, p.id));
        state.entrants = field
            .iter()
            .enumerate()
            .map(|(i, p)| crate::domain::engine::Entrant {
                id: p.id,
                seed: i as u32 + 1,
            })
            .collect();
    }
    let index_of: HashMap<i64, usize> = rows
        .iter()
        .enumerate()
        .map(|(i, row)| (row.id, i))
        .collect();
    let stage_number: HashMap<i64, (u32, StageType)> = stage_rows
        .iter()
        .map(|s| (s.id, (s.number as u32, s.stage_type)))
        .collect();
    let link = |id: Option<i64>, slot: Option<crate::domain::Side>| match (
        id.and_then(|id| index_of.get(&id)),
        slot,
    ) {
        (Some(&game), Some(side)) => Some(Link { game, side }),
        _ => None,
    };
    for row in rows {
        let (stage, _) = stage_number
            .get(&row.stage_id)
            .copied()
            .unwrap_or((1, StageType::SingleElimination));
        let mut game = Game::new(
            stage,
            row.bracket,
            row.group_label.clone(),
            row.round as u32,
            row.position as u32,
        );
        game.id = Some(row.id);
        game.status = row.status;
        (game.a, game.b, game.bye) = (row.a_participant_id, row.b_participant_id, row.bye);
        (game.score_a, game.score_b) = (to_u32(row.score_a), to_u32(row.score_b));
        (game.winner, game.forfeit) = (row.winner, row.forfeit);
        game.winner_to = link(row.winner_to_match_id, row.winner_to_slot);
        game.loser_to = link(row.loser_to_match_id, row.loser_to_slot);
        game.results = results
            .iter()
            .filter(|r| r.match_id == row.id)
            .map(|r| Placing {
                participant: r.participant_id,
                place: r.place as u32,
                points: r.points as u32,
            })
            .collect();
        state.games.push(game);
    }
    Ok(state)
}
