//! The room's rules (DESIGN §20): which ready match is called to which free station, and in
//! what order the queue stands. The service reads the stations, the ready matches and the
//! players' last finishes, asks [`calls`] what to call, and writes the calls where the database
//! can refuse a second booking.
//!
//! Pure: no database, no clock (the time is given), no randomness. It never books anything
//! itself, and it never decides whether a match is ready: the engine does.

mod calls;
pub mod day;
mod forecast;
mod queue;
#[cfg(test)]
mod tests;
mod timing;

pub use calls::{Call, Room, Station, Waiting, callable, calls, queue};
pub use forecast::{Forecast, not_before};
pub use queue::{Depth, depths};
pub use timing::{Timing, TimingError};
