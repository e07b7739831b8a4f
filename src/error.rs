//! The error of the command layer: what a user sees on stderr when a command fails (exit 1).
//!
//! Lower layers have their own types ([`DbError`], [`ImportError`]); they are turned into this one
//! by `?` and printed once, by `main`. Messages name the bad input and what to do instead; they
//! never carry secrets or stack traces.

use std::path::PathBuf;

use crate::db::DbError;
use crate::import::ImportError;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The input is malformed or not allowed.
    #[error("{0}")]
    Invalid(String),
    /// The input clashes with what already exists.
    #[error("{0}")]
    Conflict(String),
    /// What the input names does not exist.
    #[error("{0}")]
    NotFound(String),
    #[error(transparent)]
    Import(#[from] ImportError),
    #[error(transparent)]
    Db(#[from] DbError),
    #[error(transparent)]
    Webhook(#[from] crate::webhook::dispatcher::DispatchError),
    #[error(transparent)]
    WebhookClient(#[from] crate::webhook::client::ClientError),
    #[error("cannot {action} {}: {source}", path.display())]
    Io {
        action: &'static str,
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// Writing to standard output failed (a closed pipe is not reported).
    #[error("cannot write output: {0}")]
    Output(#[from] std::io::Error),
}
