// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * sttrace: the front end.  Settles the options options.c parsed (strace's checks), wires
 * them into the decoder and engine settings, and leaves through one exit path.  Everything
 * else lives in engine.c, output.c, filter.c, summary.c and the decoders.
 */
#include <errno.h>
#include <getopt.h>
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
#include "common/stacktrace.h"
#include "strace-lite/optvalues.h"
#include "strace-lite/cli.h"



static void help_hint(void)
{
	fprintf(stderr, "Try '%s -h' for more information.\n", log_prefix());
}



/* --seccomp-bpf: strace's warnings, word for word and where strace says them (before the
 * checks of -c, -w and -U), and the cases where it gives the prefilter up. */
static void seccomp_warnings(struct cli *cl, int argc)
{
	if (cl->seccomp <= 0)
		return;
	if (!cl->fflag && !opts.followfork && !probe_enabled()) {
		log_warn("--seccomp-bpf cannot be used without -f/--follow-forks, disabling");
		cl->seccomp = 0;
	} else if (opts.detach_on_execve) {
		log_warn("--seccomp-bpf is not enabled because it is not compatible with -b");
		cl->seccomp = 0;
	} else if (opts.syscall_limit > 0) {
		log_warn("--seccomp-bpf is not enabled because it is not compatible with "
			 "--syscall-limit");
		cl->seccomp = 0;
	} else if (cl->npids) {
		log_warn("--seccomp-bpf is not enabled for processes attached with -p");
		if (!argc)
			cl->seccomp = 0;
	}
}

/* strace's warnings of options that do nothing with the others given, in its order, then the
 * -u user looked up (after them, as strace): 0, or -1 once said. */
static int warn_ineffective(const struct cli *cl)
{
	static const char only[] = " has no effect with -c/--summary-only";

	if (opts.sortby && !opts.cflag)
		log_warn("-S/--summary-sort-by has no effect without (-c/--summary-only or "
			 "-C/--summary)");
	if (opts.cflag == 1) {
		const struct { bool on; const char *opt; } ineffective[] = {
			{ opts.iflag, "-i/--instruction-pointer" },
			{ opts.stack, "-k/--stack-trace" },
			{ opts.nflag, "-n/--syscall-number" },
			{ opts.arg_names, "-N/--arg-names" },
			{ opts.rflag, "-r/--relative-timestamps" },
			{ cl->tflag || cl->ts_given, "-t/--absolute-timestamps" },
			{ opts.Tflag, "-T/--syscall-times" },
			{ cl->yflag || opts.decode_fds_given, "-y/--decode-fds" },
		};
		for (size_t i = 0; i < sizeof(ineffective) / sizeof(ineffective[0]); i++)
			if (ineffective[i].on)
				log_warn("%s%s", ineffective[i].opt, only);
	}
	if (opts.output_separately && !opts.outfname && !cl->fflag && !opts.followfork)
		log_warn("--output-separately has no effect without -o/--output");
	if (opts.append && !opts.outfname)
		log_warn("-A/--output-append-mode has no effect without -o/--output");
	if (cl->zflags > 1)
		log_warn("Only the last of -z/--successful-only/-Z/--failed-only options will take "
			 "effect. See status qualifier for more complex filters.");
	if (cl->stack_frame_limit && !opts.stack)
		log_warn("--stack-trace-frame-limit has no effect without -k/--stack-trace");
	if (opts.user && !opts.user_ids) {
		struct passwd *pw = getpwnam(opts.user);
		if (!pw) {
			log_error("Cannot find user '%s'", opts.user);
			return -1;
		}
		opts.uid = pw->pw_uid;
		opts.gid = pw->pw_gid;
	}
	return 0;
}

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
	if (!argc && opts.argv0 && cl->backend != &replay_backend) {
		snprintf(err, errlen, "PROG [ARGS] must be specified with --argv0");
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
		log_error("--kill-on-exit and -p/--attach are mutually exclusive options");
		return -1;
	}
	if (cl->fflag && opts.followfork) {
		log_error("-f and --follow-forks cannot be provided simultaneously");
		return -1;
	}
	if (cl->fflag >= 2 && opts.output_separately) {
		log_error("-ff and --output-separately cannot be provided simultaneously");
		return -1;
	}
	seccomp_warnings(cl, argc);
	if (cl->Fflag && (cl->fflag || opts.followfork)) {
		log_warn("deprecated option -F ignored");
	} else if (cl->Fflag) {
		log_warn("option -F is deprecated, please use -f/--follow-forks instead");
		opts.followfork = 1;
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
	if (warn_ineffective(cl) < 0)
		return -1;
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
	stacktrace_set_frame_limit(cl->stack_frame_limit);
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
	/* A tracee let go at the limit would get ENOSYS from every call the prefilter hands
	 * to a tracer (SECCOMP_RET_TRACE with none): no prefilter then, as strace. */
	if (opts.syscall_limit > 0)
		cl->seccomp = 0;
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

int main(int argc, char **argv)
{
	struct cli cl = { .seccomp = -1, .print = *print_opts_get(), .backend = &engine_backend };
	int rc = 1;
	char err[256] = "";
	struct compare_cfg cmp = { .tool = "sttrace" };

	/* Messages are prefixed with the name sttrace was invoked by, as strace does (its
	 * tests expect "$STRACE: ..."): "sttrace: ..." when run from $PATH. */
	/* Without argv[0] (an exec with argc 0), the path of the binary itself, as strace's
	 * messages then name it. */
	static char self[4096];
	ssize_t sn = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (sn > 0)
		self[sn] = '\0';
	log_init(argc > 0 && argv[0] && *argv[0] ? argv[0] : sn > 0 ? self : "sttrace");
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
	switch (cli_parse(&cl, &cmp, argc, argv, replay, &rc, err, sizeof(err))) {
	case 0: break;
	case 1: goto out;
	case -EINVAL: goto bad_msg;
	case -EPERM: goto die_msg;
	default: rc = 1; goto out;
	}

	if (cmp.runs || cmp.nlimits) {
		cmp.json = opts.json;
		rc = compare_main(&cmp, argc, argv, cli_optstring, cli_longopts);
		goto out;
	}
	argv += optind;
	argc -= optind;
	if (replay && replay_settle(&argc, &argv, &cl.fflag, cli_optstring, cli_longopts, err,
				    sizeof(err)))
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
