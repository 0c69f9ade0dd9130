#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# lttrace's options on tests/lttrace/opts.c: -n with a nested call and a longjmp out of a
# traced call, -c, -T, -t/-tt/-ttt, -r, -i, ltrace's -e grammar, -x, -l, -L, -S, -s, -w,
# --json, -o, -p then SIGINT (the program runs on), `| head -1` (the program finishes), and
# the errors (one `lttrace: ...` line, non-zero exit).
set -u
. "$TOP/tests/lib.sh"
LTTRACE="$TOP/$B/bin/lttrace"
cc=${CC:-cc}
"$cc" -O0 -g -o opts "$TOP/tests/lttrace/opts.c" || exit 1
fail=0
bad() { echo "FAIL: $*"; fail=1; }
lt() { run_checked timeout 60 "$LTTRACE" "$@"; }
strip() { sed -E 's/0x[0-9a-f]+/ADDR/g'; }

# -n: strcmp from the comparator is nested in qsort; after the longjmp out of the second qsort
# the abandoned frames are gone: malloc(7) is back at the first level, qsort never "returns".
lt -n 2 -o nest.log ./opts nest || bad "-n: exit status $?"
strip <nest.log >nest.norm
grep -Eq '^qsort\(ADDR, 3, 8, ADDR <unfinished \.\.\.>$' nest.norm || bad "-n: no open qsort line"
[ "$(grep -Ec '^  strcmp\("[abc]", "[abc]"\) +=' nest.norm)" -ge 2 ] || bad "-n: strcmp not indented"
grep -Eq '^<\.\.\. qsort resumed> \) +=' nest.norm || bad "-n: first qsort's return"
[ "$(grep -c 'qsort resumed' nest.norm)" = 1 ] || bad "-n: the qsort left by longjmp returned"
grep -Eq '^malloc\(7\) += ADDR$' nest.norm || bad "-n: malloc(7) not at the first level after longjmp"
grep -Eq '^free\(ADDR\) += <void>$' nest.norm || bad "-n: free"

# -c: ltrace's table.
lt -c -o c.log ./opts many 1000 done.c || bad "-c: exit status $?"
grep -q '^% time     seconds  usecs/call     calls      function$' c.log || bad "-c: header"
grep -Eq '^ *[0-9]+\.[0-9]{2} +[0-9]+\.[0-9]{6} +[0-9]+ +1000 malloc$' c.log || bad "-c: malloc row"
grep -Eq '^ *[0-9]+\.[0-9]{2} +[0-9]+\.[0-9]{6} +[0-9]+ +1000 free$' c.log || bad "-c: free row"
grep -Eq '^100\.00 +[0-9]+\.[0-9]{6} +[0-9]+ total$' c.log || bad "-c: total"
grep -q 'malloc(' c.log && bad "-c: call lines printed"

# -T, -t, -tt, -ttt, -r, -i.
lt -T -e malloc -o T.log ./opts many 3 done.T
[ "$(grep -Ec '^opts->malloc\(16\) += 0x[0-9a-f]+ <[0-9]+\.[0-9]{6}>$' T.log)" = 3 ] || bad "-T"
lt -t -e malloc -o t.log ./opts many 1 done.t
grep -Eq '^[0-9]{2}:[0-9]{2}:[0-9]{2} opts->malloc\(16\)' t.log || bad "-t"
lt -tt -e malloc -o tt.log ./opts many 1 done.t
grep -Eq '^[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{6} opts->malloc\(16\)' tt.log || bad "-tt"
lt -ttt -e malloc -o ttt.log ./opts many 1 done.t
grep -Eq '^[0-9]{10}\.[0-9]{6} opts->malloc\(16\)' ttt.log || bad "-ttt"
lt -r -i -e malloc -o ri.log ./opts many 1 done.t
grep -Eq '^ +[0-9]+\.[0-9]{6} \[0x[0-9a-f]+\] opts->malloc\(16\)' ri.log || bad "-r -i"

# -e grammar.
lt -e 'malloc+free' -o e1.log ./opts many 2 done.e
[ "$(grep -Evc '^opts->(malloc|free)\(|^\+\+\+ exited' e1.log)" = 0 ] && \
	[ "$(grep -c 'malloc(' e1.log)" = 2 ] || bad "-e malloc+free"
lt -e '/^str/' -o e2.log ./opts many 1 done.e
[ "$(grep -Evc '^opts->strcmp\(|^\+\+\+ exited' e2.log)" = 0 ] && \
	[ "$(grep -c strcmp e2.log)" = 3 ] || bad "-e /^str/"
lt -e '*@MAIN-free-strcmp' -o e3.log ./opts many 1 done.e
grep -q 'opts->malloc(16)' e3.log && ! grep -Eq 'free\(|strcmp\(' e3.log || bad "-e *@MAIN-free-strcmp"
# -@LIB drops the calls LIB makes (LIB is the caller's object, as in ltrace): every call of
# every object but libc's, here the program's and ld.so's.
lt -e '-@libc.so*' -o e4.log ./opts many 1 done.e
grep -q '^libc\.so\.6->' e4.log && bad "-e -@libc.so*: libc's calls left"
grep -q '^opts->malloc(16) ' e4.log || bad "-e -@libc.so*: the program's calls dropped"
lt -e 'malloc@libc.so*' -o e5.log ./opts many 1 done.e
grep -q 'malloc(' e5.log && bad "-e malloc@libc.so*: the program's calls are not libc's"
# Regular expressions for the library too, /sym@lib/ as /sym/@/lib/, several -e chains.
lt -e '/^(malloc|free)$/@/^opts$/' -o e6.log ./opts many 1 done.e
[ "$(grep -Ec '^opts->(malloc|free)\(' e6.log)" = 2 ] && [ "$(grep -vc '^+++' e6.log)" = 2 ] ||
	bad "-e /re/@/re/"
lt -e '/^ato.@op/' -o e7.log ./opts many 1 done.e
grep -q '^opts->atol("1") ' e7.log && [ "$(grep -vc '^+++' e7.log)" = 1 ] || bad "-e /re@re/"
lt -e malloc -e atol -o e8.log ./opts many 1 done.e
[ "$(grep -Ec '^opts->(malloc|atol)\(' e8.log)" = 2 ] && [ "$(grep -vc '^+++' e8.log)" = 2 ] ||
	bad "two -e chains"
# -x: the program's own function, local calls included; -L: no library calls.
lt -x cmp -L -o x.log ./opts nest
[ "$(grep -Ec '^cmp\(0x[0-9a-f]+, 0x[0-9a-f]+\) += -?[0-9]+$' x.log)" = 3 ] || bad "-x cmp -L"
grep -q 'strcmp(' x.log && bad "-L: library calls shown"
# -l LIB: calls into LIB.
lt -l 'libc.so*' -o l.log ./opts many 1 done.l
grep -q '^opts->malloc(16) ' l.log || bad "-l libc.so*"
# -s.
lt -s 2 -e strcmp -o s.log ./opts nest
grep -q '^opts->strcmp("ne"\.\.\., "ne"\.\.\.) ' s.log || bad "-s 2"
# -S: system calls as ltrace prints them; a signal and the death it causes.
lt -S -L -o S.log ./opts crash
rc=$?
[ $rc = 0 ] || bad "-S crash: exit status $rc, want 0 (ltrace's, whatever the program's end)"
grep -Eq '^SYS_getpid\(\) += [0-9]+$' S.log || bad "-S: SYS_getpid"
grep -Eq '^SYS_tgkill\([0-9]+, [0-9]+, 11\) += 0$' S.log || bad "-S: SYS_tgkill"
grep -q '^--- SIGSEGV (Segmentation fault) ---$' S.log || bad "signal line"
grep -q '^+++ killed by SIGSEGV +++$' S.log || bad "killed line"
# -w: the stack after the call.
lt -w 2 -e malloc -o w.log ./opts many 1 done.w
grep -A1 'malloc(16)' w.log | grep -q '^ > .*opts(main+0x' || bad "-w 2"
# --json: one object per call.
lt --json -e 'malloc+free' -o j.log ./opts many 5 done.j
if command -v jq >/dev/null; then
	jq -e . j.log >/dev/null || bad "--json: not JSON"
	[ "$(jq -r 'select(.type == "call" and .name == "malloc") | .args[0]' j.log | grep -c '^16$')" = 5 ] ||
		bad "--json: malloc records"
	lt --json -e raise -o ju.log ./opts crash 2>/dev/null
	jq -s -e 'any(.[]; .type == "call" and .name == "raise" and .unfinished == true)' ju.log \
		>/dev/null || bad "--json: the call open at the crash"
fi

# fork: without -f the child runs free of our int3s (its calls unseen, its exit its own); with
# -f its calls show under its pid.  system()'s vfork'd shell is let go at its exec.
lt -o fork.log ./opts fork
rc=$?
[ $rc = 0 ] && grep -q '^+++ exited (status 3) +++$' fork.log || bad "fork: exit status $rc, want 0 and status 3 in the trace"
grep -q 'malloc(20)' fork.log && bad "fork without -f: the child's calls shown"
grep -Eq '^(system\("true"\)|<\.\.\. system resumed> \)) += 0$' fork.log || bad "fork without -f: system"
lt -f -o forkf.log ./opts fork
rc=$?
[ $rc = 0 ] || bad "fork -f: exit status $rc, want 0"
grep -q 'SIGSEGV' forkf.log && bad "fork -f: a child crashed"
# With -o, ltrace prefixes "PID " (not "[pid PID] ").
cpid=$(sed -nE 's/^([0-9]+) malloc\(20[) ].*/\1/p' forkf.log)
[ -n "$cpid" ] && grep -Eq "^$cpid <\.\.\. fork resumed> \) += 0$" forkf.log &&
	grep -Eq "^$cpid free\(0x[0-9a-f]+(\) += <void>| <unfinished \.\.\.>)$" forkf.log &&
	grep -q "^$cpid +++ exited (status 3) +++$" forkf.log || bad "fork -f: the child's calls"

# C++ exceptions thrown through traced calls: caught where they should be, and the calls
# after them back at the first level (-n 2: no indentation).
if command -v "${CXX:-c++}" >/dev/null; then
	"${CXX:-c++}" -O0 -o except "$TOP/tests/lttrace/except.cc" || bad "cannot build except.cc"
	lt -n 2 -o ex.log ./except >ex.out || bad "except: exit status $?"
	[ "$(cat ex.out)" = "$(printf 'caught\nend')" ] || bad "except: the program's output: $(cat ex.out)"
	grep -Eq '^qsort\(0x[0-9a-f]+, 4, 4, 0x[0-9a-f]+ <unfinished \.\.\.>$' ex.log || bad "except: qsort"
	grep -Eq '^malloc\(5\) += 0x' ex.log && grep -Eq '^malloc\(6\) += 0x' ex.log &&
		grep -Eq '^puts\("end"\) += 4$' ex.log || bad "except: calls after the throws nested or lost"
fi

# dlopen: a library loaded later gets its breakpoints (-x cos: an IFUNC of libm, called
# through a pointer from dlsym).
lt -x cos -o dl.log ./opts dl || bad "dl: exit status $?"
grep -Eq '^cos@libm\.so\.6\(0\.000000\) += 1\.000000$' dl.log || bad "dlopen: cos not traced"

# A kernel uprobe (bpftrace) already on malloc's first instruction: its int3 is the kernel's,
# and lttrace's breakpoint goes on the second instruction instead.  One on the loader's
# _dl_debug_state too: dlopen is then followed through dlopen's return.
libc=$(ldd ./opts | awk '/libc\.so\.6/ { print $3 }')
ldso=$(ldd ./opts | awk '/ld-linux/ { print $1 }')
if command -v bpftrace >/dev/null && [ -n "$libc" ] && [ -n "$ldso" ]; then
	timeout 60 bpftrace -e "uprobe:$libc:malloc, uprobe:$ldso:_dl_debug_state { @n = count(); }" \
		>bt.out 2>&1 &
	bt=$!
	for i in $(seq 100); do grep -q Attaching bt.out && break; sleep 0.1; done
	if grep -q Attaching bt.out; then
		sleep 0.3
		lt -e malloc -o kup.log ./opts many 3 done.k
		[ "$(grep -c '^opts->malloc(16) ' kup.log)" = 3 ] || bad "malloc under a kernel uprobe"
		lt -x cos -o kdl.log ./opts dl
		grep -Eq '^cos@libm\.so\.6\(0\.000000\) += 1\.000000$' kdl.log ||
			bad "dlopen with a kernel uprobe on _dl_debug_state"
	fi
	kill -INT $bt 2>/dev/null
	wait $bt 2>/dev/null
fi

# -p, then SIGINT: the program runs on to its end, untraced, every round done.
./opts loop 60 done.p &
pid=$!
sleep 0.3
"$LTTRACE" -p $pid -o p.log &
lp=$!
sleep 0.4
kill -INT $lp
wait $lp || bad "-p: lttrace exit status $?"
wait $pid || bad "-p: the program's exit status $?"
[ "$(cat done.p 2>/dev/null)" = "done 60" ] || bad "-p: the program did not finish ($(cat done.p))"
grep -Eq "^$pid (malloc\(16\)|free\(0x|usleep\(20000)" p.log || bad "-p: no pid-prefixed call lines"

# | head -1: the reader goes away; the program runs to its end.
rm -f done.h
"$LTTRACE" ./opts many 20000 done.h 2>&1 | head -1 >head.out
for i in $(seq 50); do [ -s done.h ] && break; sleep 0.1; done
[ "$(cat done.h 2>/dev/null)" = "done 20000" ] || bad "| head -1: the program did not finish"
[ "$(wc -l <head.out)" = 1 ] || bad "| head -1: output"

# --compare: untraced and ptrace measured (the events: the calls of a traced run), bpf
# reported with its reason; --max-overhead makes it a check (exit 2 when exceeded).
lt --compare=2 -e malloc ./opts many 100 done.cmp >cmp.out || bad "--compare: exit status $?"
grep -Eq '^untraced +[0-9.]+ ' cmp.out && grep -Eq '^ptrace +[0-9.]+ .* 101 +([0-9]+|noise)$' cmp.out &&
	grep -q '^bpf ' cmp.out || { bad "--compare table"; cat cmp.out; }
lt --compare=1 --max-overhead=ptrace:1.01 ./opts many 100 done.cmp >cmp2.out
[ $? = 2 ] || bad "--max-overhead=ptrace:1.01 not exceeded?"

# Errors: one line, non-zero exit.
err() { # expected-regex args...
	local want=$1; shift
	"$LTTRACE" "$@" >err.out 2>&1 && { bad "$* succeeded"; return; }
	[ "$(wc -l <err.out)" -ge 1 ] && head -1 err.out | grep -Eq "^lttrace: $want" ||
		bad "$*: $(cat err.out)"
}
err './no-such-program: No such file or directory' ./no-such-program
err '-e /\[/: invalid regular expression' -e '/[/' ./opts
err 'cannot attach to process 999999999' -p 999999999
err 'too few arguments' -n 2
err 'invalid argument to -n' -n x ./opts
err 'can.t open /no/such/dir/x for writing' -o /no/such/dir/x ./opts
err '/no/such.conf: No such file or directory' -F /no/such.conf ./opts
[ $fail = 0 ] && echo "all option checks passed"
exit $fail
