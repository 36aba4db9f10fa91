//! The models shipped in `go-eval/models/` load, predict and generate candidates.
#![cfg(feature = "serde")]

use std::sync::Arc;

use go_board::{BoardSize, Move, Point, Position, Rules, Symmetry};
use go_eval::strength::candidates::{ScoreConfig, StrengthCandidates, best};
use go_eval::strength::combined::{CombinedCandidates, CombinedModel};
use go_eval::strength::model::{Schema, StrengthModel};
use go_patterns::CandidateGenerator;

const STRENGTH: &str = include_str!("../models/strength-c45-directional.json");
const COMBINED: &str = include_str!("../models/combined.json");

fn opening(symmetry: Symmetry) -> Position {
    let size = BoardSize::square(19).unwrap();
    let mut position = Position::new(size, Rules::japanese());
    for v in ["Q16", "D4", "Q3", "D16", "R5", "F17"] {
        let p = symmetry.apply(Point::parse_gtp(v, size).unwrap(), size);
        position.try_play(Move::Play(p)).unwrap();
    }
    position
}

#[test]
fn issue_13_the_shipped_strength_model() {
    let model = StrengthModel::from_json(STRENGTH).unwrap();
    assert_eq!(StrengthModel::shipped().unwrap(), model);
    assert_eq!(model.schema(), Schema::Directional);
    assert_eq!(model.tree().node_count(), 740);
    assert_eq!(model.training_samples(), 154_281);
    let height = model.height.clone().expect("a learned height correction");
    // The learned correction prefers the third line in the opening, as Table 3 does.
    assert_eq!(height.on_line(3, 10), 50.0);
    assert!(height.on_line(1, 10) < 5.0);
    let model = Arc::new(model);
    let config = ScoreConfig { height: Some(height), ..ScoreConfig::paper() };
    let generator = StrengthCandidates::new(model, config);
    let position = opening(Symmetry::IDENTITY);
    let top = best(&generator, &position, 10);
    assert_eq!(top.len(), 10);
    let size = position.size();
    // No first-line point and no occupied point among the candidates.
    for c in &top {
        let p = c.mv.point().unwrap();
        assert!(p.line(size) > 1 && position.board().is_empty_at(p), "{}", c.mv);
    }
    // The same scores, turned, on the turned position.
    let mut plain = Vec::new();
    generator.generate(&position, &mut plain);
    for s in Symmetry::ALL {
        let mut turned = Vec::new();
        generator.generate(&opening(s), &mut turned);
        for c in &plain {
            let image = Move::Play(s.apply(c.mv.point().unwrap(), size));
            let t = turned.iter().find(|t| t.mv == image).unwrap();
            assert_eq!(t.weight, c.weight, "{s:?} {}", c.mv);
        }
    }
}

#[test]
fn issue_13_the_shipped_combined_model() {
    let model = CombinedModel::from_json(COMBINED).unwrap();
    assert_eq!(CombinedModel::shipped().unwrap(), model);
    assert_eq!(model.positions, 588_380);
    assert!(model.strength.is_some());
    let generator = CombinedCandidates::new(Arc::new(model));
    let position = opening(Symmetry::IDENTITY);
    let top = best(&generator, &position, 10);
    let size = position.size();
    // The last move, F17, is an approach to Black's D16: the answers nearby come first.
    let f17 = Point::parse_gtp("F17", size).unwrap();
    let near = top
        .iter()
        .filter(|c| {
            let p = c.mv.point().unwrap();
            (i32::from(p.col()) - i32::from(f17.col())).abs() <= 3
                && (i32::from(p.row()) - i32::from(f17.row())).abs() <= 3
        })
        .count();
    assert!(near >= 5, "{near} of {:?}", top.iter().map(|c| c.mv.to_string()).collect::<Vec<_>>());
}

#[test]
fn issue_13_a_damaged_model_file_is_refused() {
    let cut = &STRENGTH[..STRENGTH.len() - 10];
    assert!(StrengthModel::from_json(cut).unwrap_err().to_string().contains("not a model file"));
    let weights = COMBINED.replacen("\"weights\":[[", "\"weights\":[[1e999,", 1);
    assert!(CombinedModel::from_json(&weights).is_err());
    let groups = COMBINED.replacen("\"weights\":[[", "\"weights\":[[0.5,", 1);
    let err = CombinedModel::from_json(&groups).unwrap_err().to_string();
    assert!(err.contains("do not match the feature groups"), "{err}");
}
