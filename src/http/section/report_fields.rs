//! Who reports a tournament's results, as form fields of the desk's "New tournament" and
//! settings forms: `self_report` (`off` or `confirm`) and `confirm_within` (the shell's
//! durations: `15m`, `2h`), read as `--self-report` and `--confirm-within` are, so a value
//! means the same in both; the service's rules then judge them.
//!
//! Pure: reads and writes no storage.

use super::entry_fields::Unreadable;
use crate::domain::Locale;
use crate::domain::self_report::SelfReport;
use crate::pages::i18n::T;
use crate::pages::section::{Choice, Input};
use crate::webhook::schedule::{format_duration_ms, parse_duration};

/// The fields' names, as the shell's long options with `_`.
pub const SELF_REPORT: &str = "self_report";
pub const CONFIRM_WITHIN: &str = "confirm_within";

/// The fields as text: as stored, or as sent.
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

    pub fn sent(field: impl Fn(&str) -> String) -> ReportValues {
        ReportValues {
            self_report: field(SELF_REPORT),
            confirm_within: field(CONFIRM_WITHIN).trim().to_owned(),
        }
    }

    /// The setting as sent: on or off (`None`: the field was not sent), and the window
    /// (`None`: empty, keep it or take the default).
    pub fn read(&self) -> Result<(Option<bool>, Option<i64>), Unreadable> {
        let on = match self.self_report.as_str() {
            "" => None,
            "off" => Some(false),
            "confirm" => Some(true),
            _ => {
                return Err(Unreadable {
                    field: SELF_REPORT,
                    text: T::SelfReportInvalid,
                });
            }
        };
        let within = match self.confirm_within.as_str() {
            "" => None,
            text => Some(
                parse_duration(text)
                    .ok()
                    .and_then(|d| i64::try_from(d.as_millis()).ok())
                    .ok_or(Unreadable {
                        field: CONFIRM_WITHIN,
                        text: T::EntryDurationInvalid,
                    })?,
            ),
        };
        // Off with a window: the window is left as the form showed it, not a request.
        Ok((on, within.filter(|_| on != Some(false))))
    }

    /// A new tournament's setting.
    pub fn new_setting(&self) -> Result<SelfReport, Unreadable> {
        let (on, within) = self.read()?;
        SelfReport::Off.changed(on, within).map_err(|_| Unreadable {
            field: CONFIRM_WITHIN,
            text: T::SelfReportInvalid,
        })
    }

    /// What these values change of `stored`'s: nothing when the fields are as shown.
    pub fn changes(
        &self,
        stored: &ReportValues,
    ) -> Result<(Option<bool>, Option<i64>), Unreadable> {
        if self == stored {
            return Ok((None, None));
        }
        self.read()
    }

    /// The form's inputs (`input` makes one input).
    pub fn inputs(
        &self,
        locale: Locale,
        input: impl Fn(&str, T, &'static str, &str) -> Input,
    ) -> Vec<Input> {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn sent(mode: &str, within: &str) -> ReportValues {
        ReportValues {
            self_report: mode.into(),
            confirm_within: within.into(),
        }
    }

    #[test]
    fn the_fields_read_as_the_shells_options() {
        assert_eq!(
            sent("confirm", "10m").read(),
            Ok((Some(true), Some(600_000)))
        );
        assert_eq!(sent("off", "10m").read(), Ok((Some(false), None)));
        assert_eq!(
            sent("confirm", "").new_setting(),
            Ok(SelfReport::Confirm {
                within_ms: crate::domain::self_report::DEFAULT_CONFIRM_WITHIN_MS
            })
        );
        assert!(sent("sometimes", "").read().is_err());
        assert!(sent("confirm", "soon").read().is_err());
        let stored = ReportValues::of(SelfReport::Confirm { within_ms: 120_000 });
        assert_eq!(stored.confirm_within, "2m");
        assert_eq!(
            stored.changes(&stored),
            Ok((None, None)),
            "as shown: no change"
        );
    }
}
