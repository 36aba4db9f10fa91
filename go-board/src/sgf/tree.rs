//! The game tree: nodes with their properties in file order, variations as children.
//!
//! A [`GameTree`] is an arena: nodes, properties and values live in a few flat arrays,
//! and a value is the place where it starts in one text buffer (for a parsed tree, the
//! game tree's own text in the file, so values are not copied; a value ends at its
//! closing bracket). A node costs 16 bytes, a property 8 and a value 4, which keeps a
//! tree within a small multiple of its file's size, and nothing recurses over the tree:
//! walking, comparing, writing and dropping take no stack per node.

use core::fmt;
use std::borrow::Cow;

use super::error::{Location, SgfError, SgfErrorKind, Source};

/// "No node".
const NONE: u32 = u32::MAX;

/// A node of a [`GameTree`]: its index, from 0 for the root, in the order the nodes
/// were added (for a parsed tree, the order of the file).
///
/// Use [`NodeId::index`] to keep data about nodes in a `Vec` beside the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct NodeId(u32);

impl NodeId {
    /// The root of every tree.
    pub const ROOT: NodeId = NodeId(0);

    /// The index of the node, from 0 (the root) to [`GameTree::len`] − 1.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

#[derive(Clone, Debug)]
struct NodeData {
    parent: u32,
    first_child: u32,
    next_sibling: u32,
    /// The node's properties are `props[first_prop..]` up to the next node's.
    first_prop: u32,
}

#[derive(Clone, Debug)]
struct PropData {
    ident: u32,
    /// The property's values are `values[first_value..]` up to the next property's.
    first_value: u32,
}

/// An SGF game tree: a root node, and for each node its properties in file order and
/// its children, the first child continuing the main line and the others being
/// variations.
///
/// Values are kept raw, as written between the brackets (escapes included), so that
/// writing a tree gives back the same properties, unknown ones included:
/// `parse(tree.to_sgf())` is a tree equal to `tree`. [`Value`] decodes them as SGF text,
/// points, numbers or a composed pair.
///
/// A tree is parsed with [`sgf::parse`](super::parse), or built in memory: [`GameTree::new`]
/// gives a root without properties, [`GameTree::add_child`] adds a node, and
/// [`GameTree::push_property`] gives a property to the node added last (a tree grows at
/// its newest node, in the order a file lists nodes).
///
/// # Examples
///
/// ```
/// use go_board::sgf::{self, GameTree, NodeId};
///
/// // A joseki tree: the main line and a variation at the second move.
/// let text = "(;GM[1]SZ[19];B[pd];W[qf](;B[nc];W[rd])(;B[qh]C[pincer]))";
/// let collection = sgf::parse(text.as_bytes())?;
/// let tree = &collection.games()[0];
/// let moves: Vec<_> = tree.root().main_line().filter_map(|n| n.value("B").or(n.value("W")))
///     .map(|v| v.raw()).collect();
/// assert_eq!(moves, ["pd", "qf", "nc", "rd"]);
/// let branch = tree.root().main_line().nth(2).unwrap();
/// assert_eq!(branch.children().count(), 2);
/// let pincer = branch.children().nth(1).unwrap();
/// assert_eq!(pincer.value("C").unwrap().text(), "pincer");
///
/// // Built in memory, written, and read back.
/// let mut built = GameTree::new();
/// built.push_property("GM", ["1"]);
/// built.push_property("SZ", ["19"]);
/// let b = built.add_child(NodeId::ROOT);
/// built.push_property("B", ["pd"]);
/// built.add_child(b);
/// built.push_property("W", ["qf"]);
/// built.add_child(b);
/// built.push_property("W", ["dp"]);
/// built.push_property("C", ["a comment with ] and \\"]);
/// let written = built.to_sgf();
/// assert_eq!(written, "(;GM[1]SZ[19]\n;B[pd]\n(;W[qf])\n(;W[dp]C[a comment with \\] and \\\\]))\n");
/// assert_eq!(sgf::parse(written.as_bytes())?.games()[0], built);
/// # Ok::<_, go_board::SgfError>(())
/// ```
#[derive(Clone)]
pub struct GameTree {
    /// The values' text: for a parsed tree, its text in the file first.
    text: String,
    /// `text[..located]` is text of the file, starting at `origin`.
    located: usize,
    origin: (usize, usize, usize),
    /// The identifiers' names, one after the other, and where each ends.
    ident_text: String,
    ident_ends: Vec<u32>,
    nodes: Vec<NodeData>,
    props: Vec<PropData>,
    /// Where each value starts in `text`; it ends at the next `]` not escaped.
    values: Vec<u32>,
    /// The last child of each node, for [`GameTree::add_child`]: kept while a tree is
    /// built, made from the sibling lists when a parsed tree first grows.
    last_child: Vec<u32>,
}

impl Default for GameTree {
    fn default() -> GameTree {
        GameTree::new()
    }
}

impl GameTree {
    /// A tree with a root node and no property.
    pub fn new() -> GameTree {
        GameTree {
            text: String::new(),
            located: 0,
            origin: (0, 1, 1),
            ident_text: String::new(),
            ident_ends: Vec::new(),
            nodes: vec![NodeData {
                parent: NONE,
                first_child: NONE,
                next_sibling: NONE,
                first_prop: 0,
            }],
            props: Vec::new(),
            values: Vec::new(),
            last_child: vec![NONE],
        }
    }

    /// The root node.
    pub fn root(&self) -> Node<'_> {
        Node { tree: self, id: 0 }
    }

    /// The node `id`.
    ///
    /// # Panics
    ///
    /// If `id` is not a node of this tree (`id.index() >= self.len()`).
    pub fn node(&self, id: NodeId) -> Node<'_> {
        assert!(id.index() < self.nodes.len(), "node {} is not in a tree of {}", id.0, self.len());
        Node { tree: self, id: id.0 }
    }

    /// The number of nodes (at least 1, the root).
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Always false: a tree has a root. (For the `len`/`is_empty` convention.)
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Every node, in the order they were added (for a parsed tree, the order of the
    /// file: depth first, a node before its children, variations in order).
    pub fn nodes(&self) -> impl ExactSizeIterator<Item = Node<'_>> + '_ {
        (0..self.nodes.len() as u32).map(move |id| Node { tree: self, id })
    }

    /// Adds a node without properties as the last child of `parent`, and returns it.
    ///
    /// # Panics
    ///
    /// If `parent` is not a node of this tree, or the tree already has 2³² − 2 nodes.
    pub fn add_child(&mut self, parent: NodeId) -> NodeId {
        let id = u32::try_from(self.nodes.len()).ok().filter(|&n| n < NONE);
        let id = id.expect("a game tree holds fewer than 2^32 - 1 nodes");
        assert!(parent.index() < self.nodes.len(), "node {} is not in the tree", parent.0);
        if self.last_child.len() != self.nodes.len() {
            // A parsed tree: find every node's last child once.
            self.last_child = vec![NONE; self.nodes.len()];
            for (i, node) in self.nodes.iter().enumerate().skip(1) {
                self.last_child[node.parent as usize] = i as u32;
            }
        }
        let previous = self.last_child[parent.index()];
        self.link(parent.0, (previous != NONE).then_some(previous));
        self.last_child[parent.index()] = id;
        self.last_child.push(NONE);
        NodeId(id)
    }

    /// Adds a node as the child of `parent` that follows `previous` (its first child if
    /// `previous` is `None`).
    fn link(&mut self, parent: u32, previous: Option<u32>) -> u32 {
        let id = self.nodes.len() as u32;
        match previous {
            Some(p) => self.nodes[p as usize].next_sibling = id,
            None => self.nodes[parent as usize].first_child = id,
        }
        grow(&mut self.nodes);
        self.nodes.push(NodeData {
            parent,
            first_child: NONE,
            next_sibling: NONE,
            first_prop: self.props.len() as u32,
        });
        id
    }

    /// Gives the node added last (the root, in a new tree) the property `identifier`
    /// with `values`, each written escaped (`\` and `]` get a `\`), so that
    /// [`Value::unescaped`] gives back the text given.
    ///
    /// # Panics
    ///
    /// If `identifier` is not one or more upper-case ASCII letters, the node already has
    /// this property (SGF allows a property once per node), or `values` is empty (write
    /// an empty value, `[""]`, for a property such as `B[]`).
    pub fn push_property<I>(&mut self, identifier: &str, values: I)
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        assert!(
            !identifier.is_empty() && identifier.bytes().all(|b| b.is_ascii_uppercase()),
            "SGF property identifiers are upper-case letters: {identifier:?}"
        );
        let node = self.nodes.len() - 1;
        assert!(
            Node { tree: self, id: node as u32 }.property(identifier).is_none(),
            "the node already has a property {identifier}"
        );
        let ident = match (0..self.ident_ends.len() as u32).find(|&i| self.ident(i) == identifier) {
            Some(i) => i,
            None => self.push_ident(identifier),
        };
        let first_value = self.values.len() as u32;
        for value in values {
            let start = offset(self.text.len());
            for c in value.as_ref().chars() {
                if matches!(c, '\\' | ']') {
                    self.text.push('\\');
                }
                self.text.push(c);
            }
            self.text.push(']');
            self.values.push(start);
        }
        assert!(self.values.len() as u32 > first_value, "property {identifier} has no value");
        self.props.push(PropData { ident, first_value });
    }

    /// The text of the tree as SGF; see [`GameTree::write_sgf`].
    pub fn to_sgf(&self) -> String {
        let mut out = String::with_capacity(self.text.len() + 4 * self.nodes.len() + 8);
        self.write_sgf(&mut out);
        out
    }

    // -----------------------------------------------------------------------------------
    // For the parser and the writer.

    /// An empty tree (no root yet) for the parser, whose text starts at byte `offset`,
    /// line `line` and column `column` of its file; the text comes with
    /// [`GameTree::finish_parse`].
    pub(crate) fn parsed(offset: usize, line: usize, column: usize) -> GameTree {
        GameTree {
            text: String::new(),
            located: 0,
            origin: (offset, line, column),
            ident_text: String::new(),
            ident_ends: Vec::new(),
            nodes: Vec::new(),
            props: Vec::new(),
            values: Vec::new(),
            last_child: Vec::new(),
        }
    }

    /// Gives a parsed tree its text, and frees the spare capacity left by parsing.
    pub(crate) fn finish_parse(&mut self, text: String) {
        self.located = text.len();
        self.text = text;
        self.nodes.shrink_to_fit();
        self.props.shrink_to_fit();
        self.values.shrink_to_fit();
    }

    /// Adds a node while parsing: the root if `parent` is `None`, else a child of
    /// `parent` after its child `previous` (the first child if `previous` is `None`).
    pub(crate) fn parsed_node(&mut self, parent: Option<u32>, previous: Option<u32>) -> u32 {
        match parent {
            Some(p) => self.link(p, previous),
            None => {
                self.nodes.push(NodeData {
                    parent: NONE,
                    first_child: NONE,
                    next_sibling: NONE,
                    first_prop: self.props.len() as u32,
                });
                0
            }
        }
    }

    /// Adds a property, whose identifier is `ident` in [`GameTree::push_ident`]'s
    /// numbering, to the newest node while parsing.
    pub(crate) fn parsed_property(&mut self, ident: u32, first_value: u32) {
        grow(&mut self.props);
        self.props.push(PropData { ident, first_value });
    }

    /// Merges the values parsed since `first_value` (a repetition of property `ident` in
    /// the node being parsed, not yet pushed) into the node's earlier property `ident`:
    /// they become its last values, in file order.
    pub(crate) fn parsed_repetition(&mut self, ident: u32, first_value: u32) {
        let node = self.nodes.last().expect("a node is being parsed");
        let earlier = (node.first_prop as usize..self.props.len())
            .find(|&k| self.props[k].ident == ident)
            .expect("the repeated property is in the node");
        // The earlier property's values end where the next property's start; move the
        // new values there and shift the properties in between.
        let end = self.props.get(earlier + 1).map_or(first_value, |next| next.first_value);
        let added = self.values.len() as u32 - first_value;
        self.values[end as usize..].rotate_right(added as usize);
        for prop in &mut self.props[earlier + 1..] {
            prop.first_value += added;
        }
    }

    /// Adds a value that starts at `start` (after its `[`) while parsing.
    pub(crate) fn parsed_value(&mut self, start: usize) {
        grow(&mut self.values);
        self.values.push(offset(start));
    }

    /// The number of values so far.
    pub(crate) fn value_count(&self) -> u32 {
        self.values.len() as u32
    }

    /// Registers an identifier found by the parser (which keeps its own index of them).
    pub(crate) fn push_ident(&mut self, ident: &str) -> u32 {
        self.ident_text.push_str(ident);
        self.ident_ends.push(offset(self.ident_text.len()));
        (self.ident_ends.len() - 1) as u32
    }

    /// The name of identifier `i`.
    pub(crate) fn ident(&self, i: u32) -> &str {
        let start = if i == 0 { 0 } else { self.ident_ends[i as usize - 1] as usize };
        &self.ident_text[start..self.ident_ends[i as usize] as usize]
    }

    /// Replaces the text of value `index` (appended after the file's text, so the
    /// value loses its location).
    pub(crate) fn replace_value(&mut self, index: u32, raw: &str) {
        let start = offset(self.text.len());
        self.text.push_str(raw);
        self.text.push(']');
        self.values[index as usize] = start;
    }

    /// The byte range of value `index` in the text: from its start to the first `]`
    /// that is not escaped.
    fn value_range(&self, index: u32) -> (usize, usize) {
        let start = self.values[index as usize] as usize;
        let b = &self.text.as_bytes()[start..];
        let mut i = 0;
        loop {
            match b[i..].iter().position(|&c| c == b']' || c == b'\\') {
                Some(k) if b[i + k] == b'\\' => i += k + 2,
                Some(k) => return (start, start + i + k),
                None => unreachable!("every value of a tree is closed by ']'"),
            }
        }
    }

    /// The part of the tree's text that comes from a file.
    pub(crate) fn source(&self) -> Source<'_> {
        let (offset, line, column) = self.origin;
        Source { text: &self.text[..self.located], offset, line, column }
    }

    /// An error about a node's property or value: located if the text is from a file.
    pub(crate) fn error_at(
        &self,
        range: Option<(usize, usize)>,
        kind: SgfErrorKind,
        message: String,
    ) -> SgfError {
        match range {
            Some((start, end)) => self.source().error(start..end, kind, message),
            None => SgfError::unlocated(kind, message),
        }
    }
}

/// Makes room for one more element, growing by a quarter (not doubling) so that a
/// large tree holds little spare capacity while it is read.
fn grow<T>(v: &mut Vec<T>) {
    if v.len() == v.capacity() {
        v.reserve_exact(v.len() / 4 + 16);
    }
}

fn offset(n: usize) -> u32 {
    u32::try_from(n).expect("the text of a game tree is smaller than 4 GiB")
}

impl PartialEq for GameTree {
    /// Trees are equal if they have the same shape, and each node the same properties
    /// in the same order with the same raw values. Node numbering and locations do not
    /// count.
    fn eq(&self, other: &GameTree) -> bool {
        let mut stack = vec![(self.root(), other.root())];
        while let Some((a, b)) = stack.pop() {
            if !a.properties().eq(b.properties()) {
                return false;
            }
            let (mut ca, mut cb) = (a.children(), b.children());
            loop {
                match (ca.next(), cb.next()) {
                    (Some(x), Some(y)) => stack.push((x, y)),
                    (None, None) => break,
                    _ => return false,
                }
            }
        }
        true
    }
}

impl Eq for GameTree {}

impl fmt::Debug for GameTree {
    /// The node count and the tree as SGF (cut after about 1000 characters).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sgf = self.to_sgf();
        f.debug_struct("GameTree")
            .field("nodes", &self.len())
            .field("sgf", &format_args!("{}", crate::excerpt(&sgf).max_chars(1000)))
            .finish()
    }
}

/// A node of a [`GameTree`], to read its properties and walk to its parent, children
/// and siblings.
#[derive(Clone, Copy)]
pub struct Node<'a> {
    tree: &'a GameTree,
    id: u32,
}

impl<'a> Node<'a> {
    fn data(self) -> &'a NodeData {
        &self.tree.nodes[self.id as usize]
    }

    fn at(self, id: u32) -> Option<Node<'a>> {
        (id != NONE).then_some(Node { tree: self.tree, id })
    }

    /// The node's id in its tree.
    pub fn id(self) -> NodeId {
        NodeId(self.id)
    }

    /// Whether this is the root.
    pub fn is_root(self) -> bool {
        self.id == 0
    }

    /// The parent node (`None` for the root).
    pub fn parent(self) -> Option<Node<'a>> {
        self.at(self.data().parent)
    }

    /// The first child: the next node of the main line from here.
    pub fn first_child(self) -> Option<Node<'a>> {
        self.at(self.data().first_child)
    }

    /// The next child of the same parent (the next variation).
    pub fn next_sibling(self) -> Option<Node<'a>> {
        self.at(self.data().next_sibling)
    }

    /// The children in order: the main line's continuation first, then the variations.
    pub fn children(self) -> Children<'a> {
        Children { next: self.first_child() }
    }

    /// Whether the node has no child.
    pub fn is_leaf(self) -> bool {
        self.data().first_child == NONE
    }

    /// This node and the first child of each node from here: the main line of the
    /// subtree.
    pub fn main_line(self) -> MainLine<'a> {
        MainLine { next: Some(self) }
    }

    /// The nodes from the root to this one (the root first): the moves and setup that
    /// lead to this node.
    pub fn path_from_root(self) -> Vec<Node<'a>> {
        let mut path: Vec<Node<'a>> = core::iter::successors(Some(self), |n| n.parent()).collect();
        path.reverse();
        path
    }

    /// The properties, in file order.
    pub fn properties(self) -> Properties<'a> {
        let start = self.data().first_prop;
        let end = self
            .tree
            .nodes
            .get(self.id as usize + 1)
            .map_or(self.tree.props.len() as u32, |next| next.first_prop);
        Properties { tree: self.tree, next: start, end }
    }

    /// The property `identifier` (such as `"B"` or `"AB"`), if the node has it.
    pub fn property(self, identifier: &str) -> Option<Property<'a>> {
        self.properties().find(|p| p.identifier() == identifier)
    }

    /// The first value of property `identifier`, if the node has it.
    pub fn value(self, identifier: &str) -> Option<Value<'a>> {
        self.property(identifier).map(Property::value)
    }
}

impl PartialEq for Node<'_> {
    /// Nodes are equal if they are the same node of the same tree.
    fn eq(&self, other: &Self) -> bool {
        core::ptr::eq(self.tree, other.tree) && self.id == other.id
    }
}

impl Eq for Node<'_> {}

impl fmt::Debug for Node<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Node")
            .field("id", &self.id)
            .field("properties", &self.properties().collect::<Vec<_>>())
            .finish()
    }
}

/// The children of a node; see [`Node::children`].
#[derive(Clone, Debug)]
pub struct Children<'a> {
    next: Option<Node<'a>>,
}

impl<'a> Iterator for Children<'a> {
    type Item = Node<'a>;
    fn next(&mut self) -> Option<Node<'a>> {
        let node = self.next?;
        self.next = node.next_sibling();
        Some(node)
    }
}

/// A node and its first descendants; see [`Node::main_line`].
#[derive(Clone, Debug)]
pub struct MainLine<'a> {
    next: Option<Node<'a>>,
}

impl<'a> Iterator for MainLine<'a> {
    type Item = Node<'a>;
    fn next(&mut self) -> Option<Node<'a>> {
        let node = self.next?;
        self.next = node.first_child();
        Some(node)
    }
}

/// The properties of a node; see [`Node::properties`].
#[derive(Clone, Debug)]
pub struct Properties<'a> {
    tree: &'a GameTree,
    next: u32,
    end: u32,
}

impl<'a> Iterator for Properties<'a> {
    type Item = Property<'a>;
    fn next(&mut self) -> Option<Property<'a>> {
        (self.next < self.end).then(|| {
            self.next += 1;
            Property { tree: self.tree, index: self.next - 1 }
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = (self.end - self.next) as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Properties<'_> {}

/// A property of a node: its identifier and one or more values.
#[derive(Clone, Copy)]
pub struct Property<'a> {
    tree: &'a GameTree,
    index: u32,
}

impl<'a> Property<'a> {
    /// The identifier, upper-case letters (`B`, `AB`, `SZ`, or one unknown to SGF).
    pub fn identifier(self) -> &'a str {
        let ident = self.tree.props[self.index as usize].ident;
        self.tree.ident(ident)
    }

    /// The values, in order (at least one).
    pub fn values(self) -> Values<'a> {
        let start = self.tree.props[self.index as usize].first_value;
        let end = self
            .tree
            .props
            .get(self.index as usize + 1)
            .map_or(self.tree.values.len() as u32, |next| next.first_value);
        Values { tree: self.tree, next: start, end }
    }

    /// The first value.
    pub fn value(self) -> Value<'a> {
        Value { tree: self.tree, index: self.tree.props[self.index as usize].first_value }
    }

    /// Where the identifier is in the file, if the tree was read from one.
    pub fn location(self) -> Option<Location> {
        self.range().map(|(start, end)| self.tree.source().location(start..end))
    }

    /// The byte range of the identifier in the tree's text, if it comes from the file:
    /// back from the first value's `[` over white space and letters.
    pub(crate) fn range(self) -> Option<(usize, usize)> {
        let (start, _) = self.value().range()?;
        let b = self.tree.text.as_bytes();
        let mut end = start - 1;
        while end > 0 && b[end - 1].is_ascii_whitespace() {
            end -= 1;
        }
        let mut begin = end;
        while begin > 0 && b[begin - 1].is_ascii_alphabetic() {
            begin -= 1;
        }
        Some((begin, end))
    }

    /// An error at this property's identifier.
    pub(crate) fn error(self, kind: SgfErrorKind, message: String) -> SgfError {
        self.tree.error_at(self.range(), kind, message)
    }
}

impl PartialEq for Property<'_> {
    /// Same identifier and same raw values.
    fn eq(&self, other: &Self) -> bool {
        self.identifier() == other.identifier() && self.values().eq(other.values())
    }
}

impl fmt::Debug for Property<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.identifier())?;
        for v in self.values() {
            write!(f, "[{}]", crate::excerpt(v.raw()))?;
        }
        Ok(())
    }
}

/// The values of a property; see [`Property::values`].
#[derive(Clone, Debug)]
pub struct Values<'a> {
    tree: &'a GameTree,
    next: u32,
    end: u32,
}

impl<'a> Iterator for Values<'a> {
    type Item = Value<'a>;
    fn next(&mut self) -> Option<Value<'a>> {
        (self.next < self.end).then(|| {
            self.next += 1;
            Value { tree: self.tree, index: self.next - 1 }
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = (self.end - self.next) as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Values<'_> {}

/// A property value, raw (as written between the brackets, escapes included), with
/// the decodings SGF defines.
#[derive(Clone, Copy)]
pub struct Value<'a> {
    tree: &'a GameTree,
    index: u32,
}

impl<'a> Value<'a> {
    /// The value as written between the brackets, escapes included.
    pub fn raw(self) -> &'a str {
        let (start, end) = self.tree.value_range(self.index);
        &self.tree.text[start..end]
    }

    /// The value with its escapes removed (each `\` gives the character after it),
    /// nothing else changed: the inverse of the escaping of
    /// [`GameTree::push_property`].
    pub fn unescaped(self) -> Cow<'a, str> {
        let raw = self.raw();
        if !raw.contains('\\') {
            return Cow::Borrowed(raw);
        }
        let mut out = String::with_capacity(raw.len());
        let mut chars = raw.chars();
        while let Some(c) = chars.next() {
            match c {
                '\\' => out.extend(chars.next()),
                c => out.push(c),
            }
        }
        Cow::Owned(out)
    }

    /// The value as SGF Text (comments, `C`, `GC`): `\` escapes the next character, `\`
    /// before a line break removes it (a soft line break), line breaks (`\n`, `\r\n`,
    /// `\n\r`, `\r`) become `\n`, and other white space becomes a space.
    pub fn text(self) -> Cow<'a, str> {
        decode_text(self.raw(), false)
    }

    /// The value as SGF SimpleText (names, `PB`, `RE`, ...): as [`Value::text`], with
    /// line breaks becoming spaces too.
    pub fn simple_text(self) -> Cow<'a, str> {
        decode_text(self.raw(), true)
    }

    /// The two parts of a composed value (`aa:cc`, `LB[dd:label]`, `AP[name:1.0]`),
    /// split at the first `:` that is not escaped, or `None` if there is none. The
    /// parts are raw.
    pub fn split_compose(self) -> Option<(&'a str, &'a str)> {
        let raw = self.raw();
        let b = raw.as_bytes();
        let mut i = 0;
        while i < b.len() {
            match b[i] {
                b'\\' => i += 2,
                b':' => return Some((&raw[..i], &raw[i + 1..])),
                _ => i += 1,
            }
        }
        None
    }

    /// Where the value is in the file (between the brackets), if the tree was read from
    /// one.
    pub fn location(self) -> Option<Location> {
        self.range().map(|(start, end)| self.tree.source().location(start..end))
    }

    /// The index of the value in its tree.
    pub(crate) fn index(self) -> u32 {
        self.index
    }

    pub(crate) fn range(self) -> Option<(usize, usize)> {
        let start = self.tree.values[self.index as usize] as usize;
        (start < self.tree.located).then(|| self.tree.value_range(self.index))
    }

    /// An error at this value.
    pub(crate) fn error(self, kind: SgfErrorKind, message: String) -> SgfError {
        self.tree.error_at(self.range(), kind, message)
    }

    /// An error at the `[` of this value.
    pub(crate) fn error_at_bracket(self, kind: SgfErrorKind, message: String) -> SgfError {
        self.tree.error_at(self.range().map(|(s, _)| (s - 1, s)), kind, message)
    }

    /// A warning at this value.
    pub(crate) fn warning(self, message: String) -> super::Warning {
        let location = self.location();
        super::Warning::new(location, message)
    }
}

impl PartialEq for Value<'_> {
    /// Same raw text.
    fn eq(&self, other: &Self) -> bool {
        self.raw() == other.raw()
    }
}

impl fmt::Debug for Value<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Value({:?})", crate::excerpt(self.raw()).to_string())
    }
}

/// Decodes an SGF Text value (`simple == false`) or SimpleText value (`simple ==
/// true`); see [`Value::text`].
fn decode_text(raw: &str, simple: bool) -> Cow<'_, str> {
    if !raw.bytes().any(|b| matches!(b, b'\\' | b'\n' | b'\r' | b'\t' | 0x0b | 0x0c)) {
        return Cow::Borrowed(raw);
    }
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(first @ ('\n' | '\r')) => {
                    let pair = if first == '\n' { '\r' } else { '\n' };
                    if chars.peek() == Some(&pair) {
                        chars.next();
                    }
                }
                Some(e) if is_space(e) => out.push(' '),
                Some(e) => out.push(e),
                None => {}
            },
            '\n' | '\r' => {
                let pair = if c == '\n' { '\r' } else { '\n' };
                if chars.peek() == Some(&pair) {
                    chars.next();
                }
                out.push(if simple { ' ' } else { '\n' });
            }
            c if is_space(c) => out.push(' '),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// White space other than line breaks in a text value: space, tab, vertical tab, form
/// feed.
fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\u{b}' | '\u{c}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_decoding_follows_the_sgf_rules() {
        assert_eq!(decode_text("a\\]b\\\\c\\:d", true), "a]b\\c:d");
        assert_eq!(decode_text("soft\\\nbreak", false), "softbreak");
        assert_eq!(decode_text("soft\\\r\nbreak", true), "softbreak");
        assert_eq!(decode_text("two\r\nlines\n\rx\ry", false), "two\nlines\nx\ny");
        assert_eq!(decode_text("two\r\nlines", true), "two lines");
        assert_eq!(decode_text("tab\there", false), "tab here");
        assert_eq!(decode_text("escaped\\\u{b}vt\u{c}ff", true), "escaped vt ff");
        assert_eq!(decode_text("trailing\\", true), "trailing");
        assert_eq!(decode_text("日本\u{3000}棋院", true), "日本\u{3000}棋院");
        assert!(matches!(decode_text("plain", false), Cow::Borrowed("plain")));
    }

    #[test]
    fn building_escapes_and_unescaped_gives_the_text_back() {
        let mut tree = GameTree::new();
        let texts = ["", "a]b", "back\\slash", "x:y", "line\nbreak", "\\]"];
        tree.push_property("XX", texts);
        let prop = tree.root().property("XX").unwrap();
        let raws: Vec<_> = prop.values().map(Value::raw).collect();
        assert_eq!(raws, ["", "a\\]b", "back\\\\slash", "x:y", "line\nbreak", "\\\\\\]"]);
        let back: Vec<_> = prop.values().map(|v| v.unescaped().into_owned()).collect();
        assert_eq!(back, texts);
        assert_eq!(prop.values().len(), 6);
        assert!(prop.location().is_none());
    }

    #[test]
    fn compose_splits_at_the_first_unescaped_colon() {
        let mut tree = GameTree::new();
        tree.push_property("LB", ["dd:a:b"]);
        assert_eq!(tree.root().value("LB").unwrap().split_compose(), Some(("dd", "a:b")));
        let mut tree = GameTree::new();
        tree.push_property("AP", ["x\\:y"]);
        // `push_property` escaped the backslash: the colon is not escaped.
        assert_eq!(tree.root().value("AP").unwrap().split_compose(), Some(("x\\\\", "y")));
        let mut tree = GameTree::new();
        tree.push_property("AP", ["plain"]);
        assert_eq!(tree.root().value("AP").unwrap().split_compose(), None);
    }

    #[test]
    fn walking_a_built_tree() {
        let mut tree = GameTree::new();
        let a = tree.add_child(NodeId::ROOT);
        tree.push_property("B", ["aa"]);
        let b = tree.add_child(NodeId::ROOT);
        tree.push_property("B", ["bb"]);
        let c = tree.add_child(a);
        tree.push_property("W", ["cc"]);
        tree.push_property("C", ["hi"]);
        assert_eq!(tree.len(), 4);
        let root = tree.root();
        assert!(root.is_root() && root.parent().is_none());
        let kids: Vec<NodeId> = root.children().map(Node::id).collect();
        assert_eq!(kids, [a, b]);
        assert_eq!(tree.node(c).parent().unwrap().id(), a);
        assert_eq!(root.main_line().map(Node::id).collect::<Vec<_>>(), [NodeId::ROOT, a, c]);
        let path: Vec<_> = tree.node(c).path_from_root().into_iter().map(Node::id).collect();
        assert_eq!(path, [NodeId::ROOT, a, c]);
        assert!(tree.node(b).is_leaf() && !tree.node(a).is_leaf());
        assert_eq!(
            tree.node(c).properties().map(Property::identifier).collect::<Vec<_>>(),
            ["W", "C"]
        );
        assert_eq!(tree.node(b).next_sibling(), None);
        assert_eq!(tree.node(a).next_sibling().map(Node::id), Some(b));
        // Equality is structural: the same tree built in another order is equal.
        let mut other = GameTree::new();
        let a2 = other.add_child(NodeId::ROOT);
        other.push_property("B", ["aa"]);
        other.add_child(a2);
        other.push_property("W", ["cc"]);
        other.push_property("C", ["hi"]);
        other.add_child(NodeId::ROOT);
        other.push_property("B", ["bb"]);
        assert_eq!(tree, other);
        other.add_child(NodeId::ROOT);
        assert_ne!(tree, other);
    }

    #[test]
    #[should_panic(expected = "already has a property B")]
    fn a_property_twice_is_a_caller_bug() {
        let mut tree = GameTree::new();
        tree.push_property("B", ["aa"]);
        tree.push_property("B", ["bb"]);
    }

    #[test]
    #[should_panic(expected = "upper-case letters")]
    fn identifiers_are_upper_case() {
        GameTree::new().push_property("b", ["aa"]);
    }
}
