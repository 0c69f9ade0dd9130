// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * lttrace's ptrace backend: start or seize the tracees, wait for their stops, and hand each
 * breakpoint trap to lt-space.c, each syscall stop (-S) and process event to the formatter.
 *
 * Every thread and every child is followed, with -f or not: they run the same text, int3s
 * included, and an int3 nobody steps over kills.  Without -f, a forked child (its own copy of
 * memory) gets its original bytes back and is let go; a child sharing our memory (vfork,
 * posix_spawn) is followed silently until it execs or exits.  Leaving — the end, a signal,
 * a reader that went away (`lttrace ./prog 2>&1 | head -1`), an error — always goes through
 * cleanup(): every int3 out, every thread stopped on one rewound, every thread detached; a
 * program we started runs on to its own end when only the output is gone.
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <linux/kcmp.h>
#include <signal.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/proc.h"
#include "common/spawn.h"
#include "common/backend.h"
#include "common/sysname.h"
#include "common/log.h"
#include "uprobe/bp.h"
#include "ltrace-lite/lt-ptrace.h"

static struct tidtab threads;
static pid_t child_pid;

/* Children announced by their parent's fork event, with the parent's calls at that moment
 * (fork() among them: it returns in the child too). */
static struct {
	pid_t child, parent;
	struct frame *frames;
	size_t nframes;
} forks[64];

static struct thr *thr_of(struct tid_node *n)
{
	return n ? container_of(n, struct thr, node) : NULL;
}

static struct thr *thr_find(pid_t tid)
{
	return thr_of(tidtab_find(&threads, tid));
}

static struct thr *thr_new(pid_t tid, pid_t tgid, struct space *sp, bool silent)
{
	struct thr *t = calloc(1, sizeof(*t));

	if (!t)
		return NULL;
	t->tid = tid;
	t->tgid = tgid;
	t->sp = sp;
	space_ref(sp);
	t->silent = silent;
	t->startup = true;
	tidtab_add(&threads, &t->node, tid);
	return t;
}

static void thr_free(struct thr *t)
{
	tidtab_remove(&threads, &t->node);
	thr_drop_frames(t);
	free(t->sys_cookie);
	space_unref(t->sp);
	free(t);
}

/* No EXITKILL, spawned or not: killing lttrace lets the program run on, its int3s restored by
 * the guard (uprobe/guard.h). */
static unsigned long ptrace_options(void)
{
	return PTRACE_O_TRACESYSGOOD | PTRACE_O_TRACEEXEC | PTRACE_O_TRACEFORK |
	       PTRACE_O_TRACEVFORK | PTRACE_O_TRACECLONE;
}

static void exec_failed(const char *path, int err, void *arg)
{
	log_error("%s: %s", path, strerror(-err));
}

static int lt_spawn(char **argv)
{
	char path[PATH_MAX];
	struct proc_spawn sp = { .hold = PROC_HOLD_STOP, .exec_failed = exec_failed };
	struct proc_child child;
	int rc = proc_find_program(argv[0], path, sizeof(path));

	if (rc < 0) {
		log_error("%s: %s", argv[0], strerror(-rc));
		return rc;
	}
	if ((rc = proc_spawn(path, argv, &sp, &child)) < 0) {
		log_error("%s: %s", child.pid < 0 ? "fork" : "waitpid", strerror(-rc));
		return rc;
	}
	if (ptrace(PTRACE_SEIZE, child.pid, 0L, ptrace_options()) < 0) {
		rc = -errno;
		proc_release(&child, false);
		log_error("ptrace(PTRACE_SEIZE, %d): %s", child.pid, strerror(-rc));
		return rc;
	}
	proc_release(&child, true);
	child_pid = child.pid;
	struct thr *t = thr_new(child.pid, child.pid, NULL, false);
	return t ? 0 : -ENOMEM;
}

static bool traced(pid_t tid)
{
	return thr_find(tid) != NULL;
}

static void seized(pid_t tid, void *arg)
{
	struct thr *t = thr_new(tid, *(pid_t *)arg, NULL, false);

	if (t)
		t->attached = true;
}

static int lt_attach(pid_t pid)
{
	pid_t failed;
	int rc = proc_seize(pid, ptrace_options(), traced, seized, &pid, &failed);

	if (rc < 0)
		log_error("cannot attach to process %d: %s", failed, strerror(-rc));
	return rc;
}

/* ---- events ------------------------------------------------------------------------------- */

static pid_t status_field(pid_t pid, const char *key)
{
	return (pid_t)proc_status_field(pid, key);
}

static void copy_frames(struct thr *to, const struct frame *from, size_t n)
{
	if (!n || !(to->frames = malloc(n * sizeof(*to->frames))))
		return;
	memcpy(to->frames, from, n * sizeof(*to->frames));
	to->nframes = to->cap = n;
	for (size_t i = 0; i < to->nframes; i++) {
		to->frames[i].v.priv = to;
		to->frames[i].v.pid = to->tid;
		to->frames[i].cookie = NULL;
	}
}

/*
 * The first stop of a thread we have not met: a thread of a traced process, or a child
 * (its parent's fork event may come before or after this stop).  NULL when it was let go.
 */
static struct thr *new_tracee(pid_t pid)
{
	pid_t tgid = status_field(pid, "Tgid"), ppid;

	for (struct tid_node *n = tidtab_first(&threads); n; n = tidtab_next(&threads, n)) {
		struct thr *t = thr_of(n);
		if (t->tgid == tgid)
			return thr_new(pid, tgid, t->sp, t->silent);
	}
	ppid = status_field(pid, "PPid");
	struct thr *pt = NULL;
	const struct frame *frames = NULL;
	size_t nframes = 0;
	for (size_t i = 0; i < 64; i++)
		if (forks[i].child == pid && (pt = thr_find(forks[i].parent))) {
			frames = forks[i].frames;
			nframes = forks[i].nframes;
		}
	/* No fork event yet: the parent is still stopped in it, its calls as they were. */
	if (!pt && (pt = thr_find(ppid))) {
		frames = pt->frames;
		nframes = pt->nframes;
	}
	if (!pt || !pt->sp)
		return thr_new(pid, tgid, NULL, pt ? pt->silent || !lt_opts.follow : !lt_opts.follow);
	bool shared = syscall(SYS_kcmp, pid, pt->tgid, KCMP_VM, 0, 0) == 0;
	if (shared) {
		/* A vfork child (the parent's memory, a process of its own): it returns from the
		 * parent's open calls too, vfork() first: `<... vfork resumed> ) = 0`, as ltrace. */
		struct thr *t = thr_new(pid, tgid, pt->sp, pt->silent || !lt_opts.follow);
		if (t && !t->silent)
			copy_frames(t, frames, nframes);
		return t;
	}
	if (!lt_opts.follow || pt->silent) {
		/* Its own copy of our int3s: put the bytes back and let it run. */
		space_unbreak(pt->sp, pid);
		ptrace(PTRACE_DETACH, pid, 0L, 0L);
		return NULL;
	}
	struct space *s = space_fork(pt->sp, pid);
	struct thr *t = thr_new(pid, tgid, s, false);
	space_unref(s); /* the thread holds it */
	if (t)
		copy_frames(t, frames, nframes);
	return t;
}

static void emit_simple(struct thr *t, enum lt_ev_kind kind, int sig, int status)
{
	struct lt_event ev = { .kind = kind, .pid = t->tid, .tgid = t->tgid, .sig = sig,
			       .status = status };

	/* -i on a line that is no call: where the thread is, as ltrace. */
	if (lt_opts.iflag && kind == LT_EV_SIGNAL) {
		errno = 0;
		long ip = ptrace(PTRACE_PEEKUSER, t->tid, (void *)offsetof(struct user_regs_struct, rip),
				 0L);
		ev.ret_addr = errno ? 0 : (uint64_t)ip;
	}

	if (!t->silent)
		lt_emit(&ev);
}

static void handle_exit(struct thr *t, int status)
{
	if (t->in_syscall && !t->silent) {
		struct lt_event ev = { .kind = LT_EV_GONE, .pid = t->tid };
		lt_emit(&ev);
	}
	thr_drop_frames(t);
	if (t->tid == child_pid)
		child_pid = 0;
	/* Every thread's end, as ltrace prints it. */
	if (WIFSIGNALED(status))
		emit_simple(t, LT_EV_KILLED, WTERMSIG(status), 0);
	else
		emit_simple(t, LT_EV_EXITED, 0, WEXITSTATUS(status));
	thr_free(t);
}

static bool handle_exec(struct thr *t)
{
	unsigned long old = 0;

	if (ptrace(PTRACE_GETEVENTMSG, t->tid, 0L, &old) == 0 && (pid_t)old != t->tid && old) {
		struct thr *o = thr_find((pid_t)old);
		if (o)
			thr_free(o);
	}
	thr_drop_frames(t);
	t->in_syscall = false;
	if (t->silent && t->sp) {
		/* A vfork child we only followed for the int3s it shared: its new image has none. */
		ptrace(PTRACE_DETACH, t->tid, 0L, 0L);
		thr_free(t);
		return false;
	}
	if (t->sp)
		emit_simple(t, LT_EV_EXEC, 0, 0);
	space_orphan(t->sp, t->tgid);
	space_unref(t->sp);
	t->tgid = t->tid;
	t->sp = space_new(t->tid, true);
	if (!t->sp)
		log_error("process %d: cannot open its memory: %s", t->tid, strerror(errno));
	return true;
}

static int tracee_read(void *priv, uint64_t addr, void *buf, size_t len)
{
	return proc_mem_read(((struct thr *)priv)->tid, addr, buf, len);
}

static void handle_syscall(struct thr *t)
{
	struct __ptrace_syscall_info info;
	char name[64];

	if (t->silent || ptrace(PTRACE_GET_SYSCALL_INFO, t->tid, (void *)sizeof(info), &info) < 0)
		return;
	struct lt_event ev = { .pid = t->tid, .tgid = t->tgid, .name = name, .v = &t->sys_v,
			       .depth = (int)t->nframes + 1, .cookie = &t->sys_cookie };
	if (info.op == PTRACE_SYSCALL_INFO_ENTRY) {
		t->in_syscall = true;
		t->sysno = (long)info.entry.nr;
		clock_gettime(CLOCK_MONOTONIC, &t->sys_t0);
		memset(&t->sys_v, 0, sizeof(t->sys_v));
		t->sys_v.pid = t->tid;
		memcpy(t->sys_v.iregs, info.entry.args, sizeof(t->sys_v.iregs));
		t->sys_v.read = tracee_read;
		t->sys_v.priv = t;
		t->sys_v.strsize = lt_opts.strsize;
		t->sys_v.arraylen = lt_opts.arraylen;
		ev.kind = LT_EV_SYSCALL;
		ev.proto = lt_sys_proto(t->sysno, name, sizeof(name));
		int nargs = syscall_nargs(t->sysno);
		ev.nsysargs = nargs >= 0 ? nargs : 6;
		memcpy(ev.sysargs, info.entry.args, sizeof(ev.sysargs));
		lt_emit(&ev);
	} else if (info.op == PTRACE_SYSCALL_INFO_EXIT && t->in_syscall) {
		struct timespec now;
		t->in_syscall = false;
		clock_gettime(CLOCK_MONOTONIC, &now);
		t->sys_v.ret = (uint64_t)info.exit.rval;
		ev.kind = LT_EV_SYSRET;
		ev.proto = lt_sys_proto(t->sysno, name, sizeof(name));
		ev.spent = (double)(now.tv_sec - t->sys_t0.tv_sec) +
			   (double)(now.tv_nsec - t->sys_t0.tv_nsec) / 1e9;
		lt_emit(&ev);
		free(t->sys_cookie);
		t->sys_cookie = NULL;
	}
}

static void handle_stop(struct thr *t, int status)
{
	int sig = WSTOPSIG(status), restart = 0;
	unsigned int event = (unsigned)status >> 16;

	if (t->startup) {
		t->startup = false;
		if (t->attached && !t->sp) {
			t->sp = space_find(t->tgid);
			if (t->sp)
				space_ref(t->sp);
			else if (!(t->sp = space_new(t->tgid, false)))
				log_error("process %d: cannot open its memory: %s", t->tgid,
					  strerror(errno));
		}
	}
	switch (event) {
	case 0:
		if (sig == (SIGTRAP | 0x80)) {
			handle_syscall(t);
			break;
		}
		/* Under PTRACE_SEIZE a stop without an event is a signal: a SIGSEGV on one of our
		 * breakpoints (hlt, uprobe/bp.h) is ours (no PTRACE_GETSIGINFO: one system call
		 * less a hit). */
		if (sig == BP_SIG && (restart = space_trap(t)) >= 0)
			break;
		/* The SIGCONT that started our own child is not the program's. */
		if (t->sp || t->tid != child_pid || sig != SIGCONT)
			emit_simple(t, LT_EV_SIGNAL, sig, 0);
		restart = sig;
		break;
	case PTRACE_EVENT_STOP:
		if (sig == SIGSTOP || sig == SIGTSTP || sig == SIGTTIN || sig == SIGTTOU) {
			ptrace(PTRACE_LISTEN, t->tid, 0L, 0L);
			return;
		}
		break;
	case PTRACE_EVENT_EXEC:
		if (!handle_exec(t))
			return;
		break;
	case PTRACE_EVENT_FORK:
	case PTRACE_EVENT_VFORK:
	case PTRACE_EVENT_CLONE: {
		unsigned long c = 0;
		static unsigned next;
		if (ptrace(PTRACE_GETEVENTMSG, t->tid, 0L, &c) == 0 && c && !thr_find((pid_t)c)) {
			unsigned k = next++ % 64;
			free(forks[k].frames);
			forks[k].child = (pid_t)c;
			forks[k].parent = t->tid;
			forks[k].nframes = 0;
			forks[k].frames = t->nframes ? malloc(t->nframes * sizeof(struct frame)) : NULL;
			if (forks[k].frames) {
				memcpy(forks[k].frames, t->frames, t->nframes * sizeof(struct frame));
				forks[k].nframes = t->nframes;
			}
		}
		break;
	}
	default:
		break;
	}
	int op = lt_opts.Sflag && !t->silent ? PTRACE_SYSCALL : PTRACE_CONT;
	if (ptrace(op, t->tid, 0L, (long)restart) < 0 && errno != ESRCH)
		log_error("ptrace(%s, %d): %s",
			  op == PTRACE_CONT ? "PTRACE_CONT" : "PTRACE_SYSCALL", t->tid,
			  strerror(errno));
}

/* ---- the loop and leaving ------------------------------------------------------------------ */

static bool ours(pid_t tid, const siginfo_t *si, void *arg)
{
	return si->si_code == SI_KERNEL && space_fixup_detach(arg);
}

static void detach(struct thr *t, bool kill_child)
{
	if (kill_child && t->tid == child_pid)
		proc_kill_spawned(t->tid, proc_interrupted());
	proc_detach(t->tid, ours, t);
	thr_free(t);
}

static void cleanup(bool kill_child)
{
	space_remove_all();
	while (tidtab_count(&threads))
		detach(thr_of(tidtab_first(&threads)), kill_child);
}

static void flush(void)
{
	lt_output_flush(); /* before sleeping: what is traced so far is seen */
}

static int lt_run(void)
{
	pid_t spawned = child_pid;

	proc_catch_signals(PROC_SIGS_CATCH, true);
	while (!proc_interrupted() && tidtab_count(&threads) > 0 && !lt_output_broken()) {
		int status;
		pid_t pid = proc_wait_stop(&status, NULL, flush);
		if (pid < 0) {
			if (errno == EINTR)
				continue;
			if (errno != ECHILD)
				log_error("waitpid: %s", strerror(errno));
			break;
		}
		struct thr *t = thr_find(pid);
		if (!t) {
			if (!WIFSTOPPED(status) || !(t = new_tracee(pid)))
				continue;
		}
		if (WIFEXITED(status) || WIFSIGNALED(status))
			handle_exit(t, status);
		else if (WIFSTOPPED(status))
			handle_stop(t, status);
	}
	bool broken = lt_output_broken();
	if (tidtab_count(&threads))
		cleanup(!broken);
	if (broken && child_pid) {
		/* Only the reader is gone: the program runs on to its own end. */
		int status;
		proc_waitpid(spawned, &status, 0);
	}
	if (lt_opts.cflag)
		lt_summary_print();
	lt_output_finish();
	lt_output_flush();
	space_free_all();
	/* ltrace's exit status: 0 once the program was traced to its end, whatever its own (the
	 * trace's last line says that: +++ exited (status N) +++, +++ killed by SIG... +++). */
	return 0;
}

static int lt_init(const struct backend_cfg *cfg)
{
	return 0; /* nothing to load: the breakpoints go in as the tracees come */
}

const struct backend lt_ptrace_backend = {
	.name = "ptrace",
	.init = lt_init,
	.attach = lt_attach,
	.spawn = lt_spawn,
	.run = lt_run,
};
