# HDU 4069 with a planted bug (test-only code): it prints the first solution it finds and
# never looks for a second one, so a puzzle with several solutions gets a grid instead of
# "Multiple Solutions".
import sys


def main():
    data = sys.stdin.read().split()
    t, pos, out = int(data[0]), 1, []
    for k in range(1, t + 1):
        cells = [int(x) for x in data[pos:pos + 81]]
        pos += 81
        region = [-1] * 81
        for start in range(81):
            if region[start] >= 0:
                continue
            stack, region[start] = [start], start
            while stack:
                c = stack.pop()
                r, col, w = c // 9, c % 9, cells[c] >> 4
                for bit, ok, nxt in ((1, r > 0, c - 9), (2, col < 8, c + 1),
                                     (4, r < 8, c + 9), (8, col > 0, c - 1)):
                    if not w & bit and ok and region[nxt] < 0:
                        region[nxt] = start
                        stack.append(nxt)
        grid = [c & 15 for c in cells]
        units = [set() for _ in range(3 * 81)]

        def keys(c):
            return (c // 9, 9 + c % 9, 18 + region[c])

        ok = True
        for c in range(81):
            if grid[c]:
                for u in keys(c):
                    if grid[c] in units[u]:
                        ok = False
                    units[u].add(grid[c])

        def solve():
            best, cands = -1, None
            for c in range(81):
                if not grid[c]:
                    cs = [d for d in range(1, 10) if all(d not in units[u] for u in keys(c))]
                    if cands is None or len(cs) < len(cands):
                        best, cands = c, cs
            if best < 0:
                return True
            for d in cands:
                grid[best] = d
                for u in keys(best):
                    units[u].add(d)
                if solve():
                    return True
                for u in keys(best):
                    units[u].discard(d)
                grid[best] = 0
            return False

        out.append("Case %d:" % k)
        if ok and solve():
            out.extend("".join(map(str, grid[r * 9:r * 9 + 9])) for r in range(9))
        else:
            out.append("No solution")
    print("\n".join(out))


main()
