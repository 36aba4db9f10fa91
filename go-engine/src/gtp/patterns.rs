//! The pattern commands of the GTP session (go-patterns' Gopal language):
//!
//! - `patterns_load FILE` compiles a pattern file and makes it the session's pattern
//!   set, in place of the shipped library ([`go_patterns::library::standard`]). The
//!   file is read as `loadsgf` reads: within `--files DIR`, refused with `--no-files`,
//!   regular files only, at most [`Limits::DEFAULT`]'s source size. It answers the
//!   number of patterns; a file that does not compile is refused with its first
//!   located error (line, column and the line with a caret) and the set in use stays.
//!   `patterns_load` alone goes back to the shipped library. A file whose name ends in
//!   `.sgf` is an SGF joseki tree (a dictionary with variations): it is imported into
//!   sequence patterns ([`go_patterns::joseki_sgf`]) and compiled; an SGF file that
//!   cannot be imported is refused with the node at fault.
//! - `patterns_candidates [COLOR]` lists the moves the patterns propose to COLOR
//!   (default: the side to move), one per line, best first: `VERTEX INTENT WEIGHT
//!   SOURCE`, where SOURCE is `patterns/NAME` (a move pattern) or `joseki/NAME` (a live
//!   sequence tree following the game). Only legal moves with a suggested intent are
//!   listed.
//! - `gogui-patterns` (GoGui analyze entry "Pattern Candidates", a `pspairs`): each
//!   proposed point with its best candidate as `INTENT:WEIGHT`.
//! - `gogui-joseki` (GoGui analyze entry "Joseki Trees", `gfx`): the joseki trees
//!   under way (at least one of their moves played; trees still waiting for their
//!   first move are only counted): each tree's moves so far marked (`MARK`), its next moves labelled with the
//!   tree's number and their weight (`LABEL`, green for the side to move, yellow for
//!   moves the opponent owes the tree after a tenuki; after such a tenuki the tree's
//!   tenuki replies are labelled `tNUMBER:WEIGHT` in green), and a `TEXT` line listing
//!   every tree: number, pattern, corner, first mover, moves played, tenukis waited,
//!   next moves and tenuki replies.
//!
//! Conditions that read (ladders, status) are answered by go-eval's
//! [`ReadingOracle`] (ladder and tactical readers).

use std::fmt::Write as _;
use std::sync::Arc;

use go_board::sgf::{self, ReadLimits};
use go_board::{Color, Point, Position, excerpt};
use go_eval::reading::oracle::ReadingOracle;
use go_patterns::joseki_sgf::{self, ImportOptions};
use go_patterns::{
    Candidate, CandidateGenerator, JosekiTracker, Limits, PatternGenerator, PatternSet, Tree,
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

    /// The live joseki trees after `position` (the tracker follows it first).
    pub fn trees(&mut self, position: &Position) -> Vec<Tree> {
        self.candidates(position);
        self.generators.as_ref().map(|(_, t)| t.trees().to_vec()).unwrap_or_default()
    }

    /// Compiles a pattern file named `name` with contents `bytes`: Gopal source, or an
    /// SGF joseki tree when the name ends in `.sgf` (any case), imported first.
    ///
    /// # Errors
    ///
    /// The first located error of the compiler, the import's error (naming the SGF node)
    /// or a text that is not UTF-8.
    pub fn compile_file(name: &str, bytes: &[u8]) -> Result<PatternSet, String> {
        let is_sgf =
            std::path::Path::new(name).extension().is_some_and(|e| e.eq_ignore_ascii_case("sgf"));
        let imported;
        let text = if is_sgf {
            imported = joseki_sgf::import_joseki(bytes, &ImportOptions::default())
                .map_err(|e| format!("not an importable joseki tree: {e}"))?;
            imported.text()
        } else {
            std::str::from_utf8(bytes)
                .map_err(|e| format!("not UTF-8 text (byte {})", e.valid_up_to()))?
        };
        // The first error, located; a GTP answer may not hold an empty line.
        PatternSet::compile(text).map_err(|e| e.first().to_string().replace("\n\n", "\n"))
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
    PatternsState::compile_file(name, &bytes).map_err(cannot)
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
        Command::new("gogui-joseki", |s: &mut Session<P>, _: &Args<'_>| {
            let position = s.position().clone();
            let trees = s.patterns.trees(&position);
            Ok(joseki_gfx(&trees, &position))
        })
        .analyze(AnalyzeKind::Gfx, "Joseki Trees", ""),
    ]
}

/// The `gfx` drawing of the live joseki trees (see the module documentation).
fn joseki_gfx(trees: &[Tree], position: &Position) -> String {
    let size = position.size();
    let mut marks: Vec<Point> = Vec::new();
    let mut labels: Vec<(Point, String, bool)> = Vec::new();
    let mut summary: Vec<String> = Vec::new();
    let unstarted = trees.iter().filter(|t| t.played().is_empty()).count();
    for (i, t) in trees.iter().filter(|t| !t.played().is_empty()).enumerate() {
        let number = i + 1;
        let played = t.played();
        for &(_, p) in &played {
            if !marks.contains(&p) {
                marks.push(p);
            }
        }
        let next = t.next_moves();
        let mut listed = Vec::new();
        for &(color, p, intent, weight) in &next {
            let own = color == position.to_move();
            let text = format!("{number}:{weight}");
            match labels.iter_mut().find(|l| l.0 == p) {
                Some(l) => {
                    l.1 = format!("{},{text}", l.1);
                    l.2 |= own;
                }
                None => labels.push((p, text, own)),
            }
            listed.push(format!("{} {p} {intent} {weight}", color_letter(color)));
        }
        // The replies the tree offers if the side that owes the next move plays
        // elsewhere: labelled `tN:W` (drawn only while that side has played elsewhere,
        // when the tree offers them).
        let mut replies = Vec::new();
        for (color, p, intent, weight) in t.tenuki_replies() {
            let owed = next.first().is_some_and(|m| m.0 != position.to_move());
            if owed && t.tenukis() > 0 {
                let text = format!("t{number}:{weight}");
                match labels.iter_mut().find(|l| l.0 == p) {
                    Some(l) => {
                        l.1 = format!("{},{text}", l.1);
                        l.2 = true;
                    }
                    None => labels.push((p, text, true)),
                }
            }
            replies.push(format!("{} {p} {intent} {weight}", color_letter(color)));
        }
        // The corner: the quadrant of the tree's first move (or of its next moves).
        let corner = played.first().map(|m| m.1).or(next.first().map(|m| m.1)).map_or_else(
            || "?".to_owned(),
            |p| {
                let v =
                    if 2 * u32::from(p.row()) < u32::from(size.rows()) { "lower" } else { "upper" };
                let h =
                    if 2 * u32::from(p.col()) < u32::from(size.cols()) { "left" } else { "right" };
                format!("{v} {h}")
            },
        );
        let replies = if replies.is_empty() {
            String::new()
        } else {
            format!(", after a tenuki {}", replies.join(", "))
        };
        summary.push(format!(
            "{number} {} ({corner}, {} first{}, {} played, {} tenukis): next {}{replies}",
            t.name(),
            color_letter(t.friend()),
            if t.is_reseeded() { ", re-seeded" } else { "" },
            played.len(),
            t.tenukis(),
            if listed.is_empty() { "none".to_owned() } else { listed.join(", ") }
        ));
    }
    let mut lines = Vec::new();
    if !marks.is_empty() {
        lines.push(format!(
            "MARK {}",
            marks.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
        ));
    }
    for (p, text, _) in &labels {
        lines.push(format!("LABEL {p} {text}"));
    }
    for (own, color) in [(true, "green"), (false, "yellow")] {
        let points: Vec<String> =
            labels.iter().filter(|l| l.2 == own).map(|l| l.0.to_string()).collect();
        if !points.is_empty() {
            lines.push(format!("COLOR {color} {}", points.join(" ")));
        }
    }
    let waiting = if unstarted > 0 {
        format!(" ({unstarted} trees wait for their first move)")
    } else {
        String::new()
    };
    lines.push(if summary.is_empty() {
        format!("TEXT no joseki tree under way{waiting}")
    } else {
        format!("TEXT {}{waiting}", summary.join("; "))
    });
    lines.join("\n")
}

/// `B` or `W`.
fn color_letter(c: Color) -> char {
    match c {
        Color::Black => 'B',
        Color::White => 'W',
    }
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
    fn issue_12_patterns_load_imports_sgf_joseki_trees() {
        let root = TempDir::new("sgf");
        std::fs::write(
            root.0.join("tree.sgf"),
            "(;SZ[19];B[pd](;W[qf];B[nc](;W[rd];B[qc])(;W[tt];B[qi]))(;W[nc];B[qf]))",
        )
        .unwrap();
        std::fs::write(root.0.join("bad.sgf"), "(;SZ[19];B[pd];W[pd])").unwrap();
        let files = FileAccess::within(&root.0).unwrap();
        let mut s = Session::builder(RandomPlayer::new(1)).files(files).build();
        assert_eq!(ok(&mut s, "patterns_load tree.sgf"), "1");
        ok(&mut s, "play black Q16");
        let text = ok(&mut s, "patterns_candidates");
        assert!(text.contains("R14 joseki 20 joseki/joseki_1"), "{text}");
        let bad = err(&mut s, "patterns_load bad.sgf");
        assert!(bad.contains("node 2") && bad.contains("occupied"), "{bad}");
        assert_eq!(s.patterns().file(), Some("tree.sgf"));
        // The live tree in GoGui: Q16 marked, White's next moves labelled.
        let entries = ok(&mut s, "gogui-analyze_commands");
        assert!(entries.lines().any(|l| l == "gfx/Joseki Trees/gogui-joseki"), "{entries}");
        let gfx = ok(&mut s, "gogui-joseki");
        assert!(gfx.lines().any(|l| l == "MARK Q16"), "{gfx}");
        assert!(gfx.contains("LABEL R14 1:20") && gfx.contains("LABEL O17 1:20"), "{gfx}");
        assert!(gfx.contains("COLOR green"), "{gfx}");
        assert!(
            gfx.contains("TEXT 1 joseki_1 (upper right, B first, 1 played, 0 tenukis)"),
            "{gfx}"
        );
        // White plays elsewhere: the tree waits, its moves are now owed by White.
        ok(&mut s, "play white D4");
        let gfx = ok(&mut s, "gogui-joseki");
        assert!(gfx.contains("1 tenukis") && gfx.contains("COLOR yellow"), "{gfx}");
        assert!(!gfx.contains("LABEL R11"), "{gfx}");
        // Back to the line: after R14 and O17 the tree knows its tenuki reply, drawn
        // once White plays elsewhere.
        ok(&mut s, "undo");
        ok(&mut s, "play white R14");
        ok(&mut s, "play black O17");
        let gfx = ok(&mut s, "gogui-joseki");
        assert!(gfx.contains("after a tenuki B R11 joseki 20"), "{gfx}");
        assert!(!gfx.contains("LABEL R11"), "{gfx}");
        ok(&mut s, "play white D4");
        let gfx = ok(&mut s, "gogui-joseki");
        assert!(gfx.contains("LABEL R11 t1:20"), "{gfx}");
        ok(&mut s, "clear_board");
        let gfx = ok(&mut s, "gogui-joseki");
        assert!(gfx.starts_with("TEXT no joseki tree under way ("), "{gfx}");
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
