//! Live pages: which tournaments the open pages of this process follow (a published tournament's
//! public pages, or a tournament's desk pages), and the loop that tells them when what they show
//! has changed, whichever process committed the change.
//!
//! The truth is the database: every tick (250 ms by default) while any page is open, the loop
//! reads the `data` version (`gate`, the same check every request makes); when it has moved, it
//! asks each followed tournament for its state as of that version (the ETag of its portal page,
//! built through the page cache, so the visitors who then ask find it ready) and wakes the
//! streams of those whose state differs. A stream carries only "this tournament is at version
//! V"; the page then fetches itself again. Nothing here relies on a notification arriving: a
//! replica on Postgres learns of another's commit on its next tick, as it would of its own.
//!
//! Holds no page and never writes. Streams are capped per process ([`Hub::open`] refuses beyond
//! the cap) and all end when the server stops, so a graceful stop never waits on them.

mod desk;
mod stream;

pub use desk::{desk_state, desk_stream};
pub use stream::{handle, serve};

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use tokio::sync::watch;

use super::App;
use crate::ids::TournamentId;

/// How live pages are served.
#[derive(Debug, Clone)]
pub struct LiveSettings {
    /// Event streams held open at once by this process.
    pub max_streams: usize,
    /// How often the loop looks for changes while any stream is open.
    pub tick: Duration,
    /// How often an idle stream sends a keep-alive comment.
    pub keep_alive: Duration,
}

impl Default for LiveSettings {
    fn default() -> LiveSettings {
        LiveSettings {
            max_streams: 10_000,
            tick: Duration::from_millis(250),
            keep_alive: Duration::from_secs(15),
        }
    }
}

/// What a stream follows: a public page of the portal, by its path after the locale (a published
/// tournament's page, `tournaments/<slug>`, or a venue screen, `…/screen`), or a tournament's
/// desk pages, which its space's members see in every status and in more detail.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Topic {
    Public(String),
    Desk(TournamentId),
}

impl From<&str> for Topic {
    fn from(path: &str) -> Topic {
        Topic::Public(path.to_owned())
    }
}

/// The tournaments followed by open streams, by topic.
pub struct Hub {
    followed: Mutex<HashMap<Topic, Followed>>,
    open: Arc<AtomicUsize>,
    max_streams: usize,
    closing: watch::Sender<bool>,
}

/// One followed tournament: the version at which its state last changed (what its streams
/// receive) and that state.
struct Followed {
    changed_at: watch::Sender<i64>,
    state: State,
}

/// A public page's state (`None`: not shown).
pub type State = Option<Arc<str>>;

/// How a public page's state is read (the portal's page at a path after the locale, built
/// through its cache), given by the caller: live pages follow the portal without depending on
/// it.
pub type PublicState = for<'a> fn(
    &'a Arc<App>,
    &'a str,
    i64,
) -> futures_util::future::BoxFuture<'a, Result<State, String>>;

/// An open stream's hold on the hub: its tournament's versions, and its place under the cap,
/// given back when it is dropped.
pub struct Subscription {
    pub versions: watch::Receiver<i64>,
    pub closing: watch::Receiver<bool>,
    _slot: Slot,
}

struct Slot(Arc<AtomicUsize>);

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Every stream this process may hold is open.
#[derive(Debug, Clone, Copy)]
pub struct Full;

impl Hub {
    pub fn new(max_streams: usize) -> Hub {
        Hub {
            followed: Mutex::new(HashMap::new()),
            open: Arc::new(AtomicUsize::new(0)),
            max_streams,
            closing: watch::Sender::new(false),
        }
    }

    /// Opens a stream following `topic`; when no stream follows it yet, from `state`, its state
    /// as of `version`.
    pub fn open(
        &self,
        topic: impl Into<Topic>,
        version: i64,
        state: State,
    ) -> Result<Subscription, Full> {
        let taken = self.open.fetch_add(1, Ordering::Relaxed);
        let slot = Slot(Arc::clone(&self.open));
        if taken >= self.max_streams {
            return Err(Full);
        }
        let mut followed = self.followed.lock().unwrap_or_else(PoisonError::into_inner);
        let entry = followed.entry(topic.into()).or_insert_with(|| Followed {
            changed_at: watch::Sender::new(version),
            state,
        });
        Ok(Subscription {
            versions: entry.changed_at.subscribe(),
            closing: self.closing.subscribe(),
            _slot: slot,
        })
    }

    /// How many streams are open.
    pub fn open_streams(&self) -> usize {
        self.open.load(Ordering::Relaxed)
    }

    /// Ends every stream (the server is stopping).
    pub fn close(&self) {
        self.closing.send_replace(true);
    }

    /// The followed topics, after forgetting those no stream follows any more.
    fn followed(&self) -> Vec<Topic> {
        let mut followed = self.followed.lock().unwrap_or_else(PoisonError::into_inner);
        followed.retain(|_, f| f.changed_at.receiver_count() > 0);
        followed.keys().cloned().collect()
    }

    /// Records `topic`'s state as of `version`, and wakes its streams when it differs from the
    /// state read before.
    fn settle(&self, topic: impl Into<Topic>, version: i64, state: State) {
        let mut followed = self.followed.lock().unwrap_or_else(PoisonError::into_inner);
        let Some(entry) = followed.get_mut(&topic.into()) else {
            return;
        };
        let moved = entry.state != state;
        entry.state = state;
        if moved {
            entry.changed_at.send_if_modified(|at| {
                let later = *at < version;
                *at = (*at).max(version);
                later
            });
        }
    }
}

/// Follows the database for the open streams of `app` until `stop`, then ends them all;
/// `public` reads a published tournament's state.
pub async fn follow(
    app: Arc<App>,
    stop: impl std::future::Future<Output = ()>,
    public: PublicState,
) {
    let mut stop = std::pin::pin!(stop);
    let mut ticks = tokio::time::interval(app.settings.live.tick);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut read_at = None;
    loop {
        tokio::select! {
            () = &mut stop => break,
            _ = ticks.tick() => {}
        }
        let followed = app.live.followed();
        if followed.is_empty() {
            read_at = None;
            continue;
        }
        let version = match app.gate.current().await {
            Ok(versions) => versions.data,
            Err(error) => {
                tracing::warn!(%error, "live pages cannot read what is current; trying again");
                continue;
            }
        };
        if read_at == Some(version) {
            continue;
        }
        let mut complete = true;
        for topic in followed {
            let state = match &topic {
                Topic::Public(path) => public(&app, path, version).await,
                Topic::Desk(id) => desk_state(&app.db, *id).await.map_err(|e| e.to_string()),
            };
            match state {
                Ok(state) => app.live.settle(topic, version, state),
                Err(error) => {
                    complete = false;
                    tracing::warn!(%error, ?topic, "live pages cannot read a tournament; trying again");
                }
            }
        }
        read_at = complete.then_some(version);
    }
    app.live.close();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(text: &str) -> State {
        Some(Arc::from(text))
    }

    #[test]
    fn streams_wake_only_when_the_state_changes() {
        let hub = Hub::new(10);
        let mut stream = hub.open("cup", 5, state("a")).expect("room");
        hub.settle("cup", 7, state("a"));
        assert!(
            !stream.versions.has_changed().unwrap(),
            "another tournament changed"
        );
        hub.settle("cup", 9, state("b"));
        assert!(stream.versions.has_changed().unwrap());
        assert_eq!(*stream.versions.borrow_and_update(), 9);
        hub.settle("cup", 10, None);
        assert_eq!(
            *stream.versions.borrow_and_update(),
            10,
            "unpublished is a change"
        );
    }

    #[test]
    fn a_later_stream_joins_the_state_already_followed() {
        let hub = Hub::new(10);
        let _first = hub.open("cup", 5, state("a")).expect("room");
        let mut second = hub.open("cup", 9, state("b")).expect("room");
        assert_eq!(*second.versions.borrow_and_update(), 5);
        hub.settle("cup", 9, state("b"));
        assert_eq!(
            *second.versions.borrow_and_update(),
            9,
            "the change is sent"
        );
    }

    #[test]
    fn the_cap_is_kept_and_given_back() {
        let hub = Hub::new(2);
        let first = hub.open("a", 1, None).expect("room");
        let _second = hub.open("b", 1, None).expect("room");
        assert!(hub.open("c", 1, None).is_err());
        assert_eq!(hub.open_streams(), 2, "a refused stream holds no place");
        drop(first);
        let _third = hub.open("c", 1, None).expect("room again");
        let mut followed = hub.followed();
        followed.sort();
        assert_eq!(
            followed,
            [Topic::from("b"), Topic::from("c")],
            "nobody follows a any more"
        );
    }
}
