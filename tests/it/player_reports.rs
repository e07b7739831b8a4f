//! Players report their own results over HTTP against a real `serve`, on both databases: each
//! registers on the portal, and from their private page claims a result, confirms or disputes
//! the opponent's; a claim nobody answers is confirmed by `serve` when its window ends; an
//! organiser's report always wins; posts sent all at once never record a match twice; and
//! nobody but the match's two players, with their page's token, can do any of it.

use std::collections::BTreeMap;

use reqwest::StatusCode;

use crate::support::member::Member;
use crate::support::on_both_backends;
use crate::support::player::{Page, Player};
use crate::support::server::Server;
use crate::support::{TestDb, scalar};

const NAMES: [&str; 4] = ["Alice", "Boris", "Clara", "Dmitri"];

/// Space `club` with an owner and `cup`, a four-player single elimination whose players report
/// (answer `window`), registered on the portal and started. Each player with their private
/// link, by name.
async fn started_cup(
    t: &TestDb,
    server: &Server,
    window: &str,
) -> BTreeMap<&'static str, (Player, String)> {
    t.run(&["spaces", "create", "club", "--name", "Chess Club"]);
    t.add_member("club", "owner@example.org", "owner");
    t.run(&[
        "tournaments",
        "create",
        "--space",
        "club",
        "--slug",
        "cup",
        "--name",
        "Friday Cup",
        "--game",
        "chess",
        "--format",
        "single_elimination",
        "--max-participants",
        "4",
        "--starts-at",
        "2026-12-04T18:00:00Z",
        "--self-report",
        "confirm",
        "--confirm-within",
        window,
    ]);
    t.run(&["tournaments", "status", "cup", "REGISTRATION_OPEN"]);
    let mut players = BTreeMap::new();
    for name in NAMES {
        let mut player = Player::new(
            server,
            name,
            &format!("{}@example.org", name.to_lowercase()),
        );
        let confirmation = player.register("en", "cup").await;
        let link = confirmation
            .withdrawal_link()
            .unwrap_or_else(|| panic!("{name}'s private link: {}", confirmation.html));
        assert!(
            link.contains("/en/player/"),
            "the private link names the player's page: {link}"
        );
        players.insert(name, (player, link));
    }
    t.run(&["tournaments", "status", "cup", "REGISTRATION_CLOSED"]);
    t.run(&["tournaments", "start", "cup"]);
    players
}

/// The first value of the hidden field `name` on `page`.
pub(crate) fn field(page: &Page, name: &str) -> Option<String> {
    let marker = format!("name=\"{name}\" value=\"");
    let at = page.html.find(&marker)?;
    let rest = &page.html[at + marker.len()..];
    Some(rest[..rest.find('"')?].to_owned())
}

/// Whom the page's first match to report is against ("Semi-finals: against Boris").
pub(crate) fn opponent(page: &Page) -> Option<String> {
    let at = page.html.find(": against ")?;
    let rest = &page.html[at + ": against ".len()..];
    Some(rest[..rest.find('<')?].to_owned())
}

/// The player's page, opened from their link.
pub(crate) async fn own_page(
    players: &mut BTreeMap<&'static str, (Player, String)>,
    name: &str,
) -> Page {
    let (player, link) = players.get_mut(name).expect("a player");
    let link = link.clone();
    let page = player.get(&link).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.html);
    page
}

/// `name` claims their first ready match: their score, the opponent's.
pub(crate) async fn claim(
    players: &mut BTreeMap<&'static str, (Player, String)>,
    name: &str,
    mine: &str,
    theirs: &str,
) -> Page {
    let page = own_page(players, name).await;
    let game = field(&page, "match")
        .unwrap_or_else(|| panic!("{name} has a match to report: {}", page.html));
    let action = format!("{}/report", page.url);
    let token = page.token_for(&action);
    let (player, _) = players.get_mut(name).expect("a player");
    player
        .post(
            &action,
            &[
                ("token", &token),
                ("match", &game),
                ("mine", mine),
                ("theirs", theirs),
                ("forfeit", ""),
            ],
            None,
        )
        .await
}

/// `name` answers the claim their page shows: `confirm`, or `dispute` with their result.
pub(crate) async fn answer(
    players: &mut BTreeMap<&'static str, (Player, String)>,
    name: &str,
    how: &str,
    mine: &str,
    theirs: &str,
) -> Page {
    let page = own_page(players, name).await;
    let game = field(&page, "match").expect("a match");
    let claim = field(&page, "claim")
        .unwrap_or_else(|| panic!("{name} has a claim to answer: {}", page.html));
    let action = format!("{}/answer", page.url);
    let token = page.token_for(&action);
    let (player, _) = players.get_mut(name).expect("a player");
    player
        .post(
            &action,
            &[
                ("token", &token),
                ("match", &game),
                ("claim", &claim),
                ("answer", how),
                ("mine", mine),
                ("theirs", theirs),
                ("forfeit", ""),
            ],
            None,
        )
        .await
}

/// How many events of `event_type` the tournament's changes published.
async fn events(t: &TestDb, event_type: &'static str) -> i64 {
    let sql: &'static str = match event_type {
        "match.ready" => "SELECT COUNT(*) FROM events WHERE type = 'match.ready'",
        "match.reported" => "SELECT COUNT(*) FROM events WHERE type = 'match.reported'",
        "match.disputed" => "SELECT COUNT(*) FROM events WHERE type = 'match.disputed'",
        "match.completed" => "SELECT COUNT(*) FROM events WHERE type = 'match.completed'",
        other => panic!("no query for {other}"),
    };
    scalar(&t.db, sql).await
}

async fn completed(t: &TestDb) -> i64 {
    scalar(
        &t.db,
        "SELECT COUNT(*) FROM matches WHERE status = 'completed' AND NOT bye",
    )
    .await
}

on_both_backends! {
    /// Alice claims, her opponent confirms: the match stands as reported, the final is drawn,
    /// the loser's page has no form, the events and the audit log say who did what.
    async fn a_claim_confirmed_by_the_opponent_moves_the_bracket_on(t: TestDb) {
        let server = Server::start_self_linked(&t, &[]);
        let mut players = started_cup(&t, &server, "10m").await;
        assert_eq!(events(&t, "match.ready").await, 2, "both semi-finals are ready at the start");
        let page = own_page(&mut players, "Alice").await;
        let rival = opponent(&page).expect("Alice's opponent");
        let rival: &'static str = NAMES.into_iter().find(|n| *n == rival).expect("a player");

        let claimed = claim(&mut players, "Alice", "2", "1").await;
        assert_eq!(claimed.status, StatusCode::OK, "{}", claimed.html);
        assert!(claimed.html.contains(&format!("You reported: you 2, {rival} 1.")), "{}", claimed.html);
        assert!(field(&claimed, "match").is_none(), "no second claim form");
        assert_eq!(events(&t, "match.reported").await, 1);
        let theirs = own_page(&mut players, rival).await;
        assert!(theirs.html.contains("Alice reported: you 1, Alice 2."), "{}", theirs.html);

        let confirmed = answer(&mut players, rival, "confirm", "", "").await;
        assert_eq!(confirmed.status, StatusCode::OK, "{}", confirmed.html);
        assert!(field(&confirmed, "match").is_none(), "{rival} is out: no form");
        assert!(confirmed.html.contains(&format!("Semi-finals: Alice 2–1 {rival}")) || confirmed.html.contains(&format!("Semi-finals: {rival} 1–2 Alice")), "{}", confirmed.html);
        assert!(confirmed.html.contains("Confirmed: the result stands."), "the player is told: {}", confirmed.html);
        assert_eq!(completed(&t).await, 1);
        assert_eq!(events(&t, "match.completed").await, 1);
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM match_claims").await, 0, "the claim is closed");

        // The other semi-final the same way, then the final is ready for Alice.
        let other: Vec<&str> = NAMES.into_iter().filter(|n| *n != "Alice" && *n != rival).collect();
        claim(&mut players, other[0], "0", "3").await;
        let done = answer(&mut players, other[1], "confirm", "", "").await;
        assert_eq!(done.status, StatusCode::OK, "{}", done.html);
        assert_eq!(events(&t, "match.ready").await, 3, "the final became ready");
        let final_page = own_page(&mut players, "Alice").await;
        assert!(final_page.html.contains(&format!("Final: against {}", other[1])), "{}", final_page.html);

        let audit = t.run(&["audit", "--space", "club"]);
        assert!(audit.lines().any(|l| l.contains("player Alice (par_") && l.contains("match.claimed")), "{audit}");
        assert!(audit.lines().any(|l| l.contains(&format!("player {rival} (par_")) && l.contains("match.reported") && l.contains("confirmed the report of player Alice")), "{audit}");
        let listed = t.run(&["matches", "list", "cup"]);
        assert!(listed.contains("2-1") || listed.contains("1-2"), "{listed}");
    }

    /// A dispute waits for an organiser: the desk lists it first with both results; the
    /// organiser's report completes the match and closes the claim.
    async fn a_dispute_waits_for_the_organisers_report(t: TestDb) {
        let server = Server::start_self_linked(&t, &[]);
        let mut players = started_cup(&t, &server, "10m").await;
        let rival = opponent(&own_page(&mut players, "Clara").await).expect("an opponent");
        let rival: &'static str = NAMES.into_iter().find(|n| *n == rival).expect("a player");
        claim(&mut players, "Clara", "2", "0").await;
        let disputed = answer(&mut players, rival, "dispute", "2", "0").await;
        assert_eq!(disputed.status, StatusCode::OK, "{}", disputed.html);
        assert!(disputed.html.contains("Disputed: Clara says you 0, Clara 2; you say you 2, Clara 0."), "{}", disputed.html);
        assert_eq!(events(&t, "match.disputed").await, 1);
        assert_eq!(completed(&t).await, 0);
        let listed = t.run(&["matches", "list", "cup", "--ready"]);
        assert!(listed.lines().any(|l| l.contains("ready, disputed") && l.contains("Clara")), "the shell shows the dispute: {listed}");
        // Nobody may change a disputed claim: a second answer is refused.
        let again = own_page(&mut players, rival).await;
        assert!(field(&again, "claim").is_none(), "no answer form once disputed");

        let printed = t.run(&["--base-url", &server.base, "login-link", "--email", "owner@example.org"]);
        let mut owner = Member::new(&server.base);
        owner.sign_in_by_link(printed.lines().next().expect("a link").trim()).await;
        let desk = owner.get("/en/organizer/club/tournaments/cup/matches").await;
        assert_eq!(desk.status, StatusCode::OK);
        let dispute_at = desk.body.find("Disputed: Clara says 2–0").or_else(|| desk.body.find("Disputed: Clara says 0–2")).unwrap_or_else(|| panic!("the dispute on the desk: {}", desk.body));
        let other_ready = NAMES.into_iter().find(|n| *n != "Clara" && *n != rival).expect("another player");
        let other_at = desk.body.find(&format!("{other_ready} –")).or_else(|| desk.body.find(&format!("– {other_ready}"))).expect("the other ready match");
        assert!(dispute_at < other_at, "the disputed match is listed first");

        let game = field(&own_page(&mut players, "Clara").await, "match");
        assert!(game.is_none(), "Clara's page shows the dispute without a form");
        let id = scalar(&t.db, "SELECT match_id FROM match_claims").await;
        let out = t.run(&["matches", "report", "cup", &format!("mat_{id}"), "--score", "2-0"]);
        assert!(out.contains("reported"), "{out}");
        assert_eq!(completed(&t).await, 1);
        assert_eq!(events(&t, "match.completed").await, 1);
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM match_claims").await, 0, "the report closed the claim");
        let api = t.run(&["matches", "list", "cup"]);
        assert!(!api.contains("disputed"), "{api}");
    }

    /// A claim nobody answers stands when its window (2 s) ends: `serve` confirms it, once,
    /// and the audit log says the schedule did.
    async fn serve_confirms_an_unanswered_claim_when_its_window_ends(t: TestDb) {
        let server = Server::start_self_linked(&t, &[]);
        let mut players = started_cup(&t, &server, "2s").await;
        let claimed = claim(&mut players, "Boris", "3", "1").await;
        assert_eq!(claimed.status, StatusCode::OK, "{}", claimed.html);
        assert_eq!(completed(&t).await, 0, "not before the window ends");
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        while completed(&t).await == 0 {
            assert!(std::time::Instant::now() < deadline, "the claim was never confirmed");
            tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        }
        tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
        assert_eq!(events(&t, "match.completed").await, 1, "confirmed once");
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM match_claims").await, 0);
        let audit = t.run(&["audit", "--space", "club", "--by", "schedule"]);
        assert!(audit.contains("match.reported") && audit.contains("stood unanswered"), "{audit}");
        let page = own_page(&mut players, "Boris").await;
        assert!(page.html.contains("3–1") || page.html.contains("1–3"), "{}", page.html);
    }

    /// An organiser's report closes an open claim; the opponent's answer to it, from the page
    /// loaded before, is refused and changes nothing.
    async fn an_organisers_report_closes_an_open_claim(t: TestDb) {
        let server = Server::start_self_linked(&t, &[]);
        let mut players = started_cup(&t, &server, "10m").await;
        let rival = opponent(&own_page(&mut players, "Dmitri").await).expect("an opponent");
        let rival: &'static str = NAMES.into_iter().find(|n| *n == rival).expect("a player");
        claim(&mut players, "Dmitri", "1", "0").await;
        let stale = own_page(&mut players, rival).await;
        let (game, claim_id) = (field(&stale, "match").unwrap(), field(&stale, "claim").unwrap());
        let action = format!("{}/answer", stale.url);
        let token = stale.token_for(&action);

        t.run(&["matches", "report", "cup", &game, "--score", "0-4"]);
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM match_claims").await, 0);
        let (player, _) = players.get_mut(rival).unwrap();
        let late = player
            .post(&action, &[("token", &token), ("match", &game), ("claim", &claim_id), ("answer", "confirm")], None)
            .await;
        assert_eq!(late.status, StatusCode::CONFLICT, "{}", late.html);
        assert!(late.html.contains("not your match") || late.html.contains("changed since"), "{}", late.html);
        assert_eq!(events(&t, "match.completed").await, 1, "only the organiser's report");
        let listed = t.run(&["matches", "list", "cup"]);
        assert!(listed.contains("0-4"), "the organiser's result stands: {listed}");
    }

    /// Fifty claims and answers of one match posted at once: one claim is made, and the match
    /// is completed at most once (or disputed), never twice; no post fails.
    async fn posts_sent_all_at_once_never_record_a_match_twice(t: TestDb) {
        // A link's limit raised out of the way: one link gets more than its 30 posts a minute.
        let server = Server::start_self_linked(&t, &["--player-limit", "1000"]);
        let mut players = started_cup(&t, &server, "10m").await;
        let page = own_page(&mut players, "Alice").await;
        let rival: &'static str = NAMES.into_iter().find(|n| Some(n.to_string()) == opponent(&page)).expect("a player");
        let rival_page = own_page(&mut players, rival).await;
        let game = field(&page, "match").unwrap();
        let mut claims = Vec::new();
        for (i, (who, page)) in [("Alice", &page), (rival, &rival_page)].into_iter().cycle().take(25).enumerate() {
            let action = format!("{}/report", page.url);
            let token = page.token_for(&action);
            let mut player = players[who].0.clone();
            let game = game.clone();
            let (mine, theirs) = if i % 2 == 0 { ("2", "1") } else { ("1", "2") };
            claims.push(tokio::spawn(async move {
                player.post(&action, &[("token", &token), ("match", &game), ("mine", mine), ("theirs", theirs), ("forfeit", "")], None).await.status
            }));
        }
        for status in futures_util::future::join_all(claims).await {
            let status = status.expect("a post");
            assert!(status == StatusCode::OK || status == StatusCode::CONFLICT, "{status}");
        }
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM match_claims").await, 1, "one claim");
        assert_eq!(events(&t, "match.reported").await, 1);
        let claimant: i64 = scalar(&t.db, "SELECT CASE claimed_by WHEN 'a' THEN a_participant_id ELSE b_participant_id END FROM match_claims").await;
        let alice_claimed = t.run(&["tournaments", "registrations", "cup"]).lines().any(|l| l.contains("Alice") && l.contains(&format!("par_{claimant}")));
        let answerer = if alice_claimed { rival } else { "Alice" };
        let page = own_page(&mut players, answerer).await;
        let claim_id = field(&page, "claim").expect("a claim to answer");
        let action = format!("{}/answer", page.url);
        let token = page.token_for(&action);
        let mut answers = Vec::new();
        for i in 0..25 {
            let mut player = players[answerer].0.clone();
            let (action, token, game, claim_id) = (action.clone(), token.clone(), game.clone(), claim_id.clone());
            answers.push(tokio::spawn(async move {
                let how = if i % 2 == 0 { "confirm" } else { "dispute" };
                player.post(&action, &[("token", &token), ("match", &game), ("claim", &claim_id), ("answer", how), ("mine", "5"), ("theirs", "0"), ("forfeit", "")], None).await.status
            }));
        }
        for status in futures_util::future::join_all(answers).await {
            let status = status.expect("a post");
            assert!(status == StatusCode::OK || status == StatusCode::CONFLICT, "{status}");
        }
        let (done, disputed) = (events(&t, "match.completed").await, events(&t, "match.disputed").await);
        assert_eq!(done + disputed, 1, "one answer took effect: {done} completed, {disputed} disputed");
        assert_eq!(completed(&t).await, done);
    }

    /// Only the match's two players, with their own page's token, may claim or answer: a
    /// stranger's form, another player's link, the claimant answering themself, a forged or
    /// unreadable form are refused and change nothing.
    async fn only_the_two_players_with_their_token_may_report(t: TestDb) {
        let server = Server::start_self_linked(&t, &[]);
        let mut players = started_cup(&t, &server, "10m").await;
        let alice = own_page(&mut players, "Alice").await;
        let game = field(&alice, "match").unwrap();
        let rival: &'static str = NAMES.into_iter().find(|n| Some(n.to_string()) == opponent(&alice)).expect("a player");
        let stranger: &'static str = NAMES.into_iter().find(|n| *n != "Alice" && *n != rival).expect("a stranger");
        let action = format!("{}/report", alice.url);
        let token = alice.token_for(&action);
        let before = own_page(&mut players, rival).await;
        let claim_token = before.token_for(&format!("{}/report", before.url));

        // A stranger's browser, with Alice's link and her page's token but not her cookie.
        let mut outsider = Player::new(&server, "Mallory", "m@example.org");
        let forged = outsider.post(&action, &[("token", &token), ("match", &game), ("mine", "9"), ("theirs", "0")], None).await;
        assert_eq!(forged.status, StatusCode::FORBIDDEN, "{}", forged.html);
        // Another player claims Alice's match from their own page.
        let theirs = own_page(&mut players, stranger).await;
        let their_action = format!("{}/report", theirs.url);
        let their_token = theirs.token_for(&their_action);
        let (player, _) = players.get_mut(stranger).unwrap();
        let not_theirs = player.post(&their_action, &[("token", &their_token), ("match", &game), ("mine", "3"), ("theirs", "0")], None).await;
        assert_eq!(not_theirs.status, StatusCode::CONFLICT, "{}", not_theirs.html);
        assert!(not_theirs.html.contains("not your match"), "{}", not_theirs.html);
        // Unreadable results: no score and no forfeit, a draw in an elimination, a score too high.
        for (mine, theirs, why) in [("", "", "Give both scores"), ("1", "1", "draw"), ("10000", "0", "Give both scores")] {
            let (player, _) = players.get_mut("Alice").unwrap();
            let refused = player.post(&action, &[("token", &token), ("match", &game), ("mine", mine), ("theirs", theirs), ("forfeit", "")], None).await;
            assert!(refused.status == StatusCode::UNPROCESSABLE_ENTITY || refused.status == StatusCode::CONFLICT, "{}", refused.status);
            assert!(refused.html.contains(why), "{why}: {}", refused.html);
        }
        let (player, _) = players.get_mut("Alice").unwrap();
        let wrong_id = player.post(&action, &[("token", &token), ("match", "mat_999999"), ("mine", "1"), ("theirs", "0")], None).await;
        assert_eq!(wrong_id.status, StatusCode::CONFLICT, "{}", wrong_id.html);
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM match_claims").await, 0, "nothing was claimed");

        // Alice claims; her page offers no answer to her own claim, and the service refuses one.
        claim(&mut players, "Alice", "2", "0").await;
        let claim_id = scalar(&t.db, "SELECT id FROM match_claims").await;
        let mine = own_page(&mut players, "Alice").await;
        assert!(field(&mine, "claim").is_none(), "{}", mine.html);
        let secret = players["Alice"].1.rsplit('/').next().expect("the secret").to_owned();
        let organiser = crate::support::organiser::Organiser::new(&t);
        let own = tourney::service::player_reports::answer(
            &t.db,
            &organiser.ctx(),
            &secret,
            tourney::ids::MatchId::parse_prefixed(&game).expect("a match id"),
            tourney::ids::ClaimId::from_raw(claim_id),
            tourney::service::player_reports::Answer::Confirm,
        )
        .await
        .expect_err("the claimant cannot answer");
        assert!(own.to_string().contains("your opponent confirms or disputes it"), "{own}");
        // The opponent, with the token of their own claim form (another address), and with
        // Alice's page's token: both refused.
        let rival_page = own_page(&mut players, rival).await;
        let rival_answer = format!("{}/answer", rival_page.url);
        for token in [claim_token, token.clone()] {
            let (player, _) = players.get_mut(rival).unwrap();
            let wrong_form = player.post(&rival_answer, &[("token", &token), ("match", &game), ("claim", &format!("clm_{claim_id}")), ("answer", "confirm")], None).await;
            assert_eq!(wrong_form.status, StatusCode::FORBIDDEN, "{}", wrong_form.html);
        }
        assert_eq!(completed(&t).await, 0, "nothing was recorded");
        assert_eq!(events(&t, "match.completed").await, 0);
    }

    /// The setting: `--self-report confirm` on create and update, refused for free-for-all and
    /// for a window without reports; the API's tournament shows it; the match shows a pending
    /// claim's existence only.
    async fn the_setting_is_checked_and_shown(t: TestDb) {
        let server = Server::start_self_linked(&t, &[]);
        let mut players = started_cup(&t, &server, "90s").await;
        let shown = t.run(&["tournaments", "show", "cup"]);
        assert!(shown.lines().any(|l| l.starts_with("players report") && l.ends_with("results, confirmed by the opponent within 90s")), "{shown}");
        let ffa = t.tourney().args([
            "tournaments", "create", "--space", "club", "--slug", "race", "--name", "Race", "--game", "chess",
            "--format", "free_for_all", "--max-participants", "8", "--starts-at", "2026-12-04T18:00:00Z",
            "--self-report", "confirm",
        ]).assert().failure();
        let said = String::from_utf8_lossy(&ffa.get_output().stderr).into_owned();
        assert!(said.contains("free-for-all"), "{said}");
        let alone = t.tourney().args(["tournaments", "update", "cup", "--self-report", "off", "--confirm-within", "5m"]).assert().failure();
        let said = String::from_utf8_lossy(&alone.get_output().stderr).into_owned();
        assert!(said.contains("confirmation window"), "{said}");
        let key = t.run(&["keys", "create", "--space", "club"]);
        let key = key.lines().nth(1).expect("the key, on the second line").trim().to_owned();
        let client = reqwest::Client::new();
        let get = |path: &str| client.get(server.url(path)).bearer_auth(&key).send();
        let detail: serde_json::Value = get("/api/v1/tournaments/cup").await.unwrap().json().await.unwrap();
        assert_eq!(detail["data"]["self_report"], serde_json::json!({"mode": "confirm", "confirm_within_seconds": 90}));
        claim(&mut players, "Alice", "2", "1").await;
        let games: serde_json::Value = get("/api/v1/tournaments/cup/matches").await.unwrap().json().await.unwrap();
        let claims: Vec<&serde_json::Value> = games["data"].as_array().unwrap().iter().map(|m| &m["claim"]).collect();
        assert_eq!(claims.iter().filter(|c| **c == "pending").count(), 1, "{games}");
        assert!(!games.to_string().contains("\"report\""), "who claimed what stays out of the API");
        // Turned off, the open claim is closed and the pages offer no form.
        t.run(&["tournaments", "update", "cup", "--self-report", "off"]);
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM match_claims").await, 0);
        let page = own_page(&mut players, "Alice").await;
        assert!(field(&page, "match").is_none(), "{}", page.html);
        let detail: serde_json::Value = get("/api/v1/tournaments/cup").await.unwrap().json().await.unwrap();
        assert_eq!(detail["data"]["self_report"], serde_json::Value::Null, "{detail}");
    }
}
