//! One match's sides as text: each side's seed, name and score, a bye as "bye", and a side still
//! awaited as what it waits for. Free-for-all rounds list every participant's points instead.
//!
//! Never cuts a name: the stylesheet wraps long ones, so the whole name is always on the page.

use serde::Serialize;

use super::titles::RoundTitles;
use crate::domain::{Locale, Side, Winner};
use crate::events::{MatchObject, Sides};
use crate::ids::{MatchId, ParticipantId};
use crate::pages::i18n::T;
use crate::views::public::BracketData;

#[derive(Serialize)]
pub(super) struct SideView {
    pub class: &'static str,
    pub seed: Option<i64>,
    pub name: String,
    pub score: String,
}

/// What the sides of a match are drawn from: the bracket's data and its rounds' headings.
pub(super) struct SideContext<'a> {
    pub locale: Locale,
    pub data: &'a BracketData,
    pub titles: &'a RoundTitles,
    pub by_id: std::collections::HashMap<MatchId, &'a MatchObject>,
}

impl SideContext<'_> {
    /// The sides of `m`, in order.
    pub(super) fn sides(&self, m: &MatchObject) -> Vec<SideView> {
        match &m.sides {
            Sides::Two {
                a_id,
                a_name,
                b_id,
                b_name,
                score_a,
                score_b,
                ..
            } => vec![
                self.side(m, Side::A, *a_id, a_name, *score_a),
                self.side(m, Side::B, *b_id, b_name, *score_b),
            ],
            Sides::Results { results } => results
                .iter()
                .map(|r| SideView {
                    class: "",
                    seed: self.data.seeds.get(&(m.stage, r.participant_id)).copied(),
                    name: r.name.clone().unwrap_or_default(),
                    score: r.points.to_string(),
                })
                .collect(),
        }
    }

    fn side(
        &self,
        m: &MatchObject,
        me: Side,
        id: Option<ParticipantId>,
        name: &Option<String>,
        score: Option<i64>,
    ) -> SideView {
        let locale = self.locale;
        let Sides::Two { winner, .. } = &m.sides else {
            return SideView {
                class: "tbd",
                seed: None,
                name: String::new(),
                score: String::new(),
            };
        };
        let me_won = |w: &Winner| matches!((w, me), (Winner::A, Side::A) | (Winner::B, Side::B));
        let (class, name) = match name {
            Some(name) => {
                let class = match winner {
                    Some(Winner::Draw) | None => "",
                    Some(w) if me_won(w) => "win",
                    Some(_) => "loss",
                };
                (class, name.clone())
            }
            None if m.bye => ("bye", T::Bye.get(locale).to_owned()),
            None => ("tbd", self.awaited(m, me)),
        };
        let score = match (score, winner) {
            (Some(s), _) => s.to_string(),
            // A bye is no win: the other side already reads "bye".
            (None, Some(_)) if m.bye => String::new(),
            (None, Some(Winner::Draw)) | (None, None) => String::new(),
            (None, Some(w)) if me_won(w) => T::Won.get(locale).to_owned(),
            (None, Some(_)) if m.forfeit => T::Forfeit.get(locale).to_owned(),
            (None, Some(_)) => T::Lost.get(locale).to_owned(),
        };
        SideView {
            class,
            seed: id.and_then(|id| self.data.seeds.get(&(m.stage, id)).copied()),
            name,
            score,
        }
    }

    /// What an empty side waits for: the match that feeds it, else "to be decided".
    fn awaited(&self, m: &MatchObject, side: Side) -> String {
        self.data
            .feeds
            .get(&(m.id, side))
            .and_then(|feed| Some((*feed, *self.by_id.get(&feed.from)?)))
            .map_or_else(
                || T::ToBeDecided.get(self.locale).to_owned(),
                |(feed, from)| self.titles.awaited(feed, from),
            )
    }
}
