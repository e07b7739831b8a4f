//! The organiser's desk over HTTP against a real `serve`, on both databases: a reporter (the
//! role for a venue's match desk) signs in, finds the space's tournaments, reports results from
//! the matches page, and is refused everything else; bad and stale reports change nothing.

use reqwest::StatusCode;

use crate::support::member::{Member, hidden_of, token_of};
use crate::support::on_both_backends;
use crate::support::server::Server;
use crate::support::{TestDb, scalar};

const REPORTER: &str = "reporter@example.org";

/// A space `club` with an owner and a reporter, and a started four-player single elimination
/// `cup`; a space `rivals` with a tournament `derby` of its own.
fn club_with_a_started_cup(t: &TestDb) {
    t.run(&["spaces", "create", "club", "--name", "Chess Club"]);
    t.add_member("club", "owner@example.org", "owner");
    t.add_member("club", REPORTER, "reporter");
    let create = |space: &str, slug: &str| {
        t.run(&[
            "tournaments",
            "create",
            "--space",
            space,
            "--slug",
            slug,
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
        ]);
        t.run(&["tournaments", "status", slug, "REGISTRATION_OPEN"]);
        for name in ["Alice", "Boris", "Clara", "Dmitri"] {
            t.run(&["tournaments", "register", slug, name]);
        }
        t.run(&["tournaments", "status", slug, "REGISTRATION_CLOSED"]);
        t.run(&["tournaments", "start", slug]);
    };
    create("club", "cup");
    t.run(&["spaces", "create", "rivals", "--name", "Rivals"]);
    create("rivals", "derby");
}

pub(crate) async fn signed_in(t: &TestDb, server: &Server, email: &str) -> Member {
    let printed = t.run(&["--base-url", &server.base, "login-link", "--email", email]);
    let mut member = Member::new(&server.base);
    let signed = member
        .sign_in_by_link(printed.lines().next().expect("a link").trim())
        .await;
    assert_eq!(signed.status, StatusCode::SEE_OTHER, "{}", signed.body);
    member
}

on_both_backends! {
    /// A reporter lands on the space's tournaments, reports the ready matches of a tournament
    /// until its final is ready, and the audit log names them; the integrations and members
    /// pages and forms are 403 for a reporter.
    async fn a_reporter_reports_results_at_the_desk(t: TestDb) {
        club_with_a_started_cup(&t);
        let server = Server::start_self_linked(&t, &[]);
        let mut reporter = signed_in(&t, &server, REPORTER).await;
        let account = reporter.get("/en/account").await;
        assert!(account.body.contains("/en/organizer/club/tournaments") && account.body.contains("Reporter"), "{}", account.body);
        let list = reporter.get("/en/organizer/club/tournaments").await;
        assert_eq!(list.status, StatusCode::OK);
        assert!(list.body.contains("Friday Cup") && !list.body.contains("/integrations/keys"), "{}", list.body);
        assert!(list.body.contains("/tournaments/cup/matches\">Report results</a>") && list.body.contains("4 / 4"), "the next step: {}", list.body);

        let matches = "/en/organizer/club/tournaments/cup/matches";
        let page = reporter.get(matches).await;
        assert_eq!(page.status, StatusCode::OK);
        let forms = page.body.matches("/report\"").count();
        assert_eq!(forms, 2, "two semi-finals ready: {}", page.body);
        // What a semi-final decides is said beside its form.
        assert_eq!(page.body.matches("Winner: Final; loser: out").count(), 2, "{}", page.body);
        let first = format!("{matches}/mat_1/report");
        let second = format!("{matches}/mat_2/report");
        let reported = reporter.submit(matches, &first, &[("score_a", "2"), ("score_b", "1"), ("forfeit", "")]).await;
        assert_eq!(reported.status, StatusCode::SEE_OTHER, "{}", reported.body);
        let between = reporter.get(matches).await;
        assert!(between.body.contains("Winner: Final against Alice; loser: out"), "whom the winner meets: {}", between.body);
        let forfeit = reporter.submit(matches, &second, &[("score_a", ""), ("score_b", ""), ("forfeit", "a")]).await;
        assert_eq!(forfeit.status, StatusCode::SEE_OTHER, "{}", forfeit.body);
        let after = reporter.get(matches).await;
        assert!(after.body.contains("Alice 2–1 Dmitri") || after.body.contains("2–1"), "{}", after.body);
        assert_eq!(after.body.matches("/report\"").count(), 1, "the final is ready: {}", after.body);
        assert!(after.body.contains("Winner: wins the tournament; loser: out"), "{}", after.body);
        let shown = t.run(&["matches", "list", "cup"]);
        assert!(shown.contains("2-1"), "the shell sees the result: {shown}");
        let audit = t.run(&["audit", "--space", "club"]);
        assert!(audit.lines().filter(|l| l.contains(REPORTER) && l.contains("match.reported")).count() == 2, "{audit}");

        for page in ["/en/organizer/club/integrations", "/en/organizer/club/integrations/keys",
                     "/en/organizer/club/integrations/widgets", "/en/organizer/club/members"] {
            assert_eq!(reporter.get(page).await.status, StatusCode::FORBIDDEN, "{page}");
        }
        let token = token_of(&after.body, &format!("{}{}", server.base, "/en/sign-out")).expect("a form of this session");
        let keys = reporter
            .post_raw("/en/organizer/club/integrations/keys", &token, &[("name", "mine")], &[("sec-fetch-site", "same-origin")])
            .await;
        assert_eq!(keys.status, StatusCode::FORBIDDEN);
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM api_keys").await, 0, "no key was made");
    }

    /// Bad scores, a missing result, a match already reported and another space's tournament:
    /// each refused with why, beside the matches, and nothing changes.
    async fn bad_and_stale_reports_change_nothing(t: TestDb) {
        club_with_a_started_cup(&t);
        let server = Server::start_self_linked(&t, &[]);
        let mut reporter = signed_in(&t, &server, REPORTER).await;
        let matches = "/en/organizer/club/tournaments/cup/matches";
        let first = format!("{matches}/mat_1/report");
        let results = || async { scalar(&t.db, "SELECT COUNT(*) FROM matches WHERE score_a IS NOT NULL OR winner IS NOT NULL").await };
        let before = results().await;
        for fields in [
            vec![("score_a", "x"), ("score_b", "1"), ("forfeit", "")],
            vec![("score_a", "2"), ("score_b", ""), ("forfeit", "")],
            vec![("score_a", "10000"), ("score_b", "1"), ("forfeit", "")],
            vec![("score_a", "+5"), ("score_b", "1"), ("forfeit", "")],
            vec![("score_a", ""), ("score_b", ""), ("forfeit", "")],
            vec![("score_a", "1"), ("score_b", "0"), ("forfeit", "c")],
        ] {
            let refused = reporter.submit(matches, &first, &fields).await;
            assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{fields:?}: {}", refused.body);
            assert!(refused.body.contains("role=\"alert\""), "says why: {}", refused.body);
        }
        assert_eq!(results().await, before, "nothing was recorded");

        // A page loaded before someone else reported the match: its form is refused.
        let stale = reporter.get(matches).await;
        let token = token_of(&stale.body, &format!("{}{first}", server.base)).expect("the report form");
        let seen = hidden_of(&stale.body, &format!("{}{first}", server.base));
        let seen = &seen.iter().find(|(name, _)| name == "seen").expect("the form says what it showed").1;
        t.run(&["matches", "report", "cup", "mat_1", "--score", "3-0"]);
        let late = reporter
            .post_raw(&first, &token, &[("score_a", "0"), ("score_b", "3"), ("seen", seen)], &[("sec-fetch-site", "same-origin"), ("origin", &server.base)])
            .await;
        assert_eq!(late.status, StatusCode::CONFLICT, "{}", late.body);
        assert!(late.body.contains("The result was not recorded"), "{}", late.body);
        let shown = t.run(&["matches", "list", "cup"]);
        assert!(shown.contains("3-0") && !shown.contains("0-3"), "the first report stands: {shown}");

        for path in ["/en/organizer/club/tournaments/derby/matches", "/en/organizer/rivals/tournaments",
                     "/en/organizer/club/tournaments/nowhere/matches"] {
            assert_eq!(reporter.get(path).await.status, StatusCode::NOT_FOUND, "{path}");
        }
        // Another space's tournament is the same "not found" as one that does not exist, for
        // its forms as for its pages (nothing tells them apart).
        let foreign = reporter
            .post_raw("/en/organizer/club/tournaments/derby/matches/mat_4/report", &token, &[("score_a", "1"), ("score_b", "0")], &[("sec-fetch-site", "same-origin")])
            .await;
        let nowhere = reporter
            .post_raw("/en/organizer/club/tournaments/nowhere/matches/mat_4/report", &token, &[("score_a", "1"), ("score_b", "0")], &[("sec-fetch-site", "same-origin")])
            .await;
        assert_eq!(foreign.status, StatusCode::NOT_FOUND, "another space's tournament");
        assert_eq!(foreign.status, nowhere.status, "the same answer");
        let cross = reporter
            .post_raw(&format!("{matches}/mat_2/report"), &token, &[("score_a", "1"), ("score_b", "0")], &[("sec-fetch-site", "cross-site")])
            .await;
        assert_eq!(cross.status, StatusCode::FORBIDDEN, "cross-site");
        let derby = t.run(&["matches", "list", "derby"]);
        assert!(!derby.contains("1-0"), "{derby}");
    }
}

/// The step form on a tournament's desk page: its action and the status it was built on.
fn step_form(body: &str, base: &str, slug: &str) -> Option<(String, String, String)> {
    let action = format!("/en/organizer/club/tournaments/{slug}/step");
    let token = token_of(body, &format!("{base}{action}"))?;
    let value = |name: &str| {
        let at = body.find(&format!("name=\"{name}\" value=\""))? + name.len() + 15;
        Some(body[at..].split('"').next()?.to_owned())
    };
    Some((token, value("from")?, value("to")?))
}

on_both_backends! {
    /// An owner takes a tournament through its life from its desk page: open registration,
    /// close it, start (seed and draw); a page loaded before the shell moved the tournament on
    /// is refused with where it stands now, and a reporter sees no step.
    async fn an_owner_takes_the_next_steps_at_the_desk(t: TestDb) {
        t.run(&["spaces", "create", "club", "--name", "Chess Club"]);
        t.add_member("club", "owner@example.org", "owner");
        t.add_member("club", REPORTER, "reporter");
        t.run(&[
            "tournaments", "create", "--space", "club", "--slug", "open", "--name", "Open Cup", "--game", "chess",
            "--format", "single_elimination", "--max-participants", "4", "--starts-at", "2026-12-04T18:00:00Z",
        ]);
        let server = Server::start_self_linked(&t, &[]);
        let mut owner = signed_in(&t, &server, "owner@example.org").await;
        let desk = "/en/organizer/club/tournaments/open";
        let origin = server.base.clone();
        let as_browser = [("sec-fetch-site", "same-origin"), ("origin", origin.as_str())];
        let take = async |owner: &mut Member| {
            let page = owner.get(desk).await;
            assert_eq!(page.status, StatusCode::OK, "{}", page.body);
            let (token, from, to) = step_form(&page.body, &server.base, "open").expect("a next step");
            let taken = owner.post_raw(&format!("{desk}/step"), &token, &[("from", &from), ("to", &to)], &as_browser).await;
            assert_eq!(taken.status, StatusCode::SEE_OTHER, "{from} → {to}: {}", taken.body);
            to
        };
        let mut steps = Vec::new();
        while !steps.iter().any(|s: &String| s == "REGISTRATION_OPEN") {
            steps.push(take(&mut owner).await);
            assert!(steps.len() < 4, "{steps:?}");
        }
        for name in ["Alice", "Boris", "Clara", "Dmitri"] {
            t.run(&["tournaments", "register", "open", name]);
        }
        assert_eq!(take(&mut owner).await, "REGISTRATION_CLOSED");

        // Loaded, then the shell opens registration again: the page's step is refused.
        let page = owner.get(desk).await;
        let (token, from, to) = step_form(&page.body, &server.base, "open").expect("start");
        assert_eq!(to, "start");
        t.run(&["tournaments", "status", "open", "REGISTRATION_OPEN"]);
        let stale = owner.post_raw(&format!("{desk}/step"), &token, &[("from", &from), ("to", &to)], &as_browser).await;
        assert_eq!(stale.status, StatusCode::CONFLICT, "{}", stale.body);
        assert!(stale.body.contains("moved on"), "{}", stale.body);
        assert!(t.run(&["tournaments", "show", "open"]).contains("REGISTRATION_OPEN"), "nothing was started");
        assert_eq!(take(&mut owner).await, "REGISTRATION_CLOSED");
        assert_eq!(take(&mut owner).await, "start");
        let matches = owner.get(&format!("{desk}/matches")).await;
        assert_eq!(matches.body.matches("/report\"").count(), 2, "drawn: {}", matches.body);
        let audit = t.run(&["audit", "--space", "club"]);
        assert!(audit.lines().any(|l| l.contains("owner@example.org") && l.contains("tournament.status_changed")), "{audit}");

        let mut reporter = signed_in(&t, &server, REPORTER).await;
        let seen = reporter.get(desk).await;
        assert_eq!(seen.status, StatusCode::OK);
        assert!(step_form(&seen.body, &server.base, "open").is_none(), "no step for a reporter");
        let token = token_of(&seen.body, &format!("{}/en/sign-out", server.base)).expect("a form");
        let tried = reporter.post_raw(&format!("{desk}/step"), &token, &[("from", "IN_PROGRESS"), ("to", "CANCELLED")], &as_browser).await;
        assert_eq!(tried.status, StatusCode::FORBIDDEN);
    }
}

on_both_backends! {
    /// An owner creates a tournament from the desk's form; every bad value is refused beside its
    /// field with the form as sent, and nothing is created; a taken address is a conflict; a
    /// reporter gets neither the form nor the post.
    async fn an_owner_creates_a_tournament_from_the_desk(t: TestDb) {
        t.run(&["spaces", "create", "club", "--name", "Chess Club"]);
        t.add_member("club", "owner@example.org", "owner");
        t.add_member("club", REPORTER, "reporter");
        let server = Server::start_self_linked(&t, &[]);
        let mut owner = signed_in(&t, &server, "owner@example.org").await;
        let list = owner.get("/en/organizer/club/tournaments").await;
        assert!(list.body.contains("/en/organizer/club/tournaments/new"), "{}", list.body);
        let new = "/en/organizer/club/tournaments/new";
        let create = "/en/organizer/club/tournaments";
        let good = [
            ("name", "Friday Blitz"), ("slug", "friday-blitz"), ("game", "chess"), ("format", "double_elimination"),
            ("max_participants", "8"), ("starts_at", "2026-12-04T18:00"), ("rounds", ""), ("groups", ""),
            ("advance", ""), ("description", "Three minutes a side."), ("check_in_opens", "1h"),
            ("check_in_closes", "10m"), ("no_show", "remove"), ("team_size", ""), ("waiting_list", "2"),
        ];
        let with = |name: &str, value: &'static str| {
            good.iter().map(|&(n, v)| if n == name { (n, value) } else { (n, v) }).collect::<Vec<_>>()
        };
        for (name, value, beside) in [
            ("slug", "Not A Slug!", "new-tournament-slug-error"),
            ("name", "", "new-tournament-name-error"),
            ("max_participants", "many", "new-tournament-max_participants-error"),
            ("starts_at", "next friday", "new-tournament-starts_at-error"),
            ("format", "knockout", "new-tournament-format-error"),
            ("check_in_opens", "an hour", "new-tournament-check_in_opens-error"),
            // Read, then refused by the service's rule: the window must open before it closes.
            ("check_in_opens", "5m", "new-tournament-check_in_opens-error"),
            ("no_show", "never", "new-tournament-no_show-error"),
            ("team_size", "two", "new-tournament-team_size-error"),
            ("team_size", "0..3", "new-tournament-team_size-error"),
            ("waiting_list", "-2", "new-tournament-waiting_list-error"),
        ] {
            let refused = owner.submit(new, create, &with(name, value)).await;
            assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY, "{name}={value}: {}", refused.body);
            assert!(refused.body.contains(beside), "{name}: the reason beside the field: {}", refused.body);
            assert!(refused.body.contains("Three minutes a side."), "the form as it was sent");
        }
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM tournaments").await, 0, "nothing was created");

        let created = owner.submit(new, create, &good).await;
        assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.body);
        let listed = owner.get("/en/organizer/club/tournaments").await;
        assert!(listed.body.contains("/tournaments/friday-blitz\">Announce</a>") && listed.body.contains("0 / 8"), "{}", listed.body);
        assert!(created.location.as_deref().is_some_and(|l| l.ends_with("/en/organizer/club/tournaments/friday-blitz?done=created")));
        let shown = t.run(&["tournaments", "show", "friday-blitz"]);
        assert!(shown.contains("Friday Blitz") && shown.contains("double_elimination") && shown.contains("2026-12-04T18:00:00"), "{shown}");
        assert!(shown.contains("2026-12-04T17:00:00.000Z to 2026-12-04T17:50:00.000Z, no-shows removed"), "the check-in: {shown}");
        assert!(shown.contains("waiting list"), "{shown}");
        let again = owner.submit(new, create, &good).await;
        assert_eq!(again.status, StatusCode::CONFLICT, "{}", again.body);
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM tournaments").await, 1);
        let audit = t.run(&["audit", "--space", "club"]);
        assert!(audit.lines().any(|l| l.contains("owner@example.org") && l.contains("tournament.created")), "{audit}");

        let mut reporter = signed_in(&t, &server, REPORTER).await;
        assert_eq!(reporter.get(new).await.status, StatusCode::FORBIDDEN);
        let page = reporter.get(create).await;
        assert!(!page.body.contains("/tournaments/new"), "no New tournament for a reporter");
        let token = token_of(&page.body, &format!("{}/en/sign-out", server.base)).expect("a form");
        let posted = reporter.post_raw(create, &token, &good, &[("sec-fetch-site", "same-origin")]).await;
        assert_eq!(posted.status, StatusCode::FORBIDDEN);
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM tournaments").await, 1);
    }
}

on_both_backends! {
    /// Registrations at the desk: an owner adds players (a bad address and a name taken are
    /// refused with why, nothing added), a reporter checks one in, withdrawing asks first and
    /// is the owners' and administrators' only.
    async fn registrations_are_kept_at_the_desk(t: TestDb) {
        t.run(&["spaces", "create", "club", "--name", "Chess Club"]);
        t.add_member("club", "owner@example.org", "owner");
        t.add_member("club", REPORTER, "reporter");
        t.run(&[
            "tournaments", "create", "--space", "club", "--slug", "cup", "--name", "Cup", "--game", "chess",
            "--format", "single_elimination", "--max-participants", "8", "--starts-at", "2030-12-04T18:00:00Z",
            "--check-in-opens", "1h", "--check-in-closes", "10m",
        ]);
        t.run(&["tournaments", "status", "cup", "REGISTRATION_OPEN"]);
        let server = Server::start_self_linked(&t, &[]);
        let mut owner = signed_in(&t, &server, "owner@example.org").await;
        let page = "/en/organizer/club/tournaments/cup/registrations";
        for name in ["Alice", "Boris"] {
            let added = owner.submit(page, page, &[("name", name), ("email", "")]).await;
            assert_eq!(added.status, StatusCode::SEE_OTHER, "{}", added.body);
        }
        let bad = owner.submit(page, page, &[("name", "Clara"), ("email", "not an address")]).await;
        assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", bad.body);
        assert!(bad.body.contains("Nothing was changed"), "{}", bad.body);
        let taken = owner.submit(page, page, &[("name", "alice"), ("email", "")]).await;
        assert_eq!(taken.status, StatusCode::CONFLICT, "{}", taken.body);
        // The same refusal on the Russian page says why in Russian.
        let ru = "/ru/organizer/club/tournaments/cup/registrations";
        let taken = owner.submit(ru, ru, &[("name", "alice"), ("email", "")]).await;
        assert_eq!(taken.status, StatusCode::CONFLICT, "{}", taken.body);
        assert!(taken.body.contains("Ничего не изменено:") && taken.body.contains("уже зарегистрирован"), "{}", taken.body);
        let listed = t.run(&["tournaments", "registrations", "cup"]);
        assert!(listed.contains("Alice") && listed.contains("Boris") && !listed.contains("Clara"), "{listed}");

        let mut reporter = signed_in(&t, &server, REPORTER).await;
        let seen = reporter.get(page).await;
        assert_eq!(seen.status, StatusCode::OK);
        assert!(!seen.body.contains("add-player") && !seen.body.contains("/withdraw\""), "{}", seen.body);
        let checked = reporter.submit(page, &format!("{page}/par_1/check-in"), &[]).await;
        assert_eq!(checked.status, StatusCode::SEE_OTHER, "{}", checked.body);
        assert!(reporter.get(page).await.body.contains("checked in"));
        let token = token_of(&seen.body, &format!("{}{page}/par_2/check-in", server.base)).expect("a form");
        let withdraw = reporter
            .post_raw(&format!("{page}/par_2/withdraw"), &token, &[("confirm", "yes")], &[("sec-fetch-site", "same-origin")])
            .await;
        assert_eq!(withdraw.status, StatusCode::FORBIDDEN, "a reporter never withdraws");

        let asked = owner.submit(page, &format!("{page}/par_2/withdraw"), &[]).await;
        assert_eq!(asked.status, StatusCode::OK, "asks first: {}", asked.body);
        assert!(asked.body.contains("Withdraw Boris"), "{}", asked.body);
        let withdrawn = owner.submit(page, &format!("{page}/par_2/withdraw"), &[("confirm", "yes")]).await;
        assert_eq!(withdrawn.status, StatusCode::SEE_OTHER, "{}", withdrawn.body);
        let listed = t.run(&["tournaments", "registrations", "cup"]);
        assert!(listed.lines().any(|l| l.contains("Boris") && l.contains("withdrawn")), "{listed}");
        let audit = t.run(&["audit", "--space", "club"]);
        assert!(audit.lines().any(|l| l.contains(REPORTER) && l.contains("registration.checked_in")), "{audit}");
        assert!(audit.lines().any(|l| l.contains("owner@example.org") && l.contains("registration.withdrawn")), "{audit}");
    }
}

on_both_backends! {
    /// A reporter corrects a completed semi-final from its own page: the new winner goes on and
    /// the final is drawn again; a bad score is refused beside the form; a match not completed
    /// has no correction page.
    async fn a_reporter_corrects_a_result(t: TestDb) {
        club_with_a_started_cup(&t);
        t.run(&["matches", "report", "cup", "mat_1", "--score", "2-0"]);
        let server = Server::start_self_linked(&t, &[]);
        let mut reporter = signed_in(&t, &server, REPORTER).await;
        let matches = "/en/organizer/club/tournaments/cup/matches";
        let listed = reporter.get(matches).await;
        let correct = format!("{matches}/mat_1/correct");
        assert!(listed.body.contains(&correct), "a link to correct it: {}", listed.body);
        let bad = reporter.submit(&correct, &correct, &[("score_a", "-1"), ("score_b", "2"), ("forfeit", "")]).await;
        assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", bad.body);
        let before = t.run(&["matches", "list", "cup"]);
        assert!(before.contains("2-0"), "{before}");
        let fixed = reporter.submit(&correct, &correct, &[("score_a", "0"), ("score_b", "2"), ("forfeit", "")]).await;
        assert_eq!(fixed.status, StatusCode::SEE_OTHER, "{}", fixed.body);
        let after = t.run(&["matches", "list", "cup"]);
        assert!(after.contains("0-2") && !after.contains("2-0"), "{after}");
        let audit = t.run(&["audit", "--space", "club"]);
        assert!(audit.lines().any(|l| l.contains(REPORTER) && l.contains("match.corrected")), "{audit}");
        assert_eq!(reporter.get(&format!("{matches}/mat_2/correct")).await.status, StatusCode::NOT_FOUND, "not completed");
    }
}

on_both_backends! {
    /// From a tournament's page an owner applies the check-in before its window closes (who did
    /// not check in is out of the field), and cancels a tournament after a confirmation.
    async fn an_owner_applies_the_check_in_and_cancels(t: TestDb) {
        t.run(&["spaces", "create", "club", "--name", "Chess Club"]);
        t.add_member("club", "owner@example.org", "owner");
        t.run(&[
            "tournaments", "create", "--space", "club", "--slug", "cup", "--name", "Cup", "--game", "chess",
            "--format", "single_elimination", "--max-participants", "8", "--starts-at", "2030-12-04T18:00:00Z",
            "--check-in-opens", "1h", "--check-in-closes", "10m", "--no-show", "remove",
        ]);
        t.run(&["tournaments", "status", "cup", "REGISTRATION_OPEN"]);
        for name in ["Alice", "Boris", "Clara"] {
            t.run(&["tournaments", "register", "cup", name]);
        }
        t.run(&["tournaments", "check-in", "cup", "Alice"]);
        let server = Server::start_self_linked(&t, &[]);
        let mut owner = signed_in(&t, &server, "owner@example.org").await;
        let desk = "/en/organizer/club/tournaments/cup";
        let asked = owner.submit(desk, &format!("{desk}/apply-check-in"), &[]).await;
        assert_eq!(asked.status, StatusCode::OK, "it asks first: {}", asked.body);
        assert!(asked.body.contains("removed from the field") && asked.body.contains("registration closes"), "says what it does: {}", asked.body);
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM tournaments WHERE check_in_processed_at IS NOT NULL").await, 0, "not before it is confirmed");
        let applied = owner.submit(desk, &format!("{desk}/apply-check-in"), &[("confirm", "yes")]).await;
        assert_eq!(applied.status, StatusCode::SEE_OTHER, "{}", applied.body);
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM tournaments WHERE check_in_processed_at IS NOT NULL").await, 1);
        let page = owner.get(desk).await;
        assert!(!page.body.contains("/apply-check-in\""), "applied once: {}", page.body);

        let asked = owner.submit(desk, &format!("{desk}/cancel"), &[]).await;
        assert_eq!(asked.status, StatusCode::OK, "asks first: {}", asked.body);
        let cancelled_count = || async { scalar(&t.db, "SELECT COUNT(*) FROM tournaments WHERE status = 'CANCELLED'").await };
        assert_eq!(cancelled_count().await, 0, "asking changes nothing");
        let cancelled = owner.submit(desk, &format!("{desk}/cancel"), &[("confirm", "yes")]).await;
        assert_eq!(cancelled.status, StatusCode::SEE_OTHER, "{}", cancelled.body);
        assert_eq!(cancelled_count().await, 1, "cancelled");
        let after = owner.get(desk).await;
        assert!(!after.body.contains("/cancel\"") && !after.body.contains("/step\""), "nothing left to do: {}", after.body);
    }
}

on_both_backends! {
    /// Settings: an owner renames a tournament and changes its places; a bad number is refused
    /// beside the form; once the tournament is drawn its places are refused but its name still
    /// changes; a reporter gets 403.
    async fn settings_change_what_may_change(t: TestDb) {
        club_with_a_started_cup(&t);
        t.run(&[
            "tournaments", "create", "--space", "club", "--slug", "later", "--name", "Later Cup", "--game", "chess",
            "--format", "single_elimination", "--max-participants", "8", "--starts-at", "2030-12-04T18:00:00Z",
        ]);
        let server = Server::start_self_linked(&t, &[]);
        let mut owner = signed_in(&t, &server, "owner@example.org").await;
        let settings = "/en/organizer/club/tournaments/later/settings";
        let form = owner.get(settings).await;
        assert!(form.body.contains("value=\"2030-12-04T18:00\"") && form.body.contains("value=\"Later Cup\""), "{}", form.body);
        let bad = owner
            .submit(settings, settings, &[("name", "Later Cup"), ("starts_at", "2030-12-04T18:00"), ("max_participants", "many"), ("description", "")])
            .await;
        assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", bad.body);
        let saved = owner
            .submit(settings, settings, &[("name", "Later Open"), ("starts_at", "2030-12-05T19:30"), ("max_participants", "16"), ("description", "Bring a clock.")])
            .await;
        assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
        let shown = t.run(&["tournaments", "show", "later"]);
        assert!(shown.contains("Later Open") && shown.contains("16") && shown.contains("2030-12-05T19:30"), "{shown}");
        assert!(!shown.contains("check-in"), "no check-in was sent: {shown}");

        // The entry options: a check-in and a waiting list for the tournament not drawn yet;
        // the form shows them as typed.
        let entry = [
            ("name", "Later Open"), ("starts_at", "2030-12-05T19:30"), ("max_participants", "16"), ("description", "Bring a clock."),
            ("check_in_opens", "90m"), ("check_in_closes", "15m"), ("no_show", "bottom_seed"), ("waiting_list", "4"),
        ];
        let saved = owner.submit(settings, settings, &entry).await;
        assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
        let shown = t.run(&["tournaments", "show", "later"]);
        assert!(shown.contains("2030-12-05T18:00:00.000Z to 2030-12-05T19:15:00.000Z, no-shows to the bottom seeds"), "{shown}");
        let form = owner.get(settings).await.body;
        assert!(form.contains("value=\"90m\"") && form.contains("value=\"15m\"") && form.contains("value=\"4\""), "{form}");
        let unreadable = owner.submit(settings, settings, &[("check_in_opens", "soon"), ("check_in_closes", "15m"), ("no_show", "bottom_seed"), ("name", "Later Open"), ("starts_at", "2030-12-05T19:30"), ("max_participants", "16"), ("description", "Bring a clock."), ("waiting_list", "4")]).await;
        assert_eq!(unreadable.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", unreadable.body);
        assert!(unreadable.body.contains("A duration such as 1h"), "{}", unreadable.body);

        let started = "/en/organizer/club/tournaments/cup/settings";
        let places = owner
            .submit(started, started, &[("name", "Friday Cup"), ("starts_at", "2026-12-04T18:00"), ("max_participants", "16"), ("description", "")])
            .await;
        assert_eq!(places.status, StatusCode::CONFLICT, "the places of a drawn tournament: {}", places.body);
        assert!(places.body.contains("Nothing was changed"), "{}", places.body);
        let renamed = owner
            .submit(started, started, &[("name", "Friday Final Four"), ("starts_at", "2026-12-04T18:00"), ("max_participants", "4"), ("description", "")])
            .await;
        assert_eq!(renamed.status, StatusCode::SEE_OTHER, "{}", renamed.body);
        assert!(t.run(&["tournaments", "show", "cup"]).contains("Friday Final Four"));
        let waiting = owner
            .submit(started, started, &[("name", "Friday Final Four"), ("starts_at", "2026-12-04T18:00"), ("max_participants", "4"), ("description", ""), ("waiting_list", "3")])
            .await;
        assert_eq!(waiting.status, StatusCode::CONFLICT, "a drawn tournament's waiting list: {}", waiting.body);
        assert!(waiting.body.contains("change only while registration is open"), "{}", waiting.body);

        let mut reporter = signed_in(&t, &server, REPORTER).await;
        assert_eq!(reporter.get(settings).await.status, StatusCode::FORBIDDEN);
    }
}

on_both_backends! {
    /// The seed order at the desk: typed seeds and a move up set the draw's order, and the
    /// first round pairs by it; a bad seed and a form built before a registration change
    /// nothing; a reporter is refused; the shell's `tournaments seed` sets it too.
    async fn the_seed_order_is_set_at_the_desk(t: TestDb) {
        t.run(&["spaces", "create", "club", "--name", "Chess Club"]);
        t.add_member("club", "owner@example.org", "owner");
        t.add_member("club", REPORTER, "reporter");
        t.run(&[
            "tournaments", "create", "--space", "club", "--slug", "cup", "--name", "Cup", "--game", "chess",
            "--format", "single_elimination", "--max-participants", "8", "--starts-at", "2030-12-04T18:00:00Z",
        ]);
        t.run(&["tournaments", "status", "cup", "REGISTRATION_OPEN"]);
        for name in ["Alice", "Boris", "Clara", "Dmitri"] {
            t.run(&["tournaments", "register", "cup", name]);
        }
        let server = Server::start_self_linked(&t, &[]);
        let mut owner = signed_in(&t, &server, "owner@example.org").await;
        let page = "/en/organizer/club/tournaments/cup/registrations";
        let seeds = "/en/organizer/club/tournaments/cup/seeds";
        let shown = owner.get(page).await;
        assert!(shown.body.contains("Seed order") && shown.body.contains("Move Dmitri up"), "{}", shown.body);

        // Dmitri first by a typed seed.
        let typed = [("seed_par_1", "2"), ("seed_par_2", "3"), ("seed_par_3", "4"), ("seed_par_4", "1")];
        let saved = owner.submit(page, seeds, &typed).await;
        assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
        assert_eq!(scalar(&t.db, "SELECT seed FROM participants WHERE name = 'Dmitri'").await, 1);
        assert_eq!(scalar(&t.db, "SELECT seed FROM participants WHERE name = 'Clara'").await, 4);
        // Clara moved up one place, swapping with Boris.
        let moved = owner
            .submit(page, seeds, &[("seed_par_4", "1"), ("seed_par_1", "2"), ("seed_par_2", "3"), ("seed_par_3", "4"), ("up", "par_3")])
            .await;
        assert_eq!(moved.status, StatusCode::SEE_OTHER, "{}", moved.body);
        assert_eq!(scalar(&t.db, "SELECT seed FROM participants WHERE name = 'Clara'").await, 3);
        assert_eq!(scalar(&t.db, "SELECT seed FROM participants WHERE name = 'Boris'").await, 4);

        // A seed out of range, and a form that does not know a newcomer: nothing changes.
        let bad = owner.submit(page, seeds, &[("seed_par_1", "9"), ("seed_par_2", "1"), ("seed_par_3", "2"), ("seed_par_4", "3")]).await;
        assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", bad.body);
        assert!(bad.body.contains("A seed is a whole number"), "{}", bad.body);
        let before = owner.get(page).await;
        let token = token_of(&before.body, &format!("{}{seeds}", server.base)).expect("the seeds form");
        let shown_fields = hidden_of(&before.body, &format!("{}{seeds}", server.base));
        let shown_order = &shown_fields.iter().find(|(name, _)| name == "seen").expect("the order shown").1;
        t.run(&["tournaments", "register", "cup", "Elena"]);
        let stale = owner
            .post_raw(seeds, &token, &[("seed_par_1", "1"), ("seed_par_2", "2"), ("seed_par_3", "3"), ("seed_par_4", "4"), ("seen", shown_order)], &[("sec-fetch-site", "same-origin"), ("origin", &server.base)])
            .await;
        assert_eq!(stale.status, StatusCode::CONFLICT, "{}", stale.body);
        assert!(stale.body.contains("changed since this page was loaded"), "{}", stale.body);
        assert_eq!(scalar(&t.db, "SELECT seed FROM participants WHERE name = 'Dmitri'").await, 1);
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM participants WHERE seed IS NOT NULL").await, 4);

        let mut reporter = signed_in(&t, &server, REPORTER).await;
        let theirs = reporter.get(page).await;
        assert!(!theirs.body.contains("Seed order"), "{}", theirs.body);
        let token = token_of(&shown.body, &format!("{}{seeds}", server.base)).expect("the seeds form");
        let refused = reporter
            .post_raw(seeds, &token, &[("seed_par_1", "1")], &[("sec-fetch-site", "same-origin")])
            .await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN);

        // The shell: Elena first, the rest after in the order they had.
        let printed = t.run(&["tournaments", "seed", "cup", "elena"]);
        assert!(printed.contains("1  Elena") && printed.contains("2  Dmitri") && printed.contains("5  Boris"), "{printed}");
        let twice = t.tourney().args(["tournaments", "seed", "cup", "Elena", "elena"]).assert().failure();
        let twice = String::from_utf8_lossy(&twice.get_output().stderr).into_owned();
        assert!(twice.contains("named twice"), "{twice}");
        let audit = t.run(&["audit", "--space", "club"]);
        assert!(audit.lines().filter(|l| l.contains("owner@example.org") && l.contains("tournament.seeded")).count() == 2, "{audit}");

        // The draw pairs by the seeds: five players in a bracket of eight, so seeds 1 to 3
        // (Elena, Dmitri, Alice) have byes and 4 Clara meets 5 Boris.
        t.run(&["tournaments", "status", "cup", "REGISTRATION_CLOSED"]);
        t.run(&["tournaments", "start", "cup"]);
        let ready = t.run(&["matches", "list", "cup", "--ready"]);
        assert!(ready.contains("Clara") && ready.contains("Boris"), "{ready}");
        assert!(!ready.contains("Elena"), "the first seed has a bye: {ready}");
    }
}

on_both_backends! {
    /// A free-for-all round at the desk: the ready round lists every player with a place to
    /// type; places given twice or skipped are refused with why and record nothing; a whole
    /// order records the round as the shell's `--place` does.
    async fn a_free_for_all_round_is_reported_by_places(t: TestDb) {
        t.run(&["spaces", "create", "club", "--name", "Chess Club"]);
        t.add_member("club", REPORTER, "reporter");
        t.run(&[
            "tournaments", "create", "--space", "club", "--slug", "race", "--name", "Race", "--game", "karts",
            "--format", "free_for_all", "--max-participants", "8", "--starts-at", "2030-12-04T18:00:00Z",
            "--rounds", "2",
        ]);
        t.run(&["tournaments", "status", "race", "REGISTRATION_OPEN"]);
        for name in ["Alice", "Boris", "Clara"] {
            t.run(&["tournaments", "register", "race", name]);
        }
        t.run(&["tournaments", "status", "race", "REGISTRATION_CLOSED"]);
        t.run(&["tournaments", "start", "race"]);
        let server = Server::start_self_linked(&t, &[]);
        let mut reporter = signed_in(&t, &server, REPORTER).await;
        let matches = "/en/organizer/club/tournaments/race/matches";
        let page = reporter.get(matches).await;
        assert!(page.body.contains("every player, in finishing order"), "{}", page.body);
        assert!(page.body.contains("name=\"place_par_1\"") && page.body.contains("name=\"place_par_3\""), "{}", page.body);
        let report = format!("{matches}/mat_1/report");
        let twice = reporter.submit(matches, &report, &[("place_par_1", "1"), ("place_par_2", "1"), ("place_par_3", "2")]).await;
        assert_eq!(twice.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", twice.body);
        assert!(twice.body.contains("each place once"), "{}", twice.body);
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM match_results").await, 0, "nothing recorded");
        let done = reporter.submit(matches, &report, &[("place_par_1", "2"), ("place_par_2", "3"), ("place_par_3", "1")]).await;
        assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.body);
        let shown = t.run(&["matches", "list", "race"]);
        assert!(shown.contains("1. Clara, 2. Alice, 3. Boris"), "{shown}");
        let after = reporter.get(matches).await;
        assert!(after.body.contains("1. Clara, 2. Alice, 3. Boris"), "{}", after.body);
    }
}

on_both_backends! {
    /// Teams at the desk: the add form asks for the players, one per line; a roster of the
    /// wrong size is refused with why; a team is added with its players, who show under its
    /// name.
    async fn a_team_is_added_with_its_players(t: TestDb) {
        t.run(&["spaces", "create", "club", "--name", "Chess Club"]);
        t.add_member("club", "owner@example.org", "owner");
        t.run(&[
            "tournaments", "create", "--space", "club", "--slug", "cup", "--name", "Cup", "--game", "cs2",
            "--format", "single_elimination", "--max-participants", "8", "--starts-at", "2030-12-04T18:00:00Z",
            "--team-size", "2..3",
        ]);
        t.run(&["tournaments", "status", "cup", "REGISTRATION_OPEN"]);
        let server = Server::start_self_linked(&t, &[]);
        let mut owner = signed_in(&t, &server, "owner@example.org").await;
        let page = "/en/organizer/club/tournaments/cup/registrations";
        let form = owner.get(page).await;
        assert!(form.body.contains("<textarea id=\"add-player-players\"") && form.body.contains("from 2 to 3 players"), "{}", form.body);
        let short = owner.submit(page, page, &[("name", "Falcons"), ("email", ""), ("players", "Ann\n")]).await;
        assert_eq!(short.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", short.body);
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM participants").await, 0);
        let added = owner.submit(page, page, &[("name", "Falcons"), ("email", ""), ("players", "Ann\r\nBen\r\n\r\nCid")]).await;
        assert_eq!(added.status, StatusCode::SEE_OTHER, "{}", added.body);
        let listed = owner.get(page).await;
        assert!(listed.body.contains("Ann, Ben, Cid"), "{}", listed.body);
        let shown = t.run(&["tournaments", "show", "cup"]);
        assert!(shown.contains("Falcons") && shown.contains("Ann") && shown.contains("Cid"), "{shown}");
    }
}
