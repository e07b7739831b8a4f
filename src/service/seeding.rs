//! The seed order of a tournament's field before its start: the order the draw uses (seeded
//! players by seed, then everyone else by registration), and an organiser's new order, written
//! as seeds 1, 2, 3, … for the whole field in one transaction.
//!
//! The check-in's no-shows still go to the bottom at the start, whatever their seed: the draw
//! applies that rule, not this module. Never draws, never moves a status.

use super::access::Duty;
use super::audit::{self, Action};
use super::{
    Conflict, Ctx, Field, Invalid, Missing, Rule, ServiceError, find_tournament_for_update,
};
use crate::db::Db;
use crate::db::participants::{self, ParticipantRow};
use crate::domain::names;
use crate::domain::{ParticipantStatus, TournamentStatus};
use crate::ids::ParticipantId;

/// The order the draw would seed `field` in (its active players only): seeded ones by seed,
/// then the rest by registration.
pub fn draw_order(field: &[ParticipantRow]) -> Vec<&ParticipantRow> {
    let mut order: Vec<&ParticipantRow> = field
        .iter()
        .filter(|p| p.status == ParticipantStatus::Active)
        .collect();
    order.sort_by_key(|p| (p.seed.is_none(), p.seed, p.registered_at, p.id));
    order
}

/// A new seed order.
#[derive(Debug, Clone, Copy)]
pub struct Seeding<'a> {
    pub tournament: &'a str,
    /// Players by id (`par_…`) or name, from the first seed down; the players not named keep
    /// their order after them.
    pub order: &'a [&'a str],
    /// The field in the order the caller saw it (a page's players, first seed first); when given
    /// and the field is no longer exactly these players in exactly this order (another
    /// organiser's order was saved since, a player registered or withdrew), nothing changes and
    /// the answer says which.
    pub seen: Option<&'a [ParticipantId]>,
}

/// Sets the seeds of the whole field (1 for the first) and returns the field in its new order.
/// Allowed until the tournament starts.
pub async fn seed(
    db: &Db,
    ctx: &Ctx<'_>,
    seeding: Seeding<'_>,
) -> Result<Vec<ParticipantRow>, ServiceError> {
    let mut tx = db.begin().await?;
    let (tournament, space) =
        find_tournament_for_update(tx.conn(), ctx, seeding.tournament, Duty::Organise).await?;
    if !matches!(
        tournament.status,
        TournamentStatus::Draft
            | TournamentStatus::Announced
            | TournamentStatus::RegistrationOpen
            | TournamentStatus::RegistrationClosed
    ) {
        return Err(Rule::NotSeedable {
            tournament: tournament.slug,
            status: tournament.status,
        }
        .into());
    }
    let field = participants::list(tx.conn(), tournament.id).await?;
    let current = draw_order(&field);
    if let Some(seen) = seeding.seen {
        let now: Vec<ParticipantId> = current.iter().map(|p| p.id).collect();
        if seen != now.as_slice() {
            let (mut seen, mut now) = (seen.to_vec(), now);
            seen.sort_unstable();
            now.sort_unstable();
            return Err(match seen == now {
                true => Conflict::SeedsChanged {
                    tournament: tournament.slug,
                },
                false => Conflict::FieldChanged {
                    tournament: tournament.slug,
                },
            }
            .into());
        }
    }
    let mut named: Vec<ParticipantId> = Vec::with_capacity(seeding.order.len());
    for who in seeding.order {
        let by_id = ParticipantId::parse_prefixed(who);
        let key = names::name_key(who);
        let participant = field
            .iter()
            .filter(|p| p.status != ParticipantStatus::Withdrawn)
            .find(|p| by_id == Some(p.id) || (by_id.is_none() && names::name_key(&p.name) == key))
            .ok_or_else(|| Missing::Registration {
                tournament: tournament.slug.clone(),
                who: (*who).to_owned(),
            })?;
        if participant.status != ParticipantStatus::Active {
            return Err(Rule::WaitsForAPlace {
                tournament: tournament.slug,
                who: participant.name.clone(),
            }
            .into());
        }
        if named.contains(&participant.id) {
            return Err(Invalid::Field {
                field: Field::Seeds,
                reason: format!("'{}' is named twice", participant.name),
            }
            .into());
        }
        named.push(participant.id);
    }
    let rest = current
        .iter()
        .map(|p| p.id)
        .filter(|id| !named.contains(id));
    let order: Vec<ParticipantId> = named.iter().copied().chain(rest).collect();
    for (seed, id) in (1_i64..).zip(&order) {
        participants::set_seed(tx.conn(), *id, seed).await?;
    }
    let by_id = |id: &ParticipantId| field.iter().find(|p| p.id == *id);
    let names: Vec<&str> = order
        .iter()
        .filter_map(by_id)
        .map(|p| p.name.as_str())
        .collect();
    let details = seeds_in_words(&names);
    audit::record(
        &mut tx,
        ctx,
        Some(space.id),
        Action::TournamentSeeded,
        Some(&tournament.id),
        Some(&details),
    )
    .await?;
    tx.commit().await?;
    Ok(order
        .iter()
        .filter_map(by_id)
        .cloned()
        .zip(1_i64..)
        .map(|(p, seed)| ParticipantRow {
            seed: Some(seed),
            ..p
        })
        .collect())
}

/// The audit entry's words: the first eight seeds by name, then how many more.
fn seeds_in_words(names: &[&str]) -> String {
    const SHOWN: usize = 8;
    let mut text = names
        .iter()
        .take(SHOWN)
        .zip(1..)
        .map(|(name, seed)| format!("{seed}. {name}"))
        .collect::<Vec<_>>()
        .join(", ");
    if names.len() > SHOWN {
        text.push_str(&format!(" and {} more", names.len() - SHOWN));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_audit_entry_names_the_first_eight_seeds() {
        assert_eq!(seeds_in_words(&["Anna", "Boris"]), "1. Anna, 2. Boris");
        let many: Vec<String> = (1..=10).map(|n| format!("P{n}")).collect();
        let many: Vec<&str> = many.iter().map(String::as_str).collect();
        assert_eq!(
            seeds_in_words(&many),
            "1. P1, 2. P2, 3. P3, 4. P4, 5. P5, 6. P6, 7. P7, 8. P8 and 2 more"
        );
    }
}
