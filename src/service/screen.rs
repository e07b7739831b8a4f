//! What a venue screen shows (DESIGN §20, docs/portal.md "The venue screen"), read from the
//! database: a published tournament's stations, or every station of a space, with what each
//! holds, and the matches of the published tournaments in play on them (the queue in the order
//! the room calls it).
//!
//! Reads only, never writes. A screen is public: a station held by a tournament that is not
//! published is said to be in use, never with its players' names.

use std::collections::HashMap;

use super::ServiceError;
use crate::db::Conn;
use crate::db::spaces::{self, SpaceRow};
use crate::db::stages::{self, StageRow};
use crate::db::stations::{self, Holding, StationRow};
use crate::db::tournaments::TournamentRow;
use crate::domain::TournamentStatus;
use crate::events::MatchObject;
use crate::ids::{MatchId, StationId};
use crate::views::public;

/// A screen's facts.
pub struct ScreenRead {
    pub space: SpaceRow,
    /// The published tournaments shown: on a tournament's screen, that one (in play or not); on
    /// a space's, those in play on stations.
    pub tournaments: Vec<Shown>,
    /// The stations shown, in the order calls prefer them: those the tournament plays on, or
    /// every station of the space.
    pub stations: Vec<StationRow>,
    /// What the stations hold, by station.
    pub holdings: HashMap<StationId, Holding>,
}

/// A published tournament on a screen.
pub struct Shown {
    pub tournament: TournamentRow,
    /// Its matches, as the API shows them.
    pub games: Vec<MatchObject>,
    pub stages: Vec<StageRow>,
    /// Its matches waiting for a station, first called first (empty unless it is in play on
    /// stations).
    pub queue: Vec<MatchId>,
}

impl ScreenRead {
    /// Whether a published tournament shown here holds `holding`'s match (its players may be
    /// named).
    pub fn shown(&self, holding: &Holding) -> Option<&Shown> {
        self.tournaments
            .iter()
            .find(|s| s.tournament.id == holding.tournament_id)
    }
}

/// Whether a tournament is played on stations now.
fn in_play_on_stations(tournament: &TournamentRow) -> bool {
    tournament.status == TournamentStatus::InProgress && tournament.stations.is_some()
}

/// The screen of published tournament `slug` (`None`: no such published tournament).
pub async fn of_tournament(
    mut conn: Conn<'_>,
    slug: &str,
    now: i64,
) -> Result<Option<ScreenRead>, ServiceError> {
    let Some(tournament) = public::published_tournament(conn.reborrow(), slug).await? else {
        return Ok(None);
    };
    let Some(space) = spaces::find(conn.reborrow(), tournament.space_id).await? else {
        return Ok(None);
    };
    let (stations, holdings, queue) = if in_play_on_stations(&tournament) {
        let room = super::room::view(conn.reborrow(), &tournament, &space, now).await?;
        let queue = room.queue.into_iter().map(|(id, _)| id).collect();
        (room.stations, room.holdings, queue)
    } else {
        (Vec::new(), HashMap::new(), Vec::new())
    };
    let shown = shown(conn, tournament, queue).await?;
    Ok(Some(ScreenRead {
        space,
        tournaments: vec![shown],
        stations,
        holdings,
    }))
}

/// The screen of space `slug`: every station, and its published tournaments in play on
/// stations (`None`: no such space).
pub async fn of_space(
    mut conn: Conn<'_>,
    slug: &str,
    now: i64,
) -> Result<Option<ScreenRead>, ServiceError> {
    let Some((space, published)) = public::published_in_space(conn.reborrow(), slug).await? else {
        return Ok(None);
    };
    let stations = stations::list(conn.reborrow(), space.id).await?;
    let holdings = stations::holdings(conn.reborrow(), space.id).await?;
    let mut tournaments = Vec::new();
    for tournament in published.into_iter().filter(in_play_on_stations) {
        let room = super::room::view(conn.reborrow(), &tournament, &space, now).await?;
        let queue = room.queue.into_iter().map(|(id, _)| id).collect();
        tournaments.push(shown(conn.reborrow(), tournament, queue).await?);
    }
    Ok(Some(ScreenRead {
        space,
        tournaments,
        stations,
        holdings,
    }))
}

async fn shown(
    mut conn: Conn<'_>,
    tournament: TournamentRow,
    queue: Vec<MatchId>,
) -> Result<Shown, ServiceError> {
    let games = crate::views::tournament_matches(conn.reborrow(), &tournament).await?;
    let stages = stages::list(conn, tournament.id).await?;
    Ok(Shown {
        tournament,
        games,
        stages,
        queue,
    })
}
