//! Loading game records for play and analysis, and saving a game that was loaded.

use go_board::{Event, GameRecord, KoRule, Position, ReplayError, Rules};

/// The position after the first `moves` moves of `record` (all of them if `moves` is
/// beyond the end), replayed leniently, with the record's rules in force afterwards.
///
/// Game records are facts: a game played under simple ko may repeat a position that a
/// superko rule forbids, and a game played under New Zealand or Ing rules may contain a
/// multi-stone suicide. So the moves are replayed under simple ko with multi-stone
/// suicide allowed; a move on an occupied point, an immediate ko recapture or a
/// single-stone suicide is still an error. Superko applies from the loaded position on,
/// to the positions of the record too (see [`Position::set_rules`]).
///
/// # Errors
///
/// [`ReplayError`] naming the first move (or setup) that cannot be played.
///
/// # Examples
///
/// ```
/// use go_board::{Color, GameRecord};
/// let record = GameRecord::from_sgf("(;SZ[9]KM[6.5];B[ee];W[gc];B[cg])")?;
/// let position = go_engine::record::replay(&record, 2)?;
/// assert_eq!(position.move_count(), 2);
/// assert_eq!(position.to_move(), Color::Black);
/// assert_eq!(position.rules().komi.to_string(), "6.5");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn replay(record: &GameRecord, moves: usize) -> Result<Position, ReplayError> {
    let lenient = GameRecord {
        rules: Rules { ko: KoRule::Simple, suicide: true, ..record.rules },
        ..record.clone()
    };
    let mut position = lenient.position_after(moves)?;
    position.set_rules(record.rules);
    Ok(position)
}

/// The number of moves of `record` played before the first move on `vertex` (a point
/// given as a GTP vertex), or `None` if no move of the record is played there. This is
/// how GNU Go's `loadsgf FILE VERTEX` reads its second argument.
pub fn moves_before(record: &GameRecord, point: go_board::Point) -> Option<usize> {
    record
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Move(_, mv) => Some(*mv),
            Event::Setup(_) => None,
        })
        .position(|mv| mv == go_board::Move::Play(point))
}

/// A game loaded from SGF (GTP's `loadsgf`): what saving the game again (`printsgf`)
/// keeps of the file, namely the rules as the file names them, the players, their
/// ranks, the date, the game's name, its event and root comment, and the result.
///
/// # Examples
///
/// ```
/// use go_board::GameRecord;
/// use go_engine::record::{LoadedGame, replay};
/// let record = GameRecord::from_sgf("(;SZ[9]RU[Japanese]PB[Sai]PW[Touya Koyo]RE[W+R];B[ee];W[gc])")?;
/// let position = replay(&record, usize::MAX)?;
/// let loaded = LoadedGame::new(record);
/// let saved = loaded.record_for(&position);
/// assert_eq!(saved.rules_text.as_deref(), Some("Japanese"));
/// assert_eq!(saved.black_player.as_deref(), Some("Sai"));
/// assert_eq!(saved.result.as_deref(), Some("W+R"));
/// // Once the game goes on, the file's result no longer applies.
/// let mut later = position.clone();
/// later.try_play(go_board::Move::Pass)?;
/// assert_eq!(loaded.record_for(&later).result, None);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct LoadedGame {
    record: GameRecord,
}

impl LoadedGame {
    /// The game information of `record`, kept for saving.
    pub fn new(record: GameRecord) -> LoadedGame {
        LoadedGame { record: GameRecord { warnings: Vec::new(), ..record } }
    }

    /// The record of `position` (see [`GameRecord::from_position`]) with the loaded
    /// game's information: players, ranks, date, name, event and root comment always;
    /// `RU` as the file wrote it while the position's rules are still the file's; the
    /// result while the position's history is still the file's main line.
    pub fn record_for(&self, position: &Position) -> GameRecord {
        let loaded = &self.record;
        let mut record = GameRecord::from_position(position);
        if *position.rules() == loaded.rules && loaded.rules_text.is_some() {
            record.rules_text.clone_from(&loaded.rules_text);
        }
        if position.history() == loaded.events.as_slice() {
            record.result.clone_from(&loaded.result);
        }
        GameRecord {
            black_player: loaded.black_player.clone(),
            white_player: loaded.white_player.clone(),
            black_rank: loaded.black_rank.clone(),
            white_rank: loaded.white_rank.clone(),
            date: loaded.date.clone(),
            game_name: loaded.game_name.clone(),
            event: loaded.event.clone(),
            comment: loaded.comment.clone(),
            ..record
        }
    }

    /// The rules a session takes from the loaded record: the file's rules if `RU`
    /// names a rule set this crate knows, else `current` with the file's komi.
    pub fn rules(&self, current: &Rules) -> Rules {
        let loaded = &self.record;
        match loaded.rules_text.as_deref().map(str::parse::<Rules>) {
            Some(Ok(_)) => loaded.rules,
            _ => current.with_komi(loaded.rules.komi),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use go_board::{BoardSize, Point};

    #[test]
    fn a_superko_repetition_in_a_record_still_loads() {
        // White captures a ko at E5; both pass; Black retakes at F5, which recreates the
        // position before White's capture: legal under simple ko, not under superko.
        let text =
            "(;SZ[9]RU[Chinese];B[de];W[fd];B[ed];W[ff];B[ef];W[ge];B[fe];W[ee];B[];W[];B[fe])";
        let record = GameRecord::from_sgf(text).unwrap();
        let strict = record.position().unwrap_err();
        assert_eq!(strict.move_number(), 11);
        let position = replay(&record, usize::MAX).unwrap();
        assert_eq!(position.move_count(), 11);
        assert_eq!(position.rules(), &record.rules);
        assert_eq!(position.board().captures().black, 1);
    }

    #[test]
    fn moves_before_a_vertex() {
        let record = GameRecord::from_sgf("(;SZ[9];B[ee];W[gc];B[cg];W[gc])").unwrap();
        let size = BoardSize::square(9).unwrap();
        let at = |v| moves_before(&record, Point::parse_gtp(v, size).unwrap());
        assert_eq!(at("E5"), Some(0));
        assert_eq!(at("C3"), Some(2));
        assert_eq!(at("G7"), Some(1));
        assert_eq!(at("A1"), None);
    }
}
