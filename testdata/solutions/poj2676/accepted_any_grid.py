# POJ 2676, accepted (test-only code): a search that tries the digits from 9 down to 1, so
# where a puzzle has several solutions (the empty grid among the edge cases) it prints another
# valid grid than the expected answer, which a checker that takes any solution accepts.
import sys


def solve(grid):
    rows, cols, boxes = [0] * 9, [0] * 9, [0] * 9
    empty = []
    for c, d in enumerate(grid):
        r, k, b = c // 9, c % 9, c // 27 * 3 + c % 9 // 3
        if d:
            bit = 1 << d
            if (rows[r] | cols[k] | boxes[b]) & bit:
                return False
            rows[r] |= bit
            cols[k] |= bit
            boxes[b] |= bit
        else:
            empty.append((c, r, k, b))

    def search(left):
        if not left:
            return True
        # The empty cell with the fewest candidates first.
        best, best_free = None, None
        for i, (c, r, k, b) in enumerate(left):
            free = [d for d in range(9, 0, -1) if not (rows[r] | cols[k] | boxes[b]) & (1 << d)]
            if best is None or len(free) < len(best_free):
                best, best_free = i, free
                if len(free) <= 1:
                    break
        c, r, k, b = left[best]
        rest = left[:best] + left[best + 1:]
        for d in best_free:
            bit = 1 << d
            rows[r] |= bit
            cols[k] |= bit
            boxes[b] |= bit
            grid[c] = d
            if search(rest):
                return True
            rows[r] ^= bit
            cols[k] ^= bit
            boxes[b] ^= bit
        grid[c] = 0
        return False

    return search(empty)


def main():
    data = sys.stdin.read().split()
    out = []
    for case in range(int(data[0])):
        grid = [int(ch) for row in data[1 + 9 * case:10 + 9 * case] for ch in row]
        if not solve(grid):
            out.append("No solution")
            continue
        out.extend("".join(map(str, grid[r * 9:r * 9 + 9])) for r in range(9))
    print("\n".join(out))


main()
