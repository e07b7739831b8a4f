//! The matching against known cases (van Rantwijk's test graphs, which exercise creating,
//! nesting, relabelling and expanding blossoms) and against exhaustive search on random graphs.

use proptest::prelude::*;

use super::*;

fn mates(edges: &[Edge], max_cardinality: bool) -> Vec<Option<usize>> {
    let found = maximum_weight(edges.to_vec(), max_cardinality);
    assert!(found.certified(), "no certificate for {edges:?}");
    found.mate
}

fn m(list: &[isize]) -> Vec<Option<usize>> {
    list.iter().map(|&v| usize::try_from(v).ok()).collect()
}

#[test]
fn small_cases() {
    assert_eq!(mates(&[], false), m(&[]));
    assert_eq!(mates(&[(0, 1, 1)], false), m(&[1, 0]));
    assert_eq!(mates(&[(1, 2, 10), (2, 3, 11)], false), m(&[-1, -1, 3, 2]));
    assert_eq!(
        mates(&[(1, 2, 5), (2, 3, 11), (3, 4, 5)], false),
        m(&[-1, -1, 3, 2, -1])
    );
    assert_eq!(
        mates(&[(1, 2, 5), (2, 3, 11), (3, 4, 5)], true),
        m(&[-1, 2, 1, 4, 3])
    );
    // Negative weights: left out unless cardinality asks for them.
    assert_eq!(
        mates(
            &[(1, 2, 2), (1, 3, -2), (2, 3, 1), (2, 4, -1), (3, 4, -6)],
            false
        ),
        m(&[-1, 2, 1, -1, -1])
    );
    assert_eq!(
        mates(
            &[(1, 2, 2), (1, 3, -2), (2, 3, 1), (2, 4, -1), (3, 4, -6)],
            true
        ),
        m(&[-1, 3, 4, 1, 2])
    );
}

#[test]
fn blossoms_are_made_nested_relabelled_and_expanded() {
    // S-blossom, then augment.
    assert_eq!(
        mates(&[(1, 2, 8), (1, 3, 9), (2, 3, 10), (3, 4, 7)], false),
        m(&[-1, 2, 1, 4, 3])
    );
    assert_eq!(
        mates(
            &[
                (1, 2, 8),
                (1, 3, 9),
                (2, 3, 10),
                (3, 4, 7),
                (1, 6, 5),
                (4, 5, 6)
            ],
            false
        ),
        m(&[-1, 6, 3, 2, 5, 4, 1])
    );
    // T-blossom, relabelled as S, then augment.
    assert_eq!(
        mates(
            &[
                (1, 2, 9),
                (1, 3, 8),
                (2, 3, 10),
                (1, 4, 5),
                (4, 5, 4),
                (1, 6, 3)
            ],
            false
        ),
        m(&[-1, 6, 3, 2, 5, 4, 1])
    );
    assert_eq!(
        mates(
            &[
                (1, 2, 9),
                (1, 3, 8),
                (2, 3, 10),
                (1, 4, 5),
                (4, 5, 3),
                (1, 6, 4)
            ],
            false
        ),
        m(&[-1, 6, 3, 2, 5, 4, 1])
    );
    assert_eq!(
        mates(
            &[
                (1, 2, 9),
                (1, 3, 8),
                (2, 3, 10),
                (1, 4, 5),
                (4, 5, 3),
                (3, 6, 4)
            ],
            false
        ),
        m(&[-1, 2, 1, 6, 5, 4, 3])
    );
    // Nested S-blossom, then augment.
    assert_eq!(
        mates(
            &[
                (1, 2, 9),
                (1, 3, 9),
                (2, 3, 10),
                (2, 4, 8),
                (3, 5, 8),
                (4, 5, 10),
                (5, 6, 6)
            ],
            false
        ),
        m(&[-1, 3, 4, 1, 2, 6, 5])
    );
    // Nested S-blossom, relabelled as S, then expanded.
    assert_eq!(
        mates(
            &[
                (1, 2, 10),
                (1, 7, 10),
                (2, 3, 12),
                (3, 4, 20),
                (3, 5, 20),
                (4, 5, 25),
                (5, 6, 10),
                (6, 7, 10),
                (7, 8, 8)
            ],
            false
        ),
        m(&[-1, 2, 1, 4, 3, 6, 5, 8, 7])
    );
    // Nested S-blossom, augment, expand recursively.
    assert_eq!(
        mates(
            &[
                (1, 2, 8),
                (1, 3, 8),
                (2, 3, 10),
                (2, 4, 12),
                (3, 5, 12),
                (4, 5, 14),
                (4, 6, 12),
                (5, 7, 12),
                (6, 7, 14),
                (7, 8, 12)
            ],
            false
        ),
        m(&[-1, 2, 1, 5, 6, 3, 4, 8, 7])
    );
    // S-blossom, relabelled as T, expanded.
    assert_eq!(
        mates(
            &[
                (1, 2, 23),
                (1, 5, 22),
                (1, 6, 15),
                (2, 3, 25),
                (3, 4, 22),
                (4, 5, 25),
                (4, 8, 14),
                (5, 7, 13)
            ],
            false
        ),
        m(&[-1, 6, 3, 2, 8, 7, 1, 5, 4])
    );
    // Nested S-blossom, relabelled as T, expanded.
    assert_eq!(
        mates(
            &[
                (1, 2, 19),
                (1, 3, 20),
                (1, 8, 8),
                (2, 3, 25),
                (2, 4, 18),
                (3, 5, 18),
                (4, 5, 13),
                (4, 7, 7),
                (5, 6, 7)
            ],
            false
        ),
        m(&[-1, 8, 3, 2, 7, 6, 5, 4, 1])
    );
    // A blossom with a zero dual, expanded at the end of a stage; then relabelled T.
    assert_eq!(
        mates(
            &[
                (1, 2, 40),
                (1, 3, 40),
                (2, 3, 60),
                (2, 4, 55),
                (3, 5, 55),
                (4, 5, 50),
                (1, 8, 15),
                (5, 7, 30),
                (7, 6, 10),
                (8, 10, 10),
                (4, 9, 30)
            ],
            false
        ),
        m(&[-1, 2, 1, 5, 9, 3, 7, 6, 10, 4, 8])
    );
    // Nested blossom, expanded in a way that once went wrong (van Rantwijk's test 34).
    assert_eq!(
        mates(
            &[
                (1, 2, 40),
                (1, 3, 40),
                (2, 3, 60),
                (2, 4, 55),
                (3, 5, 55),
                (4, 5, 50),
                (1, 8, 15),
                (5, 7, 30),
                (7, 6, 10),
                (8, 10, 10),
                (4, 9, 30)
            ],
            true
        ),
        m(&[-1, 2, 1, 5, 9, 3, 7, 6, 10, 4, 8])
    );
    assert_eq!(
        mates(
            &[
                (1, 2, 45),
                (1, 5, 45),
                (2, 3, 50),
                (3, 4, 45),
                (4, 5, 50),
                (1, 6, 30),
                (3, 9, 35),
                (4, 8, 35),
                (5, 7, 26),
                (9, 10, 5)
            ],
            false
        ),
        m(&[-1, 6, 3, 2, 8, 7, 1, 5, 4, 10, 9])
    );
    assert_eq!(
        mates(
            &[
                (1, 2, 45),
                (1, 5, 45),
                (2, 3, 50),
                (3, 4, 45),
                (4, 5, 50),
                (1, 6, 30),
                (3, 9, 35),
                (4, 8, 26),
                (5, 7, 40),
                (9, 10, 5)
            ],
            false
        ),
        m(&[-1, 6, 3, 2, 8, 7, 1, 5, 4, 10, 9])
    );
    assert_eq!(
        mates(
            &[
                (1, 2, 45),
                (1, 5, 45),
                (2, 3, 50),
                (3, 4, 45),
                (4, 5, 50),
                (1, 6, 30),
                (3, 9, 35),
                (4, 8, 28),
                (5, 7, 26),
                (9, 10, 5)
            ],
            false
        ),
        m(&[-1, 6, 3, 2, 8, 7, 1, 5, 4, 10, 9])
    );
    assert_eq!(
        mates(
            &[
                (1, 2, 45),
                (1, 7, 45),
                (2, 3, 50),
                (3, 4, 45),
                (4, 5, 95),
                (4, 6, 94),
                (5, 6, 94),
                (6, 7, 50),
                (1, 8, 30),
                (3, 11, 35),
                (5, 9, 36),
                (7, 10, 26),
                (11, 12, 5)
            ],
            false
        ),
        m(&[-1, 8, 3, 2, 6, 9, 4, 10, 1, 5, 7, 12, 11])
    );
}

/// The greatest weight of a matching of `edges` on `n` vertices (with the most edges first,
/// when asked), by trying every matching.
fn best_by_search(n: usize, edges: &[Edge], max_cardinality: bool) -> (usize, i128) {
    fn go(v: usize, n: usize, w: &[Vec<Option<i128>>], used: &mut [bool]) -> Vec<(usize, i128)> {
        let Some(v) = (v..n).find(|&v| !used[v]) else {
            return vec![(0, 0)];
        };
        used[v] = true;
        let mut out = go(v + 1, n, w, used);
        for u in v + 1..n {
            if let (false, Some(weight)) = (used[u], w[v][u]) {
                used[u] = true;
                out.extend(
                    go(v + 1, n, w, used)
                        .into_iter()
                        .map(|(c, s)| (c + 1, s + weight)),
                );
                used[u] = false;
            }
        }
        used[v] = false;
        out
    }
    let mut w = vec![vec![None; n]; n];
    for &(i, j, weight) in edges {
        w[i][j] = Some(weight);
        w[j][i] = Some(weight);
    }
    let all = go(0, n, &w, &mut vec![false; n]);
    if max_cardinality {
        all.into_iter().max().unwrap_or((0, 0))
    } else {
        (0, all.into_iter().map(|(_, s)| s).max().unwrap_or(0))
    }
}

proptest! {
    #[test]
    fn as_heavy_as_any_matching(
        n in 2usize..9,
        raw in prop::collection::vec((0usize..9, 0usize..9, -5i128..40), 1..24),
        max_cardinality: bool,
    ) {
        let mut seen = std::collections::HashSet::new();
        let edges: Vec<Edge> = raw
            .into_iter()
            .filter(|&(i, j, _)| i < n && j < n && i != j && seen.insert((i.min(j), i.max(j))))
            .collect();
        let found = maximum_weight(edges.clone(), max_cardinality);
        prop_assert!(found.certified());
        let mut weight = 0;
        let mut count = 0;
        for (v, mate) in found.mate.iter().enumerate() {
            if let Some(u) = *mate {
                prop_assert_eq!(found.mate[u], Some(v));
                if v < u {
                    let edge = edges.iter().find(|e| (e.0, e.1) == (v, u) || (e.0, e.1) == (u, v));
                    prop_assert!(edge.is_some());
                    weight += edge.map_or(0, |e| e.2);
                    count += 1;
                }
            }
        }
        let (best_count, best_weight) = best_by_search(n, &edges, max_cardinality);
        if max_cardinality {
            prop_assert_eq!((count, weight), (best_count, best_weight));
        } else {
            prop_assert_eq!(weight, best_weight);
        }
    }
}
