// POJ 3076 "Sudoku" (16x16, letters A-P, '-' empty), a reference solution for the package
// tests (test-only code): a bitmask search on the fewest choices (a cell's candidates or a
// letter's places in a unit); cases until the end of the input, a blank line between answers.
#include <cstdio>

static int grid[256], rows[16], cols[16], boxes[16];

static int box(int c) { return c / 64 * 4 + c % 16 / 4; }

static int cand(int c) { return ~(rows[c / 16] | cols[c % 16] | boxes[box(c)]) & 0x1fffe; }

static void put(int c, int d, bool on) {
    int b = 1 << d;
    grid[c] = on ? d : 0;
    if (on) { rows[c / 16] |= b; cols[c % 16] |= b; boxes[box(c)] |= b; }
    else { rows[c / 16] &= ~b; cols[c % 16] &= ~b; boxes[box(c)] &= ~b; }
}

// The cell of unit u (rows, then columns, then boxes) at position i.
static int unit_cell(int u, int i) {
    if (u < 16) return u * 16 + i;
    if (u < 32) return i * 16 + u - 16;
    int b = u - 32;
    return (b / 4 * 4 + i / 4) * 16 + b % 4 * 4 + i % 4;
}

// Branches on the fewest choices: a cell's candidates, or the places of a letter in a unit.
static bool search() {
    int best = 17, cell = -1, mask = 0, unit = -1, digit = 0;
    for (int c = 0; c < 256 && best > 1; c++) {
        if (grid[c]) continue;
        int m = cand(c), n = __builtin_popcount(m);
        if (n < best) { best = n; cell = c; mask = m; }
    }
    if (cell < 0) return true;
    if (best == 0) return false;
    for (int u = 0; u < 48 && best > 1; u++) {
        int have = 0;
        for (int i = 0; i < 16; i++) have |= 1 << grid[unit_cell(u, i)];
        for (int d = 1; d <= 16; d++) {
            if (have >> d & 1) continue;
            int n = 0;
            for (int i = 0; i < 16; i++) {
                int c = unit_cell(u, i);
                n += !grid[c] && (cand(c) >> d & 1);
            }
            if (n == 0) return false;
            if (n < best) { best = n; unit = u; digit = d; }
        }
    }
    if (unit < 0) {
        for (int d = 1; d <= 16; d++) {
            if (!(mask >> d & 1)) continue;
            put(cell, d, true);
            if (search()) return true;
            put(cell, d, false);
        }
        return false;
    }
    for (int i = 0; i < 16; i++) {
        int c = unit_cell(unit, i);
        if (grid[c] || !(cand(c) >> digit & 1)) continue;
        put(c, digit, true);
        if (search()) return true;
        put(c, digit, false);
    }
    return false;
}

int main() {
    char line[64];
    for (int k = 0;; k++) {
        for (int i = 0; i < 16; i++) rows[i] = cols[i] = boxes[i] = 0;
        for (int r = 0; r < 16; r++) {
            if (scanf("%63s", line) != 1) return 0;
            for (int q = 0; q < 16; q++) {
                int c = r * 16 + q, d = line[q] == '-' ? 0 : line[q] - 'A' + 1, b = 1 << d;
                grid[c] = d;
                if (d) { rows[r] |= b; cols[q] |= b; boxes[box(c)] |= b; }
            }
        }
        search();
        if (k) putchar('\n');
        for (int r = 0; r < 16; r++) {
            for (int q = 0; q < 16; q++) putchar('A' + grid[r * 16 + q] - 1);
            putchar('\n');
        }
    }
}
