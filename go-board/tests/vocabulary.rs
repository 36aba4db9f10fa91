//! proptest properties of the shared vocabulary: the D4 group laws on points and
//! offsets, `Symmetry::apply_offset` against `Symmetry::apply` on points, and
//! `PointMap` indexing against its iteration, on square and rectangular boards.

use go_board::{BoardSize, Point, PointMap, Symmetry};
use proptest::prelude::*;

fn sizes() -> impl Strategy<Value = BoardSize> {
    (1u32..=25, 1u32..=25).prop_map(|(c, r)| BoardSize::new(c, r).unwrap())
}

fn symmetries() -> impl Strategy<Value = Symmetry> {
    (0usize..8).prop_map(|i| Symmetry::ALL[i])
}

/// A size and a point of it.
fn points() -> impl Strategy<Value = (BoardSize, Point)> {
    sizes().prop_flat_map(|size| {
        (0..size.cols(), 0..size.rows()).prop_map(move |(c, r)| (size, Point::must(c, r, size)))
    })
}

proptest! {
    /// `(a then b) then c == a then (b then c)`, the identity is neutral, every element
    /// has its inverse, on points of any board and on offsets.
    #[test]
    fn d4_group_laws(
        a in symmetries(),
        b in symmetries(),
        c in symmetries(),
        (size, p) in points(),
        d in (-30i32..30, -30i32..30),
    ) {
        prop_assert_eq!(a.then(b).then(c), a.then(b.then(c)));
        prop_assert_eq!(a.then(a.inverse()), Symmetry::IDENTITY);
        prop_assert_eq!(Symmetry::IDENTITY.then(a), a);
        let ab = a.then(b);
        let via = b.apply(a.apply(p, size), a.apply_size(size));
        prop_assert_eq!(ab.apply(p, size), via);
        prop_assert_eq!(ab.apply_size(size), b.apply_size(a.apply_size(size)));
        prop_assert_eq!(ab.apply_offset(d), b.apply_offset(a.apply_offset(d)));
        prop_assert_eq!(a.inverse().apply_offset(a.apply_offset(d)), d);
    }

    /// The image of `p + d` is the image of `p` plus the image of `d`, and a point off
    /// the board stays off the board.
    #[test]
    fn offsets_transform_like_points(
        s in symmetries(),
        (size, p) in points(),
        d in (-27i32..27, -27i32..27),
    ) {
        let (x, y) = s.apply_offset(d);
        let image = s.apply(p, size).offset(x, y, s.apply_size(size));
        prop_assert_eq!(image, p.offset(d.0, d.1, size).map(|q| s.apply(q, size)));
        // Offsets compose by addition.
        if let Some(q) = p.offset(d.0, d.1, size) {
            prop_assert_eq!(q.offset(-d.0, -d.1, size), Some(p));
        }
    }

    /// Indexing, `get`, iteration and the dense values agree, and `map` and
    /// `apply_map` move values with their points.
    #[test]
    fn point_map_indexing_matches_iteration(size in sizes(), seed in any::<u64>(), s in symmetries()) {
        let value = |p: Point| seed.rotate_left(u32::from(p.col()) * 7 + u32::from(p.row()));
        let map = PointMap::from_fn(size, value);
        prop_assert_eq!(map.iter().count(), size.point_count());
        for (k, ((p, v), q)) in map.iter().zip(size.points()).enumerate() {
            prop_assert_eq!(p, q);
            prop_assert_eq!(*v, value(p));
            prop_assert_eq!(map[p], *v);
            prop_assert_eq!(map.get(p), Some(v));
            prop_assert_eq!(map.values()[k], *v);
        }
        let doubled = map.map(|v| v.wrapping_mul(2));
        for (p, v) in &doubled {
            prop_assert_eq!(*v, map[p].wrapping_mul(2));
        }
        let image = s.apply_map(&map);
        for (p, v) in &map {
            prop_assert_eq!(image[s.apply(p, size)], *v);
        }
        let mut copy = PointMap::new(size, 0u64);
        for (p, v) in &map {
            copy[p] = *v;
        }
        prop_assert_eq!(copy, map);
    }
}
