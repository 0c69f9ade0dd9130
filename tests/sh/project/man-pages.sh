#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# man/*.1: they render without a warning (groff -ww, man --warnings), every long option a
# program's --help names is in its page, and make install puts them in share/man/man1.
set -u
fail=0
bad() { echo "FAIL: $*"; fail=1; }
command -v groff >/dev/null || { echo "groff missing"; exit 77; }
for p in sttrace lttrace sdt; do
	page="$TOP/man/$p.1"
	[ -f "$page" ] || { bad "no man/$p.1"; continue; }
	w=$(groff -man -Tutf8 -ww -z "$page" 2>&1)
	[ -z "$w" ] || bad "groff on $p.1: $w"
	if command -v man >/dev/null; then
		w=$(MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null)
		[ -z "$w" ] || bad "man --warnings on $p.1: $w"
		MANWIDTH=80 man -l "$page" 2>/dev/null | grep -q "^NAME" || bad "$p.1 renders no NAME"
	fi
	# Drift: each long option of the program's help must appear in its page (as \-\-opt).
	case $p in sdt) help=$("$TOP/$B/bin/sdt" help) ;; *) help=$("$TOP/$B/bin/$p" --help) ;; esac
	n=0
	for o in $(printf '%s\n' "$help" | grep -oE -- '--[a-z][a-z0-9-]+' | sort -u); do
		n=$((n + 1))
		grep -qF -- "$(printf '%s' "$o" | sed 's/-/\\-/g')" "$page" || bad "$p.1 lacks $o"
	done
	for o in $(printf '%s\n' "$help" | grep -oE -- '(^|[ ,])-[a-zA-Z]\b' | tr -d ' ,' | sort -u); do
		n=$((n + 1))
		grep -qE -- "(^|[^a-z])\\\\$o" "$page" || bad "$p.1 lacks $o"
	done
	echo "ok: $p.1 ($n options of --help checked)"
done
d=$(mktemp -d)
make -C "$TOP" --no-print-directory install-man DESTDIR="$d" PREFIX=/usr >/dev/null ||
	bad "install-man"
for p in sttrace lttrace sdt; do
	[ -f "$d/usr/share/man/man1/$p.1" ] || bad "install-man did not install $p.1"
done
make -C "$TOP" --no-print-directory -n install DESTDIR=/x PREFIX=/usr | grep -q 'share/man/man1' ||
	bad "make install does not install the man pages"
rm -rf "$d"
exit $fail
