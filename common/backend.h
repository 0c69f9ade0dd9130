/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The shape of a backend: how a tool's front end drives whichever way of tracing the options
 * chose (ptrace, eBPF) without knowing which.  Each tool has its instances (sttrace: the ptrace
 * engine and the --bpf pipeline; lttrace: lt-ptrace and lt-bpf) and registers them explicitly,
 * in a table its front end looks the chosen one up in (backend_find); no instance knows of the
 * others.
 *
 * The front end's sequence is always: init with the configuration; attach each -p PID (an
 * error is said by the backend; sttrace goes on with the others, lttrace stops); spawn the
 * program, if any; run until the end, which returns the tool's exit status.  A backend's own
 * options (what to trace, how to print) stay in the tool's settings; the configuration carries
 * what every backend is told about the tracees.
 */
#pragma once
#include <sys/types.h>

struct backend_cfg {
	char **argv;       /* the program and its arguments; NULL (or argv[0] NULL): none */
	const pid_t *pids; /* -p */
	int npids;
	int daemon;        /* -D level (sttrace's ptrace engine): the tracer as a grandchild */
	const char *cgroup_dir; /* --cgroup (sttrace's eBPF pipeline): its tasks traced as they
				 * call, and the run goes on while it has processes; NULL: none */
	unsigned long long cgroup_id;
};

struct backend {
	const char *name; /* as --backend= names it */
	/* Before anything else, with the configuration (kept by reference: the caller's lives as
	 * long as the run).  0, or -errno having said why. */
	int (*init)(const struct backend_cfg *cfg);
	/* Trace the running process PID.  0, or -errno having said why. */
	int (*attach)(pid_t pid);
	/* Start ARGV traced (held until the tracing is in place).  0, or -errno having said why. */
	int (*spawn)(char **argv);
	/* Trace until the tracees are gone or the tracer is interrupted: the exit status. */
	int (*run)(void);
};

/* The backend called NAME in TABLE (NULL-terminated), NULL when none is. */
const struct backend *backend_find(const struct backend *const *table, const char *name);
