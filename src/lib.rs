//! tourney: a read-only JSON API, signed webhooks and embeddable widgets over the tournaments of
//! organising spaces, in one binary.
//!
//! The crate is cut by feature: `cli` (what the user typed) and `config` (what it resolves to),
//! `commands` (one module per subcommand), `domain` (the tournament vocabulary, pure), `db`
//! (SQLite or Postgres, every SQL statement), `events` (webhook payload shapes), `import` (the
//! JSON import document), `portal` (every write to tournament data: one transaction with its
//! events), `webhook` (signing, the address block list, the delivery loop), and small shared helpers (`ids`, `links`, `timestamp`).

pub mod api_keys;
pub mod cli;
pub mod commands;
pub mod config;
pub mod db;
pub mod domain;
pub mod error;
pub mod events;
pub mod http;
pub mod ids;
pub mod import;
pub mod links;
pub mod portal;
pub mod stored;
pub mod timestamp;
pub mod views;
pub mod webhook;
pub mod widgets;
