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
# Inside strace-lite/, its parts by folder: the front end at the top (and what both backends
# share: tcbs, syscall.c, output), decode/ (the table and the decoders, by family below it),
# probe/, ptrace/ (the engine), bpf/ (the user-space half of --bpf) and record/.  A decoder
# includes nothing of the other parts; the two backends do not include each other; recording
# talks to a backend only through struct replay_feed (record/record.h).
#
# No mutable global crosses a directory: a variable a header declares extern (not const) is
# used only in that header's directory; other layers call functions of its owner.
#
# Nor do the layers hide behind the linker: no weak symbols (a lower layer calling up into one
# that may be absent) and no --whole-archive.
#
# Prints one line per offending include, `FILE:LINE: includes "X" (layer A -> layer B)`.
# LAYERING_ROOT overrides the tree looked at: the test's own check that it can fail plants
# includes that break the rules, one at a time, in a copy, and each must be found.
set -u
self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
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

# The part of strace-lite a file (or an included header) belongs to: its folder under
# strace-lite/ (decode/'s families are decode), "front" at the top.
part_of() {
	case $1 in
	gen/syscallent.h) echo decode ;;
	strace-lite/*/*) local p=${1#strace-lite/}; echo "${p%%/*}" ;;
	*) echo front ;;
	esac
}

# Why an include from part $1 into part $2 breaks the cut; nothing when it does not.
part_rule() {
	local p
	for p in "$1" "$2"; do
		case $p in
		front | decode | probe | ptrace | bpf | record) ;;
		*) echo "strace-lite/$p/ is no part this test knows: add it, and its rules"; return ;;
		esac
	done
	case $1:$2 in
	decode:decode) ;;
	decode:*) echo "a decoder sees its call through struct dctx: nothing of $2" ;;
	ptrace:bpf | bpf:ptrace) echo "the two backends do not include each other" ;;
	record:ptrace | record:bpf) echo "recording reaches a backend through struct replay_feed" ;;
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
		if [ "$dir" = strace-lite ]; then
			why=$(part_rule "$(part_of "$file")" "$(part_of "$inc")")
			if [ -n "$why" ]; then
				echo "$file:$line: includes \"$inc\" ($why)"
				bad=$((bad + 1))
			fi
		fi
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

# The check can fail: the includes below, planted at the end of their files in a copy of the
# tree (an upward include, and one breaking each rule of strace-lite's parts), are each reported.
if [ -z "${LAYERING_ROOT:-}" ]; then
	tmp=$(mktemp -d) || exit 1
	trap 'rm -rf "$tmp"' EXIT
	cp -r common uprobe sdt proto bpf strace-lite ltrace-lite Makefile "$tmp/"
	plants='common/proc.c strace-lite/sttrace.h
		strace-lite/decode/decode.c strace-lite/ptrace/probe-space.h
		strace-lite/decode/fs/open.c strace-lite/sttrace.h
		strace-lite/decode/netlink/netlink.c strace-lite/bpf/bpf-capture.h
		strace-lite/decode/ioctl/ioctl.c strace-lite/record/record.h
		strace-lite/bpf/bpf-run.c strace-lite/ptrace/probe-space.h
		strace-lite/ptrace/engine.c strace-lite/bpf/bpf-run.h
		strace-lite/record/replay.c strace-lite/bpf/bpf-capture.h
		strace-lite/record/record-ptrace.c strace-lite/ptrace/probe-space.h'
	while read -r target inc; do
		echo "#include \"$inc\"" >>"$tmp/$target"
	done <<<"$plants"
	found=$(LAYERING_ROOT=$tmp bash "$self")
	while read -r target inc; do
		if ! grep -q "^$target:[0-9]*: includes \"$inc\"" <<<"$found"; then
			echo "layering: \"$inc\" planted in $target went unnoticed"
			bad=$((bad + 1))
		fi
	done <<<"$plants"
fi
if [ "$bad" -gt 0 ]; then
	echo "layering: $bad of $n includes break the layers"
	exit 1
fi
echo "layering: $n includes, none upward or sideways"
