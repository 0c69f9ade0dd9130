#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Compatibility with strace 6.1: every self-describing trace test of tests/registry is run under
# the real strace with the same arguments, and strace's log must equal what the test program
# says sttrace must print.  Since the trace tests hold sttrace to the same text, a pass here
# means sttrace's output equals strace's for that program, byte for byte.
# TRACE_TESTS="a b" runs only those trace tests.
#
# sttrace follows strace 7.2 where it prints a line differently from 6.1 (the installed strace
# here).  A trace test that does so says it in its program's source, with its reason:
#	// strace-7.2: REASON          the whole test follows 7.2: not run here, a NOTE says why
#	// strace-7.2-lines: ERE ;; REASON
#	                                the lines matching ERE (grep -E) follow 7.2: dropped from
#	                                both the expected lines and strace 6.1's log before the diff
# (as many -lines as needed); see docs/testing.md.
set -u
. "$TOP/tests/lib.sh"
command -v strace >/dev/null || { echo "strace is not installed (make deps installs it)"; exit 1; }
strace -V | head -1 | grep -q 'version 6\.1' || echo "note: reference is strace 6.1; found $(strace -V | head -1)"
fail=0 n=0 skipped=0
while read -r kind name rest; do
	[ "$kind" = trace ] || continue
	[ -z "${TRACE_TESTS:-}" ] || case " $TRACE_TESTS " in *" $name "*) ;; *) continue ;; esac
	# Probes (usdt=, uprobe=, uretprobe=) are ours: strace has no such feature to compare with.
	case $rest in *usdt=*|*uprobe=*|*uretprobe=*) continue ;; esac
	src=$(trace_src "$name")
	why=$(src_lines strace-7.2 "$src" | head -n1)
	if [ -n "$why" ]; then
		echo "NOTE: skipped $name: follows strace 7.2 where 6.1 differs: $why"
		skipped=$((skipped + 1))
		continue
	fi
	drop=()
	while IFS= read -r re; do
		drop+=(-e "${re%% ;; *}")
		echo "NOTE: $name: lines matching '${re%% ;; *}' not compared (strace 7.2: ${re#* ;; })"
	done < <(src_lines strace-7.2-lines "$src")
	trace_args "$name" "$rest"
	n=$((n + 1))
	# One retry: a scheduling race inside strace itself is not what this test is about, and
	# the retry is reported so a real difference still shows.
	for try in 1 2; do
		timeout 60 strace -o "strace-$name.log" "${args[@]}" >"expected-$name" 2>"stderr-$name"
		rc=$?
		[ $rc = 77 ] && break
		if [ ${#drop[@]} -gt 0 ]; then
			grep -Ev "${drop[@]}" "expected-$name" >"expected-$name.61"
			grep -Ev "${drop[@]}" "strace-$name.log" >"strace-$name.log.61"
			diff -u "expected-$name.61" "strace-$name.log.61" >"diff-$name" && break
		else
			diff -u "expected-$name" "strace-$name.log" >"diff-$name" && break
		fi
		[ $try = 1 ] && { echo "retrying $name:"; sed -n '1,12p' "diff-$name"; }
	done
	if [ $rc = 77 ]; then
		# exit 77: the program cannot run here (no /dev/kvm, ...); run.sh skips it too
		echo "NOTE: skipped $name: $(tail -n1 "stderr-$name")"
		n=$((n - 1)); skipped=$((skipped + 1))
		continue
	fi
	if [ -s "diff-$name" ]; then
		echo "DIFFERS from strace: $name"
		sed -n '1,20p' "diff-$name"
		fail=$((fail + 1))
	fi
done <"$TOP/tests/registry"
echo "$n trace tests run under strace, $fail differ, $skipped skipped (exit 77, or following 7.2)"
[ $n -gt 0 ] && [ $fail = 0 ]
