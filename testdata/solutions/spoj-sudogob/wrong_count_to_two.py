# SPOJ SUDOGOB with a planted bug (test-only code): it stops counting at the second solution,
# as a uniqueness check does, so a puzzle with more than two solutions gets 2.
import sys


def count(grid, limit):
    rows, cols, boxes = [0] * 9, [0] * 9, [0] * 9
    for c, d in enumerate(grid):
        if d:
            bit = 1 << d
            b = c // 27 * 3 + c % 9 // 3
            if (rows[c // 9] | cols[c % 9] | boxes[b]) & bit:
                return 0, None
            rows[c // 9] |= bit
            cols[c % 9] |= bit
            boxes[b] |= bit
    found = [0, None]

    def search():
        best, best_free = -1, None
        for c in range(81):
            if grid[c]:
                continue
            m = rows[c // 9] | cols[c % 9] | boxes[c // 27 * 3 + c % 9 // 3]
            free = [d for d in range(1, 10) if not m & (1 << d)]
            if best_free is None or len(free) < len(best_free):
                best, best_free = c, free
                if len(free) <= 1:
                    break
        if best < 0:
            found[0] += 1
            if found[1] is None:
                found[1] = list(grid)
            return found[0] >= limit
        r, k, b = best // 9, best % 9, best // 27 * 3 + best % 9 // 3
        for d in best_free:
            bit = 1 << d
            rows[r] |= bit
            cols[k] |= bit
            boxes[b] |= bit
            grid[best] = d
            stop = search()
            rows[r] ^= bit
            cols[k] ^= bit
            boxes[b] ^= bit
            grid[best] = 0
            if stop:
                return True
        return False

    search()
    return found[0], found[1]


def main():
    data = sys.stdin.read().split()
    out = []
    for case in range(int(data[0])):
        grid = [int(x) for x in data[1 + 81 * case:82 + 81 * case]]
        n, first = count(grid, 2)
        out.append(str(n))
        if n == 1:
            out.extend(" ".join(map(str, first[r * 9:r * 9 + 9])) for r in range(9))
    print("\n".join(out))


main()
