#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# -k under --bpf prints what -k over ptrace prints, on the programs of the stack tests: the
# kernel copies registers and stack at the call, user space unwinds the copy with the CFI of
# the files (libc has no frame pointers).  tests/sh/views/stack-k.c as a PIE, static and stripped
# (open through inner_open and outer_open, and the loader's own calls before main: openat,
# mmap), tests/sh/views/stack-exit.c (stacks after a signal, an execve, the exit line) and
# tests/sh/views/stack-folded.c with -kk (source lines); a signal the kernel ignores (SIGURG:
# reported at the next syscall stop, with the stack there); -p (the maps read at the attach,
# the process gone by the time its stacks are unwound).  Pids and the environment's address
# are masked; everything else, stack lines included, must be the same.
set -u
. "$TOP/tests/lib.sh"
fail=0
die() { echo "FAIL: $*"; fail=1; }

${CC:-cc} -g -O0 -o sk-pie "$TOP/tests/sh/views/stack-k.c" || exit 1
${CC:-cc} -g -O0 -static -o sk-static "$TOP/tests/sh/views/stack-k.c" || exit 1
strip -o sk-stripped sk-pie || exit 1
${CC:-cc} -g -O0 -o se "$TOP/tests/sh/views/stack-exit.c" || exit 1
${CC:-cc} -g -O0 -o sf "$TOP/tests/sh/views/stack-folded.c" || exit 1
# Pids (and the column padding they shift), the environment's address, mmap's addresses.
mask() { sed -E 's/\b[0-9]{3,}\b/PID/g; s/0x7ff[0-9a-f]+ \/\*/ENV \/*/; s/0x7[0-9a-f]{10,}/ADDR/g; s/\) +=/) =/'; }

compare() { # name args...
	local name=$1
	shift
	run_checked "$STTRACE" -o "$name.ptrace" "$@" >/dev/null || die "$name: ptrace run failed"
	run_checked "$STTRACE" --bpf -o "$name.bpf" "$@" >/dev/null || die "$name: --bpf run failed"
	local n
	n=$(grep -c '^ > ' "$name.ptrace")
	[ "$n" -gt 0 ] || die "$name: no stack lines over ptrace"
	if diff -u <(mask <"$name.ptrace") <(mask <"$name.bpf") >"$name.diff"; then
		echo "ok   $name: $n stack lines, the same"
	else
		die "$name: --bpf -k differs from -k:"; head -40 "$name.diff"
	fi
}

for prog in sk-pie sk-static sk-stripped; do
	compare "$prog" -k -e trace=openat,mmap "./$prog"
done
compare se-plain -k -e trace=kill,execve,exit_group ./se plain
compare se-exec -k -e trace=kill,execve,exit_group ./se exec
compare sf-kk -kk -e trace=getpid ./sf
compare se-ignored -k -e trace=kill,exit_group ./se ignored
# -p: each backend attaches to its own run of the program, which waits a second for it.
for be in "" --bpf; do
	./se attach & pid=$!
	# shellcheck disable=SC2086
	run_checked "$STTRACE" $be -o "se-p${be:+.bpf}" -k -e trace=kill,exit_group -p $pid \
		>/dev/null 2>&1 || die "se-p $be: run failed"
	wait $pid
done
n=$(grep -c '^ > ' se-p)
if [ "$n" -gt 0 ] && diff -u <(mask <se-p) <(mask <se-p.bpf) >se-p.diff; then
	echo "ok   se-p: $n stack lines, the same"
else
	die "se-p: --bpf -k -p differs from -k -p ($n stack lines):"; head -40 se-p.diff
fi
exit $fail
