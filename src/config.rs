//! Settings resolved from the command line and the environment, validated once.
//!
//! Commands receive a [`Config`], never raw arguments for global settings. Its `Debug` form hides
//! the database password, so it is safe to log.

use std::fmt;

use crate::cli::{DEFAULT_BASE_URL, GlobalArgs};
use crate::links::{BaseUrl, InvalidBaseUrl};

#[derive(Clone)]
pub struct Config {
    pub database_url: String,
    pub base_url: BaseUrl,
    /// Whether the base URL was given (`--base-url`, `TOURNEY_BASE_URL`) rather than the default.
    pub base_url_given: bool,
    /// Who is acting, as the audit log records it.
    pub actor: String,
}

impl Config {
    pub fn resolve(args: &GlobalArgs) -> Result<Config, InvalidBaseUrl> {
        let base_url = BaseUrl::parse(args.base_url.as_deref().unwrap_or(DEFAULT_BASE_URL))?;
        let actor = args
            .actor
            .clone()
            .or_else(|| std::env::var("USER").ok())
            .filter(|name| !name.trim().is_empty())
            .unwrap_or_else(|| "unknown".to_owned());
        Ok(Config {
            database_url: args.database_url.clone(),
            base_url,
            base_url_given: args.base_url.is_some(),
            actor,
        })
    }
}

impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Config")
            .field("database_url", &redact_password(&self.database_url))
            .field("base_url", &self.base_url.as_str())
            .field("actor", &self.actor)
            .finish()
    }
}

/// The URL with any password replaced by `***`.
pub fn redact_password(url: &str) -> String {
    match url::Url::parse(url) {
        Ok(mut parsed) if parsed.password().is_some() => {
            let _ = parsed.set_password(Some("***"));
            parsed.to_string()
        }
        _ => url.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hides_database_passwords() {
        assert_eq!(
            redact_password("postgres://app:s3cret@db/tourney"),
            "postgres://app:***@db/tourney"
        );
        assert_eq!(
            redact_password("sqlite://tourney.db"),
            "sqlite://tourney.db"
        );
    }
}
