#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# What a disabled probe costs: the same hot loop built with and without a DTRACE_PROBE2 in its
# body (and once more with a semaphore-guarded probe), timed alternately, best of RUNS runs
# each.  Prints the ratios; a disabled probe should be within noise of 1.00.  A measurement,
# not a test: nothing here fails on a number.
set -eu
TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
RUNS=${RUNS:-7}
ITERS=${ITERS:-100000000}
ROUNDS=${ROUNDS:-4}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

cat >"$dir/loop.c" <<'EOF'
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "sdt.h"
#if MODE == 2
SDT_DEFINE_SEMAPHORE(bench, guarded);
#endif
int main(int argc, char **argv)
{
	unsigned long n = strtoul(argv[1], NULL, 10), acc = 0;
	struct timespec a, b;

	clock_gettime(CLOCK_MONOTONIC, &a);
	for (unsigned long i = 0; i < n; i++) {
		/* A few dependent operations, as a real hot loop has; ROUNDS=1 is the tightest. */
		for (int r = 0; r < ROUNDS; r++)
			acc = acc * 31 + (i ^ (acc >> 7));
#if MODE == 1
		DTRACE_PROBE2(bench, iter, i, acc);
#elif MODE == 2
		if (SDT_PROBE_ENABLED(bench, guarded))
			SDT_SEM_PROBE2(bench, guarded, i, acc);
#endif
	}
	clock_gettime(CLOCK_MONOTONIC, &b);
	printf("%.0f %lu\n", (b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec), acc & 1);
	(void)argc;
	return 0;
}
EOF
for m in 0 1 2; do
	cc -O2 -DMODE=$m -DROUNDS="$ROUNDS" -I"$TOP/sdt" "$dir/loop.c" -o "$dir/loop$m"
done
# The static half of the claim: the disabled probe adds exactly one instruction, the nop.
insns() { objdump -d --no-show-raw-insn "$1" | awk '/<main>:/,/^$/' | grep -c '^ '; }
if command -v objdump >/dev/null; then
	echo "instructions in main(): plain $(insns "$dir/loop0"), with probe $(insns "$dir/loop1")," \
	     "with guarded probe $(insns "$dir/loop2")"
fi
best() { sort -n | head -1; }
for r in $(seq "$RUNS"); do
	for m in 0 1 2; do
		"$dir/loop$m" "$ITERS" | cut -d' ' -f1 >>"$dir/t$m"
	done
done
t0=$(best <"$dir/t0"); t1=$(best <"$dir/t1"); t2=$(best <"$dir/t2")
echo "loop without probe:           $((t0 / 1000000)) ms ($ITERS iterations of $ROUNDS rounds, best of $RUNS)"
echo "loop with a disabled probe:   $((t1 / 1000000)) ms"
echo "loop with a guarded probe:    $((t2 / 1000000)) ms"
awk -v a="$t0" -v b="$t1" -v c="$t2" 'BEGIN {
	printf "ratio disabled/plain: %.3f\nratio guarded/plain:  %.3f\n", b / a, c / a }'
