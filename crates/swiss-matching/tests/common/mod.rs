//! Shared by the tests and the benchmark (`#[path]`-included there): a
//! reproducible generator without a dependency.
#![allow(dead_code)]

/// xorshift64*: the same numbers on every machine.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// Uniform-ish in `0..k` (modulo; fine for tests).
    pub fn below(&mut self, k: u64) -> u64 {
        self.next() % k.max(1)
    }

    /// A random odd 120-bit weight.
    pub fn u120(&mut self) -> u128 {
        ((u128::from(self.next()) << 56) ^ u128::from(self.next())) | 1
    }
}
