// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * sttrace's options: strace's short and long ones and ours, parsed into struct cli (what the
 * front end settles afterwards), opts and dopts.  sttrace.c settles them and runs.
 */
#include <errno.h>
#include <limits.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "strace-lite/cli.h"
#include "strace-lite/color.h"
#include "strace-lite/sttrace.h"
#include "strace-lite/bpf/bpf-run.h"
#include "strace-lite/inject.h"
#include "strace-lite/probe/probe.h"
#include "strace-lite/record/record.h"
#include "common/log.h"
#include "common/optlist.h"
#include "uprobe/guard.h"
#include "strace-lite/optvalues.h"

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
	OPT_QUAL_KVM,
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
	OPT_QUAL_TRACE_FDS,
	OPT_SYSCALL_LIMIT,
	OPT_ARGV0,
	OPT_ALWAYS_SHOW_PID,
	OPT_QUAL_NAMESPACE,
	OPT_STACK_TRACE,
	OPT_STACK_FRAME_LIMIT,
	OPT_KILL_ON_EXIT,
	OPT_COLOR,
};

const struct option cli_longopts[] = {
	{ "columns", required_argument, 0, 'a' },
	{ "summary-only", no_argument, 0, 'c' },
	{ "summary", no_argument, 0, 'C' },
	{ "follow-forks", no_argument, 0, OPT_FOLLOWFORKS },
	{ "output-separately", no_argument, 0, OPT_OUTPUT_SEPARATELY },
	{ "help", no_argument, 0, 'h' },
	{ "debug", no_argument, 0, 'd' },
	{ "output", required_argument, 0, 'o' },
	{ "attach", required_argument, 0, 'p' },
	{ "trace-path", required_argument, 0, 'P' },
	{ "relative-timestamps", optional_argument, 0, OPT_RELTS },
	{ "string-limit", required_argument, 0, 's' },
	{ "stack-trace", optional_argument, 0, OPT_STACK_TRACE },
	{ "stack-traces", optional_argument, 0, OPT_STACK_TRACE },
	{ "stack-trace-frame-limit", required_argument, 0, OPT_STACK_FRAME_LIMIT },
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
	{ "arg-names", no_argument, 0, 'N' },
	{ "color", required_argument, 0, OPT_COLOR },
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
	{ "kvm", required_argument, 0, OPT_QUAL_KVM },
	{ "tips", optional_argument, 0, OPT_TIPS },
	{ "trace-fds", required_argument, 0, OPT_QUAL_TRACE_FDS },
	{ "syscall-limit", required_argument, 0, OPT_SYSCALL_LIMIT },
	{ "argv0", required_argument, 0, OPT_ARGV0 },
	{ "always-show-pid", no_argument, 0, OPT_ALWAYS_SHOW_PID },
	{ "namespace", optional_argument, 0, OPT_QUAL_NAMESPACE },
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
	[OPT_QUAL_KVM - OPT_QUAL_TRACE] = "kvm",
};

const char cli_optstring[] = "+a:Ab:cCdDe:E:fFhiI:knNO:o:p:P:qrs:S:tTu:U:vVwxX:yYzZ";

/* -p LIST: pids split by commas, spaces, tabs, newlines (as strace); 0, or -errno with ERR set. */
static int add_pids(struct cli *cl, const char *list, char *err, size_t errlen)
{
	for (const char *s = list; *s;) {
		size_t n = strcspn(s, "\n\t ,");
		char word[32];
		int p = -1;

		if (!n) { /* "1,,2", "1  2": empty words are skipped, as strace 7's */
			s++;
			continue;
		}

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

/* -u UID:GID: two numbers below (uid_t)-1; 0, or -EINVAL. */
static int parse_uid_gid(const char *s, uid_t *uid, gid_t *gid)
{
	unsigned long long v[2];
	char *end;

	for (int i = 0; i < 2; i++) {
		errno = 0;
		v[i] = strtoull(s, &end, 10);
		if (end == s || *s == '-' || errno || v[i] >= (uid_t)-1 || *end != (i ? '\0' : ':'))
			return -EINVAL;
		s = end + 1;
	}
	*uid = (uid_t)v[0];
	*gid = (gid_t)v[1];
	return 0;
}

/* The backends, registered: --backend=NAME picks one by its name, ptrace by default. */
static const struct backend *const backends[] = { &engine_backend, &bpfbe_backend, NULL };

/* --list=WHAT, for the bash completion: the names it offers, one a line, from sttrace's tables. */
static int list_names(const char *what)
{
	if (!strcmp(what, "options")) {
		optlist_print(stdout, cli_optstring, cli_longopts);
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

int cli_parse(struct cli *cl, struct compare_cfg *cmp, int argc, char **argv, bool replay,
	      int *exit_rc, char *err, size_t errlen)
{
	int c, v, lidx;

	opterr = 0;
	/* lidx: which long option was given (-1: a short one), for the messages. */
	/* A replay's options go before or after FILE: getopt permutes (no '+'). */
	for (lidx = -1; (c = getopt_long(argc, argv, cli_optstring + replay, cli_longopts, &lidx)) != -1;
	     lidx = -1) {
		switch (c) {
		case 'a':
			if (parse_uint(optarg, &opts.acolumn) < 0)
				goto bad_arg;
			break;
		case 'c':
		case 'C':
			if (opts.cflag && opts.cflag != (c == 'c' ? 1 : 2)) {
				snprintf(err, errlen, "-c/--summary-only and -C/--summary are "
							   "mutually exclusive");
				return -EINVAL;
			}
			opts.cflag = c == 'c' ? 1 : 2;
			break;
		case 'e':
			/* -ERANGE: an error strace follows with its -h line */
			if ((v = qualify(optarg, err, errlen)) < 0)
				return v == -ERANGE ? -EINVAL : -EPERM;
			break;
		case 'f': cl->fflag++; break;
		case 'd': opts.debug = true; break;
		case 'F': cl->Fflag = true; break;
		case OPT_FOLLOWFORKS: opts.followfork = 1; break;
		case OPT_OUTPUT_SEPARATELY: opts.output_separately = true; break;
		case 'h':
			fputs(sttrace_usage, stdout);
			*exit_rc = 0;
			return 1;
		case 'o': opts.outfname = optarg; break;
		case 'p':
			if (add_pids(cl, optarg, err, errlen) < 0)
				return -EPERM;
			break;
		case 'P':
			if (pathtrace_add(optarg) < 0) {
				snprintf(err, errlen, "too many -P paths");
				return -EINVAL;
			}
			break;
		case 'q': cl->qflag++; break;
		case 'r':
		case OPT_RELTS:
			if (time_option(&opts.rflag, &opts.r_digits, c == 'r' ? NULL : optarg) < 0)
				goto bad_arg;
			break;
		case 's':
			if (parse_uint(optarg, &v) < 0 || v > (int)(UINT_MAX / 4)) /* strace's cap */
				goto bad_arg;
			cl->print.max_strlen = (unsigned)v;
			break;
		case 'S':
			if (summary_sortby(optarg) < 0) {
				snprintf(err, errlen, "invalid sortby: '%s'", optarg);
				return -EINVAL;
			}
			opts.sortby = optarg;
			break;
		case 'U':
			if (summary_columns(optarg, err, errlen) < 0)
				return -EINVAL;
			cl->columns_given = true;
			break;
		case 't': cl->tflag++; break;
		case OPT_TS:
			if (!cl->ts_given)
				opts.ts_format = TS_TIME;
			cl->ts_given = true;
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
			*exit_rc = 0;
			return 1;
		case OPT_TIPS:
			if (parse_tips(optarg) < 0)
				goto bad_arg;
			break;
		case OPT_LIST:
			*exit_rc = list_names(optarg);
			return 1;
		case 'w': opts.wflag = true; break;
		case 'x': cl->xflag++; break;
		case OPT_HEX_STR:
			if (!optarg || !strcmp(optarg, "all"))
				cl->xlong = 3;
			else if (!strcmp(optarg, "non-ascii"))
				cl->xlong = 2;
			else if (!strcmp(optarg, "non-ascii-chars"))
				cl->xlong = 4;
			else if (!strcmp(optarg, "none"))
				cl->xlong = 1;
			else
				goto bad_arg;
			break;
		case 'X':
			if (!strcmp(optarg, "raw"))
				cl->print.xstyle = XSTYLE_RAW;
			else if (!strcmp(optarg, "abbrev"))
				cl->print.xstyle = XSTYLE_ABBREV;
			else if (!strcmp(optarg, "verbose"))
				cl->print.xstyle = XSTYLE_VERBOSE;
			else
				goto bad_arg;
			break;
		case 'y': cl->yflag++; break;
		case 'n': opts.nflag = true; break;
		case 'N': opts.arg_names = true; break;
		case OPT_COLOR:
			if ((opts.color = color_mode_parse(optarg)) < 0)
				goto bad_arg;
			break;
		case 'A': opts.append = true; break;
		case 'u': {
			if (strchr(optarg, ':')) { /* UID:GID (strace 6.9's): no name looked up */
				if (parse_uid_gid(optarg, &opts.uid, &opts.gid) < 0) {
					snprintf(err, errlen, "Invalid UID:GID pair '%s'", optarg);
					return -EPERM;
				}
				opts.user = optarg;
				opts.user_ids = true;
				break;
			}
			opts.user = optarg; /* looked up once the options settle, as strace */
			opts.user_ids = false;
			break;
		}
		case 'D': cl->daemon++; break;
		case OPT_DAEMONIZE:
			cl->daemon_long = parse_daemonize(optarg);
			if (cl->daemon_long < 0)
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
				snprintf(err, errlen, "Syscall '%s' for -b isn't supported",
					 optarg);
				return -EPERM;
			}
			opts.detach_on_execve = true;
			break;
		case 'I':
			opts.intr = parse_intr(optarg);
			if (opts.intr < 0)
				goto bad_arg;
			break;
		case 'E': {
			char **ne = realloc(cl->envs, (size_t)(cl->nenvs + 1) * sizeof(*cl->envs));
			if (!ne)
				return -ENOMEM;
			cl->envs = ne;
			cl->envs[cl->nenvs++] = optarg;
			break;
		}
		case 'i': opts.iflag = true; break;
		case 'Y': qualify("decode-pids=comm", err, errlen); break;
		case OPT_PIDNS_TRANSLATION: qualify("decode-pids=pidns", err, errlen); break;
		case 'z':
		case 'Z':
			qualify(c == 'z' ? "status=successful" : "status=failed", err, errlen);
			cl->zflags++;
			break;
		case OPT_KILL_ON_EXIT:
			opts.kill_on_exit = true;
			guard_disable(); /* nothing to guard: the tracees go with us */
			break;
		case OPT_SECCOMP:
			if (!optarg || !strcmp(optarg, "yes"))
				cl->seccomp = 1;
			else if (!strcmp(optarg, "no"))
				cl->seccomp = 0;
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
		case OPT_QUAL_SECONTEXT:
		case OPT_QUAL_KVM:
		case OPT_QUAL_TRACE_FDS:
		case OPT_QUAL_NAMESPACE: {
			char expr[4096];
			/* Without a value: all, and -y's set for --decode-fds. */
			const char *what = c == OPT_QUAL_TRACE_FDS ? "trace-fds" :
					   c == OPT_QUAL_NAMESPACE ? "namespace" :
					   qual_names[c - OPT_QUAL_TRACE];
			snprintf(expr, sizeof(expr), "%s=%s", what,
				 optarg ? optarg : c == OPT_QUAL_NAMESPACE ? "new" :
				 c == OPT_QUAL_DECODE_FD ? "path" :
				 c == OPT_QUAL_QUIET ? "attach,personality" : "all");
			if ((v = qualify(expr, err, errlen)) < 0)
				return v == -ERANGE ? -EINVAL : -EPERM;
			break;
		}
		case 'k':
			if (opts.stack >= 2) {
				snprintf(err, errlen, "Too many -k options");
				return -EPERM;
			}
			opts.stack++;
			break;
		case OPT_STACK_TRACE: /* strace 6.7's: =symbol is -k, =source -kk */
			if (!optarg || !strcmp(optarg, "symbol"))
				opts.stack = 1;
			else if (!strcmp(optarg, "source"))
				opts.stack = 2;
			else
				goto bad_arg;
			break;
		case OPT_STACK_FRAME_LIMIT:
			if (parse_uint(optarg, &v) < 0 || v <= 0 || v > (int)(UINT_MAX / 4))
				goto bad_arg;
			cl->stack_frame_limit = v;
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
			cl->backend = &bpfbe_backend;
			break;
		case OPT_BACKEND:
			if (!(cl->backend = backend_find(backends, optarg)))
				goto bad_arg;
			break;
		case OPT_JSON:
			opts.json = true;
			break;
		case OPT_COMPARE:
			if (compare_set_runs(cmp, optarg) < 0)
				goto bad_arg;
			break;
		case OPT_MAX_OVERHEAD:
			if (compare_add_limit(cmp, optarg) < 0)
				goto bad_arg;
			break;
		case OPT_PROTOTYPES:
			if (probe_protos_file(optarg, err, errlen) < 0)
				return -EINVAL;
			break;
		case OPT_PERFETTO:
			cl->perfetto = optarg;
			break;
		case OPT_PERCENTILES:
			opts.percentiles = true;
			break;
		case OPT_CGROUP:
			cl->cgroup = optarg;
			break;
		case OPT_RECORD: opts.record = optarg; break;
		case OPT_SYSCALL_LIMIT: {
			char *end;
			errno = 0;
			opts.syscall_limit = strtoll(optarg, &end, 10);
			if (!*optarg || *end || errno || opts.syscall_limit <= 0)
				goto bad_arg;
			break;
		}
		case OPT_ARGV0: opts.argv0 = optarg; break;
		case OPT_ALWAYS_SHOW_PID: opts.always_show_pid = true; break;
		case OPT_LATENCY:
			if (cl->nlatency == MAX_LATENCY) {
				snprintf(err, errlen, "--latency: at most %d", MAX_LATENCY);
				return -EINVAL;
			}
			if (latency_parse(optarg, &cl->latency[cl->nlatency], err, errlen) < 0)
				return -EINVAL;
			cl->nlatency++;
			break;
		case '?':
		default:
			if (optopt && optopt < 0x100 && strchr(cli_optstring, optopt) &&
			    strchr(cli_optstring, optopt)[1] == ':')
				snprintf(err, errlen, "option requires an argument -- '%c'", optopt);
			else if (optopt && optopt < 0x100)
				snprintf(err, errlen, "invalid option -- '%c'", optopt);
			else
				snprintf(err, errlen, "unrecognized option '%s'", argv[optind - 1]);
			return -EINVAL;
		}
	}
	return 0;

bad_arg:
	if (lidx >= 0) /* named as it was given: --string-limit or -s */
		snprintf(err, errlen, "invalid --%s argument: '%s'", cli_longopts[lidx].name,
			 optarg ? optarg : "");
	else
		snprintf(err, errlen, "invalid -%c argument: '%s'", c, optarg);
	return -EINVAL;
}
