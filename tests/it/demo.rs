//! `tourney demo`: every format in every interesting state, through the real portal operations.

use predicates::prelude::*;
use tourney::db::{participants, spaces, stages, tournaments};
use tourney::domain::{StageStatus, TournamentStatus, is_published};

use crate::support::{on_both_backends, row_counts, scalar};

on_both_backends! {
    async fn demo_has_every_format_and_state(t: TestDb) {
        let output = t.tourney().arg("demo").assert().success().get_output().stdout.clone();
        let output = String::from_utf8(output).unwrap();
        assert!(output.starts_with("created the demo space 'demo' with 10 tournaments:\n"), "{output}");
        assert!(output.contains("  demo-kubok               groups_playoffs      IN_PROGRESS\n"), "{output}");

        let mut h = t.db.acquire().await.unwrap();
        let space = spaces::find_by_slug(h.conn(), "demo").await.unwrap().unwrap();
        let all = tournaments::list_for_space(h.conn(), space.id).await.unwrap();
        let formats: std::collections::HashSet<_> = all.iter().map(|t| t.format).collect();
        assert_eq!(formats.len(), 6, "every format");
        let status = |slug: &str| all.iter().find(|t| t.slug == slug).unwrap().status;
        assert_eq!(status("demo-spring-open"), TournamentStatus::Completed);
        assert_eq!(status("demo-autumn-cup"), TournamentStatus::RegistrationOpen);
        assert_eq!(status("demo-new-year-blitz"), TournamentStatus::Announced);
        assert_eq!(status("demo-draft-cup"), TournamentStatus::Draft);
        assert!(all.iter().any(|t| t.test && !is_published(t.status, t.test)), "a test tournament");
        assert_eq!(all.iter().filter(|t| t.status == TournamentStatus::InProgress).count(), 5);

        let kubok = all.iter().find(|t| t.slug == "demo-kubok").unwrap();
        let kubok_stages = stages::list(h.conn(), kubok.id).await.unwrap();
        assert_eq!(kubok_stages.iter().map(|s| s.status).collect::<Vec<_>>(), [StageStatus::Completed, StageStatus::Running], "the playoff is on");

        let spring = all.iter().find(|t| t.slug == "demo-spring-open").unwrap();
        let field = participants::list(h.conn(), spring.id).await.unwrap();
        let mut places: Vec<_> = field.iter().filter_map(|p| p.place).collect();
        places.sort_unstable();
        assert_eq!(places, [1, 2, 3, 4, 5, 5, 5, 5], "a completed bracket with a third-place match places everyone");
        assert!(field.iter().any(|p| p.name.chars().any(|c| ('а'..='я').contains(&c))), "Cyrillic names");
        drop(h);
        let completed = scalar(&t.db, "SELECT COUNT(*) FROM events WHERE type = 'match.completed'").await;
        assert!(completed >= 40, "the demo's results are events too ({completed})");
    }

    async fn demo_twice_is_refused(t: TestDb) {
        t.tourney().arg("demo").assert().success();
        let before = row_counts(&t.db).await;
        t.tourney().arg("demo").assert().code(1).stderr("error: the demo space 'demo' already exists\n");
        assert_eq!(row_counts(&t.db).await, before);
        t.tourney().args(["spaces", "list"]).assert().success().stdout(predicate::str::contains("Demo Chess Club"));
    }
}
