//! A venue's players on one Wi-Fi address, at the default limits, on both databases: forty
//! register at the same moment and report their matches from their own pages, all accepted;
//! a script's flood of registrations from that address is held to exactly the documented
//! limit while the organiser still signs in from it; a flood on one private link, or to random
//! links, is bounded without stopping the other players; sign-ins have their own limit; and the
//! registrations' window is the one `--form-window` sets.

use std::net::{IpAddr, Ipv4Addr};
use std::sync::Arc;

use futures_util::future::join_all;
use reqwest::StatusCode;
use tokio::sync::Barrier;

use super::open_cup;
use crate::support::member::Member;
use crate::support::player::{Page, Player};
use crate::support::server::Server;
use crate::support::{TestDb, on_both_backends, scalar};

/// The default limits (docs/portal.md "Limits").
const REGISTRATIONS_PER_ADDRESS: usize = 150;
const POSTS_PER_LINK: usize = 30;
const LINK_POSTS_PER_ADDRESS: usize = 600;
const SIGN_INS_PER_ADDRESS: usize = 30;

const OWNER: &str = "owner@example.org";

/// Another client address than the players' 127.0.0.1.
fn elsewhere() -> IpAddr {
    IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2))
}

/// Space `club` with its owner and `cup`, open for registration, of `size` places in `format`,
/// whose players report their results (confirmed within 10 minutes).
fn reporting_cup(t: &TestDb, format: &str, size: usize) {
    t.run(&["spaces", "create", "club", "--name", "Chess Club"]);
    t.add_member("club", OWNER, "owner");
    t.run(&[
        "tournaments",
        "create",
        "--space",
        "club",
        "--slug",
        "cup",
        "--name",
        "Venue Cup",
        "--game",
        "chess",
        "--format",
        format,
        "--max-participants",
        &size.to_string(),
        "--starts-at",
        "2030-12-04T18:00:00Z",
        "--self-report",
        "confirm",
        "--confirm-within",
        "10m",
    ]);
    t.run(&["tournaments", "status", "cup", "REGISTRATION_OPEN"]);
}

/// `count` phones at the venue (127.0.0.1 all) open the tournament's page, then all send the
/// form at the same moment. Each is accepted (a 303 to the confirmation, which shows the private
/// link): the players, with their links.
async fn register_at_once(server: &Server, count: usize) -> Vec<(Player, String)> {
    let mut phones = Vec::new();
    for n in 1..=count {
        let mut player = Player::new(
            server,
            &format!("Player {n:02}"),
            &format!("player{n}@example.org"),
        );
        let token = player.get("/en/tournaments/cup").await.token();
        phones.push((player, token));
    }
    let barrier = Arc::new(Barrier::new(count));
    let sent = phones.into_iter().map(|(mut player, token)| {
        let barrier = Arc::clone(&barrier);
        tokio::spawn(async move {
            let (name, email) = (player.name.clone(), player.email.clone());
            barrier.wait().await;
            let page = player
                .post(
                    "/en/tournaments/cup/registrations",
                    &[("token", &token), ("name", &name), ("email", &email)],
                    None,
                )
                .await;
            (player, page)
        })
    });
    let mut players = Vec::new();
    for done in join_all(sent).await {
        let (player, page) = done.expect("a registration");
        assert_eq!(
            page.status,
            StatusCode::OK,
            "{}: {}",
            player.name,
            page.html
        );
        assert!(
            page.url.ends_with("/en/tournaments/cup/registered"),
            "{} led to {}",
            player.name,
            page.url
        );
        let link = page
            .withdrawal_link()
            .unwrap_or_else(|| panic!("{}'s private link: {}", player.name, page.html));
        players.push((player, link));
    }
    players
}

/// Registration closed and the first round drawn.
fn start(t: &TestDb) {
    t.run(&["tournaments", "status", "cup", "REGISTRATION_CLOSED"]);
    t.run(&["tournaments", "start", "cup"]);
}

/// The first value of the hidden field `name` on `page`.
fn field(page: &Page, name: &str) -> Option<String> {
    let marker = format!("name=\"{name}\" value=\"");
    let at = page.html.find(&marker)?;
    let rest = &page.html[at + marker.len()..];
    Some(rest[..rest.find('"')?].to_owned())
}

/// Whom the page's first match to report is against ("Round 1: against Player 07").
fn opponent(page: &Page) -> Option<String> {
    let at = page.html.find(": against ")?;
    let rest = &page.html[at + ": against ".len()..];
    Some(rest[..rest.find('<')?].to_owned())
}

/// The claim form of `page`'s first match, as its player sends it: action and fields.
fn claim_form(page: &Page, mine: &str, theirs: &str) -> (String, Vec<(String, String)>) {
    let action = format!("{}/report", page.url);
    let fields = [
        ("token", page.token_for(&action)),
        (
            "match",
            field(page, "match").unwrap_or_else(|| panic!("a match to report: {}", page.html)),
        ),
        ("mine", mine.to_owned()),
        ("theirs", theirs.to_owned()),
        ("forfeit", String::new()),
    ];
    (
        action,
        fields.into_iter().map(|(k, v)| (k.to_owned(), v)).collect(),
    )
}

async fn send(player: &mut Player, (action, fields): &(String, Vec<(String, String)>)) -> Page {
    let fields: Vec<(&str, &str)> = fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    player.post(action, &fields, None).await
}

fn retry_after(page: &Page) -> u64 {
    page.headers
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("a Retry-After on the {} answer", page.status))
}

on_both_backends! {
    /// Forty players on one address register at the same moment, then, in the Swiss's first
    /// round, twenty claim their match's result at once and their twenty opponents confirm at
    /// once: every post is accepted at the default limits.
    async fn a_venue_on_one_address_registers_and_reports_at_the_defaults(t: TestDb) {
        reporting_cup(&t, "swiss", 40);
        let server = Server::start_self_linked(&t, &[]);
        let mut players = register_at_once(&server, 40).await;
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM participants WHERE status <> 'withdrawn'").await, 40);
        start(&t);
        // Each pair's first player (in registration order) claims; the other answers.
        let mut pages = Vec::new();
        for (player, link) in &mut players {
            let page = player.get(link).await;
            assert_eq!(page.status, StatusCode::OK, "{}", page.html);
            let rival = opponent(&page).unwrap_or_else(|| panic!("{} has a match: {}", player.name, page.html));
            pages.push((player.name.clone(), rival, page));
        }
        let mut answerers = std::collections::BTreeSet::new();
        let mut claims = Vec::new();
        for (i, (name, rival, page)) in pages.iter().enumerate() {
            if !answerers.contains(name) {
                answerers.insert(rival.clone());
                claims.push((i, claim_form(page, "1", "0")));
            }
        }
        assert_eq!((claims.len(), answerers.len()), (20, 20), "twenty matches");
        let barrier = Arc::new(Barrier::new(claims.len()));
        let sent = claims.into_iter().map(|(i, form)| {
            let (mut player, barrier) = (players[i].0.clone(), Arc::clone(&barrier));
            tokio::spawn(async move {
                barrier.wait().await;
                send(&mut player, &form).await
            })
        });
        for page in join_all(sent).await {
            let page = page.expect("a claim");
            assert_eq!(page.status, StatusCode::OK, "{}", page.html);
            assert!(page.html.contains("You reported: you 1, "), "the claim is on the player's page: {}", page.html);
        }
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM match_claims").await, 20, "twenty claims");

        let mut answers = Vec::new();
        for (player, link) in &mut players {
            if answerers.contains(&player.name) {
                let page = player.get(link).await;
                let action = format!("{}/answer", page.url);
                let fields = [
                    ("token", page.token_for(&action)),
                    ("match", field(&page, "match").expect("the match")),
                    ("claim", field(&page, "claim").unwrap_or_else(|| panic!("a claim to answer: {}", page.html))),
                    ("answer", "confirm".to_owned()),
                ];
                let fields = fields.into_iter().map(|(k, v)| (k.to_owned(), v)).collect();
                answers.push((player.clone(), (action, fields)));
            }
        }
        let barrier = Arc::new(Barrier::new(answers.len()));
        let sent = answers.into_iter().map(|(mut player, form)| {
            let barrier = Arc::clone(&barrier);
            tokio::spawn(async move {
                barrier.wait().await;
                send(&mut player, &form).await
            })
        });
        for page in join_all(sent).await {
            let page = page.expect("an answer");
            assert_eq!(page.status, StatusCode::OK, "{}", page.html);
        }
        let completed = scalar(&t.db, "SELECT COUNT(*) FROM matches WHERE status = 'completed' AND NOT bye").await;
        assert_eq!(completed, 20, "every match of the round stands as its players reported it");
    }

    /// Six hundred registrations sent at once from one address: exactly the default limit are
    /// accepted, every other one is refused with the true wait and writes nothing; then the
    /// organiser signs in from that same address.
    async fn a_registration_flood_is_held_to_the_limit_and_the_organiser_still_signs_in(t: TestDb) {
        open_cup(&t, 1000, 0).await;
        t.add_member("club", OWNER, "owner");
        let server = Server::start_self_linked(&t, &[]);
        let mut script = Player::new(&server, "Script", "script@example.org");
        let token = script.get("/en/tournaments/cup").await.token();
        let barrier = Arc::new(Barrier::new(600));
        let sent = (1..=600).map(|n| {
            let (mut script, token, barrier) = (script.clone(), token.clone(), Arc::clone(&barrier));
            tokio::spawn(async move {
                let (name, email) = (format!("Flood {n}"), format!("flood{n}@example.org"));
                barrier.wait().await;
                let page = script
                    .post("/en/tournaments/cup/registrations", &[("token", &token), ("name", &name), ("email", &email)], None)
                    .await;
                (name, page)
            })
        });
        let (mut accepted, mut refused) = (0, 0);
        for done in join_all(sent).await {
            let (name, page) = done.expect("a post");
            match page.status {
                StatusCode::OK => {
                    assert!(page.url.ends_with("/en/tournaments/cup/registered"), "{}", page.url);
                    accepted += 1;
                }
                StatusCode::TOO_MANY_REQUESTS => {
                    let wait = retry_after(&page);
                    assert!((590..=600).contains(&wait), "the true wait, about ten minutes: {wait}");
                    assert!(page.html.contains("Too many attempts."), "{}", page.html);
                    assert!(page.html.contains(&name), "the form as it was sent: {}", page.html);
                    refused += 1;
                }
                other => panic!("{name}: {other}: {}", page.html),
            }
        }
        assert_eq!((accepted, refused), (REGISTRATIONS_PER_ADDRESS, 600 - REGISTRATIONS_PER_ADDRESS));
        let written = scalar(&t.db, "SELECT COUNT(*) FROM participants").await;
        assert_eq!(written, REGISTRATIONS_PER_ADDRESS as i64, "nothing written for the refused");
        let events = scalar(&t.db, "SELECT COUNT(*) FROM events WHERE type = 'registration.created'").await;
        assert_eq!(events, REGISTRATIONS_PER_ADDRESS as i64);

        // The organiser, on the same Wi-Fi: the sign-in page, and signing in by a link.
        let mut owner = Member::new(&server.base);
        let page = owner.get("/en/sign-in").await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.body);
        let printed = t.run(&["--base-url", &server.base, "login-link", "--email", OWNER]);
        let link = printed.lines().next().expect("a link").trim().to_owned();
        let signed = owner.sign_in_by_link(&link).await;
        assert_eq!(signed.status, StatusCode::SEE_OTHER, "{}", signed.body);
        assert!(owner.session().is_some(), "signed in");
    }

    /// A hundred posts at once to one player's private link (a page in Russian): exactly the
    /// link's limit are taken, the rest are refused with the true wait, on the player's page in
    /// their language, and write nothing; another player's link from the same address works.
    async fn a_flood_on_one_private_link_is_bounded_per_link(t: TestDb) {
        reporting_cup(&t, "single_elimination", 4);
        let server = Server::start_self_linked(&t, &[]);
        let mut players = register_at_once(&server, 4).await;
        start(&t);
        let (mut first, link) = players[0].clone();
        let rival = opponent(&first.get(&link).await).expect("an opponent");
        let page = first.get(&link.replace("/en/player/", "/ru/player/")).await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.html);
        let form = claim_form(&page, "2", "0");
        let barrier = Arc::new(Barrier::new(100));
        let sent = (0..100).map(|_| {
            let (mut player, form, barrier) = (first.clone(), form.clone(), Arc::clone(&barrier));
            tokio::spawn(async move {
                barrier.wait().await;
                send(&mut player, &form).await
            })
        });
        let (mut taken, mut refused) = (0, 0);
        for page in join_all(sent).await {
            let page = page.expect("a post");
            match page.status {
                StatusCode::OK | StatusCode::CONFLICT => taken += 1,
                StatusCode::TOO_MANY_REQUESTS => {
                    let wait = retry_after(&page);
                    assert!((1..=60).contains(&wait), "{wait}");
                    assert!(page.html.contains("Слишком много попыток."), "{}", page.html);
                    refused += 1;
                }
                other => panic!("{other}: {}", page.html),
            }
        }
        assert_eq!((taken, refused), (POSTS_PER_LINK, 100 - POSTS_PER_LINK));
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM match_claims").await, 1, "one claim, from the first post taken");

        // A player of the other match, from the same address: their claim is taken.
        let (other, link) = players
            .iter_mut()
            .skip(1)
            .find(|(p, _)| p.name != rival)
            .expect("a player of the other match");
        let page = other.get(link).await;
        let claimed = send(other, &claim_form(&page, "1", "0")).await;
        assert_eq!(claimed.status, StatusCode::OK, "{}", claimed.html);
        assert!(claimed.html.contains("You reported: you 1, "), "{}", claimed.html);
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM match_claims").await, 2);
    }

    /// Posts to random private links from one address use up that address's flood bound: the
    /// next post of a real player from it is refused (and writes nothing), while the same
    /// browser on another network is taken.
    async fn posts_to_random_links_from_one_address_are_bounded(t: TestDb) {
        reporting_cup(&t, "single_elimination", 4);
        let server = Server::start_self_linked(&t, &[]);
        let mut players = register_at_once(&server, 4).await;
        start(&t);
        let (player, link) = &mut players[0];
        let page = player.get(link).await;
        let form = claim_form(&page, "1", "0");
        let script = Player::new(&server, "Script", "script@example.org");
        for wave in 0..LINK_POSTS_PER_ADDRESS / 100 {
            let sent = (0..100).map(|n| {
                let mut script = script.clone();
                tokio::spawn(async move {
                    let guess = format!("/en/player/guess{wave}x{n}/check-in");
                    script.post(&guess, &[("token", "forged")], None).await.status
                })
            });
            for status in join_all(sent).await {
                assert_eq!(status.expect("a post"), StatusCode::NOT_FOUND, "no such link");
            }
        }
        let refused = send(player, &form).await;
        assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS, "{}", refused.html);
        assert!((1..=60).contains(&retry_after(&refused)));
        assert!(refused.html.contains("Too many attempts."), "{}", refused.html);
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM match_claims").await, 0, "nothing written");
        let mut away = player.on_address(elsewhere());
        let claimed = send(&mut away, &form).await;
        assert_eq!(claimed.status, StatusCode::OK, "{}", claimed.html);
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM match_claims").await, 1);
    }

    /// Sign-in posts have a limit of their own per address: forty at once from one address,
    /// exactly the default are read (refused here for their missing token), the rest refused
    /// with the true wait on the sign-in page in the visitor's language; registrations from that
    /// address are not touched by it.
    async fn sign_ins_have_their_own_limit(t: TestDb) {
        reporting_cup(&t, "single_elimination", 4);
        let server = Server::start_self_linked(&t, &[]);
        let member = Member::new(&server.base);
        let barrier = Arc::new(Barrier::new(40));
        let sent = (0..40).map(|_| {
            let (mut member, barrier) = (member.tab(), Arc::clone(&barrier));
            tokio::spawn(async move {
                barrier.wait().await;
                let fields = [("email", OWNER), ("password", "a guess")];
                member.post_raw("/ru/sign-in", "", &fields, &[("sec-fetch-site", "same-origin")]).await
            })
        });
        let (mut read, mut refused) = (0, 0);
        for answer in join_all(sent).await {
            let answer = answer.expect("a post");
            match answer.status {
                StatusCode::FORBIDDEN => read += 1,
                StatusCode::TOO_MANY_REQUESTS => {
                    let wait = answer.retry_after.expect("a Retry-After");
                    assert!((1..=60).contains(&wait), "{wait}");
                    assert!(answer.body.contains("Слишком много попыток."), "{}", answer.body);
                    refused += 1;
                }
                other => panic!("{other}: {}", answer.body),
            }
        }
        assert_eq!((read, refused), (SIGN_INS_PER_ADDRESS, 40 - SIGN_INS_PER_ADDRESS));
        let players = register_at_once(&server, 4).await;
        assert_eq!(players.len(), 4, "registrations count apart from sign-ins");
    }

    /// The registrations' window is `--form-window` (tests shorten it, as `--rate-limit-window`
    /// shortens the minute of the others): an address refused is taken again once the wait it
    /// was told has passed. A window longer than a day is refused at the start.
    async fn a_refused_address_registers_again_after_the_wait_it_was_told(t: TestDb) {
        open_cup(&t, 8, 0).await;
        let server = Server::start_self_linked(&t, &["--form-limit", "2", "--form-window", "2s"]);
        let mut players = Vec::new();
        for n in 1..=3 {
            let mut player = Player::new(&server, &format!("Player {n}"), &format!("player{n}@example.org"));
            players.push((player.register("en", "cup").await, player));
        }
        assert_eq!(players[0].0.status, StatusCode::OK);
        assert_eq!(players[1].0.status, StatusCode::OK);
        let refused = &players[2].0;
        assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS, "{}", refused.html);
        let wait = retry_after(refused);
        assert!((1..=2).contains(&wait), "{wait}");
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM participants").await, 2);
        tokio::time::sleep(std::time::Duration::from_secs(wait)).await;
        let again = players[2].1.register("en", "cup").await;
        assert_eq!(again.status, StatusCode::OK, "{}", again.html);
        assert!(again.withdrawal_link().is_some(), "{}", again.html);

        let too_long = t.tourney().args(["serve", "--listen", "127.0.0.1:0", "--form-window", "25h"]).assert().failure();
        let said = String::from_utf8_lossy(&too_long.get_output().stderr).into_owned();
        assert!(said.contains("--form-window: '25h' is longer than a day"), "{said}");
    }
}
