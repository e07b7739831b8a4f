//! How members sign in and stay signed in: single-use links (from the shell, or an owner's
//! invitation), passwords (Argon2id), and server-side sessions with idle and absolute ends.
//!
//! Links and session tokens are random (256 bits), handed to the caller once and stored only as
//! their SHA-256; passwords only as Argon2id hashes, checked in constant time. A password
//! sign-in says nothing about whether an address is known: the same refusal, after the same
//! work, for an unknown address, a wrong password and a locked account. Failures are limited per
//! address typed (whether or not anyone has it) and per client address, and every sign-in,
//! failure and lockout is in the audit log (with the client address, never the password typed).

use sha2::{Digest, Sha256};

use super::audit::{self, Action};
pub use super::passwords::Busy;
use super::passwords::{Place, hash_password, password_matches};
use super::{Ctx, Field, Invalid, Missing, ServiceError};
use crate::db::people::{self, PersonRow};
use crate::db::sessions::{self, SessionRow};
use crate::db::{Db, DbError, Tx};
use crate::domain::email::Email;

/// How long a link printed by the shell may be used.
pub const LINK_TTL_MS: i64 = 15 * 60_000;
/// How long an invitation's link may be used.
pub const INVITATION_TTL_MS: i64 = 7 * 86_400_000;
/// Password tries for one address typed, within [`FAILURE_WINDOW_MS`], that lock it (a sign-in
/// that succeeds clears them).
pub const ACCOUNT_FAILURES: i64 = 20;
/// Failed password tries from one client address, within [`FAILURE_WINDOW_MS`], that stop it.
pub const ADDRESS_FAILURES: i64 = 100;
/// How long tries count (and so how long a lock lasts at most).
pub const FAILURE_WINDOW_MS: i64 = 15 * 60_000;
/// How long a session's token before its last new one keeps working: a page another tab loaded
/// before the change, or a request already on its way, still works.
pub const PREVIOUS_TOKEN_GRACE_MS: i64 = 60_000;
/// The shortest and longest passwords, in characters.
pub const PASSWORD_CHARS: std::ops::RangeInclusive<usize> = 12..=256;
/// A session's last-seen time is written at most this often.
const TOUCH_EVERY_MS: i64 = 60_000;

/// What a link is for: its lifetime.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkKind {
    Login,
    Invitation,
}

impl LinkKind {
    fn as_str(self) -> &'static str {
        match self {
            LinkKind::Login => "login",
            LinkKind::Invitation => "invitation",
        }
    }

    fn ttl_ms(self) -> i64 {
        match self {
            LinkKind::Login => LINK_TTL_MS,
            LinkKind::Invitation => INVITATION_TTL_MS,
        }
    }
}

/// How long sessions last: without a request for `idle_ms`, or `absolute_ms` after sign-in; and
/// how long a replaced token keeps working (`grace_ms`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SessionTimes {
    pub idle_ms: i64,
    pub absolute_ms: i64,
    pub grace_ms: i64,
}

impl Default for SessionTimes {
    fn default() -> SessionTimes {
        SessionTimes {
            idle_ms: 30 * 60_000,
            absolute_ms: 12 * 3_600_000,
            grace_ms: PREVIOUS_TOKEN_GRACE_MS,
        }
    }
}

/// A password sign-in refused. One wording for every cause but the lock, which an attacker can
/// reach for any address alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    #[error("the email address or the password is not right")]
    Wrong,
    #[error("too many failed sign-ins; try again later, or sign in with a link")]
    Locked,
}

/// Why signing in failed: refused, not checked now (the password queue is busy), or the
/// database failed.
#[derive(Debug, thiserror::Error)]
pub enum SignInError {
    #[error(transparent)]
    Refused(Refused),
    #[error(transparent)]
    Busy(Busy),
    #[error(transparent)]
    Service(#[from] ServiceError),
}

impl From<DbError> for SignInError {
    fn from(error: DbError) -> SignInError {
        SignInError::Service(error.into())
    }
}

/// A new session: the token for the cookie (shown to this browser only) and who it is.
pub struct SignedIn {
    pub token: String,
    pub person: PersonRow,
}

/// A request's session, checked: who it is, how it began, and a new token when it was rotated
/// (the caller sets the cookie).
pub struct Current {
    pub person: PersonRow,
    /// The hash of the session's token now.
    pub token_hash: String,
    /// The hash of its token before the last new one, while that still works: a form loaded
    /// under it is still the session's.
    pub previous_hash: Option<String>,
    /// Began with a link (may set a password without the current one).
    pub by_link: bool,
    pub new_token: Option<String>,
}

/// The SHA-256 of a token or link, in hex: what is stored.
pub fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

fn new_token() -> Result<String, ServiceError> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|source| ServiceError::NoRandomness {
        what: "a sign-in token",
        source,
    })?;
    Ok(hex::encode(bytes))
}

/// Whether `text` could be a token or link this module made (64 hex digits).
pub fn is_token(text: &str) -> bool {
    text.len() == 64 && text.bytes().all(|b| b.is_ascii_hexdigit())
}

/// The context an action of `person` is recorded with.
fn as_person<'a>(ctx: &Ctx<'a>, person: &'a PersonRow) -> Ctx<'a> {
    Ctx {
        actor: &person.email,
        ..*ctx
    }
}

/// Makes a single-use link for `person` within `tx`; returns the link's token, to be shown once.
pub(super) async fn new_link(
    tx: &mut Tx,
    ctx: &Ctx<'_>,
    person: &PersonRow,
    kind: LinkKind,
) -> Result<String, ServiceError> {
    let token = new_token()?;
    let expires_at = ctx.now.saturating_add(kind.ttl_ms());
    sessions::insert_link(
        tx.conn(),
        &token_hash(&token),
        person.id,
        kind.as_str(),
        ctx.now,
        expires_at,
    )
    .await?;
    Ok(token)
}

/// A sign-in link for the member with `email` (valid [`LINK_TTL_MS`], single use); its token is
/// returned once.
pub async fn issue_link(db: &Db, ctx: &Ctx<'_>, email: &str) -> Result<String, ServiceError> {
    let key = Email::parse(email).map_err(Invalid::from)?.key();
    let mut tx = db.begin().await?;
    let person = people::find_by_email_key(tx.conn(), &key)
        .await?
        .ok_or_else(|| Missing::Person {
            email: email.trim().to_owned(),
        })?;
    if people::memberships(tx.conn(), person.id).await?.is_empty() {
        return Err(Missing::Person {
            email: person.email,
        }
        .into());
    }
    let token = new_link(&mut tx, ctx, &person, LinkKind::Login).await?;
    audit::record(
        &mut tx,
        ctx,
        None,
        Action::SignInLinkIssued,
        Some(&person.id),
        None,
    )
    .await?;
    tx.commit().await?;
    Ok(token)
}

/// Who a usable link signs in, for its confirming page (reads only: opening a link uses nothing).
pub async fn link_person(
    db: &Db,
    token: &str,
    now: i64,
) -> Result<Option<PersonRow>, ServiceError> {
    if !is_token(token) {
        return Ok(None);
    }
    let mut handle = db.acquire().await?;
    let Some(link) = sessions::usable_link(handle.conn(), &token_hash(token), now).await? else {
        return Ok(None);
    };
    Ok(people::find(handle.conn(), link.person_id).await?)
}

/// Starts a session for `person` in `tx`, ending the browser's previous one (`replacing`), so a
/// token from before the sign-in never works after it.
async fn start_session(
    tx: &mut Tx,
    ctx: &Ctx<'_>,
    person: &PersonRow,
    method: &str,
    replacing: Option<&str>,
) -> Result<String, ServiceError> {
    if let Some(old) = replacing.filter(|t| is_token(t)) {
        sessions::end(tx.conn(), &token_hash(old), ctx.now).await?;
    }
    let token = new_token()?;
    sessions::insert_session(tx.conn(), &token_hash(&token), person.id, method, ctx.now).await?;
    if method == "password" {
        // A link leaves the count alone: a lock lasts its while, whoever signs in meanwhile.
        sessions::clear_tries(tx.conn(), &account_scope(&person.email_key)).await?;
    }
    let details = serde_json::json!({"method": method}).to_string();
    audit::record(
        tx,
        &as_person(ctx, person),
        None,
        Action::SignedIn,
        Some(&person.id),
        Some(&details),
    )
    .await?;
    Ok(token)
}

/// Uses a link (once) and starts a session; `None` if the link is not usable (used, expired,
/// never made). A link works while the person's password sign-in is locked.
pub async fn redeem_link(
    db: &Db,
    ctx: &Ctx<'_>,
    token: &str,
    replacing: Option<&str>,
) -> Result<Option<SignedIn>, ServiceError> {
    if !is_token(token) {
        return Ok(None);
    }
    let hash = token_hash(token);
    let mut tx = db.begin().await?;
    let Some(link) = sessions::usable_link(tx.conn(), &hash, ctx.now).await? else {
        return Ok(None);
    };
    if !sessions::use_link(tx.conn(), &hash, ctx.now).await? {
        return Ok(None);
    }
    let person = people::find(tx.conn(), link.person_id)
        .await?
        .ok_or_else(|| {
            DbError::Corrupt(format!(
                "a sign-in link names {}, who does not exist",
                link.person_id
            ))
        })?;
    let token = start_session(&mut tx, ctx, &person, "link", replacing).await?;
    tx.commit().await?;
    Ok(Some(SignedIn { token, person }))
}

fn account_scope(email_key: &str) -> String {
    format!("account:{email_key}")
}

fn address_scope(address: &str) -> String {
    format!("address:{address}")
}

/// Signs in with an address and a password from `client` (the client's address), starting a
/// session (ending the browser's previous one, `replacing`).
///
/// In this order, so that sign-ins sent together are held to the limits: the client address's
/// turn (one sign-in under way per address, [`Busy::Client`] at once otherwise); a try of the
/// address typed and one of the client address, each checked and taken in one statement before
/// any hash is computed (refused as locked past [`ACCOUNT_FAILURES`] or [`ADDRESS_FAILURES`]); a
/// place in the bounded queue of checks ([`Busy::Full`] at once otherwise, the tries given
/// back); the hash; then the session, which clears the account's tries and gives the client's
/// try back.
pub async fn with_password(
    db: &Db,
    ctx: &Ctx<'_>,
    email: &str,
    password: &str,
    client: &str,
    replacing: Option<&str>,
) -> Result<SignedIn, SignInError> {
    let mut place = Place::take(client).map_err(SignInError::Busy)?;
    let key = Email::parse(email).map(|e| e.key()).ok();
    let account = key.as_deref().map(account_scope);
    let address = address_scope(client);
    let since = ctx.now - FAILURE_WINDOW_MS;
    let account_tries = {
        let mut tx = db.begin().await?;
        sessions::forget_tries(tx.conn(), since).await?;
        let account_tries = match &account {
            Some(scope) => {
                match sessions::take_try(tx.conn(), scope, ctx.now, since, ACCOUNT_FAILURES).await?
                {
                    Some(tries) => Some(tries),
                    None => return Err(SignInError::Refused(Refused::Locked)),
                }
            }
            None => None,
        };
        if sessions::take_try(tx.conn(), &address, ctx.now, since, ADDRESS_FAILURES)
            .await?
            .is_none()
        {
            return Err(SignInError::Refused(Refused::Locked));
        }
        tx.commit().await?;
        account_tries
    };
    let person = match &key {
        Some(key) => {
            let mut handle = db.acquire().await?;
            people::find_by_email_key(handle.conn(), key).await?
        }
        None => None,
    };
    let too_long = password.chars().count() > *PASSWORD_CHARS.end();
    let checked = match too_long {
        true => Ok(false),
        false => {
            let hash = person.as_ref().and_then(|p| p.password_hash.clone());
            password_matches(&mut place, password, hash).await
        }
    };
    drop(place);
    let matches = match checked {
        Ok(matches) => matches,
        Err(busy) => {
            // Not checked: the tries taken for it are given back.
            let mut tx = db.begin().await?;
            if let Some(scope) = &account {
                sessions::give_back_try(tx.conn(), scope, ctx.now).await?;
            }
            sessions::give_back_try(tx.conn(), &address, ctx.now).await?;
            tx.commit().await?;
            return Err(SignInError::Busy(busy));
        }
    };
    let mut tx = db.begin().await?;
    if let (true, Some(person)) = (matches, &person) {
        let token = start_session(&mut tx, ctx, person, "password", replacing).await?;
        sessions::give_back_try(tx.conn(), &address, ctx.now).await?;
        tx.commit().await?;
        return Ok(SignedIn {
            token,
            person: person.clone(),
        });
    }
    let target = person.as_ref().map(|p| p.id);
    let details = serde_json::json!({"client": client}).to_string();
    let target_ref = target
        .as_ref()
        .map(|id| id as &(dyn std::fmt::Display + Sync));
    audit::record(
        &mut tx,
        ctx,
        None,
        Action::SignInFailed,
        target_ref,
        Some(&details),
    )
    .await?;
    if account_tries == Some(ACCOUNT_FAILURES) {
        audit::record(
            &mut tx,
            ctx,
            None,
            Action::SignInLocked,
            target_ref,
            Some(&details),
        )
        .await?;
    }
    tx.commit().await?;
    Err(SignInError::Refused(Refused::Wrong))
}

/// The session of `token` at `ctx.now`, if it is open and within its idle and absolute ends
/// (its previous token works too, for `times.grace_ms` after it was replaced); marks
/// it seen, and gives it a new token when one is due (its person's role changed).
pub async fn current(
    db: &Db,
    ctx: &Ctx<'_>,
    token: &str,
    times: SessionTimes,
) -> Result<Option<Current>, ServiceError> {
    if !is_token(token) {
        return Ok(None);
    }
    let hash = token_hash(token);
    let Some((session, person)) = find_open(db, &hash, ctx.now, times).await? else {
        return Ok(None);
    };
    let by_link = session.method == "link";
    let previous = |session: &SessionRow| {
        session
            .previous_hash
            .clone()
            .filter(|_| session.previous_until.is_some_and(|until| until > ctx.now))
    };
    if session.rotate && session.token_hash == hash {
        let token = new_token()?;
        let new_hash = token_hash(&token);
        let mut tx = db.begin().await?;
        let grace_until = ctx.now.saturating_add(times.grace_ms);
        if sessions::replace_token(tx.conn(), &hash, &new_hash, ctx.now, grace_until).await? {
            tx.commit().await?;
            return Ok(Some(Current {
                person,
                token_hash: new_hash,
                previous_hash: Some(hash),
                by_link,
                new_token: Some(token),
            }));
        }
        drop(tx);
        // Another request of the same browser gave the session its new token first: this one
        // goes on under the token it came with, which still works for a while.
        let Some((session, person)) = find_open(db, &hash, ctx.now, times).await? else {
            return Ok(None);
        };
        return Ok(Some(Current {
            previous_hash: previous(&session),
            token_hash: session.token_hash,
            person,
            by_link,
            new_token: None,
        }));
    }
    if session.token_hash == hash && ctx.now - session.last_seen_at >= TOUCH_EVERY_MS {
        let mut tx = db.begin().await?;
        sessions::touch(tx.conn(), &hash, ctx.now).await?;
        tx.commit().await?;
    }
    Ok(Some(Current {
        previous_hash: previous(&session),
        token_hash: session.token_hash,
        person,
        by_link,
        new_token: None,
    }))
}

/// The open session `hash` names (as its token, or its previous one in its grace) and its
/// person.
async fn find_open(
    db: &Db,
    hash: &str,
    now: i64,
    times: SessionTimes,
) -> Result<Option<(SessionRow, PersonRow)>, ServiceError> {
    let mut handle = db.acquire().await?;
    let Some(session) = sessions::find_session(handle.conn(), hash, now).await? else {
        return Ok(None);
    };
    if !is_open(&session, now, times) {
        return Ok(None);
    }
    let Some(person) = people::find(handle.conn(), session.person_id).await? else {
        return Ok(None);
    };
    Ok(Some((session, person)))
}

fn is_open(session: &SessionRow, now: i64, times: SessionTimes) -> bool {
    session.ended_at.is_none()
        && now - session.last_seen_at < times.idle_ms
        && now - session.created_at < times.absolute_ms
}

/// Ends the session of `token_hash` on the server.
pub async fn sign_out(db: &Db, ctx: &Ctx<'_>, current: &Current) -> Result<(), ServiceError> {
    let mut tx = db.begin().await?;
    if sessions::end(tx.conn(), &current.token_hash, ctx.now).await? {
        audit::record(
            &mut tx,
            &as_person(ctx, &current.person),
            None,
            Action::SignedOut,
            Some(&current.person.id),
            None,
        )
        .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Ends every other session of the signed-in person ("sign out everywhere else"); returns how
/// many ended.
pub async fn sign_out_others(
    db: &Db,
    ctx: &Ctx<'_>,
    current: &Current,
) -> Result<u64, ServiceError> {
    let person = &current.person;
    let mut tx = db.begin().await?;
    let ended = sessions::end_others(tx.conn(), person.id, &current.token_hash, ctx.now).await?;
    let details = serde_json::json!({"sessions_ended": ended}).to_string();
    audit::record(
        &mut tx,
        &as_person(ctx, person),
        None,
        Action::SignedOutElsewhere,
        Some(&person.id),
        Some(&details),
    )
    .await?;
    tx.commit().await?;
    Ok(ended)
}

/// Why a new password was refused.
#[derive(Debug, thiserror::Error)]
pub enum PasswordError {
    /// The current password is needed (a session begun by password) and was not right.
    #[error("the current password is not right")]
    CurrentWrong,
    /// The password queue is busy: try again in a moment.
    #[error(transparent)]
    Busy(Busy),
    #[error(transparent)]
    Service(#[from] ServiceError),
}

/// Sets the signed-in person's password (12 to 256 characters) and ends their other sessions
/// (whoever else had signed in as them is out). A session begun by password must give the
/// current one; a session begun by a link need not (the way back from a forgotten password).
/// The hashing takes a place in the password queue for `client`, as a sign-in does.
pub async fn set_password(
    db: &Db,
    ctx: &Ctx<'_>,
    current: &Current,
    client: &str,
    current_password: &str,
    new_password: &str,
) -> Result<(), PasswordError> {
    let chars = new_password.chars().count();
    if !PASSWORD_CHARS.contains(&chars) {
        return Err(ServiceError::from(Invalid::Field {
            field: Field::Password,
            reason: format!(
                "must be {} to {} characters long",
                PASSWORD_CHARS.start(),
                PASSWORD_CHARS.end()
            ),
        })
        .into());
    }
    let person = &current.person;
    let mut place = Place::take(client).map_err(PasswordError::Busy)?;
    if !current.by_link {
        let hash = person.password_hash.clone();
        let right = password_matches(&mut place, current_password, hash)
            .await
            .map_err(PasswordError::Busy)?;
        if !right {
            return Err(PasswordError::CurrentWrong);
        }
    }
    place.enter_queue().map_err(PasswordError::Busy)?;
    let hash = hash_password(new_password).await?;
    drop(place);
    let mut tx = db.begin().await.map_err(ServiceError::from)?;
    people::set_password_hash(tx.conn(), person.id, &hash)
        .await
        .map_err(ServiceError::from)?;
    sessions::end_others(tx.conn(), person.id, &current.token_hash, ctx.now)
        .await
        .map_err(ServiceError::from)?;
    audit::record(
        &mut tx,
        &as_person(ctx, person),
        None,
        Action::PasswordSet,
        Some(&person.id),
        None,
    )
    .await
    .map_err(ServiceError::from)?;
    tx.commit().await.map_err(ServiceError::from)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_hex() {
        let token = new_token().unwrap();
        assert!(is_token(&token));
        assert!(!is_token("short"));
        assert_eq!(token_hash(&token).len(), 64);
    }
}
