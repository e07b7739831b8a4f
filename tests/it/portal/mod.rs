//! The portal end to end over a real port, on both backends: its pages in both languages, the
//! localized 404 page, a crawl of every link of every page, registration and withdrawal with
//! every refusal, a crowd racing for the last places, and a venue's players on one address.

mod browser;
mod crowd;
mod pages;
mod registration;
mod venue;

use crate::support::TestDb;
use crate::support::organiser::Organiser;

/// A space `club` with an open tournament `cup` of `capacity` places, `taken` of them taken.
async fn open_cup(t: &TestDb, capacity: u32, taken: usize) -> Organiser {
    let organiser = Organiser::new(t);
    organiser.space("club", "Chess Club").await;
    organiser.open_signups("club", "cup", capacity).await;
    let names: Vec<String> = (1..=taken).map(|n| format!("Early Bird {n}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    organiser.register("cup", &names).await;
    organiser
}
