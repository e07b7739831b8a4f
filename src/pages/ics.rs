//! Calendars as iCalendar feeds (RFC 5545): a space's, one VEVENT per published tournament; and
//! a player's own, one VEVENT per match of theirs with a time. CRLF line endings, text escaped,
//! long lines folded at 75 octets without splitting a UTF-8 character. Builds text only.

use super::i18n::{T, clock};
use crate::db::spaces::SpaceRow;
use crate::db::tournaments::TournamentRow;
use crate::domain::{Locale, MatchStatus, TournamentStatus};
use crate::events::{MatchObject, Sides};
use crate::links::BaseUrl;
use crate::timestamp;

/// The feed of `space`'s `tournaments` (the caller passes only published ones).
pub fn calendar(
    locale: Locale,
    base_url: &BaseUrl,
    space: &SpaceRow,
    tournaments: &[TournamentRow],
    now_ms: i64,
) -> String {
    let host = host(base_url);
    let mut lines = opening("widgets", &space.name);
    let mut sorted: Vec<&TournamentRow> = tournaments.iter().collect();
    sorted.sort_by_key(|t| (t.starts_at, t.id));
    for t in sorted {
        lines.push("BEGIN:VEVENT".to_owned());
        lines.push(format!("UID:{}@{host}", t.id));
        lines.push(format!("DTSTAMP:{}", timestamp::format_ical(now_ms)));
        lines.push(format!(
            "LAST-MODIFIED:{}",
            timestamp::format_ical(t.updated_at)
        ));
        lines.push(format!("DTSTART:{}", timestamp::format_ical(t.starts_at)));
        if let Some(ends) = t.ends_at.filter(|e| *e > t.starts_at) {
            lines.push(format!("DTEND:{}", timestamp::format_ical(ends)));
        }
        lines.push(format!("SUMMARY:{}", text(&t.name)));
        if let Some(description) = t.description.as_deref().filter(|d| !d.is_empty()) {
            lines.push(format!("DESCRIPTION:{}", text(description)));
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
    lines.push("END:VCALENDAR".to_owned());
    folded(lines)
}

/// One of a player's matches as their calendar shows it.
pub struct PlayerMatch<'a> {
    pub game: &'a MatchObject,
    /// Its heading as pages name it ("Semi-final").
    pub title: &'a str,
    /// When its row last changed: the event's revision (`SEQUENCE`) grows with it.
    pub updated_at: i64,
}

/// A player's calendar of the day: each of their matches with a time, as one event under a UID
/// that stays the match's (`match-<id>@host`) while its time, station and result change, with a
/// `SEQUENCE` that grows with every change (seconds from the tournament's creation to the
/// match's last change). A match waiting for a station
/// starts at its `not_before`; a called one at its call, at its station; a played one spans its
/// call to its result. The tournament's match duration is how long one without a result lasts.
pub fn player_matches(
    locale: Locale,
    base_url: &BaseUrl,
    tournament: &TournamentRow,
    games: &[PlayerMatch<'_>],
    now_ms: i64,
) -> String {
    let host = host(base_url);
    let mut lines = opening("player", &tournament.name);
    // Calendars that subscribe read it again every few minutes, as the day moves.
    lines.push("REFRESH-INTERVAL;VALUE=DURATION:PT5M".to_owned());
    lines.push("X-PUBLISHED-TTL:PT5M".to_owned());
    let at = |value: &Option<String>| value.as_deref().and_then(|at| timestamp::parse(at).ok());
    let lasts = tournament.match_duration.max(60_000);
    for PlayerMatch {
        game,
        title,
        updated_at,
    } in games
    {
        let played = game.status == MatchStatus::Completed;
        let (start, end) = match (played, game.called_at_ms(), game.not_before_ms()) {
            (true, Some(called), _) => (called, at(&game.completed_at).unwrap_or(called + lasts)),
            (false, Some(called), _) => (called, called + lasts),
            (false, None, Some(not_before)) => (not_before, not_before + lasts),
            _ => continue,
        };
        let Sides::Two {
            a_name,
            b_name,
            score_a,
            score_b,
            ..
        } = &game.sides
        else {
            continue;
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
            (Some(_), _, _) | (None, true, _) => tournament.name.clone(),
            (None, false, Some(not_before)) => format!(
                "{} · {}",
                tournament.name,
                T::PlayerNextAt.fill(locale, &[("at", &clock(not_before))])
            ),
            (None, false, None) => tournament.name.clone(),
        };
        let revision = (updated_at - tournament.created_at).max(0) / 1000;
        lines.push("BEGIN:VEVENT".to_owned());
        lines.push(format!("UID:match-{}@{host}", game.id));
        lines.push(format!("SEQUENCE:{}", revision.min(i64::from(i32::MAX))));
        lines.push(format!("DTSTAMP:{}", timestamp::format_ical(now_ms)));
        lines.push(format!(
            "LAST-MODIFIED:{}",
            timestamp::format_ical(*updated_at)
        ));
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
        // The tournament's public page: the player's own link stays out of calendars, which
        // are copied, shared and synced elsewhere.
        lines.push(format!(
            "URL:{}",
            base_url.tournament_page(locale, &tournament.slug)
        ));
        lines.push("STATUS:CONFIRMED".to_owned());
        lines.push("TRANSP:OPAQUE".to_owned());
        lines.push("END:VEVENT".to_owned());
    }
    lines.push("END:VCALENDAR".to_owned());
    folded(lines)
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

/// The host events' UIDs are made unique with.
fn host(base_url: &BaseUrl) -> String {
    url::Url::parse(base_url.as_str())
        .ok()
        .and_then(|u| u.host_str().map(str::to_owned))
        .unwrap_or_else(|| "tourney".to_owned())
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
