//! Maximum-weight matching in a general graph: Edmonds' blossom algorithm in its primal-dual form
//! (Galil, "Efficient Algorithms for Finding Maximum Matching in Graphs", ACM Computing Surveys,
//! 1986), O(n³), after Joris van Rantwijk's reference implementation. Swiss pairing asks it for
//! the cheapest perfect matching of a round (`swiss`).
//!
//! Pure and exact: integer weights (`i128`, so lexicographic costs packed into one number never
//! overflow), no floating point, and the same edges in the same order always give the same
//! matching. Knows nothing of tournaments. [`Matching::certified`] checks the optimality
//! certificate (the dual solution) of a result, which tests use on fields too large to search.

/// An edge: two vertices (numbered from 0) and a weight.
pub type Edge = (usize, usize, i128);

const NONE: usize = usize::MAX;

/// A matching found by [`maximum_weight`], with the dual solution that proves it optimal.
#[derive(Debug, Clone)]
pub struct Matching {
    /// `mate[v]` is the vertex matched to `v`, or `None`.
    pub mate: Vec<Option<usize>>,
    certificate: Certificate,
}

#[derive(Debug, Clone)]
struct Certificate {
    edges: Vec<Edge>,
    max_cardinality: bool,
    dual: Vec<i128>,
    blossom_parent: Vec<usize>,
    blossom_base: Vec<usize>,
    blossom_endpoints: Vec<Vec<usize>>,
    /// `mate` as edge endpoints, as the algorithm keeps it.
    mate_endpoint: Vec<usize>,
}

/// The matching of greatest total weight among `edges` (at most one edge between two vertices,
/// none from a vertex to itself). With `max_cardinality`, only matchings with the most edges
/// count: on a complete graph with an even number of vertices, the heaviest perfect matching.
///
/// Weights must stay within ±2^120: the dual variables move by up to a few times the largest
/// weight, and their sums must fit an `i128`. Swiss weights stay far below that for any field
/// the engine plays (at most n − 1 rounds, so points differ by at most 2(n − 1) half points).
pub fn maximum_weight(edges: Vec<Edge>, max_cardinality: bool) -> Matching {
    let mut state = State::new(&edges, max_cardinality);
    state.solve();
    let certificate = state.into_certificate();
    let mate = certificate
        .mate_endpoint
        .iter()
        .map(|&p| (p != NONE).then(|| endpoint(&edges, p)))
        .collect();
    Matching {
        mate,
        certificate: Certificate {
            edges,
            ..certificate
        },
    }
}

/// The vertex at endpoint `p`: edge `k` has endpoints `2k` (its first vertex) and `2k + 1`.
fn endpoint(edges: &[Edge], p: usize) -> usize {
    let (i, j, _) = edges[p / 2];
    if p.is_multiple_of(2) { i } else { j }
}

impl Matching {
    /// Whether the dual solution proves this matching of greatest weight (complementary
    /// slackness: every edge's slack is non-negative, matched edges' slack is zero, exposed
    /// vertices and blossoms with a positive dual are as the theory requires).
    pub fn certified(&self) -> bool {
        self.certificate.holds()
    }
}

struct State<'a> {
    edges: &'a [Edge],
    max_cardinality: bool,
    vertices: usize,
    /// `endpoint[p]`: the vertex at endpoint `p`; edge `k` has endpoints `2k` and `2k + 1`.
    endpoint: Vec<usize>,
    /// For each vertex, the endpoints of its edges that are not its own ("remote" ends).
    neighbours: Vec<Vec<usize>>,
    /// The endpoint matched to each vertex (the remote end of its matched edge), or `NONE`.
    mate: Vec<usize>,
    /// Per top-level blossom and vertex: 0 free, 1 S (outer), 2 T (inner); 5 marks a scan.
    label: Vec<u8>,
    /// The endpoint through which a labelled blossom got its label.
    label_end: Vec<usize>,
    /// The top-level blossom each vertex is in.
    in_blossom: Vec<usize>,
    blossom_parent: Vec<usize>,
    blossom_children: Vec<Vec<usize>>,
    blossom_base: Vec<usize>,
    blossom_endpoints: Vec<Vec<usize>>,
    /// The least-slack edge to a different S-blossom, per vertex or S-blossom.
    best_edge: Vec<usize>,
    blossom_best_edges: Vec<Option<Vec<usize>>>,
    unused_blossoms: Vec<usize>,
    dual: Vec<i128>,
    allow_edge: Vec<bool>,
    queue: Vec<usize>,
}

impl<'a> State<'a> {
    fn new(edges: &'a [Edge], max_cardinality: bool) -> State<'a> {
        let vertices = edges
            .iter()
            .map(|&(i, j, _)| i.max(j) + 1)
            .max()
            .unwrap_or(0);
        let max_weight = edges.iter().map(|e| e.2).max().unwrap_or(0).max(0);
        let endpoint = (0..2 * edges.len()).map(|p| endpoint(edges, p)).collect();
        let mut neighbours = vec![Vec::new(); vertices];
        for (k, &(i, j, _)) in edges.iter().enumerate() {
            neighbours[i].push(2 * k + 1);
            neighbours[j].push(2 * k);
        }
        let mut dual = vec![max_weight; vertices];
        dual.extend(std::iter::repeat_n(0, vertices));
        let mut blossom_base: Vec<usize> = (0..vertices).collect();
        blossom_base.extend(std::iter::repeat_n(NONE, vertices));
        State {
            edges,
            max_cardinality,
            vertices,
            endpoint,
            neighbours,
            mate: vec![NONE; vertices],
            label: vec![0; 2 * vertices],
            label_end: vec![NONE; 2 * vertices],
            in_blossom: (0..vertices).collect(),
            blossom_parent: vec![NONE; 2 * vertices],
            blossom_children: vec![Vec::new(); 2 * vertices],
            blossom_base,
            blossom_endpoints: vec![Vec::new(); 2 * vertices],
            best_edge: vec![NONE; 2 * vertices],
            blossom_best_edges: vec![None; 2 * vertices],
            unused_blossoms: (vertices..2 * vertices).collect(),
            dual,
            allow_edge: vec![false; edges.len()],
            queue: Vec::new(),
        }
    }

    /// The duals and blossoms that prove the matching optimal, with the matching as endpoints;
    /// the caller adds the edges, which it owns.
    fn into_certificate(self) -> Certificate {
        Certificate {
            edges: Vec::new(),
            max_cardinality: self.max_cardinality,
            dual: self.dual,
            blossom_parent: self.blossom_parent,
            blossom_base: self.blossom_base,
            blossom_endpoints: self.blossom_endpoints,
            mate_endpoint: self.mate,
        }
    }

    /// Twice the slack of edge `k` (its reduced cost), outside blossom duals.
    fn slack(&self, k: usize) -> i128 {
        let (i, j, w) = self.edges[k];
        self.dual[i] + self.dual[j] - 2 * w
    }

    /// The vertices inside blossom `b` (or `b` itself, for a vertex).
    fn leaves(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let mut stack = vec![b];
        while let Some(t) = stack.pop() {
            if t < self.vertices {
                out.push(t);
            } else {
                stack.extend(self.blossom_children[t].iter().rev());
            }
        }
        out
    }

    /// Labels the top-level blossom containing `w` with `t` (1 = S, 2 = T), reached through
    /// endpoint `p`; a T-blossom's mate becomes an S-blossom in turn.
    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let b = self.in_blossom[w];
        self.label[w] = t;
        self.label[b] = t;
        self.label_end[w] = p;
        self.label_end[b] = p;
        self.best_edge[w] = NONE;
        self.best_edge[b] = NONE;
        if t == 1 {
            let leaves = self.leaves(b);
            self.queue.extend(leaves);
        } else if t == 2 {
            let base = self.blossom_base[b];
            let mate = self.mate[base];
            self.assign_label(self.endpoint[mate], 1, mate ^ 1);
        }
    }

    /// Traces back from `v` and `w` to find a new blossom's base, or `NONE` for an augmenting
    /// path.
    fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        while v != NONE || w != NONE {
            let mut b = self.in_blossom[v];
            if self.label[b] & 4 != 0 {
                base = self.blossom_base[b];
                break;
            }
            path.push(b);
            self.label[b] = 5;
            if self.label_end[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint[self.label_end[b]];
                b = self.in_blossom[v];
                v = self.endpoint[self.label_end[b]];
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        base
    }

    /// Makes a new blossom with `base`, through edge `k` between two S-vertices.
    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w, _) = self.edges[k];
        let bb = self.in_blossom[base];
        let mut bv = self.in_blossom[v];
        let mut bw = self.in_blossom[w];
        let Some(b) = self.unused_blossoms.pop() else {
            return;
        };
        self.blossom_base[b] = base;
        self.blossom_parent[b] = NONE;
        self.blossom_parent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossom_parent[bv] = b;
            path.push(bv);
            endps.push(self.label_end[bv]);
            v = self.endpoint[self.label_end[bv]];
            bv = self.in_blossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.blossom_parent[bw] = b;
            path.push(bw);
            endps.push(self.label_end[bw] ^ 1);
            w = self.endpoint[self.label_end[bw]];
            bw = self.in_blossom[w];
        }
        self.label[b] = 1;
        self.label_end[b] = self.label_end[bb];
        self.dual[b] = 0;
        for leaf in self.leaves_of_path(&path) {
            if self.label[self.in_blossom[leaf]] == 2 {
                self.queue.push(leaf);
            }
            self.in_blossom[leaf] = b;
        }
        let mut best_to = vec![NONE; 2 * self.vertices];
        for &child in &path {
            let lists: Vec<Vec<usize>> = match self.blossom_best_edges[child].take() {
                Some(list) => vec![list],
                None => self
                    .leaves(child)
                    .into_iter()
                    .map(|leaf| self.neighbours[leaf].iter().map(|p| p / 2).collect())
                    .collect(),
            };
            for list in lists {
                for k in list {
                    // The end of edge `k` outside the new blossom.
                    let (i, j, _) = self.edges[k];
                    let far = if self.in_blossom[j] == b { i } else { j };
                    let bj = self.in_blossom[far];
                    if bj != b
                        && self.label[bj] == 1
                        && (best_to[bj] == NONE || self.slack(k) < self.slack(best_to[bj]))
                    {
                        best_to[bj] = k;
                    }
                }
            }
            self.best_edge[child] = NONE;
        }
        let best: Vec<usize> = best_to.into_iter().filter(|&k| k != NONE).collect();
        self.best_edge[b] = NONE;
        for &k in &best {
            if self.best_edge[b] == NONE || self.slack(k) < self.slack(self.best_edge[b]) {
                self.best_edge[b] = k;
            }
        }
        self.blossom_best_edges[b] = Some(best);
        self.blossom_children[b] = path;
        self.blossom_endpoints[b] = endps;
    }

    fn leaves_of_path(&self, path: &[usize]) -> Vec<usize> {
        path.iter().flat_map(|&child| self.leaves(child)).collect()
    }

    /// Position of `child` in blossom `b`'s cycle, the direction to walk towards the base (the
    /// even way round), and the endpoint trick of that direction.
    fn walk_from(&self, b: usize, child: usize) -> (isize, isize, usize) {
        let len = self.blossom_children[b].len() as isize;
        let i = self.blossom_children[b]
            .iter()
            .position(|&c| c == child)
            .unwrap_or(0) as isize;
        if i & 1 == 1 {
            (i - len, 1, 0)
        } else {
            (i, -1, 1)
        }
    }

    fn child_at(&self, b: usize, j: isize) -> usize {
        let list = &self.blossom_children[b];
        list[j.rem_euclid(list.len() as isize) as usize]
    }

    fn endpoint_at(&self, b: usize, j: isize) -> usize {
        let list = &self.blossom_endpoints[b];
        list[j.rem_euclid(list.len() as isize) as usize]
    }

    /// Dissolves blossom `b`: its children become top-level; at the end of a stage, nested
    /// blossoms with a zero dual dissolve too; mid-stage, a T-blossom's children are relabelled.
    fn expand_blossom(&mut self, b: usize, end_stage: bool) {
        for s in self.blossom_children[b].clone() {
            self.blossom_parent[s] = NONE;
            if s < self.vertices {
                self.in_blossom[s] = s;
            } else if end_stage && self.dual[s] == 0 {
                self.expand_blossom(s, end_stage);
            } else {
                for leaf in self.leaves(s) {
                    self.in_blossom[leaf] = s;
                }
            }
        }
        if !end_stage && self.label[b] == 2 {
            let entry_child = self.in_blossom[self.endpoint[self.label_end[b] ^ 1]];
            let (mut j, step, trick) = self.walk_from(b, entry_child);
            let mut p = self.label_end[b];
            while j != 0 {
                self.label[self.endpoint[p ^ 1]] = 0;
                let q = self.endpoint_at(b, j - trick as isize);
                self.label[self.endpoint[q ^ trick ^ 1]] = 0;
                self.assign_label(self.endpoint[p ^ 1], 2, p);
                self.allow_edge[q / 2] = true;
                j += step;
                p = self.endpoint_at(b, j - trick as isize) ^ trick;
                self.allow_edge[p / 2] = true;
                j += step;
            }
            let bv = self.child_at(b, j);
            self.label[self.endpoint[p ^ 1]] = 2;
            self.label[bv] = 2;
            self.label_end[self.endpoint[p ^ 1]] = p;
            self.label_end[bv] = p;
            self.best_edge[bv] = NONE;
            j += step;
            while self.child_at(b, j) != entry_child {
                let bv = self.child_at(b, j);
                if self.label[bv] == 1 {
                    j += step;
                    continue;
                }
                let labelled = self
                    .leaves(bv)
                    .into_iter()
                    .find(|&leaf| self.label[leaf] != 0);
                if let Some(v) = labelled {
                    self.label[v] = 0;
                    let mate = self.mate[self.blossom_base[bv]];
                    self.label[self.endpoint[mate]] = 0;
                    self.assign_label(v, 2, self.label_end[v]);
                }
                j += step;
            }
        }
        self.label[b] = 0;
        self.label_end[b] = NONE;
        self.blossom_children[b] = Vec::new();
        self.blossom_endpoints[b] = Vec::new();
        self.blossom_base[b] = NONE;
        self.blossom_best_edges[b] = None;
        self.best_edge[b] = NONE;
        self.unused_blossoms.push(b);
    }

    /// Swaps matched and unmatched edges along the even path from `v` to the base of blossom
    /// `b`, and makes `v` the base.
    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossom_parent[t] != b {
            t = self.blossom_parent[t];
        }
        if t >= self.vertices {
            self.augment_blossom(t, v);
        }
        let (start, step, trick) = self.walk_from(b, t);
        let i = start.rem_euclid(self.blossom_children[b].len() as isize) as usize;
        let mut j = start;
        while j != 0 {
            j += step;
            let t = self.child_at(b, j);
            let p = self.endpoint_at(b, j - trick as isize) ^ trick;
            if t >= self.vertices {
                self.augment_blossom(t, self.endpoint[p]);
            }
            j += step;
            let t = self.child_at(b, j);
            if t >= self.vertices {
                self.augment_blossom(t, self.endpoint[p ^ 1]);
            }
            self.mate[self.endpoint[p]] = p ^ 1;
            self.mate[self.endpoint[p ^ 1]] = p;
        }
        self.blossom_children[b].rotate_left(i);
        self.blossom_endpoints[b].rotate_left(i);
        self.blossom_base[b] = self.blossom_base[self.blossom_children[b][0]];
    }

    /// Augments the matching along the path through edge `k` between two S-vertices.
    fn augment_matching(&mut self, k: usize) {
        let (v, w, _) = self.edges[k];
        for (mut s, mut p) in [(v, 2 * k + 1), (w, 2 * k)] {
            loop {
                let bs = self.in_blossom[s];
                if bs >= self.vertices {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.label_end[bs] == NONE {
                    break;
                }
                let t = self.endpoint[self.label_end[bs]];
                let bt = self.in_blossom[t];
                s = self.endpoint[self.label_end[bt]];
                let j = self.endpoint[self.label_end[bt] ^ 1];
                if bt >= self.vertices {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.label_end[bt];
                p = self.label_end[bt] ^ 1;
            }
        }
    }

    fn solve(&mut self) {
        let n = self.vertices;
        for _stage in 0..n {
            self.label.iter_mut().for_each(|l| *l = 0);
            self.best_edge.iter_mut().for_each(|e| *e = NONE);
            for b in n..2 * n {
                self.blossom_best_edges[b] = None;
            }
            self.allow_edge.iter_mut().for_each(|a| *a = false);
            self.queue.clear();
            for v in 0..n {
                if self.mate[v] == NONE && self.label[self.in_blossom[v]] == 0 {
                    self.assign_label(v, 1, NONE);
                }
            }
            let mut augmented = false;
            loop {
                while !augmented {
                    let Some(v) = self.queue.pop() else { break };
                    // By index: the lists never change, and the body needs `self` mutably.
                    for at in 0..self.neighbours[v].len() {
                        let p = self.neighbours[v][at];
                        let k = p / 2;
                        let w = self.endpoint[p];
                        if self.in_blossom[v] == self.in_blossom[w] {
                            continue;
                        }
                        let mut kslack = 0;
                        if !self.allow_edge[k] {
                            kslack = self.slack(k);
                            if kslack <= 0 {
                                self.allow_edge[k] = true;
                            }
                        }
                        if self.allow_edge[k] {
                            if self.label[self.in_blossom[w]] == 0 {
                                self.assign_label(w, 2, p ^ 1);
                            } else if self.label[self.in_blossom[w]] == 1 {
                                let base = self.scan_blossom(v, w);
                                if base != NONE {
                                    self.add_blossom(base, k);
                                } else {
                                    self.augment_matching(k);
                                    augmented = true;
                                    break;
                                }
                            } else if self.label[w] == 0 {
                                self.label[w] = 2;
                                self.label_end[w] = p ^ 1;
                            }
                        } else if self.label[self.in_blossom[w]] == 1 {
                            let b = self.in_blossom[v];
                            if self.best_edge[b] == NONE || kslack < self.slack(self.best_edge[b]) {
                                self.best_edge[b] = k;
                            }
                        } else if self.label[w] == 0
                            && (self.best_edge[w] == NONE || kslack < self.slack(self.best_edge[w]))
                        {
                            self.best_edge[w] = k;
                        }
                    }
                }
                if augmented {
                    break;
                }
                if !self.adjust_duals() {
                    break;
                }
            }
            if !augmented {
                break;
            }
            for b in n..2 * n {
                if self.blossom_parent[b] == NONE
                    && self.blossom_base[b] != NONE
                    && self.label[b] == 1
                    && self.dual[b] == 0
                {
                    self.expand_blossom(b, true);
                }
            }
        }
    }

    /// Changes the duals by the largest step that keeps them feasible, then acts on what
    /// limited it. `false` when the stage is over (no augmenting path can be found).
    fn adjust_duals(&mut self) -> bool {
        let n = self.vertices;
        // (kind, delta, edge or blossom)
        let mut best: Option<(u8, i128, usize)> = None;
        let mut consider = |kind: u8, delta: i128, what: usize| {
            if best.is_none_or(|(_, d, _)| delta < d) {
                best = Some((kind, delta, what));
            }
        };
        if !self.max_cardinality {
            let least = self.dual[..n].iter().copied().min().unwrap_or(0);
            consider(1, least, NONE);
        }
        for v in 0..n {
            if self.label[self.in_blossom[v]] == 0 && self.best_edge[v] != NONE {
                consider(2, self.slack(self.best_edge[v]), self.best_edge[v]);
            }
        }
        for b in 0..2 * n {
            if self.blossom_parent[b] == NONE && self.label[b] == 1 && self.best_edge[b] != NONE {
                consider(3, self.slack(self.best_edge[b]) / 2, self.best_edge[b]);
            }
        }
        for b in n..2 * n {
            if self.blossom_base[b] != NONE && self.blossom_parent[b] == NONE && self.label[b] == 2
            {
                consider(4, self.dual[b], b);
            }
        }
        let (kind, delta, what) = match best {
            Some(found) => found,
            None => {
                // Only with max_cardinality: no further augmenting path; end with a last,
                // harmless step so the duals stay a valid certificate.
                let least = self.dual[..n].iter().copied().min().unwrap_or(0);
                (1, least.max(0), NONE)
            }
        };
        for v in 0..n {
            match self.label[self.in_blossom[v]] {
                1 => self.dual[v] -= delta,
                2 => self.dual[v] += delta,
                _ => {}
            }
        }
        for b in n..2 * n {
            if self.blossom_base[b] != NONE && self.blossom_parent[b] == NONE {
                match self.label[b] {
                    1 => self.dual[b] += delta,
                    2 => self.dual[b] -= delta,
                    _ => {}
                }
            }
        }
        match kind {
            1 => return false,
            2 => {
                self.allow_edge[what] = true;
                let (mut i, j, _) = self.edges[what];
                if self.label[self.in_blossom[i]] == 0 {
                    i = j;
                }
                self.queue.push(i);
            }
            3 => {
                self.allow_edge[what] = true;
                let (i, _, _) = self.edges[what];
                self.queue.push(i);
            }
            _ => self.expand_blossom(what, false),
        }
        true
    }
}

impl Certificate {
    fn holds(&self) -> bool {
        let n = self.mate_endpoint.len();
        let endpoint = |p: usize| endpoint(&self.edges, p);
        let least = self.dual[..n].iter().copied().min().unwrap_or(0);
        let offset = if self.max_cardinality {
            (-least).max(0)
        } else {
            0
        };
        if least + offset < 0 || self.dual[n..].iter().any(|&d| d < 0) {
            return false;
        }
        let chain = |v: usize| {
            let mut chain = vec![v];
            while let Some(&top) = chain.last() {
                match self.blossom_parent.get(top) {
                    Some(&parent) if parent != NONE => chain.push(parent),
                    _ => break,
                }
            }
            chain.reverse();
            chain
        };
        for (k, &(i, j, w)) in self.edges.iter().enumerate() {
            let mut s = self.dual[i] + self.dual[j] - 2 * w;
            for (bi, bj) in chain(i).into_iter().zip(chain(j)) {
                if bi != bj {
                    break;
                }
                s += 2 * self.dual[bi];
            }
            if s < 0 {
                return false;
            }
            let matched_i = self.mate_endpoint[i] != NONE && self.mate_endpoint[i] / 2 == k;
            let matched_j = self.mate_endpoint[j] != NONE && self.mate_endpoint[j] / 2 == k;
            if (matched_i || matched_j) && !(matched_i && matched_j && s == 0) {
                return false;
            }
        }
        for v in 0..n {
            if self.mate_endpoint[v] == NONE && self.dual[v] + offset != 0 {
                return false;
            }
        }
        for b in n..2 * n {
            if self.blossom_base[b] != NONE && self.dual[b] > 0 {
                let ends = &self.blossom_endpoints[b];
                if ends.len() % 2 != 1 {
                    return false;
                }
                for &p in ends.iter().skip(1).step_by(2) {
                    if self.mate_endpoint[endpoint(p)] != p ^ 1
                        || self.mate_endpoint[endpoint(p ^ 1)] != p
                    {
                        return false;
                    }
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests;
