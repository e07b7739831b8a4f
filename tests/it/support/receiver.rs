//! A real HTTPS webhook receiver on loopback for tests and the benchmark: a throwaway CA and a
//! certificate for 127.0.0.1 (rcgen), served with tokio-rustls and hyper. It records every
//! request (headers, raw body, arrival time) and answers as the test's behaviour says.
//!
//! It also holds every request to the event catalog (`docs/openapi.json`, `webhooks`): its body
//! against its type's schema, its headers against the documented ones. The check runs off the
//! receiving path, when the test reads what was received and when the receiver is dropped, and
//! fails the test with the errors and the body. It never changes how the receiver answers.

#![allow(dead_code)]

#[path = "catalog.rs"]
pub mod catalog;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper::service::service_fn;
use hyper::{HeaderMap, Request, Response};
use hyper_util::rt::{TokioExecutor, TokioIo};
use hyper_util::server::conn::auto;
use rcgen::{BasicConstraints, CertificateParams, CertifiedIssuer, IsCa, KeyPair};
use tokio_rustls::TlsAcceptor;
use tokio_rustls::rustls::ServerConfig;
use tokio_rustls::rustls::crypto::aws_lc_rs;
use tokio_rustls::rustls::pki_types::{PrivateKeyDer, PrivatePkcs8KeyDer};

/// One request as the receiver saw it.
#[derive(Debug, Clone)]
pub struct Received {
    pub path: String,
    pub headers: HeaderMap,
    pub body: Bytes,
    /// Arrival, Unix milliseconds.
    pub at_ms: i64,
}

impl Received {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }
}

/// How to answer one request.
#[derive(Debug, Clone)]
pub enum Reply {
    Status(u16),
    /// A redirect to the given location.
    Redirect(u16, String),
    /// Wait, then answer with the status.
    Sleep(Duration, u16),
    /// Answer with the status and exactly these bytes.
    Body(u16, &'static [u8]),
}

type Behaviour = dyn Fn(&Received, usize) -> Reply + Send + Sync;

/// The certificate a receiver presents. `root_cert` is always the certificate to trust.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Certificate {
    /// For 127.0.0.1, issued by a CA of its own: valid when the sender trusts that CA.
    Issued,
    /// As `Issued`, but it expired before today.
    Expired,
    /// The CA's own certificate (for 127.0.0.1) served as the server's: the mistake of a
    /// self-signed CA used as its own leaf.
    CaAsLeaf,
}

/// The chain to serve, its key, and the PEM to trust.
fn certificates(
    kind: Certificate,
) -> (
    Vec<tokio_rustls::rustls::pki_types::CertificateDer<'static>>,
    PrivateKeyDer<'static>,
    String,
) {
    let ca_key = KeyPair::generate().expect("CA key");
    let names = match kind {
        Certificate::CaAsLeaf => vec!["127.0.0.1".to_owned(), "localhost".to_owned()],
        _ => Vec::new(),
    };
    let mut ca_params = CertificateParams::new(names).expect("CA params");
    ca_params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    // A name of its own: an authority is looked up by name, so two test CAs must not share one.
    static CAS: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = CAS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    ca_params.distinguished_name.push(
        rcgen::DnType::CommonName,
        format!("tourney test CA {} {n}", std::process::id()),
    );
    if kind == Certificate::CaAsLeaf {
        let ca = ca_params.self_signed(&ca_key).expect("CA certificate");
        let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(ca_key.serialize_der()));
        return (vec![ca.der().clone()], key, ca.pem());
    }
    let ca = CertifiedIssuer::self_signed(ca_params, ca_key).expect("CA certificate");
    let leaf_key = KeyPair::generate().expect("leaf key");
    let mut leaf_params =
        CertificateParams::new(vec!["127.0.0.1".to_owned(), "localhost".to_owned()])
            .expect("leaf params");
    if kind == Certificate::Expired {
        leaf_params.not_before = rcgen::date_time_ymd(2020, 1, 1);
        leaf_params.not_after = rcgen::date_time_ymd(2021, 1, 1);
    }
    let leaf = leaf_params
        .signed_by(&leaf_key, &ca)
        .expect("leaf certificate");
    let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(leaf_key.serialize_der()));
    (vec![leaf.der().clone(), ca.der().clone()], key, ca.pem())
}

pub struct Receiver {
    pub addr: SocketAddr,
    /// `https://127.0.0.1:PORT/hook`
    pub url: String,
    /// The CA that signed the receiver's certificate, for `--root-cert`.
    pub root_cert: PathBuf,
    received: Arc<Mutex<Vec<Received>>>,
    /// Whether requests are held to the event catalog, and how many have been.
    check: bool,
    checked: Mutex<usize>,
    task: tokio::task::JoinHandle<()>,
    _dir: tempfile::TempDir,
}

impl Drop for Receiver {
    fn drop(&mut self) {
        self.task.abort();
        if !std::thread::panicking() {
            self.check_catalog();
        }
    }
}

pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

impl Receiver {
    /// Starts a receiver that answers every request with `behaviour(request, index)`.
    pub async fn start(
        behaviour: impl Fn(&Received, usize) -> Reply + Send + Sync + 'static,
    ) -> Receiver {
        Receiver::start_with(Certificate::Issued, behaviour).await
    }

    /// Like [`Receiver::start`], presenting a certificate of the given kind.
    pub async fn start_with(
        certificate: Certificate,
        behaviour: impl Fn(&Received, usize) -> Reply + Send + Sync + 'static,
    ) -> Receiver {
        Receiver::start_inner(certificate, true, behaviour).await
    }

    /// Like [`Receiver::start`], without holding requests to the event catalog: for a receiver
    /// under `verify receiver`, whose requests are incomplete or forged on purpose.
    pub async fn start_unchecked(
        behaviour: impl Fn(&Received, usize) -> Reply + Send + Sync + 'static,
    ) -> Receiver {
        Receiver::start_inner(Certificate::Issued, false, behaviour).await
    }

    async fn start_inner(
        certificate: Certificate,
        check: bool,
        behaviour: impl Fn(&Received, usize) -> Reply + Send + Sync + 'static,
    ) -> Receiver {
        let behaviour: Arc<Behaviour> = Arc::new(behaviour);
        let dir = tempfile::tempdir().expect("temporary directory");
        let (chain, key, trusted) = certificates(certificate);
        let root_cert = dir.path().join("ca.pem");
        std::fs::write(&root_cert, trusted).expect("write CA");

        let mut config =
            ServerConfig::builder_with_provider(Arc::new(aws_lc_rs::default_provider()))
                .with_safe_default_protocol_versions()
                .expect("TLS versions")
                .with_no_client_auth()
                .with_single_cert(chain, key)
                .expect("server certificate");
        config.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
        let acceptor = TlsAcceptor::from(Arc::new(config));

        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let addr = listener.local_addr().expect("local address");
        let received: Arc<Mutex<Vec<Received>>> = Arc::default();
        let log = Arc::clone(&received);
        let task = tokio::spawn(async move {
            loop {
                let Ok((tcp, _)) = listener.accept().await else {
                    continue;
                };
                let _ = tcp.set_nodelay(true);
                let acceptor = acceptor.clone();
                let log = Arc::clone(&log);
                let behaviour = Arc::clone(&behaviour);
                tokio::spawn(async move {
                    let Ok(tls) = acceptor.accept(tcp).await else {
                        return;
                    };
                    let service = service_fn(move |request: Request<Incoming>| {
                        let log = Arc::clone(&log);
                        let behaviour = Arc::clone(&behaviour);
                        async move {
                            let (parts, body) = request.into_parts();
                            // A request whose body broke off (its sender died in the middle of
                            // it) was never received, as by any real receiver: not recorded.
                            let Ok(body) = body.collect().await.map(|b| b.to_bytes()) else {
                                return Response::builder()
                                    .status(400)
                                    .body(Full::new(Bytes::from("incomplete body")));
                            };
                            let received = Received {
                                path: parts.uri.path().to_owned(),
                                headers: parts.headers,
                                body,
                                at_ms: now_ms(),
                            };
                            let index = {
                                let mut log = log.lock().unwrap();
                                log.push(received.clone());
                                log.len() - 1
                            };
                            let reply = behaviour(&received, index);
                            let response = match reply {
                                Reply::Status(code) => Response::builder()
                                    .status(code)
                                    .body(Full::new(Bytes::from(format!("status {code}")))),
                                Reply::Redirect(code, location) => Response::builder()
                                    .status(code)
                                    .header("Location", location)
                                    .body(Full::new(Bytes::new())),
                                Reply::Body(code, bytes) => Response::builder()
                                    .status(code)
                                    .body(Full::new(Bytes::from_static(bytes))),
                                Reply::Sleep(wait, code) => {
                                    tokio::time::sleep(wait).await;
                                    Response::builder()
                                        .status(code)
                                        .body(Full::new(Bytes::from("late")))
                                }
                            };
                            Ok::<_, hyper::http::Error>(response.unwrap_or_default())
                        }
                    });
                    let _ = auto::Builder::new(TokioExecutor::new())
                        .serve_connection(TokioIo::new(tls), service)
                        .await;
                });
            }
        });
        Receiver {
            addr,
            url: format!("https://127.0.0.1:{}/hook", addr.port()),
            root_cert,
            received,
            check,
            checked: Mutex::new(0),
            task,
            _dir: dir,
        }
    }

    /// Every request so far, in arrival order (each held to the event catalog first).
    pub fn received(&self) -> Vec<Received> {
        self.check_catalog();
        self.received.lock().unwrap().clone()
    }

    pub fn count(&self) -> usize {
        self.check_catalog();
        self.received.lock().unwrap().len()
    }

    /// Holds the requests not yet checked to the event catalog; panics with every violation,
    /// its request's index and its body.
    fn check_catalog(&self) {
        if !self.check {
            return;
        }
        let (first, unchecked) = {
            let log = self.received.lock().unwrap_or_else(|e| e.into_inner());
            let mut checked = self.checked.lock().unwrap_or_else(|e| e.into_inner());
            let first = *checked;
            *checked = log.len();
            (first, log[first..].to_vec())
        };
        let catalog = catalog::catalog();
        let problems: Vec<String> = unchecked
            .iter()
            .enumerate()
            .filter_map(|(n, request)| {
                let violations = catalog.request_violations(
                    |name| request.header(name).map(str::to_owned),
                    &request.body,
                );
                (!violations.is_empty()).then(|| {
                    format!(
                        "request {} to {}:\n    {}\n  body: {}",
                        first + n,
                        request.path,
                        violations.join("\n    "),
                        String::from_utf8_lossy(&request.body)
                    )
                })
            })
            .collect();
        assert!(
            problems.is_empty(),
            "webhook requests that do not match the event catalog in docs/openapi.json:\n  {}",
            problems.join("\n  ")
        );
    }

    /// Waits (up to `limit`) until `condition` holds for the requests received.
    pub async fn wait_for(
        &self,
        limit: Duration,
        condition: impl Fn(&[Received]) -> bool,
    ) -> Vec<Received> {
        let deadline = tokio::time::Instant::now() + limit;
        loop {
            let received = self.received();
            if condition(&received) || tokio::time::Instant::now() > deadline {
                return received;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}
