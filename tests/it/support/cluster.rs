//! A Postgres server of a test's own, which the test may stop and start (the shared one of
//! `TOURNEY_TEST_PG_URL` must stay up for the others): Debian's `initdb` and `pg_ctl` on a free
//! port in a temporary directory, run as the `postgres` user when the tests run as root.
//!
//! Without the binaries the test prints why it was skipped; under CI it fails instead.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

pub struct Cluster {
    bin: PathBuf,
    dir: tempfile::TempDir,
    port: u16,
    pub url: String,
}

/// The newest `/usr/lib/postgresql/*/bin` with `initdb`, or `TOURNEY_PG_BIN`.
fn binaries() -> Option<PathBuf> {
    if let Some(bin) = std::env::var_os("TOURNEY_PG_BIN") {
        return Some(PathBuf::from(bin));
    }
    let mut found: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(|entry| entry.ok().map(|e| e.path().join("bin")))
        .filter(|bin| bin.join("initdb").is_file())
        .collect();
    found.sort_by_key(|bin| {
        bin.parent()
            .and_then(|v| v.file_name())
            .and_then(|v| v.to_str())
            .and_then(|v| v.parse::<u32>().ok())
            .unwrap_or(0)
    });
    found.pop()
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
        .unwrap_or(false)
}

impl Cluster {
    /// A new cluster, running; `None` (with the reason printed) without Postgres outside CI.
    pub fn start(test: &str) -> Option<Cluster> {
        let Some(bin) = binaries() else {
            let why = "PostgreSQL's initdb is not installed (see README, Testing)";
            if std::env::var_os("CI").is_some() {
                panic!("{test}: {why}; Postgres tests may not be skipped in CI");
            }
            let _ = writeln!(std::io::stderr(), "skipped {test}: {why}");
            return None;
        };
        let dir = tempfile::tempdir().expect("a directory for the cluster");
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .expect("a free port");
        let cluster = Cluster {
            url: format!("postgres://postgres@127.0.0.1:{port}/postgres"),
            bin,
            dir,
            port,
        };
        if is_root() {
            let status = Command::new("chown")
                .args(["postgres:postgres"])
                .arg(cluster.dir.path())
                .status()
                .expect("chown");
            assert!(status.success(), "chown the cluster's directory");
        }
        cluster.run(
            "initdb",
            &["-D", &cluster.data(), "-U", "postgres", "--auth=trust"],
        );
        cluster.up();
        Some(cluster)
    }

    fn data(&self) -> String {
        self.dir.path().join("data").display().to_string()
    }

    /// Runs a Postgres tool, as the `postgres` user when we are root.
    fn run(&self, tool: &str, args: &[&str]) {
        let path = self.bin.join(tool);
        let mut command = if is_root() {
            let mut command = Command::new("runuser");
            command.args(["-u", "postgres", "--"]).arg(&path);
            command
        } else {
            Command::new(&path)
        };
        let output = command
            .args(args)
            .output()
            .unwrap_or_else(|e| panic!("run {tool}: {e}"));
        assert!(
            output.status.success(),
            "{tool} {args:?}: {}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
    }

    /// Starts the server (again) and waits until it takes connections.
    pub fn up(&self) {
        let options = format!(
            "-c listen_addresses=127.0.0.1 -p {} -k {} -c fsync=off",
            self.port,
            self.dir.path().display()
        );
        let log = Path::new(&self.data())
            .join("server.log")
            .display()
            .to_string();
        self.run(
            "pg_ctl",
            &[
                "-D",
                &self.data(),
                "-l",
                &log,
                "-w",
                "-o",
                &options,
                "start",
            ],
        );
    }

    /// Stops the server at once, as a crash or an outage would.
    pub fn down(&self) {
        self.run(
            "pg_ctl",
            &["-D", &self.data(), "-m", "immediate", "-w", "stop"],
        );
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let data = self.data();
        let path = self.bin.join("pg_ctl");
        let mut command = if is_root() {
            let mut command = Command::new("runuser");
            command.args(["-u", "postgres", "--"]).arg(&path);
            command
        } else {
            Command::new(&path)
        };
        let _ = command
            .args(["-D", &data, "-m", "immediate", "stop"])
            .output();
    }
}
