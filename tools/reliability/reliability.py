#!/usr/bin/env python3
"""Reliability run: one go-engine process plays N consecutive games against GNU Go.

Usage (from the repository root, after `cargo build --release -p go-engine`):

  python3 tools/reliability/reliability.py --games 1000 --size 9 \
      --engine "target/release/go-engine gtp --player bstar --nodes 200 --seed 1" \
      --opponent "/usr/games/gnugo --mode gtp --level 1 --chinese-rules" [--out DIR]

One engine process and one GNU Go process play every game (`clear_board` between
games), so that a leak shows in the engine's resident memory, which is sampled from
/proc after every game. Every command has a timeout. The run checks, game after game:

- no crash: the engine answers every command and never dies (its standard error is
  kept in DIR/engine.stderr);
- no illegal move: every move the engine chooses is accepted by GNU Go's `play`, and
  every GNU Go move by the engine's `play` (a refusal there is reported separately:
  GNU Go plays simple ko, the engine positional superko);
- no timeout: every command is answered within --timeout seconds, and with
  --time-settings (GTP `time_settings MAIN BYO STONES`, the controller sends
  `time_left` before every move) the engine never overruns its clock;
- no growing memory: RSS after each game, the slope over the second half of the run.

Games differ: each starts with --opening random moves (seeded by --seed and the game
number, never on the first line), and the engine's colour alternates. A game ends on
two passes, a resignation or --maxmoves; GNU Go scores it (`final_score`) and the
engine's own `final_score` is recorded next to it.

One JSON line per game goes to DIR/games.jsonl, the summary to DIR/summary.json and
standard output. Exit status: 0 when no check failed, 1 otherwise.

Python 3 standard library only (Linux: /proc for the memory).
"""
import argparse
import json
import os
import random
import select
import shlex
import subprocess
import sys
import tempfile
import time


class GtpFailure(Exception):
    """An engine died, timed out, or answered what GTP does not allow."""


class Gtp:
    """A GTP engine in a subprocess, each command with a deadline."""

    def __init__(self, cmd, name, stderr):
        self.name = name
        self.proc = subprocess.Popen(shlex.split(cmd), stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=stderr)
        self.buf = b""

    def _line(self, deadline):
        while b"\n" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0:
                raise GtpFailure(f"{self.name}: timeout")
            ready, _, _ = select.select([self.proc.stdout], [], [], left)
            if not ready:
                continue
            chunk = os.read(self.proc.stdout.fileno(), 65536)
            if not chunk:
                code = self.proc.poll()
                raise GtpFailure(f"{self.name}: died (exit status {code})")
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode("utf-8", "replace").rstrip("\r")

    def send(self, command, timeout):
        """Send one command; (ok, answer text, seconds)."""
        t0 = time.monotonic()
        try:
            self.proc.stdin.write((command + "\n").encode())
            self.proc.stdin.flush()
        except OSError as e:
            raise GtpFailure(f"{self.name}: cannot write {command!r}: {e}") from e
        deadline = t0 + timeout
        lines = []
        while True:
            line = self._line(deadline)
            if line == "":
                if lines:
                    break
                continue
            lines.append(line)
        head = lines[0]
        if head[:1] not in ("=", "?"):
            raise GtpFailure(f"{self.name}: answer to {command!r} starts with {head!r}")
        ok = head[0] == "="
        body = head[1:].lstrip("0123456789").strip()
        text = "\n".join([body] + lines[1:]).strip()
        return ok, text, time.monotonic() - t0

    def close(self):
        try:
            self.proc.stdin.write(b"quit\n")
            self.proc.stdin.flush()
            self.proc.wait(timeout=10)
        except Exception:
            self.proc.kill()
            self.proc.wait()


def rss_kb(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def vertex(col, row):
    return f"{COLUMNS[col]}{row + 1}"


def slope(points):
    """Least-squares slope of (x, y) points."""
    n = len(points)
    if n < 2:
        return 0.0
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    sxx = sum((x - mx) ** 2 for x, _ in points)
    sxy = sum((x - mx) * (y - my) for x, y in points)
    return sxy / sxx if sxx else 0.0


class Clock:
    """The engine's clock under GTP `time_settings MAIN BYO STONES` (Canadian, or
    absolute when BYO is 0)."""

    def __init__(self, main, byo, stones):
        self.main, self.byo, self.stones = main, byo, stones
        self.left, self.period_stones, self.in_byo = float(main), 0, main == 0
        if self.in_byo:
            self.left, self.period_stones = float(byo), stones

    def gtp(self, colour):
        stones = self.period_stones if self.in_byo else 0
        return f"time_left {colour} {max(0, int(self.left))} {stones}"

    def spend(self, seconds):
        """Charge one move; False when the engine lost on time."""
        self.left -= seconds
        if not self.in_byo:
            if self.left >= 0:
                return True
            if self.byo == 0:
                return False
            over = -self.left
            self.in_byo, self.left, self.period_stones = True, float(self.byo) - over, self.stones
            if self.left < 0:
                return False
            self.period_stones -= 1
        else:
            if self.left < 0:
                return False
            self.period_stones -= 1
        if self.in_byo and self.period_stones <= 0:
            self.left, self.period_stones = float(self.byo), self.stones
        return True


def play_game(g, engine, opp, args, rng):
    """Plays game g; returns its record (failures listed in record['failures'])."""
    size, timeout = args.size, args.timeout
    eng_colour = "b" if g % 2 == 0 else "w"
    record = dict(game=g, engine=eng_colour, failures=[], notes=[])
    for e in (engine, opp):
        for cmd in (f"boardsize {size}", "clear_board", f"komi {args.komi}"):
            ok, text, _ = e.send(cmd, timeout)
            if not ok:
                record["failures"].append(f"{e.name}: {cmd} -> ? {text}")
                return record
        if args.time_settings:
            ok, text, _ = e.send(f"time_settings {args.time_settings}", timeout)
            if not ok:
                record["failures"].append(f"{e.name}: time_settings -> ? {text}")
                return record
    clock = Clock(*map(int, args.time_settings.split())) if args.time_settings else None
    moves, passes, colour = [], 0, "b"
    # Kept in the record as the game goes, so that a failed game has them too.
    engine_times = record["engine_seconds"] = []
    result = None
    # The opening: random legal moves off the first line, played into both.
    for _ in range(args.opening):
        ok, legal, _ = opp.send(f"all_legal {colour}", timeout)
        inner = [v for v in legal.split() if v[0] not in (COLUMNS[0], COLUMNS[size - 1])
                 and v[1:] not in ("1", str(size))]
        if not ok or not inner:
            break
        mv = rng.choice(inner)
        for e in (engine, opp):
            ok, text, _ = e.send(f"play {colour} {mv}", timeout)
            if not ok:
                record["failures"].append(f"{e.name}: opening play {colour} {mv} -> ? {text}")
                return record
        moves.append(mv)
        colour = "w" if colour == "b" else "b"
    while len(moves) < args.maxmoves:
        mover, other = (engine, opp) if colour == eng_colour else (opp, engine)
        if mover is engine and clock:
            ok, text, _ = engine.send(clock.gtp(colour), timeout)
            if not ok:
                record["failures"].append(f"engine: {clock.gtp(colour)} -> ? {text}")
                return record
        ok, mv, seconds = mover.send(f"genmove {colour}", timeout)
        if not ok:
            record["failures"].append(f"{mover.name}: genmove {colour} -> ? {mv}")
            return record
        mv = mv.strip().lower()
        if mover is engine:
            engine_times.append(seconds)
            if clock and not clock.spend(seconds):
                record["failures"].append(f"engine lost on time at move {len(moves) + 1}")
                return record
        if mv == "resign":
            result = ("w" if colour == "b" else "b") + "+resign"
            break
        ok, text, _ = other.send(f"play {colour} {mv}", timeout)
        if not ok:
            if mover is engine:
                record["failures"].append(f"illegal engine move {colour} {mv}: gnugo says {text}")
            else:
                # GNU Go plays simple ko; the engine's positional superko may refuse.
                record["notes"].append(f"engine refused GNU Go's {colour} {mv}: {text}")
                result = "refused"
            break
        moves.append(mv)
        passes = passes + 1 if mv == "pass" else 0
        if passes >= 2:
            break
        colour = "w" if colour == "b" else "b"
    record["moves"] = len(moves)
    record["sequence"] = " ".join(moves)
    if result is None:
        _, score, _ = opp.send("final_score", timeout)
        ok, own, _ = engine.send("final_score", timeout)
        if not ok:
            record["failures"].append(f"engine: final_score -> ? {own}")
        ok, dead, _ = engine.send("final_status_list dead", timeout)
        if not ok:
            record["failures"].append(f"engine: final_status_list dead -> ? {dead}")
        result = score
        record["engine_score"] = own
        if len(moves) >= args.maxmoves:
            record["notes"].append("maxmoves reached")
    record["result"] = result
    winner = (result or "?")[0].lower()
    record["engine_won"] = winner == eng_colour
    return record


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", required=True)
    ap.add_argument("--opponent", default="/usr/games/gnugo --mode gtp --level 1 --chinese-rules")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--komi", type=float, default=7.5)
    ap.add_argument("--maxmoves", type=int, default=0, help="default: 3 x points")
    ap.add_argument("--opening", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds per command")
    ap.add_argument("--time-settings", default="", help="MAIN BYO STONES for the engine")
    ap.add_argument("--until", type=float, default=0.0,
                    help="stop starting games after this Unix time (0: never)")
    ap.add_argument("--out", default=None, help="folder for the records (default: a fresh one)")
    args = ap.parse_args()
    if args.maxmoves <= 0:
        args.maxmoves = 3 * args.size * args.size
    out = args.out or tempfile.mkdtemp(prefix="reliability-")
    os.makedirs(out, exist_ok=True)
    stderr = open(os.path.join(out, "engine.stderr"), "wb")
    engine = Gtp(args.engine, "engine", stderr)
    opp = Gtp(args.opponent, "gnugo", subprocess.DEVNULL)
    games_file = open(os.path.join(out, "games.jsonl"), "w")
    rss = [(0, rss_kb(engine.proc.pid))]
    failures, refused, wins, played, long_games = [], 0, 0, 0, 0
    sequences = set()
    seconds_max, seconds_sum, engine_moves = 0.0, 0.0, 0
    start = time.time()
    for g in range(args.games):
        if args.until and time.time() >= args.until:
            break
        rng = random.Random(args.seed * 1_000_003 + g)
        try:
            record = play_game(g, engine, opp, args, rng)
        except GtpFailure as e:
            record = dict(game=g, failures=[str(e)], notes=[])
        record["rss_kb"] = rss_kb(engine.proc.pid)
        games_file.write(json.dumps(record) + "\n")
        games_file.flush()
        played += 1
        rss.append((g + 1, record["rss_kb"]))
        wins += bool(record.get("engine_won"))
        refused += any(n.startswith("engine refused") for n in record["notes"])
        long_games += any(n == "maxmoves reached" for n in record["notes"])
        sequences.add(record.get("sequence"))
        times = record.get("engine_seconds", [])
        seconds_max = max([seconds_max] + times)
        seconds_sum += sum(times)
        engine_moves += len(times)
        if record["failures"]:
            failures.append(dict(game=g, failures=record["failures"]))
            print(f"game {g}: FAILED {record['failures']}", flush=True)
            if engine.proc.poll() is not None or any("timeout" in f for f in record["failures"]):
                break
        if g % 10 == 0 or record["failures"]:
            print(f"game {g}: {record.get('result')} ({record.get('moves')} moves), "
                  f"engine RSS {record['rss_kb']} kB, {time.time() - start:.0f} s", flush=True)
    engine.close()
    opp.close()
    samples = [(g, kb) for g, kb in rss if kb is not None]
    second_half = [p for p in samples if p[0] >= max(1, played // 2)]
    summary = dict(
        games=played, failures=len(failures), failed_games=failures[:20],
        engine_exit_status=engine.proc.returncode, engine_wins=wins,
        refused_opponent_moves=refused, maxmoves_games=long_games,
        distinct_games=len(sequences),
        engine_seconds_per_move=seconds_sum / max(1, engine_moves),
        engine_seconds_max=seconds_max,
        rss_kb_first=samples[1][1] if len(samples) > 1 else None,
        rss_kb_max=max((kb for _, kb in samples), default=None),
        rss_kb_last=samples[-1][1] if samples else None,
        rss_kb_per_game_second_half=slope(second_half),
        seconds=time.time() - start, out=out, engine=args.engine, opponent=args.opponent,
        size=args.size, time_settings=args.time_settings,
    )
    with open(os.path.join(out, "summary.json"), "w") as f:
        json.dump(summary, f, indent=1)
    print(json.dumps(summary, indent=1))
    return 0 if not failures and engine.proc.returncode == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
