# SPDX-License-Identifier: LGPL-2.1-or-later
# Shared by the runner and the shell tests that replay trace tests.

# The source of trace test NAME, tests/trace/FAMILY/NAME.c (relative to the top), or nothing.
trace_src() {
	local f
	for f in "${TOP:-.}"/tests/trace/*/"$1".c; do [ -f "$f" ] && { echo "$f"; return; }; done
}
# The script of sh test NAME, tests/sh/ROLE/NAME.sh.
sh_src() {
	local f
	for f in "${TOP:-.}"/tests/sh/*/"$1".sh; do [ -f "$f" ] && { echo "$f"; return; }; done
}

# The values of a test program's "// KEY: VALUE" lines, one a line: in SRC and in the sources it
# includes from its own folder (a variant, ioctl-tty-v.c, includes its base, ioctl-tty.c).
src_lines() { # KEY SRC
	local inc
	[ -f "$2" ] || return 0
	sed -n "s|^// $1: ||p" "$2"
	for inc in $(sed -n 's|^#include "\([^"/]*\.c\)"$|\1|p' "$2"); do
		[ -f "${2%/*}/$inc" ] && sed -n "s|^// $1: ||p" "${2%/*}/$inc"
	done
}

# trace_args NAME REST: the tracer arguments of registry line "trace NAME REST" into the array
# `args`, with the test program in place of %p (or last).
trace_args() {
	local prog="$TOP/$B/tests/trace/$1" a placed=0
	eval "set -- $2"
	args=()
	for a in "$@"; do
		if [ "$a" = "%p" ]; then args+=("$prog"); placed=1; else args+=("$a"); fi
	done
	[ $placed = 1 ] || args+=("$prog")
}

# A traced program must compute what it computes untraced.  Its output traced and untraced is
# compared after the values that differ from run to run anyway are blanked: addresses (hex of
# five digits or more), numbers of two digits or more (pids, ports), times, strings with
# escaped bytes (random ones, ports), the shell's $_ in an environment, runs of spaces (columns padded after an address);
# small numbers (results, descriptors, exit codes) stay; times() comments ("/* 0.N s */", there
# once a count passes 100 ticks, as it may on a slow traced run) go.  Lines are sorted when SORTED=1
# (threads print in any order).  A small number the kernel hands out (a pty's number, one digit
# on a freshly booted machine) is named by the program's source on a line
# "// untraced-varies: ERE": what ERE matches is blanked too.
normalize_run() { # file [source of the program]
	local e=() re
	if [ -n "${2:-}" ] && [ -f "$2" ]; then
		while IFS= read -r re; do e+=(-e "s"$'\001'"$re"$'\001'"VARIES"$'\001'"g"); done \
			< <(src_lines untraced-varies "$2")
	fi
	sed -E "${e[@]}" -e 's/"_=[^"]*"/"_=CMD"/; s/"([^"\\]|\\.)*\\([^"\\]|\\.)*"/"BYTES"/g; s/0x[0-9a-f]{5,}/0xA/g; s/[0-9]{2,}/N/g' \
		-e 's/(tv_u?n?sec|tms_[a-z]+)=[0-9]+/\1=N/g; s| /\* [0-9N.]+ s \*/||g; s/ +/ /g' \
		"$1" | if [ "${SORTED:-0}" = 1 ]; then LC_ALL=C sort; else cat; fi
}

# same_as_untraced TRACED_OUT TRACED_RC UNTRACED_OUT UNTRACED_RC [PROGRAM_SOURCE]: 0 when they
# agree, else a diff on stdout.
same_as_untraced() {
	if [ "$2" != "$4" ]; then
		echo "exit status $2 traced, $4 untraced"
		return 1
	fi
	diff -u --label untraced --label traced <(normalize_run "$3" "${5:-}") \
		<(normalize_run "$1" "${5:-}")
}

# run_checked [WRAPPER...] TRACER ARGS... PROG ARGS: run the tracer (sttrace or lttrace, maybe
# under timeout or setarch), the program's stdout passed through; then the program (the first
# executable file after the tracer) untraced, in the same directory, and compare
# (same_as_untraced).  lttrace exits 0 whatever the program's status (as ltrace): the traced
# program's status is then read from the trace's end line (-o FILE, or stderr).  The tracer's
# exit status is returned, or 1 with a FAIL line on stderr when the runs differ.  A run with no program (-p, sh -c) is not compared.
# A difference also goes to $UNTRACED_FAIL, and a test that sourced this file exits 1 then,
# whatever it did with run_checked's status.
if [ "${0##*/}" != run.sh ]; then
	UNTRACED_FAIL=${UNTRACED_FAIL:-$PWD/untraced.fail}
	rm -f "$UNTRACED_FAIL"
	trap 'rc=$?; if [ -s "$UNTRACED_FAIL" ]; then cat "$UNTRACED_FAIL"; rc=1; fi; exit $rc' EXIT
fi
run_checked() {
	local i prog=0 tracer=0 tout uout rc urc
	for ((i = 1; i <= $#; i++)); do
		case ${!i} in */sttrace|*/lttrace) tracer=$i; break ;; esac
	done
	for ((i = tracer + 1; tracer && i <= $#; i++)); do
		case ${!i} in --compare*) break ;; esac # the tool's own table, no trace
		if [ -f "${!i}" ] && [ -x "${!i}" ]; then prog=$i; break; fi
	done
	# -e inject= and -e fault= change the program on purpose (exempt in run.sh's run_trace too).
	for ((i = tracer + 1; prog && i < prog; i++)); do
		case ${!i} in *inject=*|*fault=*) prog=0 ;; esac
	done
	# A test program's source may say why its run differs untraced (run.sh, run_trace).
	local src
	[ $prog != 0 ] && src=$(trace_src "${!prog##*/}")
	if [ -n "${src:-}" ] && [ -n "$(src_lines untraced "$src")" ]; then
		prog=0
	fi
	tout=$(mktemp) uout=$(mktemp)
	local trace="" prc
	[ $prog != 0 ] && [[ ${!tracer} == */lttrace ]] && trace=$(lt_trace_file "${@:tracer+1:prog-tracer-1}")
	if [ "$trace" = - ]; then # the trace on stderr: kept, then passed on
		trace=$tout.err
		"$@" >"$tout" 2>"$trace"
		rc=$?
		cat "$trace" >&2
	else
		"$@" >"$tout"
		rc=$?
	fi
	cat "$tout"
	if [ $prog != 0 ]; then
		"${@:prog}" >"$uout" 2>/dev/null </dev/null
		urc=$?
		# lttrace exits 0 whatever the program's status, as ltrace: the program's is its
		# trace's last end line; without one (-c, --json, --record) it is not compared.
		prc=$rc
		if [ -n "$trace" ] && [ $rc = 0 ]; then
			prc=$(lt_trace_status "$trace")
			prc=${prc:-$urc}
		fi
		if ! same_as_untraced "$tout" "$prc" "$uout" "$urc" "${src:-}" >"$tout.diff"; then
			{ echo "FAIL: the traced program differs from its untraced run: ${*:prog}"
			  sed 's/^/    /' "$tout.diff"; } | tee -a "$UNTRACED_FAIL" >&2
			rc=1
		fi
	fi
	rm -f "$tout" "$uout" "$tout.diff" "$tout.err"
	return $rc
}

# lt_trace_file LTTRACE-OPTIONS...: where lttrace writes its trace: -o FILE's FILE, or "-" (stderr).
lt_trace_file() {
	local f=-
	while [ $# -gt 0 ]; do
		case $1 in
		-o | --output) f=${2:-}; shift ;;
		--output=*) f=${1#--output=} ;;
		-o*) f=${1#-o} ;;
		esac
		shift
	done
	echo "$f"
}

# lt_trace_status FILE: the traced program's exit status from lttrace's (ltrace's) last
# "+++ exited (status N) +++" (N) or "+++ killed by SIGNAME +++" (128 + its number) line;
# nothing when there is none.
lt_trace_status() {
	local v
	v=$(sed -nE 's/^.*\+\+\+ exited \(status ([0-9]+)\) \+\+\+$/\1/p
		s/^.*\+\+\+ killed by SIG([A-Z0-9+]+) \+\+\+$/K\1/p' "$1" 2>/dev/null | tail -n 1)
	case $v in
	K*) echo $((128 + $(kill -l "${v#K}" 2>/dev/null || echo 0))) ;;
	*) echo "$v" ;;
	esac
}

# lt_backend [--bpf]: LTTRACE, the lttrace built, and BE, the backend's options: none, or --bpf
# when the test's first argument says so (then, without root, a skip that says why).
lt_backend() {
	LTTRACE="$TOP/$B/bin/lttrace"
	BE=()
	[ "${1:-}" = --bpf ] || return 0
	BE=(--bpf)
	[ "$(id -u)" = 0 ] || { echo "--bpf needs root (CAP_BPF and CAP_PERFMON)"; exit 77; }
}

# lt_described WHAT LTTRACE-OPTIONS... PROG ARGS: one run of a self-describing lttrace test.
# The program, traced by lttrace $BE -o log (and checked against its untraced run), prints the
# lines lttrace must write; those and the trace's end line must be the trace, the result
# column aside.  0, or 1 with a FAIL line naming WHAT.
lt_described() {
	local what=$1
	shift
	run_checked timeout 60 "$LTTRACE" "${BE[@]}" -o log "$@" >expected ||
		{ echo "FAIL: $what: lttrace's exit status $?"; return 1; }
	echo "+++ exited (status 0) +++" >>expected
	diff -u expected <(sed -E 's/ +=/ =/' log) ||
		{ echo "FAIL: $what: the lines differ from what the program did"; return 1; }
}
