#!/usr/bin/env python3
"""Write GNU Go-style regression suites turned by the board symmetries.

An engine whose selective readers break ties between equally valued moves in the order
it scans the board passes different tests when the board is turned: the suites then
measure the orientation as much as the engine. This script writes each suite (its .tst
file and every SGF file it loads) once per symmetry, so that `regress.py --dir` can run
all of them:

  python3 tools/orient/orient.py --src ../shared/data/gnugo-regression \
      --out /tmp/orient --suite vie --suite owl1
  python3 ../shared/tools/regress.py --engine "target/release/go-engine gtp" \
      --suite vie --dir /tmp/orient/3

Symmetry K (0-7) transposes the board when bit 4 is set, then mirrors the columns
(bit 1) and the rows (bit 2); K = 0 is the original. The stones, moves and markup of
the SGF files, the vertices of the commands (`owl_attack G5`, `play black T14`,
`loadsgf FILE VERTEX`) and those of the expected answers are all turned. Only square
boards are supported. Answers that list several vertices in the engine's output order
(`dragon_stones`, `worm_stones`) may then fail on order alone: use the turned suites for
questions answered by one vertex. The suites are GPL-3 test data: keep the output out
of the project (the default output folder is a fresh temporary one).
"""
import argparse
import os
import re
import sys
import tempfile

COLS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
POINT_PROPS = {"B", "W", "AB", "AW", "AE", "TR", "SQ", "CR", "MA", "TB", "TW", "SL"}
VERTEX = re.compile(r"\b([A-HJ-Za-hj-z])(\d{1,2})\b")
PROPERTY = re.compile(r"\b([A-Z]{1,2})((?:\s*\[(?:[^\]\\]|\\.)*\])+)")


def turn(k, x, y, n):
    """The image of column x, row y (from the top) on an n x n board."""
    if k & 4:
        x, y = y, x
    if k & 1:
        x = n - 1 - x
    if k & 2:
        y = n - 1 - y
    return x, y


def sgf_size(text):
    m = re.search(r"SZ\[(\d+)\]", text)
    return int(m.group(1)) if m else 19


def turn_sgf(k, text):
    n = sgf_size(text)

    def point(m):
        s = m.group(1)
        if n <= 19 and s == "tt":  # a pass
            return m.group(0)
        x, y = ord(s[0]) - 97, ord(s[1]) - 97
        if not (0 <= x < n and 0 <= y < n):
            return m.group(0)
        x, y = turn(k, x, y, n)
        return "[" + chr(97 + x) + chr(97 + y) + "]"

    def prop(m):
        name, values = m.group(1), m.group(2)
        if name in POINT_PROPS:
            if re.search(r"\[[a-z]{2}:[a-z]{2}\]", values):
                sys.exit(f"compressed point lists are not supported: {name}{values[:20]}")
            values = re.sub(r"\[([a-z]{2})\]", point, values)
        return name + values

    return PROPERTY.sub(prop, text)


def turn_vertex(k, v, n):
    x, y = COLS.index(v[0].upper()), n - int(v[1:])
    if not (0 <= x < n and 0 <= y < n):
        return v
    x, y = turn(k, x, y, n)
    return COLS[x] + str(n - y)


def turn_line(k, line, n):
    return VERTEX.sub(lambda m: turn_vertex(k, m.group(0), n), line)


def turn_suite(k, src, out, suite, written):
    with open(os.path.join(src, suite + ".tst"), encoding="latin-1") as f:
        lines = f.read().split("\n")
    result, n = [], 19
    for line in lines:
        s = line.strip()
        if s.startswith("loadsgf"):
            parts = s.split()
            name = parts[1]
            with open(os.path.join(src, name), encoding="latin-1") as f:
                text = f.read()
            n = sgf_size(text)
            if name not in written:
                path = os.path.join(out, name)
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "w", encoding="latin-1") as f:
                    f.write(turn_sgf(k, text))
                written.add(name)
            rest = [turn_line(k, p, n) if VERTEX.fullmatch(p) else p for p in parts[2:]]
            result.append(" ".join(["loadsgf", name] + rest))
        elif s.startswith("#?") or (s and not s.startswith("#")):
            result.append(turn_line(k, line, n))
        else:
            result.append(line)
    with open(os.path.join(out, suite + ".tst"), "w", encoding="latin-1") as f:
        f.write("\n".join(result))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--src", required=True, help="folder with NAME.tst and the games")
    ap.add_argument("--out", default=None, help="output folder (default: a fresh temporary one)")
    ap.add_argument("--suite", action="append", required=True)
    ap.add_argument("--symmetry", type=int, action="append", choices=range(8),
                    help="the symmetries to write (default: all 8)")
    args = ap.parse_args()
    out = args.out or tempfile.mkdtemp(prefix="orient-")
    for k in args.symmetry or range(8):
        written = set()
        os.makedirs(os.path.join(out, str(k)), exist_ok=True)
        for suite in args.suite:
            turn_suite(k, args.src, os.path.join(out, str(k)), suite, written)
    print(out)


if __name__ == "__main__":
    main()
