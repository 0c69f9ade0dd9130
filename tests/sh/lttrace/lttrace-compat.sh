#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# On binaries ltrace 0.7.3 handles (lazy binding, PIE or not: a PLT to stop in), lttrace's lines
# equal ltrace's, for the calls whose prototype both know (the functions /etc/ltrace.conf
# declares): same calls, same order, same decoded arguments and results, same column.  Both
# run without address randomization (setarch -R), so the heap addresses the program prints
# have the same length in both runs; addresses are then replaced by ADDR on both sides.
set -u
. "$TOP/tests/lib.sh"
LTTRACE="$TOP/$B/bin/lttrace"
cc=${CC:-cc}
command -v ltrace >/dev/null || { echo "SKIP: no ltrace"; exit 77; }
conf=/etc/ltrace.conf
[ -r $conf ] || { echo "SKIP: no $conf"; exit 77; }
fail=0
known() { # keep the lines of functions ltrace's conf declares (and the exit line)
	while IFS= read -r l; do
		f=${l%%(*}
		case $l in '+++'*) echo "$l"; continue ;; esac
		grep -Eq "[ *]$f\(" $conf && echo "$l"
	done
}
norand=""
setarch "$(uname -m)" -R true 2>/dev/null && norand="setarch $(uname -m) -R"
# Lazy binding both: a non-PIE program and a PIE one (Debian's default build).
# Two programs: calls.c (the builds test's) and libc.c (strings, formatting, stdio, ctype).
for prog in calls libc; do
for build in "-no-pie -Wl,-z,lazy" "-pie -Wl,-z,lazy"; do
	d=$prog${build%% *}
	mkdir -p "$d"
	# shellcheck disable=SC2086
	"$cc" -O0 -fno-builtin $build -o "$d/prog" "$TOP/tests/lttrace/$prog.c" || exit 1
	(cd "$d" && $norand ltrace -o ltrace.log ./prog >/dev/null 2>ltrace.err) ||
		{ echo "FAIL: [$prog $build] ltrace failed"; cat "$d/ltrace.err"; exit 1; }
	(cd "$d" && run_checked $norand "$LTTRACE" -o lttrace.log ./prog >/dev/null 2>lttrace.err) ||
		{ echo "FAIL: [$prog $build] lttrace failed"; cat "$d/lttrace.err"; fail=1; }
	sed -E 's/0x[0-9a-f]{5,}/ADDR/g' "$d/ltrace.log" | known >"$d/ltrace.norm"
	sed -E 's/0x[0-9a-f]{5,}/ADDR/g' "$d/lttrace.log" | known >"$d/lttrace.norm"
	n=$(wc -l <"$d/ltrace.norm")
	[ "$n" -ge 15 ] || { echo "FAIL: [$prog $build] only $n comparable lines"; cat "$d/ltrace.log"; fail=1; }
	diff -u "$d/ltrace.norm" "$d/lttrace.norm" ||
		{ echo "FAIL: [$prog $build] lttrace's lines differ from ltrace's"; fail=1; }
	echo "[$prog $build] $n lines compared ($(cut -d'(' -f1 "$d/ltrace.norm" | sort -u | grep -vc '^+++') functions)"
done
done
# -c: the same table layout, functions and call counts (times differ).
d=libc-no-pie
(cd $d && ltrace -c -o ltrace.c ./prog >/dev/null 2>&1 && run_checked "$LTTRACE" -c -o lttrace.c ./prog >/dev/null 2>&1) ||
	{ echo "FAIL: -c runs"; fail=1; }
for f in ltrace lttrace; do
	sed -E 's/^ *[0-9]+\.[0-9]{2} +[0-9]+\.[0-9]{6} +[0-9]+ +([0-9]+) (.*)$/\2 \1/; s/^100\.00 +[0-9.]+ +([0-9]+) total$/total \1/' \
		"$d/$f.c" | sort >"$d/$f.cnorm"
done
diff -u "$d/ltrace.cnorm" "$d/lttrace.cnorm" || { echo "FAIL: -c tables differ"; fail=1; }
[ "$(wc -l <"$d/ltrace.cnorm")" -ge 20 ] || { echo "FAIL: -c: short table"; fail=1; }
exit $fail
