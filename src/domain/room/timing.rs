//! The room's times a tournament keeps (DESIGN §20): how long a match is expected to last before
//! any is played, the least rest between a player's matches, and how long a called match may
//! wait for its players before the desk is told. Checked here, once, for every caller.

/// The room's times, in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timing {
    pub match_duration: i64,
    pub rest: i64,
    pub no_show_after: i64,
}

const SECOND: i64 = 1_000;
const DAY: i64 = 86_400_000;

impl Default for Timing {
    /// 20 minutes a match, no rest, a call flagged after 5 minutes.
    fn default() -> Timing {
        Timing {
            match_duration: 20 * 60 * SECOND,
            rest: 0,
            no_show_after: 5 * 60 * SECOND,
        }
    }
}

/// A time out of its range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TimingError {
    #[error("a match's expected length must be from 1 second to 1 day")]
    MatchDuration,
    #[error("the rest between a player's matches must be at most 1 day")]
    Rest,
    #[error("the wait before a called match is flagged must be from 1 second to 1 day")]
    NoShowAfter,
}

impl Timing {
    pub fn check(&self) -> Result<(), TimingError> {
        if !(SECOND..=DAY).contains(&self.match_duration) {
            return Err(TimingError::MatchDuration);
        }
        if !(0..=DAY).contains(&self.rest) {
            return Err(TimingError::Rest);
        }
        if !(SECOND..=DAY).contains(&self.no_show_after) {
            return Err(TimingError::NoShowAfter);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_are_a_second_to_a_day_and_rest_may_be_none() {
        assert_eq!(Timing::default().check(), Ok(()));
        let t = Timing::default();
        let with = |f: fn(&mut Timing)| {
            let mut t = t;
            f(&mut t);
            t.check()
        };
        assert_eq!(
            with(|t| t.match_duration = 999),
            Err(TimingError::MatchDuration)
        );
        assert_eq!(
            with(|t| t.match_duration = DAY + 1),
            Err(TimingError::MatchDuration)
        );
        assert_eq!(with(|t| t.rest = -1), Err(TimingError::Rest));
        assert_eq!(with(|t| t.rest = DAY), Ok(()));
        assert_eq!(with(|t| t.no_show_after = 0), Err(TimingError::NoShowAfter));
        assert_eq!(with(|t| t.no_show_after = SECOND), Ok(()));
    }
}
