/* buaa-plain.c: a plain implementation of the BUAA/BIT course assignment, for
 * scripts/bench-buaa.sh to time next to `sudoku-judge buaa`. What a student writes first:
 *   buaa-plain -c N [FIRST]      N distinct grids: the first row's digits permuted (next
 *                                permutation, FIRST kept in front), rows shifted by a fixed
 *                                pattern with the row orders inside bands; fprintf per digit.
 *   buaa-plain -s FILE           a solution of each puzzle: row-major backtracking with
 *                                row/column/box bit masks, fprintf per digit.
 *   buaa-plain -p N SEED [FIRST] N puzzles for -s: the grids of -c with 30 to 60 cells emptied
 *                                at random (the bench's input, not part of the assignment).
 * Output to sudoku.txt in the current directory, in the assignment's layout. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const int SHIFT[9] = {0, 3, 6, 1, 4, 7, 2, 5, 8};
static const int ORD[6][3] = {{0,1,2},{0,2,1},{1,0,2},{1,2,0},{2,0,1},{2,1,0}};

static int next_perm(int *a, int n) {
    int i = n - 2;
    while (i >= 0 && a[i] >= a[i + 1]) i--;
    if (i < 0) return 0;
    int j = n - 1;
    while (a[j] <= a[i]) j--;
    int t = a[i]; a[i] = a[j]; a[j] = t;
    for (int l = i + 1, r = n - 1; l < r; l++, r--) { t = a[l]; a[l] = a[r]; a[r] = t; }
    return 1;
}

/* Grids in -c's order, handed to `emit`. */
static void grids(long n, int first, void (*emit)(int g[81], void *), void *ctx) {
    int perm[9], k = 1;
    perm[0] = first;
    for (int d = 1; d <= 9; d++) if (d != first) perm[k++] = d;
    long made = 0;
    for (;;) {
        for (int top = 0; top < 2; top++)
            for (int mid = 0; mid < 6; mid++)
                for (int low = 0; low < 6; low++) {
                    int rows[9] = {0, top ? 2 : 1, top ? 1 : 2,
                                   3 + ORD[mid][0], 3 + ORD[mid][1], 3 + ORD[mid][2],
                                   6 + ORD[low][0], 6 + ORD[low][1], 6 + ORD[low][2]};
                    int g[81];
                    for (int r = 0; r < 9; r++)
                        for (int c = 0; c < 9; c++)
                            g[r * 9 + c] = perm[(SHIFT[rows[r]] + c) % 9];
                    emit(g, ctx);
                    if (++made == n) return;
                }
        if (!next_perm(perm + 1, 8)) return;
    }
}

static FILE *out;
static long written;

static void print_grid(int g[81], void *ctx) {
    (void)ctx;
    if (written++) fprintf(out, "\n");
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++)
            fprintf(out, c < 8 ? "%d " : "%d\n", g[r * 9 + c]);
}

static unsigned long long rng = 88172645463325252ULL;
static unsigned long long next_rand(void) {
    rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
    return rng;
}

static void print_puzzle(int g[81], void *ctx) {
    (void)ctx;
    int holes = 30 + (int)(next_rand() % 31);
    int cells[81];
    for (int i = 0; i < 81; i++) cells[i] = i;
    for (int i = 0; i < holes; i++) {
        int j = i + (int)(next_rand() % (unsigned long long)(81 - i));
        int t = cells[i]; cells[i] = cells[j]; cells[j] = t;
        g[cells[i]] = 0;
    }
    print_grid(g, NULL);
}

static int grid[81], rows[9], cols[9], boxes[9];

static int search(int cell) {
    while (cell < 81 && grid[cell]) cell++;
    if (cell == 81) return 1;
    int r = cell / 9, c = cell % 9, b = r / 3 * 3 + c / 3;
    for (int d = 1; d <= 9; d++) {
        int bit = 1 << d;
        if ((rows[r] | cols[c] | boxes[b]) & bit) continue;
        rows[r] |= bit; cols[c] |= bit; boxes[b] |= bit; grid[cell] = d;
        if (search(cell + 1)) return 1;
        rows[r] &= ~bit; cols[c] &= ~bit; boxes[b] &= ~bit; grid[cell] = 0;
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: buaa-plain -c N [FIRST] | -s FILE | -p N SEED [FIRST]\n");
        return 2;
    }
    out = fopen("sudoku.txt", "w");
    if (!out) { perror("sudoku.txt"); return 2; }
    if (!strcmp(argv[1], "-c")) {
        grids(atol(argv[2]), argc > 3 ? atoi(argv[3]) : 1, print_grid, NULL);
    } else if (!strcmp(argv[1], "-p") && argc > 3) {
        rng ^= strtoull(argv[3], NULL, 10) * 0x9E3779B97F4A7C15ULL;
        if (!rng) rng = 1;
        grids(atol(argv[2]), argc > 4 ? atoi(argv[4]) : 1, print_puzzle, NULL);
    } else if (!strcmp(argv[1], "-s")) {
        FILE *in = fopen(argv[2], "r");
        if (!in) { perror(argv[2]); return 2; }
        for (;;) {
            int k;
            for (k = 0; k < 81 && fscanf(in, "%d", &grid[k]) == 1; k++) {}
            if (k < 81) break;
            memset(rows, 0, sizeof rows); memset(cols, 0, sizeof cols);
            memset(boxes, 0, sizeof boxes);
            for (int i = 0; i < 81; i++) if (grid[i]) {
                int r = i / 9, c = i % 9, bit = 1 << grid[i];
                rows[r] |= bit; cols[c] |= bit; boxes[r / 3 * 3 + c / 3] |= bit;
            }
            search(0);
            print_grid(grid, NULL);
        }
        fclose(in);
    } else {
        fprintf(stderr, "usage: buaa-plain -c N [FIRST] | -s FILE | -p N SEED [FIRST]\n");
        return 2;
    }
    return fclose(out) ? 2 : 0;
}
