//! Random small games, as trees, for the differential and property tests.

use go_cgt::{Context, Dyadic, GameId};
use proptest::prelude::*;

/// A game as written, before canonicalisation.
#[derive(Clone, Debug)]
pub(crate) enum Tree {
    /// `numerator / 2^exponent`
    Num(i64, u32),
    /// `{left | right}`
    Node(Vec<Tree>, Vec<Tree>),
}

impl Tree {
    /// Builds the game in `ctx`, canonicalising every node.
    pub(crate) fn build(&self, ctx: &mut Context) -> GameId {
        match self {
            Tree::Num(n, e) => ctx.number(Dyadic::new(*n, *e).unwrap()),
            Tree::Node(l, r) => {
                let l: Vec<GameId> = l.iter().map(|t| t.build(ctx)).collect();
                let r: Vec<GameId> = r.iter().map(|t| t.build(ctx)).collect();
                ctx.game(&l, &r).unwrap()
            }
        }
    }
}

/// Small games: numbers in [-2, 2] with denominators up to 4, nested up to `depth`
/// with up to `width` options a side.
pub(crate) fn tree(depth: u32, width: usize) -> impl Strategy<Value = Tree> {
    let leaf = prop_oneof![(-8i64..=8, 0u32..=2).prop_map(|(n, e)| Tree::Num(n, e)),];
    leaf.prop_recursive(depth, 24, width as u32, move |inner| {
        (prop::collection::vec(inner.clone(), 0..=width), prop::collection::vec(inner, 0..=width))
            .prop_map(|(l, r)| Tree::Node(l, r))
    })
}
