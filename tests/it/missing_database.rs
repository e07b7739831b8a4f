//! A SQLite database is created only by the commands that make one (`serve`, `demo`, `import`,
//! `db migrate`, `spaces create`): every other command, pointed at a file that is not there (run
//! in the wrong folder, say), exits 1 with one line naming the file it looked for and how to
//! point it elsewhere, and leaves nothing behind (no database, no `-wal`, no `-shm`). Postgres
//! databases are made by their administrator and are not concerned.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// `tourney` in `dir`, with a clean environment: the default database (`sqlite://tourney.db`,
/// in `dir`) unless `url` is given.
fn tourney(dir: &Path, url: Option<&str>) -> assert_cmd::Command {
    let mut command = assert_cmd::Command::new(env!("CARGO_BIN_EXE_tourney"));
    for (key, _) in std::env::vars() {
        if key.starts_with("TOURNEY_") {
            command.env_remove(key);
        }
    }
    command
        .current_dir(dir)
        .env("TOURNEY_ACTOR", "test-admin")
        .timeout(Duration::from_secs(30));
    if let Some(url) = url {
        command.env("TOURNEY_DATABASE_URL", url);
    }
    command
}

/// The files in `dir`, by name.
fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("list")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
}

/// Every kind of command that reads or changes a database it does not create.
const NOT_CREATING: &[&[&str]] = &[
    &["spaces", "list"],
    &["keys", "list", "--space", "club"],
    &["keys", "create", "--space", "club"],
    &["members", "list", "--space", "club"],
    &["login-link", "--email", "owner@example.org"],
    &["tournaments", "list"],
    &["tournaments", "show", "cup"],
    &["tournaments", "register", "cup", "Anna"],
    &[
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
        "2026-12-04T18:00:00Z",
    ],
    &["matches", "list", "cup"],
    &["stages", "list", "cup"],
    &["audit"],
    &["hooks", "list", "--space", "club"],
    &["hooks", "deliveries", "hook_1"],
    &["ping", "hook_1"],
    &["embed", "cup"],
    &["dispatch", "--once"],
    &["dispatch"],
];

/// Each command that does not create databases, in a folder without one, with the default URL:
/// exit 1, one line that names the file by its full path and says how to point tourney at the
/// database, and the folder still empty.
#[test]
fn commands_that_do_not_create_a_database_refuse_a_missing_file_and_leave_nothing() {
    let dir = tempfile::tempdir().expect("a directory");
    let looked_at = dir.path().join("tourney.db");
    for args in NOT_CREATING {
        let output = tourney(dir.path(), None)
            .args(*args)
            .output()
            .expect("run tourney");
        let what = args.join(" ");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{what}: {output:?}");
        assert_eq!(stderr.lines().count(), 1, "{what}: one line: {stderr}");
        for said in [
            format!(
                "cannot open the database {}: there is no such file",
                looked_at.display()
            ),
            "the database URL is sqlite://tourney.db".to_owned(),
            "--database-url".to_owned(),
            "TOURNEY_DATABASE_URL".to_owned(),
            "tourney db migrate".to_owned(),
        ] {
            assert!(stderr.contains(&said), "{what}: says {said:?}: {stderr}");
        }
        assert!(output.stdout.is_empty(), "{what} printed {output:?}");
        assert!(
            files(dir.path()).is_empty(),
            "{what} left {:?}",
            files(dir.path())
        );
    }
}

/// The same with a URL that names a file in another folder, and `db backup` (which never creates
/// the database it copies, nor, failing, the copy).
#[test]
fn a_missing_file_named_by_url_is_refused_by_reads_writes_and_backups() {
    let dir = tempfile::tempdir().expect("a directory");
    let here = tempfile::tempdir().expect("another directory");
    let db = dir.path().join("club.db");
    let url = format!("sqlite://{}", db.display());
    for args in [
        &["spaces", "list"][..],
        &["tournaments", "status", "cup", "REGISTRATION_OPEN"],
        &["hooks", "retry", "--hook", "hook_1", "--failed"],
    ] {
        let output = tourney(here.path(), Some(&url))
            .args(args)
            .output()
            .expect("run tourney");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{args:?}: {output:?}");
        assert!(
            stderr.contains(&format!("{}: there is no such file", db.display()))
                && stderr.contains(&url),
            "{args:?}: {stderr}"
        );
    }
    let copy = here.path().join("copy.db");
    let output = tourney(here.path(), Some(&url))
        .args(["db", "backup"])
        .arg(&copy)
        .output()
        .expect("run tourney");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "db backup: {output:?}");
    assert!(
        stderr.contains(&format!(
            "there is no database at {} to back up",
            db.display()
        )) && stderr.contains("--database-url"),
        "db backup: {stderr}"
    );
    assert!(files(dir.path()).is_empty(), "left {:?}", files(dir.path()));
    assert!(
        files(here.path()).is_empty(),
        "left {:?}",
        files(here.path())
    );
}

/// The commands that make a database make one on a fresh path, and the others then use it.
#[test]
fn the_commands_that_make_a_database_make_one_on_a_fresh_path() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let made = |name: &str, args: &[&str]| {
        let dir = tempfile::tempdir().expect("a directory");
        let output = tourney(dir.path(), None)
            .args(args)
            .output()
            .expect("run tourney");
        assert!(output.status.success(), "{name}: {output:?}");
        assert!(
            dir.path().join("tourney.db").is_file(),
            "{name} made tourney.db"
        );
        let listed = tourney(dir.path(), None)
            .args(["spaces", "list"])
            .output()
            .expect("run tourney");
        assert!(
            listed.status.success(),
            "spaces list after {name}: {listed:?}"
        );
        String::from_utf8_lossy(&listed.stdout).into_owned()
    };
    made("db migrate", &["db", "migrate"]);
    assert!(
        made(
            "spaces create",
            &["spaces", "create", "club", "--name", "Club"]
        )
        .contains("club")
    );
    assert!(made("demo", &["demo"]).contains("demo"));
    let import = root.join("examples").join("import.json");
    let import = import.to_str().expect("a UTF-8 path");
    assert!(!made("import", &["import", import]).trim().is_empty());

    // serve makes it at start.
    let dir = tempfile::tempdir().expect("a directory");
    let mut serve = Command::new(env!("CARGO_BIN_EXE_tourney"));
    for (key, _) in std::env::vars() {
        if key.starts_with("TOURNEY_") {
            serve.env_remove(key);
        }
    }
    let mut child = serve
        .current_dir(dir.path())
        .env("TOURNEY_ACTOR", "test-admin")
        .args(["serve", "--listen", "127.0.0.1:0", "--no-dispatch"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn tourney serve");
    let deadline = Instant::now() + Duration::from_secs(30);
    while !dir.path().join("tourney.db").is_file() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    let running = child.try_wait().expect("try_wait").is_none();
    let _ = child.kill();
    let _ = child.wait();
    assert!(running, "serve runs on the database it made");
    assert!(
        dir.path().join("tourney.db").is_file(),
        "serve made tourney.db"
    );
}
