//! Places tourney refuses to keep a SQLite database, at start, with one line naming the file and
//! what to do, exit status 1 and nothing changed: a read-only file system or a directory and file
//! this user may not write, and a directory that does not exist.
//!
//! A read-only place is made with a real read-only mount when the tests run as root (root writes
//! through any permission bits): a tmpfs, the database created on it, then remounted read-only,
//! and unmounted when the test ends, however it ends. Other users get `chmod`. Where mounting is
//! impossible the test says why and is skipped, except under CI (`CI` set), where it fails.

use std::io::Write;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// `tourney` with a clean environment, on the SQLite file `db`.
fn tourney(db: &Path) -> assert_cmd::Command {
    let mut command = assert_cmd::Command::new(env!("CARGO_BIN_EXE_tourney"));
    for (key, _) in std::env::vars() {
        if key.starts_with("TOURNEY_") {
            command.env_remove(key);
        }
    }
    command
        .env("TOURNEY_DATABASE_URL", format!("sqlite://{}", db.display()))
        .env("TOURNEY_ACTOR", "test-admin")
        .timeout(Duration::from_secs(30));
    command
}

/// Skips the test with `reason` printed, or fails it under CI.
fn skip(test: &str, reason: &str) {
    if std::env::var_os("CI").is_some() {
        panic!("{test} may not be skipped in CI: {reason}");
    }
    let _ = writeln!(std::io::stderr(), "skipped {test}: {reason}");
}

fn running_as_root() -> bool {
    // /proc/self belongs to the process's effective user.
    std::fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0)
}

/// Runs `mount ARGS`; the reason when it fails.
fn mount(args: &[&str]) -> Result<(), String> {
    match Command::new("mount").args(args).output() {
        Ok(out) if out.status.success() => Ok(()),
        Ok(out) => Err(format!(
            "mount {}: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        )),
        Err(e) => Err(format!("cannot run mount: {e}")),
    }
}

/// A directory holding a database that this process may not write, restored when dropped: a
/// tmpfs remounted read-only (unmounted), or permissions taken away (given back).
struct ReadOnlyPlace {
    /// Declared first, so it is undone before the directory is removed.
    _undo: Undo,
    dir: tempfile::TempDir,
    /// What the refusal must say.
    expected: &'static str,
}

enum Undo {
    Unmount(PathBuf),
    Chmod(PathBuf),
}

impl Drop for Undo {
    fn drop(&mut self) {
        match self {
            Undo::Unmount(dir) => {
                let unmounted = Command::new("umount")
                    .arg(&*dir)
                    .status()
                    .is_ok_and(|s| s.success());
                if !unmounted {
                    // Busy (a process of a failed test still has it open): detach it now.
                    let _ = Command::new("umount").arg("-l").arg(&*dir).status();
                }
            }
            Undo::Chmod(dir) => {
                let _ = std::fs::set_permissions(&*dir, std::fs::Permissions::from_mode(0o755));
                if let Ok(entries) = std::fs::read_dir(&*dir) {
                    for entry in entries.flatten() {
                        let _ = std::fs::set_permissions(
                            entry.path(),
                            std::fs::Permissions::from_mode(0o644),
                        );
                    }
                }
            }
        }
    }
}

impl ReadOnlyPlace {
    /// The database path inside.
    fn db(&self) -> PathBuf {
        self.dir.path().join("tourney.db")
    }

    /// A database with a space in it, made read-only; `None` (with the reason printed) where
    /// that is impossible outside CI.
    fn make(test: &str) -> Option<ReadOnlyPlace> {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let db = dir.path().join("tourney.db");
        let create = |db: &Path| {
            tourney(db)
                .args(["spaces", "create", "club", "--name", "Club"])
                .assert()
                .success();
        };
        if running_as_root() {
            let path = dir.path().to_str().expect("a UTF-8 path").to_owned();
            if let Err(reason) = mount(&["-t", "tmpfs", "-o", "size=8m", "tmpfs", &path]) {
                skip(test, &reason);
                return None;
            }
            let place = ReadOnlyPlace {
                _undo: Undo::Unmount(dir.path().to_owned()),
                dir,
                expected: "is mounted read-only",
            };
            create(&db);
            if let Err(reason) = mount(&["-o", "remount,ro", &path]) {
                skip(test, &reason);
                return None;
            }
            Some(place)
        } else {
            create(&db);
            std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o444))
                .expect("chmod the database");
            std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o555))
                .expect("chmod the directory");
            Some(ReadOnlyPlace {
                _undo: Undo::Chmod(dir.path().to_owned()),
                dir,
                expected: "this user may not",
            })
        }
    }

    /// The names and sizes of the files in the directory.
    fn listing(&self) -> Vec<(String, u64)> {
        let mut files: Vec<_> = std::fs::read_dir(self.dir.path())
            .expect("list the directory")
            .flatten()
            .map(|e| {
                let size = e.metadata().map_or(0, |m| m.len());
                (e.file_name().to_string_lossy().into_owned(), size)
            })
            .collect();
        files.sort();
        files
    }
}

/// Asserts that `output` is a refusal in one line that names `db` and says `expected`.
fn assert_refused(what: &str, output: &std::process::Output, db: &Path, expected: &str) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{what}: {output:?}");
    assert_eq!(stderr.lines().count(), 1, "{what}: one line: {stderr}");
    let prefix = format!("error: cannot open the database {}: ", db.display());
    assert!(
        stderr.starts_with(&prefix) && stderr.contains(expected),
        "{what}: {stderr}"
    );
    assert!(!stderr.contains("panicked"), "{what}: {stderr}");
}

/// `serve`, a read, a write and `db migrate` on a database they may not write: each refuses at
/// start, and the files are as they were.
#[test]
fn a_read_only_database_is_refused_at_start_by_every_command() {
    let Some(place) = ReadOnlyPlace::make(
        "storage::refused_places::a_read_only_database_is_refused_at_start_by_every_command",
    ) else {
        return;
    };
    let db = place.db();
    let before = place.listing();
    for args in [
        &["serve", "--listen", "127.0.0.1:0"][..],
        &["spaces", "list"],
        &["spaces", "create", "other", "--name", "Other"],
        &["db", "migrate"],
    ] {
        let output = tourney(&db).args(args).output().expect("run tourney");
        assert_refused(&args.join(" "), &output, &db, place.expected);
        assert!(output.stdout.is_empty(), "{args:?} printed {output:?}");
    }
    assert_eq!(place.listing(), before, "the files changed");
}

/// A database in a directory that does not exist: refused (by a command that would create the
/// database for want of a directory, by any other for want of the database), and the directory
/// is not created.
#[test]
fn a_database_in_a_missing_directory_is_refused_and_nothing_is_created() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("missing").join("tourney.db");
    let no_directory = format!(
        "there is no directory {}",
        dir.path().join("missing").display()
    );
    for (args, expected) in [
        (
            &["spaces", "create", "club", "--name", "Club"][..],
            no_directory.as_str(),
        ),
        (&["serve", "--listen", "127.0.0.1:0"], &no_directory),
        (
            &["spaces", "list"],
            "there is no such file, and this command creates none",
        ),
    ] {
        let output = tourney(&db).args(args).output().expect("run tourney");
        assert_refused(&args.join(" "), &output, &db, expected);
    }
    assert_eq!(
        std::fs::read_dir(dir.path()).expect("list").count(),
        0,
        "nothing was created"
    );
}
