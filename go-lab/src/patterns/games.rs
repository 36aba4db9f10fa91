//! Professional games as training and test positions: the split of a collection by
//! game, and the positions of a game with the move played in each.

use std::path::{Path, PathBuf};

use go_board::sgf::GameRecord;
use go_board::{Event, KoRule, Move, Position};

use crate::batch;

/// Which games of the split an experiment reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Split {
    /// The games not held out.
    Train,
    /// The held-out games.
    Test,
    /// Every game.
    All,
}

/// The number of first moves that decide a game's side of the split.
pub const SPLIT_MOVES: usize = 50;

/// Whether the game with these moves is held out: its [`game_hash`] is a multiple of
/// `holdout`. A game that appears twice in a collection (under two names) lands on the
/// same side.
pub fn held_out(record: &GameRecord, holdout: u64) -> bool {
    holdout > 0 && game_hash(record).is_multiple_of(holdout)
}

/// The FNV-1a hash of a game's first [`SPLIT_MOVES`] moves (colour letter and SGF
/// point, `tt` for a pass), whatever its file name and properties.
pub fn game_hash(record: &GameRecord) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    let mut feed = |b: u8| {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    };
    let moves = record.events.iter().filter_map(|e| match e {
        Event::Move(c, mv) => Some((*c, *mv)),
        Event::Setup(_) => None,
    });
    for (color, mv) in moves.take(SPLIT_MOVES) {
        feed(color.sgf_letter() as u8);
        match mv {
            Move::Play(p) => p.to_sgf(record.size).bytes().for_each(&mut feed),
            Move::Pass => b"tt".iter().copied().for_each(&mut feed),
        }
        feed(b';');
    }
    h
}

/// Whether `record` belongs to `split`.
pub fn in_split(record: &GameRecord, split: Split, holdout: u64) -> bool {
    match split {
        Split::All => true,
        Split::Test => held_out(record, holdout),
        Split::Train => !held_out(record, holdout),
    }
}

/// A game read for an experiment.
#[derive(Debug)]
pub struct Game {
    /// The file.
    pub path: PathBuf,
    /// The record.
    pub record: GameRecord,
}

/// Reads the game at `path` if it is a 19×19 game of `split`: `Ok(None)` for a game of
/// another size or of the other side of the split.
///
/// # Errors
///
/// The file cannot be read or parsed (the message names it).
pub fn read(path: &Path, split: Split, holdout: u64) -> Result<Option<Game>, String> {
    let record = batch::read_game(path)?;
    if record.size.cols() != 19 || record.size.rows() != 19 || !in_split(&record, split, holdout) {
        return Ok(None);
    }
    Ok(Some(Game { path: path.to_path_buf(), record }))
}

/// The 19×19 games of `split` among `files` (in their order), at most `limit` of them,
/// read on `pool`; the reasons of the files that could not be read are added to
/// `skipped`.
///
/// # Errors
///
/// A write error of the progress bar's sink (never, in practice).
pub fn select(
    pool: &rayon::ThreadPool,
    files: &[PathBuf],
    split: Split,
    holdout: u64,
    limit: Option<usize>,
    skipped: &mut Vec<String>,
) -> Result<Vec<PathBuf>, go_engine::output::CommandError> {
    let mut kept = Vec::new();
    batch::run_ordered(
        pool,
        files,
        |p| p.display().to_string(),
        |path| read(path, split, holdout).map(|game| game.is_some()),
        |path, result| {
            match result {
                Ok(true) if limit.is_none_or(|n| kept.len() < n) => kept.push(path.clone()),
                Ok(_) => {}
                Err(e) => skipped.push(e),
            }
            Ok(())
        },
    )?;
    Ok(kept)
}

/// Calls `visit(position, move, number)` for every move of the game's main line, with
/// the position before it (the mover to play) and the move's number from 1. The game
/// is replayed under its rules with simple ko (records of games under simple ko may
/// repeat a position); a colour that plays twice in a row is set to move.
///
/// # Errors
///
/// A move the rules refuse or a setup that cannot be applied: the message names the
/// file and the move; the moves before it were visited.
pub fn replay(game: &Game, mut visit: impl FnMut(&Position, Move, usize)) -> Result<(), String> {
    let record = &game.record;
    let mut rules = record.rules;
    rules.ko = KoRule::Simple;
    let mut position = Position::new(record.size, rules);
    position.set_handicap(record.handicap);
    let mut number = 0;
    let name = game.path.display();
    for event in &record.events {
        match event {
            Event::Setup(setup) => position
                .setup((**setup).clone())
                .map_err(|e| format!("{name}: setup before move {}: {e}", number + 1))?,
            Event::Move(color, mv) => {
                number += 1;
                if position.is_over() {
                    position.resume();
                }
                if position.to_move() != *color {
                    position.set_to_move(*color);
                }
                visit(&position, *mv, number);
                position
                    .try_play_as(*color, *mv)
                    .map_err(|e| format!("{name}: move {number} ({color} {mv}): {e}"))?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_split_follows_the_moves() {
        let a = GameRecord::from_sgf("(;SZ[19];B[pd];W[dp];B[pq])").unwrap();
        let b = GameRecord::from_sgf("(;SZ[19]PB[someone else];B[pd];W[dp];B[pq])").unwrap();
        for n in 1..12 {
            assert_eq!(held_out(&a, n), held_out(&b, n));
        }
        assert!(held_out(&a, 1));
        assert!(!held_out(&a, 0));
        // Over many games, about one in five is held out.
        let held = (0..361)
            .filter(|i| {
                let sgf = format!(
                    "(;SZ[19];B[{}{}];W[dd])",
                    (b'a' + (i % 19) as u8) as char,
                    (b'a' + (i / 19) as u8) as char
                );
                held_out(&GameRecord::from_sgf(sgf).unwrap(), 5)
            })
            .count();
        assert!((40..110).contains(&held), "{held}");
    }

    #[test]
    fn replay_visits_every_move() {
        let record = GameRecord::from_sgf("(;SZ[19];B[pd];W[dp];B[];W[dd];W[pp])").unwrap();
        let game = Game { path: "x.sgf".into(), record };
        let mut seen = Vec::new();
        replay(&game, |p, mv, n| seen.push((p.to_move(), mv.to_string(), n))).unwrap();
        let colors: String = seen.iter().map(|s| s.0.sgf_letter()).collect();
        assert_eq!(colors, "BWBWW");
        assert_eq!(seen[4].1, "Q4");
        assert_eq!(seen[4].2, 5);
        let bad = Game {
            path: "bad.sgf".into(),
            record: GameRecord::from_sgf("(;SZ[19];B[pd];W[pd])").unwrap(),
        };
        let err = replay(&bad, |_, _, _| {}).unwrap_err();
        assert!(err.contains("bad.sgf") && err.contains("move 2"), "{err}");
    }
}
