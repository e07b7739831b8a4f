//! The webhook part of the command line: `hooks`, `dispatch`, `ping` and `verify`.
//!
//! Only shapes and help texts; the commands validate values (URLs, durations, ranges).

use std::path::PathBuf;

use clap::{Args, Subcommand};

use crate::domain::EventType;
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
        /// Which signature headers its requests carry: the specification's Svc-Webhook-* and
        /// Standard Webhooks' webhook-* (both), or one set alone
        #[arg(long, value_enum, value_name = "SET", default_value = "both")]
        signature_headers: SignatureHeadersArg,
        #[command(flatten)]
        allow: AllowArgs,
    },
    /// Change how an address's requests are signed (from its next attempt on)
    Update {
        /// The address's id (hook_...)
        hook_id: String,
        /// Which signature headers its requests carry
        #[arg(long, value_enum, value_name = "SET", required = true)]
        signature_headers: Option<SignatureHeadersArg>,
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
    /// Stop sending to an address for now; its deliveries are kept until it is enabled again
    Disable {
        /// The address's id (hook_...)
        hook_id: String,
    },
    /// Send to a disabled address again; the deliveries kept for it go out (or, with
    /// --drop-kept, fail)
    Enable {
        /// The address's id (hook_...)
        hook_id: String,
        /// Fail the deliveries kept while it was disabled instead of sending them (`hooks retry`
        /// can still send them later)
        #[arg(long)]
        drop_kept: bool,
    },
    /// List an address's deliveries, newest first, with their latest attempt
    Deliveries {
        /// The address's id (hook_...)
        hook_id: String,
        /// Only deliveries that failed for good (the same as --status failed)
        #[arg(long, conflicts_with = "status")]
        failed: bool,
        /// Only deliveries in this state
        #[arg(long, value_name = "STATUS", value_parser = ["pending", "in_flight", "succeeded", "failed"])]
        status: Option<String>,
        /// Only deliveries of this event type
        #[arg(long, value_name = "TYPE")]
        event: Option<String>,
        /// Only events since TIME (2026-11-23T10:00:00Z) or for the last DURATION (90m, 2d)
        #[arg(long, value_name = "TIME|DURATION")]
        since: Option<String>,
        /// Only events before TIME (2026-11-23T10:00:00Z)
        #[arg(long, value_name = "TIME")]
        until: Option<String>,
        /// At most this many
        #[arg(long, value_name = "N", default_value_t = 50)]
        limit: u32,
    },
    /// Print a delivery's attempt log: trigger, time, duration, outcome and why, peer, answer
    Attempts {
        /// The delivery's id (dlv_...)
        delivery_id: String,
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
        /// With --hook: only those of events since TIME (2026-11-23T10:00:00Z) or for the last
        /// DURATION (90m, 2d)
        #[arg(long, value_name = "TIME|DURATION", requires = "hook")]
        since: Option<String>,
    },
    /// Send a realistic signed example of an event type to one address now, through the real
    /// delivery path, and print the outcome; the body carries "example": true
    Test {
        /// The address's id (hook_...)
        hook_id: String,
        /// The event type to send an example of
        #[arg(long, value_name = "TYPE")]
        event: EventType,
        #[command(flatten)]
        network: NetworkArgs,
    },
}

/// How the delivery loop runs, in `dispatch` and in `serve`.
#[derive(Debug, Clone, Args)]
pub struct DeliveryArgs {
    /// Webhook requests in flight at once
    #[arg(long, value_name = "N", default_value_t = 64,
          value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub concurrency: u32,
    /// Delays before attempts 2, 3, ... after a failure (the last failure marks it failed)
    #[arg(long, value_name = "LIST", default_value = DEFAULT_RETRY_DELAYS)]
    pub retry_delays: String,
    /// How long a claimed delivery stays claimed if its loop stops renewing it (it is renewed
    /// while the loop holds it): the time after which another loop sends the deliveries of a loop
    /// that died
    #[arg(long, value_name = "DURATION", default_value = "60s")]
    pub lease: String,
    /// Disable a webhook address whose every attempt has failed for this long (a 410 Gone
    /// answer disables it at once); `hooks enable` turns it back on
    #[arg(
        long,
        value_name = "DURATION",
        default_value = "5d",
        env = "TOURNEY_WEBHOOK_DISABLE_AFTER",
        hide_env_values = true
    )]
    pub disable_after: String,
    #[command(flatten)]
    pub network: NetworkArgs,
}

#[derive(Debug, Args)]
pub struct DispatchArgs {
    /// Deliver what is due now, then exit
    #[arg(long)]
    pub once: bool,
    /// Serve /metrics (and /healthz) on this address while delivering, for monitoring
    #[arg(long, value_name = "ADDR", conflicts_with = "once")]
    pub listen: Option<std::net::SocketAddr>,
    #[command(flatten)]
    pub delivery: DeliveryArgs,
}

/// Which signature headers an address's requests carry, as the command line spells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SignatureHeadersArg {
    /// Svc-Webhook-* and webhook-* (Standard Webhooks)
    Both,
    /// Svc-Webhook-* alone
    Specification,
    /// webhook-* alone (Standard Webhooks)
    Standard,
}

impl From<SignatureHeadersArg> for crate::domain::SignatureHeaders {
    fn from(arg: SignatureHeadersArg) -> Self {
        match arg {
            SignatureHeadersArg::Both => Self::Both,
            SignatureHeadersArg::Specification => Self::Specification,
            SignatureHeadersArg::Standard => Self::Standard,
        }
    }
}

#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct VerifyArgs {
    #[command(subcommand)]
    pub command: Option<VerifyCommand>,
    /// The address's signing secret (whsec_...); repeat it for both secrets of a rotation
    #[arg(long = "secret", required = true, value_name = "SECRET")]
    pub secrets: Vec<String>,
    /// The request's headers as the receiver logged them, one "Name: value" per line (both
    /// sets are read); instead of --id, --timestamp and --signature
    #[arg(long, value_name = "FILE", conflicts_with_all = ["id", "timestamp", "signature"])]
    pub headers: Option<PathBuf>,
    /// The Svc-Webhook-Id (or webhook-id) header
    #[arg(long, required_unless_present = "headers")]
    pub id: Option<String>,
    /// The Svc-Webhook-Timestamp (or webhook-timestamp) header
    #[arg(long, required_unless_present = "headers", value_name = "TS")]
    pub timestamp: Option<String>,
    /// The Svc-Webhook-Signature (v1=<hex>) or webhook-signature (v1,<base64>) header
    #[arg(long, required_unless_present = "headers", value_name = "SIG")]
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
