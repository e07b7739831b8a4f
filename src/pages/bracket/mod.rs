//! The bracket of every format, for the bracket widget and the portal's tournament page alike:
//! elimination trees as columns of rounds with CSS connectors (double elimination: winners above
//! losers, the grand final to the right of the winners, its deciding match only when the engine
//! created it), round robin and Swiss as rounds, groups as rounds per group plus the playoff
//! tree, free-for-all as result tables.
//!
//! In reading order a bracket is rounds, then matches, then two sides. Each section with more
//! than one round also carries a round picker: on a phone the page shows one round at a time
//! (`templates/rounds.js`), starting with the round under way; without the script the rounds
//! stack and the picker's links jump to them.

use std::collections::{BTreeMap, HashMap};

use serde::Serialize;

use self::sides::{SideContext, SideView};
use self::titles::RoundTitles;
use super::i18n::T;
use super::tables::{Row, Table, advance_per_group, columns, is_before_draw, standings_tables};
use crate::db::stages::StageRow;
use crate::db::tournaments::TournamentRow;
use crate::domain::{Bracket, Locale, MatchStatus, StageStatus, StageType, TournamentStatus};
use crate::events::{MatchObject, Sides};
use crate::views::public::BracketData;

mod sides;
mod titles;

/// The bracket part of a page (the `bracket_body` template).
#[derive(Serialize)]
pub(crate) struct BracketBody {
    message: Option<&'static str>,
    /// Read before a side's seed by screen readers ("seed 3").
    seed_word: &'static str,
    tables: Vec<Table>,
    sections: Vec<Section>,
}

#[derive(Serialize)]
struct Section {
    /// Unique in the page; the round picker remembers its choice by it.
    id: String,
    kind: &'static str,
    title: Option<String>,
    /// What a screen reader announces for the section, which scrolls sideways when wide and so
    /// takes keyboard focus.
    label: String,
    /// The round picker's name, when the section has more than one round.
    picker: Option<String>,
    rounds: Vec<Round>,
}

#[derive(Serialize)]
struct Round {
    id: String,
    title: String,
    class: String,
    /// The round a phone shows first: the first with a match still to play, else the last.
    current: bool,
    /// Whether a match of the round is still to play.
    #[serde(skip)]
    open: bool,
    matches: Vec<Match>,
}

#[derive(Serialize)]
struct Match {
    sides: Vec<SideView>,
    /// Where or when it is played, while it is still to play: the station it is called to, or
    /// the time published for it ("not before 14:20 UTC").
    when: Option<String>,
}

/// The station an unfinished match is called to, or the time published for it.
fn when(locale: Locale, game: &MatchObject) -> Option<String> {
    if game.status == MatchStatus::Completed {
        return None;
    }
    if let Some(station) = &game.station {
        return Some(station.clone());
    }
    let at = game.not_before_ms()?;
    Some(T::NotBefore.fill(locale, &[("at", &super::i18n::clock(at))]))
}

/// Builds the sections of one tournament's bracket.
struct Builder<'a> {
    locale: Locale,
    sides: SideContext<'a>,
}

/// The bracket of `tournament`, or a note before the draw.
pub(crate) fn body(locale: Locale, tournament: &TournamentRow, data: &BracketData) -> BracketBody {
    let mut body = BracketBody {
        message: None,
        seed_word: T::SeedBefore.get(locale),
        tables: Vec::new(),
        sections: Vec::new(),
    };
    if tournament.status == TournamentStatus::Cancelled {
        body.message = Some(T::RegCancelled.get(locale));
        return body;
    }
    if data.matches.is_empty() || is_before_draw(tournament.status) {
        body.message = Some(T::NotStarted.get(locale));
        return body;
    }
    let mut stages = data.stages.clone();
    stages.sort_by_key(|s| s.number);
    let several = stages.len() > 1;
    let titles = RoundTitles::new(locale, &stages, &data.matches);
    let builder = Builder {
        locale,
        sides: SideContext {
            locale,
            data,
            titles: &titles,
            by_id: data
                .matches
                .iter()
                .map(|m| (m.id, m))
                .collect::<HashMap<_, _>>(),
        },
    };
    // The stage being played first, then those played (latest first), then those to come.
    stages.sort_by_key(|s| {
        let when = match s.status {
            StageStatus::Running => 0,
            StageStatus::Completed => 1,
            StageStatus::Pending => 2,
        };
        (when, std::cmp::Reverse(s.number))
    });
    let grouped_only =
        stages.len() == 2 && tournament.format == crate::domain::Format::GroupsPlayoffs;
    for stage in &stages {
        let first_section = body.sections.len();
        let matches: Vec<&MatchObject> = data
            .matches
            .iter()
            .filter(|m| m.stage == stage.number)
            .collect();
        match stage.stage_type {
            StageType::SingleElimination => {
                body.sections
                    .push(builder.single(&matches, stages.len() > 1));
            }
            StageType::DoubleElimination => body.sections.extend(builder.double(&matches)),
            StageType::RoundRobin | StageType::Swiss => {
                body.sections
                    .push(builder.section("schedule", None, builder.rounds(&matches)));
            }
            StageType::Groups => {
                if let Some(standings) = &data.group_standings {
                    body.tables =
                        standings_tables(locale, standings, advance_per_group(tournament));
                }
                let mut groups: BTreeMap<&str, Vec<&MatchObject>> = BTreeMap::new();
                for m in &matches {
                    groups
                        .entry(m.group.as_deref().unwrap_or(""))
                        .or_default()
                        .push(m);
                }
                for (label, list) in groups {
                    let title = Some(T::Group.with(locale, label));
                    body.sections
                        .push(builder.section("schedule", title, builder.rounds(&list)));
                }
            }
            StageType::FreeForAll => body.tables.extend(free_for_all(locale, &matches)),
        }
        // Several stages (beyond groups then playoffs, whose two are told apart already): each
        // section says its stage.
        if several && !grouped_only {
            let name = stage_name(locale, &stage.name);
            for section in &mut body.sections[first_section..] {
                let title = match section.title.take() {
                    Some(title) if stage.stage_type != StageType::SingleElimination => {
                        format!("{name} · {title}")
                    }
                    _ => name.clone(),
                };
                if section.picker.is_some() {
                    section.picker = Some(T::RoundsOf.with(locale, &title));
                }
                section.label = title.clone();
                section.title = Some(title);
            }
        }
    }
    for (index, section) in body.sections.iter_mut().enumerate() {
        section.id = format!("bracket-{}", index + 1);
        for (n, round) in section.rounds.iter_mut().enumerate() {
            round.id = format!("{}-round-{}", section.id, n + 1);
        }
    }
    body
}

/// Every match's heading as pages name it: its round's title ("Semi-finals", "Round 2",
/// "Losers round 3"), after its stage's name when the tournament has several ("Playoff:
/// Semi-finals"), by match id.
pub fn match_titles(
    locale: Locale,
    stages: &[StageRow],
    matches: &[MatchObject],
) -> HashMap<crate::ids::MatchId, String> {
    let mut stages = stages.to_vec();
    stages.sort_by_key(|s| s.number);
    let titles = RoundTitles::new(locale, &stages, matches);
    matches
        .iter()
        .map(|m| {
            let round = titles.of(m);
            let title = match stages.iter().find(|s| s.number == m.stage) {
                Some(stage) if stages.len() > 1 => {
                    format!("{}: {round}", stage_name(locale, &stage.name))
                }
                _ => round,
            };
            (m.id, title)
        })
        .collect()
}

/// A stage's name as pages show it: the default names in the page's language, an organiser's
/// own as given.
pub(crate) fn stage_name(locale: Locale, name: &str) -> String {
    let known = match name {
        "Groups" => T::StageGroups,
        "Playoff" => T::Playoffs,
        "Bracket" => T::Bracket,
        "Round robin" => T::StageRoundRobin,
        "Swiss" => T::StageSwiss,
        _ => return name.to_owned(),
    };
    known.get(locale).to_owned()
}

/// Matches by round number, each round in position order.
fn by_round<'a>(matches: &[&'a MatchObject]) -> Vec<Vec<&'a MatchObject>> {
    let mut rounds: BTreeMap<i64, Vec<&MatchObject>> = BTreeMap::new();
    for m in matches {
        rounds.entry(m.round).or_default().push(m);
    }
    rounds
        .into_values()
        .map(|mut list| {
            list.sort_by_key(|m| m.position);
            list
        })
        .collect()
}

/// Connector classes for a chain of rounds: `prev` on every round after the first; towards the
/// next round `next-pair` when two matches feed one, `next-straight` when one feeds one.
fn connect(rounds: &mut [Round]) {
    let counts: Vec<usize> = rounds.iter().map(|r| r.matches.len()).collect();
    for (i, round) in rounds.iter_mut().enumerate() {
        let mut classes = Vec::new();
        if i > 0 {
            classes.push("prev");
        }
        if let Some(next) = counts.get(i + 1) {
            if *next == counts[i] {
                classes.push("next-straight");
            } else if next * 2 == counts[i] {
                classes.push("next-pair");
            }
        }
        round.class = classes.join(" ");
    }
}

/// `rounds` with the connectors of one chain ([`connect`]).
fn connected(mut rounds: Vec<Round>) -> Vec<Round> {
    connect(&mut rounds);
    rounds
}

impl Builder<'_> {
    /// A section of `rounds`, with a round picker when there is more than one; the round a phone
    /// shows first is the first with a match to play, else the last.
    fn section(
        &self,
        kind: &'static str,
        title: Option<String>,
        mut rounds: Vec<Round>,
    ) -> Section {
        let label = title
            .clone()
            .unwrap_or_else(|| T::Bracket.get(self.locale).to_owned());
        let current = rounds
            .iter()
            .position(|r| r.open)
            .unwrap_or(rounds.len().saturating_sub(1));
        if let Some(round) = rounds.get_mut(current) {
            round.current = true;
        }
        Section {
            id: String::new(),
            kind,
            picker: (rounds.len() > 1).then(|| T::RoundsOf.with(self.locale, &label)),
            label,
            title,
            rounds,
        }
    }

    /// Each list of matches as a round headed by its title.
    fn rounds(&self, matches: &[&MatchObject]) -> Vec<Round> {
        by_round(matches)
            .into_iter()
            .filter_map(|list| {
                let first = list.first()?;
                Some(Round {
                    id: String::new(),
                    title: self.sides.titles.of(first),
                    class: String::new(),
                    current: false,
                    open: list.iter().any(|m| m.status != MatchStatus::Completed),
                    matches: list
                        .iter()
                        .map(|m| Match {
                            sides: self.sides.sides(m),
                            when: when(self.locale, m),
                        })
                        .collect(),
                })
            })
            .collect()
    }

    fn single(&self, matches: &[&MatchObject], playoffs: bool) -> Section {
        let (third, main): (Vec<&MatchObject>, Vec<&MatchObject>) = matches
            .iter()
            .partition(|m| m.bracket == Some(Bracket::ThirdPlace));
        let mut rounds = connected(self.rounds(&main));
        rounds.extend(self.rounds(&third));
        let title = playoffs.then(|| T::Playoffs.get(self.locale).to_owned());
        self.section("tree", title, rounds)
    }

    fn double(&self, matches: &[&MatchObject]) -> Vec<Section> {
        let pick = |b: Bracket| -> Vec<&MatchObject> {
            matches
                .iter()
                .copied()
                .filter(|m| m.bracket == Some(b))
                .collect()
        };
        // The grand final's rounds continue the winners' columns.
        let mut upper = self.rounds(&pick(Bracket::Winners));
        upper.extend(self.rounds(&pick(Bracket::GrandFinal)));
        let mut sections = vec![self.section(
            "tree",
            Some(T::WinnersBracket.get(self.locale).to_owned()),
            connected(upper),
        )];
        let lower = pick(Bracket::Losers);
        if !lower.is_empty() {
            sections.push(self.section(
                "tree",
                Some(T::LosersBracket.get(self.locale).to_owned()),
                connected(self.rounds(&lower)),
            ));
        }
        sections
    }
}

fn free_for_all(locale: Locale, matches: &[&MatchObject]) -> Vec<Table> {
    by_round(matches)
        .into_iter()
        .flatten()
        .filter_map(|m| match &m.sides {
            Sides::Results { results } if !results.is_empty() => Some(Table::new(
                Some(T::Round.with(locale, m.round)),
                T::Results.get(locale),
                columns(locale, &[T::Place, T::Participant, T::Points]),
                results
                    .iter()
                    .map(|r| {
                        Row::new(vec![
                            r.place.to_string(),
                            r.name.clone().unwrap_or_default(),
                            r.points.to_string(),
                        ])
                    })
                    .collect(),
            )),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests;
