//! The tournament engine: a tournament's whole state in memory and the pure operations on it.
//!
//! Storage-free and clock-free: the portal loads a [`State`], calls [`start`], [`report`] or
//! [`correct`], and stores what changed. Nothing here reads the database, the time, or the
//! environment.

mod advance;
mod error;
#[cfg(test)]
mod examples;
mod outcome;
mod play;
mod progress;
mod start;
mod state;

pub use advance::{SwissHistory, swiss_history};
pub use error::EngineError;
pub use outcome::{Outcome, Previous};
pub use play::{Corrected, Reported, correct, report};
pub use start::{stage_plan, start};
pub use state::{Entrant, Game, Link, Pid, Placing, Settings, Stage, State};
