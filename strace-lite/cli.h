/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sttrace's command line: the options parsed into struct cli and opts (options.c). */
#pragma once
#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "common/backend.h"
#include "common/compare.h"
#include "common/latency.h"
#include "strace-lite/decode/decode.h"

#define STTRACE_VERSION "0.1.0"

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
	bool Fflag;         /* -F: strace's deprecated -f */
	int zflags;         /* how many -z and -Z */
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
	int stack_frame_limit; /* --stack-trace-frame-limit (0: not given) */
};

extern const struct option cli_longopts[];
extern const char cli_optstring[];

/*
 * The options of ARGV into CL, CMP (--compare), opts and dopts, up to the program's name
 * (optind); REPLAY: `sttrace replay`'s, before or after its file.  0; 1 when sttrace is to exit
 * now with *EXIT_RC (-h, -V, --list=); -EINVAL with ERR to say with the hint, -EPERM with ERR to
 * say without it (strace's words for what -e and -p refuse), -ENOMEM.
 */
int cli_parse(struct cli *cl, struct compare_cfg *cmp, int argc, char **argv, bool replay,
	      int *exit_rc, char *err, size_t errlen);
