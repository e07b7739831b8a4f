//! Players' own reports: the tournament's setting (organisers only, or a player's claim that the
//! opponent confirms or disputes within a window), a result as one player states it (their
//! score first), and what each of a ready match's two registrants may do with its open claim.
//!
//! Pure: the caller passes the match's sides and the claim as stored, and the time; nothing here
//! reads storage or decides a match (the engine does, once a result stands).

use std::fmt;

use super::{Format, Side};

/// The window an opponent has to answer a claim when none is given: 15 minutes.
pub const DEFAULT_CONFIRM_WITHIN_MS: i64 = 15 * 60_000;

/// The longest window: a week.
pub const MAX_CONFIRM_WITHIN_MS: i64 = 7 * 24 * 3_600_000;

/// Who reports a tournament's results.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SelfReport {
    /// Organisers (and reporters) only: the default.
    #[default]
    Off,
    /// Also the two registrants of a ready match: one claims, the other confirms or disputes;
    /// an unanswered claim is confirmed `within_ms` after it was made.
    Confirm { within_ms: i64 },
}

impl SelfReport {
    /// The setting after a change: `on` turns players' reports on or off, `within_ms` sets the
    /// window (kept, or the default, when not given). A window without reports is refused.
    pub fn changed(
        self,
        on: Option<bool>,
        within_ms: Option<i64>,
    ) -> Result<SelfReport, SelfReportError> {
        match (on.unwrap_or(self.is_on()), within_ms, self) {
            (false, Some(_), _) => Err(SelfReportError::WindowWithoutReports),
            (false, None, _) => Ok(SelfReport::Off),
            (true, Some(within_ms), _) | (true, None, SelfReport::Confirm { within_ms }) => {
                Ok(SelfReport::Confirm { within_ms })
            }
            (true, None, SelfReport::Off) => Ok(SelfReport::Confirm {
                within_ms: DEFAULT_CONFIRM_WITHIN_MS,
            }),
        }
    }

    /// The setting as its column stores it (`NULL`: off; else the window in milliseconds).
    pub fn from_column(within_ms: Option<i64>) -> SelfReport {
        match within_ms {
            Some(within_ms) => SelfReport::Confirm { within_ms },
            None => SelfReport::Off,
        }
    }

    pub fn column(self) -> Option<i64> {
        match self {
            SelfReport::Off => None,
            SelfReport::Confirm { within_ms } => Some(within_ms),
        }
    }

    pub fn is_on(self) -> bool {
        self != SelfReport::Off
    }

    /// Whether a tournament of `format` may be reported by its players this way.
    pub fn check(self, format: Format) -> Result<(), SelfReportError> {
        let SelfReport::Confirm { within_ms } = self else {
            return Ok(());
        };
        if format == Format::FreeForAll {
            return Err(SelfReportError::FreeForAll);
        }
        if !(1_000..=MAX_CONFIRM_WITHIN_MS).contains(&within_ms) {
            return Err(SelfReportError::Window);
        }
        Ok(())
    }
}

/// Why a self-report setting was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SelfReportError {
    /// A free-for-all round has many players and places, not two sides that can confirm each
    /// other: its rounds are reported at the desk.
    FreeForAll,
    /// The window is shorter than a second or longer than a week.
    Window,
    /// A window given while players do not report.
    WindowWithoutReports,
}

impl fmt::Display for SelfReportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SelfReportError::FreeForAll => {
                "players cannot report free-for-all rounds (many players, places): report them at the desk"
            }
            SelfReportError::Window => "the confirmation window must be from 1s to 7d",
            SelfReportError::WindowWithoutReports => {
                "a confirmation window is for players' reports: turn them on (confirm) with it"
            }
        })
    }
}

/// Whose forfeit a player states.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Whose {
    Mine,
    Theirs,
}

/// A result as one player states it: their score first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Said {
    /// `(mine, theirs)`.
    pub score: Option<(u32, u32)>,
    pub forfeit: Option<Whose>,
}

/// A result in the match's terms: side a's score first, the side that forfeited.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stated {
    pub score: Option<(u32, u32)>,
    pub forfeit: Option<Side>,
}

impl Said {
    /// This result as the match records it, said by the player on `side`.
    pub fn on(self, side: Side) -> Stated {
        let score = self.score.map(|(mine, theirs)| match side {
            Side::A => (mine, theirs),
            Side::B => (theirs, mine),
        });
        let forfeit = self.forfeit.map(|whose| match (whose, side) {
            (Whose::Mine, side) => side,
            (Whose::Theirs, side) => other(side),
        });
        Stated { score, forfeit }
    }
}

impl Stated {
    /// This result as the player on `side` reads it: their score first.
    pub fn for_side(self, side: Side) -> Said {
        Said {
            score: self.score.map(|(a, b)| match side {
                Side::A => (a, b),
                Side::B => (b, a),
            }),
            forfeit: self.forfeit.map(|by| {
                if by == side {
                    Whose::Mine
                } else {
                    Whose::Theirs
                }
            }),
        }
    }
}

/// The other side.
pub fn other(side: Side) -> Side {
    match side {
        Side::A => Side::B,
        Side::B => Side::A,
    }
}

/// An open claim as stored: who made it (their side), when it is confirmed unanswered, and the
/// other side's result if they disputed it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpenClaim {
    pub by: Side,
    pub stated: Stated,
    pub due_at: i64,
    pub disputed: Option<Stated>,
}

/// What a registrant on `side` may do about a ready match, given its open claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Turn {
    /// Nobody has claimed: they may.
    Claim,
    /// They claimed; the other side has until `due_at` to answer.
    Waiting { due_at: i64 },
    /// The other side claimed: they may confirm or dispute until `due_at`.
    Answer { due_at: i64 },
    /// Disputed: an organiser decides; nobody may change either claim.
    Disputed,
}

/// The turn of the registrant on `side`, at `now`. A pending claim past its window is about to
/// be confirmed by the sweep: nobody may answer it any more.
pub fn turn(side: Side, claim: Option<&OpenClaim>, now: i64) -> Turn {
    match claim {
        None => Turn::Claim,
        Some(claim) if claim.disputed.is_some() => Turn::Disputed,
        Some(claim) if claim.by == side => Turn::Waiting {
            due_at: claim.due_at,
        },
        Some(claim) if now >= claim.due_at => Turn::Waiting {
            due_at: claim.due_at,
        },
        Some(claim) => Turn::Answer {
            due_at: claim.due_at,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_players_result_reads_back_the_same_from_their_side() {
        let said = Said {
            score: Some((2, 1)),
            forfeit: None,
        };
        assert_eq!(said.on(Side::A).score, Some((2, 1)));
        assert_eq!(said.on(Side::B).score, Some((1, 2)));
        assert_eq!(said.on(Side::B).for_side(Side::B), said);
        let forfeit = Said {
            score: None,
            forfeit: Some(Whose::Theirs),
        };
        assert_eq!(forfeit.on(Side::B).forfeit, Some(Side::A));
        assert_eq!(
            forfeit.on(Side::B).for_side(Side::A).forfeit,
            Some(Whose::Mine)
        );
    }

    #[test]
    fn each_side_has_its_turn() {
        let claim = OpenClaim {
            by: Side::A,
            stated: Stated {
                score: Some((2, 0)),
                forfeit: None,
            },
            due_at: 100,
            disputed: None,
        };
        assert_eq!(turn(Side::A, None, 0), Turn::Claim);
        assert_eq!(
            turn(Side::A, Some(&claim), 0),
            Turn::Waiting { due_at: 100 }
        );
        assert_eq!(
            turn(Side::B, Some(&claim), 99),
            Turn::Answer { due_at: 100 }
        );
        assert_eq!(
            turn(Side::B, Some(&claim), 100),
            Turn::Waiting { due_at: 100 },
            "past the window, the sweep confirms it"
        );
        let disputed = OpenClaim {
            disputed: Some(claim.stated),
            ..claim
        };
        assert_eq!(turn(Side::B, Some(&disputed), 0), Turn::Disputed);
        assert_eq!(turn(Side::A, Some(&disputed), 0), Turn::Disputed);
    }

    #[test]
    fn free_for_all_and_odd_windows_are_refused() {
        let on = SelfReport::Confirm {
            within_ms: DEFAULT_CONFIRM_WITHIN_MS,
        };
        assert_eq!(on.check(Format::SingleElimination), Ok(()));
        assert_eq!(
            on.check(Format::FreeForAll),
            Err(SelfReportError::FreeForAll)
        );
        assert_eq!(
            SelfReport::Confirm { within_ms: 10 }.check(Format::Swiss),
            Err(SelfReportError::Window)
        );
        assert_eq!(SelfReport::Off.check(Format::FreeForAll), Ok(()));
        assert_eq!(SelfReport::Off.changed(Some(true), None), Ok(on));
        assert_eq!(
            on.changed(None, Some(2_000)),
            Ok(SelfReport::Confirm { within_ms: 2_000 })
        );
        assert_eq!(
            SelfReport::Confirm { within_ms: 2_000 }.changed(Some(true), None),
            Ok(SelfReport::Confirm { within_ms: 2_000 }),
            "the window is kept"
        );
        assert_eq!(
            SelfReport::Off.changed(None, Some(2_000)),
            Err(SelfReportError::WindowWithoutReports)
        );
        assert_eq!(on.changed(Some(false), None), Ok(SelfReport::Off));
        assert_eq!(SelfReport::from_column(on.column()), on);
    }
}
