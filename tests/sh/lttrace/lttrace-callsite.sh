#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# lttrace --bpf at the program's call sites (issue 31): tests/lttrace/callsite.c prints the
# lines lttrace must write for its calls of atoi, alarm and sched_yield (which may be probed
# at each `call` and its return site: the kernel emulates both; a return site reached by a
# jump that skipped its call shows nothing) and of abs (also reached by a
# tail jump), labs (its address taken) and getpagesize (its return site a `mov`), which must
# keep their entry probes.  LTTRACE_BPF_STATS=1 says which went where; the trace must be the
# program's lines, byte for byte the same with the call sites off (LTTRACE_BPF_CALLSITES=0),
# and a stripped copy of the program (no symbol table to prove the calls complete) must use
# none.  Each run's program output and exit status are checked against an untraced run.
set -u
. "$TOP/tests/lib.sh"
lt_backend --bpf
fail=0
bad() { echo "FAIL: $*"; fail=1; }
"${CC:-cc}" -O2 -o callsite "$TOP/tests/lttrace/callsite.c" || exit 1
strip -o callsite-stripped callsite || exit 1
# The program's own calls (@MAIN): a bare name would take every object's calls of it.
E=(-e atoi@MAIN+alarm@MAIN+sched_yield@MAIN+abs@MAIN+labs@MAIN+getpagesize@MAIN)
export LTTRACE_BPF_STATS=1
# The functions at their call sites (sorted), from the stats lines of file $1.
at() { sed -n 's/^lttrace: --bpf: [0-9]* functions* at [0-9]* call sites*: //p' "$1" | tr ' ' '\n' | sort | xargs; }

lt_described "call sites" "${E[@]}" ./callsite 2>stats.on || fail=1
cp log log.on
[ "$(at stats.on)" = "alarm atoi sched_yield" ] ||
	bad "at their call sites: '$(at stats.on)', not 'alarm atoi sched_yield' ($(cat stats.on))"
grep -q ' 4 call sites' stats.on || bad "not 4 call sites (atoi, alarm twice, sched_yield's loop): $(cat stats.on)"
for want in 'abs (a jump to its PLT entry (a tail call))' 'labs (its address is taken' \
	'getpagesize (a call whose return site the kernel would single-step)'; do
	grep -qF "$want" stats.on || bad "no '$want' in: $(cat stats.on)"
done

LTTRACE_BPF_CALLSITES=0 lt_described "LTTRACE_BPF_CALLSITES=0" "${E[@]}" ./callsite 2>stats.off ||
	fail=1
[ -z "$(at stats.off)" ] || bad "LTTRACE_BPF_CALLSITES=0: at call sites: $(at stats.off)"
cmp -s log.on log || bad "the trace differs with and without call sites: $(diff log.on log)"

lt_described "stripped" "${E[@]}" ./callsite-stripped 2>stats.strip || fail=1
[ -z "$(at stats.strip)" ] || bad "stripped: at call sites: $(at stats.strip)"
grep -q 'atoi (no symbol table (stripped))' stats.strip ||
	bad "stripped: atoi not refused for the symbol table: $(cat stats.strip)"
[ $fail = 0 ] && echo "call sites: atoi, alarm, sched_yield at 4 call sites; abs, labs, getpagesize, a stripped copy at the entries; $(wc -l <log) lines the same each way"
exit $fail
