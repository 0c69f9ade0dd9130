// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * -e inject= and -e fault= under --bpf: the supervisor of a seccomp user notification.
 *
 * Why not in the kernel: on this kernel a BPF program cannot change a syscall.  There are no
 * kprobes (no bpf_override_return), and a fmod_ret program on __x64_sys_NAME is refused at load
 * (EPERM; CONFIG_FUNCTION_ERROR_INJECTION is off, so no syscall is on the kernel's error-injection
 * list that BPF_MODIFY_RETURN requires).  docs/inject-bpf.md has the table.  The decision is
 * therefore taken here: the program sttrace starts runs with a seccomp filter returning
 * SECCOMP_RET_USER_NOTIF for the syscalls that have a rule (any syscall number: no __x64_sys_
 * function is needed), and sttrace answers each notification, in its event loop, with the result to
 * give (the call is not run) or with "continue".  Only a program sttrace starts can be filtered so
 * (-p cannot).
 *
 * The filter is installed in the child before it is held, and its listener taken from the
 * child with pidfd_getfd (found in /proc/PID/fd): the child makes no call of its own to hand
 * it over, so a rule on any syscall (read, sendmsg, execve...) cannot deadlock the start.
 *
 * At a notification: the ring buffer is read first (the thread's previous exit, a new child),
 * then the thread's tcb counts the call (inject_check, when=) if it would be traced, as the
 * ptrace engine counts at its entry stop.  poke_enter= is written with process_vm_writev while
 * the thread waits, delay_enter= holds the answer; a call given a result is skipped by the
 * kernel, so delay_exit= may hold the answer as well (nothing of the call runs in between).
 * poke_exit= needs the thread stopped after its call: the kernel side stops it as the call
 * returns (SIGSTOP, unseen), and when its exit record has been read (bpf_inject_exit_hold) the
 * pokes are written, what the exit captured is made to say so, and the thread resumed (SIGCONT,
 * unseen).  delay_exit= on a call that runs is refused (bpf_inject_unsupported).  Map "injected" tells the kernel
 * side (bpf/inject.bpf.h) a skipped call, a signal to send, a hold; the tcb's TCB_INJECTED,
 * TCB_POKED and TCB_DELAYED flags give the exit line its notes, as under ptrace.
 *
 * Such a hold stops the whole process for a moment (a group stop, as a probe's hold): its
 * parent may see the stop and the continuation, which a ptrace exit stop does not show.
 *
 * If sttrace goes first, the kernel answers the filter's calls ENOSYS from then on.
 */
#include <errno.h>
#include <signal.h>
#include <dirent.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#include <bpf/bpf.h>

#include "bpf/sysbpf.h"
#include "strace-lite/bpf/bpf-inject.h"
#include "strace-lite/bpf/bpf-run.h"
#include "strace-lite/inject.h"
#include "strace-lite/record/record.h"
#include "strace-lite/sttrace.h"
#include "common/log.h"
#include "common/proc.h"
#include "strace-lite/bpf/bpf-capture.h"

static int listener = -1; /* the notification fd, ours */

/* Calls whose thread the kernel holds as they return (poke_exit=): the rule and
 * the arguments, until the exit record is read. */
#define EXIT_HOLDS 64
static struct exit_hold {
	pid_t tid;
	const struct inject_rule *r;
	uint64_t args[6];
} exit_holds[EXIT_HOLDS];
static unsigned int exit_held; /* slots in use */

/* ---- in the child ----------------------------------------------------------------------- */

int bpf_inject_install(void)
{
	unsigned int n = nsyscalls < MAX_SCNO ? nsyscalls : MAX_SCNO, nrules = 0;

	for (unsigned int i = 0; i < n; i++)
		nrules += inject_rule_get(i) != NULL;
	struct sock_filter *f = calloc(6 + 2 * (size_t)nrules, sizeof(*f)), *p = f;
	if (!f)
		return -ENOMEM;
	/* Other ABIs (i386, x32) have no rules here: they run. */
	*p++ = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
					    offsetof(struct seccomp_data, arch));
	*p++ = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0);
	*p++ = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
	*p++ = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
					    offsetof(struct seccomp_data, nr));
	for (unsigned int i = 0; i < n; i++) {
		if (!inject_rule_get(i))
			continue;
		*p++ = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, i, 0, 1);
		*p++ = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_USER_NOTIF);
	}
	*p++ = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
	struct sock_fprog prog = { .len = (unsigned short)(p - f), .filter = f };
	long fd = syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_NEW_LISTENER,
			  &prog);
	int rc = fd < 0 ? -errno : 0;
	free(f);
	if (rc == -EBUSY)
		log_error("-e inject= with --bpf: the program runs under a seccomp listener already "
			  "(a tracer's, such as sttrace --bpf -e inject=), and can have only one");
	else if (rc < 0)
		log_error("-e inject= with --bpf: seccomp(SECCOMP_FILTER_FLAG_NEW_LISTENER): %s",
			  strerror(-rc));
	return rc;
}

/* ---- taking the listener ---------------------------------------------------------------- */

/* The child's descriptor number of its seccomp listener, or -1 (not yet, or gone). */
static int find_listener(pid_t pid)
{
	char dir[64], path[64 + 256 + 2], link[64];
	int found = -1;

	snprintf(dir, sizeof(dir), "/proc/%d/fd", pid);
	DIR *d = opendir(dir);
	if (!d)
		return -1;
	for (struct dirent *e; found < 0 && (e = readdir(d));) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		ssize_t n = readlink(path, link, sizeof(link) - 1);
		if (n > 0) {
			link[n] = 0;
			if (!strcmp(link, "anon_inode:seccomp notify"))
				found = atoi(e->d_name);
		}
	}
	closedir(d);
	return found;
}

int bpf_inject_take(pid_t pid)
{
	int pidfd = (int)syscall(SYS_pidfd_open, pid, 0), fd = -1;

	if (pidfd < 0)
		return -errno;
	/* The child installs it right after the fork: a few seconds at most on a busy host.  A
	 * pidfd turns readable when the child is gone (it could not, and said why). */
	for (int i = 0; i < 10000 && fd < 0; i++) {
		struct pollfd pfd = { pidfd, POLLIN, 0 };
		if ((fd = find_listener(pid)) < 0 && poll(&pfd, 1, 1) > 0)
			break;
	}
	int rc = fd < 0 ? -ESRCH : 0;
	if (fd >= 0 && (listener = (int)syscall(SYS_pidfd_getfd, pidfd, fd, 0)) < 0)
		rc = -errno;
	close(pidfd);
	return rc;
}

int bpf_inject_fd(void)
{
	return listener;
}

void bpf_inject_close(void)
{
	if (listener >= 0)
		close(listener);
	listener = -1;
}

/* ---- answering -------------------------------------------------------------------------- */

int bpf_inject_unsupported(char *err, size_t errlen)
{
	for (unsigned int n = 0; n < nsyscalls && n < MAX_SCNO; n++) {
		const struct inject_rule *r = inject_rule_get(n);
		if (r && r->has_delay_exit && !r->has_error && !r->has_retval) {
			snprintf(err, errlen, "-e inject=%s:delay_exit= without error= or retval= is "
				 "not supported with --bpf (the thread cannot be held after its call): "
				 "drop --bpf", sysent_table[n].name);
			return -EINVAL;
		}
	}
	return 0;
}

static void hold(uint64_t ns)
{
	struct timespec ts = { (time_t)(ns / 1000000000), (long)(ns % 1000000000) };

	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

/* poke_enter=: written while the thread waits; true if any was. */
static bool poke(pid_t tid, const struct sysent *se, const struct inject_rule *r,
		 const uint64_t *args)
{
	bool poked = false;

	for (unsigned int i = 0; i < r->npokes; i++) {
		const struct inject_poke *p = &r->pokes[i];
		if (!p->at_enter)
			continue;
		if (!se || p->arg > se->nargs) {
			log_error("poke_tcb: Failed to tamper with process %d: requested to tamper "
				  "with argument #%u, but system call '%s' has only %u arguments",
				  tid, p->arg, se ? se->name : "?", se ? se->nargs : 0);
			continue;
		}
		if (!inject_poke_write(tid, args[p->arg - 1], p->data, p->len, false))
			log_error("poke_tcb: Failed to tamper with process %d: couldn't poke", tid);
		else
			poked = true;
	}
	return poked;
}

static bool exit_hold_add(pid_t tid, const struct inject_rule *r, const uint64_t *args)
{
	for (size_t i = 0; i < EXIT_HOLDS; i++) {
		if (exit_holds[i].tid && exit_holds[i].tid != tid)
			continue;
		if (!exit_holds[i].tid)
			exit_held++;
		exit_holds[i].tid = tid;
		exit_holds[i].r = r;
		memcpy(exit_holds[i].args, args, sizeof(exit_holds[i].args));
		return true;
	}
	log_warn("--bpf: -e inject=: more than %d threads held at once: one runs on", EXIT_HOLDS);
	return false;
}

static struct exit_hold *exit_hold_take(pid_t tid)
{
	if (!exit_held)
		return NULL; /* every exit record asks: most runs hold none */
	for (size_t i = 0; i < EXIT_HOLDS; i++)
		if (exit_holds[i].tid == tid) {
			exit_holds[i].tid = 0;
			exit_held--;
			return &exit_holds[i];
		}
	return NULL;
}

/* Thread TID stopped (its process's group stop, "T"): within two seconds, or false (gone). */
static bool wait_stopped(pid_t tid)
{
	for (int i = 0; i < 2000; i++) {
		int sig = proc_stop_signal(tid);
		if (sig > 0)
			return true;
		if (sig < 0)
			return false;
		hold(1000000);
	}
	return false;
}

void bpf_inject_exit_hold(pid_t tid, pid_t tgid, long scno)
{
	struct exit_hold *h = exit_hold_take(tid);

	if (!h)
		return;
	struct tcb *tcp = pid2tcb(tid);
	const struct inject_rule *r = h->r;
	const struct sysent *se = sysent_get(scno);
	/* Not stopped within the wait: gone (its exit comes), or let go by someone else; not
	 * poked, but resumed all the same, in case its stop comes late. */
	bool stopped = wait_stopped(tid);
	for (unsigned int i = 0; stopped && i < r->npokes; i++) {
		const struct inject_poke *p = &r->pokes[i];
		if (p->at_enter)
			continue;
		if (!se || p->arg > se->nargs) {
			log_error("poke_tcb: Failed to tamper with process %d: requested to tamper "
				  "with argument #%u, but system call '%s' has only %u arguments",
				  tid, p->arg, se ? se->name : "?", se ? se->nargs : 0);
			continue;
		}
		uint64_t addr = h->args[p->arg - 1];
		size_t n = inject_poke_write(tid, addr, p->data, p->len, false);
		if (!n) {
			log_error("poke_tcb: Failed to tamper with process %d: couldn't poke", tid);
			continue;
		}
		if (tcp)
			tcp->flags |= TCB_POKED;
		/* What the exit line decodes was captured before: it says what is there now. */
		uint8_t *buf = malloc(n);
		if (buf && proc_vm_read(tid, addr, buf, n) == 0)
			capture_patch(tid, tgid, addr, buf, n);
		free(buf);
	}
	if (tcp)
		record_inject(tcp); /* the notes as they are now, for a replay's exit line */
	syscall(SYS_tgkill, tgid, tid, SIGCONT);
}

/* The rule that fires on this call of TID, counted as the ptrace engine counts: only a call
 * that would be traced, of a thread that prints (the spawned child before its exec does not,
 * but its execve does). */
static const struct inject_rule *rule_for(struct tcb *tcp, long nr)
{
	const struct sysent *se = sysent_get(nr);

	if (!tcp || (tcp->flags & TCB_SILENT) ||
	    ((tcp->flags & TCB_HIDE_LOG) && !(se && sysent_is_exec(se))))
		return NULL;
	if (!opts.trace_all && !numset_has(&opts.trace, (unsigned int)nr))
		return NULL;
	return inject_check(tcp, nr);
}

bool bpf_inject_answer(void)
{
	struct seccomp_notif req;
	struct seccomp_notif_resp resp;

	memset(&req, 0, sizeof(req));
	if (listener < 0 || ioctl(listener, SECCOMP_IOCTL_NOTIF_RECV, &req) < 0)
		return false; /* ENOENT: the thread died meanwhile */
	memset(&resp, 0, sizeof(resp));
	resp.id = req.id;
	resp.flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;

	long nr = req.data.nr;
	struct tcb *tcp = pid2tcb((pid_t)req.pid);
	const struct inject_rule *r = rule_for(tcp, nr);
	struct injected inj = { 0 };
	if (r) {
		const uint64_t *args = (const uint64_t *)req.data.args;
		tcp->flags &= ~(TCB_INJECTED | TCB_INJECTED_OK | TCB_POKED | TCB_DELAYED);
		if (r->has_poke_enter && poke(tcp->pid, sysent_get(nr), r, args))
			tcp->flags |= TCB_POKED;
		if (r->has_delay_enter)
			hold(r->delay_enter_ns);
		if (r->has_error || r->has_retval) {
			/* The call is not run (syscall='s pure call would change nothing). */
			resp.flags = 0;
			resp.error = r->has_error ? -r->error : 0;
			resp.val = r->has_error ? 0 : r->retval;
			tcp->inject_rval = r->has_error ? -(int64_t)r->error : r->retval;
			tcp->flags |= TCB_INJECTED | (r->has_error ? 0 : TCB_INJECTED_OK);
			inj.skipped = 1;
			if (r->has_delay_exit)
				hold(r->delay_exit_ns);
		}
		if (r->has_delay_enter || (r->has_delay_exit && inj.skipped))
			tcp->flags |= TCB_DELAYED;
		if (r->has_poke_exit)
			inj.hold = exit_hold_add(tcp->pid, r, args);
		record_inject(tcp);
		inj.signo = r->signo;
		uint32_t key = (uint32_t)req.pid;
		if ((inj.skipped || inj.signo || inj.hold) &&
		    bpf_map_update_elem(bpfbe_injected_fd(), &key, &inj, BPF_ANY) < 0)
			log_warn("--bpf: injected map: %s", strerror(errno));
	}
	if (ioctl(listener, SECCOMP_IOCTL_NOTIF_SEND, &resp) < 0 && tcp && r) {
		uint32_t key = (uint32_t)req.pid;
		bpf_map_delete_elem(bpfbe_injected_fd(), &key); /* it died meanwhile */
		exit_hold_take(tcp->pid);
	}
	return true;
}

void bpf_inject_exit_done(struct tcb *tcp)
{
	tcp->flags &= ~(TCB_INJECTED | TCB_INJECTED_OK | TCB_POKED | TCB_DELAYED);
}
