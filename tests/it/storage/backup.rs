//! `tourney db backup FILE` on a live SQLite file: taken while `serve` serves and writes (the API's
//! rate windows, portal registrations) and shell commands register players beside it, the copy is
//! whole and holds every registration acknowledged before the backup began. Refused backups
//! (FILE exists, its directory does not, the database is Postgres or missing) exit 1 and change
//! nothing.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use sqlx::Connection;

use super::{club_by_shell, readers};
use crate::support::player::Player;
use crate::support::server::Server;
use crate::support::{self, TestDb};

/// Registrations acknowledged so far: each name with when its acknowledgement arrived.
type Acknowledged = Arc<Mutex<Vec<(String, Instant)>>>;

fn acknowledge(acked: &Acknowledged, name: String) {
    acked
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .push((name, Instant::now()));
}

fn count(acked: &Acknowledged) -> usize {
    acked
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .len()
}

/// A shell terminal registering players until `stop`; a registration counts once the command
/// exited 0.
async fn shell_registrations(t: &TestDb, terminal: usize, stop: &AtomicBool, acked: &Acknowledged) {
    let mut n = 0;
    while !stop.load(Ordering::Relaxed) {
        let name = format!("Shell {terminal}-{n}");
        let out = t.shell(&["tournaments", "register", "cup", &name]).await;
        assert!(out.status.success(), "register {name}: {out:?}");
        acknowledge(acked, name);
        n += 1;
    }
}

/// Players registering through the portal, one after another, until `stop` or the last player;
/// a registration counts once the confirmation page with its withdrawal link arrived.
async fn portal_registrations(players: Vec<Player>, stop: &AtomicBool, acked: &Acknowledged) {
    for mut player in players {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let page = player.register("en", "cup").await;
        assert_eq!(page.status, reqwest::StatusCode::OK, "{}", page.html);
        assert!(page.withdrawal_link().is_some(), "{}", page.html);
        acknowledge(acked, player.name.clone());
    }
}

/// `PRAGMA integrity_check` and the participants' names of the SQLite file `path`.
async fn open_copy(path: &Path) -> (String, Vec<String>) {
    let mut conn = sqlx::SqliteConnection::connect(&format!("sqlite://{}", path.display()))
        .await
        .expect("open the backup");
    let check: String = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(&mut conn)
        .await
        .expect("integrity_check");
    let names: Vec<String> = sqlx::query_scalar("SELECT name FROM participants")
        .fetch_all(&mut conn)
        .await
        .expect("the participants");
    conn.close().await.ok();
    (check, names)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_taken_while_serve_and_the_shell_write_holds_every_acknowledged_registration() {
    let t = support::sqlite().await;
    t.let_go().await;
    let key = club_by_shell(&t).await;
    let mut server =
        Server::start_self_linked(&t, &["--rate-limit", "1000000", "--form-limit", "100000"]);
    let stop = Arc::new(AtomicBool::new(false));
    let (reading, read) = readers(&server, &key, Arc::clone(&stop));
    let acked: Acknowledged = Arc::default();
    let players: Vec<Player> = (0..200)
        .map(|n| {
            Player::new(
                &server,
                &format!("Portal {n}"),
                &format!("p{n}@example.org"),
            )
        })
        .collect();
    let target_dir = tempfile::tempdir().expect("a directory for the backup");
    let target = target_dir.path().join("backup.db");

    let writers = async {
        tokio::join!(
            shell_registrations(&t, 0, &stop, &acked),
            shell_registrations(&t, 1, &stop, &acked),
            shell_registrations(&t, 2, &stop, &acked),
            portal_registrations(players, &stop, &acked),
        )
    };
    let backup = async {
        while count(&acked) < 12 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let began = Instant::now();
        let out = t
            .shell(&["db", "backup", target.to_str().expect("a UTF-8 path")])
            .await;
        let ended = Instant::now();
        // The writers go on a little after it.
        tokio::time::sleep(Duration::from_millis(500)).await;
        stop.store(true, Ordering::Relaxed);
        (began, ended, out)
    };
    let (_, (began, ended, out)) = tokio::join!(writers, backup);
    let wrong = reading.await.expect("the readers");

    assert!(out.status.success(), "db backup: {out:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let bytes = std::fs::metadata(&target).expect("the backup exists").len();
    assert!(
        stdout.contains(&target.display().to_string())
            && stdout.contains(&format!("{bytes} bytes")),
        "db backup says what it wrote: {stdout}"
    );
    assert_eq!(server.exited(), None, "serve died during the backup");
    assert!(wrong.is_empty(), "reads that were not 200: {wrong:?}");
    assert!(read.load(Ordering::Relaxed) > 0, "the readers read");

    let acked = acked
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .clone();
    let before: Vec<&String> = acked
        .iter()
        .filter(|(_, at)| *at < began)
        .map(|(name, _)| name)
        .collect();
    let during = acked
        .iter()
        .filter(|(_, at)| *at >= began && *at < ended)
        .count();
    assert!(before.len() >= 12, "registrations before the backup");
    assert!(
        during > 0,
        "no registration was acknowledged while the backup ran: it was not taken of a live file"
    );
    assert!(
        before.iter().any(|n| n.starts_with("Portal"))
            && before.iter().any(|n| n.starts_with("Shell")),
        "both serve and the shell wrote before the backup: {before:?}"
    );

    let (check, names) = open_copy(&target).await;
    assert_eq!(check, "ok", "the backup's integrity_check");
    let missing: Vec<_> = before.iter().filter(|n| !names.contains(n)).collect();
    assert!(
        missing.is_empty(),
        "acknowledged before the backup began but not in it: {missing:?} ({} acknowledged before, {during} during, {} in the backup)",
        before.len(),
        names.len()
    );
    // Everything acknowledged at all is in the live database.
    drop(server);
    let live = t.run(&["tournaments", "registrations", "cup"]);
    for (name, _) in &acked {
        assert!(
            live.contains(name.as_str()),
            "{name} is not in the live database"
        );
    }
    // The copy is a database tourney opens as it is.
    let listed = t
        .tourney()
        .env(
            "TOURNEY_DATABASE_URL",
            format!("sqlite://{}", target.display()),
        )
        .args(["tournaments", "registrations", "cup"])
        .assert()
        .success();
    let listed = String::from_utf8_lossy(&listed.get_output().stdout).into_owned();
    assert!(
        before.iter().all(|name| listed.contains(name.as_str())),
        "{listed}"
    );
}

/// A directory's files with their sizes and modification times.
fn listing(dir: &Path) -> Vec<(String, u64, std::time::SystemTime)> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("list the directory")
        .flatten()
        .map(|e| {
            let meta = e.metadata().expect("metadata");
            (
                e.file_name().to_string_lossy().into_owned(),
                meta.len(),
                meta.modified().expect("mtime"),
            )
        })
        .collect();
    files.sort();
    files
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_backup_exits_1_and_changes_nothing() {
    let t = support::sqlite().await;
    t.let_go().await;
    club_by_shell(&t).await;
    let source = t.sqlite_path().expect("a SQLite file");
    let source_dir = source
        .parent()
        .expect("the database's directory")
        .to_owned();
    let targets = tempfile::tempdir().expect("a directory for backups");
    let existing = targets.path().join("exists.db");
    std::fs::write(&existing, "an earlier backup").expect("a file in the way");
    let (source_before, targets_before) = (listing(&source_dir), listing(targets.path()));

    let refuse = |url: &str, target: &Path, expected: &str| {
        let out = t
            .tourney()
            .env("TOURNEY_DATABASE_URL", url)
            .args(["db", "backup"])
            .arg(target)
            .output()
            .expect("run tourney");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{target:?}: {out:?}");
        assert!(out.stdout.is_empty(), "{target:?}: {out:?}");
        assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
        assert!(stderr.contains(expected), "{expected:?} in {stderr}");
    };
    refuse(&t.url, &existing, "already exists");
    refuse(
        &t.url,
        &targets.path().join("missing").join("backup.db"),
        "there is no directory",
    );
    refuse(
        "postgres://tourney:secret@127.0.0.1:1/tourney",
        &targets.path().join("pg.db"),
        "pg_dump --format=custom",
    );
    let nowhere = tempfile::tempdir().expect("an empty directory");
    refuse(
        &format!("sqlite://{}/none.db", nowhere.path().display()),
        &targets.path().join("none.db"),
        "there is no database at",
    );

    assert_eq!(
        std::fs::read_to_string(&existing).expect("the file in the way"),
        "an earlier backup"
    );
    assert_eq!(
        listing(targets.path()),
        targets_before,
        "the backups' directory changed"
    );
    assert_eq!(
        listing(&source_dir),
        source_before,
        "the database's directory changed"
    );
    assert_eq!(
        std::fs::read_dir(nowhere.path()).expect("list").count(),
        0,
        "no database was created"
    );
}
