// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The guard (see guard.h): a table in shared memory, the process that reads it when the tracer
 * is gone, and what that process puts back.
 *
 * Why a robust mutex: the kernel releases a dead thread's robust futexes in exit_mm(), the first
 * thing the exit of the tracer does with its memory; its descriptors close later (a pipe's EOF
 * would come there), and its tracees are detached and resumed last (exit_notify, exit_ptrace).
 * Waking on the futex gives the guard the tracer's whole teardown as a head start.  The guard
 * is a grandchild, re-parented at once: it is no child the tracer's wait4(-1) could reap, it
 * survives its parent, and it leaves the tracer's session (no SIGHUP when the terminal goes).
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <sched.h>
#include <stdbool.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "common/log.h"
#include "common/proc.h"
#include "common/vec.h"
#include "uprobe/bp.h"
#include "uprobe/guard.h"

#define CAP (1u << 20) /* records; the mapping is touched only as far as it is used */

enum { G_FREE, G_BYTE, G_SEM, G_FRAME };

struct guard_rec {
	uint32_t kind;  /* G_*; written last, cleared first */
	int32_t tgid;
	uint64_t addr;  /* the breakpoint's, the semaphore's, the stack slot's */
	uint64_t val;   /* original byte, amount raised, original return address */
	uint64_t aux;   /* G_FRAME: the trampoline the slot holds instead */
	uint32_t gen;   /* order of recording: of two frames at one slot, the newer holds */
	uint32_t pad;
};

struct guard_tab {
	pthread_mutex_t owner; /* held by the tracer for its whole life */
	uint32_t hi;           /* records ever used: the guard reads [0, hi) */
	uint32_t clean;        /* the tracer exited (exit(), not killed): nothing to do */
	struct guard_rec rec[];
};

static struct guard_tab *tab;
static enum { G_OFF_NOT_YET, G_ON, G_OFF } state;
static uint32_t *freed, gen; /* the tracer's list of free records, records made */
static size_t nfreed, freecap;
static pid_t tracer; /* the process that started the guard */

/*
 * The tracer exits by exit(): it undid its changes (a record still there is stale: a process
 * gone, its pid maybe another's by now), so the guard must do nothing.  Not in a child that
 * inherited the handler.
 */
static void exited(void)
{
	if (tab && getpid() == tracer)
		__atomic_store_n(&tab->clean, 1, __ATOMIC_RELEASE);
}

void guard_disable(void)
{
	if (state == G_OFF_NOT_YET)
		state = G_OFF;
}

static long long now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000000000ll + t.tv_nsec;
}

static void refresh(void);
static int guard_restore_all(void);

static void guard_main(void)
{
	int fd = open("/dev/null", O_RDWR);

	if (fd >= 0) {
		dup2(fd, 0);
		dup2(fd, 1);
	}
	/* Our own descriptors only: a pipe the tracer writes to must see EOF when it dies. */
	syscall(SYS_close_range, 3u, ~0u, 0u);
	setsid();
	(void)!chdir("/");
	/* Gone only with the tracer: not with the terminal, a ^C, a SIGTERM to the group. */
	static const int ign[] = { SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGTSTP, SIGTTIN,
				   SIGTTOU, SIGUSR1, SIGUSR2, SIGALRM };
	for (size_t i = 0; i < sizeof(ign) / sizeof(ign[0]); i++)
		signal(ign[i], SIG_IGN);
	prctl(PR_SET_NAME, "trace-guard");
	/* Root: run as soon as the tracer's death wakes us, ahead of the tracees (best effort). */
	struct sched_param sp = { .sched_priority = 1 };
	sched_setscheduler(0, SCHED_FIFO, &sp);
	int rc;
	do {
		/* Every 50 ms, open the memory of processes the tracer began to change. */
		struct timespec t;
		clock_gettime(CLOCK_REALTIME, &t);
		t.tv_nsec += 50000000;
		if (t.tv_nsec >= 1000000000) {
			t.tv_sec++;
			t.tv_nsec -= 1000000000;
		}
		rc = pthread_mutex_timedlock(&tab->owner, &t);
		if (rc == ETIMEDOUT)
			refresh();
	} while (rc == ETIMEDOUT || rc == EINTR);
	if ((rc == EOWNERDEAD || rc == 0) && !__atomic_load_n(&tab->clean, __ATOMIC_ACQUIRE))
		guard_restore_all();
	_exit(0);
}

static int start(void)
{
	pthread_mutexattr_t a;
	const char *e = getenv("STTRACE_GUARD");
	size_t size = sizeof(*tab) + CAP * sizeof(tab->rec[0]);

	if (e && !strcmp(e, "0"))
		return -ECANCELED;
	tab = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE,
		   -1, 0);
	if (tab == MAP_FAILED) {
		tab = NULL;
		return -errno;
	}
	pthread_mutexattr_init(&a);
	pthread_mutexattr_setpshared(&a, PTHREAD_PROCESS_SHARED);
	pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST);
	pthread_mutex_init(&tab->owner, &a);
	pthread_mutexattr_destroy(&a);
	pthread_mutex_lock(&tab->owner);
	tracer = getpid();
	atexit(exited);
	pid_t c = fork();
	if (c == 0) {
		pid_t g = fork();
		if (g == 0)
			guard_main();
		_exit(g < 0);
	}
	int st = 1;
	while (c > 0 && waitpid(c, &st, 0) < 0 && errno == EINTR)
		;
	if (c < 0 || !WIFEXITED(st) || WEXITSTATUS(st)) {
		munmap(tab, size);
		tab = NULL;
		return c < 0 ? -errno : -ECHILD;
	}
	return 0;
}

static uint32_t add(int kind, pid_t tgid, uint64_t addr, uint64_t val, uint64_t aux)
{
	uint32_t i;

	if (state == G_OFF_NOT_YET) {
		int rc = start();
		state = rc < 0 ? G_OFF : G_ON;
		if (rc < 0 && rc != -ECANCELED)
			log_errno(rc, "warning: no guard for the breakpoints (the program dies with "
				  "the tracer's int3s if it is killed)");
	}
	if (state != G_ON)
		return 0;
	if (nfreed)
		i = freed[--nfreed];
	else if (tab->hi < CAP)
		i = tab->hi;
	else
		return 0;
	struct guard_rec *r = &tab->rec[i];
	r->tgid = tgid;
	r->addr = addr;
	r->val = val;
	r->aux = aux;
	r->gen = ++gen;
	__atomic_store_n(&r->kind, (uint32_t)kind, __ATOMIC_RELEASE);
	if (i == tab->hi)
		__atomic_store_n(&tab->hi, i + 1, __ATOMIC_RELEASE);
	return i + 1;
}

uint32_t guard_byte(pid_t tgid, uint64_t addr, uint8_t orig)
{
	return add(G_BYTE, tgid, addr, orig, 0);
}

uint32_t guard_sem(pid_t tgid, uint64_t addr, int raised)
{
	return add(G_SEM, tgid, addr, (uint64_t)raised, 0);
}

void guard_sem_set(uint32_t id, int raised)
{
	if (id && tab)
		tab->rec[id - 1].val = (uint64_t)raised;
}

uint32_t guard_frame(pid_t tgid, uint64_t slot, uint64_t ret, uint64_t tramp)
{
	return add(G_FRAME, tgid, slot, ret, tramp);
}

void guard_drop(uint32_t id)
{
	if (!id || !tab)
		return;
	__atomic_store_n(&tab->rec[id - 1].kind, G_FREE, __ATOMIC_RELEASE);
	if (VEC_GROW(freed, freecap, nfreed, 256) == 0)
		freed[nfreed++] = id - 1;
}

/* ---- in the guard ------------------------------------------------------------------------- */

/* A process of the table, its memory opened while the tracer lives (no pid reuse to fear, and
 * no open() to pay for once it is dead). */
struct gproc {
	pid_t tgid;
	int fd;
	bool seen;
	uint64_t spin, spin_orig; /* a trampoline made `jmp .`, its two original bytes */
	unsigned bytes, sems, frames, threads;
};

static struct gproc *procs;
static size_t nprocs, proccap;

/* The processes of the table now: new ones opened, gone ones closed. */
static void refresh(void)
{
	uint32_t hi = __atomic_load_n(&tab->hi, __ATOMIC_ACQUIRE);
	char path[64];

	for (size_t k = 0; k < nprocs; k++)
		procs[k].seen = false;
	for (uint32_t i = 0; i < hi; i++) {
		const struct guard_rec *r = &tab->rec[i];
		size_t k = 0;
		if (__atomic_load_n(&r->kind, __ATOMIC_ACQUIRE) == G_FREE)
			continue;
		while (k < nprocs && procs[k].tgid != r->tgid)
			k++;
		if (k < nprocs) {
			procs[k].seen = true;
			continue;
		}
		snprintf(path, sizeof(path), "/proc/%d/mem", proc_pid(r->tgid));
		int fd = open(path, O_RDWR | O_CLOEXEC);
		if (fd < 0 || VEC_GROW(procs, proccap, nprocs, 8) < 0) {
			if (fd >= 0)
				close(fd);
			continue;
		}
		memset(&procs[nprocs], 0, sizeof(procs[0]));
		procs[nprocs].tgid = r->tgid;
		procs[nprocs].fd = fd;
		procs[nprocs++].seen = true;
	}
	for (size_t k = 0; k < nprocs;)
		if (!procs[k].seen) {
			close(procs[k].fd);
			procs[k] = procs[--nprocs];
		} else {
			k++;
		}
}

/* R is the newest frame at its stack slot (an older one was abandoned by a longjmp). */
static bool newest_frame(const struct guard_rec *r, uint32_t hi)
{
	for (uint32_t i = 0; i < hi; i++) {
		const struct guard_rec *o = &tab->rec[i];
		if (o->kind == G_FRAME && o->tgid == r->tgid && o->addr == r->addr && o->gen > r->gen)
			return false;
	}
	return true;
}

/* A frame of P's still returns into the trampoline at ADDR (a thread may be on its way). */
static bool is_tramp(const struct gproc *p, uint64_t addr, uint32_t hi)
{
	for (uint32_t i = 0; i < hi; i++)
		if (tab->rec[i].kind == G_FRAME && tab->rec[i].tgid == p->tgid &&
		    tab->rec[i].aux == addr)
			return true;
	return false;
}

/*
 * Every change of ours in P's memory undone: return addresses first (the trampoline's int3 goes
 * with the bytes), then the bytes, the semaphores.  A trampoline a thread may still return
 * into becomes `jmp .` (it was the program's entry point, run once), so that such a thread
 * waits there to be seized and sent to its return address (fix_thread).
 */
static void restore_mem(struct gproc *p)
{
	uint32_t hi = __atomic_load_n(&tab->hi, __ATOMIC_ACQUIRE);
	int fd = p->fd;

	for (uint32_t i = 0; i < hi; i++) {
		struct guard_rec *r = &tab->rec[i];
		uint8_t orig = (uint8_t)r->val;
		if (r->tgid != p->tgid || r->kind != G_BYTE)
			continue;
		if (!p->spin && is_tramp(p, r->addr, hi)) {
			static const uint8_t spin[2] = { 0xeb, 0xfe };
			uint8_t b[2];
			if (pread(fd, b, 2, (off_t)r->addr) == 2 && b[0] == BP_INSN &&
			    pwrite(fd, spin, 2, (off_t)r->addr) == 2) {
				p->spin = r->addr;
				p->spin_orig = orig | (uint64_t)b[1] << 8;
				continue;
			}
		}
		/* Only where our breakpoint still is: a stale record must not write into
		 * whatever is there now. */
		uint8_t b;
		if (pread(fd, &b, 1, (off_t)r->addr) == 1 && b == BP_INSN &&
		    pwrite(fd, &orig, 1, (off_t)r->addr) == 1)
			p->bytes++;
	}
	for (uint32_t i = 0; i < hi; i++) {
		struct guard_rec *r = &tab->rec[i];
		uint64_t v;
		if (r->kind == G_FRAME && r->tgid == p->tgid && newest_frame(r, hi) &&
		    pread(fd, &v, 8, (off_t)r->addr) == 8 && v == r->aux &&
		    pwrite(fd, &r->val, 8, (off_t)r->addr) == 8)
			p->frames++;
	}
	for (uint32_t i = 0; i < hi; i++) {
		struct guard_rec *r = &tab->rec[i];
		uint16_t s;
		if (r->kind == G_SEM && r->tgid == p->tgid && r->val &&
		    pread(fd, &s, 2, (off_t)r->addr) == 2 && s >= r->val) {
			s = (uint16_t)(s - r->val);
			if (pwrite(fd, &s, 2, (off_t)r->addr) == 2)
				p->sems++;
		}
	}
}

/* Where a thread with registers R must go on: its return address when it is in the
 * trampoline (stopped there on the hit, or waiting in the `jmp .`), else 0. */
static uint64_t fixed_rip(const struct gproc *p, const struct user_regs_struct *r)
{
	uint32_t hi = __atomic_load_n(&tab->hi, __ATOMIC_ACQUIRE);

	for (uint32_t i = 0; i < hi; i++) {
		const struct guard_rec *g = &tab->rec[i];
		if (g->kind == G_FRAME && g->tgid == p->tgid && r->rip == p->spin &&
		    r->rsp == g->addr + 8 && newest_frame(g, hi))
			return g->val;
	}
	return 0;
}

/* Seize thread TID (once the dead tracer's exit has let it go), fix it, let it go. */
static int fix_thread(const struct gproc *p, pid_t tid, long long deadline)
{
	struct user_regs_struct r;
	int st, sig = 0;

	while (ptrace(PTRACE_SEIZE, tid, 0L, 0L) < 0) {
		if (errno != EPERM || now_ns() > deadline)
			return -errno;
		sched_yield(); /* still traced: the tracer's exit has not let it go yet */
	}
	if (ptrace(PTRACE_INTERRUPT, tid, 0L, 0L) < 0 || waitpid(tid, &st, __WALL) != tid ||
	    !WIFSTOPPED(st))
		return -ESRCH;
	if ((st >> 16) == 0)
		sig = WSTOPSIG(st); /* a signal on its way: delivered when we let go */
	if (ptrace(PTRACE_GETREGS, tid, 0L, &r) == 0) {
		uint64_t to = fixed_rip(p, &r);
		if (to) {
			r.rip = to;
			ptrace(PTRACE_SETREGS, tid, 0L, &r);
		}
	}
	ptrace(PTRACE_DETACH, tid, 0L, (void *)(long)sig);
	return 0;
}

static void note_times(long long woke, long long restored, long long seized)
{
	const char *f = getenv("STTRACE_GUARD_TIMES");
	FILE *o = f && *f ? fopen(f, "a") : NULL;

	if (o) {
		fprintf(o, "%lld %lld %lld\n", woke, restored, seized);
		fclose(o);
	}
}

static int guard_restore_all(void)
{
	long long woke = now_ns(), restored, seized = 0;

	refresh();
	for (size_t k = 0; k < nprocs; k++)
		restore_mem(&procs[k]);
	restored = now_ns();
	/* Back among the others: waiting for the tracees to be let go must not starve the
	 * tracer's exit that lets them go. */
	struct sched_param sp = { 0 };
	sched_setscheduler(0, SCHED_OTHER, &sp);
	for (size_t k = 0; k < nprocs; k++) {
		struct gproc *p = &procs[k];
		pid_t *tids = NULL;
		int nt = p->spin ? proc_list_threads(p->tgid, &tids) : 0;
		for (int j = 0; j < nt; j++)
			if (fix_thread(p, tids[j], restored + 5000000000ll) == 0) {
				p->threads++;
				if (!seized)
					seized = now_ns();
			}
		free(tids);
		if (p->spin) {
			uint8_t b[2] = { (uint8_t)p->spin_orig, (uint8_t)(p->spin_orig >> 8) };
			if (pwrite(p->fd, b, 2, (off_t)p->spin) == 2)
				p->bytes++;
		}
		if (p->bytes || p->sems || p->frames)
			log_info("the tracer is gone: process %d has its code back (%u breakpoints, "
				 "%u semaphores, %u return addresses)", p->tgid, p->bytes, p->sems,
				 p->frames);
		close(p->fd);
	}
	if (nprocs && getenv("STTRACE_GUARD_TIMES")) {
		/* Measuring: when did the kernel let the first process go (TracerPid 0)? */
		while (!seized && now_ns() < restored + 100000000ll &&
		       proc_status_field(procs[0].tgid, "TracerPid") > 0)
			;
		note_times(woke, restored, seized ? seized : now_ns());
	}
	free(procs);
	procs = NULL;
	nprocs = proccap = 0;
	return 0;
}
