//! Points tables for the round robin, Swiss and groups stages: per participant the games played,
//! won, drawn and lost, the score, the points, and the tiebreakers that order equal points, ranked
//! and positioned. Pure: a function of the entrants and the games handed in.
//!
//! Never does storage, names or I/O: rows carry participant ids only; the caller loads the games,
//! names the participants and shows the table.

use std::collections::{BTreeMap, HashMap, HashSet};

use crate::domain::Winner;
use crate::domain::engine::{Entrant, Game, Pid};

/// One tiebreaker's value in a row; `key` names it (`head_to_head`, `buchholz`, ...).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tiebreaker {
    pub key: &'static str,
    pub value: f64,
}

/// One participant's line in a points table.
#[derive(Debug, Clone, PartialEq)]
pub struct TableRow {
    /// Competition rank (1, 2, 2, 4) over points and every tiebreaker: equal only when all are.
    pub rank: u32,
    /// Display order, unique 1..=n: equal ranks are ordered by seed (lower first), then id.
    pub position: u32,
    pub participant: Pid,
    pub played: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub score_for: u64,
    pub score_against: u64,
    pub score_diff: i64,
    pub points: f64,
    /// In the order they are applied, after points.
    pub tiebreakers: Vec<Tiebreaker>,
}

/// How games turn into points, and which tiebreakers follow them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scoring {
    /// Win 3, draw 1, loss 0; then head-to-head, score difference, score for. Also groups.
    RoundRobin,
    /// Win 1, draw ½, loss 0; then Buchholz, median Buchholz, Sonneborn-Berger.
    Swiss,
    /// A Swiss with win and loss thresholds (no draws): by record (wins, then fewer losses: 3–0
    /// before 3–2), then Swiss's tiebreakers.
    SwissRecord,
}

/// Points are counted in quarters internally: every value a table shows (½ points, half of an
/// opponent's ½ points in Sonneborn-Berger) is a whole number of quarters, so sums and
/// comparisons are exact integers and only the output is a float.
type Quarters = i64;

impl Scoring {
    fn points(self, outcome: Outcome) -> Quarters {
        match (self, outcome) {
            (Scoring::RoundRobin, Outcome::Win) => 12,
            (Scoring::RoundRobin, Outcome::Draw) => 4,
            (Scoring::Swiss | Scoring::SwissRecord, Outcome::Win) => 4,
            (Scoring::Swiss | Scoring::SwissRecord, Outcome::Draw) => 2,
            (_, Outcome::Loss) => 0,
        }
    }

    fn keys(self) -> [&'static str; 3] {
        match self {
            Scoring::RoundRobin => ["head_to_head", "score_diff", "score_for"],
            Scoring::Swiss | Scoring::SwissRecord => {
                ["buchholz", "median_buchholz", "sonneborn_berger"]
            }
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Win,
    Draw,
    Loss,
}

/// A participant's totals while the games are counted.
#[derive(Debug, Default)]
struct Tally {
    played: u32,
    wins: u32,
    draws: u32,
    losses: u32,
    score_for: u64,
    score_against: u64,
    points: Quarters,
    /// Every game against another row of the table (byes and outsiders are not opponents).
    opponents: Vec<(usize, Outcome)>,
}

impl Tally {
    fn record(&mut self, scoring: Scoring, outcome: Outcome, score_for: u64, score_against: u64) {
        self.played = self.played.saturating_add(1);
        match outcome {
            Outcome::Win => self.wins = self.wins.saturating_add(1),
            Outcome::Draw => self.draws = self.draws.saturating_add(1),
            Outcome::Loss => self.losses = self.losses.saturating_add(1),
        }
        self.score_for = self.score_for.saturating_add(score_for);
        self.score_against = self.score_against.saturating_add(score_against);
        self.points = self.points.saturating_add(scoring.points(outcome));
    }
}

/// A game between two rows of the table, kept for head-to-head.
struct Meeting {
    a: usize,
    b: usize,
    outcome_a: Outcome,
    outcome_b: Outcome,
}

/// Rows for `entrants` (every one gets a row, even with 0 played), from the COMPLETED games among
/// `games` (games not completed are ignored). Rows sorted by position.
///
/// A completed game counts when both sides are set and it has a winner (a forfeit is an ordinary
/// win; a missing score is 0), or when it is a bye with exactly one side (a win for that side,
/// 0-0, with no opponent). A side that is not among `entrants` gets no row and is no one's
/// opponent for the tiebreakers; the entrant it played still counts the game.
pub fn table(entrants: &[Entrant], games: &[&Game], scoring: Scoring) -> Vec<TableRow> {
    let field = unique(entrants);
    let index: HashMap<Pid, usize> = field.iter().enumerate().map(|(i, e)| (e.id, i)).collect();
    let mut tallies: Vec<Tally> = field.iter().map(|_| Tally::default()).collect();
    let mut meetings = Vec::new();

    for game in games.iter().filter(|g| g.is_completed()) {
        match (game.a, game.b) {
            (Some(a), Some(b)) if a != b => {
                let Some(winner) = game.winner else { continue };
                let (outcome_a, outcome_b) = match winner {
                    Winner::A => (Outcome::Win, Outcome::Loss),
                    Winner::B => (Outcome::Loss, Outcome::Win),
                    Winner::Draw => (Outcome::Draw, Outcome::Draw),
                };
                let score_a = u64::from(game.score_a.unwrap_or(0));
                let score_b = u64::from(game.score_b.unwrap_or(0));
                let (row_a, row_b) = (index.get(&a).copied(), index.get(&b).copied());
                if let Some(i) = row_a {
                    tallies[i].record(scoring, outcome_a, score_a, score_b);
                }
                if let Some(j) = row_b {
                    tallies[j].record(scoring, outcome_b, score_b, score_a);
                }
                if let (Some(i), Some(j)) = (row_a, row_b) {
                    tallies[i].opponents.push((j, outcome_a));
                    tallies[j].opponents.push((i, outcome_b));
                    meetings.push(Meeting {
                        a: i,
                        b: j,
                        outcome_a,
                        outcome_b,
                    });
                }
            }
            (Some(p), None) | (None, Some(p)) if game.bye => {
                if let Some(&i) = index.get(&p) {
                    tallies[i].record(scoring, Outcome::Win, 0, 0);
                }
            }
            _ => {}
        }
    }

    // The criteria after points, as exact integers (quarters of a point, or raw scores).
    let tiebreaks: Vec<[i128; 3]> = match scoring {
        Scoring::RoundRobin => round_robin_tiebreaks(scoring, &tallies, &meetings),
        Scoring::Swiss | Scoring::SwissRecord => swiss_tiebreaks(&tallies),
    };
    let record = |t: &Tally| match scoring {
        Scoring::SwissRecord => -i128::from(t.losses),
        _ => 0,
    };
    let criteria: Vec<[i128; 5]> = tallies
        .iter()
        .zip(&tiebreaks)
        .map(|(t, tb)| [i128::from(t.points), record(t), tb[0], tb[1], tb[2]])
        .collect();

    let mut order: Vec<usize> = (0..field.len()).collect();
    order.sort_by(|&i, &j| {
        criteria[j]
            .cmp(&criteria[i])
            .then(field[i].seed.cmp(&field[j].seed))
            .then(field[i].id.cmp(&field[j].id))
    });

    let keys = scoring.keys();
    let shown: Vec<[f64; 3]> = match scoring {
        Scoring::RoundRobin => tiebreaks
            .iter()
            .map(|tb| [quarters_to_f64(tb[0]), tb[1] as f64, tb[2] as f64])
            .collect(),
        Scoring::Swiss | Scoring::SwissRecord => {
            tiebreaks.iter().map(|tb| tb.map(quarters_to_f64)).collect()
        }
    };

    let mut rows = Vec::with_capacity(order.len());
    let mut rank = 0u32;
    for (at, &i) in order.iter().enumerate() {
        let position = u32::try_from(at + 1).unwrap_or(u32::MAX);
        if at == 0 || criteria[order[at - 1]] != criteria[i] {
            rank = position;
        }
        let tally = &tallies[i];
        rows.push(TableRow {
            rank,
            position,
            participant: field[i].id,
            played: tally.played,
            wins: tally.wins,
            draws: tally.draws,
            losses: tally.losses,
            score_for: tally.score_for,
            score_against: tally.score_against,
            score_diff: difference(tally.score_for, tally.score_against),
            points: quarters_to_f64(i128::from(tally.points)),
            tiebreakers: keys
                .iter()
                .zip(shown[i])
                .map(|(&key, value)| Tiebreaker { key, value })
                .collect(),
        });
    }
    rows
}

/// One table per group label (games with `group == Some(label)`), groups in label order; entrants
/// of a group = the participants appearing as side a or b in that group's games (in seed order via
/// `entrants`). Scored as a round robin.
///
/// Membership comes from every game of the group, played or not; the table counts only the
/// completed ones. A participant not among `entrants` is in no table.
pub fn group_tables(entrants: &[Entrant], games: &[&Game]) -> Vec<(String, Vec<TableRow>)> {
    let mut groups: BTreeMap<&str, Vec<&Game>> = BTreeMap::new();
    for &game in games {
        if let Some(label) = &game.group {
            groups.entry(label.as_str()).or_default().push(game);
        }
    }
    groups
        .into_iter()
        .map(|(label, group_games)| {
            let mut members: Vec<Entrant> = entrants
                .iter()
                .filter(|e| {
                    group_games
                        .iter()
                        .any(|g| g.a == Some(e.id) || g.b == Some(e.id))
                })
                .copied()
                .collect();
            members.sort_by_key(|e| (e.seed, e.id));
            let rows = table(&members, &group_games, Scoring::RoundRobin);
            (label.to_owned(), rows)
        })
        .collect()
}

/// Round robin, after points: head-to-head (points earned in the games among the participants
/// tied on points: a mini-league of exactly that set), then score difference, then score for.
fn round_robin_tiebreaks(
    scoring: Scoring,
    tallies: &[Tally],
    meetings: &[Meeting],
) -> Vec<[i128; 3]> {
    let mut head_to_head: Vec<Quarters> = vec![0; tallies.len()];
    for m in meetings {
        // Equal points is exactly "in the same tied set"; a participant alone on its points has
        // no such games and keeps 0.
        if tallies[m.a].points == tallies[m.b].points {
            head_to_head[m.a] = head_to_head[m.a].saturating_add(scoring.points(m.outcome_a));
            head_to_head[m.b] = head_to_head[m.b].saturating_add(scoring.points(m.outcome_b));
        }
    }
    tallies
        .iter()
        .zip(head_to_head)
        .map(|(t, h2h)| {
            [
                i128::from(h2h),
                i128::from(difference(t.score_for, t.score_against)),
                i128::from(t.score_for),
            ]
        })
        .collect()
}

/// Swiss, after points: Buchholz (sum of the final points of every opponent faced), median
/// Buchholz (without the highest and the lowest, from 3 opponents on), Sonneborn-Berger (points of
/// the opponents beaten, plus half the points of the opponents drawn).
fn swiss_tiebreaks(tallies: &[Tally]) -> Vec<[i128; 3]> {
    tallies
        .iter()
        .map(|t| {
            let faced: Vec<i128> = t
                .opponents
                .iter()
                .map(|&(o, _)| i128::from(tallies[o].points))
                .collect();
            let buchholz: i128 = faced.iter().sum();
            let median = match (faced.iter().max(), faced.iter().min()) {
                (Some(high), Some(low)) if faced.len() >= 3 => buchholz - high - low,
                _ => buchholz,
            };
            // Swiss points are whole half points (an even number of quarters): halving is exact.
            let sonneborn_berger: i128 = t
                .opponents
                .iter()
                .map(|&(o, outcome)| match outcome {
                    Outcome::Win => i128::from(tallies[o].points),
                    Outcome::Draw => i128::from(tallies[o].points) / 2,
                    Outcome::Loss => 0,
                })
                .sum();
            [buchholz, median, sonneborn_berger]
        })
        .collect()
}

/// The entrants without repeats (the first of an id wins).
fn unique(entrants: &[Entrant]) -> Vec<Entrant> {
    let mut seen = HashSet::new();
    entrants
        .iter()
        .filter(|e| seen.insert(e.id))
        .copied()
        .collect()
}

fn difference(score_for: u64, score_against: u64) -> i64 {
    let diff = i128::from(score_for) - i128::from(score_against);
    i64::try_from(diff).unwrap_or(if diff < 0 { i64::MIN } else { i64::MAX })
}

fn quarters_to_f64(quarters: i128) -> f64 {
    quarters as f64 / 4.0
}

#[cfg(test)]
mod tests {
    use std::cmp::Ordering;

    use super::*;
    use crate::domain::engine::{Settings, State};
    use crate::domain::{Format, MatchStatus};

    const ROUND_ROBIN_KEYS: [&str; 3] = ["head_to_head", "score_diff", "score_for"];
    const SWISS_KEYS: [&str; 3] = ["buchholz", "median_buchholz", "sonneborn_berger"];

    /// A state with the field given as (id, seed) and the games given.
    fn state(format: Format, field: &[(Pid, u32)], games: Vec<Game>) -> State {
        let mut state = State::new(format, Settings::default());
        state.entrants = field
            .iter()
            .map(|&(id, seed)| Entrant { id, seed })
            .collect();
        state.games = games;
        state
    }

    /// A completed game `a` v `b` that ended `score_a`-`score_b`; the winner follows the score.
    fn played(round: u32, a: Pid, b: Pid, score_a: u32, score_b: u32) -> Game {
        let mut game = Game::new(1, None, None, round, 0);
        game.status = MatchStatus::Completed;
        game.a = Some(a);
        game.b = Some(b);
        game.score_a = Some(score_a);
        game.score_b = Some(score_b);
        game.winner = Some(match score_a.cmp(&score_b) {
            Ordering::Greater => Winner::A,
            Ordering::Less => Winner::B,
            Ordering::Equal => Winner::Draw,
        });
        game
    }

    /// A completed forfeit: `winner` (side a) wins, no score was entered.
    fn forfeit(round: u32, winner: Pid, loser: Pid) -> Game {
        let mut game = Game::new(1, None, None, round, 0);
        game.status = MatchStatus::Completed;
        game.a = Some(winner);
        game.b = Some(loser);
        game.winner = Some(Winner::A);
        game.forfeit = true;
        game
    }

    /// A completed bye for `participant` (side a).
    fn bye(round: u32, participant: Pid) -> Game {
        let mut game = Game::new(1, None, None, round, 0);
        game.status = MatchStatus::Completed;
        game.a = Some(participant);
        game.bye = true;
        game.winner = Some(Winner::A);
        game
    }

    /// `game` with another status (its sides, score and winner kept).
    fn with_status(mut game: Game, status: MatchStatus) -> Game {
        game.status = status;
        game
    }

    fn in_group(label: &str, mut game: Game) -> Game {
        game.group = Some(label.to_owned());
        game
    }

    fn compute(state: &State, scoring: Scoring) -> Vec<TableRow> {
        let games: Vec<&Game> = state.games.iter().collect();
        table(&state.entrants, &games, scoring)
    }

    /// (rank, position, participant, [played, wins, draws, losses], [for, against], diff, points,
    /// tiebreaker values), after checking the tiebreaker keys.
    type Line = (u32, u32, Pid, [u32; 4], [u64; 2], i64, f64, [f64; 3]);

    fn lines(rows: &[TableRow], keys: [&str; 3]) -> Vec<Line> {
        rows.iter()
            .map(|r| {
                let got_keys: Vec<&str> = r.tiebreakers.iter().map(|t| t.key).collect();
                assert_eq!(got_keys, keys, "keys of {}", r.participant);
                let values: Vec<f64> = r.tiebreakers.iter().map(|t| t.value).collect();
                let values = [values[0], values[1], values[2]];
                let counts = [r.played, r.wins, r.draws, r.losses];
                let score = [r.score_for, r.score_against];
                (
                    r.rank,
                    r.position,
                    r.participant,
                    counts,
                    score,
                    r.score_diff,
                    r.points,
                    values,
                )
            })
            .collect()
    }

    #[test]
    fn round_robin_head_to_head_separates_two_players_tied_on_points() {
        // 1 v 2 2-1 (1 wins), 1 v 3 0-1 (3), 1 v 4 3-0 (1), 2 v 3 2-0 (2), 2 v 4 0-1 (4),
        // 3 v 4 0-6 (4).
        // 1: W L W = 3+0+3 = 6 pts; for 2+0+3 = 5, against 1+1+0 = 2, diff +3.
        // 4: L W W = 0+3+3 = 6 pts; for 0+1+6 = 7, against 3+0+0 = 3, diff +4.
        // 2: L W L = 3 pts;          for 1+2+0 = 3, against 2+0+1 = 3, diff 0.
        // 3: W L L = 3 pts;          for 1+0+0 = 1, against 0+2+6 = 8, diff -7.
        // Tied {1, 4}: 1 beat 4, so head-to-head 1 = 3, 4 = 0: 1 is first although 4 has the
        // better difference. Tied {2, 3}: 2 beat 3, head-to-head 3 against 0.
        let state = state(
            Format::RoundRobin,
            &[(1, 1), (2, 2), (3, 3), (4, 4)],
            vec![
                played(1, 1, 2, 2, 1),
                played(1, 3, 4, 0, 6),
                played(2, 1, 3, 0, 1),
                played(2, 2, 4, 0, 1),
                played(3, 1, 4, 3, 0),
                played(3, 2, 3, 2, 0),
            ],
        );
        assert_eq!(
            lines(&compute(&state, Scoring::RoundRobin), ROUND_ROBIN_KEYS),
            vec![
                (1, 1, 1, [3, 2, 0, 1], [5, 2], 3, 6.0, [3.0, 3.0, 5.0]),
                (2, 2, 4, [3, 2, 0, 1], [7, 3], 4, 6.0, [0.0, 4.0, 7.0]),
                (3, 3, 2, [3, 1, 0, 2], [3, 3], 0, 3.0, [3.0, 0.0, 3.0]),
                (4, 4, 3, [3, 1, 0, 2], [1, 8], -7, 3.0, [0.0, -7.0, 1.0]),
            ]
        );
    }

    #[test]
    fn round_robin_three_way_tie_is_resolved_by_the_mini_league() {
        // Five players A=1, B=2, C=3, D=4, E=5, everyone plays everyone:
        //   A v B 1-0, B v C 1-0, A v C 0-0, A v D 0-1, A v E 0-1,
        //   B v D 2-2, B v E 0-1, C v D 5-0, C v E 0-1, D v E 2-1.
        // E: W W W L = 9 pts; for 1+1+1+1 = 4, against 0+0+0+2 = 2, diff +2.
        // D: W D L W = 3+1+0+3 = 7 pts; for 1+2+0+2 = 5, against 0+2+5+1 = 8, diff -3.
        // A: W D L L = 4 pts; for 1+0+0+0 = 1, against 0+0+1+1 = 2, diff -1.
        // B: L W D L = 4 pts; for 0+1+2+0 = 3, against 1+0+2+1 = 4, diff -1.
        // C: D L W L = 4 pts; for 0+0+5+0 = 5, against 0+1+0+1 = 2, diff +3.
        // Mini-league of {A, B, C} (their games against D and E do not count):
        //   A: beat B 3 + drew C 1 = 4; B: lost to A 0 + beat C 3 = 3; C: drew A 1 + lost to B 0 = 1.
        // So A, B, C in that order, although C has the best difference of the three.
        // E and D are alone on their points: head-to-head 0.
        let state = state(
            Format::RoundRobin,
            &[(1, 1), (2, 2), (3, 3), (4, 4), (5, 5)],
            vec![
                played(1, 1, 2, 1, 0),
                played(1, 2, 3, 1, 0),
                played(2, 1, 3, 0, 0),
                played(2, 1, 4, 0, 1),
                played(3, 1, 5, 0, 1),
                played(3, 2, 4, 2, 2),
                played(4, 2, 5, 0, 1),
                played(4, 3, 4, 5, 0),
                played(5, 3, 5, 0, 1),
                played(5, 4, 5, 2, 1),
            ],
        );
        assert_eq!(
            lines(&compute(&state, Scoring::RoundRobin), ROUND_ROBIN_KEYS),
            vec![
                (1, 1, 5, [4, 3, 0, 1], [4, 2], 2, 9.0, [0.0, 2.0, 4.0]),
                (2, 2, 4, [4, 2, 1, 1], [5, 8], -3, 7.0, [0.0, -3.0, 5.0]),
                (3, 3, 1, [4, 1, 1, 2], [1, 2], -1, 4.0, [4.0, -1.0, 1.0]),
                (4, 4, 2, [4, 1, 1, 2], [3, 4], -1, 4.0, [3.0, -1.0, 3.0]),
                (5, 5, 3, [4, 1, 1, 2], [5, 2], 3, 4.0, [1.0, 3.0, 5.0]),
            ]
        );
    }

    #[test]
    fn round_robin_tie_resolved_by_score_difference() {
        // 1 v 2 1-1, 1 v 3 2-0, 2 v 3 4-3. Player 2 is seed 1, player 1 seed 2.
        // 1: D W = 4 pts; for 1+2 = 3, against 1+0 = 1, diff +2.
        // 2: D W = 4 pts; for 1+4 = 5, against 1+3 = 4, diff +1.
        // 3: L L = 0 pts; for 0+3 = 3, against 2+4 = 6, diff -3.
        // {1, 2} drew: head-to-head 1 each. Difference +2 > +1 puts 1 first, against the better
        // seed and the higher score for of 2.
        let state = state(
            Format::RoundRobin,
            &[(2, 1), (1, 2), (3, 3)],
            vec![
                played(1, 1, 2, 1, 1),
                played(2, 1, 3, 2, 0),
                played(3, 2, 3, 4, 3),
            ],
        );
        assert_eq!(
            lines(&compute(&state, Scoring::RoundRobin), ROUND_ROBIN_KEYS),
            vec![
                (1, 1, 1, [2, 1, 1, 0], [3, 1], 2, 4.0, [1.0, 2.0, 3.0]),
                (2, 2, 2, [2, 1, 1, 0], [5, 4], 1, 4.0, [1.0, 1.0, 5.0]),
                (3, 3, 3, [2, 0, 0, 2], [3, 6], -3, 0.0, [0.0, -3.0, 3.0]),
            ]
        );
    }

    #[test]
    fn round_robin_tie_resolved_by_score_for() {
        // 1 v 2 2-2, 1 v 3 3-1, 2 v 3 2-0. Player 2 is seed 1, player 1 seed 2.
        // 1: D W = 4 pts; for 2+3 = 5, against 2+1 = 3, diff +2.
        // 2: D W = 4 pts; for 2+2 = 4, against 2+0 = 2, diff +2.
        // 3: L L = 0 pts; for 1+0 = 1, against 3+2 = 5, diff -4.
        // {1, 2}: head-to-head 1 each (the draw), difference +2 each; score for 5 > 4 puts 1 first.
        let state = state(
            Format::RoundRobin,
            &[(2, 1), (1, 2), (3, 3)],
            vec![
                played(1, 1, 2, 2, 2),
                played(2, 1, 3, 3, 1),
                played(3, 2, 3, 2, 0),
            ],
        );
        assert_eq!(
            lines(&compute(&state, Scoring::RoundRobin), ROUND_ROBIN_KEYS),
            vec![
                (1, 1, 1, [2, 1, 1, 0], [5, 3], 2, 4.0, [1.0, 2.0, 5.0]),
                (2, 2, 2, [2, 1, 1, 0], [4, 2], 2, 4.0, [1.0, 2.0, 4.0]),
                (3, 3, 3, [2, 0, 0, 2], [1, 5], -4, 0.0, [0.0, -4.0, 1.0]),
            ]
        );
    }

    #[test]
    fn round_robin_complete_tie_shares_a_rank_and_positions_follow_seed() {
        // Seeds: 1 -> 1, 3 -> 2, 2 -> 3, 4 -> 4 (so seed order differs from id order for 2 and 3).
        // 1 v 2 1-0, 1 v 3 1-0, 1 v 4 1-0, 2 v 3 1-1, 2 v 4 2-0, 3 v 4 2-0.
        // 1: W W W = 9 pts; for 3, against 0, diff +3.
        // 2: L D W = 4 pts; for 0+1+2 = 3, against 1+1+0 = 2, diff +1; head-to-head (drew 3) 1.
        // 3: L D W = 4 pts; for 0+1+2 = 3, against 1+1+0 = 2, diff +1; head-to-head (drew 2) 1.
        // 4: L L L = 0 pts; for 0, against 1+2+2 = 5, diff -5.
        // 2 and 3 are equal on every criterion: both rank 2, then 4 is rank 4 (1, 2, 2, 4).
        // Positions: 3 (seed 2) before 2 (seed 3).
        let state = state(
            Format::RoundRobin,
            &[(1, 1), (2, 3), (3, 2), (4, 4)],
            vec![
                played(1, 1, 2, 1, 0),
                played(1, 3, 4, 2, 0),
                played(2, 1, 3, 1, 0),
                played(2, 2, 4, 2, 0),
                played(3, 1, 4, 1, 0),
                played(3, 2, 3, 1, 1),
            ],
        );
        assert_eq!(
            lines(&compute(&state, Scoring::RoundRobin), ROUND_ROBIN_KEYS),
            vec![
                (1, 1, 1, [3, 3, 0, 0], [3, 0], 3, 9.0, [0.0, 3.0, 3.0]),
                (2, 2, 3, [3, 1, 1, 1], [3, 2], 1, 4.0, [1.0, 1.0, 3.0]),
                (2, 3, 2, [3, 1, 1, 1], [3, 2], 1, 4.0, [1.0, 1.0, 3.0]),
                (4, 4, 4, [3, 0, 0, 3], [0, 5], -5, 0.0, [0.0, -5.0, 0.0]),
            ]
        );
    }

    #[test]
    fn entrants_without_completed_games_get_zero_rows_and_unfinished_games_are_ignored() {
        // Only 1 v 2 2-0 is completed. The others (in progress with a score and a winner, ready,
        // pending, cancelled with a winner) count for nothing.
        // 1: W = 3 pts, for 2, against 0, diff +2.
        // 2: L = 0 pts, for 0, against 2, diff -2.
        // 3, 4: nothing played: all zeros.
        // {2, 3, 4} tie on 0 points, no completed game among them: head-to-head 0 each; then
        // difference 0 (3 and 4) beats -2 (2): 3 and 4 share rank 2 (positions by seed), 2 is 4th.
        let mut in_progress = played(2, 1, 3, 5, 0);
        in_progress.status = MatchStatus::InProgress;
        let mut ready = Game::new(1, None, None, 2, 1);
        ready.status = MatchStatus::Ready;
        ready.a = Some(2);
        ready.b = Some(4);
        let mut pending = Game::new(1, None, None, 3, 0);
        pending.a = Some(2);
        let cancelled = with_status(played(3, 3, 4, 0, 3), MatchStatus::Cancelled);
        let season = state(
            Format::RoundRobin,
            &[(1, 1), (2, 2), (3, 3), (4, 4)],
            vec![
                played(1, 1, 2, 2, 0),
                in_progress,
                ready,
                pending,
                cancelled,
            ],
        );
        assert_eq!(
            lines(&compute(&season, Scoring::RoundRobin), ROUND_ROBIN_KEYS),
            vec![
                (1, 1, 1, [1, 1, 0, 0], [2, 0], 2, 3.0, [0.0, 2.0, 2.0]),
                (2, 2, 3, [0, 0, 0, 0], [0, 0], 0, 0.0, [0.0, 0.0, 0.0]),
                (2, 3, 4, [0, 0, 0, 0], [0, 0], 0, 0.0, [0.0, 0.0, 0.0]),
                (4, 4, 2, [1, 0, 0, 1], [0, 2], -2, 0.0, [0.0, -2.0, 0.0]),
            ]
        );

        // With no completed game at all every row is zero, everyone rank 1, positions by seed.
        // A Swiss table of 5 (seed 2) and 7 (seed 1) whose only game is not played yet.
        let mut unplayed = Game::new(1, None, None, 1, 0);
        unplayed.status = MatchStatus::Ready;
        unplayed.a = Some(5);
        unplayed.b = Some(7);
        let idle = state(Format::Swiss, &[(5, 2), (7, 1)], vec![unplayed]);
        let rows = compute(&idle, Scoring::Swiss);
        assert_eq!(
            lines(&rows, SWISS_KEYS),
            vec![
                (1, 1, 7, [0, 0, 0, 0], [0, 0], 0, 0.0, [0.0, 0.0, 0.0]),
                (1, 2, 5, [0, 0, 0, 0], [0, 0], 0, 0.0, [0.0, 0.0, 0.0]),
            ]
        );
    }

    #[test]
    fn swiss_three_rounds_with_a_bye_a_draw_and_a_forfeit() {
        // Six entrants, ids = seeds: Y=1, Q=2, P=3, E=4, X=5, F=6. F entered late and missed
        // round 1, so round 1 had five players and E had the bye.
        //   Round 1: P v X 2-1, Q v Y 2-0, E bye.
        //   Round 2: P v Q 1-1 (draw), X v E (X wins by forfeit, no score), Y v F 1-1 (draw).
        //   Round 3: Y v P 2-0, X v Q 2-1, E v F 2-0.
        // Points (win 1, draw 1/2):
        //   X: L W W = 2      E: bye(W) L W = 2    P: W D L = 1.5
        //   Q: W D L = 1.5    Y: L D W = 1.5       F: D L = 0.5      (total 9 = 8 games + bye)
        // Buchholz (opponents' final points; the bye is no opponent):
        //   X: P 1.5 + E 2 + Q 1.5 = 5        E: X 2 + F 0.5 = 2.5
        //   P: X 2 + Q 1.5 + Y 1.5 = 5        Q: Y 1.5 + P 1.5 + X 2 = 5
        //   Y: Q 1.5 + F 0.5 + P 1.5 = 3.5    F: Y 1.5 + E 2 = 3.5
        // Median Buchholz (minus the highest and lowest, with 3 opponents; else = Buchholz):
        //   X: 5 - 2 - 1.5 = 1.5   E: 2.5 (2 opponents)   P: 5 - 2 - 1.5 = 1.5
        //   Q: 5 - 2 - 1.5 = 1.5   Y: 3.5 - 1.5 - 0.5 = 1.5   F: 3.5 (2 opponents)
        // Sonneborn-Berger (beaten opponents' points + half of drawn opponents'):
        //   X: E 2 + Q 1.5 = 3.5   E: F 0.5 (the bye adds nothing)   P: X 2 + Q 1.5/2 = 2.75
        //   Q: Y 1.5 + P 1.5/2 = 2.25   Y: F 0.5/2 + P 1.5 = 1.75   F: Y 1.5/2 = 0.75
        // Order: X before E on Buchholz (5 > 2.5; E has the better seed); P before Q on
        // Sonneborn-Berger (Buchholz and median equal; Q has the better seed); Q before Y on
        // Buchholz (5 > 3.5; Y has the best seed).
        // Scores: X 1-2, 0-0 (forfeit), 2-1 = 3:3   E 0-0 (bye), 0-0, 2-0 = 2:0
        //   P 2-1, 1-1, 0-2 = 3:4   Q 2-0, 1-1, 1-2 = 4:3   Y 0-2, 1-1, 2-0 = 3:3   F 1-1, 0-2 = 1:3
        const Y: Pid = 1;
        const Q: Pid = 2;
        const P: Pid = 3;
        const E: Pid = 4;
        const X: Pid = 5;
        const F: Pid = 6;
        let state = state(
            Format::Swiss,
            &[(Y, 1), (Q, 2), (P, 3), (E, 4), (X, 5), (F, 6)],
            vec![
                played(1, P, X, 2, 1),
                played(1, Q, Y, 2, 0),
                bye(1, E),
                played(2, P, Q, 1, 1),
                forfeit(2, X, E),
                played(2, Y, F, 1, 1),
                played(3, Y, P, 2, 0),
                played(3, X, Q, 2, 1),
                played(3, E, F, 2, 0),
            ],
        );
        assert_eq!(
            lines(&compute(&state, Scoring::Swiss), SWISS_KEYS),
            vec![
                (1, 1, X, [3, 2, 0, 1], [3, 3], 0, 2.0, [5.0, 1.5, 3.5]),
                (2, 2, E, [3, 2, 0, 1], [2, 0], 2, 2.0, [2.5, 2.5, 0.5]),
                (3, 3, P, [3, 1, 1, 1], [3, 4], -1, 1.5, [5.0, 1.5, 2.75]),
                (4, 4, Q, [3, 1, 1, 1], [4, 3], 1, 1.5, [5.0, 1.5, 2.25]),
                (5, 5, Y, [3, 1, 1, 1], [3, 3], 0, 1.5, [3.5, 1.5, 1.75]),
                (6, 6, F, [2, 0, 1, 1], [1, 3], -2, 0.5, [3.5, 3.5, 0.75]),
            ]
        );
    }

    #[test]
    fn group_tables_one_table_per_group_in_label_order() {
        // Group A: 1, 4, 5.  1 v 4 2-0, 1 v 5 1-1, 4 v 5 3-1.
        //   1: W D = 4 pts, for 2+1 = 3, against 0+1 = 1, diff +2.
        //   4: L W = 3 pts, for 0+3 = 3, against 2+1 = 3, diff 0.
        //   5: D L = 1 pt,  for 1+1 = 2, against 1+3 = 4, diff -2.
        // Group B: 2, 3, 6.  2 v 3 0-1, 3 v 6 0-2, 2 v 6 not played yet (2 and 6 still members).
        //   6: W = 3 pts, for 2, against 0, diff +2.
        //   3: W L = 3 pts, for 1+0 = 1, against 0+2 = 2, diff -1.
        //   2: L = 0 pts, for 0, against 1, diff -1.
        //   {3, 6} tie on 3: 6 beat 3, head-to-head 3 against 0: 6 first despite seed 6.
        // The playoff game 1 v 6 (no group) and the unplayed game with outsider 99 count nowhere;
        // entrant 7 is in no group. Group B's games come first in the list: the order is by label.
        let mut unplayed = Game::new(1, None, Some("B".to_owned()), 2, 0);
        unplayed.status = MatchStatus::Ready;
        unplayed.a = Some(2);
        unplayed.b = Some(6);
        let mut outsider = Game::new(1, None, Some("B".to_owned()), 3, 0);
        outsider.a = Some(6);
        outsider.b = Some(99);
        let mut playoff = played(1, 1, 6, 5, 0);
        playoff.stage = 2;
        let state = state(
            Format::GroupsPlayoffs,
            &[(1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6), (7, 7)],
            vec![
                in_group("B", played(1, 2, 3, 0, 1)),
                in_group("B", played(1, 3, 6, 0, 2)),
                unplayed,
                outsider,
                in_group("A", played(1, 1, 4, 2, 0)),
                in_group("A", played(2, 1, 5, 1, 1)),
                in_group("A", played(3, 4, 5, 3, 1)),
                playoff,
            ],
        );
        let games: Vec<&Game> = state.games.iter().collect();
        let tables = group_tables(&state.entrants, &games);
        let labels: Vec<&str> = tables.iter().map(|(label, _)| label.as_str()).collect();
        assert_eq!(labels, ["A", "B"]);
        assert_eq!(
            lines(&tables[0].1, ROUND_ROBIN_KEYS),
            vec![
                (1, 1, 1, [2, 1, 1, 0], [3, 1], 2, 4.0, [0.0, 2.0, 3.0]),
                (2, 2, 4, [2, 1, 0, 1], [3, 3], 0, 3.0, [0.0, 0.0, 3.0]),
                (3, 3, 5, [2, 0, 1, 1], [2, 4], -2, 1.0, [0.0, -2.0, 2.0]),
            ]
        );
        assert_eq!(
            lines(&tables[1].1, ROUND_ROBIN_KEYS),
            vec![
                (1, 1, 6, [1, 1, 0, 0], [2, 0], 2, 3.0, [3.0, 2.0, 2.0]),
                (2, 2, 3, [2, 1, 0, 1], [1, 2], -1, 3.0, [0.0, -1.0, 1.0]),
                (3, 3, 2, [1, 0, 0, 1], [0, 1], -1, 0.0, [0.0, -1.0, 0.0]),
            ]
        );
    }

    #[test]
    fn odd_games_are_ignored_without_panicking() {
        // Entrants: 1 (seed 1), 4 (seed 2), 2 (seed 2, and again with seed 9: counted once), 3.
        // Counted: 1 v 99 3-1 (99 is no entrant: 1 gets W, 3:1; 99 gets no row) and a bye for 3
        // (W, 0:0, 3 pts). Ignored: a bye with no sides, a completed game without a winner, a
        // game of 2 against itself, a one-sided game that is not a bye.
        // 1: 3 pts, diff +2; 3: 3 pts, diff 0 (no game between them: head-to-head 0 each), so 1
        // then 3. 2 and 4: all zeros, rank 3 together, equal seeds: by id, 2 before 4.
        let mut empty_bye = Game::new(1, None, None, 1, 1);
        empty_bye.status = MatchStatus::Completed;
        empty_bye.bye = true;
        let mut undecided = played(1, 2, 3, 4, 0);
        undecided.winner = None;
        let itself = played(2, 2, 2, 1, 0);
        let mut one_sided = Game::new(1, None, None, 2, 1);
        one_sided.status = MatchStatus::Completed;
        one_sided.a = Some(4);
        one_sided.winner = Some(Winner::A);
        let state = state(
            Format::RoundRobin,
            &[(1, 1), (4, 2), (2, 2), (2, 9), (3, 3)],
            vec![
                played(1, 1, 99, 3, 1),
                bye(1, 3),
                empty_bye,
                undecided,
                itself,
                one_sided,
            ],
        );
        assert_eq!(
            lines(&compute(&state, Scoring::RoundRobin), ROUND_ROBIN_KEYS),
            vec![
                (1, 1, 1, [1, 1, 0, 0], [3, 1], 2, 3.0, [0.0, 2.0, 3.0]),
                (2, 2, 3, [1, 1, 0, 0], [0, 0], 0, 3.0, [0.0, 0.0, 0.0]),
                (3, 3, 2, [0, 0, 0, 0], [0, 0], 0, 0.0, [0.0, 0.0, 0.0]),
                (3, 4, 4, [0, 0, 0, 0], [0, 0], 0, 0.0, [0.0, 0.0, 0.0]),
            ]
        );
        // Swiss: the outsider is no opponent, so 1's Buchholz and Sonneborn-Berger stay 0.
        let swiss = compute(&state, Scoring::Swiss);
        assert_eq!(swiss[0].participant, 1);
        assert_eq!(swiss[0].points, 1.0);
        assert_eq!(
            swiss[0].tiebreakers,
            vec![
                Tiebreaker {
                    key: "buchholz",
                    value: 0.0
                },
                Tiebreaker {
                    key: "median_buchholz",
                    value: 0.0
                },
                Tiebreaker {
                    key: "sonneborn_berger",
                    value: 0.0
                },
            ]
        );
        assert!(table(&[], &[], Scoring::RoundRobin).is_empty());
        assert!(group_tables(&[], &[]).is_empty());
    }
}
