// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * sttrace --bpf reads memory no capture holds from the process only when it lies in a
 * read-only file mapping (capture_readonly_read): a string literal of this program's .rodata
 * is read, up to the end of its mapping; writable data, the heap, the stack and unmapped
 * addresses are not.  This process is the "tracee".  Exit 0 when all hold.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "strace-lite/bpf/bpf-capture.h"

static const char ro[] = "a string in .rodata";
static char rw[] = "a writable string";

static int fails;

static void check(const char *what, int ok)
{
	printf("%s: %s\n", ok ? "ok" : "FAIL", what);
	fails += !ok;
}

/* The end of the mapping holding ADDR, from /proc/self/maps; 0 if none. */
static unsigned long long map_end(const void *addr)
{
	unsigned long long lo, hi, a = (unsigned long long)(uintptr_t)addr, end = 0;
	char line[4352];
	FILE *f = fopen("/proc/self/maps", "r");

	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "%llx-%llx", &lo, &hi) == 2 && a >= lo && a < hi)
			end = hi;
	if (f)
		fclose(f);
	return end;
}

int main(void)
{
	pid_t me = getpid();
	uint8_t buf[64];
	char stack[] = "on the stack";
	char *heap = strdup("on the heap");

	memset(buf, 0, sizeof(buf));
	check(".rodata string read whole",
	      capture_readonly_read(me, (uintptr_t)ro, buf, sizeof(ro)) == sizeof(ro) &&
		      !memcmp(buf, ro, sizeof(ro)));
	check("writable data not read", capture_readonly_read(me, (uintptr_t)rw, buf, sizeof(rw)) == 0);
	check("stack not read", capture_readonly_read(me, (uintptr_t)stack, buf, sizeof(stack)) == 0);
	check("heap not read", heap && capture_readonly_read(me, (uintptr_t)heap, buf, 8) == 0);
	check("unmapped address not read", capture_readonly_read(me, 16, buf, 8) == 0);
	unsigned long long end = map_end(ro);
	check("a read past the mapping stops at its end",
	      end && capture_readonly_read(me, end - 4, buf, 32) == 4);
	check("a process that is gone", capture_readonly_read(0x7ffffff0, (uintptr_t)ro, buf, 4) == 0);
	free(heap);
	return fails ? 1 : 0;
}
