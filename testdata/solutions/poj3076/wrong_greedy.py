# POJ 3076 with a planted bug (test-only code): every empty cell takes the first letter its
# row, column and box allow, and the search never goes back, so it prints grids with
# repeated or missing letters.
import sys


def main():
    rows = sys.stdin.read().split()
    out = []
    for case in range(len(rows) // 16):
        grid = [ch for row in rows[16 * case:16 * case + 16] for ch in row]
        for c in range(256):
            if grid[c] != "-":
                continue
            r, k, b = c // 16, c % 16, c // 64 * 4 + c % 16 // 4
            used = {grid[x] for x in range(256)
                    if x // 16 == r or x % 16 == k or x // 64 * 4 + x % 16 // 4 == b}
            grid[c] = next((ch for ch in "ABCDEFGHIJKLMNOP" if ch not in used), "A")
        out.append("\n".join("".join(grid[r * 16:r * 16 + 16]) for r in range(16)))
    print("\n\n".join(out))


main()
