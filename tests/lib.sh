# SPDX-License-Identifier: LGPL-2.1-or-later
# Shared by the runner and the shell tests that replay trace tests.

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
