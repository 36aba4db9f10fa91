//! Loading game records for play and analysis.

use go_board::{GameRecord, KoRule, Position, ReplayError, Rules};

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
            go_board::Event::Move(_, mv) => Some(*mv),
            go_board::Event::Setup(_) => None,
        })
        .position(|mv| mv == go_board::Move::Play(point))
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
