//! Writes an import document (`crate::import`, already parsed and checked) in one transaction:
//! spaces (new, or existing and identical), tournaments (always new), participants with a
//! `registration.created` event each, stages, matches with their wiring, free-for-all results,
//! and one audit entry.
//!
//! Importing never updates: a tournament slug that already exists refuses the whole document.

use std::collections::HashMap;

use super::audit::{self, Action};
use super::{Ctx, ServiceError, publish};
use crate::db::matches::{self, Destination, NewMatch, ResultRow};
use crate::db::participants::{self, NewParticipant};
use crate::db::spaces::{self, SpaceRow};
use crate::db::tournaments::{self, NewTournament};
use crate::db::{Db, Tx, stages};
use crate::domain::{ParticipantStatus, names};
use crate::ids::{MatchId, ParticipantId};
use crate::import::ImportError;
use crate::import::document::{Document, LinkDoc, SpaceDoc, TournamentDoc};

/// What an import wrote.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Summary {
    pub spaces_created: usize,
    pub spaces_existing: usize,
    pub tournaments: usize,
    pub participants: usize,
    pub matches: usize,
    pub events: usize,
}

/// Writes `document` (already checked by `import::parse`); on any error nothing is written.
/// `progress` is called after each tournament.
pub async fn load(
    db: &Db,
    ctx: &Ctx<'_>,
    document: &Document,
    mut progress: impl FnMut(),
) -> Result<Summary, ServiceError> {
    let mut summary = Summary::default();
    let mut tx = db.begin().await?;
    for (i, space_doc) in document.spaces.iter().enumerate() {
        let path = format!("$.spaces[{i}]");
        let space = space_for(&mut tx, &path, space_doc, ctx.now, &mut summary).await?;
        for (j, tournament_doc) in space_doc.tournaments.iter().enumerate() {
            let path = format!("{path}.tournaments[{j}]");
            load_tournament(&mut tx, &path, &space, tournament_doc, ctx, &mut summary).await?;
            progress();
        }
    }
    let details = format!(
        "{} spaces created, {} tournaments, {} participants, {} matches",
        summary.spaces_created, summary.tournaments, summary.participants, summary.matches
    );
    audit::record(&mut tx, ctx, None, Action::Import, None, Some(&details)).await?;
    tx.commit().await?;
    Ok(summary)
}

/// The space a document's tournaments go into: created, or the existing one if it matches.
async fn space_for(
    tx: &mut Tx,
    path: &str,
    doc: &SpaceDoc,
    now: i64,
    summary: &mut Summary,
) -> Result<SpaceRow, ServiceError> {
    if let Some(existing) = spaces::find_by_slug(tx.conn(), doc.slug.as_str()).await? {
        let differs = |field: &str, stored: &str, given: &str| {
            ImportError::at(
                format!("{path}.{field}"),
                format!(
                    "space '{}' already exists with {field} '{stored}', not '{given}'; import adds tournaments to an existing space but never changes it",
                    doc.slug
                ),
            )
        };
        if existing.name != doc.name {
            return Err(ServiceError::Document(differs(
                "name",
                &existing.name,
                &doc.name,
            )));
        }
        if existing.locale != doc.locale {
            return Err(ServiceError::Document(differs(
                "locale",
                existing.locale.as_str(),
                doc.locale.as_str(),
            )));
        }
        summary.spaces_existing += 1;
        return Ok(existing);
    }
    summary.spaces_created += 1;
    Ok(spaces::insert(tx.conn(), doc.slug.as_str(), &doc.name, doc.locale, now).await?)
}

async fn load_tournament(
    tx: &mut Tx,
    path: &str,
    space: &SpaceRow,
    doc: &TournamentDoc,
    ctx: &Ctx<'_>,
    summary: &mut Summary,
) -> Result<(), ServiceError> {
    let slug_taken = || {
        ServiceError::Document(ImportError::at(
            format!("{path}.slug"),
            format!(
                "tournament '{}' already exists; import only adds new tournaments and never updates one",
                doc.slug
            ),
        ))
    };
    if tournaments::find_by_slug(tx.conn(), doc.slug.as_str())
        .await?
        .is_some()
    {
        return Err(slug_taken());
    }
    let new = NewTournament {
        // Players' reports are an organiser's choice, made with `tournaments update`.
        self_report: crate::domain::self_report::SelfReport::Off,
        space_id: space.id,
        slug: doc.slug.as_str(),
        name: &doc.name,
        game: &doc.game,
        format: doc.format,
        status: doc.status,
        test: doc.test,
        max_participants: i64::from(doc.max_participants),
        description: doc.description.as_deref(),
        third_place: doc.third_place,
        group_count: doc.group_count.map(i64::from),
        advance_per_group: doc.advance_per_group.map(i64::from),
        rounds: doc.rounds.map(i64::from),
        points_scale: doc.points_scale.as_deref(),
        advance_wins: None,
        eliminate_losses: None,
        starts_at: doc.starts_at,
        ends_at: doc.ends_at,
        registration_opens_at: doc.registration_opens_at,
        registration_closes_at: doc.registration_closes_at,
        // An import brings a field as it stands: no check-in, teams or waiting list.
        entry: crate::domain::entry::Entry::default(),
        now: ctx.now,
    };
    let tournament = match tournaments::insert(tx.conn(), &new).await {
        Ok(row) => row,
        Err(e) if e.is_unique_violation() => return Err(slug_taken()),
        Err(e) => return Err(e.into()),
    };
    summary.tournaments += 1;
    // Names resolve to the participant in the field, else to a withdrawn one of that name.
    let mut ids_by_name: HashMap<&str, ParticipantId> = HashMap::new();
    for p in &doc.participants {
        let name_key = names::name_key(&p.name);
        let new = NewParticipant {
            tournament_id: tournament.id,
            name: &p.name,
            seed: p.seed.map(i64::from),
            place: p.place.map(i64::from),
            place_to: p.place_to.map(i64::from),
            status: p.status,
            registered_at: p.registered_at.unwrap_or(ctx.now),
            withdrawn_at: p.withdrawn_at,
            name_key: &name_key,
            email: None,
            email_key: None,
            withdrawal_hash: None,
            roster: None,
        };
        let row = participants::insert(tx.conn(), &new).await?;
        if p.status != ParticipantStatus::Withdrawn || !ids_by_name.contains_key(p.name.as_str()) {
            ids_by_name.insert(&p.name, row.id);
        }
        let event = publish::registration_created(ctx, &tournament, space, &row)?;
        publish::to_subscribers(tx, ctx, space, &event).await?;
        summary.participants += 1;
        summary.events += 1;
    }
    let named = |name: &str, at: String| -> Result<ParticipantId, ServiceError> {
        ids_by_name.get(name).copied().ok_or_else(|| {
            ServiceError::Document(ImportError::at(
                at,
                format!("no participant of this tournament is named '{name}'"),
            ))
        })
    };
    let participant =
        |name: &Option<String>, at: String| name.as_deref().map(|name| named(name, at)).transpose();

    let mut ids_by_key: HashMap<&str, MatchId> = HashMap::new();
    let mut links = Vec::new();
    for (s, stage_doc) in doc.stages.iter().enumerate() {
        let stage = stages::insert(
            tx.conn(),
            tournament.id,
            i64::from(stage_doc.number),
            stage_doc.stage_type,
            &stage_doc.name,
            stage_doc.status,
        )
        .await?;
        for (m, game) in stage_doc.matches.iter().enumerate() {
            let path = format!("{path}.stages[{s}].matches[{m}]");
            let new = NewMatch {
                tournament_id: tournament.id,
                stage_id: stage.id,
                bracket: game.bracket,
                group_label: game.group.as_deref(),
                round: i64::from(game.round),
                position: i64::from(game.position),
                status: game.status,
                a_participant_id: participant(&game.a, format!("{path}.a"))?,
                b_participant_id: participant(&game.b, format!("{path}.b"))?,
                bye: game.bye,
                score_a: game.score_a.map(i64::from),
                score_b: game.score_b.map(i64::from),
                winner: game.winner,
                forfeit: game.forfeit,
                scheduled_at: game.scheduled_at,
                completed_at: game.completed_at,
                now: ctx.now,
            };
            let row = matches::insert(tx.conn(), &new).await?;
            summary.matches += 1;
            if let Some(key) = &game.key {
                ids_by_key.insert(key, row.id);
            }
            if game.winner_to.is_some() || game.loser_to.is_some() {
                links.push((row.id, path.clone(), game));
            }
            for (r, result) in game.results.iter().enumerate() {
                let at = format!("{path}.results[{r}].participant");
                let participant_id = named(&result.participant, at)?;
                let row = ResultRow {
                    match_id: row.id,
                    participant_id,
                    place: i64::from(result.place),
                    points: i64::from(result.points),
                };
                matches::insert_result(tx.conn(), &row).await?;
            }
        }
    }
    for (match_id, path, game) in links {
        let destination =
            |link: &Option<LinkDoc>, field: &str| -> Result<Option<Destination>, ServiceError> {
                let Some(link) = link else { return Ok(None) };
                let target = ids_by_key.get(link.match_key.as_str()).ok_or_else(|| {
                    ServiceError::Document(ImportError::at(
                        format!("{path}.{field}.match"),
                        format!("no match has key '{}'", link.match_key),
                    ))
                })?;
                Ok(Some(Destination {
                    match_id: *target,
                    slot: link.slot,
                }))
            };
        let winner_to = destination(&game.winner_to, "winner_to")?;
        let loser_to = destination(&game.loser_to, "loser_to")?;
        matches::link(tx.conn(), match_id, winner_to, loser_to).await?;
    }
    Ok(())
}
