//! Every form of the desk answers alike, on both databases: a field it cannot read is 422 with
//! the reason, a form built on what changed since its page was loaded is 409 with what changed,
//! and neither changes anything. Two organisers' seed orders from pages loaded together: the
//! first stands, the second is refused. Stages are planned, removed and reseeded at the desk,
//! with the shell's refusals.

use reqwest::StatusCode;

use crate::desk::signed_in;
use crate::support::member::{Answer, Member, fields_of, token_of};
use crate::support::server::Server;
use crate::support::{TestDb, on_both_backends, scalar};

/// A form as a page showed it: where it posts, its token and its fields as filled in.
struct Loaded {
    action: String,
    token: String,
    hidden: Vec<(String, String)>,
}

/// Opens `page` and keeps its form posting to `action`.
async fn load(member: &mut Member, base: &str, page: &str, action: &str) -> Loaded {
    let opened = member.get(page).await;
    assert_eq!(opened.status, StatusCode::OK, "{page}: {}", opened.body);
    let url = format!("{base}{action}");
    Loaded {
        action: action.to_owned(),
        token: token_of(&opened.body, &url)
            .unwrap_or_else(|| panic!("no form to {action} on {page}: {}", opened.body)),
        hidden: fields_of(&opened.body, &url),
    }
}

/// Sends a loaded form with `fields` changed, as a browser.
async fn send(member: &mut Member, base: &str, form: &Loaded, fields: &[(&str, &str)]) -> Answer {
    let mut sent: Vec<(&str, &str)> = form
        .hidden
        .iter()
        .filter(|(name, _)| !fields.iter().any(|(given, _)| given == name))
        .map(|(name, value)| (name.as_str(), value.as_str()))
        .collect();
    sent.extend_from_slice(fields);
    member
        .post_raw(
            &form.action,
            &form.token,
            &sent,
            &[("sec-fetch-site", "same-origin"), ("origin", base)],
        )
        .await
}

/// The seed fields of a loaded seeds form, as its page showed them (the order it carries).
fn seeds_as_shown(form: &Loaded) -> Vec<(String, String)> {
    let seen = &form
        .hidden
        .iter()
        .find(|(n, _)| n == "seen")
        .expect("the order shown")
        .1;
    seen.split(',')
        .enumerate()
        .map(|(i, id)| (format!("seed_{id}"), (i + 1).to_string()))
        .collect()
}

fn as_fields(pairs: &[(String, String)]) -> Vec<(&str, &str)> {
    pairs
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect()
}

fn refused(answer: &Answer, status: StatusCode, says: &str) {
    assert_eq!(answer.status, status, "{}", answer.body);
    assert!(answer.body.contains(says), "says {says:?}: {}", answer.body);
    assert!(
        answer.body.contains("role=\"alert\""),
        "said as an alert: {}",
        answer.body
    );
}

/// Space `club` with its owner; tournament `cup` (a Swiss of eight into a top-four playoff)
/// with eight players, registration open.
fn club(t: &TestDb) {
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
        "Cup",
        "--game",
        "chess",
        "--format",
        "swiss",
        "--max-participants",
        "8",
        "--starts-at",
        "2030-12-04T18:00:00Z",
    ]);
    t.run(&["tournaments", "status", "cup", "REGISTRATION_OPEN"]);
    for i in 1..=8 {
        t.run(&["tournaments", "register", "cup", &format!("P{i:02}")]);
    }
}

const DESK: &str = "/en/organizer/club/tournaments/cup";

on_both_backends! {
    /// Each form before the start: an unreadable field is 422, a stale form 409, and nothing
    /// changes.
    async fn every_form_before_the_start_refuses_alike(t: TestDb) {
        club(&t);
        let server = Server::start_self_linked(&t, &[]);
        let base = server.base.clone();
        let mut owner = signed_in(&t, &server, "owner@example.org").await;
        let settings = format!("{DESK}/settings");
        let registrations = format!("{DESK}/registrations");
        let seeds = format!("{DESK}/seeds");
        let stages = format!("{DESK}/stages");
        let step = format!("{DESK}/step");

        // Loaded together, before anything changes.
        let settings_form = load(&mut owner, &base, &settings, &settings).await;
        let seeds_form = load(&mut owner, &base, &registrations, &seeds).await;
        let stage_form = load(&mut owner, &base, DESK, &stages).await;
        let step_form = load(&mut owner, &base, DESK, &step).await;

        // Fields that do not read: 422, beside their field.
        let bad = send(&mut owner, &base, &settings_form, &[("starts_at", "tomorrow")]).await;
        refused(&bad, StatusCode::UNPROCESSABLE_ENTITY, "A date and time");
        assert!(bad.body.contains("aria-invalid=\"true\""), "beside its field: {}", bad.body);
        let bad = send(&mut owner, &base, &seeds_form, &[("seed_par_1", "0")]).await;
        refused(&bad, StatusCode::UNPROCESSABLE_ENTITY, "A seed is a whole number");
        let bad = send(&mut owner, &base, &stage_form, &[("format", "single_elimination"), ("take", "four")]).await;
        refused(&bad, StatusCode::UNPROCESSABLE_ENTITY, "A whole number");
        let bad = send(&mut owner, &base, &step_form, &[("to", "COMPLETED")]).await;
        refused(&bad, StatusCode::UNPROCESSABLE_ENTITY, "not this tournament");
        let add = load(&mut owner, &base, &registrations, &registrations).await;
        let bad = send(&mut owner, &base, &add, &[("name", "   ")]).await;
        refused(&bad, StatusCode::UNPROCESSABLE_ENTITY, "Nothing was changed");
        let new = load(&mut owner, &base, "/en/organizer/club/tournaments/new", "/en/organizer/club/tournaments").await;
        let bad = send(&mut owner, &base, &new, &[("name", "Open"), ("slug", "open"), ("game", "chess"), ("format", "swiss"), ("starts_at", "2030-12-04T18:00"), ("max_participants", "lots")]).await;
        refused(&bad, StatusCode::UNPROCESSABLE_ENTITY, "A whole number");
        assert!(bad.body.contains("value=\"open\""), "the form as sent: {}", bad.body);

        // Someone else changes the tournament: every form loaded before is stale.
        t.run(&["tournaments", "update", "cup", "--name", "Cup of Winter"]);
        t.run(&["tournaments", "seed", "cup", "P08"]);
        t.run(&["stages", "add", "cup", "--format", "single_elimination", "--take", "4"]);
        t.run(&["tournaments", "status", "cup", "REGISTRATION_CLOSED"]);
        let stale = send(&mut owner, &base, &settings_form, &[("description", "Bring a board")]).await;
        refused(&stale, StatusCode::CONFLICT, "changed");
        let shown = seeds_as_shown(&seeds_form);
        let stale = send(&mut owner, &base, &seeds_form, &as_fields(&shown)).await;
        refused(&stale, StatusCode::CONFLICT, "changed since this page was loaded");
        let stale = send(&mut owner, &base, &stage_form, &[("format", "single_elimination"), ("take", "2")]).await;
        refused(&stale, StatusCode::CONFLICT, "changed");
        let stale = send(&mut owner, &base, &step_form, &[]).await;
        refused(&stale, StatusCode::CONFLICT, "moved on");
        let taken = send(&mut owner, &base, &new, &[("name", "Cup"), ("slug", "cup"), ("game", "chess"), ("starts_at", "2030-12-04T18:00"), ("max_participants", "8"), ("format", "swiss")]).await;
        refused(&taken, StatusCode::CONFLICT, "already exists");

        let shown = t.run(&["tournaments", "show", "cup"]);
        assert!(shown.contains("Cup of Winter") && !shown.contains("Bring a board"), "{shown}");
        assert!(t.run(&["stages", "list", "cup"]).lines().filter(|l| l.contains("single_elimination")).count() == 1);
        assert_eq!(scalar(&t.db, "SELECT seed FROM participants WHERE name = 'P08'").await, 1);
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM tournaments").await, 1);
    }

    /// Each form in play: a report and a correction with an unreadable score are 422; built on
    /// a match that changed since (reported elsewhere, or corrected), 409; a stage's reseed,
    /// 422 and 409 the same.
    async fn every_form_in_play_refuses_alike(t: TestDb) {
        club(&t);
        t.run(&["stages", "add", "cup", "--format", "single_elimination", "--take", "4"]);
        t.run(&["tournaments", "status", "cup", "REGISTRATION_CLOSED"]);
        t.run(&["tournaments", "start", "cup"]);
        let server = Server::start_self_linked(&t, &[]);
        let base = server.base.clone();
        let mut owner = signed_in(&t, &server, "owner@example.org").await;
        let matches = format!("{DESK}/matches");
        let ready = crate::stages::ready(&t, "cup");
        let (first, second) = (ready[0].0.clone(), ready[1].0.clone());
        let report_first = load(&mut owner, &base, &matches, &format!("{matches}/{first}/report")).await;
        let report_second = load(&mut owner, &base, &matches, &format!("{matches}/{second}/report")).await;
        let bad = send(&mut owner, &base, &report_first, &[("score_a", "1.5"), ("score_b", "0")]).await;
        refused(&bad, StatusCode::UNPROCESSABLE_ENTITY, "whole number");
        t.run(&["matches", "report", "cup", &first, "--score", "2-0"]);
        let stale = send(&mut owner, &base, &report_first, &[("score_a", "0"), ("score_b", "2")]).await;
        refused(&stale, StatusCode::CONFLICT, "changed since this page was loaded");
        let done = send(&mut owner, &base, &report_second, &[("score_a", "2"), ("score_b", "1")]).await;
        assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.body);

        // A correction built on a result that was corrected meanwhile.
        let correct = format!("{matches}/{first}/correct");
        let correction = load(&mut owner, &base, &correct, &correct).await;
        let bad = send(&mut owner, &base, &correction, &[("score_a", ""), ("score_b", "3")]).await;
        refused(&bad, StatusCode::UNPROCESSABLE_ENTITY, "whole number");
        t.run(&["matches", "correct", "cup", &first, "--score", "3-0"]);
        let stale = send(&mut owner, &base, &correction, &[("score_a", "0"), ("score_b", "2")]).await;
        refused(&stale, StatusCode::CONFLICT, "changed since this page was loaded");
        assert!(t.run(&["matches", "list", "cup"]).contains("3-0"), "the shell's correction stands");

        // The Swiss played out: the playoff is drawn, and its seed order is at the desk.
        while crate::stages::ready(&t, "cup").iter().any(|m| m.1 == 1) {
            let (id, _, a, b) = crate::stages::ready(&t, "cup")[0].clone();
            t.run(&["matches", "report", "cup", &id, "--score", if a < b { "2-0" } else { "0-2" }]);
        }
        let reseed = format!("{DESK}/stages/2/seeds");
        let page = owner.get(DESK).await;
        assert!(page.body.contains("Seed order of stage 2"), "{}", page.body);
        let reseed_form = load(&mut owner, &base, DESK, &reseed).await;
        let bad = send(&mut owner, &base, &reseed_form, &[("seed_par_1", "9")]).await;
        refused(&bad, StatusCode::UNPROCESSABLE_ENTITY, "A seed is a whole number");
        t.run(&["stages", "seed", "cup", "2", "P02", "P01", "P03", "P04"]);
        let shown = seeds_as_shown(&reseed_form);
        let stale = send(&mut owner, &base, &reseed_form, &as_fields(&shown)).await;
        refused(&stale, StatusCode::CONFLICT, "seed order of stage 2 changed");
        let playoff: Vec<(u32, u32)> = crate::stages::ready(&t, "cup").iter().map(|m| (m.2, m.3)).collect();
        assert_eq!(playoff, [(2, 4), (1, 3)], "the shell's order stands");
    }

    /// Two organisers load the seed order together and each saves another: the first stands,
    /// the second is refused with why, and the field keeps the first order.
    async fn two_seed_orders_from_pages_loaded_together(t: TestDb) {
        club(&t);
        t.add_member("club", "admin@example.org", "administrator");
        let server = Server::start_self_linked(&t, &[]);
        let base = server.base.clone();
        let mut owner = signed_in(&t, &server, "owner@example.org").await;
        let mut admin = signed_in(&t, &server, "admin@example.org").await;
        let registrations = format!("{DESK}/registrations");
        let seeds = format!("{DESK}/seeds");
        let theirs = load(&mut owner, &base, &registrations, &seeds).await;
        let mine = load(&mut admin, &base, &registrations, &seeds).await;
        let first = send(&mut owner, &base, &theirs, &[("seed_par_8", "1"), ("seed_par_1", "2"), ("seed_par_2", "3"), ("seed_par_3", "4"), ("seed_par_4", "5"), ("seed_par_5", "6"), ("seed_par_6", "7"), ("seed_par_7", "8")]).await;
        assert_eq!(first.status, StatusCode::SEE_OTHER, "{}", first.body);
        let mut moved = seeds_as_shown(&mine);
        moved.push(("down".into(), "par_1".into()));
        let second = send(&mut admin, &base, &mine, &as_fields(&moved)).await;
        refused(&second, StatusCode::CONFLICT, "changed since this page was loaded (someone saved another)");
        assert_eq!(scalar(&t.db, "SELECT seed FROM participants WHERE name = 'P08'").await, 1, "the first order stands");
        assert_eq!(scalar(&t.db, "SELECT seed FROM participants WHERE name = 'P01'").await, 2);
        // The page again shows the order as it is now, ready to be changed from there.
        let again = admin.get(&registrations).await;
        let shown = fields_of(&again.body, &format!("{base}{seeds}"));
        assert!(shown.iter().any(|(n, v)| n == "seen" && v.starts_with("par_8,par_1")), "{shown:?}");
    }

    /// Stages at the desk: the plan is shown, a stage is added with the shell's refusals beside
    /// its fields (more players than can go on, per group after a stage without groups), then
    /// the last one removed; a reporter sees no such forms.
    async fn stages_are_planned_at_the_desk(t: TestDb) {
        club(&t);
        t.add_member("club", "reporter@example.org", "reporter");
        let server = Server::start_self_linked(&t, &[]);
        let base = server.base.clone();
        let mut owner = signed_in(&t, &server, "owner@example.org").await;
        let stages = format!("{DESK}/stages");
        let page = owner.get(DESK).await;
        assert!(page.body.contains("Stages") && page.body.contains("Add a stage"), "{}", page.body);
        let add = load(&mut owner, &base, DESK, &stages).await;
        let too_many = send(&mut owner, &base, &add, &[("format", "single_elimination"), ("take", "16")]).await;
        refused(&too_many, StatusCode::CONFLICT, "16 cannot go on from a stage of 8 players");
        assert!(too_many.body.contains("value=\"16\""), "the form as sent: {}", too_many.body);
        let per_group = send(&mut owner, &base, &add, &[("format", "single_elimination"), ("take", "2"), ("per_group", "yes")]).await;
        refused(&per_group, StatusCode::CONFLICT, "needs a stage played in groups");
        let added = send(&mut owner, &base, &add, &[("format", "single_elimination"), ("take", "4"), ("third_place", "yes"), ("name", "Final four")]).await;
        assert_eq!(added.status, StatusCode::SEE_OTHER, "{}", added.body);
        let listed = t.run(&["stages", "list", "cup"]);
        assert!(listed.contains("Final four"), "{listed}");
        let page = owner.get(DESK).await;
        assert!(page.body.contains("Final four") && page.body.contains("the best 4 of the stage before"), "{}", page.body);
        let remove = load(&mut owner, &base, DESK, &format!("{DESK}/stages/remove")).await;
        let removed = send(&mut owner, &base, &remove, &[]).await;
        assert_eq!(removed.status, StatusCode::SEE_OTHER, "{}", removed.body);
        assert!(!t.run(&["stages", "list", "cup"]).contains("Final four"));
        let again = send(&mut owner, &base, &remove, &[]).await;
        assert_eq!(again.status, StatusCode::CONFLICT, "the plan changed: {}", again.body);
        let audit = t.run(&["audit", "--space", "club"]);
        assert!(audit.contains("stage.added") && audit.contains("stage.removed") && audit.contains("owner@example.org"), "{audit}");

        let mut reporter = signed_in(&t, &server, "reporter@example.org").await;
        let theirs = reporter.get(DESK).await;
        assert!(!theirs.body.contains("Add a stage"), "{}", theirs.body);
        let forbidden = reporter
            .post_raw(&stages, &add.token, &[("format", "swiss"), ("take", "4"), ("seen", "1")], &[("sec-fetch-site", "same-origin")])
            .await;
        assert_eq!(forbidden.status, StatusCode::FORBIDDEN);
        assert!(!t.run(&["stages", "list", "cup"]).contains("swiss  4"));
    }
}
