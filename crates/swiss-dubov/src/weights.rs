//! Lexicographic edge weights: several criteria packed into one integer,
//! the most important in the highest bits, each field wide enough to hold
//! its sum over a whole matching (so fields never carry into each other).

use swiss_matching::Weight;

/// Bits needed to write `x`.
pub(crate) fn bits(x: u64) -> u32 {
    64 - x.leading_zeros()
}

/// Where each field sits.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    /// Offset of each field, most important field first.
    offsets: Vec<u32>,
    /// Total width.
    pub total: u32,
}

impl Layout {
    /// Fields with these maximum sums, most important first.
    pub fn new(max_sums: &[u64]) -> Layout {
        let mut offsets = vec![0; max_sums.len()];
        let mut at = 0;
        for (f, &m) in max_sums.iter().enumerate().rev() {
            offsets[f] = at;
            at += bits(m);
        }
        Layout { offsets, total: at }
    }

    /// The offset of field `f`.
    pub fn offset(&self, f: usize) -> u32 {
        self.offsets[f]
    }

    /// The weight with these field values (each below its field's width).
    pub fn pack<W: Weight>(&self, values: &[u64]) -> W {
        let mut w = W::ZERO;
        for (f, &v) in values.iter().enumerate() {
            let mut v = v;
            let mut b = self.offsets[f];
            while v != 0 {
                if v & 1 == 1 {
                    w = w.add(W::bit(b));
                }
                v >>= 1;
                b += 1;
            }
        }
        w
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_do_not_overlap() {
        let l = Layout::new(&[3, 1, 10]);
        assert_eq!(l.total, 2 + 1 + 4);
        assert_eq!(l.offset(2), 0);
        assert_eq!(l.offset(1), 4);
        assert_eq!(l.offset(0), 5);
        let w: u64 = l.pack(&[3, 1, 10]);
        assert_eq!(w, (3 << 5) | (1 << 4) | 10);
    }
}
