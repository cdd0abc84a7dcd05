//! The integrity check of checkpoint files: SipHash-2-4 (Aumasson and Bernstein, *SipHash: a
//! fast short-input PRF*, INDOCRYPT 2012), a keyed 64-bit tag.
//!
//! Keyed by a secret the writer keeps (the command line keeps one per user), a tag cannot be
//! recomputed by whoever edits or forges a file, unlike an unkeyed checksum; with the all-zero
//! key ([`PUBLIC_KEY`]) it is a plain checksum that catches corruption, for files that travel
//! between machines (shards merged elsewhere).

/// A SipHash key: 16 bytes.
pub type Key = [u8; 16];

/// The all-zero key: a checksum anyone can recompute (corruption, not forgery).
pub const PUBLIC_KEY: Key = [0; 16];

#[inline]
fn round(v: &mut [u64; 4]) {
    v[0] = v[0].wrapping_add(v[1]);
    v[1] = v[1].rotate_left(13) ^ v[0];
    v[0] = v[0].rotate_left(32);
    v[2] = v[2].wrapping_add(v[3]);
    v[3] = v[3].rotate_left(16) ^ v[2];
    v[0] = v[0].wrapping_add(v[3]);
    v[3] = v[3].rotate_left(21) ^ v[0];
    v[2] = v[2].wrapping_add(v[1]);
    v[1] = v[1].rotate_left(17) ^ v[2];
    v[2] = v[2].rotate_left(32);
}

/// SipHash-2-4 of `data` under `key`.
///
/// # Examples
/// ```
/// use onag::checksum::siphash24;
/// // the reference vector of the SipHash paper (appendix A)
/// let key: [u8; 16] = std::array::from_fn(|i| i as u8);
/// let data: Vec<u8> = (0..15).collect();
/// assert_eq!(siphash24(&key, &data), 0xa129_ca61_49be_45e5);
/// ```
pub fn siphash24(key: &Key, data: &[u8]) -> u64 {
    let word = |b: &[u8]| {
        let mut w = [0u8; 8];
        w[..b.len()].copy_from_slice(b);
        u64::from_le_bytes(w)
    };
    let (k0, k1) = (word(&key[..8]), word(&key[8..]));
    let mut v = [
        k0 ^ 0x736f_6d65_7073_6575,
        k1 ^ 0x646f_7261_6e64_6f6d,
        k0 ^ 0x6c79_6765_6e65_7261,
        k1 ^ 0x7465_6462_7974_6573,
    ];
    let mut blocks = data.chunks_exact(8);
    for block in &mut blocks {
        let m = word(block);
        v[3] ^= m;
        round(&mut v);
        round(&mut v);
        v[0] ^= m;
    }
    let last = word(blocks.remainder()) | ((data.len() as u64) << 56);
    v[3] ^= last;
    round(&mut v);
    round(&mut v);
    v[0] ^= last;
    v[2] ^= 0xff;
    for _ in 0..4 {
        round(&mut v);
    }
    v[0] ^ v[1] ^ v[2] ^ v[3]
}

/// The tag as files store it: `siphash24:` and 16 hex digits.
pub fn tag(key: &Key, data: &[u8]) -> String {
    format!("siphash24:{:016x}", siphash24(key, data))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first vectors of the reference implementation's table (key 00..0f, messages
    /// 00..len−1).
    #[test]
    fn reference_vectors() {
        let key: Key = std::array::from_fn(|i| i as u8);
        let data: Vec<u8> = (0..64).collect();
        let want: [u64; 9] = [
            0x726f_db47_dd0e_0e31,
            0x74f8_39c5_93dc_67fd,
            0x0d6c_8009_d9a9_4f5a,
            0x8567_6696_d7fb_7e2d,
            0xcf27_94e0_2771_87b7,
            0x1876_5564_cd99_a68d,
            0xcbc9_466e_58fe_e3ce,
            0xab02_00f5_8b01_d137,
            0x93f5_f579_9a93_2462,
        ];
        for (len, w) in want.iter().enumerate() {
            assert_eq!(siphash24(&key, &data[..len]), *w, "length {len}");
        }
        assert_eq!(siphash24(&key, &data[..15]), 0xa129_ca61_49be_45e5);
    }

    #[test]
    fn the_key_changes_the_tag() {
        assert_ne!(tag(&PUBLIC_KEY, b"abc"), tag(&[1; 16], b"abc"));
        assert_ne!(tag(&PUBLIC_KEY, b"abc"), tag(&PUBLIC_KEY, b"abd"));
    }
}
