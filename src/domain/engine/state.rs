//! The state the engine works on: one tournament's entrants, stages and matches, in memory.

use super::spec::{StageSpec, Thresholds};
use crate::domain::{Bracket, Format, MatchStatus, Side, StageStatus, StageType, Winner};

/// A participant, as the engine knows it: an id (the database's, or any number in tests).
pub type Pid = i64;

/// A participant in the field, with the seed the tournament gave it at the start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entrant {
    pub id: Pid,
    pub seed: u32,
}

/// What a tournament is played with, besides its format.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Settings {
    /// single_elimination: a match for third place between the semi-final losers.
    pub third_place: bool,
    /// groups_playoffs: number of groups, and how many of each reach the playoff.
    pub group_count: Option<u32>,
    pub advance_per_group: Option<u32>,
    /// swiss and free_for_all: rounds to play (a default is derived from the field when unset).
    pub rounds: Option<u32>,
    /// free_for_all: points for places 1, 2, 3, ... (a default scale when unset).
    pub points_scale: Option<Vec<u32>>,
    /// swiss: play until each player reaches a win or a loss threshold (instead of `rounds`).
    pub thresholds: Option<Thresholds>,
    /// The stages after the first (and after a groups-then-playoffs' implied playoff).
    pub later_stages: Vec<StageSpec>,
}

/// Where a match's winner or loser goes next: a match (by index in [`State::games`]) and side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Link {
    pub game: usize,
    pub side: Side,
}

/// One participant's place and points in a free-for-all round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placing {
    pub participant: Pid,
    pub place: u32,
    pub points: u32,
}

/// A match. `id` is the database id once stored (`None` for a match the engine just created).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    pub id: Option<i64>,
    pub stage: u32,
    pub bracket: Option<Bracket>,
    pub group: Option<String>,
    pub round: u32,
    pub position: u32,
    pub status: MatchStatus,
    pub a: Option<Pid>,
    pub b: Option<Pid>,
    pub bye: bool,
    pub score_a: Option<u32>,
    pub score_b: Option<u32>,
    pub winner: Option<Winner>,
    pub forfeit: bool,
    pub winner_to: Option<Link>,
    pub loser_to: Option<Link>,
    /// free_for_all rounds only, in place order.
    pub results: Vec<Placing>,
}

impl Game {
    /// A match not played yet, with no sides.
    pub fn new(
        stage: u32,
        bracket: Option<Bracket>,
        group: Option<String>,
        round: u32,
        position: u32,
    ) -> Game {
        Game {
            id: None,
            stage,
            bracket,
            group,
            round,
            position,
            status: MatchStatus::Pending,
            a: None,
            b: None,
            bye: false,
            score_a: None,
            score_b: None,
            winner: None,
            forfeit: false,
            winner_to: None,
            loser_to: None,
            results: Vec::new(),
        }
    }

    pub fn side(&self, side: Side) -> Option<Pid> {
        match side {
            Side::A => self.a,
            Side::B => self.b,
        }
    }

    pub fn set_side(&mut self, side: Side, participant: Option<Pid>) {
        match side {
            Side::A => self.a = participant,
            Side::B => self.b = participant,
        }
    }

    pub fn is_completed(&self) -> bool {
        self.status == MatchStatus::Completed
    }

    /// The winning participant, if the match is decided and not a draw.
    pub fn winner_id(&self) -> Option<Pid> {
        match self.winner? {
            Winner::A => self.a,
            Winner::B => self.b,
            Winner::Draw => None,
        }
    }

    /// The losing participant, if the match is decided and not a draw.
    pub fn loser_id(&self) -> Option<Pid> {
        match self.winner? {
            Winner::A => self.b,
            Winner::B => self.a,
            Winner::Draw => None,
        }
    }

    /// Whether `participant` plays in this match (as a side, or in a free-for-all round).
    pub fn involves(&self, participant: Pid) -> bool {
        self.a == Some(participant)
            || self.b == Some(participant)
            || self.results.iter().any(|r| r.participant == participant)
    }
}

/// A stage as played: its number (from 1), type and status, and the players it was drawn with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stage {
    pub number: u32,
    pub stage_type: StageType,
    pub status: StageStatus,
    /// The stage's players in its seed order (`seed` is the stage's own, from 1); empty until
    /// the stage is drawn. The first stage's field is the tournament's.
    pub field: Vec<Entrant>,
}

impl Stage {
    pub fn has(&self, participant: Pid) -> bool {
        self.field.iter().any(|e| e.id == participant)
    }
}

/// A tournament as the engine sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct State {
    pub format: Format,
    pub settings: Settings,
    /// The field in seed order (seed 1 first); withdrawn participants are not in it.
    pub entrants: Vec<Entrant>,
    pub stages: Vec<Stage>,
    pub games: Vec<Game>,
}

impl State {
    pub fn new(format: Format, settings: Settings) -> State {
        State {
            format,
            settings,
            entrants: Vec::new(),
            stages: Vec::new(),
            games: Vec::new(),
        }
    }

    pub fn seed_of(&self, participant: Pid) -> Option<u32> {
        self.entrants
            .iter()
            .find(|e| e.id == participant)
            .map(|e| e.seed)
    }

    /// Indices of the matches of stage `number`.
    pub fn games_of_stage(&self, number: u32) -> impl Iterator<Item = usize> + '_ {
        self.games
            .iter()
            .enumerate()
            .filter(move |(_, g)| g.stage == number)
            .map(|(i, _)| i)
    }

    pub fn stage(&self, number: u32) -> Option<&Stage> {
        self.stages.iter().find(|s| s.number == number)
    }

    /// The stage being played: the last one that has started.
    pub fn current_stage(&self) -> Option<&Stage> {
        self.stages
            .iter()
            .rev()
            .find(|s| s.status != StageStatus::Pending)
    }

    /// The players of stage `number` (its own seeds), empty when it is not drawn.
    pub fn field_of(&self, number: u32) -> &[Entrant] {
        self.stage(number).map_or(&[], |s| s.field.as_slice())
    }

    /// True when every match of every stage is completed (and there is at least one stage).
    pub fn all_games_completed(&self) -> bool {
        !self.games.is_empty() && self.games.iter().all(Game::is_completed)
    }
}
