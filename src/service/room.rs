//! The room's calls and times (DESIGN §20): the calls `serve` makes as stations free, the desk's
//! own call of a chosen match (to a chosen station, or moving a call), taking a call back, the
//! start of a called match, and the times published for the matches waiting (`not_before`:
//! written after every call and by serve's sweep, never earlier than before, and no match is
//! called before its time but by the desk, which is told). `domain::room` decides which match goes where; this module reads the room
//! from the database, writes the calls with their `match.called` and `match.started` events and
//! audit entries, and keeps the two promises where the database can enforce them.
//!
//! No station is given two matches: every call holds the space's stations
//! (`db::stations::lock`) and the database refuses a second unfinished match on a station
//! (`matches_one_per_station`), whichever process and tournament asks. No player is called to two
//! stations: a player belongs to one tournament, whose row every call holds. It never decides
//! whether a match is ready (the engine does) and never frees a station by itself: a result, a
//! forfeit, a withdrawal or a correction does, by completing or changing the match.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::access::Duty;
use super::audit::{self, Action};
use super::{
    Conflict, Ctx, Missing, RoomRule, ServiceError, Swept, find_tournament_for_update, publish,
};
use crate::db::spaces::SpaceRow;
use crate::db::stations::{self, Holding, StationRow};
use crate::db::store::Snapshot;
use crate::db::tournaments::{self as tournament_rows, TournamentRow};
use crate::db::{Conn, Db, DbError, Tx, matches};
use crate::domain::engine::Pid;
use crate::domain::room::day::{DayError, Underway};
use crate::domain::room::{self, Call, Forecast, Room, Station, Waiting};
use crate::domain::{MatchStatus, TournamentStatus, names};
use crate::events::{Event, MatchData, MatchObject};
use crate::ids::{MatchId, StationId};
use crate::views;

/// How many finished matches the estimate waits for before it is their median alone.
const FINISHED_BEFORE_THE_MEDIAN: usize = 5;

/// The median of `lasted` once [`FINISHED_BEFORE_THE_MEDIAN`] are known, blended with `guess`
/// before: each known length takes a fifth of the weight from the guess.
fn blended(mut lasted: Vec<i64>, guess: i64) -> i64 {
    if lasted.is_empty() {
        return guess;
    }
    lasted.sort_unstable();
    let median = lasted[lasted.len() / 2];
    let known = lasted.len().min(FINISHED_BEFORE_THE_MEDIAN) as i64;
    let whole = FINISHED_BEFORE_THE_MEDIAN as i64;
    (median * known + guess * (whole - known)) / whole
}

/// A call made: the match as events show it (with its station).
pub type Called = MatchObject;

/// Makes every call due now, tournament by tournament (each its own transaction): `serve`'s
/// sweep, within a second of a station freeing. `done` holds each tournament's calls.
pub async fn call_due(
    db: &Db,
    ctx: &Ctx<'_>,
) -> Result<Swept<(String, Vec<Called>), String>, ServiceError> {
    let due = {
        let mut handle = db.acquire().await?;
        tournament_rows::with_calls_due(handle.conn()).await?
    };
    let mut swept = Swept::default();
    for slug in due {
        let outcome = call_next(db, ctx, &slug).await;
        let outcome = outcome.map(|calls| (!calls.is_empty()).then(|| (slug.clone(), calls)));
        swept.record(slug, outcome);
    }
    Ok(swept)
}

/// The calls due in one tournament, made: the first matches of its queue that may be called, to
/// its free, unpaused stations.
pub async fn call_next(db: &Db, ctx: &Ctx<'_>, slug: &str) -> Result<Vec<Called>, ServiceError> {
    // A look first, holding nothing: most sweeps of a tournament whose station is free find
    // nothing to call yet (its players resting, or on other stations), and need no writer.
    if !calls_possible(db, ctx, slug).await? {
        return Ok(Vec::new());
    }
    let mut tx = db.begin().await?;
    let (tournament, space) =
        find_tournament_for_update(tx.conn(), ctx, slug, Duty::Results).await?;
    if tournament.status != TournamentStatus::InProgress || tournament.stations.is_none() {
        return Ok(Vec::new());
    }
    stations::lock(tx.conn(), space.id).await?;
    let floor = Floor::read(&mut tx, &tournament, &space).await?;
    let calls = floor.calls(ctx.now);
    let mut called = Vec::with_capacity(calls.len());
    for call in calls {
        let game = MatchId::from_raw(call.game);
        let station = StationId::from_raw(call.station);
        called.push(write_call(&mut tx, ctx, &floor, game, station).await?);
    }
    // The times, as the room now stands (the calls just made underway).
    republish(&mut tx, &tournament, &space, ctx.now).await?;
    tx.commit().await?;
    Ok(called)
}

/// Whether the room's rules would call a match of tournament `slug` now, as read without a lock;
/// the write reads it again under its locks before it calls anything.
async fn calls_possible(db: &Db, ctx: &Ctx<'_>, slug: &str) -> Result<bool, ServiceError> {
    Ok(unlocked(db, slug)
        .await?
        .is_some_and(|floor| !floor.calls(ctx.now).is_empty()))
}

/// The room of tournament `slug` as read without a lock, while it is in play on stations: what
/// a sweep looks at before it takes a writer's locks (and reads the room again under them).
async fn unlocked(db: &Db, slug: &str) -> Result<Option<Floor>, ServiceError> {
    let mut handle = db.acquire().await?;
    let Some(tournament) = tournament_rows::find_by_slug(handle.conn(), slug).await? else {
        return Ok(None);
    };
    if tournament.status != TournamentStatus::InProgress || tournament.stations.is_none() {
        return Ok(None);
    }
    let Some(space) = crate::db::spaces::find(handle.conn(), tournament.space_id).await? else {
        return Ok(None);
    };
    Ok(Some(Floor::load(handle.conn(), &tournament, &space).await?))
}

/// Publishes the times of every tournament in play on stations (`serve`'s sweep, every few
/// seconds: a match that overruns its estimate moves the times after it); each tournament its
/// own transaction. `done` holds each tournament with how many times moved.
pub async fn publish_due(
    db: &Db,
    ctx: &Ctx<'_>,
) -> Result<Swept<(String, usize), String>, ServiceError> {
    let due = {
        let mut handle = db.acquire().await?;
        tournament_rows::in_play_on_stations(handle.conn()).await?
    };
    let mut swept = Swept::default();
    for slug in due {
        let outcome = async {
            if !times_moved(db, ctx, &slug).await? {
                return Ok(None);
            }
            let mut tx = db.begin().await?;
            let (tournament, space) =
                find_tournament_for_update(tx.conn(), ctx, &slug, Duty::Results).await?;
            if tournament.status != TournamentStatus::InProgress || tournament.stations.is_none() {
                return Ok(None);
            }
            stations::lock(tx.conn(), space.id).await?;
            let floor = Floor::read(&mut tx, &tournament, &space).await?;
            let moved = publish_times(&mut tx, &floor, ctx.now).await?;
            tx.commit().await?;
            Ok::<_, ServiceError>((moved > 0).then(|| (slug.clone(), moved)))
        }
        .await;
        swept.record(slug, outcome);
    }
    Ok(swept)
}

/// Whether the times of tournament `slug` would move now, as read without a lock; the write
/// forecasts again under its locks.
async fn times_moved(db: &Db, ctx: &Ctx<'_>, slug: &str) -> Result<bool, ServiceError> {
    Ok(unlocked(db, slug)
        .await?
        .is_some_and(|floor| floor.forecast(ctx.now).is_ok_and(|times| !times.is_empty())))
}

/// Writes the forecast times that changed; a stored time never moves earlier (the forecast
/// keeps it, and the write refuses it). How many were written. A forecast that fails (a fault of
/// the forecast, not of the room) is logged and writes nothing: the call it follows stands, and
/// the sweep tries again.
async fn publish_times(tx: &mut Tx, floor: &Floor, now: i64) -> Result<usize, ServiceError> {
    let times = match floor.forecast(now) {
        Ok(times) => times,
        Err(error) => {
            let tournament = &floor.snapshot.tournament.slug;
            tracing::error!(%tournament, %error, "the room's times could not be forecast");
            return Ok(0);
        }
    };
    for (id, at) in &times {
        matches::publish_not_before(tx.conn(), *id, *at, now).await?;
    }
    Ok(times.len())
}

/// The desk's call: match `id` to the station named (or the first free one of the tournament),
/// whether it waits in the queue or is called elsewhere (the call moves). Rest and the queue's
/// order are the organiser's to overrule; a player on another station, a paused station or one
/// holding another match are refused, and so is a form built on the match as it no longer is
/// (`seen`).
pub async fn call(
    db: &Db,
    ctx: &Ctx<'_>,
    slug: &str,
    id: MatchId,
    station: Option<&str>,
    seen: Option<&str>,
) -> Result<Called, ServiceError> {
    let (mut tx, tournament, space) = begin(db, ctx, slug, seen.map(|seen| (id, seen))).await?;
    let floor = Floor::read(&mut tx, &tournament, &space).await?;
    let row = floor.game(id)?;
    if row.status != MatchStatus::Ready
        || row.bye
        || row.a_participant_id.is_none()
        || row.b_participant_id.is_none()
    {
        return Err(RoomRule::NotCallable {
            id,
            status: row.status,
        }
        .into());
    }
    let target = match station {
        Some(name) => floor.named(name)?,
        None => floor.first_free(row.station_id)?,
    };
    if row.station_id == Some(target.id) {
        return Err(RoomRule::AlreadyCalled {
            id,
            station: target.name.clone(),
        }
        .into());
    }
    floor.refuse_unavailable(target)?;
    floor.refuse_busy_players(row)?;
    if row.station_id.is_some() {
        matches::uncall(tx.conn(), id, ctx.now).await?;
    }
    let target = target.id;
    let called = write_call(&mut tx, ctx, &floor, id, target).await?;
    republish(&mut tx, &tournament, &space, ctx.now).await?;
    tx.commit().await?;
    Ok(called)
}

/// The time published for a match called before it (the desk's call overrules it; the desk and
/// the shell say so), or `None` when it was called at or after its time.
pub fn called_early(game: &Called) -> Option<i64> {
    let called = game.called_at_ms()?;
    game.not_before_ms().filter(|at| called < *at)
}

/// Publishes the times again as the room now stands, in the write that changed it.
async fn republish(
    tx: &mut Tx,
    tournament: &TournamentRow,
    space: &SpaceRow,
    now: i64,
) -> Result<usize, ServiceError> {
    let floor = Floor::read(tx, tournament, space).await?;
    publish_times(tx, &floor, now).await
}

/// Takes back the call of match `id` (`seen`: the match as the form showed it; nothing changes
/// if it changed since): its station is free, and the match waits in the queue
/// again (called anew as stations free, in its turn).
pub async fn uncall(
    db: &Db,
    ctx: &Ctx<'_>,
    slug: &str,
    id: MatchId,
    seen: Option<&str>,
) -> Result<MatchObject, ServiceError> {
    let (mut tx, tournament, space) = begin(db, ctx, slug, seen.map(|seen| (id, seen))).await?;
    let row = called_match(&mut tx, &tournament, id).await?;
    let station = match row.station_id {
        Some(station) => stations::names(tx.conn(), space.id).await?.remove(&station),
        None => None,
    };
    matches::uncall(tx.conn(), id, ctx.now).await?;
    let detail = match station {
        Some(station) => format!("{id} from {station}"),
        None => id.to_string(),
    };
    audit::record(
        &mut tx,
        ctx,
        Some(space.id),
        Action::MatchUncalled,
        Some(&tournament.id),
        Some(&detail),
    )
    .await?;
    let game = match_object(&mut tx, &tournament, id).await?;
    republish(&mut tx, &tournament, &space, ctx.now).await?;
    tx.commit().await?;
    Ok(game)
}

/// Records that called match `id` is being played (the desk's "Playing"), with `match.started`;
/// `seen` as for [`uncall`].
pub async fn start(
    db: &Db,
    ctx: &Ctx<'_>,
    slug: &str,
    id: MatchId,
    seen: Option<&str>,
) -> Result<MatchObject, ServiceError> {
    let (mut tx, tournament, space) = begin(db, ctx, slug, seen.map(|seen| (id, seen))).await?;
    let row = called_match(&mut tx, &tournament, id).await?;
    if row.started_at.is_some() {
        return Err(RoomRule::AlreadyStarted { id }.into());
    }
    matches::start(tx.conn(), id, ctx.now).await?;
    let game = match_object(&mut tx, &tournament, id).await?;
    let event = Event::MatchStarted(MatchData {
        tournament: publish::tournament(ctx, &tournament, &space),
        game: game.clone(),
    });
    publish::to_subscribers(&mut tx, ctx, &space, &event).await?;
    audit::record(
        &mut tx,
        ctx,
        Some(space.id),
        Action::MatchStarted,
        Some(&tournament.id),
        Some(&id.to_string()),
    )
    .await?;
    tx.commit().await?;
    Ok(game)
}

/// The desk's "Call next" on station `station`: the first match of the queue that may be
/// called to it now, by the rules `serve` calls by (rest kept, players free).
pub async fn call_next_to(
    db: &Db,
    ctx: &Ctx<'_>,
    slug: &str,
    station: StationId,
) -> Result<Called, ServiceError> {
    let (mut tx, tournament, space) = begin(db, ctx, slug, None).await?;
    let floor = Floor::read(&mut tx, &tournament, &space).await?;
    let Some(target) = floor.serving.iter().find(|s| s.id == station) else {
        return Err(RoomRule::NotServing {
            station: station.to_string(),
            tournament: tournament.slug.clone(),
        }
        .into());
    };
    floor.refuse_unavailable(target)?;
    let Some(call) = floor.calls_to(ctx.now, Some(station)).into_iter().next() else {
        return Err(RoomRule::NothingToCall {
            station: target.name.clone(),
        }
        .into());
    };
    let called = write_call(&mut tx, ctx, &floor, MatchId::from_raw(call.game), station).await?;
    republish(&mut tx, &tournament, &space, ctx.now).await?;
    tx.commit().await?;
    Ok(called)
}

/// A tournament's room as its desk page shows it.
#[derive(Debug, Clone)]
pub struct RoomView {
    /// The stations it plays on, in the order calls prefer them.
    pub stations: Vec<StationRow>,
    /// What the space's stations hold (another tournament's match, too).
    pub holdings: HashMap<StationId, Holding>,
    /// The matches waiting for a station, first called first, each with the time its players
    /// are rested (`None`: rested now).
    pub queue: Vec<(MatchId, Option<i64>)>,
}

/// The room of `tournament` (of `space`) at `now`, read as the calls would read it.
pub async fn view(
    conn: Conn<'_>,
    tournament: &TournamentRow,
    space: &SpaceRow,
    now: i64,
) -> Result<RoomView, ServiceError> {
    let floor = Floor::load(conn, tournament, space).await?;
    let (_, _, rested_at, waiting) = floor.inputs(None);
    let queue = room::queue(&waiting)
        .into_iter()
        .map(|w| {
            let rested = w
                .players
                .iter()
                .filter_map(|p| rested_at.get(p))
                .max()
                .copied()
                .filter(|at| *at > now);
            (MatchId::from_raw(w.id), rested)
        })
        .collect();
    Ok(RoomView {
        stations: floor.serving,
        holdings: floor.holdings,
        queue,
    })
}

/// The transaction of a desk's action on tournament `slug`: the tournament (in play) and its
/// space held, the match `seen` (when given) checked as the form showed it, and the space's
/// stations held.
async fn begin(
    db: &Db,
    ctx: &Ctx<'_>,
    slug: &str,
    seen: Option<(MatchId, &str)>,
) -> Result<(Tx, TournamentRow, SpaceRow), ServiceError> {
    let mut tx = db.begin().await?;
    let (tournament, space) =
        find_tournament_for_update(tx.conn(), ctx, slug, Duty::Results).await?;
    in_play(&tournament)?;
    if let Some((id, seen)) = seen {
        super::matches::check_seen(&mut tx, &tournament, id, Some(seen)).await?;
    }
    stations::lock(tx.conn(), space.id).await?;
    Ok((tx, tournament, space))
}

/// Refuses a tournament not in play.
fn in_play(tournament: &TournamentRow) -> Result<(), RoomRule> {
    if tournament.status != TournamentStatus::InProgress {
        return Err(RoomRule::NotInPlay {
            tournament: tournament.slug.clone(),
            status: tournament.status,
        });
    }
    Ok(())
}

/// Match `id` of the tournament, which must be called and not completed.
async fn called_match(
    tx: &mut Tx,
    tournament: &TournamentRow,
    id: MatchId,
) -> Result<matches::MatchRow, ServiceError> {
    let row = matches::find(tx.conn(), id)
        .await?
        .filter(|row| row.tournament_id == tournament.id)
        .ok_or_else(|| Missing::Match {
            tournament: tournament.slug.clone(),
            id: id.to_string(),
        })?;
    if row.station_id.is_none() || row.status == MatchStatus::Completed {
        return Err(RoomRule::NotCalled { id }.into());
    }
    Ok(row)
}

/// Writes one call with its `match.called` event and audit entry. The database refuses the
/// station if another match took it meanwhile: [`Conflict::StationTaken`], nothing written.
async fn write_call(
    tx: &mut Tx,
    ctx: &Ctx<'_>,
    floor: &Floor,
    id: MatchId,
    station: StationId,
) -> Result<Called, ServiceError> {
    let name = floor
        .serving
        .iter()
        .find(|s| s.id == station)
        .map_or_else(|| station.to_string(), |s| s.name.clone());
    match matches::call(tx.conn(), id, station, ctx.now).await {
        Ok(()) => {}
        Err(e) if e.is_unique_violation() => {
            return Err(Conflict::StationTaken { station: name }.into());
        }
        Err(e) => return Err(e.into()),
    }
    let tournament = &floor.snapshot.tournament;
    let game = match_object(tx, tournament, id).await?;
    let event = Event::MatchCalled(MatchData {
        tournament: publish::tournament(ctx, tournament, &floor.space),
        game: game.clone(),
    });
    publish::to_subscribers(tx, ctx, &floor.space, &event).await?;
    audit::record(
        tx,
        ctx,
        Some(floor.space.id),
        Action::MatchCalled,
        Some(&tournament.id),
        Some(&format!("{id} to {name}")),
    )
    .await?;
    Ok(game)
}

async fn match_object(
    tx: &mut Tx,
    tournament: &TournamentRow,
    id: MatchId,
) -> Result<MatchObject, ServiceError> {
    let names = crate::db::participants::list(tx.conn(), tournament.id)
        .await?
        .into_iter()
        .map(|p| (p.id, p.name))
        .collect();
    views::tournament_match(tx.conn(), tournament, id, &names)
        .await?
        .ok_or_else(|| {
            DbError::Bug(format!("match {id} is not stored though it was called").into()).into()
        })
}

/// The room core's inputs: stations, players on a station, when each player is rested, and
/// the matches waiting.
type Inputs = (
    Vec<Station>,
    BTreeSet<Pid>,
    BTreeMap<Pid, i64>,
    Vec<Waiting>,
);

/// A tournament's room as stored: its matches, the stations it plays on and what the space's
/// stations hold.
struct Floor {
    snapshot: Snapshot,
    space: SpaceRow,
    serving: Vec<StationRow>,
    holdings: HashMap<StationId, Holding>,
}

impl Floor {
    async fn read(
        tx: &mut Tx,
        tournament: &TournamentRow,
        space: &SpaceRow,
    ) -> Result<Floor, ServiceError> {
        if tournament.stations.is_none() {
            return Err(RoomRule::NoStations {
                tournament: tournament.slug.clone(),
            }
            .into());
        }
        Floor::load(tx.conn(), tournament, space).await
    }

    async fn load(
        mut conn: Conn<'_>,
        tournament: &TournamentRow,
        space: &SpaceRow,
    ) -> Result<Floor, ServiceError> {
        let snapshot = Snapshot::load(conn.reborrow(), tournament.clone()).await?;
        let serving = stations::serving(conn.reborrow(), tournament.id).await?;
        let holdings = stations::holdings(conn, space.id).await?;
        Ok(Floor {
            snapshot,
            space: space.clone(),
            serving,
            holdings,
        })
    }

    fn game(&self, id: MatchId) -> Result<&matches::MatchRow, Missing> {
        self.snapshot
            .matches
            .iter()
            .find(|row| row.id == id)
            .ok_or_else(|| Missing::Match {
                tournament: self.snapshot.tournament.slug.clone(),
                id: id.to_string(),
            })
    }

    /// The station of the tournament named `name`.
    fn named(&self, name: &str) -> Result<&StationRow, RoomRule> {
        let key = names::name_key(name);
        self.serving
            .iter()
            .find(|s| s.name_key == key)
            .ok_or_else(|| RoomRule::NotServing {
                station: name.trim().to_owned(),
                tournament: self.snapshot.tournament.slug.clone(),
            })
    }

    /// The first free, unpaused station of the tournament, other than `except`.
    fn first_free(&self, except: Option<StationId>) -> Result<&StationRow, RoomRule> {
        self.serving
            .iter()
            .find(|s| !s.paused && !self.holdings.contains_key(&s.id) && Some(s.id) != except)
            .ok_or_else(|| RoomRule::NoFreeStation {
                tournament: self.snapshot.tournament.slug.clone(),
            })
    }

    /// Refuses a paused station, or one holding a match.
    fn refuse_unavailable(&self, target: &StationRow) -> Result<(), RoomRule> {
        if target.paused {
            return Err(RoomRule::Paused {
                station: target.name.clone(),
            });
        }
        if let Some(holding) = self.holdings.get(&target.id) {
            return Err(RoomRule::StationHolds {
                station: target.name.clone(),
                game: holding.match_id,
                tournament: holding.tournament_slug.clone(),
            });
        }
        Ok(())
    }

    /// Refuses a match one of whose players is called to another station.
    fn refuse_busy_players(&self, row: &matches::MatchRow) -> Result<(), RoomRule> {
        let names = self.snapshot.names();
        for player in [row.a_participant_id, row.b_participant_id]
            .into_iter()
            .flatten()
        {
            let elsewhere = self.holdings.values().find(|h| {
                h.match_id != row.id
                    && (h.a_participant_id == Some(player) || h.b_participant_id == Some(player))
            });
            if let Some(holding) = elsewhere {
                let station = self
                    .serving
                    .iter()
                    .find(|s| s.id == holding.station_id)
                    .map_or_else(|| holding.station_id.to_string(), |s| s.name.clone());
                return Err(RoomRule::PlayerBusy {
                    who: names
                        .get(&player)
                        .cloned()
                        .unwrap_or_else(|| player.to_string()),
                    station,
                    game: holding.match_id,
                });
            }
        }
        Ok(())
    }

    /// The calls the room's rules make now ([`room::calls`]), to `only` that station if named.
    fn calls(&self, now: i64) -> Vec<Call> {
        self.calls_to(now, None)
    }

    fn calls_to(&self, now: i64, only: Option<StationId>) -> Vec<Call> {
        let (stations, busy, rested_at, waiting) = self.inputs(only);
        let room = Room {
            now,
            stations: &stations,
            busy: &busy,
            rested_at: &rested_at,
        };
        room::calls(&room, &waiting)
    }

    /// What the room's core is asked: the tournament's stations (only `only`, if named), the
    /// players on a station, when each is rested, and the matches waiting.
    fn inputs(&self, only: Option<StationId>) -> Inputs {
        let tournament = self.snapshot.tournament.id.raw();
        let stations: Vec<Station> = self
            .serving
            .iter()
            .filter(|s| only.is_none_or(|only| s.id == only))
            .map(|s| Station {
                id: s.id.raw(),
                paused: s.paused,
                free: !self.holdings.contains_key(&s.id),
                serves: BTreeSet::from([tournament]),
            })
            .collect();
        let busy: BTreeSet<Pid> = self
            .holdings
            .values()
            .filter(|h| h.tournament_id == self.snapshot.tournament.id)
            .flat_map(|h| [h.a_participant_id, h.b_participant_id])
            .flatten()
            .map(|p| p.raw())
            .collect();
        let finished = self.last_finished();
        let rest = self.snapshot.tournament.rest_between;
        let rested_at: BTreeMap<Pid, i64> =
            finished.iter().map(|(p, at)| (*p, at + rest)).collect();
        let depths = room::depths(&self.snapshot.state.games);
        let waiting: Vec<Waiting> = self
            .snapshot
            .matches
            .iter()
            .zip(&depths)
            .filter(|(row, _)| {
                row.status == MatchStatus::Ready && !row.bye && row.station_id.is_none()
            })
            .filter_map(|(row, depth)| {
                let players = [row.a_participant_id?.raw(), row.b_participant_id?.raw()];
                Some(Waiting {
                    id: row.id.raw(),
                    tournament,
                    ready_since: players
                        .iter()
                        .filter_map(|p| finished.get(p))
                        .max()
                        .copied()
                        .unwrap_or(0),
                    players: players.to_vec(),
                    depth: *depth,
                    position: u32::try_from(row.position).unwrap_or(u32::MAX),
                    not_before: row.not_before,
                })
            })
            .collect();
        (stations, busy, rested_at, waiting)
    }

    /// The tournament's estimate of a match's length: the median call-to-result time of its
    /// finished matches once five are done, blended with `--match-duration` before (forfeits
    /// aside: they say nothing of how long a match lasts); and, by stage number, each stage's
    /// own where its matches have said (its median blended the same way with the tournament's
    /// estimate), so a final stage of longer matches is forecast at its length.
    fn estimates(&self) -> (i64, BTreeMap<u32, i64>) {
        let mut lasted: Vec<(u32, i64)> = self
            .snapshot
            .matches
            .iter()
            .zip(&self.snapshot.state.games)
            .filter(|(row, _)| !row.forfeit && !row.bye)
            .filter_map(|(row, game)| Some((game.stage, row.completed_at? - row.called_at?)))
            .filter(|(_, lasted)| *lasted > 0)
            .collect();
        let whole = blended(
            lasted.iter().map(|(_, l)| *l).collect(),
            self.snapshot.tournament.match_duration,
        );
        lasted.sort_unstable();
        let mut stages: BTreeMap<u32, Vec<i64>> = BTreeMap::new();
        for (stage, l) in lasted {
            stages.entry(stage).or_default().push(l);
        }
        let by_stage = match stages.len() {
            // One stage: the tournament's estimate is its own.
            0 | 1 => BTreeMap::new(),
            _ => stages
                .into_iter()
                .map(|(stage, lasted)| (stage, blended(lasted, whole)))
                .collect(),
        };
        (whole, by_stage)
    }

    /// The `not_before` of every unplayed match not on a station, as forecast now
    /// ([`room::not_before`]), by id: never earlier than the one published.
    fn forecast(&self, now: i64) -> Result<Vec<(MatchId, i64)>, DayError> {
        let (estimate, stage_estimates) = self.estimates();
        let tournament = self.snapshot.tournament.id;
        // Stations held by another tournament's match are forecast free: when they free is
        // that tournament's to know.
        let stations: Vec<Station> = self
            .serving
            .iter()
            .map(|s| Station {
                id: s.id.raw(),
                paused: s.paused,
                free: self
                    .holdings
                    .get(&s.id)
                    .is_none_or(|h| h.tournament_id != tournament),
                serves: BTreeSet::from([0]),
            })
            .collect();
        let index: HashMap<MatchId, usize> = self
            .snapshot
            .matches
            .iter()
            .enumerate()
            .map(|(i, row)| (row.id, i))
            .collect();
        let underway: Vec<Underway> = self
            .holdings
            .values()
            .filter(|h| h.tournament_id == tournament)
            .filter_map(|h| {
                let game = *index.get(&h.match_id)?;
                let stage = self.snapshot.state.games.get(game).map(|g| g.stage);
                let lasts = stage
                    .and_then(|stage| stage_estimates.get(&stage).copied())
                    .unwrap_or(estimate);
                Some(Underway {
                    tournament: 0,
                    game,
                    station: h.station_id.raw(),
                    called_at: h.called_at,
                    ends_at: h.started_at.unwrap_or(h.called_at) + lasts,
                })
            })
            .collect();
        let (_, _, rested_at, waiting) = self.inputs(None);
        let ready_since: BTreeMap<usize, i64> = waiting
            .iter()
            .filter_map(|w| Some((*index.get(&MatchId::from_raw(w.id))?, w.ready_since)))
            .collect();
        let published: Vec<Option<i64>> = self
            .snapshot
            .matches
            .iter()
            .map(|row| row.not_before)
            .collect();
        let room = Forecast {
            now,
            stations: &stations,
            underway: &underway,
            rested_at: &rested_at,
            ready_since: &ready_since,
            published: &published,
            estimate,
            stage_estimates: &stage_estimates,
            rest: self.snapshot.tournament.rest_between,
            lead_percent: 0,
        };
        let times = room::not_before(&self.snapshot.state, &room)?;
        Ok(self
            .snapshot
            .matches
            .iter()
            .zip(times)
            .filter_map(|(row, time)| Some((row, time?)))
            .filter(|(row, time)| row.station_id.is_none() && row.not_before != Some(*time))
            .map(|(row, time)| (row.id, time))
            .collect())
    }

    /// When each player finished their latest match (byes aside).
    fn last_finished(&self) -> BTreeMap<Pid, i64> {
        let mut finished: BTreeMap<Pid, i64> = BTreeMap::new();
        for row in &self.snapshot.matches {
            let (Some(at), false) = (row.completed_at, row.bye) else {
                continue;
            };
            for player in [row.a_participant_id, row.b_participant_id]
                .into_iter()
                .flatten()
            {
                let latest = finished.entry(player.raw()).or_insert(at);
                *latest = (*latest).max(at);
            }
        }
        finished
    }
}

#[cfg(test)]
mod tests {
    use super::blended;

    const MINUTE: i64 = 60_000;

    #[test]
    fn the_estimate_moves_from_the_guess_to_the_median_over_five_matches() {
        assert_eq!(blended(vec![], 20 * MINUTE), 20 * MINUTE, "the guess alone");
        assert_eq!(
            blended(vec![30 * MINUTE], 20 * MINUTE),
            22 * MINUTE,
            "a fifth of the weight"
        );
        let five = vec![10, 30, 30, 40, 12]
            .into_iter()
            .map(|m| m * MINUTE)
            .collect();
        assert_eq!(blended(five, 20 * MINUTE), 30 * MINUTE, "the median alone");
    }
}
