//! Realistic examples of every event type, for `hooks test`: the real payload types filled with a
//! plausible tournament of the space (a chess open with its players, matches and scores), ids of
//! the right kinds, and times around `now`.
//!
//! Pure: nothing here reads storage. The tournament, participants and matches are invented and
//! exist nowhere; the ids sit in a range of their own (9001 and up) so that they read as
//! examples, but only the envelope's `"example": true` tells a receiver for sure. Nothing here may
//! ever be built from, or written as, a real tournament's records.

use super::{
    Event, MatchCorrectedData, MatchData, MatchDisputedData, MatchObject, MatchReportClosedData,
    MatchReportedData, PingData, PreviousResult, RegistrationData, RegistrationObject, Sides,
    SpaceRef, StatementObject, StatusChangedData, TournamentObject,
};
use crate::domain::{
    ClaimEnd, ClaimState, EventType, Format, Locale, MatchStatus, ParticipantStatus,
    TournamentStatus, Winner,
};
use crate::ids::{HookId, MatchId, ParticipantId, SpaceId, TournamentId};
use crate::links::BaseUrl;
use crate::timestamp;

/// The space an example is sent for: its `ping` names it, and tournament links use its language.
#[derive(Debug, Clone, Copy)]
pub struct ExampleSpace<'a> {
    pub id: SpaceId,
    pub slug: &'a str,
    pub locale: Locale,
}

/// The example tournament's slug, which says what it is to a person reading a receiver's log.
pub const EXAMPLE_SLUG: &str = "example-spring-open";

const HOUR_MS: i64 = 3_600_000;
const DAY_MS: i64 = 24 * HOUR_MS;

/// An example of `event_type` for `space`, sent to `hook` at `now` (Unix ms).
pub fn example(
    event_type: EventType,
    space: ExampleSpace<'_>,
    hook: HookId,
    base_url: &BaseUrl,
    now: i64,
) -> Event {
    let tournament = |status| TournamentObject {
        id: TournamentId::from_raw(9001),
        slug: EXAMPLE_SLUG.to_owned(),
        name: "Spring Open".to_owned(),
        game: "chess".to_owned(),
        format: Format::SingleElimination,
        status,
        url: base_url.tournament_page(space.locale, EXAMPLE_SLUG),
    };
    let kira = ParticipantId::from_raw(9011);
    let registration = |status, withdrawn_at: Option<i64>| RegistrationObject {
        id: kira.registration(),
        participant_id: kira,
        name: "Kira Novak".to_owned(),
        status,
        created_at: timestamp::format_ms(now.saturating_sub(3 * DAY_MS)),
        withdrawn_at: withdrawn_at.map(timestamp::format_ms),
        checked_in_at: None,
        roster: None,
    };
    let semi_final = |score_a, score_b, winner| MatchObject {
        id: MatchId::from_raw(9105),
        stage: 1,
        bracket: None,
        group: None,
        round: 2,
        position: 1,
        status: MatchStatus::Completed,
        sides: Sides::Two {
            a_id: Some(kira),
            a_name: Some("Kira Novak".to_owned()),
            b_id: Some(ParticipantId::from_raw(9014)),
            b_name: Some("Jonas Berg".to_owned()),
            score_a: Some(score_a),
            score_b: Some(score_b),
            winner: Some(winner),
        },
        forfeit: false,
        bye: false,
        scheduled_at: Some(timestamp::format_ms(now.saturating_sub(2 * HOUR_MS))),
        completed_at: Some(timestamp::format_ms(now.saturating_sub(HOUR_MS / 4))),
        station: Some("Table 4".to_owned()),
        called_at: Some(timestamp::format_ms(now.saturating_sub(HOUR_MS))),
        started_at: Some(timestamp::format_ms(
            now.saturating_sub(HOUR_MS - HOUR_MS / 12),
        )),
        not_before: None,
        claim: None,
    };
    // The same semi-final before its result: ready, perhaps with a player's claim.
    let ready = |claim| MatchObject {
        status: MatchStatus::Ready,
        sides: Sides::Two {
            a_id: Some(kira),
            a_name: Some("Kira Novak".to_owned()),
            b_id: Some(ParticipantId::from_raw(9014)),
            b_name: Some("Jonas Berg".to_owned()),
            score_a: None,
            score_b: None,
            winner: None,
        },
        completed_at: None,
        station: None,
        called_at: None,
        started_at: None,
        claim,
        ..semi_final(0, 0, Winner::A)
    };
    // The semi-final called to its table, and then begun.
    let called = MatchObject {
        station: Some("Table 4".to_owned()),
        called_at: Some(timestamp::format_ms(now.saturating_sub(HOUR_MS / 30))),
        ..ready(None)
    };
    let started = MatchObject {
        started_at: Some(timestamp::format_ms(now)),
        called_at: Some(timestamp::format_ms(now.saturating_sub(HOUR_MS / 20))),
        ..called.clone()
    };
    let statement = |participant: i64, name: &str, (a, b), at| StatementObject {
        participant_id: ParticipantId::from_raw(participant),
        name: name.to_owned(),
        score_a: Some(a),
        score_b: Some(b),
        forfeit: None,
        at: timestamp::format_ms(at),
    };
    let kira_says = statement(9011, "Kira Novak", (2, 1), now.saturating_sub(HOUR_MS / 6));
    match event_type {
        EventType::TournamentStatusChanged => Event::TournamentStatusChanged(StatusChangedData {
            tournament: tournament(TournamentStatus::RegistrationClosed),
            previous_status: TournamentStatus::RegistrationOpen,
        }),
        EventType::RegistrationCreated => Event::RegistrationCreated(RegistrationData {
            tournament: tournament(TournamentStatus::RegistrationOpen),
            registration: RegistrationObject {
                created_at: timestamp::format_ms(now),
                ..registration(ParticipantStatus::Active, None)
            },
        }),
        EventType::RegistrationWithdrawn => Event::RegistrationWithdrawn(RegistrationData {
            tournament: tournament(TournamentStatus::RegistrationOpen),
            registration: registration(ParticipantStatus::Withdrawn, Some(now)),
        }),
        EventType::RegistrationCheckedIn => Event::RegistrationCheckedIn(RegistrationData {
            tournament: tournament(TournamentStatus::RegistrationOpen),
            registration: RegistrationObject {
                checked_in_at: Some(timestamp::format_ms(now)),
                ..registration(ParticipantStatus::Active, None)
            },
        }),
        EventType::RegistrationPromoted => Event::RegistrationPromoted(RegistrationData {
            tournament: tournament(TournamentStatus::RegistrationOpen),
            registration: registration(ParticipantStatus::Active, None),
        }),
        EventType::RegistrationNotAdmitted => Event::RegistrationNotAdmitted(RegistrationData {
            tournament: tournament(TournamentStatus::InProgress),
            registration: registration(ParticipantStatus::NotAdmitted, None),
        }),
        EventType::MatchReady => Event::MatchReady(MatchData {
            tournament: tournament(TournamentStatus::InProgress),
            game: ready(None),
        }),
        EventType::MatchCalled => Event::MatchCalled(MatchData {
            tournament: tournament(TournamentStatus::InProgress),
            game: called,
        }),
        EventType::MatchStarted => Event::MatchStarted(MatchData {
            tournament: tournament(TournamentStatus::InProgress),
            game: started,
        }),
        EventType::MatchReported => Event::MatchReported(MatchReportedData {
            tournament: tournament(TournamentStatus::InProgress),
            game: ready(Some(ClaimState::Pending)),
            report: statement(9011, "Kira Novak", (2, 1), now),
            confirm_by: timestamp::format_ms(now + HOUR_MS / 4),
        }),
        EventType::MatchDisputed => Event::MatchDisputed(MatchDisputedData {
            tournament: tournament(TournamentStatus::InProgress),
            game: ready(Some(ClaimState::Disputed)),
            report: kira_says,
            dispute: statement(9014, "Jonas Berg", (1, 2), now),
        }),
        // The organiser reseeded the playoff: Kira's semi-final is now against Lena, so her
        // claim against Jonas is set aside.
        EventType::MatchReportClosed => Event::MatchReportClosed(MatchReportClosedData {
            tournament: tournament(TournamentStatus::InProgress),
            game: MatchObject {
                sides: Sides::Two {
                    a_id: Some(kira),
                    a_name: Some("Kira Novak".to_owned()),
                    b_id: Some(ParticipantId::from_raw(9016)),
                    b_name: Some("Lena Ortiz".to_owned()),
                    score_a: None,
                    score_b: None,
                    winner: None,
                },
                ..ready(None)
            },
            report: kira_says,
            dispute: None,
            reason: ClaimEnd::SidesChanged,
        }),
        EventType::MatchCompleted => Event::MatchCompleted(MatchData {
            tournament: tournament(TournamentStatus::InProgress),
            game: semi_final(2, 1, Winner::A),
        }),
        EventType::MatchCorrected => Event::MatchCorrected(MatchCorrectedData {
            tournament: tournament(TournamentStatus::InProgress),
            game: semi_final(1, 2, Winner::B),
            previous: PreviousResult {
                score_a: Some(2),
                score_b: Some(1),
                winner: Some(Winner::A),
            },
            // The final, whose side a was the old winner: it waits for the new one again.
            reset_match_ids: vec![MatchId::from_raw(9107)],
        }),
        EventType::Ping => Event::Ping(PingData {
            space: SpaceRef {
                id: space.id,
                slug: space.slug.to_owned(),
            },
            message: format!("Example ping event for {hook}, sent by tourney hooks test"),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_type_has_an_example_of_that_type() {
        let base_url = BaseUrl::parse("https://cup.example.org").unwrap();
        let space = ExampleSpace {
            id: SpaceId::from_raw(2),
            slug: "club",
            locale: Locale::Ru,
        };
        for &event_type in EventType::ALL {
            let event = example(
                event_type,
                space,
                HookId::from_raw(3),
                &base_url,
                1_764_612_000_000,
            );
            assert_eq!(event.event_type(), event_type);
            let body = event
                .example_envelope(crate::ids::EventId::from_raw(7), 1_764_612_000_000)
                .unwrap();
            assert!(body.ends_with(r#","example":true}"#), "{body}");
            if event_type != EventType::Ping {
                assert!(
                    body.contains("https://cup.example.org/ru/tournaments/example-spring-open"),
                    "{body}"
                );
            }
        }
    }
}
