// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * sttrace replay FILE [options]: a backend whose events come from a recording (record.h), fed
 * one by one to the --bpf backend's own handler (the struct replay_feed the front end gives), so
 * the lines are the live run's with the same options.  What the options change after capture
 * (filters, -y, -c, --json, --perfetto, --latency, timestamps) is the replay's to choose; what
 * they changed at capture (-s, -v, the syscalls the kernel was told to trace) is fixed in the
 * file.
 *
 * The file is untrusted: a header that is not ours is refused with one line; a record whose
 * length or type is wrong, or the end of the file before REC_END, ends the replay with one
 * warning, the lines so far kept.  USDT and uprobe hits replay as they were decoded live
 * (REC_PROBE; their specs were resolved against the live processes).  -k stacks are unwound from the recorded copies with
 * the recorded maps (REC_MAPS), symbolized from the files those name.
 */
#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "strace-lite/record/record.h"
#include "bpf/bpfev.h"
#include "common/backend.h"
#include "common/clock.h"
#include "common/log.h"
#include "common/recfile.h"
#include "common/stacktrace.h"
#include "strace-lite/probe/probe-int.h"
#include "strace-lite/stackview.h"
#include "strace-lite/sttrace.h"

static const char *path;
static unsigned long long nrec; /* whole records read */
static void *buf;               /* the current record's bytes, 8-byte aligned */
static struct rec_hdr cur;      /* the current record's header */
static int first;               /* what init's last next() said: 1, a record not yet handled */
static const struct replay_feed *feed; /* where the records go (replay_set_feed) */

void replay_set_feed(const struct replay_feed *f)
{
	feed = f;
}

struct shape {
	int fflag;     /* -f counted */
	bool follow;   /* --follow-forks */
	bool separate; /* --output-separately */
	bool out;      /* -o */
};

static void shape_opt(int c, const char *name, void *ctx)
{
	struct shape *s = ctx;

	if (name) {
		s->follow |= !strcmp(name, "follow-forks");
		s->separate |= !strcmp(name, "output-separately");
		s->out |= !strcmp(name, "output");
	} else if (c == 'f') {
		s->fflag++;
	} else if (c == 'o') {
		s->out = true;
	}
}

int replay_settle(int *argc, char ***argv, int *fflag, const char *optstring,
		  const struct option *longopts, char *err, size_t errlen)
{
	if (*argc != 1) {
		snprintf(err, errlen, *argc ? "replay: one recording expected, got '%s' and '%s'"
					    : "replay: a recording file expected",
			 *argc ? (*argv)[0] : "", *argc ? (*argv)[1] : "");
		return -EINVAL;
	}
	path = (*argv)[0];
	*argc = 0;
	(*argv)++;
	bool own_f = *fflag || opts.followfork || opts.output_separately;
	struct shape s = { 0 };
	if ((own_f && opts.outfname) ||
	    recfile_recorded_opts(path, optstring, longopts, shape_opt, &s) < 0)
		return 0; /* its own shape, or replay_init says what is wrong with the file */
	if (!own_f) {
		*fflag = s.fflag ? s.fflag : s.follow;
		if (s.separate && *fflag < 2)
			*fflag = 2;
	}
	/* -o FILE lines ("PID " before each with -f) on the replay's stderr; with -ff each
	 * process had a file of its own, and one stream can only be -f's. */
	opts.pid_pfx_plain = !opts.outfname && s.out && *fflag < 2;
	return 0;
}

/* The records of a fixed size: struct rec_note. */
static bool is_note(unsigned int type)
{
	return (type > REC_EVENT && type <= REC_END) || type == REC_INJECT ||
	       type == REC_STOPPED || type == REC_PT_EXIT || type == REC_PT_EXITING;
}

/* The next record into cur and buf (unpacked): 1, 0 at a clean end of file, -1 cut or
 * damaged. */
static int next(void)
{
	int rc = recfile_next(&cur, &buf, &nrec);

	if (rc <= 0)
		return rc;
	if (cur.type < REC_EVENT || cur.type > REC_LAST || cur.type == REC_EVENT_Z ||
	    (is_note(cur.type) && cur.len != sizeof(struct rec_note)) ||
	    (cur.type == REC_MAPS && cur.len < sizeof(int64_t)) ||
	    (cur.type == REC_FD && cur.len < 2 * sizeof(int64_t)) ||
	    (cur.type == REC_PROBE && cur.len < sizeof(struct rec_probe))) {
		nrec--;
		return -1;
	}
	return 1;
}

/* -k: the maps of each process as last recorded (REC_MAPS), for the unwinder and symbols. */
struct maps_text {
	struct maps_text *next;
	pid_t tgid;
	size_t len;
	char *text;
};
static struct maps_text *maps;

static const char *maps_of(pid_t tgid, size_t *len)
{
	for (struct maps_text *m = maps; m; m = m->next)
		if (m->tgid == tgid) {
			*len = m->len;
			return m->text;
		}
	return NULL;
}

static void maps_record(const uint8_t *data, size_t len)
{
	int64_t id;
	struct maps_text *m;

	memcpy(&id, data, sizeof(id));
	if (id <= 0 || id > INT32_MAX)
		return;
	for (m = maps; m && m->tgid != (pid_t)id; m = m->next)
		;
	if (!m) {
		if (!(m = calloc(1, sizeof(*m))))
			return;
		m->tgid = (pid_t)id;
		m->next = maps;
		maps = m;
	}
	char *t = malloc(len - sizeof(id) + 1);
	if (!t)
		return;
	memcpy(t, data + sizeof(id), len - sizeof(id));
	free(m->text);
	m->text = t;
	m->len = len - sizeof(id);
	stacktrace_snapshot(m->tgid); /* as the live run read them: now */
}

/* -Y: a pid's command as the recording knows it (its tcb's), never /proc's: the pid may now
 * be another process's. */
static int recorded_comm(pid_t pid, char *buf, size_t len)
{
	struct tcb *tcp = pid2tcb(pid);

	if (!tcp || !tcp->comm[0])
		return -ESRCH;
	snprintf(buf, len, "%s", tcp->comm);
	return (int)strlen(buf);
}

static void note_tracee(const struct rec_note *r)
{
	pid_t pid = (pid_t)r->a;

	if (pid <= 0 || pid2tcb(pid))
		return;
	if (cur.type == REC_SPAWNED) {
		strace_child = pid;
		alloctcb(pid, TCB_STARTUP | TCB_HIDE_LOG | TCB_SPAWNED);
	} else {
		alloctcb(pid, TCB_ATTACHED);
	}
}

static int replay_init(const struct backend_cfg *cfg)
{
	(void)cfg;
	struct recfile_info info;
	int err = recfile_read_open(path, &info);
	if (err == -EINVAL || (!err && strcmp(info.tool, "sttrace"))) {
		log_error("%s: not an sttrace recording%s", path,
			  err ? "" : !strcmp(info.tool, "lttrace") ? " (an lttrace one: lttrace replay)" : "");
		recfile_read_close();
		return -EINVAL;
	}
	if (err < 0) {
		log_errno(-err, "%s", path);
		return err;
	}
	/* -t and friends: the wall clock of when it was recorded. */
	if (info.start_realtime_ns && info.start_mono_ns)
		clock_set_real_minus_mono((int64_t)(info.start_realtime_ns - info.start_mono_ns));
	feed->start();
	pid_comm_hook = recorded_comm;
	if (opts.stack)
		stacktrace_maps_hooks(maps_of, NULL);
	/* -c: a call's CPU time is not recorded, its wall time is (enter and exit stamps). */
	if (opts.cflag)
		opts.wflag = true;
	/* The tracees sttrace started or attached come first: known before the run, as live. */
	int rc;
	while ((rc = next()) > 0 && (cur.type == REC_SPAWNED || cur.type == REC_ATTACHED))
		note_tracee(buf);
	first = rc;
	return 0;
}

/* One record other than a ring-buffer one; true at REC_END. */
static bool note(const struct rec_note *r, int *interrupted, uint64_t *lost)
{
	pid_t pid = (pid_t)r->a;
	struct tcb *tcp = pid > 0 ? pid2tcb(pid) : NULL;

	switch (cur.type) {
	case REC_SPAWNED:
	case REC_ATTACHED:
		note_tracee(r);
		break;
	case REC_SAID_ATTACHED:
		if (!tcp)
			break;
		if (!(opts.quiet & QUIET_ATTACH))
			log_info("Process %d attached", pid);
		if (r->b > 0 && r->b < 65)
			print_signal(tcp, NULL, (int)r->b);
		break;
	case REC_REAPED: /* a wait status: an exit code, or a signal's number (damage aside) */
		if (pid > 0 && r->b >= 0 && r->b <= 0xffff &&
		    (WIFEXITED((int)r->b) || (WIFSIGNALED((int)r->b) && WTERMSIG((int)r->b) < 65)))
			tcb_reaped(pid, (int)r->b);
		break;
	case REC_UNKNOWN_EXIT:
		if (pid > 0 && !tcp && !(opts.quiet & QUIET_EXIT))
			log_warn("Exit of unknown pid %d ignored", pid);
		break;
	case REC_INJECT:
		if (tcp)
			replay_inject(tcp, r->b);
		break;
	case REC_VANISHED:
		if (!tcp)
			break;
		feed->forget(pid);
		tcp->flags &= ~TCB_INSYSCALL;
		droptcb(tcp);
		break;
	case REC_STOPPED: /* a group-stop, as the ptrace backend saw it */
		if (tcp && r->b > 0 && r->b < 65)
			print_signal(tcp, NULL, (int)r->b);
		break;
	case REC_PT_EXITING:
		if (tcp)
			syscall_unfinished(tcp);
		break;
	case REC_PT_EXIT: /* a thread's exit, with its wait status (the ptrace backend's) */
		if (!tcp || r->b < 0 || r->b > 0xffff ||
		    !(WIFEXITED((int)r->b) || (WIFSIGNALED((int)r->b) && WTERMSIG((int)r->b) < 65)))
			break;
		feed->forget(pid);
		report_exit(tcp, (int)r->b);
		break;
	case REC_END:
		*interrupted = r->a > 0 && r->a < 65 ? (int)r->a : 0;
		*lost = (uint64_t)r->b;
		return true;
	}
	return false;
}

/* A probe hit, as decoded live: printed (and published) as the live run did. */
static void probe_hit(const uint8_t *data, size_t len)
{
	struct rec_probe p;
	char label[4097];

	memcpy(&p, data, sizeof(p));
	if (p.label_len > 4096 || p.text_len > len - sizeof(p) - p.label_len ||
	    (p.kind != SPEC_USDT && p.kind != SPEC_UPROBE && p.kind != SPEC_URETPROBE))
		return;
	struct tcb *tcp = p.tid > 0 && p.tid <= INT32_MAX ? pid2tcb((pid_t)p.tid) : NULL;
	if (!tcp || hide_log(tcp) || (opts.cflag == 1 && !p.silent))
		return;
	memcpy(label, data + sizeof(p), p.label_len);
	label[p.label_len] = '\0';
	sb_reset(&tcp->sb);
	sb_write(&tcp->sb, (const char *)data + sizeof(p) + p.label_len, p.text_len);
	clock_event_set(p.ts);
	probe_emit_hit(tcp, p.kind, label, p.silent);
	clock_event_set(0);
}

static int replay_run(void)
{
	int rc = first, interrupted = 0;
	uint64_t lost = 0;
	bool ended = false;

	for (; rc > 0 && !ended; rc = next()) {
		if (cur.type == REC_MAPS) {
			if (opts.stack)
				maps_record(buf, cur.len);
			continue;
		}
		if (cur.type == REC_FD) { /* a descriptor's link (the ptrace backend's) */
			int64_t ids[2];
			memcpy(ids, buf, sizeof(ids));
			if (ids[0] > 0 && ids[0] <= INT32_MAX)
				feed->fd_link((pid_t)ids[0], (uint64_t)ids[1], (uint8_t *)buf + sizeof(ids),
					      (uint32_t)(cur.len - sizeof(ids)));
			continue;
		}
		if (cur.type == REC_PROBE) {
			probe_hit(buf, cur.len);
			continue;
		}
		if (cur.type != REC_EVENT) {
			ended = note(buf, &interrupted, &lost);
			continue;
		}
		const struct ev_hdr *h = buf;
		/* Probe hits need the probes resolved in the live processes: not replayed. */
		if (cur.len >= sizeof(*h) && h->kind >= EV_PROBE)
			continue;
		feed->event(buf, cur.len);
	}
	recfile_read_close();
	if (!ended) {
		log_warn("%s: truncated after %llu records", path, nrec);
		/* A call whose exit was not recorded ends its line as strace's would. */
		for (struct tcb *tcp = tcb_first(); tcp; tcp = tcb_next(tcp))
			syscall_unfinished(tcp);
	}
	/* As the live run ended: what was still traced is detached, and a recorder ended by a
	 * signal exits 128 + its number (the replay not dying of it). */
	if (ended && (interrupted || tcb_count()))
		for (struct tcb *tcp; (tcp = tcb_first());)
			report_detach(tcp);
	if (interrupted)
		tcb_interrupted(interrupted);
	if (opts.cflag)
		summary_print(output_shared());
	if (opts.stack)
		stackview_finish(output_shared());
	output_finish();
	for (struct maps_text *m = maps, *next; m; m = next) { /* after the last stack */
		next = m->next;
		free(m->text);
		free(m);
	}
	if (lost)
		log_warn("--bpf: %llu events lost (ring buffer full): the trace is incomplete",
			 (unsigned long long)lost);
	/* A program killed by a signal: 128 + N, the replay itself not killed. */
	int status = tcb_exit_status_quiet();
	return lost && status == 0 ? 1 : status;
}

static int replay_attach(pid_t pid)
{
	log_error("replay: -p %d: a replay prints %s, it traces nothing", pid, path);
	return -EINVAL;
}

static int replay_spawn(char **argv)
{
	log_error("replay: %s: a replay prints %s, it runs nothing", argv[0], path);
	return -EINVAL;
}

/* `sttrace replay FILE`: not in the --backend= table. */
const struct backend replay_backend = {
	.name = "replay",
	.init = replay_init,
	.attach = replay_attach,
	.spawn = replay_spawn,
	.run = replay_run,
};
