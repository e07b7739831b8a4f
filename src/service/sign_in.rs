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
use super::passwords::{hash_password, password_matches};
use super::{Ctx, Field, Invalid, Missing, ServiceError};
use crate::db::people::{self, PersonRow};
use crate::db::sessions::{self, SessionRow};
use crate::db::{Db, DbError, Tx};
use crate::domain::email::Email;

/// How long a link printed by the shell may be used.
pub const LINK_TTL_MS: i64 = 15 * 60_000;
/// How long an invitation's link may be used.
pub const INVITATION_TTL_MS: i64 = 7 * 86_400_000;
/// Failed password sign-ins for one address typed, within [`FAILURE_WINDOW_MS`], that lock it.
pub const ACCOUNT_FAILURES: i64 = 20;
/// Failed password sign-ins from one client address, within [`FAILURE_WINDOW_MS`], that stop it.
pub const ADDRESS_FAILURES: i64 = 100;
/// How long failures count (and so how long a lock lasts at most).
pub const FAILURE_WINDOW_MS: i64 = 15 * 60_000;
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

/// How long sessions last: without a request for `idle_ms`, or `absolute_ms` after sign-in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SessionTimes {
    pub idle_ms: i64,
    pub absolute_ms: i64,
}

impl Default for SessionTimes {
    fn default() -> SessionTimes {
        SessionTimes {
            idle_ms: 30 * 60_000,
            absolute_ms: 12 * 3_600_000,
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

/// Why signing in failed: refused, or the database failed.
#[derive(Debug, thiserror::Error)]
pub enum SignInError {
    #[error(transparent)]
    Refused(Refused),
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
    pub token_hash: String,
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
        sessions::clear_failures(tx.conn(), &account_scope(&person.email_key)).await?;
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
pub async fn with_password(
    db: &Db,
    ctx: &Ctx<'_>,
    email: &str,
    password: &str,
    client: &str,
    replacing: Option<&str>,
) -> Result<SignedIn, SignInError> {
    let key = Email::parse(email).map(|e| e.key()).unwrap_or_default();
    let account = account_scope(&key);
    let address = address_scope(client);
    let since = ctx.now - FAILURE_WINDOW_MS;
    let person = {
        let mut handle = db.acquire().await?;
        let locked = sessions::failures_since(handle.conn(), &account, since).await?
            >= ACCOUNT_FAILURES
            || sessions::failures_since(handle.conn(), &address, since).await? >= ADDRESS_FAILURES;
        if locked {
            return Err(SignInError::Refused(Refused::Locked));
        }
        match key.is_empty() {
            true => None,
            false => people::find_by_email_key(handle.conn(), &key).await?,
        }
    };
    let too_long = password.chars().count() > *PASSWORD_CHARS.end();
    let matches = !too_long
        && password_matches(
            password,
            person.as_ref().and_then(|p| p.password_hash.clone()),
        )
        .await;
    let mut tx = db.begin().await?;
    if let (true, Some(person)) = (matches, &person) {
        let token = start_session(&mut tx, ctx, person, "password", replacing).await?;
        tx.commit().await?;
        return Ok(SignedIn {
            token,
            person: person.clone(),
        });
    }
    sessions::record_failure(tx.conn(), &[&account, &address], ctx.now, since).await?;
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
    if sessions::failures_since(tx.conn(), &account, since).await? == ACCOUNT_FAILURES {
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

/// The session of `token` at `ctx.now`, if it is open and within its idle and absolute ends;
/// marks it seen, and gives it a new token when one is due (its person's role changed).
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
    let (session, person) = {
        let mut handle = db.acquire().await?;
        let Some(session) = sessions::find_session(handle.conn(), &hash).await? else {
            return Ok(None);
        };
        if !is_open(&session, ctx.now, times) {
            return Ok(None);
        }
        let Some(person) = people::find(handle.conn(), session.person_id).await? else {
            return Ok(None);
        };
        (session, person)
    };
    let by_link = session.method == "link";
    if session.rotate {
        let token = new_token()?;
        let new_hash = token_hash(&token);
        let mut tx = db.begin().await?;
        if !sessions::replace_token(tx.conn(), &hash, &new_hash, ctx.now).await? {
            return Ok(None);
        }
        tx.commit().await?;
        return Ok(Some(Current {
            person,
            token_hash: new_hash,
            by_link,
            new_token: Some(token),
        }));
    }
    if ctx.now - session.last_seen_at >= TOUCH_EVERY_MS {
        let mut tx = db.begin().await?;
        sessions::touch(tx.conn(), &hash, ctx.now).await?;
        tx.commit().await?;
    }
    Ok(Some(Current {
        person,
        token_hash: hash,
        by_link,
        new_token: None,
    }))
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

/// Why a new password was refused.
#[derive(Debug, thiserror::Error)]
pub enum PasswordError {
    /// The current password is needed (a session begun by password) and was not right.
    #[error("the current password is not right")]
    CurrentWrong,
    #[error(transparent)]
    Service(#[from] ServiceError),
}

/// Sets the signed-in person's password (12 to 256 characters). A session begun by password
/// must give the current one; a session begun by a link need not (the way back from a
/// forgotten password).
pub async fn set_password(
    db: &Db,
    ctx: &Ctx<'_>,
    current: &Current,
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
    if !current.by_link && !password_matches(current_password, person.password_hash.clone()).await {
        return Err(PasswordError::CurrentWrong);
    }
    let hash = hash_password(new_password).await?;
    let mut tx = db.begin().await.map_err(ServiceError::from)?;
    people::set_password_hash(tx.conn(), person.id, &hash)
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
