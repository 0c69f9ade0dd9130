/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * --compare[=RUNS] and --max-overhead=MODE:X, shared by the front ends (sttrace, lttrace).
 *
 * The comparison re-executes the tracer itself (/proc/self/exe) with the user's options minus
 * the comparison's own, once per mode, rather than calling an engine in-process: every run then
 * starts from a fresh tracer, exactly as a user's command would, and a mode that cannot run
 * (no CAP_BPF for --bpf) fails in its own process and is reported with its error line.
 *
 * A front end wires it with two option-table entries and one call:
 *
 *	static struct compare_cfg cmp = { .tool = "lttrace" };
 *	{ "compare", optional_argument, 0, OPT_COMPARE },
 *	{ "max-overhead", required_argument, 0, OPT_MAX_OVERHEAD },
 *	case OPT_COMPARE: if (compare_set_runs(&cmp, optarg) < 0) ...error...
 *	case OPT_MAX_OVERHEAD: if (compare_add_limit(&cmp, optarg) < 0) ...error...
 *	after the getopt loop, before argv is shifted:
 *	if (cmp.runs) return compare_main(&cmp, argc, argv, optstring, longopts);
 *
 * compare_main() walks argv again with the same optstring/longopts (no permutation: the
 * optstring starts with '+'), drops --compare, --max-overhead, --json, --bpf, --backend and
 * -o/--output, and keeps every other option, in order, for the traced runs.
 */
#pragma once
#include <getopt.h>
#include <stdbool.h>

#define COMPARE_DEFAULT_RUNS 5
#define COMPARE_MAX_RUNS 1000
#define COMPARE_MAX_MODES 4
#define COMPARE_MAX_LIMITS 8

struct compare_mode {
	const char *name;        /* "untraced", "ptrace", "bpf" */
	const char *const *args; /* tracer options of this mode (NULL-terminated); NULL: untraced */
};

struct compare_limit {
	const char *mode; /* a mode name */
	const char *text; /* as given, for messages */
	double max;       /* the largest overhead (x untraced) allowed */
};

struct compare_cfg {
	const char *tool;                  /* the front end's name, for messages */
	bool exits_zero;                   /* the tool exits 0 whatever PROG's status (ltrace's way) */
	const char *tracer;                /* what to run traced; NULL: /proc/self/exe */
	int runs;                          /* timed runs per mode; 0: no comparison */
	bool json;                         /* one JSON document instead of the table */
	const char *outfile;               /* -o FILE: the traced runs write there; NULL: discarded */
	int fflags;                        /* -f count: -ff writes FILE.PID files */
	char **tracer_args;                /* the user's options, without the comparison's */
	int ntracer_args;
	char **prog;                       /* PROG ARGS (NULL-terminated) */
	const struct compare_mode *modes;  /* NULL: compare_default_modes */
	int nmodes;
	struct compare_limit limits[COMPARE_MAX_LIMITS];
	int nlimits;
};

/* untraced, ptrace, bpf (--bpf). */
extern const struct compare_mode compare_default_modes[3];

/* --compare[=RUNS]: RUNS in 1..COMPARE_MAX_RUNS, default 5.  -EINVAL on a bad value. */
int compare_set_runs(struct compare_cfg *cfg, const char *arg);
/* --max-overhead=MODE:X (ptrace:20, bpf:1.5); repeatable.  -EINVAL on a bad value. */
int compare_add_limit(struct compare_cfg *cfg, const char *arg);
/*
 * Split argv (all of main's, argv[0] included) into the tracer options and PROG ARGS, run the
 * comparison, print it on stdout.  Returns the exit status: 0, 1 on an error (message printed),
 * 2 when a --max-overhead limit is exceeded or its mode could not run.
 */
int compare_main(struct compare_cfg *cfg, int argc, char **argv, const char *optstring,
		 const struct option *longopts);
/* The comparison itself, for a caller that filled tracer_args, prog and outfile directly. */
int compare_run(struct compare_cfg *cfg);
