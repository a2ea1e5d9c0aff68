//! Stages and duals: each stage grows one alternating tree from a free
//! vertex with a positive dual, picks the next event (tight edge, bridge,
//! inner blossom to open, dual reaching zero) from the least-slack
//! pointers and moves the duals by its slack.

use super::{BLOCK, Event, Label, NONE, State};
use crate::matrix::Matrix;
use crate::weight::Weight;

impl<W: Weight> State<W> {
    /// Forgets the last solution: no pairs, no blossoms, every dual at
    /// `start` (the sides stay).
    pub(super) fn reset(&mut self, start: W) {
        let side = std::mem::take(&mut self.side);
        *self = State::new(self.n);
        self.side = side;
        self.y.fill(start);
    }

    /// The duals of the blossoms that hold both vertices `u` and `v`.
    pub(super) fn common_blossom_dual(&self, u: usize, v: usize) -> W {
        // Nesting is shallow: list `u`'s blossoms, then climb from `v` to
        // the first of them.
        let mut above_u = Vec::new();
        let mut b = self.up[u];
        while b != NONE {
            above_u.push(b);
            b = self.up[b];
        }
        let mut b = self.up[v];
        while b != NONE && !above_u.contains(&b) {
            b = self.up[b];
        }
        let mut sum = W::ZERO;
        while b != NONE {
            sum = sum.add(self.z[b]);
            b = self.up[b];
        }
        sum
    }

    /// Slack of `u-v`; `w` holds doubled weights, like the duals.
    pub(super) fn slack(&self, w: &Matrix<W>, u: usize, v: usize) -> W {
        self.y[u].add(self.y[v]).sub(w.get(u, v))
    }

    /// Grows trees from every free vertex whose dual is still positive.
    pub(super) fn run(&mut self, w: &Matrix<W>) {
        for r in 0..self.n {
            if self.mate[r] == NONE && !self.y[r].is_zero() && self.base[self.top[r]] == r {
                self.stage(w, r);
            }
        }
    }

    pub(super) fn stage(&mut self, w: &Matrix<W>, root: usize) {
        let n = self.n;
        self.label.fill(Label::None);
        self.near.fill(NONE);
        self.block_min.fill((W::ZERO, NONE));
        self.delta = W::ZERO;
        self.exhaust = (W::ZERO, NONE);
        for v in std::mem::take(&mut self.tree_vertices) {
            self.vertex_listed[v] = false;
        }
        for b in std::mem::take(&mut self.tree_nodes) {
            self.node_listed[b] = false;
        }
        // Bridge lists live for one stage: freeing the last stage's keeps
        // their total at O(n) lists' worth instead of one per vertex ever
        // made outer.
        for list in &mut self.bridges {
            if list.capacity() > 0 {
                *list = Vec::new();
            }
        }
        self.instant = (NONE, NONE);
        self.make_outer(w, self.top[root], (NONE, NONE));
        // Each event labels, merges or opens a blossom: O(n) of them.
        for _ in 0..8 * n + 8 {
            // The root's own dual bounds the change, so there is an event.
            let Some((d, event)) = self.next_event(w) else {
                break;
            };
            if !d.is_zero() {
                self.shift_duals(d);
            }
            match event {
                Event::Reach(s, x) => {
                    let xb = self.top[x];
                    let m = self.mate[self.base[xb]];
                    if m == NONE {
                        self.rotate(xb, x);
                        self.mate[x] = s;
                        self.flip_up(s, x);
                        break;
                    }
                    self.keys_to_slacks(xb);
                    self.set_label(xb, Label::Inner);
                    self.via[xb] = (s, x);
                    self.make_outer(w, self.top[m], (self.base[xb], m));
                }
                Event::Bridge(x, s) => self.shrink(w, x, s),
                Event::Open(b) => self.open_inner(w, b),
                Event::Exhaust(v) => {
                    self.flip_up(v, NONE);
                    break;
                }
            }
        }
        self.open_empty_blossoms();
    }

    /// The next event of the stage and the dual change it needs: the least
    /// change, ties going to the vertex events (reach, exhaust) and then
    /// to the lowest vertex or node.
    pub(super) fn next_event(&mut self, w: &Matrix<W>) -> Option<(W, Event)> {
        let (is, ix) = std::mem::replace(&mut self.instant, (NONE, NONE));
        if is != NONE
            && self.label[self.top[ix]] == Label::None
            && self.label[self.top[is]] == Label::Outer
            && self.mate[self.base[self.top[ix]]] == NONE
            && self.slack(w, is, ix).is_zero()
        {
            return Some((W::ZERO, Event::Reach(is, ix)));
        }
        let mut best: Option<(W, usize, Event)> = None;
        if let Some((key, x)) = self.least_reach() {
            best = Some((key.sub(self.delta), x, Event::Reach(self.near[x], x)));
        }
        let (ey, ex) = self.exhaust;
        if ex != NONE && best.as_ref().is_none_or(|&(d, x, _)| (ey, ex) < (d, x)) {
            best = Some((ey, ex, Event::Exhaust(ex)));
        }
        // Ties go to the vertex events: with one at no change, the nodes
        // cannot win (most events of a tree grown over equal weights).
        if best.as_ref().is_some_and(|(d, _, _)| d.is_zero()) {
            return best.map(|(d, _, e)| (d, e));
        }
        let n = self.n;
        let mut node_best: Option<(W, usize, Event)> = None;
        for &b in &self.tree_nodes {
            let label = self.label[b];
            if self.up[b] != NONE || label == Label::None || (b >= n && self.kids[b].is_empty()) {
                continue;
            }
            let (u, v) = self.best_bridge[b];
            let candidate = match label {
                Label::Inner if b >= n => (self.z[b].half(), Event::Open(b)),
                Label::Outer
                    if u != NONE && self.top[v] != b && self.label[self.top[v]] == Label::Outer =>
                {
                    let slack = self.bridge_key[b].sub(self.delta.double());
                    debug_assert!(slack == self.slack(w, u, v), "stale bridge key");
                    (slack.half(), Event::Bridge(u, v))
                }
                _ => continue,
            };
            if node_best
                .as_ref()
                .is_none_or(|&(d, c, _)| (candidate.0, b) < (d, c))
            {
                node_best = Some((candidate.0, b, candidate.1));
            }
        }
        if let Some(nb) = node_best
            && best.as_ref().is_none_or(|&(d, _, _)| nb.0 < d)
        {
            best = Some(nb);
        }
        best.map(|(d, _, e)| (d, e))
    }

    /// The least `(near_slack, vertex)` of the unlabelled vertices with a
    /// `near`: the least block entry, refreshed until it is current.
    pub(super) fn least_reach(&mut self) -> Option<(W, usize)> {
        loop {
            let mut best: Option<(usize, (W, usize))> = None;
            for (k, &e) in self.block_min.iter().enumerate() {
                if e.1 != NONE && best.is_none_or(|(_, b)| e < b) {
                    best = Some((k, e));
                }
            }
            let (k, (key, x)) = best?;
            if self.label[self.top[x]] == Label::None
                && self.near[x] != NONE
                && self.near_slack[x] == key
            {
                return Some((key, x));
            }
            self.refresh_block(k);
        }
    }

    /// Recomputes the entry of block `k` of [`State::block_min`].
    pub(super) fn refresh_block(&mut self, k: usize) {
        let mut e = (W::ZERO, NONE);
        for x in k * BLOCK..((k + 1) * BLOCK).min(self.n) {
            if self.near[x] != NONE
                && self.label[self.top[x]] == Label::None
                && (e.1 == NONE || self.near_slack[x] < e.0)
            {
                e = (self.near_slack[x], x);
            }
        }
        self.block_min[k] = e;
    }

    /// Unlabelled vertex `x` has a new `near_slack` key (lower, or back
    /// from an inner blossom): its block's entry may improve.
    pub(super) fn offer_reach(block_min: &mut [(W, usize)], x: usize, key: W) {
        let e = &mut block_min[x / BLOCK];
        if e.1 == NONE || (key, x) < *e {
            *e = (key, x);
        }
    }

    /// Labels node `b` (outermost) and lists it and its vertices, whose
    /// duals move with the stage's.
    pub(super) fn set_label(&mut self, b: usize, label: Label) {
        self.label[b] = label;
        if !self.node_listed[b] {
            self.node_listed[b] = true;
            self.tree_nodes.push(b);
        }
        let mut vs = std::mem::take(&mut self.scratch);
        self.leaves(b, &mut vs);
        for &v in &vs {
            if !self.vertex_listed[v] {
                self.vertex_listed[v] = true;
                self.tree_vertices.push(v);
            }
        }
        self.scratch = vs;
    }

    /// The vertices of blossom `b`, unlabelled until now, turn inner: their
    /// `near_slack` keys become their slacks, which stay fixed from now on.
    pub(super) fn keys_to_slacks(&mut self, b: usize) {
        let mut vs = std::mem::take(&mut self.scratch);
        self.leaves(b, &mut vs);
        for &v in &vs {
            if self.near[v] != NONE {
                self.near_slack[v] = self.near_slack[v].sub(self.delta);
            }
        }
        self.scratch = vs;
    }

    /// The vertices of blossom `b`, inner until now, are unlabelled: their
    /// `near_slack` slacks become keys, offered to their blocks.
    pub(super) fn slacks_to_keys(&mut self, b: usize) {
        let mut vs = std::mem::take(&mut self.scratch);
        self.leaves(b, &mut vs);
        for &v in &vs {
            if self.near[v] != NONE {
                let key = self.near_slack[v].add(self.delta);
                self.near_slack[v] = key;
                Self::offer_reach(&mut self.block_min, v, key);
            }
        }
        self.scratch = vs;
    }

    pub(super) fn shift_duals(&mut self, d: W) {
        let d2 = d.double();
        let n = self.n;
        self.delta = self.delta.add(d);
        if self.exhaust.1 != NONE {
            self.exhaust.0 = self.exhaust.0.sub(d);
        }
        for &v in &self.tree_vertices {
            match self.label[self.top[v]] {
                Label::Outer => self.y[v] = self.y[v].sub(d),
                Label::Inner => self.y[v] = self.y[v].add(d),
                Label::None => {}
            }
        }
        for &b in &self.tree_nodes {
            if b >= n && self.up[b] == NONE && !self.kids[b].is_empty() {
                match self.label[b] {
                    Label::Outer => self.z[b] = self.z[b].add(d2),
                    Label::Inner => self.z[b] = self.z[b].sub(d2),
                    Label::None => {}
                }
            }
        }
    }
}
