//! The integration tests: one binary (one link step) with a module per feature. Every database
//! test runs on SQLite and on Postgres (see `support`).

mod support;

#[path = "../rematches/mod.rs"]
mod rematches;

mod api;
mod browser;
mod concurrent_writers;
mod crashes;
mod demo;
mod desk;
mod desk_browser;
mod desk_forms;
mod desk_people;
mod desk_people_browser;
mod documented_commands;
mod engine;
mod entry;
mod entry_browser;
mod faults;
mod finished_browser;
mod generated;
mod import;
mod lighthouse;
mod live;
mod live_browser;
mod long_writes;
mod migrations;
mod missing_database;
mod openapi;
mod outbox;
mod player_reports;
mod portal;
mod print_browser;
mod rate_limit;
mod replicas;
mod report_browser;
mod room;
mod room_browser;
mod room_desk;
mod room_screen_browser;
mod room_times;
mod screens;
mod section;
mod section_attacks;
mod section_browser;
mod sharing;
mod soak;
mod spaces;
mod stages;
mod storage;
mod tournaments;
mod webhooks;
mod widgets;
mod write_rules;
