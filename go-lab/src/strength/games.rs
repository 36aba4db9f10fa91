//! The games of the strength experiments: the deterministic split of a folder of game
//! records, which records are used, and the replay move by move.
//!
//! **Split.** A game's part depends on its path relative to the games folder (with `/`
//! separators) alone: FNV-1a (64 bits) of the path, modulo 5, is 0 for a *test* game,
//! 1 for a *validation* game, 2 to 4 for a *fit* game. *Training* games are fit and
//! validation games: the reported models learn from all of them; the tuning of the
//! "beyond the paper" settings trains on the fit games and compares on the
//! validation games, and the test games are used once, for the reported figures. In a
//! part, games come in the order of their hash (then path), so that the first N are a
//! pseudo-random sample of it (how the paper-sized model takes 774 games).
//!
//! **Records used.** 19×19 games without handicap or setup stones (the paper's
//! professional games); a record that does not parse, is of another size, has setup
//! stones or cannot be replayed is skipped and reported.
//!
//! **Replay.** Moves are replayed under simple ko with suicide allowed (records are
//! facts, as `go_engine::record::replay` has it), once per game; the move number counts
//! every move from 1, passes included.

use std::path::{Path, PathBuf};

use go_board::{BoardSize, Color, Event, GameRecord, KoRule, Move, Position, Rules};

use crate::batch;

/// FNV-1a, 64 bits.
///
/// # Examples
///
/// ```
/// use go_lab::strength::games::fnv1a;
/// assert_eq!(fnv1a(""), 0xcbf2_9ce4_8422_2325);
/// assert_eq!(fnv1a("a"), 0xaf63_dc4c_8601_ec8c);
/// ```
pub fn fnv1a(text: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// A part of the split.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Part {
    /// Every game that is not a test game (fit and validation).
    Train,
    /// The training games less the validation games.
    Fit,
    /// Training games held out for tuning.
    Validation,
    /// The test games.
    Test,
    /// Every game.
    All,
}

impl Part {
    /// Whether the game at `rel` (its path relative to the games folder) belongs here.
    pub fn contains(self, rel: &str) -> bool {
        let h = fnv1a(rel) % 5;
        match self {
            Part::Train => h != 0,
            Part::Fit => h >= 2,
            Part::Validation => h == 1,
            Part::Test => h == 0,
            Part::All => true,
        }
    }
}

/// A game file: its path relative to the folder (with `/`) and its full path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameFile {
    /// The path relative to the games folder.
    pub rel: String,
    /// The full path.
    pub path: PathBuf,
}

/// The SGF files of `part` of the folder `dir`, in hash order.
///
/// # Errors
///
/// A folder cannot be read.
pub fn games_of(dir: &Path, part: Part) -> Result<Vec<GameFile>, String> {
    let mut games: Vec<GameFile> = batch::sgf_files(dir)?
        .into_iter()
        .map(|path| {
            let rel = path.strip_prefix(dir).unwrap_or(&path).to_string_lossy().replace('\\', "/");
            GameFile { rel, path }
        })
        .filter(|g| part.contains(&g.rel))
        .collect();
    games.sort_by(|a, b| (fnv1a(&a.rel), &a.rel).cmp(&(fnv1a(&b.rel), &b.rel)));
    Ok(games)
}

/// Reads a game and checks that the experiments use it.
///
/// # Errors
///
/// A message naming the file: it cannot be read or parsed, is not 19×19, or has a
/// handicap or setup stones.
pub fn load(game: &GameFile) -> Result<GameRecord, String> {
    let record = batch::read_game(&game.path)?;
    if record.size != BoardSize::square(19).expect("19x19 is a valid size") {
        return Err(format!("{}: a {} board, not 19x19", game.rel, record.size));
    }
    if record.handicap > 0 || record.events.iter().any(|e| matches!(e, Event::Setup(_))) {
        return Err(format!("{}: handicap or setup stones", game.rel));
    }
    Ok(record)
}

/// Replays `record` and calls `visit(position before the move, colour, move, move
/// number)` for every move, the side to move set to the mover.
///
/// # Errors
///
/// A message naming the move that cannot be played.
pub fn walk(
    record: &GameRecord,
    mut visit: impl FnMut(&Position, Color, Move, u32),
) -> Result<(), String> {
    let rules = Rules { ko: KoRule::Simple, suicide: true, ..record.rules };
    let mut position = Position::new(record.size, rules);
    let mut number = 0u32;
    for event in &record.events {
        let Event::Move(color, mv) = event else { continue };
        number += 1;
        if position.is_over() {
            position.resume();
        }
        position.set_to_move(*color);
        visit(&position, *color, *mv, number);
        position.try_play_as(*color, *mv).map_err(|e| format!("move {number}: {e}"))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_split_is_a_function_of_the_path() {
        // The parts partition the games: train = fit + validation, test the rest.
        let paths: Vec<String> = (0..500).map(|i| format!("event/{i}.sgf")).collect();
        let count = |part: Part| paths.iter().filter(|p| part.contains(p)).count();
        assert_eq!(count(Part::Train), count(Part::Fit) + count(Part::Validation));
        assert_eq!(count(Part::Train) + count(Part::Test), 500);
        assert!((80..120).contains(&count(Part::Test)), "{}", count(Part::Test));
        for p in &paths {
            assert_eq!(Part::Test.contains(p), fnv1a(p).is_multiple_of(5));
        }
    }

    #[test]
    fn walk_visits_every_move_with_its_number() {
        let record = GameRecord::from_sgf("(;SZ[19];B[pd];W[dp];B[];W[dd])").unwrap();
        let mut seen = Vec::new();
        walk(&record, |position, color, mv, n| {
            seen.push((n, color, mv.to_string(), position.board().empty_count()));
        })
        .unwrap();
        assert_eq!(
            seen,
            [
                (1, Color::Black, "Q16".into(), 361),
                (2, Color::White, "D4".into(), 360),
                (3, Color::Black, "pass".into(), 359),
                (4, Color::White, "D16".into(), 359),
            ]
        );
        let bad = GameRecord::from_sgf("(;SZ[19];B[pd];W[pd])").unwrap();
        assert!(walk(&bad, |_, _, _, _| {}).unwrap_err().starts_with("move 2: "));
    }
}
