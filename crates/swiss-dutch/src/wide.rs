//! Fixed-width unsigned integers for the packed edge weights.
//!
//! The Dutch criteria are packed into one integer per pair, most important
//! criterion in the highest bits (C.04.3 C.4-C.19). A big bracket needs a few
//! hundred bits, so the width is a const parameter chosen per bracket.

use std::cmp::Ordering;

/// What the matching needs from a weight: exact integer arithmetic on
/// non-negative values.
pub(crate) trait Weight: Copy + Ord + Eq + std::fmt::Debug {
    /// Zero.
    const ZERO: Self;
    /// `self + o` (no overflow in correct use).
    fn add(self, o: Self) -> Self;
    /// `self - o` (wrapping; callers keep results non-negative).
    fn sub(self, o: Self) -> Self;
    /// `self / 2`, rounded down.
    fn half(self) -> Self;
    /// `self * 2`.
    fn double(self) -> Self;
    /// Whether it is zero.
    fn is_zero(self) -> bool {
        self == Self::ZERO
    }
}

impl Weight for u64 {
    const ZERO: Self = 0;
    fn add(self, o: Self) -> Self {
        self.wrapping_add(o)
    }
    fn sub(self, o: Self) -> Self {
        self.wrapping_sub(o)
    }
    fn half(self) -> Self {
        self >> 1
    }
    fn double(self) -> Self {
        self << 1
    }
}

/// An unsigned integer of `64 * N` bits, little-endian limbs, wrapping arithmetic.
#[derive(Clone, Copy, Eq, Debug)]
pub(crate) struct Wide<const N: usize>(pub(crate) [u64; N]);

impl<const N: usize> Wide<N> {
    /// A small value.
    pub(crate) fn from_u64(v: u64) -> Self {
        let mut a = [0; N];
        a[0] = v;
        Wide(a)
    }

    /// `1 << bit`.
    pub(crate) fn bit(bit: u32) -> Self {
        let mut a = [0; N];
        let (limb, off) = ((bit / 64) as usize, bit % 64);
        if limb < N {
            a[limb] = 1 << off;
        }
        Wide(a)
    }

    /// `self << s`.
    pub(crate) fn shl(self, s: u32) -> Self {
        let (limbs, bits) = ((s / 64) as usize, s % 64);
        let mut a = [0; N];
        for i in (limbs..N).rev() {
            let lo = self.0[i - limbs];
            a[i] = lo << bits;
            if bits > 0 && i > limbs {
                a[i] |= self.0[i - limbs - 1] >> (64 - bits);
            }
        }
        Wide(a)
    }

    /// `self + v` for a small `v`.
    pub(crate) fn add_u64(self, v: u64) -> Self {
        self.add(Self::from_u64(v))
    }

    /// `self - v` for a small `v`.
    pub(crate) fn sub_u64(self, v: u64) -> Self {
        self.sub(Self::from_u64(v))
    }

    /// Bits needed to write the value.
    #[cfg(test)]
    pub(crate) fn bits(self) -> u32 {
        for i in (0..N).rev() {
            if self.0[i] != 0 {
                return 64 * i as u32 + 64 - self.0[i].leading_zeros();
            }
        }
        0
    }
}

impl<const N: usize> PartialEq for Wide<N> {
    fn eq(&self, o: &Self) -> bool {
        // Limb by limb: the derived comparison goes through memcmp.
        let mut diff = 0;
        for i in 0..N {
            diff |= self.0[i] ^ o.0[i];
        }
        diff == 0
    }
}

impl<const N: usize> Ord for Wide<N> {
    fn cmp(&self, o: &Self) -> Ordering {
        for i in (0..N).rev() {
            match self.0[i].cmp(&o.0[i]) {
                Ordering::Equal => {}
                x => return x,
            }
        }
        Ordering::Equal
    }
}

impl<const N: usize> PartialOrd for Wide<N> {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl<const N: usize> Weight for Wide<N> {
    const ZERO: Self = Wide([0; N]);
    fn add(self, o: Self) -> Self {
        let mut a = [0; N];
        let mut carry = false;
        for (i, x) in a.iter_mut().enumerate() {
            let (s1, c1) = self.0[i].overflowing_add(o.0[i]);
            let (s2, c2) = s1.overflowing_add(u64::from(carry));
            *x = s2;
            carry = c1 || c2;
        }
        Wide(a)
    }
    fn sub(self, o: Self) -> Self {
        let mut a = [0; N];
        let mut borrow = false;
        for (i, x) in a.iter_mut().enumerate() {
            let (s1, b1) = self.0[i].overflowing_sub(o.0[i]);
            let (s2, b2) = s1.overflowing_sub(u64::from(borrow));
            *x = s2;
            borrow = b1 || b2;
        }
        Wide(a)
    }
    fn half(self) -> Self {
        let mut a = [0; N];
        for (i, x) in a.iter_mut().enumerate() {
            *x = self.0[i] >> 1;
            if i + 1 < N {
                *x |= self.0[i + 1] << 63;
            }
        }
        Wide(a)
    }
    fn double(self) -> Self {
        self.shl(1)
    }
    fn is_zero(self) -> bool {
        let mut any = 0;
        for x in self.0 {
            any |= x;
        }
        any == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_arithmetic_matches_u128() {
        let vals: [u128; 6] = [0, 1, 7, u64::MAX as u128, (u64::MAX as u128) + 5, 1 << 100];
        let w = |v: u128| Wide::<2>([v as u64, (v >> 64) as u64]);
        for &a in &vals {
            for &b in &vals {
                assert_eq!(w(a).add(w(b)), w(a.wrapping_add(b)));
                assert_eq!(w(a).sub(w(b)), w(a.wrapping_sub(b)));
                assert_eq!(w(a).cmp(&w(b)), a.cmp(&b));
            }
            assert_eq!(w(a).half(), w(a >> 1));
            for s in [0, 1, 5, 63, 64, 70] {
                assert_eq!(w(a).shl(s), w(a << s));
            }
        }
        assert_eq!(Wide::<2>::bit(70), w(1 << 70));
        assert_eq!(w(1 << 70).bits(), 71);
    }
}
