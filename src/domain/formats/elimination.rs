//! Single and double elimination brackets.
//!
//! Single: rounds 1..=k of a bracket of 2^k slots; seeds beyond the field are byes, which fall to
//! the top seeds; an optional third-place match takes the semi-final losers. Double: the same
//! winners bracket, a losers bracket of 2(k-1) rounds (odd rounds pair losers-bracket survivors,
//! even rounds bring in the losers dropping from the winners bracket, in the order
//! [`super::drop_ins`] gives to delay rematches) and a grand final between the two bracket
//! winners. The grand-final reset match is not built here: the engine adds it only when the
//! losers-bracket side wins the first grand final.
//!
//! Builders only lay out matches and links for a new draw; a bracket already drawn keeps the links
//! stored with it.

use super::drop_ins::Wiring;
use super::seeding::{bracket_order, bracket_size};
use crate::domain::engine::{Entrant, Game, Link};
use crate::domain::{Bracket, MatchStatus, Side};

/// Side `a` for odd positions, `b` for even: where match `position` of a round feeds the next.
fn feed_side(position: usize) -> Side {
    if position % 2 == 1 { Side::A } else { Side::B }
}

/// Rounds, match positions and first-round sides of a winners bracket, appended to `games`.
/// Returns the index of every match, by round (0-based) then position (0-based).
fn winners_bracket(
    games: &mut Vec<Game>,
    stage: u32,
    bracket: Option<Bracket>,
    field: &[Entrant],
) -> Vec<Vec<usize>> {
    let size = bracket_size(field.len());
    let order = bracket_order(size);
    let mut rounds: Vec<Vec<usize>> = Vec::new();
    let mut matches_in_round = size / 2;
    let mut round = 1;
    while matches_in_round >= 1 {
        let mut indices = Vec::with_capacity(matches_in_round);
        for position in 1..=matches_in_round {
            let mut game = Game::new(stage, bracket, None, round, position as u32);
            if round == 1 {
                let seat = |seed: usize| field.get(seed - 1).map(|e| e.id);
                game.a = seat(order[2 * position - 2]);
                game.b = seat(order[2 * position - 1]);
            }
            indices.push(games.len());
            games.push(game);
        }
        rounds.push(indices);
        matches_in_round /= 2;
        round += 1;
    }
    for pair in rounds.windows(2) {
        let (this, next) = (&pair[0], &pair[1]);
        for (p, &index) in this.iter().enumerate() {
            games[index].winner_to = Some(Link {
                game: next[p / 2],
                side: feed_side(p + 1),
            });
        }
    }
    rounds
}

/// A single-elimination bracket for `field` (in seed order).
pub fn single(stage: u32, field: &[Entrant], third_place: bool) -> Vec<Game> {
    let mut games = Vec::new();
    let rounds = winners_bracket(&mut games, stage, None, field);
    let k = rounds.len();
    if third_place && k >= 2 {
        let bronze = games.len();
        games.push(Game::new(
            stage,
            Some(Bracket::ThirdPlace),
            None,
            k as u32,
            1,
        ));
        for (p, &semi) in rounds[k - 2].iter().enumerate() {
            games[semi].loser_to = Some(Link {
                game: bronze,
                side: feed_side(p + 1),
            });
        }
    }
    mark_ready(&mut games);
    games
}

/// A double-elimination bracket for `field` (in seed order), without the reset match, wired with
/// tourney's drop-in orders.
pub fn double(stage: u32, field: &[Entrant]) -> Vec<Game> {
    double_wired(stage, field, &Wiring::Tourney)
}

/// A double-elimination bracket wired with `wiring`'s drop-in orders (a peer's, to compare).
pub fn double_wired(stage: u32, field: &[Entrant], wiring: &Wiring) -> Vec<Game> {
    let mut games = Vec::new();
    let winners = winners_bracket(&mut games, stage, Some(Bracket::Winners), field);
    let k = winners.len();

    // Losers bracket: rounds 1..=2(k-1); round 2j-1 and 2j each have size / 2^(j+1) matches.
    let mut losers: Vec<Vec<usize>> = Vec::new();
    for round in 1..=2 * (k.saturating_sub(1)) {
        let j = round.div_ceil(2);
        let count = (1usize << k) >> (j + 1);
        let indices = (1..=count)
            .map(|position| {
                games.push(Game::new(
                    stage,
                    Some(Bracket::Losers),
                    None,
                    round as u32,
                    position as u32,
                ));
                games.len() - 1
            })
            .collect();
        losers.push(indices);
    }
    let grand_final = games.len();
    games.push(Game::new(stage, Some(Bracket::GrandFinal), None, 1, 1));

    // The winners bracket's champion goes to the grand final.
    games[winners[k - 1][0]].winner_to = Some(Link {
        game: grand_final,
        side: Side::A,
    });
    if k == 1 {
        // Two players: the loser of the only match is the losers bracket's champion.
        games[winners[0][0]].loser_to = Some(Link {
            game: grand_final,
            side: Side::B,
        });
        mark_ready(&mut games);
        return games;
    }
    // Winners-bracket round 1 losers pair up in losers round 1.
    for (p, &index) in winners[0].iter().enumerate() {
        games[index].loser_to = Some(Link {
            game: losers[0][p / 2],
            side: feed_side(p + 1),
        });
    }
    for (r, round) in losers.iter().enumerate() {
        let number = r + 1;
        for (p, &index) in round.iter().enumerate() {
            games[index].winner_to = Some(if number == losers.len() {
                Link {
                    game: grand_final,
                    side: Side::B,
                }
            } else if number % 2 == 1 {
                // Odd rounds feed the next round's side a, position for position.
                Link {
                    game: losers[r + 1][p],
                    side: Side::A,
                }
            } else {
                Link {
                    game: losers[r + 1][p / 2],
                    side: feed_side(p + 1),
                }
            });
        }
        if number % 2 == 0 {
            // Even round 2j takes the losers of winners round j+1, in the wiring's order.
            let dropping = &winners[number / 2];
            let order = wiring.drop_in(field.len(), number / 2 + 1);
            for (p, &index) in dropping.iter().enumerate() {
                games[index].loser_to = round.get(order.target(p)).map(|&target| Link {
                    game: target,
                    side: Side::B,
                });
            }
        }
    }
    mark_ready(&mut games);
    games
}

/// Matches whose two sides are already known are ready to play.
fn mark_ready(games: &mut [Game]) {
    for game in games {
        if game.a.is_some() && game.b.is_some() {
            game.status = MatchStatus::Ready;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(n: usize) -> Vec<Entrant> {
        (1..=n)
            .map(|seed| Entrant {
                id: 100 + seed as i64,
                seed: seed as u32,
            })
            .collect()
    }

    #[test]
    fn single_elimination_of_eight() {
        let games = single(1, &field(8), false);
        assert_eq!(games.len(), 7);
        let first: Vec<_> = games[..4].iter().map(|g| (g.a, g.b)).collect();
        assert_eq!(
            first,
            [
                (Some(101), Some(108)),
                (Some(104), Some(105)),
                (Some(102), Some(107)),
                (Some(103), Some(106))
            ]
        );
        assert_eq!(
            games[0].winner_to,
            Some(Link {
                game: 4,
                side: Side::A
            })
        );
        assert_eq!(
            games[1].winner_to,
            Some(Link {
                game: 4,
                side: Side::B
            })
        );
        assert_eq!(games[6].winner_to, None, "the final feeds nothing");
    }

    #[test]
    fn byes_fall_to_the_top_seeds() {
        let games = single(1, &field(5), false);
        // 8 slots: 1 v bye, 4 v 5, 2 v bye, 3 v bye.
        let first: Vec<_> = games[..4].iter().map(|g| (g.a, g.b)).collect();
        assert_eq!(
            first,
            [
                (Some(101), None),
                (Some(104), Some(105)),
                (Some(102), None),
                (Some(103), None)
            ]
        );
    }

    #[test]
    fn third_place_takes_the_semi_final_losers() {
        let games = single(1, &field(4), true);
        assert_eq!(games.len(), 4);
        assert_eq!(games[3].bracket, Some(Bracket::ThirdPlace));
        assert_eq!(
            games[0].loser_to,
            Some(Link {
                game: 3,
                side: Side::A
            })
        );
        assert_eq!(
            games[1].loser_to,
            Some(Link {
                game: 3,
                side: Side::B
            })
        );
    }

    #[test]
    fn double_elimination_of_eight_is_wired_like_the_textbook() {
        let games = double(1, &field(8));
        let count = |bracket| games.iter().filter(|g| g.bracket == Some(bracket)).count();
        assert_eq!(
            (
                count(Bracket::Winners),
                count(Bracket::Losers),
                count(Bracket::GrandFinal)
            ),
            (7, 6, 1)
        );
        let at = |bracket, round, position| {
            games
                .iter()
                .position(|g| {
                    g.bracket == Some(bracket) && g.round == round && g.position == position
                })
                .unwrap()
        };
        // Winners round 1 losers: matches 1 and 2 meet in losers round 1 match 1.
        assert_eq!(
            games[at(Bracket::Winners, 1, 2)].loser_to,
            Some(Link {
                game: at(Bracket::Losers, 1, 1),
                side: Side::B
            })
        );
        // Winners round 2 losers drop into losers round 2 in reverse.
        assert_eq!(
            games[at(Bracket::Winners, 2, 1)].loser_to,
            Some(Link {
                game: at(Bracket::Losers, 2, 2),
                side: Side::B
            })
        );
        assert_eq!(
            games[at(Bracket::Losers, 1, 2)].winner_to,
            Some(Link {
                game: at(Bracket::Losers, 2, 2),
                side: Side::A
            })
        );
        // The winners final's loser plays the losers final.
        assert_eq!(
            games[at(Bracket::Winners, 3, 1)].loser_to,
            Some(Link {
                game: at(Bracket::Losers, 4, 1),
                side: Side::B
            })
        );
        assert_eq!(
            games[at(Bracket::Losers, 4, 1)].winner_to,
            Some(Link {
                game: at(Bracket::GrandFinal, 1, 1),
                side: Side::B
            })
        );
        assert_eq!(
            games[at(Bracket::Winners, 3, 1)].winner_to,
            Some(Link {
                game: at(Bracket::GrandFinal, 1, 1),
                side: Side::A
            })
        );
    }

    #[test]
    fn double_elimination_of_two_sends_the_loser_to_the_grand_final() {
        let games = double(1, &field(2));
        assert_eq!(games.len(), 2);
        assert_eq!(
            games[0].loser_to,
            Some(Link {
                game: 1,
                side: Side::B
            })
        );
    }
}
