//! `tourney completions` and `tourney man`: generated from the clap definition in `cli`, so they
//! can never describe a command that does not exist. The checked-in copies in `completions/` and
//! `man/` are regenerated with `--out-dir` (a test fails when they drift).

use std::fs;
use std::io::Write;
use std::path::Path;

use clap::CommandFactory;
use clap_complete::Shell;

use super::Error;
use crate::cli::Cli;

/// Every shell with a checked-in completion file.
pub const SHELLS: [Shell; 5] = [
    Shell::Bash,
    Shell::Zsh,
    Shell::Fish,
    Shell::Elvish,
    Shell::PowerShell,
];

pub fn completions(
    shell: Option<Shell>,
    out_dir: Option<&Path>,
    out: &mut impl Write,
) -> Result<(), Error> {
    let mut command = Cli::command();
    match (shell, out_dir) {
        (Some(shell), None) => {
            clap_complete::generate(shell, &mut command, "tourney", out);
            Ok(())
        }
        (shell, Some(dir)) => {
            create_dir(dir)?;
            let shells = shell.map_or(SHELLS.to_vec(), |s| vec![s]);
            for shell in shells {
                let path = clap_complete::generate_to(shell, &mut command, "tourney", dir)
                    .map_err(|source| Error::Io {
                        action: "write completions into",
                        path: dir.to_owned(),
                        source,
                    })?;
                writeln!(out, "wrote {}", path.display())?;
            }
            Ok(())
        }
        (None, None) => Err(Error::Invalid("name a shell, or give --out-dir".to_owned())),
    }
}

pub fn man(out_dir: Option<&Path>, out: &mut impl Write) -> Result<(), Error> {
    let command = Cli::command();
    let Some(dir) = out_dir else {
        clap_mangen::Man::new(command).render(out)?;
        return Ok(());
    };
    create_dir(dir)?;
    clap_mangen::generate_to(command, dir).map_err(|source| Error::Io {
        action: "write man pages into",
        path: dir.to_owned(),
        source,
    })?;
    let mut written: Vec<_> = fs::read_dir(dir)
        .map_err(|source| Error::Io {
            action: "list",
            path: dir.to_owned(),
            source,
        })?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .collect();
    written.sort();
    for path in written {
        writeln!(out, "wrote {}", path.display())?;
    }
    Ok(())
}

fn create_dir(dir: &Path) -> Result<(), Error> {
    fs::create_dir_all(dir).map_err(|source| Error::Io {
        action: "create",
        path: dir.to_owned(),
        source,
    })
}
