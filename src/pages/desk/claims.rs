//! Players' open claims as the match desk shows them (docs/desk.md "Players' reports"): a
//! disputed match first, with both results, then matches with a claim waiting for the other
//! side, then the rest; each claim said beside its match, naming the players it was made
//! between. An organiser's report decides any of them (the service closes the claim).
//!
//! Reads what it is given; decides nothing.

use std::collections::HashMap;

use super::super::in_space::InSpace;
use crate::db::DbError;
use crate::db::claims::ClaimRow;
use crate::domain::Side;
use crate::domain::self_report::{OpenClaim, Stated};
use crate::events::{MatchObject, Sides};
use crate::ids::{MatchId, ParticipantId};
use crate::pages::i18n::{self, T};

/// A tournament's open claims, by match, as the rules read them.
pub struct Claims(HashMap<MatchId, (OpenClaim, [ParticipantId; 2])>);

impl Claims {
    /// A stored claim that does not read is corrupt data: an error, never a claim left out.
    pub fn new(rows: Vec<ClaimRow>) -> Result<Claims, DbError> {
        rows.iter()
            .map(|c| {
                let sides = [c.a_participant_id, c.b_participant_id];
                Ok((c.match_id, (c.open()?, sides)))
            })
            .collect::<Result<_, DbError>>()
            .map(Claims)
    }

    /// Where a ready match goes in the list: disputed first, then claimed, then the rest.
    pub fn rank(&self, game: &MatchObject) -> u8 {
        match self.0.get(&game.id) {
            Some((claim, _)) if claim.disputed.is_some() => 0,
            Some(_) => 1,
            None => 2,
        }
    }

    /// The claim of `game` in the desk's words, if it has one; the players named are those it
    /// was made between (`names`: every player's, by id).
    pub fn note(
        &self,
        game: &MatchObject,
        names: &HashMap<ParticipantId, String>,
        in_space: &InSpace<'_>,
    ) -> Option<String> {
        let (open, sides) = self.0.get(&game.id)?;
        let open = *open;
        if !matches!(game.sides, Sides::Two { .. }) {
            return None;
        }
        let name = |side: Side| {
            let id = match side {
                Side::A => sides[0],
                Side::B => sides[1],
            };
            names.get(&id).cloned().unwrap_or_else(|| id.to_string())
        };
        let locale = in_space.place.locale;
        let result = |stated: Stated| {
            let score = stated.score.map(|(a, b)| format!("{a}–{b}"));
            let forfeit = stated
                .forfeit
                .map(|side| T::DeskForfeitBy.with(locale, name(side)));
            [score, forfeit]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join(", ")
        };
        Some(match open.disputed {
            None => T::DeskClaimPending.fill(
                locale,
                &[
                    ("n", &name(open.by)),
                    ("result", &result(open.stated)),
                    ("at", &i18n::date_time(locale, open.due_at)),
                ],
            ),
            Some(dispute) => {
                let other = crate::domain::self_report::other(open.by);
                T::DeskClaimDisputed.fill(
                    locale,
                    &[
                        ("a", &name(open.by)),
                        ("ra", &result(open.stated)),
                        ("b", &name(other)),
                        ("rb", &result(dispute)),
                    ],
                )
            }
        })
    }
}
