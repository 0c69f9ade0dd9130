// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * USDT probes, uprobes and uretprobes under --bpf (probes.h): one program for every site, the
 * site's fetch plan found through the attach cookie.  Sites are uprobes on files, for the
 * traced process or (-f) for every process, so each hit first checks that its thread is traced
 * (the shared "traced" map of sysbpf).  Values go to the shared ring buffer "events"; a record
 * that does not fit is counted in probe_stats[PSTAT_LOST], never dropped silently.  Processes
 * are held (SIGSTOP, unseen) while user space attaches what an exec or a dlopen brought in,
 * reads xmm registers, or catches up with the trace (probes.c says how).
 */
#include "gen/vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>

#include "bpf/probes.h"
#include "bpf/fpu.bpf.h"

char LICENSE[] SEC("license") = "GPL";

#define SIGKILL 9
#define SIGCONT 18
#define SIGSTOP 19

/* Replaced by sysbpf's maps (bpf_map__reuse_fd) before load. */
struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 4096);
} events SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u32);
} traced SEC(".maps");

/* Bumped by sysbpf at every change of "traced" (see is_traced_fast); also replaced. */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u32);
} traced_gen SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, PROBE_MAX_SITES);
	__type(key, __u32);
	__type(value, struct psite);
} sites SEC(".maps");

/* -c, -C: hits per site (the cookie), summed by user space at the end. */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, PROBE_MAX_SITES);
	__type(key, __u32);
	__type(value, __u64);
} site_hits SEC(".maps");

/* A traced thread's answer of is_traced, valid while traced_gen is GEN. */
struct tcache {
	__u32 gen;
	__u32 on;
};

struct {
	__uint(type, BPF_MAP_TYPE_TASK_STORAGE);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, int);
	__type(value, struct tcache);
} tcache SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, PSTAT_NR);
	__type(key, __u32);
	__type(value, __u64);
} probe_stats SEC(".maps");

/* One record being built per CPU: the fixed part, then strings. */
struct scratch {
	struct ev_probe ev;
	__u8 strs[PROBE_SCRATCH + PROBE_STR_MAX + 8];
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct scratch);
} scratch SEC(".maps");

/*
 * Threads held (see hold): their "traced" flags, kept here while they are out of that map, so
 * that their stop is not reported as the program's own signal.
 */
struct held_ent {
	__u32 flags;
	__u32 tgid;
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1024);
	__type(key, __u32);
	__type(value, struct held_ent);
} held SEC(".maps");

/*
 * A uprobe on a rep-prefixed string instruction fires at each iteration (the kernel steps one
 * iteration and comes back to the site): per thread, the site and rcx of its last hit there, so
 * that only the first iteration is reported, as the ptrace side does.
 */
struct rep_last {
	__u32 site;
	__u32 pad;
	__u64 rcx;
};

struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, 4096);
	__type(key, __u32);
	__type(value, struct rep_last);
} rep_last SEC(".maps");

static __always_inline bool rep_again(__u32 tid, __u32 site, __u64 rcx)
{
	struct rep_last *l = bpf_map_lookup_elem(&rep_last, &tid), n = { .site = site, .rcx = rcx };

	if (l && l->site == site && l->rcx == rcx + 1) {
		l->rcx = rcx;
		return true;
	}
	bpf_map_update_elem(&rep_last, &tid, &n, BPF_ANY);
	return false;
}

static __always_inline void count(__u32 which)
{
	__u64 *c = bpf_map_lookup_elem(&probe_stats, &which);

	if (c)
		*c += 1;
}

#define ROMAP_LOST() count(PSTAT_LOST)
#include "bpf/romap.bpf.h"

/*
 * Stop the process of thread TID (SIGSTOP) with TID out of "traced", so that neither the stop
 * nor the SIGCONT with which user space resumes it is reported as the program's signal; the
 * thread goes back into "traced" with that SIGCONT (held_resume), before it runs user code
 * again.  False when it could not be done (the thread stays traced).
 */
static __always_inline bool hold(__u32 tid)
{
	__u32 *f = bpf_map_lookup_elem(&traced, &tid);

	if (!f)
		return false;
	struct held_ent h = { .flags = *f, .tgid = bpf_get_current_pid_tgid() >> 32 };
	if (bpf_map_update_elem(&held, &tid, &h, BPF_ANY))
		return false;
	bpf_map_delete_elem(&traced, &tid);
	if (bpf_send_signal_thread(SIGSTOP)) {
		bpf_map_update_elem(&traced, &tid, &h.flags, BPF_ANY);
		bpf_map_delete_elem(&held, &tid);
		return false;
	}
	count(PSTAT_HOLDS);
	return true;
}

/* A thread being released (see hold) is out of "traced" for a moment: its hits count. */
static __always_inline bool is_traced(__u32 tid)
{
	__u32 *f = bpf_map_lookup_elem(&traced, &tid);

	if (f)
		return *f & TRACED_ON;
	struct held_ent *h = bpf_map_lookup_elem(&held, &tid);
	return h && (h->flags & TRACED_ON);
}

/*
 * is_traced, asked once per generation of "traced": a hash lookup costs about as much as
 * bpftrace's whole count() here, a thread's own storage a third of it.  Holds move a thread
 * between "traced" and "held" without changing the answer, so they leave the generation be.
 * Threads not traced get no storage: their hits are not ours (-f off, or another process).
 */
static __always_inline bool is_traced_fast(__u32 tid)
{
	__u32 zero = 0, *g = bpf_map_lookup_elem(&traced_gen, &zero);

	if (!g)
		return is_traced(tid);
	struct task_struct *task = bpf_get_current_task_btf();
	struct tcache *c = bpf_task_storage_get(&tcache, task, 0, 0);
	__u32 gen = *g;
	if (c && c->gen == gen)
		return c->on;
	bool on = is_traced(tid);
	if (!c && on)
		c = bpf_task_storage_get(&tcache, task, 0, BPF_LOCAL_STORAGE_GET_F_CREATE);
	if (c) {
		c->gen = gen;
		c->on = on;
	}
	return on;
}

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1024);
	__type(key, __u32);
	__type(value, struct xmm_regs);
} xmm SEC(".maps");

/* The reader is woken when the data waiting crosses a multiple of this (as sysbpf does: not
 * at every record while it is behind), or for a held process; it also polls every 10 ms. */
#define WAKE_BYTES (256 * 1024)

static __always_inline bool wake_due(__u64 avail, __u64 len)
{
	__u64 after = avail + len + 8; /* the record and its header */

	return after >= WAKE_BYTES && (after & (WAKE_BYTES - 1)) < len + 8;
}

const volatile __u32 str_max = 33; /* -s + 1 */
const volatile __u64 ring_size = 4096; /* of "events": set by user space */
const volatile bool want_ts = true;    /* -t, -r: hits carry their time (else: when read) */
const volatile bool quiet = false;     /* -c: hits are not printed, so not sent */
const volatile bool count_hits = false; /* -c, -C: site_hits */

static __always_inline __u64 reg(const __u64 *regs, __u8 r)
{
	if (r >= sizeof(struct pt_regs) / 8)
		return 0;
	return regs[r];
}

/* Value A of a hit with registers REGS in an object loaded with BIAS; false if unreadable. */
static __always_inline bool fetch(const struct parg *a, const __u64 *regs, __u64 bias, __u64 *out)
{
	__u64 v = 0, addr;

	switch (a->kind) {
	case PA_CONST:
		*out = a->off + (a->bias ? bias : 0);
		return true;
	case PA_REG:
		*out = reg(regs, a->base) >> (a->shift & 63);
		return true;
	case PA_MEM:
		addr = a->off + (a->bias ? bias : 0);
		if (a->base != PA_NOREG)
			addr += reg(regs, a->base);
		if (a->index != PA_NOREG)
			addr += reg(regs, a->index) * a->scale;
		switch (a->size) {
		case 1: if (bpf_probe_read_user(&v, 1, (void *)addr)) return false; break;
		case 2: if (bpf_probe_read_user(&v, 2, (void *)addr)) return false; break;
		case 4: if (bpf_probe_read_user(&v, 4, (void *)addr)) return false; break;
		default: if (bpf_probe_read_user(&v, 8, (void *)addr)) return false; break;
		}
		*out = v;
		return true;
	default:
		return false;
	}
}

/* Record R of CAP values (a constant) for a hit of site ST (cookie KEY) with N values. */
static __always_inline void fill(struct ev_probe *r, __u32 kind, __u64 pid_tgid, __u32 key,
				 const struct psite *st, __u32 n, const __u64 *regs, __u64 bias,
				 const int cap)
{
	r->h.kind = kind;
	r->h.tid = (__u32)pid_tgid;
	r->h.tgid = pid_tgid >> 32;
	r->h.len = offsetof(struct ev_probe, v) + 8 * cap;
	r->h.ts = want_ts ? bpf_ktime_get_ns() : 0;
	r->site = key;
	r->bad = 0;
	for (int i = 0; i < cap; i++) {
		__u64 v = 0;
		if (i >= n)
			break; /* user space reads nargs values only */
		if (!fetch(&st->a[i], regs, bias, &v))
			r->bad |= 1u << i;
		r->v[i] = v;
	}
}

/* A hit's registers and load bias, and where its strings are. */
struct hitregs {
	__u64 r[sizeof(struct pt_regs) / 8];
	__u64 bias;
	__u32 off;    /* probe_arg: the strings' end in the scratch record */
	__u32 unread; /* probe_arg: a string that user space has to read */
	__u32 nrom;
	struct romnote rom[ROM_NOTES]; /* probe_arg: strings not read (romap.bpf.h) */
};

/*
 * Value I of a hit (registers and load bias in HR) into the scratch record S, and the string it
 * points to if site ST wants it: its length word, then its bytes, padded to 4, at HR->off.  A
 * global function: the kernel verifies it once, whatever the number of values.
 */
__noinline int probe_arg(struct scratch *s, const struct psite *st, struct hitregs *hr, __u32 i)
{
	__u64 v = 0;

	if (!s || !st || !hr || i >= PROBE_MAX_ARGS)
		return 0;
	const struct parg *a = &st->a[i];
	if (!fetch(a, hr->r, hr->bias, &v))
		s->ev.bad |= 1u << i;
	s->ev.v[i] = v;
	if (!a->str)
		return 0;
	__u32 o = hr->off & (PROBE_SCRATCH - 1);
	long got = 0;
	if (!(s->ev.bad & (1u << i)) && v && a->str == PCAP_BUF) {
		__u32 n = a->caplen;
		if (n > PROBE_STR_MAX)
			n = PROBE_STR_MAX;
		if (n && !bpf_probe_read_user(&s->strs[o + 4], n, (void *)v))
			got = n;
	} else if (!(s->ev.bad & (1u << i)) && v) {
		__u32 max = str_max;
		if (max > PROBE_STR_MAX)
			max = PROBE_STR_MAX;
		got = bpf_probe_read_user_str(&s->strs[o + 4], max, (void *)v);
		/* A page not mapped yet (a literal not touched before), which only a fault would
		 * bring in: user space reads it while the thread is held. */
		if (got < 0 && v >= 4096 && v < 0x800000000000ull) {
			hr->unread = 1;
			romnote_add(hr->rom, &hr->nrom, v, max);
		}
	}
	if (got < 0 || got > PROBE_STR_MAX)
		got = 0;
	*(__u32 *)&s->strs[o] = (__u32)got;
	hr->off = o + 4 + (((__u32)got + 3) & ~3u);
	return 0;
}

#include "bpf/latency.bpf.h"

static __always_inline int hit(struct pt_regs *ctx, __u32 kind)
{
	__u64 pid_tgid = bpf_get_current_pid_tgid();
	__u32 tid = (__u32)pid_tgid, zero = 0, key;
	struct hitregs hrs, *hr = &hrs;
	struct psite *st;
	struct scratch *s;

	if (!is_traced_fast(tid))
		return 0;
	key = (__u32)bpf_get_attach_cookie(ctx);
	st = bpf_map_lookup_elem(&sites, &key);
	if (!st)
		return 0;
	if (count_hits && !st->silent) {
		__u64 *c = bpf_map_lookup_elem(&site_hits, &key);
		if (c)
			*c += 1;
	}
	__builtin_memcpy(hr->r, ctx, sizeof(hr->r));
	if (st->rep && rep_again(tid, key, PT_REGS_PARM4(ctx)))
		return 0;
	__u64 bias = PT_REGS_IP(ctx) - st->pc;
	__u32 n = st->nargs, off = 0;

	hr->bias = bias;

	if (st->lat_a | st->lat_b)
		lat_hit(st, hr, pid_tgid);
	/* Only --latency wants it; -c prints nothing, but an IFUNC's choice must be attached. */
	if (st->silent || (quiet && !st->hold))
		return 0;

	/*
	 * The common case, values only: built in place in the ring buffer, no copy, in a record
	 * of 48 bytes for up to two values (the memory a hit writes and the reader reads is most
	 * of its cost after the trap), else of the whole struct.
	 */
	if (!st->nstr && !st->xmm && !st->hold) {
		__u64 avail = bpf_ringbuf_query(&events, BPF_RB_AVAIL_DATA), size = ring_size;
		struct ev_probe *r;
		__u64 rlen = n <= 2 ? offsetof(struct ev_probe, v[2]) : sizeof(*r);
		if (n <= 2) {
			r = bpf_ringbuf_reserve(&events, offsetof(struct ev_probe, v[2]), 0);
			if (r)
				fill(r, kind, pid_tgid, key, st, n, hr->r, bias, 2);
		} else {
			r = bpf_ringbuf_reserve(&events, sizeof(*r), 0);
			if (r)
				fill(r, kind, pid_tgid, key, st, n, hr->r, bias, PROBE_MAX_ARGS);
		}
		if (!r) {
			count(PSTAT_LOST);
			return 0;
		}
		__u64 wake = wake_due(avail, rlen) ? BPF_RB_FORCE_WAKEUP : BPF_RB_NO_WAKEUP;
		if (avail > size / 2 && hold(tid)) {
			r->bad |= PROBE_HELD;
			wake = BPF_RB_FORCE_WAKEUP;
		}
		bpf_ringbuf_submit(r, wake);
		return 0;
	}

	s = bpf_map_lookup_elem(&scratch, &zero);
	if (!s)
		return 0;
	s->ev.h.kind = kind;
	s->ev.h.tid = tid;
	s->ev.h.tgid = pid_tgid >> 32;
	s->ev.h.ts = bpf_ktime_get_ns();
	s->ev.site = key;
	s->ev.bad = 0;
	hr->off = 0;
	hr->unread = 0;
	hr->nrom = 0;
	/* One call a value: probe_arg is verified once, not once per value (start-up time). */
	for (__u32 i = 0; i < PROBE_MAX_ARGS && i < n; i++)
		probe_arg(s, st, hr, i);
	off = hr->off;
	bool unread = hr->unread;
	/* Without strings only the n values go; with strings, all of v[] and the strings. */
	__u32 len = offsetof(struct ev_probe, v) + 8 * (n <= PROBE_MAX_ARGS ? n : PROBE_MAX_ARGS);
	if (st->nstr) {
		if (off > PROBE_SCRATCH)
			off = PROBE_SCRATCH;
		len = sizeof(struct ev_probe) + off;
	}
	s->ev.h.len = len;
	if (len > sizeof(struct scratch))
		return 0;
	/*
	 * Held before the record is visible: user space never releases a stop not yet sent.
	 * Waking the reader costs the probed thread more than the hit itself: only a record that
	 * holds its thread, or a buffer filling up, wakes it; otherwise it reads at its next
	 * wake-up or poll timeout.
	 */
	__u64 avail = bpf_ringbuf_query(&events, BPF_RB_AVAIL_DATA);
	__u64 size = bpf_ringbuf_query(&events, BPF_RB_RING_SIZE), wake = BPF_RB_NO_WAKEUP;
	if (st->xmm || st->hold) {
		if (hold(tid))
			s->ev.bad |= PROBE_HELD | (st->xmm ? PROBE_XMM : 0);
	} else if (avail > size / 2 && hold(tid)) {
		s->ev.bad |= PROBE_HELD;
	}
	/* A string that could not be read here: user space reads it from the process as the
	 * ptrace side does (probe_print_str), before it lets the thread run on. */
	if (unread && !(s->ev.bad & PROBE_HELD) && hold(tid))
		s->ev.bad |= PROBE_HELD;
	/* Where a string not read lies in a read-only file mapping, its file, ahead of the hit,
	 * unless user space reads it from the thread held here: one let go before it prints (an
	 * xmm hit) or not held may be gone by then. */
	if (!(s->ev.bad & PROBE_HELD) || (s->ev.bad & PROBE_XMM))
		romap_send(hr->rom, hr->nrom, tid, pid_tgid >> 32, s->ev.h.ts);
	/* off comes back from probe_arg unknown to the verifier: bound len where it is used */
	__u64 olen = len;
	asm volatile("" : "+r"(olen));
	if (olen > sizeof(struct scratch))
		return 0;
	if ((s->ev.bad & PROBE_HELD) || wake_due(avail, olen))
		wake = BPF_RB_FORCE_WAKEUP;
	if (bpf_ringbuf_output(&events, &s->ev, olen, wake))
		count(PSTAT_LOST);
	return 0;
}

SEC("uprobe")
int probe_hit(struct pt_regs *ctx)
{
	return hit(ctx, EV_PROBE_HIT);
}

SEC("uretprobe")
int probe_ret(struct pt_regs *ctx)
{
	return hit(ctx, EV_PROBE_RET);
}

/*
 * The loader's _dl_debug_state: site a[0] reads r_debug.r_state.  When the link map is
 * consistent (RT_CONSISTENT, 0) after a change, the process is stopped until user space has
 * attached the probes of the objects that came in, so that none of their hits is missed.
 */
SEC("uprobe")
int probe_rtld(struct pt_regs *ctx)
{
	__u64 pid_tgid = bpf_get_current_pid_tgid();
	__u32 tid = (__u32)pid_tgid, key;
	__u64 regs[sizeof(struct pt_regs) / 8], state = 1;
	struct psite *st;
	struct ev_rtld *r;

	if (!is_traced(tid))
		return 0;
	key = (__u32)bpf_get_attach_cookie(ctx);
	st = bpf_map_lookup_elem(&sites, &key);
	if (!st)
		return 0;
	__builtin_memcpy(regs, ctx, sizeof(regs));
	if (!fetch(&st->a[0], regs, PT_REGS_IP(ctx) - st->pc, &state) || (__u32)state != 0)
		return 0;
	r = bpf_ringbuf_reserve(&events, sizeof(*r), 0);
	if (!r) {
		count(PSTAT_LOST);
		return 0;
	}
	r->h.kind = EV_PROBE_RTLD;
	r->h.tid = tid;
	r->h.tgid = pid_tgid >> 32;
	r->h.len = sizeof(*r);
	r->h.ts = bpf_ktime_get_ns();
	r->dynamic = 1;
	r->pad = 0;
	if (!hold(tid)) {
		bpf_ringbuf_discard(r, 0);
		return 0;
	}
	bpf_ringbuf_submit(r, BPF_RB_FORCE_WAKEUP);
	return 0;
}

/*
 * A traced thread exec'd: held before its first instruction while user space attaches what is
 * mapped, the program and its loader (whose _dl_debug_state then tells when the libraries are
 * in), or all of a static program (no AT_BASE).  This tracepoint runs after sysbpf's (which may
 * have moved the thread to its new pid).
 */
SEC("tp_btf/sched_process_exec")
int BPF_PROG(probe_exec, struct task_struct *p, pid_t old_pid, struct linux_binprm *bprm)
{
	__u32 tid = BPF_CORE_READ(p, pid);
	struct mm_struct *mm = BPF_CORE_READ(p, mm);
	struct ev_rtld *r;

	if (!is_traced(tid) || !mm)
		return 0;
	__u32 dynamic = 0;
	for (int i = 0; i + 1 < 56; i += 2) {
		__u64 type = BPF_CORE_READ(mm, saved_auxv[i]);
		if (type == 0 /* AT_NULL */)
			break;
		if (type == 7 /* AT_BASE */ && BPF_CORE_READ(mm, saved_auxv[i + 1]))
			dynamic = 1;
	}
	r = bpf_ringbuf_reserve(&events, sizeof(*r), 0);
	if (!r) {
		count(PSTAT_LOST);
		return 0;
	}
	r->h.kind = EV_PROBE_EXEC;
	r->h.tid = tid;
	r->h.tgid = BPF_CORE_READ(p, tgid);
	r->h.len = sizeof(*r);
	r->h.ts = bpf_ktime_get_ns();
	r->dynamic = dynamic;
	r->pad = 0;
	if (!hold(tid)) {
		bpf_ringbuf_discard(r, 0);
		return 0;
	}
	bpf_ringbuf_submit(r, BPF_RB_FORCE_WAKEUP);
	return 0;
}

/*
 * The SIGCONT that user space sends to a held thread (while it is out of "traced", so sysbpf's
 * own signal_generate, which runs before this one, does not report it) puts the thread back
 * into "traced".  The thread it wakes cannot leave the signal code before the sender drops the
 * siglock, after this tracepoint: it returns to user space traced.
 */
static long unhold_tgid(struct bpf_map *map, __u32 *tid, struct held_ent *h, __u32 *tgid)
{
	if (h->tgid == *tgid) {
		bpf_map_update_elem(&traced, tid, &h->flags, BPF_ANY);
		bpf_map_delete_elem(&held, tid);
	}
	return 0;
}

SEC("tp_btf/signal_generate")
int BPF_PROG(held_resume, int sig, struct kernel_siginfo *info, struct task_struct *task,
	     int group, int result)
{
	/* Killed while held: back into "traced" at once, so that sysbpf sees the exit. */
	if (sig == SIGKILL) {
		__u32 tgid = BPF_CORE_READ(task, tgid);
		bpf_for_each_map_elem(&held, unhold_tgid, &tgid, 0);
		return 0;
	}
	if (sig != SIGCONT)
		return 0;
	__u32 tid = BPF_CORE_READ(task, pid);
	struct held_ent *h = bpf_map_lookup_elem(&held, &tid);
	if (!h)
		return 0;
	__u32 flags = h->flags;
	bpf_map_update_elem(&traced, &tid, &flags, BPF_ANY);
	bpf_map_delete_elem(&held, &tid);
	/* Its xmm registers, wanted by a hit: the thread was seen stopped (bpf/fpu.bpf.h). */
	struct xmm_regs *x = bpf_map_lookup_elem(&xmm, &tid);
	if (!x || x->state != 1)
		return 0;
	fpu_xmm_read(task, x->v, 16);
	x->state = 2;
	return 0;
}
