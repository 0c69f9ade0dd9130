// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Memory the program could not read itself prints as the address, as strace prints it, never
 * as bytes from somewhere else: structures wholly in a PROT_NONE page, structures that start
 * in readable memory and run one byte into a PROT_NONE page or an unmapped one (the readable
 * part holding what the good call before left there, so a tracer that pads a partial read
 * prints a plausible struct), strings that reach a hole before their NUL (strace prints the
 * address) and a string whose NUL is the last byte before a hole (it prints).  Each structure
 * is first passed whole, from the same place.  Run with
 * -a0 -e trace=clock_settime,rt_sigprocmask,fcntl,select,setsockopt,ioctl,chdir.
 */
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <time.h>
#include <sys/ioctl.h>
#include <asm/termbits.h>

#include "fdtest.h"

#define PAGE 4096

/* page 0 readable, page 1 PROT_NONE, page 2 readable, page 3 unmapped */
static char *none_edge, *hole_edge;

/* The three bad places for an object of SIZE bytes, and the good one (ending at a hole). */
enum { GOOD, IN_NONE, PAST_NONE, PAST_HOLE, NPLACES };

static void *place(int where, size_t size, const void *obj)
{
	switch (where) {
	case GOOD:
		return memcpy(none_edge - size, obj, size);
	case IN_NONE:
		return none_edge;
	case PAST_NONE:
		return none_edge - size + 1;
	default:
		return memcpy(hole_edge - size, obj, size), hole_edge - size + 1;
	}
}

static void clock_settime_at(int where)
{
	struct timespec ts = { .tv_sec = 123, .tv_nsec = 456 };
	void *p = place(where, sizeof(ts), &ts);
	long rc = syscall(__NR_clock_settime, CLOCK_MONOTONIC, p);

	if (where == GOOD)
		out("clock_settime(CLOCK_MONOTONIC, {tv_sec=123, tv_nsec=456}) = %s\n", sprintrc(rc));
	else
		out("clock_settime(CLOCK_MONOTONIC, %p) = %s\n", p, sprintrc(rc));
}

static void sigprocmask_at(int where)
{
	uint64_t set = 1ull << (SIGUSR1 - 1);
	void *p = place(where, sizeof(set), &set);
	long rc = syscall(__NR_rt_sigprocmask, SIG_BLOCK, p, NULL, 8);

	if (where == GOOD)
		out("rt_sigprocmask(SIG_BLOCK, [USR1], NULL, 8) = %s\n", sprintrc(rc));
	else
		out("rt_sigprocmask(SIG_BLOCK, %p, NULL, 8) = %s\n", p, sprintrc(rc));
}

static void setlk_at(int where, int fd)
{
	struct flock fl = { .l_type = F_UNLCK, .l_whence = SEEK_SET, .l_start = 3, .l_len = 7 };
	void *p = place(where, sizeof(fl), &fl);
	long rc = syscall(__NR_fcntl, fd, F_SETLK, p);

	if (where == GOOD)
		out("fcntl(%d, F_SETLK, {l_type=F_UNLCK, l_whence=SEEK_SET, l_start=3, l_len=7}) = %s\n",
		    fd, sprintrc(rc));
	else
		out("fcntl(%d, F_SETLK, %p) = %s\n", fd, p, sprintrc(rc));
}

static void select_at(int where)
{
	struct timeval tv = { 0, 0 };
	void *p = place(where, sizeof(tv), &tv);
	long rc = syscall(__NR_select, 0, NULL, NULL, NULL, p);

	if (where == GOOD)
		out("select(0, NULL, NULL, NULL, {tv_sec=0, tv_usec=0}) = %s (Timeout)\n",
		    sprintrc(rc));
	else
		out("select(0, NULL, NULL, NULL, %p) = %s\n", p, sprintrc(rc));
}

static void fdset_at(int where, int fd)
{
	uint64_t set = 0;
	struct timeval tv = { 0, 0 };
	void *p = place(where, sizeof(set), &set);
	long rc = syscall(__NR_select, fd + 1, p, NULL, NULL, &tv);

	if (where == GOOD)
		out("select(%d, [], NULL, NULL, {tv_sec=0, tv_usec=0}) = %s (Timeout)\n", fd + 1,
		    sprintrc(rc));
	else
		out("select(%d, %p, NULL, NULL, {tv_sec=0, tv_usec=0}) = %s\n", fd + 1, p,
		    sprintrc(rc));
}

static void mreq_at(int where, int s)
{
	struct ip_mreq mr = { .imr_multiaddr.s_addr = inet_addr("224.0.0.251"),
			      .imr_interface.s_addr = htonl(INADDR_LOOPBACK) };
	void *p = place(where, sizeof(mr), &mr);
	long rc = syscall(__NR_setsockopt, s, IPPROTO_IP, IP_ADD_MEMBERSHIP, p, sizeof(mr));

	if (where == GOOD)
		out("setsockopt(%d, SOL_IP, IP_ADD_MEMBERSHIP, {imr_multiaddr=inet_addr("
		    "\"224.0.0.251\"), imr_interface=inet_addr(\"127.0.0.1\")}, 8) = %s\n",
		    s, sprintrc(rc));
	else
		out("setsockopt(%d, SOL_IP, IP_ADD_MEMBERSHIP, %p, 8) = %s\n", s, p, sprintrc(rc));
}

/* Bad places only: a termios2 read at entry (the good one prints the terminal's settings). */
static void tcsetsw2_at(int where, int fd)
{
	struct termios2 t;
	memset(&t, 0, sizeof(t));
	void *p = place(where, sizeof(t), &t);
	long rc = syscall(__NR_ioctl, fd, TCSETSW2, p);

	out("ioctl(%d, TCSETSW2, %p) = %s\n", fd, p, sprintrc(rc));
}

/* LEN bytes of S, ending at EDGE: with a NUL, or cut by the hole after EDGE. */
static void chdir_at(char *edge, const char *s, size_t len)
{
	char *p = memcpy(edge - len, s, len);
	long rc = syscall(__NR_chdir, p);

	if (p[len - 1] == '\0')
		out("chdir(\"%s\") = %s\n", p, sprintrc(rc));
	else
		out("chdir(%p) = %s\n", p, sprintrc(rc));
}

int main(void)
{
	char *m = mmap(NULL, 4 * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED || mprotect(m + PAGE, PAGE, PROT_NONE) || munmap(m + 3 * PAGE, PAGE))
		FAIL("mmap: %m");
	none_edge = m + PAGE;
	hole_edge = m + 3 * PAGE;

	int fd = memfd_create("efault", 0);
	int s = socket(AF_INET, SOCK_DGRAM, 0);
	int tty = open("/dev/ptmx", O_RDWR | O_NOCTTY);
	if (fd < 0 || s < 0)
		FAIL("memfd_create, socket: %m");

	for (int where = GOOD; where < NPLACES; where++)
		clock_settime_at(where);
	for (int where = GOOD; where < NPLACES; where++)
		sigprocmask_at(where);
	for (int where = GOOD; where < NPLACES; where++)
		setlk_at(where, fd);
	for (int where = GOOD; where < NPLACES; where++)
		select_at(where);
	for (int where = GOOD; where < NPLACES; where++)
		fdset_at(where, fd);
	for (int where = GOOD; where < NPLACES; where++)
		mreq_at(where, s);
	for (int where = IN_NONE; tty >= 0 && where < NPLACES; where++)
		tcsetsw2_at(where, tty);

	/* A long path first: what a reader that prints past the hole would show. */
	static const char longpath[] = "/nonexistent/a-path-longer-than-the-next-ones";
	chdir_at(none_edge, longpath, sizeof(longpath));
	chdir_at(none_edge, "abcde", 5);
	chdir_at(hole_edge, longpath, sizeof(longpath));
	chdir_at(hole_edge, "abcde", 5);
	chdir_at(none_edge, "/nonexistent/edge", sizeof("/nonexistent/edge"));
	chdir_at(none_edge, "", 1);
	out("+++ exited with 0 +++\n");
	return 0;
}
