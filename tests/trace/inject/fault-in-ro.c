// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A string and a buffer in read-only pages of the program's file that nothing has touched (a
 * literal in .rodata of a PIE), named by calls that fail before the kernel reads them, the
 * program exiting at once: a BPF program cannot fault such a page in, the exit's re-read
 * finds it still absent, and by the time sttrace --bpf decodes the calls the process is gone.
 * The lines must be ptrace's all the same: the kernel says which file the memory maps
 * (EV_ROMAP) and user space reads it there.  Run with -a0 -e trace=faccessat2,write,execveat
 * (an exec is never read again at its exit: only its entry's EV_ROMAP gives its path).
 *
 * The expected lines are printed first, so that the calls come last and the program exits
 * right after them.  The literals sit far (256 KiB) from the format strings the printing
 * touches, so that no fault-around maps their pages.
 */
#include <fcntl.h>

#include "fdtest.h"

#define PAD (256 * 1024)
static const struct {
	char pad1[PAD], path[32], pad2[PAD], buf[32], pad3[PAD], exe[32], pad4[PAD];
} far = {
	.path = "/some/literal/path/for/test",
	.buf = "bytes of a buffer",
	.exe = "/nonexistent/literal/path",
};

int main(void)
{
	out("faccessat2(%s, \"/some/literal/path/for/test\", F_OK, 0x10000 /* AT_??? */) = %s\n",
	    FDCWD, sprintrc_err(EINVAL));
	out("write(-1, \"bytes of a buffer\", 17) = %s\n", sprintrc_err(EBADF));
	out("execveat(%s, \"/nonexistent/literal/path\", NULL, NULL, 0) = %s\n", FDCWD,
	    sprintrc_err(ENOENT));
	out("+++ exited with 0 +++\n");
	syscall(__NR_faccessat2, AT_FDCWD, far.path, 0, 0x10000);
	syscall(__NR_write, -1, far.buf, 17);
	syscall(__NR_execveat, AT_FDCWD, far.exe, NULL, NULL, 0);
	syscall(__NR_exit_group, 0);
	return 0;
}
