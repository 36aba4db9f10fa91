#!/usr/bin/env python3
"""Random variants of a designed capturing race, with GNU Go 3.8's `dragon_status` of
both racing chains: fixture lines for `go-eval/tests/owl_races.rs`.

    ./races.py SEED N > races.gnugo      (needs /usr/games/gnugo)

The base position (9x9, lower left): White's five stones B3 C3 D3 D2 D1 and Black's
five E3 F3 G3 E2 E1 each have three liberties inside the other's wall and no eye.
Each variant adds one to three stones of random colour on the six lowest rows and,
three times in ten, removes one stone other than D3 and E3; variants GNU Go refuses
(illegal moves) or where D3 or E3 is captured are skipped.

Line format: `name|position|D3|E3`, rows top first joined by `/` (`X` black, `O`
white, `.` empty), then GNU Go's status word of the chain on D3 and on E3.
"""
import random
import subprocess
import sys

RACE = [
    ".........",
    ".........",
    ".........",
    ".........",
    ".........",
    "XXXXOOOO.",
    "XOOOXXXO.",
    "X..OX..O.",
    "XX.OX.OO.",
]
COLS = "ABCDEFGHJ"


class Gtp:
    def __init__(self, cmd):
        self.p = subprocess.Popen(cmd, shell=True, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)

    def ask(self, command):
        self.p.stdin.write(command + "\n")
        self.p.stdin.flush()
        out = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError(f"the engine stopped at {command!r}")
            if line.strip() == "" and out:
                break
            if line.strip():
                out.append(line.strip())
        reply = " ".join(out)
        return reply[1:].strip() if reply.startswith("=") else "ERR " + reply


def main():
    seed, n = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    base = {}
    for r, line in enumerate(RACE):
        for c, ch in enumerate(line):
            if ch != ".":
                base[f"{COLS[c]}{9 - r}"] = "b" if ch == "X" else "w"
    region = [f"{COLS[c]}{row}" for c in range(9) for row in range(1, 7)]
    gnugo = Gtp("/usr/games/gnugo --mode gtp")
    done = tries = 0
    while done < n and tries < 20 * n:
        tries += 1
        stones = dict(base)
        empties = [p for p in region if p not in stones]
        for p in rng.sample(empties, rng.randint(1, 3)):
            stones[p] = rng.choice("bw")
        if rng.random() < 0.3:
            del stones[rng.choice([p for p in stones if p not in ("D3", "E3")])]
        gnugo.ask("boardsize 9")
        gnugo.ask("clear_board")
        if any(gnugo.ask(f"play {c} {p}").startswith("ERR") for p, c in stones.items()):
            continue
        if gnugo.ask("color D3") != "white" or gnugo.ask("color E3") != "black":
            continue
        rows = []
        for row in range(9, 0, -1):
            line = ""
            for c in COLS:
                color = gnugo.ask(f"color {c}{row}")
                line += {"black": "X", "white": "O"}.get(color, ".")
            rows.append(line)
        status = [gnugo.ask(f"dragon_status {t}").split()[0] for t in ("D3", "E3")]
        print(f"race-{seed}-{done}|{'/'.join(rows)}|{status[0]}|{status[1]}")
        done += 1


if __name__ == "__main__":
    main()
