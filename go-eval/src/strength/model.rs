//! [`StrengthModel`]: a decision tree that predicts the strength of a kosumi-ren (the
//! distance, 2 to 6, at which moves stay away from it), trained on [`Sample`]s, saved
//! and loaded as JSON.
//!
//! # Examples
//!
//! ```
//! use go_board::{Board, Color, Point};
//! use go_eval::strength::id3::TreeConfig;
//! use go_eval::strength::model::{Schema, StrengthModel};
//! use go_eval::strength::samples::move_samples;
//! let board = Board::from_diagram(
//!     "
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     . . X . . . . . .
//!     . . . . . . . . .
//!     . . . . . . . . .
//!     ",
//! )?;
//! let size = board.size();
//! let mut samples = move_samples(&board, Color::White, Point::parse_gtp("G3", size)?, 2);
//! samples.extend(move_samples(&board, Color::Black, Point::parse_gtp("C6", size)?, 3));
//! let model = StrengthModel::train(&samples, Schema::Paper, &TreeConfig::ID3)?;
//! // An enemy stone is kept at 4, an own stone at 3.
//! assert_eq!(model.strength(&samples[0].attributes), 4);
//! assert_eq!(model.strength(&samples[1].attributes), 3);
//! # #[cfg(feature = "serde")] {
//! let again = StrengthModel::from_json(&model.to_json())?;
//! assert_eq!(again, model);
//! # }
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
#[cfg(feature = "serde")]
use std::path::Path;
use std::path::PathBuf;

use super::height::HeightCorrection;
use super::id3::{Tree, TreeConfig, TreeError};
use go_board::{Color, Point};

use super::lanes::{Direction, RenHit};
use super::samples::{RenView, Sample, StrengthAttributes, directional_schema, paper_schema};

/// The smallest strength (distance 2; distance 1 is contact and has none).
pub const MIN_STRENGTH: u8 = 2;
/// The largest strength.
pub const MAX_STRENGTH: u8 = 6;
/// The number of strength classes.
const CLASSES: usize = (MAX_STRENGTH - MIN_STRENGTH + 1) as usize;

/// The marker of a saved model's `format` field.
const FORMAT: &str = "go-eval strength model";
/// The version of the saved format this crate reads and writes.
const VERSION: u32 = 1;

/// Which attributes a model reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Schema {
    /// The paper's fourteen ([`paper_schema`]).
    Paper,
    /// The paper's and the lane's heading and room ([`directional_schema`]).
    Directional,
}

impl Schema {
    /// The name used in saved models: `paper` or `directional`.
    pub fn name(self) -> &'static str {
        match self {
            Schema::Paper => "paper",
            Schema::Directional => "directional",
        }
    }

    fn attributes(self) -> Vec<super::id3::Attribute> {
        match self {
            Schema::Paper => paper_schema(),
            Schema::Directional => directional_schema(),
        }
    }
}

/// A trained strength model.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct StrengthModel {
    format: String,
    version: u32,
    schema: Schema,
    config: TreeConfig,
    samples: usize,
    /// Free text the trainer may set: the data and the command it came from.
    #[cfg_attr(feature = "serde", serde(default))]
    pub description: String,
    tree: Tree,
    /// The height correction learned from the training games, if the trainer learned
    /// one.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub height: Option<HeightCorrection>,
}

/// How well a model predicts a set of samples.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Accuracy {
    /// The number of samples.
    pub samples: usize,
    /// The share predicted exactly.
    pub accuracy: f64,
    /// The mean absolute difference between predicted and true strength.
    pub mean_error: f64,
}

/// Why a model could not be trained, read or written.
#[derive(Debug)]
#[non_exhaustive]
pub enum ModelError {
    /// The tree learner failed.
    Tree(TreeError),
    /// The text is not JSON of a model.
    #[cfg(feature = "serde")]
    Json(serde_json::Error),
    /// The JSON is a model of another kind or version, or is inconsistent.
    Format(String),
    /// A file could not be read or written.
    Io {
        /// The file.
        path: PathBuf,
        /// The error.
        error: std::io::Error,
    },
}

impl fmt::Display for ModelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ModelError::Tree(e) => write!(f, "strength model: {e}"),
            #[cfg(feature = "serde")]
            ModelError::Json(e) => write!(f, "strength model: not a model file: {e}"),
            ModelError::Format(why) => write!(f, "strength model: {why}"),
            ModelError::Io { path, error } => write!(f, "{}: {error}", path.display()),
        }
    }
}

impl std::error::Error for ModelError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ModelError::Tree(e) => Some(e),
            #[cfg(feature = "serde")]
            ModelError::Json(e) => Some(e),
            ModelError::Io { error, .. } => Some(error),
            ModelError::Format(_) => None,
        }
    }
}

impl From<TreeError> for ModelError {
    fn from(e: TreeError) -> ModelError {
        ModelError::Tree(e)
    }
}

impl StrengthModel {
    /// Trains a tree on `samples` reading the attributes of `schema`, grown under
    /// `config`.
    ///
    /// # Errors
    ///
    /// [`ModelError::Tree`] if the learner fails (no samples, bad settings, too many
    /// nodes).
    pub fn train(
        samples: &[Sample],
        schema: Schema,
        config: &TreeConfig,
    ) -> Result<StrengthModel, ModelError> {
        let strength = MIN_STRENGTH..=MAX_STRENGTH;
        if let Some(bad) = samples.iter().position(|s| !strength.contains(&s.distance)) {
            return Err(ModelError::Format(format!(
                "sample {bad} has distance {}, not a strength from {MIN_STRENGTH} to {MAX_STRENGTH}",
                samples[bad].distance
            )));
        }
        let rows: Vec<&StrengthAttributes> = samples.iter().map(|s| &s.attributes).collect();
        let labels: Vec<usize> =
            samples.iter().map(|s| usize::from(s.distance - MIN_STRENGTH)).collect();
        let tree = Tree::fit(&schema.attributes(), &rows, &labels, CLASSES, config)?;
        Ok(StrengthModel {
            format: FORMAT.to_owned(),
            version: VERSION,
            schema,
            config: *config,
            samples: samples.len(),
            description: String::new(),
            tree,
            height: None,
        })
    }

    /// The predicted strength (2 to 6) of a kosumi-ren.
    pub fn strength(&self, attributes: &StrengthAttributes) -> u8 {
        self.tree.predict(attributes) as u8 + MIN_STRENGTH
    }

    /// The training samples of each strength (2 to 6) at the deepest populated node
    /// the attributes reach.
    pub fn distribution(&self, attributes: &StrengthAttributes) -> [u32; CLASSES] {
        let mut out = [0; CLASSES];
        out.copy_from_slice(self.tree.distribution(attributes));
        out
    }

    /// The schema the model reads.
    pub fn schema(&self) -> Schema {
        self.schema
    }

    /// The learner's settings.
    pub fn config(&self) -> &TreeConfig {
        &self.config
    }

    /// The number of samples it was trained on.
    pub fn training_samples(&self) -> usize {
        self.samples
    }

    /// The tree.
    pub fn tree(&self) -> &Tree {
        &self.tree
    }

    /// The accuracy and mean error of the model on `samples`.
    pub fn accuracy(&self, samples: &[Sample]) -> Accuracy {
        let mut right = 0usize;
        let mut error = 0u64;
        for s in samples {
            let predicted = self.strength(&s.attributes);
            right += usize::from(predicted == s.distance);
            error += u64::from(predicted.abs_diff(s.distance));
        }
        let n = samples.len().max(1) as f64;
        Accuracy {
            samples: samples.len(),
            accuracy: right as f64 / n,
            mean_error: error as f64 / n,
        }
    }

    /// The model as JSON.
    ///
    /// Needs the `serde` feature.
    #[cfg(feature = "serde")]
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a model serialises")
    }

    /// Reads a model from JSON and checks it.
    ///
    /// Needs the `serde` feature.
    ///
    /// # Errors
    ///
    /// [`ModelError::Json`] (with line and column) if the text is not JSON of a model;
    /// [`ModelError::Format`] if it is another format or version, or its tree does not
    /// read its schema's attributes; [`ModelError::Tree`] if the tree is inconsistent.
    #[cfg(feature = "serde")]
    pub fn from_json(text: &str) -> Result<StrengthModel, ModelError> {
        let model: StrengthModel = serde_json::from_str(text).map_err(ModelError::Json)?;
        if model.format != FORMAT {
            return Err(ModelError::Format(format!(
                "the format is {:?}, not {FORMAT:?}",
                model.format
            )));
        }
        if model.version != VERSION {
            return Err(ModelError::Format(format!(
                "version {} is not the version {VERSION} this crate reads",
                model.version
            )));
        }
        if model.tree.attributes != model.schema.attributes() {
            return Err(ModelError::Format(format!(
                "the tree's attributes are not those of the {} schema",
                model.schema.name()
            )));
        }
        if model.tree.classes as usize != CLASSES {
            return Err(ModelError::Format(format!(
                "the tree has {} classes, not the {CLASSES} strengths",
                model.tree.classes
            )));
        }
        model.tree.validate()?;
        if let Some(h) = &model.height {
            h.validate().map_err(ModelError::Format)?;
        }
        Ok(model)
    }

    /// Writes the model to `path` as JSON.
    ///
    /// Needs the `serde` feature.
    ///
    /// # Errors
    ///
    /// [`ModelError::Io`] if the file cannot be written.
    #[cfg(feature = "serde")]
    pub fn save(&self, path: &Path) -> Result<(), ModelError> {
        std::fs::write(path, self.to_json())
            .map_err(|error| ModelError::Io { path: path.to_owned(), error })
    }

    /// The model shipped with this crate (`models/strength-c45-directional.json`): C4.5
    /// on the directional schema with the height correction learned from 2,832
    /// professional games (its [`StrengthModel::description`] says how to rebuild it).
    ///
    /// Needs the `serde` feature.
    ///
    /// # Errors
    ///
    /// None in practice (the file is checked by the crate's tests); the error of
    /// [`StrengthModel::from_json`] otherwise.
    #[cfg(feature = "serde")]
    pub fn shipped() -> Result<StrengthModel, ModelError> {
        StrengthModel::from_json(include_str!("../../models/strength-c45-directional.json"))
    }

    /// The strength the model gives kosumi-ren `ren` of `view` for `mover` towards
    /// each side (north, east, south, west: [`Direction::ALL`]), as seen from a point
    /// 3 lines beyond its outermost stone on that side; `None` where that point is off
    /// the board. For the paper's schema the four are equal (it reads no direction).
    /// The width and height are read as given (the candidate scores average both
    /// readings).
    ///
    /// # Panics
    ///
    /// If `ren` is not a kosumi-ren of `view`.
    pub fn outward_strengths(&self, view: &RenView, mover: Color, ren: usize) -> [Option<u8>; 4] {
        let size = view.map.size();
        let stones = &view.rens[ren].stones;
        Direction::ALL.map(|outward| {
            let (dx, dy) = outward.step();
            // The outermost stone on that side, and the point 3 beyond it.
            let stone =
                stones.iter().max_by_key(|p| i32::from(p.col()) * dx + i32::from(p.row()) * dy)?;
            let (c, r) = (i32::from(stone.col()) + 3 * dx, i32::from(stone.row()) + 3 * dy);
            let point = Point::new(u8::try_from(c).ok()?, u8::try_from(r).ok()?, size)?;
            let look = Direction::ALL[(outward as usize + 2) % 4];
            let hit = RenHit { ren, distance: 3, directions: look.bit() };
            Some(self.strength(&view.attributes(mover, point, &hit, look)))
        })
    }

    /// Reads a model from the JSON file `path`.
    ///
    /// Needs the `serde` feature.
    ///
    /// # Errors
    ///
    /// [`ModelError::Io`] if the file cannot be read, else as [`StrengthModel::from_json`].
    #[cfg(feature = "serde")]
    pub fn load(path: &Path) -> Result<StrengthModel, ModelError> {
        let text = std::fs::read_to_string(path)
            .map_err(|error| ModelError::Io { path: path.to_owned(), error })?;
        StrengthModel::from_json(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strength::samples::move_samples;
    use go_board::Board;
    #[cfg(feature = "serde")]
    use std::path::Path;

    fn tiny_model() -> StrengthModel {
        let board = Board::from_diagram(
            ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n\
             . . . . . . . . .\n. . . . . . . . .\n. . X . . . . . .\n. . . . . . . . .\n\
             . . . . . . . . .",
        )
        .unwrap();
        let size = board.size();
        let mut samples =
            move_samples(&board, Color::White, Point::parse_gtp("G3", size).unwrap(), 2);
        samples.extend(move_samples(
            &board,
            Color::Black,
            Point::parse_gtp("C6", size).unwrap(),
            3,
        ));
        StrengthModel::train(&samples, Schema::Paper, &TreeConfig::ID3).unwrap()
    }

    #[cfg(feature = "serde")]
    #[test]
    fn save_and_load_round_trip() {
        let model = tiny_model();
        let dir = std::env::temp_dir().join(format!("go-eval-strength-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("model.json");
        model.save(&path).unwrap();
        let loaded = StrengthModel::load(&path).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(loaded, model);
    }

    #[cfg(feature = "serde")]
    #[test]
    fn bad_model_files_give_clear_errors() {
        let good = tiny_model().to_json();
        let err = |text: &str| StrengthModel::from_json(text).unwrap_err().to_string();
        assert!(err("").contains("not a model file"), "{}", err(""));
        let truncated = &good[..good.len() / 2];
        assert!(err(truncated).contains("line 1"), "{}", err(truncated));
        let other = good.replace(FORMAT, "something else");
        assert!(err(&other).contains("the format is \"something else\""), "{}", err(&other));
        let version = good.replace("\"version\":1", "\"version\":99");
        assert!(err(&version).contains("version 99"), "{}", err(&version));
        let schema = good.replace("\"schema\":\"paper\"", "\"schema\":\"directional\"");
        assert!(err(&schema).contains("directional"), "{}", err(&schema));
        // A child pointing back at the root would loop: refused, naming the node.
        let mut model: serde_json::Value = serde_json::from_str(&good).unwrap();
        let nodes = model["tree"]["nodes"].as_array_mut().unwrap();
        let inner = nodes.iter().position(|n| n.get("split").is_some()).unwrap();
        nodes[inner]["split"]["children"][0] = serde_json::json!(0);
        let cyclic = model.to_string();
        assert!(err(&cyclic).contains(&format!("tree node {inner}: child 0")), "{}", err(&cyclic));
        let missing = StrengthModel::load(Path::new("/nonexistent/strength.json")).unwrap_err();
        assert!(missing.to_string().starts_with("/nonexistent/strength.json: "), "{missing}");
    }

    #[test]
    fn outward_strengths_look_at_each_side() {
        let model = tiny_model();
        let board = Board::from_diagram(
            ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n\
             . . . . . . . . .\n. . . . . . . . .\n. . X . . . . . .\n. . . . . . . . .\n\
             . . . . . . . . .",
        )
        .unwrap();
        let view = RenView::new(&board, 3);
        // C3: three lines north and east are on the board, south and west are not; the
        // paper's schema reads no direction, so both sides agree (Black's own stone: 3).
        assert_eq!(model.outward_strengths(&view, Color::Black, 0), [Some(3), Some(3), None, None]);
        assert_eq!(model.outward_strengths(&view, Color::White, 0), [Some(4), Some(4), None, None]);
    }

    #[test]
    fn accuracy_counts_exact_hits_and_mean_error() {
        let model = tiny_model();
        let samples = [
            Sample { distance: 4, ..Sample::clone(&tiny_samples()[0]) },
            Sample { distance: 6, ..Sample::clone(&tiny_samples()[0]) },
        ];
        let a = model.accuracy(&samples);
        assert_eq!((a.samples, a.accuracy, a.mean_error), (2, 0.5, 1.0));
    }

    fn tiny_samples() -> Vec<Sample> {
        let board = Board::from_diagram(
            ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n\
             . . . . . . . . .\n. . . . . . . . .\n. . X . . . . . .\n. . . . . . . . .\n\
             . . . . . . . . .",
        )
        .unwrap();
        move_samples(&board, Color::White, Point::parse_gtp("G3", board.size()).unwrap(), 2)
    }
}
