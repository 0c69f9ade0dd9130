// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * -e namespace=new (strace 6.14's): after a successful clone, clone3, setns or unshare, the ids
 * of the namespaces its flags name, as the process now in them sees them (/proc/PID/ns/TYPE:
 * the child's for clone and clone3, the caller's for setns and unshare): "(mnt:[4026532...],
 * ...)" after the result, in strace's order.
 */
#include <sched.h>
#include <stdio.h>
#include <string.h>

#include "strace-lite/decode/decode.h"

#ifndef CLONE_NEWTIME
#define CLONE_NEWTIME 0x00000080
#endif
#define CLONE_INTO_CGROUP_FLAG 0x200000000ULL

const char *namespace_auxstr(struct dctx *c)
{
	static const struct {
		uint64_t flags;
		const char *name;
	} ns[] = {
		{ CLONE_NEWCGROUP | CLONE_INTO_CGROUP_FLAG, "cgroup" },
		{ CLONE_NEWIPC, "ipc" },   { CLONE_NEWNS, "mnt" },	{ CLONE_NEWNET, "net" },
		{ CLONE_NEWPID, "pid" },   { CLONE_NEWTIME, "time" }, { CLONE_NEWUTS, "uts" },
		{ CLONE_NEWUSER, "user" },
	};
	static char str[512];
	const char *name = c->se->name;
	uint64_t flags;
	int pid = c->pid;
	size_t len = 0;

	if (!dopts.show_namespace || c->err)
		return NULL;
	if (!strcmp(name, "clone")) {
		flags = c->arg[0];
		pid = (int)c->rval;
	} else if (!strcmp(name, "clone3")) {
		if (c->arg[1] < sizeof(flags) || umove(c, c->arg[0], &flags) < 0)
			return NULL;
		pid = (int)c->rval;
	} else if (!strcmp(name, "setns")) {
		flags = c->arg[1];
	} else if (!strcmp(name, "unshare")) {
		flags = c->arg[0];
	} else {
		return NULL;
	}
	if (pid <= 0)
		return NULL;
	str[0] = '\0';
	for (size_t i = 0; i < sizeof(ns) / sizeof(ns[0]); i++) {
		char link[64], id[128];
		ssize_t n;

		if (!(flags & ns[i].flags))
			continue;
		snprintf(link, sizeof(link), "/proc/%d/ns/%s", pid, ns[i].name);
		n = tracee_readlink(c, link, id, sizeof(id) - 1);
		if (n < 0)
			continue;
		id[n] = '\0';
		len += (size_t)snprintf(str + len, sizeof(str) - len, "%s%s", len ? ", " : "", id);
		if (len >= sizeof(str))
			break;
	}
	return str[0] ? str : NULL;
}
