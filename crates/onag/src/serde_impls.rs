//! Hand-written `serde` implementations (feature `serde`) for values whose natural form is
//! text: a [`Dyadic`] serialises as `"-3/8"` (exact at any size, unlike a JSON float) and reads
//! back through its parser.

use serde::{de, Deserialize, Deserializer, Serialize, Serializer};

use crate::partizan::dyadic::Dyadic;

impl Serialize for Dyadic {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Dyadic {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dyadics_round_trip_as_text() {
        let d: Dyadic = "-3/8".parse().unwrap();
        let text = serde_json::to_string(&d).unwrap();
        assert_eq!(text, "\"-3/8\"");
        assert_eq!(serde_json::from_str::<Dyadic>(&text).unwrap(), d);
        assert!(serde_json::from_str::<Dyadic>("\"1/3\"").is_err());
    }
}
