//! `tourney stages add|list|remove|seed`: a tournament's stages as the shell plans and reseeds
//! them (the service decides; this only reads arguments and prints).

use std::io::Write;

use super::{Error, ctx, table};
use crate::cli::{AddStage, StagesCommand};
use crate::config::Config;
use crate::db::Db;
use crate::domain::StageType;
use crate::domain::engine::{StageSpec, Take};
use crate::service::stages::{self, NewStage, PlannedStage};

pub async fn run(
    config: &Config,
    db: &Db,
    command: StagesCommand,
    out: &mut impl Write,
) -> Result<(), Error> {
    let ctx = ctx(config);
    match command {
        StagesCommand::Add(args) => {
            let slug = args.slug.clone();
            let added = stages::add(db, &ctx, &slug, &new_stage(args), None).await?;
            writeln!(
                out,
                "added stage {} to {slug}: {}, {}",
                added.number,
                added.spec.name,
                describe(&added.spec)
            )?;
        }
        StagesCommand::List { slug } => list(db, &slug, out).await?,
        StagesCommand::Remove { slug } => {
            let removed = stages::remove_last(db, &ctx, &slug, None).await?;
            writeln!(
                out,
                "removed stage {} of {slug}: {}",
                removed.number, removed.spec.name
            )?;
        }
        StagesCommand::Seed { slug, stage, order } => {
            let done = stages::reseed(db, &ctx, &slug, stage, &order, None).await?;
            writeln!(
                out,
                "reseeded stage {} of {slug}: {} players, its first round drawn again",
                done.stage, done.players
            )?;
        }
    }
    Ok(())
}

fn new_stage(args: AddStage) -> NewStage {
    NewStage {
        format: args.format,
        name: args.name,
        third_place: args.third_place,
        groups: args.groups,
        rounds: args.rounds,
        thresholds: args.thresholds.given(),
        take: if args.per_group {
            Take::PerGroup(args.take)
        } else {
            Take::Best(args.take)
        },
    }
}

async fn list(db: &Db, slug: &str, out: &mut impl Write) -> Result<(), Error> {
    let planned = stages::list(db, slug).await?;
    let rows: Vec<[String; 5]> = planned.iter().map(row).collect();
    table::write(
        out,
        &["STAGE", "NAME", "FORMAT", "FROM THE STAGE BEFORE", "STATUS"],
        &rows,
    )?;
    Ok(())
}

fn row(stage: &PlannedStage) -> [String; 5] {
    let fed = match stage.spec.take {
        None => "the tournament's field".to_owned(),
        Some(Take::Best(n)) => format!("best {n}"),
        Some(Take::PerGroup(m)) => format!("best {m} of each group"),
    };
    let status = match stage.status {
        None => "planned".to_owned(),
        Some(status) if stage.players > 0 => format!("{status}, {} players", stage.players),
        Some(status) => status.to_string(),
    };
    [
        stage.number.to_string(),
        stage.spec.name.clone(),
        describe(&stage.spec),
        fed,
        status,
    ]
}

/// A stage's format and options in a few words: "swiss, through at 3 wins, out at 3 losses".
fn describe(spec: &StageSpec) -> String {
    let mut parts = vec![match spec.stage_type {
        StageType::Groups => format!("round_robin in {} groups", spec.groups.unwrap_or(1)),
        other => other.to_string(),
    }];
    if spec.third_place {
        parts.push("third place".into());
    }
    if let Some(rounds) = spec.rounds {
        parts.push(format!("{rounds} rounds"));
    }
    if let Some(t) = spec.thresholds {
        parts.push(format!(
            "through at {} wins, out at {} losses",
            t.advance_wins, t.eliminate_losses
        ));
    }
    parts.join(", ")
}
