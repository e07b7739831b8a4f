//! An eight-player single elimination run entirely by its players' reports, in Chromium on both
//! databases: two phones (375 px) per match, one claiming a result on the player's page and the
//! other, whose page was open before, seeing the claim arrive without a reload and confirming it;
//! the first match is disputed instead and decided by the owner at the desk, where it is listed
//! first with both results. The public bracket, held open in a third browser, follows every
//! result without a reload. axe-core checks the player's page in each state in both languages
//! and the desk's dispute. Screenshots are left in `target/test-artifacts/reports/`.

use std::collections::BTreeMap;

use crate::support::browser::{Browser, axe_source};
use crate::support::on_both_backends;
use crate::support::player::Player;
use crate::support::scalar;
use crate::support::server::Server;

const TEST: &str = "report_browser::an_event_run_by_its_players";
const OWNER: &str = "owner@example.org";
const NAMES: [&str; 8] = [
    "Anna", "Boris", "Clara", "Dmitri", "Elena", "Fedor", "Galina", "Hana",
];

async fn goto(browser: &Browser, url: &str) {
    browser
        .client
        .goto(url)
        .await
        .unwrap_or_else(|e| panic!("{url}: {e}"));
    browser
        .wait_until(url, "return document.readyState === 'complete';")
        .await;
}

async fn mark(browser: &Browser) {
    browser.js("window.__kept = true; return true;").await;
}

async fn main_text(browser: &Browser) -> String {
    browser
        .js("return document.querySelector('main').innerText;")
        .await
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// axe-core finds nothing serious, and nothing scrolls sideways on the phone.
async fn check(browser: &Browser, axe: &str, name: &str) {
    let widths = browser
        .js("return [document.documentElement.scrollWidth, window.innerWidth];")
        .await;
    assert_eq!(widths[0], widths[1], "{name}: no sideways scroll: {widths}");
    browser.check_page(axe, "reports", name).await;
}

/// The next match to report: a player whose page offers the claim form, and their opponent.
async fn next_pair(
    players: &BTreeMap<&'static str, (Player, String)>,
) -> Option<(&'static str, &'static str)> {
    for (name, (player, link)) in players {
        let page = player.clone().get(link).await;
        if !page.html.contains("name=\"mine\"") {
            continue;
        }
        let at = page.html.find(": against ")?;
        let rest = &page.html[at + ": against ".len()..];
        let rival = &rest[..rest.find('<')?];
        let rival = NAMES.into_iter().find(|n| *n == rival)?;
        return Some((name, rival));
    }
    None
}

on_both_backends! {
    async fn an_event_run_by_its_players(t: TestDb) {
        let Some(axe) = axe_source(TEST) else { return };
        let Some(claimer) = Browser::start(TEST).await else { return };
        let Some(answerer) = Browser::start(TEST).await else { return };
        let Some(watcher) = Browser::start(TEST).await else { return };
        t.run(&["spaces", "create", "club", "--name", "Chess Club"]);
        t.add_member("club", OWNER, "owner");
        t.run(&[
            "tournaments", "create", "--space", "club", "--slug", "cup", "--name", "Club Cup", "--game",
            "chess", "--format", "single_elimination", "--max-participants", "8", "--starts-at",
            "2030-12-04T18:00:00Z", "--self-report", "confirm", "--confirm-within", "30m",
        ]);
        t.run(&["tournaments", "status", "cup", "REGISTRATION_OPEN"]);
        // Every phone here shares one address, as at a venue behind one router: the default
        // limits are sized for it (docs/portal.md).
        let server = Server::start_self_linked(&t, &[]);
        let mut players = BTreeMap::new();
        for name in NAMES {
            let mut player = Player::new(&server, name, &format!("{}@example.org", name.to_lowercase()));
            let link = player.register("en", "cup").await.withdrawal_link().expect("a private link");
            players.insert(name, (player, link));
        }
        t.run(&["tournaments", "status", "cup", "REGISTRATION_CLOSED"]);
        t.run(&["tournaments", "start", "cup"]);

        claimer.viewport(375, 812, true).await;
        answerer.viewport(375, 812, true).await;
        goto(&watcher, &server.url("/en/tournaments/cup")).await;
        mark(&watcher).await;

        let mut played = 0;
        while let Some((first, second)) = next_pair(&players).await {
            // The opponent's page is open before the claim is made.
            goto(&answerer, &players[second].1).await;
            mark(&answerer).await;
            goto(&claimer, &players[first].1).await;
            if played == 0 {
                check(&claimer, &axe, "claim-form-en").await;
            }
            claimer.fill("form.result input[name=mine]", "2").await;
            claimer.fill("form.result input[name=theirs]", "1").await;
            claimer.press("form.result button[type=submit]").await;
            let said = main_text(&claimer).await;
            assert!(said.contains(&format!("You reported: you 2, {second} 1.")), "{said}");

            answerer
                .wait_until(
                    "the claim shows on the opponent's open page",
                    "return window.__kept === true && document.querySelector(\"input[name=answer][value=confirm]\") !== null;",
                )
                .await;
            let before = watcher.js("return document.getElementById('live-bracket').innerHTML;").await;
            if played == 0 {
                let left = answerer.js("var t = document.querySelector('time.left'); return t ? t.outerHTML + ' ' + t.textContent : 'none';").await;
                assert!(left.as_str().is_some_and(|l| l.contains("min left)")), "the minutes left to answer: {left}");
                check(&answerer, &axe, "answer-en").await;
                goto(&answerer, &players[second].1.replace("/en/player/", "/ru/player/")).await;
                check(&answerer, &axe, "answer-ru").await;
                goto(&answerer, &players[second].1).await;
                // The opponent disputes: they saw the other result.
                answerer.fill("form.result input[name=mine]", "2").await;
                answerer.fill("form.result input[name=theirs]", "0").await;
                answerer.press("form.result button[type=submit]").await;
                let said = main_text(&answerer).await;
                assert!(said.contains("Disputed:") && said.contains("An organiser decides"), "{said}");
                check(&answerer, &axe, "disputed-en").await;

                // The owner decides at the desk, where the dispute comes first.
                let printed = t.run(&["--base-url", &server.base, "login-link", "--email", OWNER]);
                goto(&claimer, printed.lines().next().expect("a link").trim()).await;
                claimer.press("main form button[type=submit]").await;
                let landed = main_text(&claimer).await;
                let url = claimer.js("return location.href;").await;
                assert!(landed.contains("Club Cup"), "signed in: {url} {landed}");
                goto(&claimer, &server.url("/en/organizer/club/tournaments/cup/matches")).await;
                let desk = main_text(&claimer).await;
                assert!(desk.contains("Disputed:"), "the desk shows the dispute: {desk}");
                let first_row = claimer.js("return document.querySelector(\"form[action$='/report']\").closest('tr').innerText;").await;
                let first_row = first_row.as_str().unwrap_or_default().to_owned();
                assert!(first_row.contains("Disputed:") && first_row.contains(first) && first_row.contains(second), "{first_row}");
                check(&claimer, &axe, "desk-dispute-phone-en").await;
                claimer.fill("form[action$='/report'] input[name=score_a]", "2").await;
                claimer.fill("form[action$='/report'] input[name=score_b]", "1").await;
                claimer.press("form[action$='/report'] button[type=submit]").await;
                assert!(main_text(&claimer).await.contains("The result is recorded."));
            } else {
                answerer.press("form:has(input[name=answer][value=confirm]) button").await;
                let said = main_text(&answerer).await;
                assert!(said.contains("Confirmed: the result stands."), "the player is told: {said}");
                let left = answerer.js("return document.querySelectorAll('form:has(input[name=answer][value=confirm])').length;").await;
                assert_eq!(left, 0, "nothing left to confirm: {said}");
            }
            played += 1;
            watcher
                .wait_until(
                    "the public bracket follows the result",
                    &format!("return window.__kept === true && document.getElementById('live-bracket').innerHTML !== {before};"),
                )
                .await;
        }
        assert_eq!(played, 7, "an eight-player single elimination");
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM tournaments WHERE status = 'COMPLETED'").await, 1);
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM events WHERE type = 'match.completed'").await, 7);
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM events WHERE type = 'match.reported'").await, 7);
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM events WHERE type = 'match.disputed'").await, 1);
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM match_claims").await, 0);
        watcher
            .wait_until("the public page says it is over", "return window.__kept === true && document.querySelector('main').innerText.indexOf('Completed') >= 0;")
            .await;
        let audit = t.run(&["audit", "--space", "club"]);
        assert_eq!(audit.lines().filter(|l| l.contains("match.claimed")).count(), 7, "{audit}");
        assert!(audit.lines().any(|l| l.contains(OWNER) && l.contains("match.reported")), "{audit}");
        claimer.close().await;
        answerer.close().await;
        watcher.close().await;
    }
}
