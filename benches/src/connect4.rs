//! Connect four, as in the `minimax` crate's own example (`examples/connect4.rs` of
//! minimax 0.6.0, MIT licence, © Eric Roshan-Eisner and Samuel Fredrickson): the same
//! bitboard, move generation, Zobrist keys and `BasicEvaluator`, implemented once and
//! exposed both as a `minimax::Game` and as a `go_search::Game`, so that both crates
//! search exactly the same tree.

use go_search::{Evaluator, Game, Outcome, Side};

/// The position: a bitboard per the minimax example (a blank row on top of each column).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board {
    all_pieces: u64,
    pieces_to_move: u64,
    num_moves: u8,
    hash: u64,
}

const NUM_COLS: u32 = 7;
const NUM_ROWS: u32 = 6;
const HEIGHT: u32 = NUM_ROWS + 1;
const COL_MASK: u64 = (1 << NUM_ROWS) - 1;

/// A move: the column to drop a piece in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Place {
    /// Column, 0 to 6.
    pub col: u8,
}

impl Board {
    fn pieces_just_moved(&self) -> u64 {
        self.all_pieces ^ self.pieces_to_move
    }

    /// `true` if the side that just moved has four in a row.
    fn just_won(&self) -> bool {
        let pieces = self.pieces_just_moved();
        let matches = |shift: u32| {
            let pairs = pieces & (pieces >> shift);
            pairs & (pairs >> (2 * shift)) != 0
        };
        matches(1) || matches(HEIGHT) || matches(HEIGHT + 1) || matches(HEIGHT - 1)
    }

    /// The side to move has lost (`Some(true)`), the board is full (`Some(false)`), or
    /// the game goes on (`None`).
    fn finished(&self) -> Option<bool> {
        if self.just_won() {
            Some(true)
        } else if u32::from(self.num_moves) == NUM_ROWS * NUM_COLS {
            Some(false)
        } else {
            None
        }
    }

    fn push_moves(&self, out: &mut impl Extend<Place>) {
        let mut cols = self.all_pieces;
        out.extend(
            (0..NUM_COLS as u8)
                .filter(|_| {
                    let open = cols & COL_MASK < COL_MASK;
                    cols >>= HEIGHT;
                    open
                })
                .map(|col| Place { col }),
        );
    }

    fn apply(&self, place: Place) -> Board {
        let mut b = *self;
        let new_piece = self.drop_square(place);
        b.pieces_to_move ^= b.all_pieces;
        b.all_pieces |= new_piece;
        b.num_moves += 1;
        b.hash = self.hash_after(place);
        b
    }

    /// The bit of the square a piece dropped in `place` lands on.
    fn drop_square(&self, place: Place) -> u64 {
        let shift = u32::from(place.col) * HEIGHT;
        let col = (self.all_pieces >> shift) & COL_MASK;
        (col + 1) << shift
    }

    /// The Zobrist hash after `place`, without applying it.
    fn hash_after(&self, place: Place) -> u64 {
        let position = self.drop_square(place).trailing_zeros() as usize;
        let color = usize::from((self.num_moves + 1) & 1);
        self.hash ^ HASHES[(position << 1) | color]
    }

    /// Open places that would complete four in a row for `pieces`.
    fn find_fourth_moves(&self, pieces: u64) -> u64 {
        let mut all = self.all_pieces;
        let mut top_row = COL_MASK + 1;
        for _ in 0..NUM_COLS {
            all |= top_row;
            top_row <<= HEIGHT;
        }
        let matches = |shift: u32| -> u64 {
            let pairs = pieces & (pieces >> shift);
            let singles = ((pieces >> shift) & !all) | ((pieces << shift) & !all);
            ((pairs >> (shift * 2)) & singles) | ((pairs << (shift * 2)) & singles)
        };
        matches(1) | matches(HEIGHT) | matches(HEIGHT + 1) | matches(HEIGHT - 1)
    }

    /// The example's `BasicEvaluator`, for the side to move.
    pub fn evaluate(&self) -> i16 {
        let player_pieces = self.pieces_to_move;
        let opponent_pieces = self.pieces_just_moved();
        let mut player_wins = self.find_fourth_moves(player_pieces);
        let mut opponent_wins = self.find_fourth_moves(opponent_pieces);
        let mut score = 0i16;
        for col in 2..5 {
            score += ((player_pieces >> (HEIGHT * col)) & COL_MASK).count_ones() as i16;
            score -= ((opponent_pieces >> (HEIGHT * col)) & COL_MASK).count_ones() as i16;
        }
        let mut all = self.all_pieces;
        for _ in 0..NUM_COLS {
            let next_move = (all & COL_MASK) + 1;
            if next_move > COL_MASK {
                continue;
            }
            if next_move & player_wins != 0 {
                score += 10;
            }
            if next_move & opponent_wins != 0 {
                score -= 10;
            }
            let afterwards_move = next_move << 1;
            if afterwards_move & player_wins != 0 {
                score += 5;
            }
            if afterwards_move & opponent_wins != 0 {
                score -= 5;
            }
            all >>= HEIGHT;
            player_wins >>= HEIGHT;
            opponent_wins >>= HEIGHT;
        }
        score
    }
}

/// Connect four for go-search (copy-make, like the minimax example's `apply`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Connect4;

impl Game for Connect4 {
    type State = Board;
    type Move = Place;
    type Undo = Board;
    type Score = i16;

    fn moves(&self, b: &Board, out: &mut Vec<Place>) -> Option<Outcome<i16>> {
        let over = self.outcome(b, out);
        if over.is_none() {
            b.push_moves(out);
        }
        over
    }

    fn outcome(&self, b: &Board, _: &mut Vec<Place>) -> Option<Outcome<i16>> {
        match b.finished()? {
            true => Some(Outcome::Loss),
            false => Some(Outcome::Draw),
        }
    }

    fn play(&self, b: &mut Board, place: Place) -> Board {
        std::mem::replace(b, b.apply(place))
    }

    fn undo(&self, b: &mut Board, _: Place, old: Board) {
        *b = old;
    }

    fn side_to_move(&self, b: &Board) -> Side {
        if b.num_moves.is_multiple_of(2) { Side::First } else { Side::Second }
    }

    fn hash(&self, b: &Board) -> Option<u64> {
        Some(b.hash)
    }

    fn move_index(&self, place: Place) -> Option<usize> {
        Some(place.col.into())
    }

    fn hash_after(&self, b: &Board, place: Place) -> Option<u64> {
        Some(b.hash_after(place))
    }
}

/// The `BasicEvaluator` for go-search.
#[derive(Clone, Copy, Debug, Default)]
pub struct BasicEvaluator;

impl Evaluator<Connect4> for BasicEvaluator {
    fn evaluate(&self, _: &Connect4, b: &Board) -> i16 {
        b.evaluate()
    }
}

/// Connect four for the `minimax` crate.
#[derive(Clone, Copy, Debug, Default)]
pub struct MinimaxConnect4;

impl minimax::Game for MinimaxConnect4 {
    type S = Board;
    type M = Place;

    fn generate_moves(b: &Board, moves: &mut Vec<Place>) -> Option<minimax::Winner> {
        if let Some(w) = Self::get_winner(b) {
            return Some(w);
        }
        b.push_moves(moves);
        None
    }

    fn get_winner(b: &Board) -> Option<minimax::Winner> {
        b.finished()
            .map(|lost| if lost { minimax::Winner::PlayerJustMoved } else { minimax::Winner::Draw })
    }

    fn apply(b: &mut Board, place: Place) -> Option<Board> {
        Some(b.apply(place))
    }

    fn zobrist_hash(b: &Board) -> u64 {
        b.hash
    }

    /// The column, so that minimax's countermove options have a table to work with.
    fn table_index(place: Place) -> u16 {
        place.col.into()
    }

    fn max_table_index() -> u16 {
        NUM_COLS as u16 - 1
    }
}

/// The `BasicEvaluator` for the `minimax` crate.
#[derive(Clone, Copy, Debug, Default)]
pub struct MinimaxEvaluator;

impl minimax::Evaluator for MinimaxEvaluator {
    type G = MinimaxConnect4;
    fn evaluate(&self, b: &Board) -> minimax::Evaluation {
        b.evaluate()
    }
}

/// One side-by-side setting of the two crates on connect four, depth 10.
#[derive(Clone)]
pub struct Pairing {
    /// Its name in the tables (`comparable`, `ordered`, `best`).
    pub name: &'static str,
    /// go-search's configuration.
    pub ours: go_search::alphabeta::Config,
    /// minimax's options.
    pub theirs: minimax::IterativeOptions,
}

impl std::fmt::Debug for Pairing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pairing").field("name", &self.name).field("ours", &self.ours).finish()
    }
}

/// The three settings the connect-four comparisons run.
///
/// Both crates' table entries are 16 bytes for connect four, and minimax rounds its
/// table's byte size up to a power of two of entries: 16 MB is 2^20 entries on both
/// sides, 1 MB is 2^16.
///
/// - `comparable`: the same search on both sides: iterative deepening by one ply, a
///   two-tier table of 2^20 entries, null-window search, the table move first; no other
///   ordering (minimax has none by default).
/// - `ordered`: each crate's move ordering at the same table size: go-search's killers
///   and history, minimax's countermoves and countermove history.
/// - `best`: each crate's fastest setting found by `connect4_sweep` (table sizes from
///   2^14 to 2^20 entries and each crate's ordering options, interleaved on one
///   machine): go-search's defaults (killers, history, 2^16 entries) and minimax's
///   countermove history with 2^16 entries (1 MB).
pub fn pairings() -> [Pairing; 3] {
    use go_search::alphabeta::{Config, Replacement};
    use minimax::IterativeOptions;
    let big = || Config::default().table(1 << 20, Replacement::TwoTier);
    let sixteen = || IterativeOptions::new().with_table_byte_size(16_000_000);
    [
        Pairing {
            name: "comparable",
            ours: big().killers(false).history(false),
            theirs: sixteen(),
        },
        Pairing {
            name: "ordered",
            ours: big(),
            theirs: sixteen().with_countermoves().with_countermove_history(),
        },
        Pairing {
            name: "best",
            ours: Config::default(),
            theirs: IterativeOptions::new()
                .with_table_byte_size(1_000_000)
                .with_countermove_history(),
        },
    ]
}

/// CPU time of the calling thread (`CLOCK_THREAD_CPUTIME_ID` on Unix; zero elsewhere).
/// Unlike wall time it does not count the time other processes hold the core, so it
/// stays comparable on a shared machine.
pub fn thread_cpu() -> std::time::Duration {
    #[cfg(unix)]
    {
        let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
        // SAFETY: `ts` is a valid, writable timespec, and the clock id is a constant the
        // C library defines; on failure `ts` stays zero.
        unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
        std::time::Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
    }
    #[cfg(not(unix))]
    std::time::Duration::ZERO
}

/// CPU time of the whole process (`CLOCK_PROCESS_CPUTIME_ID` on Unix; zero
/// elsewhere): what a parallel search costs.
pub fn process_cpu() -> std::time::Duration {
    #[cfg(unix)]
    {
        let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
        // SAFETY: as in `thread_cpu`.
        unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
        std::time::Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
    }
    #[cfg(not(unix))]
    std::time::Duration::ZERO
}

/// One timed search of the start position to `depth`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Timed {
    /// Wall-clock time.
    pub wall: std::time::Duration,
    /// CPU time of the searching thread (see [`thread_cpu`]).
    pub cpu: std::time::Duration,
    /// Nodes, as the crate counts them (minimax: parsed from its statistics).
    pub nodes: Option<u64>,
    /// go-search: the nodes of the main thread's iterations (the sum of
    /// `Stats::iterations`), its time to depth in nodes. Equal to `nodes` for serial
    /// and Young-Brothers-Wait searches; with ABDADA the helpers' nodes are left out.
    pub lead_nodes: Option<u64>,
    /// The root value.
    pub value: i16,
}

/// A cold search by minimax (a new strategy, made and its table written outside the
/// timing, as in minimax's own benchmarks).
pub fn minimax_once(options: minimax::IterativeOptions, depth: u8) -> Timed {
    use minimax::Strategy;
    let root = Board::default();
    let mut s = minimax::IterativeSearch::new(MinimaxEvaluator, options);
    s.set_max_depth(depth);
    let (start, cpu) = (std::time::Instant::now(), thread_cpu());
    let _ = s.choose_move(&root);
    let (wall, cpu) = (start.elapsed(), thread_cpu().saturating_sub(cpu));
    let text = s.stats(&mut root.clone());
    let nodes = text
        .split("Explored ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.parse().ok());
    Timed { wall, cpu, nodes, lead_nodes: None, value: s.root_value() }
}

/// A cold search by go-search: `scratch` is cleared (outside the timing) first.
pub fn go_search_once<A>(algo: &A, scratch: &mut A::Scratch, depth: u32) -> Timed
where
    A: go_search::Searcher<Connect4, Scratch = go_search::alphabeta::Scratch<Place, i16>>,
{
    scratch.clear();
    let limits = go_search::Limits::default().depth(depth);
    let cpu = thread_cpu();
    let r = algo.search(&Connect4, scratch, &Board::default(), &limits);
    let cpu = thread_cpu().saturating_sub(cpu);
    let value = match r.value {
        go_search::Value::Exact(v) => v,
        other => panic!("connect four depth {depth}: no exact value ({other:?})"),
    };
    let lead_nodes = Some(r.stats.iterations.iter().sum());
    Timed { wall: r.stats.elapsed, cpu, nodes: Some(r.stats.nodes), lead_nodes, value }
}

/// Zobrist keys of the minimax example (position × colour).
const HASHES: [u64; 100] = [
    0x73399349585d196e,
    0xe512dc15f0da3dd1,
    0x4fbc1b81c6197db2,
    0x16b5034810111a66,
    0xa9a9d0183e33c311,
    0xbb9d7bdea0dad2d6,
    0x089d9205c11ca5c7,
    0x18d9db91aa689617,
    0x1336123120681e34,
    0xc902e6c0bd6ef6bf,
    0x16985ba0916238c1,
    0x6144c3f2ab9f6dc4,
    0xf24b4842de919a02,
    0xdd6dd35ba0c150a1,
    0x369a9de8ec3676e3,
    0x2c366fb99be782d8,
    0x24d3231335c0dbd6,
    0x14048390c56e38f1,
    0x55dfbc820f635186,
    0x0dc98cb87372d5fa,
    0xe3098781582027b4,
    0x088158ec8202adca,
    0x231df62376ad9514,
    0xd3747fad069caeae,
    0x4e4f26cb41d0c620,
    0x06d0e37cd11b8f1c,
    0xed33865175fbbdd2,
    0xf1f52569481f0d8f,
    0xfb6fd5c922e2127c,
    0x6778bb0eba4a6649,
    0xe35b853bdac1210b,
    0x465a67712ec749a2,
    0x83b1fd78e576fe72,
    0xe84827644a5ccbe6,
    0x89095321ce8e4d03,
    0x298c529eecb0ec36,
    0xe9dcc93d77cb49ad,
    0xa7446daa1834c04a,
    0x93f15442b434d550,
    0x7f2a36dbf1cbce3f,
    0x03365a42023b02b3,
    0x101d87e850689cda,
    0x113b31e2760d2050,
    0x9cdb7b7394e1b0ae,
    0xd04530b3b7daf3a3,
    0x717e67aed6b4ffc9,
    0x4ae564a3f3ca8b03,
    0x07c50a4d89351437,
    0x7f3b32175e5f37e0,
    0x6e3599203bb50cd7,
    0xcfe2319d4a6cfa73,
    0xdbc6a398b10f5c3b,
    0x9c1ba28ae655bbd1,
    0x9dc87a426451941a,
    0x691e618354a55cb5,
    0x61b8cabbc575f4ba,
    0x7e6f31f1818593d4,
    0x9fa69e1ef4df8a9b,
    0x5a9dc96c3cb18d8f,
    0x65c4e9c0f40114f5,
    0x4e66504db2d937cf,
    0x4ebd6d097fe1e256,
    0xfb10983e639af6b1,
    0xcfbed7bd4032a59a,
    0x1f47f6a95049fe4f,
    0xbd461d202b879890,
    0xfc050073b0c74cbe,
    0x2923526a1f7092e9,
    0x0b1d30bb6b960bc7,
    0x632d12e4a9d0229d,
    0x8d4ffd6ab37c6bfd,
    0x561e36b8609b94ec,
    0x32e8482c9e7ed80c,
    0xaf62a119227b1029,
    0x62cb2a585410c311,
    0x7df3aeef90e1a0cb,
    0xe6d5a176f8a1b180,
    0x156e5162d8f2bef8,
    0xee84c58f5ebbe811,
    0xd32a1b4e24038bac,
    0xeaa1dbdbdd7731f7,
    0xedb554afd3d07cc6,
    0xbc789444317d4d05,
    0x0e23ce8f3d581fcd,
    0xacb498d4569249a8,
    0x843fb2519edc9f5a,
    0xe222f0eb79436809,
    0x7a88365f089ae80b,
    0x2a0f08694d7ea84d,
    0x09cad4dbfc990fa2,
    0xfe5f27499de6b4f8,
    0x3d8ed8ab1d44997f,
    0x2af64deca431f644,
    0xf2712b5274180c36,
    0x30eeae3a821bf86c,
    0x31c921831f06ad2f,
    0x40683ff11655cd2f,
    0xb78183a74cd6cb03,
    0xde9e15a6f99bda2f,
    0xa5293988641edb9b,
];

#[cfg(test)]
mod tests {
    use super::*;
    use go_search::alphabeta::Config;
    use go_search::{AlphaBeta, Game, Limits, Searcher, Value};
    use minimax::{IterativeOptions, IterativeSearch, Strategy};

    /// `hash_after` and `outcome` agree with playing the move and with `moves`, over
    /// 300 seeded random games played to the end.
    #[test]
    fn hash_after_and_outcome_agree_with_play_and_moves() {
        let (mut moves, mut scratch) = (Vec::new(), Vec::new());
        let mut seed = 0x5EED_u64;
        for game in 0..300 {
            let mut b = Board::default();
            loop {
                moves.clear();
                let over = Connect4.moves(&b, &mut moves);
                assert_eq!(Connect4.outcome(&b, &mut scratch), over);
                if over.is_some() {
                    break;
                }
                for &m in &moves {
                    assert_eq!(Connect4.hash_after(&b, m), Some(b.apply(m).hash));
                }
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(game);
                b = b.apply(moves[(seed >> 33) as usize % moves.len()]);
            }
        }
    }

    #[test]
    fn both_crates_agree_at_depth_six() {
        let b = Board::default();
        let mut theirs = IterativeSearch::new(MinimaxEvaluator, IterativeOptions::new());
        theirs.set_max_depth(6);
        assert!(theirs.choose_move(&b).is_some());
        let ours = AlphaBeta::new(Config::default(), BasicEvaluator).unwrap();
        let r = ours.search(&Connect4, &mut ours.scratch(), &b, &Limits::default().depth(6));
        assert_eq!(r.value, Value::Exact(theirs.root_value()));
    }
}
