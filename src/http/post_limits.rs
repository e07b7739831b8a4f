//! What each public form post counts against before its form is used, in this process's memory
//! (docs/operations.md "Limits"):
//!
//! - a **registration**: the registrations from its client address in the last `--form-window`
//!   (150 in 10 minutes by default: a venue's crowd on one Wi-Fi, not one player's pace);
//! - a **private link's post** (check in, claim, answer, withdraw): the posts to that link in the
//!   last minute (`--player-limit`, 30), and a flood bound on such posts from its client address
//!   (`--player-address-limit`, 600 a minute), so a script posting to random links from one
//!   address is still bounded. A post the link's limit refuses counts against neither;
//! - a **sign-in** post (password or link): the section's own limit per client address
//!   (`--sign-in-limit`, 30 a minute), which the portal's crowd never uses up.
//!
//! A link is counted by a SHA-256 of its secret under a label of its own (not the stored
//! withdrawal hash): the secret is never kept here. Nothing here reads a request or the
//! database; a refusal is the wait, in whole seconds, after which the same post is accepted.

use std::net::IpAddr;
use std::time::{Duration, Instant};

use sha2::{Digest, Sha256};

use super::rate_limit::{Decision, RateLimiter};

/// Registrations accepted per client address in any `--form-window`, by default.
pub const DEFAULT_FORM_LIMIT: u32 = 150;
/// The registrations' window by default.
pub const DEFAULT_FORM_WINDOW: &str = "10m";
/// Posts accepted per private link per minute, by default.
pub const DEFAULT_PLAYER_LIMIT: u32 = 30;
/// Posts to private links accepted per client address per minute, by default.
pub const DEFAULT_PLAYER_ADDRESS_LIMIT: u32 = 600;
/// Sign-in posts accepted per client address per minute, by default.
pub const DEFAULT_SIGN_IN_LIMIT: u32 = 30;

/// The label a link's secret is hashed under, so the key kept here is not the hash stored in
/// the database.
const LINK_LABEL: &[u8] = b"tourney post limit\0";

/// A private link, as the limit knows it: a hash of its secret.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LinkKey([u8; 32]);

impl LinkKey {
    pub fn of(secret: &str) -> LinkKey {
        let mut hash = Sha256::new();
        hash.update(LINK_LABEL);
        hash.update(secret.as_bytes());
        LinkKey(hash.finalize().into())
    }
}

/// The limits' sizes: how many posts in which window.
#[derive(Debug, Clone)]
pub struct PostLimitSettings {
    /// Registrations per client address in any `form_window`.
    pub form_limit: u32,
    pub form_window: Duration,
    /// Posts per private link in any `minute`.
    pub player_limit: u32,
    /// Posts to private links per client address in any `minute`.
    pub player_address_limit: u32,
    /// Sign-in posts per client address in any `minute`.
    pub sign_in_limit: u32,
    /// The window of the per-minute limits: a minute, shorter in tests only.
    pub minute: Duration,
}

impl Default for PostLimitSettings {
    fn default() -> PostLimitSettings {
        PostLimitSettings {
            form_limit: DEFAULT_FORM_LIMIT,
            form_window: Duration::from_secs(600),
            player_limit: DEFAULT_PLAYER_LIMIT,
            player_address_limit: DEFAULT_PLAYER_ADDRESS_LIMIT,
            sign_in_limit: DEFAULT_SIGN_IN_LIMIT,
            minute: super::rate_limit::WINDOW,
        }
    }
}

/// The portal's limits in one process.
pub struct PostLimits {
    registrations: RateLimiter<IpAddr>,
    links: RateLimiter<LinkKey>,
    link_addresses: RateLimiter<IpAddr>,
}

/// The section's sign-in and link forms' limit, per client address (the section checks it).
pub fn sign_in_limiter(settings: &PostLimitSettings) -> RateLimiter<IpAddr> {
    RateLimiter::new(settings.sign_in_limit, settings.minute)
}

/// `Err(wait)` when `decision` refuses.
fn wait_of(decision: Decision) -> Result<(), u64> {
    match decision {
        Decision::Limited { retry_after, .. } => Err(retry_after),
        Decision::Allowed { .. } => Ok(()),
    }
}

impl PostLimits {
    pub fn new(settings: &PostLimitSettings) -> PostLimits {
        PostLimits {
            registrations: RateLimiter::new(settings.form_limit, settings.form_window),
            links: RateLimiter::new(settings.player_limit, settings.minute),
            link_addresses: RateLimiter::new(settings.player_address_limit, settings.minute),
        }
    }

    /// A registration from `client` (none known: not limited), counted when accepted.
    pub fn registration(&self, client: Option<IpAddr>, now: Instant) -> Result<(), u64> {
        match client {
            Some(client) => wait_of(self.registrations.check(client, now)),
            None => Ok(()),
        }
    }

    /// A post to the private link of `secret` from `client`: its address's flood bound first
    /// (so a refused address never adds a link to the memory), then the link's own limit; a
    /// post either refuses is counted by neither.
    pub fn player_post(
        &self,
        client: Option<IpAddr>,
        secret: &str,
        now: Instant,
    ) -> Result<(), u64> {
        if let Some(client) = client {
            wait_of(self.link_addresses.check(client, now))?;
        }
        let by_link = wait_of(self.links.check(LinkKey::of(secret), now));
        if by_link.is_err()
            && let Some(client) = client
        {
            self.link_addresses.give_back(&client, now);
        }
        by_link
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: PostLimitSettings = PostLimitSettings {
        form_limit: 3,
        form_window: Duration::from_secs(600),
        player_limit: 2,
        player_address_limit: 5,
        sign_in_limit: 1,
        minute: Duration::from_secs(60),
    };

    fn small() -> PostLimits {
        PostLimits::new(&SMALL)
    }

    const HOME: Option<IpAddr> = Some(IpAddr::V4(std::net::Ipv4Addr::new(192, 0, 2, 1)));
    const AWAY: Option<IpAddr> = Some(IpAddr::V4(std::net::Ipv4Addr::new(192, 0, 2, 2)));

    #[test]
    fn registrations_count_per_address_over_their_window() {
        let limits = small();
        let now = Instant::now();
        for _ in 0..3 {
            assert_eq!(limits.registration(HOME, now), Ok(()));
        }
        assert_eq!(limits.registration(HOME, now), Err(600));
        assert_eq!(
            limits.registration(HOME, now + Duration::from_secs(599)),
            Err(1)
        );
        assert_eq!(limits.registration(AWAY, now), Ok(()));
        assert_eq!(
            limits.registration(None, now),
            Ok(()),
            "no address, no limit"
        );
        // Neither a private link's posts nor sign-ins use registrations' places, nor the reverse.
        assert_eq!(limits.player_post(HOME, "s3cr3t", now), Ok(()));
        let sign_in = sign_in_limiter(&SMALL);
        let home = HOME.expect("an address");
        assert!(matches!(sign_in.check(home, now), Decision::Allowed { .. }));
        assert!(matches!(sign_in.check(home, now), Decision::Limited { .. }));
        assert_eq!(
            limits.registration(HOME, now + Duration::from_secs(600)),
            Ok(())
        );
    }

    #[test]
    fn a_links_posts_are_counted_per_link_and_per_address() {
        let limits = small();
        let now = Instant::now();
        assert_eq!(limits.player_post(HOME, "alice", now), Ok(()));
        assert_eq!(limits.player_post(HOME, "alice", now), Ok(()));
        // Alice's link is used up, from any address; refused, it takes none of HOME's places.
        for _ in 0..10 {
            assert_eq!(limits.player_post(HOME, "alice", now), Err(60));
        }
        assert_eq!(limits.player_post(AWAY, "alice", now), Err(60));
        assert_eq!(limits.player_post(None, "alice", now), Err(60));
        // Other links from HOME: three more places of its five.
        for secret in ["boris", "clara", "dmitri"] {
            assert_eq!(limits.player_post(HOME, secret, now), Ok(()));
        }
        assert_eq!(
            limits.player_post(HOME, "anyone", now + Duration::from_secs(20)),
            Err(40)
        );
        assert_eq!(limits.player_post(AWAY, "boris", now), Ok(()));
        assert_eq!(
            limits.player_post(HOME, "alice", now + Duration::from_secs(60)),
            Ok(())
        );
    }

    #[test]
    fn a_links_key_is_not_its_secret_nor_its_stored_hash() {
        let key = LinkKey::of("s3cr3t");
        assert_eq!(key, LinkKey::of("s3cr3t"));
        assert_ne!(key, LinkKey::of("s3cr3u"));
        assert_ne!(
            hex::encode(key.0),
            crate::service::registrations::withdrawal_hash("s3cr3t")
        );
    }
}
