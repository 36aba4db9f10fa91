//! Life and death (issue 11): go-eval's exact solver on the problems of our own making
//! in `go-engine/tests/problems/` (open corner problems on 19×19, framed as
//! `go-engine solve` frames them). One bench per problem, `reading/lnd/NAME`: the
//! answer and one correct first move (as `go-lab tsumego` asks for them; the goal is
//! the file's), each checked against the known answer.

use criterion::{Criterion, criterion_group, criterion_main};
use go_board::sgf::GameRecord;
use go_board::{Board, Color, Move, Point};
use go_eval::reading::lnd::{Config, Goal, LifeAndDeath, MARGIN};
use go_eval::reading::{Budget, Outcome};
use std::hint::black_box;

/// (name, SGF, frame margin, goal as the file's comment states it (`None`: found by
/// the solver), expected outcome for the side to play, expected first move).
type Case = (&'static str, &'static str, u8, Option<Goal>, Outcome, Option<&'static str>);

const PROBLEMS: [Case; 6] = [
    (
        "straight-three-kill",
        include_str!("../../go-engine/tests/problems/straight-three-kill.sgf"),
        MARGIN,
        Some(Goal::Kill),
        Outcome::Win,
        Some("B19"),
    ),
    (
        "straight-three-live",
        include_str!("../../go-engine/tests/problems/straight-three-live.sgf"),
        MARGIN,
        Some(Goal::Live),
        Outcome::Win,
        Some("B19"),
    ),
    (
        "two-point-eye",
        include_str!("../../go-engine/tests/problems/two-point-eye.sgf"),
        MARGIN,
        Some(Goal::Live),
        Outcome::Lose,
        None,
    ),
    (
        "no-goal-given",
        include_str!("../../go-engine/tests/problems/no-goal-given.sgf"),
        MARGIN,
        None,
        Outcome::Win,
        Some("B19"),
    ),
    (
        "ko",
        include_str!("../../go-engine/tests/problems/ko.sgf"),
        0,
        Some(Goal::Kill),
        Outcome::KoWin,
        None,
    ),
    (
        "seki",
        include_str!("../../go-engine/tests/problems/seki.sgf"),
        0,
        Some(Goal::Live),
        Outcome::Win,
        None,
    ),
];

fn setup(sgf: &str) -> (Board, Color) {
    let record = GameRecord::from_sgf(sgf).expect("the problem parses");
    let position = record.position_after(0).expect("the set-up is legal");
    (position.board().clone(), position.to_move())
}

fn benches(c: &mut Criterion) {
    let budget = Budget::new(2_000_000, 200);
    for (name, sgf, margin, goal, outcome, first) in PROBLEMS {
        let solver = LifeAndDeath::new(Config { frame_margin: margin, ..Config::default() });
        let (board, to_play) = setup(sgf);
        let first = first.map(|v| Move::Play(Point::parse_gtp(v, board.size()).expect("a vertex")));
        c.bench_function(&format!("reading/lnd/{name}"), |b| {
            b.iter(|| {
                let answer = solver
                    .solve_open(black_box(&board), to_play, goal, budget, false)
                    .expect("the problem can be framed");
                let a = answer.moves.solution.answer;
                assert!(a.certain, "{name}: not proven");
                assert_eq!(a.outcome, outcome, "{name}");
                if first.is_some() {
                    assert_eq!(a.point, first, "{name}");
                }
                answer.nodes
            })
        });
    }
}

criterion_group! {
    name = lnd;
    config = Criterion::default().sample_size(20);
    targets = benches
}
criterion_main!(lnd);
