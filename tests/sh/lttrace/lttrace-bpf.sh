#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# lttrace --bpf (uprobes and uretprobes run by BPF) against lttrace over ptrace, on the
# lttrace tests' programs: the same call lines once addresses are taken out — tests/lttrace/
# calls.c built five ways (it prints the lines it expects, so each build is checked against
# what it did), libc.c's spread of libc calls (strtod's double result read from the held
# thread's xmm0), opts.c's nested calls under -n with a longjmp, C++ exceptions
# through traced calls, a fork under -f, a function of a dlopen'd library; -S (system calls in
# the same trace, ptrace's lines); 4 threads x N
# malloc+free under -f: exactly 4N malloc lines with their results, every run; -c, -T, -t,
# --json, -p then SIGINT (the program runs on), `| head -1` (the program finishes), and the
# one-line error without privileges.
set -u
. "$TOP/tests/lib.sh"
LTTRACE="$TOP/$B/bin/lttrace"
cc=${CC:-cc}
fail=0
bad() { echo "FAIL: $*"; fail=1; }
lt() { timeout 120 "$LTTRACE" "$@"; }
strip() { sed -E 's/0x[0-9a-f]+/ADDR/g; s/ +=/ =/'; }

# 1. calls.c built five ways: what the program did, and what ptrace shows.
builds=("" "-Wl,-z,now" "-fno-plt" "-fcf-protection=full -Wl,-z,now" "-static")
for i in "${!builds[@]}"; do
	mkdir -p "b$i"
	# shellcheck disable=SC2086
	"$cc" -O0 -fno-builtin ${builds[$i]} -o "b$i/calls" "$TOP/tests/lttrace/calls.c" 2>/dev/null ||
		{ echo "NOTE: cannot build with ${builds[$i]}"; continue; }
	(cd "b$i" && ./calls >untraced)
	urc=$?
	(cd "b$i" && lt --bpf -o bpf.log -e "$(./calls list)" ./calls >expected 2>err) ||
		{ bad "[${builds[$i]}] --bpf exit status"; cat "b$i/err"; continue; }
	same_as_untraced "b$i/expected" 0 "b$i/untraced" $urc ||
		bad "[${builds[$i]}] --bpf: the program's output differs from its untraced run"
	diff -u "b$i/expected" "b$i/bpf.log" || bad "[${builds[$i]}] --bpf lines differ from what the program did"
	(cd "b$i" && lt -o ptrace.log -e "$(./calls list)" ./calls >expected.p 2>&1)
	prc=$?
	same_as_untraced "b$i/expected.p" $prc "b$i/untraced" $urc ||
		bad "[${builds[$i]}] ptrace: the program's output differs from its untraced run"
	# The ptrace side's own misses (a kernel uprobe of another tool on malloc meanwhile) are
	# lttrace-builds' subject: compared when it shows what its program did.
	if diff -q "b$i/expected.p" "b$i/ptrace.log" >/dev/null; then
		diff <(strip <"b$i/ptrace.log") <(strip <"b$i/bpf.log") ||
			bad "[${builds[$i]}] --bpf and ptrace differ"
	else
		echo "NOTE: [${builds[$i]}] the ptrace run missed calls of its own; not compared"
	fi
	[ "$(wc -l <"b$i/bpf.log")" -ge 13 ] || bad "[${builds[$i]}] too few lines"
done
echo "calls.c: $(wc -l <b0/bpf.log) lines, five builds, --bpf = ptrace"

# 2. libc.c with the default filter (@MAIN): the same lines, strtod's double result too.
"$cc" -O0 -fno-builtin -o libc "$TOP/tests/lttrace/libc.c" || exit 1
run_checked lt -o p.log ./libc >/dev/null || bad "libc: ptrace exit status $?"
run_checked lt --bpf -o b.log ./libc >/dev/null || bad "libc: --bpf exit status $?"
grep -Eq '^strtod\("2\.5", nil\) += 2\.500000$' b.log || bad "libc: strtod's double under --bpf"
diff <(strip <p.log) <(strip <b.log) ||
	bad "libc: --bpf and ptrace differ"
[ "$(wc -l <b.log)" -ge 20 ] || bad "libc: too few lines"

# LTTRACE_BPF_ONLY_IFUNC=1 (ifunc-families.sh, once per glibc family): the parts that call
# glibc's IFUNC'd functions, no more.
[ -z "${LTTRACE_BPF_ONLY_IFUNC:-}" ] || exit $fail

# -S: system calls and library calls in one trace, ptrace's lines from the loader's first
# system call on (SYS_execve's entry, made before the program is traced, aside).
run_checked lt -S -o sp.log ./libc >/dev/null || bad "-S: ptrace exit status $?"
run_checked lt --bpf -S -o sb.log ./libc >/dev/null || bad "-S: --bpf exit status $?"
# (pids and tids by name: one to three digits on a freshly booted machine)
snorm() { grep -v '^SYS_execve(' "$1" | strip |
	sed -E 's/= [0-9]{4,}$/= N/; s/^(SYS_(set_tid_address|getpid|gettid|getppid)\(.*\)) = [0-9]+$/\1 = PID/'; }
diff <(snorm sp.log) <(snorm sb.log) || bad "-S: --bpf and ptrace differ"
grep -q '^SYS_brk(0) = ADDR$' <(strip <sb.log) || bad "-S: no SYS_brk line"
[ "$(grep -c '^SYS_' sb.log)" -ge 20 ] || bad "-S: too few system calls"

# 3. opts.c: nested calls under -n (strcmp from qsort's comparator), a fork under -f.
"$cc" -O0 -g -o opts "$TOP/tests/lttrace/opts.c" || exit 1
# A longjmp out of the comparator: the abandoned calls never return, malloc is back at the first
# level.  setjmp has no uretprobe (its jmp_buf would keep the kernel's trampoline): a uprobe at
# its return address closes it (lt_retsite), ptrace's lines.
lt -n 2 -o pn.log ./opts nest
lt --bpf -n 2 -o bn.log ./opts nest || bad "-n: exit status $?"
diff <(strip <pn.log) <(strip <bn.log) || bad "-n: nested calls differ"
grep -Eq '^  strcmp\("b", "a"\) += 1$' bn.log || bad "-n: strcmp not indented"
grep -Eq '^_setjmp\(0x[0-9a-f]+, .*\) += 0$' bn.log || bad "-n: the setjmp line"
# C++ exceptions thrown through traced calls (a throwing qsort comparator, __cxa_throw): no
# uretprobe where the unwinder would meet the trampoline, so they are caught, same lines.
if command -v "${CXX:-c++}" >/dev/null; then
	"${CXX:-c++}" -O0 -o except "$TOP/tests/lttrace/except.cc" || bad "cannot build except.cc"
	lt -o pe.log ./except >/dev/null
	lt --bpf -o be.log ./except >ex.out || bad "except: exit status $?"
	[ "$(cat ex.out)" = "$(printf 'caught\nend')" ] || bad "except: the program's output: $(cat ex.out)"
	diff <(strip <pe.log) <(strip <be.log) || bad "except: --bpf and ptrace differ"
fi
lt --bpf -f -o bf.log ./opts fork
[ $? = 0 ] || bad "fork: lttrace's exit status is not 0 (ltrace's, whatever the program's)"
pid=$(awk '/ malloc\(10\)/ {print $1}' bf.log)
# The parent's fork returns on its line, or resumed when the child ran first.
child=$(awk -v p="$pid" '$1 == p && / (fork\(\)|<\.\.\. fork resumed> \)) += [0-9]+$/ {print $NF}' bf.log)
grep -Eq "^$child <\.\.\. fork resumed> \) += 0$" bf.log || bad "fork: the child's return from fork"
grep -Eq "^$child malloc\(20\) += 0x" bf.log || bad "fork: the child's malloc"
grep -Eq "^$child \+\+\+ exited \(status 3\) \+\+\+$" bf.log || bad "fork: the child's exit"
# The parent's waitpid: open while the child runs, or called once the child is gone already.
grep -Eq "^$pid (<\.\.\. waitpid resumed> \)|waitpid\($child, 0x[0-9a-f]+, 0\)) += $child$" bf.log ||
	bad "fork: waitpid"
grep -Eq "^$pid \+\+\+ exited \(status 3\) \+\+\+$" bf.log || bad "fork: the parent's exit"

# A signal delivered, and the death it causes.
lt --bpf -o crash.log ./opts crash
grep -q '^--- SIGSEGV (Segmentation fault) ---$' crash.log || bad "crash: no signal line"
grep -q '^+++ killed by SIGSEGV +++$' crash.log || bad "crash: no killed line"

# dlopen: the loader stops the process at its link-map change until the new library is probed.
lt --bpf -x cos -o bdl.log ./opts dl || bad "dlopen: exit status $?"
grep -Eq '^cos@libm\.so\.6\(0\.000000\) += 1\.000000$' bdl.log || { bad "dlopen: cos in the dlopen'd libm"; cat bdl.log; }

# -ttt: a line's time is its event's (the kernel's), not the time the reader printed it.
"$cc" -O0 -o stamps "$TOP/tests/lttrace/stamps.c" || exit 1
run_checked lt --bpf -ttt -e usleep+getpid -o st.log ./stamps >/dev/null || bad "-ttt: exit status $?"
awk '/usleep\(/ { u = $1 } /getpid\(/ { g = $1 } / \+\+\+ exited/ { x = $1 }
	END { if (!(u && g && x && g - u >= 0.02 && x >= g)) {
		printf "usleep at %s, getpid at %s, exit at %s\n", u, g, x; exit 1 } }' st.log ||
	bad "-ttt: the times are not the events'"

# 4. 4 threads x n malloc+free under -f: every call, once, with its result, every run.
n=${LTTRACE_THREADS_CALLS:-20000}
"$cc" -O1 -pthread -o threads "$TOP/tests/lttrace/threads.c" || exit 1
for r in 1 2; do
	lt --bpf -f -o t.log ./threads "$n" >prog.out 2>err || { bad "threads: exit status"; cat err; }
	[ "$(cat prog.out)" = $((4 * n)) ] || bad "threads: the program counted $(cat prog.out)"
	grep -q 'lost' err && { bad "threads: records lost"; cat err; }
	awk -v n="$n" '
		/ malloc\(/ { calls++; v = $0; sub(/.*malloc\(/, "", v); sub(/[ )].*/, "", v); size[v]++ }
		/ free\(/ { frees++ }
		/<\.\.\. malloc resumed> \) += 0x|malloc\([0-9]+\) += 0x/ { rets++ }
		END {
			printf "threads run: %d malloc lines, %d results, %d free lines\n", calls, rets, frees
			ok = calls == 4 * n && rets == 4 * n && frees == 4 * n
			for (s = 24; s < 28; s++) if (size[s] != n) { print "size " s ": " size[s] + 0; ok = 0 }
			exit !ok }' t.log || bad "threads: run $r"
done

# A ring buffer of 256 KiB for the same flow: the process is held (SIGSTOP) while it is over
# half full, so still nothing is lost, and no hold shows as a signal.
LTTRACE_BPF_RING=262144 timeout 120 "$LTTRACE" --bpf -f -o small.log ./threads 5000 >/dev/null \
	2>err.small &
wait $! || bad "small ring: exit status"
[ "$(grep -c ' malloc(' small.log)" = 20000 ] || bad "small ring: $(grep -c ' malloc(' small.log) malloc lines"
grep -q 'lost' err.small && { bad "small ring: records lost"; cat err.small; }
grep -q -- '--- SIG' small.log && bad "small ring: a hold shown as a signal"

# 5. -c (sums in the kernel), -T, -t, --json.
lt --bpf -c -o c.log ./opts many 1000 done.c || bad "-c: exit status $?"
grep -q '^% time     seconds  usecs/call     calls      function$' c.log || bad "-c: header"
grep -Eq '^ *[0-9]+\.[0-9]{2} +[0-9]+\.[0-9]{6} +[0-9]+ +1000 malloc$' c.log || bad "-c: malloc row"
grep -Eq '^ *[0-9]+\.[0-9]{2} +[0-9]+\.[0-9]{6} +[0-9]+ +1000 free$' c.log || bad "-c: free row"
lt --bpf -T -e malloc -o T.log ./opts many 3 done.T
[ "$(grep -Ec '^opts->malloc\(16\) += 0x[0-9a-f]+ <[0-9]+\.[0-9]{6}>$' T.log)" = 3 ] || bad "-T"
lt --bpf -tt -e malloc -o t2.log ./opts many 1 done.t
grep -Eq '^[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{6} opts->malloc\(16\)' t2.log || bad "-tt"
lt --bpf --json -o j.log ./libc
grep -q '^{"type":"call",.*"name":"strdup",.*"args":\["hello world"\],' j.log || bad "--json"

# 6. -p, then SIGINT: the program runs on untraced to its end.
rm -f done.p pp.log
./opts loop 500 done.p &
prog=$!
sleep 0.3
"$LTTRACE" --bpf -p "$prog" -o pp.log &
tracer=$!
# Loading and attaching take a while on a loaded machine: SIGINT once lines come.
for _ in $(seq 150); do
	grep -q 'usleep' pp.log 2>/dev/null && break
	sleep 0.1
done
kill -INT "$tracer"
wait "$tracer" || bad "-p: lttrace's exit status after SIGINT"
wait "$prog" || bad "-p: the program's exit status"
grep -q '^done 500$' done.p || bad "-p: the program did not finish its loop"
grep -Eq '^[0-9]+ malloc\(16\) += 0x' pp.log || bad "-p: no malloc line"
grep -Eq '^[0-9]+ usleep\(20000\) += 0' pp.log || bad "-p: no usleep line"

# 6b. A call that blocks: without -f the kernel keeps a call that reads nothing at its entry
# until its return (one record for both), and the reader shows one kept that long from the
# thread's storage: sleep(3 appears while the program sleeps, and completes as one line.
rm -f done.b
lt --bpf -o bk.log ./opts block done.b &
blk=$!
for ((i = 0; i < 600; i++)); do [ -s done.b ] && break; sleep 0.1; done
seen=no
for ((i = 0; i < 25; i++)); do
	grep -q '^sleep(3$' bk.log 2>/dev/null && { seen=yes; break; }
	sleep 0.1
done
grep -q '^done' done.b && bad "block: the program woke before the check (too slow a machine?)"
[ $seen = yes ] || bad "block: sleep(3 not shown while the program sleeps: $(tail -c 200 bk.log)"
wait $blk || bad "block: exit status"
grep -Eq '^sleep\(3\) += 0$' bk.log || bad "block: no sleep(3) = 0 line"
grep -q 'unfinished\|resumed' bk.log && { bad "block: a call split"; cat bk.log; }

# 7. | head -1: the reader goes, the program finishes.
rm -f done.h
"$LTTRACE" --bpf ./opts many 5 done.h 2>&1 | head -1 >/dev/null
grep -q '^done 5$' done.h || bad "| head -1: the program did not finish"

# 7b. Every function of libc (-x, about 2,900): one uprobe_multi link a direction where the
# kernel has them, the functions the kernel cannot probe safely named in one warning line, and
# the calls ptrace shows (the setjmp family's too, closed at their return address).  The same
# through one link per probe (LTTRACE_BPF_LINKS=single) on the str* functions: 2,900 single
# links take minutes to attach.
norm() { grep -v '^lttrace:' "$1" | strip | sed -E 's/ +/ /g'; }
lt -x '*@libc.so.6' -o xp.log /bin/true || bad "-x libc: ptrace exit status"
lt --bpf -x '*@libc.so.6' -o xb.log /bin/true 2>xb.err || bad "-x libc: --bpf exit status"
[ "$(grep -c 'not traced' xb.err)" = 1 ] && [ "$(wc -l <xb.err)" = 1 ] ||
	{ bad "-x libc: not one warning line"; cat xb.err; }
diff <(norm xp.log) <(norm xb.log) || bad "-x libc: --bpf and ptrace differ"
[ "$(wc -l <xp.log)" -ge 4 ] || bad "-x libc: too few lines"
# (-L: the program's own calls that -x names too show twice under ptrace, as ltrace shows
# them; lttrace-filters.)
lt -L -x 'str*@libc.so.6' -o sp.log ./libc >/dev/null || bad "-x str*: ptrace exit status"
LTTRACE_BPF_LINKS=single lt --bpf -L -x 'str*@libc.so.6' -o sb.log ./libc >/dev/null ||
	bad "-x str*: --bpf single links exit status"
diff <(norm sp.log) <(norm sb.log) || bad "-x str*: --bpf with single links and ptrace differ"
[ "$(wc -l <sb.log)" -ge 4 ] || bad "-x str*: too few lines"

# 8. Without privileges: one line, non-zero.
if command -v setpriv >/dev/null; then
	setpriv --reuid=65534 --regid=65534 --clear-groups "$LTTRACE" --bpf ./libc >np.out 2>np.err
	rc=$?
	[ $rc != 0 ] || bad "no privileges: exit status 0"
	[ "$(cat np.err)" = "lttrace: --bpf needs CAP_BPF and CAP_PERFMON (run as root, or drop --bpf)" ] ||
		{ bad "no privileges: message"; cat np.err; }
fi
exit $fail
