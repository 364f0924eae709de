// POJ 2676 "Sudoku", a reference solution for the package tests (test-only code): a bitmask
// search with the fewest candidates first; any solution will do.
#include <cstdio>

static int grid[81], rows[9], cols[9], boxes[9];

static int box(int c) { return c / 27 * 3 + c % 9 / 3; }

static bool search() {
    int best = -1, best_count = 10, best_mask = 0;
    for (int c = 0; c < 81; c++) {
        if (grid[c]) continue;
        int m = ~(rows[c / 9] | cols[c % 9] | boxes[box(c)]) & 0x3fe;
        int n = __builtin_popcount(m);
        if (n < best_count) { best = c; best_count = n; best_mask = m; if (n <= 1) break; }
    }
    if (best < 0) return true;
    for (int d = 1; d <= 9; d++) {
        if (!(best_mask >> d & 1)) continue;
        int b = 1 << d, r = best / 9, k = best % 9, x = box(best);
        grid[best] = d; rows[r] |= b; cols[k] |= b; boxes[x] |= b;
        if (search()) return true;
        grid[best] = 0; rows[r] &= ~b; cols[k] &= ~b; boxes[x] &= ~b;
    }
    return false;
}

int main() {
    int t;
    char line[16];
    if (scanf("%d", &t) != 1) return 1;
    while (t--) {
        for (int i = 0; i < 9; i++) rows[i] = cols[i] = boxes[i] = 0;
        for (int r = 0; r < 9; r++) {
            if (scanf("%15s", line) != 1) return 1;
            for (int k = 0; k < 9; k++) {
                int c = r * 9 + k, d = line[k] - '0', b = 1 << d;
                grid[c] = d;
                if (d) { rows[r] |= b; cols[k] |= b; boxes[box(c)] |= b; }
            }
        }
        search();
        for (int r = 0; r < 9; r++) {
            for (int k = 0; k < 9; k++) putchar('0' + grid[r * 9 + k]);
            putchar('\n');
        }
    }
}
