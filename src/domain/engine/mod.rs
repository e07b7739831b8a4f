//! The tournament engine: a tournament's whole state in memory and the pure operations on it.
//!
//! Storage-free and clock-free: the portal loads a [`State`], calls [`start`], [`report`] or
//! [`correct`], and stores what changed. Nothing here reads the database, the time, or the
//! environment.

mod advance;
mod draw;
mod error;
#[cfg(test)]
mod examples;
mod outcome;
mod plan;
mod play;
mod progress;
mod spec;
#[cfg(test)]
mod stage_examples;
mod start;
mod state;

pub use advance::{SwissHistory, swiss_history};
pub use draw::{Reseeded, reseed};
pub use error::EngineError;
pub use outcome::{Outcome, Previous};
pub use plan::{
    StageSpec, Take, Thresholds, check_next, check_options, default_name, first_stage_type, plan,
};
pub use play::{Corrected, Reported, correct, report};
pub use start::{check_stages, start};
pub use state::{Entrant, Game, Link, Pid, Placing, Settings, Stage, State};
