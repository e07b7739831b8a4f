//! The calendar as an iCalendar feed (RFC 5545): one VEVENT per published tournament, CRLF line
//! endings, text escaped, long lines folded at 75 octets without splitting a UTF-8 character.

use crate::db::spaces::SpaceRow;
use crate::db::tournaments::TournamentRow;
use crate::domain::{Locale, TournamentStatus};
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
    let host = url::Url::parse(base_url.as_str())
        .ok()
        .and_then(|u| u.host_str().map(str::to_owned))
        .unwrap_or_else(|| "tourney".to_owned());
    let mut lines = vec![
        "BEGIN:VCALENDAR".to_owned(),
        "VERSION:2.0".to_owned(),
        "PRODID:-//tourney//widgets//EN".to_owned(),
        "CALSCALE:GREGORIAN".to_owned(),
        "METHOD:PUBLISH".to_owned(),
        format!("X-WR-CALNAME:{}", text(&space.name)),
    ];
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
