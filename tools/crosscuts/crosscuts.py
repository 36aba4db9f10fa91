#!/usr/bin/env python3
"""The connection reader against GNU Go on seeded random crosscuts and break-ins.

Each position is a crosscut on an empty board (two white stones, diagonal, and the two
black stones that cut them) with 4 to 12 random stones around it. Both engines are asked
`disconnect A B` (Black, to move, cuts the white stones A and B). The script prints how
often the answers (success codes) agree, the table of disagreements, and, for the
positions where GNU Go cuts and the engine says the stones stay connected, what the
engine answers `connect A B` after GNU Go's cutting move: `0` there means the engine's
own reader agrees that the move cuts (the root of its search missed it: a shortcut or a
missing candidate), `1` that the two readers disagree about the line.

  python3 tools/crosscuts/crosscuts.py --engine "target/release/go-engine gtp" \
      --seed 1 --count 300
  python3 tools/crosscuts/crosscuts.py --engine ... --json > answers.json

With `--question break_in` the positions are instead 14-30 random stones on the board, a
random white chain and a 3x3 block without white stones as the area, and both engines
are asked `break_in`; the script prints how often the success codes agree.

GNU Go (`--oracle`, default `/usr/games/gnugo --mode gtp`) is an oracle to compare
with, not the truth: read the disagreements before calling either side wrong.
"""
import argparse
import json
import random
import shlex
import subprocess
import sys
from collections import Counter

COLS = "ABCDEFGHJKLMNOPQRST"


class Gtp:
    """A GTP engine in a subprocess."""

    def __init__(self, cmd):
        self.proc = subprocess.Popen(
            shlex.split(cmd), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def send(self, line):
        """Sends one command; returns (ok, answer)."""
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            out = self.proc.stdout.readline()
            if out == "":
                raise RuntimeError(f"the engine died on {line!r}")
            out = out.rstrip("\r\n")
            if out == "":
                if lines:
                    break
                continue
            lines.append(out)
        head = lines[0]
        return head.startswith("="), head[1:].strip()

    def setup(self, size, stones):
        self.send(f"boardsize {size}")
        self.send("clear_board")
        for color, vertex in stones:
            self.send(f"play {color} {vertex}")

    def close(self):
        try:
            self.send("quit")
        except RuntimeError:
            pass
        self.proc.wait(timeout=5)


def vertex(x, y):
    return f"{COLS[x]}{y + 1}"


def position(rnd, size):
    """A crosscut and random stones near it: (stones, a, b)."""
    x = rnd.randint(1, size - 3)
    y = rnd.randint(1, size - 3)
    a, b = vertex(x, y + 1), vertex(x + 1, y)
    stones = [("white", a), ("white", b), ("black", vertex(x, y)),
              ("black", vertex(x + 1, y + 1))]
    taken = {v for _, v in stones}
    for _ in range(rnd.randint(4, 12)):
        px = min(size - 1, max(0, x + rnd.randint(-3, 4)))
        py = min(size - 1, max(0, y + rnd.randint(-3, 4)))
        v = vertex(px, py)
        if v not in taken:
            taken.add(v)
            stones.append((rnd.choice(["white", "black"]), v))
    return stones, a, b


def break_in_position(rnd, size):
    """Random stones, a white chain and a 3x3 area free of white stones, or None."""
    stones, taken = [], set()
    for _ in range(rnd.randint(14, 30)):
        v = vertex(rnd.randrange(size), rnd.randrange(size))
        if v not in taken:
            taken.add(v)
            stones.append((rnd.choice(["white", "black"]), v))
    whites = [v for color, v in stones if color == "white"]
    if not whites:
        return None
    a = rnd.choice(whites)
    bx, by = rnd.randrange(size - 2), rnd.randrange(size - 2)
    area = [vertex(bx + i, by + j) for i in range(3) for j in range(3)]
    if any(v in area for v in whites):
        return None
    return stones, a, area


def code(answer):
    return answer.split()[0] if answer else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", required=True)
    ap.add_argument("--oracle", default="/usr/games/gnugo --mode gtp")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--size", type=int, default=9, choices=range(5, 20))
    ap.add_argument("--question", choices=["disconnect", "break_in"], default="disconnect")
    ap.add_argument("--json", action="store_true", help="print every answer as JSON")
    args = ap.parse_args()
    rnd = random.Random(args.seed)
    engine, oracle = Gtp(args.engine), Gtp(args.oracle)
    if args.question == "break_in":
        break_ins(args, rnd, engine, oracle)
        return
    rows = []
    for _ in range(args.count):
        stones, a, b = position(rnd, args.size)
        row = {"stones": stones, "a": a, "b": b}
        for name, e in (("engine", engine), ("oracle", oracle)):
            e.setup(args.size, stones)
            ok, answer = e.send(f"disconnect {a} {b}")
            row[name] = answer if ok else None
        # A random stone may have captured one of the crosscut's stones.
        if row["engine"] is None or row["oracle"] is None:
            continue
        words = row["oracle"].split()
        if code(row["engine"]) == "0" and words[0] != "0" and len(words) > 1:
            cut = words[1]
            engine.setup(args.size, stones)
            engine.send(f"play black {cut}")
            ok, answer = engine.send(f"connect {a} {b}")
            row["engine_after_oracle"] = answer if ok else None
        rows.append(row)
    engine.close()
    oracle.close()
    if args.json:
        json.dump(rows, sys.stdout)
        return
    agree = sum(code(r["engine"]) == code(r["oracle"]) for r in rows)
    pairs = Counter((code(r["engine"]), code(r["oracle"])) for r in rows)
    after = Counter(code(r["engine_after_oracle"]) for r in rows if "engine_after_oracle" in r)
    print(f"{len(rows)} positions (seed {args.seed}, {args.size}x{args.size}): "
          f"the success codes agree in {agree}")
    print("(engine, oracle):", dict(sorted(pairs.items(), key=lambda kv: -kv[1])))
    print("where the oracle cuts and the engine does not, the engine's connect after the "
          "oracle's move:", dict(after))


def break_ins(args, rnd, engine, oracle):
    """The `--question break_in` run."""
    rows = []
    for _ in range(args.count):
        drawn = break_in_position(rnd, args.size)
        if drawn is None:
            continue
        stones, a, area = drawn
        row = {"stones": stones, "a": a, "area": area}
        for name, e in (("engine", engine), ("oracle", oracle)):
            e.setup(args.size, stones)
            ok, answer = e.send(f"break_in {a} {' '.join(area)}")
            row[name] = answer if ok else None
        # A random stone may have captured the chain.
        if row["engine"] is not None and row["oracle"] is not None:
            rows.append(row)
    engine.close()
    oracle.close()
    if args.json:
        json.dump(rows, sys.stdout)
        return
    agree = sum(code(r["engine"]) == code(r["oracle"]) for r in rows)
    pairs = Counter((code(r["engine"]), code(r["oracle"])) for r in rows)
    print(f"{len(rows)} break-ins (seed {args.seed}, {args.size}x{args.size}): "
          f"the success codes agree in {agree}")
    print("(engine, oracle):", dict(sorted(pairs.items(), key=lambda kv: -kv[1])))


if __name__ == "__main__":
    main()
