#!/usr/bin/env python3
"""Makes the ownership-benchmark fixture: GNU Go 3.8 plays itself on small boards,
then labels the final ownership with `final_status_list` (the protocol of
shared/data/ownership, reference/eval.md section 3.3).

Usage: make.py SIZE SEED... > labels.jsonl (SGF files are written next to this script).
Only the games and the labels are committed; GNU Go itself is not needed by the tests.
"""
import json
import os
import subprocess
import sys

LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


class Gtp:
    def __init__(self, seed):
        self.p = subprocess.Popen(
            ["/usr/games/gnugo", "--mode", "gtp", "--chinese-rules", "--level", "1",
             "--seed", str(seed)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def __call__(self, cmd):
        self.p.stdin.write(cmd + "\n")
        self.p.stdin.flush()
        lines = []
        while True:
            line = self.p.stdout.readline()
            if line.strip() == "" and lines:
                break
            if line.strip():
                lines.append(line.rstrip("\n"))
        answer = "\n".join(lines)
        assert answer.startswith("="), (cmd, answer)
        return answer[1:].strip()


def vertices(text):
    return [v for v in text.split() if v]


def main():
    size = int(sys.argv[1])
    here = os.path.dirname(os.path.abspath(__file__))
    for seed in sys.argv[2:]:
        gtp = Gtp(seed)
        komi = 5.5
        gtp(f"boardsize {size}")
        gtp("clear_board")
        gtp(f"komi {komi}")
        moves, passes, color = [], 0, "b"
        while passes < 2 and len(moves) < 4 * size * size:
            v = gtp(f"genmove {color}")
            moves.append((color, v))
            passes = passes + 1 if v.lower() == "pass" else 0
            color = "w" if color == "b" else "b"
        result = gtp("final_score")
        owner = {}
        for status, who in (("alive", None), ("dead", "swap")):
            for line in gtp(f"final_status_list {status}").splitlines():
                for v in vertices(line):
                    c = gtp(f"color {v}")
                    if who == "swap":
                        c = "white" if c == "black" else "black"
                    owner[v.upper()] = c[0]
        for status, c in (("black_territory", "b"), ("white_territory", "w")):
            for line in gtp(f"final_status_list {status}").splitlines():
                for v in vertices(line):
                    owner[v.upper()] = c
        ownership = "".join(
            owner.get(f"{LETTERS[col]}{row}", ".")
            for row in range(size, 0, -1) for col in range(size))
        name = f"gnugo-{size}x{size}-seed{seed}.sgf"
        sgf = [f"(;GM[1]FF[4]SZ[{size}]KM[{komi}]RU[Chinese]PB[GNU Go 3.8]PW[GNU Go 3.8]RE[{result}]"]
        for c, v in moves:
            if v.lower() == "pass":
                sgf.append(f";{c.upper()}[]")
            else:
                col = LETTERS.index(v[0].upper())
                row = size - int(v[1:])
                sgf.append(f";{c.upper()}[{chr(97 + col)}{chr(97 + row)}]")
        with open(os.path.join(here, name), "w") as f:
            f.write("".join(sgf) + ")\n")
        print(json.dumps({"file": name, "moves": len(moves), "result": result,
                          "komi": komi, "ownership": ownership}))


main()
