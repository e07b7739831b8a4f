//! Checks that span fields of an import document: unique slugs, names, seeds and keys, references
//! between matches and participants, settings that fit the format, results that fit the status.
//!
//! Pure: the database is not consulted here (the loader checks what already exists).

use std::collections::{HashMap, HashSet};

use super::ImportError;
use super::document::{Document, MatchDoc, ParticipantDoc, StageDoc, TournamentDoc};
use crate::domain::{Format, MatchStatus, ParticipantStatus, StageType, Winner};

/// The most participants a tournament may hold.
pub const MAX_PARTICIPANTS: u32 = 4096;

pub fn check(document: &Document) -> Result<(), ImportError> {
    let mut space_slugs = HashSet::new();
    let mut tournament_slugs = HashSet::new();
    for (i, space) in document.spaces.iter().enumerate() {
        let path = format!("$.spaces[{i}]");
        if !space_slugs.insert(space.slug.as_str()) {
            return Err(ImportError::at(
                format!("{path}.slug"),
                format!("space '{}' appears twice in the document", space.slug),
            ));
        }
        for (j, tournament) in space.tournaments.iter().enumerate() {
            let path = format!("{path}.tournaments[{j}]");
            if !tournament_slugs.insert(tournament.slug.as_str()) {
                return Err(ImportError::at(
                    format!("{path}.slug"),
                    format!(
                        "tournament '{}' appears twice in the document",
                        tournament.slug
                    ),
                ));
            }
            check_tournament(&path, tournament)?;
        }
    }
    Ok(())
}

fn check_tournament(path: &str, t: &TournamentDoc) -> Result<(), ImportError> {
    let field = |name: &str| format!("{path}.{name}");
    if !(2..=MAX_PARTICIPANTS).contains(&t.max_participants) {
        return Err(ImportError::at(
            field("max_participants"),
            format!("must be between 2 and {MAX_PARTICIPANTS}"),
        ));
    }
    if t.ends_at.is_some_and(|end| end < t.starts_at) {
        return Err(ImportError::at(
            field("ends_at"),
            "must not be before starts_at",
        ));
    }
    if let (Some(opens), Some(closes)) = (t.registration_opens_at, t.registration_closes_at)
        && closes < opens
    {
        return Err(ImportError::at(
            field("registration_closes_at"),
            "must not be before registration_opens_at",
        ));
    }
    check_settings(path, t)?;
    let names = check_participants(path, t)?;
    check_stages(path, t, &names)
}

/// Each format's own settings, and no other format's.
fn check_settings(path: &str, t: &TournamentDoc) -> Result<(), ImportError> {
    let only_for = |name: &str, format: Format, present: bool| {
        if present && t.format != format {
            Err(ImportError::at(
                format!("{path}.{name}"),
                format!("applies only to the {format} format, not {}", t.format),
            ))
        } else {
            Ok(())
        }
    };
    only_for("third_place", Format::SingleElimination, t.third_place)?;
    only_for(
        "group_count",
        Format::GroupsPlayoffs,
        t.group_count.is_some(),
    )?;
    only_for(
        "advance_per_group",
        Format::GroupsPlayoffs,
        t.advance_per_group.is_some(),
    )?;
    if t.rounds.is_some() && !matches!(t.format, Format::Swiss | Format::FreeForAll) {
        return Err(ImportError::at(
            format!("{path}.rounds"),
            format!(
                "applies only to the swiss and free_for_all formats, not {}",
                t.format
            ),
        ));
    }
    only_for("points_scale", Format::FreeForAll, t.points_scale.is_some())?;
    if t.format == Format::GroupsPlayoffs {
        let groups = t.group_count.ok_or_else(|| {
            ImportError::at(
                format!("{path}.group_count"),
                "groups_playoffs needs group_count",
            )
        })?;
        let advance = t.advance_per_group.ok_or_else(|| {
            ImportError::at(
                format!("{path}.advance_per_group"),
                "groups_playoffs needs advance_per_group",
            )
        })?;
        if groups == 0 || advance == 0 {
            return Err(ImportError::at(
                format!("{path}.group_count"),
                "group_count and advance_per_group must be at least 1",
            ));
        }
        if u64::from(groups) * u64::from(advance) < 2 {
            return Err(ImportError::at(
                format!("{path}.advance_per_group"),
                "the playoff needs at least 2 participants",
            ));
        }
    }
    if t.rounds == Some(0) {
        return Err(ImportError::at(
            format!("{path}.rounds"),
            "must be at least 1",
        ));
    }
    if let Some(scale) = &t.points_scale {
        if scale.is_empty() {
            return Err(ImportError::at(
                format!("{path}.points_scale"),
                "must list points for at least first place",
            ));
        }
        if scale.windows(2).any(|pair| pair[1] > pair[0]) {
            return Err(ImportError::at(
                format!("{path}.points_scale"),
                "a lower place must not earn more points",
            ));
        }
    }
    Ok(())
}

/// Returns every participant name, for the matches to refer to.
fn check_participants<'t>(
    path: &str,
    t: &'t TournamentDoc,
) -> Result<HashSet<&'t str>, ImportError> {
    let mut in_field = HashSet::new();
    let mut all = HashSet::new();
    let mut seeds = HashSet::new();
    for (k, p) in t.participants.iter().enumerate() {
        let path = format!("{path}.participants[{k}]");
        check_participant(&path, p)?;
        all.insert(p.name.as_str());
        if p.status != ParticipantStatus::Withdrawn && !in_field.insert(p.name.as_str()) {
            return Err(ImportError::at(
                format!("{path}.name"),
                format!("'{}' is already in this tournament", p.name),
            ));
        }
        if let Some(seed) = p.seed
            && !seeds.insert(seed)
        {
            return Err(ImportError::at(
                format!("{path}.seed"),
                format!("seed {seed} is already taken"),
            ));
        }
    }
    if in_field.len() > t.max_participants as usize {
        return Err(ImportError::at(
            format!("{path}.participants"),
            format!(
                "{} participants are in the field but max_participants is {}",
                in_field.len(),
                t.max_participants
            ),
        ));
    }
    Ok(all)
}

fn check_participant(path: &str, p: &ParticipantDoc) -> Result<(), ImportError> {
    if p.seed == Some(0) {
        return Err(ImportError::at(format!("{path}.seed"), "seeds start at 1"));
    }
    if p.place == Some(0) {
        return Err(ImportError::at(
            format!("{path}.place"),
            "places start at 1",
        ));
    }
    match (p.place, p.place_to) {
        (None, Some(_)) => return Err(ImportError::at(format!("{path}.place_to"), "needs place")),
        (Some(place), Some(to)) if to < place => {
            return Err(ImportError::at(
                format!("{path}.place_to"),
                "must not be less than place",
            ));
        }
        _ => {}
    }
    match (p.status, p.withdrawn_at) {
        (ParticipantStatus::Waiting | ParticipantStatus::NotAdmitted, _) => Err(ImportError::at(
            format!("{path}.status"),
            "an import brings the field as it stands: active, disqualified or withdrawn, not waiting or not admitted",
        )),
        (ParticipantStatus::Withdrawn, None) => Err(ImportError::at(
            format!("{path}.withdrawn_at"),
            "a withdrawn participant needs withdrawn_at",
        )),
        (status, Some(_)) if status != ParticipantStatus::Withdrawn => Err(ImportError::at(
            format!("{path}.withdrawn_at"),
            "only a withdrawn participant has withdrawn_at",
        )),
        _ => Ok(()),
    }
}

/// The stage types a format is played in.
fn stage_types(format: Format) -> &'static [StageType] {
    match format {
        Format::SingleElimination => &[StageType::SingleElimination],
        Format::DoubleElimination => &[StageType::DoubleElimination],
        Format::RoundRobin => &[StageType::RoundRobin],
        Format::Swiss => &[StageType::Swiss],
        Format::GroupsPlayoffs => &[StageType::Groups, StageType::SingleElimination],
        Format::FreeForAll => &[StageType::FreeForAll],
    }
}

fn check_stages(path: &str, t: &TournamentDoc, names: &HashSet<&str>) -> Result<(), ImportError> {
    let mut numbers = HashSet::new();
    let mut keys = HashMap::new();
    for (s, stage) in t.stages.iter().enumerate() {
        let path = format!("{path}.stages[{s}]");
        if stage.number == 0 || !numbers.insert(stage.number) {
            return Err(ImportError::at(
                format!("{path}.number"),
                format!("stage number {} is 0 or used twice", stage.number),
            ));
        }
        let allowed = stage_types(t.format);
        if !allowed.contains(&stage.stage_type) {
            let allowed: Vec<_> = allowed.iter().map(|s| s.as_str()).collect();
            return Err(ImportError::at(
                format!("{path}.type"),
                format!(
                    "a {} tournament has stages of type {}, not {}",
                    t.format,
                    allowed.join(" or "),
                    stage.stage_type
                ),
            ));
        }
        check_matches(&path, s, stage, names, &mut keys)?;
    }
    // Every link must name a match of this tournament.
    for (s, stage) in t.stages.iter().enumerate() {
        for (m, game) in stage.matches.iter().enumerate() {
            for (field, link) in [("winner_to", &game.winner_to), ("loser_to", &game.loser_to)] {
                let Some(link) = link else { continue };
                let path = format!("{path}.stages[{s}].matches[{m}].{field}.match");
                match keys.get(link.match_key.as_str()) {
                    None => {
                        return Err(ImportError::at(
                            path,
                            format!("no match has key '{}'", link.match_key),
                        ));
                    }
                    Some(&target) if target == (s, m) => {
                        return Err(ImportError::at(path, "a match cannot feed itself"));
                    }
                    Some(_) => {}
                }
            }
        }
    }
    Ok(())
}

fn check_matches<'t>(
    path: &str,
    stage_index: usize,
    stage: &'t StageDoc,
    names: &HashSet<&str>,
    keys: &mut HashMap<&'t str, (usize, usize)>,
) -> Result<(), ImportError> {
    let mut places = HashSet::new();
    for (m, game) in stage.matches.iter().enumerate() {
        let path = format!("{path}.matches[{m}]");
        let field = |name: &str| format!("{path}.{name}");
        if game.round == 0 || game.position == 0 {
            return Err(ImportError::at(
                field(if game.round == 0 { "round" } else { "position" }),
                "rounds and positions start at 1",
            ));
        }
        if !places.insert((
            game.bracket,
            game.group.as_deref(),
            game.round,
            game.position,
        )) {
            return Err(ImportError::at(
                field("position"),
                "another match of this stage has the same bracket, group, round and position",
            ));
        }
        if let Some(key) = &game.key
            && keys.insert(key.as_str(), (stage_index, m)).is_some()
        {
            return Err(ImportError::at(
                field("key"),
                format!("key '{key}' is used twice in this tournament"),
            ));
        }
        let elimination = matches!(
            stage.stage_type,
            StageType::SingleElimination | StageType::DoubleElimination
        );
        if game.bracket.is_some() && !elimination {
            return Err(ImportError::at(
                field("bracket"),
                format!("a {} stage has no brackets", stage.stage_type),
            ));
        }
        if game.group.is_some() != (stage.stage_type == StageType::Groups) {
            return Err(ImportError::at(
                field("group"),
                "matches of a groups stage have a group label, and only they do",
            ));
        }
        if stage.stage_type == StageType::FreeForAll {
            check_results(&path, game, names)?;
        } else {
            check_sides(&path, game, names)?;
        }
    }
    Ok(())
}

fn check_sides(path: &str, game: &MatchDoc, names: &HashSet<&str>) -> Result<(), ImportError> {
    let field = |name: &str| format!("{path}.{name}");
    if !game.results.is_empty() {
        return Err(ImportError::at(
            field("results"),
            "only free_for_all rounds have results",
        ));
    }
    for (name, side) in [("a", &game.a), ("b", &game.b)] {
        if let Some(participant) = side
            && !names.contains(participant.as_str())
        {
            return Err(ImportError::at(
                field(name),
                format!("no participant of this tournament is named '{participant}'"),
            ));
        }
    }
    if game.a.is_some() && game.a == game.b {
        return Err(ImportError::at(
            field("b"),
            "a participant cannot play itself",
        ));
    }
    let completed = game.status == MatchStatus::Completed;
    if game.bye {
        let present = match (&game.a, &game.b) {
            (Some(_), None) => Winner::A,
            (None, Some(_)) => Winner::B,
            _ => return Err(ImportError::at(field("bye"), "a bye has exactly one side")),
        };
        if !completed || game.winner != Some(present) {
            return Err(ImportError::at(
                field("winner"),
                "a bye is completed and won by its one side",
            ));
        }
        return Ok(());
    }
    if completed {
        if game.a.is_none() || game.b.is_none() {
            return Err(ImportError::at(
                field(if game.a.is_none() { "a" } else { "b" }),
                "a completed match needs both sides",
            ));
        }
        let Some(winner) = game.winner else {
            return Err(ImportError::at(
                field("winner"),
                "a completed match needs a winner (a, b or draw)",
            ));
        };
        if game.forfeit && game.score_a.is_none() && game.score_b.is_none() {
            return if winner == Winner::Draw {
                Err(ImportError::at(field("winner"), "a forfeit has a winner"))
            } else {
                Ok(())
            };
        }
        let (Some(a), Some(b)) = (game.score_a, game.score_b) else {
            return Err(ImportError::at(
                field(if game.score_a.is_none() {
                    "score_a"
                } else {
                    "score_b"
                }),
                "a completed match needs both scores",
            ));
        };
        let by_score = match a.cmp(&b) {
            std::cmp::Ordering::Greater => Winner::A,
            std::cmp::Ordering::Less => Winner::B,
            std::cmp::Ordering::Equal => Winner::Draw,
        };
        if !game.forfeit && winner != by_score {
            return Err(ImportError::at(
                field("winner"),
                format!("the score {a}-{b} makes the winner {by_score}, not {winner}"),
            ));
        }
        if game.forfeit && winner == Winner::Draw {
            return Err(ImportError::at(field("winner"), "a forfeit has a winner"));
        }
    } else {
        if game.winner.is_some() || game.forfeit || game.completed_at.is_some() {
            return Err(ImportError::at(
                field("winner"),
                "only a completed match has a winner, a forfeit or completed_at",
            ));
        }
        if game.status == MatchStatus::Ready && (game.a.is_none() || game.b.is_none()) {
            return Err(ImportError::at(
                field("status"),
                "a ready match has both sides",
            ));
        }
        if !matches!(game.status, MatchStatus::InProgress)
            && (game.score_a.is_some() || game.score_b.is_some())
        {
            return Err(ImportError::at(
                field("score_a"),
                format!("a {} match has no score", game.status),
            ));
        }
    }
    Ok(())
}

fn check_results(path: &str, game: &MatchDoc, names: &HashSet<&str>) -> Result<(), ImportError> {
    let field = |name: &str| format!("{path}.{name}");
    if game.a.is_some()
        || game.b.is_some()
        || game.bye
        || game.winner.is_some()
        || game.score_a.is_some()
        || game.score_b.is_some()
    {
        return Err(ImportError::at(
            field("results"),
            "a free_for_all round has results instead of sides, scores and a winner",
        ));
    }
    if game.winner_to.is_some() || game.loser_to.is_some() {
        return Err(ImportError::at(
            field("winner_to"),
            "a free_for_all round feeds no other match",
        ));
    }
    let mut seen = HashSet::new();
    for (r, result) in game.results.iter().enumerate() {
        let path = format!("{path}.results[{r}]");
        if !names.contains(result.participant.as_str()) {
            return Err(ImportError::at(
                format!("{path}.participant"),
                format!(
                    "no participant of this tournament is named '{}'",
                    result.participant
                ),
            ));
        }
        if !seen.insert(result.participant.as_str()) {
            return Err(ImportError::at(
                format!("{path}.participant"),
                "listed twice in this round",
            ));
        }
        if result.place == 0 {
            return Err(ImportError::at(
                format!("{path}.place"),
                "places start at 1",
            ));
        }
    }
    if game.status == MatchStatus::Completed && game.results.is_empty() {
        return Err(ImportError::at(
            field("results"),
            "a completed free_for_all round lists its results",
        ));
    }
    Ok(())
}
