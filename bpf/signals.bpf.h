/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Signals, for sysbpf.bpf.c (included once, after its maps and emit()): what ptrace would show
 * of a signal sent to a traced thread, as EV_SIGNAL records.
 *   - signal_deliver: a signal delivered (a handler runs, or a stop or a core dump follows);
 *   - signal_generate, a signal the kernel drops (its action is to ignore it): kept and sent at
 *     the thread's next syscall stop (send_ignored), where ptrace would have reported it;
 *   - signal_generate, a signal fatal by its default action: the kernel kills at once and no
 *     thread delivers it, so it is sent then.
 */
#pragma once

/*
 * A signal the kernel drops because its action is to ignore it (SIGCHLD, SIGCONT, SIG_IGN) is
 * still shown by ptrace, which sees every signal: keep it here and send it at the thread's next
 * syscall stop, where ptrace would have reported its delivery.
 */
#define PENDING_MAX 4 /* a power of two */
struct pending_sig {
	__s32 sig;
	__u8 siginfo[128];
};

struct pending_sigs {
	__u32 n;
	__u32 pad;
	struct pending_sig v[PENDING_MAX];
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 4096);
	__type(key, __u32);
	__type(value, struct pending_sigs);
} ignored SEC(".maps");

/* Threads with an entry in "ignored", or more for a moment: while 0, a syscall stop skips
 * the lookup (every traced syscall made two, issue 31).  Raised before an entry is added and
 * lowered after one is taken, so a stop never misses one. */
__u32 nignored;

/* Building one (too big for the stack). */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct pending_sigs);
} ignored_scratch SEC(".maps");

/*
 * The siginfo ptrace would show for SIG sent with INFO into DST (zeroed).  INFO is read as a
 * number from the context: the verifier takes a tracepoint's pointer argument for a valid
 * pointer, and would drop the tests for SEND_SIG_NOINFO (0) and SEND_SIG_PRIV (1).
 */
static __always_inline void fill_siginfo(__u8 *dst, int sig, const void *info_arg)
{
	struct kernel_siginfo *ki = (void *)dst;
	unsigned long info = 0;

	bpf_probe_read_kernel(&info, sizeof(info), info_arg);
	if (info > 1) {
		bpf_probe_read_kernel(dst, sizeof(struct kernel_siginfo), (void *)info);
		return;
	}
	/* SEND_SIG_NOINFO: from user space (kill); SEND_SIG_PRIV: from the kernel. */
	ki->si_signo = sig;
	ki->si_code = info ? 0x80 /* SI_KERNEL */ : 0 /* SI_USER */;
	if (!info) {
		struct task_struct *cur = (void *)bpf_get_current_task_btf();
		ki->_sifields._kill._pid = BPF_CORE_READ(cur, tgid);
		ki->_sifields._kill._uid = BPF_CORE_READ(cur, cred, uid.val);
	}
}

SEC("tp_btf/signal_generate")
int BPF_PROG(signal_generate, int sig, struct kernel_siginfo *info, struct task_struct *task,
	     int group, int result)
{
	__u32 tid = BPF_CORE_READ(task, pid);

	if (inject_unhold(tid, sig))
		return 0;
	if (stats_only || !bpf_map_lookup_elem(&traced, &tid))
		return 0;
	/*
	 * Fatal by its default action: complete_signal() has already started the group's exit
	 * (SIGNAL_GROUP_EXIT, 4, with the signal as its code) and no thread will deliver it, where
	 * ptrace shows its delivery before "+++ killed by": send it now (not SIGKILL, never shown).
	 */
	if (result == 0 /* TRACE_SIGNAL_DELIVERED */ && sig != 9 &&
	    (BPF_CORE_READ(task, signal, flags) & 4) &&
	    BPF_CORE_READ(task, signal, group_exit_code) == sig) {
		struct ev_signal rec = {
			.h = { .kind = EV_SIGNAL, .tid = tid, .tgid = BPF_CORE_READ(task, tgid),
			       .ts = bpf_ktime_get_ns() },
			.sig = sig,
			.ip = BPF_CORE_READ((struct pt_regs *)bpf_task_pt_regs(task), ip),
		};
		fill_siginfo(rec.siginfo, sig, &ctx[1]);
		emit(&rec, sizeof(rec));
		return 0;
	}
	if (result != 1 /* TRACE_SIGNAL_IGNORED */)
		return 0;
	__u32 zero = 0;
	struct pending_sigs *q = bpf_map_lookup_elem(&ignored, &tid);
	if (!q) {
		struct pending_sigs *fresh = bpf_map_lookup_elem(&ignored_scratch, &zero);
		if (!fresh)
			return 0;
		fresh->n = 0;
		__sync_fetch_and_add(&nignored, 1);
		if (bpf_map_update_elem(&ignored, &tid, fresh, BPF_NOEXIST))
			__sync_fetch_and_add(&nignored, -1);
		q = bpf_map_lookup_elem(&ignored, &tid);
		if (!q)
			return 0;
	}
	__u32 n = q->n;
	if (n >= PENDING_MAX)
		return 0; /* more ignored signals than syscalls: strace would not see them all either */
	asm volatile("" : "+r"(n));
	struct pending_sig *ps = &q->v[n & (PENDING_MAX - 1)];
	__builtin_memset(ps, 0, sizeof(*ps));
	ps->sig = sig;
	fill_siginfo(ps->siginfo, sig, &ctx[1]);
	q->n = n + 1;
	return 0;
}

/* The ignored signals pending for TID, at its syscall stop with user registers REGS; with -k
 * each with the stack there (ptrace shows the stack of the thread at the signal's stop: for a
 * signal the thread sent itself, its kill's). */
static __always_inline void send_ignored(struct pt_regs *regs, __u32 tid, __u32 tgid)
{
	if (!*(volatile __u32 *)&nignored)
		return;
	struct pending_sigs *q = bpf_map_lookup_elem(&ignored, &tid);

	if (!q)
		return;
	__u64 ip = regs->ip;
	for (__u32 i = 0; i < PENDING_MAX; i++) {
		if (i >= q->n)
			break;
		struct ev_signal rec = {
			.h = { .kind = EV_SIGNAL, .tid = tid, .tgid = tgid,
			       .ts = bpf_ktime_get_ns() },
			.sig = q->v[i].sig,
			.ip = ip,
		};
		__builtin_memcpy(rec.siginfo, q->v[i].siginfo, sizeof(rec.siginfo));
		if (want_stack)
			send_stack(regs, tid, tgid, rec.h.ts);
		emit(&rec, sizeof(rec));
	}
	if (!bpf_map_delete_elem(&ignored, &tid))
		__sync_fetch_and_add(&nignored, -1);
}

SEC("tp_btf/signal_deliver")
int BPF_PROG(signal_deliver, int sig, struct kernel_siginfo *info, struct k_sigaction *ka)
{
	__u64 pt = bpf_get_current_pid_tgid();
	__u32 tid = (__u32)pt;

	/* ptrace never stops for SIGKILL: the exit says it. */
	if (stats_only || sig == 9 || !bpf_map_lookup_elem(&traced, &tid))
		return 0;
	struct ev_signal rec = {
		.h = { .kind = EV_SIGNAL, .tid = tid, .tgid = pt >> 32, .ts = bpf_ktime_get_ns() },
		.sig = sig,
		.ip = BPF_CORE_READ((struct pt_regs *)bpf_task_pt_regs(bpf_get_current_task_btf()),
				    ip),
	};
	bpf_probe_read_kernel(rec.siginfo, sizeof(struct kernel_siginfo), info);
	/* -k: ptrace shows the stack of the thread the signal interrupts. */
	if (want_stack)
		send_stack((struct pt_regs *)bpf_task_pt_regs(bpf_get_current_task_btf()), tid,
			   pt >> 32, rec.h.ts);
	/* SIGSTOP, SIGTSTP, SIGTTIN, SIGTTOU with SIG_DFL stop the thread (ptrace's group-stop). */
	if ((sig == 19 || sig == 20 || sig == 21 || sig == 22) &&
	    BPF_CORE_READ(ka, sa.sa_handler) == NULL)
		rec.stopped = 1;
	emit(&rec, sizeof(rec));
	return 0;
}
