#!/usr/bin/env python3
"""Ask GNU Go 3.8 for `unconditional_status` on every point of our positions.

Usage:
  record.py designed.txt > designed.gnugo       # hand-designed positions (## name blocks)
  generate.py FAMILY SEED COUNT | record.py - > FAMILY.gnugo

Input: blocks of diagram rows (X black, O white, . empty, top row first), each block
optionally headed by `## name`, blocks separated by blank lines; `#` lines are
comments. Non-square boards are skipped (GNU Go's boards are square).

Output: one line per position, `name|diagram rows joined by /|status rows joined by /`,
status letters A alive, D dead, b black territory, w white territory, . undecided.
The positions are set up with `play` (a legal position is set up without captures).
Needs /usr/games/gnugo (Debian package gnugo 3.8); CI only reads the output.
"""
import subprocess
import sys

COLS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
CODE = {"alive": "A", "dead": "D", "black_territory": "b",
        "white_territory": "w", "undecided": "."}


def blocks(text):
    out, cur, name = [], [], None
    for line in text.split("\n"):
        s = line.strip()
        if s.startswith("##"):
            name = s[2:].strip()
            continue
        if s.startswith("#"):
            continue
        if not s:
            if cur:
                out.append((name, cur))
            cur, name = [], None
            continue
        cur.append(s.replace(" ", ""))
    if cur:
        out.append((name, cur))
    return out


def legal(rows):
    """Every chain has a liberty."""
    n, m = len(rows), len(rows[0])
    seen = set()
    for i in range(n):
        for j in range(m):
            if rows[i][j] == "." or (i, j) in seen:
                continue
            c, stack, chain, libs = rows[i][j], [(i, j)], {(i, j)}, False
            while stack:
                a, b = stack.pop()
                for x, y in ((a + 1, b), (a - 1, b), (a, b + 1), (a, b - 1)):
                    if 0 <= x < n and 0 <= y < m:
                        if rows[x][y] == ".":
                            libs = True
                        elif rows[x][y] == c and (x, y) not in chain:
                            chain.add((x, y))
                            stack.append((x, y))
            seen |= chain
            if not libs:
                return False
    return True


def main():
    src = sys.stdin.read() if sys.argv[1] == "-" else open(sys.argv[1]).read()
    positions = []
    for k, (name, rows) in enumerate(blocks(src)):
        if len(rows) != len(rows[0]) or any(len(r) != len(rows[0]) for r in rows):
            continue
        if not legal(rows):
            sys.exit(f"position {name or k}: a chain without liberties")
        positions.append((name or f"position {k}", rows))
    cmds = []
    for _, rows in positions:
        n = len(rows)
        cmds += [f"boardsize {n}", "clear_board"]
        for i, row in enumerate(rows):
            for j, ch in enumerate(row):
                if ch in "XO":
                    color = "black" if ch == "X" else "white"
                    cmds.append(f"play {color} {COLS[j]}{n - i}")
        cmds += [f"unconditional_status {COLS[j]}{n - i}"
                 for i in range(n) for j in range(n)]
    out = subprocess.run(["/usr/games/gnugo", "--mode", "gtp"],
                         input="\n".join(cmds) + "\n", capture_output=True,
                         text=True, check=True).stdout
    answers = [a.strip() for a in out.strip().split("\n\n")]
    if len(answers) != len(cmds):
        sys.exit(f"{len(answers)} answers to {len(cmds)} commands")
    i = 0
    print("# GNU Go 3.8 (gnugo --mode gtp), unconditional_status on every point: "
          "name|position|status")
    for name, rows in positions:
        n = len(rows)
        i += 2 + sum(ch in "XO" for row in rows for ch in row)
        for a in answers[i - 2 - sum(ch in "XO" for row in rows for ch in row):i]:
            if not a.startswith("="):
                sys.exit(f"{name}: setup failed: {a}")
        status = [CODE[a[1:].strip()] for a in answers[i:i + n * n]]
        i += n * n
        grid = "/".join("".join(status[r * n:(r + 1) * n]) for r in range(n))
        print(f"{name}|{'/'.join(rows)}|{grid}")


if __name__ == "__main__":
    main()
