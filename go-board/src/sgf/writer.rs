//! Writing a game tree as SGF text.

use super::tree::{GameTree, Node};

/// The column after which the writer starts a new line before the next node or
/// property (values are never split).
pub(crate) const LINE_WIDTH: usize = 79;

impl GameTree {
    /// Appends the tree to `out` as SGF: `(`, the nodes, `)` and a line break.
    ///
    /// Values are written as they are held (raw, so escapes are kept), except that a
    /// `CA` on the root is written `CA[UTF-8]`: the text is UTF-8 whatever charset the
    /// file it came from was in. The root node is on the first lines, then each node
    /// follows on the same line while the line stays within 79 columns; each variation
    /// starts on a new line. Nothing recurses: trees of any depth are written.
    pub fn write_sgf(&self, out: &mut String) {
        let mut column = 0;
        let push = |out: &mut String, piece: &str, column: &mut usize| {
            out.push_str(piece);
            match piece.rfind('\n') {
                Some(nl) => *column = piece[nl + 1..].chars().count(),
                None => *column += piece.chars().count(),
            }
        };
        // The nodes still to write, depth first; `None` closes a variation.
        let mut stack: Vec<Option<Node<'_>>> = vec![Some(self.root())];
        let mut first = true;
        while let Some(entry) = stack.pop() {
            let Some(node) = entry else {
                push(out, ")", &mut column);
                continue;
            };
            let variation =
                node.is_root() || node.parent().is_some_and(|p| p.children().nth(1).is_some());
            if variation {
                if !first {
                    push(out, "\n", &mut column);
                }
                push(out, "(", &mut column);
                if let Some(sibling) = node.next_sibling() {
                    stack.push(Some(sibling));
                }
                stack.push(None);
            } else if column > 0 && column + 1 + node_width(node) > LINE_WIDTH {
                push(out, "\n", &mut column);
            }
            first = false;
            push(out, ";", &mut column);
            for property in node.properties() {
                let ident = property.identifier();
                let width =
                    ident.len() + property.values().map(|v| v.raw().len() + 2).sum::<usize>();
                if column > 1 && column + width > LINE_WIDTH {
                    push(out, "\n", &mut column);
                }
                push(out, ident, &mut column);
                let ca = node.is_root() && ident == "CA";
                for (k, value) in property.values().enumerate() {
                    push(out, "[", &mut column);
                    push(out, if ca && k == 0 { "UTF-8" } else { value.raw() }, &mut column);
                    push(out, "]", &mut column);
                }
            }
            if node.is_root() && node.first_child().is_some() {
                push(out, "\n", &mut column);
            }
            // The first child next; it pushes its siblings when it opens a variation.
            if let Some(child) = node.first_child() {
                stack.push(Some(child));
            }
        }
        out.push('\n');
    }
}

/// The width of a node written on one line (for the decision to break before it).
fn node_width(node: Node<'_>) -> usize {
    node.properties()
        .map(|p| p.identifier().len() + p.values().map(|v| v.raw().len() + 2).sum::<usize>())
        .sum()
}
