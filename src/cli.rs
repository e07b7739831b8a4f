//! The command line as parsed by clap: every subcommand, argument and environment variable.
//!
//! Only shapes and help texts live here. Validation that needs more than clap's value lists
//! happens in `config` (global settings) and in each command; completions and man pages are
//! generated from this definition.

use std::path::PathBuf;

use clap::builder::PossibleValuesParser;
use clap::{Args, Parser, Subcommand};
use clap_complete::Shell;

use crate::domain::Locale;

pub const DEFAULT_DATABASE_URL: &str = "sqlite://tourney.db";
pub const DEFAULT_BASE_URL: &str = "http://127.0.0.1:8080";

/// Read API, signed webhooks and embeddable widgets for tournament spaces.
#[derive(Debug, Parser)]
#[command(
    name = "tourney",
    version,
    propagate_version = true,
    max_term_width = 100
)]
#[command(
    after_help = "Exit status: 0 on success, 1 when the operation fails, 2 on a usage error."
)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Args)]
pub struct GlobalArgs {
    /// Database to use: sqlite://PATH (created on first use) or postgres://USER@HOST/NAME
    #[arg(long, global = true, env = "TOURNEY_DATABASE_URL", hide_env_values = true, value_name = "URL",
          default_value = DEFAULT_DATABASE_URL)]
    pub database_url: String,

    /// Public address of the service, used to build portal and widget links
    #[arg(long, global = true, env = "TOURNEY_BASE_URL", hide_env_values = true, value_name = "URL", default_value = DEFAULT_BASE_URL)]
    pub base_url: String,

    /// Who is acting, for the audit log [default: the USER environment variable]
    #[arg(
        long,
        global = true,
        env = "TOURNEY_ACTOR",
        hide_env_values = true,
        value_name = "NAME"
    )]
    pub actor: Option<String>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Create and list organising spaces
    #[command(subcommand)]
    Spaces(SpacesCommand),

    /// Database maintenance
    #[command(subcommand)]
    Db(DbCommand),

    /// Load spaces and tournaments from a JSON document (all or nothing; see docs/import.md)
    Import {
        /// The document to load, or - for standard input
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },

    /// Print shell completions (or write them all with --out-dir)
    Completions {
        /// The shell to complete for
        #[arg(required_unless_present = "out_dir")]
        shell: Option<Shell>,
        /// Write completion files into DIR instead of printing (every shell unless SHELL is given)
        #[arg(long, value_name = "DIR")]
        out_dir: Option<PathBuf>,
    },

    /// Print the man page (or write every page with --out-dir)
    Man {
        /// Write tourney.1 and one page per subcommand into DIR instead of printing
        #[arg(long, value_name = "DIR")]
        out_dir: Option<PathBuf>,
    },
}

#[derive(Debug, Subcommand)]
pub enum SpacesCommand {
    /// Create a space
    Create {
        /// Short name used in widget paths: lowercase letters, digits and hyphens
        slug: String,
        /// Display name
        #[arg(long)]
        name: String,
        /// Default language of the space's portal links and widgets
        #[arg(long, default_value = "en", value_parser = PossibleValuesParser::new(Locale::NAMES))]
        locale: String,
    },
    /// List every space
    List,
}

#[derive(Debug, Subcommand)]
pub enum DbCommand {
    /// Apply pending migrations (every command also does this on start)
    Migrate,
}
