// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * --decode-fds=eventfd,signalfd (strace 6.10's, 6.3's; both part of -yy since): an eventfd
 * shows its count, id and semaphore flag from fdinfo, a signalfd its mask.  As they were at
 * the call: the count read down between two calls, both descriptors closed before the program
 * ends (under --bpf the lines print later, from what the kernel read at the stop).
 */
// strace-7.2: --decode-fds=eventfd,signalfd are new in strace 6.3 and 6.10
// untraced-varies: eventfd-id=[0-9]+
#include <signal.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include "tests.h"

/* A field of /proc/self/fdinfo/FD, as a number; -1 if none. */
static long fdinfo(int fd, const char *key)
{
	char name[64], line[256];
	long v = -1;

	snprintf(name, sizeof(name), "/proc/self/fdinfo/%d", fd);
	FILE *f = fopen(name, "r");
	if (!f)
		SKIP("%s: %s", name, strerror(errno));
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, key, strlen(key)))
			v = strtol(line + strlen(key), NULL, 10);
	fclose(f);
	return v;
}

int main(void)
{
	sigset_t mask;
	int efd = (int)syscall(__NR_eventfd2, 5, EFD_SEMAPHORE);

	if (efd < 0)
		SKIP("eventfd2: %s", strerror(errno));
	long id = fdinfo(efd, "eventfd-id:"), sem = fdinfo(efd, "eventfd-semaphore:");
	if (id < 0 || sem < 0)
		SKIP("no eventfd-id or eventfd-semaphore in fdinfo (kernel < 6.5)");
	sigemptyset(&mask);
	sigaddset(&mask, SIGINT);
	sigaddset(&mask, SIGQUIT);
	sigprocmask(SIG_BLOCK, &mask, NULL);
	int sfd = (int)syscall(__NR_signalfd4, -1, &mask, 8, 0);
	if (sfd < 0)
		SKIP("signalfd4: %s", strerror(errno));
	uint64_t one;
	if (read(efd, &one, sizeof(one)) != sizeof(one))
		SKIP("read of an eventfd: %s", strerror(errno));
	long rc = syscall(__NR_fchdir, efd);
	sigaddset(&mask, SIGUSR1);
	long rc2 = syscall(__NR_signalfd4, sfd, &mask, 8, 0);
	if (rc2 != sfd)
		SKIP("signalfd4 on a signalfd: %s", strerror(errno));
	syscall(__NR_close, efd);
	syscall(__NR_close, sfd);
	printf("eventfd2(5, EFD_SEMAPHORE) = %d<{eventfd-count=0x5, eventfd-id=%ld, "
	       "eventfd-semaphore=%ld}>\n", efd, id, sem);
	printf("signalfd4(-1, [INT QUIT], 8, 0) = %d<signalfd:[INT QUIT]>\n", sfd);
	printf("fchdir(%d<{eventfd-count=0x4, eventfd-id=%ld, eventfd-semaphore=%ld}>) = %s\n", efd,
	       id, sem, sprintrc(rc));
	printf("signalfd4(%d<signalfd:[INT QUIT]>, [INT QUIT USR1], 8, 0) = "
	       "%d<signalfd:[INT QUIT USR1]>\n", sfd, sfd);
	printf("+++ exited with 0 +++\n");
	return 0;
}
