//! Misère quotients the web app knows beforehand: the certificates committed under
//! `results/quotients/` (Dawson's Kayles Q_33, Kayles Q_120), packed into the crate by its
//! build script, deflated. A heap position they cover is answered by table look-ups instead
//! of building the quotient for the request (Q_33 of 0.07 takes seconds: past a page's
//! patience, and near the server's time budget under load).
//!
//! A certificate is trusted no more than a file a user gives `onag heaps play --quotient`:
//! on first use its checksum is checked, then [`MisereQuotient::from_certificate`] re-verifies
//! the quotient (the local condition for every position it covers, and brute-force outcomes
//! of the positions up to a total size). One that fails is not used, and the position is
//! answered as if there were none.

use std::sync::OnceLock;

use onag::heaps::quotient::{Certificate, MisereQuotient};
use onag::heaps::Ruleset;
use onag::StopFlag;

/// (ruleset, file in the repository, deflated certificate), written by `build.rs`.
const PACKED: [(&str, &str, &[u8]); 2] = include!(concat!(env!("OUT_DIR"), "/certificates.rs"));

/// The largest certificate unpacked (Dawson's Kayles Q_33 is 1.45 MB).
const MAX_CERTIFICATE_BYTES: usize = 16 << 20;

/// The brute-force check a certificate passes on first use: every position of total size up
/// to this is compared with the definition of misère outcomes (the same total as a
/// `--quotient` file's on the command line).
const CHECK_TOTAL: usize = 16;

/// The checked quotient of the packed certificate `i`, or why it is not used.
fn load(i: usize) -> Result<MisereQuotient, String> {
    let (_, file, packed) = PACKED[i];
    let bytes = miniz_oxide::inflate::decompress_to_vec_with_limit(packed, MAX_CERTIFICATE_BYTES)
        .map_err(|e| format!("{file}: cannot be unpacked ({e:?})"))?;
    let body = crate::shard::unseal_capped(
        &bytes,
        MAX_CERTIFICATE_BYTES as u64,
        "a quotient certificate",
        "checksum",
        &onag::checksum::PUBLIC_KEY,
    )
    .map_err(|e| format!("{file} {e}"))?;
    let cert: Certificate =
        serde_json::from_slice(&body).map_err(|e| format!("{file}: not a certificate ({e})"))?;
    MisereQuotient::from_certificate(&cert, CHECK_TOTAL, &StopFlag::new())
        .map_err(|e| format!("{file}: {e}"))
}

/// Each packed certificate's quotient once checked (`None`: it failed its check).
fn loaded(i: usize) -> Option<&'static MisereQuotient> {
    static LOADED: [OnceLock<Option<MisereQuotient>>; PACKED.len()] =
        [const { OnceLock::new() }; PACKED.len()];
    LOADED[i].get_or_init(|| load(i).ok()).as_ref()
}

/// The committed quotient of `ruleset`, checked, if there is one.
///
/// # Examples
/// ```
/// let dawson: onag::heaps::Ruleset = "0.07".parse().unwrap();
/// let q = onag_api::known_quotients::quotient(&dawson).unwrap();
/// assert_eq!((q.max_heap(), q.order()), (33, 638));
/// assert!(onag_api::known_quotients::quotient(&"0.137".parse().unwrap()).is_none());
/// ```
pub fn quotient(ruleset: &Ruleset) -> Option<&'static MisereQuotient> {
    let i = PACKED
        .iter()
        .position(|(code, _, _)| code.parse::<Ruleset>().is_ok_and(|r| &r == ruleset))?;
    loaded(i)
}

/// What a packed certificate's check said: its quotient's (n, order), or why it is not used.
pub type Checked = Result<(usize, usize), String>;

/// Each packed certificate, checked: (its file, what its check said). A test runs this so
/// that a certificate that would be silently ignored fails the build's tests instead.
pub fn check_all() -> Vec<(&'static str, Checked)> {
    (0..PACKED.len())
        .map(|i| (PACKED[i].1, load(i).map(|q| (q.max_heap(), q.order()))))
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_packed_certificate_passes_its_check() {
        let checked = super::check_all();
        assert_eq!(
            checked,
            vec![
                ("results/quotients/0.07-q33.json", Ok((33, 638))),
                ("results/quotients/0.77-q120.json", Ok((120, 40))),
            ]
        );
    }
}
