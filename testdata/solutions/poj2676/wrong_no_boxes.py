# POJ 2676 with a planted bug (test-only code): the search keeps rows and columns apart but
# forgets the boxes, so it prints a grid with a box holding a digit twice.
import sys


def main():
    data = sys.stdin.read().split()
    out = []
    for case in range(int(data[0])):
        grid = [int(ch) for row in data[1 + 9 * case:10 + 9 * case] for ch in row]
        rows = [set() for _ in range(9)]
        cols = [set() for _ in range(9)]
        for c, d in enumerate(grid):
            if d:
                rows[c // 9].add(d)
                cols[c % 9].add(d)

        def solve(c):
            while c < 81 and grid[c]:
                c += 1
            if c == 81:
                return True
            for d in range(1, 10):
                if d not in rows[c // 9] and d not in cols[c % 9]:
                    grid[c] = d
                    rows[c // 9].add(d)
                    cols[c % 9].add(d)
                    if solve(c + 1):
                        return True
                    rows[c // 9].discard(d)
                    cols[c % 9].discard(d)
                    grid[c] = 0
            return False

        solve(0)
        out.extend("".join(map(str, grid[r * 9:r * 9 + 9])) for r in range(9))
    print("\n".join(out))


main()
