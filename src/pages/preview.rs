//! A tournament's preview image, the picture a link shows in chats and social networks: 1200×630,
//! with its name, game and format, dates and status, the top of its bracket or table (or, before
//! the start, who has registered), and its organiser.
//!
//! Drawn as SVG here and rasterised by resvg with DejaVu Sans bundled (Latin and Cyrillic): no
//! system fonts and no browser, so every machine draws the same picture and a name can never
//! reach a font or a file it should not. Names are measured with the same font and cut with an
//! ellipsis where they do not fit. Pure: it never reads the database.

use std::fmt::Write as _;
use std::sync::{Arc, LazyLock};

use resvg::{tiny_skia, usvg};
use sha2::{Digest, Sha256};
use skrifa::MetadataProvider;
use skrifa::instance::{LocationRef, Size};

use super::i18n::{self, T};
use crate::db::tournaments::TournamentRow;
use crate::domain::{Locale, MatchStatus, TournamentStatus};
use crate::events::Sides;
use crate::views::public::TournamentPage;
use crate::views::{PlaceRecord, StandingsRecord};

pub const WIDTH: u32 = 1200;
pub const HEIGHT: u32 = 630;
/// The family the bundled fonts declare.
const FAMILY: &str = "DejaVu Sans";
/// How many lines the top of the bracket or table shows.
const TOP_LINES: usize = 5;
/// The sizes a line of that list may take, largest first: a long one is drawn smaller before
/// it is cut.
const LINE_SIZES: [u32; 3] = [28, 24, 21];

/// What a preview shows, in the page's language.
#[derive(Debug, Clone, PartialEq)]
pub struct Preview {
    pub space: String,
    pub title: String,
    pub game_and_format: String,
    pub dates: String,
    pub status: TournamentStatus,
    pub status_text: String,
    /// The heading of the list on the right ("Final standings"), and its lines.
    pub heading: String,
    pub lines: Vec<String>,
}

/// The image could not be drawn (a bug in the SVG drawn here, not bad data: text is escaped).
#[derive(Debug, thiserror::Error)]
pub enum PreviewError {
    #[error("the preview's SVG does not parse: {0}")]
    Svg(String),
    #[error("the preview could not be encoded as PNG: {0}")]
    Png(String),
}

impl Preview {
    /// The preview of a published tournament as its page shows it.
    pub fn of_tournament(
        locale: Locale,
        tournament: &TournamentRow,
        data: &TournamentPage,
    ) -> Preview {
        let (heading, lines) = top(locale, tournament, data);
        Preview {
            space: data.space.name.clone(),
            title: tournament.name.clone(),
            game_and_format: format!(
                "{} · {}",
                super::games::display_name(locale, &tournament.game),
                T::format(tournament.format).get(locale)
            ),
            dates: dates(locale, tournament),
            status: tournament.status,
            status_text: T::status(tournament.status).get(locale).to_owned(),
            heading,
            lines,
        }
    }

    /// Words for people who cannot see the picture (`og:image:alt`).
    pub fn alt(&self) -> String {
        format!(
            "{}: {}, {}, {}",
            self.title, self.game_and_format, self.dates, self.status_text
        )
    }

    /// A short fingerprint of what the picture shows: it changes when, and only when, the
    /// picture does, so a page's `og:image` address changes with it and previews are fetched
    /// anew.
    pub fn version(&self) -> String {
        version_of(&self.svg())
    }

    /// The picture as SVG.
    pub fn svg(&self) -> String {
        let mut svg = String::with_capacity(4096);
        let _ = write!(
            svg,
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="{FAMILY}">"##
        );
        svg.push_str(r##"<rect width="1200" height="630" fill="#111827"/>"##);
        let _ = write!(
            svg,
            r##"<rect width="14" height="630" fill="{}"/>"##,
            accent(self.status)
        );
        text(
            &mut svg,
            64,
            86,
            30,
            false,
            "#9ca3af",
            &fit(&self.space, 30.0, false, 1072.0),
        );
        let title = wrap(&self.title, 60.0, true, 1072.0, 2);
        let mut y = 168;
        for line in &title {
            text(&mut svg, 64, y, 60, true, "#ffffff", line);
            y += 72;
        }
        // The facts on the left, the top of the bracket or table on the right.
        let facts_top = 168 + 72 * i32::try_from(title.len()).unwrap_or(2) + 8;
        text(
            &mut svg,
            64,
            facts_top,
            30,
            false,
            "#e5e7eb",
            &fit(&self.game_and_format, 30.0, false, 560.0),
        );
        text(
            &mut svg,
            64,
            facts_top + 50,
            26,
            false,
            "#d1d5db",
            &fit(&self.dates, 26.0, false, 560.0),
        );
        let status = fit(&self.status_text, 26.0, true, 520.0);
        let pill = measure(&status, 26.0, true).ceil() as i32 + 40;
        let _ = write!(
            svg,
            r##"<rect x="64" y="{}" width="{pill}" height="48" rx="24" fill="{}"/>"##,
            facts_top + 82,
            accent(self.status)
        );
        text(&mut svg, 84, facts_top + 116, 26, true, "#ffffff", &status);
        text(&mut svg, 64, 590, 30, true, "#9ca3af", "tourney");
        if !self.lines.is_empty() {
            let panel_top = facts_top - 40;
            let _ = write!(
                svg,
                r##"<rect x="660" y="{panel_top}" width="476" height="{}" rx="16" fill="#1f2937"/>"##,
                600 - panel_top
            );
            text(
                &mut svg,
                688,
                panel_top + 46,
                26,
                true,
                "#9ca3af",
                &fit(&self.heading, 26.0, true, 420.0),
            );
            let room = usize::try_from((600 - panel_top - 70) / 44).unwrap_or(0);
            for (i, line) in self.lines.iter().take(room).enumerate() {
                let y = panel_top + 96 + 44 * i32::try_from(i).unwrap_or(0);
                // Two players' names take a smaller size before either is cut.
                let size = LINE_SIZES
                    .into_iter()
                    .find(|&size| measure(line, size as f32, false) <= 420.0)
                    .unwrap_or(LINE_SIZES[LINE_SIZES.len() - 1]);
                let shown = fit(line, size as f32, false, 420.0);
                text(&mut svg, 688, y, size, false, "#ffffff", &shown);
            }
        }
        svg.push_str("</svg>");
        svg
    }

    /// The picture as PNG.
    pub fn png(&self) -> Result<Vec<u8>, PreviewError> {
        rasterised(&self.svg())
    }
}

/// [`Preview::version`] of a picture drawn as `svg`.
pub fn version_of(svg: &str) -> String {
    hex::encode(&Sha256::digest(svg.as_bytes())[..8])
}

/// [`Preview::png`] of a picture drawn as `svg`.
pub fn rasterised(svg: &str) -> Result<Vec<u8>, PreviewError> {
    let options = usvg::Options {
        font_family: FAMILY.to_owned(),
        fontdb: Arc::clone(&FONTS),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| PreviewError::Svg(e.to_string()))?;
    let mut pixmap = tiny_skia::Pixmap::new(WIDTH, HEIGHT)
        .ok_or_else(|| PreviewError::Png("no room for the picture".to_owned()))?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap
        .encode_png()
        .map_err(|e| PreviewError::Png(e.to_string()))
}

/// The bundled fonts, loaded once.
static FONTS: LazyLock<Arc<usvg::fontdb::Database>> = LazyLock::new(|| {
    let mut fonts = usvg::fontdb::Database::new();
    fonts.load_font_data(dejavu::sans::regular().to_vec());
    fonts.load_font_data(dejavu::sans::bold().to_vec());
    Arc::new(fonts)
});

/// The colour that says the status at a glance.
fn accent(status: TournamentStatus) -> &'static str {
    match status {
        TournamentStatus::Draft | TournamentStatus::Completed => "#4b5563",
        TournamentStatus::Announced | TournamentStatus::RegistrationOpen => "#15803d",
        TournamentStatus::RegistrationClosed => "#b45309",
        TournamentStatus::InProgress => "#1d4ed8",
        TournamentStatus::Cancelled => "#b91c1c",
    }
}

/// One `<text>` element, its content escaped.
fn text(svg: &mut String, x: i32, y: i32, size: u32, bold: bool, fill: &str, content: &str) {
    let weight = if bold { r#" font-weight="bold""# } else { "" };
    let _ = write!(
        svg,
        r#"<text x="{x}" y="{y}" font-size="{size}"{weight} fill="{fill}">{}</text>"#,
        super::xml_escaped(content)
    );
}

/// How wide `text` is at `size` pixels in the bundled font (kerning aside, which only narrows).
fn measure(text: &str, size: f32, bold: bool) -> f32 {
    let data = if bold {
        dejavu::sans::bold()
    } else {
        dejavu::sans::regular()
    };
    let Ok(font) = skrifa::FontRef::new(data) else {
        // Never: the font is bundled. Assume wide characters so nothing overflows.
        return text.chars().count() as f32 * size;
    };
    let charmap = font.charmap();
    let metrics = font.glyph_metrics(Size::new(size), LocationRef::default());
    text.chars()
        .map(|c| {
            charmap
                .map(c)
                .and_then(|glyph| metrics.advance_width(glyph))
                .unwrap_or(size)
        })
        .sum()
}

/// `text` as it fits in `width`: whole, or cut with an ellipsis.
fn fit(text: &str, size: f32, bold: bool, width: f32) -> String {
    if measure(text, size, bold) <= width {
        return text.to_owned();
    }
    let mut chars: Vec<char> = text.chars().collect();
    while !chars.is_empty() {
        chars.pop();
        let cut: String = chars.iter().collect();
        let candidate = format!("{}…", cut.trim_end());
        if measure(&candidate, size, bold) <= width {
            return candidate;
        }
    }
    "…".to_owned()
}

/// `text` in at most `lines` lines of `width`, broken between words; the last one cut with an
/// ellipsis when the text goes on.
fn wrap(text: &str, size: f32, bold: bool, width: f32, lines: usize) -> Vec<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut out: Vec<String> = Vec::new();
    let mut current = String::new();
    let mut used = 0;
    for (i, word) in words.iter().enumerate() {
        let candidate = match current.is_empty() {
            true => (*word).to_owned(),
            false => format!("{current} {word}"),
        };
        if measure(&candidate, size, bold) <= width || current.is_empty() {
            current = candidate;
            used = i + 1;
            continue;
        }
        out.push(std::mem::take(&mut current));
        if out.len() == lines {
            break;
        }
        current = (*word).to_owned();
        used = i + 1;
    }
    if out.len() < lines && !current.is_empty() {
        out.push(current);
    }
    let rest = words.len() > used || out.len() > lines;
    out.truncate(lines);
    let last = out.len().saturating_sub(1);
    for (i, line) in out.iter_mut().enumerate() {
        // A word wider than the room is cut on its own line too.
        let text = match rest && i == last {
            true => format!("{line}…"),
            false => line.clone(),
        };
        *line = fit(&text, size, bold, width);
    }
    out
}

/// When it is played: the start, and the end once known.
fn dates(locale: Locale, tournament: &TournamentRow) -> String {
    let start = i18n::date_time(locale, tournament.starts_at);
    match tournament.ends_at.filter(|e| *e > tournament.starts_at) {
        Some(ends) => {
            let (y1, m1, d1, ..) = crate::timestamp::utc_parts(tournament.starts_at);
            let (y2, m2, d2, ..) = crate::timestamp::utc_parts(ends);
            let end = match (y1, m1, d1) == (y2, m2, d2) {
                true => i18n::clock(ends),
                false => i18n::date_time(locale, ends),
            };
            format!("{start} – {end}")
        }
        None => start,
    }
}

/// The top of the bracket or table: final places once known, a table's leaders, the matches
/// being played, or, before the start, who has registered.
fn top(locale: Locale, tournament: &TournamentRow, data: &TournamentPage) -> (String, Vec<String>) {
    let finished = |places: &[PlaceRecord]| -> Vec<String> {
        places
            .iter()
            .filter_map(|p| Some(format!("{}. {}", p.place?, p.name.as_deref()?)))
            .take(TOP_LINES)
            .collect()
    };
    let standings_heading = T::FinalStandings.get(locale).to_owned();
    match &data.standings {
        StandingsRecord::FinalPlaces { rows }
        | StandingsRecord::PointsTable {
            final_places: Some(rows),
            ..
        }
        | StandingsRecord::Leaderboard {
            final_places: Some(rows),
            ..
        } if tournament.status == TournamentStatus::Completed => {
            let lines = finished(rows);
            if !lines.is_empty() {
                return (standings_heading, lines);
            }
        }
        StandingsRecord::PointsTable { rows, .. } if rows.iter().any(|r| r.played > 0) => {
            let lines = rows
                .iter()
                .take(TOP_LINES)
                .map(|r| {
                    let name = r.name.as_deref().unwrap_or("?");
                    format!("{}. {name} — {}", r.rank, super::tables::number(r.points))
                })
                .collect();
            return (T::Standings.get(locale).to_owned(), lines);
        }
        StandingsRecord::Leaderboard { rows, .. } if rows.iter().any(|r| r.played > 0) => {
            let lines = rows
                .iter()
                .take(TOP_LINES)
                .map(|r| {
                    let name = r.name.as_deref().unwrap_or("?");
                    format!("{}. {name} — {}", r.rank, r.points)
                })
                .collect();
            return (T::Standings.get(locale).to_owned(), lines);
        }
        _ => {}
    }
    if matches!(
        tournament.status,
        TournamentStatus::InProgress | TournamentStatus::Completed
    ) {
        let pairing = |status: MatchStatus| -> Vec<String> {
            let mut games: Vec<_> = data
                .bracket
                .matches
                .iter()
                .filter(|m| m.status == status && !m.bye)
                .collect();
            games.sort_by_key(|m| (m.stage, m.round, m.position));
            if status == MatchStatus::Completed {
                games.reverse();
            }
            games
                .into_iter()
                .filter_map(|m| match &m.sides {
                    Sides::Two {
                        a_name: Some(a),
                        b_name: Some(b),
                        score_a,
                        score_b,
                        ..
                    } => Some(match (score_a, score_b) {
                        (Some(x), Some(y)) => format!("{a} {x}–{y} {b}"),
                        _ => format!("{a} – {b}"),
                    }),
                    _ => None,
                })
                .take(TOP_LINES)
                .collect()
        };
        for (status, heading) in [
            (MatchStatus::InProgress, T::PreviewPlaying),
            (MatchStatus::Ready, T::PreviewNext),
            (MatchStatus::Completed, T::PreviewLatest),
        ] {
            let lines = pairing(status);
            if !lines.is_empty() {
                return (heading.get(locale).to_owned(), lines);
            }
        }
        return (String::new(), Vec::new());
    }
    if tournament.status == TournamentStatus::Cancelled {
        return (String::new(), Vec::new());
    }
    let taken = data.participants.len();
    let mut lines = vec![T::PreviewPlaces.fill(
        locale,
        &[
            ("taken", &taken.to_string()),
            ("max", &tournament.max_participants.to_string()),
        ],
    )];
    lines.extend(
        data.participants
            .iter()
            .take(TOP_LINES - 1)
            .map(|p| p.name.clone()),
    );
    (T::Participants.get(locale).to_owned(), lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(title: &str, lines: Vec<String>) -> Preview {
        Preview {
            space: "Клуб «Гамбит»".to_owned(),
            title: title.to_owned(),
            game_and_format: "Chess · Double elimination".to_owned(),
            dates: "4 December 2026, 18:00 UTC".to_owned(),
            status: TournamentStatus::InProgress,
            status_text: "In progress".to_owned(),
            heading: "Matches being played".to_owned(),
            lines,
        }
    }

    #[test]
    fn long_names_fit_their_room() {
        let long =
            "Всероссийский открытый турнир по быстрым шахматам памяти Михаила Таля ".repeat(3);
        let lines = wrap(&long, 60.0, true, 1072.0, 2);
        assert_eq!(lines.len(), 2);
        for line in &lines {
            assert!(measure(line, 60.0, true) <= 1072.0, "{line}");
        }
        assert!(lines[1].ends_with('…'));
        assert_eq!(wrap("Cup", 60.0, true, 1072.0, 2), vec!["Cup".to_owned()]);
        let first_word_too_wide = format!("{} Cup", "Donaudampfschifffahrtsgesellschaft".repeat(2));
        for line in wrap(&first_word_too_wide, 60.0, true, 1072.0, 2) {
            assert!(measure(&line, 60.0, true) <= 1072.0, "{line}");
        }
        let one_word = "W".repeat(200);
        let cut = fit(&one_word, 28.0, false, 420.0);
        assert!(cut.ends_with('…') && measure(&cut, 28.0, false) <= 420.0);
    }

    #[test]
    fn the_picture_is_a_png_of_its_size_and_its_version_follows_what_it_shows() {
        // Text XML does not allow (U+FFFF) is left out, not a reason to draw nothing.
        let preview = sample(
            "Winter Cup <script>&\u{FFFF}\u{FFFE}",
            vec!["Анна Каренина 2–1 Bob\u{FFFF}".to_owned()],
        );
        let png = preview.png().expect("drawn");
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        // The IHDR chunk: width and height, big-endian.
        assert_eq!(&png[16..24], &[0, 0, 4, 176, 0, 0, 2, 118]);
        assert!(png.len() < 300 * 1024, "{} bytes", png.len());
        assert_eq!(preview.version(), preview.clone().version());
        let moved = sample(
            "Winter Cup <script>&\u{FFFF}\u{FFFE}",
            vec!["Анна Каренина 3–1 Bob\u{FFFF}".to_owned()],
        );
        assert_ne!(preview.version(), moved.version());
        assert!(!preview.svg().contains("<script>"));
    }
}
