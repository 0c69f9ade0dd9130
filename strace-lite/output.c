// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Where trace lines go and how they begin: the shared log or one file per process (-ff), the
 * pid prefix, timestamps, and strace's rule for interleaving: a line left open by one thread
 * is closed with " <unfinished ...>" when another prints, and resumed later as
 * "<... NAME resumed>".
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>
#include <fcntl.h>

#include "common/event.h"
#include "common/log.h"
#include "strace-lite/color.h"
#include "strace-lite/sttrace.h"

struct tcb *printing_tcp;
static FILE *shared_log;
static bool print_pid_pfx;

/*
 * -o '|COMMAND' (or '!COMMAND'): the trace goes to COMMAND's standard input, run by /bin/sh
 * as strace runs it.  It is our child: the wait loops leave it alone (output_pipe_pid), and the
 * end waits for it, so that what it wrote is there when sttrace exits.
 */
static pid_t pipe_pid;
static int pipe_status = -1;

pid_t output_pipe_pid(void)
{
	return pipe_pid;
}

void output_pipe_reaped(int status)
{
	pipe_status = status;
	pipe_pid = 0;
}

static FILE *pipe_open(const char *cmd)
{
	int p[2];

	if (pipe2(p, O_CLOEXEC) < 0)
		return NULL;
	pid_t pid = fork();
	if (pid < 0) {
		close(p[0]);
		close(p[1]);
		return NULL;
	}
	if (pid == 0) {
		dup2(p[0], 0);
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	close(p[0]);
	pipe_pid = pid;
	return fdopen(p[1], "w");
}

int output_open(void)
{
	shared_log = stderr;
	if (opts.outfname && (opts.outfname[0] == '|' || opts.outfname[0] == '!')) {
		shared_log = pipe_open(opts.outfname + 1);
		if (!shared_log)
			return -errno;
	} else if (opts.outfname && !opts.output_separately) {
		shared_log = fopen(opts.outfname, opts.append ? "ae" : "we");
		if (!shared_log)
			return -errno;
		/* One thread writes the trace: no lock taken per fwrite (a line is a few). */
		__fsetlocking(shared_log, FSETLOCKING_BYCALLER);
	} else if (opts.outfname) {
		/* -ff: room for ".PID" in a path, as strace wants; then check now that the files
		 * can be made. */
		if (strlen(opts.outfname) >= PATH_MAX - 3 * sizeof(int))
			return -ENAMETOOLONG;
		char name[4096];
		snprintf(name, sizeof(name), "%s.%d", opts.outfname, getpid());
		FILE *f = fopen(name, "we");
		if (!f)
			return -errno;
		fclose(f);
		remove(name);
	}
	color_init(opts.color, fileno(shared_log), opts.output_separately);
	return 0;
}

void output_decide_prefix(void)
{
	print_pid_pfx = ((opts.outfname || opts.pid_pfx_plain) && !opts.output_separately &&
			 (opts.followfork || tcb_count() > 1)) || opts.always_show_pid;
}

FILE *output_for(pid_t pid)
{
	if (!opts.output_separately)
		return shared_log;
	char name[4096];
	snprintf(name, sizeof(name), "%s.%d", opts.outfname, pid);
	FILE *f = fopen(name, opts.append ? "ae" : "we");
	if (f)
		__fsetlocking(f, FSETLOCKING_BYCALLER);
	return f ? f : stderr;
}

static FILE *tcb_file(struct tcb *tcp)
{
	if (!tcp->outf)
		tcp->outf = output_for(tcp->pid);
	return tcp->outf;
}

/* S as written (maybe coloured), PLAIN the same text as it shows: the column counts that. */
static void out_write_shown(struct tcb *tcp, const char *s, size_t n, const char *plain, size_t pn)
{
	if (!n)
		return;
	if (tcp->staging)
		sb_write(&tcp->stage, s, n);
	else
		fwrite(s, 1, n, tcb_file(tcp));
	const char *nl = memrchr(plain, '\n', pn);
	tcp->curcol = nl ? (int)(plain + pn - nl - 1) : tcp->curcol + (int)pn;
}

static void out_write(struct tcb *tcp, const char *s, size_t n)
{
	out_write_shown(tcp, s, n, s, n);
}

static void out_printf(struct tcb *tcp, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void out_printf(struct tcb *tcp, const char *fmt, ...)
{
	char buf[256];
	va_list ap;

	va_start(ap, fmt);
	int n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n > 0)
		out_write(tcp, buf, (size_t)n < sizeof(buf) ? (size_t)n : sizeof(buf) - 1);
}

void output_unfinished(struct tcb *tcp)
{
	/* A line held back for -e status= is not on the output: nothing to cut. */
	if (tcp && tcp->curcol && !tcp->staging) {
		out_write(tcp, " <unfinished ...>\n", 18);
		tcp->curcol = 0;
	}
}

void output_detached(struct tcb *tcp)
{
	if (tcp && tcp->curcol) {
		out_write(tcp, " <detached ...>\n", 16);
		tcp->curcol = 0;
	}
}

static void ts_sub(struct timespec *r, const struct timespec *a, const struct timespec *b)
{
	r->tv_sec = a->tv_sec - b->tv_sec;
	r->tv_nsec = a->tv_nsec - b->tv_nsec;
	if (r->tv_nsec < 0) {
		r->tv_sec--;
		r->tv_nsec += 1000000000;
	}
}

/* "1234 " (-o with several processes) or "[pid  1234] ", with --decode-pids=comm its name. */
static void print_pid_prefix(struct tcb *tcp)
{
	struct strbuf comm = { 0 };

	if (dopts.decode_pids & DECODE_PID_COMM)
		print_comm_str(&comm, tcp->comm);
	if (print_pid_pfx)
		out_printf(tcp, comm.len ? "%u%s " : "%-5u%s ", (unsigned)tcp->pid, sb_str(&comm));
	else
		out_printf(tcp, "[pid %5u%s] ", (unsigned)tcp->pid, sb_str(&comm));
	sb_free(&comm);
}

static const struct {
	const char *name;
	int digits;
} precisions[] = { { "s", 0 }, { "ms", 3 }, { "us", 6 }, { "ns", 9 } };
static const char *const ts_formats[] = { [TS_NONE] = "none", [TS_TIME] = "time",
					  [TS_UNIX] = "unix" };

int ts_precision(const char *s)
{
	for (size_t i = 0; i < sizeof(precisions) / sizeof(precisions[0]); i++)
		if (!strcmp(s, precisions[i].name))
			return precisions[i].digits;
	return -EINVAL;
}

static int ts_format_of(const char *s)
{
	for (size_t i = 0; i < sizeof(ts_formats) / sizeof(ts_formats[0]); i++)
		if (!strcmp(s, ts_formats[i]))
			return (int)i;
	return -EINVAL;
}

int ts_parse(const char *arg, int *format, int *digits)
{
	char *copy = strdup(arg), *save = NULL;
	int rc = copy ? 0 : -ENOMEM;

	for (char *tok = copy ? strtok_r(copy, ",", &save) : NULL; tok && !rc;
	     tok = strtok_r(NULL, ",", &save)) {
		int v;
		if (!strncmp(tok, "format:", 7)) {
			v = ts_format_of(tok + 7);
			if (v >= 0)
				*format = v;
		} else if (!strncmp(tok, "precision:", 10)) {
			v = ts_precision(tok + 10);
			if (v >= 0)
				*digits = v;
		} else if ((v = ts_format_of(tok)) >= 0) {
			*format = v;
		} else if ((v = ts_precision(tok)) >= 0) {
			*digits = v;
		}
		rc = v < 0 ? -EINVAL : 0;
	}
	free(copy);
	return rc;
}

/* ".FRAC" of NSEC with DIGITS digits; nothing for 0. */
static void sb_put_frac(struct strbuf *sb, long nsec, int digits)
{
	long scale = 1;

	for (int i = digits; i < 9; i++)
		scale *= 10;
	if (digits)
		sb_printf(sb, ".%0*ld", digits, nsec / scale);
}

void sb_put_secs(struct strbuf *sb, int width, const struct timespec *d, int digits)
{
	sb_printf(sb, "%*ld", width, (long)d->tv_sec);
	sb_put_frac(sb, d->tv_nsec, digits);
}

/* The time of day (or since the epoch) at the start of a line, as -t and --timestamps= ask. */
static void print_abs_time(struct strbuf *sb)
{
	struct timespec ts;
	char str[32];

	tnow(CLOCK_REALTIME, &ts);
	time_t local = ts.tv_sec;
	struct tm *tm = opts.ts_format == TS_TIME ? localtime(&local) : NULL;
	if (tm) {
		strftime(str, sizeof(str), "%H:%M:%S", tm);
		sb_puts(sb, str);
		sb_put_frac(sb, ts.tv_nsec, opts.ts_digits);
	} else {
		sb_put_secs(sb, 0, &ts, opts.ts_digits);
	}
	sb_putc(sb, ' ');
}

void printleader(struct tcb *tcp)
{
	if (opts.output_separately)
		printing_tcp = tcp;
	if (printing_tcp && printing_tcp->curcol &&
	    (!opts.output_separately || printing_tcp == tcp))
		output_unfinished(printing_tcp);
	printing_tcp = tcp;
	tcp->curcol = 0;
	color_line_start(&tcp->colorlex);

	if (print_pid_pfx || (tcb_count() > 1 && !opts.outfname))
		print_pid_prefix(tcp);

	if (!opts.ts_format && !opts.rflag && !opts.nflag && !opts.iflag)
		return;
	struct strbuf sb = { 0 };
	if (opts.ts_format)
		print_abs_time(&sb);
	if (opts.rflag) {
		static struct timespec ots;
		struct timespec ts, dts;
		tnow(CLOCK_MONOTONIC, &ts);
		if (ots.tv_sec == 0)
			ots = ts;
		ts_sub(&dts, &ts, &ots);
		ots = ts;
		sb_puts(&sb, opts.ts_format ? "(+" : "");
		sb_put_secs(&sb, 6, &dts, opts.r_digits);
		sb_puts(&sb, opts.ts_format ? ") " : " ");
	}
	/* -n: the number of the thread's current (or last) syscall; -i: where it is. */
	if (opts.nflag)
		sb_printf(&sb, "[%4lu] ", (unsigned long)tcp->dc.scno);
	if (opts.iflag && tcp->ip_known)
		sb_printf(&sb, "[%016" PRIx64 "] ", tcp->ip);
	else if (opts.iflag)
		sb_puts(&sb, "[????????????????] ");
	out_write(tcp, sb_str(&sb), sb.len);
	sb_free(&sb);
}

void tcb_emit(struct tcb *tcp)
{
	if (color_enabled() && tcp->sb.len) {
		struct strbuf col = { 0 };
		color_text(&tcp->colorlex, tcp->sb.s, tcp->sb.len, &col);
		out_write_shown(tcp, col.s, col.len, tcp->sb.s, tcp->sb.len);
		sb_free(&col);
	} else {
		out_write(tcp, tcp->sb.s ? tcp->sb.s : "", tcp->sb.len);
	}
	sb_reset(&tcp->sb);
}

void output_flush_line(struct tcb *tcp)
{
	/* A blocking call's entry shows at once on a terminal; a log file stays buffered, unless
	 * a signal may end sttrace where it stands (--interruptible=anywhere: no last flush). */
	if (!opts.outfname || opts.intr == INTR_ANYWHERE)
		fflush(tcb_file(tcp));
}

void output_publish_stage(struct tcb *tcp)
{
	int col = tcp->curcol;

	if (tcp->stage.len)
		fwrite(tcp->stage.s, 1, tcp->stage.len, tcb_file(tcp));
	sb_reset(&tcp->stage);
	tcp->curcol = col;
}

void tabto(struct tcb *tcp)
{
	if (tcp->curcol + (int)tcp->sb.len < opts.acolumn)
		sb_pad(&tcp->sb, ' ', (size_t)(opts.acolumn - tcp->curcol - (int)tcp->sb.len));
}

void line_ended(struct tcb *tcp)
{
	tcp->curcol = 0;
	if (printing_tcp == tcp)
		printing_tcp = NULL;
	if (!opts.outfname)
		fflush(tcb_file(tcp));
}

/*
 * A trace file that could not be written is said, by its name, as strace does ("sttrace:
 * /dev/full: No space left on device"); once for the shared log.  Errors of stderr are not.
 */
static void flush_checked(FILE *f, pid_t pid)
{
	static bool said;

	if (!f || f == stderr || !fflush(f))
		return;
	if (opts.output_separately)
		log_perror("%s.%d", opts.outfname, (int)pid);
	else if (!said)
		log_perror("%s", opts.outfname);
	said = said || !opts.output_separately;
	clearerr(f);
}

void output_close(struct tcb *tcp)
{
	if (tcp->outf && opts.output_separately) {
		flush_checked(tcp->outf, tcp->pid);
		fclose(tcp->outf);
		tcp->outf = NULL;
	}
}

void output_record(struct tcb *tcp, struct strbuf *rec)
{
	/* Records are whole lines: no leader, no <unfinished ...> bookkeeping. */
	sb_putc(rec, '\n');
	fwrite(rec->s, 1, rec->len, tcb_file(tcp));
	if (!opts.outfname)
		fflush(tcb_file(tcp));
}

FILE *output_shared(void)
{
	return shared_log ? shared_log : stderr;
}

void output_finish(void)
{
	event_sinks_close();
	if (shared_log)
		flush_checked(shared_log, 0);
	if (pipe_pid || pipe_status >= 0) {
		/* The command reads to the end, and is done when we are. */
		fclose(shared_log);
		shared_log = NULL;
		while (pipe_pid && waitpid(pipe_pid, NULL, 0) < 0 && errno == EINTR)
			;
		pipe_pid = 0;
		pipe_status = -1;
	}
}

/* The logger's hook (sttrace.c installs it): the trace so far goes out before a message. */
void output_flush_for_message(void)
{
	fflush(shared_log);
}
