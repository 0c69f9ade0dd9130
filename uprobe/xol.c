// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Stepping over a breakpoint whose instruction is not emulated (see bp.h).
 *
 * Out of line (XOL): the displaced instruction is copied into a slot of a scratch page mapped
 * in the tracee, followed by an absolute jump back to the instruction after the site
 * (jmp *0(%rip) and the address: any distance), and the thread resumes in the slot.  The int3
 * never leaves the original site, so another thread passing it meanwhile traps as it should,
 * and the hit costs no more stops than an emulated one.  Capstone decodes the instruction
 * once, at insertion; what depends on where it runs is fixed up:
 *  - a RIP-relative operand gets its displacement rewritten for the slot's address (the page
 *    is placed within +-2 GiB of the site; when it cannot be, the breakpoint falls back);
 *  - a relative jump or conditional branch (jmp, jcc, loop, jrcxz) gets its offset replaced by
 *    a marker distance, where a second jump goes to the original target: not taken falls
 *    through to the jump back;
 *  - a relative call is emulated (return address pushed, rip set to its target), so the
 *    callee sees its true return address;
 *  - a call through a register or memory is single-stepped in the slot, and the return
 *    address it pushed (slot+len) corrected to site+len; rip at slot+len means it did not
 *    jump, anywhere else is its target.  A fault while stepping is raised at the site.
 * A thread may be inside a slot when the tracer leaves: slots stay valid for good.
 *
 * The scratch page is an anonymous r-x page mapped by an mmap injected into the stopped thread
 * (registers saved, rip set to a `syscall` found in the vdso or the text, one single-step,
 * registers restored), MAP_FIXED_NOREPLACE in a gap of /proc/PID/maps near the site.  Slots
 * are 64 bytes, written through /proc/PID/mem once; the page is left mapped when the tracer
 * leaves (inert: only a thread sent there runs it), and forked children get it with the records.
 *
 * Stop-the-world (system calls and interrupts, a page that cannot be mapped or placed): every
 * other thread of the process is PTRACE_INTERRUPTed and seen stopped with waitid(WNOWAIT), so
 * their stops, the interrupt's included, stay queued for the engine, which resumes each in its
 * own way; only then is the original byte put back for a single-step.
 */
#include <capstone/capstone.h>
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "common/proc.h"
#include "common/maps.h"
#include "uprobe/bp.h"
#include "uprobe/disasm.h"
#include "uprobe/xol.h"

#ifndef MAP_FIXED_NOREPLACE
#define MAP_FIXED_NOREPLACE 0x100000
#endif

#define INT3 0xcc
#define PAGE 4096u
#define MARK 16 /* where a taken branch lands, past the copied instruction (>= JMP_ABS) */
#define JMP_ABS 14 /* jmp *0(%rip); .quad target */
#define NEAR ((int64_t)0x7fff0000)

void xol_classify(struct bp *b, const uint8_t *code, size_t len)
{
	cs_insn *insn = NULL;

	b->xol_kind = XOL_NONE;
	b->xol = 0;
	/* STTRACE_XOL=0: every such breakpoint stops the world (to test and measure that path). */
	const char *e = getenv("STTRACE_XOL");
	if (e && !strcmp(e, "0"))
		return;
	csh cs;

	if (!uprobe_disasm(&cs) || cs_disasm(cs, code, len, b->addr, 1, &insn) != 1)
		return;
	const cs_x86 *x = &insn->detail->x86;
	size_t n = insn->size;
	memcpy(b->insn, code, n);
	b->ilen = (uint8_t)n;
	b->is_call = cs_insn_group(cs, insn, CS_GRP_CALL);
	if (uprobe_insn_traps(cs, insn))
		goto out; /* a system call must be seen where it is: stop-the-world */
	b->xol_kind = XOL_PLAIN;
	for (int i = 0; i < x->op_count; i++) {
		const cs_x86_op *op = &x->operands[i];
		if (op->type == X86_OP_MEM && op->mem.base == X86_REG_RIP) {
			if (x->encoding.disp_offset == 0 || x->encoding.disp_size != 4)
				b->xol_kind = XOL_NONE;
			else {
				b->xol_kind = XOL_RIPREL;
				b->fix_off = x->encoding.disp_offset;
				b->fix_size = 4;
			}
		}
	}
	if (b->xol_kind == XOL_PLAIN && cs_insn_group(cs, insn, CS_GRP_BRANCH_RELATIVE)) {
		if (x->op_count == 1 && x->operands[0].type == X86_OP_IMM && x->encoding.imm_offset &&
		    (x->encoding.imm_size == 1 || x->encoding.imm_size == 4)) {
			b->xol_kind = XOL_BRANCH;
			b->fix_off = x->encoding.imm_offset;
			b->fix_size = x->encoding.imm_size;
			b->target = (uint64_t)x->operands[0].imm; /* absolute, from address b->addr */
		} else {
			b->xol_kind = XOL_NONE;
		}
	}
out:
	cs_free(insn, 1);
}

/* ---- injected system calls ----------------------------------------------------------------- */

/* The address of a `syscall` instruction (0f 05) in the vdso, else in any executable mapping. */
static uint64_t find_syscall_insn(struct bp_space *s)
{
	struct mapping *m = NULL;
	int n = maps_read(s->pid, 0, &m);
	uint8_t buf[65536];

	for (int pass = 0; pass < 2 && !s->syscall_insn; pass++)
		for (int i = 0; i < n && !s->syscall_insn; i++) {
			if (!m[i].exec || (!pass) != !strcmp(m[i].path, "[vdso]") ||
			    !strcmp(m[i].path, "[vsyscall]"))
				continue;
			for (uint64_t a = m[i].start; a < m[i].end && !s->syscall_insn;
			     a += sizeof(buf) - 1) {
				size_t len = m[i].end - a < sizeof(buf) ? m[i].end - a : sizeof(buf);
				if (bp_mem_read(s, a, buf, len) < 0)
					break;
				for (size_t k = 0; k + 1 < len; k++)
					if (buf[k] == 0x0f && buf[k + 1] == 0x05) {
						s->syscall_insn = a + k;
						break;
					}
			}
		}
	free(m);
	return s->syscall_insn;
}

/*
 * Wait for TID's stop.  A single-step comes back within microseconds: poll for it a little
 * (up to 50 us, with more than one CPU) before sleeping, since waking a sleeping tracer costs
 * an inter-processor interrupt, in a VM more than the step itself.
 */
static pid_t wait_spin(pid_t tid, int *status)
{
	static int spin = -1;
	pid_t p;

	if (spin < 0)
		spin = sysconf(_SC_NPROCESSORS_ONLN) > 1 ? 50 : 0;
	if (spin) {
		struct timespec t0, t;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		do {
			p = waitpid(tid, status, __WALL | WNOHANG);
			if (p != 0)
				return p;
			clock_gettime(CLOCK_MONOTONIC, &t);
		} while ((t.tv_sec - t0.tv_sec) * 1000000 + (t.tv_nsec - t0.tv_nsec) / 1000 < spin);
	}
	while ((p = waitpid(tid, status, __WALL)) < 0 && errno == EINTR)
		;
	return p;
}

/*
 * One single-step of TID.  0: stepped (a trap).  A signal number: the instruction faulted
 * (synchronous SIGSEGV, SIGBUS, SIGILL, SIGFPE): rip is still on it.  -errno: the thread is
 * gone or ptrace failed.  An asynchronous signal that arrived meanwhile goes in *PENDING
 * (delivered when the caller resumes); seccomp and group stops are stepped through.
 */
int xol_step_once(pid_t tid, int *pending)
{
	int status;

	for (;;) {
		if (ptrace(PTRACE_SINGLESTEP, tid, 0L, 0L) < 0)
			return -errno;
		pid_t p = wait_spin(tid, &status);
		if (p < 0 || !WIFSTOPPED(status))
			return -ESRCH;
		int sig = WSTOPSIG(status);
		if ((status >> 16) != 0 || sig == (SIGTRAP | 0x80))
			continue; /* an event (seccomp, interrupt): go on */
		if (sig == SIGTRAP)
			return 0;
		siginfo_t si;
		if (ptrace(PTRACE_GETSIGINFO, tid, 0L, &si) < 0)
			continue; /* group-stop */
		if ((sig == SIGSEGV || sig == SIGBUS || sig == SIGILL || sig == SIGFPE) &&
		    si.si_code > 0)
			return sig;
		*pending = sig;
	}
}

/* Run system call NR with ARGS in the stopped TID; its return value or -errno. */
static int64_t inject_syscall(struct bp_space *s, pid_t tid, const struct user_regs_struct *saved,
			      long nr, const uint64_t args[6], int *pending)
{
	struct user_regs_struct r = *saved;
	uint64_t at = s->syscall_insn ? s->syscall_insn : find_syscall_insn(s);
	int64_t ret;

	if (!at)
		return -ENOEXEC;
	r.rip = at;
	r.rax = (uint64_t)nr;
	r.orig_rax = (uint64_t)-1; /* not in a system call: no restart on the way out */
	r.rdi = args[0];
	r.rsi = args[1];
	r.rdx = args[2];
	r.r10 = args[3];
	r.r8 = args[4];
	r.r9 = args[5];
	if (ptrace(PTRACE_SETREGS, tid, 0L, &r) < 0)
		return -errno;
	int rc = xol_step_once(tid, pending);
	if (rc == 0 && ptrace(PTRACE_GETREGS, tid, 0L, &r) == 0)
		ret = (int64_t)r.rax;
	else
		ret = rc < 0 ? rc : -EFAULT;
	if (ptrace(PTRACE_SETREGS, tid, 0L, saved) < 0 && ret >= 0)
		ret = -errno;
	return ret;
}

/* ---- scratch pages ------------------------------------------------------------------------- */

static bool near(uint64_t a, uint64_t b)
{
	int64_t d = (int64_t)(a - b);
	return d > -NEAR && d < NEAR;
}

/*
 * A free page near ADDR: at the top of a gap of /proc/PID/maps (the gap below the first
 * mapping included), a few pages below the mapping above it, never right under the stack.
 */
static uint64_t gap_near(pid_t pid, uint64_t addr)
{
	struct mapping *m = NULL;
	int n = maps_read(pid, 0, &m);
	uint64_t best = 0;

	for (int i = 0; i < n; i++) {
		uint64_t lo = i ? m[i - 1].end : 0x100000, hi = m[i].start, cand;
		if (hi <= lo || hi - lo < 2 * PAGE || !strcmp(m[i].path, "[stack]"))
			continue;
		cand = hi - lo >= 32 * PAGE ? hi - 16 * PAGE : hi - PAGE;
		if (!near(cand, addr) || !near(cand + PAGE, addr))
			continue;
		if (!best || (cand > addr ? cand - addr : addr - cand) <
				     (best > addr ? best - addr : addr - best))
			best = cand;
	}
	free(m);
	return best;
}

/* What a RIP-relative operand of B addresses: its slot must be within reach of that. */
static uint64_t riprel_target(const struct bp *b)
{
	int32_t disp;

	memcpy(&disp, b->insn + b->fix_off, 4);
	return b->addr + b->ilen + (uint64_t)(int64_t)disp;
}

static int add_page(struct bp_space *s, uint64_t addr)
{
	struct xol_page *v = realloc(s->pages, (s->npages + 1) * sizeof(*v));

	if (!v)
		return -ENOMEM;
	s->pages = v;
	v[s->npages].addr = addr;
	v[s->npages].used = 0;
	s->npages++;
	return 0;
}

/*
 * A free slot for B, in a page within reach of what it addresses, mapping one if needed.  0
 * and *WHY: -EAGAIN (try again at the next hit: another thread took the place meanwhile),
 * -ENOTSUP (never: no page can be mapped, or none near enough).
 */
static uint64_t slot_for(struct bp_space *s, struct bp *b, pid_t tid,
			 const struct user_regs_struct *regs, int *pending, int *why)
{
	bool need_near = b->xol_kind == XOL_RIPREL;
	uint64_t anchor = need_near ? riprel_target(b) : b->addr;

	*why = -ENOTSUP;
	for (int attempt = 0; attempt < 2; attempt++) {
		for (size_t i = 0; i < s->npages; i++) {
			struct xol_page *pg = &s->pages[i];
			uint64_t slot = pg->addr + pg->used * XOL_SLOT;
			if (pg->used < PAGE / XOL_SLOT && (!need_near || (near(slot, anchor) &&
					near(slot + XOL_SLOT, anchor)))) {
				pg->used++;
				return slot;
			}
		}
		if (attempt || s->xol_failed)
			return 0;
		uint64_t hint = gap_near(s->pid, anchor);
		if (!hint)
			return 0;
		uint64_t args[6] = { hint, PAGE, PROT_READ | PROT_EXEC,
				     MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE,
				     (uint64_t)-1, 0 };
		int64_t got = inject_syscall(s, tid, regs, SYS_mmap, args, pending);
		if (got == -EEXIST || got == -EINTR || got == -EAGAIN) {
			*why = -EAGAIN;
			return 0;
		}
		if (got < 0 && got > -4096) {
			s->xol_failed = got != -ESRCH;
			return 0;
		}
		/* Mapped (an old kernel may take the flag for a hint and map elsewhere: the
		 * page is kept, for what it can serve). */
		if (add_page(s, (uint64_t)got) < 0)
			return 0;
	}
	return 0;
}

static void put_jmp(uint8_t *p, uint64_t to)
{
	static const uint8_t jmp[6] = { 0xff, 0x25, 0, 0, 0, 0 };

	memcpy(p, jmp, sizeof(jmp));
	memcpy(p + sizeof(jmp), &to, 8);
}

/* Give B its slot with the fixed-up copy: 0, -EAGAIN (not now) or -ENOTSUP (never). */
static int prepare(struct bp_space *s, struct bp *b, pid_t tid,
		   const struct user_regs_struct *regs, int *pending)
{
	uint8_t buf[XOL_SLOT];
	int why;
	uint64_t slot = slot_for(s, b, tid, regs, pending, &why);

	if (!slot)
		return why;
	memset(buf, INT3, sizeof(buf));
	memcpy(buf, b->insn, b->ilen);
	if (b->xol_kind == XOL_RIPREL) {
		int32_t disp;
		memcpy(&disp, buf + b->fix_off, 4);
		int64_t nd = (int64_t)disp + (int64_t)(b->addr - slot);
		if (nd != (int32_t)nd)
			return -ENOTSUP;
		disp = (int32_t)nd;
		memcpy(buf + b->fix_off, &disp, 4);
	} else if (b->xol_kind == XOL_BRANCH) {
		int32_t mark = MARK;
		if (b->fix_size == 1)
			buf[b->fix_off] = MARK;
		else
			memcpy(buf + b->fix_off, &mark, 4);
		put_jmp(buf + b->ilen + MARK, b->target);
	}
	/* A call's copy is single-stepped, its return address corrected after the step; should
	 * the tracer die in between, the call returns here and jumps back all the same. */
	put_jmp(buf + b->ilen, b->addr + b->ilen);
	if (bp_mem_write(s, slot, buf, sizeof(buf)) < 0)
		return -EAGAIN;
	b->xol_free = !b->is_call;
	b->xol = slot;
	return 0;
}

int xol_step(struct bp_space *s, struct bp *b, pid_t tid, struct user_regs_struct *regs,
	     int *pendp)
{
	int pending = 0, rc;

	if (b->xol_kind == XOL_BRANCH && b->is_call) {
		/* call rel32: push the return address, go to the target. */
		uint64_t ret = b->addr + b->ilen;
		if ((rc = bp_mem_write(s, regs->rsp - 8, &ret, 8)) < 0)
			return rc;
		regs->rsp -= 8;
		regs->rip = b->target;
		s->emulated++;
		return ptrace(PTRACE_SETREGS, tid, 0L, regs) < 0 ? -errno : 0;
	}
	if (!b->xol && (rc = prepare(s, b, tid, regs, pendp)) < 0) {
		if (rc == -ENOTSUP)
			b->xol_kind = XOL_NONE; /* from now on: stop-the-world */
		return -ENOTSUP;
	}
	if (b->xol_free) {
		regs->rip = b->xol;
		s->xol_steps++;
		return ptrace(PTRACE_SETREGS, tid, 0L, regs) < 0 ? -errno : 0;
	}
	uint64_t next = b->xol + b->ilen;
	regs->rip = b->xol;
	if (ptrace(PTRACE_SETREGS, tid, 0L, regs) < 0)
		return -errno;
	do {
		rc = xol_step_once(tid, &pending);
		if (rc < 0)
			return rc;
		if (ptrace(PTRACE_GETREGS, tid, 0L, regs) < 0)
			return -errno;
		if (rc > 0) {
			/* Faulted in the copy: raise it at the site (a pending signal stays
			 * queued in the kernel behind it: only the fault is handed back). */
			regs->rip = b->addr;
			if (ptrace(PTRACE_SETREGS, tid, 0L, regs) < 0)
				return -errno;
			return rc;
		}
	} while (regs->rip == b->xol); /* rep: one iteration a step */
	/* Anywhere else, the call went to its target. */
	if (regs->rip == next)
		regs->rip = b->addr + b->ilen;
	if (b->is_call) {
		uint64_t ret;
		if (bp_mem_read(s, regs->rsp, &ret, 8) == 0 && ret == next) {
			ret = b->addr + b->ilen;
			bp_mem_write(s, regs->rsp, &ret, 8);
		}
	}
	if (ptrace(PTRACE_SETREGS, tid, 0L, regs) < 0)
		return -errno;
	s->xol_steps++;
	if (pending)
		*pendp = pending;
	return 0;
}

/* ---- stop-the-world ------------------------------------------------------------------------ */

int xol_stop_others(struct bp_space *s, pid_t tid)
{
	char path[64];
	struct dirent *d;
	int n = 0;

	snprintf(path, sizeof(path), "/proc/%d/task", proc_pid(s->pid));
	DIR *dir = opendir(path);
	if (!dir)
		return -errno;
	while ((d = readdir(dir))) {
		pid_t t = (pid_t)atoi(d->d_name);
		if (t <= 0 || t == tid || ptrace(PTRACE_INTERRUPT, t, 0L, 0L) < 0)
			continue;
		/* Seen stopped, not reaped: the engine gets the stop and resumes it. */
		siginfo_t si;
		while (waitid(P_PID, (id_t)t, &si, WSTOPPED | WEXITED | __WALL | WNOWAIT) < 0 &&
		       errno == EINTR)
			;
		n++;
	}
	closedir(dir);
	s->stw_steps++;
	return n;
}
