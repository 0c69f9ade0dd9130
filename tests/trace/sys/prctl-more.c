// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * prctl options of newer kernels and other architectures, decoded on x86-64 as strace 6.1
 * does: arm64 vector lengths (flags above a 16-bit length), pointer authentication keys, tagged
 * address control with its MTE fields, syscall user dispatch, core scheduling (a pid, its type
 * always named in a comment, a cookie pointer).  On x86-64 most of them fail with EINVAL.
 * Run with -a0 -e trace=prctl.
 */
#include <linux/prctl.h>
#include <stdint.h>
#include <unistd.h>

#include "tests.h"

int main(void)
{
	long rc;
	pid_t pid = getpid();

	rc = syscall(__NR_prctl, 50 /* PR_SVE_SET_VL */, (1ul << 17) | (1ul << 18) | 0xff);
	printf("prctl(PR_SVE_SET_VL, PR_SVE_SET_VL_ONEXEC|PR_SVE_VL_INHERIT|0xff) = %s\n",
	       sprintrc(rc));
	rc = syscall(__NR_prctl, 63 /* PR_SME_SET_VL */, 0x10000ul | 0x10);
	printf("prctl(PR_SME_SET_VL, 0x10000|0x10) = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, 54 /* PR_PAC_RESET_KEYS */, 0x3ul, 0, 0, 0);
	printf("prctl(PR_PAC_RESET_KEYS, PR_PAC_APIAKEY|PR_PAC_APIBKEY, 0, 0, 0) = %s\n",
	       sprintrc(rc));
	rc = syscall(__NR_prctl, 60 /* PR_PAC_SET_ENABLED_KEYS */, 0x1ul, 0x40ul, 0, 0);
	printf("prctl(PR_PAC_SET_ENABLED_KEYS, PR_PAC_APIAKEY, 0x40 /* PR_PAC_??? */, 0, 0) = %s\n",
	       sprintrc(rc));
	rc = syscall(__NR_prctl, 55 /* PR_SET_TAGGED_ADDR_CTRL */, 0x1ul | 0x2 | (0x5ul << 3), 0,
		     0, 0);
	printf("prctl(PR_SET_TAGGED_ADDR_CTRL, PR_TAGGED_ADDR_ENABLE|PR_MTE_TCF_SYNC"
	       "|0x5<<PR_MTE_TAG_SHIFT, 0, 0, 0) = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, 59 /* PR_SET_SYSCALL_USER_DISPATCH */, 0ul, 0x1000ul, 0x10ul,
		     (void *)0);
	printf("prctl(PR_SET_SYSCALL_USER_DISPATCH, PR_SYS_DISPATCH_OFF, 0x1000, 0x10, NULL) = %s\n",
	       sprintrc(rc));
	rc = syscall(__NR_prctl, 62 /* PR_SCHED_CORE */, 0ul /* GET */, (unsigned long)pid,
		     1ul /* PIDTYPE_TGID */, (void *)0);
	printf("prctl(PR_SCHED_CORE, PR_SCHED_CORE_GET, %d, 0x1 /* PIDTYPE_TGID */, NULL) = %s\n",
	       pid, sprintrc(rc));
	rc = syscall(__NR_prctl, 62 /* PR_SCHED_CORE */, 0xfful, (unsigned long)pid, 7ul,
		     (void *)0);
	printf("prctl(PR_SCHED_CORE, 0xff /* PR_SCHED_CORE_??? */, %d, 0x7 /* PIDTYPE_??? */"
	       ", NULL) = %s\n", pid, sprintrc(rc));
	printf("+++ exited with 0 +++\n");
	return 0;
}
