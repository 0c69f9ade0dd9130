// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * ptrace(2) as a traced call, on a child of our own that asked for it (PTRACE_TRACEME) and
 * stopped itself: options, its siginfo, a word of struct user, its registers (NT_PRSTATUS),
 * an event message, pending signals, its signal mask, PTRACE_GET_SYSCALL_INFO, then
 * detaching; and requests on pid -1 that fail with ESRCH (unknown request, attach, a
 * debug register poked, a signal mask set, a siginfo, FPU registers).  The tracer traces
 * this program only, not the child, so nothing competes for it.  With -y, a SIGIO's si_fd
 * shows its path; a whole user_fpregs_struct goes in with PTRACE_SETREGSET.
 * Run with -a0 -y -e trace=ptrace -e signal=none.
 */
#include <fcntl.h>
#include <linux/ptrace.h>
#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <sys/uio.h>
#include <sys/wait.h>

#include "tests.h"

#ifndef NT_PRSTATUS
# define NT_PRSTATUS 1
#endif
#ifndef NT_FPREGSET
# define NT_FPREGSET 2
#endif

static long pt(unsigned long req, long pid, unsigned long addr, unsigned long data)
{
	return syscall(__NR_ptrace, req, pid, addr, data);
}

int main(void)
{
	long rc;
	int status;

	fflush(stdout);
	pid_t pid = fork();
	if (pid < 0)
		FAIL("fork: %m");
	if (pid == 0) {
		if (syscall(__NR_ptrace, PTRACE_TRACEME, 0, 0, 0))
			_exit(1);
		raise(SIGSTOP);
		_exit(0);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFSTOPPED(status))
		FAIL("waitpid: %m");

	rc = pt(PTRACE_SETOPTIONS, pid, 0, PTRACE_O_TRACESYSGOOD | PTRACE_O_EXITKILL);
	printf("ptrace(PTRACE_SETOPTIONS, %d, NULL, PTRACE_O_TRACESYSGOOD|PTRACE_O_EXITKILL)"
	       " = %s\n", pid, sprintrc(rc));

	siginfo_t si;
	rc = pt(PTRACE_GETSIGINFO, pid, 0, (unsigned long)&si);
	printf("ptrace(PTRACE_GETSIGINFO, %d, NULL, {si_signo=SIGSTOP, si_code=SI_TKILL, "
	       "si_pid=%d, si_uid=%u}) = %s\n", pid, si.si_pid, si.si_uid, sprintrc(rc));

	unsigned long word = 1;
	rc = pt(PTRACE_PEEKUSR, pid, 8 * 15, (unsigned long)&word);
	printf("ptrace(PTRACE_PEEKUSER, %d, 8*ORIG_RAX, ", pid);
	if (word)
		printf("[%#lx]) = %s\n", word, sprintrc(rc));
	else
		printf("[NULL]) = %s\n", sprintrc(rc));

	/* One register (the rest hold values of this run, the pid among them); then a size
	 * that is no whole register, which the kernel refuses. */
	unsigned long long r[27];
	struct iovec iov = { r, 8 };
	rc = pt(PTRACE_GETREGSET, pid, NT_PRSTATUS, (unsigned long)&iov);
	printf("ptrace(PTRACE_GETREGSET, %d, NT_PRSTATUS, {iov_base={r15=%#llx}, iov_len=8})"
	       " = %s\n", pid, r[0], sprintrc(rc));
	iov.iov_len = 12;
	rc = pt(PTRACE_GETREGSET, pid, NT_PRSTATUS, (unsigned long)&iov);
	printf("ptrace(PTRACE_GETREGSET, %d, NT_PRSTATUS, {iov_base=%p, iov_len=12}) = %s\n",
	       pid, (void *)r, sprintrc(rc));

	unsigned long msg = 5;
	rc = pt(PTRACE_GETEVENTMSG, pid, 0, (unsigned long)&msg);
	printf("ptrace(PTRACE_GETEVENTMSG, %d, NULL, [%lu]) = %s\n", pid, msg, sprintrc(rc));

	struct { unsigned long long off; unsigned int flags, nr; } psi = { 0, 1, 1 };
	siginfo_t pending[1];
	rc = pt(PTRACE_PEEKSIGINFO, pid, (unsigned long)&psi, (unsigned long)pending);
	printf("ptrace(PTRACE_PEEKSIGINFO, %d, {off=0, flags=PTRACE_PEEKSIGINFO_SHARED, nr=1}, "
	       "[]) = %s\n", pid, sprintrc(rc));

	unsigned long long mask = ~0ULL;
	rc = pt(PTRACE_GETSIGMASK, pid, 8, (unsigned long)&mask);
	printf("ptrace(PTRACE_GETSIGMASK, %d, 8, []) = %s\n", pid, sprintrc(rc));

	struct {
		unsigned char op, pad[3];
		unsigned int arch;
		unsigned long long ip, sp, rest[8];
	} info;
	memset(&info, 0xff, sizeof(info));
	rc = pt(PTRACE_GET_SYSCALL_INFO, pid, sizeof(info), (unsigned long)&info);
	printf("ptrace(PTRACE_GET_SYSCALL_INFO, %d, %zu, {op=PTRACE_SYSCALL_INFO_NONE, "
	       "arch=AUDIT_ARCH_X86_64, instruction_pointer=%#llx, stack_pointer=%#llx}) = %s\n",
	       pid, sizeof(info), info.ip, info.sp, sprintrc(rc));

	rc = pt(PTRACE_DETACH, pid, 0, 0);
	printf("ptrace(PTRACE_DETACH, %d, NULL, 0) = %s\n", pid, sprintrc(rc));
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status))
		FAIL("child: %#x", status);

	rc = pt(0xfeed, -1, 0, 0);
	printf("ptrace(0xfeed /* PTRACE_??? */, -1, NULL, NULL) = %s\n", sprintrc(rc));
	rc = pt(PTRACE_ATTACH, -1, 0, 0);
	printf("ptrace(PTRACE_ATTACH, -1) = %s\n", sprintrc(rc));
	rc = pt(PTRACE_POKEUSR, -1, 848 + 8, 0);
	printf("ptrace(PTRACE_POKEUSER, -1, offsetof(struct user, u_debugreg)+8, NULL) = %s\n",
	       sprintrc(rc));
	unsigned long long usr1 = 1ULL << (SIGUSR1 - 1);
	rc = pt(PTRACE_SETSIGMASK, -1, 8, (unsigned long)&usr1);
	printf("ptrace(PTRACE_SETSIGMASK, -1, 8, [USR1]) = %s\n", sprintrc(rc));

	/* A SIGIO's descriptor, shown with its path (-y). */
	int fd = open("/dev/null", O_RDONLY);
	siginfo_t sio;
	memset(&sio, 0, sizeof(sio));
	sio.si_signo = SIGIO;
	sio.si_code = POLL_IN;
	sio.si_band = 1;
	sio.si_fd = fd;
	rc = pt(PTRACE_SETSIGINFO, -1, 0, (unsigned long)&sio);
	printf("ptrace(PTRACE_SETSIGINFO, -1, NULL, {si_signo=SIGIO, si_code=POLL_IN, si_band=1, "
	       "si_fd=%d</dev/null>}) = %s\n", fd, sprintrc(rc));

	/* A whole user_fpregs_struct (512 bytes): each 32-bit word its index; arrays cut by -s. */
	static unsigned int fpw[128];
	for (unsigned int i = 0; i < 128; i++)
		fpw[i] = i;
	struct iovec fpv = { fpw, sizeof(fpw) };
	rc = pt(PTRACE_SETREGSET, -1, NT_FPREGSET, (unsigned long)&fpv);
	printf("ptrace(PTRACE_SETREGSET, -1, NT_FPREGSET, {iov_base={cwd=0, swd=0, ftw=0x1, "
	       "fop=0, rip=0x300000002, rdp=0x500000004, mxcsr=0x6, mxcr_mask=0x7, st_space=[");
	for (unsigned int i = 8; i < 40; i++)
		printf(i > 8 ? ", %#x" : "%#x", fpw[i]);
	printf("], xmm_space=[");
	for (unsigned int i = 40; i < 72; i++)
		printf(i > 40 ? ", %#x" : "%#x", fpw[i]);
	printf(", ...], padding=[");
	for (unsigned int i = 104; i < 128; i++)
		printf(i > 104 ? ", %#x" : "%#x", fpw[i]);
	printf("]}, iov_len=512}) = %s\n", sprintrc(rc));

	puts("+++ exited with 0 +++");
	return 0;
}
