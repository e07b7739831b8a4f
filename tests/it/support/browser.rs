//! Headless Chromium for end-to-end widget tests: Debian's `chromium` driven through its
//! `chromedriver` (WebDriver, with fantoccini) on a free loopback port, with a fresh profile.
//!
//! Without a browser the test prints why it was skipped; under CI (`CI` set) it fails instead,
//! so CI cannot pass without having run it. `.ci/run` installs both packages.
//! `TOURNEY_TEST_CHROMIUM` and `TOURNEY_TEST_CHROMEDRIVER` name other binaries.

use std::io::{BufRead, BufReader, Write};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{Value, json};

/// A running chromedriver and one browser session; both end when this is dropped (after
/// [`Browser::close`] for a clean session end).
pub struct Browser {
    pub client: Client,
    _driver: Driver,
    _profile: tempfile::TempDir,
}

/// chromedriver in its own process group: dropping it ends chromedriver and every Chromium
/// process it started, even when a test panics half-way.
struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let group = format!("-{}", self.0.id());
        let _ = Command::new("kill").args(["-KILL", "--", &group]).status();
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The first executable called one of `names` on `PATH`.
fn on_path(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| names.iter().map(move |name| dir.join(name)))
        .find(|candidate| candidate.is_file())
}

/// The binary `variable` names, or the first of `names` on `PATH`; why not, if neither.
pub(crate) fn binary(variable: &str, names: &[&str]) -> Result<PathBuf, String> {
    match std::env::var_os(variable) {
        Some(path) if Path::new(&path).is_file() => Ok(PathBuf::from(path)),
        Some(path) => Err(format!("{variable} names {path:?}, which does not exist")),
        None => on_path(names).ok_or_else(|| {
            format!(
                "{} is not installed (apt-get install chromium chromium-driver; see README, Testing)",
                names[0]
            )
        }),
    }
}

impl Browser {
    /// Starts chromedriver and a headless Chromium session, or returns `None` (with the reason
    /// printed) when they are not installed outside CI.
    pub async fn start(test: &str) -> Option<Browser> {
        let found = binary(
            "TOURNEY_TEST_CHROMIUM",
            &["chromium", "chromium-browser", "google-chrome"],
        )
        .and_then(|chromium| {
            Ok((
                chromium,
                binary("TOURNEY_TEST_CHROMEDRIVER", &["chromedriver"])?,
            ))
        });
        let (chromium, driver) = match found {
            Ok(found) => found,
            Err(why) => {
                if std::env::var_os("CI").is_some() {
                    panic!("{test}: {why}; browser tests may not be skipped in CI");
                }
                let _ = writeln!(std::io::stderr(), "skipped {test}: {why}");
                return None;
            }
        };
        Some(Browser::launch(&chromium, &driver).await)
    }

    async fn launch(chromium: &Path, driver: &Path) -> Browser {
        let log = artifacts_dir("browser").join("chromedriver.log");
        let mut child = Command::new(driver)
            .arg("--port=0")
            .arg(format!("--log-path={}", log.display()))
            .process_group(0)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chromedriver");
        let stdout = child.stdout.take().expect("chromedriver's stdout");
        let driver = Driver(child);
        // "ChromeDriver was started successfully on port N."; the port is its own choice, so no
        // other test can take it in between. The rest of its output is drained, never left to
        // fill the pipe.
        let (found, port) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if let Some(rest) =
                    line.strip_prefix("ChromeDriver was started successfully on port ")
                {
                    let _ = found.send(rest.trim_end_matches('.').parse::<u16>().ok());
                }
            }
        });
        let port = port
            .recv_timeout(Duration::from_secs(30))
            .ok()
            .flatten()
            .unwrap_or_else(|| panic!("chromedriver did not start; see {}", log.display()));
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
                    "--force-device-scale-factor=1",
                    "--window-size=1280,1800",
                    format!("--user-data-dir={}", profile.path().display()),
                ],
            },
        });
        let Value::Object(capabilities) = capabilities else {
            unreachable!("a JSON object literal")
        };
        let client = ClientBuilder::new(HttpConnector::new())
            .capabilities(capabilities)
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
            .unwrap_or_else(|e| {
                panic!(
                    "cannot start Chromium through chromedriver: {e}; see {}",
                    log.display()
                )
            });
        Browser {
            client,
            _driver: driver,
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

    /// Makes every request take at least `latency` before its answer starts, as on a slow
    /// mobile connection (chromedriver's network conditions).
    pub async fn slow_network(&self, latency: Duration) {
        self.client
            .issue_cmd(SessionPost {
                path: "chromium/network_conditions",
                body: json!({
                    "network_conditions": {
                        "offline": false,
                        "latency": latency.as_millis(),
                        "download_throughput": 10_000_000,
                        "upload_throughput": 10_000_000,
                    }
                }),
            })
            .await
            .expect("set chromedriver's network conditions");
    }

    /// Makes the page `width` × `height` CSS pixels, as on a device of that size: a phone
    /// (`mobile`, where the page's viewport meta applies) or a desktop window. Chromium's device
    /// emulation, through chromedriver's CDP command.
    pub async fn viewport(&self, width: u32, height: u32, mobile: bool) {
        self.client
            .issue_cmd(SessionPost {
                path: "goog/cdp/execute",
                body: json!({
                    "cmd": "Emulation.setDeviceMetricsOverride",
                    "params": {
                        "width": width,
                        "height": height,
                        "deviceScaleFactor": 1,
                        "mobile": mobile,
                    }
                }),
            })
            .await
            .unwrap_or_else(|e| panic!("emulate a {width}x{height} screen: {e}"));
    }

    /// Runs the DevTools command `cmd` with `params` in the current tab (chromedriver's CDP
    /// passthrough) and returns its result.
    pub async fn cdp(&self, cmd: &str, params: Value) -> Value {
        self.client
            .issue_cmd(SessionPost {
                path: "goog/cdp/execute",
                body: json!({ "cmd": cmd, "params": params }),
            })
            .await
            .unwrap_or_else(|e| panic!("{cmd}: {e}"))
    }

    /// Renders pages for `media` (`print`, `screen`, or `""` for the browser's own), as a print
    /// preview lays them out but without pages: Chromium's media emulation, kept across loads.
    pub async fn emulate_media(&self, media: &str) {
        self.cdp("Emulation.setEmulatedMedia", json!({ "media": media }))
            .await;
    }

    /// The current page printed to PDF with `params` (`Page.printToPDF`'s: paper, margins), as
    /// the PDF's bytes.
    pub async fn print_to_pdf(&self, params: Value) -> Vec<u8> {
        use base64::Engine as _;
        let printed = self.cdp("Page.printToPDF", params).await;
        let data = printed["data"].as_str().expect("the PDF, in base64");
        base64::engine::general_purpose::STANDARD
            .decode(data)
            .expect("the PDF's base64")
    }

    /// Lets pages read and write the clipboard without asking (WebDriver's permissions
    /// extension), as a person who allowed it would.
    pub async fn allow_clipboard(&self) {
        for name in ["clipboard-read", "clipboard-write"] {
            self.client
                .issue_cmd(SessionPost {
                    path: "permissions",
                    body: json!({ "descriptor": { "name": name }, "state": "granted" }),
                })
                .await
                .unwrap_or_else(|e| panic!("allow {name}: {e}"));
        }
    }

    /// What is on the clipboard now, as the page can read it.
    pub async fn clipboard(&self) -> String {
        let read = self
            .client
            .execute_async(
                "var done = arguments[arguments.length - 1];
                 navigator.clipboard.readText().then(done, function (e) { done('failed: ' + e); });",
                Vec::new(),
            )
            .await
            .expect("read the clipboard");
        read.as_str().unwrap_or_default().to_owned()
    }

    /// Waits (up to 10 s) until `script` returns `true` in the current frame. A script that
    /// fails (say, while a page is still navigating) counts as "not yet".
    pub async fn wait_until(&self, what: &str, script: &str) {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let last = match self.client.execute(script, Vec::new()).await {
                Ok(Value::Bool(true)) => return,
                Ok(other) => other.to_string(),
                Err(e) => e.to_string(),
            };
            assert!(
                Instant::now() < deadline,
                "timed out waiting until {what} (last: {last})"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

impl Browser {
    /// Types `text` into the field `css` finds.
    pub async fn fill(&self, css: &str, text: &str) {
        self.client
            .find(Locator::Css(css))
            .await
            .unwrap_or_else(|_| panic!("the field {css}"))
            .send_keys(text)
            .await
            .expect("type into it");
    }

    /// Presses a form's button and waits for the answer to be a new, loaded page: a page that
    /// leads back to the same path must not be mistaken for its answer.
    pub async fn press(&self, css: &str) {
        self.js("window.__before = true; return true;").await;
        self.click(css).await;
        self.wait_until(
            &format!("the answer to {css}"),
            "return !window.__before && document.readyState === 'complete';",
        )
        .await;
    }

    /// Clicks what `css` finds, without waiting for anything. A live page may put a new copy of
    /// it in place between finding and clicking it (the click then reached nothing): it is found
    /// again and clicked, as a person would tap the button they now see.
    pub async fn click(&self, css: &str) {
        for _ in 0..5 {
            let found = self
                .client
                .find(Locator::Css(css))
                .await
                .unwrap_or_else(|_| panic!("the button {css}"));
            match found.click().await {
                Ok(()) => return,
                Err(error) if error.is_stale_element_reference() => continue,
                Err(error) => panic!("click {css}: {error:?}"),
            }
        }
        panic!("{css} was replaced five times running before it could be clicked");
    }

    /// Waits until the page at `path` has loaded.
    pub async fn path_is(&self, path: &str) {
        self.wait_until(
            path,
            &format!(
                "return location.pathname === '{path}' && document.readyState === 'complete';"
            ),
        )
        .await;
    }

    /// The text of what `css` finds, as a person reads it.
    pub async fn text_of(&self, css: &str) -> String {
        self.client
            .find(Locator::Css(css))
            .await
            .unwrap_or_else(|_| panic!("{css}"))
            .text()
            .await
            .expect("its text")
    }

    /// axe-core finds no serious or critical problem on the page; a screenshot of it is left in
    /// the artifacts' `dir` as `name.png`.
    pub async fn check_page(&self, axe: &str, dir: &str, name: &str) {
        let problems = self.accessibility_problems(axe).await;
        assert!(problems.is_empty(), "{name}: {problems:#?}");
        let png = self.client.screenshot().await.expect("a screenshot");
        std::fs::write(artifacts_dir(dir).join(format!("{name}.png")), png).expect("save it");
    }
}

/// A browser and axe-core's script for `test`, or `None` (with the reason printed) when either
/// is not installed outside CI.
pub async fn with_axe(test: &str) -> Option<(Browser, String)> {
    let browser = Browser::start(test).await?;
    let axe = axe_source(test)?;
    Some((browser, axe))
}

/// axe-core's script (installed by `npm ci --prefix tests/browser`, or named by
/// `TOURNEY_TEST_AXE`), or `None` with the reason printed when it is not installed outside CI.
pub fn axe_source(test: &str) -> Option<String> {
    let path = std::env::var_os("TOURNEY_TEST_AXE")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("tests/browser/node_modules/axe-core/axe.min.js")
        });
    match std::fs::read_to_string(&path) {
        Ok(source) => Some(source),
        Err(e) => {
            let why = format!(
                "axe-core is not installed at {} ({e}; run npm ci --prefix tests/browser)",
                path.display()
            );
            if std::env::var_os("CI").is_some() {
                panic!("{test}: {why}; accessibility checks may not be skipped in CI");
            }
            let _ = writeln!(std::io::stderr(), "skipped {test}: {why}");
            None
        }
    }
}

impl Browser {
    /// axe-core's serious and critical findings on the current page (WCAG 2.1 A and AA and
    /// axe's best practices): `id`, `impact`, `help` and the first elements found.
    pub async fn accessibility_problems(&self, axe: &str) -> Vec<Value> {
        self.client
            .execute(&format!("{axe}\nreturn true;"), Vec::new())
            .await
            .expect("load axe-core into the page");
        let result = self
            .client
            .execute_async(
                "var done = arguments[arguments.length - 1];
                 axe.run(document, { runOnly: { type: 'tag',
                     values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } })
                   .then(function (r) { done(r.violations
                     .filter(function (v) { return v.impact === 'serious' || v.impact === 'critical'; })
                     .map(function (v) { return { id: v.id, impact: v.impact, help: v.help,
                       nodes: v.nodes.slice(0, 3).map(function (n) { return n.target.join(' '); }) }; })); })
                   .catch(function (e) { done([{ id: 'axe-failed', help: String(e) }]); });",
                Vec::new(),
            )
            .await
            .expect("run axe-core");
        result.as_array().cloned().unwrap_or_default()
    }
}

/// Where tests leave files for people to look at (screenshots, browser logs):
/// `target/test-artifacts/<name>`, or `$TOURNEY_TEST_ARTIFACTS/<name>`.
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

/// A WebDriver extension command: a POST of `body` to `session/<id>/<path>` (chromedriver's
/// network emulation and CDP commands, W3C Permissions' "Set Permission").
#[derive(Debug)]
struct SessionPost {
    path: &'static str,
    body: Value,
}

impl fantoccini::wd::WebDriverCompatibleCommand for SessionPost {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!(
            "session/{}/{}",
            session_id.unwrap_or_default(),
            self.path
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (hyper::Method, Option<String>) {
        (hyper::Method::POST, Some(self.body.to_string()))
    }
}
