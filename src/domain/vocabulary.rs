//! The closed sets of values, each with its one spelling (the one stored, sent and accepted).

use std::fmt;
use std::str::FromStr;

use super::UnknownValue;

/// Declares a string enumeration: `as_str`, `ALL`, `FromStr` (with a clear error), `Display` and
/// serde in the same spelling.
macro_rules! string_enum {
    ($(#[$meta:meta])* $name:ident, $what:literal { $($variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name { $($variant),+ }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];
            pub const NAMES: &'static [&'static str] = &[$($text),+];

            pub const fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }
        }

        impl FromStr for $name {
            type Err = UnknownValue;
            fn from_str(text: &str) -> Result<Self, UnknownValue> {
                match text {
                    $($text => Ok($name::$variant),)+
                    _ => Err(UnknownValue { what: $what, value: text.to_owned(), expected: Self::NAMES }),
                }
            }
        }

        impl TryFrom<String> for $name {
            type Error = UnknownValue;
            fn try_from(text: String) -> Result<Self, UnknownValue> {
                text.parse()
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}

string_enum! {
    /// The languages of widgets and portal links.
    Locale, "locale" { En = "en", Ru = "ru" }
}

string_enum! {
    /// How a tournament is played.
    Format, "format" {
        SingleElimination = "single_elimination",
        DoubleElimination = "double_elimination",
        RoundRobin = "round_robin",
        Swiss = "swiss",
        GroupsPlayoffs = "groups_playoffs",
        FreeForAll = "free_for_all",
    }
}

string_enum! {
    /// Where a tournament is in its life. Upper case, as the specification spells them.
    TournamentStatus, "tournament status" {
        Draft = "DRAFT",
        Announced = "ANNOUNCED",
        RegistrationOpen = "REGISTRATION_OPEN",
        RegistrationClosed = "REGISTRATION_CLOSED",
        InProgress = "IN_PROGRESS",
        Completed = "COMPLETED",
        Cancelled = "CANCELLED",
    }
}

string_enum! {
    /// A participant's standing: in the field (active or disqualified), withdrawn, or on the
    /// waiting list of a full tournament (`waiting`: not in the field until promoted).
    ParticipantStatus, "participant status" {
        Active = "active",
        Withdrawn = "withdrawn",
        Disqualified = "disqualified",
        Waiting = "waiting",
        NotAdmitted = "not_admitted",
    }
}

impl ParticipantStatus {
    /// In the field: takes a place and plays (neither withdrawn, waiting nor not admitted).
    pub fn in_field(self) -> bool {
        matches!(
            self,
            ParticipantStatus::Active | ParticipantStatus::Disqualified
        )
    }
}

string_enum! {
    /// What happens, when check-in closes, to a participant who did not check in: moved to the
    /// bottom seeds in their order (they may still play), or removed from the field (their
    /// place goes to the waiting list).
    NoShow, "no-show action" { BottomSeed = "bottom_seed", Remove = "remove" }
}

string_enum! {
    /// The kind of one stage of a tournament (a groups_playoffs tournament has a `groups` stage
    /// and a `single_elimination` stage).
    StageType, "stage type" {
        SingleElimination = "single_elimination",
        DoubleElimination = "double_elimination",
        RoundRobin = "round_robin",
        Swiss = "swiss",
        Groups = "groups",
        FreeForAll = "free_for_all",
    }
}

string_enum! {
    StageStatus, "stage status" { Pending = "pending", Running = "running", Completed = "completed" }
}

string_enum! {
    /// `pending`: a side is still unknown; `ready`: both sides known, not yet played.
    MatchStatus, "match status" {
        Pending = "pending",
        Ready = "ready",
        InProgress = "in_progress",
        Completed = "completed",
        Cancelled = "cancelled",
    }
}

string_enum! {
    /// Which of its space's stations a tournament plays on: every one (present and future), or
    /// those listed for it.
    OnStations, "stations" { All = "all", Listed = "listed" }
}

string_enum! {
    /// The part of an elimination stage a match belongs to.
    Bracket, "bracket" {
        Winners = "winners",
        Losers = "losers",
        GrandFinal = "grand_final",
        ThirdPlace = "third_place",
    }
}

string_enum! {
    /// One of the two sides of a match.
    Side, "side" { A = "a", B = "b" }
}

string_enum! {
    /// Where a player's open claim of a match's result stands: waiting for the other side, or
    /// disputed (an organiser decides).
    ClaimState, "claim state" { Pending = "pending", Disputed = "disputed" }
}

string_enum! {
    /// Why a player's claim ended without its result standing: the match no longer is ready
    /// between the sides it was claimed between (a reseed, a correction that reset it), the
    /// match was removed (a grand-final reset no longer called for), or the tournament's players
    /// no longer report.
    ClaimEnd, "claim end" {
        SidesChanged = "sides_changed",
        MatchRemoved = "match_removed",
        ReportsOff = "reports_off",
    }
}

string_enum! {
    Winner, "winner" { A = "a", B = "b", Draw = "draw" }
}

string_enum! {
    /// Which signature headers an address receives: the specification's and Standard
    /// Webhooks' (both), or one set alone.
    SignatureHeaders, "signature headers" {
        Both = "both",
        Specification = "specification",
        Standard = "standard",
    }
}

string_enum! {
    /// Whether a webhook address receives events.
    HookStatus, "webhook status" { Active = "active", Removed = "removed" }
}

string_enum! {
    /// Why an address was disabled: its receiver answered 410 Gone, or every attempt failed for
    /// the configured time (five days by default). An address disabled by a member (or
    /// `hooks disable`) has no reason: the audit log says who.
    DisabledReason, "disabled reason" { Gone = "gone", Failing = "failing" }
}

string_enum! {
    /// A person's role in a space: owners manage members too; both manage keys, webhook
    /// addresses and widgets.
    Role, "role" { Owner = "owner", Administrator = "administrator", Reporter = "reporter" }
}

string_enum! {
    /// Every action the audit log records, with its one spelling. Admins' actions are recorded
    /// by the service layer; the delivery loop records the addresses it disables.
    AuditAction, "audit action" {
        SpaceCreated = "space.created",
        SpaceUpdated = "space.updated",
        KeyCreated = "api_key.created",
        KeyRevoked = "api_key.revoked",
        KeyRolled = "api_key.rolled",
        TournamentCreated = "tournament.created",
        TournamentUpdated = "tournament.updated",
        TournamentStatusChanged = "tournament.status_changed",
        TournamentSeeded = "tournament.seeded",
        StageAdded = "stage.added",
        StageRemoved = "stage.removed",
        StageReseeded = "stage.reseeded",
        RegistrationCreated = "registration.created",
        RegistrationWithdrawn = "registration.withdrawn",
        RegistrationCheckedIn = "registration.checked_in",
        RegistrationPromoted = "registration.promoted",
        RegistrationNotAdmitted = "registration.not_admitted",
        RegistrationLinkGiven = "registration.link_given",
        CheckInProcessed = "check_in.processed",
        MatchReported = "match.reported",
        MatchCorrected = "match.corrected",
        MatchClaimed = "match.claimed",
        MatchClaimDisputed = "match.claim_disputed",
        MatchClaimClosed = "match.claim_closed",
        MatchCalled = "match.called",
        MatchUncalled = "match.uncalled",
        MatchStarted = "match.started",
        StationAdded = "station.added",
        StationPaused = "station.paused",
        StationResumed = "station.resumed",
        StationRemoved = "station.removed",
        HookCreated = "hook.created",
        HookUpdated = "hook.updated",
        HookRemoved = "hook.removed",
        HookSecretRotated = "hook.secret_rotated",
        HookPinged = "hook.pinged",
        HookExampleSent = "hook.example_sent",
        HookDisabled = "hook.disabled",
        HookEnabled = "hook.enabled",
        DeliveryRetried = "delivery.retried",
        Import = "import",
        MemberAdded = "member.added",
        MemberInvited = "member.invited",
        MemberRoleChanged = "member.role_changed",
        MemberRemoved = "member.removed",
        SignInLinkIssued = "sign_in.link_issued",
        SignedIn = "sign_in.succeeded",
        SignInFailed = "sign_in.failed",
        SignInLocked = "sign_in.locked",
        SignedOut = "sign_in.signed_out",
        SignedOutElsewhere = "sign_in.signed_out_elsewhere",
        PasswordSet = "sign_in.password_set",
    }
}

string_enum! {
    /// Where one event's delivery to one address stands: waiting for its next attempt, claimed by
    /// a dispatcher, delivered, or failed for good (only a manual retry sends it again).
    DeliveryStatus, "delivery status" {
        Pending = "pending",
        InFlight = "in_flight",
        Succeeded = "succeeded",
        Failed = "failed",
    }
}

string_enum! {
    /// What started an attempt: the retry schedule, an admin's retry, or the test event.
    Trigger, "trigger" { Scheduled = "scheduled", Manual = "manual", Ping = "ping" }
}

string_enum! {
    /// Why an attempt failed before a 2xx answer: the name did not resolve, the address is
    /// private, no connection, no TLS session, no answer in time, or an answer that is not 2xx.
    ErrorClass, "error class" {
        Dns = "dns",
        Blocked = "blocked",
        Connect = "connect",
        Tls = "tls",
        Timeout = "timeout",
        Http = "http",
    }
}

string_enum! {
    /// What happened, as webhook receivers see it in the envelope's `type`.
    EventType, "event type" {
        TournamentStatusChanged = "tournament.status_changed",
        RegistrationCreated = "registration.created",
        RegistrationWithdrawn = "registration.withdrawn",
        RegistrationCheckedIn = "registration.checked_in",
        RegistrationPromoted = "registration.promoted",
        RegistrationNotAdmitted = "registration.not_admitted",
        MatchReady = "match.ready",
        MatchCalled = "match.called",
        MatchStarted = "match.started",
        MatchReported = "match.reported",
        MatchDisputed = "match.disputed",
        MatchReportClosed = "match.report_closed",
        MatchCompleted = "match.completed",
        MatchCorrected = "match.corrected",
        Ping = "ping",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_value_round_trips() {
        for format in Format::ALL {
            assert_eq!(format.as_str().parse::<Format>(), Ok(*format));
        }
        for status in TournamentStatus::ALL {
            assert_eq!(status.as_str().parse::<TournamentStatus>(), Ok(*status));
        }
    }

    #[test]
    fn unknown_values_name_the_choices() {
        let error = "knockout".parse::<Format>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "unknown format 'knockout' (expected one of: single_elimination, double_elimination, \
             round_robin, swiss, groups_playoffs, free_for_all)"
        );
    }

    #[test]
    fn serde_uses_the_same_spelling() {
        assert_eq!(
            serde_json::to_string(&TournamentStatus::InProgress).unwrap(),
            "\"IN_PROGRESS\""
        );
        assert_eq!(
            serde_json::from_str::<Locale>("\"ru\"").unwrap(),
            Locale::Ru
        );
        assert!(serde_json::from_str::<Locale>("\"de\"").is_err());
    }
}
