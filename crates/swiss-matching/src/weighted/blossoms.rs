//! Blossoms: labelling, shrinking an odd cycle into a blossom with its
//! bridge lists, opening inner and emptied blossoms, and flipping matched
//! edges along tree paths and inside blossoms.

use super::{Bridge, Label, NONE, State, offer};
use crate::matrix::Matrix;
use crate::weight::Weight;

impl<W: Weight> State<W> {
    pub(super) fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        out.clear();
        let mut stack = vec![b];
        while let Some(x) = stack.pop() {
            if x < self.n {
                out.push(x);
            } else {
                stack.extend_from_slice(&self.kids[x]);
            }
        }
    }

    pub(super) fn set_top(&mut self, b: usize, t: usize) {
        let mut vs = std::mem::take(&mut self.scratch);
        self.leaves(b, &mut vs);
        for &v in &vs {
            self.top[v] = t;
        }
        self.scratch = vs;
    }

    pub(super) fn make_outer(&mut self, w: &Matrix<W>, b: usize, via: (usize, usize)) {
        self.set_label(b, Label::Outer);
        self.via[b] = via;
        let mut vs = Vec::new();
        self.leaves(b, &mut vs);
        let mut list = Vec::new();
        for s in vs {
            self.add_outer_vertex(w, s, &mut list);
        }
        self.set_bridges(b, list);
    }

    /// Vertex `s` has just become outer: it may be the nearest outer
    /// vertex of the vertices outside outer blossoms, and its edges to
    /// other outer blossoms are offered to the bridge list being built.
    pub(super) fn add_outer_vertex(&mut self, w: &Matrix<W>, s: usize, list: &mut Vec<Bridge>) {
        let ts = self.top[s];
        let ys = self.y[s];
        if self.exhaust.1 == NONE || (ys, s) < self.exhaust {
            self.exhaust = (ys, s);
        }
        let State {
            top,
            y,
            label,
            near,
            near_slack,
            delta,
            block_min,
            pick,
            pick_slack,
            mate,
            base,
            instant,
            ..
        } = self;
        let delta = *delta;
        // The hottest loop of the solver: one row.
        w.for_edges(s, |x, wx| {
            let (tx, yx) = (top[x], y[x]);
            if tx == ts {
                return;
            }
            let sl = ys.add(yx).sub(wx);
            match label[tx] {
                Label::Outer => offer(pick, pick_slack, list, tx, (s, x), sl),
                Label::Inner => {
                    if near[x] == NONE || sl < near_slack[x] {
                        near[x] = s;
                        near_slack[x] = sl;
                    }
                }
                Label::None => {
                    let key = sl.add(delta);
                    if near[x] == NONE || key < near_slack[x] {
                        near[x] = s;
                        near_slack[x] = key;
                        Self::offer_reach(block_min, x, key);
                    }
                    // Even when an earlier outer vertex is as near: with
                    // equal keys, the reach events would take the tree's
                    // pairs one by one, lowest first, before this free
                    // vertex (a slot at one slack from a whole group).
                    if sl.is_zero() && mate[base[tx]] == NONE {
                        *instant = (s, x);
                    }
                }
            }
        });
    }

    /// Installs `list` as the bridge list of outer blossom `b`.
    /// Its slacks are the ones `offer` kept while the list was built.
    pub(super) fn set_bridges(&mut self, b: usize, list: Vec<Bridge>) {
        let mut best = (NONE, NONE);
        let mut best_slack = W::ZERO;
        for (u, v) in list.iter().map(|e| e.ends()) {
            let t = self.top[v];
            self.pick[t] = NONE;
            let sl = self.pick_slack[t];
            if best.0 == NONE || sl < best_slack {
                best = (u, v);
                best_slack = sl;
            }
        }
        self.bridges[b] = list;
        self.best_bridge[b] = best;
        self.bridge_key[b] = best_slack.add(self.delta.double());
    }

    /// The labelled outermost blossom above `b` in its tree.
    pub(super) fn tree_parent(&self, b: usize) -> usize {
        let p = self.via[b].0;
        if p == NONE { NONE } else { self.top[p] }
    }

    /// Makes a blossom of the cycle closed by the tight edge `x-s` between
    /// two outer blossoms of the tree.
    pub(super) fn shrink(&mut self, w: &Matrix<W>, x: usize, s: usize) {
        let (bx, bs) = (self.top[x], self.top[s]);
        let Some(nb) = self.spare.pop() else { return };
        // Nearest common outer ancestor.
        let mut seen = vec![false; 3 * self.n];
        let mut a = bx;
        while a != NONE {
            seen[a] = true;
            a = self.tree_parent(a);
        }
        let mut lca = bs;
        while lca != NONE && !seen[lca] {
            lca = self.tree_parent(lca);
        }
        if lca == NONE {
            // Not one tree: cannot happen; leave the state for the check.
            self.spare.push(nb);
            return;
        }
        let mut px = Vec::new();
        let mut a = bx;
        while a != lca {
            px.push(a);
            a = self.tree_parent(a);
        }
        let mut py = Vec::new();
        let mut a = bs;
        while a != lca {
            py.push(a);
            a = self.tree_parent(a);
        }
        let mut kids = vec![lca];
        let mut links = Vec::new();
        for &c in px.iter().rev() {
            links.push(self.via[c]);
            kids.push(c);
        }
        links.push((x, s));
        for &c in &py {
            kids.push(c);
            let (p, q) = self.via[c];
            links.push((q, p));
        }
        let was_inner: Vec<usize> = kids
            .iter()
            .copied()
            .filter(|&c| self.label[c] == Label::Inner)
            .collect();
        for &c in &kids {
            self.up[c] = nb;
        }
        self.base[nb] = self.base[lca];
        self.set_label(nb, Label::Outer);
        self.via[nb] = self.via[lca];
        self.z[nb] = W::ZERO;
        self.up[nb] = NONE;
        self.kids[nb] = kids;
        self.links[nb] = links;
        self.set_top(nb, nb);
        // The new blossom's bridges: the kids' lists (minus the edges now
        // inside), and the edges of the vertices that were inner and turn
        // outer now.
        let mut list = Vec::new();
        for &c in &self.kids[nb].clone() {
            if was_inner.contains(&c) {
                continue;
            }
            for (u, v) in std::mem::take(&mut self.bridges[c])
                .into_iter()
                .map(Bridge::ends)
            {
                let t = self.top[v];
                if t != nb && self.label[t] == Label::Outer {
                    let sl = self.slack(w, u, v);
                    offer(
                        &mut self.pick,
                        &mut self.pick_slack,
                        &mut list,
                        t,
                        (u, v),
                        sl,
                    );
                }
            }
        }
        let mut vs = Vec::new();
        for c in was_inner {
            self.leaves(c, &mut vs);
            for &v in &vs {
                self.add_outer_vertex(w, v, &mut list);
            }
        }
        self.set_bridges(nb, list);
    }

    /// Dissolves blossom `b` (outermost) into its kids, which become
    /// outermost; its dual must be zero or already handed down.
    pub(super) fn dissolve(&mut self, b: usize) {
        let kids = std::mem::take(&mut self.kids[b]);
        for &c in &kids {
            self.up[c] = NONE;
            self.set_top(c, c);
        }
        self.kids[b] = kids;
        self.free_blossom(b);
    }

    pub(super) fn free_blossom(&mut self, b: usize) {
        self.bridges[b] = Vec::new();
        self.kids[b].clear();
        self.links[b].clear();
        self.z[b] = W::ZERO;
        self.label[b] = Label::None;
        self.up[b] = NONE;
        self.spare.push(b);
    }

    /// Opens an inner blossom whose dual reached zero: the kids on the even
    /// path from the entry kid to the base kid keep the tree alternating,
    /// the others drop out of it.
    pub(super) fn open_inner(&mut self, w: &Matrix<W>, b: usize) {
        let (p, q) = self.via[b];
        let mut c = q;
        while self.up[c] != b {
            c = self.up[c];
        }
        let kids = self.kids[b].clone();
        let links = self.links[b].clone();
        let k = kids.len();
        let entry = kids.iter().position(|&x| x == c).unwrap_or(0);
        self.dissolve(b);
        for &kid in &kids {
            self.label[kid] = Label::None;
        }
        self.set_label(c, Label::Inner);
        self.via[c] = (p, q);
        let mut outer = Vec::new();
        let mut to_outer = vec![false; k];
        // Walk towards the base kid along matched-then-unmatched links.
        let mut i = entry;
        let mut steps = 0;
        while i != 0 {
            let (next, edge) = if entry % 2 == 0 {
                let (a, bb) = links[i - 1];
                (i - 1, (bb, a))
            } else {
                (if i + 1 == k { 0 } else { i + 1 }, links[i])
            };
            steps += 1;
            let kid = kids[next];
            if steps % 2 == 1 {
                to_outer[next] = true;
                outer.push((kid, edge));
            } else {
                self.set_label(kid, Label::Inner);
                self.via[kid] = edge;
            }
            i = next;
        }
        // The kids off the path leave the tree before the new outer
        // vertices look at them.
        for (&kid, &goes_outer) in kids.iter().zip(&to_outer) {
            if self.label[kid] == Label::None && !goes_outer {
                self.slacks_to_keys(kid);
            }
        }
        for (kid, edge) in outer {
            self.make_outer(w, kid, edge);
        }
    }

    /// Rematches inside blossom `b` so that its vertex `v` becomes the base.
    pub(super) fn rotate(&mut self, b: usize, v: usize) {
        if b < self.n || self.base[b] == v {
            return;
        }
        let mut c = v;
        while self.up[c] != b {
            c = self.up[c];
        }
        let i = self.kids[b].iter().position(|&x| x == c).unwrap_or(0);
        self.kids[b].rotate_left(i);
        self.links[b].rotate_left(i);
        self.rotate(c, v);
        let k = self.kids[b].len();
        let mut j = 1;
        while j + 1 < k {
            let (a, d) = self.links[b][j];
            let (ca, cd) = (self.kids[b][j], self.kids[b][j + 1]);
            self.rotate(ca, a);
            self.rotate(cd, d);
            self.mate[a] = d;
            self.mate[d] = a;
            j += 2;
        }
        self.base[b] = v;
    }

    /// Flips the tree path from outer vertex `s` up to the root: `s` gets
    /// `partner` (or stays free with `NONE`), the root gets matched.
    pub(super) fn flip_up(&mut self, mut s: usize, mut partner: usize) {
        loop {
            let sb = self.top[s];
            let p = self.via[sb].0;
            self.rotate(sb, s);
            self.mate[s] = partner;
            if p == NONE {
                return;
            }
            let tb = self.top[p];
            let (q, t) = self.via[tb];
            self.rotate(tb, t);
            self.mate[t] = q;
            s = q;
            partner = t;
        }
    }

    /// Between stages, blossoms without dual are dissolved: they carry no
    /// information and nesting stays shallow.
    pub(super) fn open_empty_blossoms(&mut self) {
        let mut work: Vec<usize> = (self.n..3 * self.n)
            .filter(|&b| self.up[b] == NONE && !self.kids[b].is_empty() && self.z[b].is_zero())
            .collect();
        while let Some(b) = work.pop() {
            let kids = self.kids[b].clone();
            self.dissolve(b);
            work.extend(
                kids.into_iter()
                    .filter(|&c| c >= self.n && self.z[c].is_zero()),
            );
        }
    }

    /// Dissolves outermost blossom `b`, handing its dual down to its
    /// vertices (half to each, which keeps every edge feasible and every
    /// matched edge inside tight). Returns its base and whether it had a
    /// dual, in which case the base's outside edge lost its tightness.
    pub(super) fn hand_down(&mut self, b: usize) -> (usize, bool) {
        let zb = self.z[b];
        let half = zb.half();
        let mut vs = std::mem::take(&mut self.scratch);
        self.leaves(b, &mut vs);
        for &v in &vs {
            self.y[v] = self.y[v].add(half);
        }
        self.scratch = vs;
        let base = self.base[b];
        self.dissolve(b);
        (base, !zb.is_zero())
    }

    pub(super) fn unmatch(&mut self, v: usize) {
        let m = self.mate[v];
        if m != NONE {
            self.mate[m] = NONE;
            self.mate[v] = NONE;
        }
    }
}
