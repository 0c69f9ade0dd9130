// SPDX-License-Identifier: LGPL-2.1-or-later
// strace-7.2-lines: SECBIT_KEEP_CAPS\|(0x100|SECBIT_EXEC_RESTRICT_FILE)\) ;; SECBIT_EXEC_RESTRICT_FILE (0x100) has a name
// link: -static
/*
 * prctl with its common options: names, parent-death signal, dumpable, no_new_privs, bounding
 * set, child subreaper, securebits, timer slack, ambient capabilities, the tid address, TSC,
 * unaligned access, FP mode, speculation control, machine-check kill policy, VMA names, mm
 * fields, seccomp mode, and an unknown option.  Values written through arg2 print at exit; failures show the address.
 * Run with -a0.
 */
#include <linux/capability.h>
#include <signal.h>
#include <sys/prctl.h>

#include "fdtest.h"

#define BADPTR ((void *)0xbadc0ded)

static int tid_word;

int main(void)
{
	char name[32];
	long rc;
	int v;

	rc = syscall(__NR_prctl, PR_SET_NAME, "sttrace-test", 0, 0, 0);
	out("prctl(PR_SET_NAME, \"sttrace-test\") = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, PR_GET_NAME, name, 0, 0, 0);
	out("prctl(PR_GET_NAME, \"sttrace-test\") = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, PR_SET_NAME, "0123456789abcdefghij", 0, 0, 0);
	out("prctl(PR_SET_NAME, \"0123456789abcde\"...) = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, PR_GET_NAME, name, 0, 0, 0);
	out("prctl(PR_GET_NAME, \"0123456789abcde\") = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, PR_SET_NAME, NULL, 0, 0, 0);
	out("prctl(PR_SET_NAME, NULL) = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, PR_GET_NAME, BADPTR, 0, 0, 0);
	out("prctl(PR_GET_NAME, %p) = %s\n", BADPTR, sprintrc(rc));

	rc = syscall(__NR_prctl, PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
	out("prctl(PR_SET_PDEATHSIG, SIGKILL) = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, PR_GET_PDEATHSIG, &v, 0, 0, 0);
	out("prctl(PR_GET_PDEATHSIG, [SIGKILL]) = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, PR_SET_PDEATHSIG, 0, 0, 0, 0);
	out("prctl(PR_SET_PDEATHSIG, 0) = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, PR_SET_PDEATHSIG, 200, 0, 0, 0);
	out("prctl(PR_SET_PDEATHSIG, 200) = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, PR_GET_PDEATHSIG, NULL, 0, 0, 0);
	out("prctl(PR_GET_PDEATHSIG, NULL) = %s\n", sprintrc(rc));

	rc = syscall(__NR_prctl, PR_GET_DUMPABLE, 0, 0, 0, 0);
	out("prctl(PR_GET_DUMPABLE) = %s (SUID_DUMP_USER)\n", sprintrc(rc));
	rc = syscall(__NR_prctl, PR_SET_DUMPABLE, 0, 0, 0, 0);
	out("prctl(PR_SET_DUMPABLE, SUID_DUMP_DISABLE) = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, PR_GET_DUMPABLE, 0, 0, 0, 0);
	out("prctl(PR_GET_DUMPABLE) = %s (SUID_DUMP_DISABLE)\n", sprintrc(rc));
	rc = syscall(__NR_prctl, PR_SET_DUMPABLE, 1, 0, 0, 0);
	out("prctl(PR_SET_DUMPABLE, SUID_DUMP_USER) = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, PR_SET_DUMPABLE, 7, 0, 0, 0);
	out("prctl(PR_SET_DUMPABLE, 0x7 /* SUID_DUMP_??? */) = %s\n", sprintrc(rc));

	rc = syscall(__NR_prctl, PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0);
	out("prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0) = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
	out("prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, PR_SET_NO_NEW_PRIVS, 0, 1, 0, 0);
	out("prctl(PR_SET_NO_NEW_PRIVS, 0, 0x1, 0, 0) = %s\n", sprintrc(rc));

	rc = syscall(__NR_prctl, PR_CAPBSET_READ, CAP_SYS_ADMIN, 0, 0, 0);
	out("prctl(PR_CAPBSET_READ, CAP_SYS_ADMIN) = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, PR_CAPBSET_READ, 100, 0, 0, 0);
	out("prctl(PR_CAPBSET_READ, 0x64 /* CAP_??? */) = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, PR_CAP_AMBIENT, PR_CAP_AMBIENT_IS_SET, CAP_CHOWN, 0, 0);
	out("prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_IS_SET, CAP_CHOWN, 0, 0) = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
	out("prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) = %s\n", sprintrc(rc));

	rc = syscall(__NR_prctl, PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
	out("prctl(PR_SET_CHILD_SUBREAPER, 1) = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, PR_GET_CHILD_SUBREAPER, &v, 0, 0, 0);
	out("prctl(PR_GET_CHILD_SUBREAPER, [%u]) = %s\n", v, sprintrc(rc));
	rc = syscall(__NR_prctl, PR_GET_CHILD_SUBREAPER, BADPTR, 0, 0, 0);
	out("prctl(PR_GET_CHILD_SUBREAPER, %p) = %s\n", BADPTR, sprintrc(rc));
	rc = syscall(__NR_prctl, PR_GET_KEEPCAPS, 0, 0, 0, 0);
	out("prctl(PR_GET_KEEPCAPS) = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, PR_SET_KEEPCAPS, 0, 0, 0, 0);
	out("prctl(PR_SET_KEEPCAPS, 0) = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, PR_GET_SECUREBITS, 0, 0, 0, 0);
	out("prctl(PR_GET_SECUREBITS) = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, PR_SET_SECUREBITS, 0x10 | 0x100, 0, 0, 0);
	out("prctl(PR_SET_SECUREBITS, SECBIT_KEEP_CAPS|SECBIT_EXEC_RESTRICT_FILE) = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, PR_SET_SECUREBITS, 0x10, 0, 0, 0);
	out("prctl(PR_SET_SECUREBITS, SECBIT_KEEP_CAPS) = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, PR_GET_SECUREBITS, 0, 0, 0, 0);
	out("prctl(PR_GET_SECUREBITS) = %#lx (SECBIT_KEEP_CAPS)\n", rc);
	rc = syscall(__NR_prctl, PR_SET_SECUREBITS, 0, 0, 0, 0);
	out("prctl(PR_SET_SECUREBITS, 0) = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, PR_SET_TIMERSLACK, 50000, 0, 0, 0);
	out("prctl(PR_SET_TIMERSLACK, 50000) = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, PR_GET_TIMERSLACK, 0, 0, 0, 0);
	out("prctl(PR_GET_TIMERSLACK) = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, PR_SET_PTRACER, -1L, 0, 0, 0);
	out("prctl(PR_SET_PTRACER, PR_SET_PTRACER_ANY) = %s\n", sprintrc(rc));

	syscall(__NR_set_tid_address, &tid_word);
	long addr;
	rc = syscall(__NR_prctl, PR_GET_TID_ADDRESS, &addr, 0, 0, 0);
	if (rc == 0)
		out("prctl(PR_GET_TID_ADDRESS, [%p]) = 0\n", (void *)addr);
	else
		out("prctl(PR_GET_TID_ADDRESS, %p) = %s\n", (void *)&addr, sprintrc(rc));

	/* time stamp counter, alignment, FP mode, speculation, machine checks, VMAs, mm, seccomp */
	rc = syscall(__NR_prctl, PR_GET_TSC, &v, 0, 0, 0);
	if (rc == 0)
		out("prctl(PR_GET_TSC, [%s]) = 0\n", v == 1 ? "PR_TSC_ENABLE" : "PR_TSC_SIGSEGV");
	else
		out("prctl(PR_GET_TSC, %p) = %s\n", (void *)&v, sprintrc(rc));
	rc = syscall(__NR_prctl, PR_SET_TSC, PR_TSC_ENABLE, 0, 0, 0);
	out("prctl(PR_SET_TSC, PR_TSC_ENABLE) = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, PR_SET_TSC, 5, 0, 0, 0);
	out("prctl(PR_SET_TSC, 0x5 /* PR_TSC_??? */) = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, PR_GET_UNALIGN, &v, 0, 0, 0);
	out("prctl(PR_GET_UNALIGN, %p) = %s\n", (void *)&v, sprintrc(rc));
	rc = syscall(__NR_prctl, PR_SET_UNALIGN, PR_UNALIGN_NOPRINT | PR_UNALIGN_SIGBUS, 0, 0, 0);
	out("prctl(PR_SET_UNALIGN, PR_UNALIGN_NOPRINT|PR_UNALIGN_SIGBUS) = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, PR_GET_FP_MODE, 0, 0, 0, 0);
	out("prctl(PR_GET_FP_MODE) = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, PR_SET_FP_MODE, PR_FP_MODE_FR, 0, 0, 0);
	out("prctl(PR_SET_FP_MODE, PR_FP_MODE_FR) = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, PR_GET_SPECULATION_CTRL, PR_SPEC_STORE_BYPASS, 0, 0, 0);
	if (rc < 0) {
		out("prctl(PR_GET_SPECULATION_CTRL, PR_SPEC_STORE_BYPASS) = %s\n", sprintrc(rc));
	} else {
		static const char *const names[] = { "PR_SPEC_PRCTL", "PR_SPEC_ENABLE",
			"PR_SPEC_DISABLE", "PR_SPEC_FORCE_DISABLE", "PR_SPEC_DISABLE_NOEXEC" };
		char b[256] = "";
		for (int i = 0; i < 5; i++)
			if (rc & (1L << i)) {
				if (b[0])
					strcat(b, "|");
				strcat(b, names[i]);
			}
		if (rc & ~0x1fL)
			snprintf(b + strlen(b), sizeof(b) - strlen(b), "%s%#lx", b[0] ? "|" : "",
				 rc & ~0x1fL);
		if (!rc)
			strcpy(b, "PR_SPEC_NOT_AFFECTED");
		out("prctl(PR_GET_SPECULATION_CTRL, PR_SPEC_STORE_BYPASS) = %#lx (%s)\n", rc, b);
	}
	rc = syscall(__NR_prctl, PR_GET_SPECULATION_CTRL, 7, 0, 0, 0);
	out("prctl(PR_GET_SPECULATION_CTRL, 0x7 /* PR_SPEC_??? */) = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, PR_SET_SPECULATION_CTRL, PR_SPEC_INDIRECT_BRANCH, 0x40, 0, 0);
	out("prctl(PR_SET_SPECULATION_CTRL, PR_SPEC_INDIRECT_BRANCH, 0x40 /* PR_SPEC_??? */) = %s\n",
	    sprintrc(rc));
	rc = syscall(__NR_prctl, PR_SET_SPECULATION_CTRL, 9, 0x40, 0, 0);
	out("prctl(PR_SET_SPECULATION_CTRL, 0x9 /* PR_SPEC_??? */, 0x40) = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, PR_MCE_KILL, PR_MCE_KILL_SET, PR_MCE_KILL_EARLY, 0, 0);
	out("prctl(PR_MCE_KILL, PR_MCE_KILL_SET, PR_MCE_KILL_EARLY, 0, 0) = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, PR_MCE_KILL_GET, 0, 0, 0, 0);
	out("prctl(PR_MCE_KILL_GET, 0, 0, 0, 0) = %s%s\n", sprintrc(rc),
	    rc == 1 ? " (PR_MCE_KILL_EARLY)" : "");
	rc = syscall(__NR_prctl, PR_MCE_KILL, PR_MCE_KILL_CLEAR, 0, 0, 0);
	out("prctl(PR_MCE_KILL, PR_MCE_KILL_CLEAR, 0, 0, 0) = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, 0x53564d41, 0, name, 16, "anon");
	out("prctl(PR_SET_VMA, PR_SET_VMA_ANON_NAME, %p, 16, \"anon\") = %s\n", (void *)name,
	    sprintrc(rc));
	rc = syscall(__NR_prctl, 0x53564d41, 3, 1, 2, 3);
	out("prctl(PR_SET_VMA, 0x3 /* PR_SET_VMA_??? */, 0x1, 0x2, 0x3) = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, PR_SET_MM, PR_SET_MM_START_CODE, 0, 0, 0);
	out("prctl(PR_SET_MM, PR_SET_MM_START_CODE, 0, 0, 0) = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, PR_SET_MM, 99, 1, 0, 0);
	out("prctl(PR_SET_MM, 0x63 /* PR_SET_MM_??? */, 0x1, 0, 0) = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, PR_SET_SECCOMP, 7, 0, 0, 0);
	out("prctl(PR_SET_SECCOMP, 0x7 /* SECCOMP_MODE_??? */, 0, 0, 0) = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, PR_GET_SECCOMP, 0, 0, 0, 0);
	out("prctl(PR_GET_SECCOMP) = %s\n", sprintrc(rc));

	rc = syscall(__NR_prctl, 0xdead, 1, 2, 3, 4);
	out("prctl(0xdead /* PR_??? */, 0x1, 0x2, 0x3, 0x4) = %s\n", sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
