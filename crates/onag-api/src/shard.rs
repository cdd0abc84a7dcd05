//! The part files of distributed runs as bytes, sealed with a checksum: the Toads-and-Frogs
//! statistics shard (written by `onag toads stats --shard` and the cluster runner's tasks, read
//! by `onag toads stats-merge` and the runner's merge) and the heap-census part (written by
//! `onag heaps entry --json` and the runner's census tasks, read by `onag heaps merge` and the
//! runner's merge).
//!
//! The checksum is SipHash-2-4 under the public key over the compact JSON of every other field
//! (keys sorted): parts are merged on other machines than the ones that ran them, so it catches
//! corruption, not forgery, and a merge says its counts are taken as written. A file is one
//! line, exactly as [`seal`] wrote it, so the checksum is verified on the bytes themselves —
//! the `checksum` field taken out gives the text it was computed over — before anything is
//! parsed: a large or garbage file costs one pass of the hash, never a JSON tree.

use std::collections::BTreeSet;

use onag::games::toads_and_frogs::ShardFile;
use onag::heaps::{CensusEntry, Ruleset};
use serde::{Deserialize, Serialize};

/// The largest part file read (bytes): far above any part a run writes (a Toads shard of
/// 3^14 boards, a census task of a few codes: kilobytes to a few MiB).
pub const MAX_PART_BYTES: u64 = 64 << 20;

/// The text of `value` with its checksum: one line of JSON.
fn seal_value<T: Serialize>(value: &T) -> Result<String, String> {
    seal_keyed(value, "checksum", &onag::checksum::PUBLIC_KEY)
}

/// The text of `value` sealed under `key`: one line of JSON (keys sorted) with the field
/// `field` added, holding `siphash24:` and the tag of the line without that field. [`unseal`]
/// checks it on the bytes before anything is parsed. A checkpoint, whose own `checksum` field
/// tags its fields once parsed, is sealed under its writer's key in a field of another name,
/// so a damaged or oversized one costs one pass of the hash, never a parse.
///
/// # Examples
/// ```
/// let key = [3u8; 16];
/// let text = onag_api::shard::seal_keyed(&serde_json::json!({"a": [1, 2]}), "seal", &key).unwrap();
/// let body = onag_api::shard::unseal(text.as_bytes(), "a test file", "seal", &key).unwrap();
/// assert_eq!(body, br#"{"a":[1,2]}"#);
/// assert!(onag_api::shard::unseal(text.as_bytes(), "a test file", "seal", &[0; 16]).is_err());
/// ```
pub fn seal_keyed<T: Serialize>(
    value: &T,
    field: &str,
    key: &onag::checksum::Key,
) -> Result<String, String> {
    let mut value = serde_json::to_value(value).map_err(|e| format!("internal error: {e}"))?;
    if !value.is_object() || value.get(field).is_some() {
        return Err(format!(
            "internal error: cannot seal a value in its field {field}"
        ));
    }
    let sum = onag::checksum::tag(key, value.to_string().as_bytes());
    value[field] = sum.into();
    Ok(format!("{value}\n"))
}

/// The bytes the seal of a file written by [`seal_keyed`] (with `field` and `key`) was
/// computed over — the file without that field — checked before any parse: a file over
/// [`MAX_PART_BYTES`], not one JSON object, without the field, or whose tag differs is refused
/// (`what` names the file in messages).
pub fn unseal(
    bytes: &[u8],
    what: &str,
    field: &str,
    key: &onag::checksum::Key,
) -> Result<Vec<u8>, String> {
    unseal_capped(bytes, MAX_PART_BYTES, what, field, key)
}

/// [`unseal`] of a kind of file with its own size cap, `max` bytes (a quotient certificate's
/// multiplication table is larger than any part file).
pub fn unseal_capped(
    bytes: &[u8],
    max: u64,
    what: &str,
    field: &str,
    key: &onag::checksum::Key,
) -> Result<Vec<u8>, String> {
    if bytes.len() as u64 > max {
        return Err(format!("is larger than {} MiB: not {what}", max >> 20));
    }
    let text = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    if text.first() != Some(&b'{') || text.last() != Some(&b'}') {
        return Err(format!("is not {what} (not one JSON object)"));
    }
    let marker = format!("\"{field}\":\"siphash24:");
    let marker = marker.as_bytes();
    let Some(at) = text.windows(marker.len()).rposition(|w| w == marker) else {
        return Err(format!(
            "has no {field} (written by an older onag, or not {what}): run it again"
        ));
    };
    let hex_at = at + marker.len();
    let hex = text
        .get(hex_at..hex_at + 16)
        .and_then(|h| std::str::from_utf8(h).ok())
        .and_then(|h| u64::from_str_radix(h, 16).ok());
    let end = hex_at + 16;
    let (Some(stored), Some(b'"')) = (hex, text.get(end)) else {
        return Err(format!("is not {what} (a malformed {field})"));
    };
    // the field and one comma beside it come out
    let (cut_from, cut_to) = if text.get(end + 1) == Some(&b',') {
        (at, end + 2)
    } else if at > 0 && text[at - 1] == b',' {
        (at - 1, end + 1)
    } else {
        (at, end + 1)
    };
    let mut body = Vec::with_capacity(text.len());
    body.extend_from_slice(&text[..cut_from]);
    body.extend_from_slice(&text[cut_to..]);
    if onag::checksum::siphash24(key, &body) != stored {
        return Err(if *key == onag::checksum::PUBLIC_KEY {
            format!("fails its {field} (corrupted or edited): refusing it")
        } else {
            format!(
                "fails its integrity check (its {field} does not match: edited, corrupted, or \
                 written under another user's checkpoint key): refusing it"
            )
        });
    }
    Ok(body)
}

/// [`unseal`] of a part file (the public key, the field `checksum`).
fn unseal_part(bytes: &[u8], what: &str) -> Result<Vec<u8>, String> {
    unseal(bytes, what, "checksum", &onag::checksum::PUBLIC_KEY)
}

/// The file's text: one line of JSON with its `checksum` field.
///
/// # Examples
/// ```
/// use onag::games::toads_and_frogs::{named_shards, ShardFile};
/// let shards = named_shards(3, 3, (0, 1), &onag::StopFlag::new(), |_| {}).unwrap();
/// let text = onag_api::shard::seal(&ShardFile::new((0, 1), &shards)).unwrap();
/// assert!(onag_api::shard::open(text.as_bytes()).is_ok());
/// assert!(onag_api::shard::open(text.replace("3", "4").as_bytes()).is_err());
/// ```
pub fn seal(file: &ShardFile) -> Result<String, String> {
    seal_value(file)
}

/// Reads a sealed shard file's bytes: refused when the checksum is missing or wrong (checked
/// on the bytes, before any parse), or the JSON is not a shard file.
pub fn open(bytes: &[u8]) -> Result<ShardFile, String> {
    let body = unseal_part(bytes, "an onag toads stats shard file")?;
    serde_json::from_slice(&body)
        .map_err(|e| format!("is not an onag toads stats shard file ({e})"))
}

/// A part of a heap census: entries computed with at most `max_n` values each.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CensusPart {
    /// The cap the entries were computed with (`--max`).
    pub max_n: usize,
    /// The entries, one per code.
    pub entries: Vec<CensusEntry>,
}

/// The census part's text: one line of JSON with its `checksum` field.
///
/// # Examples
/// ```
/// use onag_api::shard::{open_census, seal_census, CensusPart};
/// let entry = onag::heaps::census_entry(&"0.07".parse().unwrap(), 512, &onag::StopFlag::new()).unwrap();
/// let text = seal_census(&CensusPart { max_n: 512, entries: vec![entry] }).unwrap();
/// assert_eq!(open_census(text.as_bytes()).unwrap().max_n, 512);
/// assert!(open_census(text.replace("\"0.07\"", "\"0.17\"").as_bytes()).is_err());
/// ```
pub fn seal_census(part: &CensusPart) -> Result<String, String> {
    seal_value(part)
}

/// Reads a sealed census part's bytes: refused when the checksum is missing or wrong, the JSON
/// is not a census part, a ruleset is not a code as the census prints it, a code comes twice,
/// or an entry claims values past the part's cap.
pub fn open_census(bytes: &[u8]) -> Result<CensusPart, String> {
    let what = "an onag heaps census part";
    let body = unseal_part(bytes, what)?;
    let part: CensusPart =
        serde_json::from_slice(&body).map_err(|e| format!("is not {what} ({e})"))?;
    let mut seen = BTreeSet::new();
    for e in &part.entries {
        match e.ruleset.parse::<Ruleset>() {
            Ok(r) if r.to_string() == e.ruleset => {}
            _ => return Err(format!("names '{}', not a ruleset", e.ruleset)),
        }
        if !seen.insert(e.ruleset.as_str()) {
            return Err(format!("holds {} twice", e.ruleset));
        }
        if e.analysis.computed_to > part.max_n {
            return Err(format!(
                "claims {} values of {} with a cap of {}",
                e.analysis.computed_to, e.ruleset, part.max_n
            ));
        }
    }
    Ok(part)
}

/// The entries of census parts, checked against each other: every part computed with the
/// cap `max_n`, no code in two parts, and — where `expected` gives them — each part holding
/// exactly the codes its task computes (a part copied over another's is caught). `parts` are
/// (name for messages, part, the codes expected or `None`).
///
/// # Examples
/// ```
/// use onag_api::shard::{merge_census, CensusPart};
/// let entry = onag::heaps::census_entry(&"0.07".parse().unwrap(), 512, &onag::StopFlag::new()).unwrap();
/// let part = CensusPart { max_n: 512, entries: vec![entry] };
/// assert_eq!(merge_census(512, vec![("a".into(), part.clone(), None)]).unwrap().len(), 1);
/// // computed with another cap; the same code twice
/// assert!(merge_census(4096, vec![("a".into(), part.clone(), None)]).is_err());
/// assert!(merge_census(512, vec![("a".into(), part.clone(), None), ("b".into(), part, None)]).is_err());
/// ```
pub fn merge_census(
    max_n: usize,
    parts: Vec<(String, CensusPart, Option<Vec<String>>)>,
) -> Result<Vec<CensusEntry>, String> {
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mut entries = Vec::new();
    for (name, part, expected) in parts {
        if part.max_n != max_n {
            return Err(format!(
                "{name} was computed with --max {}, not {max_n}: compute it again",
                part.max_n
            ));
        }
        if let Some(expected) = expected {
            let have: BTreeSet<&str> = part.entries.iter().map(|e| e.ruleset.as_str()).collect();
            let want: BTreeSet<&str> = expected.iter().map(String::as_str).collect();
            if have != want {
                return Err(format!(
                    "{name} holds the codes {}, not its task's {}",
                    have.into_iter().collect::<Vec<_>>().join(","),
                    want.into_iter().collect::<Vec<_>>().join(",")
                ));
            }
        }
        for e in part.entries {
            if !seen.insert(e.ruleset.clone()) {
                return Err(format!(
                    "{name} holds {}, which another part holds too",
                    e.ruleset
                ));
            }
            entries.push(e);
        }
    }
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn part() -> String {
        let entry =
            onag::heaps::census_entry(&"0.07".parse().unwrap(), 512, &onag::StopFlag::new())
                .unwrap();
        seal_census(&CensusPart {
            max_n: 512,
            entries: vec![entry],
        })
        .unwrap()
    }

    #[test]
    fn a_sealed_part_opens_and_every_edit_is_refused() {
        let text = part();
        assert!(open_census(text.as_bytes()).is_ok());
        // pretty-printed, an array, a garbage tail, an edited value, no checksum
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        let pretty = serde_json::to_string_pretty(&value).unwrap();
        assert!(open_census(pretty.as_bytes()).is_err());
        assert!(open_census(b"[1, 2]")
            .unwrap_err()
            .contains("not one JSON object"));
        assert!(open_census(format!("{text}x").as_bytes()).is_err());
        let edited = text.replacen("\"computed_to\":", "\"computed_to\":1", 1);
        assert!(open_census(edited.as_bytes())
            .unwrap_err()
            .contains("checksum"));
        let mut bare = value.clone();
        bare.as_object_mut().unwrap().remove("checksum");
        assert!(open_census(bare.to_string().as_bytes())
            .unwrap_err()
            .contains("no checksum"));
    }

    #[test]
    fn a_part_naming_no_code_or_past_its_cap_is_refused() {
        let mut bad: CensusPart =
            serde_json::from_slice(&unseal_part(part().as_bytes(), "").unwrap()).unwrap();
        bad.entries[0].ruleset = "not a code".into();
        assert!(open_census(seal_census(&bad).unwrap().as_bytes())
            .unwrap_err()
            .contains("not a ruleset"));
        bad.entries[0].ruleset = "0.07".into();
        bad.max_n = 16;
        assert!(open_census(seal_census(&bad).unwrap().as_bytes())
            .unwrap_err()
            .contains("cap"));
    }

    #[test]
    fn a_large_garbage_file_is_refused_without_a_parse() {
        // 60 MB of a JSON array: refused at its first byte, not after a JSON tree
        let garbage = vec![b'['; 60 << 20];
        let started = std::time::Instant::now();
        assert!(open(&garbage).is_err());
        let spaces = vec![b' '; 60 << 20];
        let object = [b"{".as_slice(), spaces.as_slice(), b"}".as_slice()].concat();
        assert!(open(&object).unwrap_err().contains("no checksum"));
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
        assert!(open(&vec![b'{'; (MAX_PART_BYTES + 1) as usize])
            .unwrap_err()
            .contains("larger"));
    }
}
