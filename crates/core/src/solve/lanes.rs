//! Lanes of `u32` with the bitwise operations the band solver's fixed-point passes need: four
//! in SSE2 on x86-64 (part of its baseline), plain arrays elsewhere, and eight in AVX2 for the
//! round that runs only where the CPU has AVX2. [`Lanes`] is what both widths do, so the
//! band solver writes the logic of a bulk round once for either width.
//!
//! The compiler's vectoriser turned the triad pass into scalar code with lane packing, about
//! as slow as no vectors at all; written against this type it runs one instruction per
//! operation for all four lanes.

/// What four and eight lanes both do, lane by lane. Written generically over it, a function
/// marked `#[inline(always)]` compiles to the same instructions as one written with the
/// intrinsics of its width, once inlined into the caller that has the instructions (the
/// AVX2 round's code is the same length either way).
pub trait Lanes: Copy {
    /// A vector of this width with `x` in every lane. A method, so that only a vector that
    /// exists (and so a CPU that has its instructions) makes another.
    fn fill(self, x: u32) -> Self;

    fn and(self, o: Self) -> Self;

    fn or(self, o: Self) -> Self;

    /// `self & !o`.
    fn and_not(self, o: Self) -> Self;

    fn shr<const N: i32>(self) -> Self;

    fn shl<const N: i32>(self) -> Self;

    /// Lane-wise wrapping sum.
    fn add(self, o: Self) -> Self;

    /// All ones in the lanes that are zero, zero in the others.
    fn eq_zero(self) -> Self;
}

#[cfg(target_arch = "x86_64")]
mod imp {
    // SAFETY (every `unsafe` block below): `U32x4`'s intrinsics need SSE2, which every x86-64
    // CPU has; `U32x8`'s need AVX2, which a `U32x8` exists only on (see `U32x8::wrap`). They
    // touch no memory but `to_array`'s, which says why it is sound.
    use super::Lanes;
    use std::arch::x86_64::*;

    /// Four `u32` lanes.
    #[derive(Clone, Copy)]
    pub struct U32x4(__m128i);

    impl U32x4 {
        #[inline(always)]
        pub fn new(l: [u32; 4]) -> Self {
            U32x4(unsafe { _mm_setr_epi32(l[0] as i32, l[1] as i32, l[2] as i32, l[3] as i32) })
        }

        /// The same value in every lane.
        #[inline(always)]
        pub fn splat(x: u32) -> Self {
            U32x4(unsafe { _mm_set1_epi32(x as i32) })
        }

        #[inline(always)]
        pub fn zero() -> Self {
            U32x4(unsafe { _mm_setzero_si128() })
        }

        #[inline(always)]
        pub fn to_array(self) -> [u32; 4] {
            let mut out = [0u32; 4];
            // SAFETY: `out` is 16 writable bytes; `storeu` takes any alignment.
            unsafe { _mm_storeu_si128(out.as_mut_ptr().cast(), self.0) };
            out
        }

        /// Lane 3 in every lane.
        #[inline(always)]
        pub fn broadcast3(self) -> Self {
            U32x4(unsafe { _mm_shuffle_epi32::<0xff>(self.0) })
        }

        /// Bit `l` set when lane `l`'s top bit is set: the lanes that `eq_zero` made all ones.
        #[inline(always)]
        pub fn lane_mask(self) -> u32 {
            // SAFETY: SSE2, as above.
            unsafe { _mm_movemask_ps(_mm_castsi128_ps(self.0)) as u32 }
        }

        /// Whether any bit of any lane is set.
        #[inline(always)]
        pub fn any(self) -> bool {
            // SAFETY: SSE2, as above.
            unsafe { _mm_movemask_epi8(_mm_cmpeq_epi8(self.0, _mm_setzero_si128())) != 0xffff }
        }
    }

    impl Lanes for U32x4 {
        #[inline(always)]
        fn fill(self, x: u32) -> Self {
            U32x4::splat(x)
        }

        #[inline(always)]
        fn and(self, o: Self) -> Self {
            U32x4(unsafe { _mm_and_si128(self.0, o.0) })
        }

        #[inline(always)]
        fn or(self, o: Self) -> Self {
            U32x4(unsafe { _mm_or_si128(self.0, o.0) })
        }

        #[inline(always)]
        fn and_not(self, o: Self) -> Self {
            U32x4(unsafe { _mm_andnot_si128(o.0, self.0) })
        }

        #[inline(always)]
        fn shr<const N: i32>(self) -> Self {
            U32x4(unsafe { _mm_srli_epi32::<N>(self.0) })
        }

        #[inline(always)]
        fn shl<const N: i32>(self) -> Self {
            U32x4(unsafe { _mm_slli_epi32::<N>(self.0) })
        }

        #[inline(always)]
        fn add(self, o: Self) -> Self {
            U32x4(unsafe { _mm_add_epi32(self.0, o.0) })
        }

        #[inline(always)]
        fn eq_zero(self) -> Self {
            U32x4(unsafe { _mm_cmpeq_epi32(self.0, _mm_setzero_si128()) })
        }
    }

    /// Eight `u32` lanes in an AVX2 register. Only [`U32x8::wrap`], which is `unsafe`, makes
    /// one from nothing: holding one means the CPU has AVX2.
    #[derive(Clone, Copy)]
    pub struct U32x8(__m256i);

    impl U32x8 {
        /// The lanes of `v`.
        ///
        /// # Safety
        ///
        /// The CPU must have AVX2: every operation on the result and on the vectors made from
        /// it runs AVX2 instructions. (Code compiled with AVX2 enabled, which only runs where
        /// it was detected, may make one.)
        #[inline(always)]
        pub unsafe fn wrap(v: __m256i) -> Self {
            U32x8(v)
        }

        /// The register, for the AVX2 instructions [`Lanes`] has no word for.
        #[inline(always)]
        pub fn raw(self) -> __m256i {
            self.0
        }
    }

    impl Lanes for U32x8 {
        #[inline(always)]
        fn fill(self, x: u32) -> Self {
            U32x8(unsafe { _mm256_set1_epi32(x as i32) })
        }

        #[inline(always)]
        fn and(self, o: Self) -> Self {
            U32x8(unsafe { _mm256_and_si256(self.0, o.0) })
        }

        #[inline(always)]
        fn or(self, o: Self) -> Self {
            U32x8(unsafe { _mm256_or_si256(self.0, o.0) })
        }

        #[inline(always)]
        fn and_not(self, o: Self) -> Self {
            U32x8(unsafe { _mm256_andnot_si256(o.0, self.0) })
        }

        #[inline(always)]
        fn shr<const N: i32>(self) -> Self {
            U32x8(unsafe { _mm256_srli_epi32::<N>(self.0) })
        }

        #[inline(always)]
        fn shl<const N: i32>(self) -> Self {
            U32x8(unsafe { _mm256_slli_epi32::<N>(self.0) })
        }

        #[inline(always)]
        fn add(self, o: Self) -> Self {
            U32x8(unsafe { _mm256_add_epi32(self.0, o.0) })
        }

        #[inline(always)]
        fn eq_zero(self) -> Self {
            U32x8(unsafe { _mm256_cmpeq_epi32(self.0, _mm256_setzero_si256()) })
        }
    }
}

#[cfg(not(target_arch = "x86_64"))]
mod imp {
    use super::Lanes;

    /// Four `u32` lanes.
    #[derive(Clone, Copy)]
    pub struct U32x4([u32; 4]);

    impl U32x4 {
        #[inline(always)]
        pub fn new(l: [u32; 4]) -> Self {
            U32x4(l)
        }

        /// The same value in every lane.
        #[inline(always)]
        pub fn splat(x: u32) -> Self {
            U32x4([x; 4])
        }

        #[inline(always)]
        pub fn zero() -> Self {
            U32x4([0; 4])
        }

        #[inline(always)]
        pub fn to_array(self) -> [u32; 4] {
            self.0
        }

        /// Lane 3 in every lane.
        #[inline(always)]
        pub fn broadcast3(self) -> Self {
            U32x4([self.0[3]; 4])
        }

        /// Bit `l` set when lane `l`'s top bit is set: the lanes that `eq_zero` made all ones.
        #[inline(always)]
        pub fn lane_mask(self) -> u32 {
            (0..4).fold(0, |m, l| m | (self.0[l] >> 31) << l)
        }

        /// Whether any bit of any lane is set.
        #[inline(always)]
        pub fn any(self) -> bool {
            self.0.iter().any(|&x| x != 0)
        }
    }

    impl Lanes for U32x4 {
        #[inline(always)]
        fn fill(self, x: u32) -> Self {
            U32x4::splat(x)
        }

        #[inline(always)]
        fn and(self, o: Self) -> Self {
            U32x4(std::array::from_fn(|l| self.0[l] & o.0[l]))
        }

        #[inline(always)]
        fn or(self, o: Self) -> Self {
            U32x4(std::array::from_fn(|l| self.0[l] | o.0[l]))
        }

        #[inline(always)]
        fn and_not(self, o: Self) -> Self {
            U32x4(std::array::from_fn(|l| self.0[l] & !o.0[l]))
        }

        #[inline(always)]
        fn shr<const N: i32>(self) -> Self {
            U32x4(self.0.map(|x| x >> N))
        }

        #[inline(always)]
        fn shl<const N: i32>(self) -> Self {
            U32x4(self.0.map(|x| x << N))
        }

        #[inline(always)]
        fn add(self, o: Self) -> Self {
            U32x4(std::array::from_fn(|l| self.0[l].wrapping_add(o.0[l])))
        }

        #[inline(always)]
        fn eq_zero(self) -> Self {
            U32x4(self.0.map(|x| if x == 0 { u32::MAX } else { 0 }))
        }
    }
}

pub use imp::U32x4;
#[cfg(target_arch = "x86_64")]
pub use imp::U32x8;

#[cfg(test)]
mod tests {
    use super::{Lanes, U32x4};

    #[test]
    fn lanes_do_what_scalars_do() {
        let a = [0x8000_0001, 0x0f0f_0f0f, 0, 0x7fff_ffff];
        let b = [0xffff_0000, 0x00ff_00ff, 0x1234_5678, 1];
        let (va, vb) = (U32x4::new(a), U32x4::new(b));
        let each = |f: fn(u32, u32) -> u32| std::array::from_fn::<u32, 4, _>(|l| f(a[l], b[l]));
        assert_eq!(va.and(vb).to_array(), each(|x, y| x & y));
        assert_eq!(va.or(vb).to_array(), each(|x, y| x | y));
        assert_eq!(va.and_not(vb).to_array(), each(|x, y| x & !y));
        assert_eq!(va.shr::<9>().to_array(), a.map(|x| x >> 9));
        assert_eq!(va.shl::<18>().to_array(), a.map(|x| x << 18));
        assert_eq!(va.add(vb).to_array(), each(|x, y| x.wrapping_add(y)));
        assert_eq!(
            U32x4::new([0, 5, 0, 1]).eq_zero().to_array(),
            [!0, 0, !0, 0]
        );
        assert_eq!(va.broadcast3().to_array(), [a[3]; 4]);
        assert_eq!(U32x4::new([0, 5, 0, 1]).eq_zero().lane_mask(), 0b0101);
        assert_eq!(va.lane_mask(), 0b0001);
        assert_eq!(U32x4::splat(7).to_array(), [7; 4]);
        assert!(va.any());
        assert!(!U32x4::zero().any());
        assert!(U32x4::new([0, 0, 0, 1 << 31]).any());
    }

    /// Eight lanes do what four do, lane for lane (where the CPU has AVX2).
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn eight_lanes_do_what_four_do() {
        use super::U32x8;
        use std::arch::x86_64::*;
        #[target_feature(enable = "avx2")]
        fn eight(a: [u32; 8], b: [u32; 8]) -> Vec<[u32; 8]> {
            // SAFETY: 32 readable bytes each; AVX2 is enabled here, and the caller checked it.
            let load = |x: [u32; 8]| unsafe { U32x8::wrap(_mm256_loadu_si256(x.as_ptr().cast())) };
            let (va, vb) = (load(a), load(b));
            let out = |v: U32x8| {
                let mut o = [0u32; 8];
                // SAFETY: `o` is 32 writable bytes.
                unsafe { _mm256_storeu_si256(o.as_mut_ptr().cast(), v.raw()) };
                o
            };
            [
                va.and(vb),
                va.or(vb),
                va.and_not(vb),
                va.shr::<9>(),
                va.shl::<18>(),
                va.add(vb),
                vb.eq_zero(),
                va.fill(0o123),
            ]
            .map(out)
            .into()
        }
        fn four(a: [u32; 8], b: [u32; 8]) -> Vec<[u32; 8]> {
            let half = |h: usize| {
                let (va, vb) = (
                    U32x4::new(a[h..h + 4].try_into().unwrap()),
                    U32x4::new(b[h..h + 4].try_into().unwrap()),
                );
                [
                    va.and(vb),
                    va.or(vb),
                    va.and_not(vb),
                    va.shr::<9>(),
                    va.shl::<18>(),
                    va.add(vb),
                    vb.eq_zero(),
                    va.fill(0o123),
                ]
                .map(U32x4::to_array)
            };
            let (lo, hi) = (half(0), half(4));
            (0..8)
                .map(|i| std::array::from_fn(|l| if l < 4 { lo[i][l] } else { hi[i][l - 4] }))
                .collect()
        }
        if !is_x86_feature_detected!("avx2") {
            eprintln!("no AVX2 on this CPU: eight lanes not tried");
            return;
        }
        let a = [
            0x8000_0001,
            0x0f0f_0f0f,
            0,
            0x7fff_ffff,
            7,
            u32::MAX,
            1 << 31,
            0x1234_5678,
        ];
        let b = [0xffff_0000, 0x00ff_00ff, 0x1234_5678, 1, 0, 0, 9, u32::MAX];
        // SAFETY: AVX2 was detected just above.
        assert_eq!(unsafe { eight(a, b) }, four(a, b));
    }
}
