//! The import document's shape, read with serde. Unknown fields are refused, every value is typed
//! (formats, statuses, times, slugs, names), and the first bad field is reported with its path.

use serde::{Deserialize, Deserializer};

use super::ImportError;
use crate::domain::names::{self, DESCRIPTION_MAX_CHARS, GAME_MAX_CHARS, NAME_MAX_CHARS};
use crate::domain::{
    Bracket, Format, Locale, MatchStatus, ParticipantStatus, Side, Slug, StageStatus, StageType,
    TournamentStatus, Winner,
};
use crate::timestamp;

/// The version of the document format this build reads.
pub const FORMAT_VERSION: u32 = 1;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Document {
    /// Always 1 for now.
    pub version: u32,
    pub spaces: Vec<SpaceDoc>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpaceDoc {
    pub slug: Slug,
    #[serde(deserialize_with = "name")]
    pub name: String,
    #[serde(default = "default_locale")]
    pub locale: Locale,
    #[serde(default)]
    pub tournaments: Vec<TournamentDoc>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TournamentDoc {
    pub slug: Slug,
    #[serde(deserialize_with = "name")]
    pub name: String,
    #[serde(deserialize_with = "game")]
    pub game: String,
    pub format: Format,
    pub status: TournamentStatus,
    #[serde(default)]
    pub test: bool,
    pub max_participants: u32,
    #[serde(default, deserialize_with = "description")]
    pub description: Option<String>,
    #[serde(deserialize_with = "time")]
    pub starts_at: i64,
    #[serde(default, deserialize_with = "optional_time")]
    pub ends_at: Option<i64>,
    #[serde(default, deserialize_with = "optional_time")]
    pub registration_opens_at: Option<i64>,
    #[serde(default, deserialize_with = "optional_time")]
    pub registration_closes_at: Option<i64>,
    /// single_elimination: play a match for third place.
    #[serde(default)]
    pub third_place: bool,
    /// groups_playoffs: how many groups, and how many of each go to the playoff.
    pub group_count: Option<u32>,
    pub advance_per_group: Option<u32>,
    /// swiss and free_for_all: how many rounds.
    pub rounds: Option<u32>,
    /// free_for_all: points for places 1, 2, 3, ...
    pub points_scale: Option<Vec<u32>>,
    #[serde(default)]
    pub participants: Vec<ParticipantDoc>,
    #[serde(default)]
    pub stages: Vec<StageDoc>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ParticipantDoc {
    #[serde(deserialize_with = "name")]
    pub name: String,
    pub seed: Option<u32>,
    #[serde(default = "default_participant_status")]
    pub status: ParticipantStatus,
    /// Defaults to the time of the import.
    #[serde(default, deserialize_with = "optional_time")]
    pub registered_at: Option<i64>,
    #[serde(default, deserialize_with = "optional_time")]
    pub withdrawn_at: Option<i64>,
    pub place: Option<u32>,
    pub place_to: Option<u32>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StageDoc {
    pub number: u32,
    #[serde(rename = "type")]
    pub stage_type: StageType,
    #[serde(deserialize_with = "name")]
    pub name: String,
    pub status: StageStatus,
    #[serde(default)]
    pub matches: Vec<MatchDoc>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchDoc {
    /// A name for this match, unique in its tournament, that `winner_to` / `loser_to` refer to.
    pub key: Option<String>,
    pub bracket: Option<Bracket>,
    pub group: Option<String>,
    pub round: u32,
    pub position: u32,
    pub status: MatchStatus,
    /// Participant names of side a and side b; absent while unknown or for a bye.
    pub a: Option<String>,
    pub b: Option<String>,
    #[serde(default)]
    pub bye: bool,
    pub score_a: Option<u32>,
    pub score_b: Option<u32>,
    pub winner: Option<Winner>,
    #[serde(default)]
    pub forfeit: bool,
    #[serde(default, deserialize_with = "optional_time")]
    pub scheduled_at: Option<i64>,
    #[serde(default, deserialize_with = "optional_time")]
    pub completed_at: Option<i64>,
    pub winner_to: Option<LinkDoc>,
    pub loser_to: Option<LinkDoc>,
    /// free_for_all rounds: every participant's place and points, instead of sides.
    #[serde(default)]
    pub results: Vec<ResultDoc>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LinkDoc {
    /// The `key` of the match the winner (or loser) goes to.
    #[serde(rename = "match")]
    pub match_key: String,
    pub slot: Side,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultDoc {
    pub participant: String,
    pub place: u32,
    pub points: u32,
}

/// Reads the JSON, reporting the first bad field with its path.
pub fn from_json(bytes: &[u8]) -> Result<Document, ImportError> {
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    let document: Document =
        serde_path_to_error::deserialize(&mut deserializer).map_err(|error| {
            if error.inner().is_syntax() || error.inner().is_eof() {
                // Broken JSON has no field to point at; serde_json gives the line and column.
                return ImportError::at("$", format!("not valid JSON: {}", error.inner()));
            }
            let mut path = json_path(&error.path().to_string());
            let message = error.inner().to_string();
            // serde reports a missing field at its parent object; point at the field itself.
            if let Some(field) = message
                .strip_prefix("missing field `")
                .and_then(|rest| rest.split('`').next())
            {
                path = format!("{path}.{field}");
            }
            ImportError::at(path, message)
        })?;
    deserializer
        .end()
        .map_err(|e| ImportError::at("$", format!("unexpected content after the document: {e}")))?;
    if document.version != FORMAT_VERSION {
        return Err(ImportError::at(
            "$.version",
            format!(
                "unsupported version {}; this build reads version {FORMAT_VERSION}",
                document.version
            ),
        ));
    }
    Ok(document)
}

/// `spaces[0].name` as JSONPath: `$.spaces[0].name` (and `$` for the root).
fn json_path(serde_path: &str) -> String {
    match serde_path {
        "" | "." => "$".to_owned(),
        path => format!("$.{path}"),
    }
}

fn default_locale() -> Locale {
    Locale::En
}

fn default_participant_status() -> ParticipantStatus {
    ParticipantStatus::Active
}

fn checked_line<'de, D: Deserializer<'de>>(
    deserializer: D,
    max_chars: usize,
) -> Result<String, D::Error> {
    let text = String::deserialize(deserializer)?;
    names::one_line(&text, max_chars)
        .map(str::to_owned)
        .map_err(serde::de::Error::custom)
}

fn name<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    checked_line(deserializer, NAME_MAX_CHARS)
}

fn game<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    checked_line(deserializer, GAME_MAX_CHARS)
}

fn description<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<String>, D::Error> {
    let Some(text) = Option::<String>::deserialize(deserializer)? else {
        return Ok(None);
    };
    names::multi_line(&text, DESCRIPTION_MAX_CHARS)
        .map(|t| Some(t.to_owned()))
        .map_err(serde::de::Error::custom)
}

fn time<'de, D: Deserializer<'de>>(deserializer: D) -> Result<i64, D::Error> {
    let text = String::deserialize(deserializer)?;
    timestamp::parse(&text).map_err(serde::de::Error::custom)
}

fn optional_time<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<i64>, D::Error> {
    let Some(text) = Option::<String>::deserialize(deserializer)? else {
        return Ok(None);
    };
    timestamp::parse(&text)
        .map(Some)
        .map_err(serde::de::Error::custom)
}
