// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * lttrace: ltrace's command line and output, with breakpoints at function entries in the
 * defining object (lt-space.c), so -fno-plt, BIND_NOW with .plt.sec, IFUNCs, static programs
 * and threads work.  This file is option parsing and wiring only.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/backend.h"
#include "common/compare.h"
#include "common/log.h"
#include "common/latency.h"
#include "common/perfetto.h"
#include "common/optlist.h"
#include "ltrace-lite/lt.h"
#include "ltrace-lite/lt-bpf.h"

#define LTTRACE_VERSION "0.1"

struct lt_options lt_opts = {
	.strsize = 32, .arraylen = 4, .align = 50,
};

static char outbuf[1 << 16];

/* The logger's hook: the trace so far goes out before a message. */
static void flush_out(void)
{
	fflush(lt_opts.out);
}

static void usage(FILE *f)
{
	fputs("Usage: lttrace [-bcCfhiLrStTV] [-a COLUMN] [-A MAXELTS] [-e FILTER] [-F FILE]\n"
	      "               [-l LIB] [-n NR] [-o FILE] [-p PID] [-s STRSIZE] [-w N] [-x FILTER]\n"
	      "               [--json] [PROG [ARGS]]\n"
	      "Trace library calls of a program (ltrace's options and output).\n\n"
	      "  -a, --align=COLUMN  align return values in this column (50)\n"
	      "  -A MAXELTS          array elements shown (4)\n"
	      "  -b, --no-signals    do not show signals\n"
	      "  -c                  count time and calls, print a summary at exit\n"
	      "  -C, --demangle      C++ function names demangled\n"
	      "  -e FILTER           calls to trace: [+-]SYM[@LIB]... (globs, /regex/, @MAIN)\n"
	      "  -f                  follow forks and threads ([pid N] prefixes)\n"
	      "  -F, --config=FILE   load prototypes from an ltrace.conf-syntax FILE\n"
	      "  -h, --help          this help\n"
	      "  -i                  show the return address of each call\n"
	      "  -l, --library=LIB   trace calls into LIB\n"
	      "  -L                  no library calls (with -S or -x)\n"
	      "  -n, --indent=NR     indent nested calls by NR spaces\n"
	      "  -o, --output=FILE   write the trace to FILE\n"
	      "  -p PID              attach to process PID (repeatable)\n"
	      "  -r                  relative timestamps\n"
	      "  -s STRSIZE          string bytes shown (32)\n"
	      "  -S                  trace system calls too\n"
	      "  -t, -tt, -ttt       time of day, with microseconds, as seconds since the epoch\n"
	      "  -T                  time spent in each call\n"
	      "  -V, --version       version\n"
	      "  -w, --where=N       stack trace of N frames after each call\n"
	      "  -x FILTER           functions to trace at their entry, local calls included\n"
	      "      --json          one JSON object per call (JSON Lines)\n"
	      "      --latency=call:F..call:G[:key=argN]  time from F's entry to G's return\n"
	      "      --perfetto=FILE  also write the calls as a timeline (Chrome trace JSON)\n"
	      "      --record=FILE   write the events to FILE (nothing printed without -o); see\n"
	      "                      lttrace replay FILE [OPTIONS]\n"
	      "      --bpf           uprobes through eBPF instead of ptrace\n"
	      "      --compare[=RUNS]  PROG untraced, under ptrace and under bpf: overhead table\n"
	      "      --max-overhead=MODE:X  with --compare: exit 2 when MODE costs more than X\n", f);
}

static int parse_num(const char *opt, const char *s, int min, long *out)
{
	char *end;

	errno = 0;
	long v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < min || v > 1 << 30) {
		log_error("invalid argument to %s: '%s'", opt, s);
		return -EINVAL;
	}
	*out = v;
	return 0;
}

enum { OPT_JSON = 256, OPT_BPF, OPT_COMPARE, OPT_MAX_OVERHEAD, OPT_PERFETTO, OPT_LATENCY, OPT_LIST,
       OPT_RECORD };

/* A bad line of a -F file goes into the trace, as ltrace writes it, and the others are used;
 * a file that cannot be read ends lttrace. */
static void conf_error(void *ctx, const char *file, int line, const char *msg)
{
	(void)ctx;
	if (line)
		fprintf(lt_opts.out, "%s:%d: error: %s\n", file, line, msg);
	else
		log_error("%s: %s", file, msg);
}

/* After the options: the checks between them, ltrace's default filter, the prototypes and the
 * output file.  0, or -1 with the message said. */
static int settle(int argc, int npids, const char **conf, int nconf, bool replay)
{
	char err[512];

	if (replay && (optind < argc || npids)) {
		log_error("replay: a replay prints its recording, it runs and attaches nothing");
		return -1;
	}
	if (optind == argc && !npids && !replay) {
		log_error("too few arguments: PROG [ARGS] or -p PID");
		fprintf(stderr, "Try `lttrace --help' for more information.\n");
		return -1;
	}
	if (optind < argc && npids) {
		log_error("-p and a program are exclusive");
		return -1;
	}
	if (lt_opts.no_libcalls && lt_filter_have(LT_FILTER_E)) {
		log_error("option -L can't be used with -e or -l");
		return -1;
	}
	if (!lt_opts.no_libcalls && !lt_filter_have(LT_FILTER_E) && !lt_filter_have(LT_FILTER_L)) {
		/* ltrace's default: the calls the program itself makes, without "prog->". */
		lt_filter_add(LT_FILTER_E, "@MAIN", err, sizeof(err));
		lt_opts.hide_caller = true;
	}
	if (lt_proto_init(err, sizeof(err)) < 0) {
		log_error("built-in prototypes: %s", err);
		return -1;
	}
	if (lt_opts.outfile) {
		FILE *f = fopen(lt_opts.outfile, "we");
		if (!f) {
			log_error("can't open %s for writing: %s", lt_opts.outfile,
				  strerror(errno));
			return -1;
		}
		lt_opts.out = f;
	}
	for (int i = 0; i < nconf; i++)
		if (lt_proto_load_file_each(conf[i], conf_error, NULL) < 0)
			return -1;
	return 0;
}

/* The backends, registered: ptrace by default, --bpf the other. */
static const struct backend *const backends[] = { &lt_ptrace_backend, &lt_bpf_backend, NULL };

/* lttrace's command line, as the options leave it. */
struct cli {
	const char *conf[64]; /* -F */
	int nconf;
	pid_t pids[64];       /* -p */
	int npids;
	bool bpf;
	const char *perfetto; /* --perfetto=FILE */
	const char *record;   /* --record=FILE */
	struct latency *latency[16]; /* --latency=A..B */
	int nlatency;
	struct compare_cfg cmp;
};

/* Option C (with optarg): 0, 1 when lttrace is done (-h, -V: exit 0), -1 on error (said). */
static int parse_option(int c, struct cli *cl)
{
	char err[512];
	long v;

	switch (c) {
	case 'a':
		if (parse_num("-a", optarg, 0, &v) < 0)
			return -1;
		lt_opts.align = (int)v;
		break;
	case 'A':
		if (parse_num("-A", optarg, 0, &v) < 0)
			return -1;
		lt_opts.arraylen = (unsigned)v;
		break;
	case 'b':
		lt_opts.no_signals = true;
		break;
	case 'c':
		lt_opts.cflag = true;
		break;
	case 'C':
		lt_opts.demangle = true;
		break;
	case 'D':
	case 'u':
		log_error("-%c: not supported", c);
		return -1;
	case 'e':
	case 'x':
	case 'l': {
		enum lt_filter_kind k = c == 'e' ? LT_FILTER_E : c == 'x' ? LT_FILTER_X :
						       LT_FILTER_L;
		if (lt_filter_add(k, optarg, err, sizeof(err)) < 0) {
			log_error("-%c %s: %s", c, optarg, err);
			return -1;
		}
		break;
	}
	case 'f':
		lt_opts.follow = 1;
		break;
	case 'F':
		if (cl->nconf == 64) {
			log_error("-F: too many files");
			return -1;
		}
		cl->conf[cl->nconf++] = optarg;
		break;
	case 'h':
		usage(stdout);
		return 1;
	case 'i':
		lt_opts.iflag = true;
		break;
	case 'L':
		lt_opts.no_libcalls = true;
		break;
	case 'n':
		if (parse_num("-n", optarg, 0, &v) < 0)
			return -1;
		lt_opts.indent = (int)v;
		break;
	case 'o':
		lt_opts.outfile = optarg;
		break;
	case 'p':
		if (parse_num("-p", optarg, 1, &v) < 0)
			return -1;
		if (cl->npids == 64) {
			log_error("-p: too many processes");
			return -1;
		}
		cl->pids[cl->npids++] = (pid_t)v;
		lt_opts.attached = true;
		break;
	case 'r':
		lt_opts.rflag = true;
		break;
	case 's':
		if (parse_num("-s", optarg, 0, &v) < 0)
			return -1;
		lt_opts.strsize = (unsigned)v;
		break;
	case 'S':
		lt_opts.Sflag = true;
		break;
	case 't':
		lt_opts.tflag++;
		break;
	case 'T':
		lt_opts.Tflag = true;
		break;
	case 'V':
		printf("lttrace version " LTTRACE_VERSION " (ltrace 0.7.3 compatible output)\n");
		return 1;
	case 'w':
		if (parse_num("-w", optarg, 1, &v) < 0)
			return -1;
		lt_opts.bt_depth = (int)v;
		break;
	case OPT_JSON:
		lt_opts.json = true;
		break;
	case OPT_BPF:
		cl->bpf = true;
		break;
	case OPT_PERFETTO:
		cl->perfetto = optarg;
		break;
	case OPT_RECORD:
		cl->record = optarg;
		break;
	case OPT_LATENCY:
		if (cl->nlatency == 16) {
			log_error("--latency: at most 16");
			return -1;
		}
		if (latency_parse(optarg, &cl->latency[cl->nlatency], err, sizeof(err)) < 0) {
			log_error("--latency: %s", err);
			return -1;
		}
		cl->nlatency++;
		break;
	case OPT_COMPARE:
		if (compare_set_runs(&cl->cmp, optarg) < 0) {
			log_error("invalid argument to --compare: '%s'", optarg);
			return -1;
		}
		break;
	case OPT_MAX_OVERHEAD:
		if (compare_add_limit(&cl->cmp, optarg) < 0) {
			log_error("invalid argument to --max-overhead: '%s'", optarg);
			return -1;
		}
		break;
	default:
		fprintf(stderr, "Try `lttrace --help' for more information.\n");
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "align", required_argument, NULL, 'a' },
		{ "no-signals", no_argument, NULL, 'b' },
		{ "config", required_argument, NULL, 'F' },
		{ "demangle", no_argument, NULL, 'C' },
		{ "help", no_argument, NULL, 'h' },
		{ "library", required_argument, NULL, 'l' },
		{ "indent", required_argument, NULL, 'n' },
		{ "output", required_argument, NULL, 'o' },
		{ "version", no_argument, NULL, 'V' },
		{ "where", required_argument, NULL, 'w' },
		{ "json", no_argument, NULL, OPT_JSON },
		{ "bpf", no_argument, NULL, OPT_BPF },
		{ "perfetto", required_argument, NULL, OPT_PERFETTO },
		{ "latency", required_argument, NULL, OPT_LATENCY },
		{ "compare", optional_argument, NULL, OPT_COMPARE },
		{ "max-overhead", required_argument, NULL, OPT_MAX_OVERHEAD },
		{ "record", required_argument, NULL, OPT_RECORD },
		{ "list", required_argument, NULL, OPT_LIST }, /* completion/: not in the help */
		{ 0 },
	};
	static const char optstring[] = "+a:A:bcCDe:fF:hil:Ln:o:p:rs:StTu:Vw:x:";
	static struct cli cl = { .cmp = { .tool = "lttrace", .exits_zero = true } };
	int c, rc = 1;

	log_init("lttrace");
	log_set_hook(flush_out);
	lt_opts.out = stderr;
	int argc0 = argc;
	char **argv0 = argv;
	const char *replay = lt_replay_args(&argc, &argv);
	while ((c = getopt_long(argc, argv, optstring, longopts, NULL)) != -1) {
		if (c == OPT_LIST) { /* the bash completion's (completion/lttrace) option list */
			if (strcmp(optarg, "options")) {
				log_error("invalid --list '%s': options", optarg);
				return 1;
			}
			optlist_print(stdout, optstring, longopts);
			return 0;
		}
		switch (parse_option(c, &cl)) {
		case 1:
			return 0;
		case -1:
			return 1;
		}
	}
	/* untraced, ptrace and bpf runs of PROG, lttrace re-executed for each (compare.c). */
	if (cl.cmp.runs || cl.cmp.nlimits) {
		cl.cmp.json = lt_opts.json;
		return compare_main(&cl.cmp, argc, argv, optstring, longopts);
	}
	if (replay && cl.record) {
		log_error("--record: a replay records nothing");
		return 1;
	}
	/* --record without -o: the recording is the output, as perf record's. */
	if (cl.record && !lt_opts.outfile) {
		lt_opts.outfile = "/dev/null";
		lt_opts.discard = true;
	}
	lt_opts.recording = cl.record != NULL;
	if (settle(argc, cl.npids, cl.conf, cl.nconf, replay != NULL) < 0)
		return 1;
	setvbuf(lt_opts.out, outbuf, _IOFBF, sizeof(outbuf));
	if (cl.perfetto) {
		struct event_sink *timeline = perfetto_open(cl.perfetto);
		if (!timeline) {
			log_errno(errno, "--perfetto: %s", cl.perfetto);
			return 1;
		}
		event_sink_add(timeline);
	}
	for (int i = 0; i < cl.nlatency; i++)
		event_sink_add(latency_sink(cl.latency[i], lt_opts.out, lt_opts.json));
	if (replay) {
		rc = lt_replay(replay);
		goto out;
	}
	if (cl.record && lt_record_open(cl.record, LTTRACE_VERSION, argc0, argv0) < 0)
		goto out;
	const struct backend *be = backend_find(backends, cl.bpf ? "bpf" : "ptrace");
	const struct backend_cfg cfg = { .argv = optind < argc ? argv + optind : NULL,
					 .pids = cl.pids, .npids = cl.npids };
	if (be->init(&cfg) < 0)
		goto out;
	for (int i = 0; i < cl.npids; i++)
		if (be->attach(cl.pids[i]) < 0)
			goto out;
	if (optind < argc && be->spawn(argv + optind) < 0)
		goto out;
	rc = be->run();
	if (lt_record_close(rc) < 0)
		rc = 1;
out:
	if (lt_opts.out != stderr)
		fclose(lt_opts.out);
	else
		fflush(stderr);
	return rc;
}
