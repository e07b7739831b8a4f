//! A tournament's stages on its desk page: each stage as planned (its format, who goes on to it,
//! and once drawn its state); before the start, the form that adds a stage after the last (the
//! shell's `stages add`, field for option) and the button that removes the last one; once a stage
//! after the first is drawn and before its first result, its seed order (`stages seed`).
//!
//! Pure: the caller gives the plan; forms carry what the page showed (`seen`).

use std::collections::HashMap;

use super::super::i18n::T;
use super::super::in_space::{InSpace, hidden, input};
use super::super::section::{Block, Cell, Choice, Form, Input, SeedRow, Seeds, Table};
use super::tournament::before_start;
use super::tournament_path;
use crate::db::tournaments::TournamentRow;
use crate::domain::access::Duty;
use crate::domain::engine::{StageSpec, Take};
use crate::domain::{Format, StageStatus};
use crate::ids::ParticipantId;

/// The formats a stage after the first may have (a free-for-all can only be the first; a group
/// stage is a round robin with groups).
pub const STAGE_FORMATS: [Format; 4] = [
    Format::SingleElimination,
    Format::DoubleElimination,
    Format::RoundRobin,
    Format::Swiss,
];

/// One stage as the desk shows it.
#[derive(Debug, Clone)]
pub struct StageLine {
    pub number: u32,
    pub spec: StageSpec,
    /// `None` before the start.
    pub status: Option<StageStatus>,
    /// Its players in their seed order, once drawn.
    pub field: Vec<ParticipantId>,
    /// Drawn, after the first, and without a result yet: its seed order may change.
    pub reseedable: bool,
}

/// The add form's fields as text: as sent, or empty.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StageValues {
    pub format: String,
    pub take: String,
    pub per_group: bool,
    pub name: String,
    pub third_place: bool,
    pub groups: String,
    pub rounds: String,
    pub advance_wins: String,
    pub eliminate_losses: String,
}

/// Everything the stages part of a tournament's page shows.
#[derive(Debug, Clone, Default)]
pub struct StagesView {
    pub stages: Vec<StageLine>,
    /// Players' names, for the seed order forms.
    pub names: HashMap<ParticipantId, String>,
    /// The add form as it was sent, after a refusal.
    pub sent: StageValues,
    /// The add form's field a refusal belongs beside, with what it says.
    pub problem: Option<(&'static str, String)>,
}

/// The stages part of the page: nothing for a tournament of one stage that has started, else
/// the plan and what may change of it now.
pub fn blocks(view: &InSpace<'_>, tournament: &TournamentRow, stages: &StagesView) -> Vec<Block> {
    let t = |text: T| view.t(text);
    let organises = view.may(Duty::Organise);
    let planning = organises && before_start(tournament.status);
    if stages.stages.len() <= 1 && !planning {
        return Vec::new();
    }
    let mut blocks = vec![Block::heading(t(T::StagesTitle))];
    if planning {
        blocks.push(Block::text(t(T::StagesHelp)));
    }
    blocks.push(Block::table(table(view, stages)));
    let count = stages.stages.len();
    if planning {
        blocks.push(Block::form(add_form(view, tournament, stages, count)));
        if let Some(last) = stages.stages.last().filter(|s| s.number > 1) {
            let name = crate::pages::stage_name(view.locale(), &last.spec.name);
            let label = T::StageRemoveLast.fill(
                view.locale(),
                &[("n", &last.number.to_string()), ("name", &name)],
            );
            let action = tournament_path(view, &tournament.slug, "stages/remove");
            blocks.push(Block::form(Form {
                id: "stage-remove".into(),
                danger: true,
                ..view.form(
                    &action,
                    label,
                    vec![hidden("stage-remove", "seen", count.to_string())],
                )
            }));
        }
    }
    if organises {
        for stage in stages.stages.iter().filter(|s| s.reseedable) {
            blocks.push(Block::heading(
                T::StageReseedTitle.with(view.locale(), stage.number),
            ));
            blocks.push(Block::text(t(T::StageReseedHelp)));
            blocks.push(Block {
                seeds: Some(reseed_form(view, tournament, stage, &stages.names)),
                ..Block::default()
            });
        }
    }
    blocks
}

fn table(view: &InSpace<'_>, stages: &StagesView) -> Table {
    let t = |text: T| view.t(text);
    let locale = view.locale();
    Table {
        caption: t(T::StagesTitle).into(),
        quiet_caption: true,
        heads: vec![
            t(T::StageHead).into(),
            t(T::NewFormat).into(),
            t(T::StageTakeHead).into(),
            t(T::Status).into(),
        ],
        rows: stages
            .stages
            .iter()
            .map(|stage| {
                let format = t(T::stage_type(stage.spec.stage_type));
                let format = match (stage.spec.groups, stage.spec.thresholds) {
                    (Some(groups), _) if groups > 1 => {
                        format!("{format}, {}", T::GroupsOf.with(locale, groups))
                    }
                    (_, Some(th)) => format!(
                        "{format}, {}",
                        T::ThresholdsOf.fill(
                            locale,
                            &[
                                ("w", &th.advance_wins.to_string()),
                                ("l", &th.eliminate_losses.to_string())
                            ]
                        )
                    ),
                    _ => format.to_owned(),
                };
                let take = match stage.spec.take {
                    None => t(T::StageFirst).to_owned(),
                    Some(Take::Best(n)) => T::StageTakeBest.with(locale, n),
                    Some(Take::PerGroup(n)) => T::StageTakePerGroup.with(locale, n),
                };
                let state = match stage.status {
                    None => t(T::StagePlanned).to_owned(),
                    Some(StageStatus::Pending) => t(T::StageWaiting).to_owned(),
                    Some(StageStatus::Running) => T::StageInPlay.with(locale, stage.field.len()),
                    Some(StageStatus::Completed) => t(T::StagePlayed).to_owned(),
                };
                vec![
                    Cell::text(format!(
                        "{}. {}",
                        stage.number,
                        crate::pages::stage_name(locale, &stage.spec.name)
                    )),
                    Cell::text(format),
                    Cell::text(take),
                    Cell::text(state),
                ]
            })
            .collect(),
        empty: None,
    }
}

/// The form that adds a stage after the last (`seen`: how many stages the page showed).
fn add_form(
    view: &InSpace<'_>,
    tournament: &TournamentRow,
    stages: &StagesView,
    count: usize,
) -> Form {
    let t = |text: T| view.t(text);
    let id = "stage-add";
    let sent = &stages.sent;
    let field = |name: &str, label: T, kind: &'static str, value: &str| {
        let mut field = input(id, name, t(label), kind);
        field.value = value.into();
        if let Some((_, text)) = stages.problem.as_ref().filter(|(f, _)| *f == name) {
            field.error = Some(text.clone());
        }
        field
    };
    let mut format = field("format", T::NewFormat, "select", "");
    format.select = true;
    format.options = STAGE_FORMATS
        .iter()
        .map(|f| Choice {
            value: f.as_str().into(),
            label: t(T::format(*f)).into(),
            selected: f.as_str() == sent.format,
        })
        .collect();
    let mut take = field("take", T::StageTakeLabel, "number", &sent.take);
    take.required = true;
    take.hint = Some(t(T::StageTakeHint).into());
    let mut per_group = field("per_group", T::StagePerGroupLabel, "checkbox", "yes");
    per_group.checked = sent.per_group;
    let mut third = field("third_place", T::NewThirdPlace, "checkbox", "yes");
    third.checked = sent.third_place;
    let mut name = field("name", T::StageNameLabel, "text", &sent.name);
    name.max_length = 60;
    let fields: Vec<Input> = vec![
        format,
        take,
        per_group,
        name,
        third,
        field("groups", T::NewGroups, "number", &sent.groups),
        field("rounds", T::NewRounds, "number", &sent.rounds),
        field(
            "advance_wins",
            T::StageAdvanceWins,
            "number",
            &sent.advance_wins,
        ),
        field(
            "eliminate_losses",
            T::StageEliminateLosses,
            "number",
            &sent.eliminate_losses,
        ),
        hidden(id, "seen", count.to_string()),
    ];
    let action = tournament_path(view, &tournament.slug, "stages");
    Form {
        id: id.into(),
        ..view.form(&action, t(T::StageAdd), fields)
    }
}

/// A drawn stage's seed order, as the registrations' seed form (typed seeds, moves).
fn reseed_form(
    view: &InSpace<'_>,
    tournament: &TournamentRow,
    stage: &StageLine,
    names: &HashMap<ParticipantId, String>,
) -> Seeds {
    let t = |text: T| view.t(text);
    let action = tournament_path(
        view,
        &tournament.slug,
        &format!("stages/{}/seeds", stage.number),
    );
    let last = stage.field.len();
    Seeds {
        token: (view.sign)(&action),
        action: format!("{}{action}", view.place.base_url),
        submit: t(T::DeskSaveSeeds).into(),
        count: last,
        seen: stage
            .field
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(","),
        key: format!("stage-{}-", stage.number),
        rows: stage
            .field
            .iter()
            .zip(1..)
            .map(|(id, seed)| {
                let name = names.get(id).cloned().unwrap_or_else(|| id.to_string());
                SeedRow {
                    id: id.to_string(),
                    seed,
                    first: seed == 1,
                    last: seed == last,
                    up: t(T::DeskMoveUp).replace("{name}", &name),
                    down: t(T::DeskMoveDown).replace("{name}", &name),
                    name,
                }
            })
            .collect(),
    }
}
