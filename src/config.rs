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
    /// The settings `args` give. The actor is `--actor`, else the login name (`$USER`,
    /// `$LOGNAME`), else the name of the system account running the command (or its `uid N`
    /// when the account has no name, as in a container run under an arbitrary uid); a command
    /// that cannot tell who runs it is refused and asks for `--actor`.
    pub fn resolve(args: &GlobalArgs) -> Result<Config, ConfigError> {
        let base_url = BaseUrl::parse(args.base_url.as_deref().unwrap_or(DEFAULT_BASE_URL))
            .map_err(ConfigError::BaseUrl)?;
        let named = |name: Option<String>| name.filter(|name| !name.trim().is_empty());
        let actor = named(args.actor.clone())
            .or_else(|| named(std::env::var("USER").ok()))
            .or_else(|| named(std::env::var("LOGNAME").ok()))
            .or_else(system_account)
            .ok_or(ConfigError::NoActor)?;
        Ok(Config {
            database_url: args.database_url.clone(),
            base_url,
            base_url_given: args.base_url.is_some(),
            actor,
        })
    }
}

/// Settings that cannot be resolved.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("--base-url: {0}")]
    BaseUrl(InvalidBaseUrl),
    #[error(
        "cannot tell who runs this command for the audit log: set --actor NAME (or TOURNEY_ACTOR)"
    )]
    NoActor,
}

/// The system account running this process, by its entry in `/etc/passwd` (or `uid N` when it
/// has none); `None` where the process's owner cannot be read (no `/proc`).
fn system_account() -> Option<String> {
    use std::os::unix::fs::MetadataExt;
    let uid = std::fs::metadata("/proc/self").ok()?.uid();
    let named = std::fs::read_to_string("/etc/passwd")
        .ok()
        .and_then(|passwd| {
            passwd.lines().find_map(|line| {
                let mut fields = line.split(':');
                let name = fields.next()?;
                let id: u32 = fields.nth(1)?.parse().ok()?;
                (id == uid && !name.is_empty()).then(|| name.to_owned())
            })
        });
    Some(named.unwrap_or_else(|| format!("uid {uid}")))
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
    fn the_system_account_has_a_name_or_a_uid() {
        let account = system_account().expect("this process's owner");
        assert!(!account.is_empty() && account != "unknown", "{account}");
    }

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
