//! Section benchmark: the space's signed-in pages ("API, webhooks and widgets", members and the
//! organiser's desk) of a real `tourney serve` (release build) on SQLite, under `wrk` with one owner's session cookie:
//! with 4 connections (a few people at work at once: the latency §8 sets, p99 under 20 ms) and
//! with 64 (the most the server answers; its p99 is then its queue), each beside a bare warp
//! server sending a body of the same size in the same run.
//!
//! The space is a working one: a 64-player double elimination played to its grand final with the
//! shell beside `serve`, two webhook addresses on a real HTTPS receiver (one answers 200, the
//! other 500, so its page lists failed deliveries, each with a retry form), nine API keys, and the
//! audit entries all of that left. Every page is rendered for the session: its forms carry tokens
//! bound to it, and nothing is cached. The public sign-in pages (the password form, a link's
//! confirming page) are measured the same way; a sign-in by password, whose Argon2id check is
//! slow on purpose, is timed one at a time.
//!
//! Run: `cargo bench --bench section` (needs `wrk`). `TOURNEY_BENCH_SECONDS` (default 8) per wrk
//! run. Figures go to docs/PERFORMANCE.md.

#[path = "common/mod.rs"]
mod common;
#[path = "../tests/it/support/member.rs"]
#[allow(dead_code)] // the benchmark signs in and posts forms; the tests use the rest
mod member;
#[path = "../tests/it/support/receiver.rs"]
mod receiver;

use std::io::Write;
use std::process::Command;
use std::time::{Duration, Instant};

use common::{
    Serve, bare_warp, play, rotating_script, setting, tourney, without_wrk, wrk, wrk_with,
};
use member::Member;
use receiver::{Receiver, Reply};

const OWNER: &str = "owner@example.org";
const PASSWORD: &str = "correct horse battery staple";

/// A space with three tournaments of 64 players: a double elimination and a single
/// elimination, registration closed (both are started, the first played to its grand final),
/// and one still taking registrations (the desk's seed order form lists all 64).
fn document() -> String {
    let players: Vec<String> = (1..=64)
        .map(|p| format!(r#"{{"name": "Player {p:02}"}}"#))
        .collect();
    let players = players.join(",");
    let tournament = |slug: &str, format: &str, status: &str| {
        format!(
            r#"{{"slug": "{slug}", "name": "{slug}", "game": "chess", "format": "{format}",
              "status": "{status}", "max_participants": 64, "starts_at": "2026-12-01T18:00:00Z",
              "participants": [{players}]}}"#
        )
    };
    format!(
        r#"{{"version": 1, "spaces": [{{"slug": "club", "name": "Chess Club", "tournaments": [{}, {}, {}]}}]}}"#,
        tournament("de64", "double_elimination", "REGISTRATION_CLOSED"),
        tournament("se64", "single_elimination", "REGISTRATION_CLOSED"),
        tournament("open64", "swiss", "REGISTRATION_OPEN"),
    )
}

/// Signs in by `link` as a browser does; the session cookie, `name=value`.
async fn sign_in(base: &str, link: &str) -> (Member, String) {
    let mut owner = Member::new(base);
    let signed = owner.sign_in_by_link(link).await;
    assert_eq!(signed.status.as_u16(), 303, "sign in: {}", signed.body);
    let session = owner.session().expect("a session after sign-in");
    (owner, format!("tourney_session={session}"))
}

/// Sets the owner's password, then signs in by it `times` times, each from a new browser (the
/// form, then its post); each sign-in's time, sorted.
async fn password_sign_ins(base: &str, owner: &mut Member, times: usize) -> Vec<Duration> {
    let set = owner
        .submit("/en/account", "/en/account/password", &[("new", PASSWORD)])
        .await;
    assert_eq!(set.status.as_u16(), 303, "set the password: {}", set.body);
    let mut took = Vec::with_capacity(times);
    for _ in 0..times {
        let mut visitor = Member::new(base);
        let started = Instant::now();
        let answer = visitor.sign_in(OWNER, PASSWORD).await;
        took.push(started.elapsed());
        assert_eq!(answer.status.as_u16(), 303, "sign in: {}", answer.body);
    }
    took.sort();
    took
}

/// `at_once` sign-ins by password started together, each from a new browser; how long until
/// the last is through.
/// `at_once` sign-ins by password sent together, each from a client address of its own
/// (127.0.2.N): how many were signed in, and when the last answer of each kind came (signed in;
/// told at once to retry, 503, past the queue of checks).
async fn password_sign_ins_at_once(base: &str, at_once: u8) -> (usize, Duration, Duration) {
    let started = Instant::now();
    let sign_ins: Vec<_> = (1..=at_once)
        .map(|n| {
            let base = base.to_owned();
            tokio::spawn(async move {
                let address = std::net::IpAddr::from([127, 0, 2, n]);
                let answer = Member::from_address(&base, address)
                    .sign_in(OWNER, PASSWORD)
                    .await;
                let status = answer.status.as_u16();
                assert!(
                    matches!(status, 303 | 503),
                    "sign in: {status} {}",
                    answer.body
                );
                (status == 303, started.elapsed())
            })
        })
        .collect();
    let (mut signed, mut last_signed, mut last_refused) = (0, Duration::ZERO, Duration::ZERO);
    for sign_in in sign_ins {
        let (ok, at) = sign_in.await.expect("a sign-in");
        if ok {
            signed += 1;
            last_signed = last_signed.max(at);
        } else {
            last_refused = last_refused.max(at);
        }
    }
    (signed, last_signed, last_refused)
}

/// Waits until no delivery of `hook` is pending or in flight.
fn settled(db: &str, hook: &str) {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let open = ["pending", "in_flight"].iter().any(|status| {
            tourney(db, &["hooks", "deliveries", hook, "--status", status])
                .lines()
                .skip(1)
                .any(|l| l.starts_with("dlv_"))
        });
        if !open {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "{hook}'s deliveries did not settle"
        );
        std::thread::sleep(Duration::from_millis(500));
    }
}

fn main() {
    if without_wrk("section") {
        return;
    }
    let seconds: u64 = setting("TOURNEY_BENCH_SECONDS", 8);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .expect("runtime");
    let receiver = runtime.block_on(Receiver::start_unchecked(|request, _| {
        if request.path.ends_with("/failing") {
            Reply::Status(500)
        } else {
            Reply::Status(200)
        }
    }));

    let dir = tempfile::tempdir().expect("temporary directory");
    let db = format!("sqlite://{}/bench.db", dir.path().display());
    let doc = dir.path().join("bench.json");
    std::fs::write(&doc, document()).expect("write the document");
    tourney(&db, &["import", doc.to_str().unwrap_or_default()]);
    tourney(
        &db,
        &[
            "members", "add", "--space", "club", "--email", OWNER, "--role", "owner",
        ],
    );
    for n in 1..=9 {
        tourney(
            &db,
            &[
                "keys",
                "create",
                "--space",
                "club",
                "--name",
                &format!("partner {n}"),
            ],
        );
    }
    for path in ["ok", "failing"] {
        tourney(
            &db,
            &[
                "hooks",
                "add",
                "--space",
                "club",
                "--allow-cidr",
                "127.0.0.0/8",
                &format!("{}/{path}", receiver.url),
            ],
        );
    }
    let root = receiver.root_cert.to_string_lossy().into_owned();
    let serve = Serve::start(
        &db,
        &[
            "--allow-cidr",
            "127.0.0.0/8",
            "--root-cert",
            &root,
            "--retry-delays",
            "100ms",
            // The sign-ins below come from one address one after another: the form limit is
            // not what they measure.
            "--form-limit",
            "100000",
        ],
    );
    tourney(&db, &["tournaments", "start", "de64"]);
    tourney(&db, &["tournaments", "start", "se64"]);
    play(&db, "de64");
    settled(&db, "hook_1");
    settled(&db, "hook_2");

    let printed = tourney(
        &db,
        &["--base-url", &serve.base, "login-link", "--email", OWNER],
    );
    let link = printed.lines().next().expect("a link").trim().to_owned();
    let (mut owner, cookie) = runtime.block_on(sign_in(&serve.base, &link));
    // A link not used yet, for its confirming page.
    let unused = tourney(
        &db,
        &["--base-url", &serve.base, "login-link", "--email", OWNER],
    );
    let unused = unused.lines().next().expect("a link").trim();
    let unused_path = unused
        .strip_prefix(&serve.base)
        .expect("a link of this server")
        .to_owned();

    let script = dir.path().join("cookie.lua");
    std::fs::write(&script, rotating_script("Cookie", "")).expect("write the script");
    let pairs = |path: &str| {
        let file = dir.path().join("pairs.txt");
        let mut out = std::fs::File::create(&file).expect("pairs file");
        let _ = writeln!(out, "{cookie} {path}");
        file
    };
    let fetch = |path: &str| {
        let output = Command::new("curl")
            .args(["-s", "-w", "%{http_code}", "-H"])
            .arg(format!("Cookie: {cookie}"))
            .arg(format!("{}{path}", serve.base))
            .output()
            .expect("curl");
        let mut body = output.stdout;
        let status = body.split_off(body.len().saturating_sub(3));
        assert_eq!(status, b"200", "{path}: {}", String::from_utf8_lossy(&body));
        body
    };

    println!(
        "| page | bytes | 4 connections: p50 | p99 | 64 connections: requests/s | p99 | bare warp requests/s | ratio |"
    );
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    for (name, path) in [
        ("overview", "/en/organizer/club/integrations"),
        ("keys (9)", "/en/organizer/club/integrations/keys"),
        (
            "an address with failed deliveries",
            "/en/organizer/club/integrations/hooks/hook_2",
        ),
        ("widgets", "/en/organizer/club/integrations/widgets"),
        ("members", "/en/organizer/club/members"),
        (
            "desk: the space's tournaments (3)",
            "/en/organizer/club/tournaments",
        ),
        ("desk: New tournament", "/en/organizer/club/tournaments/new"),
        ("desk: a tournament", "/en/organizer/club/tournaments/de64"),
        (
            "desk: registrations of 64, with the seed order's form",
            "/en/organizer/club/tournaments/open64/registrations",
        ),
        (
            "desk: matches, 32 ready with report forms",
            "/en/organizer/club/tournaments/se64/matches",
        ),
        (
            "desk: matches of a 64-player double elimination at its grand final",
            "/en/organizer/club/tournaments/de64/matches",
        ),
        (
            "desk: settings",
            "/en/organizer/club/tournaments/open64/settings",
        ),
        ("account", "/en/account"),
        ("sign-in (the password form)", "/en/sign-in"),
        ("a sign-in link's page", unused_path.as_str()),
    ] {
        let page = fetch(path);
        let (bare_url, _bare) = bare_warp(page.clone(), "text/html; charset=utf-8");
        let bare = wrk(&bare_url, &script, &pairs("/"), seconds);
        // A few people at work in the section at once: the latency they see.
        let few = wrk_with(&serve.base, &script, &pairs(path), seconds, 1, 4);
        // As many as wrk can send: what the server can do (its p99 is then its queue).
        let many = wrk(&serve.base, &script, &pairs(path), seconds);
        println!(
            "| {name} | {} | {:.2} ms | {:.2} ms | {:.0} | {:.2} ms | {:.0} | {:.2} |",
            page.len(),
            few.p50_ms,
            few.p99_ms,
            many.rps,
            many.p99_ms,
            bare.rps,
            many.rps / bare.rps,
        );
        assert_eq!(
            few.non_2xx + many.non_2xx,
            0,
            "{path}: every answer is the page"
        );
    }
    println!(
        "peak memory of serve before any sign-in by password: {:.1} MiB",
        serve.peak_mib()
    );
    let took = runtime.block_on(password_sign_ins(&serve.base, &mut owner, 15));
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "sign-in by password (the form and its post, one after another, 15 times): \
         median {:.1} ms, fastest {:.1} ms, slowest {:.1} ms",
        ms(took[took.len() / 2]),
        ms(took[0]),
        ms(took[took.len() - 1]),
    );
    // Sixteen: the queue's size on a machine of two cores, and below the twenty tries an address
    // typed may take at once (a try is taken before the hash, right password or not).
    let (signed, last_signed, last_refused) =
        runtime.block_on(password_sign_ins_at_once(&serve.base, 16));
    println!(
        "16 sign-ins by password at once from 16 addresses: {signed} signed in, the last after {:.0} ms; {} told to retry, the last after {:.0} ms",
        ms(last_signed),
        16 - signed,
        ms(last_refused)
    );
    println!("peak memory of serve: {:.1} MiB", serve.peak_mib());
}
