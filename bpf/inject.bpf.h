/* SPDX-License-Identifier: GPL-2.0 */
/*
 * -e inject= and -e fault= under --bpf, the kernel's half (included by sysbpf.bpf.c).
 *
 * This kernel can not change a syscall from a BPF program: there are no kprobes (so no
 * bpf_override_return), and fmod_ret on __x64_sys_* is refused at load (EPERM;
 * CONFIG_FUNCTION_ERROR_INJECTION is off, so no syscall is on the error-injection list).  So the
 * decision is taken in user space, at a seccomp user notification (strace-lite/bpf/bpf-inject.c): the
 * program sttrace starts runs with a filter that returns SECCOMP_RET_USER_NOTIF for the syscalls
 * that have a rule, and sttrace answers each with "continue" or with the result to give.
 *
 * The kernel runs seccomp before the sys_enter tracepoint, and a call that seccomp answered is
 * not run: sys_enter never fires for it, sys_exit does.  User space says so in map "injected"
 * before it answers; at that exit the entry is recorded from the registers (the arguments are
 * untouched, orig_ax is the number), then the exit as usual.  A signal to inject is sent here,
 * with bpf_send_signal_thread, whose siginfo says SI_KERNEL as ptrace's injection does; it is
 * delivered as the call returns, after its exit record.
 *
 * poke_exit= and delay_exit= on a call that runs want the thread held after its call, before
 * it runs user code again, as ptrace's exit stop holds it: the thread is moved out of "traced"
 * (into "inj_held", so that neither its stop nor its resumption shows as its own signal) and
 * sent SIGSTOP, delivered as the call returns; user space, having read the exit record, waits
 * for the stop, pokes, waits, and sends SIGCONT, whose signal_generate puts the thread back.
 */
#pragma once

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 4096);
	__type(key, __u32);
	__type(value, struct injected);
} injected SEC(".maps");

/* Threads held after a call (poke_exit=, delay_exit=): their "traced" flags meanwhile. */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 4096);
	__type(key, __u32);
	__type(value, __u32);
} inj_held SEC(".maps");

/* Hold the current thread TID as its call returns; false if it could not be (it stays
 * traced, and runs on). */
static __always_inline bool inject_hold(__u32 tid)
{
	__u32 *f = bpf_map_lookup_elem(&traced, &tid);

	if (!f)
		return false;
	__u32 flags = *f;
	if (bpf_map_update_elem(&inj_held, &tid, &flags, BPF_ANY))
		return false;
	bpf_map_delete_elem(&traced, &tid);
	if (bpf_send_signal_thread(19 /* SIGSTOP */)) {
		bpf_map_update_elem(&traced, &tid, &flags, BPF_ANY);
		bpf_map_delete_elem(&inj_held, &tid);
		return false;
	}
	return true;
}

/* At signal_generate of SIG for thread TID: a held thread goes back into "traced" with the
 * SIGCONT that resumes it (true: that SIGCONT is ours, not the program's), or with a SIGKILL
 * (whose exit must be seen). */
static __always_inline bool inject_unhold(__u32 tid, int sig)
{
	if (!inject_on || (sig != 18 /* SIGCONT */ && sig != 9))
		return false;
	__u32 *f = bpf_map_lookup_elem(&inj_held, &tid);
	if (!f)
		return false;
	__u32 flags = *f;
	bpf_map_update_elem(&traced, &tid, &flags, BPF_ANY);
	bpf_map_delete_elem(&inj_held, &tid);
	return sig == 18;
}

/* At sys_exit of thread PT (pid_tgid): the inflight entry of the call, recorded now if the
 * call was skipped. */
static __always_inline struct inflight *inject_at_exit(struct pt_regs *regs, __u64 pt,
						       struct inflight *f)
{
	__u32 tid = (__u32)pt;
	struct injected *v = bpf_map_lookup_elem(&injected, &tid);

	if (!v)
		return f;
	struct injected inj = *v;
	bpf_map_delete_elem(&injected, &tid);
	if (inj.signo > 0 && inj.signo <= 64)
		bpf_send_signal_thread(inj.signo);

	if (inj.skipped && (!f || !f->active) && bpf_map_lookup_elem(&traced, &tid)) {
		long id = BPF_CORE_READ(regs, orig_ax);
		if (wanted(id))
			f = enter_record(regs, id, pt);
	}
	if (inj.hold)
		inject_hold(tid);
	return f;
}
