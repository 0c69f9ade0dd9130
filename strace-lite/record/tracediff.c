// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * sttrace diff A B: two text traces (strace's or sttrace's, with or without -f, -t, -T, -o's
 * pid column) compared call by call.  Each trace is read into processes (numbered in the
 * order they first appear, so that run-to-run pids do not matter) holding their calls as
 * normalized lines: a call cut by another thread (<unfinished ...> / <... resumed>) joined,
 * pids, addresses, inodes and times replaced by placeholders.  Each process's calls are
 * compared with the same-numbered process of the other trace (Myers' diff) and printed in
 * unified-diff style, then the per-syscall counts of both side by side.  Exit status as
 * diff(1): 0 the same, 1 different, 2 trouble.  A recording (--record) is compared as the text
 * its replay prints with -f (`sttrace replay FILE -q -f -o TMP`, this same program run again).
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/json.h"
#include "common/log.h"
#include "common/strbuf.h"
#include "strace-lite/record/record.h"
#include "strace-lite/record/tracediff.h"
#include "common/vec.h"

struct proc {
	long pid;          /* as in its trace */
	char **line;       /* normalized calls and events */
	size_t n, cap;
	char *pending;     /* a call left <unfinished ...> */
};

struct trace {
	const char *path;
	struct proc *p;
	size_t np;
	long first_pid;    /* the pid of lines without a pid prefix */
};

struct stat_row {
	char name[64];
	unsigned long calls[2], errors[2];
	double secs[2];
};

struct stats {
	struct stat_row *r;
	size_t n, cap;
};

static struct proc *proc_of(struct trace *t, long pid)
{
	for (size_t i = 0; i < t->np; i++)
		if (t->p[i].pid == pid)
			return &t->p[i];
	struct proc *np = realloc(t->p, (t->np + 1) * sizeof(*np));
	if (!np)
		return NULL;
	t->p = np;
	memset(&t->p[t->np], 0, sizeof(*t->p));
	t->p[t->np].pid = pid;
	return &t->p[t->np++];
}

static int push(struct proc *p, char *line)
{
	if (!line)
		return -ENOMEM;
	if (VEC_GROW(p->line, p->cap, p->n, 64) < 0) {
		free(line);
		return -ENOMEM;
	}
	p->line[p->n++] = line;
	return 0;
}

/* The pid prefix ("[pid  123] " or -o's "123   "), then timestamps ("12:00:01.5 ", "1.5 ",
 * "(+ 0.1) "): skipped; *PID set when there was one. */
static const char *skip_leader(const char *s, long *pid)
{
	char *end;

	if (!strncmp(s, "[pid ", 5)) {
		long v = strtol(s + 5, &end, 10);
		if (*end == ']') {
			*pid = v;
			s = end + 1;
		}
	} else if (isdigit((unsigned char)*s)) {
		long v = strtol(s, &end, 10);
		if (*end == ' ' && end[1] && !isdigit((unsigned char)end[strspn(end, " ")])) {
			*pid = v;
			s = end;
		}
	}
	for (;;) {
		s += strspn(s, " ");
		size_t n = strspn(s, "0123456789:.");
		if (n && s[n] == ' ')
			s += n;
		else if (!strncmp(s, "(+", 2) && strchr(s, ')'))
			s = strchr(s, ')') + 1;
		else
			return s;
	}
}

/* Is TOK (LEN bytes) a whole number equal to a pid of the trace? */
static int pid_index(const struct trace *t, const char *tok, size_t len)
{
	char buf[24];

	if (len >= sizeof(buf))
		return -1;
	memcpy(buf, tok, len);
	buf[len] = '\0';
	long v = strtol(buf, NULL, 10);
	for (size_t i = 0; i < t->np; i++)
		if (t->p[i].pid == v)
			return (int)i;
	return -1;
}

/* KEY=digits: fields whose values change from run to run. */
static bool volatile_field(const char *s, const char *start)
{
	static const char *const keys[] = { "tv_sec=", "tv_nsec=", "tv_usec=", "st_ino=",
					    "st_atime=", "st_mtime=", "st_ctime=", "st_atime_nsec=",
					    "st_mtime_nsec=", "st_ctime_nsec=", "stx_ino=", "ino=",
					    "si_utime=", "si_stime=", "st_dev=", "stx_dev_minor=" };
	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		size_t k = strlen(keys[i]);
		if ((size_t)(s - start) >= k && !strncmp(s - k, keys[i], k))
			return true;
	}
	return s - start >= 2 && (!strncmp(s - 2, ":[", 2)); /* socket:[12345], pipe:[...] */
}

/* The result of a call that returns a pid or a thread id ("= 1234") as "= PID": without -f's
 * pid column the trace does not say which pids are its own. */
static void pid_result(struct strbuf *sb)
{
	static const char *const calls[] = { "getpid(", "gettid(", "getppid(", "set_tid_address(",
					     "getpgid(", "getpgrp(", "getsid(", "fork(", "vfork(",
					     "clone(", "clone3(" };
	char *eq = strstr(sb->s, ") = ");

	if (!eq || !isdigit((unsigned char)eq[4]))
		return;
	for (size_t i = 0; i < sizeof(calls) / sizeof(calls[0]); i++)
		if (!strncmp(sb->s, calls[i], strlen(calls[i]))) {
			size_t at = (size_t)(eq + 4 - sb->s), n = strspn(eq + 4, "0123456789");
			memmove(eq + 7, eq + 4 + n, sb->len - at - n + 1);
			memcpy(eq + 4, "PID", 3);
			sb->len = at + 3 + (sb->len - at - n);
			return;
		}
}

/*
 * Whether numbers of line S may be pids: a signal or exit line, or a call that takes a pid (a
 * size or a count that happens to equal a pid of the trace is left alone elsewhere).  Fields
 * named pid= (si_pid=, capget's pid=) are pids in any line.
 */
static bool pid_line(const char *s)
{
	static const char *const calls[] = {
		"---", "+++", "kill(", "tkill(", "tgkill(", "wait4(", "waitid(", "waitpid(",
		"ptrace(", "setpgid(", "getpgid(", "getsid(", "sched_", "prlimit64(", "pidfd_open(",
		"process_vm_", "kcmp(", "rt_sigqueueinfo(", "rt_tgsigqueueinfo(", "ioprio_",
		"get_robust_list(", "move_pages(", "migrate_pages(", "perf_event_open(",
		"getpriority(", "setpriority(", "prctl(", "process_madvise(", "pidfd_send_signal(",
		"fcntl(", "ioctl(", "setns(", "unshare(", "clone", "fork(", "vfork(", "exit",
		"restart_syscall("
	};
	for (size_t i = 0; i < sizeof(calls) / sizeof(calls[0]); i++)
		if (!strncmp(s, calls[i], strlen(calls[i])))
			return true;
	return false;
}

/* S with pids as P1, P2 (their order in T), addresses as 0xADDR, volatile values as N; the
 * bytes getrandom returns as "BYTES". */
static char *normalize(const struct trace *t, const char *s, size_t len)
{
	struct strbuf sb = { 0 };
	bool quoted = false, pids = pid_line(s);

	if (len > 11 && !strncmp(s, "getrandom(\"", 11)) {
		const char *end = s + 11;
		while (end < s + len && *end != '"')
			end += *end == '\\' ? 2 : 1;
		if (end < s + len) {
			sb_puts(&sb, "getrandom(\"BYTES\"");
			len -= (size_t)(end + 1 - s);
			s = end + 1;
		}
	}

	for (size_t i = 0; i < len;) {
		char c = s[i];
		if (quoted) {
			sb_putc(&sb, c);
			if (c == '\\' && i + 1 < len)
				sb_putc(&sb, s[++i]);
			else if (c == '"')
				quoted = false;
			i++;
			continue;
		}
		if (c == '"') {
			quoted = true;
			sb_putc(&sb, c);
			i++;
			continue;
		}
		bool word_start = i == 0 || !(isalnum((unsigned char)s[i - 1]) || s[i - 1] == '_');
		if (word_start && c == '0' && i + 1 < len && s[i + 1] == 'x') {
			size_t n = 2;
			while (i + n < len && isxdigit((unsigned char)s[i + n]))
				n++;
			if (n - 2 >= 5) {
				sb_puts(&sb, "0xADDR");
				i += n;
				continue;
			}
		}
		if (word_start && isdigit((unsigned char)c)) {
			size_t n = strspn(s + i, "0123456789");
			int k;
			if (volatile_field(s + i, s))
				sb_putc(&sb, 'N');
			else if (n >= 2 && (pids || (i >= 4 && !strncmp(s + i - 4, "pid=", 4))) &&
				 (k = pid_index(t, s + i, n)) >= 0)
				sb_printf(&sb, "P%d", k + 1);
			else
				sb_write(&sb, s + i, n);
			i += n;
			continue;
		}
		if (c == ' ' && sb.len && sb.s[sb.len - 1] == ' ') { /* -a's padding */
			i++;
			continue;
		}
		sb_putc(&sb, c);
		i++;
	}
	if (!sb.s)
		return strdup("");
	pid_result(&sb);
	return sb.s;
}

/* One call's statistics: its name, whether it failed, its -T time SECS. */
static void count_call(struct stats *st, int side, const char *line, double secs)
{
	size_t n = strcspn(line, "(");
	const char *res = strstr(line, ") = ");

	if (!line[n] || n >= sizeof(st->r->name) || !isalpha((unsigned char)*line))
		return;
	struct stat_row *r = NULL;
	for (size_t i = 0; i < st->n && !r; i++)
		if (!strncmp(st->r[i].name, line, n) && !st->r[i].name[n])
			r = &st->r[i];
	if (!r) {
		if (VEC_GROW(st->r, st->cap, st->n, 64) < 0)
				return;
		r = &st->r[st->n++];
		memset(r, 0, sizeof(*r));
		memcpy(r->name, line, n);
	}
	r->calls[side]++;
	if (res && !strncmp(res + 4, "-1 E", 4))
		r->errors[side]++;
	r->secs[side] += secs;
}

/* The line without a -T time at its end. */
static size_t without_time(const char *s, size_t len)
{
	if (len && s[len - 1] == '>') {
		const char *lt = memrchr(s, '<', len);
		if (lt && lt > s && lt[-1] == ' ' && isdigit((unsigned char)lt[1]))
			return (size_t)(lt - 1 - s);
	}
	return len;
}

static int read_trace(struct trace *t, struct stats *st, int side)
{
	FILE *f = fopen(t->path, "re");
	char *buf = NULL;
	size_t cap = 0;
	ssize_t len;
	int rc = 0;

	if (!f)
		return -errno;
	/* Pass one: the pids, in order (numbering them needs all of them first). */
	while ((len = getline(&buf, &cap, f)) > 0) {
		long pid = -1;
		skip_leader(buf, &pid);
		if (pid >= 0 && !proc_of(t, pid))
			rc = -ENOMEM;
		else if (pid < 0 && !t->np && !proc_of(t, 0))
			rc = -ENOMEM;
	}
	rewind(f);
	while (!rc && (len = getline(&buf, &cap, f)) > 0) {
		long pid = t->np ? t->p[0].pid : 0;
		if (buf[len - 1] == '\n')
			buf[--len] = '\0';
		const char *s = skip_leader(buf, &pid);
		size_t n = strlen(s);
		if (*s == '>' || !n || !strncmp(s, "sttrace: ", 9) || !strncmp(s, "strace: ", 8))
			continue; /* -k's frames, the tracer's own messages */
		struct proc *p = proc_of(t, pid);
		struct strbuf whole = { 0 };
		if (!strncmp(s, "<... ", 5) && strstr(s, " resumed>")) {
			const char *rest = strstr(s, " resumed>") + 9;
			sb_puts(&whole, p->pending ? p->pending : "");
			sb_puts(&whole, rest);
			free(p->pending);
			p->pending = NULL;
		} else if (n > 17 && !strcmp(s + n - 17, " <unfinished ...>")) {
			free(p->pending);
			p->pending = strndup(s, n - 17);
			continue;
		} else {
			sb_write(&whole, s, n);
		}
		const char *w = sb_str(&whole);
		size_t wl = without_time(w, whole.len);
		char *norm = normalize(t, w, wl);
		if (norm)
			count_call(st, side, norm, wl < whole.len ? strtod(w + wl + 2, NULL) : 0);
		rc = push(p, norm);
		sb_free(&whole);
	}
	for (size_t i = 0; i < t->np && !rc; i++) /* calls that never came back */
		if (t->p[i].pending) {
			rc = push(&t->p[i], normalize(t, t->p[i].pending, strlen(t->p[i].pending)));
			free(t->p[i].pending);
			t->p[i].pending = NULL;
		}
	free(buf);
	fclose(f);
	return rc;
}

static void free_trace(struct trace *t)
{
	for (size_t i = 0; i < t->np; i++) {
		for (size_t j = 0; j < t->p[i].n; j++)
			free(t->p[i].line[j]);
		free(t->p[i].line);
		free(t->p[i].pending);
	}
	free(t->p);
}

/* Myers' O(ND) diff of A and B: OPS gets '=', '-' (A's line gone) and '+' (B's line new), in
 * order; its length is returned, or -1 when out of memory. */
static long myers(char **a, long n, char **b, long m, char **ops)
{
	long max = n + m, off = max + 1, d, x, y;
	long *v = calloc((size_t)(2 * max + 3), sizeof(*v));
	long **trace = calloc((size_t)max + 1, sizeof(*trace));
	char *out = malloc((size_t)max + 1);
	long nops = 0;
	bool found = false;

	*ops = NULL;
	if (!v || !trace || !out)
		goto oom;
	for (d = 0; d <= max; d++) {
		for (long k = -d; k <= d; k += 2) {
			if (k == -d || (k != d && v[off + k - 1] < v[off + k + 1]))
				x = v[off + k + 1];
			else
				x = v[off + k - 1] + 1;
			y = x - k;
			while (x < n && y < m && !strcmp(a[x], b[y])) {
				x++;
				y++;
			}
			v[off + k] = x;
			found |= x >= n && y >= m;
		}
		if (!(trace[d] = malloc((size_t)(2 * d + 1) * sizeof(long))))
			goto oom;
		memcpy(trace[d], v + off - d, (size_t)(2 * d + 1) * sizeof(long));
		if (found)
			break;
	}
	/* Back from (n, m): the edits in reverse. */
	x = n;
	y = m;
	for (; d > 0; d--) {
		long *vp = trace[d - 1], k = x - y, pk;
		pk = (k == -d || (k != d && vp[k - 1 + d - 1] < vp[k + 1 + d - 1])) ? k + 1 : k - 1;
		long px = vp[pk + d - 1], py = px - pk;
		while (x > px && y > py) {
			out[nops++] = '=';
			x--;
			y--;
		}
		out[nops++] = pk == k + 1 ? '+' : '-';
		x = px;
		y = py;
	}
	while (x > 0 && y > 0) {
		out[nops++] = '=';
		x--;
		y--;
	}
	for (long i = 0; i < nops / 2; i++) {
		char c = out[i];
		out[i] = out[nops - 1 - i];
		out[nops - 1 - i] = c;
	}
	*ops = out;
	out = NULL;
oom:
	for (long i = 0; trace && i <= max && trace[i]; i++)
		free(trace[i]);
	free(trace);
	free(v);
	free(out);
	return *ops ? nops : -1;
}

struct out {
	FILE *f;
	bool json;
	int diffs; /* changed lines */
};

static void put_line(struct out *o, int proc, const struct proc *pa, const struct proc *pb,
		     char op, const char *line)
{
	if (o->json) {
		struct strbuf sb = { 0 };
		sb_printf(&sb, "{\"type\":\"diff\",\"process\":%d,\"pid\":[%ld,%ld],\"op\":\"%c\","
			  "\"call\":", proc, pa ? pa->pid : -1L, pb ? pb->pid : -1L, op);
		json_put_string(&sb, line, strlen(line));
		sb_puts(&sb, "}\n");
		if (op != ' ')
			fwrite(sb.s, 1, sb.len, o->f);
		sb_free(&sb);
	} else {
		fprintf(o->f, "%c%s\n", op, line);
	}
}

#define CONTEXT 3

/* Process PROC of both traces (one of them may lack it), as unified-diff hunks. */
static int diff_proc(struct out *o, int proc, const struct proc *pa, const struct proc *pb)
{
	static char *none[1];
	char **a = pa ? pa->line : none, **b = pb ? pb->line : none, *ops;
	long n = pa ? (long)pa->n : 0, m = pb ? (long)pb->n : 0;
	long nops = myers(a, n, b, m, &ops);

	if (nops < 0)
		return -ENOMEM;
	/* Walk the edit script; a hunk spans changes less than 2 * CONTEXT apart. */
	long i = 0, ia = 0, ib = 0;
	while (i < nops) {
		if (ops[i] == '=') {
			i++, ia++, ib++;
			continue;
		}
		long start = i, sa = ia, sb = ib, back = 0;
		while (back < CONTEXT && start > 0 && ops[start - 1] == '=')
			start--, sa--, sb--, back++;
		long end = i, run = 0;
		for (; end < nops; end++) {
			run = ops[end] == '=' ? run + 1 : 0;
			if (run > 2 * CONTEXT)
				break;
		}
		end -= run > CONTEXT ? run - CONTEXT : 0;
		long ca = 0, cb = 0;
		for (long j = start; j < end; j++) {
			ca += ops[j] != '+';
			cb += ops[j] != '-';
		}
		if (!o->json && ((pa && pa->pid) || (pb && pb->pid)))
			fprintf(o->f, "@@ process %d (pid %ld, pid %ld) -%ld,%ld +%ld,%ld @@\n", proc,
				pa ? pa->pid : -1L, pb ? pb->pid : -1L, sa + 1, ca, sb + 1, cb);
		else if (!o->json) /* no pid column: one process */
			fprintf(o->f, "@@ -%ld,%ld +%ld,%ld @@\n", sa + 1, ca, sb + 1, cb);
		for (long j = start; j < end; j++) {
			if (ops[j] == '+') {
				put_line(o, proc, pa, pb, '+', b[sb++]);
				o->diffs++;
			} else if (ops[j] == '-') {
				put_line(o, proc, pa, pb, '-', a[sa++]);
				o->diffs++;
			} else {
				put_line(o, proc, pa, pb, ' ', a[sa++]);
				sb++;
			}
		}
		i = end;
		ia = sa;
		ib = sb;
	}
	free(ops);
	return 0;
}

/* The syscalls whose counts or errors differ, side by side. */
static void put_stats(struct out *o, const struct stats *st)
{
	bool header = false;

	for (size_t i = 0; i < st->n; i++) {
		const struct stat_row *r = &st->r[i];
		if (r->calls[0] == r->calls[1] && r->errors[0] == r->errors[1])
			continue;
		if (o->json) {
			fprintf(o->f, "{\"type\":\"summary\",\"name\":\"%s\",\"calls\":[%lu,%lu],"
				"\"errors\":[%lu,%lu],\"seconds\":[%.6f,%.6f]}\n", r->name,
				r->calls[0], r->calls[1], r->errors[0], r->errors[1], r->secs[0],
				r->secs[1]);
			continue;
		}
		if (!header)
			fprintf(o->f, "\n%-20s %9s %9s %9s %9s %11s %11s\n", "syscall", "calls A",
				"calls B", "errors A", "errors B", "seconds A", "seconds B");
		header = true;
		fprintf(o->f, "%-20s %9lu %9lu %9lu %9lu %11.6f %11.6f\n", r->name, r->calls[0],
			r->calls[1], r->errors[0], r->errors[1], r->secs[0], r->secs[1]);
	}
}

/* A recording (record.h's magic first)? */
static bool is_recording(const char *path)
{
	char magic[sizeof(RECFILE_MAGIC)];
	FILE *f = fopen(path, "re");
	bool yes = f && fread(magic, 1, sizeof(magic), f) == sizeof(magic) &&
		   !memcmp(magic, RECFILE_MAGIC, sizeof(magic));

	if (f)
		fclose(f);
	return yes;
}

/* The recording FILE replayed as text into a new temporary file, its name in TMP: 0 or -errno
 * (a replay that warns, of a cut file, still gives its lines). */
static int replay_to_text(const char *file, char tmp[64])
{
	const char *dir = getenv("TMPDIR");
	int st;

	snprintf(tmp, 64, "%s/sttrace-diff-XXXXXX", dir && strlen(dir) < 40 ? dir : "/tmp");
	int fd = mkstemp(tmp);
	if (fd < 0)
		return -errno;
	close(fd);
	pid_t pid = fork();
	if (pid < 0)
		return -errno;
	if (pid == 0) {
		execl("/proc/self/exe", "sttrace", "replay", file, "-q", "-f", "-o", tmp,
		      (char *)NULL);
		_exit(127);
	}
	if (waitpid(pid, &st, 0) < 0)
		return -errno;
	return WIFEXITED(st) && WEXITSTATUS(st) != 127 ? 0 : -ECHILD;
}

bool tracediff_wanted(int argc, char **argv)
{
	if (argc != 4 && !(argc == 5 && !strcmp(argv[2], "--json")))
		return false;
	if (strcmp(argv[1], "diff"))
		return false;
	/* `sttrace diff A B` is also how one traces diff(1): this is the comparison only when
	 * both files read as traces (a first line that looks like a call or an event). */
	for (int i = argc - 2; i < argc; i++) {
		char line[512];
		if (is_recording(argv[i]))
			continue;
		FILE *f = fopen(argv[i], "re");
		long pid = -1;
		bool ok = f && fgets(line, sizeof(line), f);
		if (f)
			fclose(f);
		const char *s = ok ? skip_leader(line, &pid) : "";
		size_t n = strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789_");
		if (!(n && s[n] == '(') && strncmp(s, "--- ", 4) && strncmp(s, "+++ ", 4))
			return false;
	}
	return true;
}

int tracediff_main(int argc, char **argv)
{
	struct trace t[2] = { { .path = argv[argc - 2] }, { .path = argv[argc - 1] } };
	struct stats st = { 0 };
	struct out o = { .f = stdout, .json = argc == 5 };
	char tmp[2][64] = { "", "" };
	int rc = 0;

	for (int i = 0; i < 2 && !rc; i++) {
		const char *shown = t[i].path;
		if (is_recording(shown) && (rc = replay_to_text(shown, tmp[i])) == 0)
			t[i].path = tmp[i];
		if (!rc)
			rc = read_trace(&t[i], &st, i);
		t[i].path = shown;
		if (rc < 0)
			log_errno(-rc, "diff: %s", t[i].path);
	}
	for (int i = 0; i < 2; i++)
		if (tmp[i][0])
			unlink(tmp[i]);
	if (!rc && !o.json)
		fprintf(o.f, "--- %s\n+++ %s\n", t[0].path, t[1].path);
	size_t np = t[0].np > t[1].np ? t[0].np : t[1].np;
	for (size_t i = 0; i < np && !rc; i++)
		rc = diff_proc(&o, (int)i + 1, i < t[0].np ? &t[0].p[i] : NULL,
			       i < t[1].np ? &t[1].p[i] : NULL);
	if (!rc)
		put_stats(&o, &st);
	free_trace(&t[0]);
	free_trace(&t[1]);
	free(st.r);
	return rc ? 2 : o.diffs ? 1 : 0;
}
