# UVa 10957 with a planted bug (test-only code): the Illegal check looks at rows and columns
# but forgets the boxes, so givens that clash in a box only are searched, and called Impossible.
import sys

CHECK_BOXES = False


def verdict(grid):
    rows, cols, boxes = [0] * 9, [0] * 9, [0] * 9
    for c, d in enumerate(grid):
        if not d:
            continue
        r, k, b, bit = c // 9, c % 9, c // 27 * 3 + c % 9 // 3, 1 << d
        if rows[r] & bit or cols[k] & bit or (CHECK_BOXES and boxes[b] & bit):
            return "Illegal."
        rows[r] |= bit
        cols[k] |= bit
        boxes[b] |= bit
    full = 0b1111111110

    def count(limit):
        best, best_c = None, -1
        for c in range(81):
            if grid[c]:
                continue
            free = full & ~(rows[c // 9] | cols[c % 9] | boxes[c // 27 * 3 + c % 9 // 3])
            n = bin(free).count("1")
            if best is None or n < best:
                best, best_c, best_free = n, c, free
                if n == 0:
                    return 0
        if best is None:
            return 1
        c, found = best_c, 0
        r, k, b = c // 9, c % 9, c // 27 * 3 + c % 9 // 3
        for d in range(1, 10):
            bit = 1 << d
            if best_free & bit:
                grid[c] = d
                rows[r] |= bit
                cols[k] |= bit
                boxes[b] |= bit
                found += count(limit - found)
                rows[r] &= ~bit
                cols[k] &= ~bit
                boxes[b] &= ~bit
                grid[c] = 0
                if found >= limit:
                    break
        return found

    n = count(2)
    return ["Impossible.", "Unique.", "Ambiguous."][n]


def main():
    data = [int(t) for t in sys.stdin.read().split()]
    out = []
    for case in range(len(data) // 81):
        grid = data[81 * case:81 * case + 81]
        out.append(f"Case {case + 1}: {verdict(grid)}")
    sys.stdout.write("".join(line + "\n" for line in out))


main()
