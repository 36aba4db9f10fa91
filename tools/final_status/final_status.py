#!/usr/bin/env python3
"""Dead stones at the end of a game, against GNU Go.

    final_status.py selfplay --seed S --games N --out FILE [--size 9] [--gnugo CMD]
    final_status.py compare --engine NAME=CMD [--engine NAME=CMD ...] [--json OUT] FILE...

`selfplay` lets GNU Go play both sides from a few seeded random opening moves until two
passes and writes one JSON line per game (`{"game", "size", "moves": [[colour, vertex],
...]}`). `compare` replays every distinct game that ended with two passes in each engine
and in GNU Go, asks `final_status_list dead` and `final_score`, and prints per engine the
positions whose dead stones, score and winner equal GNU Go's, and the positions where
the engine calls a stone dead that GNU Go does not; `--json OUT` also writes every
position with each engine's answers (`{"size", "moves", "answers": {NAME: [dead,
score]}}`, GNU Go's under "reference"), one JSON line each. FILE is such a JSON-lines file (the
moves under "moves" or "movelist") or a `twogtp.py --json` result with move lists.
Python 3 standard library only; GNU Go 3.8 at /usr/games/gnugo by default.
"""
import argparse
import json
import os
import random
import subprocess
import sys

GNUGO = "/usr/games/gnugo --mode gtp --chinese-rules"
COLUMNS = "ABCDEFGHJKLMNOPQRST"


sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "reliability"))
from reliability import Gtp as Process  # noqa: E402  (the project's GTP client, with deadlines)

TIMEOUT = 300.0


class Gtp:
    """The reliability tool's GTP client with this tool's deadline per command."""

    def __init__(self, command):
        self.process = Process(command, command, subprocess.DEVNULL)

    def send(self, line):
        """Sends one command; returns (success, answer); raises on a timeout or a death."""
        ok, text, _ = self.process.send(line, TIMEOUT)
        return ok, text

    def close(self):
        self.process.close()


def selfplay(args):
    rng = random.Random(args.seed)
    gnugo = Gtp(args.gnugo)
    n = args.size
    with open(args.out, "w") as out:
        for g in range(args.games):
            for c in ("boardsize %d" % n, "clear_board", "komi 7.5"):
                gnugo.send(c)
            moves, colour = [], "b"
            for _ in range(args.opening):
                while True:
                    v = "%s%d" % (COLUMNS[rng.randint(1, n - 2)], rng.randint(2, n - 1))
                    if gnugo.send("play %s %s" % (colour, v))[0]:
                        break
                moves.append([colour, v])
                colour = "w" if colour == "b" else "b"
            passes = 0
            while passes < 2 and len(moves) < args.maxmoves:
                ok, m = gnugo.send("genmove %s" % colour)
                if not ok or m.lower() == "resign":
                    break
                moves.append([colour, m])
                passes = passes + 1 if m.lower() == "pass" else 0
                colour = "w" if colour == "b" else "b"
            out.write(json.dumps({"game": g, "size": n, "moves": moves}) + "\n")
            out.flush()
    gnugo.close()


def games(path):
    """The games of a file: (size, moves) pairs. A JSON object with "results" is a
    `twogtp.py --json` result; anything else is read as JSON lines."""
    with open(path) as f:
        text = f.read()
    try:
        whole = json.loads(text)
    except json.JSONDecodeError:
        whole = None
    if isinstance(whole, dict) and "results" in whole:
        return [(9, r["movelist"]) for r in whole["results"] if "movelist" in r]
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            r = json.loads(line)
        except json.JSONDecodeError as e:
            sys.exit("%s:%d: not a JSON object: %s" % (path, number, e))
        moves = r.get("moves", r.get("movelist")) if isinstance(r, dict) else None
        if moves is None:
            sys.exit("%s:%d: a game without \"moves\" or \"movelist\"" % (path, number))
        out.append((r.get("size", 9), moves))
    return out


def answers(engine, size, moves):
    for c in ("boardsize %d" % size, "clear_board", "komi 7.5"):
        engine.send(c)
    for colour, m in moves:
        engine.send("play %s %s" % (colour, m))
    dead = sorted(engine.send("final_status_list dead")[1].split())
    return dead, engine.send("final_score")[1]


def compare(args):
    seen, positions = set(), []
    for path in args.files:
        for size, moves in games(path):
            key = (size, tuple(map(tuple, moves)))
            ended = len(moves) >= 2 and all(m.lower() == "pass" for _, m in moves[-2:])
            if ended and key not in seen:
                seen.add(key)
                positions.append((size, moves))
    specs = [e.split("=", 1) for e in args.engine]
    for spec in specs:
        if len(spec) != 2 or not spec[0] or spec[0] == "reference":
            sys.exit("--engine %r: give NAME=COMMAND with a NAME other than \"reference\" "
                     "(GNU Go's answers)" % "=".join(spec))
    engines = [(name, Gtp(cmd)) for name, cmd in specs]
    gnugo = Gtp(args.gnugo)
    tally = {name: [0, 0, 0, 0] for name, _ in engines}
    out = open(args.json, "w") if args.json else None
    for size, moves in positions:
        ref_dead, ref_score = answers(gnugo, size, moves)
        record = {"reference": [ref_dead, ref_score]}
        for name, engine in engines:
            dead, score = answers(engine, size, moves)
            record[name] = [dead, score]
            t = tally[name]
            t[0] += dead == ref_dead
            t[1] += score == ref_score
            t[2] += score[:1] == ref_score[:1]
            t[3] += not set(dead) <= set(ref_dead)
        if out:
            out.write(json.dumps({"size": size, "moves": moves, "answers": record}) + "\n")
    if out:
        out.close()
    print("%d positions ended by two passes" % len(positions))
    for name, (dead, score, winner, extra) in tally.items():
        print("%s: dead stones as GNU Go %d, score %d, winner %d; a stone GNU Go keeps "
              "alive called dead in %d" % (name, dead, score, winner, extra))
    for _, engine in engines:
        engine.close()
    gnugo.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("selfplay")
    s.add_argument("--seed", type=int, required=True)
    s.add_argument("--games", type=int, required=True)
    s.add_argument("--out", required=True)
    s.add_argument("--size", type=int, default=9)
    s.add_argument("--opening", type=int, default=4, help="random opening moves")
    s.add_argument("--maxmoves", type=int, default=250)
    s.add_argument("--gnugo", default=GNUGO + " --level 1")
    c = sub.add_parser("compare")
    c.add_argument("--engine", action="append", required=True, help="NAME=COMMAND")
    c.add_argument("--gnugo", default=GNUGO)
    c.add_argument("--json", help="write every position with the answers here")
    c.add_argument("files", nargs="+")
    args = parser.parse_args()
    selfplay(args) if args.command == "selfplay" else compare(args)


if __name__ == "__main__":
    sys.exit(main())
