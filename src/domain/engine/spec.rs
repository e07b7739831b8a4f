//! A stage's format and options as data: its type, name, options, and how it is fed from the
//! stage before ([`Take`]). Plain values the engine's settings carry; what follows what is
//! checked in [`super::plan`], never here.

use crate::domain::StageType;

/// How many of a stage's standings go on to the next stage.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Take {
    /// The best `n` of the whole stage.
    Best(u32),
    /// The best `m` of each group (the stage must be played in groups).
    PerGroup(u32),
}

/// A threshold Swiss: a player leaves the stage at `advance_wins` wins (through) or
/// `eliminate_losses` losses (out).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Thresholds {
    pub advance_wins: u32,
    pub eliminate_losses: u32,
}

/// One stage's format and options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StageSpec {
    pub stage_type: StageType,
    /// The name pages show for it ("Groups", "Playoff", "Swiss stage").
    pub name: String,
    /// Single elimination: a match for third place.
    pub third_place: bool,
    /// A group stage: how many groups (snake seeding).
    pub groups: Option<u32>,
    /// Swiss: rounds to play (derived from the field when unset); not with `thresholds`.
    pub rounds: Option<u32>,
    /// Swiss: play until every player has reached a threshold.
    pub thresholds: Option<Thresholds>,
    /// How the stage is fed from the one before; `None` for the first stage.
    pub take: Option<Take>,
}

impl StageSpec {
    /// A stage of `stage_type` with no options, fed by `take`.
    pub fn new(stage_type: StageType, name: &str, take: Option<Take>) -> StageSpec {
        StageSpec {
            stage_type,
            name: name.to_owned(),
            third_place: false,
            groups: None,
            rounds: None,
            thresholds: None,
            take,
        }
    }

    /// Whether a drawn match of this stage may end level.
    pub fn allows_draws(&self) -> bool {
        match self.stage_type {
            StageType::RoundRobin | StageType::Groups => true,
            StageType::Swiss => self.thresholds.is_none(),
            _ => false,
        }
    }

    /// The fewest players the stage can be played with.
    pub fn min_field(&self) -> usize {
        match self.stage_type {
            StageType::Groups => 2 * self.groups.unwrap_or(1) as usize,
            _ => 2,
        }
    }
}
