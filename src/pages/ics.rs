//! Calendars as iCalendar feeds (RFC 5545): a space's, one VEVENT per published tournament (the
//! portal's feed and the calendar widget's are the same); a tournament's, the tournament and each
//! of its matches with a time; and a player's own, each match of theirs with a time.
//!
//! Each event's UID is its own for ever (`tournament-<id>-<created>@tourney`, `match-<id>-…`):
//! neither the server's address nor the language changes it, so a moved tournament or match
//! updates the event subscribers have instead of adding one. Its `SEQUENCE` grows with every
//! change (seconds from the tournament's creation to the row's last change). Times are UTC.
//! CRLF line endings, text escaped, long lines folded at 75 octets without splitting a UTF-8
//! character. Builds text only.

use super::i18n::{T, clock};
use crate::db::spaces::SpaceRow;
use crate::db::tournaments::TournamentRow;
use crate::domain::{Locale, MatchStatus, TournamentStatus};
use crate::events::{MatchObject, Sides};
use crate::links::BaseUrl;
use crate::timestamp;

/// The feed of `space`'s `tournaments` (the caller passes only published ones), built at
/// `now_ms`.
pub fn calendar(
    locale: Locale,
    base_url: &BaseUrl,
    space: &SpaceRow,
    tournaments: &[TournamentRow],
    now_ms: i64,
) -> String {
    let mut lines = opening("calendar", &space.name);
    // Subscribed calendars read it again hourly: tournaments are announced days ahead.
    lines.push("REFRESH-INTERVAL;VALUE=DURATION:PT1H".to_owned());
    lines.push("X-PUBLISHED-TTL:PT1H".to_owned());
    let mut sorted: Vec<&TournamentRow> = tournaments.iter().collect();
    sorted.sort_by_key(|t| (t.starts_at, t.id));
    for t in sorted {
        tournament_event(&mut lines, locale, base_url, space, t, now_ms);
    }
    lines.push("END:VCALENDAR".to_owned());
    folded(lines)
}

/// A tournament's feed: the tournament itself, then each of its matches with a time (waiting,
/// called or played), as [`player_matches`] shows them.
pub fn tournament(
    locale: Locale,
    base_url: &BaseUrl,
    space: &SpaceRow,
    tournament: &TournamentRow,
    games: &[CalendarMatch],
    now_ms: i64,
) -> String {
    let mut lines = opening("tournament", &tournament.name);
    lines.push("REFRESH-INTERVAL;VALUE=DURATION:PT5M".to_owned());
    lines.push("X-PUBLISHED-TTL:PT5M".to_owned());
    tournament_event(&mut lines, locale, base_url, space, tournament, now_ms);
    for game in games {
        match_event(&mut lines, locale, base_url, tournament, game, now_ms);
    }
    lines.push("END:VCALENDAR".to_owned());
    folded(lines)
}

/// A change's revision as `SEQUENCE`: seconds from the tournament's creation to `updated_at`.
fn sequence(tournament: &TournamentRow, updated_at: i64) -> i64 {
    ((updated_at - tournament.created_at).max(0) / 1000).min(i64::from(i32::MAX))
}

/// The tournament as one event: its start to its end (an hour when no end is set).
fn tournament_event(
    lines: &mut Vec<String>,
    locale: Locale,
    base_url: &BaseUrl,
    space: &SpaceRow,
    t: &TournamentRow,
    now_ms: i64,
) {
    // The event shows the space's name and place too: a change of either revises it.
    let changed = t.updated_at.max(space.updated_at);
    lines.push("BEGIN:VEVENT".to_owned());
    lines.push(format!("UID:tournament-{}-{}@tourney", t.id, t.created_at));
    lines.push(format!("SEQUENCE:{}", sequence(t, changed)));
    lines.push(format!("DTSTAMP:{}", timestamp::format_ical(now_ms)));
    lines.push(format!("LAST-MODIFIED:{}", timestamp::format_ical(changed)));
    lines.push(format!("DTSTART:{}", timestamp::format_ical(t.starts_at)));
    let ends = t
        .ends_at
        .filter(|e| *e > t.starts_at)
        .unwrap_or(t.starts_at + 3_600_000);
    lines.push(format!(
        "DTEND:{}",
        timestamp::format_ical(ends.max(t.starts_at + 1000))
    ));
    lines.push(format!("SUMMARY:{}", text(&t.name)));
    let description = match t.description.as_deref().map(str::trim) {
        Some(d) if !d.is_empty() => format!("{} · {d}", space.name),
        _ => space.name.clone(),
    };
    lines.push(format!("DESCRIPTION:{}", text(&description)));
    if let Some(place) = space.place.as_deref().filter(|p| !p.trim().is_empty()) {
        lines.push(format!("LOCATION:{}", text(place)));
    }
    lines.push(format!("URL:{}", base_url.tournament_page(locale, &t.slug)));
    let status = if t.status == TournamentStatus::Cancelled {
        "CANCELLED"
    } else {
        "CONFIRMED"
    };
    lines.push(format!("STATUS:{status}"));
    lines.push("END:VEVENT".to_owned());
}

/// A match as calendars show it.
pub struct CalendarMatch {
    pub game: MatchObject,
    /// Its heading as pages name it ("Semi-final").
    pub title: String,
    /// When its row last changed: the event's revision (`SEQUENCE`) grows with it (and with
    /// the tournament's).
    pub updated_at: i64,
}

/// A player's calendar of the day: each of their matches with a time, one event each under the
/// match's UID while its time, station and result change. A match waiting for a station starts
/// at its `not_before`; a called one at its call, at its station; a played one spans its call to
/// its result. The tournament's match duration is how long one without a result lasts.
pub fn player_matches(
    locale: Locale,
    base_url: &BaseUrl,
    tournament: &TournamentRow,
    games: &[CalendarMatch],
    now_ms: i64,
) -> String {
    let mut lines = opening("player", &tournament.name);
    // Calendars that subscribe read it again every few minutes, as the day moves.
    lines.push("REFRESH-INTERVAL;VALUE=DURATION:PT5M".to_owned());
    lines.push("X-PUBLISHED-TTL:PT5M".to_owned());
    for game in games {
        match_event(&mut lines, locale, base_url, tournament, game, now_ms);
    }
    lines.push("END:VCALENDAR".to_owned());
    folded(lines)
}

/// One match as an event, if it has a time and two sides.
fn match_event(
    lines: &mut Vec<String>,
    locale: Locale,
    base_url: &BaseUrl,
    tournament: &TournamentRow,
    CalendarMatch {
        game,
        title,
        updated_at,
    }: &CalendarMatch,
    now_ms: i64,
) {
    // The tournament's name is in the event, and its cancellation cancels the event.
    let changed = (*updated_at).max(tournament.updated_at);
    let at = |value: &Option<String>| value.as_deref().and_then(|at| timestamp::parse(at).ok());
    let lasts = tournament.match_duration.max(60_000);
    let played = game.status == MatchStatus::Completed;
    let (start, end) = match (played, game.called_at_ms(), game.not_before_ms()) {
        (true, Some(called), _) => (called, at(&game.completed_at).unwrap_or(called + lasts)),
        (false, Some(called), _) => (called, called + lasts),
        (false, None, Some(not_before)) => (not_before, not_before + lasts),
        _ => return,
    };
    let Sides::Two {
        a_name,
        b_name,
        score_a,
        score_b,
        ..
    } = &game.sides
    else {
        return;
    };
    let tbd = || T::ToBeDecided.get(locale).to_owned();
    let (a, b) = (
        a_name.clone().unwrap_or_else(tbd),
        b_name.clone().unwrap_or_else(tbd),
    );
    let summary = match (score_a, score_b) {
        (Some(x), Some(y)) => format!("{title}: {a} {x}–{y} {b}"),
        _ => format!("{title}: {a} – {b}"),
    };
    let description = match (&game.station, played, game.not_before_ms()) {
        (None, false, Some(not_before)) => format!(
            "{} · {}",
            tournament.name,
            T::PlayerNextAt.fill(locale, &[("at", &clock(not_before))])
        ),
        _ => tournament.name.clone(),
    };
    lines.push("BEGIN:VEVENT".to_owned());
    lines.push(format!(
        "UID:match-{}-{}@tourney",
        game.id, tournament.created_at
    ));
    lines.push(format!("SEQUENCE:{}", sequence(tournament, changed)));
    lines.push(format!("DTSTAMP:{}", timestamp::format_ical(now_ms)));
    lines.push(format!("LAST-MODIFIED:{}", timestamp::format_ical(changed)));
    lines.push(format!("DTSTART:{}", timestamp::format_ical(start)));
    lines.push(format!(
        "DTEND:{}",
        timestamp::format_ical(end.max(start + 1000))
    ));
    lines.push(format!("SUMMARY:{}", text(&summary)));
    lines.push(format!("DESCRIPTION:{}", text(&description)));
    if let Some(station) = &game.station {
        lines.push(format!("LOCATION:{}", text(station)));
    }
    // The tournament's public page: a player's own link stays out of calendars, which are
    // copied, shared and synced elsewhere.
    lines.push(format!(
        "URL:{}",
        base_url.tournament_page(locale, &tournament.slug)
    ));
    match tournament.status {
        TournamentStatus::Cancelled => {
            lines.push("STATUS:CANCELLED".to_owned());
            lines.push("TRANSP:TRANSPARENT".to_owned());
        }
        _ => {
            lines.push("STATUS:CONFIRMED".to_owned());
            lines.push("TRANSP:OPAQUE".to_owned());
        }
    }
    lines.push("END:VEVENT".to_owned());
}

/// A calendar's first lines: `product` names who made it, `name` is what calendars call it.
fn opening(product: &str, name: &str) -> Vec<String> {
    vec![
        "BEGIN:VCALENDAR".to_owned(),
        "VERSION:2.0".to_owned(),
        format!("PRODID:-//tourney//{product}//EN"),
        "CALSCALE:GREGORIAN".to_owned(),
        "METHOD:PUBLISH".to_owned(),
        format!("X-WR-CALNAME:{}", text(name)),
    ]
}

/// The lines, each folded and ended in CRLF.
fn folded(lines: Vec<String>) -> String {
    let mut out = String::new();
    for line in lines {
        fold(&line, &mut out);
    }
    out
}

/// TEXT value escaping (RFC 5545 §3.3.11).
fn text(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\n' => out.push_str("\\n"),
            '\r' => {}
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// Appends `line` folded at 75 octets (continuations start with one space), ending in CRLF.
fn fold(line: &str, out: &mut String) {
    let mut width = 0;
    for c in line.chars() {
        if width + c.len_utf8() > 75 {
            out.push_str("\r\n ");
            width = 1;
        }
        out.push(c);
        width += c.len_utf8();
    }
    out.push_str("\r\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_text() {
        assert_eq!(text("a,b;c\\d\ne"), "a\\,b\\;c\\\\d\\ne");
    }

    #[test]
    fn folds_at_75_octets_on_character_boundaries() {
        let mut out = String::new();
        let line = format!("SUMMARY:{}", "Кубок ".repeat(30));
        fold(&line, &mut out);
        for physical in out.split("\r\n").filter(|l| !l.is_empty()) {
            assert!(
                physical.len() <= 75,
                "{physical:?} is {} octets",
                physical.len()
            );
        }
        let unfolded = out.replace("\r\n ", "");
        assert_eq!(unfolded, format!("{line}\r\n"));
    }
}
