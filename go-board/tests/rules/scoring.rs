//! Counting: area and territory, seki, dead stones and prisoners, komi and handicap
//! compensation per preset, jigo. Every expected count is worked out by hand in the
//! comments; area counts are also checked against the reference.

use go_board::{Color, Komi, Move, PointSet, Position, Rules, Scoring};

use crate::reference;
use crate::support::{mv, reference_from_board, set, size};

fn position(diagram: &str, rules: Rules) -> Position {
    Position::from_diagram(diagram, rules).unwrap()
}

/// ```text
///   X X X O O     Black (7 stones, eye A2) and White (5 stones, eye E2) share the
///   . X . O .     single liberty C2: whoever fills it puts itself in atari and is
///   X X X O O     captured, so neither does. A seki.
/// ```
///
/// Area scoring counts the stones and the eyes (Black 7 + 1, White 5 + 1; C2 is dame):
/// Black 8, White 6, and with komi 7.5, W+5.5. Territory scoring counts no point in
/// seki, eyes included: 0 to 0, and with komi 6.5, W+6.5.
#[test]
fn seki_counts_under_area_not_under_territory() {
    let diagram = "X X X O O\n. X . O .\nX X X O O";
    let s = size(5, 3);

    let area = position(diagram, Rules::chinese());
    // Neither side may usefully fill C2; White's A2 is a suicide.
    assert_eq!(area.check(mv("C2", s)), Ok(()));
    assert_eq!(area.check_as(Color::White, mv("A2", s)), Err(go_board::IllegalMove::Suicide));
    let score = area.score(&PointSet::EMPTY);
    assert_eq!((score.points.black, score.points.white), (8, 6));
    assert_eq!(score.owner(go_board::Point::must(0, 1, s)), Some(Color::Black));
    assert_eq!(score.neutral, set("C2", s));
    assert!(score.seki.is_empty());
    assert_eq!(score.to_string(), "W+5.5");
    let reference = reference::area_count(&reference_from_board(area.board(), area.rules()), &[]);
    assert_eq!(reference.points, [8, 6]);

    let territory = position(diagram, Rules::japanese());
    let score = territory.score(&PointSet::EMPTY);
    assert_eq!((score.points.black, score.points.white), (0, 0));
    assert_eq!(
        score.seki,
        *territory.board().stones(Color::Black) | *territory.board().stones(Color::White)
    );
    assert_eq!(score.neutral, set("A2 C2 E2", s));
    assert_eq!(score.to_string(), "W+6.5");
    // Naming the seki explicitly gives the same count.
    let named = territory.score_with_seki(&PointSet::EMPTY, &score.seki);
    assert_eq!(named.points, score.points);
}

/// Shared points that one side can fill safely are ordinary dame, not seki: under
/// territory scoring each side counts its column.
///
/// ```text
///   . X . O .     Black A1-A3 (3), White E1-E3 (3), column C dame.
///   . X . O .     Territory: 3 to 3, W+6.5 with komi 6.5.
///   . X . O .     Area: 6 to 6, W+7.5 with komi 7.5.
/// ```
#[test]
fn dame_is_not_seki() {
    let diagram = ". X . O .\n. X . O .\n. X . O .";
    let territory = position(diagram, Rules::japanese()).score(&PointSet::EMPTY);
    assert!(territory.seki.is_empty());
    assert_eq!((territory.points.black, territory.points.white), (3, 3));
    assert_eq!(territory.to_string(), "W+6.5");
    let area = position(diagram, Rules::chinese()).score(&PointSet::EMPTY);
    assert_eq!((area.points.black, area.points.white), (6, 6));
    assert_eq!(area.to_string(), "W+7.5");
}

/// ```text
///   . . X O . .     Black A2 captures A1 in play (one prisoner), then both pass.
///   . O X O . X     White B3 and Black F3 are agreed dead.
///   . . X O . .
///   O X X O . .
/// ```
///
/// Territory (komi 6.5): Black has A1, A3, A4, B2, B3, B4 (6) + 1 captured + 1 dead
/// = 8; White has E1-E4, F1-F4 (8) + 1 dead = 9; 15.5 to 8: W+7.5.
/// Area (komi 7.5): Black 6 living stones + 6 = 12; White 4 + 8 = 12: W+7.5.
/// Tromp-Taylor (no stone dead): Black 7 stones + A1 = 8, White 5 stones, every
/// other region touches both colours: W+3.5 with komi 6.5, W+4.5 with komi 7.5.
#[test]
fn territory_scoring_with_dead_stones_and_prisoners() {
    let diagram = ". . X O . .\n. O X O . X\n. . X O . .\nO X X O . .";
    let s = size(6, 4);
    let dead = set("B3 F3", s);
    for (rules, black, white, result, tromp_taylor) in
        [(Rules::japanese(), 8, 9, "W+7.5", "W+3.5"), (Rules::chinese(), 12, 12, "W+7.5", "W+4.5")]
    {
        let mut pos = position(diagram, rules);
        for step in ["A2", "pass", "pass"] {
            pos.try_play(mv(step, s)).unwrap();
        }
        assert!(pos.is_over());
        assert_eq!(pos.board().captures().black, 1);
        let score = pos.score(&dead);
        assert_eq!((score.points.black, score.points.white), (black, white), "{:?}", rules.scoring);
        assert_eq!((score.prisoners.black, score.prisoners.white), (2, 1));
        assert_eq!(score.to_string(), result);
        if rules.scoring == Scoring::Territory {
            assert_eq!(score.owned.black, set("A1 A3 A4 B2 B3 B4", s));
            assert_eq!(score.owned.white, set("E1 E2 E3 E4 F1 F2 F3 F4", s));
        }
        let tt = pos.tromp_taylor_score();
        assert_eq!((tt.points.black, tt.points.white), (8, 5));
        assert_eq!(tt.to_string(), tromp_taylor);
    }
}

/// Komi and White's handicap compensation per preset, on 9×9 with four fixed handicap
/// stones and nothing else: under area scoring Black owns all 81 points, under
/// territory scoring the 77 empty ones.
#[test]
fn komi_and_compensation_per_preset() {
    let expected = [
        ("tromp-taylor", 15, 0, "B+73.5"),
        ("chinese", 15, 4, "B+69.5"),
        ("japanese", 13, 0, "B+70.5"),
        ("korean", 13, 0, "B+70.5"),
        ("aga", 15, 3, "B+70.5"),
        ("new-zealand", 14, 0, "B+74"),
        ("ing", 15, 4, "B+69.5"),
    ];
    for (name, komi, compensation, result) in expected {
        let rules: Rules = name.parse().unwrap();
        assert_eq!(rules.komi, Komi::from_half_points(komi), "{name}");
        let mut pos = Position::new(size(9, 9), rules);
        pos.place_fixed_handicap(4).unwrap();
        let score = pos.score(&PointSet::EMPTY);
        assert_eq!(score.compensation, compensation, "{name}");
        let black = if rules.scoring == Scoring::Area { 81 } else { 77 };
        assert_eq!(score.points.black, black, "{name}");
        assert_eq!(score.to_string(), result, "{name}");
    }
}

/// With an integer komi a game can end in a draw (jigo), written `0`.
#[test]
fn jigo_with_integer_komi() {
    let s = size(7, 1);
    let mut pos = Position::new(s, Rules::new_zealand());
    pos.try_play(mv("D1", s)).unwrap();
    pos.try_play(Move::Pass).unwrap();
    pos.try_play(Move::Pass).unwrap();
    let score = pos.score(&PointSet::EMPTY);
    assert_eq!(score.points.black, 7);
    assert_eq!(score.margin_half_points(), 0);
    assert_eq!(score.winner(), None);
    assert_eq!(score.to_string(), "0");
    let half = Position::new(s, Rules::new_zealand().with_komi(Komi::from_half_points(13)));
    assert_eq!(half.score(&PointSet::EMPTY).to_string(), "W+6.5");
}
