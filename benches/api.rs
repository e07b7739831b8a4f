//! Load benchmark of the read API: a real `tourney serve` (release build) on a database of 10
//! spaces, each with a 64-player double elimination and five more tournaments, driven by `wrk`
//! with 64 keep-alive connections rotating over 100 keys (10 per space, the most a space may
//! have). The per-key limit is raised with `--rate-limit` so that 200s are measured; a second run
//! at the default 120 measures the 429 path. Bare warp servers answering a fixed body of the size
//! of `/tournaments` and of `/matches`, in the same session, give the ratios to aim at.
//!
//! Run: `cargo bench --bench api` (needs `wrk`, from Debian's package of that name). Environment:
//! `TOURNEY_BENCH_SECONDS` (default 8) per run. Results go to stdout as a Markdown table; the
//! figures in docs/PERFORMANCE.md come from here.

#[path = "common/mod.rs"]
mod common;

use std::io::Write;
use std::process::Command;
use std::time::Duration;

use common::{LUA, Run, Serve, bare_warp, wrk};

const SPACES: usize = 10;
const KEYS_PER_SPACE: usize = 10;

fn tourney(db: &str, args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_tourney"))
        .env("TOURNEY_DATABASE_URL", db)
        .args(args)
        .output()
        .expect("run tourney");
    assert!(
        output.status.success(),
        "tourney {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The import document: per space a 64-player double elimination (registration closed) and five
/// smaller tournaments.
fn document() -> String {
    let mut spaces = Vec::new();
    for s in 1..=SPACES {
        let players: Vec<String> = (1..=64)
            .map(|p| format!(r#"{{"name": "Player {p:02} of {s}"}}"#))
            .collect();
        let mut tournaments = vec![format!(
            r#"{{"slug": "de64-{s}", "name": "Double elimination {s}", "game": "chess", "format": "double_elimination",
                "status": "REGISTRATION_CLOSED", "max_participants": 64, "starts_at": "2026-12-01T18:00:00Z",
                "participants": [{}]}}"#,
            players.join(",")
        )];
        for (i, format) in [
            "single_elimination",
            "round_robin",
            "swiss",
            "free_for_all",
            "single_elimination",
        ]
        .iter()
        .enumerate()
        {
            tournaments.push(format!(
                r#"{{"slug": "cup-{s}-{i}", "name": "Cup {i}", "game": "chess", "format": "{format}", "status": "REGISTRATION_OPEN",
                    "max_participants": 32, "starts_at": "2026-12-0{}T18:00:00Z", "participants": [{}]}}"#,
                i + 2,
                players[..8].join(",")
            ));
        }
        spaces.push(format!(
            r#"{{"slug": "bench-{s}", "name": "Bench {s}", "tournaments": [{}]}}"#,
            tournaments.join(",")
        ));
    }
    format!(r#"{{"version": 1, "spaces": [{}]}}"#, spaces.join(","))
}


fn main() {
    if Command::new("wrk").arg("--version").output().is_err() {
        eprintln!("skipped: the api benchmark needs wrk (apt-get install wrk)");
        return;
    }
    let seconds: u64 = std::env::var("TOURNEY_BENCH_SECONDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(8);
    let dir = tempfile::tempdir().expect("temporary directory");
    let db = format!("sqlite://{}/bench.db", dir.path().display());
    let doc = dir.path().join("bench.json");
    std::fs::write(&doc, document()).expect("write the document");
    tourney(&db, &["import", doc.to_str().unwrap_or_default()]);
    let mut keys = Vec::new();
    for s in 1..=SPACES {
        tourney(&db, &["tournaments", "start", &format!("de64-{s}")]);
        for _ in 0..KEYS_PER_SPACE {
            let output = tourney(&db, &["keys", "create", "--space", &format!("bench-{s}")]);
            keys.push((s, output.lines().nth(1).unwrap_or_default().to_owned()));
        }
    }
    let script = dir.path().join("rotate.lua");
    std::fs::write(&script, LUA).expect("write the script");
    let pairs_for = |path: &dyn Fn(usize) -> String| {
        let file = dir.path().join("pairs.txt");
        let mut out = std::fs::File::create(&file).expect("pairs file");
        for (space, key) in &keys {
            let _ = writeln!(out, "{key} {}", path(*space));
        }
        file
    };

    let serve = Serve::start(&db, &["--rate-limit", "1000000"]);
    let fetch = |path: &str| {
        Command::new("curl")
            .args([
                "-s",
                "-H",
                &format!("Authorization: Bearer {}", keys[0].1),
                &format!("{}{path}", serve.base),
            ])
            .output()
            .map(|o| o.stdout)
            .unwrap_or_default()
    };
    let sample = fetch("/api/v1/tournaments");
    let (bare_url, _runtime) = bare_warp(sample.clone(), "application/json");
    let matches_sample = fetch("/api/v1/tournaments/de64-1/matches");
    let (bare_matches_url, _matches_runtime) = bare_warp(matches_sample.clone(), "application/json");
    println!("| run | requests/s | p50 | p99 | non-2xx |");
    println!("| --- | ---: | ---: | ---: | ---: |");
    let report = |name: &str, run: &Run| {
        println!(
            "| {name} | {:.0} | {:.2} ms | {:.2} ms | {} |",
            run.rps, run.p50_ms, run.p99_ms, run.non_2xx
        );
    };
    let bare = wrk(&bare_url, &script, &pairs_for(&|_| "/".to_owned()), seconds);
    report(&format!("bare warp, fixed {} B body", sample.len()), &bare);
    let list = wrk(
        &serve.base,
        &script,
        &pairs_for(&|_| "/api/v1/tournaments".to_owned()),
        seconds,
    );
    report("GET /api/v1/tournaments", &list);
    let bare_matches = wrk(
        &bare_matches_url,
        &script,
        &pairs_for(&|_| "/".to_owned()),
        seconds,
    );
    report(
        &format!("bare warp, fixed {} B body", matches_sample.len()),
        &bare_matches,
    );
    let matches = wrk(
        &serve.base,
        &script,
        &pairs_for(&|s| format!("/api/v1/tournaments/de64-{s}/matches")),
        seconds,
    );
    report(
        "GET /api/v1/tournaments/{slug}/matches (64-player double elimination)",
        &matches,
    );
    let standings = wrk(
        &serve.base,
        &script,
        &pairs_for(&|s| format!("/api/v1/tournaments/de64-{s}/standings")),
        seconds,
    );
    report("GET /api/v1/tournaments/{slug}/standings", &standings);
    let bracket = wrk(
        &serve.base,
        &script,
        &pairs_for(&|s| format!("/embed/en/tournaments/de64-{s}/bracket")),
        seconds,
    );
    report(
        "GET /embed/en/tournaments/{slug}/bracket (widget page, no key needed)",
        &bracket,
    );
    let peak = serve.peak_mib();
    drop(serve);
    let limited = Serve::start(&db, &[]);
    std::thread::sleep(Duration::from_millis(200));
    let refused = wrk(
        &limited.base,
        &script,
        &pairs_for(&|_| "/api/v1/tournaments".to_owned()),
        seconds,
    );
    report(
        "GET /api/v1/tournaments at the default limit (mostly 429)",
        &refused,
    );
    println!();
    println!(
        "ratio /tournaments to bare warp: {:.2}",
        list.rps / bare.rps
    );
    println!(
        "ratio /matches to bare warp with a body of its size: {:.2}",
        matches.rps / bare_matches.rps
    );
    println!("peak memory of serve over the 200 runs: {peak:.1} MiB");
}
