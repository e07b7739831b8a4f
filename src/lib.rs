//! tourney: a read-only JSON API, signed webhooks and embeddable widgets over the tournaments of
//! organising spaces, in one binary.
//!
//! The crate is layered; each module imports only the ones below it:
//!
//! - `main`, `commands` (one module per subcommand: parse, call, print; the shell's wording of
//!   errors), `cli` (what the user typed) and `config` (what it resolves to);
//! - `http` (the server behind `tourney serve`: API, widget pages, health and metrics);
//! - `gate` (what every request asks the database first: what is current, who an API key is,
//!   and the fleet's rate limit, with the rate limit's own tables and their SQL);
//! - `service` (every write, whoever makes it: one transaction with its events, deliveries and
//!   audit entry) and `pages` (the HTML of widgets and the portal, translations, the iCalendar
//!   feed);
//! - `views` (what readers see, built from rows: API records, event objects, widget data) and
//!   `webhook` (signing, the address block list, the HTTP client, the delivery loop);
//! - `db` (SQLite or Postgres: every SQL statement of the product's data, the outbox, rows to
//!   engine state, SQLite's own connections and checkpoints, and the lanes that batch writes);
//! - `events` (the event catalog and the envelope), `import` (the import document, parsed and
//!   checked), `links` (public URLs);
//! - `domain` (the vocabulary and the tournament engine, pure), `ids` (typed public ids),
//!   `timestamp`, `timing` (histograms of durations for `/metrics`) and `api_keys` (key
//!   material).

#![forbid(unsafe_code)]

pub mod api_keys;
pub mod cli;
pub mod commands;
pub mod config;
pub mod db;
pub mod domain;
pub mod events;
pub mod fields;
pub mod gate;
pub mod http;
pub mod ids;
pub mod import;
pub mod links;
pub mod pages;
pub mod service;
pub mod timestamp;
pub mod timing;
pub mod views;
pub mod webhook;
