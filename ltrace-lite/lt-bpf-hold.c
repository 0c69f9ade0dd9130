// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * lttrace --bpf: the threads held at a hit, for what the kernel side cannot copy there.
 *
 * A call whose prototype has float arguments or a float result, or pointers to follow beyond
 * the memory the record carries (int ***, a string behind a pointer, a linked list), stops
 * its thread at the hit (bpf/ltrace.h, LT_F_HOLD*; the record says held).  Here, once the
 * thread is seen stopped, its xmm registers are asked of the kernel side (a SIGSTOP to the
 * stopped thread, which only queues it, runs signal_generate, which copies them from the FPU
 * state: struct lt_xmm), the line is printed while its memory cannot change (the printers read
 * what no copy holds from the process), and a SIGCONT to the thread lets it go.  Functions
 * without floats or deep pointers never stop.
 */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <linux/types.h>
#include <bpf/bpf.h>

#include "bpf/ltrace.h"
#include "ltrace-lite/lt-bpf.h"
#include "common/proc.h"

bool lb_hold_begin(int xmm_fd, pid_t tgid, pid_t tid, bool want_xmm, uint64_t xmm[8])
{
	uint32_t key = (uint32_t)tid;
	struct lt_xmm x = { .state = 1 };
	int stop = 0;

	/* The record is written before the thread returns to user space and stops. */
	for (int i = 0; i < 20000 && (stop = proc_stop_signal(tid)) == 0; i++) /* 200 ms */
		usleep(10);
	if (stop <= 0 || !want_xmm)
		return false;
	if (bpf_map_update_elem(xmm_fd, &key, &x, BPF_ANY) < 0)
		return false;
	bool ok = tgkill(tgid, tid, SIGSTOP) == 0 && bpf_map_lookup_elem(xmm_fd, &key, &x) == 0 &&
		  x.state == 2;
	bpf_map_delete_elem(xmm_fd, &key);
	if (ok)
		memcpy(xmm, x.v, sizeof(x.v));
	return ok;
}

void lb_hold_end(int xheld_fd, pid_t tgid, pid_t tid)
{
	uint32_t key = (uint32_t)tgid;

	/* Forgotten first: once running, the thread may hold again at once (a return). */
	bpf_map_delete_elem(xheld_fd, &key);
	tgkill(tgid, tid, SIGCONT);
}

void lb_hold_end_all(int xheld_fd)
{
	uint32_t key, next;

	while (bpf_map_get_next_key(xheld_fd, NULL, &next) == 0) {
		key = next;
		kill((pid_t)key, SIGCONT);
		bpf_map_delete_elem(xheld_fd, &key);
	}
}
