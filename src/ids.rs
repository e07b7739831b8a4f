//! Public identifiers: the integer primary keys of the database, typed by what they name and shown
//! with a prefix (`spc_1`, `trn_7`, `evt_42`), so an id read in a log or a webhook says what it
//! names and a hook id can never be passed where a delivery id is wanted.
//!
//! [`Id`] is stored as a plain 64-bit integer on both databases and serialized as its prefixed
//! text. This module only formats and parses; it never looks anything up.

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;
use std::str::FromStr;

/// What kind of record an [`Id`] names: its prefix and, for messages, its noun.
pub trait Kind: 'static {
    const PREFIX: &'static str;
    const NOUN: &'static str;
}

macro_rules! kinds {
    ($($(#[$meta:meta])* $kind:ident, $alias:ident = $prefix:literal, $noun:literal;)+) => {
        /// The kinds of record that have a public id (types with no values, used as markers).
        pub mod kind {
            $(
                $(#[$meta])*
                #[derive(Debug)]
                pub enum $kind {}

                impl super::Kind for $kind {
                    const PREFIX: &'static str = $prefix;
                    const NOUN: &'static str = $noun;
                }
            )+
        }
        $(
            $(#[$meta])*
            pub type $alias = Id<kind::$kind>;
        )+
    };
}

kinds! {
    /// An organising space: `spc_1`.
    Space, SpaceId = "spc", "space";
    /// An API key: `key_1`.
    ApiKey, KeyId = "key", "key";
    /// A tournament: `trn_1`.
    Tournament, TournamentId = "trn", "tournament";
    /// A participant of a tournament: `par_1`.
    Participant, ParticipantId = "par", "participant";
    /// A registration, which shares its number with its participant: `reg_1`.
    Registration, RegistrationId = "reg", "registration";
    /// A stage of a tournament: `stg_1`.
    Stage, StageId = "stg", "stage";
    /// A match: `mat_1`.
    Match, MatchId = "mat", "match";
    /// A station of a space's room (a table, a court, a board): `stn_1`.
    Station, StationId = "stn", "station";
    /// A player's claim of a match's result, open until it is settled: `clm_1`.
    Claim, ClaimId = "clm", "claim";
    /// A webhook event: `evt_1`.
    Event, EventId = "evt", "event";
    /// A webhook address: `hook_1`.
    Hook, HookId = "hook", "webhook";
    /// One event's delivery to one address: `dlv_1`.
    Delivery, DeliveryId = "dlv", "delivery";
    /// A person who manages spaces (a member of one or more): `psn_1`.
    Person, PersonId = "psn", "person";
}

/// The id of a record of kind `K`.
pub struct Id<K> {
    raw: i64,
    kind: PhantomData<fn() -> K>,
}

impl<K> Id<K> {
    /// The id whose database key is `raw`.
    pub const fn from_raw(raw: i64) -> Id<K> {
        Id {
            raw,
            kind: PhantomData,
        }
    }

    /// The database key.
    pub const fn raw(self) -> i64 {
        self.raw
    }
}

impl ParticipantId {
    /// The registration that brought this participant in (they share their number).
    pub const fn registration(self) -> RegistrationId {
        Id::from_raw(self.raw)
    }
}

impl<K: Kind> Id<K> {
    /// Parses `par_7` only: the prefix is required, so a name that happens to be digits is not
    /// taken for an id.
    pub fn parse_prefixed(text: &str) -> Option<Id<K>> {
        let digits = text.strip_prefix(K::PREFIX)?.strip_prefix('_')?;
        parse_digits(digits)
    }
}

fn parse_digits<K>(digits: &str) -> Option<Id<K>> {
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits
        .parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .map(Id::from_raw)
}

/// A text that is not an id of the kind asked for.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{text}' is not a {noun} id such as {prefix}_1")]
pub struct BadId {
    pub text: String,
    pub noun: &'static str,
    pub prefix: &'static str,
}

/// `evt_42`, or a bare `42`.
impl<K: Kind> FromStr for Id<K> {
    type Err = BadId;

    fn from_str(text: &str) -> Result<Id<K>, BadId> {
        let digits = match text.split_once('_') {
            Some((prefix, digits)) if prefix == K::PREFIX => Some(digits),
            Some(_) => None,
            None => Some(text),
        };
        digits.and_then(parse_digits).ok_or_else(|| BadId {
            text: text.to_owned(),
            noun: K::NOUN,
            prefix: K::PREFIX,
        })
    }
}

impl<K: Kind> fmt::Display for Id<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}_{}", K::PREFIX, self.raw)
    }
}

impl<K: Kind> fmt::Debug for Id<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

// Written out rather than derived, so that they hold whatever `K` is.
impl<K> Clone for Id<K> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<K> Copy for Id<K> {}

impl<K> PartialEq for Id<K> {
    fn eq(&self, other: &Self) -> bool {
        self.raw == other.raw
    }
}

impl<K> Eq for Id<K> {}

impl<K> PartialOrd for Id<K> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<K> Ord for Id<K> {
    fn cmp(&self, other: &Self) -> Ordering {
        self.raw.cmp(&other.raw)
    }
}

impl<K> Hash for Id<K> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.raw.hash(state);
    }
}

impl<K: Kind> serde::Serialize for Id<K> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<K, DB: sqlx::Database> sqlx::Type<DB> for Id<K>
where
    i64: sqlx::Type<DB>,
{
    fn type_info() -> DB::TypeInfo {
        <i64 as sqlx::Type<DB>>::type_info()
    }

    fn compatible(ty: &DB::TypeInfo) -> bool {
        <i64 as sqlx::Type<DB>>::compatible(ty)
    }
}

impl<'q, K, DB: sqlx::Database> sqlx::Encode<'q, DB> for Id<K>
where
    i64: sqlx::Encode<'q, DB>,
{
    fn encode_by_ref(
        &self,
        buf: &mut <DB as sqlx::Database>::ArgumentBuffer,
    ) -> Result<sqlx::encode::IsNull, sqlx::error::BoxDynError> {
        <i64 as sqlx::Encode<'q, DB>>::encode_by_ref(&self.raw, buf)
    }
}

impl<'r, K, DB: sqlx::Database> sqlx::Decode<'r, DB> for Id<K>
where
    i64: sqlx::Decode<'r, DB>,
{
    fn decode(
        value: <DB as sqlx::Database>::ValueRef<'r>,
    ) -> Result<Self, sqlx::error::BoxDynError> {
        Ok(Id::from_raw(<i64 as sqlx::Decode<'r, DB>>::decode(value)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_and_parses() {
        assert_eq!(EventId::from_raw(42).to_string(), "evt_42");
        assert_eq!("evt_42".parse::<EventId>(), Ok(EventId::from_raw(42)));
        assert_eq!("17".parse::<MatchId>(), Ok(MatchId::from_raw(17)));
        assert_eq!(
            serde_json::to_string(&HookId::from_raw(3)).unwrap(),
            "\"hook_3\""
        );
    }

    #[test]
    fn refuses_other_kinds_and_junk() {
        for bad in [
            "trn_42",
            "evt_",
            "evt_-1",
            "evt_0",
            "evt_4x",
            "",
            "evt_99999999999999999999",
        ] {
            assert!(bad.parse::<EventId>().is_err(), "{bad}");
        }
        assert_eq!(
            "hook_1".parse::<DeliveryId>().unwrap_err().to_string(),
            "'hook_1' is not a delivery id such as dlv_1"
        );
    }

    #[test]
    fn prefixed_parsing_needs_the_prefix() {
        assert_eq!(
            ParticipantId::parse_prefixed("par_7"),
            Some(ParticipantId::from_raw(7))
        );
        assert_eq!(ParticipantId::parse_prefixed("7"), None);
        assert_eq!(ParticipantId::parse_prefixed("parx_7"), None);
    }
}
