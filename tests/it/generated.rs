//! The checked-in completions and man pages match what the current command line generates.

use std::collections::BTreeMap;
use std::path::Path;

const REGENERATE: &str =
    "cargo run -q -- completions --out-dir completions && cargo run -q -- man --out-dir man";

fn files(dir: &Path) -> BTreeMap<String, String> {
    std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}; regenerate with `{REGENERATE}`", dir.display()))
        .map(|entry| {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&path).unwrap())
        })
        .collect()
}

fn assert_no_drift(kind: &str) {
    let fresh = tempfile::tempdir().unwrap();
    assert_cmd::Command::new(env!("CARGO_BIN_EXE_tourney"))
        .arg(kind)
        .arg("--out-dir")
        .arg(fresh.path())
        .assert()
        .success();
    let checked_in = if kind == "man" { "man" } else { "completions" };
    let (expected, actual) = (files(fresh.path()), files(Path::new(checked_in)));
    assert_eq!(
        expected.keys().collect::<Vec<_>>(),
        actual.keys().collect::<Vec<_>>(),
        "{checked_in}/ has other files than the command line generates; regenerate with `{REGENERATE}`"
    );
    for (name, content) in &expected {
        assert!(
            &actual[name] == content,
            "{checked_in}/{name} is out of date; regenerate with `{REGENERATE}`"
        );
    }
}

#[test]
fn completions_match_the_command_line() {
    assert_no_drift("completions");
}

#[test]
fn man_pages_match_the_command_line() {
    assert_no_drift("man");
}

#[test]
fn generators_print_to_stdout_without_touching_a_database() {
    let dir = tempfile::tempdir().unwrap();
    let bash = assert_cmd::Command::new(env!("CARGO_BIN_EXE_tourney"))
        .current_dir(dir.path())
        .args(["completions", "bash"])
        .assert()
        .success();
    assert!(String::from_utf8_lossy(&bash.get_output().stdout).contains("_tourney()"));
    let man = assert_cmd::Command::new(env!("CARGO_BIN_EXE_tourney"))
        .current_dir(dir.path())
        .arg("man")
        .assert()
        .success();
    assert!(String::from_utf8_lossy(&man.get_output().stdout).contains(".TH tourney 1"));
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "no tourney.db was created"
    );
}
