//! Reporting and correcting match results: one operation records a result whoever gives it
//! (an organiser, or a player's claim once it stands), and announces the matches it makes ready.

use super::access::Duty;
use super::audit::{self, Action};
use super::status::change_status;
use super::{Ctx, Missing, Rule, ServiceError, find_tournament_for_update, publish};
use crate::db::spaces::SpaceRow;
use crate::db::store::Snapshot;
use crate::db::tournaments::TournamentRow;
use crate::db::{Db, DbError, Tx};
use crate::domain::engine::{self, Outcome};
use crate::domain::{Side, TournamentStatus};
use crate::events::{Event, MatchCorrectedData, MatchData, MatchObject, PreviousResult};
use crate::ids::{MatchId, ParticipantId};
use crate::views;

/// A result as an organiser gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ResultInput {
    /// Two sides: a score (side a first), a forfeit by one side, or both.
    Sides {
        score: Option<(u32, u32)>,
        forfeit: Option<Side>,
    },
    /// A free-for-all round: participants (names or `par_` ids) in finishing order.
    Places(Vec<String>),
}

/// What a report did.
#[derive(Debug, Clone)]
pub struct ReportDone {
    pub game: MatchObject,
    pub tournament_completed: bool,
    /// Matches now drawn (a Swiss round, the playoff, a grand-final reset).
    pub created: usize,
}

/// Records an organiser's result for match `id`. `seen`: the match as the form showed it
/// ([`seen::match_version`]); when given and the match is no longer so (its players changed,
/// someone reported it), nothing changes.
pub async fn report(
    db: &Db,
    ctx: &Ctx<'_>,
    slug: &str,
    id: MatchId,
    input: &ResultInput,
    seen: Option<&str>,
) -> Result<ReportDone, ServiceError> {
    let mut tx = db.begin().await?;
    let (tournament, space) =
        find_tournament_for_update(tx.conn(), ctx, slug, Duty::Results).await?;
    check_seen(&mut tx, &tournament, id, seen).await?;
    let done = report_in(&mut tx, ctx, tournament, &space, id, input, None).await?;
    tx.commit().await?;
    Ok(done)
}

/// Records a result inside `tx`, whoever gives it (an organiser, a player confirming a claim,
/// the sweep confirming one nobody answered): the engine decides the match, the bracket moves
/// on, every open claim the result settles is closed, `match.completed` and the `match.ready`
/// of the matches it completes are published, the audit log names `ctx.actor` (with
/// `detail`), and the last result completes the tournament. The caller holds the
/// tournament's row.
pub(super) async fn report_in(
    tx: &mut Tx,
    ctx: &Ctx<'_>,
    tournament: TournamentRow,
    space: &SpaceRow,
    id: MatchId,
    input: &ResultInput,
    detail: Option<&str>,
) -> Result<ReportDone, ServiceError> {
    if tournament.status != TournamentStatus::InProgress {
        return Err(Rule::NotInPlay {
            tournament: tournament.slug,
            status: tournament.status,
        }
        .into());
    }
    let snapshot = Snapshot::load(tx.conn(), tournament.clone()).await?;
    let index = locate(&snapshot, id)?;
    let outcome = outcome(&snapshot, input)?;
    let mut state = snapshot.state.clone();
    let reported =
        engine::report(&mut state, index, &outcome).map_err(|error| Rule::Match { id, error })?;
    let ids = save_bracket(tx, ctx, space, &snapshot, &state, &[]).await?;

    let game = match_object(tx, &snapshot, ids[index]).await?;
    let event = Event::MatchCompleted(MatchData {
        tournament: publish::tournament(ctx, &tournament, space),
        game: game.clone(),
    });
    publish::to_subscribers(tx, ctx, space, &event).await?;
    publish_ready(
        tx,
        ctx,
        &tournament,
        space,
        &snapshot.newly_ready(&state, &ids),
    )
    .await?;
    let detail = match detail {
        Some(detail) => format!("{id}: {detail}"),
        None => id.to_string(),
    };
    audit::record(
        tx,
        ctx,
        Some(space.id),
        Action::MatchReported,
        Some(&tournament.id),
        Some(&detail),
    )
    .await?;
    if reported.tournament_completed {
        change_status(tx, ctx, space, tournament, TournamentStatus::Completed).await?;
    }
    Ok(ReportDone {
        game,
        tournament_completed: reported.tournament_completed,
        created: reported.created.len(),
    })
}

/// Writes a tournament's bracket as `state` over what `snapshot` loaded (`removed`: the matches
/// it no longer has), inside `tx`, and announces the players' claims the write made moot: every
/// writer of a bracket goes through here, so no claim outlives the pairing it was made on and
/// its end is never silent. Returns the id of every match of `state`, by index.
pub(super) async fn save_bracket(
    tx: &mut Tx,
    ctx: &Ctx<'_>,
    space: &SpaceRow,
    snapshot: &Snapshot,
    state: &engine::State,
    removed: &[MatchId],
) -> Result<Vec<MatchId>, ServiceError> {
    let mut removed_games = Vec::new();
    if !removed.is_empty() {
        let games = views::tournament_matches(tx.conn(), &snapshot.tournament).await?;
        removed_games.extend(games.into_iter().filter(|g| removed.contains(&g.id)));
    }
    let saved = snapshot.save(tx.conn(), state, removed, ctx.now).await?;
    super::player_reports::announce_closed(
        tx,
        ctx,
        &snapshot.tournament,
        space,
        &saved.closed,
        &removed_games,
    )
    .await?;
    Ok(saved.ids)
}

/// Publishes `match.ready` for each of `ready` (matches whose two sides just became known).
pub(super) async fn publish_ready(
    tx: &mut Tx,
    ctx: &Ctx<'_>,
    tournament: &TournamentRow,
    space: &SpaceRow,
    ready: &[MatchId],
) -> Result<(), ServiceError> {
    if ready.is_empty() {
        return Ok(());
    }
    let games = views::tournament_matches(tx.conn(), tournament).await?;
    for game in games.into_iter().filter(|g| ready.contains(&g.id)) {
        let event = Event::MatchReady(MatchData {
            tournament: publish::tournament(ctx, tournament, space),
            game,
        });
        publish::to_subscribers(tx, ctx, space, &event).await?;
    }
    Ok(())
}

/// What a correction did.
#[derive(Debug, Clone)]
pub struct CorrectDone {
    pub game: MatchObject,
    pub reset_match_ids: Vec<MatchId>,
}

/// Corrects match `id`'s result; `seen` as for [`report`].
pub async fn correct(
    db: &Db,
    ctx: &Ctx<'_>,
    slug: &str,
    id: MatchId,
    input: &ResultInput,
    seen: Option<&str>,
) -> Result<CorrectDone, ServiceError> {
    let mut tx = db.begin().await?;
    let (tournament, space) =
        find_tournament_for_update(tx.conn(), ctx, slug, Duty::Results).await?;
    check_seen(&mut tx, &tournament, id, seen).await?;
    if !matches!(
        tournament.status,
        TournamentStatus::InProgress | TournamentStatus::Completed
    ) {
        return Err(Rule::NotCorrectable {
            tournament: tournament.slug,
            status: tournament.status,
        }
        .into());
    }
    let snapshot = Snapshot::load(tx.conn(), tournament.clone()).await?;
    let index = locate(&snapshot, id)?;
    let outcome = outcome(&snapshot, input)?;
    let mut state = snapshot.state.clone();
    let corrected =
        engine::correct(&mut state, index, &outcome).map_err(|error| Rule::Match { id, error })?;
    if tournament.status == TournamentStatus::Completed && !state.all_games_completed() {
        return Err(Rule::WouldReopen {
            id,
            tournament: tournament.slug,
        }
        .into());
    }
    let removed: Vec<MatchId> = corrected
        .removed
        .iter()
        .map(|&id| MatchId::from_raw(id))
        .collect();
    let ids = save_bracket(&mut tx, ctx, &space, &snapshot, &state, &removed).await?;
    // The corrected match keeps its index unless a removal before it shifted it.
    let shift = removed
        .iter()
        .filter(|&&gone| snapshot.index_of(gone).is_some_and(|i| i < index))
        .count();
    let index = index - shift;
    let mut reset_match_ids: Vec<MatchId> = corrected.reset.iter().map(|&i| ids[i]).collect();
    reset_match_ids.extend(&removed);
    let game = match_object(&mut tx, &snapshot, ids[index]).await?;
    let previous = PreviousResult {
        score_a: corrected.previous.score_a.map(i64::from),
        score_b: corrected.previous.score_b.map(i64::from),
        winner: corrected.previous.winner,
    };
    let event = Event::MatchCorrected(MatchCorrectedData {
        tournament: publish::tournament(ctx, &tournament, &space),
        game: game.clone(),
        previous,
        reset_match_ids: reset_match_ids.clone(),
    });
    publish::to_subscribers(&mut tx, ctx, &space, &event).await?;
    let ready = snapshot.newly_ready(&state, &ids);
    publish_ready(&mut tx, ctx, &tournament, &space, &ready).await?;
    audit::record(
        &mut tx,
        ctx,
        Some(space.id),
        Action::MatchCorrected,
        Some(&tournament.id),
        Some(&id.to_string()),
    )
    .await?;
    // Removing a grand-final reset that is no longer called for can leave nothing to play.
    if corrected.tournament_completed && tournament.status == TournamentStatus::InProgress {
        change_status(
            &mut tx,
            ctx,
            &space,
            tournament,
            TournamentStatus::Completed,
        )
        .await?;
    }
    tx.commit().await?;
    Ok(CorrectDone {
        game,
        reset_match_ids,
    })
}

/// Refuses a form built on match `id` as it no longer is (`seen`, when given).
pub(super) async fn check_seen(
    tx: &mut Tx,
    tournament: &TournamentRow,
    id: MatchId,
    seen: Option<&str>,
) -> Result<(), ServiceError> {
    let Some(seen) = seen else {
        return Ok(());
    };
    let Some(row) = crate::db::matches::find(tx.conn(), id)
        .await?
        .filter(|m| m.tournament_id == tournament.id)
    else {
        return Err(Missing::Match {
            tournament: tournament.slug.clone(),
            id: id.to_string(),
        }
        .into());
    };
    let now = super::seen::match_version(
        row.a_participant_id,
        row.b_participant_id,
        row.status,
        (row.score_a, row.score_b),
    );
    if now != seen {
        return Err(super::Conflict::MatchChanged { id }.into());
    }
    Ok(())
}

/// The engine index of match `id` in this tournament.
fn locate(snapshot: &Snapshot, id: MatchId) -> Result<usize, Missing> {
    snapshot.index_of(id).ok_or_else(|| Missing::Match {
        tournament: snapshot.tournament.slug.clone(),
        id: id.to_string(),
    })
}

/// Turns the organiser's input into an engine outcome (names resolved to participants).
fn outcome(snapshot: &Snapshot, input: &ResultInput) -> Result<Outcome, Rule> {
    match input {
        ResultInput::Sides { score, forfeit } => Ok(Outcome::Score {
            score: *score,
            forfeit: *forfeit,
        }),
        ResultInput::Places(places) => {
            let order = places
                .iter()
                .map(|who| player_in(snapshot, who))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Outcome::Places(order))
        }
    }
}

/// The player of the tournament's field that `who` names (by name or `par_` id), as the engine
/// knows them.
pub(super) fn player_in(snapshot: &Snapshot, who: &str) -> Result<i64, Rule> {
    let by_id = ParticipantId::parse_prefixed(who);
    snapshot
        .participants
        .iter()
        .filter(|p| p.status.in_field())
        .find(|p| Some(p.id) == by_id || p.name == who.trim())
        .map(|p| p.id.raw())
        .ok_or_else(|| Rule::NotPlaying {
            tournament: snapshot.tournament.slug.clone(),
            who: who.to_owned(),
        })
}

/// The stored match as events show it.
async fn match_object(
    tx: &mut Tx,
    snapshot: &Snapshot,
    id: MatchId,
) -> Result<MatchObject, ServiceError> {
    let tournament: &TournamentRow = &snapshot.tournament;
    views::tournament_match(tx.conn(), tournament, id, &snapshot.names())
        .await?
        .ok_or_else(|| {
            DbError::Bug(format!("match {id} is not stored though it was just reported").into())
                .into()
        })
}
