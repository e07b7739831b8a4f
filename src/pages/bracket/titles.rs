//! The heading of every round ("Semi-finals", "Losers round 3", "Round 2"), and from it what an
//! awaited side waits for ("Winner of semi-finals, match 2"). One source for both, so a side
//! names a round exactly as its heading reads.
//!
//! Pure text: never decides what is drawn where (`bracket`) or how a side looks (`sides`).

use std::collections::{BTreeSet, HashMap};

use crate::db::stages::StageRow;
use crate::domain::{Bracket, Locale, StageType};
use crate::events::MatchObject;
use crate::pages::i18n::T;
use crate::views::public::Feed;

/// A round: its stage, bracket and number.
type RoundKey = (i64, Option<Bracket>, i64);

/// Every round's heading and number of matches, for the stages of one tournament.
pub(super) struct RoundTitles {
    locale: Locale,
    titles: HashMap<RoundKey, String>,
    sizes: HashMap<RoundKey, usize>,
}

fn key(m: &MatchObject) -> RoundKey {
    (m.stage, m.bracket, m.round)
}

impl RoundTitles {
    pub(super) fn new(locale: Locale, stages: &[StageRow], matches: &[MatchObject]) -> Self {
        let mut sizes: HashMap<RoundKey, usize> = HashMap::new();
        for m in matches {
            *sizes.entry(key(m)).or_default() += 1;
        }
        let mut titles = HashMap::new();
        for stage in stages {
            let rounds = |bracket: Option<Bracket>| -> Vec<i64> {
                let numbers: BTreeSet<i64> = matches
                    .iter()
                    .filter(|m| m.stage == stage.number && m.bracket == bracket)
                    .map(|m| m.round)
                    .collect();
                numbers.into_iter().collect()
            };
            let mut name = |bracket: Option<Bracket>, title: &dyn Fn(usize, usize, i64) -> T| {
                let list = rounds(bracket);
                for (i, n) in list.iter().enumerate() {
                    let text = match title(i, list.len(), *n) {
                        t @ (T::Round | T::WinnersRound | T::LosersRound) => t.with(locale, n),
                        t => t.get(locale).to_owned(),
                    };
                    titles.insert((stage.number, bracket, *n), text);
                }
            };
            match stage.stage_type {
                StageType::SingleElimination => {
                    // A single-elimination stage's main tree is stored without a bracket, or
                    // as the winners' bracket; the third-place match has its own.
                    for bracket in [None, Some(Bracket::Winners)] {
                        name(bracket, &|i, total, _| match total - i {
                            1 => T::Final,
                            2 => T::SemiFinals,
                            3 => T::QuarterFinals,
                            _ => T::Round,
                        });
                    }
                    name(Some(Bracket::ThirdPlace), &|_, _, _| T::ThirdPlace);
                }
                StageType::DoubleElimination => {
                    name(Some(Bracket::Winners), &|i, total, _| {
                        if i + 1 == total {
                            T::WinnersFinal
                        } else {
                            T::WinnersRound
                        }
                    });
                    name(Some(Bracket::Losers), &|i, total, _| {
                        if i + 1 == total {
                            T::LosersFinal
                        } else {
                            T::LosersRound
                        }
                    });
                    name(Some(Bracket::GrandFinal), &|i, _, _| {
                        if i == 0 {
                            T::GrandFinal
                        } else {
                            T::GrandFinalReset
                        }
                    });
                }
                _ => {}
            }
        }
        RoundTitles {
            locale,
            titles,
            sizes,
        }
    }

    /// The heading of the round `m` is in ("Round N" where nothing more specific applies).
    pub(super) fn of(&self, m: &MatchObject) -> String {
        self.titles
            .get(&key(m))
            .cloned()
            .unwrap_or_else(|| T::Round.with(self.locale, m.round))
    }

    /// What a side fed by `feed` waits for: the winner (or loser) of the match `from`, named by
    /// its round and, where the round has more than one, its number in the round.
    pub(super) fn awaited(&self, feed: Feed, from: &MatchObject) -> String {
        let round = lowercase_first(&self.of(from));
        let position = from.position.to_string();
        let several = self.sizes.get(&key(from)).is_some_and(|n| *n > 1);
        let text = match (feed.loser, several) {
            (false, true) => T::WinnerOfMatch,
            (false, false) => T::WinnerOf,
            (true, true) => T::LoserOfMatch,
            (true, false) => T::LoserOf,
        };
        text.fill(self.locale, &[("round", &round), ("match", &position)])
    }
}

/// "Semi-finals" → "semi-finals", for a heading inside a sentence.
fn lowercase_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}
