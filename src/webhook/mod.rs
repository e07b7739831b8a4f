//! Webhook delivery: signatures, the address block list, the HTTP client, the delivery loop and
//! the receiver conformance run.
//!
//! Storage is `db::hooks` and `db::deliveries`; the commands that drive this are
//! `commands::{hooks, dispatch, ping, verify}`. Nothing in here formats output for people or
//! reads the command line.

pub mod blocklist;
pub mod client;
pub mod conformance;
pub mod dispatcher;
pub mod metrics;
pub mod schedule;
pub mod signing;
pub mod target;
