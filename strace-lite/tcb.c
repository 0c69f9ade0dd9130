// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The tracees, whichever backend traces them: the table of trace control blocks by pid, and
 * the lines that are not syscalls (signals, exits, exec by a thread), printed the same way for
 * the ptrace engine (engine.c) and the eBPF backend (bpf-run.c).
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
#include "common/event.h"
#include "common/json.h"
#include "strace-lite/probe/probe.h"
#include "common/proc.h"
#include "common/spawn.h"
#include "strace-lite/decode/siginfo.h"
#include "common/stacktrace.h"
#include "strace-lite/stackview.h"
#include "strace-lite/sttrace.h"
#include "common/log.h"

static struct tidtab tcbs;
pid_t strace_child;
static int exit_code;


static struct tcb *tcb_of(struct tid_node *n)
{
	return n ? container_of(n, struct tcb, node) : NULL;
}

struct tcb *pid2tcb(pid_t pid)
{
	return tcb_of(tidtab_find(&tcbs, pid));
}

unsigned int tcb_count(void)
{
	return tidtab_count(&tcbs);
}

struct tcb *tcb_first(void)
{
	return tcb_of(tidtab_first(&tcbs));
}

struct tcb *tcb_next(const struct tcb *tcp)
{
	return tcb_of(tidtab_next(&tcbs, &tcp->node));
}

/* What the program could read itself: a PROT_NONE page prints as its address, as strace's. */
static int tracee_read(struct dctx *c, uint64_t addr, void *buf, size_t len)
{
	return proc_vm_read_cached(c->pid, addr, buf, len);
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
	if (event_sinks_active()) {
		long tgid = proc_status_field(pid, "Tgid");
		t->tgid = tgid > 0 ? (pid_t)tgid : 0;
	}
	tidtab_add(&tcbs, &t->node, pid);
	return t;
}

/*
 * A tracee attached to (-p): the syscall it is blocked in, from /proc/PID/syscall, is what a
 * restart_syscall it makes next resumes (strace reads it from the registers at attach).
 */
void tcb_note_current_syscall(struct tcb *tcp)
{
	char path[64], buf[64];

	snprintf(path, sizeof(path), "/proc/%d/syscall", tcp->pid);
	FILE *f = fopen(path, "re");
	if (!f)
		return;
	char *line = fgets(buf, sizeof(buf), f);
	fclose(f);
	char *end;
	long nr = line ? strtol(line, &end, 10) : -1;
	if (!line || end == line || (*end != ' ' && *end != '\n') || nr < 0)
		return; /* "running", or -1: in no syscall */
	const struct sysent *se = sysent_get(nr);
	if (se && se->name)
		tcp->prev_name = se->name;
}

bool tcb_track_comm(void)
{
	return (dopts.decode_pids & DECODE_PID_COMM) || event_sinks_active();
}

void tcb_load_comm(struct tcb *tcp)
{
	char comm[sizeof(tcp->comm)];

	/* A process already gone keeps the name it had (bpf reads after the fact). */
	if (tcb_track_comm() && proc_comm(tcp->pid, comm, sizeof(comm)) >= 0)
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
	if (!tcb_track_comm())
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
	/* -u UID:GID: no supplementary groups (setgroups: none leaks from ours), as strace. */
	if ((opts.user_ids ? setgroups(0, NULL) : initgroups(opts.user, opts.gid)) < 0 ||
	    setgid(opts.gid) < 0 || setuid(opts.uid) < 0) {
		log_perror("-u %s", opts.user);
		return -errno;
	}
	return 0;
}

void tcb_catch_signals(void)
{
	proc_catch_signals(opts.intr == INTR_ANYWHERE  ? PROC_SIGS_DEFAULT :
			   opts.intr >= INTR_NEVER     ? PROC_SIGS_IGNORE :
							 PROC_SIGS_CATCH,
			   output_pipe_pid() != 0); /* -o '|head -1': its end is not ours */
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
	if (opts.stack)
		stacktrace_forget(tcp->pid);
	tidtab_remove(&tcbs, &tcp->node);
	if (printing_tcp == tcp)
		printing_tcp = NULL;
	if (tcp->curcol && opts.output_separately)
		output_unfinished(tcp);
	output_close(tcp);
	sb_free(&tcp->sb);
	sb_free(&tcp->stage);
	sb_free(&tcp->evargs);
	free(tcp->inject);
	free(tcp);
}

void tcb_interrupted(int sig)
{
	exit_code = 0x100 | sig;
}

int tcb_exit_status(void)
{
	return proc_exit_like(exit_code);
}

int tcb_exit_status_quiet(void)
{
	return exit_code > 0xff ? 0x80 | (exit_code & 0x7f) : exit_code;
}

/* ---- lines other than syscalls ---------------------------------------------------------- */

void print_line(struct tcb *tcp, const char *fmt, ...)
{
	va_list ap;

	if (syscall_limit_reached()) /* let go (--bpf watches on, silent, to the end) */
		return;
	printleader(tcp);
	va_start(ap, fmt);
	sb_vprintf(&tcp->sb, fmt, ap);
	va_end(ap);
	sb_putc(&tcp->sb, '\n');
	tcb_emit(tcp);
	line_ended(tcp);
}

/* EV as a record (--json) or as strace's line, with the -k stack after a signal's. */
static void write_event(struct tcb *tcp, const struct event *ev)
{
	if (syscall_limit_reached()) /* let go (--bpf watches on, silent, to the end) */
		return;
	if (opts.json) {
		struct strbuf rec = { 0 };
		event_write_json(&rec, ev);
		output_record(tcp, &rec);
		sb_free(&rec);
	} else {
		printleader(tcp);
		event_write_text(&tcp->sb, ev);
		if (opts.stack_lines && (ev->kind == EVENT_SIGNAL || ev->kind == EVENT_STOPPED))
			stacktrace_format(tcp->pid, &tcp->sb, opts.stack);
		tcb_emit(tcp);
		line_ended(tcp);
	}
	if (event_sinks_active()) {
		struct event named = *ev;
		named.comm = tcp->comm[0] ? tcp->comm : NULL;
		named.pid = tcp->tgid;
		event_publish(&named);
	}
}

void print_signal(struct tcb *tcp, const siginfo_t *si, int sig)
{
	struct strbuf info = { 0 };

	if (hide_log(tcp) || opts.cflag == 1 || !numset_has(&opts.signals, (unsigned)sig))
		return;
	tcp->dc.pid = tcp->pid;
	if (si) {
		/* The siginfo decoded aside: the line being built stays as it is. */
		struct strbuf *line = tcp->dc.sb;
		tcp->dc.sb = &info;
		print_siginfo(&tcp->dc, si);
		tcp->dc.sb = line;
	}
	struct event ev = { .kind = si ? EVENT_SIGNAL : EVENT_STOPPED, .tid = tcp->pid, .sig = sig,
			    .text = sb_str(&info), .len = info.len };
	write_event(tcp, &ev);
	sb_free(&info);
}

/* The tracee is gone with wait status STATUS: its last line, and its tcb dropped. */
void report_exit(struct tcb *tcp, int status)
{
	syscall_unfinished(tcp);
	tcp->ip_known = false; /* -i: the thread is gone */
	probe_forget(tcp->pid);
	if (tcp->pid == strace_child) {
		/* Past --syscall-limit strace no longer waits for it: its status is 0. */
		exit_code = syscall_limit_reached() ? 0 : proc_exit_code(status);
		strace_child = 0;
	}
	if (!(tcp->flags & TCB_SILENT) && opts.cflag != 1) {
		int sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
		struct event ev = { .kind = sig ? EVENT_KILLED : EVENT_EXITED, .tid = tcp->pid,
				    .sig = sig, .status = WEXITSTATUS(status),
				    .core_dumped = sig ? !!WCOREDUMP(status) : 0 };
		bool shown = sig ? numset_has(&opts.signals, (unsigned)sig) :
				   !(opts.quiet & QUIET_EXIT);
		if ((tcp->flags & TCB_EXEC_STAGED) && !(opts.status_mask & (1u << STATUS_DETACHED)))
			shown = false;
		if (shown)
			write_event(tcp, &ev);
		/* The stack of an exit_group, unwound at its entry, goes after the exit line. */
		if (!opts.json && opts.stack && stackview_exit(tcp)) {
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
	exit_code = proc_exit_code(status);
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
	/* -e status=: the thread's execve line ends here, shown only as "detached" output; its
	 * result, staged anew, goes by its own status (strace 7.2's memstream swap). */
	bool restage = thr->staging;
	if (restage) {
		thr->staging = false;
		if (opts.status_mask & (1u << STATUS_DETACHED)) {
			sb_printf(&thr->stage, " <pid changed to %d ...>\n", tcp->pid);
			output_publish_stage(thr);
		} else {
			sb_reset(&thr->stage);
		}
		thr->curcol = 0;
	} else if (thr->curcol && thr->outf) {
		fprintf(thr->outf, " <pid changed to %d ...>\n", tcp->pid);
	}
	FILE *f = thr->outf;
	thr->outf = tcp->outf;
	tcp->outf = f;
	thr->curcol = tcp->curcol;
	tcp->curcol = 0;
	pid_t leader = tcp->pid;
	droptcb(tcp);
	/* Known under the leader's pid from now on. */
	tidtab_rekey(&tcbs, &thr->node, leader);
	thr->pid = leader;
	thr->dc.pid = leader;
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
	if (opts.status_mask) {
		thr->flags |= TCB_EXEC_STAGED; /* --json too: its exit goes by the text's rule */
		if (!opts.json)
			thr->staging = restage;
	}
	return thr;
}

int program_lookup(char **argv, char *path, size_t len)
{
	const char *prog = argv[0];
	int rc = strlen(prog) >= len ? -ENAMETOOLONG :
		 proc_find_program_in(prog, program_search_path(), path, len);

	errno = -rc;
	if (rc == -ENAMETOOLONG)
		log_perror("exec");
	else if (rc < 0 && !strchr(prog, '/')) /* strace 7.2's words: not found in $PATH */
		log_error("Cannot find executable '%s'", prog);
	else if (rc < 0)
		log_perror("Cannot stat '%s'", prog);
	else if (opts.argv0)
		argv[0] = (char *)opts.argv0;
	return rc;
}
