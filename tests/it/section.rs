//! The space's section "API, webhooks and widgets" over HTTP, against a real `serve`: members
//! made in the shell sign in by link and by password, manage keys that the API honours at once,
//! webhook addresses that a real HTTPS receiver checks, and members; and every attack on its
//! forms and sessions changes nothing.

use reqwest::StatusCode;

use crate::support::member::{Member, shown};
use crate::support::on_both_backends;
use crate::support::receiver::{Receiver, Reply};
use crate::support::server::Server;
use crate::support::{TestDb, scalar};

const OWNER: &str = "owner@example.org";
const PASSWORD: &str = "correct horse battery staple";

/// A space `club` with an owner, and its first sign-in link for `server`.
fn club_with_owner(t: &TestDb) {
    t.run(&["spaces", "create", "club", "--name", "Chess Club"]);
    t.add_member("club", OWNER, "owner");
}

fn login_link(t: &TestDb, server: &Server, email: &str) -> String {
    let printed = t.run(&["--base-url", &server.base, "login-link", "--email", email]);
    printed.lines().next().expect("a link").trim().to_owned()
}

async fn api_status(server: &Server, key: &str) -> StatusCode {
    reqwest::Client::new()
        .get(server.url("/api/v1/tournaments"))
        .bearer_auth(key)
        .send()
        .await
        .expect("API request")
        .status()
}

on_both_backends! {
    /// Sign-in by link, a password, signing out and in again; a key created in the section
    /// works at once, a revoked one is refused on the next request, a rolled one works for its
    /// grace.
    async fn an_owner_signs_in_and_manages_keys(t: TestDb) {
        club_with_owner(&t);
        let server = Server::start_self_linked(&t, &[]);
        let mut owner = Member::new(&server.base);
        let link = login_link(&t, &server, OWNER);
        let signed = owner.sign_in_by_link(&link).await;
        assert_eq!(signed.status, StatusCode::SEE_OTHER, "{}", signed.body);
        // A member of one space lands on its tournaments.
        let landing = format!("{}/en/organizer/club/tournaments", server.base);
        assert_eq!(signed.location.as_deref(), Some(landing.as_str()));
        let account = owner.get("/en/account").await;
        assert_eq!(account.status, StatusCode::OK);
        assert!(account.body.contains("Chess Club"), "{}", account.body);
        assert_eq!(owner.get(&link).await.status, StatusCode::NOT_FOUND, "a link works once");

        let short = owner.submit("/en/account", "/en/account/password", &[("new", "too short")]).await;
        assert_eq!(short.status, StatusCode::UNPROCESSABLE_ENTITY);
        // The error says what is wrong, not the hint again.
        assert!(short.body.contains("This password has 9 characters: too short"), "{}", short.body);
        assert_eq!(short.body.matches("12 to 256 characters.").count(), 1, "the hint once: {}", short.body);
        // A heading and its table's caption say the same once on screen.
        let overview = owner.get("/en/organizer/club/integrations").await;
        assert_eq!(overview.body.matches("<h2>Recent changes</h2>").count(), 1, "{}", overview.body);
        assert!(overview.body.contains("<caption class=\"sr-only\">Recent changes</caption>"), "{}", overview.body);
        assert!(overview.body.contains("<caption class=\"sr-only\">Webhook addresses</caption>"), "{}", overview.body);
        let set = owner.submit("/en/account", "/en/account/password", &[("new", PASSWORD)]).await;
        assert_eq!(set.status, StatusCode::SEE_OTHER, "{}", set.body);
        let signed_out = owner.session().expect("signed in");
        let out = owner.submit("/en/account", "/en/sign-out", &[]).await;
        assert_eq!(out.status, StatusCode::SEE_OTHER);
        assert!(owner.session().is_none(), "the cookie is cleared");
        let mut kept = Member::new(&server.base);
        kept.set_session(&signed_out);
        let refused = kept.get("/en/organizer/club/integrations").await;
        assert_eq!(refused.status, StatusCode::SEE_OTHER, "a signed-out session is over on the server too");
        let away = owner.get("/en/organizer/club/integrations").await;
        assert_eq!(away.status, StatusCode::SEE_OTHER);
        assert!(away.location.unwrap().contains("/en/sign-in?next=%2Fen%2Forganizer%2Fclub%2Fintegrations"));
        let wrong = owner.sign_in(OWNER, "not the password at all").await;
        assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
        let back = owner.sign_in(OWNER, PASSWORD).await;
        assert_eq!(back.status, StatusCode::SEE_OTHER, "{}", back.body);

        let keys = "/en/organizer/club/integrations/keys";
        let created = owner.submit(keys, keys, &[("name", "partner site")]).await;
        assert_eq!(created.status, StatusCode::OK, "{}", created.body);
        let key = shown(&created.body, "new-key").expect("the key, shown once");
        assert_eq!(api_status(&server, &key).await, StatusCode::OK, "works at once");
        let listed = owner.get(keys).await;
        assert!(!listed.body.contains(&key), "never shown again");
        assert!(listed.body.contains("partner site") && listed.body.contains(OWNER), "name and who made it");

        let rolled = owner.submit(keys, "/en/organizer/club/integrations/keys/key_1/roll", &[("grace", "3600000")]).await;
        assert_eq!(rolled.status, StatusCode::OK, "{}", rolled.body);
        let second = shown(&rolled.body, "new-key").expect("the new key");
        assert_eq!(api_status(&server, &key).await, StatusCode::OK, "the old key works for its grace");
        assert_eq!(api_status(&server, &second).await, StatusCode::OK);
        let asked = owner.submit(keys, "/en/organizer/club/integrations/keys/key_2/revoke", &[]).await;
        assert_eq!(asked.status, StatusCode::OK, "revoking asks first");
        assert!(asked.body.contains("Revoke the key") && asked.body.contains("name=\"confirm\""), "{}", asked.body);
        assert_eq!(api_status(&server, &second).await, StatusCode::OK, "asking changes nothing");
        let revoked = owner.submit(keys, "/en/organizer/club/integrations/keys/key_2/revoke", &[("confirm", "yes")]).await;
        assert_eq!(revoked.status, StatusCode::SEE_OTHER);
        assert_eq!(api_status(&server, &second).await, StatusCode::UNAUTHORIZED, "refused on the next request");
        let page = owner.get(keys).await;
        assert!(!page.body.contains(&format!("{}/en/organizer/club/integrations/keys/key_2/revoke", server.base)), "no revoke button on a revoked key");
        let audit = t.run(&["audit", "--space", "club"]);
        assert!(audit.lines().any(|l| l.contains(OWNER) && l.contains("api_key.created")), "the person is the actor: {audit}");
        assert!(audit.contains("api_key.rolled") && audit.contains("api_key.revoked"), "{audit}");
    }

    /// An owner invites an administrator, who signs in with the invitation and manages keys but
    /// not members; the last owner cannot be removed.
    async fn an_invited_administrator_manages_keys_but_not_members(t: TestDb) {
        club_with_owner(&t);
        let server = Server::start_self_linked(&t, &[]);
        let mut owner = Member::new(&server.base);
        owner.sign_in_by_link(&login_link(&t, &server, OWNER)).await;
        let members = "/en/organizer/club/members";
        let invited = owner.submit(members, members, &[("email", "admin@example.org"), ("role", "administrator")]).await;
        assert_eq!(invited.status, StatusCode::OK, "{}", invited.body);
        let link = shown(&invited.body, "invitation").expect("the invitation's link, shown once");
        assert!(!owner.get(members).await.body.contains(&link));
        let again = owner.submit(members, members, &[("email", "ADMIN@example.org"), ("role", "owner")]).await;
        assert_eq!(again.status, StatusCode::CONFLICT);
        let last = owner.submit(members, "/en/organizer/club/members/psn_1/remove", &[("confirm", "yes")]).await;
        assert_eq!(last.status, StatusCode::CONFLICT, "the last owner stays");

        let mut admin = Member::new(&server.base);
        let signed = admin.sign_in_by_link(&link).await;
        assert_eq!(signed.status, StatusCode::SEE_OTHER, "{}", signed.body);
        let keys = "/en/organizer/club/integrations/keys";
        let created = admin.submit(keys, keys, &[]).await;
        assert_eq!(created.status, StatusCode::OK);
        assert!(shown(&created.body, "new-key").is_some());
        assert_eq!(admin.get(members).await.status, StatusCode::FORBIDDEN);
        let token = crate::support::member::token_of(&owner.get(members).await.body, &format!("{}{members}", server.base)).unwrap();
        let origin = server.base.clone();
        let posted = admin.post_raw(members, &token, &[("email", "x@example.org"), ("role", "owner")], &[("sec-fetch-site", "same-origin"), ("origin", &origin)]).await;
        assert!(posted.status == StatusCode::FORBIDDEN, "{}", posted.status);
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM members").await, 2, "nobody was added");
        let listed = t.run(&["members", "list", "--space", "club"]);
        assert!(listed.contains("admin@example.org") && listed.contains("administrator"), "{listed}");
    }
}

on_both_backends! {
    /// Cross-site posts, posts without a token or with another site's Origin, old and ended
    /// sessions, another space's pages, and guessed passwords: each refused, nothing changed.
    async fn attacks_on_the_section_change_nothing(t: TestDb) {
        club_with_owner(&t);
        t.run(&["spaces", "create", "rivals", "--name", "Rivals"]);
        t.add_member("rivals", "rival@example.org", "owner");
        // The sign-in limit raised: twenty guesses from one address are the lockout's to stop.
        let server = Server::start_self_linked(&t, &["--session-idle", "2s", "--sign-in-limit", "1000"]);
        let mut owner = Member::new(&server.base);
        let first_link = login_link(&t, &server, OWNER);
        owner.get(&first_link).await;
        let before = owner.session();
        owner.sign_in_by_link(&first_link).await;
        let keys = "/en/organizer/club/integrations/keys";
        let page = owner.get(keys).await;
        let token = crate::support::member::token_of(&page.body, &format!("{}{keys}", server.base)).unwrap();
        let origin = server.base.clone();
        for headers in [
            vec![("sec-fetch-site", "cross-site")],
            vec![("sec-fetch-site", "same-site")],
            vec![("origin", "https://evil.example")],
            vec![("sec-fetch-site", "same-origin"), ("origin", "https://evil.example")],
            vec![],
        ] {
            let refused = owner.post_raw(keys, &token, &[], &headers).await;
            assert_eq!(refused.status, StatusCode::FORBIDDEN, "{headers:?}");
        }
        let no_token = owner.post_raw(keys, "", &[], &[("sec-fetch-site", "same-origin"), ("origin", &origin)]).await;
        assert_eq!(no_token.status, StatusCode::FORBIDDEN);
        let forged = if token.starts_with('0') { token.replacen('0', "1", 1) } else { format!("0{}", &token[1..]) };
        let other_form = owner.post_raw(keys, &forged, &[], &[("sec-fetch-site", "same-origin")]).await;
        assert_eq!(other_form.status, StatusCode::FORBIDDEN);
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM api_keys").await, 0, "no key was made");

        // A session from before a sign-in is not the session after it.
        let session = owner.session().expect("signed in");
        assert_ne!(before, Some(session.clone()));
        let mut again = Member::new(&server.base);
        again.set_session(&session);
        again.sign_in_by_link(&login_link(&t, &server, OWNER)).await;
        let mut stale = Member::new(&server.base);
        stale.set_session(&session);
        assert_eq!(stale.get(keys).await.status, StatusCode::SEE_OTHER, "the replaced session is over");

        // Another space's pages and forms are the same 404 as a space that does not exist.
        let missing = again.get("/en/organizer/nowhere/integrations").await;
        for path in ["/en/organizer/rivals/integrations", "/en/organizer/rivals/integrations/keys",
                     "/en/organizer/rivals/integrations/widgets", "/en/organizer/rivals/members",
                     "/ru/organizer/rivals/integrations/hooks/hook_1"] {
            let answer = again.get(path).await;
            assert_eq!(answer.status, StatusCode::NOT_FOUND, "{path}");
        }
        let page = again.get(keys).await;
        let token = crate::support::member::token_of(&page.body, &format!("{}{keys}", server.base)).unwrap();
        for form in ["/en/organizer/rivals/integrations/keys", "/en/organizer/rivals/integrations/keys/key_1/revoke",
                     "/en/organizer/rivals/integrations/hooks", "/en/organizer/rivals/integrations/hooks/hook_1/disable",
                     "/en/organizer/rivals/members", "/en/organizer/nowhere/integrations/keys"] {
            let foreign = again.post_raw(form, &token, &[("name", "stolen")], &[("sec-fetch-site", "same-origin")]).await;
            assert_eq!(foreign.status, StatusCode::NOT_FOUND, "{form}");
        }
        assert_eq!(missing.status, StatusCode::NOT_FOUND);
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM api_keys").await, 0);

        // Idle sessions end.
        tokio::time::sleep(std::time::Duration::from_millis(2500)).await;
        assert_eq!(again.get(keys).await.status, StatusCode::SEE_OTHER, "idle too long");

        // Twenty wrong passwords lock password sign-in, also for the right one; a link still works.
        let mut guesser = Member::new(&server.base);
        for _ in 0..20 {
            assert_eq!(guesser.sign_in(OWNER, "a wrong password!").await.status, StatusCode::UNAUTHORIZED);
        }
        let mut owner2 = Member::new(&server.base);
        owner2.sign_in_by_link(&login_link(&t, &server, OWNER)).await;
        owner2.submit("/en/account", "/en/account/password", &[("new", PASSWORD)]).await;
        let locked = guesser.sign_in(OWNER, PASSWORD).await;
        assert_eq!(locked.status, StatusCode::TOO_MANY_REQUESTS, "locked for a while");
        let unknown = guesser.sign_in("nobody@example.org", PASSWORD).await;
        assert_eq!(unknown.status, StatusCode::UNAUTHORIZED, "the same answer as a wrong password");
        let mut by_link = Member::new(&server.base);
        let link = login_link(&t, &server, OWNER);
        let signed = by_link.sign_in_by_link(&link).await;
        assert_eq!(signed.status, StatusCode::SEE_OTHER, "a link works while password sign-in is locked");
        let reused = Member::new(&server.base).get(&link).await;
        assert_eq!(reused.status, StatusCode::NOT_FOUND, "a link works once");
        let audit = t.run(&["audit"]);
        assert!(audit.contains("sign_in.failed") && audit.contains("sign_in.locked") && audit.contains("sign_in.succeeded"), "{audit}");
        assert!(!audit.contains(PASSWORD) && !audit.contains("a wrong password"), "no password in the log");
    }
}

on_both_backends! {
    /// An address added in the section against a real HTTPS receiver: its secret is shown once,
    /// Test sends a ping that verifies with it and shows the answer, and a failed delivery
    /// retried from the address's page arrives.
    async fn webhook_addresses_are_tested_and_retried_from_the_section(t: TestDb) {
        let receiver = Receiver::start(|_, n| if n == 1 { Reply::Status(500) } else { Reply::Status(200) }).await;
        club_with_owner(&t);
        let root = receiver.root_cert.to_string_lossy().into_owned();
        let server = Server::start_self_linked(&t, &["--allow-cidr", "127.0.0.0/8", "--root-cert", &root]);
        let mut owner = Member::new(&server.base);
        owner.sign_in_by_link(&login_link(&t, &server, OWNER)).await;
        let overview = "/en/organizer/club/integrations";
        let private = owner.submit(overview, "/en/organizer/club/integrations/hooks", &[("url", "https://10.0.0.1/hook")]).await;
        assert_eq!(private.status, StatusCode::UNPROCESSABLE_ENTITY, "private addresses are refused");
        let added = owner.submit(overview, "/en/organizer/club/integrations/hooks", &[("url", &receiver.url)]).await;
        assert_eq!(added.status, StatusCode::OK, "{}", added.body);
        let secret = shown(&added.body, "new-secret").expect("the secret, shown once");
        let hook_page = "/en/organizer/club/integrations/hooks/hook_1";
        assert!(!owner.get(hook_page).await.body.contains(&secret));

        let tested = owner.submit(hook_page, &format!("{hook_page}/test"), &[]).await;
        assert_eq!(tested.status, StatusCode::OK);
        assert!(tested.body.contains("was delivered: 200"), "{}", tested.body);
        let ping = &receiver.received()[0];
        let id = ping.header("svc-webhook-id").unwrap();
        let ts = ping.header("svc-webhook-timestamp").unwrap();
        let expected = format!("v1={}", crate::webhooks::hmac_hex(&secret, id, ts, &ping.body));
        assert!(ping.header("svc-webhook-signature").unwrap().split(' ').any(|s| s == expected), "verifies with the secret shown");

        let failed = owner.submit(hook_page, &format!("{hook_page}/test"), &[]).await;
        assert!(failed.body.contains("failed after") && failed.body.contains("500"), "{}", failed.body);
        let retried = owner.submit(hook_page, &format!("{hook_page}/deliveries/dlv_2/retry"), &[]).await;
        assert_eq!(retried.status, StatusCode::SEE_OTHER, "{}", retried.body);
        receiver.wait_for(std::time::Duration::from_secs(20), |r| r.len() >= 3).await;
        // The receiver has the retry before the sender records its answer: read the page until
        // the attempt is there.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        let mut page = owner.get(hook_page).await;
        while !page.body.contains("by hand") && std::time::Instant::now() < deadline {
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            page = owner.get(hook_page).await;
        }
        assert!(page.body.contains("by hand") && page.body.contains("500"), "every attempt with its outcome: {}", page.body);

        let asked = owner.submit(hook_page, &format!("{hook_page}/disable"), &[]).await;
        assert_eq!(asked.status, StatusCode::OK, "disabling asks first");
        assert!(!t.run(&["hooks", "list", "--space", "club"]).contains("disabled"), "asking changes nothing");
        let disabled = owner.submit(hook_page, &format!("{hook_page}/disable"), &[("confirm", "yes")]).await;
        assert_eq!(disabled.status, StatusCode::SEE_OTHER);
        assert!(t.run(&["hooks", "list", "--space", "club"]).contains("disabled (by hand)"));
        owner.submit(hook_page, &format!("{hook_page}/enable"), &[]).await;
        assert!(!t.run(&["hooks", "list", "--space", "club"]).contains("disabled"));

        // The address's signature headers: both by default, changed on its page; a value that
        // is no set is refused and changes nothing.
        let page = owner.get(hook_page).await;
        assert!(page.body.contains(r#"<option value="both" selected>"#), "{}", page.body);
        let chosen = owner.submit(hook_page, &format!("{hook_page}/signature-headers"), &[("signature_headers", "standard")]).await;
        assert_eq!(chosen.status, StatusCode::SEE_OTHER, "{}", chosen.body);
        let page = owner.get(hook_page).await;
        assert!(page.body.contains(r#"<option value="standard" selected>"#), "{}", page.body);
        let forged = owner.submit(hook_page, &format!("{hook_page}/signature-headers"), &[("signature_headers", "svix")]).await;
        assert_eq!(forged.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", forged.body);
        assert!(owner.get(hook_page).await.body.contains(r#"<option value="standard" selected>"#));
        let audit = t.run(&["audit", "--space", "club"]);
        assert!(audit.lines().any(|l| l.contains(OWNER) && l.contains("hook.updated") && l.contains("both -> standard")), "{audit}");
    }
}

on_both_backends! {
    /// A role change gives the person's open session a new token at its next request (the old
    /// one works for its grace: `section_attacks` sees it end), and a session ends at its
    /// lifetime however busy it is.
    async fn sessions_rotate_at_a_role_change_and_end_at_their_lifetime(t: TestDb) {
        club_with_owner(&t);
        let admin_email = "admin@example.org";
        t.add_member("club", admin_email, "administrator");
        let server = Server::start_self_linked(&t, &["--session-lifetime", "4s"]);
        let mut admin = Member::new(&server.base);
        let signed = admin.sign_in_by_link(&login_link(&t, &server, admin_email)).await;
        assert_eq!(signed.status, StatusCode::SEE_OTHER, "{}", signed.body);
        let overview = "/en/organizer/club/integrations";
        assert_eq!(admin.get(overview).await.status, StatusCode::OK);
        let before = admin.session().expect("signed in");
        assert_eq!(admin.get("/en/organizer/club/members").await.status, StatusCode::FORBIDDEN, "not an owner yet");

        t.run(&["members", "role", "--space", "club", "--email", admin_email, "owner"]);
        assert_eq!(admin.get("/en/organizer/club/members").await.status, StatusCode::OK, "an owner now");
        let after = admin.session().expect("still signed in");
        assert_ne!(before, after, "a new token after the role change");
        let mut stale = Member::new(&server.base);
        stale.set_session(&before);
        assert_eq!(stale.get(overview).await.status, StatusCode::OK, "the old token works for its grace (a minute)");

        // Busy all along (never idle), and still over at its lifetime.
        let started = std::time::Instant::now();
        while started.elapsed() < std::time::Duration::from_millis(4_500) {
            let answer = admin.get(overview).await;
            if answer.status == StatusCode::SEE_OTHER {
                break;
            }
            assert_eq!(answer.status, StatusCode::OK);
            tokio::time::sleep(std::time::Duration::from_millis(250)).await;
        }
        let ended = admin.get(overview).await;
        assert_eq!(ended.status, StatusCode::SEE_OTHER, "over at its lifetime");
        assert!(started.elapsed() >= std::time::Duration::from_millis(2_500), "not before");
    }
}

/// A shell command printing a link, on a database no server has recorded its address in, says
/// on stderr that its links lead to the default address; its stdout stays the link alone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn links_printed_before_any_server_ran_say_where_they_lead() {
    let t = crate::support::sqlite().await;
    club_with_owner(&t);
    let mut shell = t.tourney();
    shell.env_remove("TOURNEY_BASE_URL");
    let out = shell
        .args(["login-link", "--email", OWNER])
        .output()
        .expect("run tourney");
    assert!(out.status.success(), "{out:?}");
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(
        stdout.starts_with("http://127.0.0.1:8080/en/sign-in/"),
        "{stdout}"
    );
    assert!(
        stderr.contains("note: links lead to http://127.0.0.1:8080")
            && stderr.contains("--base-url"),
        "{stderr}"
    );
}
