#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# lttrace -C / --demangle (ltrace.minor/demangle.exp), under ptrace, or under --bpf when the
# first argument is --bpf: tests/lttrace/demangle.cc prints the lines lttrace must write for
# its own C++ functions (-L -x '_Z*'): demangled as c++filt writes them with -C and with
# --demangle, mangled without.  The program's output and status are checked against an
# untraced run.
set -u
. "$TOP/tests/lib.sh"
LTTRACE="$TOP/$B/bin/lttrace"
BE=()
if [ "${1:-}" = --bpf ]; then
	BE=(--bpf)
	if [ "$(id -u)" != 0 ]; then echo "--bpf needs root (CAP_BPF and CAP_PERFMON)"; exit 77; fi
fi
fail=0
bad() { echo "FAIL: $*"; fail=1; }
"${CXX:-c++}" -O0 -g -o demangle "$TOP/tests/lttrace/demangle.cc" || exit 1
for opt in -C --demangle ""; do
	arg=()
	[ -z "$opt" ] && arg=(mangled)
	run_checked timeout 60 "$LTTRACE" "${BE[@]}" $opt -L -x '_Z*' -o log ./demangle "${arg[@]}" >expected ||
		{ bad "${opt:-no -C}: exit status"; continue; }
	echo "+++ exited (status 0) +++" >>expected
	diff -u expected <(sed -E 's/ +=/ =/' log) || bad "${opt:-no -C}: the lines differ from what the program did"
done
[ $fail = 0 ] && echo "-C, --demangle and none: $(grep -c . expected) lines each, as the program said"
exit $fail
