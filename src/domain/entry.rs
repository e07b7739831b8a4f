//! How a tournament is entered beyond an open registration: a check-in window before the start
//! and what happens to those who miss it, teams with a roster size, and a waiting list for a full
//! field. Pure: the caller passes the time, and writes what the rules allow.

use std::fmt;

use super::NoShow;
use super::names::{self, InvalidText};
use super::settings::MAX_PARTICIPANTS;

/// The most players a roster may name.
pub const MAX_ROSTER: u32 = 16;

/// The earliest a check-in window may open: a week before the start.
pub const MAX_CHECK_IN_OPENS_MS: i64 = 7 * 24 * 3_600_000;

/// A check-in window, as durations before the start (milliseconds), and the no-show action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CheckIn {
    pub opens_before: i64,
    pub closes_before: i64,
    pub no_show: NoShow,
}

/// Where a check-in window stands at a given time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    NotYet,
    Open,
    Closed,
}

impl CheckIn {
    /// When the window opens, for a tournament starting at `starts_at`.
    pub fn opens_at(&self, starts_at: i64) -> i64 {
        starts_at.saturating_sub(self.opens_before)
    }

    /// When the window closes: its result is applied then.
    pub fn closes_at(&self, starts_at: i64) -> i64 {
        starts_at.saturating_sub(self.closes_before)
    }

    pub fn phase(&self, starts_at: i64, now: i64) -> Phase {
        if now < self.opens_at(starts_at) {
            Phase::NotYet
        } else if now < self.closes_at(starts_at) {
            Phase::Open
        } else {
            Phase::Closed
        }
    }
}

/// The size of a team tournament's rosters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Teams {
    pub min: u32,
    pub max: u32,
    /// A team may register with fewer than `min` players (never with none).
    pub incomplete: bool,
}

impl Teams {
    /// The fewest players a roster may name.
    pub fn fewest(&self) -> u32 {
        if self.incomplete { 1 } else { self.min }
    }

    /// Whether a roster of `players` fits.
    pub fn fits(&self, players: usize) -> bool {
        let players = u32::try_from(players).unwrap_or(u32::MAX);
        (self.fewest()..=self.max).contains(&players)
    }
}

/// How a tournament is entered: each setting `None` when off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Entry {
    pub check_in: Option<CheckIn>,
    pub teams: Option<Teams>,
    /// How many may wait for a place.
    pub waiting_list: Option<u32>,
}

/// A team size as typed: `MIN..MAX` or `N` (the same for both); `None` for anything else. The
/// range itself is judged by [`Entry::check`].
pub fn parse_team_size(text: &str) -> Option<(u32, u32)> {
    let number = |part: &str| part.trim().parse::<u32>().ok();
    match text.split_once("..") {
        Some((min, max)) => Some((number(min)?, number(max)?)),
        None => number(text).map(|n| (n, n)),
    }
}

/// Why entry settings were refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EntryError {
    /// The window must open before it closes, and at most a week before the start.
    CheckInWindow,
    /// Rosters are 1..=MAX_ROSTER players, the minimum no larger than the maximum.
    TeamSize,
    /// A waiting list holds 1..=MAX_PARTICIPANTS.
    WaitingList,
}

impl fmt::Display for EntryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EntryError::CheckInWindow => f.write_str(
                "check-in must open before it closes (both before the start), and at most 7 days before the start",
            ),
            EntryError::TeamSize => write!(
                f,
                "a team size is MIN..MAX players, with 1 <= MIN <= MAX <= {MAX_ROSTER}"
            ),
            EntryError::WaitingList => write!(
                f,
                "a waiting list holds between 1 and {MAX_PARTICIPANTS} (0 turns it off)"
            ),
        }
    }
}

impl std::error::Error for EntryError {}

impl Entry {
    /// Checks the settings in a fixed order.
    pub fn check(&self) -> Result<(), EntryError> {
        if let Some(c) = self.check_in
            && (c.closes_before < 0
                || c.opens_before <= c.closes_before
                || c.opens_before > MAX_CHECK_IN_OPENS_MS)
        {
            return Err(EntryError::CheckInWindow);
        }
        if let Some(t) = self.teams
            && !(t.min >= 1 && t.min <= t.max && t.max <= MAX_ROSTER)
        {
            return Err(EntryError::TeamSize);
        }
        if let Some(n) = self.waiting_list
            && !(1..=MAX_PARTICIPANTS).contains(&n)
        {
            return Err(EntryError::WaitingList);
        }
        Ok(())
    }
}

/// Why a roster was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RosterError {
    /// The tournament takes players, not teams.
    NotATeamTournament,
    /// Fewer players than the tournament needs (or none).
    TooFew {
        fewest: u32,
    },
    TooMany {
        most: u32,
    },
    /// The `position`th player's name (from 1) breaks the name rules.
    Name {
        position: usize,
        error: InvalidText,
    },
    /// Two players of the team share a name.
    Twice {
        name: String,
    },
}

impl fmt::Display for RosterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RosterError::NotATeamTournament => {
                f.write_str("this tournament takes players, not teams: no roster")
            }
            RosterError::TooFew { fewest } => {
                write!(f, "a team needs at least {fewest} player(s)")
            }
            RosterError::TooMany { most } => write!(f, "a team has at most {most} players"),
            RosterError::Name { position, error } => write!(f, "player {position}: {error}"),
            RosterError::Twice { name } => write!(f, "{name} is on the roster twice"),
        }
    }
}

impl std::error::Error for RosterError {}

/// A team's roster as sent (one display name each, blank entries ignored), checked against the
/// tournament's team size: the names trimmed, in their order.
pub fn roster(teams: Option<&Teams>, players: &[String]) -> Result<Vec<String>, RosterError> {
    let sent: Vec<&str> = players
        .iter()
        .map(|p| p.trim())
        .filter(|p| !p.is_empty())
        .collect();
    let Some(teams) = teams else {
        return if sent.is_empty() {
            Ok(Vec::new())
        } else {
            Err(RosterError::NotATeamTournament)
        };
    };
    if sent.len() > teams.max as usize {
        return Err(RosterError::TooMany { most: teams.max });
    }
    if !teams.fits(sent.len()) {
        return Err(RosterError::TooFew {
            fewest: teams.fewest(),
        });
    }
    let mut keys = Vec::with_capacity(sent.len());
    let mut names = Vec::with_capacity(sent.len());
    for (index, player) in sent.iter().enumerate() {
        let name = names::participant_name(player).map_err(|error| RosterError::Name {
            position: index + 1,
            error,
        })?;
        let key = names::name_key(name);
        if keys.contains(&key) {
            return Err(RosterError::Twice {
                name: name.to_owned(),
            });
        }
        keys.push(key);
        names.push(name.to_owned());
    }
    Ok(names)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIN: i64 = 60_000;

    fn players(names: &[&str]) -> Vec<String> {
        names.iter().map(|n| (*n).to_owned()).collect()
    }

    #[test]
    fn a_window_opens_and_closes_before_the_start() {
        let c = CheckIn {
            opens_before: 60 * MIN,
            closes_before: 10 * MIN,
            no_show: NoShow::BottomSeed,
        };
        let start = 1_000 * MIN;
        assert_eq!(c.phase(start, start - 61 * MIN), Phase::NotYet);
        assert_eq!(c.phase(start, start - 60 * MIN), Phase::Open);
        assert_eq!(c.phase(start, start - 10 * MIN - 1), Phase::Open);
        assert_eq!(c.phase(start, start - 10 * MIN), Phase::Closed);
        assert_eq!(c.phase(start, start + MIN), Phase::Closed);
    }

    #[test]
    fn settings_out_of_range_are_refused() {
        let window = |opens_before, closes_before| Entry {
            check_in: Some(CheckIn {
                opens_before,
                closes_before,
                no_show: NoShow::Remove,
            }),
            ..Entry::default()
        };
        assert_eq!(window(60 * MIN, 10 * MIN).check(), Ok(()));
        assert_eq!(window(60 * MIN, 0).check(), Ok(()));
        assert_eq!(
            window(10 * MIN, 10 * MIN).check(),
            Err(EntryError::CheckInWindow)
        );
        assert_eq!(
            window(MAX_CHECK_IN_OPENS_MS + 1, 0).check(),
            Err(EntryError::CheckInWindow)
        );
        let teams = |min, max| Entry {
            teams: Some(Teams {
                min,
                max,
                incomplete: false,
            }),
            ..Entry::default()
        };
        assert_eq!(teams(1, 1).check(), Ok(()));
        assert_eq!(teams(0, 3).check(), Err(EntryError::TeamSize));
        assert_eq!(teams(4, 3).check(), Err(EntryError::TeamSize));
        assert_eq!(teams(1, MAX_ROSTER + 1).check(), Err(EntryError::TeamSize));
        let list = |n| Entry {
            waiting_list: Some(n),
            ..Entry::default()
        };
        assert_eq!(list(0).check(), Err(EntryError::WaitingList));
        assert_eq!(list(MAX_PARTICIPANTS).check(), Ok(()));
    }

    #[test]
    fn rosters_fit_the_team_size() {
        let strict = Teams {
            min: 2,
            max: 3,
            incomplete: false,
        };
        let loose = Teams {
            incomplete: true,
            ..strict
        };
        assert_eq!(
            roster(Some(&strict), &players(&[" Anna ", "", "Boris"])),
            Ok(players(&["Anna", "Boris"]))
        );
        assert_eq!(
            roster(Some(&strict), &players(&["Anna"])),
            Err(RosterError::TooFew { fewest: 2 })
        );
        assert_eq!(
            roster(Some(&loose), &players(&["Anna"])),
            Ok(players(&["Anna"]))
        );
        assert_eq!(
            roster(Some(&loose), &players(&["", " "])),
            Err(RosterError::TooFew { fewest: 1 })
        );
        assert_eq!(
            roster(Some(&strict), &players(&["A", "B", "C", "D"])),
            Err(RosterError::TooMany { most: 3 })
        );
        assert_eq!(
            roster(Some(&strict), &players(&["Anna", "ANNA"])),
            Err(RosterError::Twice {
                name: "ANNA".to_owned()
            })
        );
        assert!(matches!(
            roster(Some(&strict), &players(&["Anna", "B\u{202e}x"])),
            Err(RosterError::Name { position: 2, .. })
        ));
        assert_eq!(roster(None, &players(&["", " "])), Ok(Vec::new()));
        assert_eq!(
            roster(None, &players(&["Anna"])),
            Err(RosterError::NotATeamTournament)
        );
    }
}
