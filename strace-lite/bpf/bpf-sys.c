// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * sttrace --bpf: a syscall's records (EV_SYS_ENTER, EV_SYS_EXIT and the memory captured ahead
 * of them) into syscall_enter and syscall_exit, as the ptrace engine's stops are.
 */
#include <stdint.h>
#include <string.h>

#include "strace-lite/bpf/bpf-run.h"
#include "strace-lite/bpf/bpf-capture.h"
#include "strace-lite/bpf/bpf-inject.h"
#include "common/clock.h"
#include "strace-lite/sttrace.h"

bool bpfbe_sysret(const void *data, size_t len, struct ev_sysret *r)
{
	const struct ev_hdr *h = data;

	if (len < sizeof(*r) || h->kind != EV_SYS_EXIT)
		return false;
	if (len >= sizeof(struct ev_sys)) { /* the ptrace recorder's, older recordings' */
		const struct ev_sys *s = data;
		*r = (struct ev_sysret){ s->h, s->scno, s->ret, s->enter_ts, s->ip };
	} else {
		memcpy(r, data, sizeof(*r));
	}
	return true;
}

static void enter(struct tcb *tcp, const struct ev_sys *e)
{
	tcp->flags &= ~TCB_STARTUP;
	tcp->dc.sp = e->sp;
	tcp->ip = e->ip;
	tcp->ip_known = true;
	clock_event_set(e->h.ts);
	syscall_enter(tcp, e->scno, (const uint64_t *)e->args);
}

/* A deferred entry, now with what the exit read again (in T->pending) added where entry had
 * nothing: an in/out structure keeps its entry contents. */
void bpfbe_enter_deferred(struct tcb *tcp, struct tmem *t)
{
	uint8_t probe;

	t->deferred = false;
	for (size_t i = 0; i < t->pending.n; i++) {
		const struct cap *c = &t->pending.v[i];
		if (!capset_copy(&t->entry, c->addr, &probe, 1))
			capset_add(&t->entry, c->addr, c->data, c->len);
	}
	uint64_t now = clock_event_get();
	enter(tcp, &t->dentry);
	clock_event_set(now);
}

void bpfbe_sys_enter(const struct ev_sys *e)
{
	struct tcb *tcp = bpfbe_tcb(e->h.tid);
	struct tmem *t = tmem_get(e->h.tid, true);

	if (!t)
		return;
	capset_move(&t->entry, &t->pending);
	capset_clear(&t->exit);
	capset_move(&t->fd_entry, &t->fd_pending);
	capset_clear(&t->fd_exit);
	if (e->flags & EVF_REFETCH) {
		t->deferred = true;
		t->dentry = *e;
		return;
	}
	enter(tcp, e);
}

void bpfbe_sys_exit(const struct ev_sysret *e)
{
	struct tcb *tcp = pid2tcb(e->h.tid);
	struct tmem *t = tmem_get(e->h.tid, true);

	if (!t)
		return;
	if (t->deferred && tcp && t->dentry.scno == e->scno)
		bpfbe_enter_deferred(tcp, t);
	t->deferred = false;
	capset_move(&t->exit, &t->pending);
	capset_move(&t->fd_exit, &t->fd_pending);
	if (!tcp || !(tcp->flags & TCB_INSYSCALL))
		return; /* its entry came before we looked */
	/* -T: the kernel's times, not when we print. */
	if (e->enter_ts) { /* none without a time to show (want_ts) */
		clock_event_set(e->enter_ts);
		tnow(CLOCK_MONOTONIC, &tcp->etime);
	}
	clock_event_set(e->h.ts);
	tcp->ip = e->ip;
	tcp->ip_known = true;
	syscall_exit(tcp, e->ret, e->ret < 0 && e->ret >= -4095);
	bpf_inject_exit_done(tcp);
	capset_clear(&t->entry);
	capset_clear(&t->exit);
	capset_clear(&t->fd_entry);
	capset_clear(&t->fd_exit);
}

