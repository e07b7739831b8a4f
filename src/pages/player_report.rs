//! A player's ready matches on their private page, in a tournament whose players report: each
//! with the form its turn allows (claim a result; confirm or dispute the opponent's; or what
//! is awaited), the opponent named, results read from the player's side (their score first).
//!
//! Pure: the caller passes the matches, the open claims and the time; nothing here decides
//! who may act (the service does, again, when a form is sent).

use serde::Serialize;

use super::i18n::{self, T};
use crate::domain::self_report::{OpenClaim, Said, Turn, Whose, turn};
use crate::domain::{ClaimEnd, Locale, MatchStatus};
use crate::domain::{Side, self_report::Stated};
use crate::events::{MatchObject, Sides};
use crate::ids::{ClaimId, MatchId, ParticipantId};
use crate::timestamp;

/// What the page needs to offer a player their reports.
pub struct ToReport<'a> {
    pub participant: ParticipantId,
    pub games: &'a [MatchObject],
    /// The tournament's open claims.
    pub claims: &'a [(MatchId, ClaimId, OpenClaim)],
    pub now: i64,
    /// The private page's address; the forms post below it.
    pub action: &'a str,
    /// The tokens of the claim and the answer forms.
    pub tokens: (&'a str, &'a str),
    /// Claims of the player's, or against them, that a change set aside while their match is
    /// still to be played (the newest first).
    pub set_aside: &'a [SetAside],
    /// Each match's heading as pages name it (`pages::match_titles`).
    pub titles: &'a std::collections::HashMap<MatchId, String>,
}

/// A match's heading: its round's title, after its stage's name when there are several.
fn title(to: &ToReport<'_>, game: &MatchObject, locale: Locale) -> String {
    to.titles
        .get(&game.id)
        .cloned()
        .unwrap_or_else(|| T::Round.with(locale, game.round))
}

/// A claim made by or against the player that ended without its result standing, as their page
/// tells them.
#[derive(Debug, Clone)]
pub struct SetAside {
    /// The match's heading ("Playoff: Semi-finals"); `None` when it is no longer in the bracket.
    pub round: Option<String>,
    /// The player's side in the claim, and whether they made it.
    pub side: Side,
    pub by_player: bool,
    /// The other side of the claim, by name.
    pub other: String,
    pub stated: Stated,
    pub reason: ClaimEnd,
}

/// One ready match of the player's.
#[derive(Serialize)]
pub struct ReportBlock {
    heading: String,
    text: String,
    /// ISO 8601 of the end of the answer window; `live.js` shows the minutes left.
    until: Option<String>,
    left: &'static str,
    confirm: Option<AnswerForm>,
    /// The claim form, or the dispute form (with the player's own result).
    result: Option<ResultForm>,
}

#[derive(Serialize)]
struct AnswerForm {
    action: String,
    token: String,
    match_id: String,
    claim_id: String,
    submit: &'static str,
}

#[derive(Serialize)]
struct ResultForm {
    action: String,
    token: String,
    match_id: String,
    /// Present on the dispute form: the claim disputed.
    claim_id: Option<String>,
    answer: Option<&'static str>,
    /// Makes the fields' ids unique on the page.
    key: String,
    legend: String,
    mine_label: &'static str,
    theirs_label: String,
    forfeit_label: &'static str,
    forfeit_none: &'static str,
    forfeit_mine: &'static str,
    forfeit_theirs: String,
    submit: &'static str,
    danger: bool,
}

/// The player's claims set aside (said first), then their ready matches between two known sides,
/// each with what they may do now.
pub fn blocks(locale: Locale, to: &ToReport<'_>) -> Vec<ReportBlock> {
    let set_aside = to.set_aside.iter().map(|aside| {
        let result = said(locale, aside.stated, aside.side, &aside.other);
        let why = match aside.reason {
            ClaimEnd::SidesChanged => T::SetAsideSidesChanged,
            ClaimEnd::MatchRemoved => T::SetAsideRemoved,
            ClaimEnd::ReportsOff => T::SetAsideReportsOff,
        };
        let round = match &aside.round {
            Some(round) => round.clone(),
            None => T::RemovedMatch.get(locale).to_owned(),
        };
        let text = match aside.by_player {
            true => T::SetAsideYours.fill(
                locale,
                &[("round", &round), ("n", &aside.other), ("result", &result)],
            ),
            false => T::SetAsideTheirs.fill(
                locale,
                &[("round", &round), ("n", &aside.other), ("result", &result)],
            ),
        };
        ReportBlock {
            heading: T::SetAsideHeading.get(locale).to_owned(),
            text: format!("{text} {}", why.get(locale)),
            until: None,
            left: T::TimeLeft.get(locale),
            confirm: None,
            result: None,
        }
    });
    let ready = to
        .games
        .iter()
        .filter(|g| g.status == MatchStatus::Ready && !g.bye)
        .filter_map(|game| {
            let Sides::Two {
                a_id: Some(a),
                a_name,
                b_id: Some(b),
                b_name,
                ..
            } = &game.sides
            else {
                return None;
            };
            let (side, opponent) = if *a == to.participant {
                (Side::A, b_name.clone())
            } else if *b == to.participant {
                (Side::B, a_name.clone())
            } else {
                return None;
            };
            let opponent = opponent.unwrap_or_else(|| T::ToBeDecided.get(locale).to_owned());
            let claim = to
                .claims
                .iter()
                .find(|(id, _, _)| *id == game.id)
                .map(|(_, claim_id, open)| (*claim_id, *open));
            Some(block(locale, to, game, side, &opponent, claim))
        });
    set_aside.chain(ready).collect()
}

fn block(
    locale: Locale,
    to: &ToReport<'_>,
    game: &MatchObject,
    side: Side,
    opponent: &str,
    claim: Option<(ClaimId, OpenClaim)>,
) -> ReportBlock {
    let heading = T::ReportAgainst.fill(
        locale,
        &[("round", &title(to, game, locale)), ("n", opponent)],
    );
    let at = |ms| i18n::date_time(locale, ms);
    let result_form = |claim_id: Option<ClaimId>| {
        let disputing = claim_id.is_some();
        ResultForm {
            action: format!(
                "{}/{}",
                to.action,
                if disputing { "answer" } else { "report" }
            ),
            token: if disputing { to.tokens.1 } else { to.tokens.0 }.to_owned(),
            match_id: game.id.to_string(),
            claim_id: claim_id.map(|id| id.to_string()),
            answer: disputing.then_some("dispute"),
            key: format!(
                "{}-{}",
                if disputing { "dispute" } else { "claim" },
                game.id
            ),
            legend: if disputing {
                T::DisputeLegend.get(locale).to_owned()
            } else {
                T::ReportLegend.with(locale, opponent)
            },
            mine_label: T::YourScore.get(locale),
            theirs_label: T::TheirScore.with(locale, opponent),
            forfeit_label: T::ForfeitLabel.get(locale),
            forfeit_none: T::ForfeitNone.get(locale),
            forfeit_mine: T::ForfeitMine.get(locale),
            forfeit_theirs: T::ForfeitTheirs.with(locale, opponent),
            submit: if disputing {
                T::DisputeSubmit.get(locale)
            } else {
                T::ReportSubmit.get(locale)
            },
            danger: disputing,
        }
    };
    let mut answer_until = None;
    let (text, confirm, result) = match (turn(side, claim.map(|c| c.1).as_ref(), to.now), claim) {
        (Turn::Claim, _) | (_, None) => (
            T::ReportIntro.with(locale, opponent),
            None,
            Some(result_form(None)),
        ),
        (Turn::Waiting { due_at }, Some((_, open))) if open.by == side => {
            answer_until = Some(due_at);
            (
                T::ReportWaiting.fill(
                    locale,
                    &[
                        ("result", &said(locale, open.stated, side, opponent)),
                        ("n", opponent),
                        ("at", &at(due_at)),
                    ],
                ),
                None,
                None,
            )
        }
        (Turn::Waiting { .. }, Some((_, open))) => (
            T::ReportStands.with(locale, said(locale, open.stated, side, opponent)),
            None,
            None,
        ),
        (Turn::Answer { due_at }, Some((claim_id, open))) => {
            answer_until = Some(due_at);
            (
                T::ReportToAnswer.fill(
                    locale,
                    &[
                        ("n", opponent),
                        ("result", &said(locale, open.stated, side, opponent)),
                        ("at", &at(due_at)),
                    ],
                ),
                Some(AnswerForm {
                    action: format!("{}/answer", to.action),
                    token: to.tokens.1.to_owned(),
                    match_id: game.id.to_string(),
                    claim_id: claim_id.to_string(),
                    submit: T::ConfirmSubmit.get(locale),
                }),
                Some(result_form(Some(claim_id))),
            )
        }
        (Turn::Disputed, Some((_, open))) => {
            let theirs = open.stated;
            let mine = open.disputed.unwrap_or(theirs);
            let (mine, theirs) = if open.by == side {
                (theirs, mine)
            } else {
                (mine, theirs)
            };
            (
                T::ReportDisputed.fill(
                    locale,
                    &[
                        ("n", opponent),
                        ("theirs", &said(locale, theirs, side, opponent)),
                        ("mine", &said(locale, mine, side, opponent)),
                    ],
                ),
                None,
                None,
            )
        }
    };
    ReportBlock {
        heading,
        text,
        until: answer_until.map(timestamp::format_ms),
        left: T::TimeLeft.get(locale),
        confirm,
        result,
    }
}

/// A result as the player on `side` reads it: "you 2–1 Boris", "Boris forfeited".
fn said(locale: Locale, stated: Stated, side: Side, opponent: &str) -> String {
    let Said { score, forfeit } = stated.for_side(side);
    let score = score.map(|(mine, theirs)| {
        T::ScoreFromYourSide.fill(
            locale,
            &[
                ("mine", &mine.to_string()),
                ("theirs", &theirs.to_string()),
                ("n", opponent),
            ],
        )
    });
    let forfeit = forfeit.map(|whose| match whose {
        Whose::Mine => T::YouForfeited.get(locale).to_owned(),
        Whose::Theirs => T::TheyForfeited.with(locale, opponent),
    });
    match (score, forfeit) {
        (Some(s), Some(f)) => format!("{s}, {f}"),
        (Some(s), None) => s,
        (None, Some(f)) => f,
        (None, None) => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static NO_TITLES: std::sync::LazyLock<std::collections::HashMap<MatchId, String>> =
        std::sync::LazyLock::new(std::collections::HashMap::new);

    fn ready(id: i64, a: i64, b: i64) -> MatchObject {
        MatchObject {
            id: MatchId::from_raw(id),
            stage: 1,
            bracket: None,
            group: None,
            round: 1,
            position: 1,
            status: MatchStatus::Ready,
            sides: Sides::Two {
                a_id: Some(ParticipantId::from_raw(a)),
                a_name: Some("Alice".into()),
                b_id: Some(ParticipantId::from_raw(b)),
                b_name: Some("Boris".into()),
                score_a: None,
                score_b: None,
                winner: None,
            },
            forfeit: false,
            bye: false,
            scheduled_at: None,
            completed_at: None,
            station: None,
            called_at: None,
            started_at: None,
            not_before: None,
            claim: None,
        }
    }

    fn to_report<'a>(
        participant: i64,
        games: &'a [MatchObject],
        claims: &'a [(MatchId, ClaimId, OpenClaim)],
    ) -> ToReport<'a> {
        ToReport {
            participant: ParticipantId::from_raw(participant),
            games,
            claims,
            now: 0,
            action: "/en/withdraw/s",
            tokens: ("claim-token", "answer-token"),
            set_aside: &[],
            titles: &NO_TITLES,
        }
    }

    #[test]
    fn each_side_reads_the_claim_from_its_own_side() {
        let games = [ready(5, 1, 2)];
        let nobody = to_report(1, &games, &[]);
        let first = blocks(Locale::En, &nobody);
        assert_eq!(first.len(), 1);
        assert_eq!(first[0].heading, "Round 1: against Boris");
        assert!(
            first[0]
                .result
                .as_ref()
                .is_some_and(|f| f.action.ends_with("/report"))
        );

        let claim = OpenClaim {
            by: Side::A,
            stated: Stated {
                score: Some((2, 1)),
                forfeit: None,
            },
            due_at: 60_000,
            disputed: None,
        };
        let claims = [(MatchId::from_raw(5), ClaimId::from_raw(9), claim)];
        let alice = blocks(Locale::En, &to_report(1, &games, &claims));
        assert!(
            alice[0].text.starts_with("You reported: you 2, Boris 1."),
            "{}",
            alice[0].text
        );
        assert!(alice[0].result.is_none() && alice[0].confirm.is_none());
        let boris = blocks(Locale::En, &to_report(2, &games, &claims));
        assert!(
            boris[0].text.starts_with("Alice reported: you 1, Alice 2."),
            "{}",
            boris[0].text
        );
        assert!(
            boris[0]
                .confirm
                .as_ref()
                .is_some_and(|f| f.claim_id == "clm_9")
        );
        assert_eq!(boris[0].until.as_deref(), Some("1970-01-01T00:01:00.000Z"));
        let stranger = blocks(Locale::En, &to_report(3, &games, &claims));
        assert!(stranger.is_empty(), "only the match's two players see it");
    }
}
