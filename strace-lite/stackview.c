// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * -k's views.  Lines (the default) go after the syscall's line, as strace prints them.  With
 * --stack-format=folded or --flamegraph, each stack is folded (outermost frame first, the
 * syscall's name as the leaf) and added to one trie, weighted by one per call or, with -T, by
 * the nanoseconds spent in the call; at the end the trie is written as FlameGraph's folded
 * lines (where the trace goes) and as an SVG flame graph.
 */
#include <errno.h>
#include <string.h>

#include "common/flamegraph.h"
#include "common/log.h"
#include "common/stacktrace.h"
#include "common/stacktrie.h"
#include "strace-lite/stackview.h"
#include "strace-lite/decode/sysent.h"

static struct stacktrie trie;

static bool aggregating(void)
{
	return opts.stack_folded || opts.flamegraph;
}

/* The stack of TCP's call (CAPTURED: only one unwound at its entry) to LINES and the trie. */
static void add(struct tcb *tcp, struct strbuf *lines, const char *leaf, uint64_t weight,
		bool captured)
{
	struct strbuf fold = { 0 }, *f = aggregating() ? &fold : NULL;
	int n = captured ? stacktrace_flush(tcp->pid, lines, f) :
			   stacktrace_unwind(tcp->pid, lines, f, opts.stack);

	if (n >= 0 && f && (fold.len || !captured)) {
		if (fold.len)
			sb_putc(&fold, ';');
		sb_puts(&fold, leaf);
		if (stacktrie_add_folded(&trie, sb_str(&fold), weight) < 0)
			log_warn("-k: out of memory for the stacks");
	}
	sb_free(&fold);
}

void stackview_syscall(struct tcb *tcp, const struct timespec *dur)
{
	uint64_t w = 1;

	if (opts.Tflag && dur && dur->tv_sec >= 0)
		w = (uint64_t)dur->tv_sec * 1000000000u + (uint64_t)dur->tv_nsec;
	add(tcp, opts.stack_lines ? &tcp->sb : NULL, tcp->dc.se ? tcp->dc.se->name : "?", w, false);
}

bool stackview_exit(struct tcb *tcp)
{
	size_t before = tcp->sb.len;

	/* A call that never returned has no time: it counts as one call, even with -T. */
	add(tcp, opts.stack_lines ? &tcp->sb : NULL, tcp->dc.se ? tcp->dc.se->name : "exit", 1,
	    true);
	return tcp->sb.len > before;
}

int stackview_finish(FILE *out)
{
	int rc = 0;

	if (opts.stack_folded) {
		struct strbuf sb = { 0 };
		stacktrie_folded(&trie, &sb);
		if (sb.len && fwrite(sb.s, 1, sb.len, out) != sb.len)
			rc = -EIO;
		sb_free(&sb);
	}
	if (opts.flamegraph) {
		struct flamegraph_opts o = {
			.title = "sttrace: system calls by user stack",
			.unit = opts.Tflag ? "ns" : "call",
			.units = opts.Tflag ? "ns" : "calls",
			.note = opts.Tflag ? "width: nanoseconds in the call (-T)" :
					     "width: number of calls",
		};
		int err = flamegraph_write(&trie, &o, opts.flamegraph);
		if (err < 0) {
			log_error("--flamegraph: %s: %s", opts.flamegraph, strerror(-err));
			rc = err;
		}
	}
	stacktrie_free(&trie);
	return rc;
}
