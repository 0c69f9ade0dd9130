// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Software breakpoints over ptrace (see bp.h for the model).  Memory goes through
 * /proc/PID/mem with pread/pwrite: it writes into read-only text (the kernel breaks the
 * copy-on-write for us, as for POKETEXT) and moves any number of bytes in one call.
 *
 * Step-over by emulation decodes only the handful of encodings that start probe sites and
 * function entries; they are recognized byte by byte here, which is exact for these forms and
 * needs no disassembler.  Anything else runs out of line or stops the world (xol.c).
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/proc.h"
#include "uprobe/bp.h"
#include "uprobe/guard.h"
#include "uprobe/xol.h"
#include "common/vec.h"

#define INT3 0xcc /* someone else's breakpoint */

int bp_space_open(struct bp_space *s, pid_t pid)
{
	char path[64];

	memset(s, 0, sizeof(*s));
	s->pid = pid;
	snprintf(path, sizeof(path), "/proc/%d/mem", proc_pid(pid));
	s->memfd = open(path, O_RDWR | O_CLOEXEC);
	return s->memfd < 0 ? -errno : 0;
}

void bp_space_close(struct bp_space *s)
{
	for (size_t i = 0; i < s->n; i++)
		guard_drop(s->v[i].guard);
	for (size_t i = 0; i < s->nsems; i++)
		guard_drop(s->sems[i].guard);
	if (s->memfd >= 0)
		close(s->memfd);
	free(s->v);
	free(s->hash);
	free(s->sems);
	free(s->pages);
	memset(s, 0, sizeof(*s));
	s->memfd = -1;
}

int bp_mem_read(struct bp_space *s, uint64_t addr, void *buf, size_t len)
{
	ssize_t n = pread(s->memfd, buf, len, (off_t)addr);
	if (n < 0)
		return -errno;
	return (size_t)n == len ? 0 : -EIO;
}

int bp_mem_write(struct bp_space *s, uint64_t addr, const void *buf, size_t len)
{
	ssize_t n = pwrite(s->memfd, buf, len, (off_t)addr);
	if (n < 0)
		return -errno;
	return (size_t)n == len ? 0 : -EIO;
}

/* Choose how a hit steps over the instruction in CODE (LEN bytes readable). */
static void decode(struct bp *b, const uint8_t *code, size_t len)
{
	uint8_t rex = 0;
	size_t i = 0;

	b->emul = BP_STEP;
	if (len >= 4 && code[0] == 0xf3 && code[1] == 0x0f && code[2] == 0x1e && code[3] == 0xfa) {
		b->emul = BP_SKIP; /* endbr64 */
		b->len = 4;
		return;
	}
	if (code[0] == 0x90) {
		b->emul = BP_SKIP;
		b->len = 1;
		return;
	}
	if ((code[0] & 0xf0) == 0x40 && len > 1) {
		rex = code[0];
		i = 1;
	}
	uint8_t op = code[i];
	if (op >= 0x50 && op <= 0x57 && !(rex & 0x08)) {
		b->emul = BP_PUSH;
		b->reg = (uint8_t)((op - 0x50) | (rex & 1 ? 8 : 0));
		b->len = (uint8_t)(i + 1);
	} else if (op >= 0xb8 && op <= 0xbf && !(rex & 0x08)) {
		if (i + 5 > len)
			return;
		b->emul = BP_MOV_IMM32;
		b->reg = (uint8_t)((op - 0xb8) | (rex & 1 ? 8 : 0));
		memcpy(&b->imm, code + i + 1, 4);
		b->len = (uint8_t)(i + 5);
	} else if (rex == 0x48 && i + 3 <= len &&
		   ((op == 0x89 && code[i + 1] == 0xe5) || (op == 0x8b && code[i + 1] == 0xec))) {
		b->emul = BP_MOV_RSP_RBP;
		b->len = (uint8_t)(i + 2);
	} else if (rex == 0x48 && op == 0x83 && i + 3 <= len && code[i + 1] == 0xec) {
		b->emul = BP_SUB_RSP;
		b->imm = (int8_t)code[i + 2];
		b->len = (uint8_t)(i + 3);
	} else if (rex == 0x48 && op == 0x81 && i + 6 <= len && code[i + 1] == 0xec) {
		b->emul = BP_SUB_RSP;
		memcpy(&b->imm, code + i + 2, 4);
		b->len = (uint8_t)(i + 6);
	}
}

int bp_insert(struct bp_space *s, uint64_t addr, void *data)
{
	uint8_t code[16];
	size_t len = sizeof(code);
	struct bp *b = bp_lookup(s, addr);
	int rc;

	if (b && b->inserted)
		return -EEXIST;
	/* The instruction may end a mapping: read less until the read succeeds. */
	while ((rc = bp_mem_read(s, addr, code, len)) < 0 && len > 1)
		len /= 2;
	if (rc < 0)
		return rc;
	if (code[0] == INT3 || code[0] == BP_INSN)
		return -EBUSY; /* someone else's breakpoint, or not an instruction we can own */
	if (!b) {
		if (VEC_GROW(s->v, s->cap, s->n, 16) < 0)
				return -ENOMEM;
		b = &s->v[s->n++];
		memset(b, 0, sizeof(*b));
		b->addr = addr;
		if ((rc = bp_hash_add(s)) < 0) {
			s->n--;
			return rc;
		}
	}
	b->orig = code[0];
	b->data = data;
	decode(b, code, len);
	if (b->emul == BP_STEP)
		xol_classify(b, code, len);
	uint8_t brk = BP_INSN;
	/* The guard knows of it before it is there: the tracer may die in between. */
	guard_drop(b->guard);
	b->guard = guard_byte(s->pid, addr, b->orig);
	rc = bp_mem_write(s, addr, &brk, 1);
	if (rc < 0) {
		guard_drop(b->guard);
		b->guard = 0;
		return rc;
	}
	b->inserted = true;
	return 0;
}

int bp_remove(struct bp_space *s, uint64_t addr)
{
	struct bp *b = bp_lookup(s, addr);

	if (!b)
		return -ENOENT;
	if (!b->inserted)
		return 0;
	int rc = bp_mem_write(s, addr, &b->orig, 1);
	if (rc == 0) {
		b->inserted = false;
		guard_drop(b->guard);
		b->guard = 0;
	}
	return rc;
}

/* x86 register number (ModRM/opcode encoding, REX.B extended) to its slot. */
static unsigned long long *reg_slot(struct user_regs_struct *r, int n)
{
	switch (n) {
	case 0: return &r->rax;
	case 1: return &r->rcx;
	case 2: return &r->rdx;
	case 3: return &r->rbx;
	case 4: return &r->rsp;
	case 5: return &r->rbp;
	case 6: return &r->rsi;
	case 7: return &r->rdi;
	case 8: return &r->r8;
	case 9: return &r->r9;
	case 10: return &r->r10;
	case 11: return &r->r11;
	case 12: return &r->r12;
	case 13: return &r->r13;
	case 14: return &r->r14;
	default: return &r->r15;
	}
}

/* sub's arithmetic flags: CF PF AF ZF SF OF. */
static unsigned long long sub_flags(unsigned long long fl, uint64_t a, uint64_t b)
{
	uint64_t r = a - b;

	fl &= ~0x8d5ull;
	if (a < b)
		fl |= 1 << 0;
	if (!(__builtin_popcount((unsigned)(r & 0xff)) & 1))
		fl |= 1 << 2;
	if ((a ^ b ^ r) & 0x10)
		fl |= 1 << 4;
	if (!r)
		fl |= 1 << 6;
	if (r >> 63)
		fl |= 1 << 7;
	if (((a ^ b) & (a ^ r)) >> 63)
		fl |= 1 << 11;
	return fl;
}

static int emulate(struct bp_space *s, struct bp *b, struct user_regs_struct *r)
{
	uint64_t v;
	int rc;

	switch (b->emul) {
	case BP_SKIP:
		break;
	case BP_PUSH:
		v = *reg_slot(r, b->reg);
		rc = bp_mem_write(s, r->rsp - 8, &v, 8);
		if (rc < 0)
			return rc;
		r->rsp -= 8;
		break;
	case BP_MOV_RSP_RBP:
		r->rbp = r->rsp;
		break;
	case BP_SUB_RSP:
		r->eflags = sub_flags(r->eflags, r->rsp, (uint64_t)(int64_t)b->imm);
		r->rsp -= (uint64_t)(int64_t)b->imm;
		break;
	case BP_MOV_IMM32:
		*reg_slot(r, b->reg) = (uint32_t)b->imm;
		break;
	default:
		return -ENOSYS;
	}
	r->rip = b->addr + b->len;
	s->emulated++;
	return 0;
}

/*
 * Single-step TID over the original instruction at B, the other threads stopped (fallback).
 * A rep string instruction traps after each iteration: stepped until rip leaves it.  A fault
 * is handed back as the signal to deliver, rip on the instruction.
 */
static int single_step(struct bp_space *s, struct bp *b, pid_t tid)
{
	struct user_regs_struct r;
	int pending = 0, rc;

	xol_stop_others(s, tid);
	rc = bp_mem_write(s, b->addr, &b->orig, 1);
	if (rc < 0)
		return rc;
	do {
		rc = xol_step_once(tid, &pending);
		if (rc == 0 && ptrace(PTRACE_GETREGS, tid, 0L, &r) < 0)
			rc = -errno;
	} while (rc == 0 && r.rip == b->addr);
	s->steps++;
	uint8_t brk = BP_INSN;
	if (b->inserted && rc != -ESRCH) {
		int wrc = bp_mem_write(s, b->addr, &brk, 1);
		if (wrc < 0 && rc == 0)
			rc = wrc;
	}
	return rc ? rc : pending;
}

int bp_step_over(struct bp_space *s, struct bp *b, pid_t tid, struct user_regs_struct *regs)
{
	regs->rip = b->addr;
	if (b->inserted && b->emul != BP_STEP) {
		int rc = emulate(s, b, regs);
		if (rc < 0)
			return rc;
		return ptrace(PTRACE_SETREGS, tid, 0L, regs) < 0 ? -errno : 0;
	}
	int pending = 0;
	if (b->inserted && b->xol_kind != XOL_NONE) {
		int rc = xol_step(s, b, tid, regs, &pending);
		if (rc != -ENOTSUP)
			return rc ? rc : pending;
		regs->rip = b->addr;
	}
	/* Removed meanwhile (the original byte is back): just run it. */
	if (ptrace(PTRACE_SETREGS, tid, 0L, regs) < 0)
		return -errno;
	int rc = b->inserted ? single_step(s, b, tid) : 0;
	return rc ? rc : pending;
}

int bp_sem_raise(struct bp_space *s, uint64_t addr)
{
	uint16_t v;
	struct bp_sem *m = NULL;
	int rc;

	for (size_t i = 0; i < s->nsems; i++)
		if (s->sems[i].addr == addr)
			m = &s->sems[i];
	if (!m) {
		if (VEC_GROW(s->sems, s->semcap, s->nsems, 8) < 0)
				return -ENOMEM;
		m = &s->sems[s->nsems++];
		m->addr = addr;
		m->raised = 0;
		m->guard = 0;
	}
	if ((rc = bp_mem_read(s, addr, &v, 2)) < 0)
		return rc;
	v++;
	/* Known to the guard as raised before it is (it never lowers one below zero). */
	if (m->guard)
		guard_sem_set(m->guard, m->raised + 1);
	else
		m->guard = guard_sem(s->pid, addr, m->raised + 1);
	if ((rc = bp_mem_write(s, addr, &v, 2)) < 0) {
		guard_sem_set(m->guard, m->raised);
		return rc;
	}
	m->raised++;
	return 0;
}

int bp_remove_all(struct bp_space *s)
{
	int first = 0, rc;

	for (size_t i = 0; i < s->n; i++)
		if (s->v[i].inserted && (rc = bp_remove(s, s->v[i].addr)) < 0 && !first)
			first = rc;
	for (size_t i = 0; i < s->nsems; i++) {
		struct bp_sem *m = &s->sems[i];
		uint16_t v;
		if (!m->raised)
			continue;
		rc = bp_mem_read(s, m->addr, &v, 2);
		if (rc == 0) {
			v = (uint16_t)(v - m->raised);
			rc = bp_mem_write(s, m->addr, &v, 2);
		}
		if (rc < 0 && !first)
			first = rc;
		if (rc == 0) {
			m->raised = 0;
			guard_drop(m->guard);
			m->guard = 0;
		}
	}
	return first;
}
