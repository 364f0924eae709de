// SPOJ SUDOGOB "Sudoku goblin", a reference solution for the package tests (test-only code):
// a bitmask search with the fewest candidates first that counts every solution and keeps the
// first; the count, then the grid when there is exactly one. Clashing givens count 0.
#include <cstdio>

static int grid[81], first[81], rows[9], cols[9], boxes[9];
static long long found;

static int box(int c) { return c / 27 * 3 + c % 9 / 3; }

static void search() {
    int best = -1, best_count = 10, best_mask = 0;
    for (int c = 0; c < 81; c++) {
        if (grid[c]) continue;
        int m = ~(rows[c / 9] | cols[c % 9] | boxes[box(c)]) & 0x3fe;
        int n = __builtin_popcount(m);
        if (n < best_count) { best = c; best_count = n; best_mask = m; if (n <= 1) break; }
    }
    if (best < 0) {
        if (found++ == 0)
            for (int c = 0; c < 81; c++) first[c] = grid[c];
        return;
    }
    for (int d = 1; d <= 9; d++) {
        if (!(best_mask >> d & 1)) continue;
        int b = 1 << d, r = best / 9, k = best % 9, x = box(best);
        rows[r] |= b; cols[k] |= b; boxes[x] |= b; grid[best] = d;
        search();
        rows[r] ^= b; cols[k] ^= b; boxes[x] ^= b; grid[best] = 0;
    }
}

int main() {
    int t;
    if (scanf("%d", &t) != 1) return 0;
    while (t--) {
        bool clash = false;
        for (int i = 0; i < 9; i++) rows[i] = cols[i] = boxes[i] = 0;
        for (int c = 0; c < 81; c++) {
            if (scanf("%d", &grid[c]) != 1) return 1;
            if (!grid[c]) continue;
            int b = 1 << grid[c];
            if ((rows[c / 9] | cols[c % 9] | boxes[box(c)]) & b) clash = true;
            rows[c / 9] |= b; cols[c % 9] |= b; boxes[box(c)] |= b;
        }
        found = 0;
        if (!clash) search();
        printf("%lld\n", found);
        if (found == 1)
            for (int r = 0; r < 9; r++)
                for (int k = 0; k < 9; k++) printf("%d%c", first[r * 9 + k], k == 8 ? '\n' : ' ');
    }
}
