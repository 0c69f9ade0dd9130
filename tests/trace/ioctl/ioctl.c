// SPDX-License-Identifier: LGPL-2.1-or-later
// strace-7.2-lines: NTSYNC_IOC_EVENT_RESET|F2FS_IOC_START_ATOMIC_REPLACE|_IOC\(_IOC_READ, 0x4e, 0x89, 0x4\)|_IOC\(_IOC_NONE, 0xf5, 0x19, 0\) ;; requests of Linux 6.2-6.19 have names
// link: -static
/*
 * ioctl: requests by name (all names of a shared request, joined by " or "), unknown ones as
 * _IOC(dir, type, nr, size), the argument in hex; the tty requests strace decodes simply (an
 * int, struct winsize, none).  On a regular file tty requests fail with ENOTTY and pointers
 * stay addresses; requests named since strace 6.1 (strace 7.2's list).  Run with -a0 -e trace=ioctl (ioctl-Xverbose: -Xverbose).
 */
#include <fcntl.h>
#include <sys/ioctl.h>
#include <termios.h>

#include "fdtest.h"

int main(void)
{
	struct winsize ws;
	int pfd[2], n;
	long rc;

	if (pipe(pfd) || write(pfd[1], "abc", 3) != 3)
		FAIL("pipe: %m");
	rc = syscall(__NR_ioctl, pfd[0], FIONREAD, &n);
	out("ioctl(%d, %s, [3]) = %s\n", pfd[0], XLAT(FIONREAD, "FIONREAD"), sprintrc(rc));
	rc = syscall(__NR_ioctl, pfd[0], FIONREAD, NULL);
	out("ioctl(%d, %s, NULL) = %s\n", pfd[0], XLAT(FIONREAD, "FIONREAD"), sprintrc(rc));
	n = 1;
	rc = syscall(__NR_ioctl, pfd[0], FIONBIO, &n);
	out("ioctl(%d, %s, [1]) = %s\n", pfd[0], XLAT(FIONBIO, "FIONBIO"), sprintrc(rc));
	rc = syscall(__NR_ioctl, pfd[0], FIOCLEX);
	out("ioctl(%d, %s) = %s\n", pfd[0], XLAT(FIOCLEX, "FIOCLEX"), sprintrc(rc));
	rc = syscall(__NR_ioctl, pfd[1], FIONCLEX, 0x1234);
	out("ioctl(%d, %s) = %s\n", pfd[1], XLAT(FIONCLEX, "FIONCLEX"), sprintrc(rc));

	rc = syscall(__NR_ioctl, pfd[0], TCGETS, &ws);
	out("ioctl(%d, %s, %p) = %s\n", pfd[0], XLAT(TCGETS, "TCGETS"), &ws, sprintrc(rc));
	rc = syscall(__NR_ioctl, pfd[0], TIOCGWINSZ, &ws);
	out("ioctl(%d, %s, %p) = %s\n", pfd[0], XLAT(TIOCGWINSZ, "TIOCGWINSZ"), &ws,
	    sprintrc(rc));
	ws = (struct winsize){ .ws_row = 24, .ws_col = 80 };
	rc = syscall(__NR_ioctl, pfd[0], TIOCSWINSZ, &ws);
	out("ioctl(%d, %s, {ws_row=24, ws_col=80, ws_xpixel=0, ws_ypixel=0}) = %s\n", pfd[0],
	    XLAT(TIOCSWINSZ, "TIOCSWINSZ"), sprintrc(rc));
	rc = syscall(__NR_ioctl, pfd[0], TCSBRK, 1);
	out("ioctl(%d, %s, 1) = %s\n", pfd[0], XLAT(TCSBRK, "TCSBRK"), sprintrc(rc));
	rc = syscall(__NR_ioctl, pfd[0], TCFLSH, TCIOFLUSH);
	out("ioctl(%d, %s, %s) = %s\n", pfd[0], XLAT(TCFLSH, "TCFLSH"),
	    XLAT(TCIOFLUSH, "TCIOFLUSH"), sprintrc(rc));
	/* A request shared by two names. */
	rc = syscall(__NR_ioctl, pfd[0], 0x5402, 0);
	out("ioctl(%d, %s, NULL) = %s\n", pfd[0], XLAT(0x5402, "SNDCTL_TMR_START or TCSETS"),
	    sprintrc(rc));

	/* Unknown requests: _IOC(). */
	rc = syscall(__NR_ioctl, pfd[0], _IOC(_IOC_READ | _IOC_WRITE, 0xfe, 0x12, 0x34), 0xdead);
	out("ioctl(%d, %s, 0xdead) = %s\n", pfd[0],
	    XLAT(_IOC(_IOC_READ | _IOC_WRITE, 0xfe, 0x12, 0x34),
		 "_IOC(_IOC_READ|_IOC_WRITE, 0xfe, 0x12, 0x34)"), sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, _IOC(_IOC_NONE, 0xfe, 0, 0), 0);
	out("ioctl(-1, %s, 0) = %s\n", XLAT(_IOC(_IOC_NONE, 0xfe, 0, 0),
					    "_IOC(_IOC_NONE, 0xfe, 0, 0)"), sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, _IOC(_IOC_WRITE, 0xfe, 0xff, 0x3fff), 0);
	out("ioctl(-1, %s, 0) = %s\n", XLAT(_IOC(_IOC_WRITE, 0xfe, 0xff, 0x3fff),
					    "_IOC(_IOC_WRITE, 0xfe, 0xff, 0x3fff)"), sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, 0x80044e89 /* NTSYNC_IOC_EVENT_RESET */, 0);
	out("ioctl(-1, %s, 0) = %s\n", XLAT(0x80044e89, "NTSYNC_IOC_EVENT_RESET"), sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, 0xf519 /* F2FS_IOC_START_ATOMIC_REPLACE */, 0);
	out("ioctl(-1, %s, 0) = %s\n", XLAT(0xf519, "F2FS_IOC_START_ATOMIC_REPLACE"), sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
