//! `json!`: a [`Value`](crate::Value) written as JSON in Rust source, serde_json's macro.

/// Builds a [`Value`](crate::Value) from JSON syntax, as serde_json's `json!` does:
/// `null`, `true`, `false`, arrays and objects nest; any other value is a Rust
/// expression turned into a `Value` by [`to_value`](crate::to_value) (so any
/// `Serialize` type, and variables); object keys are string literals, identifiers'
/// values need parentheses: `(key): value`, where `key` is anything a [`Str`](crate::Str)
/// is made from (`&str`, `String`, `char`, ...). Trailing commas are allowed.
///
/// ```
/// use jsonlex::json;
/// let code = 200;
/// let name = "status";
/// let value = json!({
///     "code": code,
///     "ok": code == 200,
///     (name): ["a", null, 1.5, { "nested": [] },],
///     "list": vec![1, 2],
/// });
/// assert_eq!(value.to_string(), r#"{"code":200,"ok":true,"status":["a",null,1.5,{"nested":[]}],"list":[1,2]}"#);
/// ```
///
/// # Panics
/// When an expression's `Serialize` fails (a map with keys that are not strings, a
/// 128-bit integer beyond `u64`), as serde_json's does.
#[macro_export]
macro_rules! json {
    ($($json:tt)+) => {
        $crate::__json!($($json)+)
    };
}

#[macro_export]
#[doc(hidden)]
macro_rules! __json {
    // ---- Arrays: `@array [built elements,] rest` ----

    // Done (with or without a trailing comma).
    (@array [$($elems:expr,)*]) => {
        $crate::__json_vec![$($elems,)*]
    };
    (@array [$($elems:expr),*]) => {
        $crate::__json_vec![$($elems),*]
    };
    // The next element is a literal, an array or an object.
    (@array [$($elems:expr,)*] null $($rest:tt)*) => {
        $crate::__json!(@array [$($elems,)* $crate::__json!(null)] $($rest)*)
    };
    (@array [$($elems:expr,)*] true $($rest:tt)*) => {
        $crate::__json!(@array [$($elems,)* $crate::__json!(true)] $($rest)*)
    };
    (@array [$($elems:expr,)*] false $($rest:tt)*) => {
        $crate::__json!(@array [$($elems,)* $crate::__json!(false)] $($rest)*)
    };
    (@array [$($elems:expr,)*] [$($array:tt)*] $($rest:tt)*) => {
        $crate::__json!(@array [$($elems,)* $crate::__json!([$($array)*])] $($rest)*)
    };
    (@array [$($elems:expr,)*] {$($map:tt)*} $($rest:tt)*) => {
        $crate::__json!(@array [$($elems,)* $crate::__json!({$($map)*})] $($rest)*)
    };
    // The next element is an expression, followed by a comma or the end.
    (@array [$($elems:expr,)*] $next:expr, $($rest:tt)*) => {
        $crate::__json!(@array [$($elems,)* $crate::__json!($next),] $($rest)*)
    };
    (@array [$($elems:expr,)*] $last:expr) => {
        $crate::__json!(@array [$($elems,)* $crate::__json!($last)])
    };
    // The comma after an element.
    (@array [$($elems:expr),*] , $($rest:tt)*) => {
        $crate::__json!(@array [$($elems,)*] $($rest)*)
    };
    // Anything else: the compiler points at it.
    (@array [$($elems:expr),*] $unexpected:tt $($rest:tt)*) => {
        $crate::__json_unexpected!($unexpected)
    };

    // ---- Objects: `@object map (key so far) (rest) (rest again, for errors)` ----

    // Done.
    (@object $object:ident () () ()) => {};
    // A member is complete: insert it, then the comma or the end.
    (@object $object:ident [$($key:tt)+] ($value:expr) , $($rest:tt)*) => {
        let _ = $object.insert(($($key)+), $value);
        $crate::__json!(@object $object () ($($rest)*) ($($rest)*));
    };
    (@object $object:ident [$($key:tt)+] ($value:expr) $unexpected:tt $($rest:tt)*) => {
        $crate::__json_unexpected!($unexpected);
    };
    (@object $object:ident [$($key:tt)+] ($value:expr)) => {
        let _ = $object.insert(($($key)+), $value);
    };
    // The value after the colon: a literal, an array, an object.
    (@object $object:ident ($($key:tt)+) (: null $($rest:tt)*) $copy:tt) => {
        $crate::__json!(@object $object [$($key)+] ($crate::__json!(null)) $($rest)*);
    };
    (@object $object:ident ($($key:tt)+) (: true $($rest:tt)*) $copy:tt) => {
        $crate::__json!(@object $object [$($key)+] ($crate::__json!(true)) $($rest)*);
    };
    (@object $object:ident ($($key:tt)+) (: false $($rest:tt)*) $copy:tt) => {
        $crate::__json!(@object $object [$($key)+] ($crate::__json!(false)) $($rest)*);
    };
    (@object $object:ident ($($key:tt)+) (: [$($array:tt)*] $($rest:tt)*) $copy:tt) => {
        $crate::__json!(@object $object [$($key)+] ($crate::__json!([$($array)*])) $($rest)*);
    };
    (@object $object:ident ($($key:tt)+) (: {$($map:tt)*} $($rest:tt)*) $copy:tt) => {
        $crate::__json!(@object $object [$($key)+] ($crate::__json!({$($map)*})) $($rest)*);
    };
    // An expression, then a comma or the end.
    (@object $object:ident ($($key:tt)+) (: $value:expr , $($rest:tt)*) $copy:tt) => {
        $crate::__json!(@object $object [$($key)+] ($crate::__json!($value)) , $($rest)*);
    };
    (@object $object:ident ($($key:tt)+) (: $value:expr) $copy:tt) => {
        $crate::__json!(@object $object [$($key)+] ($crate::__json!($value)));
    };
    // A key without a value, or without a colon: "unexpected end of macro invocation".
    (@object $object:ident ($($key:tt)+) (:) $copy:tt) => {
        $crate::__json!();
    };
    (@object $object:ident ($($key:tt)+) () $copy:tt) => {
        $crate::__json!();
    };
    // A colon with no key before it, or a comma inside a key.
    (@object $object:ident () (: $($rest:tt)*) ($colon:tt $($copy:tt)*)) => {
        $crate::__json_unexpected!($colon);
    };
    (@object $object:ident ($($key:tt)*) (, $($rest:tt)*) ($comma:tt $($copy:tt)*)) => {
        $crate::__json_unexpected!($comma);
    };
    // A key in parentheses is one expression.
    (@object $object:ident () (($key:expr) : $($rest:tt)*) $copy:tt) => {
        $crate::__json!(@object $object ($key) (: $($rest)*) (: $($rest)*));
    };
    // A colon right after a complete key is its end; anything else joins the key.
    (@object $object:ident ($($key:tt)*) (: $($unexpected:tt)+) $copy:tt) => {
        $crate::__json_expect_expr_comma!($($unexpected)+);
    };
    (@object $object:ident ($($key:tt)*) ($tt:tt $($rest:tt)*) $copy:tt) => {
        $crate::__json!(@object $object ($($key)* $tt) ($($rest)*) ($($rest)*));
    };

    // ---- Values ----

    (null) => {
        $crate::Value::Null
    };
    (true) => {
        $crate::Value::Bool(true)
    };
    (false) => {
        $crate::Value::Bool(false)
    };
    ([]) => {
        $crate::Value::Array($crate::Array::new())
    };
    ([ $($tt:tt)+ ]) => {
        $crate::Value::Array($crate::Array::from($crate::__json!(@array [] $($tt)+)))
    };
    ({}) => {
        $crate::Value::Object($crate::Map::new())
    };
    ({ $($tt:tt)+ }) => {
        $crate::Value::Object({
            let mut object = $crate::Map::new();
            $crate::__json!(@object object () ($($tt)+) ($($tt)+));
            object
        })
    };
    // Any other expression: through `Serialize`, by reference (the macro does not move
    // its operands).
    ($other:expr) => {
        $crate::to_value(&$other).unwrap()
    };
}

#[macro_export]
#[doc(hidden)]
macro_rules! __json_vec {
    ($($content:tt)*) => {
        ::std::vec![$($content)*]
    };
}

/// No rule takes a token: the compiler's error points at it.
#[macro_export]
#[doc(hidden)]
macro_rules! __json_unexpected {
    () => {};
}

/// A colon where a comma was expected: the compiler's error points at what follows.
#[macro_export]
#[doc(hidden)]
macro_rules! __json_expect_expr_comma {
    ($e:expr , $($tt:tt)*) => {};
}
