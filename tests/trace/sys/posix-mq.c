// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * POSIX message queues: mq_open with O_CREAT (mode and attributes, flags in hex) and without,
 * mq_getsetattr (flags by name), mq_timedsend and mq_timedreceive (message, priority,
 * timeout; a failed receive still shows its timeout), mq_notify with a sigevent, mq_unlink;
 * and timer_create's sigevent and timer id.  Run with -a0 -e trace= those calls.
 */
#include <fcntl.h>
#include <mqueue.h>
#include <signal.h>
#include <sys/syscall.h>
#include <time.h>

#include "fdtest.h"

int main(void)
{
	char name[64], buf[64];
	long rc;
	unsigned int prio = 0;
	struct mq_attr attr = { .mq_maxmsg = 2, .mq_msgsize = 32 }, old;
	struct timespec ts = { 0, 1000 };
	struct sigevent sev = { .sigev_notify = SIGEV_NONE, .sigev_signo = 7 };

	snprintf(name, sizeof(name), "sttrace-mq-%d", getpid());
	int fd = syscall(__NR_mq_open, name, O_RDWR | O_CREAT | O_EXCL, 0600, &attr);
	out("mq_open(\"%s\", O_RDWR|O_CREAT|O_EXCL, 0600, {mq_flags=0, mq_maxmsg=2, "
	    "mq_msgsize=32, mq_curmsgs=0}) = %d\n", name, fd);
	rc = syscall(__NR_mq_open, name, O_RDONLY, 0, NULL);
	out("mq_open(\"%s\", O_RDONLY) = %s\n", name, sprintrc(rc));
	if (rc >= 0)
		close((int)rc);
	attr.mq_flags = O_NONBLOCK;
	rc = syscall(__NR_mq_getsetattr, fd, &attr, &old);
	out("mq_getsetattr(%d, {mq_flags=O_NONBLOCK, mq_maxmsg=2, mq_msgsize=32, mq_curmsgs=0}, "
	    "{mq_flags=0, mq_maxmsg=2, mq_msgsize=32, mq_curmsgs=0}) = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_mq_timedsend, fd, "message one", 11, 5, &ts);
	out("mq_timedsend(%d, \"message one\", 11, 5, {tv_sec=0, tv_nsec=1000}) = %s\n", fd,
	    sprintrc(rc));
	rc = syscall(__NR_mq_timedreceive, fd, buf, sizeof(buf), &prio, &ts);
	out("mq_timedreceive(%d, \"message one\", 64, [5], {tv_sec=0, tv_nsec=1000}) = %s\n", fd,
	    sprintrc(rc));
	rc = syscall(__NR_mq_timedreceive, fd, buf, sizeof(buf), &prio, &ts);
	out("mq_timedreceive(%d, %p, 64, %p, {tv_sec=0, tv_nsec=1000}) = %s\n", fd, buf,
	    (void *)&prio, sprintrc(rc));
	rc = syscall(__NR_mq_notify, fd, &sev);
	out("mq_notify(%d, {sigev_signo=7, sigev_notify=SIGEV_NONE}) = %s\n", fd, sprintrc(rc));
	rc = syscall(__NR_mq_notify, fd, NULL);
	out("mq_notify(%d, NULL) = %s\n", fd, sprintrc(rc));
	close(fd);
	rc = syscall(__NR_mq_unlink, name);
	out("mq_unlink(\"%s\") = %s\n", name, sprintrc(rc));

	int tid = -1;
	sev = (struct sigevent){ .sigev_notify = SIGEV_SIGNAL, .sigev_signo = SIGUSR1 };
	sev.sigev_value.sival_int = 3;
	rc = syscall(__NR_timer_create, CLOCK_MONOTONIC, &sev, &tid);
	out("timer_create(CLOCK_MONOTONIC, {sigev_value={sival_int=3, sival_ptr=0x3}, "
	    "sigev_signo=SIGUSR1, sigev_notify=SIGEV_SIGNAL}, [%d]) = %s\n", tid, sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
