#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# `sdt list` on damaged ELF files (truncated, unterminated strings, absurd sizes, bad offsets,
# written by the sdt_damaged unit test): one line `sdt: FILE: why` on stderr and exit status 1
# for each, never a crash.  Then each libFuzzer target runs for a few seconds when clang can
# build it (the minute-long runs are `make fuzz`).
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
B=${B:-build}
SDT=${SDT:-$TOP/$B/bin/sdt}
unit=$TOP/$B/tests/unit/sdt_damaged
fail=0

[ -x "$unit" ] || { echo "FAIL: $unit not built (make test-progs)"; exit 1; }
mkdir -p damaged
SDT_DAMAGED_DIR=$PWD/damaged "$unit" >unit.log || { echo "FAIL: sdt_damaged"; cat unit.log; exit 1; }
n=0
for f in damaged/*; do
	"$SDT" list -v "$f" >stdout.txt 2>err
	rc=$?
	n=$((n + 1))
	if [ $rc != 1 ]; then
		echo "FAIL: sdt list $f: exit status $rc, want 1"; fail=1
	fi
	if [ $rc = 1 ] && { [ "$(wc -l <err)" != 1 ] || ! grep -q "^sdt: $f: " err; }; then
		echo "FAIL: sdt list $f: not one 'sdt: FILE: why' line:"; cat err; fail=1
	fi
	echo "$(basename "$f"): exit $rc: $(cat err)"
done
[ $n -ge 10 ] || { echo "FAIL: only $n damaged files"; fail=1; }

# Brief fuzzing (libFuzzer, ASan, UBSan).
if command -v clang >/dev/null && make -C "$TOP" -s fuzz-build >fuzz-build.log 2>&1; then
	for t in fuzz_note fuzz_argspec; do
		mkdir -p "seed-$t" "corpus-$t"
		"$TOP/tests/fuzz/seed.sh" $t "seed-$t"
		if "$TOP/build-fuzz/$t" -max_total_time=5 -artifact_prefix="crash-$t-" \
			"corpus-$t" "seed-$t" >"fuzz-$t.log" 2>&1; then
			echo "fuzz $t: $(grep -E '^#[0-9]+[[:space:]]+DONE' "fuzz-$t.log" | cut -f1)"
		else
			echo "FAIL: fuzz $t found a crash"; tail -n 30 "fuzz-$t.log"; fail=1
		fi
	done
else
	echo "FAIL: could not build the fuzz targets"; cat fuzz-build.log; fail=1
fi
exit $fail
