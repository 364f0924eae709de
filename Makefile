# sudoku-judge: `make run` solves a bundled sample, `make test` runs every test, `make bench`
# measures the solvers and the whole program side by side with the peers in ../shared/peers.

CARGO ?= cargo

.PHONY: run test lint bench bench-engine bench-peers bench-solve bench-formats bench-twins bench-lanes bench-buaa bench-symmetry bench-net bench-against build clean static verify-package verify-dmoj verify-wheel fuzz man-completions

# The workspace's crates (crates/core, crates/sudoku-judge, crates/cli, and crates/python, the
# wheel's Python module); the binary is target/release/sudoku-judge.
build:
	$(CARGO) build --release

run: build
	./target/release/sudoku-judge solve testdata/poj2676/sample.in

# Lint first (fast to fail), then every unit, integration and cross-check test in release mode
# (the seeded cross-check solves tens of thousands of puzzles).
test: lint
	$(CARGO) test --profile ci
	@# The library's documented examples as a program that depends on it builds them: without
	@# the `internals` feature the workspace's own tests turn on.
	$(CARGO) test --profile ci -p sudoku-judge -p sudoku-judge-core --doc

lint:
	@if $(CARGO) fmt --version >/dev/null 2>&1; then $(CARGO) fmt --all -- --check; \
	 else echo "note: rustfmt not installed, format check skipped"; fi
	@# The whole workspace, then the library as its users build it (without the `internals`
	@# feature the command line turns on); its documentation with every intra-doc link resolved.
	@if $(CARGO) clippy --version >/dev/null 2>&1; then $(CARGO) clippy --workspace --all-targets -- -D warnings && \
	 $(CARGO) clippy -p sudoku-judge -p sudoku-judge-core --all-targets -- -D warnings; \
	 else echo "note: clippy not installed, lint skipped"; fi
	RUSTDOCFLAGS="-D warnings" $(CARGO) doc --no-deps --quiet -p sudoku-judge -p sudoku-judge-core
	@if command -v python3 >/dev/null; then python3 scripts/import-cycles.py >/dev/null; \
	 else echo "note: python3 not installed, import-circle check skipped"; fi

bench: bench-engine bench-peers bench-solve bench-formats bench-twins bench-lanes bench-buaa bench-symmetry bench-net

# The band solver side by side with tdoku's benchmark driver (tdoku, fsss2, jsolve, the `sudoku`
# crate), one pinned core, interleaved rounds, as issue 31 measures them. The driver is built
# outside the tree by `sh ../shared/peers/tdoku-kit/build.sh DIR`; without it this says so and
# skips. TDOKU_DRIVER=DIR/run_benchmark to name another.
TDOKU_DRIVER ?= $(HOME)/tdoku-out/run_benchmark
bench-peers:
	python3 scripts/bench-peers.py $(TDOKU_DRIVER)

# Solver rates per data set, per solver, count-to-2 and first-solution, next to the peers.
bench-engine:
	sh scripts/bench-engine.sh

# Per judge format: the format layer's cost next to the engine's, Luogu P1074's slowest case,
# lexicographically smallest against first solutions.
bench-formats:
	$(CARGO) bench --bench formats

# Each 9x9 solver against its any-size twin on the same puzzles, alternating (see crates/cli/benches/twins.rs).
bench-twins:
	$(CARGO) bench --bench twins

# Each tuned reader, judge and writer against the path it shortcuts, alternating (see
# crates/cli/benches/lanes.rs): a lane stays only where it wins by 10% or more.
bench-lanes:
	$(CARGO) bench --bench lanes

# The BUAA/BIT assignment (`buaa -c 1000000`, `buaa --solve` on a million puzzles) next to a plain C
# implementation (scripts/buaa-plain.c), whole process.
bench-buaa:
	sh scripts/bench-buaa.sh

# Canonical forms of 9x9 grids under the Sudoku symmetries per second (the isomorphism problems).
bench-symmetry:
	$(CARGO) bench --bench symmetry

# SGU 437's N-th solution and Tight-Fit Sudoku on nets, both families beside a plain search.
bench-net:
	$(CARGO) bench --bench net

# The node counters of gen --against: CPU nanoseconds a node on fixed cases (see
# crates/cli/benches/against.rs); whole runs: /usr/bin/time -f %U sudoku-judge gen -f poj2676
# --against mrv -n 10 -s 1 -j 1 -q -o F (and -f poj3076 --against dlx), median of 3.
bench-against:
	$(CARGO) bench --bench against

# Whole-process timings of `solve`: formats, threads, peak memory.
bench-solve:
	sh scripts/bench-solve.sh

# A statically linked release binary (glibc's static libraries, no other toolchain): the
# validators of a problem package then need nothing on the judge machine.
# target/x86_64-unknown-linux-gnu/release/sudoku-judge
static:
	CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUSTFLAGS="-C target-feature=+crt-static" \
	  $(CARGO) build --release --target x86_64-unknown-linux-gnu

# Problem packages checked by the real tools: problemtools' verifyproblem (whole, statement
# included) on hdu4069, poj2676 and poj3076 packages, BAPCtools' bt validate, run and generate on
# their 2025-09 packages, problem2pdf on a Chinese title, online-judge-tools' oj test on a
# gen --oj layout (installs them, LuaLaTeX and a CJK font from Debian).
verify-package:
	sh scripts/verify-package.sh

# DMOJ problem folders (package --judge dmoj) judged by the real DMOJ judge: dmoj from PyPI in a
# virtualenv under target/ (its sandbox built with g++ and libseccomp-dev from Debian),
# dmoj-cli submit of accepted and wrong solutions for poj2676, hdu4069 and spoj-sudogob, and
# DMOJ's test suite on the folders.
verify-dmoj:
	sh scripts/verify-dmoj.sh

# The `pip install` wheel (maturin, bindings = "pyo3": the `sudoku_judge` module and the
# `sudoku-judge` command): built with maturin from PyPI out of the source distribution, installed
# into a fresh virtualenv with no Rust toolchain on PATH, and python/tests/ run there with pytest.
# target/wheels/*.whl and the sdist.
verify-wheel:
	sh scripts/verify-wheel.sh

# Every fuzz target for FUZZ_SECONDS each (cargo-fuzz, installed under target/ on first use);
# a crash, a hang or a memory blow-up fails it. See the README's "Fuzzing".
FUZZ_SECONDS ?= 60
fuzz:
	FUZZ_SECONDS=$(FUZZ_SECONDS) bash scripts/fuzz.sh

# Shell completions and man pages made by the binary from its own clap definitions, for a
# package to install: target/completions/{sudoku-judge.bash,_sudoku-judge,sudoku-judge.fish},
# target/man/sudoku-judge*.1.
man-completions: build
	mkdir -p target/completions
	./target/release/sudoku-judge completions bash > target/completions/sudoku-judge.bash
	./target/release/sudoku-judge completions zsh > target/completions/_sudoku-judge
	./target/release/sudoku-judge completions fish > target/completions/sudoku-judge.fish
	./target/release/sudoku-judge man --dir target/man

clean:
	$(CARGO) clean
