// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
// strace-7.2-lines: data= ;; strace 7.2 prints epoll_event.data in hex, 6.1 as {u32, u64}
/*
 * epoll_create1, epoll_ctl, epoll_wait, epoll_pwait, eventfd2, timerfd_create,
 * timerfd_settime, timerfd_gettime, signalfd4, inotify_init1, inotify_add_watch,
 * inotify_rm_watch: flags with unknown bits, epoll events with their data in hex,
 * ready events at exit, itimerspec in and out, signal masks, failures.
 * Run with -a0 -e trace=epoll_create1,epoll_ctl,epoll_wait,epoll_pwait,eventfd2,
 * timerfd_create,timerfd_settime,timerfd_gettime,signalfd4,inotify_init1,inotify_add_watch,
 * inotify_rm_watch.
 */
#include <fcntl.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <time.h>

#include "tests.h"

int main(void)
{
	int p[2];
	long rc;

	if (pipe(p) || write(p[1], "x", 1) != 1)
		FAIL("pipe: %m");

	int ep = (int)syscall(__NR_epoll_create1, EPOLL_CLOEXEC);
	printf("epoll_create1(EPOLL_CLOEXEC) = %d\n", ep);
	rc = syscall(__NR_epoll_create1, 1);
	printf("epoll_create1(0x1 /* EPOLL_??? */) = %s\n", sprintrc(rc));
	struct epoll_event ev = { .events = EPOLLIN | EPOLLET, .data.u64 = 0x100000007ULL };
	rc = syscall(__NR_epoll_ctl, ep, EPOLL_CTL_ADD, p[0], &ev);
	printf("epoll_ctl(%d, EPOLL_CTL_ADD, %d, {events=EPOLLIN|EPOLLET, data=0x100000007})"
	       " = %s\n", ep, p[0], sprintrc(rc));
	ev.events = EPOLLOUT | 0x4000;
	ev.data.u64 = 5;
	rc = syscall(__NR_epoll_ctl, ep, EPOLL_CTL_ADD, p[1], &ev);
	printf("epoll_ctl(%d, EPOLL_CTL_ADD, %d, {events=EPOLLOUT|0x4000, data=0x5})"
	       " = %s\n", ep, p[1], sprintrc(rc));
	rc = syscall(__NR_epoll_ctl, ep, EPOLL_CTL_DEL, p[1], NULL);
	printf("epoll_ctl(%d, EPOLL_CTL_DEL, %d, NULL) = %s\n", ep, p[1], sprintrc(rc));
	rc = syscall(__NR_epoll_ctl, ep, 9, -1, (void *)8);
	printf("epoll_ctl(%d, 0x9 /* EPOLL_CTL_??? */, -1, 0x8) = %s\n", ep, sprintrc(rc));

	struct epoll_event out[4];
	rc = syscall(__NR_epoll_wait, ep, out, 4, 0);
	printf("epoll_wait(%d, [{events=EPOLLIN, data=0x100000007}], 4, 0) = %s\n",
	       ep, sprintrc(rc));
	rc = syscall(__NR_epoll_wait, ep, out, 4, 0);
	printf("epoll_wait(%d, [], 4, 0) = %s\n", ep, sprintrc(rc));
	rc = syscall(__NR_epoll_wait, -1, out, 4, 0);
	printf("epoll_wait(-1, %p, 4, 0) = %s\n", (void *)out, sprintrc(rc));
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	ev.events = EPOLLIN;
	ev.data.u64 = 0;
	syscall(__NR_epoll_ctl, ep, EPOLL_CTL_MOD, p[0], &ev);
	printf("epoll_ctl(%d, EPOLL_CTL_MOD, %d, {events=EPOLLIN, data=0}) = 0\n", ep,
	       p[0]);
	rc = syscall(__NR_epoll_pwait, ep, out, 4, 1, &set, 8);
	printf("epoll_pwait(%d, [{events=EPOLLIN, data=0}], 4, 1, [USR2], 8) = %s\n",
	       ep, sprintrc(rc));

	struct timespec ts0 = { 0, 0 };
	rc = syscall(__NR_epoll_pwait2, ep, out, 4, &ts0, NULL, 8);
	if (rc >= 0 || errno != ENOSYS)
		printf("epoll_pwait2(%d, [{events=EPOLLIN, data=0}], 4, {tv_sec=0, "
		       "tv_nsec=0}, NULL, 8) = %s\n", ep, sprintrc(rc));
	else
		printf("epoll_pwait2(%d, %p, 4, {tv_sec=0, tv_nsec=0}, NULL, 8) = %s\n", ep,
		       (void *)out, sprintrc(rc));

	rc = syscall(__NR_eventfd, 5);
	printf("eventfd(5) = %s\n", sprintrc(rc));
	rc = syscall(__NR_signalfd, -1, &set, 8);
	printf("signalfd(-1, [USR2], 8) = %s\n", sprintrc(rc));
	rc = syscall(__NR_inotify_init);
	printf("inotify_init() = %s\n", sprintrc(rc));
	rc = syscall(__NR_eventfd2, 3, EFD_CLOEXEC | EFD_NONBLOCK);
	printf("eventfd2(3, EFD_CLOEXEC|EFD_NONBLOCK) = %s\n", sprintrc(rc));
	rc = syscall(__NR_eventfd2, 0, EFD_SEMAPHORE | 0x10);
	printf("eventfd2(0, EFD_SEMAPHORE|0x10) = %s\n", sprintrc(rc));

	int tfd = (int)syscall(__NR_timerfd_create, CLOCK_MONOTONIC, TFD_CLOEXEC);
	printf("timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC) = %d\n", tfd);
	rc = syscall(__NR_timerfd_create, 123, 0);
	printf("timerfd_create(0x7b /* CLOCK_??? */, 0) = %s\n", sprintrc(rc));
	struct itimerspec its = { { 1, 2 }, { 100, 0 } }, old;
	rc = syscall(__NR_timerfd_settime, tfd, 0, &its, NULL);
	printf("timerfd_settime(%d, 0, {it_interval={tv_sec=1, tv_nsec=2}, it_value={tv_sec=100, "
	       "tv_nsec=0}}, NULL) = %s\n", tfd, sprintrc(rc));
	struct itimerspec zero = { { 0, 0 }, { 0, 0 } };
	rc = syscall(__NR_timerfd_settime, tfd, TFD_TIMER_ABSTIME, &zero, NULL);
	printf("timerfd_settime(%d, TFD_TIMER_ABSTIME, {it_interval={tv_sec=0, tv_nsec=0}, "
	       "it_value={tv_sec=0, tv_nsec=0}}, NULL) = %s\n", tfd, sprintrc(rc));
	rc = syscall(__NR_timerfd_settime, tfd, 0, &zero, &old);
	printf("timerfd_settime(%d, 0, {it_interval={tv_sec=0, tv_nsec=0}, it_value={tv_sec=0, "
	       "tv_nsec=0}}, {it_interval={tv_sec=0, tv_nsec=0}, it_value={tv_sec=0, tv_nsec=0}})"
	       " = %s\n", tfd, sprintrc(rc));
	rc = syscall(__NR_timerfd_gettime, tfd, &old);
	printf("timerfd_gettime(%d, {it_interval={tv_sec=0, tv_nsec=0}, it_value={tv_sec=0, "
	       "tv_nsec=0}}) = %s\n", tfd, sprintrc(rc));
	rc = syscall(__NR_timerfd_gettime, -1, &old);
	printf("timerfd_gettime(-1, %p) = %s\n", (void *)&old, sprintrc(rc));
	rc = syscall(__NR_timerfd_settime, tfd, 0x10, (void *)8, NULL);
	printf("timerfd_settime(%d, 0x10 /* TFD_??? */, 0x8, NULL) = %s\n", tfd, sprintrc(rc));

	rc = syscall(__NR_signalfd4, -1, &set, 8, SFD_CLOEXEC | SFD_NONBLOCK);
	printf("signalfd4(-1, [USR2], 8, SFD_CLOEXEC|SFD_NONBLOCK) = %s\n", sprintrc(rc));
	rc = syscall(__NR_signalfd4, -1, &set, 4, 0);
	printf("signalfd4(-1, %p, 4, 0) = %s\n", (void *)&set, sprintrc(rc));

	int in = (int)syscall(__NR_inotify_init1, IN_NONBLOCK | IN_CLOEXEC);
	printf("inotify_init1(IN_NONBLOCK|IN_CLOEXEC) = %d\n", in);
	rc = syscall(__NR_inotify_add_watch, in, "/tmp", IN_CREATE | IN_DELETE | IN_ONLYDIR);
	printf("inotify_add_watch(%d, \"/tmp\", IN_CREATE|IN_DELETE|IN_ONLYDIR) = %s\n", in,
	       sprintrc(rc));
	int wd = (int)rc;
	rc = syscall(__NR_inotify_add_watch, in, "/nonexistent", IN_ALL_EVENTS);
	printf("inotify_add_watch(%d, \"/nonexistent\", IN_ACCESS|IN_MODIFY|IN_ATTRIB|"
	       "IN_CLOSE_WRITE|IN_CLOSE_NOWRITE|IN_OPEN|IN_MOVED_FROM|IN_MOVED_TO|IN_CREATE|"
	       "IN_DELETE|IN_DELETE_SELF|IN_MOVE_SELF) = %s\n", in, sprintrc(rc));
	rc = syscall(__NR_inotify_rm_watch, in, wd);
	printf("inotify_rm_watch(%d, %d) = %s\n", in, wd, sprintrc(rc));
	rc = syscall(__NR_inotify_rm_watch, in, -5);
	printf("inotify_rm_watch(%d, -5) = %s\n", in, sprintrc(rc));

	printf("+++ exited with 0 +++\n");
	return 0;
}
