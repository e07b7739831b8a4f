//! The section in headless Chromium, as an owner meets it: made in the shell, they open their
//! sign-in link and press the button, set a password, sign out and in again with it, create a
//! key that the API takes at once, revoke it (the next request is refused), add an address
//! against a real HTTPS receiver and press Test (the receiver verifies the ping with the secret
//! the page showed, and the copy button puts that secret on the clipboard), retry a failed
//! delivery from the address's page (it arrives), and invite an administrator, who signs in by
//! the invitation, makes a key, and is refused the members' page. axe-core checks every page for
//! serious or critical problems, in both languages; screenshots are left in
//! `target/test-artifacts/section/`.

use std::time::Duration;

use fantoccini::Locator;
use reqwest::StatusCode;

use crate::support::browser::{Browser, with_axe};
use crate::support::receiver::{Receiver, Reply};
use crate::support::server::Server;
use crate::support::sqlite;

const TEST: &str = "section_browser::an_owner_manages_the_space_in_a_browser";

/// Creates a key named `name` on the keys page and returns the key the answer shows once.
async fn create_key(browser: &Browser, name: &str) -> String {
    browser.fill("input[name=name]", name).await;
    browser
        .press("#content > .section > form.stacked button[type=submit]")
        .await;
    browser.text_of("#new-key").await
}

/// axe-core on the page, and a screenshot named `name`.
async fn check(browser: &Browser, axe: &str, name: &str) {
    browser.check_page(axe, "section", name).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_owner_manages_the_space_in_a_browser() {
    let Some((browser, axe)) = with_axe(TEST).await else {
        return;
    };
    // The first request (Test) is answered, the second (Test again) fails, then all are answered.
    let receiver = Receiver::start(|_, n| {
        if n == 1 {
            Reply::Status(500)
        } else {
            Reply::Status(200)
        }
    })
    .await;
    let t = sqlite().await;
    t.run(&["demo"]);
    t.add_member("demo", "owner@example.org", "owner");
    let root = receiver.root_cert.to_string_lossy().into_owned();
    let server =
        Server::start_self_linked(&t, &["--allow-cidr", "127.0.0.0/8", "--root-cert", &root]);
    let printed = t.run(&[
        "--base-url",
        &server.base,
        "login-link",
        "--email",
        "owner@example.org",
    ]);
    let link = printed.lines().next().expect("a link").trim().to_owned();

    browser.client.goto(&link).await.expect("open the link");
    check(&browser, &axe, "sign-in-link").await;
    browser.press("main form button[type=submit]").await;
    // A member of one space lands on its tournaments; the header leads to the account.
    browser.path_is("/en/organizer/demo/tournaments").await;
    browser.press("header a[href$='/en/account']").await;
    browser.path_is("/en/account").await;
    check(&browser, &axe, "account").await;
    browser
        .fill("#password-new", "correct horse battery staple")
        .await;
    browser
        .press("#content form.stacked button[type=submit]")
        .await;
    browser.path_is("/en/account").await;
    browser.press(".who button").await;
    browser.path_is("/en/sign-in").await;
    check(&browser, &axe, "sign-in").await;
    browser.fill("#sign-in-email", "owner@example.org").await;
    browser
        .fill("#sign-in-password", "correct horse battery staple")
        .await;
    browser
        .press("#content form.stacked button[type=submit]")
        .await;
    browser.path_is("/en/organizer/demo/tournaments").await;

    let keys = format!("{}/en/organizer/demo/integrations/keys", server.base);
    browser.client.goto(&keys).await.expect("the keys page");
    check(&browser, &axe, "keys").await;
    let key = create_key(&browser, "partner site").await;
    check(&browser, &axe, "key-created").await;
    let api = |key: String| {
        let url = server.url("/api/v1/tournaments");
        async move {
            reqwest::Client::new()
                .get(url)
                .bearer_auth(key)
                .send()
                .await
                .expect("API")
                .status()
        }
    };
    assert_eq!(
        api(key.clone()).await,
        StatusCode::OK,
        "the key works at once"
    );
    // The newest key is the table's first row; revoking asks first.
    browser.press("table form[action$='/revoke'] button").await;
    browser
        .wait_until(
            "the confirmation",
            "return !document.querySelector('table') && !!document.querySelector(\"form[action$='/revoke'] input[name=confirm]\");",
        )
        .await;
    browser.press("form[action$='/revoke'] button").await;
    browser
        .wait_until(
            "revoked",
            "return location.search.indexOf('done=key-revoked') >= 0;",
        )
        .await;
    assert_eq!(
        api(key).await,
        StatusCode::UNAUTHORIZED,
        "refused from the next request"
    );

    let overview = format!("{}/en/organizer/demo/integrations", server.base);
    browser.client.goto(&overview).await.expect("the section");
    check(&browser, &axe, "integrations").await;
    browser.fill("input[name=url]", &receiver.url).await;
    browser
        .press("form[action$='/integrations/hooks'] button")
        .await;
    browser
        .wait_until(
            "the secret is shown",
            "return !!document.getElementById('new-secret');",
        )
        .await;
    let secret = browser.text_of("#new-secret").await;
    check(&browser, &axe, "hook-added").await;
    browser.allow_clipboard().await;
    browser.click("button[data-copy=new-secret]").await;
    browser
        .wait_until(
            "the button says it copied",
            "var b = document.querySelector('button[data-copy=new-secret]'); \
             return b.textContent === b.getAttribute('data-copied');",
        )
        .await;
    assert_eq!(
        browser.clipboard().await,
        secret,
        "the copy button puts the secret on the clipboard"
    );
    browser.press("form[action$='/test'] button").await;
    browser
        .wait_until(
            "the answer is shown",
            "return !!document.querySelector('p.notice');",
        )
        .await;
    let said = browser.text_of("p.notice").await;
    assert!(said.contains("was delivered: 200"), "{said}");
    check(&browser, &axe, "hook-tested").await;
    let ping = receiver
        .wait_for(Duration::from_secs(10), |r| !r.is_empty())
        .await;
    let request = &ping[0];
    let id = request.header("svc-webhook-id").unwrap();
    let ts = request.header("svc-webhook-timestamp").unwrap();
    let expected = format!(
        "v1={}",
        crate::webhooks::hmac_hex(&secret, id, ts, &request.body)
    );
    assert!(
        request
            .header("svc-webhook-signature")
            .unwrap()
            .split(' ')
            .any(|s| s == expected),
        "the receiver verifies the ping with the secret the page showed"
    );

    // A failed delivery, retried from the address's page, arrives.
    browser.press("form[action$='/test'] button").await;
    browser
        .wait_until(
            "the failure is shown",
            "return !!document.querySelector('p.notice.failed');",
        )
        .await;
    let said = browser.text_of("p.notice.failed").await;
    assert!(
        said.contains("500"),
        "the receiver's answer is shown: {said}"
    );
    browser
        .press("table form[action*='/deliveries/'] button")
        .await;
    browser
        .wait_until(
            "retried",
            "return location.search.indexOf('done=retried') >= 0;",
        )
        .await;
    receiver
        .wait_for(Duration::from_secs(20), |r| r.len() >= 3)
        .await;
    // The page shows what the sender recorded once the retry is through.
    let hook_page = browser
        .client
        .current_url()
        .await
        .expect("the address's page");
    let delivered = "return document.querySelectorAll('table tbody tr').length >= 2 \
                     && !document.querySelector(\"table form[action*='/deliveries/']\");";
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        browser
            .client
            .goto(hook_page.as_str())
            .await
            .expect("reload");
        if browser.js(delivered).await == serde_json::Value::Bool(true) {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the retried delivery still shows as failed"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    check(&browser, &axe, "hook-retried").await;

    // Every page in both languages, and the page a space that is not theirs answers.
    for path in [
        "en/organizer/demo/integrations/widgets",
        "ru/organizer/demo/integrations",
        "ru/organizer/demo/integrations/keys",
        "ru/organizer/demo/integrations/hooks/hook_1",
        "ru/organizer/demo/integrations/widgets",
        "ru/organizer/demo/members",
        "ru/account",
        "en/organizer/nowhere/integrations",
    ] {
        browser
            .client
            .goto(&format!("{}/{path}", server.base))
            .await
            .expect("a page");
        check(&browser, &axe, &path.replace('/', "-")).await;
    }
    browser
        .client
        .goto(&format!("{}/en/organizer/demo/members", server.base))
        .await
        .expect("members");
    browser.fill("input[name=email]", "admin@example.org").await;
    browser
        .press("form[action$='/members'].stacked button")
        .await;
    browser
        .wait_until(
            "the invitation is shown",
            "return !!document.getElementById('invitation');",
        )
        .await;
    check(&browser, &axe, "member-invited").await;
    let invitation = browser.text_of("#invitation").await;

    // The administrator, in the same browser once the owner has signed out.
    browser.press(".who button").await;
    browser.path_is("/en/sign-in").await;
    browser
        .client
        .goto(&invitation)
        .await
        .expect("the invitation");
    browser.press("main form button[type=submit]").await;
    browser.path_is("/en/organizer/demo/tournaments").await;
    browser.client.goto(&keys).await.expect("the keys page");
    check(&browser, &axe, "administrator-keys").await;
    let admins = create_key(&browser, "admin's key").await;
    assert_eq!(api(admins).await, StatusCode::OK, "an administrator's key");
    browser
        .client
        .goto(&format!("{}/en/organizer/demo/members", server.base))
        .await
        .expect("members");
    let page = browser.text_of("main").await;
    assert!(
        page.contains("Only the space's owners manage its members."),
        "{page}"
    );
    assert!(
        browser
            .client
            .find(Locator::Css("form[action$='/members']"))
            .await
            .is_err(),
        "no invitation form for an administrator"
    );
    check(&browser, &axe, "members-refused").await;
    browser.close().await;
}

const NEWCOMER: &str = "section_browser::a_newcomer_finds_the_section_from_serve_demo";

/// A newcomer runs `tourney serve --demo` with nothing else, opens the sign-in link it prints,
/// and reaches the demo space's section as its owner; signed out, the portal's "Sign in" link
/// leads back to the sign-in page, whose help says how an operator makes the first owner. A
/// shell command run beside it prints links to the running server, not to the default address.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_newcomer_finds_the_section_from_serve_demo() {
    let Some((browser, axe)) = with_axe(NEWCOMER).await else {
        return;
    };
    let t = sqlite().await;
    let server = Server::start_without_base_url(&t, &["--demo"]);
    let printed = server.lines.join("\n");
    let link = server
        .lines
        .iter()
        .map(|line| line.trim())
        .find(|line| line.starts_with(&format!("{}/en/sign-in/", server.base)))
        .unwrap_or_else(|| panic!("a sign-in link for {} in:\n{printed}", server.base))
        .to_owned();
    assert!(
        printed.contains("owner@demo.example.org"),
        "whose link it is: {printed}"
    );

    browser.client.goto(&link).await.expect("open the link");
    browser.press("main form button[type=submit]").await;
    browser.path_is("/en/organizer/demo/tournaments").await;
    browser.press("header a[href$='/en/account']").await;
    browser.path_is("/en/account").await;
    check(&browser, &axe, "newcomer-account").await;
    browser
        .press("main a[href$='/en/organizer/demo/tournaments']")
        .await;
    browser.path_is("/en/organizer/demo/tournaments").await;
    check(&browser, &axe, "newcomer-desk").await;
    for locale in ["en", "ru"] {
        browser
            .client
            .goto(&format!(
                "{}/{locale}/organizer/demo/tournaments/new",
                server.base
            ))
            .await
            .expect("the new tournament form");
        check(&browser, &axe, &format!("desk-new-tournament-{locale}")).await;
    }
    browser
        .client
        .goto(&format!("{}/en/organizer/demo/tournaments", server.base))
        .await
        .expect("the tournaments");
    browser
        .press("nav a[href$='/en/organizer/demo/integrations']")
        .await;
    browser.path_is("/en/organizer/demo/integrations").await;
    check(&browser, &axe, "newcomer-section").await;
    browser.press(".who button").await;
    browser.path_is("/en/sign-in").await;

    browser
        .client
        .goto(&format!("{}/en/tournaments/demo-autumn-cup", server.base))
        .await
        .expect("a portal page");
    check(&browser, &axe, "portal-with-sign-in").await;
    browser.press("header.site a.sign-in").await;
    browser.path_is("/en/sign-in").await;
    let help = browser.text_of("main").await;
    assert!(
        help.contains("tourney members add") && help.contains("tourney login-link"),
        "the sign-in page says how the first owner is made: {help}"
    );

    // The shell, with no --base-url, builds its links on the running server's address.
    let mut shell = t.tourney();
    shell.env_remove("TOURNEY_BASE_URL");
    let out = shell
        .args(["login-link", "--email", "owner@demo.example.org"])
        .output()
        .expect("run tourney");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{out:?}");
    assert!(
        stdout.starts_with(&format!("{}/en/sign-in/", server.base)),
        "the link leads to the running server: {stdout}"
    );
    browser.close().await;
}

const REPORTER_PHONE: &str = "section_browser::a_reporter_reports_on_a_phone";

/// A reporter at the venue, on a 375 px phone: the space's tournaments, a tournament in play and
/// its matches, in Russian and English, without sideways scroll and clean for axe-core; a result
/// typed into the first ready match and sent with one tap is recorded.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reporter_reports_on_a_phone() {
    let Some((browser, axe)) = with_axe(REPORTER_PHONE).await else {
        return;
    };
    let t = sqlite().await;
    t.run(&["demo"]);
    t.add_member("demo", "desk@example.org", "reporter");
    let server = Server::start_self_linked(&t, &[]);
    let printed = t.run(&[
        "--base-url",
        &server.base,
        "login-link",
        "--email",
        "desk@example.org",
    ]);
    let link = printed.lines().next().expect("a link").trim().to_owned();
    browser.viewport(375, 812, true).await;
    browser.client.goto(&link).await.expect("open the link");
    browser.press("main form button[type=submit]").await;
    browser.path_is("/en/organizer/demo/tournaments").await;

    let no_sideways_scroll = async |what: &str| {
        let widths = browser
            .js("return [document.documentElement.scrollWidth, window.innerWidth];")
            .await;
        assert_eq!(
            widths[0], widths[1],
            "{what}: no sideways scroll at 375 px: {widths}"
        );
    };
    for locale in ["ru", "en"] {
        let base = format!("{}/{locale}/organizer/demo/tournaments", server.base);
        browser.client.goto(&base).await.expect("the tournaments");
        no_sideways_scroll("tournaments").await;
        check(&browser, &axe, &format!("desk-tournaments-phone-{locale}")).await;
        browser
            .client
            .goto(&format!("{base}/demo-winter-double"))
            .await
            .expect("a tournament");
        no_sideways_scroll("a tournament").await;
        check(&browser, &axe, &format!("desk-tournament-phone-{locale}")).await;
        browser
            .client
            .goto(&format!("{base}/demo-winter-double/matches"))
            .await
            .expect("its matches");
        no_sideways_scroll("matches").await;
        check(&browser, &axe, &format!("desk-matches-phone-{locale}")).await;
    }
    let before = t.run(&["matches", "list", "demo-winter-double"]);
    browser
        .fill("form[action$='/report'] input[name=score_a]", "2")
        .await;
    browser
        .fill("form[action$='/report'] input[name=score_b]", "0")
        .await;
    browser.press("form[action$='/report'] button").await;
    browser
        .wait_until(
            "recorded",
            "return location.search.indexOf('done=reported') >= 0;",
        )
        .await;
    check(&browser, &axe, "desk-reported-phone").await;
    let after = t.run(&["matches", "list", "demo-winter-double"]);
    assert_ne!(before, after, "the result is recorded");
    let audit = t.run(&["audit", "--space", "demo"]);
    assert!(
        audit
            .lines()
            .any(|l| l.contains("desk@example.org") && l.contains("match.reported")),
        "{audit}"
    );
    browser.close().await;
}
