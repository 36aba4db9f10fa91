#!/usr/bin/env python3
"""Random variants of a designed position, with GNU Go 3.8's `dragon_status` of two
chains: fixture lines for `go-eval/tests/owl_gnugo.rs`.

    ./variants.py race SEED N > races.gnugo      (needs /usr/games/gnugo)
    ./variants.py wall SEED N > walls.gnugo

`race` (9x9, lower left): White's five stones B3 C3 D3 D2 D1 and Black's five E3 F3
G3 E2 E1 each have three liberties inside the other's wall and no eye. Each variant
adds one to three stones of random colour on the six lowest rows and, three times in
ten, removes one stone other than the targets D3 and E3.

`wall` (9x9, lower left, enclosed by White): Black's group on B4 has an eye on C3 and
a square of four points D2 E2 D1 E1 whose right side is a chain of its own (F2 F1)
with no liberty outside the square. The square would be one eye, but a White stone
in it ataris that chain: GNU Go calls both critical (E2 attacks, D1 or E1 defends).
Each variant adds one to three stones of random colour on B1-G4 and, half the time,
removes one black stone other than the targets B4 and F2.

Variants GNU Go refuses (illegal moves) or where a target changed colour are skipped.
Line format: `name|position|T1|T2`, rows top first joined by `/` (`X` black, `O`
white, `.` empty), then GNU Go's status word of the chain on each target.
"""
import random
import subprocess
import sys

COLS = "ABCDEFGHJ"

# name: (diagram, targets with their colours, region of added stones, chance of a
# removal, colour removed (None: either), prefix of the names)
BASES = {
    "race": (
        [".........", ".........", ".........", ".........", ".........",
         "XXXXOOOO.", "XOOOXXXO.", "X..OX..O.", "XX.OX.OO."],
        (("D3", "white"), ("E3", "black")),
        [f"{COLS[c]}{row}" for c in range(9) for row in range(1, 7)],
        0.3, None, "race",
    ),
    "wall": (
        [".........", ".........", ".........", ".........", "OOOOOOO..",
         "OXXXXO...", "OX.XXO...", "OXX..XO..", "OOX..XO.."],
        (("B4", "black"), ("F2", "black")),
        [f"{COLS[c]}{row}" for c in range(1, 7) for row in range(1, 5)],
        0.5, "b", "wall",
    ),
}


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
    diagram, targets, region, removal, removed, prefix = BASES[sys.argv[1]]
    seed, n = int(sys.argv[2]), int(sys.argv[3])
    names = [t for t, _ in targets]
    rng = random.Random(seed)
    base = {}
    for r, line in enumerate(diagram):
        for c, ch in enumerate(line):
            if ch != ".":
                base[f"{COLS[c]}{9 - r}"] = "b" if ch == "X" else "w"
    gnugo = Gtp("/usr/games/gnugo --mode gtp")
    done = tries = 0
    while done < n and tries < 20 * n:
        tries += 1
        stones = dict(base)
        empties = [p for p in region if p not in stones]
        for p in rng.sample(empties, rng.randint(1, 3)):
            stones[p] = rng.choice("bw")
        if rng.random() < removal:
            del stones[rng.choice([p for p, c in stones.items()
                                   if p not in names and removed in (None, c)])]
        gnugo.ask("boardsize 9")
        gnugo.ask("clear_board")
        if any(gnugo.ask(f"play {c} {p}").startswith("ERR") for p, c in stones.items()):
            continue
        if any(gnugo.ask(f"color {t}") != color for t, color in targets):
            continue
        rows = []
        for row in range(9, 0, -1):
            line = ""
            for c in COLS:
                color = gnugo.ask(f"color {c}{row}")
                line += {"black": "X", "white": "O"}.get(color, ".")
            rows.append(line)
        status = [gnugo.ask(f"dragon_status {t}").split()[0] for t in names]
        print(f"{prefix}-{seed}-{done}|{'/'.join(rows)}|{status[0]}|{status[1]}")
        done += 1


if __name__ == "__main__":
    main()
