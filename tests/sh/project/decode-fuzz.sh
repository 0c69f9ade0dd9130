#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# A brief run of the decoders' fuzz target (tests/fuzz/decode_fuzz.c: every syscall decoder
# over hostile tracee memory, under ASan/UBSan, trapping if a raw control or non-ASCII byte
# reaches the text).  The minute-long run is `make fuzz`.
set -u
make -C "$TOP" -s build-fuzz/decode_fuzz >build.log 2>&1 || { echo "FAIL: build"; cat build.log; exit 1; }
mkdir -p corpus
if "$TOP/build-fuzz/decode_fuzz" -max_total_time=10 -artifact_prefix=crash- corpus >fuzz.log 2>&1; then
	echo "decode_fuzz: $(grep -E '^#[0-9]+[[:space:]]+DONE' fuzz.log | cut -f1) inputs, no finding"
else
	echo "FAIL: decode_fuzz found a crash or a raw byte in the output:"; tail -n 30 fuzz.log
	exit 1
fi
