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

#include "strace-lite/sttrace.h"
#include "strace-lite/bpf-run.h"
#include "strace-lite/inject.h"
#include "common/compare.h"
#include "strace-lite/probe.h"
#include "common/log.h"
#include "common/optlist.h"

#define STTRACE_VERSION "0.1.0"

static const char usage_text[] =
	"Usage: sttrace [-ACdffhiknqqrtttTvVwxxyyYzZ] [-I N] [-b execve] [-e EXPR]...\n"
	"               [-a COLUMN] [-o FILE] [-p PID]... [-s STRSIZE] [-X FORMAT] [-S SORTBY]\n"
	"               [-E VAR[=VAL]]... [--seccomp-bpf[=yes|no]]\n"
	"               { -p PID | [-DDD] PROG [ARGS] }\n"
	"   or: sttrace -c[dfwzZ] [-e EXPR]... [-S SORTBY] { -p PID | PROG [ARGS] }\n"
	"\n"
	"A strace-compatible syscall tracer.  Output follows strace 6.1.\n"
	"\n"
	"Filtering:\n"
	"  -e trace=[!]{[?]SYSCALL|[?]/REGEX|%CLASS|all|none},...\n"
	"                 trace only the specified syscalls (classes: %file %desc %network\n"
	"                 %process %memory %signal %ipc %creds %clock %stat %lstat %fstat\n"
	"                 %%stat %statfs %fstatfs %%statfs %pure)\n"
	"  -e signal=SET  trace only the specified signals\n"
	"  -e status=SET  print only syscalls that returned with a given status\n"
	"                 (successful, failed, unfinished, unavailable, detached)\n"
	"  -z, -Z         print only successful / failed syscalls\n"
	"  --seccomp-bpf[=yes|no]  stop only at selected syscalls (needs -f; default: yes\n"
	"                 with -f)\n"
	"Tampering (ptrace):\n"
	"  -e inject=SET[:error=ERRNO|:retval=VALUE][:signal=SIG][:syscall=SYSCALL]\n"
	"            [:delay_enter=DELAY][:delay_exit=DELAY][:poke_enter=@argN=HEX,...]\n"
	"            [:poke_exit=@argN=HEX,...][:when=FIRST[..LAST][+[STEP]]], --inject=...\n"
	"  -e fault=SET[:error=ERRNO][:when=WHEN], --fault=...  inject, ENOSYS by default\n"
	"Probes:\n"
	"  -e usdt=PROVIDER:NAME[@PATH][:args=HINTS]  USDT probes\n"
	"  -e uprobe=SYMBOL[+OFFSET][@LIB][:args=HINTS], -e uretprobe=SYMBOL[@LIB][:ret=HINT]\n"
	"                 function entries and returns, printed by lttrace's prototypes;\n"
	"                 +OFFSET: the instruction OFFSET bytes into the function\n"
	"  --prototypes=FILE  prototypes (ltrace.conf syntax) over the built-in ones\n"
	"Tracing:\n"
	"  -f             follow forks and threads;  -ff with -o: one file per process\n"
	"  -p PID         trace process PID (all its threads); may be repeated\n"
	"  -P PATH        trace only syscalls that use PATH (by name or open descriptor)\n"
	"  -D, -DD, -DDD, --daemonize[=grandchild|pgroup|session]  the program keeps our\n"
	"                 process, the tracer is a grandchild (leading a group, a session)\n"
	"  -b execve, --detach-on=execve  let a process go when it calls execve (not the\n"
	"                 program's first)\n"
	"  -u USER, --user=USER  run PROG as USER (its uid, gid and groups)\n"
	"  -E VAR=VAL, --env=VAR=VAL  put VAR=VAL in the program's environment\n"
	"  -E VAR, --env=VAR  remove VAR from it\n"
	"  -I N, --interruptible=N  when sttrace can be interrupted by signals: 1 anywhere,\n"
	"                 2 waiting, 3 never, 4 never_tstp (SIGTSTP ignored too)\n"
	"Output:\n"
	"  -a COLUMN      alignment column for return values (default 40)\n"
	"  -o FILE        write the trace to FILE (FILE.PID with -ff)\n"
	"  -A, --output-append-mode  append to FILE rather than truncate it\n"
	"  -q, -qq, -qqq  suppress attach/detach, exit, all messages (-e quiet=SET)\n"
	"  -r, --relative-timestamps[=PRECISION]  time since the previous line\n"
	"  -t, -tt, -ttt  time of day, with microseconds, since the epoch\n"
	"  --timestamps[=[[format:]FORMAT][,[precision:]PRECISION]]  (or --absolute-timestamps)\n"
	"                 FORMAT: none, time (default), unix; PRECISION: s (default), ms, us, ns\n"
	"  -T, --syscall-times[=PRECISION]  time spent in each syscall (default: us)\n"
	"  -n, --syscall-number  syscall number;  -i, --instruction-pointer  where it was made\n"
	"  -s STRSIZE     maximum string size to print (default 32)\n"
	"  -v             unabbreviated structures;  -x, -xx  non-ASCII / all strings in hex\n"
	"  -X FORMAT      constants as raw, abbrev or verbose\n"
	"  -y, -yy        print paths (and socket details) of file descriptors\n"
	"  -e decode-fds=SET, --decode-fds[=SET]  which descriptors: path, socket, dev, pidfd\n"
	"  -Y, --decode-pids=comm  print command names of pids\n"
	"  --decode-pids=pidns  pids of a tracee's namespace in ours too\n"
	"  --json         one JSON object per event (JSON Lines; schema in docs/json.md)\n"
	"Backend:\n"
	"  --backend=ptrace|bpf  how to trace (default ptrace);  --bpf  same as --backend=bpf\n"
	"                 (eBPF in the kernel: same output, far less overhead; needs root)\n"
	"  --compare[=RUNS]  run PROG untraced, under ptrace and under bpf (RUNS times each,\n"
	"                 default 5, after a warm-up) and print an overhead table (--json: JSON)\n"
	"  --max-overhead=BACKEND:X  with --compare: exit 2 when BACKEND (ptrace, bpf) costs\n"
	"                 more than X times the untraced run's wall time\n"
	"Statistics:\n"
	"  -c             count time, calls and errors per syscall and report a summary\n"
	"  -C             like -c, and print the trace too\n"
	"  -S SORTBY      sort the summary by time, calls, errors, name or nothing\n"
	"  -w             summarise wall clock time (--bpf keeps only that: docs/bpf.md)\n"
	"  -O OVERHEAD[UNIT], --summary-syscall-overhead=OVERHEAD[UNIT]\n"
	"                 take OVERHEAD (s, ms, us, ns; default us) off each call's time\n"
	"Miscellaneous:\n"
	"  -h, --help     this help;  -V, --version  version\n";

static void help_hint(void)
{
	fprintf(stderr, "Try 'sttrace -h' for more information.\n");
}

/* Every syscall is selected: a prefilter would leave nothing out. */
static bool trace_selects_all(void)
{
	if (opts.trace_all)
		return true;
	for (unsigned int n = 0; n < nsyscalls && n < MAX_SCNO; n++)
		if (!numset_has(&opts.trace, n))
			return false;
	return true;
}

/*
 * The seccomp prefilter, strace's rule: only where every child is followed anyway, that is with
 * -f (or with probes, whose breakpoints children inherit).  The filter is inherited by every
 * child: one we did not follow could not call PTRACE_TRACEME (EPERM, we would be its tracer
 * already), nor, left alone, make a selected syscall (ENOSYS without a tracer).  SECCOMP is what
 * the user asked: -1 nothing (the default: on where it pays), 0 or 1.
 */
static void decide_seccomp(int seccomp, bool attach_only)
{
	bool follows = opts.followfork || probe_enabled();

	if (seccomp > 0) {
		/* strace's warnings, word for word. */
		if (attach_only)
			log_warn("--seccomp-bpf is not enabled for processes attached with -p");
		if (!follows) {
			log_warn("--seccomp-bpf cannot be used without -f/--follow-forks, "
				 "disabling");
			seccomp = 0;
		}
	}
	if (seccomp > 0 && trace_selects_all()) {
		log_warn("Seccomp filter is requested but there are no syscalls to filter.  "
			 "See -e trace to filter syscalls.");
		seccomp = 0;
	}
	opts.seccomp = seccomp != 0 && follows && !attach_only && !trace_selects_all();
}

static int parse_uint(const char *s, int *out)
{
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (!*s || *end || errno || v < 0 || v > INT_MAX)
		return -EINVAL;
	*out = (int)v;
	return 0;
}

/* -r, -T and their long forms: on, with ARG's precision (none given: us); -EINVAL if bad. */
static int time_option(bool *on, int *digits, const char *arg)
{
	*on = true;
	*digits = arg ? ts_precision(arg) : 6;
	return *digits;
}

/* -I: a name or strace's number (1-4); -EINVAL if neither. */
static int parse_intr(const char *s)
{
	static const struct {
		const char *name;
		int v;
	} names[] = { { "anywhere", INTR_ANYWHERE }, { "always", INTR_ANYWHERE },
		      { "waiting", INTR_WHILE_WAIT }, { "never", INTR_NEVER },
		      { "never_tstp", INTR_BLOCK_TSTP_TOO } };
	int v;

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(s, names[i].name))
			return names[i].v;
	return parse_uint(s, &v) == 0 && v >= INTR_ANYWHERE && v <= INTR_BLOCK_TSTP_TOO ? v :
										      -EINVAL;
}

/* --daemonize[=grandchild|pgroup|session]: -D, -DD, -DDD; -EINVAL for another word. */
static int parse_daemonize(const char *s)
{
	static const char *const names[] = { "grandchild", "pgroup", "session" };

	if (!s)
		return 1;
	for (int i = 0; i < 3; i++)
		if (!strcmp(s, names[i]))
			return i + 1;
	return -EINVAL;
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
	OPT_JSON,
	OPT_BPF,
	OPT_BACKEND,
	OPT_COMPARE,
	OPT_MAX_OVERHEAD,
	OPT_PROTOTYPES,
	OPT_LIST,
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
	{ "json", no_argument, 0, OPT_JSON },
	{ "bpf", no_argument, 0, OPT_BPF },
	{ "backend", required_argument, 0, OPT_BACKEND },
	{ "compare", optional_argument, 0, OPT_COMPARE },
	{ "max-overhead", required_argument, 0, OPT_MAX_OVERHEAD },
	{ "prototypes", required_argument, 0, OPT_PROTOTYPES },
	{ "summary-sort-by", required_argument, 0, 'S' },
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
	{ "inject", required_argument, 0, OPT_QUAL_INJECT },
	{ "fault", required_argument, 0, OPT_QUAL_FAULT },
	{ "read", required_argument, 0, OPT_QUAL_READ },
	{ "write", required_argument, 0, OPT_QUAL_WRITE },
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
};


/* What the options count or collect before they settle into opts. */
struct cli {
	struct print_opts print; /* -s, -x, -X */
	pid_t *pids; /* -p */
	int npids;
	char **envs; /* -E: VAR=VAL to set, VAR to remove, for the program */
	int nenvs;
	int fflag, qflag, xflag, yflag, tflag, daemon;
	int seccomp; /* --seccomp-bpf: -1 not given, 0, 1 */
	bool ts_given; /* --timestamps= */
	bool use_bpf;
};

/*
 * The options as they settle after parsing, with ARGC arguments left (the program's): the
 * counted flags into opts, strace's checks; 0, -EINVAL with ERR to say with the hint, or -1 once
 * said.
 */
static int settle_options(struct cli *cl, int argc, char *err, size_t errlen)
{
	if (cl->daemon > 3) {
		snprintf(err, errlen, "Too many -D's (%d), maximum supported -D count is 3",
			 cl->daemon);
		return -EINVAL;
	}
	if (cl->daemon && !argc) {
		snprintf(err, errlen, "PROG [ARGS] must be specified with -D/--daemonize");
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
	if (cl->tflag) {
		opts.ts_format = cl->tflag >= 3 ? TS_UNIX : TS_TIME;
		opts.ts_digits = cl->tflag >= 2 ? 6 : 0;
	}

	if (cl->fflag) {
		opts.followfork = 1;
		if (cl->fflag >= 2 && opts.outfname)
			opts.output_separately = true;
	}
	if (opts.output_separately && !opts.outfname)
		opts.output_separately = false;
	if (cl->qflag)
		opts.quiet |= cl->qflag == 1 ? QUIET_ATTACH | QUIET_PERSONALITY :
			      cl->qflag == 2 ? QUIET_ATTACH | QUIET_PERSONALITY | QUIET_EXIT :
					       ~0u;
	cl->print.xflag = cl->xflag >= 2 ? XFLAG_ALL : cl->xflag ? XFLAG_NON_ASCII : XFLAG_NONE;
	print_opts_set(&cl->print);
	if (cl->yflag)
		dopts.decode_fds = cl->yflag >= 2 ? DECODE_FD_ALL : DECODE_FD_PATH;
	if (!argc && !cl->npids) {
		snprintf(err, errlen, "must have PROG [ARGS] or -p PID");
		return -EINVAL;
	}
	if (cl->use_bpf && (opts.stack || cl->daemon)) {
		snprintf(err, errlen, "%s is not supported with --bpf", cl->daemon ? "-D" : "-k");
		return -EINVAL;
	}
	if (cl->use_bpf && inject_enabled()) {
		snprintf(err, errlen, "-e inject= and -e fault= need ptrace: drop --bpf");
		return -EINVAL;
	}
	decide_seccomp(cl->seccomp, cl->npids && !argc);
	/* The program inherits our environment: -E changes it in the order given.  The program
	 * itself is looked for in our own $PATH. */
	if (getenv("PATH"))
		opts.search_path = strdup(getenv("PATH"));
	for (int i = 0; i < cl->nenvs; i++)
		if (strchr(cl->envs[i], '=') ? putenv(cl->envs[i]) : unsetenv(cl->envs[i]))
			log_perror("-E %s", cl->envs[i]);

	return 0;
}

/* The run, over the backend the options chose: the exit status. */
static int trace(const struct cli *cl, int argc, char **argv)
{
	int rc = output_open();

	if (rc < 0) {
		errno = -rc;
		log_perror("Can't fopen '%s'", opts.outfname);
		return 1;
	}
	if (cl->use_bpf) {
		if (bpfbe_init() < 0)
			return 1;
		/* As strace: a -p that fails is said, and the others are traced all the same. */
		for (int i = 0; i < cl->npids; i++)
			bpfbe_attach(cl->pids[i]);
		if ((argc && bpfbe_spawn(argv) < 0) || !tcb_count())
			return 1;
		output_decide_prefix();
		return bpfbe_run();
	}
	for (int i = 0; i < cl->npids; i++)
		engine_attach(cl->pids[i]);
	if (argc && cl->daemon)
		rc = engine_spawn_daemon(argv, cl->daemon);
	else if (argc)
		rc = engine_spawn(argv);
	if (rc < 0 || !tcb_count())
		return 1;
	output_decide_prefix();
	return engine_run();
}

/*
 * --list=WHAT, for the bash completion (completion/sttrace): the names it offers, one a line,
 * from the tables sttrace parses with.
 */
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
	struct cli cl = { .seccomp = -1, .print = *print_opts_get() };
	int c, v, rc = 1, lidx;
	char err[256] = "";
	struct compare_cfg cmp = { .tool = "sttrace" };
	static const char optstring[] = "+a:Ab:cCDe:E:fhiI:knO:o:p:P:qrs:S:tTu:vVwxX:yYzZ";

	log_init("sttrace");
	log_set_hook(output_flush_for_message);
	memset(&opts.signals, 0, sizeof(opts.signals));
	opts.signals.negated = true; /* all signals */
	opterr = 0;
	/* lidx: which long option was given (-1: a short one), for the messages. */
	for (lidx = -1; (c = getopt_long(argc, argv, optstring, longopts, &lidx)) != -1;
	     lidx = -1) {
		switch (c) {
		case 'a':
			if (parse_uint(optarg, &opts.acolumn) < 0)
				goto bad_arg;
			break;
		case 'c': opts.cflag = 1; break;
		case 'C': opts.cflag = 2; break;
		case 'e':
			if (qualify(optarg, err, sizeof(err)) < 0)
				goto die_msg;
			break;
		case 'f': cl.fflag++; break;
		case OPT_FOLLOWFORKS: opts.followfork = 1; break;
		case OPT_OUTPUT_SEPARATELY: opts.output_separately = true; break;
		case 'h':
			fputs(usage_text, stdout);
			return 0;
		case 'o': opts.outfname = optarg; break;
		case 'p': {
			int p;
			if (parse_uint(optarg, &p) < 0 || p <= 0) {
				snprintf(err, sizeof(err), "Invalid process id: '%s'", optarg);
				goto die_msg;
			}
			if (p == getpid()) {
				snprintf(err, sizeof(err), "I'm sorry, I can't let you do that, Dave.");
				goto die_msg;
			}
			pid_t *np = realloc(cl.pids, (size_t)(cl.npids + 1) * sizeof(*cl.pids));
			if (!np)
				goto out;
			cl.pids = np;
			cl.pids[cl.npids++] = p;
			break;
		}
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
			if (parse_uint(optarg, &v) < 0)
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
		case 'v': dopts.verbose = true; break;
		case 'V':
			printf("sttrace -- version %s\n", STTRACE_VERSION);
			return 0;
		case OPT_LIST:
			return list_names(optarg, optstring);
		case 'w': opts.wflag = true; break;
		case 'x': cl.xflag++; break;
		case OPT_HEX_STR:
			if (!optarg || !strcmp(optarg, "all"))
				cl.xflag = 2;
			else if (!strcmp(optarg, "non-ascii"))
				cl.xflag = 1;
			else if (!strcmp(optarg, "none"))
				cl.xflag = 0;
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
			cl.daemon = parse_daemonize(optarg);
			if (cl.daemon < 0)
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
		case 'z': qualify("status=successful", err, sizeof(err)); break;
		case 'Z': qualify("status=failed", err, sizeof(err)); break;
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
		case OPT_QUAL_WRITE: {
			char expr[4096];
			/* Without a value: all, and -y's set for --decode-fds. */
			snprintf(expr, sizeof(expr), "%s=%s", qual_names[c - OPT_QUAL_TRACE],
				 optarg ? optarg : c == OPT_QUAL_DECODE_FD ? "path" : "all");
			if (qualify(expr, err, sizeof(err)) < 0)
				goto die_msg;
			break;
		}
		case 'k':
			opts.stack++;
			break;
		case OPT_BPF:
			cl.use_bpf = true;
			break;
		case OPT_BACKEND:
			if (!strcmp(optarg, "bpf"))
				cl.use_bpf = true;
			else if (!strcmp(optarg, "ptrace"))
				cl.use_bpf = false;
			else
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
	switch (settle_options(&cl, argc, err, sizeof(err))) {
	case 0: break;
	case -EINVAL: goto bad_msg;
	default: goto out;
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
	fprintf(stderr, "sttrace: %s\n", err);
	help_hint();
	rc = 1;
	goto out;
die_msg: /* strace's words without the hint (what -e and -p refuse) */
	fprintf(stderr, "sttrace: %s\n", err);
	rc = 1;
out:
	free(cl.pids);
	free(cl.envs);
	return rc;
}
