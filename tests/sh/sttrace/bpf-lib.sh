# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Sourced by the *-bpf.sh tests: run a probe test of the ptrace backend as it is, with sttrace
# replaced by `sttrace --bpf` (a one-line script in the test's directory; exec keeps the pid,
# so the tests that signal sttrace signal the tracer itself).  Skips (77) without BPF.
if [ "$(id -u)" != 0 ]; then echo "--bpf needs root (CAP_BPF and CAP_PERFMON)"; exit 77; fi
[ -r /sys/kernel/btf/vmlinux ] || { echo "no kernel BTF (/sys/kernel/btf/vmlinux)"; exit 77; }
printf '#!/bin/sh\nexec "%s" --bpf "$@"\n' "$STTRACE" >sttrace-bpf
chmod +x sttrace-bpf
STTRACE="$PWD/sttrace-bpf"
export STTRACE
