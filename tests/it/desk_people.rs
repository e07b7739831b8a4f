//! What the desk's people meet, over HTTP on both databases against a real `serve`: a draft
//! reads as a draft; applying the check-in is offered only where it means something, asks
//! first, and reopening registration undoes it; a player added at the desk gets their private
//! page (a link shown once, a QR code, an email to send it to for those who may see it), and a
//! new link ends the old one; a form's address opened as a page leads to its page; the section's
//! 404 leads back; a check-in comes back to its row; a correction shows the result it corrects
//! and what it would reset; matches are named by stage and round; the portal and the shell say
//! the stages and who reports; a later stage's bracket shows its own seeds; a finished event
//! keeps its Swiss table; the site has an icon.

use reqwest::StatusCode;

use crate::desk::signed_in;
use crate::support::player::Player;
use crate::support::server::Server;
use crate::support::{TestDb, on_both_backends, scalar};

const SPACE: &str = "/en/organizer/club";

fn club(t: &TestDb) {
    t.run(&["spaces", "create", "club", "--name", "Chess Club"]);
    t.add_member("club", "owner@example.org", "owner");
    t.add_member("club", "desk@example.org", "reporter");
}

fn create(t: &TestDb, slug: &str, max: &str, extra: &[&str]) {
    let mut args = vec![
        "tournaments",
        "create",
        "--space",
        "club",
        "--slug",
        slug,
        "--name",
        "Friday Cup",
        "--game",
        "chess",
        "--max-participants",
        max,
        "--starts-at",
        "2030-12-04T18:00:00Z",
    ];
    args.extend_from_slice(extra);
    t.run(&args);
}

on_both_backends! {
    /// A draft says "Draft" on the desk (list and page), never "Announced"; applying the
    /// check-in is not offered (and refused) before registration opens, asks first once it is,
    /// closes registration with it, and reopening registration lets players register again.
    async fn a_draft_and_the_check_in_read_as_they_are(t: TestDb) {
        club(&t);
        create(&t, "cup", "8", &["--format", "single_elimination", "--check-in-opens", "2d", "--check-in-closes", "1h"]);
        let server = Server::start_self_linked(&t, &[]);
        let mut owner = signed_in(&t, &server, "owner@example.org").await;
        let desk = format!("{SPACE}/tournaments/cup");
        for page in [format!("{SPACE}/tournaments"), desk.clone()] {
            let shown = owner.get(&page).await;
            assert!(shown.body.contains("Draft (not published)") && !shown.body.contains(">Announced<"), "{page}: {}", shown.body);
        }
        let ru = owner.get("/ru/organizer/club/tournaments/cup").await;
        assert!(ru.body.contains("Черновик"), "{}", ru.body);
        let page = owner.get(&desk).await;
        assert!(!page.body.contains("/apply-check-in\""), "nothing to apply before registration: {}", page.body);
        let forced = owner.submit(&format!("{desk}/registrations"), &format!("{desk}/registrations"), &[("name", "Early")]).await;
        assert_eq!(forced.status, StatusCode::CONFLICT, "registration is not open: {}", forced.body);

        t.run(&["tournaments", "status", "cup", "REGISTRATION_OPEN"]);
        for name in ["Alice", "Boris", "Clara"] {
            t.run(&["tournaments", "register", "cup", name]);
        }
        t.run(&["tournaments", "check-in", "cup", "Alice"]);
        let asked = owner.submit(&desk, &format!("{desk}/apply-check-in"), &[]).await;
        assert_eq!(asked.status, StatusCode::OK);
        assert!(asked.body.contains("Reopening registration undoes it"), "it asks and says how to undo: {}", asked.body);
        let applied = owner.submit(&desk, &format!("{desk}/apply-check-in"), &[("confirm", "yes")]).await;
        assert_eq!(applied.status, StatusCode::SEE_OTHER, "{}", applied.body);
        let shown = t.run(&["tournaments", "show", "cup"]);
        assert!(shown.contains("REGISTRATION_CLOSED"), "registration ends with the check-in: {shown}");
        let portal = reqwest::get(server.url("/en/tournaments/cup")).await.unwrap().text().await.unwrap();
        assert!(!portal.contains("Registration open"), "no page says open: {portal}");

        // Undone: registration reopened from the desk, the check-in applies again later.
        let page = owner.get(&desk).await;
        assert!(page.body.contains("Reopen registration"), "{}", page.body);
        let reopen = owner.submit(&desk, &format!("{desk}/step"), &[("to", "REGISTRATION_OPEN")]).await;
        assert_eq!(reopen.status, StatusCode::SEE_OTHER, "{}", reopen.body);
        assert_eq!(scalar(&t.db, "SELECT COUNT(*) FROM tournaments WHERE check_in_processed_at IS NULL").await, 1);
        let late = owner.submit(&format!("{desk}/registrations"), &format!("{desk}/registrations"), &[("name", "Dmitri")]).await;
        assert_eq!(late.status, StatusCode::SEE_OTHER, "registering again works: {}", late.body);
        let settings = owner.submit(&format!("{desk}/settings"), &format!("{desk}/settings"), &[("check_in_opens", "3d")]).await;
        assert_eq!(settings.status, StatusCode::SEE_OTHER, "the window changes again: {}", settings.body);
    }

    /// A player added at the desk gets their private page: a reporter gives the link (shown
    /// once, with its QR code, no address), the owner gives a new one (with a mail to send),
    /// the first stops working and the new one opens the player's page.
    async fn a_player_added_at_the_desk_gets_their_page(t: TestDb) {
        club(&t);
        create(&t, "cup", "4", &["--format", "single_elimination", "--self-report", "confirm"]);
        t.run(&["tournaments", "status", "cup", "REGISTRATION_OPEN"]);
        t.run(&["tournaments", "register", "cup", "Zara", "--email", "zara@example.org"]);
        let server = Server::start_self_linked(&t, &[]);
        let registrations = format!("{SPACE}/tournaments/cup/registrations");
        let id = scalar(&t.db, "SELECT id FROM participants WHERE name = 'Zara'").await;
        let give = format!("{SPACE}/tournaments/cup/registrations/par_{id}/link");
        let mut desk = signed_in(&t, &server, "desk@example.org").await;
        let asked = desk.submit(&registrations, &give, &[]).await;
        assert!(asked.status == StatusCode::OK && asked.body.contains("A link given before stops working"), "{}", asked.body);
        let given = desk.submit(&registrations, &give, &[("confirm", "yes")]).await;
        assert_eq!(given.status, StatusCode::OK, "{}", given.body);
        let link = crate::support::member::shown(&given.body, "player-link").expect("the link, shown once");
        assert!(link.contains("/en/player/") && given.body.contains("data:image/svg+xml;base64,"), "{}", given.body);
        assert!(!given.body.contains("zara@example.org"), "a reporter does not see the address");
        let audit = t.run(&["audit", "--space", "club"]);
        assert!(audit.contains("registration.link_given") && !audit.contains(&link), "audited, without the secret: {audit}");

        let mut owner = signed_in(&t, &server, "owner@example.org").await;
        let again = owner.submit(&registrations, &give, &[("confirm", "yes")]).await;
        let second = crate::support::member::shown(&again.body, "player-link").expect("a new link");
        assert!(again.body.contains("mailto:zara@example.org?subject="), "the owner may send it: {}", again.body);
        let mut zara = Player::new(&server, "Zara", "zara@example.org");
        assert_eq!(zara.get(&link).await.status, StatusCode::NOT_FOUND, "the first link stops working");
        let page = zara.get(&second).await;
        assert!(page.status == StatusCode::OK && page.html.contains("Zara is in the field"), "{}", page.html);
    }

    /// Small things met at the desk: a form's address opened as a page, the section's 404, the
    /// check-in's way back to its row, a correction that says what it corrects and resets,
    /// stage and round names, the stages and who reports on the portal and in the shell, a
    /// later stage's own seeds, a finished event's Swiss table, the icon.
    async fn the_small_things(t: TestDb) {
        club(&t);
        create(&t, "cup", "8", &["--format", "swiss", "--check-in-opens", "2d", "--check-in-closes", "1h"]);
        t.run(&["stages", "add", "cup", "--format", "single_elimination", "--take", "4"]);
        t.run(&["tournaments", "status", "cup", "REGISTRATION_OPEN"]);
        for i in 1..=8 {
            t.run(&["tournaments", "register", "cup", &format!("P{i:02}")]);
        }
        let server = Server::start_self_linked(&t, &[]);
        let mut owner = signed_in(&t, &server, "owner@example.org").await;
        let desk = format!("{SPACE}/tournaments/cup");

        let opened = owner.get(&format!("{desk}/seeds")).await;
        assert_eq!(opened.status, StatusCode::SEE_OTHER);
        assert!(opened.location.as_deref().is_some_and(|l| l.ends_with(&format!("{desk}/registrations"))), "{:?}", opened.location);
        let lost = owner.get(&format!("{SPACE}/tournaments/nowhere")).await;
        assert!(lost.status == StatusCode::NOT_FOUND && lost.body.contains("/en/account") && lost.body.contains("Your spaces"), "{}", lost.body);
        let p3 = scalar(&t.db, "SELECT id FROM participants WHERE name = 'P03'").await;
        let checked = owner.submit(&format!("{desk}/registrations"), &format!("{desk}/registrations/par_{p3}/check-in"), &[]).await;
        assert!(checked.location.as_deref().is_some_and(|l| l.ends_with(&format!("#row-par_{p3}"))), "back to the row: {:?}", checked.location);

        let shown = t.run(&["tournaments", "show", "cup"]);
        assert!(shown.contains("Swiss → Playoffs (the best 4)"), "{shown}");
        let portal = reqwest::get(server.url("/en/tournaments/cup")).await.unwrap().text().await.unwrap();
        assert!(portal.contains("Swiss → Playoffs (the best 4)") && portal.contains("recorded by the organisers"), "{portal}");
        let icon = reqwest::get(server.url("/favicon.ico")).await.unwrap();
        assert_eq!((icon.status(), icon.headers()["content-type"].to_str().unwrap().to_owned()), (StatusCode::OK, "image/x-icon".to_owned()));

        t.run(&["tournaments", "check-in", "cup", "--process"]);
        t.run(&["tournaments", "start", "cup"]);
        while crate::stages::ready(&t, "cup").iter().any(|m| m.1 == 1) {
            let (id, _, a, b) = crate::stages::ready(&t, "cup")[0].clone();
            t.run(&["matches", "report", "cup", &id, "--score", if a < b { "2-0" } else { "0-2" }]);
        }
        // The playoff: named by stage and round at the desk, its bracket seeded 1 to 4.
        let matches = owner.get(&format!("{desk}/matches")).await;
        assert!(matches.body.contains("Playoffs: Semi-finals") && matches.body.contains("Winner: Final"), "{}", matches.body);
        assert!(!matches.body.contains("No match is ready"), "{}", matches.body);
        let mut four: Vec<u32> = crate::stages::ready(&t, "cup").iter().flat_map(|m| [m.2, m.3]).collect();
        four.sort_unstable_by(|a, b| b.cmp(a));
        let four: Vec<String> = four.iter().map(|n| format!("P{n:02}")).collect();
        let mut seed = vec!["stages", "seed", "cup", "2"];
        seed.extend(four.iter().map(String::as_str));
        t.run(&seed);
        let bracket = reqwest::get(server.url("/embed/en/tournaments/cup/bracket")).await.unwrap().text().await.unwrap();
        let playoff = &bracket[bracket.find("<h2>Playoffs</h2>").expect("the playoff")..];
        let playoff = &playoff[..playoff[4..].find("<h2>").map_or(playoff.len(), |end| end + 4)];
        assert!(playoff.contains(">1<") && playoff.contains(">4<") && !playoff.contains(">8<"), "the stage's own seeds: {playoff}");

        let semi = crate::stages::ready(&t, "cup")[0].0.clone();
        t.run(&["matches", "report", "cup", &semi, "--score", "2-1"]);
        let correct = format!("{desk}/matches/{semi}/correct");
        let correction = owner.get(&correct).await;
        assert!(correction.body.contains("value=\"2\"") && correction.body.contains("value=\"1\""), "the result it corrects: {}", correction.body);
        let other = crate::stages::ready(&t, "cup")[0].0.clone();
        t.run(&["matches", "report", "cup", &other, "--score", "2-0"]);
        let correction = owner.get(&correct).await;
        assert!(correction.body.contains("these matches are played again"), "what it would reset: {}", correction.body);
        while !crate::stages::ready(&t, "cup").is_empty() {
            let (id, ..) = crate::stages::ready(&t, "cup")[0].clone();
            t.run(&["matches", "report", "cup", &id, "--score", "2-0"]);
        }
        let finished = reqwest::get(server.url("/en/tournaments/cup")).await.unwrap().text().await.unwrap();
        assert!(finished.contains("<th scope=\"col\">Place</th>"), "the final places first: {finished}");
        assert!(finished.contains("Buchholz"), "the Swiss table keeps its tie-breaks: {finished}");
    }
}
