#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# check-strace, step 1 for strace 7.2's suite: strace's source from STRACE_SRC (a local git
# clone of https://github.com/strace/strace, or a tree of it, maybe configured and built
# already) copied into $SRCDIR/strace-7.2/.  A git clone is cloned again at tag $STRACE_TAG
# (v7.2), so its work tree's state does not matter; a plain tree is copied as it is, build
# products included (then nothing needs building again).  Nothing is copied again once
# $SRCDIR holds the tree; remove $SRCDIR to start over.
set -u
die() { echo "check-strace: $*" >&2; exit 1; }

SRCDIR=${SRCDIR:?}
TAG=${STRACE_TAG:-v7.2}
dst=$SRCDIR/strace-7.2

if [ -f "$dst/tests/init.sh" ]; then
	echo "check-strace: source cached in $dst"
	exit 0
fi
[ -n "${STRACE_SRC:-}" ] ||
	die "fetch: STRACE_SRC=PATH: a git clone or source tree of strace 7.2 (tag $TAG) is needed; nothing here downloads it (or STRACE_SUITE=6.1 for Debian's strace 6.1)"
[ -f "$STRACE_SRC/tests/init.sh" ] && [ -f "$STRACE_SRC/src/strace.c" ] ||
	die "fetch: $STRACE_SRC is not a strace source tree (no tests/init.sh, src/strace.c)"

rm -rf "$dst.tmp"
mkdir -p "$SRCDIR"
if [ -d "$STRACE_SRC/.git" ] && [ ! -f "$STRACE_SRC/Makefile" ]; then
	# An unbuilt clone: a fresh clone of it at the tag.
	git clone -q --no-checkout "$STRACE_SRC" "$dst.tmp" &&
		git -C "$dst.tmp" -c advice.detachedHead=false checkout -q "$TAG" ||
		die "fetch: cannot clone $STRACE_SRC at $TAG"
	echo "check-strace: $STRACE_SRC cloned at $TAG into $dst"
else
	cp -a --reflink=auto "$STRACE_SRC" "$dst.tmp" || die "fetch: cannot copy $STRACE_SRC"
	ver=$(git -C "$dst.tmp" describe --tags 2>/dev/null || cat "$dst.tmp/.tarball-version" 2>/dev/null)
	[ "$ver" = "$TAG" ] || [ "$ver" = "${TAG#v}" ] ||
		echo "check-strace: note: $STRACE_SRC is at ${ver:-an unknown version}, not $TAG"
	echo "check-strace: $STRACE_SRC copied into $dst"
fi
mv "$dst.tmp" "$dst"
