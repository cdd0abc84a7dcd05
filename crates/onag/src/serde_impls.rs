//! Hand-written `serde` implementations (feature `serde`) for values whose natural form is
//! text: a [`Dyadic`] serialises as `"-3/8"` (exact at any size, unlike a JSON float) and reads
//! back through its parser; [`decimal`] and [`decimal_option`] write 64-bit words as decimal
//! strings (JSON readers in browsers keep 53 bits of a number).

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

/// A `u64` as a decimal string (`#[serde(with = "crate::serde_impls::decimal")]`).
pub(crate) mod decimal {
    use serde::{de, Deserialize, Deserializer, Serializer};

    pub(crate) fn serialize<S: Serializer>(value: &u64, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(value)
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u64, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(de::Error::custom)
    }
}

/// An `Option<u64>` as a decimal string or `null`.
pub(crate) mod decimal_option {
    use serde::{de, Deserialize, Deserializer, Serializer};

    pub(crate) fn serialize<S: Serializer>(
        value: &Option<u64>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        match value {
            Some(v) => serializer.collect_str(v),
            None => serializer.serialize_none(),
        }
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<u64>, D::Error> {
        let text = <Option<std::borrow::Cow<'de, str>>>::deserialize(deserializer)?;
        text.map(|t| t.parse().map_err(de::Error::custom))
            .transpose()
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

    #[test]
    fn calculations_write_words_as_decimal_strings() {
        use crate::nimber::{calc::calculate, Nimber};
        let c = calculate(Nimber(u64::MAX), Nimber(0));
        let json = serde_json::to_value(&c).unwrap();
        assert_eq!(json["a"], u64::MAX.to_string());
        assert_eq!(json["quotient"], serde_json::Value::Null);
        assert_eq!(json["field"], "GF(2^64)");
        let back: crate::nimber::calc::Calculation = serde_json::from_value(json).unwrap();
        assert_eq!(back, c);
    }
}
