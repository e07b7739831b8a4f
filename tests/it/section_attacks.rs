//! The section's sign-in and sessions under attack, over real HTTP against a real `serve`:
//! guesses sent all at once, a flood of sign-ins from one client address beside a member signing
//! in from another, a password change and "sign out everywhere else" ending other browsers'
//! sessions, and a role change that leaves the person's other tab working.

use std::net::{IpAddr, Ipv4Addr};
use std::sync::Arc;
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use tokio::sync::Barrier;

use crate::support::member::{Member, token_of};
use crate::support::on_both_backends;
use crate::support::server::Server;
use crate::support::{TestDb, scalar};

const OWNER: &str = "owner@example.org";
const PASSWORD: &str = "correct horse battery staple";

/// A space `club` with an owner who has set [`PASSWORD`]; the owner's browser, signed in.
async fn owner_with_password(t: &TestDb, server: &Server) -> Member {
    t.run(&["spaces", "create", "club", "--name", "Chess Club"]);
    t.add_member("club", OWNER, "owner");
    let mut owner = Member::new(&server.base);
    let printed = t.run(&["--base-url", &server.base, "login-link", "--email", OWNER]);
    let link = printed.lines().next().expect("a link").trim().to_owned();
    let signed = owner.sign_in_by_link(&link).await;
    assert_eq!(signed.status, StatusCode::SEE_OTHER, "{}", signed.body);
    let set = owner
        .submit("/en/account", "/en/account/password", &[("new", PASSWORD)])
        .await;
    assert_eq!(set.status, StatusCode::SEE_OTHER, "{}", set.body);
    owner
}

/// The sign-in form's token for a browser that has opened the sign-in page.
async fn sign_in_token(browser: &mut Member) -> String {
    let page = browser.get("/en/sign-in").await;
    assert_eq!(page.status, StatusCode::OK);
    token_of(&page.body, &format!("{}/en/sign-in", browser.base)).expect("the sign-in form")
}

fn loopback(c: u8, d: u8) -> IpAddr {
    IpAddr::V4(Ipv4Addr::new(127, 0, c, d))
}

const AS_A_BROWSER: [(&str, &str); 1] = [("sec-fetch-site", "same-origin")];

on_both_backends! {
    /// A hundred wrong passwords for one address, from a hundred client addresses, all sent at
    /// once: at most twenty are tried (the lockout's limit), the others are refused as locked
    /// (or, past the queue of checks, as busy, untried), and then the right password is locked
    /// out too.
    async fn a_hundred_wrong_passwords_at_once_are_tried_at_most_twenty_times(t: TestDb) {
        let server = Server::start_self_linked(&t, &[]);
        owner_with_password(&t, &server).await;
        let barrier = Arc::new(Barrier::new(100));
        let guesses: Vec<_> = (1..=100u8)
            .map(|n| {
                let (base, barrier) = (server.base.clone(), Arc::clone(&barrier));
                tokio::spawn(async move {
                    let mut guesser = Member::from_address(&base, loopback(1, n));
                    let token = sign_in_token(&mut guesser).await;
                    let fields = [("email", OWNER), ("password", "a wrong password, guessed")];
                    barrier.wait().await;
                    guesser.post_raw("/en/sign-in", &token, &fields, &AS_A_BROWSER).await.status
                })
            })
            .collect();
        let mut statuses = Vec::new();
        for guess in guesses {
            statuses.push(guess.await.expect("a guess"));
        }
        let count = |status| statuses.iter().filter(|s| **s == status).count();
        let (tried, locked, busy) = (
            count(StatusCode::UNAUTHORIZED),
            count(StatusCode::TOO_MANY_REQUESTS),
            count(StatusCode::SERVICE_UNAVAILABLE),
        );
        println!("100 guesses at once: {tried} tried, {locked} locked, {busy} busy");
        assert_eq!(tried + locked + busy, 100, "nothing else: {statuses:?}");
        assert!(tried <= 20, "{tried} guesses were tried");
        assert!(locked >= 100 - 20 - busy, "{locked} refused as locked");
        let failed = scalar(&t.db, "SELECT COUNT(*) FROM audit_log WHERE action = 'sign_in.failed'").await;
        assert_eq!(failed, tried as i64, "every guess tried is in the audit log, and only those");

        // Whoever guessed twenty times has locked password sign-in for the address, right
        // password or not, from anywhere.
        if tried == 20 {
            let mut owner = Member::from_address(&server.base, loopback(2, 1));
            let token = sign_in_token(&mut owner).await;
            let right = owner
                .post_raw("/en/sign-in", &token, &[("email", OWNER), ("password", PASSWORD)], &AS_A_BROWSER)
                .await;
            assert_eq!(right.status, StatusCode::TOO_MANY_REQUESTS, "locked");
            let locks = scalar(&t.db, "SELECT COUNT(*) FROM audit_log WHERE action = 'sign_in.locked'").await;
            assert_eq!(locks, 1, "the lock is in the audit log once");
        }
    }

    /// Four hundred sign-in posts from one client address, sent at once, while a member signs in
    /// from another: the flood's posts are checked one at a time (the rest refused at once), and
    /// the member is signed in within a second.
    async fn a_flood_from_one_address_never_holds_up_another(t: TestDb) {
        // The sign-in limit raised out of the way: the queue of checks alone is under test.
        let server = Server::start_self_linked(&t, &["--sign-in-limit", "100000"]);
        owner_with_password(&t, &server).await;
        let mut flooder = Member::from_address(&server.base, loopback(0, 3));
        let token = sign_in_token(&mut flooder).await;
        let barrier = Arc::new(Barrier::new(401));
        let flood: Vec<_> = (0..400)
            .map(|_| {
                let (mut flooder, token, barrier) = (flooder.tab(), token.clone(), Arc::clone(&barrier));
                tokio::spawn(async move {
                    let fields = [("email", "nobody@example.org"), ("password", "a guess, one of many")];
                    barrier.wait().await;
                    flooder.post_raw("/en/sign-in", &token, &fields, &AS_A_BROWSER).await.status
                })
            })
            .collect();
        let mut member = Member::from_address(&server.base, loopback(0, 2));
        let member_token = sign_in_token(&mut member).await;
        barrier.wait().await;
        // The flood is on its way before the member's post leaves.
        tokio::time::sleep(Duration::from_millis(20)).await;
        let started = Instant::now();
        let signed = member
            .post_raw("/en/sign-in", &member_token, &[("email", OWNER), ("password", PASSWORD)], &AS_A_BROWSER)
            .await;
        let took = started.elapsed();
        let mut statuses = Vec::new();
        for post in flood {
            statuses.push(post.await.expect("a flood post"));
        }
        let tried = statuses.iter().filter(|s| **s == StatusCode::UNAUTHORIZED).count();
        let refused = statuses.iter().filter(|s| **s == StatusCode::TOO_MANY_REQUESTS).count();
        println!("the member signed in after {took:?} beside 400 posts: {tried} tried, {refused} refused at once");
        assert_eq!(signed.status, StatusCode::SEE_OTHER, "{}", signed.body);
        assert!(took < Duration::from_secs(1), "the member waited {took:?}");
        assert_eq!(tried + refused, 400, "401 or 429, nothing else: {statuses:?}");
        assert!(refused > 0, "one address's posts are checked one at a time");
    }

    /// A password change ends the person's other sessions (whoever else was signed in as them is
    /// out); "sign out everywhere else" does the same without one; the browser that asked stays.
    async fn a_password_change_and_sign_out_elsewhere_end_other_sessions(t: TestDb) {
        let server = Server::start_self_linked(&t, &[]);
        let mut first = owner_with_password(&t, &server).await;
        let overview = "/en/organizer/club/integrations";
        let mut second = Member::from_address(&server.base, loopback(0, 4));
        let token = sign_in_token(&mut second).await;
        let signed = second
            .post_raw("/en/sign-in", &token, &[("email", OWNER), ("password", PASSWORD)], &AS_A_BROWSER)
            .await;
        assert_eq!(signed.status, StatusCode::SEE_OTHER, "{}", signed.body);
        assert_eq!(second.get(overview).await.status, StatusCode::OK);

        let changed = first
            .submit("/en/account", "/en/account/password", &[("new", "another long passphrase")])
            .await;
        assert_eq!(changed.status, StatusCode::SEE_OTHER, "{}", changed.body);
        assert_eq!(second.get(overview).await.status, StatusCode::SEE_OTHER, "the other browser is signed out");
        assert_eq!(first.get(overview).await.status, StatusCode::OK, "the browser that changed it stays");

        let mut third = Member::from_address(&server.base, loopback(0, 5));
        let token = sign_in_token(&mut third).await;
        let fields = [("email", OWNER), ("password", "another long passphrase")];
        let signed = third.post_raw("/en/sign-in", &token, &fields, &AS_A_BROWSER).await;
        assert_eq!(signed.status, StatusCode::SEE_OTHER, "the new password works: {}", signed.body);
        assert_eq!(third.get(overview).await.status, StatusCode::OK);
        let account = first.get("/en/account").await;
        assert!(account.body.contains("Sign out everywhere else"), "{}", account.body);
        let out = first.submit("/en/account", "/en/account/sign-out-others", &[]).await;
        assert_eq!(out.status, StatusCode::SEE_OTHER, "{}", out.body);
        assert_eq!(third.get(overview).await.status, StatusCode::SEE_OTHER, "signed out elsewhere");
        assert_eq!(first.get(overview).await.status, StatusCode::OK, "still signed in here");
        let audit = t.run(&["audit"]);
        assert!(audit.contains("sign_in.signed_out_elsewhere"), "{audit}");
    }

    /// A role change gives the session a new token; a form the person's other tab loaded before
    /// it is still theirs, and a request with the old token works for the grace (a second here),
    /// then no more.
    async fn a_role_change_keeps_the_other_tab_working(t: TestDb) {
        let server = Server::start_self_linked(&t, &["--session-grace", "1s"]);
        owner_with_password(&t, &server).await;
        let admin_email = "admin@example.org";
        t.add_member("club", admin_email, "administrator");
        let mut admin = Member::new(&server.base);
        let printed = t.run(&["--base-url", &server.base, "login-link", "--email", admin_email]);
        admin.sign_in_by_link(printed.lines().next().expect("a link").trim()).await;
        let keys = "/en/organizer/club/integrations/keys";
        let mut other_tab = admin.tab();
        let loaded = other_tab.get(keys).await;
        let form_token = token_of(&loaded.body, &format!("{}{keys}", server.base)).expect("the new key form");
        let before = admin.session().expect("signed in");

        t.run(&["members", "role", "--space", "club", "--email", admin_email, "owner"]);
        assert_eq!(admin.get("/en/organizer/club/members").await.status, StatusCode::OK, "an owner now");
        let after = admin.session().expect("still signed in");
        assert_ne!(before, after, "a new token after the role change");
        // The tab shares the browser's cookies, and posts the form it loaded before.
        other_tab.set_session(&after);
        let created = other_tab
            .post_raw(keys, &form_token, &[("name", "from the other tab")], &[("sec-fetch-site", "same-origin"), ("origin", &server.base)])
            .await;
        assert_eq!(created.status, StatusCode::OK, "the other tab's form still works: {}", created.body);
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM api_keys").await, 1);
        let mut in_flight = Member::new(&server.base);
        in_flight.set_session(&before);
        assert_eq!(in_flight.get(keys).await.status, StatusCode::OK, "the old token works for the grace");
        tokio::time::sleep(Duration::from_millis(1_300)).await;
        assert_eq!(in_flight.get(keys).await.status, StatusCode::SEE_OTHER, "and no more after it");
        assert_eq!(admin.get(keys).await.status, StatusCode::OK, "the new one goes on");
    }
}
