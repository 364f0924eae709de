//! Band-bitboard search for the standard 3x3 layout: the fast path of the bitmask solver.
//!
//! Against the any-size bitmask search on the same standard 9x9 puzzles (`cargo bench --bench
//! twins`, 2026-11-25) it is 3.3x-7.1x faster: kaggle 5.3x, serg 4.7x, 17-clue 3.8x-3.9x,
//! magictour 3.4x-3.7x, forum_hardest_1106 6.7x-7.1x (count to 2 / first).
//!
//! # Bit layout
//!
//! The grid is cut into three bands of three rows. For every digit `d` and band `b` one `u32`,
//! `f[b * 9 + d]`, holds the cells of that band where `d` is still a candidate:
//!
//! ```text
//!  bit:  29 28 27 | 26 ........ 18 | 17 ......... 9 | 8 .......... 0
//!        row open | row 2, col 8..0 | row 1, col 8..0 | row 0, col 8..0
//! ```
//!
//! The three high bits say which rows of the band still lack `d`. A row is solved for `d`
//! when it has a single candidate cell left: the bit is cleared and the cell is taken out of
//! every other digit and its column out of the other two bands of `d`.
//!
//! # Propagation
//!
//! Within one band a digit sits in exactly one "mini-row" (three cells of a row inside one box)
//! per row and per box, so the set of mini-rows it uses is one of six permutations. A table
//! indexed by the nine mini-row occupancy bits keeps only the mini-rows that belong to a
//! permutation still fully available. That one lookup gives box/line eliminations both ways,
//! hidden singles in rows and boxes (after it a row may be left with one cell), and detects a
//! digit with no room in a row or box. When the table is at a fixed point, naked singles are
//! found by bit-sliced counting of candidates per cell and, failing those, hidden singles in
//! columns by folding each digit's bands onto one row. Failing those too, locked candidates
//! between columns and boxes (the table covers rows and boxes only): a digit whose candidates
//! in a box lie in one column leaves that column in the other bands ("pointing"), and a
//! column whose candidates lie in one band pins the digit to that column of its box
//! ("claiming"). These last passes run on the digits four at a time, padded to 12, with each
//! digit's columns of all three bands packed in one word (bit `9 * band + column`), so that
//! pointing and claiming are a few shifts per digit for all bands at once. When nothing
//! moves, the search guesses on a cell with two candidates (or the fewest; the naked-singles
//! sweep has already found those cells), saving the board on a fixed stack. A loose search
//! (many cells with two candidates at its first branch, see `LOOSE_FROM`) skips the column
//! pass while its guesses go well.
//!
//! A dirty bit per word says which words changed since the table was applied to them, so only
//! those are looked at again; at a guess nothing is dirty, so a saved board needs no dirty bits.
//!
//! # Rounds in bulk (puzzles that fall to singles)
//!
//! The dirty words are a chain: each word's table waits for the last word's eliminations (a
//! table lookup on a load on a store) and for a branch on "a row was solved" that
//! mispredicts often. While few rows fall that costs little, as the words that change
//! nothing overlap; on a puzzle that falls to singles most words solve a row (kaggle: 32 of
//! its 39 passes per puzzle), and the chain was 660 of the 800 ns a kaggle puzzle took.
//! So once `BULK_AFTER` words of the chain have solved rows, if at least `BULK_FROM`
//! words are dirty, `update` runs rounds of `bulk` until fewer than `BULK_MORE` are: every
//! word's table and single rows from the board as it stands, four words at a time in SSE2
//! lanes (eight in AVX2 lanes on the modern paths: see "CPU paths"; the table worked out
//! with shifts, `band_ways`, as SSE2 has no lookup), then every elimination at once. A
//! round is about 100 ns, all 27 words; it places on kaggle 18 cells on average (7 at
//! least) in its first round. It reaches the same fixed point as the chain (every
//! rule only strikes candidates), so the search and its guesses are unchanged.
//!
//! Measured against the solver before it (`python3 scripts/compare_engines.py 5
//! /tmp/engine-old NEW --data ../shared/data --solvers bitmask --jigsaw none --clock cpu
//! --repeat 3`, median of per-round ratios, f948335 as the old engine): see the table in
//! the commit that added it. Tried on the way (a scratch harness with both solvers in one
//! binary, chunks of 1,000 puzzles run alternately, median of the per-chunk ratios, unless
//! the engine benchmark is named):
//!
//! - A round always at the start, without `BULK_AFTER`: kaggle 1.44x but serg 0.97x in
//!   the engine benchmark (serg's first pass solves no row: 0.04 cells per puzzle by a
//!   round, where the chain's 27 idle passes take 85 ns). `BULK_AFTER` 4: kaggle 1.27x;
//!   2: 1.33x, serg and magictour 0.99-1.00x.
//! - One threshold for the first round and the next (rounds from the start): 6: 17-clue
//!   0.92x (rounds in its search too); 10: kaggle 1.49x, the rest 0.96-1.00x; 20: kaggle
//!   1.25x. With `BULK_AFTER` 2, 14 for both: 17-clue first 0.97x in the engine benchmark
//!   (its chains solve two rows in the first pass, late, and a round then places about 3
//!   cells); 20 to start and 14 to go on: 17-clue 1.01-1.02x, kaggle unchanged (1.33x).
//! - `bulk` inlined into `update`: kaggle 1.43x but serg, magictour and the hardest sets
//!   0.95-0.97x in the engine benchmark (the chain loses registers); not inlined: 0.97-1.00x.
//! - The round as scalar code with the table looked up: 135 ns a round; written so that the
//!   compiler vectorises it (computed ways, arrays of 28 words): 115 ns; in `U32x4` lanes:
//!   100-105 ns. Two rounds always at the start, looked-up table: kaggle 1.33x, serg 0.87x.
//! - Every `update` as such rounds over the dirty words only (all tables, then all
//!   eliminations, no branch per word): kaggle 1.53x rather than 1.44x, serg 0.96x.
//! - A digit losing a solved cell dirty only when that empties one of its mini-rows or
//!   leaves a row with one cell (checked in four lanes): 48% of serg's passes change
//!   nothing, but serg 0.97x, forum_hardest_1106 0.96x, kaggle 1.50x rather than 1.58x.
//! - The nine-digit elimination in `process` kept scalar, against store-forwarding stalls
//!   (its vector loads follow scalar stores to the same words): kaggle and serg 0.95x. The
//!   band's words loaded one by one in `singles`, `column_singles` and `two_candidates`,
//!   likewise: 0.91-0.95x on every set.
//!
//! # Tried and rejected (same run, same machine, CPU time)
//!
//! - Fixed-order sweeps over all 27 words testing each one's dirty bit: 0.8x on the 17-clue
//!   and hardest sets (a branch per word, mispredicted whenever the dirty set changes).
//! - Picking the next dirty word with `trailing_zeros` and an indirect jump to a per-word
//!   copy of the code: slower still than the sweeps.
//! - Round-robin order among dirty words instead of lowest first: no better, more code.
//! - Passes over all 27 words with no dirty tracking and all eliminations done in bulk:
//!   about 0.4x on the hardest set (many more passes per guess).
//! - Doing a word's eliminations even when no row was just solved, to save the branch: more
//!   instructions (+25%) for fewer mispredictions; slower overall (0.85x).
//! - Without hidden singles in columns: 6x the guesses on 17-clue puzzles, 0.6x the speed.
//! - Without the column/box locked candidates: 1.6x the guesses on magictour_top1465, 1.1x
//!   on forum_hardest, 2.1x on 17-clue; 0.75x the speed on magictour, 0.85x on 17-clue.
//!   Running them only when there is no cell with two candidates keeps most of the guesses.
//! - Finding a word's single rows with one branch-free carry trick on the whole word (a
//!   subtract, an add and a multiply): 12% fewer instructions but slower (0.95x), as it
//!   lengthens the chain of latency before the mispredicted "row solved" branch.
//! - Finding single rows on the word as loaded, before the band table, to shorten that chain:
//!   more passes per word, more instructions and mispredicts (0.85x).
//! - Guessing on the first bivalue cell: 15-25% more guesses than the rule in `guess`.
//!   Scoring each bivalue cell by the bivalue cells in its row, column and box: 10% fewer
//!   guesses again but slower overall (the scoring costs more than it saves).
//!
//! Later, instructions counted with callgrind (10,000 17-clue puzzles and 1,000 of
//! forum_hardest, limit 1), wall time from alternating runs:
//!
//! - Marking a digit that loses a solved cell dirty only when that leaves the cell's
//!   mini-row empty or its row with one cell (the only changes a fixed point can see): 15%
//!   fewer band-table passes, but the loop over the band's digits stops vectorising: 12%
//!   more instructions on 17-clue, 14% on forum_hardest.
//! - The "other columns of the box" of the column/box pass as a 512-entry table: 6% more
//!   instructions on forum_hardest (the shifts vectorise over the digits, lookups do not).
//! - Within the chosen row, preferring a cell whose column holds another bivalue cell: 2-5%
//!   fewer guesses on every set, wall time unchanged (0.99-1.02x). Breaking ties towards the
//!   first row and cell: 6-11% more guesses at limit 2. Trying a cell's highest candidate
//!   first: 7% fewer guesses on 17-clue at limit 1 but 3-9% more on the hard sets and serg.
//! - Keeping the bivalue cells found by the naked-singles pass for the guess rather than
//!   counting again: 1% more instructions on 17-clue, none fewer on forum_hardest. (Kept
//!   later all the same, for serg's wall time: see "Serg" below.)
//! - A per-cell table for band and bit in `setup`, or the band in `WORDS` to spare a
//!   division in `process`: 0.6-2.7% more instructions, as the inlined search loop is
//!   register-allocated worse. `#[inline(never)]` on the cold functions: 0.6-1.5% more.
//! - Padding each band to 12 words (three whole vectors of four) with a 64-bit dirty set:
//!   11% more instructions on both sets; the 12-lane loop in `process` and its reduction
//!   to dirty bits compile longer than the 9-lane one.
//! - Reading the solution with one `trailing_zeros` per row of each word (every row holds
//!   one cell once solved) rather than a loop over the cells: 0.7% fewer instructions on
//!   17-clue, no faster (0.98-1.00x).
//!
//! # Serg (issue 20: puzzles with many solutions, a guess every fixed point or so)
//!
//! Where serg's time goes (count to 2; counters per guess point, `perf record -e cpu-clock`
//! with line tables): 15.1 `process` passes (6.8 solving a row, 7.3 changing nothing), 1.55
//! naked-singles sweeps (0.42 placing), 1.13 column passes (0.04 column singles found, 0.09
//! pointing or claiming), 0.18 backtracks, 0.03 contradictions: with many solutions nearly
//! every guess is right, and the search is a descent of about 7 guess points, each a short
//! chain and the fixed-point passes. Time: the chain of `process` 53-58%, column pass and
//! pointing 16% (11% after the changes below), naked singles 7%, the guess 5-7%, `setup` and
//! reading the solution about 6%.
//!
//! Kept (`python3 scripts/compare_engines.py 9 PREVIOUS NEW --data /work/shared/data
//! --solvers bitmask --jigsaw none --clock cpu --repeat 3`, median of per-round ratios,
//! count2 / first, each against the step before):
//!
//! - The cells with two candidates taken from the naked-singles sweep (one more bit-sliced
//!   counter) rather than counted again at the guess: serg 1.03x / 1.07x, 17-clue 1.03x /
//!   0.99x, magictour 1.01x / 1.02x.
//! - Pointing and claiming on one packed word per digit (the other bands are the word
//!   turned by 9 and 18 bits) rather than per band: serg 1.04x / 1.04x, 17-clue 1.05x /
//!   1.00x, magictour 1.02x / 1.03x.
//! - The column pass building those packed words as it folds the rows, and from the board
//!   directly rather than a padded copy: 1.00-1.03x and 1.00-1.01x on every set.
//!
//! Together, against f948335 (same command, 21 rounds, all five sets): serg 1.09x / 1.09x
//! (main was about 1.00x), kaggle 1.36x / 1.35x, 17-clue 1.05x / 1.05x, magictour 1.05x /
//! 1.05x, forum_hardest_1106 1.01x / 1.01x; short of the 1.15x on serg that issue 20 asks.
//! Tried and rejected (same command, against the step before):
//!
//! - No look at whether to run `bulk` once the search has guessed (its `count_ones` shows
//!   3.7% of serg's samples): serg 0.97x / 0.99x, 17-clue 0.99x, magictour 0.99-1.00x; the
//!   samples are skid from the mispredicted "row solved" branch next to it.
//! - A digit's other bands marked dirty on losing a column only when that changes their
//!   mini-row occupancy or leaves an open row with one cell (exact: the guesses are
//!   unchanged): 0.89-0.90x on 17-clue, magictour and forum_hardest, serg 0.94x first; the
//!   test lengthens the branch of every solved row more than the passes it spares.
//! - `column_singles` not inlined: 0.98-1.02x. The naked-singles sweep with one branch for
//!   the three bands (a band with no single placed as a no-op): 0.99-1.02x. The guessed
//!   cell's digits found in SSE2 lanes rather than a loop over the nine words: 0.99-1.01x.
//! - Other cells to guess on (guesses per puzzle, count2 / first; now 17-clue 1.70 / 1.04,
//!   magictour 25.87 / 14.24, serg 8.12 / 6.36, forum_hardest is heavy and unchanged): the
//!   column with the most cells of two candidates 1.73 / 1.04, 26.09 / 14.28, 7.92 / 6.15;
//!   the box with the most 1.83 / 1.11, 27.16 / 14.92, 8.20 / 6.41; the row with the fewest
//!   open cells 2.05 / 1.22, 29.65 / 16.66, 8.20 / 6.66; the most such cells, then the
//!   fewest open ones 1.67 / 1.01, 26.44 / 15.09, 8.18 / 6.46; the row or column with the
//!   most (ties to the row) 1.68 / 1.02, 25.28 / 14.01, 8.14 / 6.39, (ties to the column)
//!   1.69 / 1.02, 26.00 / 14.02, 8.07 / 6.29. None gains on every set, and serg's best is 3%.
//!
//! Then the lazy column pass (`LOOSE_FROM`): a search with at least 8 cells of two candidates
//! at its first branch skips the column pass from its first guess, guessing instead, until a
//! contradiction; after one, a column pass that finds nothing turns the skipping back on.
//! Serg's column passes found something at 0.13 of its guess points, and a guess there is
//! nearly always right, so it trades most of them for 1% more guesses (count2 / first: serg
//! 8.12 -> 8.22 / 6.36 -> 6.45, 17-clue 1.70 -> 1.75 / 1.04 -> 1.08, magictour 25.87 -> 26.53 /
//! 14.24 -> 14.64; forum_hardest is heavy and unchanged). Against da8001f (same command, 11
//! rounds): serg 1.06x / 1.06x, 17-clue 0.99x / 1.00x, magictour 0.99x; then lazy from the
//! first guess rather than from the first column pass after it that finds nothing: serg a
//! further 1.02x / 1.02x, 17-clue and magictour 0.99-1.00x. Against f948335 (21 rounds, six
//! sets): serg 1.18x / 1.18x, kaggle 1.36x / 1.34x, 17-clue 1.03x / 1.05x, magictour 1.04x /
//! 1.03x, both forum_hardest sets 1.02x. On the way, against da8001f:
//!
//! - The column pass skipped at every fixed point after the first guess that has a cell with
//!   two candidates, whatever the puzzle: serg 1.05x / 1.06x, magictour 0.86x. The same until
//!   the search's first contradiction only: serg 1.05x, magictour 0.96-0.97x, 17-clue
//!   0.97-0.99x; only from the second guess on: 17-clue 0.94-0.97x, magictour 0.93-0.98x.
//!   After one, two or three column passes in a row that find nothing (a contradiction or a
//!   find resets the count), any puzzle: serg 1.05x / 1.03-1.04x / 1.02x, magictour
//!   0.96-0.97x / 0.99-1.00x / 0.99x. The gate on the cells with two candidates at the first
//!   branch is what spares magictour: from 6 of them, magictour 0.98x; from 11, serg only
//!   1.05x and 17-clue 0.97-1.00x.
//! - Proving the second solution by an exchange, when counting to two: two rows of a band (or
//!   columns of a stack) whose digits on some free cells are the same set in both swap them
//!   there, giving another solution. 78% of serg's first solutions have one (rows 60%,
//!   columns 46%) and it spares 15% of the guesses, but finding one (or none, on a unique
//!   puzzle) cost 200-400 ns by following the cycles of the column map: serg count2 0.93x,
//!   magictour 0.95x.
//! - `setup` from one SSE2 byte compare per sixteen cells per digit and branch-free clash
//!   masks rather than the loop over the givens: slower (timed as five `setup`s per solve:
//!   kaggle 0.73x, 17-clue 0.84x, serg 0.90x).
//! - Builds for newer CPUs (not a runtime choice, to see what they give): `target-cpu =
//!   x86-64-v3`: kaggle 1.10-1.14x but serg 0.96-0.97x, magictour and forum_hardest
//!   0.98-0.99x; `popcnt`, `bmi1`, `bmi2` and `lzcnt` alone: 0.99-1.02x everywhere; with
//!   `pext` for the mini-row occupancy in `process` on top of those: the hard sets 1.04-1.07x,
//!   serg 1.00-1.02x. Not taken then: a runtime switch for 2% on serg, and `pext` is slow
//!   microcode on AMD CPUs before Zen 3. Taken since, as a runtime choice: see "CPU paths".
//!
//! # CPU paths (issue 31: one portable binary at native speed)
//!
//! The search is compiled three times, and each solver picks one copy when it is built
//! ([`CpuPath::detect`]: `is_x86_feature_detected!`, and CPUID for whether `pext` is fast):
//! [`CpuPath::Baseline`] (what the build targets: baseline x86-64 for a portable binary), and
//! for CPUs with AVX2, BMI1, BMI2, POPCNT and LZCNT [`CpuPath::Modern`] (with `pext` in
//! `process`) or [`CpuPath::ModernSlowPext`] (without, for AMD before Zen 3). Each copy is
//! one `#[inline(never)]` function (`solve_baseline`, `solve_modern`, `solve_pext`) into which
//! the search loop is inlined as the one `solve` was before (the functions it inlined are
//! `#[inline(always)]`, since with several callers LLVM no longer inlines the big ones by
//! itself); `bulk` keeps an out-of-line copy per path. Every copy reaches the same fixed
//! points, so the answers, the guesses and their order are the same
//! (`both_cpu_paths_search_alike`). `CpuPath::force` and the engine benchmark's `--cpu-path`
//! time them side by side.
//!
//! The modern paths' `bulk` is its own round in eight AVX2 lanes (`bulk_modern_features`):
//! four vectors of words (one per band for digits 0 to 7, one for the three bands' digit 8)
//! where the SSE2 round has nine, the cells solved per band folded across lanes in three
//! shuffles. Each word's part (`strike`: the band table, then the single rows) is one function
//! over `lanes::Lanes`, which both rounds call in their width; it compiles to the same
//! instructions as the intrinsics written out (320 in the AVX2 round against 324, none
//! called). The round strikes what the SSE2 round strikes (a test runs both round after round
//! on set-up boards and random contradictions). Against the SSE2 round on the same
//! path (`python3 scripts/compare_engines.py R ENGINE_OLD ENGINE_NEW --solvers bitmask
//! --jigsaw none --clock cpu`, pinned to one core, load 0.3-1.4; AMD EPYC family 0x19 model
//! 0x11, with AVX-512, so Zen 4, on 2026-11-28), count2 / first: kaggle 1.10x / 1.14x
//! (9 rounds of 5 passes; 1.09x / 1.07x in a 5-round run), 17-clue 1.04x / 1.01x,
//! magictour 0.99x / 1.01x, forum_hardest_1905 1.03x / 1.03x, forum_hardest_1106 1.00x /
//! 1.04x, serg 1.01x / 1.01x. Rounds are a third of a kaggle puzzle's time, and rare in the
//! hard sets' searches.
//!
//! Measured on an AMD EPYC (Zen 3, family 0x19, KVM guest, 2 cores; the only CPU at hand)
//! with a scratch harness holding the variants in one binary, interleaved per chunk of about
//! 10 ms of puzzles, the solving thread's CPU time, median of per-chunk ratios against the
//! baseline path (count2 / first; load 12-16 on the 2 cores, so about +-2%):
//!
//! - The loss on serg of the x86-64-v3 build is AVX2 in the search loop. All five features
//!   on the loop and on `bulk`: serg 0.98x / 0.98x, kaggle 1.07x / 1.07x; AVX2 alone on
//!   both: serg 0.97x / 0.98x; BMI, POPCNT and LZCNT on the loop and AVX2 only in `bulk`:
//!   serg 1.04x / 1.05x, kaggle 1.11x / 1.11x. With AVX2 the compiler widens the nine-digit
//!   loops of `process`, the naked-singles sweep and the column pass to 256-bit vectors (378
//!   ymm instructions in the loop: masked loads `vpmaskmovd`, `vpblendd`, `vinserti128`
//!   around eight digits and a ninth), which on serg's short chains of `process` costs more
//!   than it saves; the rounds of `bulk`, already in vector lanes, gain from AVX2's
//!   three-operand forms (every feature on the loop but `bulk` on baseline code: kaggle only
//!   1.02x / 1.01x).
//! - One feature at a time on the loop (`bulk` with all five): POPCNT serg 1.01x / 1.01x,
//!   kaggle 1.09x / 1.08x; BMI1 and BMI2 serg 1.02x / 1.02x, kaggle 1.08x / 1.08x.
//! - `pext` gathering the mini-row occupancy in `process` (one instruction for three table
//!   lookups and their shifts), on top of BMI, POPCNT and LZCNT: serg 1.075x / 1.080x
//!   (against 1.024x / 1.031x without), kaggle 1.12x / 1.13x (1.09x), 17-clue 1.09x /
//!   1.09x (1.03x / 1.04x), magictour 1.07x / 1.07x (1.03x), forum_hardest_1905 1.07x /
//!   1.08x (1.03x / 1.01x), forum_hardest_1106 1.07x / 1.08x (1.02x). Kept, but not on AMD
//!   before family 0x19, where `pext` is microcode taking tens to hundreds of cycles
//!   (`ModernSlowPext`, the "without" figures; not measured on such a CPU).
//! - rustc inlined `bulk`'s `#[target_feature]` copy into the search loop although it was
//!   marked `#[inline(never)]` (the cost the "Rounds in bulk" notes measure); a wrapper
//!   without the features around it keeps it out of line, as LLVM cannot inline a function
//!   into a caller that lacks its features.
//!
//! Side by side with a `-C target-cpu=native` build of the same harness (3 rounds of separate
//! processes alternating, the first 3,000 puzzles of each set, median rates and median
//! per-round ratios to the baseline path, count2 / first, load 13-15 on the 2 cores): the
//! dispatched path (`Modern`) kaggle 1.06x / 1.12x, 17-clue 1.03x / 1.08x, magictour 1.04x /
//! 1.05x, forum_hardest_1905 1.06x / 1.08x, forum_hardest_1106 1.09x / 1.12x, serg 1.06x /
//! 1.00x; the native build kaggle 1.05x / 1.06x, 17-clue 0.98x / 0.97x, magictour 1.03x /
//! 1.05x, forum_hardest_1905 1.03x / 1.03x, forum_hardest_1106 1.01x / 1.16x, serg 1.00x /
//! 0.97x. The portable binary is at or above the native build everywhere but
//! forum_hardest_1106 first (375 puzzles, the noisiest row).
//!
//! # The heavy search (hardest puzzles)
//!
//! A puzzle whose first branch has at least 48 open cells and at most two cells with two
//! candidates gets the heavy search: the column pass keeps only the mini-columns on a way to
//! place each digit in its stack (which also covers pointing and claiming), triads run at
//! each fixed point (a digit's mini-rows and mini-columns, four digits at a time in SSE2
//! lanes, see `super::lanes`), and the search branches on a digit's ways through the band or
//! stack with the fewest open digits, taking first the way with the fewest candidate cells.
//! About half the guesses on the hardest sets, at about 1.35x the time per guess. Every other
//! puzzle keeps the light search above, unchanged.
//!
//! Measured against the solver before the heavy search (`python3 scripts/compare_engines.py
//! 5 OLD NEW --solvers bitmask --jigsaw none --clock cpu --repeat 3`, median of per-round
//! ratios): forum_hardest_1905 count2 1.41x, first 1.34x; forum_hardest_1106 count2 1.99x,
//! first 1.98x; magictour 1.03x / 1.04x; 17-clue 1.03x / 1.01x; kaggle 1.10x / 1.04x; serg
//! 1.01x / 1.01x.
//!
//! Tried and rejected on the way (per-puzzle times, minimum of 5, summed over each set,
//! relative to the light search; count to 2):
//!
//! - Heavy from 48 open cells whatever the cells with two candidates: 17-clue 1.07x the time
//!   (0.93x the speed in the engine benchmark), as its puzzles with many open cells and many
//!   such cells need as many guesses or more on ways (18 -> 32 per puzzle with two of them),
//!   each dearer. A higher open-cell threshold alone does not separate them (at 56: 17-clue
//!   still 1.05x, forum_hardest_1905 0.76x instead of 0.73x); at most one such cell instead
//!   of two: 17-clue 1.008x but forum_hardest_1905 0.79x, too slow for 1.30x the crate.
//! - Per guess, a cell with two candidates when there is one, or when the best way has more
//!   than two, three or four alternatives: forum_hardest_1905 0.84-1.12x, 1106 0.62-1.11x
//!   instead of 0.73x and 0.50x. The ways win there even beside cells with two candidates.
//! - Triads with cell guesses (no ways): 17-clue 0.99x but forum_hardest_1905 1.06x.
//! - Starting light and restarting heavy after 16, 32 or 64 guesses: the guesses spent before
//!   the restart cost the hardest sets up to 0.91x instead of 0.73x.
//! - The candidates per open cell at the first branch as a predictor: 3.5-4.5 on both 17-clue
//!   and forum_hardest, no separation.
//! - The stack filter in the light search too: 17-clue count2 0.93x in the engine benchmark
//!   for the same instructions (callgrind, 3,000 puzzles: 257.7M against 260.1M).

#[cfg(target_arch = "x86_64")]
use super::lanes::U32x8;
use super::lanes::{Lanes, U32x4};
use super::{Outcome, Solver};
use crate::model::cells::nonzero_flags;
use crate::model::{CELLS, Grid, Puzzle};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU8, Ordering};

/// The 27 cell bits of a band word.
const LOW: u32 = 0x7ff_ffff;
/// The three "row still open" bits of a band word.
const HIGH: u32 = 0x3800_0000;
/// The cells of each row of a band.
const ROW: [u32; 3] = [0x1ff, 0x1ff << 9, 0x1ff << 18];
/// Multiplying a 9-bit row pattern by this repeats it in all three rows: a column mask.
const COLUMN_SPREAD: u32 = 1 | 1 << 9 | 1 << 18;
/// The two other bands of each band.
const OTHER: [(usize, usize); 3] = [(1, 2), (0, 2), (0, 1)];

/// Row pattern (9 bits) -> which of its three boxes hold a candidate (3 bits).
static SHRINK: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 3 {
            if (x >> (3 * k)) & 7 != 0 {
                t[x] |= 1 << k;
            }
            k += 1;
        }
        x += 1;
    }
    t
};

/// Number of cells in a row pattern (9 bits): a lookup, as the build targets CPUs that may
/// lack a population-count instruction.
static POP9: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        t[x] = (x as u32).count_ones() as u8;
        x += 1;
    }
    t
};

/// [`SHRINK`] shifted into place for each row of a band, sparing two shifts per word.
static SHRINKS: [[u16; 512]; 3] = {
    let mut t = [[0u16; 512]; 3];
    let mut x = 0;
    while x < 512 {
        let mut r = 0;
        while r < 3 {
            t[r][x] = (SHRINK[x] as u16) << (3 * r);
            r += 1;
        }
        x += 1;
    }
    t
};

/// The six ways a digit can sit in a band: the box of its mini-row in each of the three rows
/// (or, for a stack, the column of its mini-column in each of the three bands).
const PERMS: [[u32; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// The mini-row occupancy bits (`3 * row + box`) of each of [`PERMS`].
const fn perm_bits(p: usize) -> u32 {
    (1 << PERMS[p][0]) | (1 << (3 + PERMS[p][1])) | (1 << (6 + PERMS[p][2]))
}

/// Mini-row occupancy (bit `3 * row + box`; for a stack, `3 * band + column`) -> which of
/// [`PERMS`] lie wholly inside it (bits 0..6) and how many they are (bits 8..).
static PERMS_IN: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut m = 0;
    while m < 512 {
        let mut p = 0;
        while p < 6 {
            if m as u32 & perm_bits(p) == perm_bits(p) {
                t[m] += 1 << 8 | 1 << p;
            }
            p += 1;
        }
        m += 1;
    }
    t
};

/// The cells of a band word that [`PERMS`] `p` keeps, plus [`HIGH`]: a branch of the search.
static PERM_CELLS: [u32; 6] = {
    let mut t = [HIGH; 6];
    let mut p = 0;
    while p < 6 {
        let mut r = 0;
        while r < 3 {
            t[p] |= 7 << (9 * r as u32 + 3 * PERMS[p][r]);
            r += 1;
        }
        p += 1;
    }
    t
};

/// Mini-row occupancy (bit `3 * row + box`) -> mask of the cells in mini-rows that belong to
/// a permutation (one mini-row per row and per box) lying wholly inside the occupancy, plus
/// [`HIGH`]; 0 when there is no such permutation.
static BAND: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let mut allowed = 0u32;
        let mut p = 0;
        while p < 6 {
            let bits = perm_bits(p);
            if m as u32 & bits == bits {
                allowed |= bits;
            }
            p += 1;
        }
        if allowed != 0 {
            let mut mask = HIGH;
            let mut k = 0;
            while k < 9 {
                if allowed & (1 << k) != 0 {
                    mask |= 7 << ((k / 3) * 9 + (k % 3) * 3);
                }
                k += 1;
            }
            t[m] = mask;
        }
        m += 1;
    }
    t
};

/// The cells of the rows of a band named by a 3-bit row mask.
const ROWS: [u32; 8] = {
    let mut t = [0u32; 8];
    let mut m = 0;
    while m < 8 {
        let mut r = 0;
        while r < 3 {
            if m & (1 << r) != 0 {
                t[m] |= 0x1ff << (9 * r);
            }
            r += 1;
        }
        m += 1;
    }
    t
};

/// Band word `w` with every cell of `h` (candidates of `w`) made the only candidate of its
/// row, and a value that is non-zero when two cells of `h` share a row. Masks rather than a
/// table lookup, so that a loop over a band's digits vectorises.
#[inline(always)]
fn keep_only(w: u32, h: u32) -> (u32, u32) {
    let (h0, h1, h2) = (h & ROW[0], h & ROW[1], h & ROW[2]);
    let clear = (ROW[0] & ((h0 != 0) as u32).wrapping_neg())
        | (ROW[1] & ((h1 != 0) as u32).wrapping_neg())
        | (ROW[2] & ((h2 != 0) as u32).wrapping_neg());
    let clash = (h0 & h0.wrapping_sub(1)) | (h1 & h1.wrapping_sub(1)) | (h2 & h2.wrapping_sub(1));
    ((w & !clear) | h, clash)
}

/// Per cell: its row (bit 0..9), column (bit 9..18) and box (bit 18..27).
static UNITS: [u32; CELLS] = {
    let mut t = [0u32; CELLS];
    let mut p = 0;
    while p < CELLS {
        let (r, c) = (p / 9, p % 9);
        t[p] = 1 << r | 1 << (9 + c) | 1 << (18 + r / 3 * 3 + c / 3);
        p += 1;
    }
    t
};

/// Per word `i = 9 * band + digit`: the same digit's words in the two other bands, and the
/// band's first word. A lookup is cheaper than dividing by 9 on every word processed.
static WORDS: [[u8; 3]; 27] = {
    let mut t = [[0u8; 3]; 27];
    let mut i = 0;
    while i < 27 {
        let (b, d) = (i / 9, i % 9);
        let (b1, b2) = OTHER[b];
        t[i] = [(b1 * 9 + d) as u8, (b2 * 9 + d) as u8, (b * 9) as u8];
        i += 1;
    }
    t
};

/// Which copy of the search a function is inlined into (see [`CpuPath`]): baseline x86-64.
const BASELINE: u8 = 0;
/// The modern path without `pext` (AMD CPUs before Zen 3, where it is slow microcode).
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
const NO_PEXT: u8 = 1;
/// The modern path with `pext`.
const PEXT: u8 = 2;

/// The bits of `x` under `mask`, gathered to the low bits: BMI2's `pext`, in the [`PEXT`]
/// copy of the search only.
#[inline(always)]
fn pext(x: u32, mask: u32) -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: called only from the `PEXT` copy of the search, inlined into
        // `solve_pext`, which runs only where `CpuPath::detect` found BMI2.
        unsafe { std::arch::x86_64::_pext_u32(x, mask) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let (mut out, mut bit, mut m) = (0, 1, mask);
        while m != 0 {
            out |= ((x & m & m.wrapping_neg() != 0) as u32) * bit;
            bit <<= 1;
            m &= m - 1;
        }
        out
    }
}

/// Applies the band table to word `i` and solves the rows it leaves with one cell, marking
/// the words that this changes as dirty; false on a contradiction.
#[inline(always)]
fn process<const PATH: u8>(board: &mut Board, dirty: &mut u32, solved: &mut u32, i: usize) -> bool {
    let [j1, j2, base] = WORDS[i];
    let (j1, j2, base) = (j1 as usize, j2 as usize, base as usize);
    let f = &mut board.f;
    let mut x = f[i];
    let m = if PATH == PEXT {
        // The mini-rows (bit `9 * row + 3 * box`) gathered to `3 * row + box` by one
        // instruction rather than three lookups.
        let o = (x | x >> 1 | x >> 2) & MINI_ROWS;
        pext(o, MINI_ROWS) as usize
    } else {
        SHRINKS[0][(x & 0x1ff) as usize] as usize
            | SHRINKS[1][((x >> 9) & 0x1ff) as usize] as usize
            | SHRINKS[2][((x >> 18) & 0x1ff) as usize] as usize
    };
    // `m < 512` always; the mask only lets the compiler drop the bounds check.
    let mask = BAND[m & 511];
    if mask == 0 {
        return false;
    }
    x &= mask;
    // Every row still has a candidate here, so one subtract takes 1 from each row with no
    // borrow between them, and a row is left empty by `r & (r - 1)` exactly when it had one.
    let z = x & x.wrapping_sub(COLUMN_SPREAD);
    let single = ((z & ROW[0] == 0) as u32)
        | ((z & ROW[1] == 0) as u32) << 1
        | ((z & ROW[2] == 0) as u32) << 2;
    // Rows solved just now; their cells leave the other digits and their columns leave the
    // other bands of this digit.
    let newly = single & (x >> 27);
    if newly != 0 {
        *solved += 1;
        x &= !(newly << 27);
        let cells = x & ROWS[newly as usize];
        let cols = ((cells | cells >> 9 | cells >> 18) & 0x1ff) * COLUMN_SPREAD;
        for j in [j1, j2] {
            let y = f[j];
            f[j] = y & !cols;
            *dirty |= ((y & cols != 0) as u32) << j;
        }
        board.left[base / 9] &= !cells;
        // All nine digits of the band, this one included, so the loop has no hole and
        // vectorises; this digit's word is written back from `x` below.
        let mut changed = 0u32;
        for e in 0..9 {
            let j = base + e;
            let y = f[j];
            f[j] = y & !cells;
            changed |= ((y & cells != 0) as u32) << e;
        }
        *dirty |= (changed << base) & !(1 << i);
    }
    f[i] = x;
    true
}

/// Per lane of a 12-lane pass over the digits: the nine columns for a digit, none for the
/// padding.
const DIGIT_LANES: [u32; 12] = [
    0x1ff, 0x1ff, 0x1ff, 0x1ff, 0x1ff, 0x1ff, 0x1ff, 0x1ff, 0x1ff, 0, 0, 0,
];

/// The mini-row bits of a band word's occupancy: bit `9 * row + 3 * box`.
const MINI_ROWS: u32 = 0o111_111_111;

/// [`BAND`] computed for four (or eight) words at once: each word with its mini-rows (bit `9 *
/// row + 3 * box`) that lie on a way to place the digit in the band, one mini-row per row and
/// per box (those whose row and box can be left out to leave a 2x2 with a matching, as
/// `stack_ways` for the columns); none when there is no way. SSE2 has no table lookup, so the
/// table is worked out with shifts.
#[inline(always)]
fn band_ways<V: Lanes>(w: V) -> V {
    let k = |x| w.fill(x);
    // Row r + 1 into row r, and box c + 1 (within its row) into box c.
    let next_row = |v: V| v.shr::<9>().or(v.shl::<18>()).and(k(MINI_ROWS));
    let next_box = |v: V| {
        let down = v.shr::<3>().and(k(0o011_011_011));
        down.or(v.shl::<6>().and(k(0o100_100_100)))
    };
    let o = w.or(w.shr::<1>()).or(w.shr::<2>()).and(k(MINI_ROWS));
    let r1 = next_row(o);
    let r2 = next_row(r1);
    let (r1c1, r2c1) = (next_box(r1), next_box(r2));
    let (r1c2, r2c2) = (next_box(r1c1), next_box(r2c1));
    o.and(r1c1.and(r2c2).or(r1c2.and(r2c1)))
}

/// What a round of `bulk` makes of a vector of band words (a band and digit per lane).
struct Struck<V> {
    /// All ones in the lanes whose digit has no way left in the band.
    bad: V,
    /// The words kept to the mini-rows on a way, with the rows they solve now closed.
    x: V,
    /// The cells of the rows the words solve now.
    solved: V,
    /// Those cells' columns, in all three rows of the band.
    columns: V,
}

/// One word's part of a round of `bulk`, in four lanes (the SSE2 round) or eight (the AVX2
/// one): the band table, then the rows left with one candidate.
#[inline(always)]
fn strike<V: Lanes>(w: V) -> Struck<V> {
    let k = |x| w.fill(x);
    let ways = band_ways(w);
    let w = w.and(ways.or(ways.shl::<1>()).or(ways.shl::<2>()).or(k(HIGH)));
    // As in `process`: every row has a candidate, so one subtract finds the rows with one.
    let z = w.and(w.add(k(COLUMN_SPREAD.wrapping_neg())));
    let open = |r: usize| w.and(k(1 << (27 + r))).eq_zero();
    let lone = |r: usize| z.and(k(ROW[r])).eq_zero().and_not(open(r));
    let (n0, n1, n2) = (lone(0), lone(1), lone(2));
    let rows = n0
        .and(k(ROW[0]))
        .or(n1.and(k(ROW[1])))
        .or(n2.and(k(ROW[2])));
    let high = n0
        .and(k(1 << 27))
        .or(n1.and(k(1 << 28)))
        .or(n2.and(k(1 << 29)));
    let solved = w.and(rows);
    let c = solved
        .or(solved.shr::<9>())
        .or(solved.shr::<18>())
        .and(k(0x1ff));
    Struck {
        bad: ways.eq_zero(),
        x: w.and_not(high),
        solved,
        columns: c.or(c.shl::<9>()).or(c.shl::<18>()),
    }
}

/// For each bit set in `o` (bit `9 * line + 3 * box + k`, see [`CHUTE`]), the other mini-units
/// of its line: the same bit `k` of the other two boxes in that line's group of nine.
#[inline(always)]
fn line_mates(o: U32x4) -> U32x4 {
    let k = U32x4::splat;
    (o.shr::<3>().and(k(0o077_077_077)))
        .or(o.shr::<6>().and(k(0o007_007_007)))
        .or(o.shl::<3>().and(k(0o770_770_770)))
        .or(o.shl::<6>().and(k(0o700_700_700)))
}

/// For each bit set in `o` (27 bits, three groups of nine), the same bit of the other two
/// groups: the other mini-units of its box.
#[inline(always)]
fn box_mates(o: U32x4) -> U32x4 {
    let far = o.shr::<9>().or(o.shr::<18>());
    far.or(o.shl::<9>())
        .or(o.shl::<18>())
        .and(U32x4::splat(LOW))
}

/// A band's columns (bit `3 * stack + j`, `j` the column within its stack) -> bit
/// `9 * j + stack`: with the band at `3 * band`, the "chute" layout of mini-columns, in which
/// a column's three mini-columns (one per band) lie in one group of nine, three apart, and a
/// box's three mini-columns (one per column) in the three groups. That is the shape of the
/// mini-rows of a band word (a row's three in one group of nine, a box's in the three
/// groups), so the triad pass runs on both with the same shifts.
static CHUTE: [u32; 512] = scatter9(9);

/// The inverse of [`CHUTE`] on its bits gathered to 9 (`3 * j + stack`): -> columns.
static UNCHUTE: [u32; 512] = scatter9(3);

/// For every 9-bit pattern, its bit `k` moved to bit `step * (k % 3) + k / 3`: a 3x3
/// transpose, into groups `step` apart ([`CHUTE`] 9, [`UNCHUTE`] 3).
const fn scatter9(step: u32) -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut c = 0;
    while c < 512 {
        let mut k = 0;
        while k < 9 {
            if c & (1 << k) != 0 {
                t[c] |= 1 << (step * (k % 3) + k / 3);
            }
            k += 1;
        }
        c += 1;
    }
    t
}

/// The mini-columns of `v` (bit `9 * band + column`) that lie on a way to place the digit in
/// its stack, one mini-column per band and per column: those whose band and column can be
/// left out to leave a 2x2 with a matching. All three stacks at once.
#[inline(always)]
fn stack_ways(v: U32x4) -> U32x4 {
    let k = U32x4::splat;
    // Band b + 1 into band b, and column c + 1 (within its stack) into column c.
    let next_band = |v: U32x4| v.shr::<9>().or(v.shl::<18>()).and(k(LOW));
    let next_col = |v: U32x4| {
        let down = v.shr::<1>().and(k(0o333_333_333));
        down.or(v.shl::<2>().and(k(0o444_444_444)))
    };
    let b1 = next_band(v);
    let b2 = next_band(b1);
    let (b1c1, b2c1) = (next_col(b1), next_col(b2));
    let (b1c2, b2c2) = (next_col(b1c1), next_col(b2c1));
    v.and(b1c1.and(b2c2).or(b1c2.and(b2c1)))
}

/// Locked candidates between columns and boxes from the columns of each digit's open
/// candidates, all three bands in one word (`cols[digit]`, bit `9 * band + column`): the
/// columns each digit loses in each band (same layout), or None when it loses none. At a
/// fixed point of the band table a digit has no candidate in a column it is placed in
/// elsewhere, so a lost column is a lost open candidate. The light search's column pass:
/// cheaper than `stack_ways`, which finds these and more.
#[inline(always)]
fn pointing(cols: &[u32; 12]) -> Option<[u32; 12]> {
    // One pass over a digit's word does all three bands; a band's others are the word
    // turned by 9 and by 18 bits.
    let turn9 = |v: u32| ((v << 9) | (v >> 18)) & LOW;
    let turn18 = |v: u32| ((v << 18) | (v >> 9)) & LOW;
    // The other columns of the same box as each column, in every band at once.
    let others = |y: u32| {
        ((y >> 1) & 0o333_333_333)
            | ((y >> 2) & 0o111_111_111)
            | ((y << 1) & 0o666_666_666)
            | ((y << 2) & 0o444_444_444)
    };
    let mut lost = [0u32; 12];
    let mut any = 0;
    for d in 0..12 {
        let v = cols[d];
        let lone = v & !others(v);
        // Pointing: the digit's only column in a box of another band leaves this band.
        // Claiming: a column only this band has pins the digit to that column within its
        // box here.
        let e = turn9(lone) | turn18(lone) | others(v & !turn9(v) & !turn18(v));
        lost[d] = e & v;
        any |= e & v;
    }
    (any != 0).then_some(lost)
}

/// The code paths the band solver is compiled into, one chosen per solver at run time: the
/// same search, so the same answers, guesses and order, on either. See "CPU paths" in the
/// module doc.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CpuPath {
    /// Compiled for what the build targets (baseline x86-64 for a portable build).
    Baseline,
    /// Compiled for x86-64 CPUs with AVX2, BMI1, BMI2, POPCNT and LZCNT (Haswell, Zen 3 and
    /// later; x86-64-v3 less FMA, MOVBE and F16C, which integer code does not use): the
    /// search loop with BMI, POPCNT and LZCNT (`pext` in `process`), the rounds of `bulk`
    /// with AVX2 too.
    Modern,
    /// [`CpuPath::Modern`] without `pext`, for AMD CPUs before Zen 3 (and Hygon's), which
    /// have it as slow microcode.
    ModernSlowPext,
}

/// [`CpuPath::chosen`] forced by [`CpuPath::force`]: 0 none, 1 baseline, 2 modern.
static FORCED: AtomicU8 = AtomicU8::new(0);

impl CpuPath {
    /// The fastest path this CPU runs, found once per process: CPUID traps to the hypervisor
    /// in a virtual machine (about 5 µs each in a Firecracker guest), and every band solver
    /// asks when it is built (a `solve --format auto` of one line built 56 before issue 31,
    /// and spent a fifth of its 2 ms here).
    pub fn detect() -> CpuPath {
        static DETECTED: OnceLock<CpuPath> = OnceLock::new();
        *DETECTED.get_or_init(CpuPath::detect_now)
    }

    fn detect_now() -> CpuPath {
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("lzcnt")
        {
            return if slow_pext() {
                CpuPath::ModernSlowPext
            } else {
                CpuPath::Modern
            };
        }
        CpuPath::Baseline
    }

    /// The path solvers built from now on take: the one [`CpuPath::force`] set, else
    /// [`CpuPath::detect`]'s.
    pub fn chosen() -> CpuPath {
        match FORCED.load(Ordering::Relaxed) {
            1 => CpuPath::Baseline,
            2 => CpuPath::Modern,
            3 => CpuPath::ModernSlowPext,
            _ => CpuPath::detect(),
        }
    }

    /// Makes solvers built from now on (by [`BandSolver::new`], so by every solver kind that
    /// holds one) take `path`, or the detected one with None: for benchmarks that time the
    /// paths side by side. A path this CPU cannot run falls back to [`CpuPath::Baseline`].
    pub fn force(path: Option<CpuPath>) {
        let code = match path {
            None => 0,
            Some(p) if !p.runs_here() => 1,
            Some(CpuPath::Baseline) => 1,
            Some(CpuPath::Modern) => 2,
            Some(CpuPath::ModernSlowPext) => 3,
        };
        FORCED.store(code, Ordering::Relaxed);
    }

    /// Whether this CPU has every instruction the path uses (either modern path runs where
    /// one does: `pext` is slow on some CPUs, not missing).
    pub fn runs_here(self) -> bool {
        self == CpuPath::Baseline || CpuPath::detect() != CpuPath::Baseline
    }
}

/// Whether `pext` is microcode here: AMD (and Hygon) CPUs before family 0x19 (Zen 3), where
/// it takes tens to hundreds of cycles against three on Intel's and Zen 3's.
#[cfg(target_arch = "x86_64")]
fn slow_pext() -> bool {
    use std::arch::x86_64::__cpuid;
    let id = __cpuid(0);
    let vendor = [id.ebx, id.edx, id.ecx];
    let amd = vendor == [0x6874_7541, 0x6974_6e65, 0x444d_4163] // "AuthenticAMD"
        || vendor == [0x6f67_7948, 0x6e65_476e, 0x656e_6975]; // "HygonGenuine"
    let eax = __cpuid(1).eax;
    let family = match (eax >> 8) & 0xf {
        0xf => 0xf + ((eax >> 20) & 0xff),
        f => f,
    };
    amd && family < 0x19
}

/// The search state that is saved at a guess.
#[derive(Clone, Copy)]
struct Board {
    /// Candidates of digit `d` in band `b` at `b * 9 + d`, see the module docs.
    f: [u32; 27],
    /// Cells of each band not yet solved.
    left: [u32; 3],
}

/// A guess point: the board before the guess, what was guessed on (`unit`, see
/// `BandSolver::settle`) and the alternatives still to try (ways or digits).
#[derive(Clone, Copy)]
// 128 bytes, as before `unit` replaced a cell's band and bit: the saved boards stay 16-byte
// aligned for their copies. (No measured effect either way; kept for a steady layout.)
#[repr(align(16))]
struct Frame {
    board: Board,
    unit: u8,
    alts: u16,
}

/// Branch numbers from here on are cells (band * 27 + bit); below, a digit's ways in a band
/// or stack.
const CELL_UNITS: usize = 64;

/// What propagation left the board as.
enum State {
    Failed,
    Solved,
    Open,
}

/// What a naked-singles sweep did.
enum Singles {
    Failed,
    Placed,
    None,
}

/// Open cells at the first branch from which a search runs the triads and guesses on a
/// digit's ways in a band or stack (else: no triads, and a cell with two candidates). The
/// heavy search halves the guesses on the hardest sets but costs more per guess, and its
/// first guesses matter most (switching to it after a few cheap ones loses most of the gain:
/// 1.2x the instructions of heavy from the start on forum_hardest). Open cells at the first
/// branch (quartiles): forum_hardest 56-58, magictour 52-56, 17-clue 29-42, serg 43-45;
/// serg's multi-solution searches are short, and heavy there costs 1.47x the instructions.
const HEAVY_FROM: u32 = 48;

/// Cells with two candidates at the first branch up to which a search is heavy (see
/// [`HEAVY_FROM`]). The hardest puzzles have few (forum_hardest_1905: 0-2 for 95% of them);
/// 17-clue puzzles with many open cells but more of those need as many guesses on ways as
/// on cells or more (with three: 34 against 17 per puzzle at limit 2), each dearer.
const HEAVY_TWO_AT_MOST: u32 = 2;

/// Cells with two candidates at the first branch from which a (light) search is loose: from
/// its first guess, its fixed points skip the column pass (hidden singles in columns,
/// pointing and claiming) and guess on a cell with two candidates. A contradiction turns
/// the pass back on, and a column pass that then finds nothing turns it off again. Puzzles
/// with many solutions (serg, a guess nearly always right) trade most of their column passes
/// for a few more guesses, each right; a search that fails often runs the pass as before.
/// Cells with two candidates at the first branch, range (most often): serg 8-26 (12),
/// 17-clue 0-32 (13), magictour 0-23 (6), forum_hardest 0-2. See "Serg" in the module doc.
const LOOSE_FROM: u32 = 8;

/// Dirty words from which `update` runs a round of `bulk` rather than its chain, looked at
/// each time [`BULK_AFTER`] words have solved rows in the chain. See the module doc.
const BULK_FROM: u32 = 20;

/// Dirty words from which `update` runs another round of `bulk` after one.
const BULK_MORE: u32 = 14;

/// Words solving rows in `update`'s chain after which it looks at whether to run `bulk`: the
/// chain is cheap while no row is solved (serg's first pass solves none: a round there costs
/// 3%), and a puzzle that falls to singles solves some in its first words.
const BULK_AFTER: u32 = 2;

/// The dirty bits of all 27 words.
const ALL_WORDS: u32 = (1 << 27) - 1;

/// Maximum search depth: every guess solves one more cell.
const MAX_DEPTH: usize = CELLS;

/// Band-bitboard solver for puzzles on the standard layout; reusable scratch.
pub struct BandSolver {
    cur: Board,
    /// Words of `cur.f` changed since the band table was last applied to them.
    dirty: u32,
    /// Each digit's columns per band (bit `9 * band + column`) as the column pass last saw
    /// them, padded to 12 digits; at a guess, the board has not changed since.
    cols: [u32; 12],
    /// Per band, then per stack: the digits with more than one way left there, as the triad
    /// pass last counted them; at a guess, the board has not changed since.
    open: [u32; 6],
    /// Per band, the open cells with two candidates as `singles` last counted them; at a
    /// guess, the board has not changed since.
    two: [u32; 3],
    stack: Vec<Frame>,
    guesses: u64,
    /// The code path this solver runs, chosen once in `new`.
    path: CpuPath,
    /// Whether this puzzle's search runs the triads and guesses on ways (see
    /// [`HEAVY_FROM`]); settled before its first guess.
    heavy: bool,
    /// Whether this puzzle's search is loose (see [`LOOSE_FROM`]); settled before its
    /// first guess.
    loose: bool,
    /// Whether a loose search skips the column pass where it can guess on a cell with two
    /// candidates: from its first guess; off at a contradiction (or a column pass that finds
    /// something), on again at a column pass that finds nothing.
    lazy: bool,
    /// Tests: every search that guesses is heavy, whatever the gate says.
    #[cfg(test)]
    always_heavy: bool,
    /// Tests: `update` never runs a round of `bulk`.
    #[cfg(test)]
    no_bulk: bool,
    /// Tests: no search is lazy, whatever the gate says.
    #[cfg(test)]
    never_lazy: bool,
    /// Tests: column passes run by the last `solve`.
    #[cfg(test)]
    column_passes: u64,
}

impl Default for BandSolver {
    fn default() -> Self {
        Self::new()
    }
}

impl BandSolver {
    pub fn new() -> Self {
        BandSolver {
            cur: Board {
                f: [0; 27],
                left: [0; 3],
            },
            dirty: 0,
            cols: [0; 12],
            open: [0; 6],
            two: [0; 3],
            stack: Vec::with_capacity(MAX_DEPTH),
            guesses: 0,
            path: CpuPath::chosen(),
            heavy: false,
            loose: false,
            lazy: false,
            #[cfg(test)]
            always_heavy: false,
            #[cfg(test)]
            no_bulk: false,
            #[cfg(test)]
            never_lazy: false,
            #[cfg(test)]
            column_passes: 0,
        }
    }

    /// A solver on `path`, or None when this CPU cannot run it: for benchmarks and tests
    /// that set the paths side by side.
    pub fn with_path(path: CpuPath) -> Option<Self> {
        let mut s = Self::new();
        s.path = path;
        path.runs_here().then_some(s)
    }

    /// The code path this solver runs.
    pub fn path(&self) -> CpuPath {
        self.path
    }

    /// Guesses made by the last `solve`: every candidate tried at a guess point counts one.
    pub fn guesses(&self) -> u64 {
        self.guesses
    }

    /// Loads the givens; false when two of them clash.
    ///
    /// Finds the givens eight cells at a time and then visits only those: a branch per cell
    /// would be mispredicted about once per given, and a branch-free pass over all 81 cells
    /// costs several times more on puzzles with few givens. Per digit, one word gathers the
    /// rows, columns and boxes it is given in; that detects clashes and, at the end, gives
    /// the rows and columns it leaves in every band.
    #[inline(always)]
    fn setup(&mut self, cells: &Grid) -> bool {
        // Slot 0 is unused: digits index these directly. 16 slots so that `& 15` bounds them.
        let mut seen = [0u32; 16];
        let mut given = [[0u32; 16]; 3];
        let mut all = [0u32; 3];
        let mut clash = 0u32;
        let mut visit = |mut m: u64, first: usize| {
            while m != 0 {
                let p = first + m.trailing_zeros() as usize;
                m &= m - 1;
                let v = cells[p.min(CELLS - 1)] as usize & 15;
                let u = UNITS[p.min(CELLS - 1)];
                clash |= seen[v] & u;
                seen[v] |= u;
                let (b, bit) = (p / 27, 1u32 << (p % 27));
                given[b.min(2)][v] |= bit;
                all[b.min(2)] |= bit;
            }
        };
        visit(nonzero_flags(&cells[..64]), 0);
        visit(nonzero_flags(&cells[64..]), 64);
        if clash != 0 {
            return false;
        }
        for d in 0..9 {
            let s = seen[d + 1];
            let cols = ((s >> 9) & 0x1ff) * COLUMN_SPREAD;
            for (b, &a) in all.iter().enumerate() {
                let rows = ((s >> (3 * b)) & 7) as usize;
                let taken = ROWS[rows] | (rows as u32) << 27;
                self.cur.f[b * 9 + d] = ((LOW | HIGH) & !a & !cols & !taken) | given[b][d + 1];
            }
        }
        self.cur.left = all.map(|a| LOW & !a);
        self.dirty = ALL_WORDS;
        true
    }

    /// One round of the band table and row singles over all 27 words at once, from the board
    /// as it is ("bulk", see the module doc): every word's table and single rows side by
    /// side in SSE2 lanes (the table computed rather than looked up: see `band_ways`), then
    /// all the eliminations. The words are independent, where `update`'s are a chain of
    /// dependent loads and branches; false on a contradiction. Not inlined: it runs at most a
    /// few times per puzzle, and inlined it costs the chain in `update` its registers.
    #[inline(never)]
    fn bulk(&mut self) -> bool {
        self.bulk_round()
    }

    /// [`Self::bulk`] for the modern path (see [`CpuPath`]). A function without the modern
    /// features around the one with them, because rustc inlined `#[inline(never)]` on a
    /// `#[target_feature]` function into the search loop anyway, and LLVM cannot inline a
    /// function into a caller that lacks its features.
    #[cfg(target_arch = "x86_64")]
    #[inline(never)]
    fn bulk_modern(&mut self) -> bool {
        // SAFETY: called only from `solve_modern`'s search loop, which runs only where
        // `CpuPath::detect` found every feature `bulk_modern_features` enables.
        unsafe { self.bulk_modern_features() }
    }

    /// The body of [`Self::bulk_modern`], compiled for the modern path: the round of
    /// [`Self::bulk_round`] in eight AVX2 lanes rather than four SSE2 ones, so four vectors
    /// of words rather than nine. Lanes: one vector per band holds its digits 0 to 7, the
    /// fourth the digit 8 of the three bands (and five words that solve no row), so that a
    /// word's other bands for the same digit are in the same lane of the other band vectors
    /// (and one lane over in the fourth). It strikes what the SSE2 round strikes and marks
    /// dirty the words its eliminations changed, as that round does (which also marks three
    /// words of the next band whenever its padding lanes change), so the chain after it
    /// reaches the same fixed point. Each word's part is `strike`, as in the SSE2 round; the
    /// loads, the fold and the stores are the intrinsics themselves.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline(never)]
    fn bulk_modern_features(&mut self) -> bool {
        use std::arch::x86_64::*;
        let k = |x: u32| _mm256_set1_epi32(x as i32);
        let zero = _mm256_setzero_si256();
        let and = |a, b| _mm256_and_si256(a, b);
        let or = |a, b| _mm256_or_si256(a, b);
        // `a & !b`.
        let and_not = |a, b| _mm256_andnot_si256(b, a);
        let eq_zero = |a| _mm256_cmpeq_epi32(a, zero);
        let f = &mut self.cur.f;
        let p = f.as_ptr();
        // SAFETY: each load reads eight words from index 0, 9 or 18 of the 27.
        let mut x = unsafe {
            [
                _mm256_loadu_si256(p.cast()),
                _mm256_loadu_si256(p.add(9).cast()),
                _mm256_loadu_si256(p.add(18).cast()),
                _mm256_setr_epi32(
                    f[8] as i32,
                    f[17] as i32,
                    f[26] as i32,
                    LOW as i32,
                    LOW as i32,
                    LOW as i32,
                    LOW as i32,
                    LOW as i32,
                ),
            ]
        };
        let mut solved = [zero; 4];
        let mut columns = [zero; 4];
        let mut bad = zero;
        for v in 0..4 {
            // SAFETY: this function runs only where AVX2 was detected.
            let s = strike(unsafe { U32x8::wrap(x[v]) });
            bad = or(bad, s.bad.raw());
            (x[v], solved[v], columns[v]) = (s.x.raw(), s.solved.raw(), s.columns.raw());
        }
        // Per band, the cells solved for some digit and any solved for two: lanes folded in
        // halves (any cell in two lanes of a pair, or in two pairs), then digit 8's lane.
        let mut eight = [0u32; 8];
        // SAFETY: `eight` is 32 writable bytes.
        unsafe { _mm256_storeu_si256(eight.as_mut_ptr().cast(), solved[3]) };
        let mut twice = 0u32;
        let mut cells = [0u32; 3];
        for b in 0..3 {
            let s = solved[b];
            let h = _mm256_permute2x128_si256::<1>(s, s);
            let (u, t) = (or(s, h), and(s, h));
            let h = _mm256_shuffle_epi32::<0b01_00_11_10>(u);
            let ht = _mm256_shuffle_epi32::<0b01_00_11_10>(t);
            let (u, t) = (or(u, h), or(or(t, ht), and(u, h)));
            let h = _mm256_shuffle_epi32::<0b10_11_00_01>(u);
            let ht = _mm256_shuffle_epi32::<0b10_11_00_01>(t);
            let (u, t) = (or(u, h), or(or(t, ht), and(u, h)));
            let (u, t) = (
                _mm256_cvtsi256_si32(u) as u32,
                _mm256_cvtsi256_si32(t) as u32,
            );
            twice |= t | (u & eight[b]);
            cells[b] = u | eight[b];
            self.cur.left[b] &= !cells[b];
        }
        let mut dirty = 0u32;
        let p = f.as_mut_ptr();
        for b in 0..3 {
            let others = or(columns[OTHER[b].0], columns[OTHER[b].1]);
            let n = and_not(and_not(x[b], and_not(k(cells[b]), solved[b])), others);
            let same = _mm256_movemask_ps(_mm256_castsi256_ps(eq_zero(and_not(x[b], n)))) as u32;
            dirty |= (!same & 0xff) << (b * 9);
            // SAFETY: eight words from index 0, 9 or 18 of the 27.
            unsafe { _mm256_storeu_si256(p.add(b * 9).cast(), n) };
        }
        // Digit 8: the other bands' columns are the other lanes of the same vector.
        let c = columns[3];
        let c1 = _mm256_permutevar8x32_epi32(c, _mm256_setr_epi32(1, 2, 0, 3, 4, 5, 6, 7));
        let c2 = _mm256_permutevar8x32_epi32(c, _mm256_setr_epi32(2, 0, 1, 3, 4, 5, 6, 7));
        let mine = _mm256_setr_epi32(
            cells[0] as i32,
            cells[1] as i32,
            cells[2] as i32,
            0,
            0,
            0,
            0,
            0,
        );
        let n = and_not(and_not(x[3], and_not(mine, solved[3])), or(c1, c2));
        let same = _mm256_movemask_ps(_mm256_castsi256_ps(eq_zero(and_not(x[3], n)))) as u32;
        let moved = !same & 7;
        dirty |= (moved & 1) << 8 | (moved & 2) << 16 | (moved & 4) << 24;
        let mut out = [0u32; 8];
        // SAFETY: `out` is 32 writable bytes.
        unsafe { _mm256_storeu_si256(out.as_mut_ptr().cast(), n) };
        (f[8], f[17], f[26]) = (out[0], out[1], out[2]);
        self.dirty = dirty;
        _mm256_testz_si256(bad, bad) == 1 && twice == 0
    }

    /// The body of [`Self::bulk`] and [`Self::bulk_modern`].
    #[inline(always)]
    fn bulk_round(&mut self) -> bool {
        let k = U32x4::splat;
        let f = &mut self.cur.f;
        // Per band, the digits 0..4, 4..8 and 8, padded with words that solve no row.
        let mut x = [[U32x4::zero(); 3]; 3];
        for (b, x) in x.iter_mut().enumerate() {
            let w = &f[b * 9..b * 9 + 9];
            *x = [
                U32x4::new([w[0], w[1], w[2], w[3]]),
                U32x4::new([w[4], w[5], w[6], w[7]]),
                U32x4::new([w[8], LOW, LOW, LOW]),
            ];
        }
        // Per word, the cells of the rows it solves now, and their columns in all three rows.
        let mut solved = [[U32x4::zero(); 3]; 3];
        let mut columns = [[U32x4::zero(); 3]; 3];
        let mut bad = U32x4::zero();
        for b in 0..3 {
            for q in 0..3 {
                let s = strike(x[b][q]);
                bad = bad.or(s.bad);
                (x[b][q], solved[b][q], columns[b][q]) = (s.x, s.solved, s.columns);
            }
        }
        let mut twice = 0u32;
        let mut dirty = 0u32;
        for b in 0..3 {
            // The cells solved in this band, and any solved for two digits at once.
            let [s0, s1, s2] = solved[b];
            let (u, t) = (
                s0.or(s1).or(s2).to_array(),
                s0.and(s1).or(s0.or(s1).and(s2)).to_array(),
            );
            let (lo, hi) = (u[0] | u[1], u[2] | u[3]);
            twice |= t[0] | t[1] | t[2] | t[3] | (u[0] & u[1]) | (u[2] & u[3]) | (lo & hi);
            let cells = lo | hi;
            self.cur.left[b] &= !cells;
            let (b1, b2) = OTHER[b];
            let mut out = [0u32; 12];
            for q in 0..3 {
                let n = x[b][q]
                    .and_not(k(cells).and_not(solved[b][q]))
                    .and_not(columns[b1][q].or(columns[b2][q]));
                // Dirty: changed since the table was applied.
                let same = x[b][q].and_not(n).eq_zero().lane_mask();
                dirty |= (!same & 15) << (b * 9 + 4 * q);
                out[4 * q..4 * q + 4].copy_from_slice(&n.to_array());
            }
            f[b * 9..b * 9 + 9].copy_from_slice(&out[..9]);
        }
        self.dirty = dirty & ALL_WORDS;
        !bad.any() && twice == 0
    }

    /// Runs the band table and row singles over dirty words until none is dirty; false on a
    /// contradiction.
    #[inline(always)]
    fn update<const PATH: u8>(&mut self) -> bool {
        // In a local, so that it lives in a register rather than in memory. Lowest dirty word
        // first: one loop branch, where a fixed-order sweep over all 27 words has a branch
        // per word that mispredicts whenever the set of dirty words changes.
        let mut dirty = self.dirty;
        // Words that solved rows since the last look at whether to run rounds of `bulk`.
        let mut solved = 0;
        while dirty != 0 {
            let i = dirty.trailing_zeros() as usize;
            dirty &= dirty - 1;
            // `min` only tells the compiler that the index is in bounds.
            if !process::<PATH>(&mut self.cur, &mut dirty, &mut solved, i.min(26)) {
                self.dirty = 0;
                return false;
            }
            if solved >= BULK_AFTER {
                solved = 0;
                if dirty.count_ones() >= BULK_FROM && !self.no_bulk() {
                    self.dirty = dirty;
                    while self.dirty.count_ones() >= BULK_MORE {
                        if !self.bulk_on::<PATH>() {
                            self.dirty = 0;
                            return false;
                        }
                    }
                    dirty = self.dirty;
                }
            }
        }
        self.dirty = 0;
        true
    }

    /// [`Self::bulk`] on the path the search loop was compiled for.
    #[inline(always)]
    fn bulk_on<const PATH: u8>(&mut self) -> bool {
        #[cfg(target_arch = "x86_64")]
        if PATH != BASELINE {
            return self.bulk_modern();
        }
        self.bulk()
    }

    /// Makes every cell of `hits` (candidates of word `i`) the only candidate of its row;
    /// false when two of them share a row, as the digit cannot go in both. No branches: the
    /// caller passes all three bands of a digit, most with no hits.
    #[inline(always)]
    fn place_hits(&mut self, i: usize, hits: u32) -> bool {
        let (w, clash) = keep_only(self.cur.f[i], hits);
        self.cur.f[i] = w;
        self.dirty |= ((hits != 0) as u32) << i;
        clash == 0
    }

    /// [`Self::place_hits`] for the cells `hits` of every digit of band `b`.
    #[inline(always)]
    fn place_band(&mut self, b: usize, hits: u32) -> bool {
        let f = &mut self.cur.f[b * 9..b * 9 + 9];
        let mut changed = 0u32;
        let mut clash = 0u32;
        for (e, w) in f.iter_mut().enumerate() {
            let h = *w & hits;
            let (kept, c) = keep_only(*w, h);
            *w = kept;
            changed |= ((h != 0) as u32) << e;
            clash |= c;
        }
        self.dirty |= changed << (b * 9);
        clash == 0
    }

    /// Places every naked single, else every hidden single of a column (those of rows and
    /// boxes come out of the band table) unless the search is lazy (see [`LOOSE_FROM`]).
    /// Keeps the cells with two candidates for the guess.
    #[inline(always)]
    fn singles(&mut self) -> Singles {
        let mut found = false;
        let mut ok = true;
        for b in 0..3 {
            let (mut r1, mut r2, mut r3) = (0u32, 0u32, 0u32);
            for d in 0..9 {
                let x = self.cur.f[b * 9 + d];
                r3 |= r2 & x;
                r2 |= r1 & x;
                r1 |= x;
            }
            let left = self.cur.left[b];
            self.two[b] = left & r2 & !r3;
            if left & !r1 != 0 {
                return Singles::Failed;
            }
            let singles = left & !r2;
            if singles == 0 {
                continue;
            }
            found = true;
            ok &= self.place_band(b, singles);
        }
        if !found {
            // A loose search going well guesses rather than look at the columns.
            if self.lazy && self.two != [0; 3] {
                return Singles::None;
            }
            let r = self.column_singles();
            if self.loose && self.guesses != 0 {
                self.lazy = matches!(r, Singles::None) && !self.never_lazy();
            }
            return r;
        }
        if ok { Singles::Placed } else { Singles::Failed }
    }

    /// Places every hidden single of a column; failing those, applies locked candidates
    /// between columns and boxes (the band table does those between rows and boxes).
    ///
    /// The first pass finds the singles of every digit with no branch; the second, needed
    /// only when one was found, places them.
    #[inline(always)]
    fn column_singles(&mut self) -> Singles {
        #[cfg(test)]
        {
            self.column_passes += 1;
        }
        let left = self.cur.left;
        let f = &self.cur.f;
        // Columns of each digit's open candidates, the three bands in one word (bit `9 * band
        // + column`), and columns where it has two or more of them in one band; padded to 12
        // digits so that the passes below run on whole vectors of four.
        let mut cols = [0u32; 12];
        let mut many = [0u32; 12];
        for b in 0..3 {
            for d in 0..9 {
                let y = f[b * 9 + d] & left[b];
                let (r0, r1, r2) = (y & 0x1ff, (y >> 9) & 0x1ff, y >> 18);
                cols[d] |= (r0 | r1 | r2) << (9 * b);
                many[d] |= (r0 & r1) | (r0 & r2) | (r1 & r2);
            }
        }
        // Columns with one open candidate: in exactly one band, and once in it.
        let mut once = [0u32; 12];
        for d in 0..12 {
            let v = cols[d];
            let (a0, a1, a2) = (v & 0x1ff, (v >> 9) & 0x1ff, v >> 18);
            once[d] = (a0 ^ a1 ^ a2) & !(a0 & a1 & a2) & !many[d];
        }
        if once.iter().fold(0, |a, &o| a | o) != 0 {
            let mut ok = true;
            for (d, &o) in once[..9].iter().enumerate() {
                if o != 0 {
                    let spread = o * COLUMN_SPREAD;
                    for (b, l) in left.into_iter().enumerate() {
                        let i = b * 9 + d;
                        ok &= self.place_hits(i, self.cur.f[i] & l & spread);
                    }
                }
            }
            return if ok { Singles::Placed } else { Singles::Failed };
        }
        if !self.heavy {
            match pointing(&cols) {
                Some(lost) => {
                    for b in 0..3 {
                        for (d, &e) in lost[..9].iter().enumerate() {
                            let i = b * 9 + d;
                            let e = (e >> (9 * b)) & 0x1ff;
                            self.cur.f[i] &= !(e * COLUMN_SPREAD);
                            self.dirty |= ((e != 0) as u32) << i;
                        }
                    }
                    return Singles::Placed;
                }
                None if self.guesses != 0 => return Singles::None,
                None => {
                    // The first fixed point: settle which search this puzzle gets.
                    let open: u32 = self.cur.left.iter().map(|l| l.count_ones()).sum();
                    let two: u32 = self.two.iter().map(|t| t.count_ones()).sum();
                    self.heavy = open >= HEAVY_FROM && two <= HEAVY_TWO_AT_MOST || self.forced();
                    self.loose = !self.heavy && two >= LOOSE_FROM;
                    self.lazy = self.loose && !self.never_lazy();
                    if !self.heavy {
                        return Singles::None;
                    }
                }
            }
        }
        self.stack_filter()
    }

    /// The heavy search's column pass (see [`HEAVY_FROM`]): keeps only the mini-columns of
    /// each digit that lie on a way to place it in its stack (one mini-column per band and
    /// per column; see `stack_ways`), and at its fixed point runs the triads.
    #[inline(always)]
    fn stack_filter(&mut self) -> Singles {
        let f = &self.cur.f;
        let mut full = [[0u32; 12]; 3];
        for (b, full) in full.iter_mut().enumerate() {
            full[..9].copy_from_slice(&f[b * 9..b * 9 + 9]);
        }
        for (d, cols) in self.cols.iter_mut().enumerate() {
            let c = [0, 1, 2].map(|b| {
                let y = full[b][d];
                (y | y >> 9 | y >> 18) & 0x1ff
            });
            *cols = c[0] | c[1] << 9 | c[2] << 18;
        }
        let mut lost = [0u32; 12];
        let mut missing = U32x4::zero();
        for q in 0..3 {
            let lanes = |a: &[u32; 12]| U32x4::new([0, 1, 2, 3].map(|k| a[4 * q + k]));
            let v = lanes(&self.cols);
            let keep = stack_ways(v);
            lost[4 * q..4 * q + 4].copy_from_slice(&v.and_not(keep).to_array());
            // Every column needs the digit in some band: a column with none left (lost to
            // the filter or long gone) is a contradiction.
            let found = keep.or(keep.shr::<9>()).or(keep.shr::<18>());
            missing = missing.or(lanes(&DIGIT_LANES).and_not(found));
        }
        if missing.any() {
            return Singles::Failed;
        }
        if lost.iter().fold(0, |a, &l| a | l) == 0 {
            return self.triads();
        }
        for (d, &e) in lost[..9].iter().enumerate() {
            for b in 0..3 {
                let i = b * 9 + d;
                let gone = (e >> (9 * b)) & 0x1ff;
                self.cur.f[i] &= !(gone * COLUMN_SPREAD);
                self.dirty |= ((gone != 0) as u32) << i;
            }
        }
        Singles::Placed
    }

    /// Triads: each mini-row (three cells of a row in one box) and each mini-column holds
    /// exactly three digits. Where only three digits can go, they all must ("hidden"); where
    /// three must go, no other can ("naked"). A digit must go in a mini-unit that is its only
    /// one in its line or in its box (the band table and the stack filter keep no others).
    ///
    /// Runs when everything cheaper is at a fixed point; its eliminations are multi-digit
    /// ones that no single-digit pass finds. Four lanes, run side by side: the mini-rows of
    /// each band, and all mini-columns in the [`CHUTE`] layout.
    #[inline(always)]
    fn triads(&mut self) -> Singles {
        let f = &self.cur.f;
        let mut o = [U32x4::zero(); 9];
        for (d, o) in o.iter_mut().enumerate() {
            let v = self.cols[d];
            let chute = CHUTE[(v & 0x1ff) as usize]
                | CHUTE[((v >> 9) & 0x1ff) as usize] << 3
                | CHUTE[((v >> 18) & 0x1ff) as usize] << 6;
            let x = U32x4::new([f[d], f[9 + d], f[18 + d], 0]).and(U32x4::splat(LOW));
            let rows = x
                .or(x.shr::<1>())
                .or(x.shr::<2>())
                .and(U32x4::splat(MINI_ROWS));
            *o = rows.or(U32x4::new([0, 0, 0, chute]));
        }
        // Bit-sliced counts of the digits that can (c) and must (m) go in each mini-unit,
        // saturating at 4.
        let mut must = [U32x4::zero(); 9];
        let z = U32x4::zero();
        let (mut c1, mut c2, mut c3, mut c4) = (z, z, z, z);
        let (mut m1, mut m2, mut m3, mut m4) = (z, z, z, z);
        // Mini-units where some digit could still go elsewhere in the line or box; and per
        // band (lanes 0..3) and per stack (a second set of lanes), the digits with one way
        // left there, counted down from 0, for the guess.
        let mut loose = z;
        let (mut settled_rows, mut settled_cols) = (z, z);
        let stacks = U32x4::new([0o111_111_111, 0o222_222_222, 0o444_444_444, 0]);
        for d in 0..9 {
            let od = o[d];
            let (lm, bm) = (line_mates(od), box_mates(od));
            let md = od.and_not(lm.and(bm));
            must[d] = md;
            loose = loose.or(od.and(lm.or(bm)));
            // Two mini-units in a line: more than one way left.
            let two = od.and(lm);
            settled_rows = settled_rows.add(two.eq_zero());
            settled_cols = settled_cols.add(two.broadcast3().and(stacks).eq_zero());
            c4 = c4.or(c3.and(od));
            c3 = c3.or(c2.and(od));
            c2 = c2.or(c1.and(od));
            c1 = c1.or(od);
            m4 = m4.or(m3.and(md));
            m3 = m3.or(m2.and(md));
            m2 = m2.or(m1.and(md));
            m1 = m1.or(md);
        }
        let units = U32x4::new([MINI_ROWS, MINI_ROWS, MINI_ROWS, LOW]);
        if units.and_not(c3).or(m4).any() {
            return Singles::Failed;
        }
        let hidden = c3.and_not(c4);
        let naked = m3.and_not(m4);
        let (rows, cols) = (settled_rows.to_array(), settled_cols.to_array());
        for b in 0..3 {
            // Each settled digit added -1 (all ones).
            self.open[b] = 9 - rows[b].wrapping_neg();
            self.open[3 + b] = 9 - cols[b].wrapping_neg();
        }
        // Most triads are settled already (all three digits pinned there): nothing to do.
        if !hidden.and(loose).or(naked.and(c4)).any() {
            return Singles::None;
        }
        // A digit that can go in a hidden triad must: it leaves the rest of the line and
        // box. One that need not go in a naked triad cannot.
        let mut lose = [[0u32; 4]; 9];
        let mut any = z;
        for d in 0..9 {
            let od = o[d];
            let t = od.and(hidden);
            let e = od.and(line_mates(t).or(box_mates(t)).or(naked.and_not(must[d])));
            lose[d] = e.to_array();
            any = any.or(e);
        }
        if !any.any() {
            return Singles::None;
        }
        let mut changed = 0u32;
        for (d, lose) in lose.iter().enumerate() {
            for b in 0..3 {
                let i = b * 9 + d;
                let y = (lose[3] >> (3 * b)) & 0o007_007_007;
                let cols = UNCHUTE[((y | y >> 6 | y >> 12) & 0x1ff) as usize];
                let gone = (lose[b] * 7) | (cols * COLUMN_SPREAD);
                let x = self.cur.f[i];
                self.cur.f[i] = x & !gone;
                changed |= ((x & gone != 0) as u32) << i;
            }
        }
        self.dirty |= changed;
        Singles::Placed
    }

    /// Propagates to a fixed point.
    #[inline(always)]
    fn propagate<const PATH: u8>(&mut self) -> State {
        loop {
            if !self.update::<PATH>() {
                return State::Failed;
            }
            if self.cur.left == [0; 3] {
                return State::Solved;
            }
            match self.singles() {
                Singles::Failed => return State::Failed,
                Singles::Placed => continue,
                Singles::None => return State::Open,
            }
        }
    }

    /// Saves the board and takes the first alternative of a branch: a digit's ways in a band
    /// or stack in the heavy search, else a cell (see [`HEAVY_FROM`]). False when there is
    /// nothing to branch on.
    #[inline(always)]
    fn guess(&mut self) -> bool {
        let (unit, mut alts, first) = if self.heavy {
            match self.guess_way() {
                Some(g) => g,
                None => return false,
            }
        } else {
            let (unit, digits) = self.guess_cell();
            (unit, digits, digits.trailing_zeros() as usize)
        };
        alts &= !(1 << first);
        self.stack.push(Frame {
            board: self.cur,
            unit: unit as u8,
            alts,
        });
        self.guesses += 1;
        self.settle(unit, first);
        true
    }

    /// Whether a test turned the rounds of `bulk` off.
    #[inline(always)]
    fn no_bulk(&self) -> bool {
        #[cfg(test)]
        return self.no_bulk;
        #[cfg(not(test))]
        false
    }

    /// Whether a test turned the lazy column pass off.
    #[inline(always)]
    fn never_lazy(&self) -> bool {
        #[cfg(test)]
        return self.never_lazy;
        #[cfg(not(test))]
        false
    }

    /// Whether a test asked for the heavy search whatever the gate says.
    #[inline(always)]
    fn forced(&self) -> bool {
        #[cfg(test)]
        return self.always_heavy;
        #[cfg(not(test))]
        false
    }

    /// A cell with two candidates (else the fewest) as a branch: its `unit` (`CELL_UNITS`
    /// plus the cell's band * 27 + bit) and its candidates.
    ///
    /// Among cells with two candidates it takes one from the row holding the most of them
    /// (the last such row and its last such cell on ties): about 20% fewer guesses on the
    /// hard sets than the first such cell, as a guess there tends to settle its neighbours.
    ///
    /// The row is chosen without a branch per row (those mispredicted often on the hard
    /// sets): each row gets the key `count << 4 | row`, so that the largest key is the last
    /// row with the most cells of two candidates, and a row with none has a key below 16.
    #[inline(always)]
    fn guess_cell(&self) -> (usize, u16) {
        let two = self.two;
        let mut best = 0u32;
        for b in 0..3 {
            for r in 0..3 {
                let n = POP9[((two[b] >> (9 * r)) & 0x1ff) as usize] as u32;
                best = best.max(n << 4 | (b * 3 + r) as u32);
            }
        }
        let (b, bit) = if best >= 16 {
            let (b, r) = ((best & 15) as usize / 3, (best & 15) as usize % 3);
            let t = two[b.min(2)] & ROW[r];
            (b, 1u32 << (31 - t.leading_zeros()))
        } else {
            self.fewest()
        };
        let mut digits = 0u16;
        for d in 0..9 {
            digits |= ((self.cur.f[b * 9 + d] & bit != 0) as u16) << d;
        }
        (CELL_UNITS + b * 27 + bit.trailing_zeros() as usize, digits)
    }

    /// The open cell with the fewest candidates (no cell has two).
    #[inline(always)]
    fn fewest(&self) -> (usize, u32) {
        let mut best = (0, 0, u32::MAX);
        for b in 0..3 {
            let mut left = self.cur.left[b];
            while left != 0 {
                let bit = left & left.wrapping_neg();
                left ^= bit;
                let n = (0..9).filter(|&d| self.cur.f[b * 9 + d] & bit != 0).count() as u32;
                if n < best.2 {
                    best = (b, bit, n);
                }
            }
        }
        (best.0, best.1)
    }

    /// Branches on the ways one digit can sit in one band or stack: saves the board and
    /// tries the first way. False when there is nothing to branch on (the board is solved).
    ///
    /// The band or stack (of six) with the fewest digits not yet settled to one way, the
    /// first on ties; in it the digit with the fewest ways, the first on ties. About half
    /// the guesses of branching on a cell with two candidates on the hardest sets: a way
    /// places the digit in three rows and three columns at once, and finishing the band or
    /// stack nearest to done makes the triads bite.
    #[inline(always)]
    fn guess_way(&mut self) -> Option<(usize, u16, usize)> {
        let mut best = (u32::MAX, 0);
        for (g, &n) in self.open.iter().enumerate() {
            if n != 0 && n < best.0 {
                best = (n, g);
            }
        }
        let g = best.1;
        // Ways per digit there (bits 8.. of PERMS_IN count them).
        let mut pick = (u16::MAX, 0);
        for d in 0..9 {
            let m = if g < 3 {
                // The mini-rows `process` also computes, by the narrower SHRINK table: one
                // helper over SHRINKS for both cost 1.6% more instructions on 17-clue count2
                // (callgrind, whole set), from the inlined search loop compiling otherwise.
                let x = self.cur.f[g * 9 + d];
                SHRINK[(x & 0x1ff) as usize] as u32
                    | (SHRINK[((x >> 9) & 0x1ff) as usize] as u32) << 3
                    | (SHRINK[((x >> 18) & 0x1ff) as usize] as u32) << 6
            } else {
                let v = self.cols[d] >> (3 * (g - 3));
                (v & 7) | ((v >> 9) & 7) << 3 | ((v >> 18) & 7) << 6
            };
            let n = PERMS_IN[m as usize & 511];
            if n >= 2 << 8 && n < pick.0 {
                pick = (n, d);
            }
        }
        if pick.0 == u16::MAX {
            return None;
        }
        let (d, ways) = (pick.1, pick.0 & 0x3f);
        // First the way with the fewest candidate cells (the lowest on ties): 4-6% fewer
        // guesses to a first solution than the lowest way on the hardest sets, shuffled.
        let mut first = (u32::MAX, 0);
        let mut left = ways;
        while left != 0 {
            let p = left.trailing_zeros() as usize;
            left &= left - 1;
            let cells = if g < 3 {
                let y = self.cur.f[g * 9 + d] & PERM_CELLS[p] & LOW;
                (0..3)
                    .map(|r| POP9[((y >> (9 * r)) & 0x1ff) as usize] as u32)
                    .sum()
            } else {
                (0..3)
                    .map(|b| {
                        let col = 3 * (g - 3) + PERMS[p][b] as usize;
                        let x = self.cur.f[b * 9 + d] >> col;
                        (x & 1) + ((x >> 9) & 1) + ((x >> 18) & 1)
                    })
                    .sum()
            };
            if cells < first.0 {
                first = (cells, p);
            }
        }
        Some((g * 9 + d, ways, first.1))
    }

    /// Takes alternative `p` of branch `unit`; propagation does the rest. Below
    /// `CELL_UNITS`, way `p` of the digit and band or stack `unit` (`g * 9 + digit`, bands
    /// `g` 0..3, stacks 3..6); from it, digit `p` in the cell.
    fn settle(&mut self, unit: usize, p: usize) {
        if unit >= CELL_UNITS {
            let (b, pos) = ((unit - CELL_UNITS) / 27, (unit - CELL_UNITS) % 27);
            let i = b * 9 + p;
            self.cur.f[i] &= !ROW[pos / 9] | 1 << pos;
            self.dirty |= 1 << i;
            return;
        }
        let (g, d) = (unit / 9, unit % 9);
        if g < 3 {
            self.cur.f[unit] &= PERM_CELLS[p];
            self.dirty |= 1 << unit;
        } else {
            let s = g - 3;
            for (b, &c) in PERMS[p].iter().enumerate() {
                let col = 3 * s as u32 + c;
                let gone = ((7 << (3 * s)) & !(1 << col)) * COLUMN_SPREAD;
                self.cur.f[b * 9 + d] &= !gone;
                self.dirty |= 1 << (b * 9 + d);
            }
        }
    }

    /// Resumes at the latest guess point with its next alternative; false when none is left.
    #[inline(always)]
    fn backtrack(&mut self) -> bool {
        let Some(top) = self.stack.last_mut() else {
            return false;
        };
        let p = top.alts.trailing_zeros() as usize;
        top.alts &= top.alts - 1;
        let unit = top.unit as usize;
        self.cur = top.board;
        if top.alts == 0 {
            self.stack.pop();
        }
        // A saved board was at its fixed point: nothing is dirty but the guess.
        self.dirty = 0;
        self.guesses += 1;
        self.settle(unit, p);
        true
    }

    /// The solved grid.
    #[inline(always)]
    fn grid(&self) -> Grid {
        let mut g = [0u8; CELLS];
        for d in 0..9 {
            for b in 0..3 {
                let mut x = self.cur.f[b * 9 + d] & LOW;
                while x != 0 {
                    g[b * 27 + x.trailing_zeros() as usize] = d as u8 + 1;
                    x &= x - 1;
                }
            }
        }
        g
    }
}

impl Solver for BandSolver {
    fn solve(&mut self, puzzle: &Puzzle, limit: u32) -> Outcome {
        match self.path {
            CpuPath::Baseline => self.solve_baseline(puzzle, limit),
            // SAFETY (both): `path` is a modern one only where `CpuPath::detect` found every
            // feature the function enables (`new` and `with_path` see to it).
            #[cfg(target_arch = "x86_64")]
            CpuPath::Modern => unsafe { self.solve_pext(puzzle, limit) },
            #[cfg(target_arch = "x86_64")]
            CpuPath::ModernSlowPext => unsafe { self.solve_modern(puzzle, limit) },
            #[cfg(not(target_arch = "x86_64"))]
            _ => self.solve_baseline(puzzle, limit),
        }
    }

    fn nodes(&self) -> u64 {
        self.guesses
    }
}

impl BandSolver {
    /// The search compiled for baseline x86-64 (or whatever the build targets).
    #[inline(never)]
    fn solve_baseline(&mut self, puzzle: &Puzzle, limit: u32) -> Outcome {
        self.run::<BASELINE>(puzzle, limit)
    }

    /// The search compiled for [`CpuPath::ModernSlowPext`]: BMI, POPCNT and LZCNT but not
    /// AVX2, which only `bulk_modern` takes (see "CPU paths" in the module doc).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi1,bmi2,popcnt,lzcnt")]
    #[inline(never)]
    fn solve_modern(&mut self, puzzle: &Puzzle, limit: u32) -> Outcome {
        self.run::<NO_PEXT>(puzzle, limit)
    }

    /// The search compiled for [`CpuPath::Modern`]: as `solve_modern`, with `pext` in
    /// `process`.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi1,bmi2,popcnt,lzcnt")]
    #[inline(never)]
    fn solve_pext(&mut self, puzzle: &Puzzle, limit: u32) -> Outcome {
        self.run::<PEXT>(puzzle, limit)
    }

    /// The search, inlined into each path's copy: `PATH` says which ([`BASELINE`],
    /// [`NO_PEXT`] or [`PEXT`]), for `bulk` (not inlined) and the mini-rows in `process`.
    #[inline(always)]
    fn run<const PATH: u8>(&mut self, puzzle: &Puzzle, limit: u32) -> Outcome {
        debug_assert!(puzzle.layout.is_standard());
        self.guesses = 0;
        self.heavy = false;
        self.loose = false;
        self.lazy = false;
        #[cfg(test)]
        {
            self.column_passes = 0;
        }
        self.stack.clear();
        let limit = limit.max(1);
        if !self.setup(&puzzle.cells) {
            return Outcome::NONE;
        }
        let mut count = 0;
        let mut solution = None;
        loop {
            match self.propagate::<PATH>() {
                State::Open => {
                    if self.guess() {
                        continue;
                    }
                    // Nothing left to branch on means every digit is settled, which
                    // propagation turns into a solved board: unreachable, but a dead end
                    // rather than a wrong answer if it ever were.
                    debug_assert!(false, "open board with nothing to branch on");
                }
                State::Solved => {
                    count += 1;
                    if solution.is_none() {
                        solution = Some(self.grid());
                    }
                    if count >= limit {
                        break;
                    }
                }
                State::Failed => self.lazy = false,
            }
            if !self.backtrack() {
                break;
            }
        }
        Outcome { count, solution }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::testutil::{POJ_SAMPLE_OUT, grid, poj_sample_rows, poj_solution};
    use crate::model::{first_clash, is_solution_of};

    /// Solves at `limit`, checking that a solution is given exactly when the count is not 0
    /// and that it is a solution of the puzzle.
    fn solve(solver: &mut BandSolver, givens: &str, limit: u32) -> Outcome {
        let p = Puzzle::standard(grid(givens));
        let out = solver.solve(&p, limit);
        assert!(
            out.count <= limit,
            "{givens}: count {} over limit",
            out.count
        );
        assert_eq!(out.solution.is_some(), out.count > 0, "{givens}");
        if let Some(g) = out.solution {
            assert!(is_solution_of(&p, &g), "{givens}: bad solution");
        }
        out
    }

    /// Lines of tdoku's test set (`testdata/sets/tdoku_test_puzzles`):
    /// `puzzle:count[:solution]`; counts 0, 1 and many.
    const TDOKU: &[&str] = &[
        ".5..83.17...1..4..3.4..56.8....3...9.9.8245....6....7...9....5...729..861.36.72.4:1:652483917978162435314975628825736149791824563436519872269348751547291386183657294",
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3:1:621943758783615492594728361142879635357461289869532174238197546916354827475286913",
        "........2..8.1.9..5....3.4....1.93...6..3..8...37......4......53.1.7.8..2........:1:639847512478512963512693748724189356965234187183765294847921635351476829296358471",
        "........7..4.2.6..8.....31......29...4..9..3...95.6....1......8..6.5.2..7......6.:1:963814527154327689827965314371482956645791832289536741512673498496158273738249165",
        ".....5..3..9....4..81.4.......7.......4..2..68...14.3.......2...4...6..79...5..1.:1:427165893539278641681349725216793458394582176875614932758431269143926587962857314",
        "1...5.2.9..7.......6.......2...........5.1..2....2.39.3.4.9...15...1...3...8...4.:0",
        ".......8...6.8.1..7....3..2.47..5...5..32............53....4..7......9...1.9...6.:0",
        "1...5.2.9..71......6.......2...........5.1..2....2.39.3...9...15...1...3...8...4.:0",
        "1....6.8....7......9..5.......56..3.3.............38.15....1.6.....2.4..8.2..5.1.:0",
        "8.........95.......67..........2.485...4.3192......736...651947...732518...894263:125",
        "8.........59.......76.........978245...653198...412736...591......836.1....724.8.:601",
        "8.........59.......67..........3.265...4.6198......437...753916...891742...624583:13",
        "8.........59.......76.........832765...476198...951243....9.516...6.4982......437:9",
        "8.........95.......67.........472968...913245...856137....9.716...6.8492......583:3",
    ];

    #[test]
    fn band_ways_is_the_band_table() {
        // Every mini-row occupancy, four at a time: the computed ways spread to their cells
        // are the table's mask (with the row bits), and none where the table has none.
        for m in (0..512usize).step_by(4) {
            let words: [u32; 4] = std::array::from_fn(|l| {
                (0..9)
                    .filter(|k| (m + l) & (1 << k) != 0)
                    .fold(0, |w, k| w | 7 << (9 * (k / 3) + 3 * (k % 3)))
            });
            let ways = band_ways(U32x4::new(words)).to_array();
            for l in 0..4 {
                let w = ways[l];
                let mask = if w == 0 {
                    0
                } else {
                    w | w << 1 | w << 2 | HIGH
                };
                assert_eq!(mask, BAND[m + l], "occupancy {:09b}", m + l);
            }
        }
    }

    #[test]
    fn bulk_rounds_agree_with_the_chain() {
        // The same fixed point whichever way the band table runs: every puzzle of the tests
        // at every limit with the rounds (the default) and with the chain alone.
        let mut bulk = BandSolver::new();
        let mut chain = BandSolver::new();
        chain.no_bulk = true;
        for line in TDOKU
            .iter()
            .map(|l| &l[..CELLS])
            .chain(HARDEST.iter().copied())
        {
            for limit in [1, 2, 10] {
                let (a, b) = (
                    solve(&mut bulk, line, limit),
                    solve(&mut chain, line, limit),
                );
                assert_eq!(a, b, "{line} at limit {limit}");
                assert_eq!(bulk.guesses(), chain.guesses(), "{line} at limit {limit}");
            }
        }
        // And a puzzle that falls to singles, where the rounds do most of the work.
        let easy =
            "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3..";
        assert_eq!(solve(&mut bulk, easy, 2), solve(&mut chain, easy, 2));
        assert_eq!(bulk.guesses(), 0);
    }

    #[test]
    fn the_wide_round_strikes_what_the_narrow_one_does() {
        // Round after round from the set-up board of every puzzle of the tests, of each with
        // one of its first eight givens dropped, and of random givens: the AVX2 round leaves
        // the same words, rows left and verdict as the SSE2 one, and marks dirty the words the
        // SSE2 round marks, less those its padding marked.
        let Some(mut wide) = BandSolver::with_path(CpuPath::Modern)
            .or_else(|| BandSolver::with_path(CpuPath::ModernSlowPext))
        else {
            return;
        };
        let mut narrow = BandSolver::with_path(CpuPath::Baseline).unwrap();
        let mut boards = 0;
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for line in TDOKU
            .iter()
            .map(|l| &l[..CELLS])
            .chain(HARDEST.iter().copied())
        {
            let cells = grid(line);
            let mut variants = vec![cells];
            for i in (0..CELLS).filter(|&i| cells[i] != 0).take(8) {
                let mut fewer = cells;
                fewer[i] = 0;
                variants.push(fewer);
            }
            // Random givens that break no rule directly: most are contradictions found
            // later, some of them by a cell left as the only place of two digits.
            for n in [20, 26, 32] {
                let mut g = [0u8; CELLS];
                let mut placed = 0;
                while placed < n {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let (i, v) = ((seed % 81) as usize, (seed / 81 % 9) as u8 + 1);
                    g[i] = v;
                    if first_clash(&Puzzle::standard(g), &g).is_none() {
                        placed += 1;
                    } else {
                        g[i] = 0;
                    }
                }
                variants.push(g);
            }
            for g in variants {
                if !wide.setup(&g) {
                    continue;
                }
                for _ in 0..4 {
                    narrow.cur = wide.cur;
                    let before = wide.cur.f;
                    let (a, b) = (narrow.bulk(), wide.bulk_modern());
                    boards += 1;
                    assert_eq!(a, b, "{line}");
                    assert_eq!(narrow.cur.f, wide.cur.f, "{line}");
                    assert_eq!(narrow.cur.left, wide.cur.left, "{line}");
                    let changed = (0..27)
                        .filter(|&i| before[i] != wide.cur.f[i])
                        .fold(0u32, |m, i| m | 1 << i);
                    // Dirty: changed since the table was applied in the round, so some
                    // of the words the table alone changed are not. The SSE2 round's
                    // padding lanes of digit 8 land on digits 0 to 2 of the next band.
                    let padding = 0b111 << 9 | 0b111 << 18;
                    assert_eq!(wide.dirty & !changed, 0, "{line}");
                    assert_eq!(wide.dirty & !padding, narrow.dirty & !padding, "{line}");
                    assert_eq!(wide.dirty & !narrow.dirty, 0, "{line}");
                    if !b || changed == 0 {
                        break;
                    }
                }
            }
        }
        assert!(boards > 300, "{boards} boards");
    }

    #[test]
    fn both_cpu_paths_search_alike() {
        // The same search on every path: counts, first solutions and guesses, on every
        // puzzle of the tests at several limits (the modern paths where this CPU has them).
        let mut base = BandSolver::with_path(CpuPath::Baseline).unwrap();
        for path in [CpuPath::Modern, CpuPath::ModernSlowPext] {
            let Some(mut modern) = BandSolver::with_path(path) else {
                return;
            };
            assert_eq!((base.path(), modern.path()), (CpuPath::Baseline, path));
            for line in TDOKU
                .iter()
                .map(|l| &l[..CELLS])
                .chain(HARDEST.iter().copied())
            {
                for limit in [1, 2, 10] {
                    let a = solve(&mut base, line, limit);
                    let b = solve(&mut modern, line, limit);
                    assert_eq!(a, b, "{line} at limit {limit}, {path:?}");
                    assert_eq!(base.guesses(), modern.guesses(), "{line} at limit {limit}");
                }
            }
        }
    }

    #[test]
    fn poj_2676_sample_has_its_unique_answer() {
        let mut s = BandSolver::new();
        for limit in [1, 2] {
            let out = solve(&mut s, poj_sample_rows(), limit);
            assert_eq!(out.count, 1);
            assert_eq!(out.solution, Some(poj_solution()));
        }
    }

    #[test]
    fn tdoku_tests_give_their_counts_and_solutions() {
        // One solver for all: scratch must not leak from one puzzle into the next.
        let mut s = BandSolver::new();
        for line in TDOKU {
            let mut parts = line.split(':');
            let puzzle = parts.next().unwrap();
            let count: u32 = parts.next().unwrap().parse().unwrap();
            let answer = parts.next();
            // Exact counts, well past the ones the judges ask for.
            let out = solve(&mut s, puzzle, 1000);
            assert_eq!(out.count, count, "{puzzle}");
            if let Some(a) = answer {
                assert_eq!(out.solution, Some(grid(a)), "{puzzle}");
            }
            let capped = solve(&mut s, puzzle, 2);
            assert_eq!(capped.count, count.min(2), "{puzzle}");
            let first = solve(&mut s, puzzle, 1);
            assert_eq!(first.count, count.min(1), "{puzzle}");
        }
    }

    #[test]
    fn unsolvable_tdoku_puzzles_have_no_clash() {
        // So that the count-0 cases above test the search, not the clash check.
        for line in TDOKU.iter().filter(|l| l.ends_with(":0")) {
            let p = Puzzle::standard(grid(&line[..CELLS]));
            assert_eq!(first_clash(&p, &p.cells), None, "{line}");
        }
    }

    #[test]
    fn limit_stops_the_count_and_keeps_the_first_solution() {
        let mut s = BandSolver::new();
        let many = &TDOKU[9][..CELLS];
        let one = solve(&mut s, many, 1);
        let two = solve(&mut s, many, 2);
        let ten = solve(&mut s, many, 10);
        assert_eq!((one.count, two.count, ten.count), (1, 2, 10));
        // The search order does not depend on the limit, so the first solution is the same.
        assert_eq!(one.solution, two.solution);
        assert_eq!(one.solution, ten.solution);
        // A limit of 0 (outside the contract) is treated as 1 rather than reporting nothing.
        let zero = s.solve(&Puzzle::standard(grid(many)), 0);
        assert_eq!(zero, one);
    }

    #[test]
    fn empty_grid_has_many_solutions() {
        let mut s = BandSolver::new();
        let empty = ".".repeat(CELLS);
        assert_eq!(solve(&mut s, &empty, 2).count, 2);
        assert_eq!(solve(&mut s, &empty, 1).count, 1);
        assert_eq!(solve(&mut s, &empty, 100).count, 100);
    }

    #[test]
    fn full_valid_grid_is_its_own_unique_solution() {
        let mut s = BandSolver::new();
        let out = solve(&mut s, POJ_SAMPLE_OUT, 2);
        assert_eq!(out.count, 1);
        assert_eq!(out.solution, Some(poj_solution()));
        assert_eq!(s.guesses(), 0);
    }

    #[test]
    fn clashing_givens_have_no_solution() {
        let mut s = BandSolver::new();
        let place = |cells: &[(usize, u8)]| {
            let mut g = [b'.'; CELLS];
            for &(cell, d) in cells {
                g[cell] = b'0' + d;
            }
            String::from_utf8(g.to_vec()).unwrap()
        };
        // Same digit twice in a row, a column (different bands) and a box (different rows).
        let row = place(&[(0, 5), (8, 5)]);
        let col = place(&[(4, 7), (76, 7)]);
        let bx = place(&[(30, 2), (50, 2)]);
        // Givens are found eight cells at a time in two ranges: clashes across the boundary
        // of those ranges and at the grid's last cell, found on its own.
        let split = place(&[(63, 4), (64, 4)]);
        let last = place(&[(72, 5), (80, 5)]);
        for puzzle in [&row, &col, &bx, &split, &last] {
            let p = Puzzle::standard(grid(puzzle));
            assert!(first_clash(&p, &p.cells).is_some());
            assert_eq!(solve(&mut s, puzzle, 2), Outcome::NONE, "{puzzle}");
        }
        // A full grid with two cells swapped clashes too.
        let mut swapped = poj_solution();
        swapped.swap(0, 1);
        let out = s.solve(&Puzzle::standard(swapped), 2);
        assert_eq!(out, Outcome::NONE);
    }

    #[test]
    fn cell_with_no_candidate_has_no_solution() {
        // r1c9 sees 1..8 in its row and 9 in its column, with no two givens clashing.
        let mut g = String::from("12345678.");
        g.push_str(&".".repeat(9));
        g.push_str("........9");
        g.push_str(&".".repeat(CELLS - 27));
        let p = Puzzle::standard(grid(&g));
        assert_eq!(first_clash(&p, &p.cells), None);
        let mut s = BandSolver::new();
        assert_eq!(solve(&mut s, &g, 2), Outcome::NONE);
    }

    #[test]
    fn loose_searches_trade_column_passes_for_guesses() {
        // Serg's puzzles: many solutions, 8 or more cells with two candidates at the first
        // branch. Tdoku's test puzzles: some loose, where contradictions turn the pass back
        // on. Both ways count alike, and the lazy one runs fewer column passes on serg's.
        const SERG: [&str; 5] = [
            "8.........95.......76.........426798...571243...893165......916....3.487....1.532",
            "8.........95.......76.........492786...571243...638915...9541.7...723..8...816...",
            "8.........59.......76.........452987...891563...673142...7.6495.....8216......738",
            "8.........95.......76.........426987...591243...738516...6.4795.....2438......162",
            "8.........59.......67.........526938...498716...731542....7.195...9.4287......463",
        ];
        let mut loose = 0;
        let tdoku = TDOKU.iter().map(|l| &l[..CELLS]);
        for (k, p) in SERG.into_iter().chain(tdoku).enumerate() {
            for limit in [1, 2, 3] {
                let mut lazy = BandSolver::new();
                let a = solve(&mut lazy, p, limit);
                let mut eager = BandSolver::new();
                eager.never_lazy = true;
                let b = solve(&mut eager, p, limit);
                assert_eq!(a.count, b.count, "{p} at {limit}");
                if k < SERG.len() {
                    assert!(lazy.loose, "{p}");
                    assert!(lazy.column_passes < eager.column_passes, "{p} at {limit}");
                    assert_eq!(a.count, limit, "{p} at {limit}");
                }
                loose += lazy.loose as usize;
            }
        }
        // Some of tdoku's are loose too.
        assert!(loose > 3 * SERG.len(), "{loose}");
    }

    #[test]
    fn column_box_locked_candidates_spare_the_guesses() {
        // A 17-clue puzzle that singles and the band table alone leave open (4 guesses
        // without the column/box pass) but that falls with it.
        let p = ".................1.....2.34.....5.....1...6....7..38......6.7...4..1....35.4.....";
        let mut s = BandSolver::new();
        assert_eq!(solve(&mut s, p, 2).count, 1);
        assert_eq!(s.guesses(), 0);
    }

    /// Puzzles of the forum's hardest lists (`puzzles5_*` and `puzzles6_*` of the public sets).
    const HARDEST: &[&str] = &[
        "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
        "98.7..6..75.....8...6......4...3.5....54.9.6.....2...4.1.........98...7...79.1.5.",
        "98.7..6..75..6..8...6......6....4.32..8.7.9.....3.....21.....9...7.9.5.....1....4",
        "98.7..6..7...5......4..9.3..6..4.8....9..2.4.........5..1.9.4.....42..1......1..3",
        "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
        ".2.4...8......9..66.....5....87.....3....8.7..7..2.4....1..5.......1.9...3.8...4.",
    ];

    #[test]
    fn heavy_search_agrees_with_dlx_on_the_hardest_puzzles_and_variants() {
        // The hardest puzzles, each with one given left out (several solutions as a rule)
        // and with one given changed to each other digit (no solution as a rule): counts at
        // several limits against the DLX solver and the first solution's validity, with the
        // search the gate picks and with the heavy search forced.
        let mut s = BandSolver::new();
        let mut dlx = crate::solve::dlx::DlxSolver::new();
        let mut kinds = [0; 3];
        let mut heavy = [0; 3];
        for (k, p) in HARDEST.iter().enumerate() {
            let given: Vec<usize> = (0..CELLS).filter(|&i| &p[i..i + 1] != ".").collect();
            let mut cases = vec![p.to_string()];
            for j in [k, k + 7] {
                let cell = given[j % given.len()];
                let mut fewer = p.as_bytes().to_vec();
                fewer[cell] = b'.';
                cases.push(String::from_utf8(fewer).unwrap());
                for step in 1..9 {
                    let mut wrong = p.as_bytes().to_vec();
                    wrong[cell] = b'1' + (wrong[cell] - b'1' + step) % 9;
                    cases.push(String::from_utf8(wrong).unwrap());
                }
            }
            for case in &cases {
                for (limit, always) in [(1, false), (2, false), (10, false), (1, true), (2, true)] {
                    s.always_heavy = always;
                    let out = solve(&mut s, case, limit);
                    let want = dlx.solve(&Puzzle::standard(grid(case)), limit).count;
                    assert_eq!(
                        out.count, want,
                        "{case} at limit {limit}, heavy {}",
                        s.heavy
                    );
                    kinds[want.min(2) as usize] += 1;
                    heavy[want.min(2) as usize] += s.heavy as u32;
                }
            }
        }
        assert!(kinds.iter().all(|&n| n > 0), "none, one, many: {kinds:?}");
        assert!(
            heavy.iter().all(|&n| n > 0),
            "heavy: none, one, many: {heavy:?}"
        );
    }

    #[test]
    fn few_open_cells_search_without_the_triads() {
        // tdoku's 125-solution case has fewer than HEAVY_FROM open cells at its first branch:
        // the light search.
        let mut s = BandSolver::new();
        assert_eq!(solve(&mut s, &TDOKU[9][..CELLS], 1000).count, 125);
        assert!(!s.heavy);
        // A hard one keeps the heavy search, and so needs about half the guesses.
        solve(&mut s, HARDEST[4], 2);
        assert!(s.heavy);
    }

    #[test]
    fn guesses_count_the_search() {
        let mut s = BandSolver::new();
        // The POJ sample falls to singles; a 17-clue puzzle of tdoku's set does not.
        solve(&mut s, poj_sample_rows(), 2);
        assert_eq!(s.guesses(), 0);
        solve(&mut s, &TDOKU[4][..CELLS], 2);
        let hard = s.guesses();
        assert!(hard > 0);
        // Counted per call, not accumulated.
        solve(&mut s, &TDOKU[4][..CELLS], 2);
        assert_eq!(s.guesses(), hard);
    }
}
