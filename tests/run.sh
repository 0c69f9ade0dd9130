#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The test runner.  tests/registry lists one test a line:
#	trace NAME ARGS...   run build/tests/trace/NAME (tests/trace/FAMILY/NAME.c) under
#	                     `sttrace -o LOG ARGS`; the program prints on stdout the exact lines sttrace must write; the runner diffs.
#	                     %p in ARGS stands for the program (else it goes last).  Run twice:
#	                     as NAME over ptrace and as NAME@bpf with --bpf, against the same lines.
#	ptrace NAME ARGS...  the same, over ptrace only (a feature only ptrace can have).
#	unit  NAME           run build/tests/unit/NAME; exit 0 passes.
#	sh    NAME ARGS...   run tests/sh/ROLE/NAME.sh ARGS; exit 0 passes, 77 skips (last line: reason).
# A test that exits 77 is skipped and must say why.  TESTS="a b" runs only those names.
# STTRACE_TEST_NO_KVM=1 runs it all as on a machine without /dev/kvm (tests/no-kvm.sh).
# The last line is "N passed, N failed, N skipped"; the exit status is non-zero on any failure.
set -u
cd "$(dirname "$0")/.."
# STTRACE_TEST_NO_KVM=1: the whole run as on a machine without /dev/kvm (tests/no-kvm.sh).
if [ "${STTRACE_TEST_NO_KVM:-0}" = 1 ] && [ -e /dev/kvm ]; then
	exec tests/no-kvm.sh "$0" "$@"
fi
B=${B:-build}
export B STTRACE="$PWD/$B/bin/sttrace" SDT="$PWD/$B/bin/sdt" TOP="$PWD"
. tests/lib.sh
# One directory per run, so runs side by side do not clobber each other; kept when a test
# fails, for its logs.
out="$B/test-out.$$"
rm -rf "$out"
mkdir -p "$out"
pass=0 fail=0 skip=0
failed=()

report() { # name status [detail file]
	case $2 in
	pass) pass=$((pass + 1)); echo "PASS: $1" ;;
	skip) skip=$((skip + 1)); echo "SKIP: $1: ${3:-no reason given}" ;;
	*) fail=$((fail + 1)); failed+=("$1"); echo "FAIL: $1"
	   [ -n "${3:-}" ] && [ -f "$3" ] && sed -n '1,40p' "$3" | sed 's/^/    /' ;;
	esac
}

selected() {
	[ -z "${TESTS:-}" ] && return 0
	for t in $TESTS; do [ "$t" = "$1" ] && return 0; done
	return 1
}

# A trace test's program also runs untraced first, in the same (then emptied) directory, and
# its output and exit status must be what the traced run gives (same_as_untraced, lib.sh);
# tests whose options change the program on purpose (inject=, fault=) are exempt, and so is
# a program whose source says why on a "// untraced: REASON" line (a USDT semaphore is raised
# only when traced: the program may look).
run_trace() { # name rest-of-registry-line [extra tracer option]
	local name=$1 d="$out/$1${3:+@${3#--}}" urc=none
	trace_args "$name" "$2"
	mkdir -p "$d"
	local src
	src=$(trace_src "$name")
	case " ${args[*]}$(src_lines untraced "$src" | sed -n '1s/.*/ untraced/p')" in
	*inject=*|*fault=*|*" untraced"*) ;;
	*) local i=0
	   while [ "${args[i]}" != "$TOP/$B/tests/trace/$name" ]; do i=$((i + 1)); done
	   (cd "$d" && timeout 60 "${args[@]:i}" >"$TOP/$d.untraced" 2>/dev/null </dev/null)
	   urc=$?
	   find "$d" -mindepth 1 -delete ;;
	esac
	(cd "$d" && timeout 60 "$STTRACE" -o "$PWD/log" ${3:+"$3"} "${args[@]}" \
		>expected 2>stderr)
	local rc=$?
	name=$name${3:+@${3#--}}
	if [ $rc = 77 ]; then report "$name" skip "$(tail -n1 "$d/stderr")"; return; fi
	if [ $rc != 0 ]; then
		{ echo "exit status $rc"; cat "$d/stderr"; } >"$d/diff"
		report "$name" fail "$d/diff"; return
	fi
	if [ $urc != none ] &&
	   ! same_as_untraced "$d/expected" "$rc" "$d.untraced" "$urc" \
		"$src" >"$d/diff"; then
		sed -i '1i the program traced differs from its untraced run:' "$d/diff"
		report "$name" fail "$d/diff"; return
	fi
	if diff -u "$d/expected" "$d/log" >"$d/diff"; then report "$name" pass
	else report "$name" fail "$d/diff"; fi
}

run_unit() {
	local name=$1 d="$out/$1"
	mkdir -p "$d"
	timeout 120 "$TOP/$B/tests/unit/$name" >"$d/out" 2>&1
	local rc=$?
	case $rc in
	0) report "$name" pass ;;
	77) report "$name" skip "$(tail -n1 "$d/out")" ;;
	*) report "$name" fail "$d/out" ;;
	esac
}

run_sh() { # name args: "--bpf" as the first argument names the test NAME@bpf
	local name=$1; shift
	[ "${1:-}" = --bpf ] && name=$name@bpf
	local d="$out/$name" o="$out/$name.out" # its output beside its directory, where files
	mkdir -p "$d"				 # the test makes cannot overwrite it
	local script
	script=$(sh_src "${name%@bpf}")
	[ -n "$script" ] || { report "$name" fail; echo "    no tests/sh/*/${name%@bpf}.sh"; return; }
	(cd "$d" && timeout 600 bash "$script" "$@") >"$o" 2>&1
	local rc=$?
	case $rc in
	0) report "$name" pass ;;
	77) report "$name" skip "$(tail -n1 "$o")" ;;
	*) { echo "exit status $rc"; cat "$o"; } >"$d/fail"; report "$name" fail "$d/fail" ;;
	esac
	grep '^NOTE: ' "$o" | sed 's/^/    /' # what a test wants said, whatever its result
}

while read -r kind name rest; do
	case $kind in ''|'#'*) continue ;; esac
	selected "$name" || continue
	# shellcheck disable=SC2086
	eval "set -- $rest"
	case $kind in
	trace)
		# Every self-describing test twice: ptrace, then the eBPF backend (same expected
		# output); BACKENDS="ptrace" or "bpf" runs one.
		case ${BACKENDS:-ptrace bpf} in *ptrace*) run_trace "$name" "$rest" ;; esac
		case ${BACKENDS:-ptrace bpf} in *bpf*) run_trace "$name" "$rest" --bpf ;; esac ;;
	ptrace) # needs ptrace by its nature (-e inject=): the comment on its line says why
		case ${BACKENDS:-ptrace bpf} in *ptrace*) run_trace "$name" "$rest" ;; esac ;;
	unit) run_unit "$name" ;;
	sh) run_sh "$name" "$@" ;;
	*) report "$name" fail; echo "    unknown test kind '$kind' in tests/registry" ;;
	esac
done <tests/registry

echo
if [ $fail -gt 0 ]; then echo "failed: ${failed[*]} (logs in $out)"; else rm -rf "$out"; fi
echo "$pass passed, $fail failed, $skip skipped"
[ $fail = 0 ]
