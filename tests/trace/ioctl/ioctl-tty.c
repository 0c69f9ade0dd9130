// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
// untraced-varies: TIOCGPTN, \[[0-9]+\]
// strace-7.2-lines: ^ioctl\([0-9]+, (SNDCTL_TMR_[A-Z]+ or )?TCSETS[WF]?, ;; on a terminal strace 7.2 names 0x5402..0x5404 TCSETS* alone, not "SNDCTL_TMR_* or TCSETS*"
/*
 * Terminal ioctls on a pseudo-terminal (0x5402..0x5404 by their terminal names alone, which a
 * pipe, in ioctl.c, does not get): TIOCSPTLCK, TIOCGPTN, TCGETS, TCSETS, TCSETSW,
 * TCSETSF (struct termios: flag words, delay, baud and size fields; c_line and c_cc with -v),
 * TCGETS2, TCSETS2 (termios2, with speeds), TCGETA, TCSETAW (struct termio),
 * TIOCGWINSZ, TIOCSWINSZ, TIOCSCTTY, TIOCGPGRP, FIONREAD, FIONBIO.  Failures (EFAULT, ENOTTY)
 * show the address.  Run with -a0 -e trace=ioctl -e signal=none (TIOCSWINSZ sends SIGWINCH); ioctl-tty-v
 * adds -v.
 */
#include <asm/termbits.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/ioctl.h>

#include "fdtest.h"

#define BADPTR ((void *)0xbadc0ded)

#ifdef VERBOSE
static const char *const cc_names[NCCS] = {
	"VINTR", "VQUIT", "VERASE", "VKILL", "VEOF", "VTIME", "VMIN", "VSWTC", "VSTART",
	"VSTOP", "VSUSP", "VEOL", "VREPRINT", "VDISCARD", "VWERASE", "VLNEXT", "VEOL2",
};
#endif

/* The part after the flag words: ", ...}" or, with -v, c_line and c_cc. */
static const char *sprint_tail(const struct termios *t)
{
	static char buf[1024];
#ifdef VERBOSE
	int n = snprintf(buf, sizeof(buf), ", c_line=N_TTY, c_cc=[");
	for (int i = 0; i < NCCS; i++) {
		if (cc_names[i])
			n += snprintf(buf + n, sizeof(buf) - n, "%s[%s]=", i ? ", " : "", cc_names[i]);
		else
			n += snprintf(buf + n, sizeof(buf) - n, "%s[%d]=", i ? ", " : "", i);
		n += snprintf(buf + n, sizeof(buf) - n, t->c_cc[i] ? "%#x" : "0", t->c_cc[i]);
	}
	snprintf(buf + n, sizeof(buf) - n, "]}");
#else
	(void)t;
	snprintf(buf, sizeof(buf), ", ...}");
#endif
	return buf;
}

int main(void)
{
	long rc;
	int n;

	int m = open("/dev/ptmx", O_RDWR | O_NOCTTY);
	if (m < 0)
		SKIP("no /dev/ptmx: %m");
	n = 0;
	rc = syscall(__NR_ioctl, m, TIOCSPTLCK, &n);
	out("ioctl(%d, TIOCSPTLCK, [0]) = %s\n", m, sprintrc(rc));
	rc = syscall(__NR_ioctl, m, TIOCGPTN, &n);
	out("ioctl(%d, TIOCGPTN, [%d]) = %s\n", m, n, sprintrc(rc));
	char name[64];
	snprintf(name, sizeof(name), "/dev/pts/%d", n);
	if (setsid() < 0)
		SKIP("setsid: %m");
	int s = open(name, O_RDWR);
	if (s < 0)
		FAIL("open %s: %m", name);

	struct termios t = { 0 };
	t.c_iflag = ICRNL | IXON;
	t.c_oflag = OPOST | ONLCR;
	t.c_cflag = B38400 | CS8 | CREAD;
	t.c_lflag = ISIG | ICANON | ECHO | ECHOE | ECHOK | IEXTEN | ECHOCTL | ECHOKE;
	t.c_cc[VINTR] = 3;
	t.c_cc[VQUIT] = 0x1c;
	t.c_cc[VERASE] = 0x7f;
	t.c_cc[VKILL] = 0x15;
	t.c_cc[VEOF] = 4;
	t.c_cc[VMIN] = 1;
	t.c_cc[VSTART] = 0x11;
	t.c_cc[VSTOP] = 0x13;
	t.c_cc[VSUSP] = 0x1a;
	rc = syscall(__NR_ioctl, s, TCSETS, &t);
	out("ioctl(%d, TCSETS, {c_iflag=ICRNL|IXON, c_oflag=NL0|CR0|TAB0|BS0|VT0|FF0|OPOST|ONLCR, "
	    "c_cflag=B38400|CS8|CREAD, c_lflag=ISIG|ICANON|ECHO|ECHOE|ECHOK|IEXTEN|ECHOCTL|ECHOKE%s) "
	    "= %s\n", s, sprint_tail(&t), sprintrc(rc));
	struct termios g;
	rc = syscall(__NR_ioctl, s, TCGETS, &g);
	out("ioctl(%d, TCGETS, {c_iflag=ICRNL|IXON, c_oflag=NL0|CR0|TAB0|BS0|VT0|FF0|OPOST|ONLCR, "
	    "c_cflag=B38400|CS8|CREAD, c_lflag=ISIG|ICANON|ECHO|ECHOE|ECHOK|IEXTEN|ECHOCTL|ECHOKE%s) "
	    "= %s\n", s, sprint_tail(&g), sprintrc(rc));

	/* the same settings through termios2 (with speeds) and the old struct termio */
	struct termios2 t2;
	rc = syscall(__NR_ioctl, s, TCGETS2, &t2);
#ifdef VERBOSE
	char sp[64];
	snprintf(sp, sizeof(sp), ", c_ispeed=%u, c_ospeed=%u", t2.c_ispeed, t2.c_ospeed);
	char tail2[1024];
	snprintf(tail2, sizeof(tail2), "%s", sprint_tail(&g));
	tail2[strlen(tail2) - 1] = '\0';
	strcat(tail2, sp);
	strcat(tail2, "}");
#else
	const char *tail2 = sprint_tail(&g);
#endif
	out("ioctl(%d, TCGETS2, {c_iflag=ICRNL|IXON, c_oflag=NL0|CR0|TAB0|BS0|VT0|FF0|OPOST|ONLCR, "
	    "c_cflag=B38400|CS8|CREAD, c_lflag=ISIG|ICANON|ECHO|ECHOE|ECHOK|IEXTEN|ECHOCTL|ECHOKE%s) "
	    "= %s\n", s, tail2, sprintrc(rc));
	struct termio tio;
	rc = syscall(__NR_ioctl, s, TCGETA, &tio);
#ifdef VERBOSE
	char tail1[1024];
	snprintf(tail1, sizeof(tail1), ", c_line=N_TTY, c_cc=[[VINTR]=0x3, [VQUIT]=0x1c, "
		 "[VERASE]=0x7f, [VKILL]=0x15, [VEOF]=0x4, [VTIME]=0, [VMIN]=0x1, [VSWTC]=0]}");
#else
	const char *tail1 = ", ...}";
#endif
	out("ioctl(%d, TCGETA, {c_iflag=ICRNL|IXON, c_oflag=NL0|CR0|TAB0|BS0|VT0|FF0|OPOST|ONLCR, "
	    "c_cflag=B38400|CS8|CREAD, c_lflag=ISIG|ICANON|ECHO|ECHOE|ECHOK|IEXTEN|ECHOCTL|ECHOKE%s) "
	    "= %s\n", s, tail1, sprintrc(rc));
	rc = syscall(__NR_ioctl, s, TCSETAW, &tio);
	out("ioctl(%d, TCSETAW, {c_iflag=ICRNL|IXON, c_oflag=NL0|CR0|TAB0|BS0|VT0|FF0|OPOST|ONLCR, "
	    "c_cflag=B38400|CS8|CREAD, c_lflag=ISIG|ICANON|ECHO|ECHOE|ECHOK|IEXTEN|ECHOCTL|ECHOKE%s) "
	    "= %s\n", s, tail1, sprintrc(rc));
	rc = syscall(__NR_ioctl, s, TCSETS2, NULL);
	out("ioctl(%d, TCSETS2, NULL) = %s\n", s, sprintrc(rc));

	/*
	 * Raw mode with delays, split baud rates and unknown bits.  A zero flag word prints as
	 * nothing, as strace 6.1 prints it ("c_iflag=, ", "CS5|, ").
	 */
	t.c_iflag = 0;
	t.c_oflag = NL1 | CR2 | TAB3 | BS1 | VT1 | FF1 | 0x10000;
	t.c_cflag = B9600 | (B115200 << IBSHIFT) | CS7 | PARENB | CLOCAL | CRTSCTS;
	t.c_lflag = 0;
	rc = syscall(__NR_ioctl, s, TCSETSW, &t);
	out("ioctl(%d, TCSETSW, {c_iflag=, c_oflag=NL1|CR2|XTABS|BS1|VT1|FF1|0x10000, "
	    "c_cflag=B9600|B115200<<IBSHIFT|CS7|PARENB|CLOCAL|CRTSCTS, c_lflag=%s) = %s\n", s,
	    sprint_tail(&t), sprintrc(rc));
	t.c_iflag = IGNBRK | IUTF8 | 0x80000000;
	t.c_oflag = 0;
	t.c_cflag = B0 | CS5;
	t.c_lflag = TOSTOP | EXTPROC;
	rc = syscall(__NR_ioctl, s, TCSETSF, &t);
	out("ioctl(%d, TCSETSF, {c_iflag=IGNBRK|IUTF8|0x80000000, c_oflag=NL0|CR0|TAB0|BS0|VT0|FF0|, "
	    "c_cflag=B0|CS5|, c_lflag=TOSTOP|EXTPROC%s) = %s\n", s, sprint_tail(&t), sprintrc(rc));
	rc = syscall(__NR_ioctl, s, TCGETS, BADPTR);
	out("ioctl(%d, TCGETS, %p) = %s\n", s, BADPTR, sprintrc(rc));
	rc = syscall(__NR_ioctl, s, TCSETS, NULL);
	out("ioctl(%d, TCSETS, NULL) = %s\n", s, sprintrc(rc));
	rc = syscall(__NR_ioctl, 0x7fff, TCGETS, &g);
	out("ioctl(32767, TCGETS, %p) = %s\n", (void *)&g, sprintrc(rc));

	/* window size */
	struct winsize ws = { .ws_row = 50, .ws_col = 132, .ws_xpixel = 1, .ws_ypixel = 2 };
	rc = syscall(__NR_ioctl, m, TIOCSWINSZ, &ws);
	out("ioctl(%d, TIOCSWINSZ, {ws_row=50, ws_col=132, ws_xpixel=1, ws_ypixel=2}) = %s\n", m,
	    sprintrc(rc));
	memset(&ws, 0, sizeof(ws));
	rc = syscall(__NR_ioctl, s, TIOCGWINSZ, &ws);
	out("ioctl(%d, TIOCGWINSZ, {ws_row=%u, ws_col=%u, ws_xpixel=%u, ws_ypixel=%u}) = %s\n", s,
	    ws.ws_row, ws.ws_col, ws.ws_xpixel, ws.ws_ypixel, sprintrc(rc));
	rc = syscall(__NR_ioctl, s, TIOCGWINSZ, NULL);
	out("ioctl(%d, TIOCGWINSZ, NULL) = %s\n", s, sprintrc(rc));

	/* controlling terminal and its process group */
	rc = syscall(__NR_ioctl, s, TIOCSCTTY, 0);
	out("ioctl(%d, TIOCSCTTY, 0) = %s\n", s, sprintrc(rc));
	pid_t pg = 0;
	rc = syscall(__NR_ioctl, s, TIOCGPGRP, &pg);
	out("ioctl(%d, TIOCGPGRP, [%d]) = %s\n", s, pg, sprintrc(rc));
	rc = syscall(__NR_ioctl, s, TIOCGPGRP, BADPTR);
	out("ioctl(%d, TIOCGPGRP, %p) = %s\n", s, BADPTR, sprintrc(rc));

	/* FIONREAD: "hi\n" written to the slave reads as "hi\r\n" on the master (ONLCR) */
	rc = syscall(__NR_ioctl, s, TCSETS, &g);
	out("ioctl(%d, TCSETS, {c_iflag=ICRNL|IXON, c_oflag=NL0|CR0|TAB0|BS0|VT0|FF0|OPOST|ONLCR, "
	    "c_cflag=B38400|CS8|CREAD, c_lflag=ISIG|ICANON|ECHO|ECHOE|ECHOK|IEXTEN|ECHOCTL|ECHOKE%s) "
	    "= %s\n", s, sprint_tail(&g), sprintrc(rc));
	if (write(s, "hi\n", 3) != 3)
		FAIL("write: %m");
	usleep(100000);
	rc = syscall(__NR_ioctl, m, FIONREAD, &n);
	out("ioctl(%d, FIONREAD, [%d]) = %s\n", m, n, sprintrc(rc));
	n = 1;
	rc = syscall(__NR_ioctl, m, FIONBIO, &n);
	out("ioctl(%d, FIONBIO, [1]) = %s\n", m, sprintrc(rc));
	rc = syscall(__NR_ioctl, m, FIONBIO, NULL);
	out("ioctl(%d, FIONBIO, NULL) = %s\n", m, sprintrc(rc));

	out("+++ exited with 0 +++\n");
	return 0;
}
