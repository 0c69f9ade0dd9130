// SPDX-License-Identifier: LGPL-2.1-or-later
/* The writers of the event model (see event.h). */
#include <inttypes.h>
#include <stdbool.h>
#include <string.h>

#include "common/event.h"
#include "common/clock.h"
#include "common/json.h"
#include "common/print.h"

static const char *sig_name(int sig)
{
	const char *n = signame(sig);

	return n ? n : "?";
}

void event_write_text(struct strbuf *sb, const struct event *ev)
{
	bool ret = ev->kind == EVENT_PROBE_RETURN;

	switch (ev->kind) {
	case EVENT_PROBE:
	case EVENT_PROBE_RETURN:
		sb_puts(sb, "--- ");
		sb_puts(sb, ev->source);
		sb_putc(sb, ':');
		sb_puts(sb, ev->name);
		sb_puts(sb, ret ? " = " : "(");
		sb_write(sb, ev->text, ev->len);
		sb_puts(sb, ret ? " ---\n" : ") ---\n");
		break;
	case EVENT_SIGNAL:
		sb_printf(sb, "--- %s ", sig_name(ev->sig));
		sb_write(sb, ev->text, ev->len);
		sb_puts(sb, " ---\n");
		break;
	case EVENT_STOPPED:
		sb_printf(sb, "--- stopped by %s ---\n", sig_name(ev->sig));
		break;
	case EVENT_EXITED:
		sb_printf(sb, "+++ exited with %d +++\n", ev->status);
		break;
	case EVENT_KILLED:
		sb_printf(sb, "+++ killed by %s %s+++\n", sig_name(ev->sig),
			  ev->core_dumped > 0 ? "(core dumped) " : "");
		break;
	case EVENT_EXEC:
	case EVENT_SYSCALL: /* strace-lite/output.c: the line may be cut and resumed */
	case EVENT_CALL:
	case EVENT_RETURN:
		break;
	}
}

void event_write_ltrace(struct strbuf *sb, const struct event *ev)
{
	switch (ev->kind) {
	case EVENT_SIGNAL:
		sb_printf(sb, "--- %s (%s) ---\n", sig_name(ev->sig), strsignal(ev->sig));
		break;
	case EVENT_EXITED:
		sb_printf(sb, "+++ exited (status %d) +++\n", ev->status);
		break;
	case EVENT_KILLED:
		sb_printf(sb, "+++ killed by %s +++\n", sig_name(ev->sig));
		break;
	case EVENT_EXEC:
		sb_puts(sb, "--- Called exec() ---\n");
		break;
	default:
		break;
	}
}

static void put_signal(struct strbuf *sb, int sig)
{
	const char *n = sig_name(sig);

	sb_puts(sb, ",\"signal\":");
	json_put_string(sb, n, strlen(n));
}

/* A syscall's record: the whole call, or the entry of one that never returned. */
static void put_syscall(struct strbuf *sb, const struct event *ev)
{
	json_record_begin(sb, "syscall", ev->tid, ev->wall);
	json_syscall_fields(sb, ev->name, ev->text, ev->len);
	if (ev->flags & EVF_UNFINISHED) {
		sb_puts(sb, ",\"retval\":null,\"unfinished\":true");
		return;
	}
	if ((ev->flags & EVF_NO_RETVAL) && !ev->err)
		sb_puts(sb, ",\"retval\":null");
	else
		sb_printf(sb, ",\"retval\":%" PRId64, ev->retval);
	sb_puts(sb, ",\"return\":");
	json_put_string(sb, ev->ret, ev->ret_len);
	if (ev->err) {
		const char *name = ev->errname;
		sb_printf(sb, ",\"errno\":%d,\"error\":", ev->err);
		json_put_string(sb, name ? name : "", name ? strlen(name) : 0);
	}
	if (ev->flags & EVF_INJECTED)
		sb_puts(sb, ",\"injected\":true");
	sb_printf(sb, ",\"duration\":%.6f", (double)ev->dur_ns / 1e9);
}

void event_write_json(struct strbuf *sb, const struct event *ev)
{
	switch (ev->kind) {
	case EVENT_PROBE:
	case EVENT_PROBE_RETURN:
		json_record_begin(sb, ev->source, ev->tid, NULL);
		sb_puts(sb, ",\"probe\":");
		json_put_string(sb, ev->name, strlen(ev->name));
		if (ev->kind == EVENT_PROBE_RETURN) {
			sb_puts(sb, ",\"ret\":");
			json_put_string(sb, ev->text, ev->len);
		} else {
			sb_puts(sb, ",\"args\":");
			json_put_args(sb, ev->text, ev->len);
		}
		break;
	case EVENT_SIGNAL:
	case EVENT_STOPPED:
		json_record_begin(sb, ev->kind == EVENT_SIGNAL ? "signal" : "stopped", ev->tid, NULL);
		put_signal(sb, ev->sig);
		if (ev->len) {
			sb_puts(sb, ",\"siginfo\":");
			json_put_value(sb, ev->text, ev->len);
		}
		break;
	case EVENT_EXITED:
		json_record_begin(sb, "exited", ev->tid, NULL);
		sb_printf(sb, ",\"status\":%d", ev->status);
		break;
	case EVENT_KILLED:
		json_record_begin(sb, "killed", ev->tid, NULL);
		put_signal(sb, ev->sig);
		if (ev->core_dumped >= 0)
			sb_printf(sb, ",\"core_dumped\":%s", ev->core_dumped ? "true" : "false");
		break;
	case EVENT_EXEC:
		json_record_begin(sb, "exec", ev->tid, ev->wall);
		break;
	case EVENT_SYSCALL:
		put_syscall(sb, ev);
		break;
	case EVENT_CALL:
	case EVENT_RETURN:
		return;
	}
	sb_putc(sb, '}');
}

static struct event_sink *sinks;

void event_sink_add(struct event_sink *sink)
{
	struct event_sink **p = &sinks;

	while (*p)
		p = &(*p)->next;
	sink->next = NULL;
	*p = sink;
}

bool event_sinks_active(void)
{
	return sinks != NULL;
}

void event_publish(const struct event *ev)
{
	struct event e = *ev;

	if (!sinks)
		return;
	if (!e.t_ns) { /* a moment: now, by the event's clock */
		struct timespec ts;
		tnow(CLOCK_MONOTONIC, &ts);
		e.t_ns = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
	}
	for (struct event_sink *s = sinks; s; s = s->next)
		s->write(s, &e);
}

void event_sinks_close(void)
{
	struct event_sink *s = sinks;

	sinks = NULL;
	while (s) {
		struct event_sink *next = s->next;
		if (s->close)
			s->close(s);
		s = next;
	}
}
