#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# A child the program clones with CLONE_PTRACE stops for sttrace though -f was not given:
# sttrace lets it go as strace does, saying "Detached unknown pid N" unless --quiet=attach,
# and the child runs on untraced (tests/sh/sttrace/clone-ptrace.c).  The program's output and exit
# status are its untraced ones.  Under --bpf too (as root with BTF): nothing is attached there,
# but the kernel sees the clone's CLONE_PTRACE at the fork and sttrace says what ptrace's
# tracer would (strace 7.2's clone_ptrace test).
set -u
. "$TOP/tests/lib.sh"
fail=0
bad() { echo "FAIL: $*"; fail=1; }
${CC:-cc} -O1 -Wall -o cpt "$TOP/tests/sh/sttrace/clone-ptrace.c" || exit 1

backends=("")
[ "$(id -u)" = 0 ] && [ -r /sys/kernel/btf/vmlinux ] && backends+=(--bpf)
for be in "${backends[@]}"; do
for q in --quiet=personality --quiet=attach; do # (-o alone would imply -q)
	# shellcheck disable=SC2086
	run_checked "$STTRACE" $be $q -e trace=none -e signal=none -o t.log ./cpt >t.out 2>t.err
	rc=$?
	[ $rc = 0 ] || { bad "sttrace $be $q: exit status $rc"; cat t.out t.err; continue; }
	pid=$(sed -n 's/^child \([0-9]*\)$/\1/p' t.out)
	want="$STTRACE: Detached unknown pid $pid"
	[ $q = --quiet=attach ] && want=
	if [ "$(cat t.err)" != "$want" ]; then
		bad "sttrace $be $q: stderr '$(cat t.err)', want '$want'"
	elif [ "$(cat t.log)" != "+++ exited with 0 +++" ]; then
		bad "sttrace $be $q: trace '$(cat t.log)'"
	else
		echo "sttrace $be $q: CLONE_PTRACE child let go${want:+, \"$want\"}"
	fi
done
done
exit $fail
