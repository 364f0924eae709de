//! Four `u32` lanes with the bitwise operations the band solver's fixed-point passes need:
//! SSE2 on x86-64 (part of its baseline), plain arrays elsewhere.
//!
//! The compiler's vectoriser turned the triad pass into scalar code with lane packing, about
//! as slow as no vectors at all; written against this type it runs one instruction per
//! operation for all four lanes.

#[cfg(target_arch = "x86_64")]
mod imp {
    // SAFETY (every `unsafe` block below): the intrinsics need SSE2, which every x86-64
    // CPU has; they touch no memory but `to_array`'s, which says why it is sound.
    use std::arch::x86_64::*;

    /// Four `u32` lanes.
    #[derive(Clone, Copy)]
    pub struct U32x4(__m128i);

    impl U32x4 {
        #[inline(always)]
        pub fn new(l: [u32; 4]) -> Self {
            U32x4(unsafe { _mm_setr_epi32(l[0] as i32, l[1] as i32, l[2] as i32, l[3] as i32) })
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

        #[inline(always)]
        pub fn and(self, o: Self) -> Self {
            U32x4(unsafe { _mm_and_si128(self.0, o.0) })
        }

        #[inline(always)]
        pub fn or(self, o: Self) -> Self {
            U32x4(unsafe { _mm_or_si128(self.0, o.0) })
        }

        /// `self & !o`.
        #[inline(always)]
        pub fn and_not(self, o: Self) -> Self {
            U32x4(unsafe { _mm_andnot_si128(o.0, self.0) })
        }

        #[inline(always)]
        pub fn shr<const N: i32>(self) -> Self {
            U32x4(unsafe { _mm_srli_epi32::<N>(self.0) })
        }

        #[inline(always)]
        pub fn shl<const N: i32>(self) -> Self {
            U32x4(unsafe { _mm_slli_epi32::<N>(self.0) })
        }

        /// Lane-wise wrapping sum.
        #[inline(always)]
        pub fn add(self, o: Self) -> Self {
            U32x4(unsafe { _mm_add_epi32(self.0, o.0) })
        }

        /// All ones in the lanes that are zero, zero in the others.
        #[inline(always)]
        pub fn eq_zero(self) -> Self {
            U32x4(unsafe { _mm_cmpeq_epi32(self.0, _mm_setzero_si128()) })
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
}

#[cfg(not(target_arch = "x86_64"))]
mod imp {
    /// Four `u32` lanes.
    #[derive(Clone, Copy)]
    pub struct U32x4([u32; 4]);

    impl U32x4 {
        #[inline(always)]
        pub fn new(l: [u32; 4]) -> Self {
            U32x4(l)
        }

        #[inline(always)]
        pub fn zero() -> Self {
            U32x4([0; 4])
        }

        #[inline(always)]
        pub fn to_array(self) -> [u32; 4] {
            self.0
        }

        #[inline(always)]
        pub fn and(self, o: Self) -> Self {
            U32x4(std::array::from_fn(|l| self.0[l] & o.0[l]))
        }

        #[inline(always)]
        pub fn or(self, o: Self) -> Self {
            U32x4(std::array::from_fn(|l| self.0[l] | o.0[l]))
        }

        /// `self & !o`.
        #[inline(always)]
        pub fn and_not(self, o: Self) -> Self {
            U32x4(std::array::from_fn(|l| self.0[l] & !o.0[l]))
        }

        #[inline(always)]
        pub fn shr<const N: i32>(self) -> Self {
            U32x4(self.0.map(|x| x >> N))
        }

        #[inline(always)]
        pub fn shl<const N: i32>(self) -> Self {
            U32x4(self.0.map(|x| x << N))
        }

        /// Lane-wise wrapping sum.
        #[inline(always)]
        pub fn add(self, o: Self) -> Self {
            U32x4(std::array::from_fn(|l| self.0[l].wrapping_add(o.0[l])))
        }

        /// All ones in the lanes that are zero, zero in the others.
        #[inline(always)]
        pub fn eq_zero(self) -> Self {
            U32x4(self.0.map(|x| if x == 0 { u32::MAX } else { 0 }))
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
}

pub use imp::U32x4;

impl U32x4 {
    /// The same value in every lane.
    #[inline(always)]
    pub fn splat(x: u32) -> Self {
        Self::new([x; 4])
    }
}

#[cfg(test)]
mod tests {
    use super::U32x4;

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
}
