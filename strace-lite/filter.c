// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * strace's -e grammar: [QUALIFIER=][!]VALUE[,VALUE]...  Syscall sets take names, %classes,
 * /regex, numbers, ?name (no error if unknown), all and none; each leading ! inverts the set.
 */
#include <errno.h>
#include <limits.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "strace-lite/inject.h"
#include "strace-lite/probe/probe.h"
#include "strace-lite/sttrace.h"

/* Defaults are strace's; the front end and the -e parser below fill the rest. */
struct options opts = { .acolumn = 40, .seccomp = true, .trace_all = true, .syscall_limit = -1 };

static bool syscall_token(const char *tok, struct numset *set, char *err, size_t errlen, int *rc)
{
	bool found = false;

	if (*tok >= '0' && *tok <= '9') {
		char *end;
		long n = strtol(tok, &end, 10);
		if (*end || n < 0 || n >= MAX_SCNO)
			return false;
		numset_add(set, (unsigned)n);
		return true;
	}
	if (*tok == '/') {
		regex_t re;
		int r = regcomp(&re, tok + 1, REG_EXTENDED | REG_NOSUB);
		if (r) {
			char msg[128];
			regerror(r, &re, msg, sizeof(msg));
			snprintf(err, errlen, "regcomp: %s: %s", tok + 1, msg);
			*rc = -EINVAL;
			return false;
		}
		for (unsigned i = 0; i < nsyscalls && i < MAX_SCNO; i++)
			if (sysent_table[i].name && !regexec(&re, sysent_table[i].name, 0, NULL, 0)) {
				numset_add(set, i);
				found = true;
			}
		regfree(&re);
		return found;
	}
	uint32_t cls = 0;
	bool is_class = false;
	if (!strcasecmp(tok, "all")) {
		is_class = true;
	} else if (*tok == '%' || !strcmp(tok, "desc") || !strcmp(tok, "file") ||
		   !strcmp(tok, "memory") || !strcmp(tok, "process") || !strcmp(tok, "signal") ||
		   !strcmp(tok, "ipc") || !strcmp(tok, "network")) {
		cls = sysent_class(tok);
		is_class = cls != 0;
	}
	if (is_class) {
		for (unsigned i = 0; i < nsyscalls && i < MAX_SCNO; i++)
			if (sysent_table[i].name && (sysent_table[i].classes & cls) == cls)
				numset_add(set, i);
		return true;
	}
	long n = sysent_lookup(tok);
	if (n >= 0) {
		numset_add(set, (unsigned)n);
		return true;
	}
	return false;
}

/* Clears SET, applies leading '!'s, and handles "all" and "none": true when nothing is left. */
static bool set_begin(const char **spec, struct numset *set)
{
	memset(set, 0, sizeof(*set));
	while (**spec == '!') {
		set->negated = !set->negated;
		(*spec)++;
	}
	if (!strcmp(*spec, "all"))
		set->negated = !set->negated;
	return !strcmp(*spec, "none") || !strcmp(*spec, "all");
}

/* -e verbose=: the syscalls whose structures are decoded. */
static struct numset verbose_set;

static bool verbose_of(long scno)
{
	return scno < 0 || numset_has(&verbose_set, (unsigned int)scno);
}

int qualify_syscalls(const char *spec, struct numset *set, char *err, size_t errlen)
{
	if (set_begin(&spec, set))
		return 0;
	char *copy = strdup(spec), *save = NULL;
	int rc = 0, ntok = 0;
	for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		bool optional = false;
		ntok++;
		while (*tok == '?') {
			optional = true;
			tok++;
		}
		/* NAME@64, NAME@32, NAME@x32: strace's personality designators on x86-64.  Only
		 * the native one is traced; a name for another is checked, and selects nothing. */
		struct numset *into = set;
		char *at = strrchr(tok, '@');
		if (at) {
			static struct numset other;
			if (strcmp(at + 1, "64") && strcmp(at + 1, "32") && strcmp(at + 1, "x32")) {
				snprintf(err, errlen, "incorrect personality designator '%s' in "
					 "qualification '%s'", at + 1, tok);
				rc = -ERANGE; /* strace's words and its -h line */
				break;
			}
			if (strcmp(at + 1, "64"))
				into = &other;
			*at = '\0';
		}
		if (!syscall_token(tok, into, err, errlen, &rc) && !optional) {
			if (!rc)
				snprintf(err, errlen, "invalid system call '%s'", tok);
			rc = -EINVAL;
			break;
		}
	}
	if (!ntok && !rc) {
		snprintf(err, errlen, "invalid system call '%s'", spec);
		rc = -EINVAL;
	}
	free(copy);
	return rc;
}

int qualify_trace(const char *spec, char *err, size_t errlen)
{
	opts.trace_all = false;
	return qualify_syscalls(spec, &opts.trace, err, errlen);
}

static int signal_number(const char *s)
{
	char *end;
	long n = strtol(s, &end, 10);

	if (*s && !*end)
		return n > 0 && n <= 64 ? (int)n : -1;
	for (int i = 1; i <= 64; i++) {
		const char *name = signame(i);
		if (name && (!strcasecmp(s, name) || !strcasecmp(s, name + 3)))
			return i;
	}
	return -1;
}

/* A list of named values (signals, statuses, quiet flags) into a bitmap. */
static int named_set(const char *spec, const char *what, int (*lookup)(const char *),
		     struct numset *set, char *err, size_t errlen)
{
	const char *given = spec; /* strace names the whole list when it holds no name: "!," */

	if (set_begin(&spec, set))
		return 0;
	char *copy = strdup(spec), *save = NULL;
	int rc = 0, ntok = 0;
	for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		int n = lookup(tok);
		ntok++;
		if (n < 0) {
			snprintf(err, errlen, "invalid %s '%s'", what, tok);
			rc = -EINVAL;
			break;
		}
		numset_add(set, (unsigned)n);
	}
	if (!ntok && !rc) {
		snprintf(err, errlen, "invalid %s '%s'", what, given);
		rc = -EINVAL;
	}
	free(copy);
	return rc;
}

/* Any descriptor strace accepts; the sets hold the first NUMSET_MAX (higher ones never dump). */
static int fd_number(const char *s)
{
	char *end;
	long n = strtol(s, &end, 10);
	return *s && !*end && n >= 0 && n <= INT_MAX ? (int)n : -1;
}

static int status_number(const char *s)
{
	static const char *const names[] = { "successful", "failed", "unfinished", "unavailable",
					     "detached" };
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(s, names[i]))
			return (int)i;
	return -1;
}

static int quiet_number(const char *s)
{
	static const struct {
		const char *name;
		int bit;
	} names[] = {
		{ "attach", 0 }, { "exit", 1 }, { "exits", 1 }, { "path-resolution", 2 },
		{ "personality", 3 }, { "thread-execve", 4 }, { "superseded", 4 },
	};
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(s, names[i].name))
			return names[i].bit;
	return -1;
}

static int decode_fd_number(const char *s)
{
	static const char *const names[] = { "path", "socket", "dev", "pidfd", "eventfd",
					     "signalfd" };
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(s, names[i]))
			return (int)i; /* DECODE_FD_* bit */
	return -1;
}

static int decode_pid_number(const char *s)
{
	if (!strcmp(s, "comm"))
		return 0; /* DECODE_PID_COMM */
	if (!strcmp(s, "pidns"))
		return 1; /* DECODE_PID_NS */
	return -1;
}

static unsigned numset_mask(const struct numset *s, unsigned n)
{
	unsigned m = 0;
	for (unsigned i = 0; i < n; i++)
		if (numset_has(s, i))
			m |= 1u << i;
	return m;
}

int qualify(const char *expr, char *err, size_t errlen)
{
	const char *eq = strchr(expr, '=');
	char q[32] = "trace";
	const char *val = expr;
	struct numset set;
	int rc;

	if (eq) {
		size_t n = (size_t)(eq - expr);
		if (n >= sizeof(q))
			n = sizeof(q) - 1;
		memcpy(q, expr, n);
		q[n] = '\0';
		val = eq + 1;
	}
	if (!strcmp(q, "trace") || !strcmp(q, "t"))
		return qualify_trace(val, err, errlen);
	if (!strcmp(q, "raw") || !strcmp(q, "x"))
		return qualify_syscalls(val, &opts.raw, err, errlen);
	if (!strcmp(q, "abbrev") || !strcmp(q, "a")) {
		opts.abbrev_given = true;
		return qualify_syscalls(val, &opts.abbrev, err, errlen);
	}
	if (!strcmp(q, "verbose") || !strcmp(q, "v")) {
		/* strace's verbose(tcp), not -v: the syscalls left out print their structures as
		 * addresses */
		rc = qualify_syscalls(val, &verbose_set, err, errlen);
		syscall_verbose_hook = verbose_of;
		return rc;
	}
	if (!strcmp(q, "signal") || !strcmp(q, "signals") || !strcmp(q, "s"))
		return named_set(val, "signal", signal_number, &opts.signals, err, errlen);
	if (!strcmp(q, "status")) {
		rc = named_set(val, "status", status_number, &set, err, errlen);
		if (!rc) {
			unsigned m = numset_mask(&set, 5);
			opts.status_mask = m == 0x1f ? 0 : m;
			if (!m)
				opts.status_mask = 1u << 31; /* none: nothing passes */
		}
		return rc;
	}
	if (!strcmp(q, "quiet") || !strcmp(q, "silent") || !strcmp(q, "silence") ||
	    !strcmp(q, "q")) {
		rc = named_set(val, "quiet", quiet_number, &set, err, errlen);
		if (!rc) {
			opts.quiet = numset_mask(&set, 5);
			opts.quiet_given = true;
		}
		return rc;
	}
	if (!strcmp(q, "read") || !strcmp(q, "reads") || !strcmp(q, "r") ||
	    !strcmp(q, "write") || !strcmp(q, "writes") || !strcmp(q, "w")) {
		struct numset *fds = q[0] == 'r' ? &opts.read_fds : &opts.write_fds;
		rc = named_set(val, "descriptor", fd_number, fds, err, errlen);
		opts.dump_io = true;
		return rc;
	}
	if (!strcmp(q, "trace-fds") || !strcmp(q, "trace-fd") || !strcmp(q, "fds") ||
	    !strcmp(q, "fd")) {
		rc = named_set(val, "descriptor", fd_number, &opts.trace_fds, err, errlen);
		opts.trace_fds_given = true;
		return rc;
	}
	if (!strcmp(q, "decode-fds") || !strcmp(q, "decode-fd")) {
		rc = named_set(val, "decode-fds", decode_fd_number, &set, err, errlen);
		if (!rc)
			dopts.decode_fds = numset_mask(&set, 6);
		opts.decode_fds_given = true;
		return rc;
	}
	if (!strcmp(q, "decode-pids") || !strcmp(q, "decode-pid")) {
		rc = named_set(val, "decode-pids", decode_pid_number, &set, err, errlen);
		if (!rc)
			dopts.decode_pids = numset_mask(&set, 2);
		return rc;
	}
	if (!strcmp(q, "namespace")) {
		if (strcmp(val, "new")) {
			snprintf(err, errlen, "invalid -e namespace= argument: '%s'", val);
			return -EINVAL;
		}
		dopts.show_namespace = true;
		return 0;
	}
	if (!strcmp(q, "kvm")) {
		/* vcpu: KVM_RUN's exit reason; vcpu+ (strace 6.18): its struct kvm_run too */
		if (strcmp(val, "vcpu") && strcmp(val, "vcpu+")) {
			snprintf(err, errlen, "invalid -e kvm= argument: '%s'", val);
			return -EINVAL;
		}
		dopts.kvm_vcpu = val[4] ? 2 : 1;
		return 0;
	}
	if (!strcmp(q, "inject"))
		return inject_parse(val, false, err, errlen);
	if (!strcmp(q, "fault"))
		return inject_parse(val, true, err, errlen);
	if (!strcmp(q, "secontext")) { /* strace built without SELinux says so, in its words */
		snprintf(err, errlen, "SELinux context printing (--secontext option) is not "
				      "supported by this build of strace");
		return -EINVAL;
	}
	if (!strcmp(q, "usdt") || !strcmp(q, "uprobe") || !strcmp(q, "uretprobe"))
		return probe_qualify(q, val, err, errlen);
	snprintf(err, errlen, "invalid filter action '%s'", q);
	return -EINVAL;
}
