//! Headless Chromium for end-to-end widget tests: Debian's `chromium` driven through its
//! `chromedriver` (WebDriver, with fantoccini) on a free loopback port, with a fresh profile.
//!
//! Without a browser the test prints why it was skipped; under CI (`CI` set) it fails instead,
//! so CI cannot pass without having run it. `.ci/run` installs both packages.
//! `TOURNEY_TEST_CHROMIUM` and `TOURNEY_TEST_CHROMEDRIVER` name other binaries.

use std::io::Write;
use std::net::TcpListener;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{Value, json};

/// A running chromedriver and one browser session; both end when this is dropped (after
/// [`Browser::close`] for a clean session end).
pub struct Browser {
    pub client: Client,
    driver: Child,
    _profile: tempfile::TempDir,
}

/// The first executable called one of `names` on `PATH`.
fn on_path(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| names.iter().map(move |name| dir.join(name)))
        .find(|candidate| candidate.is_file())
}

fn binary(variable: &str, names: &[&str]) -> Option<PathBuf> {
    match std::env::var_os(variable) {
        Some(path) => Some(PathBuf::from(path)).filter(|p| p.is_file()),
        None => on_path(names),
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free loopback port")
}

impl Browser {
    /// Starts chromedriver and a headless Chromium session, or returns `None` (with the reason
    /// printed) when they are not installed outside CI.
    pub async fn start(test: &str) -> Option<Browser> {
        let chromium = binary(
            "TOURNEY_TEST_CHROMIUM",
            &["chromium", "chromium-browser", "google-chrome"],
        );
        let driver = binary("TOURNEY_TEST_CHROMEDRIVER", &["chromedriver"]);
        let (Some(chromium), Some(driver)) = (chromium, driver) else {
            let why = "chromium and chromedriver are not installed \
                       (apt-get install chromium chromium-driver; see README, Testing)";
            if std::env::var_os("CI").is_some() {
                panic!("{test}: {why}; browser tests may not be skipped in CI");
            }
            let _ = writeln!(std::io::stderr(), "skipped {test}: {why}");
            return None;
        };
        Some(Browser::launch(&chromium, &driver).await)
    }

    async fn launch(chromium: &Path, driver: &Path) -> Browser {
        let port = free_port();
        // Its own process group, so that dropping the handle also ends the Chromium it started.
        let mut driver = Command::new(driver)
            .arg(format!("--port={port}"))
            .process_group(0)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chromedriver");
        let webdriver = format!("http://127.0.0.1:{port}");
        let profile = tempfile::tempdir().expect("a browser profile directory");
        let capabilities = json!({
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": chromium,
                "args": [
                    "--headless=new",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--disable-dev-shm-usage",
                    "--disable-quic",
                    // The test machines have no network beyond loopback: no background calls.
                    "--disable-background-networking",
                    "--disable-component-update",
                    "--disable-sync",
                    "--no-first-run",
                    "--hide-scrollbars",
                    "--force-device-scale-factor=1",
                    "--window-size=1280,1000",
                    format!("--user-data-dir={}", profile.path().display()),
                ],
            },
        });
        let Value::Object(capabilities) = capabilities else {
            unreachable!("a JSON object literal")
        };
        let deadline = Instant::now() + Duration::from_secs(30);
        let client = loop {
            let attempt = ClientBuilder::new(HttpConnector::new())
                .capabilities(capabilities.clone())
                .connect(&webdriver)
                .await;
            match attempt {
                Ok(client) => break client,
                // chromedriver takes a moment to listen.
                Err(_) if Instant::now() < deadline => {
                    if let Ok(Some(status)) = driver.try_wait() {
                        panic!("chromedriver exited at start: {status}");
                    }
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
                Err(e) => {
                    let _ = driver.kill();
                    panic!("cannot start a Chromium session through chromedriver: {e}");
                }
            }
        };
        Browser {
            client,
            driver,
            _profile: profile,
        }
    }

    /// Ends the session (closing Chromium) and stops chromedriver.
    pub async fn close(self) {
        let _ = self.client.clone().close().await;
    }

    /// Runs `script` in the current frame and returns its value.
    pub async fn js(&self, script: &str) -> Value {
        self.client
            .execute(script, Vec::new())
            .await
            .unwrap_or_else(|e| panic!("script failed: {e}\n{script}"))
    }

    /// Waits (up to 10 s) until `script` returns `true` in the current frame.
    pub async fn wait_until(&self, what: &str, script: &str) {
        let deadline = Instant::now() + Duration::from_secs(10);
        while self.js(script).await != Value::Bool(true) {
            assert!(Instant::now() < deadline, "timed out waiting until {what}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let group = format!("-{}", self.driver.id());
        let _ = Command::new("kill").args(["-KILL", "--", &group]).status();
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// Where tests leave files for people to look at (screenshots): `target/test-artifacts/<name>`,
/// or `$TOURNEY_TEST_ARTIFACTS/<name>`.
pub fn artifacts_dir(name: &str) -> PathBuf {
    let root = std::env::var_os("TOURNEY_TEST_ARTIFACTS")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
            tmp.parent().unwrap_or(tmp).join("test-artifacts")
        });
    let dir = root.join(name);
    std::fs::create_dir_all(&dir).expect("create the artifacts directory");
    dir
}
