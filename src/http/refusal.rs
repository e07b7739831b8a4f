//! Why the service refused a person's action, in the page's language, from the one translation
//! table (`pages::i18n`, the `Ref…` entries): the service words its refusals for the shell;
//! the refusals the desk's and the section's forms and a player's own page meet are said here
//! in English and Russian alike, with the same facts (the tournament, the status in words, the
//! numbers). A refusal not listed (one those forms cannot cause) keeps the service's words.
//!
//! Pure: words only, for refusals already made.

use crate::domain::engine::EngineError;
use crate::domain::entry::{EntryError, RosterError};
use crate::domain::self_report::SelfReportError;
use crate::domain::settings::{MAX_PARTICIPANTS, SettingsError};
use crate::domain::{Locale, TournamentStatus};
use crate::pages::i18n::T;
use crate::service::{Changed, Conflict, Field, Invalid, Missing, RoomRule, Rule, ServiceError};

/// The reason `error` gives, in `locale`.
pub(crate) fn reason(error: &ServiceError, locale: Locale) -> String {
    let status = |status: TournamentStatus| T::status(status).get(locale).to_owned();
    match said(error, &status) {
        Some((text, values)) => {
            let values: Vec<(&str, &str)> = values.iter().map(|(k, v)| (*k, v.as_str())).collect();
            text.fill(locale, &values)
        }
        None => error.to_string(),
    }
}

/// A refusal's entry and the facts it names.
type Said = (T, Vec<(&'static str, String)>);

fn said(error: &ServiceError, status: &dyn Fn(TournamentStatus) -> String) -> Option<Said> {
    match error {
        ServiceError::Conflict(conflict) => conflict_said(conflict, status),
        ServiceError::Rule(rule) => rule_said(rule, status),
        ServiceError::Invalid(invalid) => invalid_said(invalid),
        ServiceError::NotFound(Missing::Station { name, .. }) => {
            Some((T::RefStationMissing, vec![("name", name.clone())]))
        }
        _ => None,
    }
}

fn conflict_said(conflict: &Conflict, status: &dyn Fn(TournamentStatus) -> String) -> Option<Said> {
    Some(match conflict {
        Conflict::TournamentExists { slug } => {
            (T::RefTournamentExists, vec![("slug", slug.clone())])
        }
        Conflict::AlreadyRegistered { name, .. } => {
            (T::RefAlreadyRegistered, vec![("name", name.clone())])
        }
        Conflict::EmailTaken { .. } => (T::RefEmailTaken, vec![]),
        Conflict::Full { taken, max } => (
            T::RefFull,
            vec![("taken", taken.to_string()), ("max", max.to_string())],
        ),
        Conflict::WaitingListFull { max } => {
            (T::RefWaitingListFull, vec![("max", max.to_string())])
        }
        Conflict::CheckInProcessed { .. } => (T::RefCheckInProcessed, vec![]),
        Conflict::FieldChanged { .. } => (T::RefFieldChanged, vec![]),
        Conflict::SeedsChanged { tournament } => {
            (T::RefSeedsChanged, vec![("tournament", tournament.clone())])
        }
        Conflict::Stale { tournament, what } => match what {
            Changed::Settings => (
                T::RefStaleSettings,
                vec![("tournament", tournament.clone())],
            ),
            Changed::Stages => (T::RefStaleStages, vec![("tournament", tournament.clone())]),
            Changed::StageSeeds { stage } => {
                (T::RefStaleStageSeeds, vec![("stage", stage.to_string())])
            }
        },
        Conflict::MatchChanged { .. } => (T::RefMatchChanged, vec![]),
        Conflict::MovedOn { status: s, .. } => (T::RefMovedOn, vec![("status", status(*s))]),
        Conflict::ChangedMeanwhile { .. } => (T::RefChangedMeanwhile, vec![]),
        Conflict::AlreadyDrawn { .. } => (T::RefAlreadyDrawn, vec![]),
        Conflict::ClaimChanged { .. } => (T::RefClaimChanged, vec![]),
        Conflict::StationExists { name, .. } => (T::RefStationExists, vec![("name", name.clone())]),
        Conflict::StationTaken { station } => {
            (T::RefStationTaken, vec![("station", station.clone())])
        }
        _ => return None,
    })
}

fn room_said(rule: &RoomRule, status: &dyn Fn(TournamentStatus) -> String) -> Said {
    let station = |name: &String| vec![("station", name.clone())];
    match rule {
        RoomRule::StationHolds { station: s, .. } => (T::RefStationHolds, station(s)),
        RoomRule::NoStations { .. } => (T::RoomNotOnStations, vec![]),
        RoomRule::NotServing { station: s, .. } => (T::RefNotServing, station(s)),
        RoomRule::Paused { station: s } => (T::RefRoomPaused, station(s)),
        RoomRule::NotCallable { .. } => (T::RefNotCallable, vec![]),
        RoomRule::AlreadyCalled { station: s, .. } => (T::RefAlreadyCalled, station(s)),
        RoomRule::PlayerBusy {
            who, station: s, ..
        } => (
            T::RefPlayerBusy,
            vec![("who", who.clone()), ("station", s.clone())],
        ),
        RoomRule::NotCalled { .. } => (T::RefNotCalled, vec![]),
        RoomRule::AlreadyStarted { .. } => (T::RefAlreadyStarted, vec![]),
        RoomRule::NoFreeStation { .. } => (T::RefNoFreeStation, vec![]),
        RoomRule::NothingToCall { station: s } => (T::RefNothingToCall, station(s)),
        RoomRule::NotInPlay { status: s, .. } => {
            (T::RefRoomNotInPlay, vec![("status", status(*s))])
        }
    }
}

fn rule_said(rule: &Rule, status: &dyn Fn(TournamentStatus) -> String) -> Option<Said> {
    let in_status = |text: T, s: TournamentStatus| (text, vec![("status", status(s))]);
    Some(match rule {
        Rule::Move(refused) if refused.from == refused.to => {
            in_status(T::RefSameStatus, refused.to)
        }
        Rule::Room(room) => room_said(room, status),
        Rule::Move(refused) => (
            T::RefMove,
            vec![("from", status(refused.from)), ("to", status(refused.to))],
        ),
        Rule::RegistrationClosed { status: s, .. } => in_status(T::RefRegistrationClosed, *s),
        Rule::WithdrawalClosed { status: s } => in_status(T::RefWithdrawalClosed, *s),
        Rule::NotStartable { status: s, .. } => in_status(T::RefNotStartable, *s),
        Rule::CannotStart {
            error: EngineError::TooFewParticipants { min, have, .. },
            ..
        } => (
            T::RefTooFew,
            vec![("min", min.to_string()), ("have", have.to_string())],
        ),
        Rule::NotInPlay { status: s, .. } => in_status(T::RefNotInPlay, *s),
        Rule::NotCorrectable { status: s, .. } => in_status(T::RefNotCorrectable, *s),
        Rule::WouldReopen { .. } => (T::RefWouldReopen, vec![]),
        Rule::Match { error, .. } => (
            match error {
                EngineError::AlreadyCompleted => T::RefAlreadyPlayed,
                EngineError::NotReady(_) => T::RefNotReady,
                EngineError::NotCompleted(_) => T::RefNotPlayed,
                EngineError::DrawNotAllowed => T::RefNoDraw,
                EngineError::Bye => T::RefBye,
                EngineError::PlacesExpected | EngineError::BadPlaces(_) => T::RefPlaces,
                EngineError::ScoreExpected => T::RefScoreExpected,
                _ => return None,
            },
            vec![],
        ),
        Rule::Drawn {
            status: s, setting, ..
        } => match *setting {
            "start" => in_status(T::RefStartFixed, *s),
            "capacity" => in_status(T::RefCapacityFixed, *s),
            "stages" => in_status(T::RefStagesFixed, *s),
            _ => return None,
        },
        Rule::BelowField { taken, .. } => (T::RefBelowField, vec![("taken", taken.to_string())]),
        Rule::NoCheckIn { .. } => (T::RefNoCheckIn, vec![]),
        Rule::CheckInOver { .. } => (T::RefCheckInOver, vec![]),
        Rule::TeamsFixed { .. } => (T::RefTeamsFixed, vec![]),
        Rule::RostersOutside { teams, .. } => {
            (T::RefRostersOutside, vec![("teams", teams.to_string())])
        }
        Rule::BelowWaiting { waiting, .. } => {
            (T::RefBelowWaiting, vec![("waiting", waiting.to_string())])
        }
        Rule::EntryFixed { status: s, .. } => in_status(T::RefEntryFixed, *s),
        Rule::WaitsForAPlace { who, .. } => (T::RefWaitsForAPlace, vec![("who", who.clone())]),
        Rule::NotSeedable { status: s, .. } => in_status(T::RefNotSeedable, *s),
        Rule::Over { status: s, .. } => in_status(T::RefOver, *s),
        Rule::NoSelfReport { .. } => (T::RefNoSelfReport, vec![]),
        Rule::NotYourMatch { .. } => (T::RefNotYourMatch, vec![]),
        Rule::OwnClaim { .. } => (T::RefOwnClaim, vec![]),
        Rule::Disputed { .. } => (T::RefDisputed, vec![]),
        Rule::AnswerTooLate { .. } => (T::RefAnswerTooLate, vec![]),
        _ => return None,
    })
}

fn invalid_said(invalid: &Invalid) -> Option<Said> {
    let most = || vec![("max", MAX_PARTICIPANTS.to_string())];
    Some(match invalid {
        Invalid::Entry(error) => match error {
            EntryError::CheckInWindow => (T::RefCheckInWindow, vec![]),
            EntryError::TeamSize => (T::RefTeamSize, vec![]),
            EntryError::WaitingList => (T::RefWaitingListRange, most()),
        },
        Invalid::Settings(error) => match error {
            SettingsError::Capacity => (T::RefCapacity, most()),
            SettingsError::OnlyFor { .. } | SettingsError::GroupsTogether { .. } => {
                (T::RefNotForFormat, vec![])
            }
            SettingsError::GroupRange => (T::RefGroupRange, vec![]),
            SettingsError::PlayoffTooSmall => (T::RefPlayoffTooSmall, vec![]),
            SettingsError::Thresholds => (T::RefThresholds, vec![]),
            SettingsError::GroupsNeedPlaces { groups } => (
                T::RefGroupsNeedPlaces,
                vec![
                    ("groups", groups.to_string()),
                    ("places", (groups * 2).to_string()),
                ],
            ),
            SettingsError::NoRounds => (T::RefNoRounds, vec![]),
            SettingsError::PointsOrder => (T::RefPointsOrder, vec![]),
        },
        Invalid::SelfReport(error) => (
            match error {
                SelfReportError::FreeForAll => T::RefSelfReportFreeForAll,
                SelfReportError::Window => T::RefSelfReportWindow,
                SelfReportError::WindowWithoutReports => T::RefWindowWithoutReports,
            },
            vec![],
        ),
        Invalid::Timing(_) => (T::RefTiming, vec![]),
        Invalid::Roster(error) => match error {
            RosterError::NotATeamTournament => (T::RefNotATeamTournament, vec![]),
            RosterError::TooFew { fewest } => (T::RefRosterTooFew, vec![("n", fewest.to_string())]),
            RosterError::TooMany { most } => (T::RefRosterTooMany, vec![("n", most.to_string())]),
            RosterError::Name { position, .. } => {
                (T::RefRosterName, vec![("n", position.to_string())])
            }
            RosterError::Twice { name } => (T::RefRosterTwice, vec![("name", name.clone())]),
        },
        Invalid::Field { field, .. } => (
            match field {
                Field::Slug => T::RefSlug,
                Field::Name | Field::ParticipantName => T::RefName,
                Field::Game => T::RefGame,
                Field::Description => T::RefDescription,
                Field::Email => T::RefEmail,
                Field::Seeds => T::RefSeedsTwice,
                Field::StationName => T::RefStationName,
                Field::Place => T::RefPlace,
                _ => return None,
            },
            vec![],
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::lifecycle::MoveRefused;

    #[test]
    fn refusals_are_said_in_the_pages_language_with_their_facts() {
        let full = ServiceError::Conflict(Conflict::Full { taken: 8, max: 8 });
        assert_eq!(reason(&full, Locale::Ru), "все места заняты: 8 из 8");
        assert_eq!(
            reason(&full, Locale::En),
            "the tournament is full: 8 of 8 places are taken"
        );
        let moved = ServiceError::Rule(Rule::Move(MoveRefused {
            from: TournamentStatus::Completed,
            to: TournamentStatus::Cancelled,
        }));
        assert!(reason(&moved, Locale::Ru).contains("Завершён"));
        assert_eq!(
            reason(&moved, Locale::En),
            "a tournament that is Completed cannot become Cancelled",
            "statuses in words, not REGISTRATION_OPEN"
        );
        let reported = ServiceError::Rule(Rule::Match {
            id: crate::ids::MatchId::from_raw(1),
            error: EngineError::AlreadyCompleted,
        });
        assert!(reason(&reported, Locale::Ru).starts_with("матч уже сыгран"));
        assert!(reason(&reported, Locale::En).starts_with("the match is played already"));
    }

    #[test]
    fn every_refusal_entry_has_both_languages_and_the_same_placeholders() {
        for text in T::ALL
            .iter()
            .filter(|t| format!("{t:?}").starts_with("Ref"))
        {
            let holes = |s: &str| {
                let mut found: Vec<String> = s
                    .split('{')
                    .skip(1)
                    .filter_map(|p| p.split_once('}').map(|(n, _)| n.to_owned()))
                    .collect();
                found.sort();
                found
            };
            assert_eq!(holes(text.en()), holes(text.ru()), "{text:?}");
            assert!(!text.en().is_empty() && !text.ru().is_empty(), "{text:?}");
        }
    }

    #[test]
    fn a_refusal_not_listed_keeps_the_services_words() {
        let other = ServiceError::Storage(crate::db::DbError::Corrupt("a score of -1".into()));
        assert_eq!(reason(&other, Locale::Ru), other.to_string());
    }
}
