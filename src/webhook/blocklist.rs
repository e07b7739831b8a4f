//! Which network addresses webhooks may reach: everything public, nothing private or internal.
//!
//! Owns the block list (research `webhook-anchors.md` §B.4: IPv4 and IPv6 private, loopback,
//! link-local, CGNAT, multicast, reserved, documentation and benchmarking ranges, IPv4-mapped,
//! IPv4-compatible, NAT64, 6to4 and Teredo forms, unspecified addresses) and the operator's
//! allow list (`--allow-cidr`), which lets chosen ranges through. It never resolves names and
//! never connects; `target` and `client` call it for every address they meet.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use ipnet::{IpNet, Ipv4Net, Ipv6Net};

const fn v4(a: u8, b: u8, c: u8, d: u8, len: u8) -> (Ipv4Addr, u8) {
    (Ipv4Addr::new(a, b, c, d), len)
}

/// IPv4 ranges no webhook may reach.
const BLOCKED_V4: &[(Ipv4Addr, u8)] = &[
    v4(0, 0, 0, 0, 8),       // "this network", including 0.0.0.0
    v4(10, 0, 0, 0, 8),      // private (RFC 1918)
    v4(100, 64, 0, 0, 10),   // carrier-grade NAT (RFC 6598), Alibaba metadata
    v4(127, 0, 0, 0, 8),     // loopback
    v4(169, 254, 0, 0, 16),  // link-local, cloud metadata 169.254.169.254
    v4(172, 16, 0, 0, 12),   // private (RFC 1918)
    v4(192, 0, 0, 0, 24),    // IETF protocol assignments, Oracle legacy metadata
    v4(192, 0, 2, 0, 24),    // documentation (TEST-NET-1)
    v4(192, 88, 99, 0, 24),  // 6to4 relay anycast
    v4(192, 168, 0, 0, 16),  // private (RFC 1918)
    v4(198, 18, 0, 0, 15),   // benchmarking
    v4(198, 51, 100, 0, 24), // documentation (TEST-NET-2)
    v4(203, 0, 113, 0, 24),  // documentation (TEST-NET-3)
    v4(224, 0, 0, 0, 4),     // multicast
    v4(240, 0, 0, 0, 4),     // reserved (class E), including broadcast 255.255.255.255
];

const fn v6(segments: [u16; 8], len: u8) -> (Ipv6Addr, u8) {
    let [a, b, c, d, e, f, g, h] = segments;
    (Ipv6Addr::new(a, b, c, d, e, f, g, h), len)
}

/// IPv6 ranges no webhook may reach. IPv4-mapped addresses (`::ffff:0:0/96`) are not listed:
/// they are converted to IPv4 and checked against the IPv4 list, so a mapped public address
/// is as reachable as the address itself and a mapped private one is not.
const BLOCKED_V6: &[(Ipv6Addr, u8)] = &[
    v6([0, 0, 0, 0, 0, 0, 0, 0], 128),         // unspecified
    v6([0, 0, 0, 0, 0, 0, 0, 1], 128),         // loopback
    v6([0, 0, 0, 0, 0, 0, 0, 0], 96),          // IPv4-compatible (deprecated)
    v6([0x64, 0xff9b, 0, 0, 0, 0, 0, 0], 96),  // NAT64 well-known prefix
    v6([0x64, 0xff9b, 1, 0, 0, 0, 0, 0], 48),  // NAT64 local-use
    v6([0x100, 0, 0, 0, 0, 0, 0, 0], 64),      // discard-only
    v6([0x2001, 0, 0, 0, 0, 0, 0, 0], 32),     // Teredo
    v6([0x2001, 0xdb8, 0, 0, 0, 0, 0, 0], 32), // documentation
    v6([0x2002, 0, 0, 0, 0, 0, 0, 0], 16),     // 6to4
    v6([0x3fff, 0, 0, 0, 0, 0, 0, 0], 20),     // documentation
    v6([0x5f00, 0, 0, 0, 0, 0, 0, 0], 16),     // SRv6 SIDs
    v6([0xfc00, 0, 0, 0, 0, 0, 0, 0], 7),      // unique local, AWS fd00:ec2::254
    v6([0xfe80, 0, 0, 0, 0, 0, 0, 0], 10),     // link-local
    v6([0xfec0, 0, 0, 0, 0, 0, 0, 0], 10),     // site-local (deprecated)
    v6([0xff00, 0, 0, 0, 0, 0, 0, 0], 8),      // multicast
];

/// True when `ip` lies in a blocked range (before any allow list).
pub fn is_blocked(ip: IpAddr) -> bool {
    match ip.to_canonical() {
        IpAddr::V4(ip) => BLOCKED_V4
            .iter()
            .any(|&(net, len)| Ipv4Net::new(net, len).is_ok_and(|net| net.contains(&ip))),
        IpAddr::V6(ip) => BLOCKED_V6
            .iter()
            .any(|&(net, len)| Ipv6Net::new(net, len).is_ok_and(|net| net.contains(&ip))),
    }
}

/// The block list with the operator's exceptions.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Policy {
    allow: Vec<IpNet>,
}

impl Policy {
    /// The block list with no exceptions (production).
    pub fn strict() -> Policy {
        Policy::default()
    }

    /// The block list minus `allow` (tests, on-premise receivers).
    pub fn allowing(allow: Vec<IpNet>) -> Policy {
        Policy { allow }
    }

    /// True when a webhook may be sent to `ip`.
    pub fn permits(&self, ip: IpAddr) -> bool {
        let canonical = ip.to_canonical();
        !is_blocked(ip)
            || self
                .allow
                .iter()
                .any(|net| net.contains(&ip) || net.contains(&canonical))
    }

    pub fn allowed(&self) -> &[IpNet] {
        &self.allow
    }
}

/// Parses `--allow-cidr` values: `127.0.0.0/8`, `::1/128`, or a bare address (a /32 or /128).
pub fn parse_cidr(text: &str) -> Result<IpNet, String> {
    let text = text.trim();
    text.parse::<IpNet>()
        .or_else(|_| text.parse::<IpAddr>().map(IpNet::from))
        .map_err(|_| format!("'{text}' is not an address range such as 127.0.0.0/8 or ::1/128"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blocked(text: &str) -> bool {
        is_blocked(text.parse().unwrap())
    }

    #[test]
    fn every_listed_range_is_blocked_at_both_ends() {
        for &(net, len) in BLOCKED_V4 {
            let net = Ipv4Net::new(net, len).unwrap();
            assert!(is_blocked(net.network().into()), "{net}");
            assert!(is_blocked(net.broadcast().into()), "{net}");
        }
        for &(net, len) in BLOCKED_V6 {
            let net = Ipv6Net::new(net, len).unwrap();
            assert!(is_blocked(net.network().into()), "{net}");
            assert!(is_blocked(net.broadcast().into()), "{net}");
        }
    }

    #[test]
    fn named_dangerous_addresses_are_blocked() {
        for ip in [
            "127.0.0.1",
            "0.0.0.0",
            "169.254.169.254",
            "100.100.100.200",
            "192.0.0.192",
            "255.255.255.255",
            "10.1.2.3",
            "172.31.255.255",
            "192.168.1.1",
            "::",
            "::1",
            "::ffff:127.0.0.1",
            "::ffff:169.254.169.254",
            "::127.0.0.1",
            "64:ff9b::7f00:1",
            "fd00:ec2::254",
            "fe80::1",
            "ff02::1",
            "2001:db8::1",
            "2002:7f00:1::",
            "2001:0:4136::",
        ] {
            assert!(blocked(ip), "{ip} should be blocked");
        }
    }

    #[test]
    fn public_addresses_pass() {
        for ip in [
            "93.184.215.14",
            "1.1.1.1",
            "8.8.8.8",
            "2606:4700::1111",
            "::ffff:93.184.215.14",
            "172.32.0.1",
            "100.128.0.1",
            "198.20.0.1",
        ] {
            assert!(!blocked(ip), "{ip} should pass");
        }
    }

    #[test]
    fn allow_list_lets_only_chosen_ranges_through() {
        let policy = Policy::allowing(vec![
            parse_cidr("127.0.0.0/8").unwrap(),
            parse_cidr("::1").unwrap(),
        ]);
        assert!(policy.permits("127.0.0.1".parse().unwrap()));
        assert!(policy.permits("::ffff:127.0.0.1".parse().unwrap()));
        assert!(policy.permits("::1".parse().unwrap()));
        assert!(!policy.permits("10.0.0.1".parse().unwrap()));
        assert!(!Policy::strict().permits("127.0.0.1".parse().unwrap()));
        assert!(parse_cidr("localhost").is_err());
    }
}
