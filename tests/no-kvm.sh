#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# no-kvm.sh CMD [ARGS...]: run CMD as on a machine without /dev/kvm (most cloud VMs).  In a
# private mount namespace, /dev becomes a tmpfs holding a bind mount of every entry of the real
# /dev except kvm (devices as nodes of the same numbers), so opening /dev/kvm fails with ENOENT exactly as it does there; nothing
# outside the namespace changes.  tests/run.sh re-runs itself through this when
# STTRACE_TEST_NO_KVM=1 (make test STTRACE_TEST_NO_KVM=1), and the no-kvm test runs the KVM
# users of the suite through it.  Needs root (unshare -m).
set -eu
if [ "${STTRACE_NO_KVM_INSIDE:-}" != 1 ]; then
	[ $# -gt 0 ] || { echo "usage: no-kvm.sh CMD [ARGS...]" >&2; exit 2; }
	command -v unshare >/dev/null || { echo "no-kvm.sh: unshare: not installed" >&2; exit 1; }
	STTRACE_NO_KVM_INSIDE=1 exec unshare -m --propagation private bash "$0" "$@"
fi
unset STTRACE_NO_KVM_INSIDE
real=$(mktemp -d /run/sttrace-realdev.XXXXXX)
mount --rbind /dev "$real"
mount -t tmpfs -o mode=0755,nosuid sttrace-nokvm /dev
for e in "$real"/* "$real"/.[!.]*; do
	[ -e "$e" ] || [ -L "$e" ] || continue
	n=${e##*/}
	[ "$n" = kvm ] && continue
	if [ -L "$e" ]; then
		cp -P "$e" "/dev/$n"
	elif [ -d "$e" ]; then
		mkdir "/dev/$n" && mount --rbind "$e" "/dev/$n"
	elif [ -c "$e" ] || [ -b "$e" ]; then # a node of our own: /dev/ptmx finds pts/ beside it
		st=($(stat -c '%t %T %a' "$e")) # no <(...) here: /dev/fd may not be there yet
		maj=${st[0]} min=${st[1]} mode=${st[2]}
		mknod -m "$mode" "/dev/$n" "$([ -c "$e" ] && echo c || echo b)" $((16#$maj)) $((16#$min))
		chown --reference="$e" "/dev/$n"
	else
		: >"/dev/$n" && mount --bind "$e" "/dev/$n"
	fi
done
umount -l "$real" && rmdir "$real"
[ ! -e /dev/kvm ] || { echo "no-kvm.sh: /dev/kvm still visible" >&2; exit 1; }
exec "$@"
