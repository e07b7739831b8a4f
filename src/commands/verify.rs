//! `tourney verify`: checks one received webhook exactly as the specification tells a receiver
//! to, and `tourney verify receiver URL`: the conformance run for a receiver under test.
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
    let (Some(secret), Some(id), Some(ts), Some(signature)) =
        (args.secret, args.id, args.timestamp, args.signature)
    else {
        return Err(Error::Invalid(
            "give --secret, --id, --timestamp and --signature (or use `verify receiver URL`)"
                .into(),
        ));
    };
    let body = match &args.body {
        Some(path) => std::fs::read(path).map_err(|source| Error::Io {
            action: "read",
            path: path.clone(),
            source,
        })?,
        None => {
            let mut body = Vec::new();
            std::io::stdin()
                .read_to_end(&mut body)
                .map_err(|source| Error::Io {
                    action: "read",
                    path: "standard input".into(),
                    source,
                })?;
            body
        }
    };
    let request = Received {
        id: &id,
        timestamp: &ts,
        signature: &signature,
        body: &body,
    };
    let now = timestamp::now_ms() / 1000;
    let scheme = signing::verify(&secret, request, now, i64::from(args.tolerance))
        .map_err(|reason| Error::Invalid(format!("invalid: {reason}")))?;
    writeln!(
        out,
        "valid: a v1 signature of {} scheme matches the body and the timestamp is within {} s",
        scheme.name(),
        args.tolerance
    )?;
    Ok(())
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
