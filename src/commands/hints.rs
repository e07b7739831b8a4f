//! What the shell says after a webhook address was refused or unreachable for a reason that
//! is the test set-up's, not the receiver's: how to let a receiver on this machine or network
//! be reached. Words only.

/// After a private or internal address was refused.
pub const PRIVATE_ADDRESS: &str = "to reach a receiver on this machine or network, allow its range \
with --allow-cidr (127.0.0.0/8 for this machine; or TOURNEY_WEBHOOK_ALLOW_CIDRS)";

/// After an address was refused when added: deliveries are sent by the server, not the shell.
pub const SERVE_TOO: &str = "the running `tourney serve` (or `dispatch`) that delivers needs the \
same setting";

/// After a receiver's certificate was not trusted.
pub const OWN_CERTIFICATE: &str = "a receiver with a certificate of its own (a test CA) is trusted \
with --root-cert FILE (PEM; or TOURNEY_WEBHOOK_ROOT_CERT)";
