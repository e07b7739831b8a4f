//! `tourney verify`: checks one received webhook exactly as the specification tells a receiver
//! to, in either signature scheme (the specification's or Standard Webhooks'), from its values
//! or from the headers a receiver logged, with one secret or both of a rotation; and `tourney
//! verify receiver URL`: the conformance run for a receiver under test.
//!
//! Needs no database. Prints the verdict; an invalid request or a failed case is exit 1.

use std::io::{Read, Write};

use super::{Error, hints};
use crate::cli::{VerifyArgs, VerifyCommand};
use crate::domain::ErrorClass;
use crate::timestamp;
use crate::webhook::conformance::{self, Expect};
use crate::webhook::signing::{self, Received};

use super::table;

pub async fn run(args: VerifyArgs, out: &mut impl Write) -> Result<(), Error> {
    if let Some(VerifyCommand::Receiver {
        url,
        secret,
        network,
    }) = args.command
    {
        return receiver(&url, &secret, &network, out).await;
    }
    let request = match &args.headers {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|source| Error::Io {
                action: "read",
                path: path.clone(),
                source,
            })?;
            Logged::parse(&text)?
        }
        None => match (args.id, args.timestamp, args.signature) {
            (Some(id), Some(timestamp), Some(signature)) => Logged {
                id,
                timestamp,
                signatures: vec![("--signature", signature)],
            },
            _ => {
                return Err(Error::Invalid(
                    "give --id, --timestamp and --signature, or --headers FILE (or use `verify receiver URL`)"
                        .into(),
                ));
            }
        },
    };
    let body = read_body(args.body.as_ref())?;
    let now = timestamp::now_ms() / 1000;
    let tolerance = i64::from(args.tolerance);
    let count = args.secrets.len();
    let mut invalid = Vec::new();
    for (header, value) in &request.signatures {
        let received = Received {
            id: &request.id,
            timestamp: &request.timestamp,
            signature: value,
            body: &body,
        };
        // The first secret it matches, in the order given.
        let mut last = None;
        let matched =
            args.secrets.iter().enumerate().find_map(|(n, secret)| {
                match signing::verify(secret, received, now, tolerance) {
                    Ok(scheme) => Some((n, scheme)),
                    Err(reason) => {
                        last = Some(reason);
                        None
                    }
                }
            });
        match (matched, last) {
            (Some((n, scheme)), _) => {
                let which = match count {
                    1 => String::new(),
                    _ => format!(
                        " with secret {} of {count} (the --secret given {})",
                        n + 1,
                        ordinal(n)
                    ),
                };
                writeln!(
                    out,
                    "valid: {header}: a v1 signature of {} scheme matches the body{which}, and the timestamp is within {} s",
                    scheme.name(),
                    args.tolerance
                )?;
            }
            (None, reason) => invalid.push(format!(
                "{header}: {}",
                reason.map_or_else(|| "no secret given".to_owned(), |r| r.to_string())
            )),
        }
    }
    if invalid.is_empty() {
        Ok(())
    } else {
        Err(Error::Invalid(format!("invalid: {}", invalid.join("; "))))
    }
}

fn ordinal(n: usize) -> &'static str {
    match n {
        0 => "first",
        1 => "second",
        2 => "third",
        _ => "later",
    }
}

/// A request's signing headers, as given on the command line or as a receiver logged them.
struct Logged {
    id: String,
    timestamp: String,
    /// Each signature header present, by name, with its value.
    signatures: Vec<(&'static str, String)>,
}

impl Logged {
    /// Reads "Name: value" lines (any case, any order, other headers ignored): the
    /// specification's set, Standard Webhooks', or both; each signature header present is
    /// checked.
    fn parse(text: &str) -> Result<Logged, Error> {
        let value = |name: &str| {
            text.lines().find_map(|line| {
                let (key, value) = line.split_once(':')?;
                key.trim()
                    .eq_ignore_ascii_case(name)
                    .then(|| value.trim().to_owned())
            })
        };
        let id = value("svc-webhook-id").or_else(|| value("webhook-id"));
        let timestamp = value("svc-webhook-timestamp").or_else(|| value("webhook-timestamp"));
        let mut signatures = Vec::new();
        if let Some(v) = value("svc-webhook-signature") {
            signatures.push(("Svc-Webhook-Signature", v));
        }
        if let Some(v) = value("webhook-signature") {
            signatures.push(("webhook-signature", v));
        }
        match (id, timestamp) {
            (Some(id), Some(timestamp)) if !signatures.is_empty() => Ok(Logged {
                id,
                timestamp,
                signatures,
            }),
            _ => Err(Error::Invalid(
                "--headers: the file names no webhook id, timestamp and signature \
                 (Svc-Webhook-* or webhook-* lines, \"Name: value\")"
                    .into(),
            )),
        }
    }
}

/// The raw body: the file, or standard input.
fn read_body(path: Option<&std::path::PathBuf>) -> Result<Vec<u8>, Error> {
    match path {
        Some(path) => std::fs::read(path).map_err(|source| Error::Io {
            action: "read",
            path: path.clone(),
            source,
        }),
        None => {
            let mut body = Vec::new();
            std::io::stdin()
                .read_to_end(&mut body)
                .map_err(|source| Error::Io {
                    action: "read",
                    path: "standard input".into(),
                    source,
                })?;
            Ok(body)
        }
    }
}

async fn receiver(
    url: &str,
    secret: &str,
    network: &crate::cli::NetworkArgs,
    out: &mut impl Write,
) -> Result<(), Error> {
    let sender = super::dispatch::sender(network)?;
    let results = conformance::run(&sender, url, secret, timestamp::now_ms() / 1000).await;
    let rows: Vec<[String; 4]> = results
        .iter()
        .map(|case| {
            [
                case.name.to_owned(),
                match case.expect {
                    Expect::Accept => "2xx".into(),
                    Expect::Reject => "not 2xx".into(),
                },
                case.outcome.summary(),
                if case.passed() {
                    "ok".into()
                } else {
                    "FAIL".into()
                },
            ]
        })
        .collect();
    table::write(out, &["CASE", "EXPECTED", "GOT", "RESULT"], &rows)?;
    let failed = results.iter().filter(|case| !case.passed()).count();
    let met = |class: ErrorClass| results.iter().any(|case| case.outcome.error == Some(class));
    if met(ErrorClass::Blocked) {
        writeln!(out, "{}", hints::PRIVATE_ADDRESS)?;
    }
    if met(ErrorClass::Tls) {
        writeln!(out, "{}", hints::OWN_CERTIFICATE)?;
    }
    if failed > 0 {
        return Err(Error::Invalid(format!(
            "the receiver at {url} failed {failed} of {} cases",
            results.len()
        )));
    }
    writeln!(out, "the receiver passed all {} cases", results.len())?;
    Ok(())
}
