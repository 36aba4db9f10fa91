//! proptest properties of the shared vocabulary: the D4 group laws on points and
//! offsets, `Symmetry::apply_offset` against `Symmetry::apply` on points, `PointMap`
//! indexing against its iteration, and `Board::neighbourhood` against a naive reading
//! and under the 8 symmetries and the colour swap, on square and rectangular boards.

use go_board::{
    Board, BoardSize, ByColor, Cell, Color, Neighbourhood, Point, PointMap, PointSet, Symmetry,
};
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

/// A board of `cols` × `rows` after a random game of `moves` legal moves (passes when
/// none is left), driven by `seed`.
fn random_board(cols: u32, rows: u32, moves: usize, mut seed: u64) -> Board {
    let size = BoardSize::new(cols, rows).unwrap();
    let mut board = Board::new(size);
    let mut color = Color::Black;
    for _ in 0..moves {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let legal: Vec<Point> =
            board.empty_points().filter(|&p| board.is_legal(color, p)).collect();
        if legal.is_empty() {
            board.pass();
        } else {
            board.play(color, legal[(seed % legal.len() as u64) as usize]);
        }
        color = !color;
    }
    board
}

/// A board of `size` holding `stones`.
fn board_of(size: BoardSize, stones: &ByColor<PointSet>) -> Board {
    let mut board = Board::new(size);
    for (color, set) in stones.iter() {
        for p in set {
            board.set_point(p, Some(color)).expect("the stones of a valid board");
        }
    }
    board
}

/// The neighbourhood of `p` read point by point with the public API.
fn naive_neighbourhood(board: &Board, p: Point) -> Vec<(i32, i32, Cell, Option<bool>)> {
    let size = board.size();
    let mut out = Vec::new();
    for dy in [1, 0, -1] {
        for dx in [-1, 0, 1] {
            if (dx, dy) == (0, 0) {
                continue;
            }
            let (cell, atari) = match p.offset(dx, dy, size) {
                None => (Cell::OffBoard, false),
                Some(q) => match board.color_at(q) {
                    None => (Cell::Empty, false),
                    Some(c) => (Cell::Stone(c), board.liberties(q).len() == 1),
                },
            };
            out.push((dx, dy, cell, (dx == 0 || dy == 0).then_some(atari)));
        }
    }
    out
}

fn read(n: Neighbourhood) -> Vec<(i32, i32, Cell, Option<bool>)> {
    let mut out = Vec::new();
    for dy in [1, 0, -1] {
        for dx in [-1, 0, 1] {
            if (dx, dy) != (0, 0) {
                out.push((
                    dx,
                    dy,
                    n.cell(dx, dy),
                    (dx == 0 || dy == 0).then(|| n.in_atari(dx, dy)),
                ));
            }
        }
    }
    out
}

proptest! {
    /// The neighbourhood agrees with the board read point by point, its code is valid,
    /// and it moves with the board under the 8 symmetries and the colour swap, at every
    /// point (edges and corners of rectangles included).
    #[test]
    fn neighbourhoods_follow_the_board(
        cols in 1u32..=9,
        rows in 1u32..=9,
        fill in 0usize..120,
        seed in 1u64..,
    ) {
        let board = random_board(cols, rows, fill, seed);
        let size = board.size();
        let stones = board.stones_by_color();
        let swapped = board_of(size, &stones.into_swapped());
        let images: Vec<(Symmetry, Board)> = Symmetry::ALL
            .iter()
            .map(|&s| (s, board_of(s.apply_size(size), &stones.map(|set| s.apply_set(&set, size)))))
            .collect();
        for p in size.points() {
            let n = board.neighbourhood(p);
            prop_assert_eq!(read(n), naive_neighbourhood(&board, p), "{} on\n{:?}", p, board);
            prop_assert_eq!(Neighbourhood::from_code(n.code()), Some(n));
            prop_assert_eq!(swapped.neighbourhood(p), n.swap_colors());
            for (s, image) in &images {
                prop_assert_eq!(image.neighbourhood(s.apply(p, size)), n.transform(*s), "{:?} at {}", s, p);
            }
            prop_assert_eq!(n.canonical(), swapped.neighbourhood(p).canonical());
        }
    }
}
