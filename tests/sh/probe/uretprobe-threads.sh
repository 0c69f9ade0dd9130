#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# uprobe and uretprobe on one function called by 8 threads at once under -f: every call's
# return reported once, by the thread that made it, with the value for its argument (the
# shadow stacks are per thread); the program's result equal to its untraced result.
set -u
cc=${CC:-cc}
n=${URETPROBE_THREADS_CALLS:-5000}
cat >th.c <<'C'
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
static long calls;
__attribute__((noinline)) long work(long i)
{
	__asm__ volatile("" ::: "memory");
	return i * 2;
}
static void *run(void *a)
{
	long s = 0;
	for (long i = 0; i < calls; i++)
		s += work(i + (long)a * 1000000);
	return (void *)s;
}
int main(int argc, char **argv)
{
	pthread_t t[8];
	long tot = 0;
	calls = argc > 1 ? atol(argv[1]) : 1000;
	for (long i = 0; i < 8; i++)
		pthread_create(&t[i], 0, run, (void *)i);
	for (int i = 0; i < 8; i++) {
		void *r;
		pthread_join(t[i], &r);
		tot += (long)r;
	}
	printf("%ld\n", tot);
	return 0;
}
C
"$cc" -O1 -pthread -o th th.c || { echo "FAIL: cannot build"; exit 1; }
fail=0
./th "$n" >untraced.out
"$STTRACE" -f -o trace.log -e trace=none -e 'uprobe=work:args=l' -e 'uretprobe=work:ret=l' \
	./th "$n" >traced.out 2>err || { echo "FAIL: sttrace exit status $?"; cat err; fail=1; }
cmp -s untraced.out traced.out || { echo "FAIL: the result differs under sttrace"; fail=1; }
awk -v want=$((8 * n)) '
	/uprobe:work\(/ { v = $0; sub(/.*work\(/, "", v); sub(/\).*/, "", v); arg[$1] = v; calls++; next }
	/uretprobe:work = / { r = $(NF - 1); if (r != 2 * arg[$1]) bad++; rets++ }
	END { print calls " calls, " rets " returns, " bad + 0 " returns not matching their call"
	      exit !(calls == want && rets == want && !bad) }' trace.log || fail=1
exit $fail
