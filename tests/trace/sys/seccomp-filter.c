// SPDX-License-Identifier: LGPL-2.1-or-later
// strace-7.2-lines: ^seccomp\(0xbad ;; an unknown seccomp operation defaults to SECCOMP_??? in strace 7.2
/*
 * Seccomp filters with -v: prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, {len=N, filter=[...]})
 * and seccomp(SECCOMP_SET_MODE_FILTER, FLAGS, ...) print the program, a BPF_RET's value as
 * its action and data (SECCOMP_RET_ERRNO|0x1, an unknown action as 0x60000 /\* SECCOMP_RET_???
 * *\/); seccomp's other operations: GET_ACTION_AVAIL's action, GET_NOTIF_SIZES's sizes.
 * A program longer than a pointer's usual window (40 instructions) prints whole; one of
 * BPF_MAXINSNS + 1 prints BPF_MAXINSNS, then "..." (more follow; under --bpf, the capture
 * covers what -v prints).  The filter installed denies acct(2) only.
 * Run with -v -a0 -e trace=prctl,seccomp.
 */
#include <errno.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <sys/prctl.h>
#include "tests.h"

int main(void)
{
	struct sock_filter deny_acct[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_acct, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { .len = 4, .filter = deny_acct };

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		SKIP("PR_SET_NO_NEW_PRIVS: %m");
	printf("prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) = 0\n");
	long rc = prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog);
	printf("prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, {len=4, filter=["
	       "BPF_STMT(BPF_LD|BPF_W|BPF_ABS, 0), BPF_JUMP(BPF_JMP|BPF_K|BPF_JEQ, %#x, 0, 0x1), "
	       "BPF_STMT(BPF_RET|BPF_K, SECCOMP_RET_ERRNO|%#x), "
	       "BPF_STMT(BPF_RET|BPF_K, SECCOMP_RET_ALLOW)]}) = %s\n", __NR_acct, EPERM,
	       sprintrc(rc));

	/* Unknown flags: refused before the program is looked at. */
	struct sock_filter odd[] = {
		BPF_STMT(BPF_RET | BPF_K, 0x60000),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
	};
	prog = (struct sock_fprog){ .len = 2, .filter = odd };
	rc = syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_LOG | 0x80, &prog);
	printf("seccomp(SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_LOG|0x80, {len=2, filter=["
	       "BPF_STMT(BPF_RET|BPF_K, 0x60000 /* SECCOMP_RET_??? */), "
	       "BPF_STMT(BPF_RET|BPF_K, SECCOMP_RET_KILL_PROCESS)]}) = %s\n", sprintrc(rc));

	static struct sock_filter many[BPF_MAXINSNS + 1];
	for (int n = 0; n <= BPF_MAXINSNS; n++)
		many[n] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
	for (unsigned int len = 40; len <= BPF_MAXINSNS + 1; len += BPF_MAXINSNS + 1 - 40) {
		prog = (struct sock_fprog){ .len = len, .filter = many };
		rc = syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER, 0x80, &prog);
		printf("seccomp(SECCOMP_SET_MODE_FILTER, 0x80 /* SECCOMP_FILTER_FLAG_??? */, "
		       "{len=%u, filter=[", len);
		for (unsigned int n = 0; n < len && n < BPF_MAXINSNS; n++)
			printf("%sBPF_STMT(BPF_RET|BPF_K, SECCOMP_RET_ALLOW)", n ? ", " : "");
		printf("%s]}) = %s\n", len > BPF_MAXINSNS ? ", ..." : "", sprintrc(rc));
	}

	unsigned int act = SECCOMP_RET_LOG;
	rc = syscall(__NR_seccomp, SECCOMP_GET_ACTION_AVAIL, 0, &act);
	printf("seccomp(SECCOMP_GET_ACTION_AVAIL, 0, [SECCOMP_RET_LOG]) = %s\n", sprintrc(rc));

	struct seccomp_notif_sizes sz;
	rc = syscall(__NR_seccomp, SECCOMP_GET_NOTIF_SIZES, 0, &sz);
	if (rc == 0)
		printf("seccomp(SECCOMP_GET_NOTIF_SIZES, 0, {seccomp_notif=%u, seccomp_notif_resp=%u,"
		       " seccomp_data=%u}) = 0\n", sz.seccomp_notif, sz.seccomp_notif_resp,
		       sz.seccomp_data);
	else
		printf("seccomp(SECCOMP_GET_NOTIF_SIZES, 0, %p) = %s\n", (void *)&sz, sprintrc(rc));
	rc = syscall(__NR_seccomp, 0xbad, 0x1, NULL);
	printf("seccomp(0xbad /* SECCOMP_??? */, 0x1, NULL) = %s\n", sprintrc(rc));
	/* The filter holds: acct is refused with EPERM, whatever acct would say. */
	rc = syscall(__NR_acct, NULL);
	if (rc != -1 || errno != EPERM)
		FAIL("acct: %ld %m, want EPERM", rc);
	printf("+++ exited with 0 +++\n");
	return 0;
}
