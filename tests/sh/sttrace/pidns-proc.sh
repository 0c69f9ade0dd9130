#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# sttrace in a pid namespace of its own that still sees the outer /proc (unshare -Urpf without
# --mount-proc, as strace's own pidns tests run it): /proc/N is then the outer process N, not
# the tracee N.  -y paths, -yy sockets and -Y names must be the tracees' (common/proc.c,
# proc_pid), never those of the outer processes with the same numbers (kthreadd, a kworker).
set -u
. "$TOP/tests/lib.sh"
command -v unshare >/dev/null || { echo "no unshare(1)"; exit 77; }
unshare -Urpf true 2>/dev/null || { echo "unshare -Urpf fails here (user namespaces off?)"; exit 77; }
fail=0
bad() { echo "FAIL: $*"; fail=1; }

unshare -Urpf "$STTRACE" -f -Y -y -e trace=openat,read,close -o log \
	sh -c 'cat /etc/hostname >out; :' 2>err
rc=$?
[ $rc = 0 ] || bad "exit status $rc: $(cat err)"
cmp -s out /etc/hostname || bad "the program's output differs"
grep -Eq '^[0-9]+<cat> openat\(AT_FDCWD</[^>]*>, "/etc/hostname", O_RDONLY\) = 3</etc/hostname>$' log ||
	bad "no openat of /etc/hostname with its path: $(grep hostname log)"
grep -Eq '^[0-9]+<cat> close\(3</etc/hostname>\) += 0$' log || bad "close without the descriptor's path"
# Every line's prefix names one of the two tracees.
others=$(grep -Ev '^[0-9]+<(sh|cat)> ' log)
[ -z "$others" ] || bad "prefixes of other processes: $(head -3 <<<"$others")"

# -yy: a socket's details (the sock_diag answer found through the tracee's /proc entry).
unshare -Urpf "$STTRACE" -yy -e trace=bind,close -o ylog python3 -c '
import socket
s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
s.bind(("127.0.0.1", 0))
s.close()' 2>err || bad "-yy: exit status $?: $(cat err)"
grep -Eq '^close\([0-9]+<TCP:\[127\.0\.0\.1:[0-9]+\]>\) += 0$' ylog ||
	bad "-yy: the socket's details: $(grep close ylog | tail -2)"
exit $fail
