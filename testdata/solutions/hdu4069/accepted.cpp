// HDU 4069 "Squiggly Sudoku", a reference solution for the package tests (test-only code):
// regions from the wall bits, then a bitmask search with the fewest candidates first,
// counting solutions up to two.
#include <cstdio>
#include <cstring>

static int cell[81], region[81], rows[9], cols[9], regs[9], sol[81], found;

static int fill_region(int c, int id) {
    if (region[c] >= 0) return 0;
    region[c] = id;
    int r = c / 9, k = c % 9, walls = cell[c] >> 4, n = 1;
    if (!(walls & 1) && r > 0) n += fill_region(c - 9, id);
    if (!(walls & 2) && k < 8) n += fill_region(c + 1, id);
    if (!(walls & 4) && r < 8) n += fill_region(c + 9, id);
    if (!(walls & 8) && k > 0) n += fill_region(c - 1, id);
    return n;
}

static int grid[81];

static void search() {
    int best = -1, best_count = 10, best_mask = 0;
    for (int c = 0; c < 81; c++) {
        if (grid[c]) continue;
        int m = ~(rows[c / 9] | cols[c % 9] | regs[region[c]]) & 0x3fe;
        int n = __builtin_popcount(m);
        if (n < best_count) { best = c; best_count = n; best_mask = m; if (n <= 1) break; }
    }
    if (best < 0) {
        if (found++ == 0) memcpy(sol, grid, sizeof grid);
        return;
    }
    for (int d = 1; d <= 9 && found < 2; d++) {
        if (!(best_mask >> d & 1)) continue;
        int b = 1 << d, r = best / 9, k = best % 9, g = region[best];
        grid[best] = d; rows[r] |= b; cols[k] |= b; regs[g] |= b;
        search();
        grid[best] = 0; rows[r] &= ~b; cols[k] &= ~b; regs[g] &= ~b;
    }
}

int main() {
    int t;
    if (scanf("%d", &t) != 1) return 1;
    for (int k = 1; k <= t; k++) {
        for (int c = 0; c < 81; c++) if (scanf("%d", &cell[c]) != 1) return 1;
        memset(region, -1, sizeof region);
        memset(rows, 0, sizeof rows); memset(cols, 0, sizeof cols); memset(regs, 0, sizeof regs);
        int ids = 0;
        for (int c = 0; c < 81; c++) if (region[c] < 0) fill_region(c, ids++);
        bool clash = false;
        for (int c = 0; c < 81; c++) {
            grid[c] = cell[c] & 15;
            if (!grid[c]) continue;
            int b = 1 << grid[c];
            if ((rows[c / 9] | cols[c % 9] | regs[region[c]]) & b) clash = true;
            rows[c / 9] |= b; cols[c % 9] |= b; regs[region[c]] |= b;
        }
        found = 0;
        if (!clash) search();
        printf("Case %d:\n", k);
        if (found == 0) puts("No solution");
        else if (found > 1) puts("Multiple Solutions");
        else for (int r = 0; r < 9; r++) {
            for (int c = 0; c < 9; c++) putchar('0' + sol[r * 9 + c]);
            putchar('\n');
        }
    }
}
