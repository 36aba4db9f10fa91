//! The pattern commands of the GTP session (go-patterns' Gopal language):
//!
//! - `patterns_load FILE` compiles a pattern file and makes it the session's pattern
//!   set, in place of the shipped library ([`go_patterns::library::standard`]). The
//!   file is read as `loadsgf` reads: within `--files DIR`, refused with `--no-files`,
//!   regular files only, at most [`Limits::DEFAULT`]'s source size. It answers the
//!   number of patterns; a file that does not compile is refused with its first
//!   located error (line, column and the line with a caret) and the set in use stays.
//!   `patterns_load` alone goes back to the shipped library.
//! - `patterns_candidates [COLOR]` lists the moves the patterns propose to COLOR
//!   (default: the side to move), one per line, best first: `VERTEX INTENT WEIGHT
//!   SOURCE`, where SOURCE is `patterns/NAME` (a move pattern) or `joseki/NAME` (a live
//!   sequence tree following the game). Only legal moves with a suggested intent are
//!   listed.
//! - `gogui-patterns` (GoGui analyze entry "Pattern Candidates", a `pspairs`): each
//!   proposed point with its best candidate as `INTENT:WEIGHT`.
//!
//! Conditions that read (ladders, status) are answered by go-eval's
//! [`ReadingOracle`] (ladder and tactical readers).

use std::fmt::Write as _;
use std::sync::Arc;

use go_board::sgf::{self, ReadLimits};
use go_board::{Color, Point, Position, excerpt};
use go_eval::reading::oracle::ReadingOracle;
use go_patterns::{
    Candidate, CandidateGenerator, JosekiTracker, Limits, PatternGenerator, PatternSet,
};

use super::Session;
use super::command::{AnalyzeKind, Args, Command};
use crate::player::Player;

/// The session's pattern set, its move-pattern generator and its joseki tracker.
#[derive(Debug, Default)]
pub struct PatternsState {
    /// The loaded set and the file it came from; `None` for the shipped library.
    loaded: Option<(String, Arc<PatternSet>)>,
    /// The generator and the tracker of the set in use, made when first needed.
    generators: Option<(PatternGenerator, JosekiTracker)>,
}

impl PatternsState {
    /// The state of a set compiled from `file` (for tools outside a session).
    pub fn with_set(file: impl Into<String>, set: Arc<PatternSet>) -> PatternsState {
        PatternsState { loaded: Some((file.into(), set)), generators: None }
    }

    /// The pattern set in use: the loaded file's, or the shipped library.
    pub fn set(&self) -> Arc<PatternSet> {
        match &self.loaded {
            Some((_, set)) => Arc::clone(set),
            None => Arc::new(go_patterns::library::standard().clone()),
        }
    }

    /// The file the set in use was loaded from; `None` for the shipped library.
    pub fn file(&self) -> Option<&str> {
        self.loaded.as_ref().map(|(name, _)| name.as_str())
    }

    /// The candidates the set proposes to the side to move of `position`: the move
    /// patterns' and the live joseki trees' (the tracker follows `position`, replaying
    /// its history after an undo or a new game), best first (then by vertex and
    /// source, so that the order is reproducible).
    pub fn candidates(&mut self, position: &Position) -> Vec<Candidate> {
        let (generator, tracker) = self.generators.get_or_insert_with(|| {
            let set = match &self.loaded {
                Some((_, set)) => Arc::clone(set),
                None => Arc::new(go_patterns::library::standard().clone()),
            };
            let oracle = Arc::new(ReadingOracle::new());
            (
                PatternGenerator::with_oracle(Arc::clone(&set), oracle.clone()),
                JosekiTracker::with_oracle(set, oracle, position),
            )
        });
        tracker.update(position);
        let mut out = Vec::new();
        generator.generate(position, &mut out);
        tracker.generate(position, &mut out);
        out.retain(|c| c.intent.is_suggested());
        out.sort_by(|a, b| {
            b.weight
                .total_cmp(&a.weight)
                .then_with(|| a.mv.to_string().cmp(&b.mv.to_string()))
                .then_with(|| a.source.to_string().cmp(&b.source.to_string()))
        });
        out
    }

    /// Makes `set` (compiled from `file`) the set in use; `None` for the library.
    fn replace(&mut self, loaded: Option<(String, Arc<PatternSet>)>) {
        self.loaded = loaded;
        self.generators = None;
    }
}

/// Reads and compiles the pattern file `name` within the session's file access.
fn load<P: Player>(s: &Session<P>, name: &str) -> Result<PatternSet, String> {
    let cannot = |reason: String| format!("cannot load '{}': {reason}", excerpt(name));
    let path = s.files().resolve_read(name).map_err(cannot)?;
    let limits = ReadLimits::DEFAULT.with_max_bytes(Limits::DEFAULT.max_source_bytes);
    let bytes = sgf::read_file(&path, &limits).map_err(|e| cannot(e.to_string()))?;
    let text = String::from_utf8(bytes)
        .map_err(|e| cannot(format!("not UTF-8 text (byte {})", e.utf8_error().valid_up_to())))?;
    // The first error, located; a GTP answer may not hold an empty line.
    PatternSet::compile(&text).map_err(|e| cannot(e.first().to_string().replace("\n\n", "\n")))
}

/// The colour of the optional argument `i`, or the side to move.
fn color_or_to_move<P: Player>(s: &Session<P>, a: &Args<'_>, i: usize) -> Result<Color, String> {
    if a.get(i).is_some() { a.color(i) } else { Ok(s.position().to_move()) }
}

/// The candidates for `color` in the session's position.
fn candidates_for<P: Player>(s: &mut Session<P>, color: Color) -> Vec<Candidate> {
    let mut position = s.position().clone();
    if position.to_move() != color {
        position.set_to_move(color);
    }
    s.patterns.candidates(&position)
}

/// The pattern commands.
pub(super) fn commands<P: Player + 'static>() -> Vec<Command<P>> {
    vec![
        Command::new("patterns_load", |s: &mut Session<P>, a: &Args<'_>| match a.get(0) {
            None => {
                s.patterns.replace(None);
                Ok(go_patterns::library::standard().len().to_string())
            }
            Some(name) => {
                let set = load(s, name)?;
                let n = set.len();
                s.patterns.replace(Some((name.to_owned(), Arc::new(set))));
                Ok(n.to_string())
            }
        }),
        Command::new("patterns_candidates", |s: &mut Session<P>, a: &Args<'_>| {
            let color = color_or_to_move(s, a, 0)?;
            let mut text = String::new();
            for c in candidates_for(s, color) {
                if !text.is_empty() {
                    text.push('\n');
                }
                let _ = write!(text, "{} {} {} {}", c.mv, c.intent, c.weight, c.source);
            }
            Ok(text)
        }),
        Command::new("gogui-patterns", |s: &mut Session<P>, _: &Args<'_>| {
            let color = s.position().to_move();
            let mut seen: Vec<Point> = Vec::new();
            let mut pairs = Vec::new();
            for c in candidates_for(s, color) {
                // Best first: the first candidate of a point is its best.
                if let Some(p) = c.mv.point()
                    && !seen.contains(&p)
                {
                    seen.push(p);
                    pairs.push(format!("{p} {}:{}", c.intent, c.weight));
                }
            }
            Ok(pairs.join(" "))
        })
        .analyze(AnalyzeKind::PSPairs, "Pattern Candidates", ""),
    ]
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use crate::gtp::{FileAccess, Session};
    use crate::player::RandomPlayer;

    /// A fresh folder under the system's temporary folder, removed on drop.
    struct TempDir(PathBuf);

    impl TempDir {
        fn new(tag: &str) -> TempDir {
            let dir = std::env::temp_dir()
                .join(format!("go-engine-patterns-{tag}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).expect("a temporary folder");
            TempDir(dir)
        }
    }

    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    fn ok(s: &mut Session<RandomPlayer>, line: &str) -> String {
        let r = s.execute(line).expect("a command");
        assert!(r.is_success(), "{line}: {}", r.text());
        r.text().to_owned()
    }

    fn err(s: &mut Session<RandomPlayer>, line: &str) -> String {
        let r = s.execute(line).expect("a command");
        assert!(!r.is_success(), "{line} should fail: {}", r.text());
        r.text().to_owned()
    }

    /// One pattern: a move at the 5-5 point of an empty corner.
    const FIVE_FIVE: &str = "pattern gonogo\n  place corner\n  condition emparea(a1, 6, 6)\n  candidate\n    with(opening, 42) e5\n  end_candidate\nend_pattern\n";

    #[test]
    fn issue_12_candidates_of_the_shipped_library() {
        let mut s = Session::new(RandomPlayer::new(1));
        let text = ok(&mut s, "patterns_candidates");
        let lines: Vec<&str> = text.lines().collect();
        // The seed's figure 1 in the four corners, best first.
        assert!(lines.contains(&"D4 opening 80 patterns/akisumisen"), "{text}");
        assert!(lines.contains(&"Q16 opening 80 patterns/akisumisen"), "{text}");
        let weights: Vec<f64> =
            lines.iter().map(|l| l.split(' ').nth(2).unwrap().parse().unwrap()).collect();
        assert!(weights.windows(2).all(|w| w[0] >= w[1]), "{text}");
        // Joseki trees follow the game: after D4 and C6 (figure 5), the line goes on.
        ok(&mut s, "play black D4");
        ok(&mut s, "play white C6");
        let text = ok(&mut s, "patterns_candidates");
        assert!(text.contains("D9 joseki"), "{text}");
        assert!(text.contains("joseki/hosi_kogeima_nikentakabasami"), "{text}");
        // ... and forget the line after an undo.
        ok(&mut s, "undo");
        let text = ok(&mut s, "patterns_candidates");
        assert!(!text.contains("D9 joseki"), "{text}");
        // Another colour: White's view of the same position.
        assert!(ok(&mut s, "patterns_candidates white").lines().count() > 0);
        assert!(err(&mut s, "patterns_candidates purple").contains("color"));
    }

    #[test]
    fn issue_12_patterns_load_within_the_files_folder() {
        let root = TempDir::new("load");
        let inside = root.0.join("inside");
        std::fs::create_dir_all(&inside).unwrap();
        std::fs::write(inside.join("five.gpat"), FIVE_FIVE).unwrap();
        std::fs::write(root.0.join("secret.gpat"), FIVE_FIVE).unwrap();
        std::fs::write(inside.join("bad.gpat"), "pattern p\n  place cornr\nend_pattern\n").unwrap();
        std::fs::write(inside.join("binary.gpat"), [0xff, 0xfe, 0]).unwrap();
        let files = FileAccess::within(&inside).unwrap();
        let mut s = Session::builder(RandomPlayer::new(1)).files(files).build();
        assert_eq!(ok(&mut s, "patterns_load five.gpat"), "1");
        assert_eq!(s.patterns().file(), Some("five.gpat"));
        assert_eq!(
            ok(&mut s, "patterns_candidates"),
            "E15 opening 42 patterns/gonogo\nE5 opening 42 patterns/gonogo\nP15 opening 42 patterns/gonogo\nP5 opening 42 patterns/gonogo"
        );
        // Outside the folder, missing, not compiling, not text: refused, the set stays.
        assert!(err(&mut s, "patterns_load ../secret.gpat").contains("outside"));
        assert!(err(&mut s, "patterns_load /etc/passwd").contains("outside"));
        assert!(err(&mut s, "patterns_load missing.gpat").contains("cannot load"));
        assert!(err(&mut s, "patterns_load binary.gpat").contains("UTF-8"));
        let bad = err(&mut s, "patterns_load bad.gpat");
        assert!(bad.contains("line 2, column 9"), "{bad}");
        assert!(bad.contains("place cornr\n") && bad.contains("^^^^^"), "{bad}");
        assert!(!bad.contains("\n\n"));
        assert_eq!(s.patterns().file(), Some("five.gpat"));
        // No argument: the shipped library again.
        let n = ok(&mut s, "patterns_load");
        assert_eq!(n, go_patterns::library::standard().len().to_string());
        assert_eq!(s.patterns().file(), None);
        assert!(ok(&mut s, "patterns_candidates").contains("akisumisen"));
        // Files denied.
        let mut denied = Session::builder(RandomPlayer::new(1)).files(FileAccess::Denied).build();
        assert!(err(&mut denied, "patterns_load five.gpat").contains("--no-files"));
    }

    #[test]
    fn issue_12_gogui_shows_candidates_with_intent_and_weight() {
        let mut s = Session::new(RandomPlayer::new(1));
        let entries = ok(&mut s, "gogui-analyze_commands");
        assert!(entries.lines().any(|l| l == "pspairs/Pattern Candidates/gogui-patterns"));
        ok(&mut s, "boardsize 9");
        let answer = ok(&mut s, "gogui-patterns");
        let words: Vec<&str> = answer.split(' ').collect();
        assert_eq!(words.len() % 2, 0, "{answer}");
        let points: Vec<&str> = words.iter().step_by(2).copied().collect();
        let mut unique = points.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), points.len(), "one entry per point: {answer}");
        assert!(answer.contains("D4 opening:80"), "{answer}");
    }
}
