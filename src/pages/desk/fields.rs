//! A tournament's options as the desk's New tournament and settings forms show them: the
//! check-in window (how long before the start it opens and closes, in the shell's durations:
//! `1h`, `10m`), what happens to no-shows, the team size (`2..5` or `3`) and incomplete rosters,
//! the waiting list's length, and who reports results (`self_report`, `confirm_within`). Field
//! names are the shell's long options with `_`.
//!
//! Pure: values as text, and their inputs. Reading what a form sent is the HTTP layer's
//! (`http::section::forms`), by the shell's own readers (`fields`).

use super::super::i18n::T;
use super::super::section::{Choice, Input};
use crate::domain::entry::Entry;
use crate::domain::self_report::SelfReport;
use crate::domain::{Locale, NoShow};
use crate::fields::format_duration_ms;

/// The fields' names, as the shell's long options with `_`.
pub const CHECK_IN_OPENS: &str = "check_in_opens";
pub const CHECK_IN_CLOSES: &str = "check_in_closes";
pub const NO_SHOW: &str = "no_show";
pub const TEAM_SIZE: &str = "team_size";
pub const INCOMPLETE_ROSTERS: &str = "incomplete_rosters";
pub const WAITING_LIST: &str = "waiting_list";
pub const SELF_REPORT: &str = "self_report";
pub const CONFIRM_WITHIN: &str = "confirm_within";
pub const STATIONS: &str = "stations";
pub const MATCH_DURATION: &str = "match_duration";
pub const REST: &str = "rest";
pub const NO_SHOW_AFTER: &str = "no_show_after";

/// Makes one input: its name, label, kind and value.
pub type MakeInput<'a> = &'a dyn Fn(&str, T, &'static str, &str) -> Input;

/// The entry options as text: as stored, or as sent.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EntryValues {
    pub check_in_opens: String,
    pub check_in_closes: String,
    pub no_show: String,
    pub team_size: String,
    pub incomplete_rosters: bool,
    pub waiting_list: String,
}

impl EntryValues {
    /// The options of a tournament, as the form shows them.
    pub fn of(entry: &Entry) -> EntryValues {
        let check_in = entry.check_in;
        EntryValues {
            check_in_opens: check_in
                .map_or_else(String::new, |c| format_duration_ms(c.opens_before)),
            check_in_closes: check_in
                .map_or_else(String::new, |c| format_duration_ms(c.closes_before)),
            no_show: check_in
                .map_or(NoShow::BottomSeed, |c| c.no_show)
                .as_str()
                .into(),
            team_size: entry
                .teams
                .map_or_else(String::new, |t| match t.min == t.max {
                    true => t.min.to_string(),
                    false => format!("{}..{}", t.min, t.max),
                }),
            incomplete_rosters: entry.teams.is_some_and(|t| t.incomplete),
            waiting_list: entry
                .waiting_list
                .map_or_else(String::new, |n| n.to_string()),
        }
    }

    /// The form's inputs (`input` makes one).
    pub fn inputs(&self, locale: Locale, input: MakeInput<'_>) -> Vec<Input> {
        let t = |text: T| text.get(locale);
        let mut opens = input(
            CHECK_IN_OPENS,
            T::EntryCheckInOpens,
            "text",
            &self.check_in_opens,
        );
        opens.hint = Some(t(T::EntryCheckInHint).into());
        let closes = input(
            CHECK_IN_CLOSES,
            T::EntryCheckInCloses,
            "text",
            &self.check_in_closes,
        );
        let mut no_show = input(NO_SHOW, T::EntryNoShow, "select", "");
        no_show.select = true;
        no_show.options = [
            (NoShow::BottomSeed, T::EntryNoShowBottom),
            (NoShow::Remove, T::EntryNoShowRemove),
        ]
        .into_iter()
        .map(|(value, label)| Choice {
            value: value.as_str().into(),
            label: t(label).into(),
            selected: value.as_str() == self.no_show,
        })
        .collect();
        let mut teams = input(TEAM_SIZE, T::EntryTeamSize, "text", &self.team_size);
        teams.hint = Some(t(T::EntryTeamSizeHint).into());
        let mut incomplete = input(
            INCOMPLETE_ROSTERS,
            T::EntryIncompleteRosters,
            "checkbox",
            "yes",
        );
        incomplete.checked = self.incomplete_rosters;
        let mut waiting = input(
            WAITING_LIST,
            T::EntryWaitingList,
            "number",
            &self.waiting_list,
        );
        waiting.hint = Some(t(T::EntryWaitingListHint).into());
        vec![opens, closes, no_show, teams, incomplete, waiting]
    }
}

/// Who reports results, as text: as stored, or as sent.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReportValues {
    pub self_report: String,
    pub confirm_within: String,
}

impl ReportValues {
    pub fn of(self_report: SelfReport) -> ReportValues {
        match self_report {
            SelfReport::Off => ReportValues {
                self_report: "off".into(),
                confirm_within: String::new(),
            },
            SelfReport::Confirm { within_ms } => ReportValues {
                self_report: "confirm".into(),
                confirm_within: format_duration_ms(within_ms),
            },
        }
    }

    /// The form's inputs (`input` makes one).
    pub fn inputs(&self, locale: Locale, input: MakeInput<'_>) -> Vec<Input> {
        let t = |text: T| text.get(locale);
        let mut mode = input(SELF_REPORT, T::SelfReportLabel, "select", "");
        mode.select = true;
        mode.options = [("off", T::SelfReportOff), ("confirm", T::SelfReportConfirm)]
            .into_iter()
            .map(|(value, label)| Choice {
                value: value.into(),
                label: t(label).into(),
                selected: value == self.self_report
                    || (value == "off" && self.self_report.is_empty()),
            })
            .collect();
        let mut within = input(
            CONFIRM_WITHIN,
            T::ConfirmWithinLabel,
            "text",
            &self.confirm_within,
        );
        within.hint = Some(t(T::ConfirmWithinHint).into());
        vec![mode, within]
    }
}

/// The room's settings as text: the stations (`all`, names with commas, or empty for none) and
/// the three durations, as stored or as sent.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RoomValues {
    pub stations: String,
    pub match_duration: String,
    pub rest: String,
    pub no_show_after: String,
}

impl RoomValues {
    /// A tournament's room settings (`serving`: the names of the stations listed for it).
    pub fn of(
        stations: Option<crate::domain::OnStations>,
        serving: &[String],
        timing: crate::domain::room::Timing,
    ) -> RoomValues {
        RoomValues {
            stations: match stations {
                None => String::new(),
                Some(crate::domain::OnStations::All) => "all".into(),
                Some(crate::domain::OnStations::Listed) => serving.join(", "),
            },
            match_duration: format_duration_ms(timing.match_duration),
            rest: match timing.rest {
                0 => "0s".into(),
                ms => format_duration_ms(ms),
            },
            no_show_after: format_duration_ms(timing.no_show_after),
        }
    }

    /// The form's inputs (`input` makes one).
    pub fn inputs(&self, locale: Locale, input: MakeInput<'_>) -> Vec<Input> {
        let t = |text: T| text.get(locale);
        let with_hint = |name: &str, label: T, value: &str, hint: T| {
            let mut field = input(name, label, "text", value);
            field.hint = Some(t(hint).into());
            field
        };
        vec![
            with_hint(
                STATIONS,
                T::RoomStationsLabel,
                &self.stations,
                T::RoomStationsHint,
            ),
            with_hint(
                MATCH_DURATION,
                T::MatchDurationLabel,
                &self.match_duration,
                T::MatchDurationHint,
            ),
            with_hint(REST, T::RestLabel, &self.rest, T::RestHint),
            with_hint(
                NO_SHOW_AFTER,
                T::NoShowAfterLabel,
                &self.no_show_after,
                T::NoShowAfterHint,
            ),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::entry::{CheckIn, Teams};

    #[test]
    fn options_are_shown_as_the_shell_writes_them() {
        let entry = Entry {
            check_in: Some(CheckIn {
                opens_before: 3_600_000,
                closes_before: 600_000,
                no_show: NoShow::Remove,
            }),
            teams: Some(Teams {
                min: 2,
                max: 5,
                incomplete: true,
            }),
            waiting_list: Some(4),
        };
        let values = EntryValues::of(&entry);
        assert_eq!(
            (
                values.check_in_opens.as_str(),
                values.check_in_closes.as_str(),
                values.no_show.as_str(),
                values.team_size.as_str(),
                values.waiting_list.as_str()
            ),
            ("1h", "10m", "remove", "2..5", "4")
        );
        let reports = ReportValues::of(SelfReport::Confirm { within_ms: 120_000 });
        assert_eq!(reports.confirm_within, "2m");
    }
}
