// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The eBPF pipeline's side of `sttrace replay FILE`: a recording holds this pipeline's
 * ring-buffer records (the ptrace backend writes its stops as the same records), so the replay
 * hands them to bpfbe_handle_event and the descriptor links to the capture tables, decoded as
 * a live run's whose processes are all gone.  The front end gives this feed to the replay
 * (record/record.h's struct replay_feed), so recording includes nothing of the pipeline.
 */
#include "strace-lite/bpf/bpf-capture.h"
#include "strace-lite/bpf/bpf-run.h"
#include "strace-lite/record/record.h"

static void feed_start(void)
{
	bpfbe_decode_setup();
	capture_processes_gone();
}

static void feed_event(void *rec, size_t len)
{
	bpfbe_handle_event(NULL, rec, len);
}

static void feed_fd_link(pid_t tid, uint64_t key, const void *text, uint32_t len)
{
	struct tmem *t = tmem_get(tid, true);

	if (t)
		capset_add(&t->fd_pending, key, text, len);
}

static void feed_forget(pid_t tid)
{
	tmem_drop(tid);
}

const struct replay_feed bpfbe_replay_feed = {
	.start = feed_start,
	.event = feed_event,
	.fd_link = feed_fd_link,
	.forget = feed_forget,
};
