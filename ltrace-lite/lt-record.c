// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * lttrace --record=FILE and `lttrace replay FILE [options]`.  A library call's values are read
 * from the process while it is stopped (or captured by the kernel), through its prototype; a
 * recording keeps each event as the formatter met it, with its texts formatted once (the
 * arguments, what the callee filled in, the value, the -w stack), the times and the thread,
 * so that a replay feeds the same events to the same formatter: the lines of the live run
 * with the same options, or any view of them (-c, --json, --perfetto, --latency, -t, -n, -f's
 * prefixes).  The container is common/recfile.h's (tool "lttrace"); the records:
 *
 *	1 (LTREC_EVENT): struct lt_rec, then its strings, each as long as lt_rec.len says
 *	2 (LTREC_END): int64_t lttrace's exit status
 *
 * The file is untrusted: a record whose lengths do not add up, or a file cut short, ends the
 * replay with one warning, the lines so far kept.
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/clock.h"
#include "common/log.h"
#include "common/proc.h"
#include "common/recfile.h"
#include "common/stacktrace.h"
#include "common/strbuf.h"
#include "ltrace-lite/lt.h"

enum { LTREC_EVENT = 1, LTREC_END = 2 };
enum { S_NAME, S_CALLER, S_LIB, S_ARGS, S_OUT, S_RET, S_BT, S_COMM, NSTR };

struct lt_rec {
	int32_t kind, pid, tgid, depth, sig, status;
	uint32_t have; /* bit I: string I present (else NULL) */
	uint32_t void_ret;
	uint32_t len[NSTR];
	uint32_t pad;
	uint64_t ret_addr;
	uint64_t ts; /* CLOCK_MONOTONIC */
	double spent;
};

/*
 * The thread's command name as a timeline names it (common/perfetto.c reads it when it first
 * sees the thread, and again at an exec): read at the same moments, kept per thread.
 */
static const char *comm_of(pid_t pid, bool exec)
{
	static struct {
		pid_t pid;
		char comm[16];
	} c[256];
	static unsigned int next;
	unsigned int i;

	for (i = 0; i < 256 && c[i].pid != pid; i++)
		;
	if (i == 256) {
		i = next++ % 256;
		c[i].pid = pid;
		exec = true;
	}
	if (exec && proc_comm(pid, c[i].comm, sizeof(c[i].comm)) < 0)
		c[i].comm[0] = '\0';
	return c[i].comm[0] ? c[i].comm : NULL;
}

int lt_record_open(const char *file, const char *version, int argc, char **argv)
{
	return recfile_open(file, "lttrace", version, argc, argv) < 0 ? -1 : 0;
}

const struct lt_event *lt_record_event(const struct lt_event *ev, struct lt_event *copy)
{
	static struct strbuf s[NSTR];
	struct timespec now;
	struct lt_rec r = { .kind = ev->kind, .pid = ev->pid, .tgid = ev->tgid,
			    .depth = ev->depth, .sig = ev->sig, .status = ev->status,
			    .void_ret = ev->void_ret, .ret_addr = ev->ret_addr,
			    .spent = ev->spent };
	const char *str[NSTR] = { ev->name, ev->caller, ev->callee_lib };

	str[S_COMM] = recfile_on() ? comm_of(ev->pid, ev->kind == LT_EV_EXEC) : NULL;

	if (!recfile_on())
		return ev;
	*copy = *ev;
	for (int i = 0; i < NSTR; i++)
		sb_reset(&s[i]);
	/* -c: the backends may hand over no values (the table needs none): counts and times. */
	bool values = ev->v || ev->kind == LT_EV_SYSCALL || ev->kind == LT_EV_SYSRET;
	switch (lt_opts.cflag || !values ? LT_EV_GONE : ev->kind) {
	case LT_EV_CALL:
	case LT_EV_SYSCALL:
		lt_format_args(&s[S_ARGS], ev);
		str[S_ARGS] = copy->pre_args = sb_str(&s[S_ARGS]);
		break;
	case LT_EV_RETURN:
	case LT_EV_SYSRET:
		if (lt_has_out(ev)) {
			lt_format_args(&s[S_BT], ev); /* (scratch) the arguments, at return */
			lt_format_out(&s[S_OUT], ev, s[S_BT].len > 0);
			sb_reset(&s[S_BT]);
		}
		str[S_OUT] = copy->pre_out = sb_str(&s[S_OUT]);
		lt_format_ret(&s[S_RET], ev);
		str[S_RET] = copy->pre_ret = sb_str(&s[S_RET]);
		if (lt_opts.bt_depth > 0) {
			stacktrace_format(ev->pid, &s[S_BT], 1);
			str[S_BT] = copy->pre_bt = sb_str(&s[S_BT]);
		}
		break;
	default:
		break;
	}
	static struct strbuf all;
	for (int i = 0; i < NSTR; i++) {
		if (!str[i])
			continue;
		r.have |= 1u << i;
		r.len[i] = (uint32_t)strlen(str[i]);
	}
	tnow(CLOCK_MONOTONIC, &now);
	r.ts = (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
	sb_reset(&all);
	sb_write(&all, (const char *)&r, sizeof(r));
	for (int i = 0; i < NSTR; i++)
		if (str[i])
			sb_write(&all, str[i], r.len[i]);
	recfile_put_z(all.s, all.len); /* LTREC_EVENT, packed: mostly zeros and small numbers */
	return copy;
}

int lt_record_close(int status)
{
	int64_t st = status;

	if (!recfile_on())
		return 0;
	recfile_put(LTREC_END, &st, sizeof(st), NULL, 0);
	return recfile_close() < 0 ? -1 : 0;
}

struct shape {
	bool f, o, p;
};

static void shape_opt(int c, const char *name, void *ctx)
{
	struct shape *s = ctx;

	(void)name;
	s->f |= c == 'f';
	s->o |= c == 'o';
	s->p |= c == 'p';
}

const char *lt_replay_settle(int argc, char **argv, const char *optstring,
			     const struct option *longopts)
{
	if (argc - optind != 1) {
		if (argc - optind > 1)
			log_error("replay: one recording expected, got '%s' and '%s'", argv[optind],
				  argv[optind + 1]);
		else
			log_error("replay: a recording file expected");
		return NULL;
	}
	const char *file = argv[optind];
	struct shape s = { 0 };
	/* What the replay does not say of -f and -o, the live run's, so that the replay looks
	 * like it ("PID " before each line of a -o file, "[pid N] " on stderr). */
	if (!(lt_opts.follow && lt_opts.outfile) &&
	    !recfile_recorded_opts(file, optstring, longopts, shape_opt, &s)) {
		lt_opts.follow |= s.f;
		lt_opts.pid_pfx_plain = !lt_opts.outfile && s.o;
		lt_opts.attached |= s.p;
	}
	optind = argc; /* recfile_recorded_opts reset it */
	return file;
}

/* A call's arguments from its entry to its return, per thread and depth (the formatter keeps
 * them in the event's cookie, as the backends' call frames do). */
struct slot {
	pid_t pid;
	int depth;
	void *cookie;
};
static struct slot *slots;
static size_t nslots;

static void **cookie_of(pid_t pid, int depth)
{
	for (size_t i = 0; i < nslots; i++)
		if (slots[i].pid == pid && slots[i].depth == depth)
			return &slots[i].cookie;
	struct slot *n = realloc(slots, (nslots + 1) * sizeof(*n));
	if (!n)
		return NULL;
	slots = n;
	slots[nslots] = (struct slot){ pid, depth, NULL };
	return &slots[nslots++].cookie;
}

/* Record R (LEN bytes) as the event *EV, its strings copied into S: false if damaged. */
static bool decode(const uint8_t *data, size_t len, struct lt_event *ev, char *s[NSTR])
{
	struct lt_rec r;
	size_t off = sizeof(r);

	if (len < sizeof(r))
		return false;
	memcpy(&r, data, sizeof(r));
	if (r.kind < LT_EV_CALL || r.kind > LT_EV_GONE || r.pid <= 0 || r.depth < 0 ||
	    r.depth > 1 << 20)
		return false;
	for (int i = 0; i < NSTR; i++) {
		if (!(r.have & (1u << i)))
			continue;
		if (r.len[i] > len - off)
			return false;
		s[i] = strndup((const char *)data + off, r.len[i]);
		if (!s[i])
			return false;
		off += r.len[i];
	}
	if (!s[S_NAME])
		s[S_NAME] = strdup("");
	*ev = (struct lt_event){ .kind = r.kind, .pid = r.pid, .tgid = r.tgid, .name = s[S_NAME],
				 .caller = s[S_CALLER], .callee_lib = s[S_LIB],
				 .ret_addr = r.ret_addr, .depth = r.depth, .spent = r.spent,
				 .sig = r.sig, .status = r.status, .void_ret = r.void_ret != 0,
				 .pre_args = s[S_ARGS] ? s[S_ARGS] : "", .pre_out = s[S_OUT],
				 .pre_ret = s[S_RET], .pre_bt = s[S_BT], .comm = s[S_COMM] };
	if (ev->kind == LT_EV_RETURN || ev->kind == LT_EV_SYSRET) {
		if (!ev->pre_out)
			ev->pre_out = "";
		if (!ev->pre_ret)
			ev->pre_ret = "";
	}
	clock_event_set(r.ts);
	return s[S_NAME] != NULL;
}

int lt_replay(const char *file)
{
	struct recfile_info info;
	struct rec_hdr h;
	void *data;
	unsigned long long n = 0;
	int rc, status = -1;
	int err = recfile_read_open(file, &info);

	if (err == -EINVAL || (!err && strcmp(info.tool, "lttrace"))) {
		log_error("%s: not an lttrace recording%s", file,
			  err ? "" : !strcmp(info.tool, "sttrace") ? " (an sttrace one: sttrace replay)"
								   : "");
		recfile_read_close();
		return 1;
	}
	if (err < 0) {
		log_errno(-err, "%s", file);
		return 1;
	}
	if (info.start_realtime_ns && info.start_mono_ns)
		clock_set_real_minus_mono((int64_t)(info.start_realtime_ns - info.start_mono_ns));
	while ((rc = recfile_next(&h, &data, &n)) > 0) {
		if (h.type == LTREC_END && h.len == sizeof(int64_t)) {
			int64_t st;
			memcpy(&st, data, sizeof(st));
			status = st >= 0 && st <= 255 ? (int)st : 1;
			break;
		}
		struct lt_event ev;
		char *s[NSTR] = { 0 };
		if (h.type != LTREC_EVENT || !decode(data, h.len, &ev, s)) {
			for (int i = 0; i < NSTR; i++)
				free(s[i]);
			rc = -1;
			n--;
			break;
		}
		bool entry = ev.kind == LT_EV_CALL || ev.kind == LT_EV_SYSCALL;
		bool ret = ev.kind == LT_EV_RETURN || ev.kind == LT_EV_SYSRET ||
			   ev.kind == LT_EV_UNFINISHED;
		ev.cookie = entry || ret ? cookie_of(ev.pid, ev.depth) : NULL;
		if (ev.cookie && entry) {
			free(*ev.cookie);
			*ev.cookie = NULL;
		}
		lt_emit(&ev);
		if (ev.cookie && ret) {
			free(*ev.cookie);
			*ev.cookie = NULL;
		}
		clock_event_set(0);
		for (int i = 0; i < NSTR; i++)
			free(s[i]);
	}
	recfile_read_close();
	if (status < 0)
		log_warn("%s: truncated after %llu records", file, n);
	if (lt_opts.cflag)
		lt_summary_print();
	lt_output_finish();
	for (size_t i = 0; i < nslots; i++)
		free(slots[i].cookie);
	free(slots);
	return status < 0 ? 1 : status;
}
