//! `tourney serve`: the read API, the widgets and the portal, their live pages, and (unless
//! `--no-dispatch`) the webhook delivery loop on threads of its own (`delivery`), until SIGINT
//! or SIGTERM, then a graceful stop (requests in flight are answered, live pages' streams end,
//! attempts in flight finish). With `--demo` on an empty database, the demo space and a key are
//! created and example requests printed.

mod delivery;

use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::Arc;

use super::dispatch::{self, Stop};
use super::{Error, ctx};
use crate::cli::ServeArgs;
use crate::config::Config;
use crate::db::{Db, spaces};
use crate::domain::Role;
use crate::http::{self, App};
use crate::links::BaseUrl;
use crate::service::{self, demo};
use crate::webhook::dispatcher::{DispatchOptions, Dispatcher};
use crate::webhook::metrics::DeliveryMetrics;
use crate::webhook::schedule;
use delivery::DeliveryThreads;

/// The longest `--form-window`: a client address's registrations are kept this long at most.
const MAX_FORM_WINDOW: std::time::Duration = std::time::Duration::from_secs(86_400);

pub async fn run(
    config: &Config,
    db: &Db,
    args: ServeArgs,
    out: &mut impl Write,
) -> Result<(), Error> {
    init_logging();
    let window = |flag: &str, text: &str| {
        crate::fields::duration(text)
            .ok()
            .filter(|d| !d.is_zero())
            .ok_or_else(|| {
                Error::Invalid(format!(
                    "{flag}: '{text}' is not a duration such as 500ms or 60s"
                ))
            })
    };
    let trusted_proxies = args
        .trusted_proxies
        .iter()
        .filter(|text| !text.trim().is_empty())
        .map(|text| {
            text.trim()
                .parse::<ipnet::IpNet>()
                .or_else(|_| {
                    text.trim()
                        .parse::<std::net::IpAddr>()
                        .map(ipnet::IpNet::from)
                })
                .map_err(|_| {
                    Error::Invalid(format!(
                        "--trusted-proxy: '{text}' is not an address or a range such as 10.0.0.0/8"
                    ))
                })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let rate_window = window("--rate-limit-window", &args.rate_limit_window)?;
    let form_window = window("--form-window", &args.form_window)?;
    if form_window > MAX_FORM_WINDOW {
        return Err(Error::Invalid(format!(
            "--form-window: '{}' is longer than a day",
            args.form_window
        )));
    }
    let settings = http::Settings {
        rate_limit: args.rate_limit,
        rate_window,
        posts: http::PostLimitSettings {
            form_limit: args.form_limit,
            form_window,
            player_limit: args.player_limit,
            player_address_limit: args.player_address_limit,
            sign_in_limit: args.sign_in_limit,
            minute: rate_window,
        },
        trusted_proxies,
        sessions: service::sign_in::SessionTimes {
            idle_ms: millis(window("--session-idle", &args.session_idle)?),
            absolute_ms: millis(window("--session-lifetime", &args.session_lifetime)?),
            grace_ms: millis(window("--session-grace", &args.session_grace)?),
        },
        live: http::live::LiveSettings {
            max_streams: usize::try_from(args.live_streams).unwrap_or(usize::MAX),
            tick: window("--live-tick", &args.live_tick)?,
            keep_alive: window("--live-keep-alive", &args.live_keep_alive)?,
        },
    };
    let (listener, address) = http::bind(args.listen)
        .await
        .map_err(|source| Error::Invalid(format!("cannot listen on {}: {source}", args.listen)))?;
    let config = &links_for(config, address);
    let demo = if args.demo {
        load_demo(config, db, out).await?
    } else {
        None
    };
    let delivery = match args.no_dispatch {
        true => None,
        false => Some(dispatch::dispatcher(db, &args.delivery)?),
    };
    let metrics = delivery
        .as_ref()
        .map(|dispatcher| Arc::new(DeliveryMetrics::of(dispatcher)));
    let tester = Dispatcher::new(
        db.clone(),
        dispatch::sender(&args.delivery.network)?,
        DispatchOptions::new(
            1,
            schedule::parse_delays(schedule::DEFAULT_RETRY_DELAYS).map_err(Error::Invalid)?,
        ),
    );
    let webhooks = http::WebhookTools {
        policy: super::hooks::policy(&args.delivery.network.allow)?,
        tester,
    };
    let app = App::new(
        db.clone(),
        config.base_url.clone(),
        settings,
        metrics.clone(),
        webhooks,
    )
    .await?;
    // Shell commands that print links build them on the same base URL.
    service::site::record_served_base_url(db, &config.base_url).await?;
    // The banner is for whoever started the server; a closed or full stdout must not stop it.
    if let Err(error) = banner(out, address, config, demo.as_ref()) {
        tracing::warn!(%error, "cannot print the startup banner on stdout; serving anyway");
    }
    let stop = Stop::on_signal();
    let loop_ = match (delivery, metrics) {
        (Some(dispatcher), Some(metrics)) => Some(DeliveryThreads::start(
            db,
            dispatcher,
            metrics,
            stop.wait(),
        )?),
        _ => None,
    };
    tracing::info!(%address, rate_limit = args.rate_limit, delivering = loop_.is_some(), "serving");
    let live = tokio::spawn(http::follow_live(Arc::clone(&app), stop.wait()));
    let schedule = tokio::spawn(apply_schedule(
        db.clone(),
        app.base_url.clone(),
        stop.wait(),
    ));
    let leaving = Arc::clone(&app);
    http::serve(listener, app, stop.wait()).await;
    leaving.gate.leave().await;
    let _ = live.await;
    let _ = schedule.await;
    if let Some(loop_) = loop_ {
        loop_.finish().await;
    }
    tracing::info!("stopped");
    Ok(())
}

/// How often the server looks for check-in windows that have closed, players' reports whose
/// confirmation window has ended, and stations free for a match waiting in a queue.
const SCHEDULE_SWEEP: std::time::Duration = std::time::Duration::from_secs(1);

/// Every how many sweeps the room's times are published again (a call publishes them at once;
/// this catches a match running past its estimate).
const TIMES_EVERY_SWEEPS: u64 = 5;

/// What the clock decides, until `stop`: the result of every check-in window as it closes, the
/// calls of matches to the stations that free, and every player's report nobody answered in
/// time, confirmed. Every server on the database sweeps; the tournament's row lock (and, for
/// calls, the space's stations) lets one apply each, once.
async fn apply_schedule(
    db: crate::db::Db,
    base_url: BaseUrl,
    stop: impl std::future::Future<Output = ()>,
) {
    let mut stop = std::pin::pin!(stop);
    let mut ticks = tokio::time::interval(SCHEDULE_SWEEP);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut sweeps: u64 = 0;
    loop {
        tokio::select! {
            () = &mut stop => break,
            _ = ticks.tick() => {}
        }
        sweeps += 1;
        let ctx = crate::service::Ctx {
            base_url: &base_url,
            actor: "schedule",
            now: crate::timestamp::now_ms(),
            member: None,
        };
        match crate::service::check_in::close_due(&db, &ctx).await {
            Ok(swept) => {
                for (slug, processed) in swept.done {
                    tracing::info!(
                        tournament = %slug,
                        no_shows = processed.no_shows.len(),
                        promoted = processed.promoted.len(),
                        "check-in closed"
                    );
                }
                for (slug, error) in swept.failed {
                    tracing::warn!(tournament = %slug, %error, "a check-in window could not be closed; the others were, and it is tried again");
                }
            }
            Err(error) => {
                tracing::warn!(%error, "check-in windows could not be read; trying again")
            }
        }
        match crate::service::room::call_due(&db, &ctx).await {
            Ok(swept) => {
                for (slug, calls) in swept.done {
                    for game in calls {
                        tracing::info!(tournament = %slug, game = %game.id, station = game.station.as_deref().unwrap_or_default(), "called");
                    }
                }
                for (slug, error) in swept.failed {
                    tracing::warn!(tournament = %slug, %error, "calls could not be made; the others were, and they are tried again");
                }
            }
            Err(error) => tracing::warn!(%error, "the room could not be read; trying again"),
        }
        if sweeps.is_multiple_of(TIMES_EVERY_SWEEPS) {
            match crate::service::room::publish_due(&db, &ctx).await {
                Ok(swept) => {
                    for (slug, moved) in swept.done {
                        tracing::debug!(tournament = %slug, moved, "the room's times moved");
                    }
                    for (slug, error) in swept.failed {
                        tracing::warn!(tournament = %slug, %error, "the times could not be published; tried again");
                    }
                }
                Err(error) => {
                    tracing::warn!(%error, "the room's times could not be read; trying again")
                }
            }
        }
        match crate::service::player_reports::confirm_due(&db, &ctx).await {
            Ok(swept) => {
                for (slug, game) in swept.done {
                    tracing::info!(tournament = %slug, %game, "an unanswered report stood");
                }
                for (claim, error) in swept.failed {
                    tracing::warn!(%claim, %error, "an unanswered report could not stand; the others did, and it is tried again");
                }
            }
            Err(error) => {
                tracing::warn!(%error, "players' reports could not be read; trying again")
            }
        }
    }
}

/// The configuration `serve` runs with: without a base URL given, links lead to the address it
/// listens on (the port it was given when it asked for port 0; `127.0.0.1` or `[::1]` when it
/// listens on every address), so that every link, the portal's form included, works as printed.
fn links_for(config: &Config, address: SocketAddr) -> Config {
    if config.base_url_given {
        return config.clone();
    }
    let reachable = match address.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => {
            SocketAddr::from((Ipv4Addr::LOCALHOST, address.port()))
        }
        IpAddr::V6(ip) if ip.is_unspecified() => {
            SocketAddr::from((Ipv6Addr::LOCALHOST, address.port()))
        }
        _ => address,
    };
    match BaseUrl::parse(&format!("http://{reachable}")) {
        Ok(base_url) => Config {
            base_url,
            ..config.clone()
        },
        Err(_) => config.clone(),
    }
}

/// Whether links built on `base_url` lead to this server's `address`: the same port, and a
/// host that is one of its addresses (any host when it listens on every address).
fn leads_here(base_url: &BaseUrl, address: SocketAddr) -> bool {
    let Ok(url) = url::Url::parse(base_url.as_str()) else {
        return false;
    };
    if url.port_or_known_default() != Some(address.port()) {
        return false;
    }
    if address.ip().is_unspecified() {
        return true;
    }
    match url.host() {
        Some(url::Host::Ipv4(ip)) => IpAddr::V4(ip) == address.ip(),
        Some(url::Host::Ipv6(ip)) => IpAddr::V6(ip) == address.ip(),
        Some(url::Host::Domain(name)) => name == "localhost" && address.ip().is_loopback(),
        None => false,
    }
}

fn banner(
    out: &mut impl Write,
    address: SocketAddr,
    config: &Config,
    demo: Option<&Demo>,
) -> std::io::Result<()> {
    let base = config.base_url.as_str();
    if !config.base_url_given {
        writeln!(
            out,
            "links lead to {base} (set --base-url to the address visitors use)"
        )?;
    } else if !leads_here(&config.base_url, address) {
        // Right behind a proxy; otherwise every link and form leads elsewhere.
        writeln!(
            out,
            "note: links lead to {base}, not to this server's address; right behind a proxy that forwards there, otherwise set --base-url"
        )?;
        tracing::warn!(base_url = base, %address, "the base URL does not lead to the address this server listens on");
    }
    // Last of the lines about the server itself: scripts wait for it.
    writeln!(out, "listening on http://{address}")?;
    if let Some(Demo { key, sign_in }) = demo {
        // Pages first: the key line is what scripts (and the tests) wait for.
        writeln!(
            out,
            "the portal (register for the open tournament in a browser):"
        )?;
        writeln!(out, "  {base}/en/tournaments/{}", demo::OPEN_TOURNAMENT)?;
        writeln!(out, "  {base}/ru/organizer/{}", demo::SPACE)?;
        writeln!(out, "demo widgets (open in a browser):")?;
        for path in [
            "en/tournaments/demo-winter-double/bracket",
            "ru/tournaments/demo-kubok/bracket?theme=dark",
            "en/tournaments/demo-autumn-cup/registration",
            "ru/tournaments/demo-swiss-open/standings",
            "en/organizer/demo/calendar",
        ] {
            writeln!(out, "  {base}/embed/{path}")?;
        }
        writeln!(
            out,
            "the demo space's own section, as its owner {} (the link signs in once, within {} days):",
            demo::OWNER,
            service::sign_in::INVITATION_TTL_MS / 86_400_000
        )?;
        writeln!(out, "  {base}/en/sign-in/{sign_in}")?;
        let base = format!("{base}/api/v1");
        writeln!(out, "demo API key (shown once): {key}")?;
        writeln!(out, "try:")?;
        for path in [
            "organization",
            "tournaments",
            "tournaments/demo-winter-double/matches",
            "tournaments/demo-swiss-open/standings",
        ] {
            writeln!(out, "  curl -H 'Authorization: Bearer {key}' {base}/{path}")?;
        }
    }
    out.flush()
}

/// What `--demo` made: an API key and the demo owner's sign-in link, each shown once.
struct Demo {
    key: String,
    sign_in: String,
}

/// Creates the demo space, a key and the space's owner (with a sign-in link) when the database
/// has no space yet.
async fn load_demo(config: &Config, db: &Db, out: &mut impl Write) -> Result<Option<Demo>, Error> {
    let empty = {
        let mut handle = db.acquire().await?;
        spaces::list(handle.conn()).await?.is_empty()
    };
    if !empty {
        writeln!(
            out,
            "the database already has spaces, so --demo loads nothing"
        )?;
        return Ok(None);
    }
    let ctx = ctx(config);
    let created = demo::create(db, &ctx).await?;
    writeln!(
        out,
        "loaded the demo space '{}' with {} tournaments",
        demo::SPACE,
        created.tournaments.len()
    )?;
    let key = service::keys::create(db, &ctx, demo::SPACE, Some("demo")).await?;
    let owner =
        service::members::add(db, &ctx, demo::SPACE, demo::OWNER, Role::Owner, true).await?;
    let sign_in = owner.link.ok_or(Error::Invalid(
        "the demo owner was added without a sign-in link".to_owned(),
    ))?;
    Ok(Some(Demo {
        key: key.key,
        sign_in,
    }))
}

/// Request logs on stderr; `TOURNEY_LOG` sets the level (default `info`), `TOURNEY_LOG_FORMAT=json`
/// switches to JSON lines. A connection a client breaks or garbles (a browser closing a page
/// mid-answer, a scanner's malformed request) is the client's doing, not the server's: warp's
/// "server connection error" events are not written ([`ClientBrokenConnections`]).
fn init_logging() {
    use tracing_subscriber::Layer as _;
    use tracing_subscriber::layer::SubscriberExt as _;
    use tracing_subscriber::util::SubscriberInitExt as _;
    let filter = tracing_subscriber::EnvFilter::try_from_env("TOURNEY_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    use std::io::IsTerminal;
    let ansi = std::io::stderr().is_terminal();
    let layer = tracing_subscriber::fmt::layer()
        .with_writer(std::io::stderr)
        .with_ansi(ansi);
    let layer = if std::env::var("TOURNEY_LOG_FORMAT").is_ok_and(|f| f == "json") {
        layer.json().boxed()
    } else {
        layer.boxed()
    };
    let _ = tracing_subscriber::registry()
        .with(filter)
        .with(layer.with_filter(ClientBrokenConnections))
        .try_init();
}

/// Leaves out warp's report of a connection that ended in an error: every such error comes from
/// the client's side of the connection (it hung up mid-message, sent what is not HTTP, or went
/// quiet). Accept errors (the process out of file descriptors) are still written.
struct ClientBrokenConnections;

impl<S: tracing::Subscriber> tracing_subscriber::layer::Filter<S> for ClientBrokenConnections {
    fn enabled(
        &self,
        _meta: &tracing::Metadata<'_>,
        _cx: &tracing_subscriber::layer::Context<'_, S>,
    ) -> bool {
        true
    }

    fn event_enabled(
        &self,
        event: &tracing::Event<'_>,
        _cx: &tracing_subscriber::layer::Context<'_, S>,
    ) -> bool {
        if !event.metadata().target().starts_with("warp::server") {
            return true;
        }
        let mut message = Message(String::new());
        event.record(&mut message);
        !message.0.starts_with("server connection error")
    }
}

/// An event's message, as written.
struct Message(String);

impl tracing::field::Visit for Message {
    fn record_debug(&mut self, field: &tracing::field::Field, value: &dyn std::fmt::Debug) {
        if field.name() == "message" {
            self.0 = format!("{value:?}");
        }
    }
}

fn millis(duration: std::time::Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX)
}
