#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The layers of docs/architecture.md, checked: every `#include "DIR/FILE"` in the sources must
# name its directory and point to the same directory or to a lower layer.  Bottom up:
#
#	0  common/			(and gen/xlat.h, the constant tables)
#	1  uprobe/ sdt/ proto/		mechanisms and catalogs
#	2  bpf/				the eBPF backend (and gen/*.skel.h, gen/vmlinux.h)
#	3  strace-lite/ ltrace-lite/	the tools (their ptrace engines, logic, front ends);
#					the two tools do not include each other
#
# No mutable global crosses a directory: a variable a header declares extern (not const) is
# used only in that header's directory; other layers call functions of its owner.
#
# Nor do the layers hide behind the linker: no weak symbols (a lower layer calling up into one
# that may be absent) and no --whole-archive.
#
# Prints one line per offending include, `FILE:LINE: includes "X" (layer A -> layer B)`.
# LAYERING_ROOT overrides the tree looked at (the test's own check that it can fail plants an
# upward include in a copy).
set -u
root=${LAYERING_ROOT:-${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}}
cd "$root" || exit 1

# The directory a header belongs to: its own, or for a generated one (gen/, in the build
# directory) the directory it is generated for.
owner_of() {
	case $1 in
	gen/xlat.h) echo common ;;
	gen/*.skel.h | gen/vmlinux.h) echo bpf ;;
	gen/syscallent.h) echo strace-lite ;;
	*/*) echo "${1%%/*}" ;;
	esac
}

layer_of() { # directory
	case $1 in
	common) echo 0 ;;
	uprobe | sdt | proto) echo 1 ;;
	bpf) echo 2 ;;
	strace-lite | ltrace-lite) echo 3 ;;
	*) echo "" ;;
	esac
}

bad=0 n=0
while IFS=: read -r file line text; do
	inc=${text#*\"}
	inc=${inc%%\"*}
	n=$((n + 1))
	dir=${file%%/*}
	owner=$(owner_of "$inc")
	from=$(layer_of "$dir")
	to=$(layer_of "$owner")
	if [ -z "$to" ]; then
		echo "$file:$line: includes \"$inc\", which names no directory of the tree"
		bad=$((bad + 1))
	elif [ "$owner" = "$dir" ]; then
		:
	elif [ "$to" -ge "$from" ]; then
		echo "$file:$line: includes \"$inc\" (layer $from $dir/ -> layer $to $owner/)"
		bad=$((bad + 1))
	fi
done < <(grep -nE '^[[:space:]]*#[[:space:]]*include[[:space:]]+"' \
	common/*.[ch] uprobe/*.[ch] sdt/*.[ch] proto/*.[ch] bpf/*.[ch] \
	strace-lite/*.[ch] strace-lite/*/*.[ch] strace-lite/*/*/*.[ch] ltrace-lite/*.[ch] 2>/dev/null)

[ "$n" -gt 100 ] || { echo "layering: only $n includes found under $root"; exit 1; }
weak=$(grep -nE '__attribute__ *\(\(weak|#pragma weak' common/*.[ch] uprobe/*.[ch] sdt/*.[ch] \
	proto/*.[ch] bpf/*.[ch] strace-lite/*.[ch] strace-lite/*/*.[ch] strace-lite/*/*/*.[ch] ltrace-lite/*.[ch] strace-lite/decode/*.awk 2>/dev/null |
	grep -v 'vmlinux')
if [ -n "$weak" ]; then
	echo "$weak" | sed 's/$/ (a weak symbol)/'
	bad=$((bad + $(echo "$weak" | wc -l)))
fi
for h in common/*.h uprobe/*.h sdt/*.h proto/*.h bpf/*.h strace-lite/*.h strace-lite/*/*.h strace-lite/*/*/*.h ltrace-lite/*.h; do
	[ -f "$h" ] || continue
	hdir=${h%%/*}
	for v in $(sed -n 's/^extern \([^();]*[^a-zA-Z0-9_]\)\**\([a-zA-Z_][a-zA-Z0-9_]*\)\(\[[^]]*\]\)*;.*/\1 \2/p' "$h" |
		grep -v '^const\b\|[^a-z]const ' | awk '{ print $NF }'); do
		# Code only (comments aside); the kernel side (*.bpf.c, vmlinux) cannot see it.
		users=$(grep -lw -- "$v" common/*.[ch] uprobe/*.[ch] sdt/*.[ch] proto/*.[ch] bpf/*.[ch] \
			strace-lite/*.[ch] strace-lite/*/*.[ch] strace-lite/*/*/*.[ch] ltrace-lite/*.[ch] 2>/dev/null |
			grep -v "^$hdir/\|\.bpf\.[ch]$\|vmlinux" |
			while read -r f; do
				sed 's|//.*||; s|/\*.*\*/||g; /^[[:space:]]*\*/d; /^[[:space:]]*\/\*/d' "$f" |
					grep -qw -- "$v" && echo "$f"
			done)
		for u in $users; do
			echo "$u: uses $v, a mutable global of $h"
			bad=$((bad + 1))
		done
	done
done
if grep -n -- '-Wl,--whole-archive' Makefile; then
	bad=$((bad + 1))
fi
if [ "$bad" -gt 0 ]; then
	echo "layering: $bad of $n includes break the layers"
	exit 1
fi
echo "layering: $n includes, none upward or sideways"
