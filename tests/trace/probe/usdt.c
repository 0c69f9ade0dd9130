// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * -e usdt=: probes built with sdt/sdt.h fire under sttrace, one `--- usdt:P:N(ARGS) ---` line
 * each, arguments printed by their spec: signed and unsigned integers of every size, unsigned
 * 8-byte values (pointers) in hex, a double, a global read through %rip, a constant, and a
 * semaphore-guarded probe that fires only because the tracer raised its semaphore.
 *
 * Registered with -e trace=none: only the probe lines and the exit line.
 */
#include <stdint.h>

#include "tests.h"
#include "../../../sdt/sdt.h"

SDT_DEFINE_SEMAPHORE(test, guarded);

static volatile long counter = 42;

/* Values the compiler cannot fold, so arguments live in registers and on the stack. */
static volatile int v_int = -5;
static volatile unsigned v_uint = 7;
static volatile long v_long = -1234567890123L;
static volatile unsigned long v_ulong = 0xdeadbeefUL;
static volatile signed char v_char = 'x';
static volatile short v_short = -3;
static volatile unsigned char v_uchar = 200;
static volatile double v_double = 2.5;

static __attribute__((noinline)) void loop(int n)
{
	for (int i = 0; i < n; i++) {
		DTRACE_PROBE1(test, loop, i);
		printf("--- usdt:test:loop(%d) ---\n", i);
	}
}

int main(void)
{
	const char *str = "hello";
	int i = v_int;
	unsigned u = v_uint;
	long l = v_long;
	unsigned long ul = v_ulong;
	signed char c = v_char;
	short sh = v_short;
	unsigned char uc = v_uchar;
	double d = v_double;

	setvbuf(stdout, NULL, _IOLBF, 0);
	DTRACE_PROBE(test, plain);
	printf("--- usdt:test:plain() ---\n");

	DTRACE_PROBE7(test, ints, i, u, l, ul, c, sh, uc);
	printf("--- usdt:test:ints(%d, %u, %ld, %#lx, %d, %d, %u) ---\n", i, u, l, ul, c, sh, uc);

	DTRACE_PROBE4(test, mixed, str, d, counter, 1234);
	printf("--- usdt:test:mixed(%#lx, %g, %ld, 1234) ---\n", (unsigned long)(uintptr_t)str, d,
	       counter);

	/* Raised by sttrace while attached: the probe fires only when traced. */
	if (SDT_PROBE_ENABLED(test, guarded))
		SDT_SEM_PROBE1(test, guarded, counter + 1);
	printf("--- usdt:test:guarded(%ld) ---\n", counter + 1);

	loop(3);
	printf("+++ exited with 0 +++\n");
	return 0;
}
