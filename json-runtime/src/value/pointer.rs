//! RFC 6901 JSON Pointer look-ups: [`Value::pointer`] and [`Value::pointer_mut`].

use std::borrow::Cow;

use super::Value;

/// The reference tokens of `pointer`, unescaped; `None` when it is neither empty nor
/// starts with `/`. The empty pointer has no tokens.
pub(crate) fn tokens(pointer: &str) -> Option<impl Iterator<Item = Cow<'_, str>>> {
    let rest = match pointer.strip_prefix('/') {
        Some(rest) => Some(rest),
        None if pointer.is_empty() => None,
        None => return None,
    };
    Some(rest.into_iter().flat_map(|rest| rest.split('/')).map(unescape))
}

/// `~1` is `/` and `~0` is `~`, replaced in that order (so `~01` is `~1`, not `/`).
/// Any other `~` stays as it is, as serde_json leaves it.
fn unescape(token: &str) -> Cow<'_, str> {
    if token.contains('~') {
        Cow::Owned(token.replace("~1", "/").replace("~0", "~"))
    } else {
        Cow::Borrowed(token)
    }
}

/// An array index token: decimal digits without a leading zero (`0` itself is fine);
/// `-` (the element after the last) and anything out of `usize` range never match.
pub(crate) fn index(token: &str) -> Option<usize> {
    let digits = token.as_bytes();
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) || (digits[0] == b'0' && digits.len() > 1) {
        return None;
    }
    token.parse().ok()
}

impl Value {
    /// The value that the [RFC 6901](https://www.rfc-editor.org/rfc/rfc6901) JSON
    /// Pointer `pointer` names, if there is one, as serde_json's `Value::pointer`.
    ///
    /// `""` is the whole value; any other pointer starts with `/` (else `None`) and
    /// names an object member by its exact key or an array element by a decimal index
    /// without leading zeros. In a token `~1` stands for `/` and `~0` for `~`. `-` (the
    /// element after the last) never names a value.
    ///
    /// ```
    /// use json_runtime::Value;
    /// let mut v = Value::Null;
    /// v["a/b"] = vec![Value::from(1), Value::from(2)].into();
    /// assert_eq!(v.pointer("/a~1b/1"), Some(&Value::from(2)));
    /// assert_eq!(v.pointer(""), Some(&v));
    /// assert_eq!(v.pointer("/a~1b/01"), None);
    /// assert_eq!(v.pointer("a~1b"), None);
    /// ```
    pub fn pointer(&self, pointer: &str) -> Option<&Value> {
        tokens(pointer)?.try_fold(self, |target, token| match target {
            Value::Object(map) => map.get(&token),
            Value::Array(items) => index(&token).and_then(|i| items.get(i)),
            _ => None,
        })
    }

    /// The value that the JSON Pointer `pointer` names, mutably: see
    /// [`Value::pointer`].
    ///
    /// ```
    /// use json_runtime::Value;
    /// let mut v = Value::Null;
    /// v["x"]["y"] = Value::from(1);
    /// *v.pointer_mut("/x/y").unwrap() = Value::from("one");
    /// assert_eq!(v["x"]["y"], "one");
    /// assert!(v.pointer_mut("/x/z").is_none());
    /// ```
    pub fn pointer_mut(&mut self, pointer: &str) -> Option<&mut Value> {
        tokens(pointer)?.try_fold(self, |target, token| match target {
            Value::Object(map) => map.get_mut(&token),
            Value::Array(items) => index(&token).and_then(move |i| items.get_mut(i)),
            _ => None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Map;

    /// The example document of RFC 6901 section 5.
    fn rfc_document() -> Value {
        let members: [(&str, Value); 10] = [
            ("foo", vec![Value::from("bar"), Value::from("baz")].into()),
            ("", Value::from(0)),
            ("a/b", Value::from(1)),
            ("c%d", Value::from(2)),
            ("e^f", Value::from(3)),
            ("g|h", Value::from(4)),
            ("i\\j", Value::from(5)),
            ("k\"l", Value::from(6)),
            (" ", Value::from(7)),
            ("m~n", Value::from(8)),
        ];
        members.into_iter().collect::<Map>().into()
    }

    #[test]
    fn rfc6901_section5_every_pointer() {
        let doc = rfc_document();
        assert_eq!(doc.pointer(""), Some(&doc));
        assert_eq!(doc.pointer("/foo"), Some(&Value::from(vec![Value::from("bar"), Value::from("baz")])));
        assert_eq!(doc.pointer("/foo/0"), Some(&Value::from("bar")));
        let numbered = [
            ("/", 0),
            ("/a~1b", 1),
            ("/c%d", 2),
            ("/e^f", 3),
            ("/g|h", 4),
            ("/i\\j", 5),
            ("/k\"l", 6),
            ("/ ", 7),
            ("/m~0n", 8),
        ];
        for (pointer, n) in numbered {
            assert_eq!(doc.pointer(pointer), Some(&Value::from(n)), "{pointer:?}");
        }
        assert_eq!(doc.pointer("/foo/1"), Some(&Value::from("baz")));
    }

    #[test]
    fn escapes() {
        let mut v = Value::Null;
        v["~1"] = Value::from("tilde one");
        v["/"] = Value::from("slash");
        v["~"] = Value::from("tilde");
        v["a~b/c"] = Value::from("both");
        v["~2"] = Value::from("unknown escape");
        // `~1` is decoded first, so `~01` is the key `~1`, not `/`.
        assert_eq!(v.pointer("/~01"), Some(&Value::from("tilde one")));
        assert_eq!(v.pointer("/~1"), Some(&Value::from("slash")));
        assert_eq!(v.pointer("/~0"), Some(&Value::from("tilde")));
        assert_eq!(v.pointer("/a~0b~1c"), Some(&Value::from("both")));
        // Keys are exact: no unescaped `~1` or `/` in a token reaches these.
        assert_eq!(v.pointer("/a~b/c"), None);
        assert_eq!(v.pointer("/~10"), None);
        // A `~` that starts no escape is taken literally, as serde_json does.
        assert_eq!(v.pointer("/~2"), Some(&Value::from("unknown escape")));
    }

    #[test]
    fn indices_and_bad_pointers() {
        let v: Value = vec![Value::from(10), Value::from(11), vec![Value::from(20)].into()].into();
        assert_eq!(v.pointer("/0"), Some(&Value::from(10)));
        assert_eq!(v.pointer("/2/0"), Some(&Value::from(20)));
        for bad in
            ["/01", "/00", "/-", "/3", "/+1", "/-1", "/ 1", "/1 ", "/1.0", "/", "/0x1", "/1e0", "/2/1", "/0/0", "/٣"]
        {
            assert_eq!(v.pointer(bad), None, "{bad:?}");
        }
        assert_eq!(v.pointer("/99999999999999999999999999"), None);
        // Without the leading `/` nothing matches, not even a key that would.
        let mut o = Value::Null;
        o["0"] = Value::from(true);
        assert_eq!(o.pointer("/0"), Some(&Value::from(true)));
        assert_eq!(o.pointer("0"), None);
        assert_eq!(o.pointer("#/0"), None);
        // Object keys that look like indices are still exact strings.
        assert_eq!(o.pointer("/00"), None);
        // Scalars have no children.
        assert_eq!(Value::from(1).pointer("/0"), None);
        assert_eq!(Value::from("s").pointer(""), Some(&Value::from("s")));
        assert_eq!(Value::Null.pointer("/"), None);
    }

    #[test]
    fn pointer_mut_changes_what_pointer_sees() {
        let mut doc = rfc_document();
        *doc.pointer_mut("/foo/1").unwrap() = Value::from("qux");
        assert_eq!(doc.pointer("/foo/1"), Some(&Value::from("qux")));
        *doc.pointer_mut("/m~0n").unwrap() = Value::Null;
        assert_eq!(doc.pointer("/m~0n"), Some(&Value::Null));
        doc.pointer_mut("/foo").unwrap().as_array_mut().unwrap().push(Value::from(true));
        assert_eq!(doc.pointer("/foo/2"), Some(&Value::from(true)));
        doc.pointer_mut("").unwrap()["new"] = Value::from(9);
        assert_eq!(doc.pointer("/new"), Some(&Value::from(9)));
        assert!(doc.pointer_mut("/foo/-").is_none());
        assert!(doc.pointer_mut("/foo/01").is_none());
        assert!(doc.pointer_mut("foo").is_none());
        assert!(doc.pointer_mut("/nothing/here").is_none());
    }
    /// serde_json's value, converted: objects keep serde_json's (sorted) member order,
    /// which `==` ignores.
    fn from_serde(v: &serde_json::Value) -> Value {
        match v {
            serde_json::Value::Null => Value::Null,
            serde_json::Value::Bool(b) => Value::from(*b),
            serde_json::Value::Number(n) => match (n.as_u64(), n.as_i64()) {
                (Some(u), _) => Value::from(u),
                (None, Some(i)) => Value::from(i),
                _ => Value::from(n.as_f64().unwrap()),
            },
            serde_json::Value::String(s) => Value::from(s.as_str()),
            serde_json::Value::Array(items) => items.iter().map(from_serde).collect::<Vec<_>>().into(),
            serde_json::Value::Object(m) => m.iter().map(|(k, v)| (k.as_str(), from_serde(v))).collect::<Map>().into(),
        }
    }

    #[test]
    fn same_as_serde_json() {
        let documents = [
            r#"{"foo":["bar","baz"],"":0,"a/b":1,"c%d":2,"e^f":3,"g|h":4,"i\\j":5,"k\"l":6," ":7,"m~n":8}"#,
            r#"[0,[1,[2,[3,{"x":[4]}]]],{"01":"a","1":"b","-":"c","~1":"d","/":"e","~":"f","~01":"g","~2":"h","":{"":{"":"deep"}}}]"#,
            r#"{"a":{"b":{"c":[10,20,{"d":null,"e":[true,false]}]}},"n":-1.5e3,"u":18446744073709551615}"#,
            r#""scalar""#,
            r#"[]"#,
            r#"{}"#,
        ];
        let pointers = [
            "",
            "/",
            "//",
            "/foo",
            "/foo/0",
            "/foo/1",
            "/foo/2",
            "/foo/-",
            "/foo/01",
            "/foo/+1",
            "/foo/ 1",
            "/a~1b",
            "/a/b",
            "/c%d",
            "/e^f",
            "/g|h",
            "/i\\j",
            "/k\"l",
            "/ ",
            "/m~0n",
            "/m~n",
            "/0",
            "/1",
            "/2",
            "/3",
            "/00",
            "/01",
            "/-",
            "/1/1/1/1/x/0",
            "/1/1/1/1/x/1",
            "/1/1/1/1/y",
            "/2/01",
            "/2/1",
            "/2/-",
            "/2/~1",
            "/2/~01",
            "/2/~0",
            "/2/~2",
            "/2/~",
            "/2/",
            "/2///",
            "/2//",
            "/a/b/c/2/e/1",
            "/a/b/c/2/d",
            "/a/b/c/2/d/0",
            "/n",
            "/u",
            "/n/0",
            "a",
            "#",
            "#/a",
            "/a/b/c/18446744073709551616",
            "/a/b/c/99999999999999999999",
            "~1",
            "/~1/",
            "/1/-0",
        ];
        let mut found = 0;
        for text in documents {
            let theirs: serde_json::Value = serde_json::from_str(text).unwrap();
            let mut ours = from_serde(&theirs);
            assert_eq!(ours, from_serde(&theirs));
            for pointer in pointers {
                let expected = theirs.pointer(pointer).map(from_serde);
                assert_eq!(ours.pointer(pointer), expected.as_ref(), "{pointer:?} in {text}");
                assert_eq!(ours.pointer_mut(pointer).map(|v| &*v), expected.as_ref(), "{pointer:?} in {text}");
                found += usize::from(expected.is_some());
            }
        }
        // Most pointers miss in most documents; make sure the hits are many too.
        assert!(found > 30, "{found}");
    }
}
