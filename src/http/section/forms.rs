//! The desk's forms, read: each from the fields a post sent ([`Fields`], decoded once by the
//! pipeline) into the service's typed input, by the shell's own readers (`fields`: a score, a
//! duration, a time, a whole number mean the same in the shell, at the desk and on the portal).
//! A field that does not read is [`Unreadable`], named, so the page shows its reason beside it.
//!
//! Pure: fields in, typed input out. Whether the input is allowed is the service's to decide.

use super::pipeline::{FromFields, Unreadable};
use crate::domain::SignatureHeaders;
use crate::domain::engine::{Take, Thresholds};
use crate::domain::entry::{CheckIn, Entry, Teams, parse_team_size};
use crate::domain::self_report::SelfReport;
use crate::domain::{Format, NoShow, Side, TournamentStatus};
use crate::fields;
use crate::http::forms::Fields;
use crate::ids::ParticipantId;
use crate::pages::desk::fields::{
    CHECK_IN_CLOSES, CHECK_IN_OPENS, CONFIRM_WITHIN, EntryValues, INCOMPLETE_ROSTERS,
    MATCH_DURATION, NO_SHOW, NO_SHOW_AFTER, REST, ReportValues, RoomValues, SELF_REPORT, STATIONS,
    TEAM_SIZE, WAITING_LIST,
};
use crate::pages::desk::new_tournament::NewValues;
use crate::pages::desk::settings::SettingsValues;
use crate::pages::desk::stages::StageValues;
use crate::pages::desk::tournament::{Step, steps};
use crate::pages::i18n::T;
use crate::service::matches::ResultInput;
use crate::service::stages::NewStage;
use crate::service::stations::OnStationsChoice;
use crate::service::tournaments::{Changes, Draft};

/// The value of a posted choice among `choices` (milliseconds), or `None` for anything else.
pub(super) fn chosen(choices: &[(i64, T)], posted: &str) -> Option<i64> {
    posted
        .parse::<i64>()
        .ok()
        .filter(|ms| choices.iter().any(|(c, _)| c == ms))
}

/// The signature headers a form sent: none sent is both (the default); anything else is `None`.
pub(super) fn sent_signature_headers(text: &str) -> Option<SignatureHeaders> {
    match text {
        "" => Some(SignatureHeaders::Both),
        other => other.parse().ok(),
    }
}

/// What every desk form built on something carries back: what its page showed (`seen`). A
/// form without it is not one of this site's pages.
fn seen(fields: &Fields) -> Result<&str, Unreadable> {
    match fields.get("seen") {
        "" => Err(Unreadable::new("seen", T::ErrFormStale)),
        seen => Ok(seen),
    }
}

/// `…/step`: the step the page showed, and the status it showed it from.
pub(super) struct StepForm {
    pub from: TournamentStatus,
    pub to: Step,
}

impl FromFields for StepForm {
    fn from_fields(fields: &Fields) -> Result<StepForm, Unreadable> {
        let stale = || Unreadable::new("step", T::ErrFormStale);
        let from = fields.get("from").parse().map_err(|_| stale())?;
        let to = match fields.get("to") {
            "start" => Step::Start,
            to => Step::To(to.parse().map_err(|_| stale())?),
        };
        // Only a step the desk offers from there.
        match steps(from).iter().any(|(step, _)| *step == to) {
            true => Ok(StepForm { from, to }),
            false => Err(Unreadable::new("step", T::DeskNoSuchStep)),
        }
    }
}

/// A result reported or corrected at the desk, and the match as the page showed it.
pub(super) struct ResultForm {
    pub input: ResultInput,
    pub seen: String,
}

impl FromFields for ResultForm {
    /// Both scores (as the shell's `--score A-B`), a forfeit by one side (`--forfeit a|b`), or a
    /// free-for-all round's places (`place_<participant>` = 1, 2, 3, …: every place once).
    fn from_fields(fields: &Fields) -> Result<ResultForm, Unreadable> {
        let seen = seen(fields)?.to_owned();
        if let Some(places) = places(fields)? {
            return Ok(ResultForm {
                input: ResultInput::Places(places),
                seen,
            });
        }
        let invalid = || Unreadable::new("score_a", T::DeskScoreInvalid);
        let number = |name: &str| match fields.get(name).trim() {
            "" => Ok(None),
            text => fields::score(text).map(Some).map_err(|_| invalid()),
        };
        let score = match (number("score_a")?, number("score_b")?) {
            (Some(a), Some(b)) => Some((a, b)),
            (None, None) => None,
            _ => return Err(invalid()),
        };
        let forfeit = match fields.get("forfeit") {
            "" => None,
            "a" => Some(Side::A),
            "b" => Some(Side::B),
            _ => return Err(Unreadable::new("forfeit", T::DeskScoreInvalid)),
        };
        if score.is_none() && forfeit.is_none() {
            return Err(Unreadable::new("score_a", T::DeskResultMissing));
        }
        Ok(ResultForm {
            input: ResultInput::Sides { score, forfeit },
            seen,
        })
    }
}

/// A places form's finishing order, or `None` when the form has no place at all.
fn places(fields: &Fields) -> Result<Option<Vec<String>>, Unreadable> {
    let invalid = || Unreadable::new("places", T::DeskPlacesInvalid);
    let mut places: Vec<(u32, ParticipantId)> = Vec::new();
    for (key, value) in fields.pairs() {
        let Some(who) = key.strip_prefix("place_") else {
            continue;
        };
        let id = ParticipantId::parse_prefixed(who).ok_or_else(invalid)?;
        let place = fields::whole(value).map_err(|_| invalid())?;
        if places.iter().any(|(_, seen)| *seen == id) {
            return Err(invalid());
        }
        places.push((place, id));
    }
    if places.is_empty() {
        return Ok(None);
    }
    places.sort_by_key(|(place, _)| *place);
    if !places.iter().zip(1..).all(|((place, _), n)| *place == n) {
        return Err(invalid());
    }
    Ok(Some(places.iter().map(|(_, id)| id.to_string()).collect()))
}

/// A seed order: the field's (or a stage's) new order from the typed seeds (ties keep the
/// page's order), with one player moved a place when `up` or `down` names them; and the order
/// the page showed.
pub(super) struct SeedsForm {
    pub order: Vec<ParticipantId>,
    pub seen: Vec<ParticipantId>,
}

impl FromFields for SeedsForm {
    fn from_fields(fields: &Fields) -> Result<SeedsForm, Unreadable> {
        let invalid = || Unreadable::new("seeds", T::DeskSeedInvalid);
        let seen = seen(fields)?
            .split(',')
            .map(|id| ParticipantId::parse_prefixed(id.trim()))
            .collect::<Option<Vec<_>>>()
            .ok_or(Unreadable::new("seen", T::ErrFormStale))?;
        let mut seeds: Vec<(usize, ParticipantId)> = Vec::new();
        let mut moved: Option<(ParticipantId, bool)> = None;
        for (key, value) in fields.pairs() {
            if let Some(id) = key.strip_prefix("seed_") {
                let id = ParticipantId::parse_prefixed(id).ok_or_else(invalid)?;
                let seed = fields::whole(value).map_err(|_| invalid())? as usize;
                if seeds.iter().any(|(_, seen)| *seen == id) {
                    return Err(invalid());
                }
                seeds.push((seed, id));
            } else if key == "up" || key == "down" {
                let id = ParticipantId::parse_prefixed(value).ok_or_else(invalid)?;
                moved = Some((id, key == "up"));
            }
        }
        let count = seeds.len();
        if count == 0 || seeds.iter().any(|(seed, _)| !(1..=count).contains(seed)) {
            return Err(invalid());
        }
        // The seeds given are those of the players the page showed, each once.
        if count != seen.len() || seeds.iter().any(|(_, id)| !seen.contains(id)) {
            return Err(Unreadable::new("seen", T::ErrFormStale));
        }
        // Ties keep the page's order: sort by seed, then by where the page showed the player.
        let shown = |id: &ParticipantId| seen.iter().position(|s| s == id).unwrap_or(usize::MAX);
        seeds.sort_by_key(|(seed, id)| (*seed, shown(id)));
        let mut order: Vec<ParticipantId> = seeds.into_iter().map(|(_, id)| id).collect();
        if let Some((id, up)) = moved {
            let at = order.iter().position(|p| *p == id).ok_or_else(invalid)?;
            let to = if up { at.checked_sub(1) } else { Some(at + 1) };
            if let Some(to) = to.filter(|to| *to < order.len()) {
                order.swap(at, to);
            }
        }
        Ok(SeedsForm { order, seen })
    }
}

/// A player or team added at the desk: a name, a private address if known, a team's players
/// (one per line, blank lines aside).
pub(super) struct PlayerForm {
    pub name: String,
    pub email: Option<String>,
    pub roster: Vec<String>,
}

impl FromFields for PlayerForm {
    fn from_fields(fields: &Fields) -> Result<PlayerForm, Unreadable> {
        let email = fields.get("email").trim();
        Ok(PlayerForm {
            name: fields.get("name").to_owned(),
            email: (!email.is_empty()).then(|| email.to_owned()),
            roster: fields
                .get("players")
                .lines()
                .map(str::trim)
                .filter(|line| !line.is_empty())
                .map(str::to_owned)
                .collect(),
        })
    }
}

/// How many stages the page showed (`seen`), for a form that adds or removes the last.
pub(super) fn seen_count(fields: &Fields) -> Result<usize, Unreadable> {
    fields::whole(seen(fields)?)
        .map(|n| n as usize)
        .map_err(|_| Unreadable::new("seen", T::ErrFormStale))
}

/// A stage added after the last, as sent.
pub(super) fn stage_values(fields: &Fields) -> StageValues {
    StageValues {
        format: fields.get("format").to_owned(),
        take: fields.get("take").trim().to_owned(),
        per_group: fields.get("per_group") == "yes",
        name: fields.get("name").trim().to_owned(),
        third_place: fields.get("third_place") == "yes",
        groups: fields.get("groups").trim().to_owned(),
        rounds: fields.get("rounds").trim().to_owned(),
        advance_wins: fields.get("advance_wins").trim().to_owned(),
        eliminate_losses: fields.get("eliminate_losses").trim().to_owned(),
    }
}

/// A whole number typed into `field`, when one was typed.
fn count(field: &'static str, text: &str) -> Result<Option<u32>, Unreadable> {
    match text.trim() {
        "" => Ok(None),
        text => fields::whole(text)
            .map(Some)
            .map_err(|_| Unreadable::new(field, T::NewWholeNumber)),
    }
}

/// The stage the add form describes, read as `stages add` reads its options.
pub(super) fn new_stage(values: &StageValues) -> Result<NewStage, Unreadable> {
    let format = values
        .format
        .parse::<Format>()
        .map_err(|_| Unreadable::new("format", T::NewFormatInvalid))?;
    let take = count("take", &values.take)?.ok_or(Unreadable::new("take", T::NewWholeNumber))?;
    let thresholds = match (
        count("advance_wins", &values.advance_wins)?,
        count("eliminate_losses", &values.eliminate_losses)?,
    ) {
        (Some(advance_wins), Some(eliminate_losses)) => Some(Thresholds {
            advance_wins,
            eliminate_losses,
        }),
        (None, None) => None,
        (None, Some(_)) => return Err(Unreadable::new("advance_wins", T::StageThresholdsBoth)),
        (Some(_), None) => {
            return Err(Unreadable::new("eliminate_losses", T::StageThresholdsBoth));
        }
    };
    Ok(NewStage {
        format,
        name: (!values.name.is_empty()).then(|| values.name.clone()),
        third_place: values.third_place,
        groups: count("groups", &values.groups)?,
        rounds: count("rounds", &values.rounds)?,
        thresholds,
        take: match values.per_group {
            true => Take::PerGroup(take),
            false => Take::Best(take),
        },
    })
}

/// The entry options as a form sent them.
fn entry_values(fields: &Fields) -> EntryValues {
    EntryValues {
        check_in_opens: fields.get(CHECK_IN_OPENS).trim().to_owned(),
        check_in_closes: fields.get(CHECK_IN_CLOSES).trim().to_owned(),
        no_show: fields.get(NO_SHOW).to_owned(),
        team_size: fields.get(TEAM_SIZE).trim().to_owned(),
        incomplete_rosters: fields.get(INCOMPLETE_ROSTERS) == "yes",
        waiting_list: fields.get(WAITING_LIST).trim().to_owned(),
    }
}

fn room_values(fields: &Fields) -> RoomValues {
    RoomValues {
        stations: fields.get(STATIONS).trim().to_owned(),
        match_duration: fields.get(MATCH_DURATION).trim().to_owned(),
        rest: fields.get(REST).trim().to_owned(),
        no_show_after: fields.get(NO_SHOW_AFTER).trim().to_owned(),
    }
}

/// The stations as typed: `all`, names with commas, or none (empty).
fn on_stations(text: &str) -> Option<OnStationsChoice> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    if text.eq_ignore_ascii_case("all") {
        return Some(OnStationsChoice::All);
    }
    Some(OnStationsChoice::Listed(
        text.split(',')
            .map(str::trim)
            .filter(|name| !name.is_empty())
            .map(str::to_owned)
            .collect(),
    ))
}

/// A room duration as typed (`None`: empty, the default).
fn room_duration(field: &'static str, text: &str) -> Result<Option<i64>, Unreadable> {
    match text {
        "" => Ok(None),
        text => fields::duration_ms(text)
            .map(Some)
            .map_err(|_| Unreadable::new(field, T::EntryDurationInvalid)),
    }
}

fn report_values(fields: &Fields) -> ReportValues {
    ReportValues {
        self_report: fields.get(SELF_REPORT).to_owned(),
        confirm_within: fields.get(CONFIRM_WITHIN).trim().to_owned(),
    }
}

/// The check-in window as typed (`None`: both fields empty).
fn check_in(values: &EntryValues) -> Result<Option<CheckIn>, Unreadable> {
    let (opens, closes) = (&values.check_in_opens, &values.check_in_closes);
    if opens.is_empty() && closes.is_empty() {
        return Ok(None);
    }
    let millis = |field: &'static str, text: &str| {
        fields::duration_ms(text).map_err(|_| Unreadable::new(field, T::EntryDurationInvalid))
    };
    Ok(Some(CheckIn {
        opens_before: millis(CHECK_IN_OPENS, opens)?,
        closes_before: millis(CHECK_IN_CLOSES, closes)?,
        no_show: values
            .no_show
            .parse::<NoShow>()
            .map_err(|_| Unreadable::new(NO_SHOW, T::EntryNoShowInvalid))?,
    }))
}

fn teams(values: &EntryValues) -> Result<Option<Teams>, Unreadable> {
    if values.team_size.is_empty() {
        return Ok(None);
    }
    let (min, max) = parse_team_size(&values.team_size)
        .ok_or(Unreadable::new(TEAM_SIZE, T::EntryTeamSizeInvalid))?;
    Ok(Some(Teams {
        min,
        max,
        incomplete: values.incomplete_rosters,
    }))
}

fn waiting_list(values: &EntryValues) -> Result<Option<u32>, Unreadable> {
    Ok(count(WAITING_LIST, &values.waiting_list)?.filter(|n| *n > 0))
}

/// The options the entry fields set (empty fields: none).
fn entry(values: &EntryValues) -> Result<Entry, Unreadable> {
    Ok(Entry {
        check_in: check_in(values)?,
        teams: teams(values)?,
        waiting_list: waiting_list(values)?,
    })
}

/// Players' reports as sent: on or off (`None`: not sent), and the window (`None`: empty).
fn reports(values: &ReportValues) -> Result<(Option<bool>, Option<i64>), Unreadable> {
    let on = match values.self_report.as_str() {
        "" => None,
        "off" => Some(false),
        "confirm" => Some(true),
        _ => return Err(Unreadable::new(SELF_REPORT, T::SelfReportInvalid)),
    };
    let within = match values.confirm_within.as_str() {
        "" => None,
        text => Some(
            fields::duration_ms(text)
                .map_err(|_| Unreadable::new(CONFIRM_WITHIN, T::EntryDurationInvalid))?,
        ),
    };
    // Off with a window: the window is left as the form showed it, not a request.
    Ok((on, within.filter(|_| on != Some(false))))
}

/// The settings form as sent.
pub(super) fn settings_values(fields: &Fields) -> SettingsValues {
    SettingsValues {
        name: fields.get("name").to_owned(),
        description: fields.get("description").to_owned(),
        starts_at: fields.get("starts_at").to_owned(),
        max_participants: fields.get("max_participants").to_owned(),
        entry: entry_values(fields),
        reports: report_values(fields),
        room: room_values(fields),
        seen: fields.get("seen").to_owned(),
    }
}

/// What a settings form changes of `stored` (as the form would show it now): only the fields
/// that differ, each read as `tournaments update` reads its option; and the settings the form
/// was built on, which the service compares with what it holds.
pub(super) fn changes(
    stored: &SettingsValues,
    sent: &SettingsValues,
) -> Result<Changes, Unreadable> {
    if sent.seen.is_empty() {
        return Err(Unreadable::new("seen", T::ErrFormStale));
    }
    let mut changes = Changes {
        seen: Some(sent.seen.clone()),
        ..Changes::default()
    };
    if sent.name != stored.name {
        changes.name = Some(sent.name.clone());
    }
    if sent.description.trim() != stored.description.trim() {
        changes.description = Some(sent.description.trim().to_owned());
    }
    if sent.starts_at.trim() != stored.starts_at {
        let start = fields::time(&sent.starts_at)
            .map_err(|_| Unreadable::new("starts_at", T::NewStartsAtInvalid))?;
        changes.starts_at = Some(start);
    }
    if sent.max_participants.trim() != stored.max_participants {
        changes.max_participants = count("max_participants", &sent.max_participants)?;
    }
    let (new, old) = (&sent.entry, &stored.entry);
    let check_in_moved = new.check_in_opens != old.check_in_opens
        || new.check_in_closes != old.check_in_closes
        || (!new.check_in_opens.is_empty() && new.no_show != old.no_show);
    if check_in_moved {
        changes.check_in = Some(check_in(new)?);
    }
    let teams_moved = new.team_size != old.team_size
        || (!new.team_size.is_empty() && new.incomplete_rosters != old.incomplete_rosters);
    if teams_moved {
        changes.teams = Some(teams(new)?);
    }
    if new.waiting_list != old.waiting_list {
        changes.waiting_list = Some(waiting_list(new)?);
    }
    if sent.reports != stored.reports {
        let (on, within) = reports(&sent.reports)?;
        changes.self_report = on;
        changes.confirm_within = within;
    }
    let (new, old) = (&sent.room, &stored.room);
    if new.stations != old.stations {
        changes.stations = Some(on_stations(&new.stations));
    }
    let default = crate::domain::room::Timing::default();
    if new.match_duration != old.match_duration {
        changes.match_duration = Some(
            room_duration(MATCH_DURATION, &new.match_duration)?.unwrap_or(default.match_duration),
        );
    }
    if new.rest != old.rest {
        changes.rest = Some(room_duration(REST, &new.rest)?.unwrap_or(default.rest));
    }
    if new.no_show_after != old.no_show_after {
        changes.no_show_after = Some(
            room_duration(NO_SHOW_AFTER, &new.no_show_after)?.unwrap_or(default.no_show_after),
        );
    }
    Ok(changes)
}

/// The New tournament form as sent.
pub(super) fn new_values(fields: &Fields) -> NewValues {
    NewValues {
        name: fields.get("name").to_owned(),
        slug: fields.get("slug").to_owned(),
        game: fields.get("game").to_owned(),
        format: fields.get("format").to_owned(),
        max_participants: fields.get("max_participants").to_owned(),
        starts_at: fields.get("starts_at").to_owned(),
        rounds: fields.get("rounds").to_owned(),
        groups: fields.get("groups").to_owned(),
        advance: fields.get("advance").to_owned(),
        third_place: fields.get("third_place") == "yes",
        description: fields.get("description").to_owned(),
        points: fields.get("points").to_owned(),
        entry: entry_values(fields),
        reports: report_values(fields),
        room: room_values(fields),
    }
}

/// The tournament the New tournament form describes, in space `space`, read as `tournaments
/// create` reads its options.
pub(super) fn draft(space: &str, values: &NewValues) -> Result<Draft, Unreadable> {
    let format = values
        .format
        .parse::<Format>()
        .map_err(|_| Unreadable::new("format", T::NewFormatInvalid))?;
    let max_participants = count("max_participants", &values.max_participants)?
        .ok_or(Unreadable::new("max_participants", T::NewWholeNumber))?;
    let (on, within) = reports(&values.reports)?;
    let self_report = SelfReport::Off
        .changed(on, within)
        .map_err(|_| Unreadable::new(CONFIRM_WITHIN, T::SelfReportInvalid))?;
    let description = values.description.trim();
    let default = crate::domain::room::Timing::default();
    let room = &values.room;
    let timing = crate::domain::room::Timing {
        match_duration: room_duration(MATCH_DURATION, &room.match_duration)?
            .unwrap_or(default.match_duration),
        rest: room_duration(REST, &room.rest)?.unwrap_or(default.rest),
        no_show_after: room_duration(NO_SHOW_AFTER, &room.no_show_after)?
            .unwrap_or(default.no_show_after),
    };
    Ok(Draft {
        stations: on_stations(&room.stations),
        timing,
        entry: entry(&values.entry)?,
        self_report,
        points_scale: points(&values.points)
            .ok_or(Unreadable::new("points", T::NewPointsInvalid))?,
        max_participants,
        starts_at: fields::time(&values.starts_at)
            .map_err(|_| Unreadable::new("starts_at", T::NewStartsAtInvalid))?,
        rounds: count("rounds", &values.rounds)?,
        group_count: count("groups", &values.groups)?,
        advance_per_group: count("advance", &values.advance)?,
        third_place: values.third_place,
        description: (!description.is_empty()).then(|| description.to_owned()),
        ..Draft::new(space, &values.slug, &values.name, &values.game, format)
    })
}

/// A points scale as typed (`25,18,15`): `Some(None)` when empty, `None` when unreadable.
fn points(text: &str) -> Option<Option<Vec<u32>>> {
    let text = text.trim();
    if text.is_empty() {
        return Some(None);
    }
    let scale: Option<Vec<u32>> = text.split(',').map(|p| fields::whole(p).ok()).collect();
    scale.map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(body: &str) -> Fields {
        Fields::parse(body.as_bytes())
    }

    fn id(n: i64) -> ParticipantId {
        ParticipantId::from_raw(n)
    }

    #[test]
    fn a_result_reads_as_the_shell_reads_it() {
        let read = |body: &str| ResultForm::from_fields(&fields(body)).map(|f| f.input);
        assert_eq!(
            read("seen=v&score_a=2&score_b=1&forfeit="),
            Ok(ResultInput::Sides {
                score: Some((2, 1)),
                forfeit: None
            })
        );
        assert_eq!(
            read("seen=v&score_a=1000&score_b=0"),
            Ok(ResultInput::Sides {
                score: Some((1000, 0)),
                forfeit: None
            }),
            "a score the shell and the portal take, the desk takes too"
        );
        for bad in [
            "seen=v&score_a=%2B5&score_b=1",
            "seen=v&score_a=10000&score_b=1",
            "seen=v&score_a=2&score_b=",
            "seen=v&score_a=1.0&score_b=1",
            "seen=v&forfeit=c",
            "seen=v",
            "score_a=2&score_b=1",
        ] {
            assert!(read(bad).is_err(), "{bad}");
        }
        assert_eq!(
            read("seen=v&place_par_2=1&place_par_1=3&place_par_3=2"),
            Ok(ResultInput::Places(vec![
                "par_2".into(),
                "par_3".into(),
                "par_1".into()
            ]))
        );
        for bad in [
            "seen=v&place_par_1=1&place_par_2=1",
            "seen=v&place_par_1=1&place_par_2=3",
            "seen=v&place_par_1=first&place_par_2=2",
            "seen=v&place_par_1=1&place_par_1=2",
            "seen=v&place_x=1",
        ] {
            assert!(read(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn typed_seeds_order_the_field_and_ties_keep_the_pages_order() {
        let read = |body: &str| SeedsForm::from_fields(&fields(body)).map(|f| f.order);
        let seen = "seen=par_1,par_2,par_3";
        assert_eq!(
            read(&format!("{seen}&seed_par_1=2&seed_par_2=1&seed_par_3=2")),
            Ok(vec![id(2), id(1), id(3)])
        );
        assert_eq!(
            read(&format!("{seen}&seed_par_3=1&seed_par_1=1&seed_par_2=1")),
            Ok(vec![id(1), id(2), id(3)]),
            "ties keep the page's order, not the body's"
        );
        assert_eq!(
            read(&format!(
                "{seen}&seed_par_1=1&seed_par_2=2&seed_par_3=3&up=par_3"
            )),
            Ok(vec![id(1), id(3), id(2)])
        );
        assert_eq!(
            read(&format!(
                "{seen}&seed_par_1=1&seed_par_2=2&seed_par_3=3&down=par_3"
            )),
            Ok(vec![id(1), id(2), id(3)]),
            "the last cannot go down"
        );
        for bad in [
            "seen=par_1,par_2&seed_par_1=0&seed_par_2=1",
            "seen=par_1,par_2&seed_par_1=3&seed_par_2=1",
            "seen=par_1,par_2&seed_par_1=one&seed_par_2=1",
            "seen=par_1,par_2&seed_par_1=1&seed_par_1=2",
            "seen=par_1,par_2&seed_x=1&seed_par_2=2",
            "seen=par_1,par_2&seed_par_1=1&seed_par_2=2&up=par_9",
            "seed_par_1=1&seed_par_2=2",
            "seen=x&seed_par_1=1&seed_par_2=2",
        ] {
            assert!(read(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn unreadable_options_name_their_field() {
        let field = |body: &str| entry(&entry_values(&fields(body))).map_err(|u| u.field);
        assert_eq!(field("check_in_opens=an+hour"), Err(CHECK_IN_OPENS));
        assert_eq!(
            field("check_in_opens=1h&no_show=bottom_seed"),
            Err(CHECK_IN_CLOSES)
        );
        assert_eq!(
            field("check_in_opens=1h&check_in_closes=5m&no_show=x"),
            Err(NO_SHOW)
        );
        assert_eq!(field("team_size=two"), Err(TEAM_SIZE));
        assert_eq!(field("waiting_list=-1"), Err(WAITING_LIST));
        assert_eq!(field(""), Ok(Entry::default()));
    }

    #[test]
    fn a_settings_form_changes_only_what_differs() {
        let stored = SettingsValues {
            name: "Cup".into(),
            starts_at: "2026-12-04T18:00".into(),
            max_participants: "16".into(),
            seen: "abc".into(),
            reports: ReportValues::of(SelfReport::Off),
            ..SettingsValues::default()
        };
        let same = stored.clone();
        let changes = super::changes(&stored, &same).expect("readable");
        assert_eq!(changes.name, None);
        assert_eq!(changes.starts_at, None);
        assert_eq!(changes.seen.as_deref(), Some("abc"));
        let renamed = SettingsValues {
            name: "Cup II".into(),
            ..stored.clone()
        };
        assert_eq!(
            super::changes(&stored, &renamed)
                .expect("readable")
                .name
                .as_deref(),
            Some("Cup II")
        );
        let unseen = SettingsValues {
            seen: String::new(),
            ..stored.clone()
        };
        assert!(super::changes(&stored, &unseen).is_err());
    }
}
