//! Edge weights: exact unsigned integers of a width the caller picks.

use std::cmp::Ordering;

/// An exact unsigned integer usable as an edge weight.
///
/// Arithmetic wraps; the solver keeps every intermediate value in range as
/// long as each weight is below `2^(BITS - 3)` (see [`crate::DenseMatching`]).
pub trait Weight: Copy + Ord + Eq + std::hash::Hash + std::fmt::Debug + Send + Sync {
    /// Zero (also "no edge").
    const ZERO: Self;
    /// Width in bits.
    const BITS: u32;
    /// A value from a `u64`.
    fn from_u64(v: u64) -> Self;
    /// `1 << k` (zero when `k >= BITS`).
    fn bit(k: u32) -> Self;
    /// `self + o`, wrapping.
    fn add(self, o: Self) -> Self;
    /// `self - o`, wrapping.
    fn sub(self, o: Self) -> Self;
    /// `self / 2`, rounded down.
    fn half(self) -> Self;
    /// `self * 2`, wrapping.
    fn double(self) -> Self;
    /// Whether the value is zero.
    fn is_zero(self) -> bool {
        self == Self::ZERO
    }
}

macro_rules! primitive_weight {
    ($t:ty) => {
        impl Weight for $t {
            const ZERO: Self = 0;
            const BITS: u32 = <$t>::BITS;
            fn from_u64(v: u64) -> Self {
                v.into()
            }
            fn bit(k: u32) -> Self {
                (1 as $t).checked_shl(k).unwrap_or(0)
            }
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
    };
}

primitive_weight!(u64);
primitive_weight!(u128);

/// An unsigned integer of `64 * N` bits: `N` limbs, least significant
/// first, with wrapping arithmetic. For weights that pack many criteria.
#[derive(Clone, Copy, Eq, Debug)]
pub struct Wide<const N: usize>([u64; N]);

// By hand: the derived comparison calls `memcmp`, which took a tenth of a
// big bracket's time.
impl<const N: usize> PartialEq for Wide<N> {
    fn eq(&self, o: &Self) -> bool {
        self.0.iter().zip(&o.0).fold(0, |d, (a, b)| d | (a ^ b)) == 0
    }
}

// Equal values have equal limbs, as `eq` requires.
impl<const N: usize> std::hash::Hash for Wide<N> {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.0.hash(h);
    }
}

impl<const N: usize> Default for Wide<N> {
    fn default() -> Self {
        Self::ZERO
    }
}

impl<const N: usize> Wide<N> {
    /// Zero.
    pub const ZERO: Self = Wide([0; N]);

    /// The value with these limbs (least significant first).
    pub const fn from_limbs(limbs: [u64; N]) -> Self {
        Wide(limbs)
    }

    /// The limbs, least significant first.
    pub const fn limbs(self) -> [u64; N] {
        self.0
    }

    /// A value below `2^64`.
    pub fn from_u64(v: u64) -> Self {
        let mut a = [0; N];
        if let Some(x) = a.first_mut() {
            *x = v;
        }
        Wide(a)
    }

    /// `1 << k` (zero when `k >= 64 * N`).
    pub fn bit(k: u32) -> Self {
        let mut a = [0; N];
        if let Some(x) = a.get_mut((k / 64) as usize) {
            *x = 1 << (k % 64);
        }
        Wide(a)
    }

    /// `self << s`; bits shifted past the top are lost.
    #[allow(clippy::should_implement_trait)]
    #[allow(clippy::needless_range_loop)]
    pub fn shl(self, s: u32) -> Self {
        let (limbs, bits) = ((s / 64) as usize, s % 64);
        let mut a = [0; N];
        for i in limbs..N {
            a[i] = self.0[i - limbs] << bits;
            if bits > 0 && i > limbs {
                a[i] |= self.0[i - limbs - 1] >> (64 - bits);
            }
        }
        Wide(a)
    }

    /// `self + o`, wrapping.
    #[allow(clippy::should_implement_trait)]
    pub fn add(self, o: Self) -> Self {
        let mut a = [0; N];
        let mut carry = false;
        for (i, x) in a.iter_mut().enumerate() {
            let (s, c1) = self.0[i].overflowing_add(o.0[i]);
            let (s, c2) = s.overflowing_add(u64::from(carry));
            *x = s;
            carry = c1 | c2;
        }
        Wide(a)
    }

    /// `self - o`, wrapping.
    #[allow(clippy::should_implement_trait)]
    pub fn sub(self, o: Self) -> Self {
        let mut a = [0; N];
        let mut borrow = false;
        for (i, x) in a.iter_mut().enumerate() {
            let (s, b1) = self.0[i].overflowing_sub(o.0[i]);
            let (s, b2) = s.overflowing_sub(u64::from(borrow));
            *x = s;
            borrow = b1 | b2;
        }
        Wide(a)
    }

    /// `self + v`, wrapping.
    pub fn add_u64(self, v: u64) -> Self {
        self.add(Self::from_u64(v))
    }

    /// `self - v`, wrapping.
    pub fn sub_u64(self, v: u64) -> Self {
        self.sub(Self::from_u64(v))
    }

    /// `self / 2`, rounded down.
    pub fn half(self) -> Self {
        let mut a = [0; N];
        for (i, x) in a.iter_mut().enumerate() {
            *x = self.0[i] >> 1;
            if i + 1 < N {
                *x |= self.0[i + 1] << 63;
            }
        }
        Wide(a)
    }

    /// `self * 2`, wrapping.
    pub fn double(self) -> Self {
        self.shl(1)
    }

    /// Whether the value is zero.
    pub fn is_zero(self) -> bool {
        self.0.iter().all(|&x| x == 0)
    }

    /// Bits needed to write the value (0 for zero).
    pub fn bits(self) -> u32 {
        for i in (0..N).rev() {
            if self.0[i] != 0 {
                return 64 * i as u32 + 64 - self.0[i].leading_zeros();
            }
        }
        0
    }
}

impl<const N: usize> Ord for Wide<N> {
    fn cmp(&self, o: &Self) -> Ordering {
        // Most significant limb first.
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

impl<const N: usize> From<u64> for Wide<N> {
    fn from(v: u64) -> Self {
        Self::from_u64(v)
    }
}

impl<const N: usize> Weight for Wide<N> {
    const ZERO: Self = Wide([0; N]);
    const BITS: u32 = 64 * N as u32;
    fn from_u64(v: u64) -> Self {
        Wide::from_u64(v)
    }
    fn bit(k: u32) -> Self {
        Wide::bit(k)
    }
    fn add(self, o: Self) -> Self {
        Wide::add(self, o)
    }
    fn sub(self, o: Self) -> Self {
        Wide::sub(self, o)
    }
    fn half(self) -> Self {
        Wide::half(self)
    }
    fn double(self) -> Self {
        Wide::double(self)
    }
    fn is_zero(self) -> bool {
        Wide::is_zero(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(v: u128) -> Wide<2> {
        Wide::from_limbs([v as u64, (v >> 64) as u64])
    }

    #[test]
    fn wide_agrees_with_u128() {
        let vals: [u128; 7] = [
            0,
            1,
            7,
            u64::MAX as u128,
            (u64::MAX as u128) + 5,
            1 << 100,
            u128::MAX,
        ];
        for &a in &vals {
            for &b in &vals {
                assert_eq!(w(a).add(w(b)), w(a.wrapping_add(b)));
                assert_eq!(w(a).sub(w(b)), w(a.wrapping_sub(b)));
                assert_eq!(w(a).cmp(&w(b)), a.cmp(&b));
            }
            assert_eq!(w(a).half(), w(a >> 1));
            assert_eq!(w(a).double(), w(a << 1));
            assert_eq!(w(a).is_zero(), a == 0);
            for s in [0, 1, 5, 63, 64, 70, 127] {
                assert_eq!(w(a).shl(s), w(a << s));
            }
        }
        assert_eq!(Wide::<2>::bit(70), w(1 << 70));
        assert_eq!(Wide::<2>::bit(128), Wide::ZERO);
        assert_eq!(w(1 << 70).bits(), 71);
        assert_eq!(w(5).add_u64(3).sub_u64(1), w(7));
        assert_eq!(<u64 as Weight>::bit(64), 0);
    }
}
