//! The webhook part of the command line: `hooks`, `dispatch`, `ping` and `verify`.
//!
//! Only shapes and help texts; the commands validate values (URLs, durations, ranges).

use std::path::PathBuf;

use clap::{Args, Subcommand};

use crate::webhook::schedule::DEFAULT_RETRY_DELAYS;

/// Exceptions to the private-address block list.
#[derive(Debug, Clone, Args)]
pub struct AllowArgs {
    /// Let webhooks reach this address range although it is private or internal (tests,
    /// on-premise receivers); repeatable, off by default
    #[arg(
        long = "allow-cidr",
        value_name = "CIDR",
        env = "TOURNEY_WEBHOOK_ALLOW_CIDRS",
        value_delimiter = ',',
        hide_env_values = true
    )]
    pub allow_cidr: Vec<String>,
}

/// How webhook requests reach receivers.
#[derive(Debug, Clone, Args)]
pub struct NetworkArgs {
    #[command(flatten)]
    pub allow: AllowArgs,
    /// Also trust this PEM root certificate (a test receiver's CA)
    #[arg(
        long,
        value_name = "PEM",
        env = "TOURNEY_WEBHOOK_ROOT_CERT",
        hide_env_values = true
    )]
    pub root_cert: Option<PathBuf>,
}

#[derive(Debug, Subcommand)]
pub enum HooksCommand {
    /// Register an HTTPS address for a space's events; prints its signing secret once
    Add {
        /// The space whose events go to the address
        #[arg(long)]
        space: String,
        /// https:// address of the receiver (public addresses only)
        url: String,
        /// Only these event types [default: every type]
        #[arg(long, value_name = "T,T...", value_delimiter = ',')]
        events: Option<Vec<String>>,
        #[command(flatten)]
        allow: AllowArgs,
    },
    /// List a space's webhook addresses
    List {
        #[arg(long)]
        space: String,
    },
    /// Stop sending to an address (its unfinished deliveries fail)
    Remove {
        /// The address's id (hook_...)
        hook_id: String,
    },
    /// Replace an address's signing secret; prints the new one once
    RotateSecret {
        /// The address's id (hook_...)
        hook_id: String,
        /// How long the old secret keeps signing too (a second v1= value)
        #[arg(long, value_name = "DURATION", default_value = "24h")]
        overlap: String,
    },
    /// List an address's deliveries, newest first, with their latest attempt
    Deliveries {
        /// The address's id (hook_...)
        hook_id: String,
        /// Only deliveries that failed for good
        #[arg(long)]
        failed: bool,
        /// At most this many
        #[arg(long, value_name = "N", default_value_t = 50)]
        limit: u32,
    },
    /// Queue a failed delivery (or every failed delivery of an address) for one manual attempt
    Retry {
        /// The delivery's id (dlv_...)
        #[arg(required_unless_present = "hook", conflicts_with = "hook")]
        delivery_id: Option<String>,
        /// Every failed delivery of this address (hook_...)
        #[arg(long, value_name = "HOOK_ID", requires = "failed")]
        hook: Option<String>,
        /// With --hook: the failed deliveries (the only ones that can be retried)
        #[arg(long, requires = "hook")]
        failed: bool,
    },
}

#[derive(Debug, Args)]
pub struct DispatchArgs {
    /// Deliver what is due now, then exit
    #[arg(long)]
    pub once: bool,
    /// Requests in flight at once
    #[arg(long, value_name = "N", default_value_t = 64,
          value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub concurrency: u32,
    /// Delays before attempts 2, 3, ... after a failure (the last failure marks it failed)
    #[arg(long, value_name = "LIST", default_value = DEFAULT_RETRY_DELAYS)]
    pub retry_delays: String,
    /// How long a claimed delivery stays claimed before another dispatcher may take it; keep it
    /// well above the 5 s request deadline
    #[arg(long, value_name = "DURATION", default_value = "60s")]
    pub lease: String,
    #[command(flatten)]
    pub network: NetworkArgs,
}

#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct VerifyArgs {
    #[command(subcommand)]
    pub command: Option<VerifyCommand>,
    /// The address's signing secret (whsec_...)
    #[arg(long, required = true)]
    pub secret: Option<String>,
    /// The Svc-Webhook-Id header
    #[arg(long, required = true)]
    pub id: Option<String>,
    /// The Svc-Webhook-Timestamp header
    #[arg(long, required = true, value_name = "TS")]
    pub timestamp: Option<String>,
    /// The Svc-Webhook-Signature header
    #[arg(long, required = true, value_name = "SIG")]
    pub signature: Option<String>,
    /// The raw request body [default: standard input]
    #[arg(long, value_name = "FILE")]
    pub body: Option<PathBuf>,
    /// Largest accepted distance between the timestamp and now, in seconds
    #[arg(long, value_name = "SECONDS", default_value_t = 300)]
    pub tolerance: u32,
}

#[derive(Debug, Subcommand)]
pub enum VerifyCommand {
    /// Check that a receiver accepts valid webhooks and rejects forged, stale and replayed ones
    Receiver {
        /// The receiver's https:// address
        url: String,
        /// The secret the receiver verifies with
        #[arg(long)]
        secret: String,
        #[command(flatten)]
        network: NetworkArgs,
    },
}
