// SPDX-License-Identifier: LGPL-2.1-or-later
// strace-7.2-lines: ^prctl\((PR_SET_MDWE|PR_RISCV_|PR_PPC_|0x4[15789] )|PR_SCHED_CORE, 0xff  ;; 7.2 decodes these options; a PR_SCHED_CORE arg5 in hex
/*
 * prctl options of newer kernels and other architectures, decoded on x86-64 as strace 6.1
 * does: arm64 vector lengths (flags above a 16-bit length), pointer authentication keys, tagged
 * address control with its MTE fields, syscall user dispatch, core scheduling (a pid, its type
 * always named in a comment, a cookie pointer, other commands' arg5 in hex); and those strace
 * 7.2 decodes and 6.1 did not: PR_SET_MDWE's mask, RISC-V's vector state control and icache
 * flush context, PowerPC's DEXCR aspects.  On x86-64 most of them fail with EINVAL.
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
	       ", 0) = %s\n", pid, sprintrc(rc));

	/* args 3-5 must be 0: EINVAL, the mask unapplied */
	rc = syscall(__NR_prctl, 65 /* PR_SET_MDWE */, 3ul, 1ul, 0ul, 0ul);
	printf("prctl(PR_SET_MDWE, PR_MDWE_REFUSE_EXEC_GAIN|PR_MDWE_NO_INHERIT, 0x1, 0, 0) = %s\n",
	       sprintrc(rc));
	rc = syscall(__NR_prctl, 69 /* PR_RISCV_V_SET_CONTROL */, 0x1aul, 0ul, 0ul, 0ul);
	printf("prctl(PR_RISCV_V_SET_CONTROL, PR_RISCV_V_VSTATE_CTRL_ON|PR_RISCV_V_VSTATE_CTRL_ON<<2"
	       "|PR_RISCV_V_VSTATE_CTRL_INHERIT) = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, 69 /* PR_RISCV_V_SET_CONTROL */, 0x23ul, 0ul, 0ul, 0ul);
	printf("prctl(PR_RISCV_V_SET_CONTROL, 0x3|PR_RISCV_V_VSTATE_CTRL_DEFAULT<<2"
	       "|!PR_RISCV_V_VSTATE_CTRL_INHERIT|0x20) = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, 71 /* PR_RISCV_SET_ICACHE_FLUSH_CTX */, 1ul, 5ul, 0ul, 0ul);
	printf("prctl(PR_RISCV_SET_ICACHE_FLUSH_CTX, PR_RISCV_CTX_SW_FENCEI_OFF"
	       ", 0x5 /* PR_RISCV_SCOPE_??? */) = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, 72 /* PR_PPC_GET_DEXCR */, 7ul, 0ul, 0ul, 0ul);
	printf("prctl(PR_PPC_GET_DEXCR, 0x7 /* PR_PPC_DEXCR_??? */, 0, 0, 0) = %s\n", sprintrc(rc));
	rc = syscall(__NR_prctl, 73 /* PR_PPC_SET_DEXCR */, 2ul, 6ul, 0ul, 0ul);
	printf("prctl(PR_PPC_SET_DEXCR, PR_PPC_DEXCR_SRAPD, PR_PPC_DEXCR_CTRL_SET"
	       "|PR_PPC_DEXCR_CTRL_CLEAR, 0, 0) = %s\n", sprintrc(rc));
	printf("+++ exited with 0 +++\n");
	return 0;
}
