// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * sttrace --bpf: load sysbpf.bpf.c, start or mark the tracees, and turn ring-buffer records
 * into the same lines the ptrace engine prints, through the same syscall_enter/syscall_exit,
 * decoders and tcb.c.  Decoders read tracee memory from what the kernel captured for the stop
 * (capture plans, plan.c) instead of from the live process.
 *
 * A spawned program is held on a pipe before its execve until every program is attached, so
 * nothing of it is missed; -p marks threads without stopping them.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <linux/capability.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "strace-lite/bpf/bpf-run.h"
#include "bpf/bpflib.h"
#include "bpf/ringread.h"
#include "strace-lite/bpf/bpf-plan.h"
#include "strace-lite/bpf/bpf-capture.h"
#include "strace-lite/bpf/bpf-inject.h"
#include "strace-lite/inject.h"
#include "common/clock.h"
#include "common/event.h"
#include "common/print.h"
#include "common/proc.h"
#include "common/spawn.h"
#include "common/backend.h"
#include "common/stacktrace.h"
#include "strace-lite/stackview.h"
#include "strace-lite/record/record.h"
#include "strace-lite/sttrace.h"
#include "gen/sysbpf.skel.h"
#include "common/log.h"

static struct sysbpf *skel;
static struct ringread *rb;
static struct proc_child held = { .pid = -1, .hold_fd = -1, .fail_fd = -1 }; /* the program */
static pid_t spawned;    /* the program we started, until we have reaped it */
static bool spawned_left; /* -b execve: detached from it at its exec */
static pid_t attached_pids[64]; /* -p */
static int daemon_level; /* -D, -DD, -DDD: the program in our process, we a grandchild */
static int nattached;

/* ---- errors ----------------------------------------------------------------------------- */

int bpfbe_error(const char *what, int err)
{
	log_error("--bpf: %s: %s", what, strerror(err < 0 ? -err : err));
	bpf_log_tail(getenv("STTRACE_BPF_LOG") ? 400 : 8);
	return err < 0 ? err : -err;
}

/* ---- setup ------------------------------------------------------------------------------ */

int bpfbe_events_fd(void)
{
	return skel ? bpf_map__fd(skel->maps.events) : -1;
}

int bpfbe_traced_fd(void)
{
	return skel ? bpf_map__fd(skel->maps.traced) : -1;
}

int bpfbe_injected_fd(void)
{
	return skel ? bpf_map__fd(skel->maps.injected) : -1;
}

int bpfbe_traced_gen_fd(void)
{
	return skel ? bpf_map__fd(skel->maps.traced_gen) : -1;
}

static const char *cgroup_dir; /* --cgroup: traced while it has processes */
static uint64_t cgroup_id;

/* Decoding from captured records, live or replayed (replay.c). */
void bpfbe_decode_setup(void)
{
	if (opts.percentiles) /* each call's wall time, counted in user space */
		opts.wflag = true;
	stacktrace_use_copies(opts.stack > 0);
	tcb_reader = capture_read;
	tcb_str_reader = capture_read_str;
	tracee_readlink_hook = capture_readlink;
	tracee_deleted_hook = capture_deleted;
	pid_comm_hook = tcb_pid_comm;
	pid_comm_at_stop_hook = capture_comm;
	kvm_exit_reason_hook = capture_kvm_exit;
	tcb_comm_from_events = true;
	sockdiag_view_hook = capture_sockview;
}

static int bpfbe_init(const struct backend_cfg *cfg)
{
	int err;

	/* Loading takes a while: a signal meanwhile must still end us through finish(). */
	tcb_catch_signals();
	cgroup_dir = cfg->cgroup_dir;
	cgroup_id = cfg->cgroup_id;
	daemon_level = cfg->daemon;

	err = bpf_ready();
	if (err < 0)
		return err;
	skel = sysbpf__open();
	if (!skel)
		return bpfbe_error("open", -errno);
	/* The ring buffer's size (a power of two, in KiB): for tests that must overflow it. */
	const char *rbkb = getenv("STTRACE_BPF_RINGBUF_KB");
	if (rbkb && atoi(rbkb) >= 4)
		bpf_map__set_max_entries(skel->maps.events, (unsigned int)atoi(rbkb) * 1024);
	/* --percentiles want each call's time: counted in user space, as wall time (the kernel's
	 * sums are wall time too). */
	/* --syscall-limit counts the calls shown, each at its exit in user space: -c then
	 * counts from the events too, up to the limit. */
	skel->rodata->stats_only = opts.cflag == 1 && !opts.percentiles && !opts.record &&
				   opts.syscall_limit < 0;
	skel->rodata->overhead_ns = (uint64_t)(opts.overhead * 1e9 + 0.5);
	skel->rodata->cgroup_id = cgroup_id;
	bpfbe_decode_setup();
	skel->rodata->want_stack = opts.stack > 0;
	skel->rodata->wall_clock = opts.wflag;
	skel->rodata->want_wall = summary_needs_wall();
	/* The kernel's clock only for what shows or keeps a call's time; else tnow() asks. */
	skel->rodata->want_ts = opts.ts_format || opts.rflag || opts.Tflag || opts.cflag ||
				opts.json || opts.record || event_sinks_active();
	uint32_t ring = bpf_map__max_entries(skel->maps.events);
	skel->rodata->query_bytes = ring / 8 < (64u << 10) ? ring / 8 : 64u << 10;
	skel->rodata->trace_all = opts.trace_all && !opts.trace.negated;
	if (!skel->rodata->trace_all)
		for (unsigned int n = 0; n < SYS_MAX; n++)
			if (numset_has(&opts.trace, n) || !sysent_get(n) ||
			    /* (a number without a name is traced whatever -e trace= says) */
			    /* renames, for the names of pids or of tracks (user space filters it out) */
			    (n == __NR_prctl && tcb_track_comm()))
				skel->rodata->trace_bits[n / 64] |= 1ull << (n % 64);
	unsigned int chase = print_opts_get()->max_strlen + 1;
	/* Sockets are described for -yy, and for the netlink decoders (a send's or receive's
	 * buffer is netlink messages on a netlink socket: its protocol says which). */
	skel->rodata->want_sockets = true;
	skel->rodata->inject_on = inject_enabled();
	skel->rodata->want_pidns = dopts.decode_pids & DECODE_PID_NS;
	skel->rodata->chase_size = chase < 256 ? 256 : chase > 65536 ? 65536 : chase;
	skel->rodata->cap_budget = opts.dump_io ? CAP_BUDGET + DUMP_MAX : CAP_BUDGET;
	static struct plan plans[SYS_MAX];
	skel->rodata->plan_uses = bpf_plans_build(plans, skel->rodata->trace_all,
						  (const uint64_t *)skel->rodata->trace_bits);
	err = sysbpf__load(skel);
	if (err)
		return bpfbe_error("loading the syscall programs", err);

	int pfd = bpf_map__fd(skel->maps.plans);
	for (unsigned int n = 0; n < SYS_MAX; n++)
		if (plans[n].nops && bpf_map_update_elem(pfd, &n, &plans[n], BPF_ANY) < 0)
			return bpfbe_error("capture plans", -errno);
	err = sysbpf__attach(skel);
	if (err)
		return bpfbe_error("attaching to sys_enter/sys_exit", err);
	rb = ringread_new(bpf_map__fd(skel->maps.events), bpfbe_handle_event, NULL);
	if (!rb)
		return bpfbe_error("ring buffer", -errno);
	return opts.record && record_open(opts.record) < 0 ? -EIO : 0;
}

static int mark(pid_t tid, uint32_t flags)
{
	uint32_t key = tid, v = TRACED_ON | (opts.followfork ? TRACED_FOLLOW : 0) |
				(opts.detach_on_execve ? TRACED_DETACH_EXEC | flags : 0) |
				(flags & TRACED_PRE_EXEC);

	if (bpf_map_update_elem(bpfbe_traced_fd(), &key, &v, BPF_ANY) < 0)
		return -errno;
	return 0;
}

static int become_user(void *arg)
{
	return tcb_become_user();
}

static int install_filter(void *arg)
{
	return bpf_inject_install();
}

/*
 * The program could not start: said after the lines of its failed execve, as under ptrace
 * (where it waits at the execve's exit for them), not when the child says it before they are
 * read.  Once gone: then it has said all it had to.
 */
static void said_exec_failure(void)
{
	int err = proc_exec_failure(&held);

	if (err < 0) {
		errno = -err;
		log_perror("exec");
	}
}

static void daemon_exec_failed(const char *path, int err, void *arg)
{
	errno = -err;
	log_perror("exec");
}

/*
 * -D: the program runs in our process (its pid and parent kept, and so its exit status for
 * whoever waits for it), held on the pipe; we go on in a grandchild (-DD: in a process group of
 * its own, -DDD: a session), not its parent: ours to watch, as with -p, not to reap or kill.
 * Nothing needs us to be its parent here, as ptrace does.  Returns in the tracer only.
 */
static int spawn_daemon(const char *path, char **argv)
{
	struct proc_spawn sp = { .hold = PROC_HOLD_PIPE, .exec_fail_code = 1, .hold_fail_code = 1,
				 .before_exec = become_user, .exec_failed = daemon_exec_failed,
				 .before_hold = inject_enabled() ? install_filter : NULL };
	int rc = proc_spawn_daemon(path, argv, &sp, daemon_level, &held);

	if (rc < 0) {
		errno = -rc;
		log_perror("fork");
		return rc;
	}
	rc = mark(held.pid, TRACED_FIRST_EXEC | TRACED_PRE_EXEC);
	if (rc < 0) {
		proc_release(&held, false);
		return bpfbe_error("traced map", rc);
	}
	if (inject_enabled() && (rc = bpf_inject_take(held.pid)) < 0) {
		proc_release(&held, false);
		return rc == -ESRCH ? rc : bpfbe_error("-e inject=: the program's seccomp listener", rc);
	}
	strace_child = held.pid;
	alloctcb(held.pid, TCB_STARTUP | TCB_HIDE_LOG | TCB_SPAWNED | TCB_ATTACHED);
	record_note(REC_SPAWNED, held.pid, 0);
	return 0;
}

static int bpfbe_spawn(char **argv)
{
	char path[PATH_MAX];
	/* Held until every program is attached, gone with us if we die first; our handlers
	 * are not the program's: a signal that ends us must end it too. */
	struct proc_spawn sp = { .hold = PROC_HOLD_PIPE, .pdeathsig = true,
				 .exec_fail_code = 1, .before_exec = become_user,
				 .before_hold = inject_enabled() ? install_filter : NULL,
				 .defer_fail = true };
	int rc = program_lookup(argv, path, sizeof(path));

	if (rc < 0)
		return rc;
	if (daemon_level)
		return spawn_daemon(path, argv);
	if ((rc = proc_spawn(path, argv, &sp, &held)) < 0) {
		errno = -rc;
		log_perror("fork");
		return rc;
	}
	rc = mark(held.pid, TRACED_FIRST_EXEC | TRACED_PRE_EXEC);
	if (rc < 0) {
		kill(held.pid, SIGKILL);
		return bpfbe_error("traced map", rc);
	}
	if (inject_enabled() && (rc = bpf_inject_take(held.pid)) < 0) {
		kill(held.pid, SIGKILL);
		waitpid(held.pid, NULL, 0);
		/* -ESRCH: the child could not install the filter, and said why. */
		return rc == -ESRCH ? rc : bpfbe_error("-e inject=: the program's seccomp listener", rc);
	}
	strace_child = spawned = held.pid;
	alloctcb(held.pid, TCB_STARTUP | TCB_HIDE_LOG | TCB_SPAWNED);
	record_note(REC_SPAWNED, held.pid, 0);
	return 0;
}

static int bpfbe_attach(pid_t pid)
{
	pid_t *tids;
	int n = proc_list_threads(pid, &tids);

	if (n < 0) {
		errno = n == -ENOENT ? ESRCH : -n;
		log_perror("attach: %d", pid);
		return n;
	}
	for (int i = 0; i < n; i++) {
		if (pid2tcb(tids[i]))
			continue;
		int rc = mark(tids[i], 0);
		if (rc < 0) {
			free(tids);
			return bpfbe_error("traced map", rc);
		}
		/* "attached" is said in bpfbe_run, once the probes are attached too. */
		tcb_note_current_syscall(alloctcb(tids[i], TCB_ATTACHED));
		record_note(REC_ATTACHED, tids[i], 0);
	}
	free(tids);
	if (nattached < (int)(sizeof(attached_pids) / sizeof(attached_pids[0])))
		attached_pids[nattached++] = pid;
	return 0;
}

/* ---- events ----------------------------------------------------------------------------- */

struct tcb *bpfbe_tcb(pid_t tid)
{
	struct tcb *tcp = pid2tcb(tid);

	if (!tcp)
		tcp = new_child(tid, 0);
	return tcp;
}

/* The last thread of process TGID is gone with wait status CODE: a leader that went first. */
static void on_group_dead(pid_t tgid, int code)
{
	struct tcb *leader = pid2tcb(tgid);

	if (leader && (leader->flags & TCB_LEADER_EXITED))
		report_exit(leader, code);
}

static void on_exit_event(const struct ev_exit *e)
{
	struct tcb *tcp = pid2tcb(e->h.tid);
	struct tmem *t = tmem_get(e->h.tid, false);

	/* Gone inside a call whose entry waited for its exit: the entry still prints. */
	if (t && t->deferred && tcp && !e->by_exec)
		bpfbe_enter_deferred(tcp, t);
	if ((pid_t)e->h.tid == spawned)
		said_exec_failure();
	tmem_drop(e->h.tid);
	if (e->group_dead && e->h.tid != e->h.tgid && !e->by_exec) {
		if (tcp)
			report_exit(tcp, e->code);
		on_group_dead(e->h.tgid, e->code);
		return;
	}
	if (!tcp)
		return;
	if (e->by_exec) {
		/* Killed inside a call (the kernel reported no exit for it): "= ?" now, before
		 * the exec'ing thread's lines, as ptrace's exit event does. */
		syscall_unfinished(tcp);
		/* The leader stays for the exec'ing thread to take over (on_exec). */
		if (e->h.tid != e->h.tgid) {
			tcp->flags &= ~TCB_INSYSCALL;
			droptcb(tcp);
		}
		return;
	}
	if (e->h.tid == e->h.tgid && !e->group_dead) {
		/*
		 * The leader's own exit (SYS_exit) while other threads run on.  ptrace reports it
		 * when the process is gone, with the process's status (or, if a thread execs, as
		 * superseded): the tcb waits for that, its exit call's line ends now.
		 */
		syscall_unfinished(tcp);
		tcp->flags |= TCB_LEADER_EXITED;
		return;
	}
	report_exit(tcp, e->code);
}

static void on_exec(const struct ev_exec *e)
{
	struct tcb *tcp = pid2tcb(e->h.tid);

	if (e->old_tid != e->h.tid) {
		struct tcb *old = pid2tcb(e->old_tid);
		if (!tcp && old) {
			/* The leader's tcb went with its exit: the thread takes its pid. */
			tcp = alloctcb(e->h.tid, 0);
		}
		if (tcp && old)
			tcp = exec_switch(tcp, e->old_tid);
		tmem_rename(e->old_tid, e->h.tid);
	}
	if (!tcp)
		return;
	if (e->detached) {
		/* -b execve: the program runs on untraced, its exit status not ours (0). */
		if (tcp->pid == held.pid)
			spawned_left = true;
		report_detach(tcp);
		return;
	}
	tcb_set_comm(tcp, e->comm, sizeof(e->comm));
	if ((tcp->flags & TCB_HIDE_LOG) && (tcp->flags & TCB_SPAWNED))
		tcp->flags &= ~TCB_HIDE_LOG; /* its execve was not traced */
	tcp->flags &= ~TCB_CHECK_EXEC;
}

int bpfbe_handle_event(void *ctx, void *data, size_t len)
{
	const struct ev_hdr *h = data;

	/* A call whose thread the kernel held as it returned (-e inject=...:poke_exit=): poked
	 * before its exit is recorded and decoded, as a ptrace exit stop pokes. */
	struct ev_sysret ret;
	bool is_ret = bpfbe_sysret(data, len, &ret);
	if (is_ret)
		bpf_inject_exit_hold((pid_t)h->tid, (pid_t)h->tgid, ret.scno);
	record_event(data, len);
	if (len < sizeof(*h) || (record_only() && h->kind <= EV_PIDNS && h->kind != EV_SIGNAL &&
				  h->kind != EV_FORK && h->kind != EV_EXEC && h->kind != EV_EXIT))
		return 0; /* recorded, not printed: only the threads' lives matter */
	clock_event_set(h->ts);
	if (event_sinks_active()) {
		struct tcb *tcp = pid2tcb((pid_t)h->tid);
		if (tcp)
			tcp->tgid = (pid_t)h->tgid;
	}
	switch (h->kind) {
	case EV_MEM:
	case EV_FD:
	case EV_ROMAP: /* read from its file: EV_MEM records, through here again */
		capture_event(data, len, bpfbe_handle_event, ctx);
		break;
	case EV_STACK: {
		const struct ev_stack *s = data;
		if (len >= offsetof(struct ev_stack, data) &&
		    h->len <= len - offsetof(struct ev_stack, data) && h->len <= EV_STACK_MAX)
			stacktrace_copy_set(h->tid, h->tgid, (const uint64_t *)s->regs, s->data, h->len);
		break;
	}
	case EV_PIDNS: {
		const struct ev_pidns *p = data;
		if (len >= sizeof(*p))
			pidns_learn(h->tid, h->tgid, p->ns_inum, p->ns_ids, p->init_ids);
		break;
	}
	case EV_SYS_ENTER:
		if (len >= sizeof(struct ev_sys))
			bpfbe_sys_enter(data);
		break;
	case EV_SYS_EXIT:
		if (is_ret)
			bpfbe_sys_exit(&ret);
		break;
	case EV_SIGNAL: {
		const struct ev_signal *s = data;
		struct tcb *tcp = pid2tcb(h->tid);
		siginfo_t si;
		if (!tcp || len < sizeof(*s))
			break;
		memset(&si, 0, sizeof(si));
		memcpy(&si, s->siginfo, sizeof(si) < sizeof(s->siginfo) ? sizeof(si) :
									  sizeof(s->siginfo));
		/* The probes' own holds (a SIGSTOP from the kernel, our SIGCONT): not the
		 * program's signals. */
		if (bpf_probes_signal_is_ours(h->tid, s->sig, &si))
			break;
		tcp->ip = s->ip;
		tcp->ip_known = true;
		print_signal(tcp, &si, s->sig);
		if (s->stopped)
			print_signal(tcp, NULL, s->sig);
		break;
	}
	case EV_FORK: {
		const struct ev_fork *f = data;
		if (len >= sizeof(*f) && f->not_followed) {
			/* ptrace would have been attached to it, and let it go (engine.c). */
			if (!(opts.quiet & QUIET_ATTACH))
				log_warn("Detached unknown pid %d", (int)f->child);
			break;
		}
		if (len >= sizeof(*f) && !pid2tcb(f->child))
			tcb_set_comm(new_child(f->child, 0), f->comm, sizeof(f->comm));
		break;
	}
	case EV_EXEC:
		if (len >= sizeof(struct ev_exec))
			on_exec(data);
		break;
	case EV_EXIT:
		if (len >= sizeof(struct ev_exit))
			on_exit_event(data);
		break;
	default:
		if (h->kind >= EV_PROBE && h->kind < EV_PROBE + 16) {
			struct tcb *tcp = pid2tcb(h->tid);
			if (!tcp)
				tcp = bpfbe_tcb(h->tid);
			bpf_probes_event(tcp, data, len);
			capture_pending_clear(h->tid); /* its strings read from files */
		}
		break;
	}
	clock_event_set(0);
	return 0;
}

static uint64_t lost_events(void)
{
	int ncpu = libbpf_num_possible_cpus();
	uint64_t sum = 0;
	uint32_t zero = 0;

	if (ncpu <= 0)
		return 0;
	uint64_t v[ncpu];
	if (bpf_map_lookup_elem(bpf_map__fd(skel->maps.lost), &zero, v) == 0)
		for (int i = 0; i < ncpu; i++)
			sum += v[i];
	return sum;
}

static void finish(void)
{
	struct tcb *tcp;

	while ((tcp = tcb_first())) {
		uint32_t key = tcp->pid;
		bpf_map_delete_elem(bpfbe_traced_fd(), &key);
		/* Like strace: a program we started gets the signal we got. */
		if (tcp->pid == strace_child && !(tcp->flags & TCB_ATTACHED)) {
			proc_kill_spawned(tcp->pid, proc_interrupted());
		}
		report_detach(tcp);
	}
}

/*
 * The program we started is our child: reaped as soon as it has exited (never a zombie while
 * other tracees run on, as under ptrace), after the records it left in the ring buffer.  Its
 * wait status is the process's, whatever its threads' exits said; a leader that exited before
 * its threads, untraced without -f, is reported with it.
 */
static void spawned_gone(pid_t p, int st)
{
	spawned = 0;
	ringread_consume(rb);
	if (spawned_left)
		return; /* reaped, but its exit is not ours to show nor to pass on */
	said_exec_failure();
	record_note(REC_REAPED, p, st);
	tcb_reaped(p, st);
}

/*
 * Our other children: a child the program cloned with CLONE_PARENT (its parent is the
 * program's parent, us), or one we inherited.  Left a zombie, it would stay visible to the
 * program (kill(pid, 0) succeeds): one that waits for it to vanish would wait forever.  strace,
 * whose wait4(-1) reaps every child, says "Exit of unknown pid N ignored" for one it does not
 * trace; a traced one's exit has its own record.  HOW: WNOHANG or 0, for the program only.
 */
static void reap_children(int how)
{
	int st;
	pid_t p;

	if (spawned > 0) {
		while ((p = waitpid(spawned, &st, how)) < 0 && errno == EINTR && !how)
			;
		if (p == spawned)
			spawned_gone(p, st);
	}
	while ((p = waitpid(-1, &st, WNOHANG | __WALL)) > 0) {
		if (p == spawned) {
			spawned_gone(p, st);
			continue;
		}
		if (p == output_pipe_pid()) {
			output_pipe_reaped(st); /* -o '|COMMAND' ended early */
			continue;
		}
		ringread_consume(rb);
		record_note(REC_UNKNOWN_EXIT, p, 0);
		if (!pid2tcb(p) && !(opts.quiet & QUIET_EXIT))
			log_warn("%s of unknown pid %d ignored",
				 WIFSIGNALED(st) ? "Termination" : "Exit", p);
	}
}

/*
 * Nothing came for a while: threads whose exit record never arrived (killed while held, or the
 * record lost to a full ring buffer) are gone all the same, and leave without a line, the loss
 * having been counted.  "Nothing came" only means no wake-up: records are read first, and a
 * thread must be missing at two looks in a row (an exec'ing thread loses its pid before its
 * exec record is written).
 */
static void reap_silent(void)
{
	ringread_consume(rb);
	record_flush();
	for (struct tcb *tcp = tcb_first(), *next; tcp; tcp = next) {
		next = tcb_next(tcp);
		if (tcp->pid == strace_child || proc_thread_exists(tcp->pid)) {
			tcp->flags &= ~TCB_VANISHED;
		} else if (!(tcp->flags & TCB_VANISHED)) {
			tcp->flags |= TCB_VANISHED;
		} else {
			record_note(REC_VANISHED, tcp->pid, 0);
			tmem_drop(tcp->pid);
			tcp->flags &= ~TCB_INSYSCALL;
			droptcb(tcp);
		}
	}
}

/*
 * -p: "attached", and a thread found stopped says so as ptrace's first stop does ("--- stopped
 * by SIGSTOP ---"): no signal will come to tell it.
 */
static void said_attached(struct tcb *tcp)
{
	int sig = proc_stop_signal(tcp->pid);

	record_note(REC_SAID_ATTACHED, tcp->pid, sig);

	if (!(opts.quiet & QUIET_ATTACH))
		log_info("Process %d attached", tcp->pid);
	if (sig > 0)
		print_signal(tcp, NULL, sig);
}

/*
 * Wait up to 10 ms for records, or for a seccomp notification (-e inject=), which is answered
 * after the records before it are read; > 0 if anything came.
 */
static int wait_events(void)
{
	if (bpf_inject_fd() < 0)
		return ringread_poll(rb, 10);
	struct pollfd p[2] = { { ringread_epoll_fd(rb), POLLIN, 0 },
			       { bpf_inject_fd(), POLLIN, 0 } };
	if (poll(p, 2, 10) < 0)
		return -errno;
	int n = ringread_consume(rb);
	if (n >= 0 && (p[1].revents & POLLIN) && bpf_inject_answer())
		n++;
	if (p[1].revents & (POLLHUP | POLLERR | POLLNVAL))
		bpf_inject_close(); /* no task is left with the filter */
	return n;
}

static int bpfbe_run(void)
{
	int rc = 0;

	if (strace_child && bpf_probes_attach(strace_child, true) < 0)
		rc = -1;
	for (int i = 0; rc == 0 && i < nattached; i++)
		if (bpf_probes_attach(attached_pids[i], false) < 0)
			rc = -1;
	for (struct tcb *t = tcb_first(); rc == 0 && t; t = tcb_next(t))
		if (t->flags & TCB_ATTACHED)
			said_attached(t);
	/* Everything is attached: let the program exec (or die, if attaching failed). */
	if (held.hold_fd >= 0 && proc_release(&held, rc == 0 && !proc_interrupted()) < 0)
		rc = -1;
	while (rc == 0 && !proc_interrupted() &&
	       (tcb_count() > 0 || (cgroup_dir && proc_cgroup_populated(cgroup_dir)))) {
		/* The kernel side wakes us only for a full batch: look every 10 ms. */
		int n = wait_events();
		if (n < 0 && n != -EINTR) {
			bpfbe_error("ring buffer", n);
			break;
		}
		reap_children(WNOHANG);
		if (n == 0)
			reap_silent();
	}
	ringread_consume(rb);
	/* Its last record seen, it may still be on its way to a zombie. */
	reap_children(proc_interrupted() || tcb_count() ? WNOHANG : 0);
	if (proc_interrupted() || tcb_count())
		finish();
	if (proc_interrupted())
		tcb_interrupted(proc_interrupted());
	bpf_inject_close();
	bpf_probes_detach();
	if (opts.cflag) {
		bpf_stats_collect(bpf_map__fd(skel->maps.stats), bpf_map__fd(skel->maps.stats_far));
		summary_print(output_shared());
	}
	if (opts.stack)
		stackview_finish(output_shared());
	uint64_t lost = lost_events();
	if (record_close(proc_interrupted(), lost) < 0)
		rc = -1;
	output_finish();
	if (lost)
		log_warn("--bpf: %llu events lost (ring buffer full): the trace is incomplete",
			 (unsigned long long)lost);
	ringread_free(rb);
	sysbpf__destroy(skel);
	skel = NULL;
	if (rc < 0)
		return 1;
	/* An incomplete trace must not look like a complete one to a script. */
	int status = tcb_exit_status();
	return lost && status == 0 ? 1 : status;
}

/* The eBPF backend (--bpf), as sttrace.c's table registers it. */
const struct backend bpfbe_backend = {
	.name = "bpf",
	.init = bpfbe_init,
	.attach = bpfbe_attach,
	.spawn = bpfbe_spawn,
	.run = bpfbe_run,
};
