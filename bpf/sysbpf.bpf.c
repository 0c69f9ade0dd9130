// SPDX-License-Identifier: GPL-2.0
/*
 * The syscall side of sttrace --bpf, in the kernel: for every thread in the "traced" map, each
 * syscall's entry and exit with the memory its capture plan names, signals, forks, execs and
 * exits, into one ring buffer; with -c only statistics, kept here.
 *
 * Memory goes out in page-sized EV_MEM records (a read never crosses a page, so a buffer that
 * ends before an unmapped page still reads), ahead of the syscall record they belong to.
 */
#include "gen/vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>

#include "bpf/sysbpf.h"

char LICENSE[] SEC("license") = "GPL";

/* Set by user space before load. */
const volatile bool stats_only = false;    /* -c: counts and times, no events */
const volatile __u64 overhead_ns = 0;      /* -c -O: taken off each call's time */
const volatile bool wall_clock = false;    /* -c -w: wall time in calls, not system CPU time */
const volatile bool want_wall = false;     /* -c: a wall-* column, each call's wall time too */
const volatile bool trace_all = true;      /* no -e trace= */
const volatile __u64 trace_bits[SYS_MAX / 64] = {};
const volatile __u32 chase_size = 256;     /* bytes read at a pointer found in a capture */
const volatile bool want_sockets = false;  /* -yy: socket addresses and peers */
const volatile __u64 cgroup_id = 0;        /* --cgroup: its tasks are traced as they call */
const volatile bool inject_on = false;     /* -e inject=: look in "injected" at exits */
const volatile bool want_pidns = false;    /* --decode-pids=pidns: EV_PIDNS records */
const volatile __u32 cap_budget = CAP_BUDGET; /* bytes a stop may capture (dumps: more) */
const volatile __u32 plan_uses = PU_ALL; /* kinds of ops the traced calls' plans have */
const volatile bool want_ts = true;        /* a call's times shown or kept (-t, -r, -T, -C...) */
const volatile __u32 query_bytes = 64 << 10; /* a CPU's bytes sent between looks at the ring */

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 16 << 20);
} events SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 65536);
	__type(key, __u32);
	__type(value, __u32);
} traced SEC(".maps");

/* Bumped at every change of "traced": probes.bpf.c caches each thread's answer per value. */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u32);
} traced_gen SEC(".maps");

static __always_inline void traced_changed(void)
{
	__u32 zero = 0, *g = bpf_map_lookup_elem(&traced_gen, &zero);

	if (g)
		__sync_fetch_and_add(g, 1);
}

struct inflight {
	__s64 scno;
	__u64 args[6];
	__u64 ts;
	__u64 stime;   /* -c: the task's system CPU time at entry (ns) */
	__u32 refetch; /* an entry read failed: read it again at exit */
	__u32 active;  /* between a traced entry and its exit */
};

/* Per task, not per tid in a hash: no update or delete per call, and an exec'ing thread that
 * takes over the leader's pid keeps its own. */
struct {
	__uint(type, BPF_MAP_TYPE_TASK_STORAGE);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, int);
	__type(value, struct inflight);
} inflight SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, SYS_MAX);
	__type(key, __u32);
	__type(value, struct plan);
} plans SEC(".maps");

#include "bpf/stats.bpf.h"

/* Records the ring buffer had no room for: reported, never silent. */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64);
} lost SEC(".maps");

#define WORK_MAX 256 /* >= PLAN_OPS + CHASE_MAX, a power of two (indexes are masked): an
		     * environment of 200 strings with -v */
#define WMASK (WORK_MAX - 1)
#define SCAN_BYTES 1024 /* bytes of a region whose words may be pointers to follow */
#define ROMAP_LOST() count_lost()
static void count_lost(void);
#include "bpf/romap.bpf.h"

struct capregion {
	__u64 addr;
	__u32 size;
	__u32 full; /* size at the start */
	__u8 how;
	__u8 level;
	__u16 scan; /* bytes at the start whose pointers are followed; 0: as many as the loop does */
};

/* Per-CPU scratch (syscall tracepoints run with preemption off): the record being built and
 * the regions still to capture. */
struct scratch {
	struct ev_mem m;
	struct capregion work[WORK_MAX];
	__u32 nwork;
	__u32 cur;     /* region being captured */
	__u32 budget;  /* bytes left */
	__u32 tid, tgid;
	__u64 ts;
	__u32 faulted; /* a read failed at a user address */
	__u32 nrom;
	struct romnote rom[ROM_NOTES]; /* reads that failed: in a read-only file mapping? */
	__s32 fds[8]; /* descriptors to describe (-y, -P) */
	__u32 nfds;
	__u32 foreign; /* bit N: fds[N] is one of ftask's, not the caller's */
	__u64 ftask;   /* struct task_struct * of the foreign descriptors (SZ_PIDFD) */
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct ev_fd);
} fdscratch SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct scratch);
} scratch SEC(".maps");

static __always_inline void count_lost(void)
{
	__u32 zero = 0;
	__u64 *n = bpf_map_lookup_elem(&lost, &zero);

	if (n)
		(*n)++;
}

/*
 * Waking the reader costs more than the record (an irq_work self-IPI), and so does looking at
 * how full the ring is: the reader moves its position at every record, so the look is a cache
 * miss (a fifth of a traced getppid's cost, issue 31).  Each CPU looks once per query_bytes it
 * has sent, and wakes the reader when WAKE_BYTES or more wait; the reader also polls every
 * 10 ms.  A record it must see soon is sent with emit_flags.
 */
#define WAKE_BYTES (256 * 1024)

#include "bpf/ringlook.bpf.h"

static __always_inline void emit_flags(void *rec, __u64 size, __u64 flags)
{
	if (bpf_ringbuf_output(&events, rec, size, flags))
		count_lost();
}

static __always_inline void emit(void *rec, __u64 size)
{
	__u64 flags = BPF_RB_NO_WAKEUP;

	if (ring_look_due(size, query_bytes) &&
	    bpf_ringbuf_query(&events, BPF_RB_AVAIL_DATA) + size + 8 >= WAKE_BYTES)
		flags = BPF_RB_FORCE_WAKEUP;
	emit_flags(rec, size, flags);
}

static __always_inline bool user_ptr(__u64 v)
{
	return v >= 4096 && v < 0x800000000000ull;
}

static __always_inline void push(struct scratch *s, __u64 addr, __u64 size, __u8 how, __u8 level,
				 __u16 scan)
{
	__u32 i = s->nwork;

	if (!user_ptr(addr) || !size || i >= WORK_MAX)
		return;
	struct capregion *r = &s->work[i & WMASK];
	r->addr = addr;
	r->size = size > cap_budget ? cap_budget : size;
	r->full = r->size;
	r->how = how;
	r->level = level;
	r->scan = scan;
	s->nwork = i + 1;
}

struct stepctx {
	struct scratch *s;
};

struct scanctx {
	struct scratch *s;
	__u8 level;
};

/* The 8 bytes at offset 4 * W of the piece just captured: a user pointer is followed, one level
 * down (4-byte steps: v4l2_ext_control, packed, holds its string at 12). */
static long scan_word(__u32 w, struct scanctx *sc)
{
	struct scratch *s = sc->s;
	/* The mask bounds it for the verifier; the caller's count keeps it inside the capture. */
	__u64 v = *(__u64 *)&s->m.data[(w * 4) & (EV_MEM_MAX - 4)];

	if (user_ptr(v))
		push(s, v, chase_size, HOW_BUF, sc->level, 0);
	return 0;
}

/* One step: capture the next page-sized piece of the current region. */
static long capture_step(__u32 i, struct stepctx *sc)
{
	struct scratch *s = sc->s;
	__u32 cur = s->cur;

	if (cur >= s->nwork || cur >= WORK_MAX)
		return 1;
	struct capregion *r = &s->work[cur & WMASK];
	__u64 addr = r->addr;
	__u32 n = 4096 - (addr & 4095);
	if (n > r->size)
		n = r->size;
	if (n > s->budget)
		n = s->budget;
	if (n == 0 || n > EV_MEM_MAX)
		goto next;

	bool done = false;
	if (r->how == HOW_STR) {
		long got = bpf_probe_read_user_str(s->m.data, n, (void *)addr);
		if (got <= 0) {
			s->faulted = 1;
			romnote_add(s->rom, &s->nrom, addr, r->size);
			/* A string that ran from readable memory into this hole: an empty
			 * record marks where (strace warns of the short read). */
			if (r->size < r->full) {
				s->m.h.kind = EV_MEM;
				s->m.h.tid = s->tid;
				s->m.h.tgid = s->tgid;
				s->m.h.len = 0;
				s->m.h.ts = s->ts;
				s->m.addr = addr;
				emit(&s->m, offsetof(struct ev_mem, data));
			}
			goto next;
		}
		if (got < n) {
			n = got;
			done = true;
		} else {
			/* Full: the helper put a NUL in the last byte; the real one decides. */
			if (bpf_probe_read_user(&s->m.data[(n - 1) & (EV_MEM_MAX - 1)], 1,
						(void *)(addr + n - 1)))
				goto next;
			if (s->m.data[(n - 1) & (EV_MEM_MAX - 1)] == 0)
				done = true;
		}
	} else if (bpf_probe_read_user(s->m.data, n, (void *)addr)) {
		/* Only the start of a region counts: a buffer may end before an unmapped page. */
		if (r->size == r->full)
			s->faulted = 1;
		romnote_add(s->rom, &s->nrom, addr, r->size);
		goto next;
	}
	s->m.h.kind = EV_MEM;
	s->m.h.tid = s->tid;
	s->m.h.tgid = s->tgid;
	s->m.h.len = n;
	s->m.h.ts = s->ts;
	s->m.addr = addr;
	emit(&s->m, offsetof(struct ev_mem, data) + n);
	s->budget -= n;

	/*
	 * Pointers inside: in the first SCAN_BYTES of a region, whichever pieces they are in (a
	 * structure across a page end has pointers in its second piece: msghdr's msg_iov).
	 */
	__u32 seen = r->full - r->size;
	if (r->level && seen < SCAN_BYTES) {
		struct scanctx sc2 = { .s = s, .level = r->level - 1 };
		/* Of this piece, what lies in the part to scan: the structure an ioctl's request
		 * encodes (r->scan), else the region's first SCAN_BYTES; a word at every 4 bytes
		 * (packed structures: v4l2_ext_control's string at offset 12). */
		__u32 limit = r->scan && r->scan < SCAN_BYTES ? r->scan : SCAN_BYTES;
		__u32 scan = limit > seen ? limit - seen : 0;
		if (scan > n)
			scan = n;
		__u32 words = scan >= 8 ? (scan - 8) / 4 + 1 : 0;
		bpf_loop(words < 256 ? words : 256, scan_word, &sc2, 0);
	}
	r = &s->work[cur & WMASK];
	if (done || n >= r->size || !s->budget)
		goto next;
	r->addr += n;
	r->size -= n;
	return 0;
next:
	s->cur = cur + 1;
	return s->cur >= s->nwork || !s->budget;
}

static __always_inline void add_fd(struct scratch *s, __s32 fd)
{
	__u32 n = s->nfds;

	if (n >= 8)
		return;
	/* Once is enough (select's three fd_sets often hold the same descriptors). */
	for (__u32 k = 0; k < 8; k++)
		if (k < n && s->fds[k] == fd)
			return;
	/* Hide the bound from the compiler so that the mask, which the verifier needs, stays. */
	asm volatile("" : "+r"(n));
	n &= 7;
	s->fds[n] = fd;
	s->nfds = n + 1;
}

/* A descriptor of TASK's table, not the caller's (pidfd_getfd's target): never merged with
 * the caller's of the same number. */
static __always_inline void add_foreign_fd(struct scratch *s, __s32 fd, __u64 task)
{
	__u32 n = s->nfds;

	if (n >= 8)
		return;
	asm volatile("" : "+r"(n));
	n &= 7;
	s->fds[n] = fd;
	s->nfds = n + 1;
	s->foreign |= 1u << n;
	s->ftask = task;
}

#include "bpf/fds.bpf.h"

#include "bpf/fdscan.bpf.h"
#include "bpf/msg.bpf.h"
#include "bpf/comm.bpf.h"
#include "bpf/kvm.bpf.h"
#include "bpf/nsids.bpf.h"

struct opctx {
	struct scratch *s;
	struct plan *p;
	__u64 args[8]; /* 6 used: 8 so that an index masked with 7 stays inside */
	__s64 ret;
	__u8 when;
};

static long plan_op(__u32 i, struct opctx *o)
{
	if (i >= o->p->nops)
		return 1;
	struct capop *op = &o->p->ops[i & (PLAN_OPS - 1)];
	if (op->arg > ARG_RET)
		return 0;
	if (o->when & CAP_RETRY) {
		/* The exit's own, and again what only entry reads (not descriptors: they may
		 * have changed since). */
		bool exit_op = op->when & CAP_EXIT;
		bool retry_op = op->when == CAP_ENTRY && op->how != HOW_FD && op->how != HOW_FDPAIR &&
				op->how != HOW_COMM;
		if (!exit_op && !retry_op)
			return 0;
	} else if (!(op->when & o->when)) {
		return 0;
	}
	__u64 addr = o->args[op->arg & 7];
	__u64 size = op->size, n = 0;
	__u32 v32 = 0;
	__u16 scan = 0;
	__u64 pl[2];

	if (op->if_arg1 && (__u32)o->args[1] != (__u32)(op->if_arg1 - 1))
		return 0;
	/* An op for the ioctl requests of one type only (in args[size_arg]). */
	if (op->ioc_type && ((o->args[op->size_arg & 7] >> 8) & 0xff) != op->ioc_type)
		return 0;
	/* Each kind of op only when a traced call's plan has it (plan_uses, set before load): the
	 * verifier then skips the code of the others. */
	if (!(plan_uses & PU_FD) && (op->how == HOW_FD || op->how == HOW_FDPAIR))
		return 0;
	if ((plan_uses & PU_FD) && op->how == HOW_FD && op->size_from == SZ_ARG) {
		/* An array of descriptors (io_uring_register's tables). */
		__u64 base = addr + op->size, cnt = o->args[op->size_arg & 7];
		if (op->arg == ARG_RET || !user_ptr(addr))
			return 0;
		if (op->chase && bpf_probe_read_user(&base, sizeof(base), (void *)base))
			return 0;
		for (__u32 k = 0; k < FD_ARRAY_MAX; k++) {
			__s32 afd;
			if (k >= cnt || bpf_probe_read_user(&afd, sizeof(afd),
							    (void *)(base + k * (__u64)op->max)))
				break;
			add_fd(o->s, afd);
		}
		return 0;
	}
	if ((plan_uses & PU_PIDFD) && op->how == HOW_FD && op->size_from == SZ_PIDFD) {
		/* A descriptor of another process, the one pidfd args[size_arg] refers to. */
		__u64 task = pidfd_task((__s32)o->args[op->size_arg & 7]);
		if (task && op->arg != ARG_RET)
			add_foreign_fd(o->s, (__s32)addr, task);
		return 0;
	}
	if ((plan_uses & PU_CMSG) && op->how == HOW_FD && op->size_from == SZ_CMSG) {
		/* msg_control and msg_controllen, at 32 and 40 of a msghdr. */
		struct cmsgctx cc = { .s = o->s };
		if (op->arg == ARG_RET || !user_ptr(addr) ||
		    bpf_probe_read_user(pl, sizeof(pl), (void *)(addr + 32)) || !user_ptr(pl[0]))
			return 0;
		cc.p = pl[0];
		cc.end = pl[0] + (pl[1] < 4096 ? pl[1] : 4096);
		bpf_loop(CMSG_MAX, cmsg_step, &cc, 0);
		return 0;
	}
	if (op->how == HOW_KVMRUN) {
		if ((plan_uses & PU_KVMRUN) && o->ret == 0 && (__u32)o->args[1] == KVM_RUN_)
			send_kvm_exit(o->s, (__s32)addr);
		return 0;
	}
	if (op->how == HOW_NSIDS) {
		if ((plan_uses & PU_NSIDS) && o->ret >= 0)
			send_nsids(o->s, op->arg == ARG_RET ? (__s32)o->ret : 0);
		return 0;
	}
	if (op->how == HOW_COMM) {
		if (!(plan_uses & PU_COMM))
			return 0;
		__s32 pid = (__s32)addr;
		if (op->size_from == SZ_DEREF &&
		    (!user_ptr(addr) || bpf_probe_read_user(&pid, 4, (void *)(addr + op->size))))
			return 0;
		if (pid > 0)
			send_comm(o->s, pid);
		return 0;
	}
	if ((plan_uses & PU_MMSG) && op->how == HOW_BUF && op->size_from == SZ_MMSG) {
		struct mmsgctx mc = { .s = o->s, .base = addr, .ctl_max = op->max,
				      .n = (__u32)o->args[op->size_arg & 7] };
		if (op->arg == ARG_RET || !user_ptr(addr))
			return 0;
		bpf_loop(op->size < 2048 ? op->size : 2048, mmsg_entry, &mc, 0);
		return 0;
	}
	if ((plan_uses & PU_FD) && op->how == HOW_FD && op->size_from == SZ_NLA) {
		/* Descriptors in netlink attributes (IFLA_XDP_FD, IFLA_NET_NS_FD, ...). */
		struct nlactx nc = { .s = o->s, .base = addr,
				     .len = o->args[op->size_arg & 7] };
		if (op->arg == ARG_RET || !user_ptr(addr))
			return 0;
		if (nc.len > NLA_SCAN_MAX)
			nc.len = NLA_SCAN_MAX;
		bpf_loop(NLA_SCAN_MAX / 4, nla_fd_step, &nc, 0);
		return 0;
	}
	if ((plan_uses & PU_FD) && op->how == HOW_FD && op->size_from == SZ_BITS) {
		/* The descriptors set in an fd_set of args[size_arg] bits (select's sets). */
		struct fdsetctx fc = { .s = o->s, .base = addr };
		__u64 nbits = (__u32)o->args[op->size_arg & 7];
		if (op->arg == ARG_RET || !user_ptr(addr))
			return 0;
		bpf_loop(nbits < FDSET_BITS_MAX ? nbits : FDSET_BITS_MAX, fdset_bit, &fc, 0);
		return 0;
	}
	if ((plan_uses & PU_FD) && (op->how == HOW_FD || op->how == HOW_FDPAIR)) {
		struct scratch *s = o->s;
		__s32 fd = op->arg == ARG_RET ? (__s32)o->ret : (__s32)addr, pair[2];
		if (op->arg == ARG_RET && o->ret < 0)
			return 0;
		if (op->how == HOW_FDPAIR) {
			if (o->ret != 0 || bpf_probe_read_user(pair, sizeof(pair), (void *)addr))
				return 0;
			add_fd(s, pair[0]);
			add_fd(s, pair[1]);
			return 0;
		}
		/* SZ_DEREF: the descriptor is the int at offset size of what the argument
		 * points to (a structure holding one). */
		if (op->size_from == SZ_DEREF &&
		    (op->arg == ARG_RET || !user_ptr(addr) ||
		     bpf_probe_read_user(&fd, sizeof(fd), (void *)(addr + op->size))))
			return 0;
		add_fd(s, fd);
		return 0;
	}
	if (!user_ptr(addr))
		return 0;
	switch (op->size_from) {
	case SZ_CONST:
		break;
	case SZ_ARG:
		size *= o->args[op->size_arg & 7];
		break;
	case SZ_RET:
		if (o->ret < 0)
			return 0;
		size *= o->ret;
		break;
	case SZ_DEREF:
		if (bpf_probe_read_user(&v32, 4, (void *)o->args[op->size_arg & 7]))
			return 0;
		size *= v32;
		break;
	case SZ_BITS:
		n = (__u32)o->args[op->size_arg & 7];
		if (n > 65536)
			n = 65536;
		size = (n + 63) / 64 * 8;
		break;
	case SZ_IOC:
		n = ((__u32)o->args[op->size_arg & 7] >> 16) & 0x3fff;
		if (op->ioc_type) {
			size = op->max;
		} else {
			/* Pointers only in the structure the request encodes, not in the rest
			 * of the window (a stack full of them). */
			scan = n;
			if (n > size)
				size = n;
		}
		break;
	case SZ_PTRLEN:
		if (bpf_probe_read_user(pl, sizeof(pl), (void *)(addr + op->size)))
			return 0;
		addr = pl[0];
		size = pl[1];
		break;
	case SZ_FPROG:
		/* struct sock_fprog: the count (16 bits) at 0, the instructions' address at 8. */
		if (bpf_probe_read_user(pl, sizeof(pl), (void *)addr))
			return 0;
		addr = pl[1];
		size *= (__u16)pl[0];
		break;
	default:
		return 0;
	}
	if (size > op->max)
		size = op->max;
	push(o->s, addr, size, op->how, op->chase, scan);
	return 0;
}

static __always_inline bool wanted(__s64 scno)
{
	if (trace_all)
		return true;
	if (scno < 0 || scno >= SYS_MAX)
		return true; /* no syscall we know: traced whatever -e trace= says, as strace */
	__u64 n = scno;
	return (trace_bits[(n / 64) & (SYS_MAX / 64 - 1)] >> (n % 64)) & 1;
}

/*
 * Run the plan of call SCNO (header H, result RET) for stop WHEN, sending what it captures;
 * *FLAGS gets EVF_REFETCH when the entry must be read again at exit.
 */
static __always_inline void capture(const struct ev_hdr *h, __s64 scno, __s64 ret, __u64 *args,
				    __u64 sp, __u8 when, __u32 *flags)
{
	__u32 zero = 0, k = scno;
	struct scratch *s = bpf_map_lookup_elem(&scratch, &zero);
	struct plan *p = k < SYS_MAX ? bpf_map_lookup_elem(&plans, &k) : NULL;

	if (s && p && p->nops) {
		struct opctx o = { .s = s, .p = p, .ret = ret, .when = when };
		__builtin_memcpy(o.args, args, 6 * sizeof(__u64));
		o.args[ARG_SP] = sp;
		s->nwork = 0;
		s->nfds = 0;
		s->foreign = 0;
		s->cur = 0;
		s->faulted = 0;
		s->nrom = 0;
		s->budget = cap_budget;
		s->tid = h->tid;
		s->tgid = h->tgid;
		s->ts = h->ts;
		bpf_loop(PLAN_OPS, plan_op, &o, 0);
		struct stepctx sc = { .s = s };
		if (s->nwork)
			bpf_loop(2048, capture_step, &sc, 0);
		if ((plan_uses & PU_FD) && s->nfds)
			bpf_loop(8, describe_fd, &sc, 0);
		if (s->faulted && when == CAP_ENTRY && !(*flags & EVF_NOREFETCH))
			*flags |= EVF_REFETCH;
		/* What even the exit could not read (or an execve's entry, never read again). */
		if (!(*flags & EVF_REFETCH))
			romap_send(s->rom, s->nrom, s->tid, s->tgid, s->ts);
	}
}

#include "bpf/stack.bpf.h"
#include "bpf/pidns.bpf.h"

/* A traced syscall's entry: kept in "inflight" for its exit, and sent with its memory. */
static __always_inline struct inflight *enter_record(struct pt_regs *regs, long id, __u64 pt)
{
	struct inflight *f = bpf_task_storage_get(&inflight, bpf_get_current_task_btf(), 0,
						  BPF_LOCAL_STORAGE_GET_F_CREATE);
	if (!f)
		return 0;
	f->scno = id;
	f->refetch = 0;
	f->active = 1;
	if (stats_only) {
		/* -c reads one clock: the task's system time, or with -w the monotonic one; both
		 * for a wall-* column. */
		if (wall_clock || want_wall)
			f->ts = bpf_ktime_get_ns();
		if (!wall_clock)
			f->stime = bpf_get_current_task_btf()->stime;
		return f;
	}
	f->ts = want_ts ? bpf_ktime_get_ns() : 0;
	if (want_stack)
		send_stack(regs, (__u32)pt, pt >> 32, f->ts);
	f->args[0] = regs->di;
	f->args[1] = regs->si;
	f->args[2] = regs->dx;
	f->args[3] = regs->r10;
	f->args[4] = regs->r8;
	f->args[5] = regs->r9;

	struct ev_sys rec = {
		.h = { .kind = EV_SYS_ENTER, .tid = (__u32)pt, .tgid = pt >> 32, .ts = f->ts },
		.scno = id,
	};
	__builtin_memcpy(rec.args, f->args, sizeof(rec.args));
	rec.sp = regs->sp;
	rec.ip = regs->ip;
	send_pidns(&rec.h);
	/* After exec the memory is another program's: an execve is never read again. */
	if (id == 59 /* execve */ || id == 322 /* execveat */)
		rec.flags |= EVF_NOREFETCH;
	capture(&rec.h, id, 0, rec.args, rec.sp, CAP_ENTRY, &rec.flags);
	rec.flags &= ~EVF_NOREFETCH;
	emit(&rec, sizeof(rec));
	if (rec.flags & EVF_REFETCH)
		f->refetch = 1;
	return f;
}

#include "bpf/inject.bpf.h"
#include "bpf/signals.bpf.h"

SEC("tp_btf/sys_enter")
int BPF_PROG(sys_enter, struct pt_regs *regs, long id)
{
	__u64 pt = bpf_get_current_pid_tgid();
	__u32 tid = (__u32)pt;
	__u32 *flags = bpf_map_lookup_elem(&traced, &tid);

	if (!flags && cgroup_id && bpf_get_current_cgroup_id() == cgroup_id) {
		/* A task of the cgroup, at its first syscall since we started (or since it
		 * joined): traced from now on, its children too. */
		__u32 v = TRACED_ON | TRACED_FOLLOW;
		bpf_map_update_elem(&traced, &tid, &v, BPF_NOEXIST);
		traced_changed();
		flags = bpf_map_lookup_elem(&traced, &tid);
	}
	if (!flags)
		return 0;
	send_ignored(regs, tid, pt >> 32);
	if (!wanted(id))
		return 0;
	/* -c counts in the kernel: not what sttrace's child does before it runs the program
	 * (user space hides those lines the same way); its execve attempts count, as ptrace's. */
	if (stats_only && (*flags & TRACED_PRE_EXEC) && id != 59 && id != 322)
		return 0;
	enter_record(regs, id, pt);
	return 0;
}

SEC("tp_btf/sys_exit")
int BPF_PROG(sys_exit, struct pt_regs *regs, long ret)
{
	__u64 pt = bpf_get_current_pid_tgid();
	__u32 tid = (__u32)pt;
	struct inflight *f = bpf_task_storage_get(&inflight, bpf_get_current_task_btf(), 0, 0);

	if (inject_on)
		f = inject_at_exit(regs, pt, f);
	if (!f || !f->active) {
		if (bpf_map_lookup_elem(&traced, &tid))
			send_ignored(regs, tid, pt >> 32);
		return 0;
	}
	f->active = 0;
	/* SIGKILL pending (another thread's execve or exit_group, a kill -9: the kernel's
	 * __fatal_signal_pending): the thread dies on its way out, and ptrace reports no exit
	 * (ptrace_stop gives up): the call stays unfinished, ending with the thread ("= ?"). */
	if (bpf_get_current_task_btf()->pending.signal.sig[0] & (1UL << (9 /* SIGKILL */ - 1)))
		return 0;
	if (stats_only) {
		struct sysstat *st = stats_slot(f->scno);
		if (st) {
			/* As strace: system CPU time spent in the call unless -w; wall time for
			 * the wall-* columns; -O's overhead off each. */
			__u64 w = wall_clock || want_wall ? bpf_ktime_get_ns() - f->ts : 0;
			__u64 t = wall_clock ? w : bpf_get_current_task_btf()->stime - f->stime;
			w = w > overhead_ns ? w - overhead_ns : 0;
			t = t > overhead_ns ? t - overhead_ns : 0;
			if (!st->count || t < st->ns_min)
				st->ns_min = t;
			if (t > st->ns_max)
				st->ns_max = t;
			if (!st->count || w < st->wns_min)
				st->wns_min = w;
			if (w > st->wns_max)
				st->wns_max = w;
			st->count++;
			if (ret < 0 && ret > -4096)
				st->errors++;
			st->ns += t;
			st->wns += w;
		}
		return 0;
	}
	__u64 now = want_ts ? bpf_ktime_get_ns() : 0;
	struct ev_sysret rec = {
		.h = { .kind = EV_SYS_EXIT, .tid = tid, .tgid = pt >> 32, .ts = now },
		.scno = f->scno,
		.ret = ret,
		.enter_ts = f->ts,
		.ip = regs->ip,
	};
	__u8 when = f->refetch ? CAP_EXIT | CAP_RETRY : CAP_EXIT;
	__u32 flags = 0;
	/* ptrace -k shows a program's first exec with the new program's stack, at its exit. */
	if (want_stack && !ret && (rec.scno == 59 || rec.scno == 322))
		send_stack(regs, tid, pt >> 32, now);
	send_pidns(&rec.h);
	capture(&rec.h, rec.scno, ret, f->args, 0, when, &flags);
	emit(&rec, sizeof(rec));
	send_ignored(regs, tid, pt >> 32);
	return 0;
}

#include "bpf/procs.bpf.h"
