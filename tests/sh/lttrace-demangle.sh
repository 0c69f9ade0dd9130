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
lt_backend "$@"
fail=0
"${CXX:-c++}" -O0 -g -o demangle "$TOP/tests/lttrace/demangle.cc" || exit 1
for opt in -C --demangle ""; do
	arg=()
	[ -z "$opt" ] && arg=(mangled)
	# shellcheck disable=SC2086
	lt_described "${opt:-no -C}" $opt -L -x '_Z*' ./demangle "${arg[@]}" || fail=1
done
[ $fail = 0 ] && echo "-C, --demangle and none: $(grep -c . expected) lines each, as the program said"
exit $fail
