// SPDX-License-Identifier: GPL-2.0
/*
 * lttrace --bpf in the kernel: one program for every traced function's entry (a uprobe per
 * function, the function's index as cookie) and one for its return (a uretprobe).  A function
 * whose shown calls are the program's own may be probed instead at each `call` of it in the
 * program and at the call's return site (plain uprobes, cookie bits LT_CK_*, see
 * uprobe/callsite.c): those the kernel emulates, where the function's first instruction is
 * often single-stepped.  Such a call's frame is the same, its slot sp - 8 at the call.
 *
 * Every entry of a traced function is pushed on a per-thread stack (task storage), taken or
 * not, because the kernel runs the uretprobe for every entry: the return pops the frame at
 * its stack slot and says something only when the entry did.  Frames below the slot were
 * abandoned (longjmp, exceptions): dropped, as the kernel drops their return instances.
 * An entry counts when the return address lies in an object whose calls the filter wants
 * (user space fills one bit per object range); a tail jump from a traced call (a frame at
 * the same slot is open) counts when -x names the function (its callers: all).
 *
 * Records are assembled in a per-CPU scratch buffer and copied to the ring buffer with their
 * real size; the reader is woken once per WAKE_BYTES or by its own 10 ms poll, not per record.
 */
#include "gen/vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>

#include "bpf/ltrace.h"
#include "bpf/fpu.bpf.h"

char LICENSE[] SEC("license") = "GPL";

#define WAKE_BYTES (256 << 10)
#define DATA_SIZE 16384

const volatile bool stats_only = false; /* -c: sums in stats[], no records */
const volatile bool follow = false;     /* -f: every thread, and forked children */
const volatile __u64 ring_size = 16 << 20;
/* A CPU's bytes sent between two looks at how full the ring is (see send). */
const volatile __u32 query_bytes = 64 << 10;
/* -T, --json, -c: calls carry the kernel's times; else a per-thread count names a call (a read of
 * the clock is ~6% of a traced malloc here). */
const volatile bool want_time = true;
const volatile __u32 self_tgid = 0; /* lttrace: its SIGCONTs end holds, not the program's */

/* Filled by user space once the program's objects are mapped, before attaching. */
struct lt_fspec fspecs[LT_MAXFN];
/* -S: what each system call's record carries, from the prototype of its libc wrapper. */
struct lt_fspec sysspecs[LT_MAXSYS];
struct lt_range ranges[LT_MAXOBJS];
__u32 nranges;
/* Out: -c sums, records the ring buffer had no room for. */
struct lt_stat stats[LT_MAXFN];
__u64 lost;
__u64 holds; /* processes stopped for the reader to catch up (see send) */
/* Bumped at every change of "traced" (by user space too): a thread's cached answer of an older
 * generation is asked again.  Starts at 1, so that a zeroed state is never current. */
__u32 traced_gen = 1;

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 16 << 20);
} events SEC(".maps");

/* Processes held by send(), for user space to continue once it has read (tgid -> 1). */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 4096);
	__type(key, __u32);
	__type(value, __u32);
} held SEC(".maps");

/* Processes stopped by lt_rtld, for user space to continue once it has attached (tgid -> 1). */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 4096);
	__type(key, __u32);
	__type(value, __u32);
} rtld_held SEC(".maps");

/* Processes with a thread held at a hit (LT_F_HOLD*), for user space to continue once it has
 * printed the hit (tgid -> 1). */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 4096);
	__type(key, __u32);
	__type(value, __u32);
} xheld SEC(".maps");

/* A held thread's xmm registers (tid -> struct lt_xmm), see bpf/ltrace.h. */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1024);
	__type(key, __u32);
	__type(value, struct lt_xmm);
} xmm SEC(".maps");

/* Return addresses with a uprobe of lt_retsite (LT_F_RETSITE), filled by user space. */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 4096);
	__type(key, __u64);
	__type(value, __u32);
} retsites SEC(".maps");

/* Processes traced (by tgid). */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 4096);
	__type(key, __u32);
	__type(value, __u32);
} traced SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_TASK_STORAGE);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, int);
	__type(value, struct lt_tstate);
} tstates SEC(".maps");

struct scratch {
	struct lt_rec h;
	__u8 data[DATA_SIZE];
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct scratch);
} scratch SEC(".maps");

static __always_inline bool wanted(__u32 *tid_out, __u32 *tgid_out)
{
	/* A hash lookup: about 100 ns a call here, once per entry and per return. */
	__u64 id = bpf_get_current_pid_tgid();
	__u32 tgid = id >> 32, tid = (__u32)id;

	*tid_out = tid;
	*tgid_out = tgid;
	if (!follow && tid != tgid)
		return false;
	return bpf_map_lookup_elem(&traced, &tgid) != NULL;
}

/*
 * The state of the current thread when it is traced, else NULL (made when CREATE): wanted()
 * asked once per generation of "traced" and the answer kept in the thread's own storage,
 * which is read at every hit anyway.
 */
static __always_inline struct lt_tstate *traced_state(__u32 *tid, __u32 *tgid, bool create)
{
	struct task_struct *task = bpf_get_current_task_btf();
	struct lt_tstate *st = bpf_task_storage_get(&tstates, task, 0, 0);
	__u32 gen = traced_gen;

	if (st && st->gen == gen) {
		__u64 id = bpf_get_current_pid_tgid();
		*tid = (__u32)id;
		*tgid = id >> 32;
		return st->is_traced ? st : NULL;
	}
	bool w = wanted(tid, tgid);
	if (!st && w && create)
		st = bpf_task_storage_get(&tstates, task, 0, BPF_LOCAL_STORAGE_GET_F_CREATE);
	if (!st)
		return NULL;
	st->gen = gen;
	st->is_traced = w;
	return w ? st : NULL;
}

/*
 * A buffer over half full stops the process (SIGSTOP, as a debugger's hold): its threads wait
 * for the trace to be read rather than lose calls; user space sends SIGCONT once it has read.
 */
#include "bpf/ringlook.bpf.h"

static __always_inline bool send(struct scratch *s, __u32 off)
{
	__u64 size = sizeof(s->h) + off;
	__u64 wake = BPF_RB_NO_WAKEUP, avail = 0;

	if (size > sizeof(*s))
		size = sizeof(*s);
	/* How full the ring is, once per query_bytes this CPU sends: the reader moves its
	 * position as it reads, so every look is a cache miss.  Wake it when WAKE_BYTES or more
	 * wait, not for every record while it is behind: each wakeup is an irq_work IPI, which
	 * costs microseconds in a VM. */
	if (ring_look_due(size, query_bytes)) {
		avail = bpf_ringbuf_query(&events, BPF_RB_AVAIL_DATA);
		if (avail + size + 8 >= WAKE_BYTES)
			wake = BPF_RB_FORCE_WAKEUP;
	}
	if (avail > ring_size / 2) {
		/* At every look while over half: a SIGCONT of ours may have just cancelled the
		 * stop sent before (SIGCONT discards pending stops). */
		__u32 tgid = s->h.tgid, one = 1;
		bpf_map_update_elem(&held, &tgid, &one, BPF_ANY);
		if (!bpf_send_signal(19 /* SIGSTOP */))
			__sync_fetch_and_add(&holds, 1);
	}
	if (s->h.flags & LT_RF_HELD)
		wake = BPF_RB_FORCE_WAKEUP;
	if (bpf_ringbuf_output(&events, s, size, wake)) {
		__sync_fetch_and_add(&lost, 1);
		return false;
	}
	return true;
}

/*
 * Send the record in S holding its thread (LT_F_HOLD*): it stops (SIGSTOP, delivered once the
 * probe is done) until user space has printed the hit from the process and its registers and
 * sends SIGCONT.  The stop is sent first, the record then says it; a record lost after it
 * leaves the process to the ring-full holds' release (map held), never stopped for good.
 */
static __always_inline void send_held(struct scratch *s, __u32 off)
{
	__u32 tgid = s->h.tgid, one = 1;

	if (!bpf_map_update_elem(&xheld, &tgid, &one, BPF_ANY)) {
		if (!bpf_send_signal_thread(19 /* SIGSTOP */))
			s->h.flags |= LT_RF_HELD;
		else
			bpf_map_delete_elem(&xheld, &tgid);
	}
	if (!send(s, off) && (s->h.flags & LT_RF_HELD)) {
		bpf_map_update_elem(&held, &tgid, &one, BPF_ANY);
		__sync_fetch_and_add(&holds, 1);
	}
}

/* Register I's memory, as the plan says (KIND of this side: entry or return): the new end. */
static __always_inline __u32 capture(struct scratch *s, __u32 off, int i, __u8 kind, __u16 len,
				     __u64 addr)
{
	long n;

	s->h.caplen[i] = 0;
	if (kind == LT_CAP_NONE)
		return off;
	if (len > LT_CAPMAX)
		len = LT_CAPMAX;
	off &= 8191;
	if (kind == LT_CAP_STR || kind == LT_CAP_OSTR)
		n = bpf_probe_read_user_str(s->data + off, len, (void *)addr);
	else
		n = bpf_probe_read_user(s->data + off, len, (void *)addr) ? -1 : len;
	if (n <= 0) {
		s->h.failed |= 1 << i;
		return off;
	}
	s->h.caplen[i] = n;
	return off + ((n + 7) & ~7);
}

static __always_inline __u8 entry_kind(__u8 k)
{
	return k == LT_CAP_STR || k == LT_CAP_BUF ? k : LT_CAP_NONE;
}

static __always_inline __u8 ret_kind(__u8 k)
{
	return k == LT_CAP_OSTR || k == LT_CAP_OBUF ? k : LT_CAP_NONE;
}

/* The object range holding a return address: through bpf_loop, verified once, not per range. */
struct find_ctx {
	__u64 addr;
	__u32 obj;
};

static long find_obj(__u32 i, void *data)
{
	struct find_ctx *fc = data;

	if (i >= LT_MAXOBJS)
		return 1;
	if (fc->addr >= ranges[i].lo && fc->addr < ranges[i].hi) {
		fc->obj = i;
		return 1;
	}
	return 0;
}

/* The frames of ST still open for a stack pointer at SLOT: those below it were left by longjmp
 * or an exception (their shown ones uncounted).  The frames themselves stay until reused. */
static __always_inline __u32 live_frames(struct lt_tstate *st, __u64 slot)
{
	__u32 n = st->n;

	for (int i = 0; i < LT_MAXFRAMES && n; i++) {
		struct lt_frame *f = &st->f[(n - 1) & (LT_MAXFRAMES - 1)];
		if (f->slot >= slot)
			break;
		if (f->taken && st->ntaken)
			st->ntaken--;
		n--;
	}
	return n;
}

/* The header of a KIND record of frame F at time TS (its entry's registers, slot and return
 * address; RVAL:RVAL2 at a return), no data yet. */
static __always_inline void frame_rec(struct scratch *s, __u32 kind, struct lt_frame *f,
				      __u32 tid, __u32 tgid, __u64 ts, __u64 rval, __u64 rval2)
{
	s->h.kind = kind;
	s->h.fn = f->fn;
	s->h.tid = tid;
	s->h.tgid = tgid;
	s->h.ts = ts;
	s->h.ts_call = f->ts;
	s->h.rval = rval;
	s->h.rval2 = rval2;
	for (int i = 0; i < LT_NREGS; i++)
		s->h.regs[i] = f->args[i];
	s->h.sp = f->slot;
	s->h.ret = f->retaddr;
	s->h.failed = 0;
	s->h.flags = 0;
	s->h.nstk = 0;
	for (int i = 0; i <= LT_NREGS; i++)
		s->h.caplen[i] = 0;
}

/*
 * The call record of frame F, whose entry was kept back (see lt_entry): sent before anything
 * else its thread does is.  Such a frame has no entry captures, so the record is the header.
 */
static __always_inline void send_kept(struct lt_frame *f, __u32 tid, __u32 tgid)
{
	__u32 zero = 0;
	struct scratch *s = bpf_map_lookup_elem(&scratch, &zero);

	if (!s)
		return;
	frame_rec(s, LT_REC_CALL, f, tid, tgid, f->ts, 0, 0);
	send(s, 0);
	f->kept = 0;
}

/* Send the kept call of ST, if any: its thread is about to show something else. */
static __always_inline void flush_kept(struct lt_tstate *st, __u32 tid, __u32 tgid)
{
	__u32 k = st->kept;

	if (!k)
		return;
	st->kept = 0;
	struct lt_frame *f = &st->f[(k - 1) & (LT_MAXFRAMES - 1)];
	if (f->kept)
		send_kept(f, tid, tgid);
}

SEC("uprobe")
int lt_entry(struct pt_regs *ctx)
{
	__u32 tid, tgid, ck = (__u32)bpf_get_attach_cookie(ctx), fn = ck & LT_CK_FN;
	/* At a call site: the call has not run yet (regs' ip is the probe's address). */
	bool csite = ck & LT_CK_CSITE;
	__u64 slot = PT_REGS_SP(ctx) - (csite ? 8 : 0), ret = 0;

	if (fn >= LT_MAXFN)
		return 0;
	struct lt_fspec *sp = &fspecs[fn];
	struct lt_tstate *st = traced_state(&tid, &tgid, true);
	if (!st)
		return 0;
	/* Into the thread's storage, not onto the BPF stack: with hardened usercopy, a copy to
	 * the stack walks the kernel's stack frames, 100 ns or so, a heap object is checked at
	 * once. */
	if (csite)
		ret = PT_REGS_IP(ctx) + 5;
	else if (!bpf_probe_read_user(&st->rbuf, sizeof(st->rbuf), (void *)slot))
		ret = st->rbuf;
	__u32 n = live_frames(st, slot);
	struct find_ctx fc = { .addr = ret, .obj = LT_OBJ_NONE };
	__u32 nr = nranges;
	bpf_loop(nr < LT_MAXOBJS ? nr : LT_MAXOBJS, find_obj, &fc, 0);
	bool taken = sp->callers >> (fc.obj & 63) & 1;
	/* A tail jump: the frame at this slot is open and the return address there is the
	 * kernel's trampoline (in no object); the kernel chains its return instance to that
	 * frame's, and runs both at the one return, innermost first.  Shown when -x names the
	 * function (as an entry breakpoint sees it); the caller made one call, already shown.  A
	 * real return address means that frame was left by longjmp and this is a new call from
	 * the same level.  At a call site, a frame at the slot the call is about to fill was
	 * left. */
	bool tail = false, retsite = sp->flags & LT_F_RETSITE;
	if (n && st->f[(n - 1) & (LT_MAXFRAMES - 1)].slot == slot) {
		struct lt_frame *top = &st->f[(n - 1) & (LT_MAXFRAMES - 1)];
		/* A setjmp's frame has its real return address there: _setjmp jumps on to
		 * __sigsetjmp with it; so has a call site's (no trampoline). */
		if (!csite && (fc.obj == LT_OBJ_NONE ||
			       ((top->retsite || top->csite) && top->retaddr == ret))) {
			tail = true;
			taken = sp->callers == ~0ull;
		} else {
			if (st->f[(n - 1) & (LT_MAXFRAMES - 1)].taken && st->ntaken)
				st->ntaken--;
			n--;
		}
	}
	if (taken && (sp->flags & LT_F_OUTERMOST) && st->ntaken)
		taken = false;
	__u64 now = !taken ? 0 : want_time ? bpf_ktime_get_ns() : ++st->seq;
	/* A kept call goes out before this one, or before its slot is reused (longjmp). */
	if (st->kept > n || (taken && !stats_only))
		flush_kept(st, tid, tgid);
	/*
	 * A call with nothing to read at its entry but its registers is kept in its frame, not
	 * sent: its return sends call and return in one record (LT_REC_CALLRET), half the records
	 * of a malloc/free loop.  Anything else the thread does first sends it (flush_kept), and
	 * user space shows one that takes long from the thread's storage (lt-bpf.c, show_kept).
	 * Only without -f, where one thread is traced: under -f another thread's lines would
	 * come before the call they followed.
	 */
	bool keep = !follow && taken && !stats_only && (sp->flags & LT_F_KEEP) && !tail;
	if ((sp->flags & LT_F_NORET) && !retsite) {
		/* No uretprobe: no frame either. */
		st->n = n;
		if (!taken || stats_only)
			return 0;
	} else {
		if (n >= LT_MAXFRAMES) {
			st->n = n;
			return 0;
		}
		__u32 idx = n;
		asm volatile("" : "+r"(idx)); /* keep the mask: the verifier needs it */
		struct lt_frame *f = &st->f[idx & (LT_MAXFRAMES - 1)];
		f->slot = slot;
		f->fn = fn;
		f->taken = taken;
		f->kept = keep;
		f->retsite = retsite;
		f->csite = csite;
		f->ts = now;
		f->retaddr = ret;
		f->args[0] = PT_REGS_PARM1(ctx);
		f->args[1] = PT_REGS_PARM2(ctx);
		f->args[2] = PT_REGS_PARM3(ctx);
		f->args[3] = PT_REGS_PARM4(ctx);
		f->args[4] = PT_REGS_PARM5(ctx);
		f->args[5] = ctx->r9; /* libbpf 1.1 has no PT_REGS_PARM6 */
		st->n = n + 1;
		if (!taken)
			return 0;
		st->ntaken++;
		/* -c: no record, but a setjmp's return address must get its uprobe once. */
		if (stats_only && !(retsite && !bpf_map_lookup_elem(&retsites, &ret)))
			return 0;
		if (keep) {
			st->kept = n + 1;
			return 0;
		}
	}

	__u32 zero = 0, off = 0;
	struct scratch *s = bpf_map_lookup_elem(&scratch, &zero);
	if (!s)
		return 0;
	s->h.kind = LT_REC_CALL;
	s->h.fn = fn;
	s->h.tid = tid;
	s->h.tgid = tgid;
	s->h.ts = now;
	s->h.ts_call = now;
	s->h.rval = 0;
	s->h.rval2 = 0;
	s->h.regs[0] = PT_REGS_PARM1(ctx);
	s->h.regs[1] = PT_REGS_PARM2(ctx);
	s->h.regs[2] = PT_REGS_PARM3(ctx);
	s->h.regs[3] = PT_REGS_PARM4(ctx);
	s->h.regs[4] = PT_REGS_PARM5(ctx);
	s->h.regs[5] = ctx->r9;
	s->h.sp = slot;
	s->h.ret = ret;
	s->h.failed = 0;
	s->h.nstk = 0;
	__u32 nstk = sp->nstk;
	if (nstk > LT_MAXSTK)
		nstk = LT_MAXSTK;
	if (nstk && !bpf_probe_read_user(s->data, nstk * 8, (void *)(slot + 8))) {
		s->h.nstk = nstk;
		off = nstk * 8;
	}
	for (int i = 0; i < LT_NREGS; i++)
		off = capture(s, off, i, entry_kind(sp->cap[i]), sp->len[i], s->h.regs[i]);
	s->h.caplen[LT_NREGS] = 0;
	s->h.flags = tail ? LT_RF_TAIL : 0;
	/* A variadic call's %al: how many vector registers its caller filled.  A return
	 * address without its uprobe yet: user space places it while the thread waits. */
	if ((sp->flags & LT_F_HOLD) || ((sp->flags & LT_F_HOLD_VA) && (ctx->ax & 0xff)) ||
	    (retsite && !bpf_map_lookup_elem(&retsites, &ret)))
		send_held(s, off);
	else
		send(s, off);
	return 0;
}

/* A uretprobe, or a plain uprobe on a call site's return site (LT_CK_RETSITE): sp is past the
 * return address either way.  A return site reached by a jump finds no frame of its own. */
SEC("uretprobe")
int lt_return(struct pt_regs *ctx)
{
	__u32 tid, tgid, ck = (__u32)bpf_get_attach_cookie(ctx);
	__u64 slot = PT_REGS_SP(ctx) - 8;
	bool rsite = ck & LT_CK_RETSITE;

	struct lt_tstate *st = traced_state(&tid, &tgid, false);
	if (!st)
		return 0;
	__u32 n = live_frames(st, slot);
	if (st->kept > n)
		flush_kept(st, tid, tgid);
	struct lt_frame *f = &st->f[(n - 1) & (LT_MAXFRAMES - 1)];
	if (!n || f->slot != slot || f->csite != rsite || (rsite && f->fn != (ck & LT_CK_FN))) {
		st->n = n;
		return 0;
	}
	st->n = n - 1;
	if (!f->taken)
		return 0;
	if (st->ntaken)
		st->ntaken--;
	__u32 fn = f->fn;
	__u64 now = want_time ? bpf_ktime_get_ns() : f->ts;
	if (fn >= LT_MAXFN)
		return 0;
	if (stats_only) {
		__sync_fetch_and_add(&stats[fn].calls, 1);
		__sync_fetch_and_add(&stats[fn].ns, now - f->ts);
		return 0;
	}
	/* Kept at its entry: this frame is st->kept, as nothing else was sent since. */
	bool both = f->kept;
	if (both) {
		f->kept = 0;
		st->kept = 0;
	}
	__u32 zero = 0, off = 0;
	struct scratch *s = bpf_map_lookup_elem(&scratch, &zero);
	if (!s)
		return 0;
	struct lt_fspec *sp = &fspecs[fn];
	frame_rec(s, both ? LT_REC_CALLRET : LT_REC_RET, f, tid, tgid, now, PT_REGS_RC(ctx),
		  ctx->dx);
	for (int i = 0; i < LT_NREGS; i++)
		off = capture(s, off, i, ret_kind(sp->cap[i]), sp->len[i], f->args[i]);
	off = capture(s, off, LT_NREGS, ret_kind(sp->cap[LT_NREGS]), sp->len[LT_NREGS],
		      s->h.rval);
	if (sp->flags & LT_F_HOLD_RET)
		send_held(s, off);
	else
		send(s, off);
	return 0;
}

#include "bpf/ltrace-sys.bpf.h"

/*
 * The return address of a setjmp (LT_F_RETSITE), reached by its return: the frames open at
 * the stack slot below (setjmp's, and __sigsetjmp's it jumped on to) are closed, innermost
 * first, rax their result.  A later longjmp back here finds none.
 */
SEC("uprobe")
int lt_retsite(struct pt_regs *ctx)
{
	__u32 tid, tgid, zero = 0;
	__u64 slot = PT_REGS_SP(ctx) - 8;
	struct lt_tstate *st = traced_state(&tid, &tgid, false);

	if (!st)
		return 0;
	__u32 n = live_frames(st, slot);
	if (st->kept > n)
		flush_kept(st, tid, tgid);
	for (int i = 0; i < 4 && n; i++) {
		struct lt_frame *f = &st->f[(n - 1) & (LT_MAXFRAMES - 1)];
		if (f->slot != slot || !f->retsite)
			break;
		n--;
		if (!f->taken)
			continue;
		if (st->ntaken)
			st->ntaken--;
		__u32 fn = f->fn;
		__u64 now = want_time ? bpf_ktime_get_ns() : f->ts;
		if (fn >= LT_MAXFN)
			continue;
		if (stats_only) {
			__sync_fetch_and_add(&stats[fn].calls, 1);
			__sync_fetch_and_add(&stats[fn].ns, now - f->ts);
			continue;
		}
		struct scratch *s = bpf_map_lookup_elem(&scratch, &zero);
		if (!s)
			break;
		frame_rec(s, LT_REC_RET, f, tid, tgid, now, PT_REGS_RC(ctx), ctx->dx);
		send(s, 0);
	}
	st->n = n;
	return 0;
}

/*
 * The loader's _dl_debug_state (r_brk), called at every change of its link map (dlopen,
 * dlclose): the process stops (SIGSTOP) until user space has probed the new objects and
 * continues it, so no call into a library loaded by dlopen is lost.
 */
SEC("uprobe")
int lt_rtld(struct pt_regs *ctx)
{
	__u64 id = bpf_get_current_pid_tgid();
	__u32 tgid = id >> 32, one = 1;

	if (!bpf_map_lookup_elem(&traced, &tgid))
		return 0;
	bpf_map_update_elem(&rtld_held, &tgid, &one, BPF_ANY);
	if (bpf_send_signal(19 /* SIGSTOP */)) {
		bpf_map_delete_elem(&rtld_held, &tgid);
		return 0;
	}
	struct lt_rec rec = {
		.kind = LT_REC_RTLD, .tid = (__u32)id, .tgid = tgid, .ts = bpf_ktime_get_ns(),
	};
	if (bpf_ringbuf_output(&events, &rec, sizeof(rec), BPF_RB_FORCE_WAKEUP))
		__sync_fetch_and_add(&lost, 1);
	return 0;
}

/*
 * A traced process's exec: the calls open in the old image are gone (the thread's frames
 * emptied; a kept call is sent first), and the process stops (SIGSTOP, as lt_rtld) until user
 * space has probed the new program and its loader, before the new image's first instruction.
 */
SEC("tp_btf/sched_process_exec")
int BPF_PROG(lt_exec, struct task_struct *p, pid_t old_pid, struct linux_binprm *bprm)
{
	__u32 tgid = BPF_CORE_READ(p, tgid), tid = BPF_CORE_READ(p, pid), one = 1;

	if (!bpf_map_lookup_elem(&traced, &tgid))
		return 0;
	struct lt_tstate *st = bpf_task_storage_get(&tstates, p, 0, 0);
	if (st) {
		if (!stats_only)
			flush_kept(st, tid, tgid);
		st->n = 0;
		st->ntaken = 0;
		st->kept = 0;
	}
	bpf_map_update_elem(&rtld_held, &tgid, &one, BPF_ANY);
	if (bpf_send_signal(19 /* SIGSTOP */)) {
		bpf_map_delete_elem(&rtld_held, &tgid);
		return 0;
	}
	struct lt_rec rec = {
		.kind = LT_REC_EXEC, .tid = tid, .tgid = tgid, .ts = bpf_ktime_get_ns(),
	};
	if (bpf_ringbuf_output(&events, &rec, sizeof(rec), BPF_RB_FORCE_WAKEUP))
		__sync_fetch_and_add(&lost, 1);
	return 0;
}

SEC("tp_btf/sched_process_fork")
int BPF_PROG(lt_fork, struct task_struct *parent, struct task_struct *child)
{
	__u32 ptgid = BPF_CORE_READ(parent, tgid), ctgid = BPF_CORE_READ(child, tgid);
	__u32 one = 1;

	if (!follow || ptgid == ctgid || !bpf_map_lookup_elem(&traced, &ptgid))
		return 0;
	bpf_map_update_elem(&traced, &ctgid, &one, BPF_ANY);
	__sync_fetch_and_add(&traced_gen, 1);
	/* The child returns from fork too: its frames are a copy of its parent's, the call to
	 * fork shown first by the parent. */
	struct lt_tstate *ps = bpf_task_storage_get(&tstates, parent, 0, 0);
	if (ps && !stats_only)
		flush_kept(ps, BPF_CORE_READ(parent, pid), ptgid);
	struct lt_tstate *cs = ps ? bpf_task_storage_get(&tstates, child, 0,
						      BPF_LOCAL_STORAGE_GET_F_CREATE) : NULL;
	if (cs)
		bpf_probe_read_kernel(cs, sizeof(*cs), ps);
	struct lt_rec rec = {
		.kind = LT_REC_FORK, .tid = BPF_CORE_READ(parent, pid), .tgid = ptgid,
		.ts = bpf_ktime_get_ns(), .regs = { ctgid },
	};
	if (bpf_ringbuf_output(&events, &rec, sizeof(rec), 0))
		__sync_fetch_and_add(&lost, 1);
	return 0;
}

/* Signals as they are delivered (not those the kernel drops unhandled: SIGCHLD's default);
 * the SIGSTOPs of our own holds are not the program's. */
SEC("tp_btf/signal_deliver")
int BPF_PROG(lt_signal, int sig, struct kernel_siginfo *info, struct k_sigaction *ka)
{
	__u32 tid, tgid;

	if (!wanted(&tid, &tgid) || stats_only)
		return 0;
	if (sig == 19 /* SIGSTOP */ && (bpf_map_lookup_elem(&held, &tgid) ||
					 bpf_map_lookup_elem(&rtld_held, &tgid) ||
					 bpf_map_lookup_elem(&xheld, &tgid)))
		return 0;
	/* Ignored by default, yet delivered now and then (a thread caught stopping): ours when
	 * lttrace sent it, to end a hold. */
	if (sig == 18 /* SIGCONT */ && self_tgid &&
	    (__u32)BPF_CORE_READ(info, _sifields._kill._pid) == self_tgid)
		return 0;
	struct lt_tstate *st = bpf_task_storage_get(&tstates, bpf_get_current_task_btf(), 0, 0);
	if (st)
		flush_kept(st, tid, tgid);
	struct lt_rec rec = {
		.kind = LT_REC_SIGNAL, .tid = tid, .tgid = tgid, .ts = bpf_ktime_get_ns(),
		.regs = { sig },
	};
	if (bpf_ringbuf_output(&events, &rec, sizeof(rec), 0))
		__sync_fetch_and_add(&lost, 1);
	return 0;
}

/* lttrace's SIGSTOP to a thread it holds (which only queues it): the thread's xmm registers,
 * when user space asked for them (struct lt_xmm). */
SEC("tp_btf/signal_generate")
int BPF_PROG(lt_xmm_read, int sig, struct kernel_siginfo *info, struct task_struct *task,
	     int group, int result)
{
	if (sig != 19 /* SIGSTOP */)
		return 0;
	__u32 tid = BPF_CORE_READ(task, pid);
	struct lt_xmm *x = bpf_map_lookup_elem(&xmm, &tid);
	if (!x || x->state != 1)
		return 0;
	fpu_xmm_read(task, x->v, 8);
	x->state = 2;
	return 0;
}

SEC("tp_btf/sched_process_exit")
int BPF_PROG(lt_exit, struct task_struct *p)
{
	__u32 tgid = BPF_CORE_READ(p, tgid), tid = BPF_CORE_READ(p, pid);

	if (!bpf_map_lookup_elem(&traced, &tgid))
		return 0;
	/* do_exit has counted this thread out of signal->live already. */
	bool last = BPF_CORE_READ(p, signal, live.counter) == 0;
	struct lt_rec rec = {
		.kind = LT_REC_EXIT, .tid = tid, .tgid = tgid, .ts = bpf_ktime_get_ns(),
		.regs = { BPF_CORE_READ(p, exit_code), last },
	};
	/* exit() and the like never return: their call is shown now. */
	struct lt_tstate *st = stats_only ? NULL : bpf_task_storage_get(&tstates, p, 0, 0);
	if (st)
		flush_kept(st, tid, tgid);
	if (last) {
		bpf_map_delete_elem(&traced, &tgid);
		__sync_fetch_and_add(&traced_gen, 1);
	}
	if (bpf_ringbuf_output(&events, &rec, sizeof(rec), BPF_RB_FORCE_WAKEUP))
		__sync_fetch_and_add(&lost, 1);
	return 0;
}
