// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * sttrace --bpf --record=FILE: the ring-buffer records written as they come, with the header and
 * the few other records record.h describes.  Records gather in one 1 MiB batch written at once
 * when full, when the events pause, and at the end: recording costs a copy per record (most
 * packed, REC_EVENT_Z), less than formatting it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>

#include "common/maps.h"
#include "strace-lite/record/record.h"
#include "common/log.h"
#include "common/strbuf.h"
#include "common/stacktrace.h"
#include "strace-lite/inject.h"
#include "strace-lite/sttrace.h"

static const char *rec_version = "?";
static int rec_argc;
static char **rec_argv;

void record_cmdline(const char *version, int argc, char **argv)
{
	rec_version = version;
	rec_argc = argc;
	rec_argv = argv;
}

const char record_no_output[] = "/dev/null";

int record_on(void)
{
	return recfile_on();
}

int record_only(void)
{
	/* -k: stacks are unwound live, for the maps they read (record_maps). */
	return recfile_on() && opts.outfname == record_no_output && !inject_enabled() &&
	       !opts.stack;
}

/* -k: TGID's maps were read live: their text, for a replay's unwinding and symbols. */
static void record_maps(pid_t tgid)
{
	char *t;
	ssize_t n;

	if (!recfile_on() || (n = maps_read_text(tgid, &t)) < 0)
		return;
	/* Whole lines, as many as half a record's bytes hold (a record is at most REC_MAX_LEN). */
	size_t len = (size_t)n;
	if (len > REC_MAX_LEN / 2)
		for (len = REC_MAX_LEN / 2; len && t[len - 1] != '\n';)
			len--;
	int64_t id = tgid;
	recfile_put(REC_MAPS, &id, sizeof(id), t, len);
	free(t);
}

int record_open(const char *file)
{
	int rc = recfile_open(file, "sttrace", rec_version, rec_argc, rec_argv);

	if (rc < 0)
		return rc;
	if (opts.stack)
		stacktrace_maps_hooks(NULL, record_maps);
	return 0;
}

void record_event(const void *data, size_t len)
{
	recfile_put_z(data, len); /* REC_EVENT: most are ~120 bytes, mostly zeros */
}

void record_note(enum rec_type type, int64_t a, int64_t b)
{
	struct rec_note r = { a, b };

	recfile_put((uint16_t)type, &r, sizeof(r), NULL, 0);
}

void record_fd(pid_t tid, int64_t fd, const void *data, size_t len)
{
	int64_t ids[2] = { tid, fd };

	recfile_put(REC_FD, ids, sizeof(ids), data, len);
}

void record_probe(pid_t tid, int kind, bool silent, const char *label, const char *text,
		  size_t len)
{
	struct timespec now;
	struct strbuf b = { 0 };

	if (!recfile_on())
		return;
	clock_gettime(CLOCK_MONOTONIC, &now);
	struct rec_probe p = { .tid = tid,
			       .ts = (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec,
			       .kind = kind, .silent = silent,
			       .label_len = (uint32_t)strnlen(label, 4096), .text_len = (uint32_t)len };
	sb_write(&b, (const char *)&p, sizeof(p));
	sb_write(&b, label, p.label_len);
	recfile_put(REC_PROBE, b.s, b.len, text, len);
	sb_free(&b);
}

void record_flush(void)
{
	recfile_flush();
}

/*
 * REC_INJECT's b: the flags in bits 0-2, the result given in the 61 bits above.  An error
 * given (error=) is in -4095..-1; a result given by retval= is recorded in that range never
 * (as 0 then: the replay takes the result from the call's exit), so that the replay tells
 * the two apart (TCB_INJECTED_OK) without a bit of its own.
 */
void record_inject(const struct tcb *tcp)
{
	uint64_t bits = ((tcp->flags & TCB_INJECTED) ? 1 : 0) | ((tcp->flags & TCB_POKED) ? 2 : 0) |
			((tcp->flags & TCB_DELAYED) ? 4 : 0);
	int64_t v = tcp->inject_rval;

	if ((tcp->flags & TCB_INJECTED_OK) && v < 0 && v >= -4095)
		v = 0;
	record_note(REC_INJECT, tcp->pid, (int64_t)(((uint64_t)v << 3) | bits));
}

void replay_inject(struct tcb *tcp, int64_t how)
{
	tcp->flags &= ~(TCB_INJECTED | TCB_INJECTED_OK | TCB_POKED | TCB_DELAYED);
	tcp->flags |= (how & 1 ? TCB_INJECTED : 0) | (how & 2 ? TCB_POKED : 0) |
		      (how & 4 ? TCB_DELAYED : 0);
	tcp->inject_rval = how >> 3; /* arithmetic: a negative errno stays negative */
	if ((how & 1) && !(tcp->inject_rval < 0 && tcp->inject_rval >= -4095))
		tcp->flags |= TCB_INJECTED_OK;
}

int record_close(int interrupted, uint64_t lost)
{
	if (!recfile_on())
		return 0;
	record_note(REC_END, interrupted, (int64_t)lost);
	return recfile_close();
}
