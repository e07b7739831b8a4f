//! Storage under the deployment's real shape: `serve` as the only long-lived process on a SQLite
//! file, with shell commands (separate processes) opening, writing and closing it beside it, and
//! API readers hammering `serve` meanwhile. The test process itself keeps no connection open, so
//! nothing here holds SQLite's locks on `serve`'s behalf.
//!
//! Beside it: backups of the live file (`backup`) and places where a database is refused
//! (`refused_places`).

mod backup;
mod refused_places;

use std::os::unix::fs::MetadataExt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use reqwest::StatusCode;

use crate::support::integrator::client;
use crate::support::server::Server;
use crate::support::{self, TestDb};

/// A space `club` with a key and a Swiss tournament `cup` open for registration, all made by the
/// shell; returns the key.
pub async fn club_by_shell(t: &TestDb) -> String {
    t.run(&["spaces", "create", "club", "--name", "Club"]);
    let key = t.run(&["keys", "create", "--space", "club"]);
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
        "4096",
        "--starts-at",
        "2026-12-04T18:00:00Z",
    ]);
    t.run(&["tournaments", "status", "cup", "REGISTRATION_OPEN"]);
    key.lines()
        .find(|l| l.starts_with("tk_"))
        .expect("the new key")
        .to_owned()
}

/// The POSIX locks process `pid` holds on the file `path`, as `/proc/locks` lists them
/// (`READ 128 128`, …).
fn locks_on(path: &std::path::Path, pid: u32) -> Vec<String> {
    let meta = std::fs::metadata(path).expect("the file exists");
    let (major, minor) = (libc_major(meta.dev()), libc_minor(meta.dev()));
    let inode = format!("{major:02x}:{minor:02x}:{}", meta.ino());
    std::fs::read_to_string("/proc/locks")
        .expect("/proc/locks")
        .lines()
        .filter_map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            // "1: POSIX  ADVISORY  READ 1234 08:01:5678 128 128" (a blocked lock has "->" first).
            let at = fields.iter().position(|f| *f == "POSIX")?;
            let (access, owner, file) = (
                fields.get(at + 2)?,
                fields.get(at + 3)?,
                fields.get(at + 4)?,
            );
            (*owner == pid.to_string() && file.eq_ignore_ascii_case(&inode)).then(|| {
                format!(
                    "{access} {} {}",
                    fields.get(at + 5).unwrap_or(&""),
                    fields.get(at + 6).unwrap_or(&"")
                )
            })
        })
        .collect()
}

/// Whether `pid` holds a shared lock on `shm`'s byte 128 (SQLite's "not alone" byte), and the
/// locks last seen. `/proc/locks` is not one snapshot: it is read in pieces while every other
/// process's locks come and go, so a line can slip by in one reading. The file is read again a
/// few times before the lock counts as missing; a lock `serve` truly lost stays lost, because
/// only opening the shared memory anew takes it again, and `serve` keeps it open.
fn holds_shared_shm_lock(shm: &std::path::Path, pid: u32) -> (bool, Vec<String>) {
    let mut held = Vec::new();
    for _ in 0..10 {
        held = locks_on(shm, pid);
        if held.iter().any(|l| l == "READ 128 128") {
            return (true, held);
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    (false, held)
}

/// The major and minor numbers of a device number, as Linux encodes them.
fn libc_major(dev: u64) -> u64 {
    ((dev >> 32) & 0xffff_f000) | ((dev >> 8) & 0x0fff)
}
fn libc_minor(dev: u64) -> u64 {
    ((dev >> 12) & 0xffff_ff00) | (dev & 0x00ff)
}

/// Readers of the API and a widget, as fast as `serve` answers, until `stop`; counts answers,
/// and every answer that is not 200.
fn readers(
    server: &Server,
    key: &str,
    stop: Arc<AtomicBool>,
) -> (tokio::task::JoinHandle<Vec<String>>, Arc<AtomicUsize>) {
    let read = Arc::new(AtomicUsize::new(0));
    let count = Arc::clone(&read);
    let (base, key) = (server.base.clone(), key.to_owned());
    let handle = tokio::spawn(async move {
        let http = client();
        let mut wrong = Vec::new();
        while !stop.load(Ordering::Relaxed) {
            for path in [
                "/api/v1/tournaments",
                "/api/v1/tournaments/cup",
                "/embed/en/tournaments/cup/registration",
            ] {
                match http
                    .get(format!("{base}{path}"))
                    .bearer_auth(&key)
                    .send()
                    .await
                {
                    Ok(r) if r.status() == StatusCode::OK => {}
                    Ok(r) => wrong.push(format!("{path}: {}", r.status())),
                    Err(e) => wrong.push(format!("{path}: {e}")),
                }
                count.fetch_add(1, Ordering::Relaxed);
            }
        }
        wrong
    });
    (handle, read)
}

/// `serve` keeps SQLite's own shared lock on the `-shm` file (the byte that tells a newcomer
/// it is not alone) for as long as it runs, however many shell commands open and close the
/// database beside it: a process that believed itself alone would rebuild the shared index
/// under `serve`'s feet.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serve_holds_sqlites_lock_on_shm_while_shell_commands_come_and_go() {
    let t = support::sqlite().await;
    t.let_go().await;
    let key = club_by_shell(&t).await;
    let mut server = Server::start(&t, &["--no-dispatch"]);
    let shm = {
        let mut p = t.sqlite_path().expect("a SQLite file").into_os_string();
        p.push("-shm");
        std::path::PathBuf::from(p)
    };
    let http = client();
    let url = server.url("/api/v1/tournaments");
    let read = |http: reqwest::Client| {
        let (url, key) = (url.clone(), key.clone());
        async move {
            let r = http.get(url).bearer_auth(key).send().await.expect("GET");
            assert_eq!(r.status(), StatusCode::OK);
        }
    };
    read(http.clone()).await;
    let (holds, held) = holds_shared_shm_lock(&shm, server.pid());
    assert!(
        holds,
        "serve (pid {}) holds no shared lock on -shm's byte 128: {held:?}\n{}",
        server.pid(),
        std::fs::read_to_string("/proc/locks").unwrap_or_default()
    );
    for n in 0..12 {
        let output = match n % 3 {
            0 => t.shell(&["spaces", "list"]).await,
            1 => {
                t.shell(&["tournaments", "register", "cup", &format!("Player {n}")])
                    .await
            }
            _ => t.shell(&["keys", "list", "--space", "club"]).await,
        };
        assert!(output.status.success(), "shell command {n}: {output:?}");
        read(http.clone()).await;
        assert_eq!(server.exited(), None, "serve died after shell command {n}");
        let (holds, held) = holds_shared_shm_lock(&shm, server.pid());
        assert!(
            holds,
            "after shell command {n}, serve holds no shared lock on -shm's byte 128: {held:?}"
        );
    }
}

/// The organiser's evening: `serve` alone on the file, readers on its API and widgets, and the
/// shell registering, withdrawing and listing in four terminals at once. `serve` survives
/// every command, every read answers 200, and the file is whole afterwards.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serve_alone_survives_the_shell_writing_beside_it() {
    let t = support::sqlite().await;
    t.let_go().await;
    let key = club_by_shell(&t).await;
    let mut server = Server::start(&t, &["--rate-limit", "1000000"]);
    let stop = Arc::new(AtomicBool::new(false));
    let (reading, read) = readers(&server, &key, Arc::clone(&stop));
    let terminals: Vec<_> = (0..4)
        .map(|terminal| {
            let t = &t;
            async move {
                for n in 0..10 {
                    let name = format!("Player {terminal}-{n}");
                    let register = t.shell(&["tournaments", "register", "cup", &name]).await;
                    assert!(register.status.success(), "register {name}: {register:?}");
                    let next = match n % 3 {
                        0 => t.shell(&["tournaments", "withdraw", "cup", &name]).await,
                        1 => t.shell(&["spaces", "list"]).await,
                        _ => t.shell(&["tournaments", "registrations", "cup"]).await,
                    };
                    assert!(
                        next.status.success(),
                        "terminal {terminal}, step {n}: {next:?}"
                    );
                }
            }
        })
        .collect();
    futures_util::future::join_all(terminals).await;
    // A few more reads after the last command closed the file.
    tokio::time::sleep(Duration::from_millis(300)).await;
    stop.store(true, Ordering::Relaxed);
    let wrong = reading.await.expect("the readers");
    assert_eq!(server.exited(), None, "serve died while the shell wrote");
    assert!(
        wrong.is_empty(),
        "{} reads were not 200, the first: {:?}",
        wrong.len(),
        &wrong[..wrong.len().min(5)]
    );
    assert!(read.load(Ordering::Relaxed) > 100, "the readers read");
    let registrations = t.run(&["tournaments", "registrations", "cup"]);
    // 40 registered, 16 of them withdrawn at once (n = 0, 3, 6, 9 in each of four terminals).
    assert_eq!(
        registrations
            .lines()
            .filter(|l| l.contains("active"))
            .count(),
        40 - 16,
        "{registrations}"
    );
    drop(server);
    let check = sqlite_integrity(&t).await;
    assert_eq!(check, "ok");
}

/// `PRAGMA integrity_check` on a connection of its own, once every server has stopped.
pub async fn sqlite_integrity(t: &TestDb) -> String {
    use sqlx::Connection;
    let mut conn = sqlx::SqliteConnection::connect(&t.url)
        .await
        .expect("open the file");
    let check: String = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(&mut conn)
        .await
        .expect("integrity_check");
    conn.close().await.ok();
    check
}
