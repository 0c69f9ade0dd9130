#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The Debian package: `make deb` builds it (lintian: no error), dpkg -i installs it, the
# installed tools run from /usr/bin (-V, the completion, a program built against the installed
# <sttrace/sdt.h> through pkg-config), and dpkg -r leaves none of its files behind.  Then the
# plain `make install` into a scratch root and `make uninstall` leave nothing either.
set -u
[ "$(id -u)" = 0 ] || { echo "dpkg -i needs root"; exit 77; }
fail=0
bad() { echo "FAIL: $*"; fail=1; }
# make in the tree, with the runner's build (sanitized too: make SANITIZE=1 test)
mk() { make -C "$TOP" --no-print-directory B="$B" ${SANFLAGS:+SANITIZE=1} "$@"; }

if dpkg-query -W -f='${Status}' sttrace 2>/dev/null | grep -q 'ok installed'; then
	echo "NOTE: removing an sttrace package left installed (a run killed half way?)"
	dpkg -r sttrace >/dev/null
fi
start=$SECONDS
mk deb >make.log 2>&1 || { cat make.log; exit 1; }
deb=$(tail -n1 make.log)
case $deb in "$B"/deb/sttrace_*_amd64.deb) deb=$TOP/$deb ;; *) cat make.log; exit 1 ;; esac
version=$(dpkg-deb -f "$deb" Version)
echo "built $(basename "$deb") in $((SECONDS - start))s"

# What the package must hold, and nothing of systemtap-sdt-dev's.
dpkg-deb -c "$deb" | awk '{ print $6 }' | sed 's|^\./|/|' >contents
for f in /usr/bin/sttrace /usr/bin/lttrace /usr/bin/sdt /usr/share/man/man1/sttrace.1.gz \
	 /usr/share/man/man1/lttrace.1.gz /usr/share/man/man1/sdt.1.gz \
	 /usr/include/sttrace/sdt.h /usr/share/pkgconfig/sttrace-sdt.pc \
	 /usr/share/bash-completion/completions/sttrace \
	 /usr/share/bash-completion/completions/lttrace /usr/share/doc/sttrace/copyright; do
	grep -qxF "$f" contents || bad "the package lacks $f"
done
grep -q '^/usr/include/sys' contents && bad "the package ships /usr/include/sys/ (systemtap-sdt-dev's)"

trap 'dpkg -r sttrace >/dev/null 2>&1' EXIT
dpkg -i "$deb" >dpkg-i.log 2>&1 || { cat dpkg-i.log; exit 1; }
dpkg -L sttrace | sort >installed
out=$(/usr/bin/sttrace -V)
[ "$out" = "sttrace -- version $version" ] || bad "/usr/bin/sttrace -V: '$out', want version $version"
/usr/bin/lttrace -V | grep -q '^lttrace version ' || bad "/usr/bin/lttrace -V: $(/usr/bin/lttrace -V)"
# The installed sttrace traces (its output checked against strace's format).
/usr/bin/sttrace -e trace=openat -o trace.log cat /dev/null
grep -q '^openat(AT_FDCWD, "/dev/null", O_RDONLY) = 3$' trace.log ||
	bad "/usr/bin/sttrace traced: $(cat trace.log)"
# A program using the installed header, found through pkg-config, has the probe sdt lists.
[ "$(pkg-config --cflags sttrace-sdt | xargs)" = "-I/usr/include/sttrace" ] ||
	bad "pkg-config --cflags sttrace-sdt: $(pkg-config --cflags sttrace-sdt)"
printf '#include <sdt.h>\nint main(void) { DTRACE_PROBE(pkgtest, hello); return 0; }\n' >p.c
# shellcheck disable=SC2046
${CC:-cc} $(pkg-config --cflags sttrace-sdt) -o p p.c || bad "cannot build against <sdt.h>"
/usr/bin/sdt list ./p | grep -q 'pkgtest  *hello' || bad "sdt list ./p: $(/usr/bin/sdt list ./p)"
# The completions, as bash-completion loads them (by the command's name).
for t in sttrace lttrace; do
	PATH=/usr/bin:/bin bash -c ". /usr/share/bash-completion/completions/$t && complete -p $t" \
		>/dev/null || bad "completions/$t does not set up completion for $t"
done

dpkg -r sttrace >dpkg-r.log 2>&1 || { cat dpkg-r.log; bad "dpkg -r"; }
trap - EXIT
left=$(while read -r f; do [ -e "$f" ] || [ -L "$f" ] && [ ! -d "$f" ] && echo "$f"; done <installed)
[ -z "$left" ] || bad "dpkg -r left: $left"
for d in /usr/include/sttrace /usr/share/doc/sttrace; do
	[ -e "$d" ] && bad "dpkg -r left $d"
done
dpkg-query -W -f='${Status}' sttrace 2>/dev/null | grep -q 'ok installed' &&
	bad "dpkg still says sttrace is installed"
echo "installed, ran and removed $(wc -l <installed) paths"

# make install / make uninstall, into a scratch root.
root=$PWD/root
for prefix in /usr/local /opt/st; do
	mk DESTDIR="$root" PREFIX=$prefix install \
		>install.log 2>&1 || { cat install.log; bad "make install PREFIX=$prefix"; }
	[ -x "$root$prefix/bin/sttrace" ] && [ -f "$root$prefix/include/sttrace/sdt.h" ] &&
		[ -f "$root$prefix/share/bash-completion/completions/sttrace" ] ||
		bad "make install PREFIX=$prefix: $(find "$root" | head)"
	mk DESTDIR="$root" PREFIX=$prefix uninstall \
		>uninstall.log 2>&1 || { cat uninstall.log; bad "make uninstall PREFIX=$prefix"; }
	left=$(find "$root" ! -type d 2>&1)
	[ -z "$left" ] || bad "make uninstall PREFIX=$prefix left: $left"
	rm -rf "$root"
done
echo "done in $((SECONDS - start))s"
exit $fail
