/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The event model: what a backend saw, in the form every writer reads.  A backend (ptrace or
 * eBPF) fills a struct event with the decoded payload; a writer (strace's text, JSON Lines)
 * formats it and never looks at where it came from, so both backends print alike by
 * construction.  Today the probe hits go through it (sttrace's -e usdt=/uprobe=/uretprobe=,
 * both backends); syscalls, signals, exits and lttrace's calls are next (docs/architecture.md).
 */
#pragma once
#include <stddef.h>
#include <sys/types.h>

#include "common/strbuf.h"

enum event_kind {
	EVENT_PROBE,        /* a USDT probe or a uprobe hit: TEXT is its argument list */
	EVENT_PROBE_RETURN, /* a uretprobe: TEXT is the value returned */
};

struct event {
	enum event_kind kind;
	pid_t tid;
	const char *source; /* "usdt", "uprobe", "uretprobe" */
	const char *name;   /* the probe's label, "app:request" or "malloc" */
	const char *text;   /* the decoded payload, in strace's syntax */
	size_t len;
};

/* strace's line after its leader: "--- usdt:app:request(1, \"a\") ---\n". */
void event_write_text(struct strbuf *sb, const struct event *ev);
/* One JSON Lines record, without its newline:
 * {"type":"usdt","pid":N,"time":T,"probe":"app:request","args":[1,"a"]} ("ret": for a return). */
void event_write_json(struct strbuf *sb, const struct event *ev);
