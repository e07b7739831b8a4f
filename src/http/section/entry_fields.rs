//! A tournament's entry options as form fields, for the desk's "New tournament" and settings
//! forms: the check-in window (how long before the start it opens and closes, in the shell's
//! durations: `1h`, `10m`), what happens to no-shows, the team size (`2..5` or `3`) and whether
//! incomplete rosters may register, and the waiting list's length. Read as the shell reads
//! `--check-in-opens`, `--team-size` and the rest, so a value means the same in both; the
//! service's rules then judge them.
//!
//! Pure: reads and writes no storage.

use crate::domain::NoShow;
use crate::domain::entry::{CheckIn, Entry, EntryError, Teams, parse_team_size};
use crate::pages::i18n::T;
use crate::pages::section::{Choice, Input};
use crate::webhook::schedule::{format_duration_ms, parse_duration};

/// The fields' names, as the shell's long options with `_`.
pub const CHECK_IN_OPENS: &str = "check_in_opens";
pub const CHECK_IN_CLOSES: &str = "check_in_closes";
pub const NO_SHOW: &str = "no_show";
pub const TEAM_SIZE: &str = "team_size";
pub const INCOMPLETE_ROSTERS: &str = "incomplete_rosters";
pub const WAITING_LIST: &str = "waiting_list";

/// The options as text: as stored, or as sent.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EntryValues {
    pub check_in_opens: String,
    pub check_in_closes: String,
    pub no_show: String,
    pub team_size: String,
    pub incomplete_rosters: bool,
    pub waiting_list: String,
}

/// A value that cannot be read: which field, and what to say beside it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unreadable {
    pub field: &'static str,
    pub text: T,
}

/// What a settings form changes: `Some(None)` turns an option off.
pub type EntryChanges = (
    Option<Option<CheckIn>>,
    Option<Option<Teams>>,
    Option<Option<u32>>,
);

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

    /// The options as a form sent them (`field` reads one posted field).
    pub fn sent(field: impl Fn(&str) -> String) -> EntryValues {
        EntryValues {
            check_in_opens: field(CHECK_IN_OPENS).trim().to_owned(),
            check_in_closes: field(CHECK_IN_CLOSES).trim().to_owned(),
            no_show: field(NO_SHOW),
            team_size: field(TEAM_SIZE).trim().to_owned(),
            incomplete_rosters: field(INCOMPLETE_ROSTERS) == "yes",
            waiting_list: field(WAITING_LIST).trim().to_owned(),
        }
    }

    /// The options these values set (empty fields: none).
    pub fn read(&self) -> Result<Entry, Unreadable> {
        Ok(Entry {
            check_in: self.check_in()?,
            teams: self.teams()?,
            waiting_list: self.waiting_list()?,
        })
    }

    /// What these values change of `stored`'s (each option only when its fields differ).
    pub fn changes(&self, stored: &EntryValues) -> Result<EntryChanges, Unreadable> {
        let check_in_moved = self.check_in_opens != stored.check_in_opens
            || self.check_in_closes != stored.check_in_closes
            || (!self.check_in_opens.is_empty() && self.no_show != stored.no_show);
        let teams_moved = self.team_size != stored.team_size
            || (!self.team_size.is_empty() && self.incomplete_rosters != stored.incomplete_rosters);
        Ok((
            check_in_moved.then(|| self.check_in()).transpose()?,
            teams_moved.then(|| self.teams()).transpose()?,
            (self.waiting_list != stored.waiting_list)
                .then(|| self.waiting_list())
                .transpose()?,
        ))
    }

    fn check_in(&self) -> Result<Option<CheckIn>, Unreadable> {
        let (opens, closes) = (&self.check_in_opens, &self.check_in_closes);
        if opens.is_empty() && closes.is_empty() {
            return Ok(None);
        }
        let millis = |field: &'static str, text: &str| {
            parse_duration(text)
                .ok()
                .and_then(|d| i64::try_from(d.as_millis()).ok())
                .ok_or(Unreadable {
                    field,
                    text: T::EntryDurationInvalid,
                })
        };
        Ok(Some(CheckIn {
            opens_before: millis(CHECK_IN_OPENS, opens)?,
            closes_before: millis(CHECK_IN_CLOSES, closes)?,
            no_show: self.no_show.parse::<NoShow>().map_err(|_| Unreadable {
                field: NO_SHOW,
                text: T::EntryNoShowInvalid,
            })?,
        }))
    }

    fn teams(&self) -> Result<Option<Teams>, Unreadable> {
        if self.team_size.is_empty() {
            return Ok(None);
        }
        let (min, max) = parse_team_size(&self.team_size).ok_or(Unreadable {
            field: TEAM_SIZE,
            text: T::EntryTeamSizeInvalid,
        })?;
        Ok(Some(Teams {
            min,
            max,
            incomplete: self.incomplete_rosters,
        }))
    }

    fn waiting_list(&self) -> Result<Option<u32>, Unreadable> {
        if self.waiting_list.is_empty() {
            return Ok(None);
        }
        let n = self.waiting_list.parse::<u32>().map_err(|_| Unreadable {
            field: WAITING_LIST,
            text: T::NewWholeNumber,
        })?;
        Ok((n > 0).then_some(n))
    }

    /// The form's inputs, with `error` beside the field it names (`input` makes one input).
    pub fn inputs(
        &self,
        locale: crate::domain::Locale,
        input: impl Fn(&str, T, &'static str, &str) -> Input,
    ) -> Vec<Input> {
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

/// The field a service refusal of entry options belongs beside.
pub fn field_of(error: &EntryError) -> &'static str {
    match error {
        EntryError::CheckInWindow => CHECK_IN_OPENS,
        EntryError::TeamSize => TEAM_SIZE,
        EntryError::WaitingList => WAITING_LIST,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sent(pairs: &[(&str, &str)]) -> EntryValues {
        let pairs: Vec<(String, String)> = pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        EntryValues::sent(|name| {
            pairs
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.clone())
                .unwrap_or_default()
        })
    }

    #[test]
    fn the_options_read_as_the_shell_reads_them() {
        let values = sent(&[
            (CHECK_IN_OPENS, "1h"),
            (CHECK_IN_CLOSES, "10m"),
            (NO_SHOW, "remove"),
            (TEAM_SIZE, "2..5"),
            (INCOMPLETE_ROSTERS, "yes"),
            (WAITING_LIST, "4"),
        ]);
        let entry = values.read().expect("readable");
        assert_eq!(
            entry.check_in,
            Some(CheckIn {
                opens_before: 3_600_000,
                closes_before: 600_000,
                no_show: NoShow::Remove
            })
        );
        assert_eq!(
            entry.teams,
            Some(Teams {
                min: 2,
                max: 5,
                incomplete: true
            })
        );
        assert_eq!(entry.waiting_list, Some(4));
        // Shown again as they were typed.
        assert_eq!(EntryValues::of(&entry), values);
        assert_eq!(sent(&[]).read(), Ok(Entry::default()));
    }

    #[test]
    fn unreadable_values_name_their_field() {
        let field = |pairs: &[(&str, &str)]| sent(pairs).read().map_err(|u| u.field);
        assert_eq!(field(&[(CHECK_IN_OPENS, "an hour")]), Err(CHECK_IN_OPENS));
        assert_eq!(
            field(&[(CHECK_IN_OPENS, "1h"), (NO_SHOW, "bottom_seed")]),
            Err(CHECK_IN_CLOSES)
        );
        assert_eq!(
            field(&[
                (CHECK_IN_OPENS, "1h"),
                (CHECK_IN_CLOSES, "5m"),
                (NO_SHOW, "x")
            ]),
            Err(NO_SHOW)
        );
        assert_eq!(field(&[(TEAM_SIZE, "two")]), Err(TEAM_SIZE));
        assert_eq!(field(&[(WAITING_LIST, "-1")]), Err(WAITING_LIST));
    }

    #[test]
    fn a_settings_form_changes_only_what_differs() {
        let stored = EntryValues::of(&Entry {
            check_in: None,
            teams: None,
            waiting_list: Some(3),
        });
        let same = EntryValues {
            no_show: "bottom_seed".into(),
            ..stored.clone()
        };
        assert_eq!(same.changes(&stored), Ok((None, None, None)));
        let off = EntryValues {
            waiting_list: String::new(),
            ..stored.clone()
        };
        assert_eq!(off.changes(&stored), Ok((None, None, Some(None))));
    }

    #[test]
    fn durations_are_shown_in_their_largest_exact_unit() {
        assert_eq!(format_duration_ms(3_600_000), "1h");
        assert_eq!(format_duration_ms(5_400_000), "90m");
        assert_eq!(format_duration_ms(86_400_000), "1d");
        assert_eq!(format_duration_ms(1_500), "1500ms");
    }
}
