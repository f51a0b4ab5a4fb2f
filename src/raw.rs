//! [`RawValue`]: a piece of JSON text kept as it was written (serde_json's `raw_value`
//! feature), to defer parsing a part of a document or to pass it through untouched.
//!
//! It goes through serde by the private protocol `json_runtime::value::raw` describes
//! (serde_json's, same name): the deserializers check the value as they skip it and lend
//! its text, the serializer writes the text as it is, and [`to_value`](crate::to_value)
//! parses it.

use core::fmt;

use serde::de::{self, Deserialize, DeserializeSeed, Deserializer, MapAccess, Unexpected, Visitor};
use serde::ser::{Serialize, SerializeStruct, Serializer};

use json_runtime::value::raw::TOKEN;

use crate::Error;

/// A valid JSON value's text, without the white space around it: borrowed from the
/// input as `&RawValue` (from [`from_str`](crate::from_str) and
/// [`from_slice`](crate::from_slice)), or owned as `Box<RawValue>` (any deserializer,
/// [`RawValue::from_string`], [`to_raw_value`]).
///
/// ```
/// use jsonlex::value::RawValue;
/// #[derive(serde::Deserialize, serde::Serialize)]
/// struct Event<'a> { id: u32, #[serde(borrow)] payload: &'a RawValue }
/// let e: Event = jsonlex::from_str(r#"{"id": 7, "payload": {"deep": [1, 2]} }"#).unwrap();
/// assert_eq!(e.payload.get(), r#"{"deep": [1, 2]}"#);          // as written
/// assert_eq!(jsonlex::to_string(&e).unwrap(), r#"{"id":7,"payload":{"deep": [1, 2]}}"#);
/// let owned = RawValue::from_string("[1, true]".to_owned()).unwrap();
/// assert!(RawValue::from_string("[1,".to_owned()).is_err());
/// assert_eq!(jsonlex::to_value(&owned).unwrap(), jsonlex::json!([1, true]));
/// ```
#[repr(transparent)]
pub struct RawValue {
    json: str,
}

impl RawValue {
    /// `null`.
    pub const NULL: &'static RawValue = RawValue::from_borrowed("null");
    /// `true`.
    pub const TRUE: &'static RawValue = RawValue::from_borrowed("true");
    /// `false`.
    pub const FALSE: &'static RawValue = RawValue::from_borrowed("false");

    const fn from_borrowed(json: &str) -> &RawValue {
        // SAFETY: `RawValue` is `repr(transparent)` over `str`, so a `*const str` is a
        // valid `*const RawValue` with the same metadata (the length), and the lifetime
        // is kept. An unsized newtype has no other way to be made from its field.
        unsafe { &*(json as *const str as *const RawValue) }
    }

    fn from_owned(json: Box<str>) -> Box<RawValue> {
        // SAFETY: as in `from_borrowed`: same layout, and the box's allocation, made for
        // a `str` of this length, is what a `RawValue` of this length needs.
        unsafe { Box::from_raw(Box::into_raw(json) as *mut RawValue) }
    }

    fn into_owned(raw: Box<RawValue>) -> Box<str> {
        // SAFETY: the inverse of `from_owned`.
        unsafe { Box::from_raw(Box::into_raw(raw) as *mut str) }
    }

    /// `json` as a raw value, once it is checked to be one JSON value; white space
    /// around it is dropped (the string is reused when there is none).
    pub fn from_string(json: String) -> Result<Box<RawValue>, Error> {
        let inner = crate::from_str::<&RawValue>(&json)?;
        if inner.json.len() < json.len() {
            return Ok(inner.to_owned());
        }
        Ok(RawValue::from_owned(json.into_boxed_str()))
    }

    /// `json` as a raw value, unchecked (serde_json's `from_string_unchecked`).
    ///
    /// # Safety
    /// Not a memory-safety contract: `json` must be one valid JSON value without white
    /// space around it, or what is serialized from it is not JSON. Debug builds check it
    /// (and panic).
    pub unsafe fn from_string_unchecked(json: String) -> Box<RawValue> {
        if cfg!(debug_assertions) {
            match crate::from_str::<&RawValue>(&json) {
                Ok(inner) => debug_assert!(
                    inner.json.len() == json.len(),
                    "RawValue::from_string_unchecked: white space around the JSON value {json:?}"
                ),
                Err(e) => panic!("RawValue::from_string_unchecked: not a JSON value: {e}"),
            }
        }
        RawValue::from_owned(json.into_boxed_str())
    }

    /// The JSON text.
    pub fn get(&self) -> &str {
        &self.json
    }
}

/// `value` serialized (compact) into a raw value.
///
/// ```
/// assert_eq!(jsonlex::value::to_raw_value(&("a", 1)).unwrap().get(), r#"["a",1]"#);
/// ```
pub fn to_raw_value<T: ?Sized + Serialize>(value: &T) -> Result<Box<RawValue>, Error> {
    let json = crate::to_string(value)?;
    Ok(RawValue::from_owned(json.into_boxed_str()))
}

impl Clone for Box<RawValue> {
    fn clone(&self) -> Self {
        (**self).to_owned()
    }
}

impl ToOwned for RawValue {
    type Owned = Box<RawValue>;

    fn to_owned(&self) -> Box<RawValue> {
        RawValue::from_owned(self.json.to_owned().into_boxed_str())
    }
}

impl Default for Box<RawValue> {
    fn default() -> Self {
        RawValue::NULL.to_owned()
    }
}

impl From<Box<RawValue>> for Box<str> {
    fn from(raw: Box<RawValue>) -> Self {
        RawValue::into_owned(raw)
    }
}

impl fmt::Debug for RawValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("RawValue").field(&format_args!("{}", &self.json)).finish()
    }
}

impl fmt::Display for RawValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.json)
    }
}

impl Serialize for RawValue {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct(TOKEN, 1)?;
        s.serialize_field(TOKEN, &self.json)?;
        s.end()
    }
}

/// What a raw value's visitor expects: a map of one member, key `TOKEN`.
fn take_key<'de, A: MapAccess<'de>>(map: &mut A, expected: &dyn de::Expected) -> Result<(), A::Error> {
    match map.next_key::<RawKey>()? {
        Some(RawKey) => Ok(()),
        None => Err(de::Error::invalid_type(Unexpected::Map, expected)),
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for &'a RawValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Borrowed;
        impl<'de> Visitor<'de> for Borrowed {
            type Value = &'de RawValue;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("any valid JSON value")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                take_key(&mut map, &self)?;
                map.next_value_seed(BorrowedText)
            }
        }
        deserializer.deserialize_newtype_struct(TOKEN, Borrowed)
    }
}

impl<'de> Deserialize<'de> for Box<RawValue> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Boxed;
        impl<'de> Visitor<'de> for Boxed {
            type Value = Box<RawValue>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("any valid JSON value")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                take_key(&mut map, &self)?;
                map.next_value_seed(OwnedText)
            }
        }
        deserializer.deserialize_newtype_struct(TOKEN, Boxed)
    }
}

/// The key of the one member: must be `TOKEN`.
struct RawKey;

impl<'de> Deserialize<'de> for RawKey {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Key;
        impl Visitor<'_> for Key {
            type Value = ();
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("raw value")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<(), E> {
                if s == TOKEN {
                    Ok(())
                } else {
                    Err(de::Error::custom("unexpected raw value"))
                }
            }
        }
        deserializer.deserialize_identifier(Key)?;
        Ok(RawKey)
    }
}

/// The member's value: the text, lent for `'de`.
struct BorrowedText;

impl<'de> DeserializeSeed<'de> for BorrowedText {
    type Value = &'de RawValue;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for BorrowedText {
    type Value = &'de RawValue;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("raw value")
    }
    fn visit_borrowed_str<E: de::Error>(self, s: &'de str) -> Result<Self::Value, E> {
        Ok(RawValue::from_borrowed(s))
    }
}

/// The member's value: the text, copied.
struct OwnedText;

impl<'de> DeserializeSeed<'de> for OwnedText {
    type Value = Box<RawValue>;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl Visitor<'_> for OwnedText {
    type Value = Box<RawValue>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("raw value")
    }
    fn visit_str<E: de::Error>(self, s: &str) -> Result<Self::Value, E> {
        Ok(RawValue::from_owned(s.into()))
    }
    fn visit_string<E: de::Error>(self, s: String) -> Result<Self::Value, E> {
        Ok(RawValue::from_owned(s.into_boxed_str()))
    }
}
