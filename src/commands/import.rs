//! `tourney import FILE`: reads, checks and loads an import document (see `docs/import.md`).

use std::io::{IsTerminal, Read, Write};
use std::path::Path;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::{Error, ctx};
use crate::config::Config;
use crate::db::Db;
use crate::import::{self, MAX_DOCUMENT_BYTES};
use crate::service;

pub async fn run(config: &Config, db: &Db, file: &Path, out: &mut impl Write) -> Result<(), Error> {
    let bytes = read_document(file)?;
    let document = import::parse(&bytes)?;
    let total: usize = document.spaces.iter().map(|s| s.tournaments.len()).sum();

    let progress = if std::io::stdout().is_terminal() {
        let bar = ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::stdout());
        if let Ok(style) = ProgressStyle::with_template("{bar:30} {pos}/{len} tournaments") {
            bar.set_style(style);
        }
        bar
    } else {
        ProgressBar::hidden()
    };
    let result = service::import::load(db, &ctx(config), &document, || progress.inc(1)).await;
    progress.finish_and_clear();
    let summary = result?;
    writeln!(
        out,
        "imported {} tournaments ({} participants, {} matches) into {} spaces ({} new); {} events appended",
        summary.tournaments,
        summary.participants,
        summary.matches,
        summary.spaces_created + summary.spaces_existing,
        summary.spaces_created,
        summary.events,
    )?;
    Ok(())
}

/// Reads FILE (or standard input for `-`), refusing anything over the size limit.
fn read_document(file: &Path) -> Result<Vec<u8>, Error> {
    let io_error = |source| Error::Io {
        action: "read",
        path: file.to_owned(),
        source,
    };
    let limit = MAX_DOCUMENT_BYTES as u64 + 1;
    let mut bytes = Vec::new();
    if file == Path::new("-") {
        std::io::stdin()
            .lock()
            .take(limit)
            .read_to_end(&mut bytes)
            .map_err(io_error)?;
    } else {
        std::fs::File::open(file)
            .and_then(|f| f.take(limit).read_to_end(&mut bytes))
            .map_err(io_error)?;
    }
    Ok(bytes)
}
