// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * PTRACE_SET_SYSCALL_INFO (strace 7.2): the size in decimal, then as much of the struct
 * ptrace_syscall_info as the size covers, read at entry: op, reserved and flags when not 0,
 * arch, the pointers, then entry={nr, args up to the size}.  Asked of ourselves, whom we do not
 * trace, it fails with ESRCH.  Run with -a0 -e trace=ptrace
 */
// strace-7.2: strace 6.1 does not know PTRACE_SET_SYSCALL_INFO
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include "tests.h"

struct psi {
	uint8_t op, reserved;
	uint16_t flags;
	uint32_t arch;
	uint64_t ip, sp, nr, args[6];
	uint32_t ret_data, pad;
};

int main(void)
{
	static struct psi info;
	pid_t me = getpid();

	info.op = 1; /* ENTRY */
	long rc = syscall(__NR_ptrace, 0x4212, me, 1, &info);
	printf("ptrace(PTRACE_SET_SYSCALL_INFO, %d, 1, {op=PTRACE_SYSCALL_INFO_ENTRY}) = %s\n", me,
	       sprintrc(rc));
	info.reserved = 0x81;
	info.flags = 0x8382;
	rc = syscall(__NR_ptrace, 0x4212, me, 4, &info);
	printf("ptrace(PTRACE_SET_SYSCALL_INFO, %d, 4, {op=PTRACE_SYSCALL_INFO_ENTRY, "
	       "reserved=0x81, flags=0x8382}) = %s\n", me, sprintrc(rc));
	info.reserved = 0;
	info.flags = 0;
	info.arch = 0xc000003e;
	info.ip = 0x1000;
	info.sp = 0x2000;
	info.nr = 39; /* getpid */
	info.args[0] = 0xa;
	info.args[1] = 0xb;
	rc = syscall(__NR_ptrace, 0x4212, me, 48, &info);
	printf("ptrace(PTRACE_SET_SYSCALL_INFO, %d, 48, {op=PTRACE_SYSCALL_INFO_ENTRY, "
	       "arch=AUDIT_ARCH_X86_64, instruction_pointer=0x1000, stack_pointer=0x2000, "
	       "entry={nr=__NR_getpid, args=[0xa, 0xb]}}) = %s\n", me, sprintrc(rc));
	printf("+++ exited with 0 +++\n");
	return 0;
}
