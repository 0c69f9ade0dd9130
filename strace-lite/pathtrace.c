// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * -P PATH: trace only the calls that name PATH, or use a descriptor open on it.  Which
 * arguments are paths and which are descriptors comes from the signature table, so every
 * syscall with a path or fd argument is covered without a list here; the descriptors of poll's
 * pollfd array and select's fd_sets count too.  --trace-fds=SET (-e fd=SET) picks calls on
 * those descriptor numbers the same way, either one enough when both are given (strace's).
 */
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/proc.h"
#include "strace-lite/sttrace.h"
#include "common/log.h"

#define MAX_PATHS 256
static char *paths[MAX_PATHS];
static int npaths;
static bool resolved[MAX_PATHS]; /* paths[i] is paths[i - 1] resolved */

int pathtrace_add(const char *path)
{
	if (npaths + 2 > MAX_PATHS)
		return -1;
	paths[npaths++] = strdup(path);
	/* Also the canonical name, as strace: descriptors read back as canonical paths. */
	char *real = realpath(path, NULL);
	if (real && strcmp(real, path)) {
		resolved[npaths] = true;
		paths[npaths++] = real;
	} else {
		free(real);
	}
	return 0;
}

/* What -P resolved, said once the options are settled (strace's order and --quiet=). */
void pathtrace_report(void)
{
	for (int i = 1; i < npaths; i++)
		if (resolved[i] && !(opts.quiet & QUIET_PATH_RESOLVE))
			log_info("Requested path \"%s\" resolved into \"%s\"", paths[i - 1], paths[i]);
}

bool pathtrace_enabled(void)
{
	return npaths > 0 || opts.trace_fds_given;
}

static bool known(const char *p)
{
	for (int i = 0; i < npaths; i++)
		if (paths[i] && !strcmp(paths[i], p))
			return true;
	return false;
}

static bool fd_matches(struct dctx *c, int fd)
{
	char link[64], target[PATH_MAX + 1];

	if (fd < 0)
		return false;
	if (opts.trace_fds_given && numset_has(&opts.trace_fds, (unsigned int)fd))
		return true; /* --trace-fds=: by number, before any path */
	if (!npaths)
		return false;
	snprintf(link, sizeof(link), "/proc/%d/fd/%d", proc_pid(c->pid), fd);
	ssize_t n = tracee_readlink(c, link, target, sizeof(target) - 1);
	if (n < 0)
		return false;
	target[n] = '\0';
	return known(target);
}

/* poll/ppoll: the descriptors of the pollfd array, NFDS of them. */
static bool pollfds_match(struct dctx *c, uint64_t addr, uint64_t nfds)
{
	struct pollfd pfd;

	if (nfds > 1024 * 1024)
		nfds = 1024 * 1024;
	for (uint64_t i = 0; addr && i < nfds; i++) {
		if (umoven(c, addr + i * sizeof(pfd), sizeof(pfd), &pfd) < 0)
			break;
		if (fd_matches(c, pfd.fd))
			return true;
	}
	return false;
}

/* select/pselect6: the descriptors set in an fd_set of NFDS bits (umoven_fdset: under --bpf,
 * those of the part kept of a huge set). */
static bool fdset_match(struct dctx *c, uint64_t addr, int nfds)
{
	if (!addr || nfds <= 0)
		return false;
	if (nfds > 1024 * 1024)
		nfds = 1024 * 1024;
	size_t size = (((size_t)nfds + 63) / 64) * 8;
	uint64_t *bits = malloc(size);
	bool hit = false;
	long got = bits ? umoven_fdset(c, addr, size, bits) : -1;
	bool ok = got > 0;

	if (ok && (size_t)got < size)
		nfds = (int)(got * 8);
	if (!ok) {
		free(bits);
		return false;
	}
	for (int fd = 0; fd < nfds && !hit; fd++)
		if ((bits[fd / 64] >> (fd % 64)) & 1)
			hit = fd_matches(c, fd);
	free(bits);
	return hit;
}

/* fsconfig: only a path value and its dirfd, or a descriptor value, name files (not fs_fd). */
static bool fsconfig_matches(struct dctx *c)
{
	char buf[PATH_MAX];
	unsigned int cmd = (unsigned int)c->arg[1];

	if (cmd == 3 || cmd == 4) /* FSCONFIG_SET_PATH, FSCONFIG_SET_PATH_EMPTY */
		return fd_matches(c, (int)c->arg[4]) ||
		       (c->arg[3] && umovestr(c, c->arg[3], sizeof(buf), buf) > 0 && known(buf));
	if (cmd == 5) /* FSCONFIG_SET_FD */
		return fd_matches(c, (int)c->arg[4]);
	return false;
}

bool pathtrace_match(struct dctx *c)
{
	if (!strcmp(c->se->name, "fsconfig"))
		return fsconfig_matches(c);
	for (int i = 0; i < c->se->nargs; i++) {
		const struct sysarg *a = &c->se->args[i];
		char buf[PATH_MAX];

		switch (a->kind) {
		case AK_PATH:
			if (c->arg[i] && umovestr(c, c->arg[i], sizeof(buf), buf) > 0 && known(buf))
				return true;
			break;
		case AK_FD:
		case AK_ATFD:
			if (fd_matches(c, (int)c->arg[i]))
				return true;
			break;
		case AK_IN:
		case AK_INOUT:
			if (a->sname && !strcmp(a->sname, "pollfd") &&
			    pollfds_match(c, c->arg[i], (unsigned int)c->arg[1]))
				return true;
			if (a->sname && !strcmp(a->sname, "fd_set") &&
			    fdset_match(c, c->arg[i], (int)c->arg[0]))
				return true;
			break;
		default:
			break;
		}
	}
	return false;
}
