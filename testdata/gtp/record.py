#!/usr/bin/env python3
"""Record GNU Go 3.8's answers to GTP commands as a transcript for go-engine's tests.

A transcript is a sequence of entries: a command line, then the answer exactly as GTP
sends it ('=' or '?', the text, lines of a multi-line answer), then an empty line.
Lines starting with '#' between entries are comments. '$TESTDATA' in a command stands
for this directory.

Usage:
  record.py script FILE            replay the commands of FILE (one per line, '#'
                                   comments) through GNU Go and print the transcript
  record.py random --size N --games G --seed S [--every K]
                                   play G random games (moves drawn from GNU Go's
                                   all_legal) and record play, list_stones, all_legal,
                                   is_legal, captures, countlib, findlib, color and undo

GNU Go runs as `gnugo --mode gtp --chinese-rules`, so it has simple ko while go-engine
has positional superko. In random games no move that repeats an earlier whole-board
position is chosen, and a move GNU Go lists in all_legal (or accepts in is_legal) that
would repeat one is removed from the recorded answer, with a comment saying so. The
recorded answers are otherwise GNU Go's, unchanged.

Needs GNU Go (apt-get install gnugo). The tests only read the transcripts.
"""
import argparse
import os
import random
import subprocess
import sys

GNUGO = ["/usr/games/gnugo", "--mode", "gtp", "--chinese-rules"]
HERE = os.path.dirname(os.path.abspath(__file__))


class Gtp:
    def __init__(self):
        self.p = subprocess.Popen(GNUGO, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def raw(self, line):
        """Send a line; return the answer as a list of lines (without the final blank)."""
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        out = []
        while True:
            s = self.p.stdout.readline()
            if s == "":
                raise RuntimeError(f"gnugo died on {line!r}")
            s = s.rstrip("\n")
            if s == "" and out:
                return out
            if s == "" and not out:
                continue
            out.append(s)

    def text(self, line):
        ans = self.raw(line)
        return ans[0][2:] if len(ans) == 1 else "\n".join(ans)

    def close(self):
        try:
            self.p.stdin.write("quit\n")
            self.p.stdin.flush()
            self.p.wait(timeout=5)
        except Exception:
            self.p.kill()


class Recorder:
    def __init__(self):
        self.g = Gtp()
        self.out = []

    def comment(self, text):
        for line in text.split("\n"):
            self.out.append(f"# {line}".rstrip())

    def cmd(self, line, answer=None, note=None):
        real = line.replace("$TESTDATA", HERE)
        got = self.g.raw(real)
        if note:
            self.comment(note)
        self.out.append(line)
        self.out.extend(answer if answer is not None else got)
        self.out.append("")
        return got


def script(path):
    r = Recorder()
    r.comment(f"GNU Go 3.8 (gnugo --mode gtp --chinese-rules), commands of {os.path.basename(path)}")
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line.strip():
            continue
        if line.startswith("#"):
            r.out.append(line)
            continue
        r.cmd(line)
    r.g.close()
    print("\n".join(r.out))


def stones(g):
    return (g.text("list_stones black"), g.text("list_stones white"))


def random_games(size, games, seed, every):
    rng = random.Random(seed)
    r = Recorder()
    g = r.g
    r.comment(f"GNU Go 3.8 (gnugo --mode gtp --chinese-rules): {games} random games on {size}x{size}, seed {seed}")
    r.comment("moves that would repeat an earlier position (superko) are never chosen, and are")
    r.comment("removed from GNU Go's all_legal and is_legal answers with a comment saying so")
    for game in range(games):
        r.comment(f"game {game + 1}")
        r.cmd(f"boardsize {size}")
        r.cmd("clear_board")
        seen = {stones(g)}
        history = [stones(g)]
        colour = "black"
        # GNU Go also places fixed handicaps on 7x7, and on the fourth line of 12x12,
        # where the GTP specification (as go-board implements it) has none or the third.
        handicap = size >= 8 and size != 12 and rng.random() < 0.2
        if handicap:
            n = rng.randint(2, 4 if size % 2 == 0 else 9)
            r.cmd(f"fixed_handicap {n}")
            seen = {stones(g)}
            history = [stones(g)]
            colour = "white"
        moves = 0
        passes = 0
        while moves < 3 * size * size and passes < 2:
            legal = g.text(f"all_legal {colour}").split()
            repeats = []
            for mv in legal:
                g.raw(f"play {colour} {mv}")
                if stones(g) in seen:
                    repeats.append(mv)
                g.raw("undo")
            allowed = [m for m in legal if m not in repeats]
            if moves % every == 0:
                note = None
                if repeats:
                    note = f"superko: GNU Go also lists {' '.join(repeats)} (repeats an earlier position)"
                r.cmd(f"all_legal {colour}", answer=[("= " + " ".join(allowed)).rstrip()]
                      if repeats else None, note=note)
                probe = rng.choice([f"{chr(c)}{n}" for c in range(ord('A'), ord('A') + size + 1)
                                    if chr(c) != 'I' for n in range(1, size + 1)])
                got = g.text(f"is_legal {colour} {probe}")
                if got == "1" and probe in repeats:
                    r.cmd(f"is_legal {colour} {probe}", answer=["= 0"],
                          note=f"superko: GNU Go answers 1 ({probe} repeats an earlier position)")
                else:
                    r.cmd(f"is_legal {colour} {probe}")
            if not allowed or rng.random() < 0.03:
                mv = "pass"
            else:
                mv = rng.choice(allowed)
            r.cmd(f"play {colour} {mv}")
            passes = passes + 1 if mv == "pass" else 0
            moves += 1
            now = stones(g)
            if mv != "pass":
                seen.add(now)
            history.append(now)
            if moves % every == 0:
                r.cmd("list_stones black")
                r.cmd("list_stones white")
                r.cmd("captures black")
                r.cmd("captures white")
                on_board = (now[0] + " " + now[1]).split()
                if on_board:
                    v = rng.choice(on_board)
                    r.cmd(f"countlib {v}")
                    r.cmd(f"findlib {v}")
                    r.cmd(f"color {v}")
            if rng.random() < 0.05 and len(history) > 1:
                r.cmd("undo")
                history.pop()
                # The undone position stays in `seen`: a superko engine remembers only
                # positions still in the history, but choosing it again is harmless.
                seen = set(history)
                colour = "white" if colour == "black" else "black"
                moves -= 1
                passes = 0
                continue
            colour = "white" if colour == "black" else "black"
        r.cmd("showboard")
    g.close()
    print("\n".join(r.out))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="mode", required=True)
    s = sub.add_parser("script")
    s.add_argument("file")
    rg = sub.add_parser("random")
    rg.add_argument("--size", type=int, default=9)
    rg.add_argument("--games", type=int, default=5)
    rg.add_argument("--seed", type=int, default=1)
    rg.add_argument("--every", type=int, default=1)
    a = ap.parse_args()
    if a.mode == "script":
        script(a.file)
    else:
        random_games(a.size, a.games, a.seed, a.every)


if __name__ == "__main__":
    main()
