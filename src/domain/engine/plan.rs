//! A tournament's stages as planned: each stage's format and options, and how a stage after the
//! first is fed from the one before it (the best N of its standings, or the best M of each of
//! its groups).
//!
//! The first stage is the tournament's own format and options; the stages after it are the
//! organiser's (`tourney stages add`), and groups then playoffs is the same model with its
//! playoff implied. Pure data and checks: nothing here plays, draws or stores.

use super::error::EngineError;
pub use super::spec::{StageSpec, Take, Thresholds};
use super::state::{Settings, State};
use crate::domain::formats::{groups, swiss};
use crate::domain::{Format, StageType};

/// The stage type a tournament format starts with, given its group count.
pub fn first_stage_type(format: Format, groups: Option<u32>) -> StageType {
    match format {
        Format::SingleElimination => StageType::SingleElimination,
        Format::DoubleElimination => StageType::DoubleElimination,
        Format::RoundRobin if groups.is_some_and(|g| g > 1) => StageType::Groups,
        Format::RoundRobin => StageType::RoundRobin,
        Format::Swiss => StageType::Swiss,
        Format::GroupsPlayoffs => StageType::Groups,
        Format::FreeForAll => StageType::FreeForAll,
    }
}

/// The default name of a stage of `stage_type` at `number`.
pub fn default_name(stage_type: StageType, number: u32) -> &'static str {
    match (stage_type, number) {
        (StageType::Groups, _) => "Groups",
        (StageType::SingleElimination | StageType::DoubleElimination, 1) => "Bracket",
        (StageType::SingleElimination | StageType::DoubleElimination, _) => "Playoff",
        (StageType::RoundRobin, _) => "Round robin",
        (StageType::Swiss, _) => "Swiss",
        (StageType::FreeForAll, _) => "Rounds",
    }
}

/// Every stage of a tournament of `format` with `settings`, first to last.
pub fn plan(format: Format, settings: &Settings) -> Vec<StageSpec> {
    let first_type = first_stage_type(format, settings.group_count);
    let mut first = StageSpec::new(first_type, default_name(first_type, 1), None);
    first.third_place = settings.third_place && first_type == StageType::SingleElimination;
    first.groups = (first_type == StageType::Groups).then(|| settings.group_count.unwrap_or(1));
    first.rounds = matches!(first_type, StageType::Swiss | StageType::FreeForAll)
        .then_some(settings.rounds)
        .flatten();
    first.thresholds = settings
        .thresholds
        .filter(|_| first_type == StageType::Swiss);
    let mut stages = vec![first];
    if format == Format::GroupsPlayoffs {
        let per_group = settings.advance_per_group.unwrap_or(1);
        stages.push(StageSpec::new(
            StageType::SingleElimination,
            "Playoff",
            Some(Take::PerGroup(per_group)),
        ));
    }
    stages.extend(settings.later_stages.iter().cloned());
    stages
}

impl State {
    /// The spec of stage `number` (1-based), if the tournament has one.
    pub fn spec(&self, number: u32) -> Option<StageSpec> {
        let index = (number as usize).checked_sub(1)?;
        plan(self.format, &self.settings).into_iter().nth(index)
    }
}

/// Checks that a stage can follow `before` as planned: its take fits what `before` can hand on,
/// and its own options make sense. `size` is how many players `before` has (the field for the
/// first stage; the capacity, before the start).
pub fn check_next(before: &StageSpec, size: usize, next: &StageSpec) -> Result<(), EngineError> {
    check_options(next)?;
    let bad = |message: String| Err(EngineError::BadSettings(message));
    let Some(take) = next.take else {
        return bad("a stage after the first needs how many go on to it (--take)".into());
    };
    if next.stage_type == StageType::FreeForAll {
        return bad(
            "a free-for-all is played by the whole field: it can only be the first stage".into(),
        );
    }
    let taken = match take {
        Take::Best(n) => n as usize,
        Take::PerGroup(m) => {
            let Some(count) = before
                .groups
                .filter(|_| before.stage_type == StageType::Groups)
            else {
                return bad(format!(
                    "--per-group needs a stage played in groups before it; stage {} is not",
                    before.name
                ));
            };
            let smallest = size / count as usize;
            if m as usize > smallest {
                return bad(format!(
                    "{m} per group cannot go on: with {size} players in {count} groups the smallest group has {smallest}"
                ));
            }
            (m * count) as usize
        }
    };
    if taken < next.min_field() {
        return bad(format!(
            "{taken} going on is too few for a {} stage, which needs at least {}",
            next.stage_type,
            next.min_field()
        ));
    }
    if taken > size {
        return bad(format!(
            "{taken} cannot go on from a stage of {size} players"
        ));
    }
    if taken == size
        && matches!(
            before.stage_type,
            StageType::SingleElimination | StageType::DoubleElimination
        )
    {
        return bad("every player of an elimination stage would go on: take fewer".into());
    }
    Ok(())
}

/// A stage's own options: each belongs to its format, and thresholds and rounds exclude each other.
pub fn check_options(spec: &StageSpec) -> Result<(), EngineError> {
    let bad = |message: &str| Err(EngineError::BadSettings(message.to_owned()));
    if spec.third_place && spec.stage_type != StageType::SingleElimination {
        return bad("a third-place match belongs to single elimination");
    }
    if let Some(groups) = spec.groups
        && (spec.stage_type != StageType::Groups || !(1..=groups::MAX_GROUPS).contains(&groups))
    {
        return bad(&format!(
            "groups are for a round robin, from 1 to {} of them",
            groups::MAX_GROUPS
        ));
    }
    if spec.thresholds.is_some() && spec.stage_type != StageType::Swiss {
        return bad("win and loss thresholds belong to Swiss");
    }
    if let Some(t) = spec.thresholds {
        if spec.rounds.is_some() {
            return bad(
                "a Swiss with thresholds plays until every player reaches one: leave out --rounds",
            );
        }
        if !(1..=swiss::MAX_THRESHOLD).contains(&t.advance_wins)
            || !(1..=swiss::MAX_THRESHOLD).contains(&t.eliminate_losses)
        {
            return bad(&format!(
                "win and loss thresholds are from 1 to {}",
                swiss::MAX_THRESHOLD
            ));
        }
    }
    if spec.rounds.is_some() && !matches!(spec.stage_type, StageType::Swiss | StageType::FreeForAll)
    {
        return bad("rounds are for Swiss and free-for-all");
    }
    Ok(())
}
