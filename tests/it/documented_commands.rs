//! Every `tourney …` line of the shell blocks in the README and `docs/*.md`, run as printed, in
//! the order printed, on a fresh SQLite database with the demo loaded, from the project's root and
//! without network: each exits 0, fails the way the doc says it does, or is named below with why
//! it is not run (a server that runs until stopped, a deployment's own paths, an id that another
//! command prints). A line added to the docs that does none of these fails this test.

use std::path::Path;
use std::process::Command;

/// Lines not run, by how they begin, and why.
const NOT_RUN: &[(&str, &str)] = &[
    (
        "tourney serve",
        "runs until stopped; the portal and API tests start it",
    ),
    (
        "tourney dispatch",
        "runs until stopped; the webhook tests start it",
    ),
    (
        "tourney --database-url sqlite:///var/lib/",
        "a deployment's own paths",
    ),
    (
        "tourney verify receiver",
        "needs the receiver under test, which the webhook tests start",
    ),
    (
        "tourney verify --headers logged-headers.txt",
        "reads the headers and body a receiver of yours logged; the webhook tests run it",
    ),
    (
        "tourney import - <",
        "reads an export of yours on standard input",
    ),
    (
        "tourney matches report friday-blitz mat_123",
        "takes an id that `matches list` printed",
    ),
    (
        "tourney hooks attempts dlv_17",
        "takes an id that `hooks deliveries` printed",
    ),
    (
        "tourney hooks retry dlv_17",
        "takes an id that `hooks deliveries` printed",
    ),
    (
        "tourney hooks enable hook_3 [--drop-kept]",
        "a synopsis, options in brackets",
    ),
    (
        "tourney hooks deliveries hook_1 [",
        "a synopsis, options in brackets",
    ),
    (
        "tourney tournaments registrations SLUG",
        "a synopsis, SLUG to fill in",
    ),
];

/// Lines that fail as the doc says they do, with what their output says: the examples' webhook
/// address, `hooks.example.com`, does not exist, so sending to it fails and says why.
const FAILS_AS_DOCUMENTED: &[(&str, &str)] = &[
    ("tourney ping hook_1", "hooks.example.com"),
    ("tourney hooks test hook_1", "hooks.example.com"),
];

/// The `tourney` lines of a Markdown file's shell blocks, continuations joined and trailing
/// comments cut.
fn documented(markdown: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut in_shell = false;
    let mut pending = String::new();
    for line in markdown.lines() {
        let trimmed = line.trim();
        if let Some(fence) = trimmed.strip_prefix("```") {
            in_shell = !in_shell && matches!(fence, "sh" | "bash" | "shell");
            continue;
        }
        if !in_shell {
            continue;
        }
        pending.push_str(trimmed.trim_end_matches('\\'));
        if trimmed.ends_with('\\') {
            pending.push(' ');
            continue;
        }
        let command = std::mem::take(&mut pending);
        let command = command.split("  #").next().unwrap_or("").trim().to_owned();
        if command.starts_with("tourney ") {
            lines.push(command);
        }
    }
    lines
}

#[test]
fn every_documented_command_runs_as_printed() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let binary = Path::new(env!("CARGO_BIN_EXE_tourney"));
    let path = format!(
        "{}:{}",
        binary.parent().expect("the binary's folder").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut files = vec![root.join("README.md")];
    let mut docs: Vec<_> = std::fs::read_dir(root.join("docs"))
        .expect("docs/")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    files.extend(docs);

    let mut problems = Vec::new();
    let mut ran = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).expect("a doc");
        let lines = documented(&text);
        if lines.is_empty() {
            continue;
        }
        // Each file on a database of its own, with the demo the docs start from.
        let dir = tempfile::tempdir().expect("a directory");
        let database = format!("sqlite://{}/docs.db", dir.path().display());
        let run = |line: &str| {
            Command::new("sh")
                .args(["-c", line])
                .current_dir(root)
                .env_clear()
                .env("PATH", &path)
                .env("HOME", dir.path())
                .env("TOURNEY_DATABASE_URL", &database)
                .env("TOURNEY_LOG", "error")
                .output()
                .expect("run sh")
        };
        let demo = run("tourney demo");
        assert!(demo.status.success(), "tourney demo: {demo:?}");
        let name = file
            .strip_prefix(root)
            .unwrap_or(file)
            .display()
            .to_string();
        for line in lines {
            if NOT_RUN.iter().any(|(start, _)| line.starts_with(start)) {
                continue;
            }
            ran += 1;
            let out = run(&line);
            let said = format!(
                "{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
            let failing = FAILS_AS_DOCUMENTED
                .iter()
                .find(|(start, _)| line.starts_with(start));
            match failing {
                Some((_, says)) if out.status.code() != Some(1) || !said.contains(says) => {
                    problems.push(format!(
                        "{name}: `{line}` was to fail saying {says:?}: {:?}\n{said}",
                        out.status
                    ));
                }
                None if !out.status.success() => {
                    problems.push(format!(
                        "{name}: `{line}` failed ({:?}):\n{said}",
                        out.status
                    ));
                }
                _ => {}
            }
        }
    }
    assert!(ran >= 30, "only {ran} documented commands were run");
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}
