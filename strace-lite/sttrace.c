// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * sttrace: the front end.  Parses strace's options (and ours), wires them into the decoder and
 * engine settings, and leaves through one exit path.  Everything else lives in engine.c,
 * output.c, filter.c, summary.c and the decoders.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/backend.h"
#include "strace-lite/sttrace.h"
#include "strace-lite/bpf/bpf-run.h"
#include "strace-lite/inject.h"
#include "strace-lite/bpf/bpf-inject.h"
#include "common/compare.h"
#include "strace-lite/probe/probe.h"
#include "strace-lite/record/tracediff.h"
#include "strace-lite/record/record.h"
#include "common/log.h"
#include "common/proc.h"
#include "common/latency.h"
#include "common/perfetto.h"
#include "common/spawn.h"
#include "common/optlist.h"
#include "uprobe/guard.h"
#include "strace-lite/optvalues.h"

#define STTRACE_VERSION "0.1.0"


static void help_hint(void)
{
	fprintf(stderr, "Try '%s -h' for more information.\n", log_prefix());
}

enum {
	OPT_SECCOMP = 0x100,
	OPT_FOLLOWFORKS,
	OPT_OUTPUT_SEPARATELY,
	OPT_TS,
	OPT_RELTS,
	OPT_DAEMONIZE,
	OPT_SYSCALL_TIMES,
	OPT_HEX_STR,
	OPT_QUAL_TRACE,
	OPT_QUAL_ABBREV,
	OPT_QUAL_VERBOSE,
	OPT_QUAL_RAW,
	OPT_QUAL_SIGNAL,
	OPT_QUAL_STATUS,
	OPT_QUAL_QUIET,
	OPT_QUAL_DECODE_FD,
	OPT_QUAL_DECODE_PID,
	OPT_QUAL_INJECT,
	OPT_QUAL_FAULT,
	OPT_QUAL_READ,
	OPT_QUAL_WRITE,
	OPT_QUAL_SECONTEXT,
	OPT_JSON,
	OPT_STACK_FORMAT,
	OPT_FLAMEGRAPH,
	OPT_BPF,
	OPT_BACKEND,
	OPT_COMPARE,
	OPT_MAX_OVERHEAD,
	OPT_PROTOTYPES,
	OPT_PERFETTO,
	OPT_LATENCY,
	OPT_PERCENTILES,
	OPT_CGROUP,
	OPT_PIDNS_TRANSLATION,
	OPT_LIST,
	OPT_TIPS,
	OPT_RECORD,
	OPT_KILL_ON_EXIT,
};

static const struct option longopts[] = {
	{ "columns", required_argument, 0, 'a' },
	{ "summary-only", no_argument, 0, 'c' },
	{ "summary", no_argument, 0, 'C' },
	{ "follow-forks", no_argument, 0, OPT_FOLLOWFORKS },
	{ "output-separately", no_argument, 0, OPT_OUTPUT_SEPARATELY },
	{ "help", no_argument, 0, 'h' },
	{ "output", required_argument, 0, 'o' },
	{ "attach", required_argument, 0, 'p' },
	{ "trace-path", required_argument, 0, 'P' },
	{ "relative-timestamps", optional_argument, 0, OPT_RELTS },
	{ "string-limit", required_argument, 0, 's' },
	{ "stack-traces", no_argument, 0, 'k' },
	{ "stack-format", required_argument, 0, OPT_STACK_FORMAT },
	{ "flamegraph", required_argument, 0, OPT_FLAMEGRAPH },
	{ "json", no_argument, 0, OPT_JSON },
	{ "bpf", no_argument, 0, OPT_BPF },
	{ "backend", required_argument, 0, OPT_BACKEND },
	{ "compare", optional_argument, 0, OPT_COMPARE },
	{ "max-overhead", required_argument, 0, OPT_MAX_OVERHEAD },
	{ "prototypes", required_argument, 0, OPT_PROTOTYPES },
	{ "perfetto", required_argument, 0, OPT_PERFETTO },
	{ "latency", required_argument, 0, OPT_LATENCY },
	{ "percentiles", no_argument, 0, OPT_PERCENTILES },
	{ "cgroup", required_argument, 0, OPT_CGROUP },
	{ "record", required_argument, 0, OPT_RECORD },
	{ "summary-sort-by", required_argument, 0, 'S' },
	{ "summary-columns", required_argument, 0, 'U' },
	{ "absolute-timestamps", optional_argument, 0, OPT_TS },
	{ "timestamps", optional_argument, 0, OPT_TS },
	{ "syscall-times", optional_argument, 0, OPT_SYSCALL_TIMES },
	{ "no-abbrev", no_argument, 0, 'v' },
	{ "syscall-number", no_argument, 0, 'n' },
	{ "interruptible", required_argument, 0, 'I' },
	{ "env", required_argument, 0, 'E' },
	{ "detach-on", required_argument, 0, 'b' },
	{ "output-append-mode", no_argument, 0, 'A' },
	{ "user", required_argument, 0, 'u' },
	{ "daemonize", optional_argument, 0, OPT_DAEMONIZE },
	{ "instruction-pointer", no_argument, 0, 'i' },
	{ "version", no_argument, 0, 'V' },
	{ "list", required_argument, 0, OPT_LIST }, /* for completion/: not in the help */
	{ "summary-wall-clock", no_argument, 0, 'w' },
	{ "summary-syscall-overhead", required_argument, 0, 'O' },
	{ "strings-in-hex", optional_argument, 0, OPT_HEX_STR },
	{ "const-print-style", required_argument, 0, 'X' },
	{ "successful-only", no_argument, 0, 'z' },
	{ "failed-only", no_argument, 0, 'Z' },
	{ "failing-only", no_argument, 0, 'Z' },
	{ "seccomp-bpf", optional_argument, 0, OPT_SECCOMP },
	{ "kill-on-exit", no_argument, 0, OPT_KILL_ON_EXIT },
	{ "trace", required_argument, 0, OPT_QUAL_TRACE },
	{ "abbrev", required_argument, 0, OPT_QUAL_ABBREV },
	{ "verbose", required_argument, 0, OPT_QUAL_VERBOSE },
	{ "raw", required_argument, 0, OPT_QUAL_RAW },
	{ "signals", required_argument, 0, OPT_QUAL_SIGNAL },
	{ "status", required_argument, 0, OPT_QUAL_STATUS },
	{ "quiet", optional_argument, 0, OPT_QUAL_QUIET },
	{ "silent", optional_argument, 0, OPT_QUAL_QUIET },
	{ "silence", optional_argument, 0, OPT_QUAL_QUIET },
	{ "decode-fds", optional_argument, 0, OPT_QUAL_DECODE_FD },
	{ "decode-pids", required_argument, 0, OPT_QUAL_DECODE_PID },
	{ "pidns-translation", no_argument, 0, OPT_PIDNS_TRANSLATION },
	{ "inject", required_argument, 0, OPT_QUAL_INJECT },
	{ "fault", required_argument, 0, OPT_QUAL_FAULT },
	{ "read", required_argument, 0, OPT_QUAL_READ },
	{ "write", required_argument, 0, OPT_QUAL_WRITE },
	{ "secontext", optional_argument, 0, OPT_QUAL_SECONTEXT },
	{ "tips", optional_argument, 0, OPT_TIPS },
	{ 0, 0, 0, 0 },
};

static const char *const qual_names[] = {
	[OPT_QUAL_TRACE - OPT_QUAL_TRACE] = "trace",   [OPT_QUAL_ABBREV - OPT_QUAL_TRACE] = "abbrev",
	[OPT_QUAL_VERBOSE - OPT_QUAL_TRACE] = "verbose", [OPT_QUAL_RAW - OPT_QUAL_TRACE] = "raw",
	[OPT_QUAL_SIGNAL - OPT_QUAL_TRACE] = "signal", [OPT_QUAL_STATUS - OPT_QUAL_TRACE] = "status",
	[OPT_QUAL_QUIET - OPT_QUAL_TRACE] = "quiet",
	[OPT_QUAL_DECODE_FD - OPT_QUAL_TRACE] = "decode-fds",
	[OPT_QUAL_DECODE_PID - OPT_QUAL_TRACE] = "decode-pids",
	[OPT_QUAL_INJECT - OPT_QUAL_TRACE] = "inject",
	[OPT_QUAL_FAULT - OPT_QUAL_TRACE] = "fault",
	[OPT_QUAL_READ - OPT_QUAL_TRACE] = "read",
	[OPT_QUAL_WRITE - OPT_QUAL_TRACE] = "write",
	[OPT_QUAL_SECONTEXT - OPT_QUAL_TRACE] = "secontext",
};

/* What the options count or collect before they settle into opts. */
struct cli {
	struct print_opts print; /* -s, -x, -X */
	pid_t *pids; /* -p */
	int npids;
	char **envs; /* -E: VAR=VAL to set, VAR to remove, for the program */
	int nenvs;
	int fflag, qflag, xflag, yflag, tflag, daemon;
	int daemon_long; /* --daemonize=: with -D too is an error */
	bool columns_given; /* -U */
	int xlong; /* --strings-in-hex=: 1 + its -x count (4: non-ascii-chars); with -x too is an
		    * error */
	int seccomp; /* --seccomp-bpf: -1 not given, 0, 1 */
	bool ts_given; /* --timestamps= */
	const struct backend *backend; /* --backend=, --bpf */
	const char *perfetto; /* --perfetto=FILE */
	const char *cgroup;   /* --cgroup=PATH, resolved into cgroup_dir */
	char cgroup_dir[4096];
	uint64_t cgroup_id;
#define MAX_LATENCY 16
	struct latency *latency[MAX_LATENCY]; /* --latency=A..B, until their sinks own them */
	int nlatency;
};

/*
 * The options as they settle after parsing, with ARGC arguments left (the program's): the
 * counted flags into opts, strace's checks; 0, -EINVAL with ERR to say with the hint, or -1 once
 * said.
 */
static int settle_options(struct cli *cl, int argc, char *err, size_t errlen)
{
	if (!argc && !cl->npids && !cl->cgroup && cl->backend != &replay_backend) {
		snprintf(err, errlen, "must have PROG [ARGS] or -p PID"); /* first, as strace */
		return -EINVAL;
	}
	if (cl->daemon_long && cl->daemon) {
		log_error("-D and --daemonize cannot be provided simultaneously");
		return -1;
	}
	if (cl->daemon_long)
		cl->daemon = cl->daemon_long;
	if (cl->daemon && !argc) { /* first, as strace: -DDDD -p PID says this */
		snprintf(err, errlen, "PROG [ARGS] must be specified with -D/--daemonize");
		return -EINVAL;
	}
	if (cl->daemon > 3) {
		snprintf(err, errlen, "Too many -D's (%d), maximum supported -D count is 3",
			 cl->daemon);
		return -EINVAL;
	}
	if (opts.append && !opts.outfname)
		log_warn("-A/--output-append-mode has no effect without -o/--output");
	if (cl->daemon && !opts.intr)
		opts.intr = INTR_BLOCK_TSTP_TOO; /* strace's default with -D */
	if (cl->tflag && cl->ts_given) {
		log_error("-t and --absolute-timestamps cannot be provided simultaneously");
		return -1;
	}
	if (cl->yflag && opts.decode_fds_given) {
		log_error("-y and --decode-fds cannot be provided simultaneously");
		return -1;
	}
	if (cl->xlong && cl->xflag) {
		log_error("-x and --strings-in-hex cannot be provided simultaneously");
		return -1;
	}
	if (cl->xlong)
		cl->xflag = cl->xlong - 1;
	if (cl->tflag) {
		opts.ts_format = cl->tflag >= 3 ? TS_UNIX : TS_TIME;
		opts.ts_digits = cl->tflag >= 2 ? 6 : 0;
	}

	pathtrace_report();
	if (cl->qflag && opts.quiet_given) {
		log_error("-q and -e quiet/--quiet cannot be provided simultaneously");
		return -1;
	}
	if (opts.kill_on_exit && cl->npids) {
		snprintf(err, errlen, "--kill-on-exit and -p/--attach are mutually exclusive options");
		return -EINVAL;
	}
	if (cl->fflag && opts.followfork) {
		log_error("-f and --follow-forks cannot be provided simultaneously");
		return -1;
	}
	if (cl->fflag >= 2 && opts.output_separately) {
		log_error("-ff and --output-separately cannot be provided simultaneously");
		return -1;
	}
	if ((cl->fflag >= 2 || opts.output_separately) && opts.cflag) {
		snprintf(err, errlen, "(-c/--summary-only or -C/--summary) and "
				      "-ff/--output-separately are mutually exclusive");
		return -EINVAL;
	}
	if (opts.wflag && !opts.cflag) {
		snprintf(err, errlen, "-w/--summary-wall-clock must be given with "
				      "(-c/--summary-only or -C/--summary)");
		return -EINVAL;
	}
	if (cl->columns_given && !opts.cflag) {
		snprintf(err, errlen, "-U/--summary-columns must be given with "
				      "(-c/--summary-only or -C/--summary)");
		return -EINVAL;
	}
	if (cl->fflag) {
		opts.followfork = 1;
		if (cl->fflag >= 2 && opts.outfname)
			opts.output_separately = true;
	}
	if (opts.output_separately && !opts.outfname)
		opts.output_separately = false;
	if (opts.output_separately && (opts.outfname[0] == '|' || opts.outfname[0] == '!')) {
		snprintf(err, errlen, "piping the output and -ff/--output-separately are mutually "
				      "exclusive");
		return -EINVAL;
	}
	/* strace's: -o FILE with a program implies -q (its attach messages would only clutter the
	 * terminal the program shares), unless -q or --quiet= says otherwise. */
	if (opts.outfname && opts.outfname != record_no_output && argc && !cl->qflag &&
	    !opts.quiet_given)
		cl->qflag = 1;
	if (cl->qflag)
		opts.quiet |= cl->qflag == 1 ? QUIET_ATTACH | QUIET_PERSONALITY :
			      cl->qflag == 2 ? QUIET_ATTACH | QUIET_PERSONALITY | QUIET_EXIT :
					       ~0u;
	cl->print.xflag = cl->xlong == 4 ? XFLAG_NON_ASCII_CHARS : cl->xflag >= 2 ? XFLAG_ALL :
			  cl->xflag ? XFLAG_NON_ASCII : XFLAG_NONE;
	print_opts_set(&cl->print);
	if (cl->yflag)
		dopts.decode_fds = cl->yflag >= 2 ? DECODE_FD_ALL : DECODE_FD_PATH;
	if (cl->cgroup) {
		int rc = proc_cgroup_resolve(cl->cgroup, cl->cgroup_dir, sizeof(cl->cgroup_dir),
					     &cl->cgroup_id);
		if (rc < 0) {
			log_error("--cgroup: %s: %s", cl->cgroup,
				  rc == -ENOTDIR ? "not a cgroup v2 directory" : strerror(-rc));
			return -1;
		}
		opts.followfork = 1; /* what its tasks start is in it too */
	}
	if (opts.record && cl->backend == &replay_backend) {
		snprintf(err, errlen, "--record: a replay records nothing");
		return -EINVAL;
	}
	if (opts.record && !opts.outfname)
		opts.outfname = record_no_output; /* the recording is the output, as perf record's */
	if (cl->backend == &bpfbe_backend && cl->daemon) {
		snprintf(err, errlen, "-D is not supported with --bpf");
		return -EINVAL;
	}
	if (opts.stack_folded && !opts.stack) {
		snprintf(err, errlen, "--stack-format=folded needs -k");
		return -EINVAL;
	}
	if ((opts.stack_folded || opts.flamegraph) && (opts.json || opts.cflag == 1)) {
		snprintf(err, errlen, "%s cannot be used with %s",
			 opts.flamegraph ? "--flamegraph" : "--stack-format=folded",
			 opts.json ? "--json" : "-c");
		return -EINVAL;
	}
	if (opts.flamegraph) { /* written at the end: a path that cannot be is said now */
		FILE *f = fopen(opts.flamegraph, "w");
		if (!f) {
			snprintf(err, errlen, "--flamegraph: %s: %s", opts.flamegraph, strerror(errno));
			return -EINVAL;
		}
		fclose(f);
	}
	opts.stack_lines = opts.stack && !opts.stack_folded;
	if (opts.flamegraph && !opts.stack)
		opts.stack = 1;
	if (cl->backend == &bpfbe_backend && inject_enabled() && cl->npids) {
		snprintf(err, errlen, "-e inject= and -e fault= with --bpf work only on a program "
			 "sttrace starts, not with -p: drop --bpf");
		return -EINVAL;
	}
	if (cl->backend == &bpfbe_backend && inject_enabled() &&
	    bpf_inject_unsupported(err, errlen) < 0)
		return -EINVAL;
	seccomp_decide(cl->seccomp, cl->npids && !argc);
	/* The program inherits our environment: -E changes it in the order given.  The program
	 * itself is looked for in our own $PATH. */
	if (getenv("PATH"))
		opts.search_path = strdup(getenv("PATH"));
	for (int i = 0; i < cl->nenvs; i++)
		if (strchr(cl->envs[i], '=') ? putenv(cl->envs[i]) : unsetenv(cl->envs[i]))
			log_perror("-E %s", cl->envs[i]);

	return 0;
}

/* -p LIST: pids split by commas, spaces, tabs, newlines (as strace); 0, or -errno with ERR set. */
static int add_pids(struct cli *cl, const char *list, char *err, size_t errlen)
{
	for (const char *s = list; *s;) {
		size_t n = strcspn(s, "\n\t ,");
		char word[32];
		int p = -1;

		snprintf(word, sizeof(word), "%.*s", (int)(n < sizeof(word) ? n : sizeof(word) - 1), s);
		if (n >= sizeof(word) || parse_uint(word, &p) < 0 || p <= 0) {
			snprintf(err, errlen, "Invalid process id: '%.*s'", (int)(n < 200 ? n : 200), s);
			return -EINVAL;
		}
		if (p == getpid()) {
			snprintf(err, errlen, "I'm sorry, I can't let you do that, Dave.");
			return -EINVAL;
		}
		pid_t *np = realloc(cl->pids, (size_t)(cl->npids + 1) * sizeof(*cl->pids));
		if (!np) {
			snprintf(err, errlen, "-p: %s", strerror(ENOMEM));
			return -ENOMEM;
		}
		cl->pids = np;
		cl->pids[cl->npids++] = p;
		if (!s[n])
			break;
		s += n + 1;
	}
	return 0;
}
/* The backends, registered: --backend=NAME picks one by its name, ptrace by default. */
static const struct backend *const backends[] = { &engine_backend, &bpfbe_backend, NULL };

/* The run, over the backend the options chose: the exit status. */
static int trace(struct cli *cl, int argc, char **argv)
{
	const struct backend *be = cl->backend;
	const struct backend_cfg cfg = { .argv = argc ? argv : NULL, .pids = cl->pids,
					 .npids = cl->npids, .daemon = cl->daemon,
					 .cgroup_dir = cl->cgroup ? cl->cgroup_dir : NULL,
					 .cgroup_id = cl->cgroup_id };
	int rc = output_open();

	if (rc < 0) {
		errno = -rc;
		if (rc == -ENAMETOOLONG && opts.output_separately)
			log_perror("%s", opts.outfname); /* no room for .PID: strace's words */
		else
			log_perror("Can't fopen '%s'", opts.outfname);
		return 1;
	}
	if (cl->perfetto) {
		struct event_sink *timeline = perfetto_open(cl->perfetto);
		if (!timeline) {
			log_perror("--perfetto: %s", cl->perfetto);
			return 1;
		}
		event_sink_add(timeline);
	}
	if (be == &bpfbe_backend) /* the pairs of two probes: in the kernel */
		bpf_latency_pairs(cl->latency, cl->nlatency);
	for (int i = 0; i < cl->nlatency; i++) {
		event_sink_add(latency_sink(cl->latency[i], output_shared(), opts.json));
		cl->latency[i] = NULL;
	}
	if (be->init(&cfg) < 0)
		return 1;
	/* As strace: a -p that fails is said, and the others are traced all the same. */
	for (int i = 0; i < cl->npids; i++)
		be->attach(cl->pids[i]);
	if (cl->cgroup) { /* its processes now, followed into their children */
		pid_t *pids;
		int n = proc_cgroup_pids(cl->cgroup_dir, &pids);
		for (int i = 0; i < n; i++)
			if (pids[i] != getpid())
				be->attach(pids[i]);
		if (n >= 0)
			free(pids);
		if (n == 0 && be != &bpfbe_backend)
			log_error("--cgroup: %s: no process in it (without --bpf, only the processes "
				  "in it at the start are traced, and what they start)", cl->cgroup);
	}
	if ((argc && be->spawn(argv) < 0) || (!tcb_count() && !(cl->cgroup && be == &bpfbe_backend)))
		return 1;
	if (argc)
		proc_stdio_release();
	output_decide_prefix();
	return be->run();
}

/* --list=WHAT, for the bash completion: the names it offers, one a line, from sttrace's tables. */
static int list_names(const char *what, const char *optstring)
{
	if (!strcmp(what, "options")) {
		optlist_print(stdout, optstring, longopts);
	} else if (!strcmp(what, "syscalls")) {
		for (unsigned int i = 0; i < nsyscalls; i++)
			if (sysent_table[i].name)
				printf("%s\n", sysent_table[i].name);
	} else if (!strcmp(what, "classes")) {
		for (unsigned int i = 0; sysent_class_name(i); i++)
			printf("%%%s\n", sysent_class_name(i));
	} else {
		log_error("invalid --list '%s': options, syscalls or classes", what);
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct cli cl = { .seccomp = -1, .print = *print_opts_get(), .backend = &engine_backend };
	int c, v, rc = 1, lidx;
	char err[256] = "";
	struct compare_cfg cmp = { .tool = "sttrace" };
	static const char optstring[] = "+a:Ab:cCDe:E:fhiI:knO:o:p:P:qrs:S:tTu:U:vVwxX:yYzZ";

	/* Messages are prefixed with the name sttrace was invoked by, as strace does (its
	 * tests expect "$STRACE: ..."): "sttrace: ..." when run from $PATH. */
	log_init(argc > 0 && argv[0] && *argv[0] ? argv[0] : "sttrace");
	log_set_hook(output_flush_for_message);
	proc_stdio_open();
	if (argc > 1 && tracediff_wanted(argc, argv))
		return tracediff_main(argc, argv);
	record_cmdline(STTRACE_VERSION, argc, argv);
	bool replay = recfile_replay_cmd(&argc, &argv); /* replay [options] FILE [options] */
	if (replay) {
		cl.backend = &replay_backend;
		replay_set_feed(&bpfbe_replay_feed); /* its records: the --bpf pipeline's */
	}
	memset(&opts.signals, 0, sizeof(opts.signals));
	opts.signals.negated = true; /* all signals */
	opterr = 0;
	/* lidx: which long option was given (-1: a short one), for the messages. */
	/* A replay's options go before or after FILE: getopt permutes (no '+'). */
	for (lidx = -1; (c = getopt_long(argc, argv, optstring + replay, longopts, &lidx)) != -1;
	     lidx = -1) {
		switch (c) {
		case 'a':
			if (parse_uint(optarg, &opts.acolumn) < 0)
				goto bad_arg;
			break;
		case 'c':
		case 'C':
			if (opts.cflag && opts.cflag != (c == 'c' ? 1 : 2)) {
				snprintf(err, sizeof(err), "-c/--summary-only and -C/--summary are "
							   "mutually exclusive");
				goto bad_msg;
			}
			opts.cflag = c == 'c' ? 1 : 2;
			break;
		case 'e':
			if (qualify(optarg, err, sizeof(err)) < 0)
				goto die_msg;
			break;
		case 'f': cl.fflag++; break;
		case OPT_FOLLOWFORKS: opts.followfork = 1; break;
		case OPT_OUTPUT_SEPARATELY: opts.output_separately = true; break;
		case 'h':
			fputs(sttrace_usage, stdout);
			return 0;
		case 'o': opts.outfname = optarg; break;
		case 'p':
			if (add_pids(&cl, optarg, err, sizeof(err)) < 0)
				goto die_msg;
			break;
		case 'P':
			if (pathtrace_add(optarg) < 0) {
				snprintf(err, sizeof(err), "too many -P paths");
				goto bad_msg;
			}
			break;
		case 'q': cl.qflag++; break;
		case 'r':
		case OPT_RELTS:
			if (time_option(&opts.rflag, &opts.r_digits, c == 'r' ? NULL : optarg) < 0)
				goto bad_arg;
			break;
		case 's':
			if (parse_uint(optarg, &v) < 0 || v > (int)(UINT_MAX / 4)) /* strace's cap */
				goto bad_arg;
			cl.print.max_strlen = (unsigned)v;
			break;
		case 'S':
			if (summary_sortby(optarg) < 0) {
				snprintf(err, sizeof(err), "invalid sortby: '%s'", optarg);
				goto bad_msg;
			}
			opts.sortby = optarg;
			break;
		case 'U':
			if (summary_columns(optarg, err, sizeof(err)) < 0)
				goto bad_msg;
			cl.columns_given = true;
			break;
		case 't': cl.tflag++; break;
		case OPT_TS:
			if (!cl.ts_given)
				opts.ts_format = TS_TIME;
			cl.ts_given = true;
			if (!optarg)
				opts.ts_format = TS_TIME;
			else if (ts_parse(optarg, &opts.ts_format, &opts.ts_digits) < 0)
				goto bad_arg;
			break;
		case 'T':
		case OPT_SYSCALL_TIMES:
			if (time_option(&opts.Tflag, &opts.T_digits, c == 'T' ? NULL : optarg) < 0)
				goto bad_arg;
			break;
		case 'v': /* -e abbrev=none: a later -e abbrev= decides again */
			dopts.verbose = true;
			opts.abbrev_given = false;
			break;
		case 'V':
			printf("sttrace -- version %s\n", STTRACE_VERSION);
			return 0;
		case OPT_TIPS:
			if (parse_tips(optarg) < 0)
				goto bad_arg;
			break;
		case OPT_LIST:
			return list_names(optarg, optstring);
		case 'w': opts.wflag = true; break;
		case 'x': cl.xflag++; break;
		case OPT_HEX_STR:
			if (!optarg || !strcmp(optarg, "all"))
				cl.xlong = 3;
			else if (!strcmp(optarg, "non-ascii"))
				cl.xlong = 2;
			else if (!strcmp(optarg, "non-ascii-chars"))
				cl.xlong = 4;
			else if (!strcmp(optarg, "none"))
				cl.xlong = 1;
			else
				goto bad_arg;
			break;
		case 'X':
			if (!strcmp(optarg, "raw"))
				cl.print.xstyle = XSTYLE_RAW;
			else if (!strcmp(optarg, "abbrev"))
				cl.print.xstyle = XSTYLE_ABBREV;
			else if (!strcmp(optarg, "verbose"))
				cl.print.xstyle = XSTYLE_VERBOSE;
			else
				goto bad_arg;
			break;
		case 'y': cl.yflag++; break;
		case 'n': opts.nflag = true; break;
		case 'A': opts.append = true; break;
		case 'u': {
			struct passwd *pw = getpwnam(optarg);
			if (!pw) {
				snprintf(err, sizeof(err), "Cannot find user '%s'", optarg);
				goto die_msg;
			}
			opts.user = optarg;
			opts.uid = pw->pw_uid;
			opts.gid = pw->pw_gid;
			break;
		}
		case 'D': cl.daemon++; break;
		case OPT_DAEMONIZE:
			cl.daemon_long = parse_daemonize(optarg);
			if (cl.daemon_long < 0)
				goto bad_arg;
			break;
		case 'O': {
			uint64_t ns;
			if (parse_duration_ns(optarg, &ns) < 0)
				goto bad_arg;
			opts.overhead = (double)ns / 1e9;
			break;
		}
		case 'b':
			if (strcmp(optarg, "execve")) {
				snprintf(err, sizeof(err), "Syscall '%s' for -b isn't supported",
					 optarg);
				goto die_msg;
			}
			opts.detach_on_execve = true;
			break;
		case 'I':
			opts.intr = parse_intr(optarg);
			if (opts.intr < 0)
				goto bad_arg;
			break;
		case 'E': {
			char **ne = realloc(cl.envs, (size_t)(cl.nenvs + 1) * sizeof(*cl.envs));
			if (!ne)
				goto out;
			cl.envs = ne;
			cl.envs[cl.nenvs++] = optarg;
			break;
		}
		case 'i': opts.iflag = true; break;
		case 'Y': qualify("decode-pids=comm", err, sizeof(err)); break;
		case OPT_PIDNS_TRANSLATION: qualify("decode-pids=pidns", err, sizeof(err)); break;
		case 'z': qualify("status=successful", err, sizeof(err)); break;
		case 'Z': qualify("status=failed", err, sizeof(err)); break;
		case OPT_KILL_ON_EXIT:
			opts.kill_on_exit = true;
			guard_disable(); /* nothing to guard: the tracees go with us */
			break;
		case OPT_SECCOMP:
			if (!optarg || !strcmp(optarg, "yes"))
				cl.seccomp = 1;
			else if (!strcmp(optarg, "no"))
				cl.seccomp = 0;
			else
				goto bad_arg;
			break;
		case OPT_QUAL_TRACE:
		case OPT_QUAL_ABBREV:
		case OPT_QUAL_VERBOSE:
		case OPT_QUAL_RAW:
		case OPT_QUAL_SIGNAL:
		case OPT_QUAL_STATUS:
		case OPT_QUAL_QUIET:
		case OPT_QUAL_DECODE_FD:
		case OPT_QUAL_DECODE_PID:
		case OPT_QUAL_INJECT:
		case OPT_QUAL_FAULT:
		case OPT_QUAL_READ:
		case OPT_QUAL_WRITE:
		case OPT_QUAL_SECONTEXT: {
			char expr[4096];
			/* Without a value: all, and -y's set for --decode-fds. */
			snprintf(expr, sizeof(expr), "%s=%s", qual_names[c - OPT_QUAL_TRACE],
				 optarg ? optarg : c == OPT_QUAL_DECODE_FD ? "path" :
				 c == OPT_QUAL_QUIET ? "attach,personality" : "all");
			if (qualify(expr, err, sizeof(err)) < 0)
				goto die_msg;
			break;
		}
		case 'k':
			opts.stack++;
			break;
		case OPT_STACK_FORMAT:
			if (strcmp(optarg, "folded") && strcmp(optarg, "text"))
				goto bad_arg;
			opts.stack_folded = !strcmp(optarg, "folded");
			break;
		case OPT_FLAMEGRAPH:
			opts.flamegraph = optarg;
			break;
		case OPT_BPF:
			cl.backend = &bpfbe_backend;
			break;
		case OPT_BACKEND:
			if (!(cl.backend = backend_find(backends, optarg)))
				goto bad_arg;
			break;
		case OPT_JSON:
			opts.json = true;
			break;
		case OPT_COMPARE:
			if (compare_set_runs(&cmp, optarg) < 0)
				goto bad_arg;
			break;
		case OPT_MAX_OVERHEAD:
			if (compare_add_limit(&cmp, optarg) < 0)
				goto bad_arg;
			break;
		case OPT_PROTOTYPES:
			if (probe_protos_file(optarg, err, sizeof(err)) < 0)
				goto bad_msg;
			break;
		case OPT_PERFETTO:
			cl.perfetto = optarg;
			break;
		case OPT_PERCENTILES:
			opts.percentiles = true;
			break;
		case OPT_CGROUP:
			cl.cgroup = optarg;
			break;
		case OPT_RECORD: opts.record = optarg; break;
		case OPT_LATENCY:
			if (cl.nlatency == MAX_LATENCY) {
				snprintf(err, sizeof(err), "--latency: at most %d", MAX_LATENCY);
				goto bad_msg;
			}
			if (latency_parse(optarg, &cl.latency[cl.nlatency], err, sizeof(err)) < 0)
				goto bad_msg;
			cl.nlatency++;
			break;
		case '?':
		default:
			if (optopt && optopt < 0x100 && strchr(optstring, optopt) &&
			    strchr(optstring, optopt)[1] == ':')
				snprintf(err, sizeof(err), "option requires an argument -- '%c'", optopt);
			else if (optopt && optopt < 0x100)
				snprintf(err, sizeof(err), "invalid option -- '%c'", optopt);
			else
				snprintf(err, sizeof(err), "unrecognized option '%s'", argv[optind - 1]);
			goto bad_msg;
		}
	}
	if (cmp.runs || cmp.nlimits) {
		cmp.json = opts.json;
		rc = compare_main(&cmp, argc, argv, optstring, longopts);
		goto out;
	}
	argv += optind;
	argc -= optind;
	if (replay && replay_settle(&argc, &argv, &cl.fflag, optstring, longopts, err, sizeof(err)))
		goto bad_msg;
	switch (settle_options(&cl, argc, err, sizeof(err))) {
	case 0: break;
	case -EINVAL: goto bad_msg;
	default: goto out;
	}
	/* --latency's probes are traced, silently unless -e usdt= and the like name them. */
	for (int i = 0; i < cl.nlatency; i++) {
		const char *src[2], *name[2];
		int key;
		if (!latency_probe_ends(cl.latency[i], src, name, &key))
			continue;
		for (int e = 0; e < 2; e++)
			if (probe_latency_end(src[e], name[e], err, sizeof(err)) < 0)
				goto die_msg;
	}

	rc = trace(&cl, argc, argv);
	goto out;

bad_arg:
	if (lidx >= 0) /* named as it was given: --string-limit or -s */
		snprintf(err, sizeof(err), "invalid --%s argument: '%s'", longopts[lidx].name,
			 optarg ? optarg : "");
	else
		snprintf(err, sizeof(err), "invalid -%c argument: '%s'", c, optarg);
bad_msg:
	log_error("%s", err);
	help_hint();
	rc = 1;
	goto out;
die_msg: /* strace's words without the hint (what -e and -p refuse) */
	log_error("%s", err);
	rc = 1;
out:
	for (int i = 0; i < cl.nlatency; i++) /* those not handed to the sinks */
		latency_free(cl.latency[i]);
	free(cl.pids);
	free(cl.envs);
	return rc;
}
