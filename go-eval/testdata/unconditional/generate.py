#!/usr/bin/env python3
"""Generate position families for unconditional_status (pipe into record.py).

Usage: generate.py FAMILY [SEED COUNT]
  tiny          every legal position of the 1x1, 2x2 and 3x3 boards
  seki-pairs    a white pair in a sealed black ring, every subset of its six
                liberty points, with 0, 1, 2 or 4 extra empty points beside it
  dense SEED COUNT   random dense positions, 4x4 to 9x9 (captures resolved)
  rings SEED COUNT   a ring of one colour inside the other, with a random interior
                (empty points, stones of both colours, two-stone pairs), on 7x7-11x11
Deterministic for a given seed (Python's random.Random).
"""
import itertools
import random
import sys


def remove_dead(g):
    """Remove chains without liberties until none is left."""
    n = len(g)
    changed = True
    while changed:
        changed = False
        seen = set()
        for i in range(n):
            for j in range(n):
                if g[i][j] == "." or (i, j) in seen:
                    continue
                c, stack, chain, libs = g[i][j], [(i, j)], {(i, j)}, False
                while stack:
                    a, b = stack.pop()
                    for x, y in ((a + 1, b), (a - 1, b), (a, b + 1), (a, b - 1)):
                        if 0 <= x < n and 0 <= y < n:
                            if g[x][y] == ".":
                                libs = True
                            elif g[x][y] == c and (x, y) not in chain:
                                chain.add((x, y))
                                stack.append((x, y))
                seen |= chain
                if not libs:
                    for a, b in chain:
                        g[a][b] = "."
                    changed = True
    return g


def emit(name, g):
    print(f"## {name}")
    for r in g:
        print("".join(r))
    print()


def tiny():
    for n in (1, 2, 3):
        for k, cells in enumerate(itertools.product(".XO", repeat=n * n)):
            g = [list(cells[i * n:(i + 1) * n]) for i in range(n)]
            if remove_dead([r[:] for r in g]) == g:
                emit(f"{n}x{n} #{k}", g)


def seki_pairs():
    base = ["OOOOOOO.O", "OOXXXOOOO", "OXXXXXO.O", "OXXOXXOOO", "OXXOXXO..",
            "OXXXXXO..", "OOXXXOO..", ".O.OOOO..", "OOOO....."]
    libs = [(2, 3), (3, 2), (3, 4), (4, 2), (4, 4), (5, 3)]
    extra = [(2, 2), (2, 4), (5, 2), (5, 4)]
    for mask in range(1, 64):
        for emask in (0, 1, 3, 15):
            g = [list(r) for r in base]
            for b, (i, j) in enumerate(libs):
                if mask >> b & 1:
                    g[i][j] = "."
            for b, (i, j) in enumerate(extra):
                if emask >> b & 1:
                    g[i][j] = "."
            if remove_dead([r[:] for r in g]) == g:
                emit(f"pair liberties {mask:06b} extra {emask:04b}", g)


def dense(seed, count):
    rnd = random.Random(seed)
    for k in range(count):
        n = rnd.randint(4, 9)
        pe = rnd.choice([0.15, 0.2, 0.25, 0.3])
        g = [[rnd.choice("XO") if rnd.random() > pe else "." for _ in range(n)]
             for _ in range(n)]
        emit(f"dense {seed}/{k}", remove_dead(g))


def rings(seed, count):
    rnd = random.Random(seed)
    for k in range(count):
        n = rnd.choice([7, 8, 9, 10, 11])
        outer = rnd.choice("OX")
        inner = "X" if outer == "O" else "O"
        g = [[outer] * n for _ in range(n)]
        for (i, j) in [(0, 0), (0, n - 1), (n - 1, 0), (n - 1, n - 1)]:
            if rnd.random() < 0.75:
                g[i][j] = "."
        h, w = rnd.randint(5, min(8, n)), rnd.randint(5, min(8, n))
        top, left = rnd.randint(0, n - h), rnd.randint(0, n - w)
        for i in range(top, top + h):
            for j in range(left, left + w):
                g[i][j] = inner
        cells = [(i, j) for i in range(top + 1, top + h - 1)
                 for j in range(left + 1, left + w - 1)]
        for (i, j) in cells:
            r = rnd.random()
            g[i][j] = "." if r < 0.6 else (inner if r < 0.8 else outer)
        for _ in range(rnd.randint(0, 3)):
            i, j = rnd.choice(cells)
            di, dj = rnd.choice([(0, 1), (1, 0)])
            if (i + di, j + dj) in cells:
                g[i][j] = g[i + di][j + dj] = outer
        if rnd.random() < 0.4:
            i, j = rnd.choice([(top, left), (top, left + w - 1), (top + h - 1, left),
                               (top + h - 1, left + w - 1)])
            g[i][j] = "."
        for _ in range(rnd.randint(0, 2)):
            g[rnd.randrange(n)][rnd.randrange(n)] = rnd.choice(".XO")
        emit(f"ring {seed}/{k}", remove_dead(g))


if __name__ == "__main__":
    family = sys.argv[1]
    if family == "tiny":
        tiny()
    elif family == "seki-pairs":
        seki_pairs()
    else:
        {"dense": dense, "rings": rings}[family](int(sys.argv[2]), int(sys.argv[3]))
