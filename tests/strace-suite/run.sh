#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# make check-strace: strace's own test suite run against strace itself, against sttrace, and
# against sttrace --bpf.  Each upstream test is a C program that prints what strace must print
# and a shell script (tests/init.sh) that runs $STRACE on it and diffs; pointing STRACE at
# another tracer measures how much of strace that tracer is.
#
#	run.sh [STEP...]	steps: fetch build run report (default: all four, in order)
#
# Two suites (STRACE_SUITE):
#	7.2 (default)	strace 7.2's, the strace sttrace follows: STRACE_SRC=PATH names a local
#			git clone (checked out at tag v7.2) or source tree of it, copied into
#			$B/strace-src-7.2/strace-7.2/ (no machine here downloads it during a
#			build), bootstrapped there when it has no configure (gawk, autoconf and
#			automake from Debian); results in $B/check-strace/.
#	6.1		Debian 12's source package (apt-get source, fetch.sh) into
#			$B/strace-src/; results in $B/check-strace-6.1/.
#
# Environment: B (build dir, default build), TRACERS (default "strace sttrace sttrace-bpf"),
# TESTS (names like "kill_child qual_fault", default the whole suite), TIMEOUT (seconds per
# test, default 60), JOBS (tests at a time, default 2).
#
# Results go to the results directory: TRACER/results.txt (one "RESULT NAME [why]" a line),
# TRACER/logs/NAME.log and TRACER/logs/NAME.dir/ for every test that did not pass,
# summary.txt (PASS/FAIL/SKIP per tracer), TRACER-fails.txt (the tests strace passes that
# TRACER does not, with the last line of the failure) and TRACER-families.txt (those counted by
# family).  Nothing of strace's source is committed: it stays under $B/.
set -u
cd "$(dirname "$0")/../.." || exit 1
TOP=$PWD
B=${B:-build}
case $B in /*) ;; *) B=$TOP/$B ;; esac
SUITE=${STRACE_SUITE:-7.2}
case $SUITE in
7.2) SRCDIR=$B/strace-src-7.2 OUT=$B/check-strace ;;
6.1) SRCDIR=$B/strace-src OUT=$B/check-strace-6.1 ;;
*) echo "check-strace: STRACE_SUITE=$SUITE: 7.2 or 6.1" >&2; exit 1 ;;
esac
TIMEOUT=${TIMEOUT:-60}
JOBS=${JOBS:-2}
TRACERS=${TRACERS:-strace sttrace sttrace-bpf}
NICE=(nice -n 19 ionice -c3)
HERE=$TOP/tests/strace-suite

die() { echo "check-strace: $*" >&2; exit 1; }

source_tree() {
	local t
	t=$(find -H "$SRCDIR" -mindepth 1 -maxdepth 1 -type d -name 'strace-*' 2>/dev/null | head -n1)
	[ -n "$t" ] && [ -f "$t/tests/init.sh" ] || die "no strace source in $SRCDIR (run the fetch step)"
	echo "$t"
}

step_fetch() {
	if [ "$SUITE" = 6.1 ]; then
		SRCDIR=$SRCDIR "$HERE/fetch.sh" || exit 1
	else
		SRCDIR=$SRCDIR STRACE_SRC=${STRACE_SRC:-} "$HERE/copy-src.sh" || exit 1
	fi
}

# strace configured without multiple personalities (the suite's x86-64 tests only) and with
# its bundled kernel headers (6.1's own: newer uapi headers renamed fields it uses), then its
# binary (the reference tracer) and the test programs; `make check TESTS=` builds
# check_PROGRAMS and runs nothing.
step_build() {
	local tree
	tree=$(source_tree) || exit 1
	mkdir -p "$OUT"
	local opts="--enable-mpers=no --enable-bundled=yes --disable-gcc-Werror"
	if [ ! -x "$tree/configure" ]; then
		echo "check-strace: bootstrapping strace (log: $OUT/bootstrap.log)"
		(cd "$tree" && "${NICE[@]}" ./bootstrap) >"$OUT/bootstrap.log" 2>&1 ||
			die "build: bootstrap failed, see $OUT/bootstrap.log"
	fi
	# Configured already with the options that matter (a tree copied after its build, as
	# configured by hand): kept, so nothing is built again.
	if [ "$(cat "$tree/.check-strace-configured" 2>/dev/null)" != "$opts" ] &&
	   ! { [ -f "$tree/Makefile" ] &&
	       sed -n 's/^  \$ .*configure //p' "$tree/config.log" 2>/dev/null | head -n1 |
	       grep -q -- '--enable-mpers=no.*--enable-bundled=yes'; }; then
		echo "check-strace: configuring strace $opts (log: $OUT/configure.log)"
		# shellcheck disable=SC2086
		(cd "$tree" && "${NICE[@]}" ./configure $opts) >"$OUT/configure.log" 2>&1 ||
			die "build: configure failed, see $OUT/configure.log"
		echo "$opts" >"$tree/.check-strace-configured"
	fi
	echo "check-strace: building strace and its test programs (log: $OUT/build.log)"
	"${NICE[@]}" make -j"$JOBS" -C "$tree/src" >"$OUT/build.log" 2>&1 ||
		{ tail -n 20 "$OUT/build.log" >&2; die "build: make -C src failed, see $OUT/build.log"; }
	# A few test programs may not compile against newer kernel headers than the strace
	# knew (6.1's nlattr_nhmsg: struct nexthop_grp changed): keep going, their tests fail
	# for every tracer and so are not counted against sttrace.
	"${NICE[@]}" make -k -j"$JOBS" -C "$tree/tests" check TESTS= >>"$OUT/build.log" 2>&1
	[ -f "$tree/tests/libtests.a" ] || die "build: libtests.a not built, see $OUT/build.log"
	local bad
	bad=$(sed -n 's/^make\[[0-9]*\]: \*\*\* \[Makefile:[0-9]*: \(.*\)\] Error .*/\1/p' \
		"$OUT/build.log" | grep -v '^check' | sort -u | tr '\n' ' ')
	[ -z "$bad" ] || echo "check-strace: build: test programs that did not compile here: $bad"
}

# The suite's test names (automake's TESTS, mpers off): *.gen.test and *.test scripts.
suite_tests() { # tree
	if [ -n "${TESTS:-}" ]; then
		local t
		for t in $TESTS; do
			if [ -f "$1/tests/$t.gen.test" ]; then echo "$t.gen.test"
			elif [ -f "$1/tests/$t.test" ]; then echo "$t.test"
			else die "run: no test $t in $1/tests"; fi
		done
		return
	fi
	printf 'include Makefile\ncheck-strace-print-tests:\n\t@echo $(TESTS)\n' |
		make -s -C "$1/tests" -f - check-strace-print-tests | tr ' ' '\n' | grep .
}

tracer_cmd() { # name: the path STRACE is set to
	case $1 in
	strace) echo "$tree/src/strace" ;;
	sttrace) echo "$B/bin/sttrace" ;;
	sttrace-bpf)
		"$TOP/tests/bpf-wrapper.sh" "$OUT/bin/sttrace-bpf" "$B/bin/sttrace" ||
			die "run: cannot build the sttrace-bpf wrapper"
		echo "$OUT/bin/sttrace-bpf" ;;
	*) die "run: unknown tracer $1 (strace, sttrace, sttrace-bpf)" ;;
	esac
}

# One test: upstream's tests/run.sh with the variables automake's check passes it, under
# upstream's own time limit (TIMEOUT_DURATION) and ours a little after, which kills the
# whole process group (a tracer and tracees left behind).  Prints "RESULT NAME [why]".
run_one() { # tree tracer-name tracer-path test-file
	local tree=$1 name=${4%.test} log dir rc res why attempt noise
	name=${name%.gen}
	log=$OUT/$2/logs/$name.log
	dir=$OUT/$2/logs/$name.dir
	rm -rf "$dir"
	for attempt in 1 2 3; do
		(cd "$tree/tests" && exec "${NICE[@]}" timeout -k 5 $((TIMEOUT + 15)) env \
			STRACE_ARCH=x86_64 STRACE_NATIVE_ARCH=x86_64 SIZEOF_KERNEL_LONG_T=8 \
			SIZEOF_LONG=8 MIPS_ABI= STRACE="$3" TIMEOUT_DURATION="$TIMEOUT" srcdir=. \
			./run.sh "./$4") >"$log" 2>&1 </dev/null
		rc=$?
		# While a uretprobe is attached to libc (another tracer at work on the machine),
		# every process returning through it calls syscall 335 (uretprobe, Linux 6.11),
		# which strace 6.1 and sttrace print as syscall_0x14f: noise, try again.
		noise=
		[ $rc != 0 ] && [ $rc != 77 ] && grep -q 'syscall_0x14f' "$log" || break
		noise=" [syscall 335 from someone's uretprobes on libc]"
		sleep 2
	done
	case $rc in
	0) res=PASS ;;
	77) res=SKIP ;;
	*) res=FAIL ;;
	esac
	why=
	if [ $rc = 124 ] || [ $rc = 137 ] || grep -q 'time limit .* exceeded' "$log"; then
		why="timeout (${TIMEOUT}s)"
	elif [ $res != PASS ]; then
		why=$(grep -v '^[[:space:]]*$' "$log" | tail -n 1 | cut -c1-160)
	fi
	if [ $res = PASS ]; then
		rm -f "$log"
	elif [ -d "$tree/tests/$name.dir" ]; then
		cp -r "$tree/tests/$name.dir" "$dir" 2>/dev/null
	fi
	rm -rf "$tree/tests/$name.dir"
	echo "$res $name${why:+ $why}$noise"
}

step_run() {
	local tree t cmd start list
	tree=$(source_tree) || exit 1
	[ -x "$tree/src/strace" ] && [ -f "$tree/tests/libtests.a" ] || die "run: nothing built (run the build step)"
	list=$(suite_tests "$tree") || exit 1
	for t in $TRACERS; do
		cmd=$(tracer_cmd "$t") || exit 1
		[ -x "${cmd%% *}" ] || die "run: $cmd is not built"
		rm -rf "$OUT/$t"
		mkdir -p "$OUT/$t/logs"
		echo "check-strace: $(echo "$list" | wc -l) tests against $t ($cmd), $JOBS at a time"
		start=$(date +%s)
		export -f run_one
		export OUT TIMEOUT
		echo "$list" | xargs -P "$JOBS" -I{} bash -c 'run_one "$@"' _ "$tree" "$t" "$cmd" {} |
			tee "$OUT/$t/results.unsorted" | awk '{ n[$1]++ }
				NR % 100 == 0 { printf "check-strace:   %d done (%d PASS, %d FAIL, %d SKIP)\n",
						NR, n["PASS"], n["FAIL"], n["SKIP"]; fflush() }'
		sort -k2 "$OUT/$t/results.unsorted" >"$OUT/$t/results.txt"
		rm -f "$OUT/$t/results.unsorted"
		echo $(($(date +%s) - start)) >"$OUT/$t/seconds"
	done
}

step_report() {
	local t ref=$OUT/strace/results.txt
	: >"$OUT/summary.txt"
	echo "strace $SUITE's test suite ($(source_tree))" >>"$OUT/summary.txt"
	for t in $TRACERS; do
		[ -f "$OUT/$t/results.txt" ] || die "report: no results for $t (run the run step)"
		awk -v t="$t" -v s="$(cat "$OUT/$t/seconds" 2>/dev/null)" '{ n[$1]++ }
			END { printf "%-12s PASS %4d  FAIL %4d  SKIP %4d  (%d tests, %ss)\n",
			      t, n["PASS"], n["FAIL"], n["SKIP"], NR, s }' \
			"$OUT/$t/results.txt" >>"$OUT/summary.txt"
	done
	cat "$OUT/summary.txt"
	[ -f "$ref" ] || return 0
	for t in $TRACERS; do
		[ "$t" = strace ] && continue
		# Tests strace passes and this tracer does not, with why.
		awk 'NR == FNR { if ($1 == "PASS") ok[$2] = 1; next }
		     ($2 in ok) && $1 != "PASS"' "$ref" "$OUT/$t/results.txt" >"$OUT/$t-fails.txt"
		"$HERE/families.sh" "$OUT/$t-fails.txt" "$OUT/$t/logs" >"$OUT/$t-families.txt"
		echo "check-strace: $t fails $(wc -l <"$OUT/$t-fails.txt") of the" \
			"$(grep -c '^PASS' "$ref") tests strace passes: $OUT/$t-fails.txt," \
			"by family: $OUT/$t-families.txt"
	done
}

steps=${*:-fetch build run report}
for s in $steps; do
	case $s in
	fetch | build | run | report) "step_$s" ;;
	*) die "unknown step $s (fetch, build, run, report)" ;;
	esac
done
