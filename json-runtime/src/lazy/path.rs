//! Paths into a document: JSON Pointers (RFC 6901) and lists of keys and indices.

use std::borrow::Cow;

/// One step of a path: a member's key, or an array's index.
///
/// A JSON Pointer's segments are all keys (`"/a/0"` is `Key("a"), Key("0")`); at an
/// array a key that is an index by RFC 6901 (digits, no leading zero) selects that
/// element, as `Value::pointer` does. An `Index` asked of an object finds nothing.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum PathItem<'p> {
    /// A member's key (unescaped text).
    Key(Cow<'p, str>),
    /// An array's element, from 0.
    Index(usize),
}

impl PathItem<'_> {
    /// The index this item selects in an array, if any.
    pub fn index(&self) -> Option<usize> {
        match self {
            PathItem::Index(i) => Some(*i),
            PathItem::Key(k) => {
                let b = k.as_bytes();
                if b.is_empty() || (b.len() > 1 && b[0] == b'0') || !b.iter().all(u8::is_ascii_digit) {
                    return None;
                }
                k.parse().ok()
            }
        }
    }

    /// The same item, owning its key.
    pub fn into_owned(self) -> PathItem<'static> {
        match self {
            PathItem::Key(k) => PathItem::Key(Cow::Owned(k.into_owned())),
            PathItem::Index(i) => PathItem::Index(i),
        }
    }

    fn reborrow(&self) -> PathItem<'_> {
        match self {
            PathItem::Key(k) => PathItem::Key(Cow::Borrowed(k)),
            PathItem::Index(i) => PathItem::Index(*i),
        }
    }
}

impl<'p> From<&'p str> for PathItem<'p> {
    fn from(key: &'p str) -> Self {
        PathItem::Key(Cow::Borrowed(key))
    }
}

impl<'p> From<&'p String> for PathItem<'p> {
    fn from(key: &'p String) -> Self {
        PathItem::Key(Cow::Borrowed(key))
    }
}

impl From<String> for PathItem<'static> {
    fn from(key: String) -> Self {
        PathItem::Key(Cow::Owned(key))
    }
}

impl From<usize> for PathItem<'static> {
    fn from(index: usize) -> Self {
        PathItem::Index(index)
    }
}

/// What can name a place in a document: a JSON Pointer (`str`, `String`: `""` is the
/// whole document, `"/a/0"`, with `~1` for `/` and `~0` for `~` in keys), or a list of
/// keys and indices (`[&str]`, `[usize]`, `[PathItem]`, arrays and `Vec`s of them).
pub trait JsonPath {
    /// The path's items, in order.
    fn items(&self) -> impl Iterator<Item = PathItem<'_>>;
}

impl JsonPath for str {
    fn items(&self) -> impl Iterator<Item = PathItem<'_>> {
        // A pointer that does not start with `/` (other than "") names nothing: one
        // item no document has.
        let (rest, bad) = match self.strip_prefix('/') {
            Some(rest) => (Some(rest), false),
            None => (None, !self.is_empty()),
        };
        let bad = bad.then_some(PathItem::Key(Cow::Borrowed("\u{0}not a JSON Pointer")));
        rest.into_iter().flat_map(|r| r.split('/')).map(unescape_segment).chain(bad)
    }
}

impl JsonPath for String {
    fn items(&self) -> impl Iterator<Item = PathItem<'_>> {
        self.as_str().items()
    }
}

fn unescape_segment(s: &str) -> PathItem<'_> {
    if s.contains('~') {
        PathItem::Key(Cow::Owned(s.replace("~1", "/").replace("~0", "~")))
    } else {
        PathItem::Key(Cow::Borrowed(s))
    }
}

/// An item of a path written as a list: `&str` (a key), `usize` (an index) or
/// [`PathItem`].
pub trait AsPathItem {
    /// The item.
    fn as_path_item(&self) -> PathItem<'_>;
}

impl AsPathItem for PathItem<'_> {
    fn as_path_item(&self) -> PathItem<'_> {
        self.reborrow()
    }
}

impl AsPathItem for &str {
    fn as_path_item(&self) -> PathItem<'_> {
        PathItem::Key(Cow::Borrowed(self))
    }
}

impl AsPathItem for String {
    fn as_path_item(&self) -> PathItem<'_> {
        PathItem::Key(Cow::Borrowed(self))
    }
}

impl AsPathItem for usize {
    fn as_path_item(&self) -> PathItem<'_> {
        PathItem::Index(*self)
    }
}

impl<T: AsPathItem> JsonPath for [T] {
    fn items(&self) -> impl Iterator<Item = PathItem<'_>> {
        self.iter().map(AsPathItem::as_path_item)
    }
}

impl<T: AsPathItem, const N: usize> JsonPath for [T; N] {
    fn items(&self) -> impl Iterator<Item = PathItem<'_>> {
        self.iter().map(AsPathItem::as_path_item)
    }
}

impl<T: AsPathItem> JsonPath for Vec<T> {
    fn items(&self) -> impl Iterator<Item = PathItem<'_>> {
        self.iter().map(AsPathItem::as_path_item)
    }
}

impl<P: JsonPath + ?Sized> JsonPath for &P {
    fn items(&self) -> impl Iterator<Item = PathItem<'_>> {
        (**self).items()
    }
}

pub(super) const ROOT: usize = 0;

/// Several paths, for one pass over a document (`get_many`): a trie of their items.
/// Each path's result comes back at the place it was added.
///
/// ```
/// use json_runtime::lazy::PathTree;
/// let mut tree = PathTree::new();
/// tree.add_path("/a/b");
/// tree.add_path(&["a", "c"]);
/// assert_eq!(tree.len(), 2);
/// ```
#[derive(Clone, Debug)]
pub struct PathTree {
    pub(super) nodes: Vec<Node>,
    paths: usize,
}

#[derive(Clone, Debug, Default)]
pub(super) struct Node {
    /// Each child's item and node.
    pub(super) children: Vec<(PathItem<'static>, usize)>,
    /// The paths that end here (their places in the result).
    pub(super) ends: Vec<usize>,
    /// How many paths end here or below.
    pub(super) total: usize,
}

impl Default for PathTree {
    fn default() -> Self {
        PathTree::new()
    }
}

impl PathTree {
    /// No paths.
    pub fn new() -> Self {
        PathTree { nodes: vec![Node::default()], paths: 0 }
    }

    /// Adds `path`; its result is the next place of `get_many`'s answer.
    pub fn add_path<P: JsonPath + ?Sized>(&mut self, path: &P) -> &mut Self {
        let mut node = ROOT;
        self.nodes[ROOT].total += 1;
        for item in path.items() {
            let found = self.nodes[node].children.iter().find(|(i, _)| *i == item).map(|&(_, n)| n);
            node = match found {
                Some(n) => n,
                None => {
                    self.nodes.push(Node::default());
                    let n = self.nodes.len() - 1;
                    self.nodes[node].children.push((item.into_owned(), n));
                    n
                }
            };
            self.nodes[node].total += 1;
        }
        self.nodes[node].ends.push(self.paths);
        self.paths += 1;
        self
    }

    /// How many paths were added.
    pub fn len(&self) -> usize {
        self.paths
    }

    /// No paths were added.
    pub fn is_empty(&self) -> bool {
        self.paths == 0
    }
}
