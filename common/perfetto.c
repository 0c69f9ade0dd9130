// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The timeline writer (see perfetto.h).  The format is the Chrome trace event format's JSON
 * array: "[", then one event a line, then "]".  A file cut short (the tracer killed) lacks the
 * "]", which the format allows.  Times are microseconds of CLOCK_MONOTONIC, the clock every
 * event of both backends carries.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/clock.h"
#include "common/json.h"
#include "common/perfetto.h"
#include "common/print.h"
#include "common/proc.h"

struct thread_seen {
	pid_t tid, pid;
	char name[16]; /* the name its track has */
};

struct perfetto {
	struct event_sink sink;
	FILE *f;
	unsigned long events;
	struct thread_seen *seen; /* open addressing on tid; grows with threads, not events */
	size_t cap, used;
	struct strbuf sb;
};

static uint64_t now_ns(void)
{
	struct timespec ts;

	tnow(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void put_event(struct perfetto *p)
{
	fputs(p->events++ ? ",\n" : "\n", p->f);
	fwrite(p->sb.s, 1, p->sb.len, p->f);
	sb_reset(&p->sb);
}

static void put_name_record(struct perfetto *p, const char *what, pid_t pid, pid_t tid,
			    const char *name)
{
	sb_printf(&p->sb, "{\"ph\":\"M\",\"name\":\"%s\",\"pid\":%d,\"tid\":%d,\"args\":{\"name\":",
		  what, (int)pid, (int)tid);
	json_put_string(&p->sb, name, strlen(name));
	sb_puts(&p->sb, "}}");
	put_event(p);
}

/* The thread's track (and its process's, for a leader) named COMM, or from /proc while the
 * thread is there, or by its number. */
static void name_thread(struct perfetto *p, struct thread_seen *t, const char *comm)
{
	char buf[sizeof(t->name)];

	if (!comm && proc_comm(t->tid, buf, sizeof(buf)) >= 0)
		comm = buf;
	if (!comm) {
		snprintf(buf, sizeof(buf), "%d", (int)t->tid);
		comm = buf;
	}
	snprintf(t->name, sizeof(t->name), "%s", comm);
	if (t->pid == t->tid)
		put_name_record(p, "process_name", t->pid, t->pid, t->name);
	put_name_record(p, "thread_name", t->pid, t->tid, t->name);
}

static struct thread_seen *slot(struct perfetto *p, pid_t tid)
{
	size_t i = (size_t)tid * 2654435761u % p->cap;

	while (p->seen[i].tid && p->seen[i].tid != tid)
		i = (i + 1) % p->cap;
	return &p->seen[i];
}

static int grow(struct perfetto *p)
{
	struct thread_seen *old = p->seen;
	size_t ocap = p->cap, cap = ocap ? ocap * 2 : 64;
	struct thread_seen *n = calloc(cap, sizeof(*n));

	if (!n)
		return -ENOMEM;
	p->seen = n;
	p->cap = cap;
	for (size_t i = 0; i < ocap; i++)
		if (old[i].tid)
			*slot(p, old[i].tid) = old[i];
	free(old);
	return 0;
}

/* The process of thread TID: named at first sight, and again when its name changes (exec,
 * PR_SET_NAME). */
static pid_t process_of(struct perfetto *p, const struct event *ev)
{
	if ((p->used + 1) * 2 > p->cap && grow(p) < 0)
		return ev->pid ? ev->pid : ev->tid;
	struct thread_seen *t = slot(p, ev->tid);
	if (!t->tid) {
		long tgid = ev->pid ? ev->pid : proc_status_field(ev->tid, "Tgid");
		t->tid = ev->tid;
		t->pid = tgid > 0 ? (pid_t)tgid : ev->tid;
		p->used++;
		name_thread(p, t, ev->comm);
	} else if (ev->comm ? strncmp(ev->comm, t->name, sizeof(t->name) - 1) != 0 :
			      ev->kind == EVENT_EXEC) {
		name_thread(p, t, ev->comm);
	}
	return t->pid;
}

/* '{"name":NAME,"cat":CAT,"ph":PH,"ts":T,"pid":P,"tid":T' */
static void put_head(struct perfetto *p, const struct event *ev, const char *name, size_t len,
		     const char *cat, const char *ph, uint64_t t_ns)
{
	struct strbuf *sb = &p->sb;
	pid_t pid = process_of(p, ev);

	sb_puts(sb, "{\"name\":");
	json_put_string(sb, name, len);
	sb_printf(sb, ",\"cat\":\"%s\",\"ph\":\"%s\",\"ts\":%llu.%03u,\"pid\":%d,\"tid\":%d", cat, ph,
		  (unsigned long long)(t_ns / 1000), (unsigned)(t_ns % 1000), (int)pid,
		  (int)ev->tid);
}

/* A call (syscall or library call) as a complete slice, its arguments and result in args. */
static void put_call(struct perfetto *p, const struct event *ev, const char *cat)
{
	struct strbuf *sb = &p->sb;

	put_head(p, ev, ev->name, strlen(ev->name), cat, "X", ev->t_ns ? ev->t_ns : now_ns());
	sb_printf(sb, ",\"dur\":%llu.%03u,\"args\":{\"args\":", (unsigned long long)(ev->dur_ns / 1000),
		  (unsigned)(ev->dur_ns % 1000));
	json_put_args(sb, ev->text, ev->len);
	if (ev->flags & EVF_UNFINISHED) {
		sb_puts(sb, ",\"unfinished\":true");
	} else {
		sb_puts(sb, ",\"return\":");
		json_put_string(sb, ev->ret, ev->ret_len);
	}
	if (ev->err && ev->errname)
		sb_printf(sb, ",\"error\":\"%s\"", ev->errname);
	if (ev->lib) {
		sb_puts(sb, ",\"lib\":");
		json_put_string(sb, ev->lib, strlen(ev->lib));
	}
	sb_putc(sb, '}');
}

/* A moment: a probe hit, a signal, an exec or an exit.  SCOPE "t" (thread) or "p" (process). */
static void put_instant(struct perfetto *p, const struct event *ev, const char *name,
			const char *cat, char scope)
{
	put_head(p, ev, name, strlen(name), cat, "i", ev->t_ns ? ev->t_ns : now_ns());
	sb_printf(&p->sb, ",\"s\":\"%c\"", scope);
}

static void perfetto_write(struct event_sink *self, const struct event *ev)
{
	struct perfetto *p = (struct perfetto *)self;
	struct strbuf *sb = &p->sb;
	char name[256];
	const char *sig = ev->sig ? signame(ev->sig) : NULL;

	if (!sig)
		sig = "?";
	switch (ev->kind) {
	case EVENT_SYSCALL:
		put_call(p, ev, "syscall");
		break;
	case EVENT_RETURN:
		put_call(p, ev, "call");
		break;
	case EVENT_CALL:
		return; /* the slice is written at the return, whole */
	case EVENT_PROBE:
	case EVENT_PROBE_RETURN:
		snprintf(name, sizeof(name), "%s:%s", ev->source, ev->name);
		put_instant(p, ev, name, ev->source, 't');
		sb_puts(sb, ev->kind == EVENT_PROBE ? ",\"args\":{\"args\":" : ",\"args\":{\"ret\":");
		if (ev->kind == EVENT_PROBE)
			json_put_args(sb, ev->text, ev->len);
		else
			json_put_string(sb, ev->text, ev->len);
		sb_putc(sb, '}');
		break;
	case EVENT_SIGNAL:
		put_instant(p, ev, sig, "signal", 't');
		if (ev->len) {
			sb_puts(sb, ",\"args\":{\"siginfo\":");
			json_put_value(sb, ev->text, ev->len);
			sb_putc(sb, '}');
		}
		break;
	case EVENT_STOPPED:
		snprintf(name, sizeof(name), "stopped by %s", sig);
		put_instant(p, ev, name, "signal", 't');
		break;
	case EVENT_EXITED:
		snprintf(name, sizeof(name), "exited with %d", ev->status);
		put_instant(p, ev, name, "process", 'p');
		break;
	case EVENT_KILLED:
		snprintf(name, sizeof(name), "killed by %s", sig);
		put_instant(p, ev, name, "process", 'p');
		break;
	case EVENT_EXEC:
		put_instant(p, ev, "exec", "process", 'p');
		break;
	}
	sb_putc(sb, '}');
	put_event(p);
}

static void perfetto_close(struct event_sink *self)
{
	struct perfetto *p = (struct perfetto *)self;

	fputs("\n]\n", p->f);
	fclose(p->f);
	sb_free(&p->sb);
	free(p->seen);
	free(p);
}

struct event_sink *perfetto_open(const char *path)
{
	struct perfetto *p = calloc(1, sizeof(*p));

	if (!p)
		return NULL;
	p->f = fopen(path, "we");
	if (!p->f || grow(p) < 0) {
		int err = p->f ? ENOMEM : errno;
		if (p->f)
			fclose(p->f);
		free(p);
		errno = err;
		return NULL;
	}
	fputc('[', p->f);
	p->sink.write = perfetto_write;
	p->sink.close = perfetto_close;
	return &p->sink;
}
