// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * sched_setaffinity/sched_getaffinity: the CPU mask as the list of set bits, "[0 1]".  As in
 * strace, at most the kernel's own mask size is read; a longer buffer ends the list with "...".
 * The getter's mask is as long as the call returned.
 */
#include <errno.h>
#include <sched.h>
#include <stdlib.h>
#include <unistd.h>

#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/struct-printers.h"

/* The smallest mask size the kernel accepts (strace probes the same way). */
static unsigned int cpuset_size(void)
{
	static unsigned int size;

	if (!size) {
		pid_t pid = getpid();
		size = 128;
		while (size && sched_getaffinity(pid, size, NULL) == -1 && errno == EINVAL)
			size <<= 1;
		if (!size)
			size = 128;
	}
	return size;
}

void print_affinitylist(struct dctx *c, uint64_t addr, uint64_t len32)
{
	unsigned int len = (unsigned int)len32;
	unsigned int max = cpuset_size();
	unsigned int rd = len < max ? len : max;
	unsigned int size = (rd + 7) & ~7u;
	bool printed = false;

	if ((c->exiting && syserror(c)) || !addr) {
		printaddr(c, addr);
		return;
	}
	if (!len) {
		tprints(c, "[]");
		return;
	}
	unsigned char *cpu = calloc(size, 1);
	if (!cpu) {
		printaddr(c, addr);
		return;
	}
	if (!umoven_or_printaddr(c, addr, rd, cpu)) {
		tprints(c, "[");
		for (unsigned int i = 0; i < size * 8; i++) {
			if (!(cpu[i / 8] & (1u << (i % 8))))
				continue;
			tprintf(c, printed ? " %u" : "%u", i);
			printed = true;
		}
		if (size < len)
			tprints(c, printed ? " ..." : "...");
		tprints(c, "]");
	}
	free(cpu);
}

SYS_FUNC(sched_setaffinity)
{
	printpid(c, (int)c->arg[0], PT_TGID);
	tprintf(c, ", %u, ", (unsigned int)c->arg[1]);
	print_affinitylist(c, c->arg[2], (unsigned int)c->arg[1]);
	return RVAL_DECODED;
}

SYS_FUNC(sched_getaffinity)
{
	if (entering(c)) {
		printpid(c, (int)c->arg[0], PT_TGID);
	tprintf(c, ", %u, ", (unsigned int)c->arg[1]);
		return 0;
	}
	print_affinitylist(c, c->arg[2], (uint64_t)c->rval);
	return 0;
}
