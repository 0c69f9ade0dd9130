// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * --compare: what tracing costs, measured by the tracer itself.
 *
 * Each mode (untraced, ptrace, bpf) runs PROG once to warm up (caches, page cache, the BPF
 * programs' first load), then RUNS times; the runs of the modes are interleaved (untraced,
 * ptrace, bpf, untraced, ...) so that a machine whose speed drifts during the comparison (a
 * noisy VM) shifts every mode alike and the ratios stay meaningful.
 *
 * A traced run's wall time includes the tracer's own start (loading BPF programs costs a third
 * of a second), which a short PROG cannot amortize.  So each mode also runs /bin/true the same
 * way: "startup" is the tracer's fixed cost, and ns per event is what remains after it,
 * spread over the events.  The overhead (x untraced) and --max-overhead use the plain wall
 * times, startup included, as a user's command would see them.
 *
 * Events are what the warm-up run's trace holds, written to a temporary file: its lines, or
 * the calls of the "total" line when -c/-C printed a summary (strace's and ltrace's layouts).
 * Timed runs write to -o FILE when given, else to /dev/null.
 *
 * A mode that cannot run (its warm-up ends with another status than the untraced run's, or
 * than 0 for a tool that exits 0 whatever the program's status, as ltrace) is reported
 * with the tracer's last "TOOL: ..." line as the reason, never dropped.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "common/compare.h"
#include "common/log.h"
#include "common/spawn.h"

static const char *const ptrace_args[] = { NULL };
static const char *const bpf_args[] = { "--bpf", NULL };
const struct compare_mode compare_default_modes[3] = {
	{ "untraced", NULL },
	{ "ptrace", ptrace_args },
	{ "bpf", bpf_args },
};

/* What one mode measured.  Two programs: PROG, and /bin/true for the startup cost. */
struct mode_result {
	const struct compare_mode *mode;
	bool available;
	char reason[256];
	int status;        /* the warm-up's wait status */
	long long events;  /* -1: not counted */
	double *times;     /* RUNS wall times of PROG, seconds */
	double *startups;  /* RUNS wall times of /bin/true */
	bool startup_ok;
	double median, min, max, startup_median;
};

int compare_set_runs(struct compare_cfg *cfg, const char *arg)
{
	char *end;
	long v;

	if (!arg) {
		cfg->runs = COMPARE_DEFAULT_RUNS;
		return 0;
	}
	errno = 0;
	v = strtol(arg, &end, 10);
	if (errno || end == arg || *end || v < 1 || v > COMPARE_MAX_RUNS)
		return -EINVAL;
	cfg->runs = (int)v;
	return 0;
}

static const struct compare_mode *modes_of(const struct compare_cfg *cfg, int *n)
{
	if (cfg->modes) {
		*n = cfg->nmodes;
		return cfg->modes;
	}
	*n = 3;
	return compare_default_modes;
}

int compare_add_limit(struct compare_cfg *cfg, const char *arg)
{
	const struct compare_mode *modes;
	const char *colon = strchr(arg, ':');
	char *end;
	int n;

	if (!colon || cfg->nlimits == COMPARE_MAX_LIMITS)
		return -EINVAL;
	modes = modes_of(cfg, &n);
	for (int i = 0; i < n; i++) {
		if (!modes[i].args || strncmp(arg, modes[i].name, (size_t)(colon - arg)) ||
		    modes[i].name[colon - arg])
			continue;
		errno = 0;
		double x = strtod(colon + 1, &end);
		if (errno || end == colon + 1 || *end || !(x > 0) || !isfinite(x))
			return -EINVAL;
		cfg->limits[cfg->nlimits].mode = modes[i].name;
		cfg->limits[cfg->nlimits].text = arg;
		cfg->limits[cfg->nlimits++].max = x;
		return 0;
	}
	return -EINVAL;
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/*
 * Run PATH with ARGV (PATH through $PATH when `search`), stdin and stdout on /dev/null, stderr
 * into ERRFILE (NULL: /dev/null).  Returns the wait status and the wall time, or -errno when
 * fork fails.
 */
static void exec_failed(const char *path, int err, void *arg)
{
	dprintf(2, "compare: %s: %s\n", path, strerror(-err));
}

static int run_one(const char *path, char *const *argv, bool search, const char *errfile,
		   double *secs)
{
	double t0 = now_s();
	int status, null = open("/dev/null", O_RDWR | O_CLOEXEC);
	int err = errfile ? open(errfile, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600) : null;
	struct proc_spawn sp = { .search = search, .redirect = true, .stdio = { null, null, err },
				 .exec_failed = exec_failed };
	struct proc_child child;
	int rc = null < 0 || err < 0 ? -errno : proc_spawn(path, argv, &sp, &child);

	if (rc == 0 && (rc = proc_waitpid(child.pid, &status, 0)) > 0)
		rc = 0;
	if (err >= 0 && err != null)
		close(err);
	if (null >= 0)
		close(null);
	if (rc < 0)
		return rc;
	*secs = now_s() - t0;
	return status;
}

static void describe_status(int status, char *buf, size_t len)
{
	if (WIFSIGNALED(status))
		snprintf(buf, len, "killed by %s", strsignal(WTERMSIG(status)));
	else
		snprintf(buf, len, "exit status %d", WEXITSTATUS(status));
}

/*
 * The reason a run failed: the tracer's last "TOOL: " line in its stderr (true), else its
 * status (false).
 */
static bool failure_reason(const char *tool, const char *errfile, int status, int want,
			   char *buf, size_t len)
{
	char line[512], st[64], wst[64];
	size_t tl = strlen(tool);
	FILE *f = fopen(errfile, "re");
	bool found = false;

	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, tool, tl) && line[tl] == ':' && line[tl + 1] == ' ') {
			line[strcspn(line, "\n")] = 0;
			snprintf(buf, len, "%.255s", line + tl + 2);
			found = true;
		}
	if (f)
		fclose(f);
	if (found)
		return true;
	describe_status(status, st, sizeof(st));
	describe_status(want, wst, sizeof(wst));
	snprintf(buf, len, "%s (untraced: %s)", st, wst);
	return false;
}

/*
 * Events in the trace files DIR/trace and DIR/trace.* (-ff): the summary's total calls when
 * there is one (strace: "100.00 SECS USECS CALLS [ERRORS] total"; ltrace: "100.00 SECS CALLS
 * total"), else the lines.
 */
static long long count_events(const char *dir)
{
	long long lines = 0, total = -1;
	struct dirent *de;
	DIR *d = opendir(dir);
	char path[PATH_MAX], line[4096];

	if (!d)
		return -1;
	while ((de = readdir(d))) {
		if (strncmp(de->d_name, "trace", 5) || (de->d_name[5] && de->d_name[5] != '.'))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		FILE *f = fopen(path, "re");
		if (!f)
			continue;
		while (fgets(line, sizeof(line), f)) {
			char *tok[8];
			int nf = 0;
			lines += !!strchr(line, '\n');
			for (char *s = strtok(line, " \t\n"); s && nf < 8; s = strtok(NULL, " \t\n"))
				tok[nf++] = s;
			if (nf >= 4 && nf <= 6 && !strcmp(tok[0], "100.00") &&
			    !strcmp(tok[nf - 1], "total"))
				total = (total < 0 ? 0 : total) + atoll(tok[nf == 4 ? 2 : 3]);
		}
		fclose(f);
	}
	closedir(d);
	return total >= 0 ? total : lines;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double median_of(const double *v, int n, double *min, double *max)
{
	double s[COMPARE_MAX_RUNS];

	memcpy(s, v, (size_t)n * sizeof(*v));
	qsort(s, (size_t)n, sizeof(*s), cmp_double);
	if (min)
		*min = s[0];
	if (max)
		*max = s[n - 1];
	return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

/*
 * The argv of one run: the tracer, the user's options, the mode's, -o OUT, then PROG.  The
 * tracer re-executed (/proc/self/exe) is called by the tool's name, which its messages begin
 * with (the reason a mode failed is found by it).
 */
static char **build_argv(const struct compare_cfg *cfg, const struct compare_mode *m,
			 const char *out, char **prog)
{
	int n = 0, np = 0, nm = 0;

	while (prog[np])
		np++;
	if (!m->args) {
		char **v = calloc((size_t)np + 1, sizeof(*v));
		if (v)
			memcpy(v, prog, (size_t)np * sizeof(*v));
		return v;
	}
	while (m->args[nm])
		nm++;
	char **v = calloc((size_t)(1 + cfg->ntracer_args + nm + 2 + np + 1), sizeof(*v));
	if (!v)
		return NULL;
	v[n++] = (char *)(cfg->tracer ? cfg->tracer : cfg->tool);
	for (int i = 0; i < cfg->ntracer_args; i++)
		v[n++] = cfg->tracer_args[i];
	for (int i = 0; i < nm; i++)
		v[n++] = (char *)m->args[i];
	v[n++] = "-o";
	v[n++] = (char *)out;
	for (int i = 0; i < np; i++)
		v[n++] = prog[i];
	return v;
}

/* What a run of mode M executes, its argv being ARGV. */
static const char *run_path(const struct compare_cfg *cfg, const struct compare_mode *m,
			    char *const *argv)
{
	if (!m->args)
		return argv[0];
	return cfg->tracer ? cfg->tracer : "/proc/self/exe";
}

static void json_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p == '"' || *p == '\\')
			fprintf(f, "\\%c", *p);
		else if (*p < 0x20 || *p >= 0x7f)
			fprintf(f, "\\u%04x", *p);
		else
			fputc(*p, f);
	}
	fputc('"', f);
}

static void json_num(FILE *f, double v, bool valid)
{
	if (valid && isfinite(v))
		fprintf(f, "%.9g", v);
	else
		fputs("null", f);
}

/* Overhead and cost per event of R against the untraced result U. */
static double overhead(const struct mode_result *r, const struct mode_result *u)
{
	return u->median > 0 ? r->median / u->median : NAN;
}

static double ns_per_event(const struct mode_result *r, const struct mode_result *u)
{
	double extra = r->median - u->median;

	if (r->events <= 0)
		return NAN;
	if (r->startup_ok && u->startup_ok)
		extra -= r->startup_median - u->startup_median;
	return extra * 1e9 / (double)r->events;
}

static double startup_cost(const struct mode_result *r, const struct mode_result *u)
{
	return r->startup_ok && u->startup_ok ? r->startup_median - u->startup_median : NAN;
}

static void print_json(const struct compare_cfg *cfg, struct mode_result *res, int nm,
		       const bool *limit_ok, bool ok)
{
	FILE *f = stdout;
	const struct mode_result *u = &res[0];

	fprintf(f, "{\"tool\":");
	json_str(f, cfg->tool);
	fprintf(f, ",\"command\":[");
	for (int i = 0; cfg->prog[i]; i++) {
		fputs(i ? "," : "", f);
		json_str(f, cfg->prog[i]);
	}
	fprintf(f, "],\"tracer_args\":[");
	for (int i = 0; i < cfg->ntracer_args; i++) {
		fputs(i ? "," : "", f);
		json_str(f, cfg->tracer_args[i]);
	}
	fprintf(f, "],\"runs\":%d,\"warmup\":1,\"output\":", cfg->runs);
	json_str(f, cfg->outfile ? cfg->outfile : "/dev/null");
	fprintf(f, ",\"modes\":[");
	for (int i = 0; i < nm; i++) {
		const struct mode_result *r = &res[i];
		bool traced = r->mode->args != NULL;

		fprintf(f, "%s{\"mode\":", i ? "," : "");
		json_str(f, r->mode->name);
		fprintf(f, ",\"available\":%s", r->available ? "true" : "false");
		if (!r->available) {
			fprintf(f, ",\"reason\":");
			json_str(f, r->reason);
			fputc('}', f);
			continue;
		}
		fprintf(f, ",\"exit_status\":%d", WIFEXITED(r->status) ? WEXITSTATUS(r->status) :
			128 + WTERMSIG(r->status));
		fprintf(f, ",\"median_s\":%.9f,\"min_s\":%.9f,\"max_s\":%.9f,\"times_s\":[",
			r->median, r->min, r->max);
		for (int k = 0; k < cfg->runs; k++)
			fprintf(f, "%s%.9f", k ? "," : "", r->times[k]);
		fprintf(f, "],\"overhead\":");
		json_num(f, overhead(r, u), true);
		fprintf(f, ",\"startup_s\":");
		json_num(f, startup_cost(r, u), traced);
		fprintf(f, ",\"events\":");
		if (traced && r->events >= 0)
			fprintf(f, "%lld", r->events);
		else
			fputs("null", f);
		fprintf(f, ",\"ns_per_event\":");
		json_num(f, ns_per_event(r, u), traced);
		fputc('}', f);
	}
	fprintf(f, "],\"limits\":[");
	for (int i = 0; i < cfg->nlimits; i++) {
		fprintf(f, "%s{\"mode\":", i ? "," : "");
		json_str(f, cfg->limits[i].mode);
		fprintf(f, ",\"max\":%.15g,\"ok\":%s}", cfg->limits[i].max,
			limit_ok[i] ? "true" : "false");
	}
	fprintf(f, "],\"ok\":%s}\n", ok ? "true" : "false");
}

static void print_table(const struct compare_cfg *cfg, struct mode_result *res, int nm)
{
	FILE *f = stdout;
	const struct mode_result *u = &res[0];

	fprintf(f, "%s --compare: %d run%s per mode after 1 warm-up:", cfg->tool, cfg->runs,
		cfg->runs == 1 ? "" : "s");
	for (int i = 0; cfg->prog[i]; i++)
		fprintf(f, " %s", cfg->prog[i]);
	fprintf(f, "\ntrace output: %s\n\n", cfg->outfile ? cfg->outfile : "/dev/null");
	fprintf(f, "%-10s %10s %10s %10s %9s %10s %10s %10s\n", "mode", "median s", "min s",
		"max s", "overhead", "startup s", "events", "ns/event");
	for (int i = 0; i < nm; i++) {
		const struct mode_result *r = &res[i];
		char ev[32] = "-", ns[32] = "-", su[32] = "-";

		if (!r->available) {
			fprintf(f, "%-10s not measured: %s\n", r->mode->name, r->reason);
			continue;
		}
		if (r->mode->args) {
			double c = startup_cost(r, u), n = ns_per_event(r, u);
			if (r->events >= 0)
				snprintf(ev, sizeof(ev), "%lld", r->events);
			/* less than the runs' spread: the events cost nothing measurable */
			if (isfinite(n))
				snprintf(ns, sizeof(ns), n < 0 ? "noise" : "%.0f", n);
			if (isfinite(c))
				snprintf(su, sizeof(su), "%.4f", c);
		}
		fprintf(f, "%-10s %10.4f %10.4f %10.4f %8.2fx %10s %10s %10s\n", r->mode->name,
			r->median, r->min, r->max, overhead(r, u), su, ev, ns);
	}
}

/* Remove DIR's files whose names start with PREFIX ("": all of them). */
static void remove_files(const char *dir, const char *prefix)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char path[PATH_MAX];

	while (d && (de = readdir(d))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, "..") ||
		    strncmp(de->d_name, prefix, strlen(prefix)))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		unlink(path);
	}
	if (d)
		closedir(d);
}

/* Warm up mode R: availability, its status and the events of its trace. */
static int warm_up(const struct compare_cfg *cfg, struct mode_result *r, int want,
		   const char *dir)
{
	char trace[PATH_MAX], errf[PATH_MAX];
	double t;
	int st;

	snprintf(trace, sizeof(trace), "%s/trace", dir);
	snprintf(errf, sizeof(errf), "%s/stderr", dir);
	char **argv = build_argv(cfg, r->mode, trace, cfg->prog);
	if (!argv)
		return -ENOMEM;
	st = run_one(run_path(cfg, r->mode, argv), argv, !r->mode->args, errf, &t);
	free(argv);
	if (st < 0)
		return st;
	r->status = st;
	if (!r->mode->args) {
		if (WIFEXITED(st) && WEXITSTATUS(st) == 127)
			failure_reason("compare", errf, st, st, r->reason, sizeof(r->reason));
		else
			r->available = true;
		return 0;
	}
	r->events = count_events(dir);
	remove_files(dir, "trace"); /* nothing left for the next mode to count */
	/*
	 * A tracer that could not start exits 1; so may PROG itself.  Then only an empty trace
	 * and the tracer's own error line tell the two apart.
	 */
	if (cfg->exits_zero)
		want = 0; /* PROG's status is in the trace, the tool's own is 0 */
	if (st != want)
		failure_reason(cfg->tool, errf, st, want, r->reason, sizeof(r->reason));
	else if (!st || r->events > 0 ||
		 !failure_reason(cfg->tool, errf, st, want, r->reason, sizeof(r->reason)))
		r->available = true;
	return 0;
}

int compare_run(struct compare_cfg *cfg)
{
	static char true_path[] = "/bin/true";
	char *true_argv[] = { true_path, NULL };
	struct mode_result res[COMPARE_MAX_MODES] = { 0 };
	bool limit_ok[COMPARE_MAX_LIMITS];
	char dir[256], out[PATH_MAX], discard[PATH_MAX], errf[PATH_MAX];
	const char *tmp = getenv("TMPDIR");
	int nm, rc = 1, err = 0;
	const struct compare_mode *modes = modes_of(cfg, &nm);
	bool ok = true, have_true = access(true_path, X_OK) == 0;

	if (nm > COMPARE_MAX_MODES || nm < 1 || modes[0].args) {
		log_error("--compare: the first mode must be the untraced one");
		return 1;
	}
	snprintf(dir, sizeof(dir), "%.200s/%.20s-compare.XXXXXX", tmp && *tmp ? tmp : "/tmp", cfg->tool);
	if (!mkdtemp(dir)) {
		log_perror("--compare: %s", dir);
		return 1;
	}
	snprintf(errf, sizeof(errf), "%s/stderr", dir);
	/*
	 * -ff without -o would write /dev/null.PID: such runs' files go to DIR instead.  The
	 * startup runs never write to -o FILE, which keeps the trace of PROG's last run.
	 */
	if (cfg->fflags >= 2)
		snprintf(discard, sizeof(discard), "%s/discard", dir);
	else
		snprintf(discard, sizeof(discard), "/dev/null");
	snprintf(out, sizeof(out), "%s", cfg->outfile ? cfg->outfile : discard);

	for (int i = 0; i < nm; i++) {
		res[i].mode = &modes[i];
		res[i].events = -1;
		res[i].times = calloc((size_t)cfg->runs, sizeof(double));
		res[i].startups = calloc((size_t)cfg->runs, sizeof(double));
		if (!res[i].times || !res[i].startups) {
			err = -ENOMEM;
			goto out;
		}
		err = warm_up(cfg, &res[i], res[0].status, dir);
		if (err < 0)
			goto out;
		if (!i && !res[0].available) {
			log_error("--compare: %s", res[0].reason);
			goto out;
		}
		res[i].startup_ok = have_true && res[i].available;
	}
	for (int k = 0; k < cfg->runs; k++) {
		for (int i = 0; i < nm; i++) {
			struct mode_result *r = &res[i];
			double t;

			if (!r->available)
				continue;
			char **argv = build_argv(cfg, r->mode, out, cfg->prog);
			err = argv ? run_one(run_path(cfg, r->mode, argv), argv, !r->mode->args,
					     NULL, &t) : -ENOMEM;
			free(argv);
			if (err < 0)
				goto out;
			r->times[k] = t;
			if (!r->startup_ok)
				continue;
			argv = build_argv(cfg, r->mode, discard, true_argv);
			err = argv ? run_one(run_path(cfg, r->mode, argv), argv, false, errf, &t)
				   : -ENOMEM;
			free(argv);
			if (err < 0)
				goto out;
			if (err)
				r->startup_ok = false; /* the options do not suit /bin/true */
			r->startups[k] = t;
		}
	}
	err = 0;
	for (int i = 0; i < nm; i++) {
		struct mode_result *r = &res[i];
		if (!r->available)
			continue;
		r->median = median_of(r->times, cfg->runs, &r->min, &r->max);
		if (r->startup_ok)
			r->startup_median = median_of(r->startups, cfg->runs, NULL, NULL);
	}
	for (int l = 0; l < cfg->nlimits; l++) {
		limit_ok[l] = false;
		for (int i = 0; i < nm; i++) {
			if (strcmp(res[i].mode->name, cfg->limits[l].mode))
				continue;
			limit_ok[l] = res[i].available && overhead(&res[i], &res[0]) <= cfg->limits[l].max;
		}
		ok &= limit_ok[l];
	}
	if (cfg->json)
		print_json(cfg, res, nm, limit_ok, ok);
	else
		print_table(cfg, res, nm);
	fflush(stdout);
	for (int l = 0; l < cfg->nlimits; l++) {
		for (int i = 0; i < nm && !limit_ok[l]; i++) {
			const struct mode_result *r = &res[i];
			if (strcmp(r->mode->name, cfg->limits[l].mode))
				continue;
			if (r->available)
				log_error("--max-overhead=%s exceeded: %.2fx", cfg->limits[l].text,
					  overhead(r, &res[0]));
			else
				log_error("--max-overhead=%s: %s not measured: %s",
					  cfg->limits[l].text, r->mode->name, r->reason);
		}
	}
	rc = ok ? 0 : 2;
out:
	if (err < 0)
		log_errno(err, "--compare");
	for (int i = 0; i < nm; i++) {
		free(res[i].times);
		free(res[i].startups);
	}
	remove_files(dir, "");
	rmdir(dir);
	return rc;
}

/* Options that belong to the comparison, not to the traced runs. */
static bool dropped(const char *name)
{
	static const char *const names[] = { "compare", "max-overhead", "json", "bpf", "backend" };

	for (size_t i = 0; name && i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(name, names[i]))
			return true;
	return false;
}

static int push(struct compare_cfg *cfg, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static int push(struct compare_cfg *cfg, const char *fmt, ...)
{
	char **v = realloc(cfg->tracer_args, (size_t)(cfg->ntracer_args + 2) * sizeof(*v));
	char *s;
	va_list ap;
	int n;

	if (!v)
		return -ENOMEM;
	cfg->tracer_args = v;
	va_start(ap, fmt);
	n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0)
		return -ENOMEM;
	v[cfg->ntracer_args++] = s;
	v[cfg->ntracer_args] = NULL;
	return 0;
}

int compare_main(struct compare_cfg *cfg, int argc, char **argv, const char *optstring,
		 const struct option *longopts)
{
	int c, lidx, rc = 1, err = 0;

	/*
	 * getopt_long again over the same argv: each option comes back with its argument, so
	 * bundles (-fo FILE) and abbreviations (--out=F) need no parser of our own.  The options
	 * are rebuilt one per word ("-o", "FILE", "--name=ARG").
	 */
	optind = 0;
	opterr = 0;
	while ((lidx = -1, c = getopt_long(argc, argv, optstring, longopts, &lidx)) != -1) {
		const char *name = lidx >= 0 ? longopts[lidx].name : NULL;

		if (c == '?' || c == ':')
			goto bad;
		if (c == 'o') {
			cfg->outfile = optarg;
			continue;
		}
		if (c == 'p' || (name && !strcmp(name, "attach"))) {
			log_error("--compare runs PROG itself: -p cannot be compared");
			goto out;
		}
		if (dropped(name))
			continue;
		if (c == 'f' && !name)
			cfg->fflags++;
		if (name && optarg)
			err = push(cfg, "--%s=%s", name, optarg);
		else if (name)
			err = push(cfg, "--%s", name);
		else if (optarg)
			err = push(cfg, "-%c", c) ?: push(cfg, "%s", optarg);
		else
			err = push(cfg, "-%c", c);
		if (err < 0)
			goto out;
	}
	if (optind >= argc) {
		log_error("--compare needs PROG [ARGS]");
		goto out;
	}
	cfg->prog = argv + optind;
	if (!cfg->runs)
		cfg->runs = COMPARE_DEFAULT_RUNS;
	rc = compare_run(cfg);
	goto out;
bad:
	log_error("--compare: cannot re-read the options");
out:
	if (err < 0)
		log_errno(err, "--compare");
	for (int i = 0; i < cfg->ntracer_args; i++)
		free(cfg->tracer_args[i]);
	free(cfg->tracer_args);
	cfg->tracer_args = NULL;
	cfg->ntracer_args = 0;
	return rc;
}
