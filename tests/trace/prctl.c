// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * prctl with its common options: names, parent-death signal, dumpable, no_new_privs, bounding
 * set, child subreaper, securebits, timer slack, ambient capabilities, the tid address, and an
 * unknown option.  Values written through arg2 print at exit; failures show the address.
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
	out("prctl(PR_SET_SECUREBITS, SECBIT_KEEP_CAPS|0x100) = %s\n", sprintrc(rc));
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

	rc = syscall(__NR_prctl, 0xdead, 1, 2, 3, 4);
	out("prctl(0xdead /* PR_??? */, 0x1, 0x2, 0x3, 0x4) = %s\n", sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
