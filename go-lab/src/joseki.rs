//! `go-lab joseki-mine`: corner sequences mined from professional games, written as
//! one Gopal sequence pattern, and their coverage on held-out games.
//!
//! **Split.** The games of [`strength::games`](crate::strength::games): FNV-1a of the
//! path modulo 5; the test games (0) are held out, the training games (1 to 4) are
//! mined.
//!
//! **Corner sequences.** The 19×19 board has four 9×9 corner regions (the lines
//! through the centre belong to none). For each corner, the moves played there among
//! the first `--moves` moves of a game, as long as they alternate colours (the first
//! tenuki, two moves of one colour in a row there, ends the sequence) and at most
//! `--depth` of them. A sequence is written in the corner's frame (a1 the corner
//! point) and in the reflection whose list of points is smaller, so that both
//! reflections of a line count together; the compiler gives the pattern back both.
//!
//! **Tree.** The sequences form a prefix tree; a move is kept when at least
//! `--min-count` training games played it there. Each kept move becomes a node of one
//! pattern `mined_joseki` (`place corner`, the 9×9 corner empty when the tree is
//! created), its weight the percentage of the games at its parent that played it.
//!
//! **Tenuki replies.** When the side that should answer in a corner plays elsewhere
//! and the other side plays there again (two moves of one colour in a row in the
//! corner), the sequence ends with that move as a *tenuki reply* of the place where
//! the tenuki happened. A reply played by at least `--min-count` games there is
//! written as `tenuki(joseki, W) P` on the first kept move of that place (the move
//! the tenuki replaced), W the percentage of the games at that place that answered a
//! tenuki with it; the tracker offers it after the tenuki and ends the tree when it is
//! played. Replies at a place with no kept move have no statement to hang on and are
//! counted as not written.
//!
//! **Coverage.** On the test games, a [`JosekiTracker`] over the mined pattern follows
//! each game through its first `--moves` moves; for every move played in a corner
//! region, it counts whether a live tree proposed it, and whether it was the tree's
//! best proposal in that corner; and separately for the moves that answer a tenuki
//! (two moves of one colour in a row in a corner, within the first moves).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use go_board::{Color, Move, Point};
use go_engine::output::{CommandError, Stdout};
use go_patterns::{CandidateGenerator, JosekiTracker, PatternSet, TrackerStats};

use crate::strength::games::{self, Part};

/// The options of `go-lab joseki-mine`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The folder of professional games (SGF, searched recursively).
    #[arg(long, value_name = "DIR")]
    pub games: PathBuf,
    /// Where to write the mined pattern file (Gopal).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Keep a move played by at least this many training games at its place.
    #[arg(long, default_value_t = 10, value_name = "N")]
    pub min_count: u32,
    /// The moves of a game that are read (the opening).
    #[arg(long, default_value_t = 40, value_name = "N")]
    pub moves: u32,
    /// The longest sequence kept in a corner.
    #[arg(long, default_value_t = 12, value_name = "N")]
    pub depth: usize,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// The side of a corner region, in lines.
const REGION: i32 = 9;

/// A point in a corner's frame: (column, row) from the corner point.
type FramePoint = (i32, i32);

/// The corner region of a 19×19 point (0 to 3) and its place in that corner's frame.
pub fn corner_of(p: Point) -> Option<(usize, FramePoint)> {
    let along = |v: i32| {
        if v < REGION {
            Some((0, v))
        } else if v > 18 - REGION {
            Some((1, 18 - v))
        } else {
            None
        }
    };
    let (cx, x) = along(i32::from(p.col()))?;
    let (cy, y) = along(i32::from(p.row()))?;
    Some((cx + 2 * cy, (x, y)))
}

/// A corner sequence: its alternating moves, and the tenuki reply that ended it (the
/// move of the side that played last there, after the other side played elsewhere).
type Sequence = (Vec<FramePoint>, Option<FramePoint>);

/// The corner sequences of a game's opening: for each corner, its alternating moves
/// and the tenuki reply that ended them, if any.
fn sequences(moves: &[(Color, Point)], depth: usize) -> Vec<Sequence> {
    /// A corner's moves, its reply, the colour of its last move, and whether it ended.
    type Open = (Vec<FramePoint>, Option<FramePoint>, Option<Color>, bool);
    let mut seqs: [Open; 4] = Default::default();
    for &(color, p) in moves {
        let Some((corner, q)) = corner_of(p) else { continue };
        let (seq, reply, last, closed) = &mut seqs[corner];
        if *closed {
            continue;
        }
        if *last == Some(color) {
            *reply = Some(q);
            *closed = true;
            continue;
        }
        if seq.len() >= depth {
            *closed = true;
            continue;
        }
        seq.push(q);
        *last = Some(color);
    }
    seqs.into_iter()
        .filter(|(seq, ..)| !seq.is_empty())
        .map(|(seq, reply, _, _)| {
            let flip = |&(x, y): &FramePoint| (y, x);
            let flipped: Vec<FramePoint> = seq.iter().map(flip).collect();
            if flipped < seq { (flipped, reply.as_ref().map(flip)) } else { (seq, reply) }
        })
        .collect()
}

/// A node of the prefix tree: how many sequences reached it, its children, and the
/// tenuki replies played after it.
#[derive(Debug, Default)]
struct Node {
    count: u32,
    children: BTreeMap<FramePoint, Node>,
    replies: BTreeMap<FramePoint, u32>,
}

impl Node {
    fn insert(&mut self, seq: &[FramePoint], reply: Option<FramePoint>) {
        self.count += 1;
        match seq.split_first() {
            Some((&first, rest)) => self.children.entry(first).or_default().insert(rest, reply),
            None => {
                if let Some(r) = reply {
                    *self.replies.entry(r).or_default() += 1;
                }
            }
        }
    }

    /// The kept tenuki replies, most played first, with their weights.
    fn kept_replies(&self, min: u32) -> Vec<(FramePoint, u32)> {
        let mut v: Vec<(FramePoint, u32)> =
            self.replies.iter().filter(|(_, n)| **n >= min).map(|(&p, &n)| (p, n)).collect();
        v.sort_by_key(|&(p, n)| (std::cmp::Reverse(n), p));
        v.into_iter().map(|(p, n)| (p, weight(n, self.count))).collect()
    }

    /// The kept tenuki replies below and at this node: (written, not written for want
    /// of a kept move to hang them on).
    fn reply_counts(&self, min: u32) -> (usize, usize) {
        let here = self.kept_replies(min).len();
        let kept = self.kept(min);
        let (mut written, mut lost) = if kept.is_empty() { (0, here) } else { (here, 0) };
        for (_, child) in kept {
            let (w, l) = child.reply_counts(min);
            written += w;
            lost += l;
        }
        (written, lost)
    }

    /// The kept children, most played first (then by point).
    fn kept(&self, min: u32) -> Vec<(FramePoint, &Node)> {
        let mut v: Vec<(FramePoint, &Node)> =
            self.children.iter().filter(|(_, n)| n.count >= min).map(|(&p, n)| (p, n)).collect();
        v.sort_by_key(|(p, n)| (std::cmp::Reverse(n.count), *p));
        v
    }

    /// The number of kept nodes below this one.
    fn size(&self, min: u32) -> usize {
        self.kept(min).iter().map(|(_, n)| 1 + n.size(min)).sum()
    }
}

/// A frame point as the language writes it (`a1` is the corner point).
fn name((x, y): FramePoint) -> String {
    format!("{}{}", char::from(b'a' + x as u8), y + 1)
}

/// The weight of a child: the percentage of its parent's games, at least 1.
fn weight(child: u32, parent: u32) -> u32 {
    (100 * child / parent.max(1)).max(1)
}

/// Writes the tenuki replies of a move's statement.
fn write_replies(out: &mut String, replies: &[(FramePoint, u32)], pad: &str) {
    for &(p, w) in replies {
        let _ = writeln!(out, "{pad}  tenuki(joseki, {w}) {}", name(p));
    }
}

/// Writes the list that starts with `point` (a `with`, with `replies`: the tenuki
/// replies of its parent), its single continuations (`next`) and its branches.
fn write_list(
    out: &mut String,
    point: FramePoint,
    node: &Node,
    parent: u32,
    replies: &[(FramePoint, u32)],
    min: u32,
    pad: &str,
) {
    let _ = writeln!(out, "{pad}with(joseki, {}) {}", weight(node.count, parent), name(point));
    write_replies(out, replies, pad);
    let mut current = node;
    loop {
        let kept = current.kept(min);
        let replies = current.kept_replies(min);
        match kept.as_slice() {
            [] => break,
            [(p, child)] => {
                let _ = writeln!(
                    out,
                    "{pad}next(joseki, {}) {}",
                    weight(child.count, current.count),
                    name(*p)
                );
                write_replies(out, &replies, pad);
                current = child;
            }
            several => {
                let _ = writeln!(out, "{pad}branch\n{pad}  candidate");
                let inner = format!("{pad}    ");
                for (i, (p, child)) in several.iter().enumerate() {
                    let r: &[(FramePoint, u32)] = if i == 0 { &replies } else { &[] };
                    write_list(out, *p, child, current.count, r, min, &inner);
                }
                let _ = writeln!(out, "{pad}  end_candidate\n{pad}end_branch");
                break;
            }
        }
    }
}

/// The Gopal file of a prefix tree.
fn gopal(root: &Node, min: u32, games: usize) -> String {
    let mut out = format!(
        "# Corner sequences of {games} professional games (go-lab joseki-mine): each move\n\
         # played by at least {min} games at its place; weights are the percentage of the\n\
         # games at the parent move that played it; tenuki replies (the move that answered\n\
         # a tenuki at that place) kept with the same threshold, weighted by the share of\n\
         # the games at that place.\n\nprogram mined_joseki\n\n\
         pattern mined_joseki\n  place corner\n  condition emparea(a1, 9, 9)\n  candidate\n"
    );
    for (p, child) in root.kept(min) {
        out.push_str("    tarea(a1:i9)\n");
        write_list(&mut out, p, child, root.count, &[], min, "    ");
    }
    out.push_str("  end_candidate\nend_pattern\n");
    out
}

/// The moves of a game's record, by colour, up to `n`; `None` for a pass.
fn opening(record: &go_board::GameRecord, n: u32) -> Vec<(Color, Option<Point>)> {
    let mut out = Vec::new();
    let _ = games::walk(record, |_, color, mv, number| {
        if number <= n {
            out.push((color, mv.point()));
        }
    });
    out
}

/// What the coverage measurement counts.
#[derive(Debug, Default, serde::Serialize)]
struct Coverage {
    games: usize,
    corner_moves: u64,
    predicted: u64,
    best: u64,
    /// Corner moves that answered a tenuki (the same colour twice in a row there).
    replies: u64,
    /// Of those, the ones a live tree proposed.
    replies_predicted: u64,
    #[serde(skip)]
    stats: TrackerStats,
}

/// Mines the training games, writes the pattern file and measures the coverage on the
/// test games (see the [module documentation](self)).
///
/// # Errors
///
/// The games folder or the output file cannot be used, or a game of the test part
/// cannot be replayed.
pub fn run(args: &Args, out: &mut Stdout) -> Result<ExitCode, CommandError> {
    if args.min_count == 0 {
        return Err("--min-count must be at least 1".into());
    }
    let mut root = Node::default();
    let mut skipped = 0usize;
    let train = games::games_of(&args.games, Part::Train)?;
    let mut mined = 0usize;
    for g in &train {
        let Ok(record) = games::load(g) else {
            skipped += 1;
            continue;
        };
        let moves: Vec<(Color, Point)> =
            opening(&record, args.moves).into_iter().filter_map(|(c, p)| Some((c, p?))).collect();
        for (seq, reply) in sequences(&moves, args.depth) {
            root.insert(&seq, reply);
        }
        mined += 1;
    }
    let text = gopal(&root, args.min_count, mined);
    let set = PatternSet::compile(&text)
        .map_err(|e| format!("the mined file does not compile (a bug):\n{e}"))?;
    std::fs::write(&args.out, &text).map_err(|e| format!("{}: {e}", args.out.display()))?;
    let set = Arc::new(set);
    let mut cov = Coverage::default();
    for g in &games::games_of(&args.games, Part::Test)? {
        let Ok(record) = games::load(g) else {
            skipped += 1;
            continue;
        };
        cov.games += 1;
        let mut tracker: Option<JosekiTracker> = None;
        let mut candidates = Vec::new();
        // The colour of the last move in each corner region.
        let mut last: [Option<Color>; 4] = [None; 4];
        games::walk(&record, |position, color, mv, number| {
            if number > args.moves {
                return;
            }
            let tracker = match &mut tracker {
                Some(t) => {
                    t.update(position);
                    t
                }
                None => tracker.insert(JosekiTracker::new(Arc::clone(&set), position)),
            };
            let Move::Play(p) = mv else { return };
            let Some((corner, _)) = corner_of(p) else { return };
            cov.corner_moves += 1;
            let reply = last[corner] == Some(color);
            last[corner] = Some(color);
            candidates.clear();
            tracker.generate(position, &mut candidates);
            let here: Vec<_> = candidates
                .iter()
                .filter(|c| c.mv.point().and_then(corner_of).is_some_and(|(k, _)| k == corner))
                .collect();
            if here.iter().any(|c| c.mv == mv) {
                cov.predicted += 1;
                cov.replies_predicted += u64::from(reply);
            }
            cov.replies += u64::from(reply);
            let top = here.iter().map(|c| c.weight).fold(f64::NEG_INFINITY, f64::max);
            if here.iter().any(|c| c.mv == mv && c.weight == top) {
                cov.best += 1;
            }
        })?;
        if let Some(t) = &tracker {
            let s = t.stats();
            cov.stats.created += s.created;
            cov.stats.reseeded += s.reseeded;
            cov.stats.advanced += s.advanced;
            cov.stats.tenukis += s.tenukis;
            cov.stats.dropped += s.dropped;
            cov.stats.finished += s.finished;
        }
    }
    let nodes = root.size(args.min_count);
    let (replies_written, replies_lost) = root.reply_counts(args.min_count);
    let share =
        |k: u64| if cov.corner_moves == 0 { 0.0 } else { k as f64 / cov.corner_moves as f64 };
    if args.json {
        let s = cov.stats;
        let value = serde_json::json!({
            "train_games": mined,
            "test_games": cov.games,
            "skipped": skipped,
            "min_count": args.min_count,
            "moves": args.moves,
            "depth": args.depth,
            "nodes": nodes,
            "tenuki_replies": replies_written,
            "tenuki_replies_not_written": replies_lost,
            "reply_moves": cov.replies,
            "replies_predicted": if cov.replies == 0 { 0.0 } else { cov.replies_predicted as f64 / cov.replies as f64 },
            "corner_moves": cov.corner_moves,
            "predicted": share(cov.predicted),
            "best": share(cov.best),
            "trees": {"created": s.created, "reseeded": s.reseeded, "advanced": s.advanced,
                      "tenukis": s.tenukis, "dropped": s.dropped, "finished": s.finished},
        });
        writeln!(out, "{value}")?;
    } else {
        let s = cov.stats;
        writeln!(
            out,
            "mined {mined} training games ({skipped} records skipped): {nodes} moves kept \
             (--min-count {}, first {} moves, depth {}), written to {}",
            args.min_count,
            args.moves,
            args.depth,
            args.out.display()
        )?;
        writeln!(
            out,
            "held-out: {} games, {} corner moves in the first {} moves: {:.1} % proposed by a \
             live tree, {:.1} % its best proposal",
            cov.games,
            cov.corner_moves,
            args.moves,
            100.0 * share(cov.predicted),
            100.0 * share(cov.best)
        )?;
        writeln!(
            out,
            "tenuki replies: {replies_written} written ({replies_lost} kept at a place with no kept \
             move, not written); held-out: {} corner moves answered a tenuki, {:.1} % proposed",
            cov.replies,
            if cov.replies == 0 {
                0.0
            } else {
                100.0 * cov.replies_predicted as f64 / cov.replies as f64
            }
        )?;
        writeln!(
            out,
            "trees: {} created, {} re-seeded, {} moves advanced, {} tenukis waited, {} dropped, {} finished",
            s.created, s.reseeded, s.advanced, s.tenukis, s.dropped, s.finished
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use go_board::BoardSize;

    fn pt(v: &str) -> Point {
        Point::parse_gtp(v, BoardSize::square(19).unwrap()).unwrap()
    }

    #[test]
    fn issue_12_corners_and_frames() {
        assert_eq!(corner_of(pt("D4")), Some((0, (3, 3))));
        assert_eq!(corner_of(pt("Q4")), Some((1, (3, 3))));
        assert_eq!(corner_of(pt("D16")), Some((2, (3, 3))));
        assert_eq!(corner_of(pt("R17")), Some((3, (2, 2))));
        assert_eq!(corner_of(pt("K10")), None);
        assert_eq!(corner_of(pt("K4")), None);
        assert_eq!(corner_of(pt("J9")), Some((0, (8, 8))));
        assert_eq!(corner_of(pt("L9")), Some((1, (8, 8))));
    }

    #[test]
    fn issue_12_sequences_stop_at_tenuki_and_merge_reflections() {
        let b = Color::Black;
        let w = Color::White;
        // Lower left: D4, C6 (W), D9 (B) then Black again at C3: a tenuki by White.
        // Upper right: the mirror image of D4-C6 (Q16, R14 ~ reflected).
        let moves = [
            (b, pt("D4")),
            (w, pt("C6")),
            (b, pt("D9")),
            (w, pt("Q16")),
            (b, pt("O17")),
            (b, pt("C3")),
            (w, pt("F3")),
        ];
        let mut seqs = sequences(&moves, 12);
        seqs.sort();
        // O17 from the upper right corner point (T19): (5, 2) -> reflected to (2, 5),
        // the same shape as C6 from A1.
        // Black's C3 after White's tenuki is the lower left's tenuki reply.
        assert_eq!(
            seqs,
            vec![(vec![(3, 3), (2, 5)], None), (vec![(3, 3), (2, 5), (3, 8)], Some((2, 2)))]
        );
        let mut root = Node::default();
        for (s, r) in &seqs {
            root.insert(s, *r);
        }
        // The reply follows d9, which has no kept move: not written.
        assert_eq!(root.reply_counts(1), (0, 1));
        let text = gopal(&root, 1, 2);
        let set = PatternSet::compile(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(set.len(), 1);
        assert!(
            text.contains(
                "with(joseki, 100) d4\n    next(joseki, 100) c6\n    next(joseki, 50) d9"
            ),
            "{text}"
        );
        // Kept only with two games: d4, c6.
        assert_eq!(root.size(2), 2);
    }

    #[test]
    fn issue_12_branches_are_written_and_compile() {
        let mut root = Node::default();
        for s in [vec![(3, 3), (2, 5), (3, 8)], vec![(3, 3), (2, 5), (4, 5)], vec![(3, 3), (5, 2)]]
        {
            root.insert(&s, None);
        }
        let text = gopal(&root, 1, 3);
        assert!(text.contains("branch"), "{text}");
        let set = PatternSet::compile(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        // The tree followed on a board: after D4, C6 both continuations are offered.
        let mut position =
            go_board::Position::new(BoardSize::square(19).unwrap(), go_board::Rules::chinese());
        let set = Arc::new(set);
        let mut tracker = JosekiTracker::new(Arc::clone(&set), &position);
        for v in ["D4", "C6"] {
            position.try_play(Move::Play(pt(v))).unwrap();
            tracker.update(&position);
        }
        let mut out = Vec::new();
        tracker.generate(&position, &mut out);
        let moves: Vec<String> = out.iter().map(|c| c.mv.to_string()).collect();
        assert!(moves.contains(&"D9".to_owned()) && moves.contains(&"E6".to_owned()), "{moves:?}");
    }

    #[test]
    fn issue_12_tenuki_replies_are_mined_and_followed() {
        // Two games reach D4, C6: one goes on with Black's D9, in the other Black plays
        // elsewhere and White answers at F3.
        let b = Color::Black;
        let w = Color::White;
        let games = [
            vec![(b, pt("D4")), (w, pt("C6")), (b, pt("D9"))],
            vec![(b, pt("D4")), (w, pt("C6")), (b, pt("K10")), (w, pt("F3"))],
        ];
        let mut root = Node::default();
        for g in &games {
            for (s, r) in sequences(g, 12) {
                root.insert(&s, r);
            }
        }
        assert_eq!(root.reply_counts(1), (1, 0));
        assert_eq!(root.reply_counts(2), (0, 0));
        let text = gopal(&root, 1, 2);
        assert!(text.contains("next(joseki, 50) d9\n      tenuki(joseki, 50) f3"), "{text}");
        let set = Arc::new(PatternSet::compile(&text).unwrap_or_else(|e| panic!("{e}\n{text}")));
        let mut position =
            go_board::Position::new(BoardSize::square(19).unwrap(), go_board::Rules::chinese());
        let mut tracker = JosekiTracker::new(Arc::clone(&set), &position);
        for v in ["D4", "C6", "K10"] {
            position.try_play(Move::Play(pt(v))).unwrap();
            tracker.update(&position);
        }
        let mut out = Vec::new();
        tracker.generate(&position, &mut out);
        assert!(out.iter().any(|c| c.mv == Move::Play(pt("F3")) && c.weight == 50.0), "{out:?}");
        // Played: the tree is done (its reply was played).
        let finished = tracker.stats().finished;
        position.try_play(Move::Play(pt("F3"))).unwrap();
        tracker.update(&position);
        assert_eq!(tracker.stats().finished, finished + 1);
    }
}
