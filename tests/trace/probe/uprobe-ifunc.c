// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * -e uprobe=/uretprobe= on IFUNCs: the probe goes on the implementation the process uses, not
 * on the resolver the symbol names (which runs once, at start-up or at the first call, and
 * whose call is never shown).  Three ways a choice is made:
 *  - strlen in libc: libc's own IRELATIVE slot holds it once the loader has relocated (the
 *    program's PLT slot is bound at its first call);
 *  - tri, an IFUNC of this program, picking the second of its two implementations: an
 *    IRELATIVE slot of the program (under --bpf the resolver's return is watched, since
 *    sttrace attaches before the relocations);
 *  - floor in libm: nothing holds it before the program's first call (lazy binding), which
 *    calls the resolver: its return arms the implementation before the call gets there.
 * Values print by prototype: strlen's and floor's from the built-in table, tri's from the
 * DWARF of its implementation.
 *
 * The lines are written with write(2) and formatted without %s or %f: stdio's own strlen
 * calls would be hits too.  Each result is checked: a probe must not change what is computed.
 */
// link: -lm -fno-builtin
#include <math.h>
#include <stdarg.h>

#include "tests.h"

static void say(const char *fmt, ...)
{
	char b[256];
	va_list ap;

	va_start(ap, fmt);
	int n = vsnprintf(b, sizeof(b), fmt, ap);
	va_end(ap);
	if (write(1, b, (size_t)n) != n)
		exit(1);
}

__attribute__((noinline)) static long tri_formula(long n)
{
	return n * (n + 1) / 2;
}

__attribute__((noinline)) static long tri_loop(long n)
{
	long r = 0;

	for (long i = 1; i <= n; i++) {
		r += i;
		__asm__ volatile("" ::: "memory");
	}
	return r;
}

static long (*resolve_tri(void))(long)
{
	/* tri_formula is never chosen: a probe on it, or on this resolver, shows nothing. */
	return tri_formula != tri_loop ? tri_loop : tri_formula;
}

long tri(long n) __attribute__((ifunc("resolve_tri")));

static const char *volatile word = "hello";
static volatile double half = 2.5;

int main(void)
{
	size_t n = strlen(word);
	say("--- uprobe:strlen(\"hello\") ---\n");
	say("--- uretprobe:strlen = %zu ---\n", n);
	long t = tri(4);
	say("--- uprobe:tri(4) ---\n");
	say("--- uretprobe:tri = %ld ---\n", t);
	double f = floor(half);
	say("--- uretprobe:floor = %ld.000000 ---\n", (long)f);
	if (n != 5 || t != 10 || f != 2.0)
		FAIL("strlen = %zu, tri(4) = %ld, floor(2.5) = %f", n, t, f);
	say("+++ exited with 0 +++\n");
	return 0;
}
