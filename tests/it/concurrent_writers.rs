//! Many writers to one tournament at once, each on its own connection, as organisers in several
//! terminals and players on the portal are: no write fails because another ran beside it (on
//! Postgres, no "deadlock detected"), and none is lost (two results reported at once both stay).

use std::sync::Arc;

use tourney::db::{matches, participants, tournaments};
use tourney::domain::{Format, MatchStatus, ParticipantStatus, TournamentStatus};
use tourney::service::matches::ResultInput;
use tourney::service::registrations::{Applicant, Registrant};
use tourney::service::{self};

use crate::support::organiser::Organiser;
use tokio::sync::Barrier;

use crate::support::{TestDb, on_both_backends};

/// Writers at once: as many as the pool has connections, so each waits on the database, not on
/// the pool.
const WRITERS: usize = 8;

/// Registrations by each writer.
const ROUNDS: usize = 30;

/// Opens [`WRITERS`] connections and gives them back, so that no writer below waits for one to
/// be opened while the others run ahead: they meet the database together.
async fn warm(t: &TestDb) {
    let mut held = Vec::new();
    for _ in 0..WRITERS {
        held.push(t.db.acquire().await.expect("a connection"));
    }
}

on_both_backends! {
    /// Players register and withdraw in the same tournament at once: every one of those writes
    /// succeeds, and the field ends as the last acknowledged write of each player left it.
    async fn registrations_and_withdrawals_at_once_all_succeed(t: TestDb) {
        let organiser = Arc::new(Organiser::new(&t));
        organiser.space("club", "Club").await;
        organiser.open_signups("club", "cup", 4096).await;
        // Each event goes to some addresses, as in a space with partners.
        for n in 0..3 {
            organiser.hook("club", &format!("https://192.0.2.{n}/in"), None).await;
        }
        warm(&t).await;
        let start = Arc::new(Barrier::new(WRITERS));
        let mut writers = Vec::new();
        for writer in 0..WRITERS {
            let organiser = Arc::clone(&organiser);
            let start = Arc::clone(&start);
            writers.push(tokio::spawn(async move {
                start.wait().await;
                let mut failures = Vec::new();
                for round in 0..ROUNDS {
                    let name = format!("player {writer}-{round}");
                    let ctx = organiser.ctx();
                    let registered = service::registrations::register(
                        organiser.db(),
                        &ctx,
                        "cup",
                        &Applicant::named(&name),
                    )
                    .await;
                    if let Err(e) = registered {
                        failures.push(format!("register {name}: {e}"));
                        continue;
                    }
                    // Every other player withdraws again at once.
                    if round % 2 == 0 {
                        let withdrawn = service::registrations::withdraw(
                            organiser.db(),
                            &ctx,
                            Registrant::Named { tournament: "cup", who: &name },
                        )
                        .await;
                        if let Err(e) = withdrawn {
                            failures.push(format!("withdraw {name}: {e}"));
                        }
                    }
                }
                failures
            }));
        }
        let mut failures = Vec::new();
        for writer in writers {
            failures.extend(writer.await.expect("a writer"));
        }
        assert!(failures.is_empty(), "writes refused for no fault of theirs: {failures:#?}");

        let mut h = t.db.acquire().await.unwrap();
        let cup = tournaments::find_by_slug(h.conn(), "cup").await.unwrap().unwrap();
        let field = participants::list(h.conn(), cup.id).await.unwrap();
        let active = field.iter().filter(|p| p.status == ParticipantStatus::Active).count();
        let withdrawn = field.iter().filter(|p| p.status == ParticipantStatus::Withdrawn).count();
        assert_eq!((active, withdrawn), (WRITERS * ROUNDS / 2, WRITERS * ROUNDS / 2), "{field:#?}");
    }

    /// The first round of a sixteen-player bracket reported all at once, one match per writer:
    /// every winner reaches the next round, none overwritten by a report that read the bracket
    /// before it.
    async fn results_reported_at_once_are_all_kept(t: TestDb) {
        let organiser = Arc::new(Organiser::new(&t));
        organiser.space("club", "Club").await;
        organiser.tournament("club", "cup", Format::SingleElimination, |_| {}).await;
        organiser.set_status("cup", TournamentStatus::RegistrationOpen).await;
        let names: Vec<String> = (1..=16).map(|i| format!("player {i:02}")).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        organiser.register("cup", &names).await;
        organiser.set_status("cup", TournamentStatus::RegistrationClosed).await;
        service::tournaments::start(organiser.db(), &organiser.ctx(), "cup")
            .await
            .expect("start the cup");

        let rows = {
            let mut h = t.db.acquire().await.unwrap();
            let cup = tournaments::find_by_slug(h.conn(), "cup").await.unwrap().unwrap();
            matches::list(h.conn(), cup.id).await.unwrap()
        };
        let first_round: Vec<_> = rows.iter().filter(|m| m.status == MatchStatus::Ready).collect();
        assert_eq!(first_round.len(), 8, "{rows:#?}");
        warm(&t).await;
        let start = Arc::new(Barrier::new(first_round.len()));
        let mut writers = Vec::new();
        for game in &first_round {
            let organiser = Arc::clone(&organiser);
            let start = Arc::clone(&start);
            let id = game.id;
            writers.push(tokio::spawn(async move {
                start.wait().await;
                let input = ResultInput::Sides { score: Some((2, 0)), forfeit: None };
                service::matches::report(organiser.db(), &organiser.ctx(), "cup", id, &input, None)
                    .await
                    .map(|_| ())
                    .map_err(|e| format!("report {id}: {e}"))
            }));
        }
        let mut failures = Vec::new();
        for writer in writers {
            if let Err(e) = writer.await.expect("a writer") {
                failures.push(e);
            }
        }
        assert!(failures.is_empty(), "reports refused for no fault of theirs: {failures:#?}");

        let mut h = t.db.acquire().await.unwrap();
        let cup = tournaments::find_by_slug(h.conn(), "cup").await.unwrap().unwrap();
        let rows = matches::list(h.conn(), cup.id).await.unwrap();
        let winners: Vec<_> = first_round.iter().map(|m| m.a_participant_id).collect();
        let second_round: Vec<_> = rows.iter().filter(|m| m.status == MatchStatus::Ready).collect();
        assert_eq!(second_round.len(), 4, "every quarter-final has both its players: {rows:#?}");
        for winner in winners {
            assert!(
                second_round
                    .iter()
                    .any(|m| m.a_participant_id == winner || m.b_participant_id == winner),
                "{winner:?} won and is in no quarter-final: {rows:#?}"
            );
        }
        let reported = rows.iter().filter(|m| m.status == MatchStatus::Completed).count();
        assert_eq!(reported, 8);
    }
}
