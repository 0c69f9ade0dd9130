// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The tracees, whichever backend traces them: the table of trace control blocks by pid, and
 * the lines that are not syscalls (signals, exits, exec by a thread), printed the same way for
 * the ptrace engine (engine.c) and the eBPF backend (bpf/sysbpf.c).
 */
#include <errno.h>
#include <grp.h>
#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>

#include "strace-lite/inject.h"
#include "common/json.h"
#include "strace-lite/probe.h"
#include "common/proc.h"
#include "strace-lite/siginfo.h"
#include "common/stacktrace.h"
#include "strace-lite/sttrace.h"
#include "common/log.h"

struct tcb *tcb_hash[HASH_SIZE];
int nprocs;
pid_t strace_child;
int exit_code;


struct tcb *pid2tcb(pid_t pid)
{
	for (struct tcb *t = tcb_hash[pid % HASH_SIZE]; t; t = t->next)
		if (t->pid == pid)
			return t;
	return NULL;
}

/* What the program could read itself: a PROT_NONE page prints as its address, as strace's. */
static int tracee_read(struct dctx *c, uint64_t addr, void *buf, size_t len)
{
	return proc_vm_read(c->pid, addr, buf, len);
}

/* How decoders read tracee memory: live memory, unless a backend (bpf) says otherwise. */
int (*tcb_reader)(struct dctx *c, uint64_t addr, void *buf, size_t len) = tracee_read;
/* And strings (dctx->read_str): NULL, the same reader, for live memory. */
int (*tcb_str_reader)(struct dctx *c, uint64_t addr, void *buf, size_t len);

struct tcb *alloctcb(pid_t pid, unsigned int flags)
{
	struct tcb *t = calloc(1, sizeof(*t));
	if (!t) {
		log_error("out of memory");
		exit(1);
	}
	t->pid = pid;
	t->flags = flags;
	t->dc.sb = &t->sb;
	t->dc.read = tcb_reader;
	t->dc.read_str = tcb_str_reader;
	tcb_load_comm(t);
	t->next = tcb_hash[pid % HASH_SIZE];
	tcb_hash[pid % HASH_SIZE] = t;
	nprocs++;
	return t;
}

void tcb_load_comm(struct tcb *tcp)
{
	char comm[sizeof(tcp->comm)];

	/* A process already gone keeps the name it had (bpf reads after the fact). */
	if ((dopts.decode_pids & DECODE_PID_COMM) && proc_comm(tcp->pid, comm, sizeof(comm)) >= 0)
		memcpy(tcp->comm, comm, sizeof(comm));
}

bool tcb_comm_from_events;

void tcb_comm_changed(struct tcb *tcp)
{
	struct dctx *c = &tcp->dc;
	char name[16]; /* TASK_COMM_LEN */

	if (sysent_is_exec(c->se) && !tcb_comm_from_events) {
		tcb_load_comm(tcp);
	} else if (!strcmp(c->se->name, "prctl") && c->arg[0] == PR_SET_NAME &&
		   umovestr(c, c->arg[1], sizeof(name), name) >= 0) {
		name[sizeof(name) - 1] = '\0';
		tcb_set_comm(tcp, name, strlen(name));
	}
}

void tcb_set_comm(struct tcb *tcp, const char *comm, size_t len)
{
	if (!(dopts.decode_pids & DECODE_PID_COMM))
		return;
	if (len >= sizeof(tcp->comm))
		len = sizeof(tcp->comm) - 1;
	memcpy(tcp->comm, comm, len);
	tcp->comm[len] = '\0';
}

int tcb_pid_comm(pid_t pid, char *buf, size_t len)
{
	struct tcb *tcp = pid2tcb(pid);

	if (!tcp || !tcp->comm[0])
		return proc_comm(pid, buf, len);
	snprintf(buf, len, "%s", tcp->comm);
	return (int)strlen(buf);
}

int tcb_become_user(void)
{
	if (!opts.user)
		return 0;
	if (initgroups(opts.user, opts.gid) < 0 || setgid(opts.gid) < 0 || setuid(opts.uid) < 0) {
		log_perror("-u %s", opts.user);
		return -errno;
	}
	return 0;
}

void tcb_catch_signals(void (*on_signal)(int))
{
	static const int sigs[] = { SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGTERM };
	struct sigaction sa = { .sa_handler = opts.intr >= INTR_NEVER ? SIG_IGN : on_signal };

	signal(SIGTTOU, SIG_IGN);
	signal(SIGTTIN, SIG_IGN);
	if (opts.intr == INTR_ANYWHERE)
		return;
	/* Not a strace default: ^Z would stop us with our tracees held. */
	signal(SIGTSTP, SIG_IGN);
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		sigaction(sigs[i], &sa, NULL);
}

/* A child or thread that -f follows (or that the prefilter needs, silently). */
struct tcb *new_child(pid_t pid, unsigned int flags)
{
	if (!(flags & TCB_SILENT) && !(opts.quiet & QUIET_ATTACH)) {
		log_info("Process %d attached", pid);
	}
	return alloctcb(pid, flags);
}

void droptcb(struct tcb *tcp)
{
	if (opts.stack && stacktrace_forget)
		stacktrace_forget(tcp->pid);
	struct tcb **pp = &tcb_hash[tcp->pid % HASH_SIZE];

	while (*pp && *pp != tcp)
		pp = &(*pp)->next;
	if (*pp)
		*pp = tcp->next;
	nprocs--;
	if (printing_tcp == tcp)
		printing_tcp = NULL;
	if (tcp->curcol && opts.output_separately)
		output_unfinished(tcp);
	output_close(tcp);
	sb_free(&tcp->sb);
	sb_free(&tcp->stage);
	free(tcp->inject);
	free(tcp);
}

void tcb_interrupted(int sig)
{
	exit_code = 0x100 | sig;
}

int tcb_exit_status(void)
{
	if (exit_code > 0xff) {
		int sig = exit_code & 0xff;
		/* Die the way the program died, without dumping our own core. */
		struct rlimit rl = { 0, 0 };
		setrlimit(RLIMIT_CORE, &rl);
		signal(sig, SIG_DFL);
		sigset_t set;
		sigemptyset(&set);
		sigaddset(&set, sig);
		sigprocmask(SIG_UNBLOCK, &set, NULL);
		raise(sig);
		return 0x80 | sig;
	}
	return exit_code;
}

/* ---- lines other than syscalls ---------------------------------------------------------- */

void print_line(struct tcb *tcp, const char *fmt, ...)
{
	va_list ap;

	printleader(tcp);
	va_start(ap, fmt);
	sb_vprintf(&tcp->sb, fmt, ap);
	va_end(ap);
	sb_putc(&tcp->sb, '\n');
	tcb_emit(tcp);
	line_ended(tcp);
}

void print_signal(struct tcb *tcp, const siginfo_t *si, int sig)
{
	const char *name = signame(sig) ? signame(sig) : "?";

	if (hide_log(tcp) || opts.cflag == 1 || !numset_has(&opts.signals, (unsigned)sig))
		return;
	tcp->dc.pid = tcp->pid;
	if (opts.json) {
		struct strbuf rec = { 0 };
		json_record_begin(&rec, si ? "signal" : "stopped", tcp->pid, NULL);
		sb_puts(&rec, ",\"signal\":");
		json_put_string(&rec, name, strlen(name));
		if (si) {
			sb_reset(&tcp->sb);
			print_siginfo(&tcp->dc, si);
			sb_puts(&rec, ",\"siginfo\":");
			json_put_value(&rec, sb_str(&tcp->sb), tcp->sb.len);
			sb_reset(&tcp->sb);
		}
		sb_putc(&rec, '}');
		output_record(tcp, &rec);
		sb_free(&rec);
		return;
	}
	printleader(tcp);
	if (si) {
		sb_printf(&tcp->sb, "--- %s ", name);
		print_siginfo(&tcp->dc, si);
		sb_puts(&tcp->sb, " ---\n");
	} else {
		sb_printf(&tcp->sb, "--- stopped by %s ---\n", signame(sig) ? signame(sig) : "?");
	}
	if (opts.stack && stacktrace_format)
		stacktrace_format(tcp->pid, &tcp->sb, opts.stack);
	tcb_emit(tcp);
	line_ended(tcp);
}

/* The tracee is gone with wait status STATUS: its last line, and its tcb dropped. */
void report_exit(struct tcb *tcp, int status)
{
	syscall_unfinished(tcp);
	tcp->ip_known = false; /* -i: the thread is gone */
	probe_forget(tcp->pid);
	if (tcp->pid == strace_child) {
		exit_code = WIFSIGNALED(status) ? 0x100 | WTERMSIG(status) : WEXITSTATUS(status);
		strace_child = 0;
	}
	if (!(tcp->flags & TCB_SILENT) && opts.cflag != 1 && opts.json) {
		struct strbuf rec = { 0 };
		int sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
		if (sig && numset_has(&opts.signals, (unsigned)sig)) {
			json_record_begin(&rec, "killed", tcp->pid, NULL);
			sb_puts(&rec, ",\"signal\":");
			json_put_string(&rec, signame(sig) ? signame(sig) : "?",
					signame(sig) ? strlen(signame(sig)) : 1);
			sb_printf(&rec, ",\"core_dumped\":%s}", WCOREDUMP(status) ? "true" : "false");
			output_record(tcp, &rec);
		} else if (!sig && !(opts.quiet & QUIET_EXIT)) {
			json_record_begin(&rec, "exited", tcp->pid, NULL);
			sb_printf(&rec, ",\"status\":%d}", WEXITSTATUS(status));
			output_record(tcp, &rec);
		}
		sb_free(&rec);
	} else if (!(tcp->flags & TCB_SILENT) && opts.cflag != 1) {
		if (WIFSIGNALED(status)) {
			int sig = WTERMSIG(status);
			if (numset_has(&opts.signals, (unsigned)sig))
				print_line(tcp, "+++ killed by %s %s+++", signame(sig) ? signame(sig) : "?",
					   WCOREDUMP(status) ? "(core dumped) " : "");
		} else if (!(opts.quiet & QUIET_EXIT)) {
			print_line(tcp, "+++ exited with %d +++", WEXITSTATUS(status));
		}
		/* The stack of an exit_group, unwound at its entry, goes after the exit line. */
		if (opts.stack && stacktrace_flush && stacktrace_flush(tcp->pid, &tcp->sb) > 0) {
			tcb_emit(tcp);
			line_ended(tcp);
		}
	}
	droptcb(tcp);
}

void tcb_reaped(pid_t pid, int status)
{
	struct tcb *tcp = pid2tcb(pid);

	if (tcp)
		report_exit(tcp, status);
	/* The kernel's wait status is the process's, whatever its threads' exits said. */
	exit_code = WIFSIGNALED(status) ? 0x100 | WTERMSIG(status) : WEXITSTATUS(status);
}

void report_detach(struct tcb *tcp)
{
	/* -e status=: a call left in flight shows only when "detached" is wanted. */
	bool publish = !opts.status_mask || (opts.status_mask & (1u << STATUS_DETACHED));

	if (!(tcp->flags & TCB_SILENT) && !(opts.quiet & QUIET_ATTACH))
		log_info("Process %d detached", tcp->pid);
	if (tcp->staging) {
		tcp->staging = false;
		if (publish) {
			output_publish_stage(tcp);
		} else {
			sb_reset(&tcp->stage);
			tcp->curcol = 0;
		}
	}
	if (opts.output_separately || printing_tcp == tcp)
		output_detached(tcp);
	tcp->flags &= ~TCB_INSYSCALL;
	droptcb(tcp);
}

/*
 * execve by a thread other than the leader: the kernel gives it the leader's pid.  TCP is the
 * leader's tcb, OLD the pid the execing thread had; the thread's state moves to the leader's pid.
 */
struct tcb *exec_switch(struct tcb *tcp, unsigned long old)
{
	if (old == 0 || (pid_t)old == tcp->pid)
		return tcp;
	struct tcb *thr = pid2tcb((pid_t)old);
	if (!thr)
		return tcp;
	if (thr->curcol && thr->outf)
		fprintf(thr->outf, " <pid changed to %d ...>\n", tcp->pid);
	FILE *f = thr->outf;
	thr->outf = tcp->outf;
	tcp->outf = f;
	thr->curcol = tcp->curcol;
	tcp->curcol = 0;
	pid_t leader = tcp->pid;
	droptcb(tcp);
	/* Rehash under the leader's pid. */
	struct tcb **pp = &tcb_hash[thr->pid % HASH_SIZE];
	while (*pp && *pp != thr)
		pp = &(*pp)->next;
	if (*pp)
		*pp = thr->next;
	thr->pid = leader;
	thr->dc.pid = leader;
	thr->next = tcb_hash[leader % HASH_SIZE];
	tcb_hash[leader % HASH_SIZE] = thr;
	if (!hide_log(thr) && opts.cflag != 1 && !(opts.quiet & QUIET_THREAD_EXECVE) && opts.json) {
		struct strbuf rec = { 0 };
		json_record_begin(&rec, "superseded", leader, NULL);
		sb_printf(&rec, ",\"old_pid\":%lu}", old);
		output_record(thr, &rec);
		sb_free(&rec);
	} else if (!hide_log(thr) && opts.cflag != 1 && !(opts.quiet & QUIET_THREAD_EXECVE)) {
		print_line(thr, "+++ superseded by execve in pid %lu +++", old);
	}
	thr->flags |= TCB_REPRINT;
	return thr;
}
