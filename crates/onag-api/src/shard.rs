//! The Toads-and-Frogs statistics shard file as bytes, sealed with a checksum: the one
//! encoding written by `onag toads stats --shard` and by the cluster runner's tasks, and read
//! by `onag toads stats-merge` and the runner's merge.
//!
//! The checksum is SipHash-2-4 under the public key over the compact JSON of every other field
//! (keys sorted): shards are merged on other machines than the ones that ran them, so it catches
//! corruption, not forgery, and the merge says its counts are taken as written.

use onag::games::toads_and_frogs::ShardFile;

fn checksum(value: &serde_json::Value) -> String {
    onag::checksum::tag(&onag::checksum::PUBLIC_KEY, value.to_string().as_bytes())
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
    let mut value = serde_json::to_value(file).map_err(|e| format!("internal error: {e}"))?;
    let sum = checksum(&value);
    value["checksum"] = sum.into();
    Ok(format!("{value}\n"))
}

/// Reads a sealed shard file's bytes: refused when the checksum is missing or wrong, or the
/// JSON is not a shard file.
pub fn open(bytes: &[u8]) -> Result<ShardFile, String> {
    let mut value: serde_json::Value = serde_json::from_slice(bytes)
        .map_err(|e| format!("not an onag toads stats shard file ({e})"))?;
    let sum = value
        .as_object_mut()
        .and_then(|m| m.remove("checksum"))
        .and_then(|c| c.as_str().map(str::to_string));
    match sum {
        Some(c) if c == checksum(&value) => {}
        Some(_) => return Err("fails its checksum (corrupted or edited): refusing it".into()),
        None => {
            return Err("has no checksum (written by an older onag): run its shard again".into())
        }
    }
    serde_json::from_value(value)
        .map_err(|e| format!("is not an onag toads stats shard file ({e})"))
}
