#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# make check-ltrace: ltrace 0.7.3's own test suite (testsuite/ of upstream ltrace at tag 0.7.3,
# the source of Debian 12's ltrace 0.7.3-6.4) run against the installed ltrace, against lttrace
# and against lttrace --bpf.  The suite is DejaGnu: each .exp compiles small C programs and
# libraries, runs the tracer (runtest --tool_exec=TRACER) with -o FILE and counts the lines of
# FILE that match a regular expression.
#
#	run.sh [STEP...]	steps: fetch run report (default: all three, in order)
#
# Environment: B (build dir, default build); LTRACE_SRC, the source: a tree holding
# testsuite/, or a git directory (then LTRACE_TAG, default 0.7.3, is taken from it); without
# it the fetch step clones LTRACE_GIT at LTRACE_TAG.  TRACERS (default "ltrace lttrace
# lttrace-bpf"), EXPS (.exp names like "main filters", default all), TIMEOUT (seconds for a
# tracer's whole run, default 1200).
#
# Results go to $B/check-ltrace/: TRACER/ltrace.sum and ltrace.log (DejaGnu's), TRACER/checks.txt
# (one "RESULT EXP: CHECK" a line, counts taken out of the check's name), summary.txt (passes
# and failures per tracer) and TRACER-fails.txt (the checks ltrace passes that TRACER does
# not, with the failure's own words).  Nothing of ltrace's source is committed: it stays in
# $B/ltrace-src/.
set -u
cd "$(dirname "$0")/../.." || exit 1
TOP=$PWD
B=${B:-build}
case $B in /*) ;; *) B=$TOP/$B ;; esac
SRCDIR=$B/ltrace-src
TREE=$SRCDIR/ltrace-0.7.3
OUT=$B/check-ltrace
TIMEOUT=${TIMEOUT:-1200}
TRACERS=${TRACERS:-ltrace lttrace lttrace-bpf}
LTRACE_TAG=${LTRACE_TAG:-0.7.3}
# Upstream (Juan Cespedes' repository), then a mirror of it on GitHub; tag 0.7.3 is this commit.
LTRACE_GIT=${LTRACE_GIT:-https://gitlab.com/cespedes/ltrace.git https://github.com/dkogan/ltrace.git}
LTRACE_0_7_3=37ecc41b58be3dbdd79592a76e331b5b371e4f81
NICE=(nice -n 19 ionice -c3)
HERE=$TOP/tests/ltrace-suite

die() { echo "check-ltrace: $*" >&2; exit 1; }

# DejaGnu (runtest), expect and a C/C++ compiler, from Debian when missing.
need_tools() {
	local pkgs=() p
	command -v runtest >/dev/null || pkgs+=(dejagnu)
	command -v expect >/dev/null || pkgs+=(expect)
	command -v g++ >/dev/null || pkgs+=(g++)
	[ ${#pkgs[@]} = 0 ] && return 0
	[ "$(id -u)" = 0 ] || die "missing ${pkgs[*]}: run as root, or apt-get install ${pkgs[*]}"
	echo "check-ltrace: installing ${pkgs[*]}"
	for p in update "install -y -qq ${pkgs[*]}"; do
		# shellcheck disable=SC2086
		DEBIAN_FRONTEND=noninteractive apt-get -qq $p >/dev/null || die "apt-get $p failed"
	done
}

# The source into $TREE: from LTRACE_SRC (a tree, or a git directory and LTRACE_TAG), else
# cloned from LTRACE_GIT.  Kept once copied: a second run copies nothing.
step_fetch() {
	need_tools
	if [ -f "$TREE/testsuite/lib/ltrace.exp" ] && [ -z "${LTRACE_SRC:-}" ]; then
		echo "check-ltrace: source cached in $TREE"
		return
	fi
	rm -rf "$TREE" "$TREE.tmp"
	mkdir -p "$TREE.tmp" || exit 1
	local src=${LTRACE_SRC:-} tmp
	if [ -z "$src" ]; then
		local url
		tmp=$SRCDIR/clone
		for url in $LTRACE_GIT; do
			rm -rf "$tmp"
			echo "check-ltrace: cloning $url at $LTRACE_TAG"
			timeout 300 git clone -q --depth 1 --branch "$LTRACE_TAG" "$url" "$tmp" 2>&1 && src=$tmp && break
		done
		[ -n "$src" ] ||
			die "fetch: cannot clone ltrace (no network?): give the source as LTRACE_SRC=DIR (a tree of ltrace $LTRACE_TAG, or a git directory holding tag $LTRACE_TAG)"
		[ "$LTRACE_TAG" != 0.7.3 ] || [ "$(git -C "$tmp" rev-parse HEAD)" = "$LTRACE_0_7_3" ] ||
			die "fetch: tag 0.7.3 of $url is not commit $LTRACE_0_7_3"
	fi
	if [ -f "$src/testsuite/lib/ltrace.exp" ]; then
		cp -a "$src/." "$TREE.tmp/" || die "fetch: cannot copy $src"
	elif git --git-dir="$src" rev-parse -q --verify "$LTRACE_TAG^{commit}" >/dev/null 2>&1 ||
		git -C "$src" rev-parse -q --verify "$LTRACE_TAG^{commit}" >/dev/null 2>&1; then
		local gd=$src
		[ -d "$src/.git" ] && gd=$src/.git
		git --git-dir="$gd" archive "$LTRACE_TAG" | tar -x -C "$TREE.tmp" ||
			die "fetch: cannot export $LTRACE_TAG from $src"
		local c
		c=$(git --git-dir="$gd" rev-parse "$LTRACE_TAG^{commit}")
		echo "check-ltrace: $LTRACE_TAG is $c"
		[ "$LTRACE_TAG" != 0.7.3 ] || [ "$c" = "$LTRACE_0_7_3" ] ||
			die "fetch: tag 0.7.3 of $src is not commit $LTRACE_0_7_3"
	else
		die "fetch: $src is neither a tree with testsuite/lib/ltrace.exp nor a git directory holding $LTRACE_TAG"
	fi
	rm -rf "$SRCDIR/clone"
	grep -q "AC_INIT(\[ltrace\],\[$LTRACE_TAG\]" "$TREE.tmp/configure.ac" 2>/dev/null ||
		echo "check-ltrace: warning: $src does not say it is ltrace $LTRACE_TAG (configure.ac)"
	# Our guard against the hollow pass (guard.exp), loaded after upstream's library.
	cp "$HERE/guard.exp" "$TREE.tmp/testsuite/lib/sttrace-guard.exp" &&
		echo 'load_lib sttrace-guard.exp' >>"$TREE.tmp/testsuite/config/unix.exp" || exit 1
	mv "$TREE.tmp" "$TREE" && echo "check-ltrace: source copied to $TREE"
}

tracer_cmd() { # name: the path given as --tool_exec
	case $1 in
	ltrace) command -v ltrace || die "run: ltrace is not installed (apt-get install ltrace)" ;;
	lttrace) echo "$B/bin/lttrace" ;;
	lttrace-bpf)
		"$TOP/tests/bpf-wrapper.sh" "$OUT/bin/lttrace-bpf" "$B/bin/lttrace" ||
			die "run: cannot build the lttrace-bpf wrapper"
		echo "$OUT/bin/lttrace-bpf" ;;
	*) die "run: unknown tracer $1 (ltrace, lttrace, lttrace-bpf)" ;;
	esac
}

# One tracer's run: its own object directory (the suite compiles its programs into
# OBJDIR/ltrace.*), the env.exp that ltrace's configure would write (no extra library
# paths), and runtest as ltrace's `make check` calls it, with CFLAGS_FOR_TARGET=-w: GCC 12's
# warnings about the 2012 test programs otherwise count as failed compiles.
run_tracer() { # name path
	local obj=$OUT/$1 d exps=() e rc
	rm -rf "$obj"
	for d in ltrace.main ltrace.minor ltrace.torture; do mkdir -p "$obj/$d"; done
	printf 'set libelf_LD_LIBRARY_PATH ""\nset libunwind_LD_LIBRARY_PATH ""\n' >"$obj/env.exp"
	for e in ${EXPS:-}; do exps+=("${e%.exp}.exp"); done
	echo "check-ltrace: running the suite against $1 ($2)"
	(cd "$obj" && exec "${NICE[@]}" timeout -k 10 "$TIMEOUT" runtest --tool ltrace \
		--srcdir "$TREE/testsuite" --objdir "$obj" --tool_exec="$2" CFLAGS_FOR_TARGET=-w \
		"${exps[@]}") >"$obj/runtest.out" 2>&1 </dev/null
	rc=$?
	[ $rc = 124 ] || [ $rc = 137 ] && echo "check-ltrace: $1: runtest stopped after ${TIMEOUT}s" |
		tee -a "$obj/ltrace.sum"
	[ -f "$obj/ltrace.sum" ] || die "run: runtest wrote no ltrace.sum for $1, see $obj/runtest.out"
	checks "$obj" >"$obj/checks.txt"
}

# DejaGnu's results as "RESULT EXP: CHECK", one a line.  A check's name is its message with
# what changes from tracer to tracer taken out: the object directory and temporary file
# names, and the counts ("for 3 times, should be 5", "appears ... 2 times, expected == 1",
# upstream's "Fail to find" prefix), so that the same check has the same name in every run; a
# name met twice in one .exp is numbered (#2).
checks() { # objdir
	awk -v obj="$1" '
	/^Running .*\.exp \.\.\.$/ { ex = $2; sub(/.*\/testsuite\//, "", ex); next }
	/^(PASS|FAIL|XPASS|XFAIL|UNRESOLVED|UNTESTED|UNSUPPORTED|ERROR|KFAIL|KPASS): / {
		res = $1; sub(/:$/, "", res)
		msg = $0; sub(/^[A-Z]+: /, "", msg)
		gsub(obj, "OBJ", msg)
		gsub(/\/[^ ]*\/lt-[A-Za-z0-9]+\.ltrace/, "TMP.ltrace", msg)
		sub(/^Fail to find /, "", msg)
		sub(/: no trace file$/, "", msg)
		sub(/ for [0-9]+ times(, should be [0-9]+)?$/, "", msg)
		sub(/ [0-9]+ times(, expected .*)?$/, " N times", msg)
		key = ex ": " msg
		if (++seen[key] > 1) key = key " #" seen[key]
		print res " " key
	}' "$1/ltrace.sum"
}

step_run() {
	local t cmd start
	[ -f "$TREE/testsuite/lib/ltrace.exp" ] || die "run: no source in $TREE (run the fetch step)"
	need_tools
	mkdir -p "$OUT"
	for t in $TRACERS; do
		cmd=$(tracer_cmd "$t") || exit 1
		[ -x "$cmd" ] || die "run: $cmd is not built"
		start=$(date +%s)
		run_tracer "$t" "$cmd"
		echo $(($(date +%s) - start)) >"$OUT/$t/seconds"
	done
}

step_report() {
	local t ref=$OUT/ltrace/checks.txt
	: >"$OUT/summary.txt"
	for t in $TRACERS; do
		[ -f "$OUT/$t/checks.txt" ] || die "report: no results for $t (run the run step)"
		awk -v t="$t" -v s="$(cat "$OUT/$t/seconds" 2>/dev/null)" \
			-v nofile="$(grep -c ': no trace file$' "$OUT/$t/ltrace.sum")" '{ n[$1]++ }
			END { printf "%-12s expected passes %4d  unexpected failures %3d  (no trace file %d; other %d; %ss)\n",
			      t, n["PASS"], n["FAIL"], nofile, NR - n["PASS"] - n["FAIL"], s }' \
			"$OUT/$t/checks.txt" >>"$OUT/summary.txt"
	done
	cat "$OUT/summary.txt"
	[ -f "$ref" ] || return 0
	for t in $TRACERS; do
		[ "$t" = ltrace ] && continue
		# Checks ltrace passes and this tracer does not (a check it never reached too),
		# then the failures ltrace does not have at all ("test case execution failed": the
		# tracer's exit status or a word on stderr).
		awk 'NR == FNR { if ($1 == "PASS") ok[substr($0, 6)] = 1; next }
		     { k = $0; sub(/^[A-Z]+ /, "", k); got[k] = $1 }
		     END { for (k in ok) if (got[k] != "PASS") print ((k in got) ? got[k] : "MISSING") " " k }' \
			"$ref" "$OUT/$t/checks.txt" | sort -k2 >"$OUT/$t-fails.txt"
		awk 'NR == FNR { k = $0; sub(/^[A-Z]+ /, "", k); had[k] = 1; next }
		     $1 != "PASS" { k = $0; sub(/^[A-Z]+ /, "", k); if (!(k in had)) print }' \
			"$ref" "$OUT/$t/checks.txt" >>"$OUT/$t-fails.txt"
		echo "check-ltrace: $t fails $(wc -l <"$OUT/$t-fails.txt") checks ltrace passes" \
			"(of $(grep -c '^PASS' "$ref")): $OUT/$t-fails.txt"
	done
}

steps=${*:-fetch run report}
for s in $steps; do
	case $s in
	fetch | run | report) "step_$s" ;;
	*) die "unknown step $s (fetch, run, report)" ;;
	esac
done
