// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * --decode-fds=eventfd and --decode-fds=signalfd (strace 6.10's and 6.3's, both in -yy since):
 * what /proc/PID/fdinfo/FD says of an eventfd ("<{eventfd-count=0x5, eventfd-id=7,
 * eventfd-semaphore=0}>") or a signalfd ("<signalfd:[INT QUIT]>").  Read live when the line is
 * printed (ptrace), or from what the kernel read at the stop (--bpf, describe_anon).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/proc.h"
#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/siginfo.h"

/* The value after KEY on its line of the descriptor's fdinfo, blanks and newline cut: 0, or -1
 * when there is no such line.  Where the backend kept those lines at the stop (--bpf:
 * sockdiag_view's fdinfo), they are read there: the descriptor may be gone since. */
int fdinfo_value(struct dctx *c, int fd, const char *key, char *val, size_t len)
{
	char name[64], line[256];
	size_t klen = strlen(key);
	int rc = -1;
	struct sockdiag_view v;
	FILE *f;

	snprintf(name, sizeof(name), "/proc/%d/fd/%d", proc_pid(c->pid), fd);
	if (sockdiag_view_hook && sockdiag_view_hook(c, name, &v)) {
		v.fdinfo[sizeof(v.fdinfo) - 1] = '\0';
		f = fmemopen(v.fdinfo, strlen(v.fdinfo) + 1, "r");
	} else {
		snprintf(name, sizeof(name), "/proc/%d/fdinfo/%d", proc_pid(c->pid), fd);
		f = fopen(name, "re");
	}
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, key, klen))
			continue;
		char *v = line + klen + strspn(line + klen, " \t");
		v[strcspn(v, "\n")] = '\0';
		snprintf(val, len, "%s", v);
		rc = 0;
		break;
	}
	fclose(f);
	return rc;
}

bool print_eventfd(struct dctx *c, int fd, const char *path)
{
	char count[64], id[32], sem[32];

	if (strcmp(path, "anon_inode:[eventfd]"))
		return false;
	if (fdinfo_value(c, fd, "eventfd-count:", count, sizeof(count)) < 0 || !count[0]) {
		tprintf(c, "<%s>", path);
		return true;
	}
	/* The kernel prints the count in hex without 0x ("%16llx"). */
	tprintf(c, "<{eventfd-count=%s%s", count[0] != '0' ? "0x" : "", count);
	if (fdinfo_value(c, fd, "eventfd-id:", id, sizeof(id)) == 0) {
		tprintf(c, ", eventfd-id=%u", (unsigned int)strtoul(id, NULL, 10));
		if (fdinfo_value(c, fd, "eventfd-semaphore:", sem, sizeof(sem)) == 0)
			tprintf(c, ", eventfd-semaphore=%u", (unsigned int)strtoul(sem, NULL, 10));
	}
	tprints(c, "}>");
	return true;
}

bool print_signalfd(struct dctx *c, int fd, const char *path)
{
	char hex[64];
	char *end;

	if (strcmp(path, "anon_inode:[signalfd]") ||
	    fdinfo_value(c, fd, "sigmask:", hex, sizeof(hex)) < 0)
		return false;
	unsigned long long mask = strtoull(hex, &end, 16);
	if (end == hex)
		return false;
	uint64_t m = mask; /* the bytes of a kernel sigset, little end first (x86-64) */
	tprints(c, "<signalfd:");
	print_sigmask(c, &m, sizeof(m));
	tprints(c, ">");
	return true;
}
