//! A space's tournaments as people read a schedule: those under way now, then upcoming ones
//! (soonest first), then past ones, finished or cancelled (latest first). The calendar widget
//! and the portal's space page both list them so. Pure: no rendering, no storage.

use super::i18n::T;
use crate::db::tournaments::TournamentRow;
use crate::domain::TournamentStatus;

/// The parts of a schedule that have tournaments, each with its heading, in reading order.
pub(super) fn parts(tournaments: &[TournamentRow]) -> Vec<(T, Vec<&TournamentRow>)> {
    let of = |part: Part| -> Vec<&TournamentRow> {
        let mut list: Vec<&TournamentRow> = tournaments
            .iter()
            .filter(|t| Part::of(t.status) == part)
            .collect();
        match part {
            Part::Past => list.sort_by_key(|t| (std::cmp::Reverse(t.starts_at), t.id)),
            Part::Now | Part::Upcoming => list.sort_by_key(|t| (t.starts_at, t.id)),
        }
        list
    };
    [
        (T::Now, of(Part::Now)),
        (T::Upcoming, of(Part::Upcoming)),
        (T::Past, of(Part::Past)),
    ]
    .into_iter()
    .filter(|(_, list)| !list.is_empty())
    .collect()
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    Now,
    Upcoming,
    Past,
}

impl Part {
    fn of(status: TournamentStatus) -> Part {
        match status {
            TournamentStatus::InProgress => Part::Now,
            TournamentStatus::Completed | TournamentStatus::Cancelled => Part::Past,
            TournamentStatus::Draft
            | TournamentStatus::Announced
            | TournamentStatus::RegistrationOpen
            | TournamentStatus::RegistrationClosed => Part::Upcoming,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tournaments_under_way_are_now_not_upcoming() {
        assert_eq!(Part::of(TournamentStatus::InProgress), Part::Now);
        assert_eq!(
            Part::of(TournamentStatus::RegistrationClosed),
            Part::Upcoming
        );
        assert_eq!(Part::of(TournamentStatus::Cancelled), Part::Past);
    }
}
