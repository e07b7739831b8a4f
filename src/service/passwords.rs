//! Passwords: Argon2id hashes (the `argon2` crate's defaults: 19 MiB, two passes) made and
//! checked on a few threads of their own, never on the server's async workers.
//!
//! The work is slow and memory-hungry on purpose, so it is bounded here: at most
//! [`password_threads`] hashes run at once, whatever number of sign-ins arrive together (the
//! rest wait their turn), and each thread keeps one Argon2 memory and reuses it for every hash.
//! So password sign-ins take at most those threads' CPU and about 19 MiB each, however many
//! arrive (a fresh 19 MiB allocation per hash, freed each time, left the allocator holding more
//! after every sign-in: 150 MiB after fifteen). Nothing here reads or writes the database.
//!
//! The queue in front of those threads is bounded and fair ([`Place`]): a client address has at
//! most one sign-in under way, and at most [`WAITING_PER_THREAD`] checks per thread wait or run
//! in all; a sign-in beyond either is refused at once, so a flood from one address delays anyone
//! else's sign-in by one hash at most, and a flood from many is refused rather than queued.

use std::cell::RefCell;
use std::collections::HashSet;
use std::sync::mpsc::{self, Sender};
use std::sync::{Mutex, OnceLock, PoisonError};

use argon2::password_hash::{Output, PasswordHash, SaltString};
use argon2::{Algorithm, Argon2, Block, Params, Version};
use tokio::sync::oneshot;

use super::ServiceError;

/// A hash to check against when the address has no password, so that an unknown address costs
/// the same work as a wrong password.
const DECOY_HASH: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$c2lnbi1pbi1kZWNveQ$8p1n4ZzBaTz5Bq9Ho1o0xq0ZbZ6Yb7b2nXzvQ5lB0cY";

/// The most Argon2 memory one hash may use (64 MiB): a stored hash asking for more is refused.
const MOST_BLOCKS: usize = 64 * 1024;

type Job = Box<dyn FnOnce() + Send>;

thread_local! {
    /// A password thread's Argon2 memory, kept from one hash to the next.
    static MEMORY: RefCell<Vec<Block>> = const { RefCell::new(Vec::new()) };
}

/// Argon2 of `password` and `salt` under `params` into `out`, in this thread's kept memory.
fn argon2_into(
    hasher: &Argon2<'_>,
    params: &Params,
    password: &[u8],
    salt: &[u8],
    out: &mut [u8],
) -> Result<(), String> {
    let blocks = params.block_count();
    if blocks > MOST_BLOCKS {
        return Err(format!(
            "{blocks} KiB of memory is more than a hash may use"
        ));
    }
    MEMORY.with_borrow_mut(|memory| {
        if memory.len() < blocks {
            memory.resize(blocks, Block::default());
        }
        hasher
            .hash_password_into_with_memory(password, salt, out, &mut memory[..blocks])
            .map_err(|e| e.to_string())
    })
}

/// Whether `password` gives the PHC string `hash` (the comparison in constant time).
fn verify(password: &[u8], hash: &str) -> bool {
    let check = || -> Result<bool, String> {
        let parsed = PasswordHash::new(hash).map_err(|e| e.to_string())?;
        let (Some(salt), Some(expected)) = (parsed.salt, parsed.hash) else {
            return Ok(false);
        };
        let algorithm = Algorithm::try_from(parsed.algorithm).map_err(|e| e.to_string())?;
        let version = parsed
            .version
            .map(Version::try_from)
            .transpose()
            .map_err(|e| e.to_string())?
            .unwrap_or_default();
        let params = Params::try_from(&parsed).map_err(|e| e.to_string())?;
        let mut salt_bytes = [0u8; 64];
        let salt = salt
            .decode_b64(&mut salt_bytes)
            .map_err(|e| e.to_string())?;
        let hasher = Argon2::new(algorithm, version, params.clone());
        let mut out = vec![0u8; expected.len()];
        argon2_into(&hasher, &params, password, salt, &mut out)?;
        Ok(Output::new(&out).is_ok_and(|computed| computed == expected))
    };
    check().unwrap_or_else(|reason| {
        // A stored hash this code cannot check: the person can still sign in by link.
        tracing::warn!(%reason, "a password hash could not be checked; the sign-in is refused");
        false
    })
}

/// The PHC string of `password` with `salt` under the default Argon2id parameters.
fn hash(password: &[u8], salt: &SaltString) -> Result<String, String> {
    let params = Params::default();
    let hasher = Argon2::new(Algorithm::Argon2id, Version::V0x13, params.clone());
    let mut salt_bytes = [0u8; 64];
    let salt_raw = salt
        .as_salt()
        .decode_b64(&mut salt_bytes)
        .map_err(|e| e.to_string())?;
    let mut out = [0u8; Params::DEFAULT_OUTPUT_LEN];
    argon2_into(&hasher, &params, password, salt_raw, &mut out)?;
    let phc = PasswordHash {
        algorithm: Algorithm::Argon2id.ident(),
        version: Some(Version::V0x13.into()),
        params: (&params)
            .try_into()
            .map_err(|e: argon2::password_hash::Error| e.to_string())?,
        salt: Some(salt.as_salt()),
        hash: Some(Output::new(&out).map_err(|e| e.to_string())?),
    };
    Ok(phc.to_string())
}

/// How many hashes may run at once: half the machine's cores (one on a machine of two), at most
/// 4, so that a burst of sign-ins leaves the other cores to the API, the pages and delivery.
pub fn password_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| (n.get() / 2).clamp(1, 4))
}

/// How many password checks may wait or run at once, per password thread (at about 50 ms a
/// hash on one core, a sign-in waits under a second behind a full queue).
pub const WAITING_PER_THREAD: usize = 16;

/// Why a password check could not have a place in the queue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Busy {
    /// This client address has a check waiting or running already.
    #[error("a sign-in from this address is being checked; try again in a moment")]
    Client,
    /// The queue is full.
    #[error("too many sign-ins are being checked; try again in a moment")]
    Full,
}

/// Who holds places in the password queue.
#[derive(Default)]
struct Places {
    /// The client addresses with a sign-in under way.
    clients: HashSet<String>,
    /// Checks waiting or running.
    queued: usize,
}

fn places() -> &'static Mutex<Places> {
    static PLACES: OnceLock<Mutex<Places>> = OnceLock::new();
    PLACES.get_or_init(Mutex::default)
}

/// One client address's turn at the password work, held until dropped: first the client's
/// (at most one per address), then, with [`Place::enter_queue`], a place in the bounded queue.
#[derive(Debug)]
pub struct Place {
    client: String,
    queued: bool,
}

impl Place {
    /// The turn of `client` (its address as text), or [`Busy::Client`] when it has one already.
    pub fn take(client: &str) -> Result<Place, Busy> {
        let mut places = places().lock().unwrap_or_else(PoisonError::into_inner);
        if !places.clients.insert(client.to_owned()) {
            return Err(Busy::Client);
        }
        Ok(Place {
            client: client.to_owned(),
            queued: false,
        })
    }

    /// Enters the queue of checks, or [`Busy::Full`] when [`WAITING_PER_THREAD`] per thread
    /// wait or run already.
    pub fn enter_queue(&mut self) -> Result<(), Busy> {
        if self.queued {
            return Ok(());
        }
        let mut places = places().lock().unwrap_or_else(PoisonError::into_inner);
        if places.queued >= WAITING_PER_THREAD * password_threads() {
            return Err(Busy::Full);
        }
        places.queued += 1;
        self.queued = true;
        Ok(())
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut places = places().lock().unwrap_or_else(PoisonError::into_inner);
        places.clients.remove(&self.client);
        if self.queued {
            places.queued -= 1;
        }
    }
}

/// The queue of the password threads, started on first use.
fn queue() -> &'static Sender<Job> {
    static QUEUE: OnceLock<Sender<Job>> = OnceLock::new();
    QUEUE.get_or_init(|| {
        let (sender, receiver) = mpsc::channel::<Job>();
        let receiver = std::sync::Arc::new(std::sync::Mutex::new(receiver));
        for n in 0..password_threads() {
            let receiver = std::sync::Arc::clone(&receiver);
            let started = std::thread::Builder::new()
                .name(format!("passwords-{n}"))
                .spawn(move || {
                    loop {
                        // The lock is held only to take the next job, not while it runs.
                        let job = match receiver.lock() {
                            Ok(queue) => queue.recv(),
                            Err(_) => return,
                        };
                        match job {
                            Ok(job) => job(),
                            Err(_) => return,
                        }
                    }
                });
            if let Err(error) = started {
                tracing::error!(%error, "a password thread could not start");
            }
        }
        sender
    })
}

/// Runs `work` on a password thread and returns its result; `None` if no thread could take it.
async fn on_password_thread<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> Option<T> {
    let (done, result) = oneshot::channel();
    let job: Job = Box::new(move || {
        let _ = done.send(work());
    });
    queue().send(job).ok()?;
    result.await.ok()
}

/// Whether `password` matches the PHC string `hash` (Argon2's constant-time comparison), checked
/// in the queue place `place` (entered here if it was not yet). Without a hash (an unknown
/// address, or no password set) the decoy is checked, for the same work, and the answer is no.
pub(super) async fn password_matches(
    place: &mut Place,
    password: &str,
    hash: Option<String>,
) -> Result<bool, Busy> {
    place.enter_queue()?;
    let password = password.to_owned();
    let known = hash.is_some();
    let hash = hash.unwrap_or_else(|| DECOY_HASH.to_owned());
    let checked = on_password_thread(move || verify(password.as_bytes(), &hash)).await;
    Ok(known && checked.unwrap_or(false))
}

/// The Argon2id hash of `password` with a random salt.
pub(super) async fn hash_password(password: &str) -> Result<String, ServiceError> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|source| ServiceError::NoRandomness {
        what: "a password's salt",
        source,
    })?;
    let password = password.to_owned();
    let hashed = on_password_thread(move || {
        let salt = SaltString::encode_b64(&salt).map_err(|e| e.to_string())?;
        hash(password.as_bytes(), &salt)
    })
    .await
    .unwrap_or_else(|| Err("no password thread is running".to_owned()));
    hashed.map_err(ServiceError::Hashing)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn passwords_hash_and_check() {
        let hash = hash_password("correct horse battery").await.unwrap();
        assert!(hash.starts_with("$argon2id$"), "{hash}");
        let mut place = Place::take("test: hash and check").unwrap();
        let mut check =
            async |password: &str, hash| password_matches(&mut place, password, hash).await;
        assert_eq!(
            check("correct horse battery", Some(hash.clone())).await,
            Ok(true)
        );
        assert_eq!(check("correct horse batterY", Some(hash)).await, Ok(false));
        assert_eq!(check("anything at all", None).await, Ok(false));
    }

    #[test]
    fn one_place_per_client_and_a_bounded_queue() {
        let first = Place::take("test: 192.0.2.1").unwrap();
        assert_eq!(
            Place::take("test: 192.0.2.1").unwrap_err(),
            Busy::Client,
            "a second check of the same client waits for nobody"
        );
        drop(first);
        let mut again = Place::take("test: 192.0.2.1").expect("free once the first ended");
        again.enter_queue().expect("a place in the queue");
        let mut held = vec![again];
        let mut n = 0;
        let full = loop {
            let mut place = Place::take(&format!("test: 198.51.100.{n}")).expect("a new client");
            match place.enter_queue() {
                Ok(()) => held.push(place),
                Err(busy) => break busy,
            }
            n += 1;
            assert!(n < 10_000, "the queue has no bound");
        };
        assert_eq!(full, Busy::Full);
        assert!(held.len() <= WAITING_PER_THREAD * password_threads());
        drop(held);
        let mut after = Place::take("test: 203.0.113.9").expect("a new client");
        assert!(after.enter_queue().is_ok(), "places come back");
    }

    #[test]
    fn hashes_are_the_argon2_crates_own_both_ways() {
        use argon2::password_hash::{PasswordHasher, PasswordVerifier};
        let salt = SaltString::encode_b64(b"sixteen byte salt").unwrap();
        let ours = hash(b"correct horse battery", &salt).unwrap();
        let theirs = Argon2::default()
            .hash_password(b"correct horse battery", &salt)
            .unwrap()
            .to_string();
        assert_eq!(ours, theirs, "the same PHC string as the crate makes");
        let parsed = PasswordHash::new(&ours).unwrap();
        assert!(
            Argon2::default()
                .verify_password(b"correct horse battery", &parsed)
                .is_ok()
        );
        assert!(verify(b"correct horse battery", &theirs));
        assert!(!verify(b"correct horse batterY", &theirs));
        assert!(!verify(b"correct horse battery", "not a hash"));
        let greedy = theirs.replace("m=19456", "m=1048576");
        assert!(
            !verify(b"correct horse battery", &greedy),
            "memory is bounded"
        );
    }

    #[test]
    fn the_decoy_is_a_valid_hash() {
        assert!(PasswordHash::new(DECOY_HASH).is_ok());
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn no_more_run_at_once_than_there_are_password_threads() {
        use std::sync::Arc;
        use std::sync::atomic::{AtomicUsize, Ordering};
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let jobs: Vec<_> = (0..16)
            .map(|_| {
                let (running, most) = (Arc::clone(&running), Arc::clone(&most));
                tokio::spawn(on_password_thread(move || {
                    let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                    most.fetch_max(now, Ordering::SeqCst);
                    std::thread::sleep(std::time::Duration::from_millis(20));
                    running.fetch_sub(1, Ordering::SeqCst);
                }))
            })
            .collect();
        for job in jobs {
            assert_eq!(job.await.unwrap(), Some(()), "every job ran");
        }
        let most = most.load(Ordering::SeqCst);
        assert!(
            (1..=password_threads()).contains(&most),
            "{most} at once, {} threads",
            password_threads()
        );
    }
}
