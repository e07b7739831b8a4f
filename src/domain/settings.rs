//! What a new tournament may be set up with: its capacity, and each format's own settings (and no
//! other format's). Pure: the caller says who asked, and renders a refusal in its own words.

use std::fmt;

use super::Format;
use super::engine::Thresholds;
use super::formats::groups::MAX_GROUPS;
use super::formats::swiss::MAX_THRESHOLD;

/// The most participants a tournament may take.
pub const MAX_PARTICIPANTS: u32 = 4096;

/// The settings of a tournament about to be created.
#[derive(Debug, Clone, Copy)]
pub struct Proposed<'a> {
    pub format: Format,
    pub max_participants: u32,
    pub third_place: bool,
    pub group_count: Option<u32>,
    pub advance_per_group: Option<u32>,
    pub rounds: Option<u32>,
    pub points_scale: Option<&'a [u32]>,
    /// Swiss: a win and a loss threshold (`--advance-wins`, `--eliminate-losses`).
    pub thresholds: Option<Thresholds>,
}

/// A setting that belongs to some formats only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Setting {
    ThirdPlace,
    Rounds,
    Points,
    Thresholds,
}

impl Setting {
    /// The formats the setting applies to.
    pub fn formats(self) -> &'static [Format] {
        match self {
            Setting::ThirdPlace => &[Format::SingleElimination],
            Setting::Rounds => &[Format::Swiss, Format::FreeForAll],
            Setting::Points => &[Format::FreeForAll],
            Setting::Thresholds => &[Format::Swiss],
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Setting::ThirdPlace => "a third-place match",
            Setting::Rounds => "a number of rounds",
            Setting::Points => "a points scale",
            Setting::Thresholds => "win and loss thresholds",
        }
    }
}

/// Why the settings were refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SettingsError {
    /// The capacity is outside 2..=[`MAX_PARTICIPANTS`].
    Capacity,
    /// A setting given for a format it does not apply to.
    OnlyFor { setting: Setting, format: Format },
    /// Groups and how many advance come together, and only for groups_playoffs.
    GroupsTogether { format: Format },
    /// Groups outside 1..=[`MAX_GROUPS`], or nobody advancing.
    GroupRange,
    /// Fewer than two players would reach the playoff.
    PlayoffTooSmall,
    /// Each group needs two places.
    GroupsNeedPlaces { groups: u32 },
    /// Zero rounds.
    NoRounds,
    /// An empty points scale, or a lower place earning more.
    PointsOrder,
    /// Thresholds out of range, or given with a number of rounds.
    Thresholds,
}

impl fmt::Display for SettingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SettingsError::Capacity => write!(
                f,
                "the number of places must be between 2 and {MAX_PARTICIPANTS}"
            ),
            SettingsError::OnlyFor { setting, format } => {
                let names: Vec<&str> = setting.formats().iter().map(|f| f.as_str()).collect();
                write!(
                    f,
                    "{} applies only to {}, not {format}",
                    setting.name(),
                    names.join(" and ")
                )
            }
            SettingsError::GroupsTogether { format } => write!(
                f,
                "groups and the number advancing from each go together with groups_playoffs; a round_robin may have groups alone (the format is {format})"
            ),
            SettingsError::GroupRange => write!(
                f,
                "groups must be between 1 and {MAX_GROUPS}, and at least 1 must advance from each"
            ),
            SettingsError::PlayoffTooSmall => {
                f.write_str("the playoff needs at least 2 participants")
            }
            SettingsError::GroupsNeedPlaces { groups } => {
                write!(f, "{groups} groups need at least {} places", groups * 2)
            }
            SettingsError::NoRounds => f.write_str("there must be at least 1 round"),
            SettingsError::PointsOrder => f.write_str(
                "points are listed for places 1, 2, 3, ... and a lower place never earns more",
            ),
            SettingsError::Thresholds => write!(
                f,
                "win and loss thresholds go together, each from 1 to {MAX_THRESHOLD}, and replace a number of rounds"
            ),
        }
    }
}

impl std::error::Error for SettingsError {}

/// Checks settings in a fixed order, so the first problem found is always the same one.
pub fn check(p: &Proposed<'_>) -> Result<(), SettingsError> {
    if !(2..=MAX_PARTICIPANTS).contains(&p.max_participants) {
        return Err(SettingsError::Capacity);
    }
    let only_for = |setting: Setting, given: bool| {
        if given && !setting.formats().contains(&p.format) {
            Err(SettingsError::OnlyFor {
                setting,
                format: p.format,
            })
        } else {
            Ok(())
        }
    };
    only_for(Setting::ThirdPlace, p.third_place)?;
    let grouped = p.group_count.is_some() || p.advance_per_group.is_some();
    let group_stage_alone = p.format == Format::RoundRobin && p.advance_per_group.is_none();
    if !group_stage_alone
        && (grouped != (p.format == Format::GroupsPlayoffs)
            || (grouped && (p.group_count.is_none() || p.advance_per_group.is_none())))
    {
        return Err(SettingsError::GroupsTogether { format: p.format });
    }
    if let Some(groups) = p.group_count.filter(|_| group_stage_alone) {
        if !(1..=MAX_GROUPS).contains(&groups) {
            return Err(SettingsError::GroupRange);
        }
        if u64::from(groups) * 2 > u64::from(p.max_participants) {
            return Err(SettingsError::GroupsNeedPlaces { groups });
        }
    }
    if let (Some(groups), Some(advance)) = (p.group_count, p.advance_per_group) {
        if !(1..=MAX_GROUPS).contains(&groups) || advance == 0 {
            return Err(SettingsError::GroupRange);
        }
        if u64::from(groups) * u64::from(advance) < 2 {
            return Err(SettingsError::PlayoffTooSmall);
        }
        if u64::from(groups) * 2 > u64::from(p.max_participants) {
            return Err(SettingsError::GroupsNeedPlaces { groups });
        }
    }
    only_for(Setting::Rounds, p.rounds.is_some())?;
    if p.rounds == Some(0) {
        return Err(SettingsError::NoRounds);
    }
    only_for(Setting::Thresholds, p.thresholds.is_some())?;
    if let Some(t) = p.thresholds
        && (p.rounds.is_some()
            || !(1..=MAX_THRESHOLD).contains(&t.advance_wins)
            || !(1..=MAX_THRESHOLD).contains(&t.eliminate_losses))
    {
        return Err(SettingsError::Thresholds);
    }
    if let Some(scale) = p.points_scale {
        only_for(Setting::Points, true)?;
        if scale.is_empty() || scale.windows(2).any(|pair| pair[1] > pair[0]) {
            return Err(SettingsError::PointsOrder);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn proposed(format: Format) -> Proposed<'static> {
        Proposed {
            format,
            max_participants: 8,
            third_place: false,
            group_count: None,
            advance_per_group: None,
            rounds: None,
            points_scale: None,
            thresholds: None,
        }
    }

    #[test]
    fn each_format_takes_its_own_settings() {
        let mut single = proposed(Format::SingleElimination);
        single.third_place = true;
        assert_eq!(check(&single), Ok(()));
        let mut groups = proposed(Format::GroupsPlayoffs);
        (groups.group_count, groups.advance_per_group) = (Some(2), Some(2));
        assert_eq!(check(&groups), Ok(()));
        let mut race = proposed(Format::FreeForAll);
        (race.rounds, race.points_scale) = (Some(3), Some(&[10, 6, 6, 1][..]));
        assert_eq!(check(&race), Ok(()));
    }

    #[test]
    fn refusals_name_the_problem() {
        let mut swiss = proposed(Format::Swiss);
        swiss.third_place = true;
        assert_eq!(
            check(&swiss).unwrap_err().to_string(),
            "a third-place match applies only to single_elimination, not swiss"
        );
        let mut half = proposed(Format::GroupsPlayoffs);
        half.group_count = Some(2);
        assert_eq!(
            check(&half),
            Err(SettingsError::GroupsTogether {
                format: Format::GroupsPlayoffs
            })
        );
        let mut crowded = proposed(Format::GroupsPlayoffs);
        (crowded.group_count, crowded.advance_per_group) = (Some(5), Some(1));
        assert_eq!(
            check(&crowded),
            Err(SettingsError::GroupsNeedPlaces { groups: 5 })
        );
        let mut rising = proposed(Format::FreeForAll);
        rising.points_scale = Some(&[1, 5][..]);
        assert_eq!(check(&rising), Err(SettingsError::PointsOrder));
        let mut tiny = proposed(Format::Swiss);
        tiny.max_participants = 1;
        assert_eq!(check(&tiny), Err(SettingsError::Capacity));
    }
}
