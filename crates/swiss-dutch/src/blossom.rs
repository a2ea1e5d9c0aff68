//! Maximum weight matching in a general graph (Edmonds' blossom algorithm
//! with Galil's O(n³) dual updates), over any exact integer [`Weight`].
//!
//! Kept private to this crate until `swiss-matching` offers weights wider
//! than the brackets need (see the crate docs, "Matching").

use crate::wide::Weight;

const NONE: isize = -1;

/// A dense weighted graph whose maximum weight matching is re-solved after
/// weight changes. Weight zero means "no edge".
pub(crate) struct Matcher<W: Weight> {
    n: usize,
    w: Vec<W>,
    mate: Vec<Option<usize>>,
    /// Duals and blossom tree of the last solution (warm starts).
    last: Option<Solution<W>>,
    /// Vertices with an edge weight changed since the last solve.
    dirty: Vec<usize>,
    is_dirty: Vec<bool>,
}

impl<W: Weight> Matcher<W> {
    /// `n` vertices, no edges.
    pub(crate) fn new(n: usize) -> Self {
        Matcher {
            n,
            w: vec![W::ZERO; n * n],
            mate: vec![None; n],
            last: None,
            dirty: Vec::new(),
            is_dirty: vec![false; n],
        }
    }

    /// Sets the weight of edge `{u, v}` (zero removes it); `u` is recorded
    /// as changed for the next warm start.
    pub(crate) fn set(&mut self, u: usize, v: usize, w: W) {
        // Marking one endpoint is enough for a warm start: its dual is
        // raised over all its edges and its matched edge is undone.
        if self.w[u * self.n + v] != w {
            self.mark(u);
        }
        self.w[u * self.n + v] = w;
        self.w[v * self.n + u] = w;
    }

    fn mark(&mut self, v: usize) {
        if !self.is_dirty[v] {
            self.is_dirty[v] = true;
            self.dirty.push(v);
        }
    }

    /// The weight of edge `{u, v}`.
    pub(crate) fn get(&self, u: usize, v: usize) -> W {
        self.w[u * self.n + v]
    }

    fn edges(&self) -> Vec<(usize, usize, W)> {
        let mut edges = Vec::new();
        for u in 0..self.n {
            for v in u + 1..self.n {
                let w = self.w[u * self.n + v];
                if !w.is_zero() {
                    edges.push((u, v, w.double().double()));
                }
            }
        }
        edges
    }

    /// Computes a maximum weight matching of the current weights: from the
    /// last optimum when few vertices changed, else from scratch.
    pub(crate) fn solve(&mut self) {
        let changed = std::mem::take(&mut self.dirty);
        for &v in &changed {
            self.is_dirty[v] = false;
        }
        if !changed.is_empty() && changed.len() * 4 <= self.n {
            self.solve_changed(&changed);
        } else {
            self.solve_cold();
        }
    }

    fn solve_cold(&mut self) {
        let sol = max_weight_matching(self.n, &self.edges());
        self.mate = sol.mate.clone();
        self.last = (sol.dual.len() == 2 * self.n).then_some(sol);
    }

    /// Re-solves after weight changes on edges at the vertices `changed`
    /// only (and edge removals that kept the matched pairs): starts from the
    /// last optimum with those vertices unpaired and their duals raised to
    /// feasibility, and checks the result's optimality (falls back to a
    /// solve from scratch when anything is off).
    pub(crate) fn solve_changed(&mut self, changed: &[usize]) {
        let Some(last) = self.last.take() else {
            return self.solve_cold();
        };
        let n = self.n;
        // Dissolve the blossoms: each vertex takes the duals of the blossoms
        // around it (edges inside keep their slack, edges leaving gain some).
        let anc: Vec<Vec<usize>> = (0..n).map(|v| last.ancestors(v)).collect();
        let mut dual: Vec<W> = (0..n)
            .map(|v| {
                anc[v]
                    .iter()
                    .fold(last.dual[v], |d, &b| d.add(last.dual[b]))
            })
            .collect();
        let mut mate = last.mate.clone();
        // Matched edges that are no longer tight are undone.
        for v in 0..n {
            if let Some(u) = mate[v] {
                let common = anc[v]
                    .iter()
                    .zip(&anc[u])
                    .take_while(|(a, b)| a == b)
                    .count();
                let crossing = anc[v][common..]
                    .iter()
                    .chain(&anc[u][common..])
                    .any(|&b| !last.dual[b].is_zero());
                if crossing {
                    mate[v] = None;
                    mate[u] = None;
                }
            }
        }
        for &v in changed {
            if let Some(u) = mate[v] {
                mate[v] = None;
                mate[u] = None;
            }
        }
        for &v in changed {
            for x in 0..n {
                let w4 = self.get(v, x).double().double();
                if x != v && !w4.is_zero() && dual[v].add(dual[x]) < w4 {
                    dual[v] = w4.sub(dual[x]);
                }
            }
        }
        let edges = self.edges();
        match max_weight_matching_from(n, &edges, Some(Warm { mate, dual })) {
            Some(sol) if self.optimal(&edges, &sol) => {
                self.mate = sol.mate.clone();
                self.last = Some(sol);
            }
            _ => self.solve_cold(),
        }
    }

    /// LP optimality of a solution (Edmonds' blossom LP): duals
    /// non-negative and feasible on every edge, matched edges tight, free
    /// vertices at dual zero, blossoms with positive dual full.
    fn optimal(&self, edges: &[(usize, usize, W)], sol: &Solution<W>) -> bool {
        let n = self.n;
        if sol.dual.len() != 2 * n || sol.parent.len() != 2 * n {
            return false;
        }
        let bound = edges.iter().map(|e| e.2).max().unwrap_or(W::ZERO).double();
        if sol.dual.iter().any(|&d| d > bound) {
            return false;
        }
        let anc: Vec<Vec<usize>> = (0..n).map(|v| sol.ancestors(v)).collect();
        let mut size = vec![0usize; 2 * n];
        let mut inner = vec![0usize; 2 * n];
        for v in 0..n {
            for &b in &anc[v] {
                size[b] += 1;
            }
            match sol.mate[v] {
                None if !sol.dual[v].is_zero() => return false,
                Some(u) if sol.mate[u] != Some(v) || self.get(u, v).is_zero() => return false,
                Some(u) if u > v => {
                    for (a, b) in anc[v].iter().zip(&anc[u]) {
                        if a != b {
                            break;
                        }
                        inner[*a] += 1;
                    }
                }
                _ => {}
            }
        }
        for b in n..2 * n {
            if !sol.dual[b].is_zero() && (size[b] == 0 || inner[b] * 2 + 1 != size[b]) {
                return false;
            }
        }
        edges.iter().all(|&(i, j, w4)| {
            let mut s = sol.dual[i].add(sol.dual[j]);
            for (a, b) in anc[i].iter().zip(&anc[j]) {
                if a != b {
                    break;
                }
                s = s.add(sol.dual[*a].double());
            }
            if sol.mate[i] == Some(j) {
                s == w4
            } else {
                s >= w4
            }
        })
    }

    /// The partner of `v` in the last solution.
    pub(crate) fn mate(&self, v: usize) -> Option<usize> {
        self.mate[v]
    }

    /// Keeps `u` and `v` paired: removes every other edge at both.
    pub(crate) fn finalize(&mut self, u: usize, v: usize) {
        let keep = self.get(u, v);
        if self.mate[u] != Some(v) {
            self.mark(u);
            self.mark(v);
        }
        // Removing edges the optimum does not use keeps it optimal.
        for x in 0..self.n {
            for (a, b) in [(u, x), (v, x)] {
                self.w[a * self.n + b] = W::ZERO;
                self.w[b * self.n + a] = W::ZERO;
            }
        }
        self.w[u * self.n + v] = keep;
        self.w[v * self.n + u] = keep;
    }
}

struct State<'a, W: Weight> {
    n: usize,
    edges: &'a [(usize, usize, W)],
    endpoint: Vec<usize>,
    neighbend: Vec<Vec<usize>>,
    mate: Vec<isize>,
    label: Vec<i8>,
    labelend: Vec<isize>,
    inblossom: Vec<usize>,
    blossomparent: Vec<isize>,
    blossomchilds: Vec<Vec<usize>>,
    blossombase: Vec<isize>,
    blossomendps: Vec<Vec<usize>>,
    bestedge: Vec<isize>,
    blossombestedges: Vec<Option<Vec<usize>>>,
    unusedblossoms: Vec<usize>,
    dualvar: Vec<W>,
    allowedge: Vec<bool>,
    queue: Vec<usize>,
}

fn wrap(j: isize, len: usize) -> usize {
    j.rem_euclid(len as isize) as usize
}

impl<W: Weight> State<'_, W> {
    fn slack(&self, k: usize) -> W {
        let (i, j, w2) = self.edges[k];
        self.dualvar[i].add(self.dualvar[j]).sub(w2)
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
        } else {
            for &c in &self.blossomchilds[b] {
                self.leaves(c, out);
            }
        }
    }

    fn leaves_of(&self, b: usize) -> Vec<usize> {
        let mut v = Vec::new();
        self.leaves(b, &mut v);
        v
    }

    fn assign_label(&mut self, w: usize, t: i8, p: isize) {
        let b = self.inblossom[w];
        self.label[w] = t;
        self.label[b] = t;
        self.labelend[w] = p;
        self.labelend[b] = p;
        self.bestedge[w] = NONE;
        self.bestedge[b] = NONE;
        if t == 1 {
            let l = self.leaves_of(b);
            self.queue.extend(l);
        } else if t == 2 {
            let base = self.blossombase[b] as usize;
            let m = self.mate[base];
            self.assign_label(self.endpoint[m as usize], 1, m ^ 1);
        }
    }

    fn scan_blossom(&mut self, v: usize, w: usize) -> isize {
        let mut path = Vec::new();
        let mut base = NONE;
        let (mut v, mut w) = (v as isize, w as isize);
        while v != NONE || w != NONE {
            let mut b = self.inblossom[v as usize];
            if self.label[b] & 4 != 0 {
                base = self.blossombase[b];
                break;
            }
            path.push(b);
            self.label[b] = 5;
            if self.labelend[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint[self.labelend[b] as usize] as isize;
                b = self.inblossom[v as usize];
                v = self.endpoint[self.labelend[b] as usize] as isize;
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

    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w, _) = self.edges[k];
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let b = self.unusedblossoms.pop().unwrap_or(0);
        self.blossombase[b] = base as isize;
        self.blossomparent[b] = NONE;
        self.blossomparent[bb] = b as isize;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b as isize;
            path.push(bv);
            endps.push(self.labelend[bv] as usize);
            v = self.endpoint[self.labelend[bv] as usize];
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.blossomparent[bw] = b as isize;
            path.push(bw);
            endps.push((self.labelend[bw] ^ 1) as usize);
            w = self.endpoint[self.labelend[bw] as usize];
            bw = self.inblossom[w];
        }
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = W::ZERO;
        self.blossomchilds[b] = path.clone();
        self.blossomendps[b] = endps;
        for v in self.leaves_of(b) {
            if self.label[self.inblossom[v]] == 2 {
                self.queue.push(v);
            }
            self.inblossom[v] = b;
        }
        let mut bestedgeto = vec![NONE; 2 * self.n];
        for &bv in &path {
            let lists: Vec<Vec<usize>> = match self.blossombestedges[bv].take() {
                Some(l) => vec![l],
                None => self
                    .leaves_of(bv)
                    .into_iter()
                    .map(|v| self.neighbend[v].iter().map(|p| p / 2).collect())
                    .collect(),
            };
            for list in lists {
                for k in list {
                    let (mut i, mut j, _) = self.edges[k];
                    if self.inblossom[j] == b {
                        std::mem::swap(&mut i, &mut j);
                    }
                    let _ = i;
                    let bj = self.inblossom[j];
                    if bj != b
                        && self.label[bj] == 1
                        && (bestedgeto[bj] == NONE
                            || self.slack(k) < self.slack(bestedgeto[bj] as usize))
                    {
                        bestedgeto[bj] = k as isize;
                    }
                }
            }
            self.bestedge[bv] = NONE;
        }
        let best: Vec<usize> = bestedgeto
            .into_iter()
            .filter(|&k| k != NONE)
            .map(|k| k as usize)
            .collect();
        self.bestedge[b] = NONE;
        for &k in &best {
            if self.bestedge[b] == NONE || self.slack(k) < self.slack(self.bestedge[b] as usize) {
                self.bestedge[b] = k as isize;
            }
        }
        self.blossombestedges[b] = Some(best);
    }

    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let childs = std::mem::take(&mut self.blossomchilds[b]);
        for &s in &childs {
            self.blossomparent[s] = NONE;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dualvar[s].is_zero() {
                self.expand_blossom(s, endstage);
            } else {
                for v in self.leaves_of(s) {
                    self.inblossom[v] = s;
                }
            }
        }
        if !endstage && self.label[b] == 2 {
            let endps = self.blossomendps[b].clone();
            let len = childs.len();
            let entrychild = self.inblossom[self.endpoint[(self.labelend[b] ^ 1) as usize]];
            let mut j = childs.iter().position(|&c| c == entrychild).unwrap_or(0) as isize;
            let (jstep, endptrick): (isize, usize) = if j & 1 != 0 {
                j -= len as isize;
                (1, 0)
            } else {
                (-1, 1)
            };
            let mut p = self.labelend[b] as usize;
            while j != 0 {
                self.label[self.endpoint[p ^ 1]] = 0;
                let e = endps[wrap(j - endptrick as isize, len)];
                self.label[self.endpoint[e ^ endptrick ^ 1]] = 0;
                self.assign_label(self.endpoint[p ^ 1], 2, p as isize);
                self.allowedge[e / 2] = true;
                j += jstep;
                p = endps[wrap(j - endptrick as isize, len)] ^ endptrick;
                self.allowedge[p / 2] = true;
                j += jstep;
            }
            let bv = childs[wrap(j, len)];
            let ep = self.endpoint[p ^ 1];
            self.label[ep] = 2;
            self.label[bv] = 2;
            self.labelend[ep] = p as isize;
            self.labelend[bv] = p as isize;
            self.bestedge[bv] = NONE;
            j += jstep;
            while childs[wrap(j, len)] != entrychild {
                let bv = childs[wrap(j, len)];
                if self.label[bv] == 1 {
                    j += jstep;
                    continue;
                }
                let mut found = None;
                for v in self.leaves_of(bv) {
                    if self.label[v] != 0 {
                        found = Some(v);
                        break;
                    }
                }
                if let Some(v) = found {
                    self.label[v] = 0;
                    let m = self.mate[self.blossombase[bv] as usize];
                    self.label[self.endpoint[m as usize]] = 0;
                    self.assign_label(v, 2, self.labelend[v]);
                }
                j += jstep;
            }
        }
        self.label[b] = -1;
        self.labelend[b] = NONE;
        self.blossomendps[b] = Vec::new();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NONE;
        self.unusedblossoms.push(b);
    }

    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossomparent[t] != b as isize {
            t = self.blossomparent[t] as usize;
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let len = self.blossomchilds[b].len();
        let i = self.blossomchilds[b]
            .iter()
            .position(|&c| c == t)
            .unwrap_or(0);
        let mut j = i as isize;
        let (jstep, endptrick): (isize, usize) = if i & 1 != 0 {
            j -= len as isize;
            (1, 0)
        } else {
            (-1, 1)
        };
        while j != 0 {
            j += jstep;
            let t = self.blossomchilds[b][wrap(j, len)];
            let p = self.blossomendps[b][wrap(j - endptrick as isize, len)] ^ endptrick;
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p]);
            }
            j += jstep;
            let t = self.blossomchilds[b][wrap(j, len)];
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p ^ 1]);
            }
            self.mate[self.endpoint[p]] = (p ^ 1) as isize;
            self.mate[self.endpoint[p ^ 1]] = p as isize;
        }
        self.blossomchilds[b].rotate_left(i);
        self.blossomendps[b].rotate_left(i);
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]];
    }

    fn augment_matching(&mut self, k: usize) {
        let (v, w, _) = self.edges[k];
        for (mut s, mut p) in [(v, 2 * k + 1), (w, 2 * k)] {
            loop {
                let bs = self.inblossom[s];
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p as isize;
                if self.labelend[bs] == NONE {
                    break;
                }
                let t = self.endpoint[self.labelend[bs] as usize];
                let bt = self.inblossom[t];
                s = self.endpoint[self.labelend[bt] as usize];
                let j = self.endpoint[(self.labelend[bt] ^ 1) as usize];
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.labelend[bt];
                p = (self.labelend[bt] ^ 1) as usize;
            }
        }
    }
}

/// A maximum weight matching (not necessarily of maximum cardinality) of the
/// graph on `n` vertices with the given positive-weight edges, each given as
/// *twice* its weight. Weights must be even so that all dual variables stay
/// integral.
pub(crate) fn max_weight_matching<W: Weight>(n: usize, edges: &[(usize, usize, W)]) -> Solution<W> {
    max_weight_matching_from(n, edges, None).unwrap_or_else(|| Solution {
        mate: vec![None; n],
        dual: Vec::new(),
        parent: Vec::new(),
    })
}

/// A warm start: a matching whose edges are tight under the vertex duals,
/// all duals feasible (no blossoms). Free vertices may have positive duals.
pub(crate) struct Warm<W> {
    pub(crate) mate: Vec<Option<usize>>,
    pub(crate) dual: Vec<W>,
}

/// The matching and the vertex duals (blossom duals are not kept).
pub(crate) struct Solution<W> {
    pub(crate) mate: Vec<Option<usize>>,
    /// Vertex duals, then blossom duals (empty when unknown).
    pub(crate) dual: Vec<W>,
    /// Parent blossom of each vertex and blossom (-1: top level).
    pub(crate) parent: Vec<isize>,
}

impl<W: Weight> Solution<W> {
    /// The blossoms containing vertex `v`, outermost first.
    fn ancestors(&self, v: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let mut b = self.parent[v];
        while b >= 0 {
            out.push(b as usize);
            b = self.parent[b as usize];
        }
        out.reverse();
        out
    }
}

/// Solves from scratch (`warm = None`) or from a warm start; a warm start
/// returns `None` when it meets a case it does not handle.
fn max_weight_matching_from<W: Weight>(
    n: usize,
    edges: &[(usize, usize, W)],
    warm: Option<Warm<W>>,
) -> Option<Solution<W>> {
    if edges.is_empty() {
        return Some(Solution {
            mate: vec![None; n],
            dual: vec![W::ZERO; 2 * n],
            parent: vec![NONE; 2 * n],
        });
    }
    let is_warm = warm.is_some();
    // Edges carry twice their weight (see `slack`); duals start at the maximum weight.
    let maxweight = edges.iter().map(|e| e.2).max().unwrap_or(W::ZERO).half();
    let mut endpoint = Vec::with_capacity(2 * edges.len());
    let mut neighbend = vec![Vec::new(); n];
    for (k, &(i, j, _)) in edges.iter().enumerate() {
        endpoint.push(i);
        endpoint.push(j);
        neighbend[i].push(2 * k + 1);
        neighbend[j].push(2 * k);
    }
    let mut s = State {
        n,
        edges,
        endpoint,
        neighbend,
        mate: vec![NONE; n],
        label: vec![0; 2 * n],
        labelend: vec![NONE; 2 * n],
        inblossom: (0..n).collect(),
        blossomparent: vec![NONE; 2 * n],
        blossomchilds: vec![Vec::new(); 2 * n],
        blossombase: (0..n as isize)
            .chain(std::iter::repeat_n(NONE, n))
            .collect(),
        blossomendps: vec![Vec::new(); 2 * n],
        bestedge: vec![NONE; 2 * n],
        blossombestedges: vec![None; 2 * n],
        unusedblossoms: (n..2 * n).rev().collect(),
        dualvar: std::iter::repeat_n(maxweight, n)
            .chain(std::iter::repeat_n(W::ZERO, n))
            .collect(),
        allowedge: vec![false; edges.len()],
        queue: Vec::new(),
    };
    if let Some(w) = warm {
        let mut index = std::collections::HashMap::new();
        for (k, &(i, j, _)) in edges.iter().enumerate() {
            index.insert((i, j), k);
        }
        for v in 0..n {
            s.dualvar[v] = w.dual[v];
            if let Some(u) = w.mate[v] {
                let k = *index.get(&(v.min(u), v.max(u)))?;
                s.mate[v] = if s.endpoint[2 * k] == v {
                    2 * k + 1
                } else {
                    2 * k
                } as isize;
            }
        }
    }
    let stages = if is_warm { 4 * n + 4 } else { n };
    for _ in 0..stages {
        s.label.iter_mut().for_each(|x| *x = 0);
        s.bestedge.iter_mut().for_each(|x| *x = NONE);
        for b in n..2 * n {
            s.blossombestedges[b] = None;
        }
        s.allowedge.iter_mut().for_each(|x| *x = false);
        s.queue.clear();
        let mut roots = 0;
        for v in 0..n {
            // Warm: free vertices with dual zero are already optimal.
            if s.mate[v] == NONE
                && s.label[s.inblossom[v]] == 0
                && (!is_warm || !s.dualvar[v].is_zero())
            {
                s.assign_label(v, 1, NONE);
                roots += 1;
            }
        }
        if is_warm && roots == 0 {
            break;
        }
        let mut augmented = false;
        let mut root_done = false;
        loop {
            while !augmented {
                let Some(v) = s.queue.pop() else { break };
                for idx in 0..s.neighbend[v].len() {
                    let p = s.neighbend[v][idx];
                    let k = p / 2;
                    let w = s.endpoint[p];
                    if s.inblossom[v] == s.inblossom[w] {
                        continue;
                    }
                    let mut kslack = W::ZERO;
                    if !s.allowedge[k] {
                        kslack = s.slack(k);
                        if kslack.is_zero() {
                            s.allowedge[k] = true;
                        }
                    }
                    if s.allowedge[k] {
                        if s.label[s.inblossom[w]] == 0
                            && s.mate[s.blossombase[s.inblossom[w]] as usize] == NONE
                        {
                            // Warm only: a free vertex with dual zero ends
                            // an augmenting path.
                            s.assign_label(w, 1, NONE);
                            if s.scan_blossom(v, w) >= 0 {
                                return None;
                            }
                            s.augment_matching(k);
                            augmented = true;
                            break;
                        } else if s.label[s.inblossom[w]] == 0 {
                            s.assign_label(w, 2, (p ^ 1) as isize);
                        } else if s.label[s.inblossom[w]] == 1 {
                            let base = s.scan_blossom(v, w);
                            if base >= 0 {
                                s.add_blossom(base as usize, k);
                            } else {
                                s.augment_matching(k);
                                augmented = true;
                                break;
                            }
                        } else if s.label[w] == 0 {
                            s.label[w] = 2;
                            s.labelend[w] = (p ^ 1) as isize;
                        }
                    } else if s.label[s.inblossom[w]] == 1 {
                        let b = s.inblossom[v];
                        if s.bestedge[b] == NONE || kslack < s.slack(s.bestedge[b] as usize) {
                            s.bestedge[b] = k as isize;
                        }
                    } else if s.label[w] == 0
                        && (s.bestedge[w] == NONE || kslack < s.slack(s.bestedge[w] as usize))
                    {
                        s.bestedge[w] = k as isize;
                    }
                }
            }
            if augmented {
                break;
            }
            // Dual update.
            let mut deltatype = 1;
            let mut delta = s.dualvar[..n].iter().copied().min().unwrap_or(W::ZERO);
            let mut delta_vertex = 0;
            if is_warm {
                // Only S-vertices lose dual: the bound is their smallest dual.
                let mut best = None;
                for v in 0..n {
                    if s.label[s.inblossom[v]] == 1 && best.is_none_or(|(d, _)| s.dualvar[v] < d) {
                        best = Some((s.dualvar[v], v));
                    }
                }
                let (d, v) = best?;
                delta = d;
                delta_vertex = v;
            }
            let mut deltaedge = 0usize;
            let mut deltablossom = 0usize;
            for v in 0..n {
                if s.label[s.inblossom[v]] == 0 && s.bestedge[v] != NONE {
                    let d = s.slack(s.bestedge[v] as usize);
                    if d < delta {
                        delta = d;
                        deltatype = 2;
                        deltaedge = s.bestedge[v] as usize;
                    }
                }
            }
            for b in 0..2 * n {
                if s.blossomparent[b] == NONE && s.label[b] == 1 && s.bestedge[b] != NONE {
                    let d = s.slack(s.bestedge[b] as usize).half();
                    if d < delta {
                        delta = d;
                        deltatype = 3;
                        deltaedge = s.bestedge[b] as usize;
                    }
                }
            }
            for b in n..2 * n {
                if s.blossombase[b] >= 0
                    && s.blossomparent[b] == NONE
                    && s.label[b] == 2
                    && s.dualvar[b] < delta
                {
                    delta = s.dualvar[b];
                    deltatype = 4;
                    deltablossom = b;
                }
            }
            for v in 0..n {
                match s.label[s.inblossom[v]] {
                    1 => s.dualvar[v] = s.dualvar[v].sub(delta),
                    2 => s.dualvar[v] = s.dualvar[v].add(delta),
                    _ => {}
                }
            }
            for b in n..2 * n {
                if s.blossombase[b] >= 0 && s.blossomparent[b] == NONE {
                    match s.label[b] {
                        1 => s.dualvar[b] = s.dualvar[b].add(delta),
                        2 => s.dualvar[b] = s.dualvar[b].sub(delta),
                        _ => {}
                    }
                }
            }
            match deltatype {
                1 if is_warm => {
                    // A root reached dual zero: it is optimal unpaired.
                    if s.mate[delta_vertex] != NONE {
                        return None;
                    }
                    root_done = true;
                    break;
                }
                1 => break,
                2 => {
                    s.allowedge[deltaedge] = true;
                    let (mut i, j, _) = s.edges[deltaedge];
                    if s.label[s.inblossom[i]] == 0 {
                        i = j;
                    }
                    s.queue.push(i);
                }
                3 => {
                    s.allowedge[deltaedge] = true;
                    let (i, _, _) = s.edges[deltaedge];
                    s.queue.push(i);
                }
                _ => s.expand_blossom(deltablossom, false),
            }
        }
        if !augmented && !root_done {
            break;
        }
        for b in n..2 * n {
            if s.blossomparent[b] == NONE
                && s.blossombase[b] >= 0
                && s.label[b] == 1
                && s.dualvar[b].is_zero()
            {
                s.expand_blossom(b, true);
            }
        }
    }
    Some(Solution {
        mate: s
            .mate
            .iter()
            .map(|&p| (p != NONE).then(|| s.endpoint[p as usize]))
            .collect(),
        dual: s.dualvar,
        parent: s.blossomparent,
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::needless_range_loop)]
    use super::*;

    fn brute(n: usize, w: &[Vec<u64>]) -> u64 {
        fn go(v: usize, used: &mut Vec<bool>, n: usize, w: &[Vec<u64>]) -> u64 {
            if v == n {
                return 0;
            }
            if used[v] {
                return go(v + 1, used, n, w);
            }
            used[v] = true;
            let mut best = go(v + 1, used, n, w);
            for u in v + 1..n {
                if !used[u] && w[v][u] > 0 {
                    used[u] = true;
                    best = best.max(w[v][u] + go(v + 1, used, n, w));
                    used[u] = false;
                }
            }
            used[v] = false;
            best
        }
        go(0, &mut vec![false; n], n, w)
    }

    #[test]
    fn warm_re_solves_match_brute_force() {
        let mut seed = 777u64;
        let mut rnd = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for case in 0..2000 {
            let n = 2 + (rnd() % 10) as usize;
            let maxw = [3, 50, 1000][(case % 3) as usize];
            let mut w = vec![vec![0u64; n]; n];
            let mut m = Matcher::<u64>::new(n);
            for u in 0..n {
                for v in u + 1..n {
                    if rnd() % 100 < 60 {
                        let x = 1 + rnd() % maxw;
                        w[u][v] = x;
                        w[v][u] = x;
                        m.set(u, v, x);
                    }
                }
            }
            m.solve();
            for _ in 0..3 {
                let a = (rnd() % n as u64) as usize;
                for v in 0..n {
                    if v != a && rnd() % 2 == 0 {
                        let x = if rnd() % 4 == 0 { 0 } else { 1 + rnd() % maxw };
                        w[a][v] = x;
                        w[v][a] = x;
                        m.set(a, v, x);
                    }
                }
                m.solve();
                let mut total = 0;
                for v in 0..n {
                    if let Some(u) = m.mate(v) {
                        assert_eq!(m.mate(u), Some(v));
                        assert!(w[u][v] > 0);
                        if u > v {
                            total += w[u][v];
                        }
                    }
                }
                assert_eq!(total, brute(n, &w), "case {case}");
            }
        }
    }

    #[test]
    fn matches_brute_force_on_small_random_graphs() {
        let mut seed = 12345u64;
        let mut rnd = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for case in 0..3000 {
            let n = 1 + (rnd() % 10) as usize;
            let density = rnd() % 100;
            let maxw = [2, 5, 100, 1 << 40][(case % 4) as usize];
            let mut w = vec![vec![0u64; n]; n];
            let mut m = Matcher::<u64>::new(n);
            for u in 0..n {
                for v in u + 1..n {
                    if rnd() % 100 < density {
                        let x = 1 + rnd() % maxw;
                        w[u][v] = x;
                        w[v][u] = x;
                        m.set(u, v, x);
                    }
                }
            }
            m.solve();
            let mut total = 0;
            for v in 0..n {
                if let Some(u) = m.mate(v) {
                    assert_eq!(m.mate(u), Some(v));
                    assert!(w[u][v] > 0);
                    if u > v {
                        total += w[u][v];
                    }
                }
            }
            assert_eq!(total, brute(n, &w), "case {case}");
        }
    }
}
