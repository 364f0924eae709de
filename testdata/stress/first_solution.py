#!/usr/bin/env python3
"""A deliberately wrong HDU 4069 (Squiggly Sudoku) solution for `sudoku-judge stress` tests.

Plain backtracking on the cell with the fewest candidates. The planted bug: it stops at the
first solution, so a puzzle with two or more solutions gets a grid instead of
"Multiple Solutions". Everything else (walls, "No solution") is right.
"""
import sys

WALLS = ((16, -9), (32, 1), (64, 9), (128, -1))  # up, right, down, left


def regions(vals):
    reg = [-1] * 81
    n = 0
    for start in range(81):
        if reg[start] >= 0:
            continue
        reg[start] = n
        stack = [start]
        while stack:
            c = stack.pop()
            for bit, step in WALLS:
                if vals[c] & bit:
                    continue
                m = c + step
                if 0 <= m < 81 and reg[m] < 0 and (step not in (1, -1) or m // 9 == c // 9):
                    reg[m] = n
                    stack.append(m)
        n += 1
    return reg


def solve(vals):
    reg = regions(vals)
    grid = [v & 15 for v in vals]
    rows, cols, boxes = [0] * 9, [0] * 9, [0] * 9
    for c, d in enumerate(grid):
        if d:
            bit = 1 << d
            r, k, b = c // 9, c % 9, reg[c]
            if rows[r] & bit or cols[k] & bit or boxes[b] & bit:
                return None
            rows[r] |= bit
            cols[k] |= bit
            boxes[b] |= bit

    def search():
        best, best_free = -1, None
        for c in range(81):
            if grid[c] == 0:
                used = rows[c // 9] | cols[c % 9] | boxes[reg[c]]
                free = [d for d in range(1, 10) if not used & (1 << d)]
                if best_free is None or len(free) < len(best_free):
                    best, best_free = c, free
                    if len(free) <= 1:
                        break
        if best < 0:
            return True
        r, k, b = best // 9, best % 9, reg[best]
        for d in best_free:
            bit = 1 << d
            grid[best] = d
            rows[r] |= bit
            cols[k] |= bit
            boxes[b] |= bit
            if search():
                return True  # BUG: never looks for a second solution
            rows[r] &= ~bit
            cols[k] &= ~bit
            boxes[b] &= ~bit
            grid[best] = 0
        return False

    return grid if search() else None


def main():
    data = sys.stdin.read().split()
    t = int(data[0])
    out = []
    for case in range(t):
        vals = [int(x) for x in data[1 + case * 81: 1 + (case + 1) * 81]]
        out.append("Case %d:" % (case + 1))
        g = solve(vals)
        if g is None:
            out.append("No solution")
        else:
            out.extend("".join(map(str, g[r * 9: r * 9 + 9])) for r in range(9))
    print("\n".join(out))


if __name__ == "__main__":
    main()
