#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# exec followed (ltrace.minor/trace-exec.exp), under ptrace, or under --bpf when the first
# argument is --bpf: tests/lttrace/exec.c prints the lines lttrace must write when the program
# calls getenv, execs itself and the new image calls strlen: `--- Called exec() ---` between
# them and the new image's call, with its string.  The program's output and status are checked
# against an untraced run.
set -u
. "$TOP/tests/lib.sh"
LTTRACE="$TOP/$B/bin/lttrace"
BE=()
if [ "${1:-}" = --bpf ]; then
	BE=(--bpf)
	if [ "$(id -u)" != 0 ]; then echo "--bpf needs root (CAP_BPF and CAP_PERFMON)"; exit 77; fi
fi
fail=0
"${CC:-cc}" -O0 -o exec "$TOP/tests/lttrace/exec.c" || exit 1
run_checked timeout 60 "$LTTRACE" "${BE[@]}" -e "$(./exec list)" -o log ./exec >expected ||
	{ echo "FAIL: exit status"; fail=1; }
diff -u expected log || { echo "FAIL: the lines differ from what the program did"; fail=1; }
[ $fail = 0 ] && echo "exec: $(wc -l <log) lines as the program said"
exit $fail
