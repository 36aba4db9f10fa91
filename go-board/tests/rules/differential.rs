//! Differential test: `Position` (and the `Board` inside it) against the naive
//! reference, over seeded random games on every size from 2×2 to 19×19 plus
//! rectangles, under every combination of ko rule and suicide rule.
//!
//! After every action the whole observable state is compared (stones, captures, ko
//! point, side to move, passes, hash, empty points, every chain with its liberties,
//! `Board::check_consistency`). Legality is compared with the exact `IllegalMove`
//! reason, for both colours and the pass: on boards of up to 49 points for every point
//! after every move (and `Position::legal_moves` as a whole), on larger boards for a
//! random sample of points after every move, because the reference's superko check
//! costs O(history × board) per candidate and all points on 19×19 would take minutes.
//!
//! The games mix in, at per-game random rates: passes (and `resume` after the game
//! ends), the same colour playing twice (`try_play_as`), attempts at illegal moves
//! (which must be refused and change nothing), `undo`, and setup changes (which lift
//! the ko ban and restart the superko history). Each game ends by comparing the scores
//! and by undoing every move back to the last setup.

use go_board::{
    Board, BoardSize, Color, KoRule, Move, Point, PointSet, Position, Rules, Scoring, Setup,
};

use crate::reference::Game;
use crate::support::{
    Legality, Rng, compare, compare_board, expected, reference_for, reference_score, size,
};

/// Every combination of ko rule and multi-stone suicide.
const RULE_COMBINATIONS: [(KoRule, bool); 6] = [
    (KoRule::Simple, false),
    (KoRule::Simple, true),
    (KoRule::PositionalSuperko, false),
    (KoRule::PositionalSuperko, true),
    (KoRule::SituationalSuperko, false),
    (KoRule::SituationalSuperko, true),
];

/// Boards and the number of games on each, per rule combination. Small boards get most
/// games: that is where ko, superko and suicide happen all the time.
const PLAN: &[((u32, u32), usize)] = &[
    ((2, 2), 300),
    ((3, 3), 300),
    ((4, 4), 240),
    ((5, 5), 160),
    ((6, 6), 80),
    ((7, 7), 60),
    ((8, 8), 16),
    ((9, 9), 24),
    ((10, 10), 6),
    ((11, 11), 6),
    ((12, 12), 3),
    ((13, 13), 6),
    ((14, 14), 2),
    ((15, 15), 2),
    ((16, 16), 2),
    ((17, 17), 2),
    ((18, 18), 2),
    ((19, 19), 6),
    ((1, 1), 10),
    ((1, 6), 20),
    ((2, 3), 120),
    ((3, 2), 60),
    ((2, 5), 60),
    ((3, 4), 100),
    ((4, 3), 60),
    ((3, 5), 60),
    ((4, 6), 40),
    ((5, 7), 20),
    ((9, 5), 8),
    ((7, 13), 3),
    ((19, 6), 2),
];

/// Boards up to this many points compare every point after every move.
const FULL_LEGALITY_POINTS: usize = 49;

/// Points sampled per colour after every move on larger boards.
const SAMPLE: usize = 6;

#[derive(Debug, Default)]
struct Stats {
    games: usize,
    moves: usize,
    refused: [usize; 6],
    captures: usize,
    suicides: usize,
    undos: usize,
    setups: usize,
    resumes: usize,
}

/// Per-game rates, drawn from the seed, in 1/1000.
struct Style {
    pass: u64,
    twice: u64,
    illegal: u64,
    undo: u64,
    setup: u64,
}

fn play_game(seed: u64, size: BoardSize, rules: Rules, stats: &mut Stats) {
    let mut rng = Rng::new(seed);
    let style = Style {
        pass: rng.pick(&[0, 10, 30, 80]),
        twice: rng.pick(&[0, 20, 60]),
        illegal: rng.pick(&[0, 50, 150]),
        undo: rng.pick(&[0, 15, 40]),
        setup: rng.pick(&[0, 0, 5]),
    };
    let n = size.point_count();
    let legality =
        if n <= FULL_LEGALITY_POINTS { Legality::Full } else { Legality::Sample(SAMPLE) };
    let max_actions = if n <= 49 {
        3 * n + 12
    } else if n <= 169 {
        2 * n
    } else {
        3 * n / 2
    };
    let mut pos = Position::new(size, rules);
    let mut game = reference_for(size, &rules);
    let ctx = |k: usize| format!("game seed {seed:#x} on {size} under {rules:?}, action {k}");
    compare(&pos, &game, legality, &mut rng, &ctx(0));

    for k in 1..=max_actions {
        if game.is_over() {
            if rng.chance(1, 2) {
                break;
            }
            pos.resume();
            game.resume();
            stats.resumes += 1;
        } else if rng.chance(style.undo, 1000) && !game.moves.is_empty() {
            let expected_undo = *game.moves.last().unwrap();
            let undone = game.undo();
            let result = pos.undo();
            if undone {
                assert_eq!(result, Ok(expected_undo), "{}: undo", ctx(k));
                stats.undos += 1;
            } else {
                assert!(result.is_err(), "{}: undo across a setup", ctx(k));
            }
        } else if rng.chance(style.setup, 1000) {
            random_setup(&mut pos, &mut game, &mut rng, &ctx(k));
            stats.setups += 1;
        } else {
            let color = if rng.chance(style.twice, 1000) { !game.to_move } else { game.to_move };
            if rng.chance(style.illegal, 1000) {
                // Try any point: whatever the answer, it must be the reference's, and a
                // refusal must leave the position exactly as it was.
                let p = game.grid.point(rng.below(n));
                let before = pos.clone();
                let want = expected(&game, color, Move::Play(p));
                let got = pos.try_play_as(color, Move::Play(p));
                assert_eq!(got, want, "{}: try_play_as {color} {p}", ctx(k));
                match want {
                    Ok(()) => record(&mut game, color, Move::Play(p), stats),
                    Err(e) => {
                        stats.refused[e as usize % 6] += 1;
                        assert_eq!(
                            pos.board(),
                            before.board(),
                            "{}: refused move changed the board",
                            ctx(k)
                        );
                        assert_eq!(pos.history(), before.history());
                        assert_eq!(pos.to_move(), before.to_move());
                    }
                }
            } else {
                let m = if rng.chance(style.pass, 1000) {
                    Move::Pass
                } else {
                    random_legal_point(&game, color, &mut rng).map_or(Move::Pass, Move::Play)
                };
                assert_eq!(pos.try_play_as(color, m), Ok(()), "{}: {color} {m}", ctx(k));
                record(&mut game, color, m, stats);
            }
        }
        compare(&pos, &game, legality, &mut rng, &ctx(k));
    }

    compare_scores(&pos, &game, &mut rng, &ctx(max_actions + 1));

    // Undo back to the last setup, checking the states on the way (on large boards every
    // tenth state and the last).
    let mut step = 0;
    while game.undo() {
        pos.undo().unwrap_or_else(|e| panic!("{}: {e}", ctx(usize::MAX)));
        step += 1;
        if n <= FULL_LEGALITY_POINTS || step % 10 == 0 || !game.can_undo() {
            compare(&pos, &game, Legality::Sample(2), &mut rng, "undoing the game");
        }
    }
    assert!(pos.undo().is_err(), "undo past the start or a setup");
    stats.games += 1;
}

/// A uniformly random point that `color` may play by the reference rules, if any:
/// a few random empty points first (cheap on large boards), then the full list.
fn random_legal_point(game: &Game, color: Color, rng: &mut Rng) -> Option<Point> {
    let empty: Vec<usize> = (0..game.grid.len()).filter(|&i| game.grid.get(i).is_none()).collect();
    if empty.is_empty() {
        return None;
    }
    for _ in 0..8 {
        let p = game.grid.point(rng.pick(&empty));
        if game.check(color, Move::Play(p)).is_ok() {
            return Some(p);
        }
    }
    let legal: Vec<Point> = empty
        .iter()
        .map(|&i| game.grid.point(i))
        .filter(|&p| game.check(color, Move::Play(p)).is_ok())
        .collect();
    (!legal.is_empty()).then(|| rng.pick(&legal))
}

fn record(game: &mut Game, color: Color, m: Move, stats: &mut Stats) {
    let before = game.captures;
    game.play(color, m).expect("the reference accepts what it listed");
    stats.moves += 1;
    if game.captures[color.index()] > before[color.index()] {
        stats.captures += 1;
    }
    if game.captures[(!color).index()] > before[(!color).index()] {
        stats.suicides += 1;
    }
}

/// Adds, removes or recolours a few random points, sometimes leaving a chain without
/// liberties (which both must refuse).
fn random_setup(pos: &mut Position, game: &mut Game, rng: &mut Rng, context: &str) {
    let n = game.grid.len();
    let mut setup = Setup::default();
    for _ in 0..1 + rng.below(4) {
        let p = game.grid.point(rng.below(n));
        match rng.below(3) {
            0 => setup.black.insert(p),
            1 => setup.white.insert(p),
            _ => setup.empty.insert(p),
        };
    }
    let list = |s: &PointSet| s.iter().collect::<Vec<Point>>();
    let want = game.setup(&list(&setup.black), &list(&setup.white), &list(&setup.empty));
    let before = pos.clone();
    let got = pos.setup(setup.clone());
    assert_eq!(
        got.is_ok(),
        want.is_ok(),
        "{context}: setup {setup:?} gave {got:?}\n{:?}",
        before.board()
    );
    if got.is_err() {
        assert_eq!(pos.board(), before.board(), "{context}: a refused setup changed the board");
    }
}

/// Compares the area and territory counts of the final board, with random chains
/// marked dead and (for territory) random chains named as seki.
fn compare_scores(pos: &Position, game: &Game, rng: &mut Rng, context: &str) {
    let board = pos.board();
    let chains = board.chains();
    let pick = |rng: &mut Rng| -> PointSet {
        let mut s = PointSet::EMPTY;
        for c in &chains {
            if rng.chance(1, 4) {
                s |= c.stones;
            }
        }
        s
    };
    let tt = pos.tromp_taylor_score();
    let area = crate::reference::area_count(game, &[]);
    assert_eq!([tt.points.black, tt.points.white], area.points, "{context}: Tromp-Taylor score");
    for scoring in [Scoring::Area, Scoring::Territory] {
        let dead = pick(rng);
        let seki = pick(rng) - dead;
        let rules = Rules { scoring, ..*pos.rules() };
        let mut scored = pos.clone();
        scored.set_rules(rules);
        let score = scored.score_with_seki(&dead, &seki);
        let dead_list: Vec<Point> = dead.iter().collect();
        let seki_list: Vec<Point> = seki.iter().collect();
        let want = reference_score(game, &rules, &dead_list, &seki_list);
        assert_eq!(
            [score.points.black, score.points.white],
            want.points,
            "{context}: {scoring:?} points"
        );
        assert_eq!(
            [score.prisoners.black, score.prisoners.white],
            want.prisoners,
            "{context}: prisoners"
        );
        let margin = 2 * (want.points[0] as i32 - want.points[1] as i32) - rules.komi.half_points();
        assert_eq!(score.margin_half_points(), margin, "{context}: margin");
    }
}

fn run(combination: usize) -> Stats {
    let (ko, suicide) = RULE_COMBINATIONS[combination];
    let rules = Rules { ko, suicide, ..Rules::tromp_taylor() };
    let mut stats = Stats::default();
    for (s, &((cols, rows), games)) in PLAN.iter().enumerate() {
        for g in 0..games {
            let seed = (combination as u64) << 48 | (s as u64) << 32 | g as u64;
            play_game(seed, size(cols, rows), rules, &mut stats);
        }
    }
    let verdicts = crate::support::VERDICTS.with(|v| *v.borrow());
    eprintln!(
        "differential {ko:?}, suicide {suicide}: {stats:?}; legality answers compared \
         (legal, off board, occupied, ko, suicide, superko, game over): {verdicts:?}"
    );
    // The comparison met the answers these rules can give.
    assert!(verdicts[0] > 0 && verdicts[3] > 0 && verdicts[4] > 0 && verdicts[6] > 0);
    assert_eq!(ko == KoRule::Simple, verdicts[5] == 0, "superko answers only under superko");
    assert!(stats.captures > 0 && stats.undos > 0 && stats.setups > 0 && stats.resumes > 0);
    assert!(!suicide || stats.suicides > 0, "multi-stone suicides were played");
    if ko != KoRule::Simple {
        assert!(stats.refused.iter().sum::<usize>() > 0);
    }
    stats
}

#[test]
fn differential_simple_ko_no_suicide() {
    run(0);
}

#[test]
fn differential_simple_ko_with_suicide() {
    run(1);
}

#[test]
fn differential_positional_superko_no_suicide() {
    run(2);
}

#[test]
fn differential_positional_superko_with_suicide() {
    run(3);
}

#[test]
fn differential_situational_superko_no_suicide() {
    run(4);
}

#[test]
fn differential_situational_superko_with_suicide() {
    run(5);
}

/// The fast `Board` on its own, against the reference: either colour plays any empty
/// point (single- and multi-stone suicides and ko recaptures included, since the board
/// does not judge legality), sometimes a pass; everything is compared after every move,
/// then every move is undone and compared again. Sizes 1×1 to 25×25.
#[test]
fn differential_board_with_any_move() {
    let sizes: &[((u32, u32), usize)] = &[
        ((1, 1), 5),
        ((1, 9), 30),
        ((2, 2), 300),
        ((3, 3), 300),
        ((2, 7), 100),
        ((4, 4), 200),
        ((5, 5), 120),
        ((7, 7), 40),
        ((9, 9), 16),
        ((6, 13), 8),
        ((13, 13), 4),
        ((19, 19), 2),
        ((25, 25), 1),
        ((25, 3), 4),
    ];
    let (mut games, mut moves, mut suicides) = (0, 0, 0);
    for (s, &((cols, rows), count)) in sizes.iter().enumerate() {
        for g in 0..count {
            let seed = 0xb0a2d << 32 | (s as u64) << 16 | g as u64;
            let mut rng = Rng::new(seed);
            let size = size(cols, rows);
            let mut board = Board::new(size);
            let mut game = Game::new(size, crate::reference::Ko::Simple, true);
            let mut trail = Vec::new();
            for k in 0..2 * size.point_count() + 4 {
                let empty: Vec<usize> =
                    (0..game.grid.len()).filter(|&i| game.grid.get(i).is_none()).collect();
                let color = if rng.chance(1, 5) { !game.to_move } else { game.to_move };
                let m = if empty.is_empty() || rng.chance(1, 30) {
                    Move::Pass
                } else {
                    Move::Play(game.grid.point(rng.pick(&empty)))
                };
                let undo = match m {
                    Move::Play(p) => board.play(color, p),
                    Move::Pass => board.pass(),
                };
                let before = game.captures[(!color).index()];
                game.apply(color, m);
                if game.captures[(!color).index()] > before {
                    suicides += 1;
                    assert!(undo.is_suicide());
                }
                assert_eq!(
                    undo.removed() as u32,
                    game.captures[0] + game.captures[1] - trail.last().map_or(0, |&(_, c)| c)
                );
                trail.push((undo, game.captures[0] + game.captures[1]));
                compare_board(&board, &game, &format!("board game {seed:#x} on {size}, move {k}"));
                moves += 1;
            }
            while let Some((undo, _)) = trail.pop() {
                board.undo(undo);
                assert!(game.undo());
                compare_board(&board, &game, &format!("undoing board game {seed:#x} on {size}"));
            }
            games += 1;
        }
    }
    eprintln!("differential Board: {games} games, {moves} moves, {suicides} suicides");
    assert!(suicides > 1000);
}
