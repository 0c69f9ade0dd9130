#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# check-strace, step 1: strace's source as Debian ships it (the test suite of the strace the
# project follows), unpacked into $SRCDIR (build/strace-src/).  A deb-src entry for the suite
# of the machine's own Debian entry is added for the time of one `apt-get source`, then taken
# away again and the package lists refreshed, so the machine's apt is left as it was.  Nothing
# is downloaded again once $SRCDIR holds the unpacked tree.
set -u
die() { echo "check-strace: $*" >&2; exit 1; }

SRCDIR=${SRCDIR:?}
PKG=${STRACE_PKG:-strace}
SRCLIST=/etc/apt/sources.list.d/sttrace-check-strace-src.sources

tree=$(find "$SRCDIR" -mindepth 1 -maxdepth 1 -type d -name "$PKG-*" 2>/dev/null | head -n1)
if [ -n "$tree" ] && [ -f "$tree/tests/init.sh" ]; then
	echo "check-strace: source cached in $tree"
	exit 0
fi

[ "$(id -u)" = 0 ] || die "fetch: root needed to add a deb-src entry (or unpack strace's source into $SRCDIR yourself)"
export DEBIAN_FRONTEND=noninteractive
if ! command -v dpkg-source >/dev/null; then
	echo "check-strace: installing dpkg-dev (apt-get source needs dpkg-source)"
	apt-get update -qq && apt-get install -y -qq dpkg-dev >/dev/null ||
		die "fetch: cannot install dpkg-dev"
fi

# The machine's Debian entry: the first one of type deb whose suite is this release's
# codename, in deb822 (*.sources) or one-line (*.list) form.
. /etc/os-release
codename=${VERSION_CODENAME:?no VERSION_CODENAME in /etc/os-release}
entry=$(
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] && [ "$f" != "$SRCLIST" ] || continue
		awk -v cn="$codename" '
		function flush() {
			if (types ~ /(^| )deb( |$)/ && (" " suites " ") ~ (" " cn " ") && uris != "")
				{ print uris "|" cn "|" comps "|" key; found = 1; exit }
			types = uris = suites = comps = key = ""
		}
		/^[ \t]*$/ { flush(); next }
		/^#/ { next }
		/^Types:/ { sub(/^Types:[ \t]*/, ""); types = $0 }
		/^URIs:/ { sub(/^URIs:[ \t]*/, ""); uris = $1 }
		/^Suites:/ { sub(/^Suites:[ \t]*/, ""); suites = $0 }
		/^Components:/ { sub(/^Components:[ \t]*/, ""); comps = $0 }
		/^Signed-By:/ { sub(/^Signed-By:[ \t]*/, ""); key = $0 }
		END { if (!found) flush() }' "$f"
	done | head -n1)
if [ -z "$entry" ]; then
	entry=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
		awk -v cn="$codename" '$1 == "deb" {
			i = 2; key = ""
			if ($2 ~ /^\[/) { for (; $i !~ /\]$/; i++) ; i++ }
			if ($(i + 1) == cn) {
				comps = ""; for (j = i + 2; j <= NF; j++) comps = comps (comps ? " " : "") $j
				print $i "|" cn "|" comps "|"; exit
			}
		}')
fi
[ -n "$entry" ] || die "fetch: no deb entry for $codename in /etc/apt/sources.list{,.d}"
IFS='|' read -r uri suite comps key <<<"$entry"

cleanup() {
	if [ -f "$SRCLIST" ]; then
		rm -f "$SRCLIST"
		echo "check-strace: deb-src entry removed; apt-get update"
		apt-get update -qq || echo "check-strace: fetch: apt-get update failed after removing $SRCLIST" >&2
	fi
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

echo "check-strace: adding deb-src $uri $suite $comps ($SRCLIST)"
{
	echo "# added by sttrace's check-strace for one apt-get source; removed afterwards"
	echo "Types: deb-src"
	echo "URIs: $uri"
	echo "Suites: $suite"
	echo "Components: $comps"
	[ -n "$key" ] && echo "Signed-By: $key"
} >"$SRCLIST"
apt-get update -qq || die "fetch: apt-get update failed"

# The version of the installed strace when it is installed (the reference), else the suite's.
ver=$(dpkg-query -W -f='${Version}' "$PKG" 2>/dev/null)
mkdir -p "$SRCDIR"
(cd "$SRCDIR" && apt-get source -qq "$PKG${ver:+=$ver}") ||
	die "fetch: apt-get source $PKG${ver:+=$ver} failed"
tree=$(find "$SRCDIR" -mindepth 1 -maxdepth 1 -type d -name "$PKG-*" | head -n1)
[ -n "$tree" ] && [ -f "$tree/tests/init.sh" ] || die "fetch: no tests/init.sh in the unpacked source"
echo "check-strace: source unpacked in $tree"
