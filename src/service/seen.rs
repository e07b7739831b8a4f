//! What a page showed, as the form it sends carries it back: a short version of the thing the form
//! acts on (a match's players and result, a tournament's settings). The page writes it from
//! the rows it read; the operation computes it again from the rows it holds under its
//! transaction, and refuses when the two differ: a form never acts on something the person did
//! not see.
//!
//! Pure: versions of rows given; nothing here reads storage.

use sha2::{Digest, Sha256};

use crate::db::tournaments::TournamentRow;
use crate::domain::MatchStatus;
use crate::ids::ParticipantId;

/// A match as a report or correction form showed it: its players, its status and its score,
/// readable (`par_3.par_8.ready.-.-`), so that a conflict is easy to follow in a log.
pub fn match_version(
    a: Option<ParticipantId>,
    b: Option<ParticipantId>,
    status: MatchStatus,
    score: (Option<i64>, Option<i64>),
) -> String {
    let id = |p: Option<ParticipantId>| p.map_or_else(|| "-".to_owned(), |p| p.to_string());
    let n = |s: Option<i64>| s.map_or_else(|| "-".to_owned(), |s| s.to_string());
    format!("{}.{}.{status}.{}.{}", id(a), id(b), n(score.0), n(score.1))
}

/// A tournament's settings as its settings form showed them: a digest of everything the form
/// changes (name, description, start, places, entry options, who reports results), so that two
/// organisers' forms never undo each other's changes unseen.
pub fn settings_version(row: &TournamentRow) -> String {
    let fields = serde_json::json!([
        row.name,
        row.description,
        row.starts_at,
        row.max_participants,
        row.check_in_opens_before,
        row.check_in_closes_before,
        row.no_show,
        row.team_min,
        row.team_max,
        row.incomplete_rosters,
        row.waiting_list,
        row.self_report_within,
        row.stations.map(crate::domain::OnStations::as_str),
        row.match_duration,
        row.rest_between,
        row.no_show_after,
    ]);
    let digest = Sha256::digest(fields.to_string().as_bytes());
    hex::encode(&digest[..8])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_match_version_names_its_players_status_and_score() {
        let a = Some(ParticipantId::from_raw(3));
        let b = Some(ParticipantId::from_raw(8));
        assert_eq!(
            match_version(a, b, MatchStatus::Ready, (None, None)),
            "par_3.par_8.ready.-.-"
        );
        assert_eq!(
            match_version(a, None, MatchStatus::Completed, (Some(2), Some(0))),
            "par_3.-.completed.2.0"
        );
    }
}
