// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The formatter: events in, ltrace's text (or JSON Lines, or the -c table) out.  It never
 * touches ptrace: values come through the event's lt_vctx, whatever backend filled it.
 *
 * ltrace writes a call's line in two halves: `name(args` at entry and `) = ret` at return.
 * When anything else is printed in between (a nested call, another thread), the open line is
 * closed with ` <unfinished ...>` and the return prints as `<... name resumed> ) = ret`.  The
 * result column is ltrace's: `= ` at column 49 (its default alignment, 50, minus one).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>

#include "common/clock.h"
#include "common/demangle.h"
#include "common/event.h"
#include "common/json.h"
#include "common/print.h"
#include "ltrace-lite/lt.h"
#include "common/stacktrace.h"
#include "common/strbuf.h"

static bool open_line;      /* a call's first half is out, its line not ended */
static pid_t open_pid;
static int open_depth;
static int column;
static bool broken;
static struct strbuf sb;    /* one piece of text at a time */

struct count {
	char *name;
	unsigned long calls;
	double secs;
};
static struct count *counts;
static size_t ncounts;

static void put(const char *s, size_t n)
{
	if (broken)
		return;
	fwrite(s, 1, n, lt_opts.out);
	column += (int)n;
	if (n && s[n - 1] == '\n')
		column = 0;
}

static void putsb(void)
{
	put(sb.s ? sb.s : "", sb.len);
	sb_reset(&sb);
}

static void tabto(int col)
{
	if (column < col) {
		sb_pad(&sb, ' ', (size_t)(col - column));
		putsb();
	}
}

/* The time of day: now, or the event's (tnow: a replay's recorded clock). */
static void now_tv(struct timeval *tv)
{
	struct timespec ts;

	tnow(CLOCK_REALTIME, &ts);
	tv->tv_sec = ts.tv_sec;
	tv->tv_usec = ts.tv_nsec / 1000;
}

static void begin_line(const struct lt_event *ev, bool indent)
{
	column = 0;
	if (lt_opts.out != stderr && (lt_opts.attached || lt_opts.follow))
		sb_printf(&sb, "%u ", (unsigned)ev->pid);
	else if (lt_opts.follow)
		sb_printf(&sb, "[pid %u] ", (unsigned)ev->pid);
	if (lt_opts.rflag) {
		static struct timeval old;
		struct timeval tv, d;
		now_tv(&tv);
		if (!old.tv_sec && !old.tv_usec)
			old = tv;
		timersub(&tv, &old, &d);
		old = tv;
		sb_printf(&sb, "%3lu.%06d ", (unsigned long)d.tv_sec, (int)d.tv_usec);
	}
	if (lt_opts.tflag) {
		struct timeval tv;
		struct tm tm;
		now_tv(&tv);
		localtime_r(&tv.tv_sec, &tm);
		if (lt_opts.tflag > 2)
			sb_printf(&sb, "%lu.%06d ", (unsigned long)tv.tv_sec, (int)tv.tv_usec);
		else if (lt_opts.tflag > 1)
			sb_printf(&sb, "%02d:%02d:%02d.%06d ", tm.tm_hour, tm.tm_min, tm.tm_sec,
				  (int)tv.tv_usec);
		else
			sb_printf(&sb, "%02d:%02d:%02d ", tm.tm_hour, tm.tm_min, tm.tm_sec);
	}
	if (lt_opts.iflag)
		sb_printf(&sb, "[%#llx] ", (unsigned long long)ev->ret_addr);
	if (indent && lt_opts.indent > 0 && ev->depth > 1)
		sb_pad(&sb, ' ', (size_t)(lt_opts.indent * (ev->depth - 1)));
	putsb();
}

static void close_open(void)
{
	if (open_line) {
		put(" <unfinished ...>\n", 18);
		open_line = false;
	}
}

/* Syscall arguments and results without a prototype: small numbers in decimal, others hex. */
static void put_word(struct strbuf *b, uint64_t v)
{
	if ((int64_t)v > -4096 && (int64_t)v < 0x10000)
		sb_printf(b, "%lld", (long long)v);
	else
		sb_printf(b, "%#llx", (unsigned long long)v);
}

static void print_args(struct strbuf *b, const struct lt_event *ev)
{
	if (ev->pre_args) {
		sb_puts(b, ev->pre_args);
		return;
	}
	if (ev->kind == LT_EV_SYSCALL && !ev->proto) {
		for (int i = 0; i < ev->nsysargs; i++) {
			if (i)
				sb_puts(b, ", ");
			put_word(b, ev->sysargs[i]);
		}
		return;
	}
	lt_proto_print_args(b, ev->proto, ev->v);
}

/* The arguments the callee filled in (after `+` in the prototype), at return. */
static void print_out_args(struct strbuf *b, const struct lt_event *ev)
{
	struct strbuf tmp = { 0 };

	if (ev->pre_out) {
		sb_puts(b, ev->pre_out);
		return;
	}
	lt_proto_print_args(&tmp, ev->proto, ev->v);
	lt_proto_print_out_args(b, ev->proto, ev->v, tmp.len > 0);
	sb_free(&tmp);
}

static void print_ret(struct strbuf *b, const struct lt_event *ev)
{
	if (ev->pre_ret)
		sb_puts(b, ev->pre_ret);
	else if (ev->kind == LT_EV_SYSRET && ev->void_ret)
		sb_putc(b, '?');
	else if (ev->kind == LT_EV_SYSRET && !ev->proto)
		put_word(b, ev->v->ret);
	else
		lt_proto_print_ret(b, ev->proto, ev->v);
}

/* The function's name as the text and -c show it: demangled under -C. */
static const char *shown_name(const struct lt_event *ev)
{
	return lt_opts.demangle ? demangle_name(ev->name) : ev->name;
}

static void count(const char *name, double secs)
{
	for (size_t i = 0; i < ncounts; i++)
		if (!strcmp(counts[i].name, name)) {
			counts[i].calls++;
			counts[i].secs += secs;
			return;
		}
	struct count *v = realloc(counts, (ncounts + 1) * sizeof(*v));
	if (!v)
		return;
	counts = v;
	counts[ncounts++] = (struct count){ strdup(name), 1, secs };
}

static int count_cmp(const void *a, const void *b)
{
	const struct count *x = a, *y = b;

	if (x->secs != y->secs)
		return x->secs < y->secs ? 1 : -1;
	return strcmp(x->name, y->name);
}

void lt_summary_print(void)
{
	unsigned long long total = 0;
	unsigned long calls = 0;

	if (ncounts)
		qsort(counts, ncounts, sizeof(*counts), count_cmp);
	for (size_t i = 0; i < ncounts; i++) {
		total += (unsigned long long)(counts[i].secs * 1e6);
		calls += counts[i].calls;
	}
	fprintf(lt_opts.out, "%% time     seconds  usecs/call     calls      function\n");
	fprintf(lt_opts.out, "------ ----------- ----------- --------- --------------------\n");
	for (size_t i = 0; i < ncounts; i++) {
		unsigned long long c = (unsigned long long)(counts[i].secs * 1e6);
		unsigned long long p = total ? 100000 * c / total + 5 : 5;
		fprintf(lt_opts.out, "%3llu.%02llu %4d.%06d %11llu %9lu %s\n", p / 1000, (p / 10) % 100,
			(int)(c / 1000000), (int)(c % 1000000), c / counts[i].calls,
			counts[i].calls, counts[i].name);
		free(counts[i].name);
	}
	fprintf(lt_opts.out, "------ ----------- ----------- --------- --------------------\n");
	fprintf(lt_opts.out, "100.00 %4llu.%06llu             %9lu total\n", total / 1000000,
		total % 1000000, calls);
	free(counts);
	counts = NULL;
	ncounts = 0;
}

/* The event of a process-life lt_event (signal, exit, kill, exec). */
static enum event_kind event_kind_of(const struct lt_event *ev)
{
	return ev->kind == LT_EV_SIGNAL ? EVENT_SIGNAL : ev->kind == LT_EV_EXITED ? EVENT_EXITED :
	       ev->kind == LT_EV_KILLED ? EVENT_KILLED : EVENT_EXEC;
}

/* --json: one record per finished call, syscall or process event. */
static void emit_json(const struct lt_event *ev)
{
	struct strbuf rec = { 0 };

	switch (ev->kind) {
	case LT_EV_CALL:
	case LT_EV_SYSCALL:
		sb_reset(&sb);
		print_args(&sb, ev);
		if (ev->cookie) {
			free(*ev->cookie);
			*ev->cookie = strdup(sb_str(&sb));
		}
		sb_reset(&sb);
		return;
	case LT_EV_RETURN:
	case LT_EV_SYSRET:
	case LT_EV_UNFINISHED: {
		const char *args = ev->cookie && *ev->cookie ? *ev->cookie : "";
		json_record_begin(&rec, ev->kind == LT_EV_SYSRET ? "syscall" : "call", ev->pid, NULL);
		sb_puts(&rec, ",\"name\":");
		json_put_string(&rec, ev->name, strlen(ev->name));
		if (ev->caller) {
			sb_puts(&rec, ",\"caller\":");
			json_put_string(&rec, ev->caller, strlen(ev->caller));
		}
		if (ev->callee_lib) {
			sb_puts(&rec, ",\"lib\":");
			json_put_string(&rec, ev->callee_lib, strlen(ev->callee_lib));
		}
		sb_puts(&rec, ",\"args\":");
		sb_puts(&sb, args);
		if (ev->kind == LT_EV_UNFINISHED) {
			json_put_args(&rec, sb_str(&sb), sb.len);
			sb_reset(&sb);
			sb_printf(&rec, ",\"ret\":null,\"unfinished\":true,\"depth\":%d,"
				  "\"duration\":%.6f}", ev->depth, ev->spent);
			break;
		}
		if (lt_has_out(ev))
			lt_format_out(&sb, ev, *args != 0);
		json_put_args(&rec, sb_str(&sb), sb.len);
		sb_reset(&sb);
		print_ret(&sb, ev);
		sb_puts(&rec, ",\"ret\":");
		json_put_string(&rec, sb_str(&sb), sb.len);
		sb_reset(&sb);
		sb_printf(&rec, ",\"depth\":%d,\"duration\":%.6f}", ev->depth, ev->spent);
		break;
	}
	case LT_EV_SIGNAL:
	case LT_EV_EXITED:
	case LT_EV_KILLED:
	case LT_EV_EXEC: {
		struct event e = { .kind = event_kind_of(ev), .tid = ev->pid, .sig = ev->sig,
				   .status = ev->status, .core_dumped = -1 };
		event_write_json(&rec, &e);
		break;
	}
	default:
		sb_free(&rec);
		return;
	}
	sb_putc(&rec, '\n');
	put(rec.s, rec.len);
	sb_free(&rec);
}

static uint64_t mono_ns(void)
{
	struct timespec ts;

	tnow(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* EV to the event sinks (--perfetto): a call's arguments are kept from its entry (in its
 * cookie, as --json keeps them) for the slice written at its return. */
static void publish(const struct lt_event *ev)
{
	struct strbuf args = { 0 }, ret = { 0 };
	struct event e = { .tid = ev->pid, .pid = ev->tgid, .name = ev->name, .depth = ev->depth,
			   .comm = ev->comm,
			   .lib = ev->callee_lib, .sig = ev->sig, .status = ev->status,
			   .core_dumped = -1, .t_ns = mono_ns() };

	switch (ev->kind) {
	case LT_EV_CALL:
	case LT_EV_SYSCALL:
		print_args(&args, ev);
		if (ev->cookie && !lt_opts.json) {
			free(*ev->cookie);
			*ev->cookie = strdup(sb_str(&args));
		}
		e.kind = EVENT_CALL;
		e.text = sb_str(&args);
		e.len = args.len;
		break;
	case LT_EV_RETURN:
	case LT_EV_SYSRET:
	case LT_EV_UNFINISHED: {
		const char *in = ev->cookie && *ev->cookie ? *ev->cookie : "";
		sb_puts(&args, in);
		if (ev->kind == LT_EV_UNFINISHED)
			e.flags |= EVF_UNFINISHED;
		else {
			if (lt_has_out(ev))
				lt_format_out(&args, ev, *in != 0);
			print_ret(&ret, ev);
		}
		e.kind = ev->kind == LT_EV_SYSRET ? EVENT_SYSCALL : EVENT_RETURN;
		e.text = sb_str(&args);
		e.len = args.len;
		e.ret = sb_str(&ret);
		e.ret_len = ret.len;
		e.dur_ns = ev->spent > 0 ? (uint64_t)(ev->spent * 1e9) : 0;
		e.t_ns = e.t_ns > e.dur_ns ? e.t_ns - e.dur_ns : 0;
		break;
	}
	case LT_EV_SIGNAL:
	case LT_EV_EXITED:
	case LT_EV_KILLED:
	case LT_EV_EXEC:
		e.kind = event_kind_of(ev);
		break;
	default:
		return;
	}
	event_publish(&e);
	sb_free(&args);
	sb_free(&ret);
}

void lt_output_finish(void)
{
	event_sinks_close();
}

void lt_format_args(struct strbuf *b, const struct lt_event *ev)
{
	print_args(b, ev);
}

void lt_format_out(struct strbuf *b, const struct lt_event *ev, bool args_printed)
{
	if (ev->pre_out)
		sb_puts(b, ev->pre_out);
	else
		lt_proto_print_out_args(b, ev->proto, ev->v, args_printed);
}

void lt_format_ret(struct strbuf *b, const struct lt_event *ev)
{
	print_ret(b, ev);
}

bool lt_has_out(const struct lt_event *ev)
{
	return ev->pre_out ? ev->pre_out[0] != '\0' : lt_proto_has_out_args(ev->proto);
}

void lt_emit(const struct lt_event *ev0)
{
	struct lt_event copy;
	const struct lt_event *ev = lt_record_event(ev0, &copy);

	if (event_sinks_active() && !lt_opts.cflag)
		publish(ev);
	bool entry = ev->kind == LT_EV_CALL || ev->kind == LT_EV_SYSCALL;
	bool ret = ev->kind == LT_EV_RETURN || ev->kind == LT_EV_SYSRET;

	if (lt_opts.cflag) {
		/* Calls still open at the end count too, for the time they had (as ltrace). */
		if (ret || ev->kind == LT_EV_UNFINISHED)
			count(shown_name(ev), ev->spent);
		return;
	}
	if (lt_opts.discard)
		return; /* --record without -o: the recording is the output */
	if (lt_opts.json) {
		emit_json(ev);
		return;
	}
	if (entry) {
		close_open();
		open_line = true;
		open_pid = ev->pid;
		open_depth = ev->depth;
		begin_line(ev, true);
		if (ev->caller && !lt_opts.hide_caller)
			sb_printf(&sb, "%s->", ev->caller);
		sb_puts(&sb, shown_name(ev));
		if (ev->callee_lib)
			sb_printf(&sb, "@%s", ev->callee_lib);
		sb_putc(&sb, '(');
		print_args(&sb, ev);
		putsb();
		return;
	}
	if (ret) {
		if (open_line && (open_pid != ev->pid || open_depth != ev->depth))
			close_open();
		if (!open_line) {
			begin_line(ev, true);
			sb_printf(&sb, "<... %s resumed> ", shown_name(ev));
			putsb();
		}
		if (lt_has_out(ev))
			print_out_args(&sb, ev);
		sb_puts(&sb, ") ");
		putsb();
		tabto(lt_opts.align - 1);
		sb_puts(&sb, "= ");
		print_ret(&sb, ev);
		if (lt_opts.Tflag)
			sb_printf(&sb, " <%lu.%06d>", (unsigned long)ev->spent,
				  (int)((ev->spent - (double)(unsigned long)ev->spent) * 1e6 + 0.5) % 1000000);
		sb_putc(&sb, '\n');
		putsb();
		open_line = false;
		if (lt_opts.bt_depth > 0) {
			struct strbuf st = { 0 };
			if (ev->pre_bt)
				sb_puts(&st, ev->pre_bt);
			else
				stacktrace_format(ev->pid, &st, 1);
			/* At most -w frames: one line each. */
			const char *p = sb_str(&st);
			for (int n = 0; *p && n < lt_opts.bt_depth; n++) {
				const char *nl = strchr(p, '\n');
				size_t len = nl ? (size_t)(nl - p + 1) : strlen(p);
				put(p, len);
				p += len;
			}
			put("\n", 1);
			sb_free(&st);
		}
		return;
	}
	if (ev->kind == LT_EV_SIGNAL && lt_opts.no_signals)
		return;
	struct event e = { .kind = event_kind_of(ev), .tid = ev->pid, .sig = ev->sig,
			   .status = ev->status, .core_dumped = -1 };
	switch (ev->kind) {
	case LT_EV_SIGNAL:
	case LT_EV_EXITED:
	case LT_EV_KILLED:
	case LT_EV_EXEC:
		close_open();
		begin_line(ev, false);
		event_write_ltrace(&sb, &e);
		putsb();
		break;
	case LT_EV_GONE:
		if (open_line && open_pid == ev->pid)
			close_open();
		break;
	default:
		break;
	}
}

bool lt_output_flush(void)
{
	if (broken)
		return false;
	if (fflush(lt_opts.out) == EOF || ferror(lt_opts.out)) {
		broken = true;
		return false;
	}
	return true;
}

bool lt_output_broken(void)
{
	return broken || ferror(lt_opts.out);
}
