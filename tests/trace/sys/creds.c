// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * Credentials and sessions: getuid, geteuid, getgid, getegid, setuid, setgid, setreuid,
 * setregid, setresuid, setresgid, getresuid, getresgid, setfsuid, setfsgid, getgroups,
 * setgroups, setsid, setpgid, getpgid, getpgrp, getsid, capget, capset, personality,
 * getpriority, setpriority.  Ids of -1 ("unchanged"), failures (EFAULT, EINVAL, EPERM),
 * NULL pointers.  Runs as root (the set* calls keep the ids it has).  Run with -a0.
 */
#include <linux/capability.h>
#include <stdint.h>
#include <sys/personality.h>
#include <sys/resource.h>
#include <sys/auxv.h>
#include <sys/wait.h>

#include "fdtest.h"

#define BADPTR ((void *)0xbadc0ded)

static const char *const cap_names[] = {
	"CAP_CHOWN",
	"CAP_DAC_OVERRIDE",
	"CAP_DAC_READ_SEARCH",
	"CAP_FOWNER",
	"CAP_FSETID",
	"CAP_KILL",
	"CAP_SETGID",
	"CAP_SETUID",
	"CAP_SETPCAP",
	"CAP_LINUX_IMMUTABLE",
	"CAP_NET_BIND_SERVICE",
	"CAP_NET_BROADCAST",
	"CAP_NET_ADMIN",
	"CAP_NET_RAW",
	"CAP_IPC_LOCK",
	"CAP_IPC_OWNER",
	"CAP_SYS_MODULE",
	"CAP_SYS_RAWIO",
	"CAP_SYS_CHROOT",
	"CAP_SYS_PTRACE",
	"CAP_SYS_PACCT",
	"CAP_SYS_ADMIN",
	"CAP_SYS_BOOT",
	"CAP_SYS_NICE",
	"CAP_SYS_RESOURCE",
	"CAP_SYS_TIME",
	"CAP_SYS_TTY_CONFIG",
	"CAP_MKNOD",
	"CAP_LEASE",
	"CAP_AUDIT_WRITE",
	"CAP_AUDIT_CONTROL",
	"CAP_SETFCAP",
	"CAP_MAC_OVERRIDE",
	"CAP_MAC_ADMIN",
	"CAP_SYSLOG",
	"CAP_WAKE_ALARM",
	"CAP_BLOCK_SUSPEND",
	"CAP_AUDIT_READ",
	"CAP_PERFMON",
	"CAP_BPF",
	"CAP_CHECKPOINT_RESTORE",
};

static const char *sprint_caps(uint32_t lo, uint32_t hi)
{
	static char bufs[3][2048];
	static int k;
	char *b = bufs[k++ % 3];
	uint64_t v = lo | (uint64_t)hi << 32;
	int n = 0;

	b[0] = '\0';
	if (!v)
		return "0";
	for (unsigned int i = 0; i < 64; i++) {
		if (!(v & (1ULL << i)))
			continue;
		if (i >= sizeof(cap_names) / sizeof(cap_names[0]))
			SKIP("capability %u unknown to strace 6.1", i);
		n += snprintf(b + n, 2048 - n, "%s1<<%s", n ? "|" : "", cap_names[i]);
	}
	return b;
}

int main(void)
{
	long rc;

	if (getauxval(AT_EUID) != 0)
		SKIP("needs root");
	rc = syscall(__NR_getuid);
	out("getuid() = %s\n", sprintrc(rc));
	rc = syscall(__NR_geteuid);
	out("geteuid() = %s\n", sprintrc(rc));
	rc = syscall(__NR_getgid);
	out("getgid() = %s\n", sprintrc(rc));
	rc = syscall(__NR_getegid);
	out("getegid() = %s\n", sprintrc(rc));

	rc = syscall(__NR_setuid, 0);
	out("setuid(0) = %s\n", sprintrc(rc));
	rc = syscall(__NR_setgid, 0);
	out("setgid(0) = %s\n", sprintrc(rc));
	rc = syscall(__NR_setuid, -1);
	out("setuid(-1) = %s\n", sprintrc(rc));
	rc = syscall(__NR_setreuid, -1, -1);
	out("setreuid(-1, -1) = %s\n", sprintrc(rc));
	rc = syscall(__NR_setregid, 0, -1);
	out("setregid(0, -1) = %s\n", sprintrc(rc));
	rc = syscall(__NR_setresuid, -1, 0, -1);
	out("setresuid(-1, 0, -1) = %s\n", sprintrc(rc));
	rc = syscall(__NR_setresgid, 0, 0, 0);
	out("setresgid(0, 0, 0) = %s\n", sprintrc(rc));
	rc = syscall(__NR_setresuid, 4294967294U, -1, -1);
	out("setresuid(4294967294, -1, -1) = %s\n", sprintrc(rc));

	unsigned int r, e, s;
	rc = syscall(__NR_getresuid, &r, &e, &s);
	out("getresuid([%u], [%u], [%u]) = %s\n", r, e, s, sprintrc(rc));
	rc = syscall(__NR_getresgid, &r, &e, &s);
	out("getresgid([%u], [%u], [%u]) = %s\n", r, e, s, sprintrc(rc));
	rc = syscall(__NR_getresuid, NULL, &e, BADPTR);
	out("getresuid(NULL, %p, %p) = %s\n", (void *)&e, BADPTR, sprintrc(rc));

	rc = syscall(__NR_setfsuid, -1);
	out("setfsuid(-1) = %s\n", sprintrc(rc));
	rc = syscall(__NR_setfsgid, 0);
	out("setfsgid(0) = %s\n", sprintrc(rc));

	/* groups: the count, then the list as the kernel wrote it */
	gid_t groups[64];
	rc = syscall(__NR_getgroups, 0, NULL);
	out("getgroups(0, NULL) = %s\n", sprintrc(rc));
	int ng = (int)rc;
	rc = syscall(__NR_getgroups, 64, groups);
	{
		char b[1024] = "[";
		int n = 1;
		for (int i = 0; i < ng; i++)
			n += snprintf(b + n, sizeof(b) - n, "%s%u", i ? ", " : "", groups[i]);
		snprintf(b + n, sizeof(b) - n, "]");
		out("getgroups(64, %s) = %s\n", b, sprintrc(rc));
		rc = syscall(__NR_setgroups, ng, groups);
		out("setgroups(%d, %s) = %s\n", ng, b, sprintrc(rc));
	}
	rc = syscall(__NR_getgroups, -1, groups);
	out("getgroups(-1, %p) = %s\n", (void *)groups, sprintrc(rc));
	rc = syscall(__NR_getgroups, 64, BADPTR);
	if (rc == 0)
		out("getgroups(64, []) = 0\n");
	else
		out("getgroups(64, %p) = %s\n", BADPTR, sprintrc(rc));
	gid_t three[3] = { 0, 65534, 4294967294U }, got[3];
	rc = syscall(__NR_setgroups, 3, three);
	out("setgroups(3, [0, 65534, 4294967294]) = %s\n", sprintrc(rc));
	rc = syscall(__NR_getgroups, 3, got);
	out("getgroups(3, [0, 65534, 4294967294]) = %s\n", sprintrc(rc));
	rc = syscall(__NR_getgroups, 1, got);
	out("getgroups(1, %p) = %s\n", (void *)got, sprintrc(rc));
	gid_t two[2] = { 0, -1 };
	rc = syscall(__NR_setgroups, 2, BADPTR);
	out("setgroups(2, %p) = %s\n", BADPTR, sprintrc(rc));
	rc = syscall(__NR_setgroups, -1, two);
	out("setgroups(-1, %p) = %s\n", (void *)two, sprintrc(rc));
	rc = syscall(__NR_setgroups, 0, NULL);
	out("setgroups(0, NULL) = %s\n", sprintrc(rc));
	rc = syscall(__NR_setgroups, ng, groups);
	out("setgroups(%d, [", ng);
	for (int i = 0; i < ng; i++)
		out("%s%u", i ? ", " : "", groups[i]);
	out("]) = %s\n", sprintrc(rc));

	/* sessions and process groups */
	pid_t pid = getpid();
	rc = syscall(__NR_getpgrp);
	out("getpgrp() = %s\n", sprintrc(rc));
	rc = syscall(__NR_getpgid, 0);
	out("getpgid(0) = %s\n", sprintrc(rc));
	rc = syscall(__NR_getpgid, -1);
	out("getpgid(-1) = %s\n", sprintrc(rc));
	rc = syscall(__NR_getsid, 0);
	out("getsid(0) = %s\n", sprintrc(rc));
	rc = syscall(__NR_getsid, pid);
	out("getsid(%d) = %s\n", pid, sprintrc(rc));
	rc = syscall(__NR_setpgid, 0, 0);
	out("setpgid(0, 0) = %s\n", sprintrc(rc));
	rc = syscall(__NR_setpgid, -1, 0);
	out("setpgid(-1, 0) = %s\n", sprintrc(rc));
	rc = syscall(__NR_setsid);
	out("setsid() = %s\n", sprintrc(rc));

	/* capabilities */
	struct __user_cap_header_struct h = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct d[2];
	rc = syscall(__NR_capget, &h, d);
	out("capget({version=_LINUX_CAPABILITY_VERSION_3, pid=0}, {effective=%s, permitted=%s, "
	    "inheritable=%s}) = %s\n",
	    sprint_caps(d[0].effective, d[1].effective),
	    sprint_caps(d[0].permitted, d[1].permitted),
	    sprint_caps(d[0].inheritable, d[1].inheritable), sprintrc(rc));
	rc = syscall(__NR_capset, &h, d);
	out("capset({version=_LINUX_CAPABILITY_VERSION_3, pid=0}, {effective=%s, permitted=%s, "
	    "inheritable=%s}) = %s\n",
	    sprint_caps(d[0].effective, d[1].effective),
	    sprint_caps(d[0].permitted, d[1].permitted),
	    sprint_caps(d[0].inheritable, d[1].inheritable), sprintrc(rc));
	h.version = _LINUX_CAPABILITY_VERSION_1;
	h.pid = pid;
	rc = syscall(__NR_capget, &h, d);
	out("capget({version=_LINUX_CAPABILITY_VERSION_1, pid=%d}, {effective=%s, permitted=%s, "
	    "inheritable=%s}) = %s\n", pid,
	    sprint_caps(d[0].effective, 0), sprint_caps(d[0].permitted, 0),
	    sprint_caps(d[0].inheritable, 0), sprintrc(rc));
	h.version = 0x12345678;
	rc = syscall(__NR_capget, &h, d);
	out("capget({version=0x12345678 /* _LINUX_CAPABILITY_VERSION_??? */, pid=%d}, %p) = %s\n",
	    pid, (void *)d, sprintrc(rc));
	rc = syscall(__NR_capget, NULL, NULL);
	out("capget(NULL, NULL) = %s\n", sprintrc(rc));
	rc = syscall(__NR_capset, BADPTR, d);
	out("capset(%p, %p) = %s\n", BADPTR, (void *)d, sprintrc(rc));

	/* personality: query with 0xffffffff, the result decoded after it */
	rc = syscall(__NR_personality, 0xffffffff);
	out("personality(0xffffffff) = %#lx (PER_LINUX)\n", rc);
	rc = syscall(__NR_personality, PER_LINUX | ADDR_NO_RANDOMIZE);
	out("personality(PER_LINUX|ADDR_NO_RANDOMIZE) = %#lx (PER_LINUX)\n", rc);
	rc = syscall(__NR_personality, PER_LINUX);
	out("personality(PER_LINUX) = %#lx (PER_LINUX|ADDR_NO_RANDOMIZE)\n", rc);

	/* priorities: the raw syscall returns 20 - nice */
	rc = syscall(__NR_getpriority, PRIO_PROCESS, 0);
	out("getpriority(PRIO_PROCESS, 0) = %s\n", sprintrc(rc));
	rc = syscall(__NR_setpriority, PRIO_PROCESS, 0, 1);
	out("setpriority(PRIO_PROCESS, 0, 1) = %s\n", sprintrc(rc));
	rc = syscall(__NR_getpriority, PRIO_PGRP, pid);
	out("getpriority(PRIO_PGRP, %d) = %s\n", pid, sprintrc(rc));
	rc = syscall(__NR_getpriority, 7, 0);
	out("getpriority(0x7 /* PRIO_??? */, 0) = %s\n", sprintrc(rc));
	rc = syscall(__NR_setpriority, PRIO_USER, 0, 0);
	out("setpriority(PRIO_USER, 0, 0) = %s\n", sprintrc(rc));

	out("+++ exited with 0 +++\n");
	return 0;
}
