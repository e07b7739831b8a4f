//! `tourney import`: spaces and tournaments (participants, stages, matches, results) from one JSON
//! document, described in `docs/import.md`.
//!
//! Two steps here, each in its own module: [`document`] reads the JSON into typed values
//! (field-level errors carry the JSON path), and [`validate`] checks what spans fields
//! (uniqueness, references, consistency). Nothing here touches the database: `service::import`
//! writes a checked document in one transaction, refusing tournaments that already exist, so a
//! document with any error writes nothing.

pub mod document;
pub mod validate;

pub use document::Document;

/// The largest document accepted, in bytes.
pub const MAX_DOCUMENT_BYTES: usize = 64 * 1024 * 1024;

/// A refused document: the JSON path of the first bad field, and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{path}: {message}")]
pub struct ImportError {
    /// JSONPath of the offending value, such as `$.spaces[0].tournaments[2].format`.
    pub path: String,
    pub message: String,
}

impl ImportError {
    pub fn at(path: impl Into<String>, message: impl Into<String>) -> ImportError {
        ImportError {
            path: path.into(),
            message: message.into(),
        }
    }
}

/// Reads and checks a document; nothing is written.
pub fn parse(bytes: &[u8]) -> Result<Document, ImportError> {
    if bytes.len() > MAX_DOCUMENT_BYTES {
        return Err(ImportError::at(
            "$",
            format!(
                "the document is {} bytes; at most {MAX_DOCUMENT_BYTES} are accepted",
                bytes.len()
            ),
        ));
    }
    let document = document::from_json(bytes)?;
    validate::check(&document)?;
    Ok(document)
}
