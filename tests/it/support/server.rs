//! A real `tourney serve` process on a free loopback port, for end-to-end tests. It is killed when
//! the handle is dropped, so a failing test never leaves a server behind.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use super::TestDb;

pub struct Server {
    child: Child,
    /// Where the server's log goes, when the test reads it ([`Server::start_logged`]).
    log: Option<tempfile::NamedTempFile>,
    /// `http://127.0.0.1:PORT`
    pub base: String,
    /// Every line the server printed on stdout before it was ready (and after, as they come).
    pub lines: Vec<String>,
    /// How it was started (base URL, listen address, arguments), to start it again.
    started: (String, String, Vec<String>),
}

impl Server {
    /// Starts `tourney serve --listen 127.0.0.1:0` with `args`, and waits until it listens (and,
    /// with `--demo`, until it printed the demo key). Its links point at `https://cup.example.org`.
    pub fn start(t: &TestDb, args: &[&str]) -> Server {
        Server::spawn(t, "https://cup.example.org", "127.0.0.1:0", args)
    }

    /// `tourney serve --listen 127.0.0.1:0` with `args` and no base URL at all, as a newcomer
    /// starts it: its links lead to the address it listens on.
    pub fn start_without_base_url(t: &TestDb, args: &[&str]) -> Server {
        Server::try_spawn(t, "", "127.0.0.1:0", args, None)
            .expect("tourney serve exited before it listened")
    }

    /// Like [`Server::start`], on a free port chosen beforehand so that `--base-url` can be the
    /// server's own address: its embed codes and portal links then lead back to it, as they
    /// would behind a real domain. If another process takes the port first, it tries another.
    pub fn start_self_linked(t: &TestDb, args: &[&str]) -> Server {
        for _ in 0..5 {
            let port = std::net::TcpListener::bind("127.0.0.1:0")
                .and_then(|l| l.local_addr())
                .map(|a| a.port())
                .expect("a free loopback port");
            let listen = format!("127.0.0.1:{port}");
            if let Some(server) =
                Server::try_spawn(t, &format!("http://{listen}"), &listen, args, None)
            {
                return server;
            }
        }
        panic!("tourney serve could not listen on any of five free ports");
    }

    /// Like [`Server::start_self_linked`], with every request logged (level `info`) to a file
    /// the test reads with [`Server::log`].
    pub fn start_logged(t: &TestDb, args: &[&str]) -> Server {
        let log = tempfile::NamedTempFile::new().expect("a log file");
        for _ in 0..5 {
            let port = std::net::TcpListener::bind("127.0.0.1:0")
                .and_then(|l| l.local_addr())
                .map(|a| a.port())
                .expect("a free loopback port");
            let listen = format!("127.0.0.1:{port}");
            let base = format!("http://{listen}");
            if let Some(mut server) = Server::try_spawn(t, &base, &listen, args, Some(log.path())) {
                server.log = Some(log);
                return server;
            }
        }
        panic!("tourney serve could not listen on any of five free ports");
    }

    /// What the server logged so far (see [`Server::start_logged`]).
    pub fn log(&self) -> String {
        self.log
            .as_ref()
            .map(|file| std::fs::read_to_string(file.path()).expect("read the log"))
            .unwrap_or_default()
    }

    fn spawn(t: &TestDb, base_url: &str, listen: &str, args: &[&str]) -> Server {
        Server::try_spawn(t, base_url, listen, args, None)
            .expect("tourney serve exited before it listened")
    }

    /// Starts the server; `None` if it exited before listening (it binds before anything else).
    /// An empty `base_url` gives none.
    fn try_spawn(
        t: &TestDb,
        base_url: &str,
        listen: &str,
        args: &[&str],
        log: Option<&std::path::Path>,
    ) -> Option<Server> {
        let level = match log {
            Some(_) => "info".to_owned(),
            None => std::env::var("TOURNEY_TEST_SERVER_LOGS").unwrap_or_else(|_| "warn".into()),
        };
        let stderr = match log {
            Some(path) => Stdio::from(std::fs::File::create(path).expect("the log file")),
            None if std::env::var_os("TOURNEY_TEST_SERVER_LOGS").is_some() => Stdio::inherit(),
            None => Stdio::null(),
        };
        let mut child = Command::new(env!("CARGO_BIN_EXE_tourney"))
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("TOURNEY_DATABASE_URL", &t.url)
            .env("TOURNEY_LOG", level)
            .args(if base_url.is_empty() {
                vec![]
            } else {
                vec!["--base-url", base_url]
            })
            .args(["serve", "--listen", listen])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .expect("start tourney serve");
        let stdout = child.stdout.take().expect("stdout");
        let (sender, receiver) = mpsc::channel();
        std::thread::spawn(move || {
            // Read to the end even when nobody listens any more: a server whose stdout is closed
            // must not be what a test observes.
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = sender.send(line);
            }
        });
        let demo = args.contains(&"--demo");
        let mut lines = Vec::new();
        let mut base = None;
        while base.is_none()
            || (demo && !lines.iter().any(|l: &String| l.starts_with("demo API key")))
        {
            let line = match receiver.recv_timeout(Duration::from_secs(30)) {
                Ok(line) => line,
                Err(mpsc::RecvTimeoutError::Disconnected) if base.is_none() => {
                    let _ = child.wait();
                    return None;
                }
                Err(e) => panic!("tourney serve did not print its address: {e}"),
            };
            if let Some(address) = line.strip_prefix("listening on ") {
                base = Some(address.to_owned());
            }
            lines.push(line);
        }
        Some(Server {
            child,
            log: None,
            base: base.unwrap_or_default(),
            lines,
            started: (
                base_url.to_owned(),
                listen.to_owned(),
                args.iter().map(|a| (*a).to_owned()).collect(),
            ),
        })
    }

    /// The demo key printed by `--demo`.
    pub fn demo_key(&self) -> String {
        self.lines
            .iter()
            .find_map(|l| l.strip_prefix("demo API key (shown once): "))
            .expect("a demo key")
            .to_owned()
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// The process's id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// How the process ended, if it has (a server that died under a test's feet).
    pub fn exited(&mut self) -> Option<std::process::ExitStatus> {
        self.child.try_wait().ok().flatten()
    }

    /// Kills the process with SIGKILL, as a crash would, and waits for it to end.
    pub fn kill(mut self) -> std::process::ExitStatus {
        let _ = self.child.kill();
        self.child.wait().expect("wait for the killed server")
    }

    /// Stops the server with SIGTERM, runs `while_stopped`, and starts it again on the same
    /// address with the same arguments, as an operator's restart does.
    pub fn restart(self, t: &TestDb, while_stopped: impl FnOnce()) -> Server {
        let (base_url, listen, args) = self.started.clone();
        let listen = match listen.as_str() {
            "127.0.0.1:0" => self.base.trim_start_matches("http://").to_owned(),
            _ => listen,
        };
        let status = self.terminate();
        assert!(status.success(), "tourney serve stopped with {status}");
        while_stopped();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        Server::try_spawn(t, &base_url, &listen, &args, None)
            .expect("tourney serve started again on its address")
    }

    /// Sends SIGTERM and waits for the process to end; returns its exit status.
    pub fn terminate(mut self) -> std::process::ExitStatus {
        let pid = self.child.id().to_string();
        let _ = Command::new("kill").args(["-TERM", &pid]).status();
        for _ in 0..100 {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("tourney serve did not stop within 5 s of SIGTERM");
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
