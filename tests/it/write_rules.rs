//! The rules inside the write, from outside, on both databases: whatever changes a match's sides
//! (a reseed, a correction) closes the players' claims on it in that same write, announced
//! (`match.report_closed`) and audited; no sweep and no answer ever applies a claim to a pairing
//! nobody claimed; the claimant and the other player are told on their pages; and one claim the
//! engine refuses never holds up the sweep for the others.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use reqwest::StatusCode;

use crate::player_reports::{answer, claim, field, own_page};
use crate::stages::ready;
use crate::support::player::Player;
use crate::support::server::Server;
use crate::support::{TestDb, execute, on_both_backends, scalar};

const EIGHT: [&str; 8] = ["P01", "P02", "P03", "P04", "P05", "P06", "P07", "P08"];

/// Space `club`, tournament `cup` created with `create` (after `--format`), players registered
/// on the portal (their private links kept, by name), started.
async fn on_the_portal(
    t: &TestDb,
    server: &Server,
    names: &[&'static str],
    create: &[&str],
    stages: &[&[&str]],
) -> BTreeMap<&'static str, (Player, String)> {
    t.run(&["spaces", "create", "club", "--name", "Chess Club"]);
    let max = names.len().to_string();
    let mut args = vec![
        "tournaments",
        "create",
        "--space",
        "club",
        "--slug",
        "cup",
        "--name",
        "Cup",
        "--game",
        "chess",
        "--max-participants",
        &max,
        "--starts-at",
        "2026-12-04T18:00:00Z",
        "--format",
    ];
    args.extend_from_slice(create);
    t.run(&args);
    for stage in stages {
        let mut args = vec!["stages", "add", "cup"];
        args.extend_from_slice(stage);
        t.run(&args);
    }
    t.run(&["tournaments", "status", "cup", "REGISTRATION_OPEN"]);
    let mut players = BTreeMap::new();
    for name in names {
        let mut player = Player::new(
            server,
            name,
            &format!("{}@example.org", name.to_lowercase()),
        );
        let confirmation = player.register("en", "cup").await;
        let link = confirmation
            .withdrawal_link()
            .unwrap_or_else(|| panic!("{name}'s link: {}", confirmation.html));
        players.insert(*name, (player, link));
    }
    t.run(&["tournaments", "status", "cup", "REGISTRATION_CLOSED"]);
    t.run(&["tournaments", "start", "cup"]);
    players
}

async fn count(t: &TestDb, sql: &'static str) -> i64 {
    scalar(&t.db, sql).await
}

const STAGE_TWO_PLAYED: &str = "SELECT COUNT(*) FROM matches m JOIN stages s ON s.id = m.stage_id \
    WHERE s.number = 2 AND m.status = 'completed' AND NOT m.bye";

on_both_backends! {
    /// A Swiss of eight into a top four, players reporting with a 3 s window: P04 claims 2-0
    /// against P01 in the playoff, then the organiser reseeds it so that P01 meets P03. The
    /// claim is closed in the reseed's own write (announced, audited); P03, the new opponent,
    /// is offered nothing to confirm; both players of the claim are told; and well after the
    /// window, `serve` has recorded no result that nobody played.
    async fn a_reseed_sets_aside_a_claim_made_on_the_old_pairing(t: TestDb) {
        let server = Server::start_self_linked(&t, &["--form-limit", "1000"]);
        let create = ["swiss", "--self-report", "confirm", "--confirm-within", "3s"];
        let mut players =
            on_the_portal(&t, &server, &EIGHT, &create, &[&["--format", "single_elimination", "--take", "4"]]).await;
        while ready(&t, "cup").iter().any(|m| m.1 == 1) {
            let (id, _, a, b) = ready(&t, "cup")[0].clone();
            t.run(&["matches", "report", "cup", &id, "--score", if a < b { "2-0" } else { "0-2" }]);
        }
        let playoff: Vec<(u32, u32)> = ready(&t, "cup").iter().map(|m| (m.2, m.3)).collect();
        assert_eq!(playoff, [(1, 4), (2, 3)], "the playoff drawn from the Swiss table");

        let claimed = claim(&mut players, "P04", "2", "0").await;
        assert_eq!(claimed.status, StatusCode::OK, "{}", claimed.html);
        assert_eq!(count(&t, "SELECT COUNT(*) FROM match_claims").await, 1);
        let p01 = own_page(&mut players, "P01").await;
        assert!(field(&p01, "claim").is_some(), "P01 is offered P04's claim before the reseed");

        t.run(&["stages", "seed", "cup", "2", "P01", "P02", "P04", "P03"]);
        let reseeded: Vec<(u32, u32)> = ready(&t, "cup").iter().map(|m| (m.2, m.3)).collect();
        assert_eq!(reseeded, [(1, 3), (2, 4)]);
        assert_eq!(count(&t, "SELECT COUNT(*) FROM match_claims").await, 0, "closed in the reseed's write");
        assert_eq!(count(&t, "SELECT COUNT(*) FROM closed_claims WHERE reason = 'sides_changed'").await, 1);
        assert_eq!(count(&t, "SELECT COUNT(*) FROM events WHERE type = 'match.report_closed'").await, 1);
        let audit = t.run(&["audit", "--space", "club"]);
        assert!(audit.lines().any(|l| l.contains("match.claim_closed") && l.contains("player P04")), "{audit}");

        // The new opponent of the claimed match is offered nothing to confirm.
        let p03 = own_page(&mut players, "P03").await;
        assert!(field(&p03, "claim").is_none(), "P03 is offered no claim: {}", p03.html);
        assert!(!p03.html.contains("P04 reported"), "{}", p03.html);
        // Both players of the claim are told.
        let p04 = own_page(&mut players, "P04").await;
        assert!(p04.html.contains("Report set aside") && p04.html.contains("Your report of Playoffs: Semi-finals against P01 (you 2, P01 0) was set aside."), "{}", p04.html);
        assert!(p04.html.contains("players changed (the organiser reseeded"), "{}", p04.html);
        let p01 = own_page(&mut players, "P01").await;
        assert!(p01.html.contains("The report of Playoffs: Semi-finals by P04"), "{}", p01.html);
        assert!(field(&p01, "claim").is_none(), "nothing left to answer");

        // Well past the window and several sweeps: nothing recorded in the playoff.
        tokio::time::sleep(Duration::from_secs(5)).await;
        assert_eq!(count(&t, STAGE_TWO_PLAYED).await, 0, "no result nobody played");
        // P01 and P03 report their real match; it stands as they say.
        claim(&mut players, "P03", "1", "2").await;
        let confirmed = answer(&mut players, "P01", "confirm", "", "").await;
        assert_eq!(confirmed.status, StatusCode::OK, "{}", confirmed.html);
        assert_eq!(count(&t, STAGE_TWO_PLAYED).await, 1);
        let listed = t.run(&["matches", "list", "cup"]);
        assert!(listed.lines().any(|l| l.contains("P01") && l.contains("P03") && (l.contains("2-1") || l.contains("1-2"))), "{listed}");
        let p04 = own_page(&mut players, "P04").await;
        assert!(!p04.html.contains("Report set aside"), "said until the match it was made on is played: {}", p04.html);
    }

    /// A four-player cup whose players report: the final is ready between the two semi-final
    /// winners and one claims it; the organiser corrects a semi-final, which changes a side of
    /// the final. The claim is closed in the correction's write; the new finalist has nothing
    /// to confirm; a confirmation posted from the old opponent's page is refused; and no
    /// sweep records it.
    async fn a_correction_that_changes_a_side_closes_the_claim(t: TestDb) {
        const FOUR: [&str; 4] = ["Alice", "Boris", "Clara", "Dmitri"];
        let server = Server::start_self_linked(&t, &["--form-limit", "1000"]);
        let create = ["single_elimination", "--self-report", "confirm", "--confirm-within", "2s"];
        let mut players = on_the_portal(&t, &server, &FOUR, &create, &[]).await;
        let semis = t.run(&["matches", "list", "cup", "--ready"]);
        let ids: Vec<String> = semis.lines().skip(1).filter_map(|l| l.split_whitespace().next().map(str::to_owned)).collect();
        assert_eq!(ids.len(), 2, "{semis}");
        t.run(&["matches", "report", "cup", &ids[0], "--score", "2-0"]);
        t.run(&["matches", "report", "cup", &ids[1], "--score", "2-0"]);
        let final_line = t.run(&["matches", "list", "cup", "--ready"]);
        let finalists: Vec<&str> = FOUR.into_iter().filter(|n| final_line.contains(n)).collect();
        assert_eq!(finalists.len(), 2, "{final_line}");
        let claimant = finalists[1];
        let stale_opponent = finalists[0];
        claim(&mut players, claimant, "3", "1").await;
        let stale = own_page(&mut players, stale_opponent).await;
        let (game, claim_id) = (field(&stale, "match").unwrap(), field(&stale, "claim").unwrap());
        let action = format!("{}/answer", stale.url);
        let token = stale.token_for(&action);

        // The first semi-final's winner becomes its loser: the final's side changes.
        t.run(&["matches", "correct", "cup", &ids[0], "--score", "0-2"]);
        assert_eq!(count(&t, "SELECT COUNT(*) FROM match_claims").await, 0);
        assert_eq!(count(&t, "SELECT COUNT(*) FROM closed_claims WHERE reason = 'sides_changed'").await, 1);
        assert_eq!(count(&t, "SELECT COUNT(*) FROM events WHERE type = 'match.report_closed'").await, 1);
        let (player, _) = players.get_mut(stale_opponent).unwrap();
        let late = player
            .post(&action, &[("token", &token), ("match", &game), ("claim", &claim_id), ("answer", "confirm")], None)
            .await;
        assert_eq!(late.status, StatusCode::CONFLICT, "{}", late.html);
        let new_finalist = FOUR.into_iter().find(|n| !finalists.contains(n) && t.run(&["matches", "list", "cup", "--ready"]).contains(n)).expect("the new finalist");
        let theirs = own_page(&mut players, new_finalist).await;
        assert!(field(&theirs, "claim").is_none(), "{}", theirs.html);
        tokio::time::sleep(Duration::from_secs(4)).await;
        assert_eq!(count(&t, "SELECT COUNT(*) FROM matches WHERE status = 'completed' AND NOT bye").await, 2, "the final is unplayed");
    }

    /// Two semi-finals claimed; the older claim is made one the engine refuses (a draw, in an
    /// elimination) before its window ends. `serve`'s sweep sets it aside, logs it, and
    /// confirms the other claim anyway; the refused one is never applied.
    async fn one_poisoned_claim_never_holds_up_the_sweep(t: TestDb) {
        const FOUR: [&str; 4] = ["Alice", "Boris", "Clara", "Dmitri"];
        let server = Server::start_logged(&t, &["--form-limit", "1000"]);
        let create = ["single_elimination", "--self-report", "confirm", "--confirm-within", "3s"];
        let mut players = on_the_portal(&t, &server, &FOUR, &create, &[]).await;
        let first = crate::player_reports::opponent(&own_page(&mut players, "Alice").await).expect("Alice's opponent");
        let other = FOUR.into_iter().find(|n| *n != "Alice" && *n != first).expect("another player");
        claim(&mut players, "Alice", "2", "1").await;
        claim(&mut players, other, "2", "0").await;
        // The oldest claim, as the engine can never accept it.
        execute(&t.db, "UPDATE match_claims SET score_a = 1, score_b = 1 \
            WHERE id = (SELECT MIN(id) FROM match_claims)").await;
        let deadline = Instant::now() + Duration::from_secs(20);
        while count(&t, "SELECT COUNT(*) FROM matches WHERE status = 'completed' AND NOT bye").await == 0 {
            assert!(Instant::now() < deadline, "the good claim was never confirmed");
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        tokio::time::sleep(Duration::from_secs(2)).await;
        assert_eq!(count(&t, "SELECT COUNT(*) FROM matches WHERE status = 'completed' AND NOT bye").await, 1, "only the good one");
        assert_eq!(count(&t, "SELECT COUNT(*) FROM match_claims").await, 1, "the refused claim waits for an organiser");
        let listed = t.run(&["matches", "list", "cup", "--ready"]);
        assert!(listed.contains("Alice"), "Alice's match is still to decide: {listed}");
        assert!(server.log().contains("could not stand"), "the refused claim is logged: {}", server.log());
    }
}
