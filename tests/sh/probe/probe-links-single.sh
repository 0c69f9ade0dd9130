#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# sttrace --bpf attaches its probes as uprobe_multi links where the kernel has them; one libbpf
# link per probe is the fallback on older kernels.  The probe trace tests again through that
# fallback (STTRACE_BPF_LINKS=single), so that it is not left untested on new kernels.
set -u
STTRACE_BPF_LINKS=single BACKENDS=bpf TESTS="usdt usdt-args usdt-fork-f uprobe uretprobe uprobe-proto usdt-cold" \
	bash "$TOP/tests/run.sh" >single.log 2>&1
rc=$?
echo "NOTE: one link per probe: $(tail -n1 single.log)"
[ $rc = 0 ] || { grep -A30 '^FAIL' single.log; exit 1; }
