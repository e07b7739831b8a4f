//! Who a request comes from, for limits per client address: the connection's peer, or, when the
//! peer is a trusted proxy (`serve --trusted-proxy`), the address that proxy reports in
//! `X-Forwarded-For`. A header from anyone else is ignored: it would let a client choose its own
//! address and escape its limit.

use std::net::{IpAddr, SocketAddr};

use ipnet::IpNet;
use warp::http::HeaderMap;

/// The client's address: the peer unless it is a trusted proxy; then, reading `X-Forwarded-For`
/// from the right, the first address that is not a trusted proxy.
pub fn address(peer: Option<SocketAddr>, headers: &HeaderMap, trusted: &[IpNet]) -> Option<IpAddr> {
    let peer = canonical(peer?.ip());
    let is_trusted = |ip: &IpAddr| trusted.iter().any(|net| net.contains(ip));
    if !is_trusted(&peer) {
        return Some(peer);
    }
    let forwarded: Vec<IpAddr> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|part| part.trim().parse::<IpAddr>().map(canonical))
        .collect::<Result<_, _>>()
        .unwrap_or_default();
    Some(
        forwarded
            .into_iter()
            .rev()
            .find(|ip| !is_trusted(ip))
            .unwrap_or(peer),
    )
}

/// IPv4 addresses seen through an IPv6 socket as themselves.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use warp::http::HeaderValue;

    fn forwarded(value: &'static str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert("x-forwarded-for", HeaderValue::from_static(value));
        headers
    }

    #[test]
    fn a_client_cannot_choose_its_address() {
        let peer: SocketAddr = "203.0.113.9:5000".parse().unwrap();
        let client = address(Some(peer), &forwarded("198.51.100.1"), &[]);
        assert_eq!(client, Some("203.0.113.9".parse().unwrap()));
    }

    #[test]
    fn a_trusted_proxy_reports_the_client() {
        let proxy: SocketAddr = "10.0.0.2:5000".parse().unwrap();
        let trusted: Vec<IpNet> = vec!["10.0.0.0/8".parse().unwrap()];
        let headers = forwarded("198.51.100.1, 203.0.113.7, 10.0.0.3");
        assert_eq!(
            address(Some(proxy), &headers, &trusted),
            Some("203.0.113.7".parse().unwrap())
        );
        assert_eq!(
            address(Some(proxy), &forwarded("junk"), &trusted),
            Some("10.0.0.2".parse().unwrap())
        );
        assert_eq!(
            address(Some(proxy), &HeaderMap::new(), &trusted),
            Some("10.0.0.2".parse().unwrap())
        );
        let mapped: SocketAddr = "[::ffff:10.0.0.2]:1".parse().unwrap();
        assert_eq!(
            address(Some(mapped), &headers, &trusted),
            Some("203.0.113.7".parse().unwrap())
        );
    }
}
