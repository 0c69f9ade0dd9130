// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * sttrace's -e grammar (strace-lite/filter.c): [QUALIFIER=][!]VALUE[,VALUE]...  Each case gives
 * the -e argument and what it must select, or the error sttrace prints after "sttrace: ".
 * Expected errors are strace 6.1's own words (checked against /usr/bin/strace), except where a
 * comment says sttrace differs.  Syscall numbers are x86_64's.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>

#include "strace-lite/decode/decode.h"
#include "strace-lite/inject.h"
#include "strace-lite/sttrace.h"

static int failures;
static struct options opts0;
static struct decode_opts dopts0;

#define FAIL(...)                                                                                  \
	do {                                                                                       \
		printf("FAIL: " __VA_ARGS__);                                                      \
		putchar('\n');                                                                     \
		failures++;                                                                        \
	} while (0)

/* Each case starts from the defaults, as sttrace does before its first -e. */
static void reset(void)
{
	opts = opts0;
	dopts = dopts0;
}

/* qualify(EXPR) returns WANT_RC; on error, its message is WANT_ERR (prefix when ending '*'). */
static bool q(const char *expr, int want_rc, const char *want_err)
{
	char err[256] = "";
	int rc = qualify(expr, err, sizeof(err));

	if (rc != want_rc) {
		FAIL("-e %s: returned %d (%s), want %d", expr, rc, err, want_rc);
		return false;
	}
	if (want_err) {
		size_t n = strlen(want_err);
		bool prefix = n && want_err[n - 1] == '*';
		if (prefix ? strncmp(err, want_err, n - 1) : strcmp(err, want_err)) {
			FAIL("-e %s: error \"%s\", want \"%s\"", expr, err, want_err);
			return false;
		}
	}
	return true;
}

static void ok(const char *expr)
{
	reset();
	q(expr, 0, NULL);
}

static void bad(const char *expr, const char *want_err)
{
	reset();
	q(expr, -EINVAL, want_err);
}

/* The same, an error strace follows with its -h line (-ERANGE). */
static void bad_h(const char *expr, const char *want_err)
{
	reset();
	q(expr, -ERANGE, want_err);
}

/* Every syscall in the space-separated list IN is in SET, none of OUT is. */
static void in_set(const char *expr, const struct numset *set, const char *in, const char *out)
{
	char buf[512];
	const char *lists[2] = { in, out };

	for (int k = 0; k < 2; k++) {
		snprintf(buf, sizeof(buf), "%s", lists[k] ? lists[k] : "");
		char *save, *t;
		for (t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
			long n = sysent_lookup(t);
			if (n < 0)
				FAIL("%s: no syscall %s in this table", expr, t);
			else if (numset_has(set, (unsigned)n) != !k)
				FAIL("-e %s: %s %s the set, want it %s", expr, t,
				     k ? "is in" : "is not in", k ? "out" : "in");
		}
	}
}

static void trace(const char *expr, const char *in, const char *out)
{
	ok(expr);
	if (opts.trace_all)
		FAIL("-e %s: still traces all", expr);
	in_set(expr, &opts.trace, in, out);
}

static void syscall_sets(void)
{
	/* No qualifier is trace=; t= is its short name. */
	trace("openat", "openat", "open close");
	trace("trace=open,close", "open close", "openat read");
	trace("t=close", "close", "open");
	/* ! inverts, each one again. */
	trace("trace=!open", "close read getpid", "open");
	trace("trace=!!open", "open", "close");
	/* Classes, with % and the old names without it. */
	trace("trace=%file", "open openat stat execve", "read close getpid");
	trace("trace=file", "open openat stat", "read close");
	trace("trace=%desc", "read close openat", "getpid");
	trace("trace=%process", "execve clone exit_group wait4", "open read");
	trace("trace=%network", "socket connect sendto", "open");
	trace("trace=%signal", "kill rt_sigaction", "open");
	trace("trace=%stat", "stat", "fstat newfstatat read");
	trace("trace=%%stat", "stat fstat newfstatat lstat statx", "read");
	trace("trace=%file,getpid", "open getpid", "read");
	/* /regex: extended, unanchored. */
	trace("trace=/^open", "open openat openat2 open_by_handle_at", "close mq_open");
	trace("trace=/stat$", "stat fstat lstat", "newfstatat statx statfs");
	/* Numbers are syscall numbers. */
	trace("trace=2", "open", "read");
	trace("trace=0,3", "read close", "open");
	/* ?NAME: no error when unknown. */
	trace("trace=?nosuchcall,open", "open", "close");
	trace("trace=??open", "open", "close");
	/* all and none, negated or not. */
	trace("trace=all", "open read getpid exit_group", NULL);
	trace("trace=ALL", "open read getpid", NULL); /* strcasecmp, as strace */
	trace("trace=none", NULL, "open read getpid");
	trace("trace=!all", NULL, "open read getpid");
	trace("trace=!none", "open read getpid", NULL);
	/* The last -e trace= wins, as strace's. */
	reset();
	q("trace=open", 0, NULL);
	q("trace=close", 0, NULL);
	in_set("trace=open then trace=close", &opts.trace, "close", "open");
	/* raw= and abbrev= take the same sets. */
	ok("raw=open,close");
	in_set("raw=open,close", &opts.raw, "open close", "read");
	ok("x=!read");
	in_set("x=!read", &opts.raw, "open", "read");
	ok("abbrev=all");
	ok("a=none");

	bad("trace=nosuchcall", "invalid system call 'nosuchcall'");
	bad("trace=open,nosuchcall", "invalid system call 'nosuchcall'");
	bad("trace=", "invalid system call ''");
	bad("trace=,", "invalid system call ','");
	bad("trace=%nosuch", "invalid system call '%nosuch'");
	bad("trace=/^nomatch$", "invalid system call '/^nomatch$'");
	bad("trace=/(", "regcomp: (: *");
	/* Personality designators: @64 the native call, @32 and @x32 none here. */
	trace("trace=getpid@64,read@32,open@x32", "getpid", "read open");
	bad_h("trace=getpid@16", "incorrect personality designator '16' in qualification 'getpid@16'");
	bad("trace=1024", "invalid system call '1024'");
	bad("trace=-1", "invalid system call '-1'");
	bad("trace=!", "invalid system call ''");
	bad("abbrev=nosuch", "invalid system call 'nosuch'");
	bad("raw=nosuch", "invalid system call 'nosuch'");
}

/* strace's verbose(tcp), one call's: a dctx with only scno set is enough to ask. */
static bool verbose_for(long scno)
{
	struct dctx c = { .scno = scno };

	return syscall_verbose(&c);
}

/* -e verbose= is strace's verbose(tcp) per syscall, never -v (dopts.verbose stays as it was). */
static void verbose(void)
{
	dopts.verbose = false;
	ok("verbose=all");
	if (!verbose_for(__NR_open) || !verbose_for(__NR_read) || dopts.verbose)
		FAIL("-e verbose=all: not verbose, or -v");
	ok("v=open");
	if (!verbose_for(__NR_open) || verbose_for(__NR_read) || dopts.verbose)
		FAIL("-e v=open: open not verbose, read verbose, or -v");
	ok("verbose=none");
	if (verbose_for(__NR_open))
		FAIL("-e verbose=none: verbose");
	ok("verbose=!all");
	if (verbose_for(__NR_read))
		FAIL("-e verbose=!all: verbose");
	ok("verbose=!read");
	if (!verbose_for(__NR_open) || verbose_for(__NR_read))
		FAIL("-e verbose=!read: open not verbose, or read verbose");
	bad("verbose=nosuch", "invalid system call 'nosuch'");
}

static void signals(void)
{
	static const struct {
		const char *expr;
		int in[4], out[4]; /* 0-terminated */
	} cases[] = {
		{ "signal=SIGINT", { 2 }, { 15 } },
		{ "signal=INT,term", { 2, 15 }, { 9 } }, /* without SIG, any case */
		{ "signals=sigsegv", { 11 }, { 2 } },
		{ "s=9,SIGCHLD", { 9, 17 }, { 2 } },
		{ "signal=64", { 64 }, { 63 } },
		{ "signal=!SIGCHLD", { 2, 15 }, { 17 } },
		{ "signal=none", { 0 }, { 2, 17 } },
		{ "signal=all", { 2, 17, 64 }, { 0 } },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		ok(cases[i].expr);
		for (int j = 0; cases[i].in[j]; j++)
			if (!numset_has(&opts.signals, (unsigned)cases[i].in[j]))
				FAIL("-e %s: signal %d not selected", cases[i].expr,
				     cases[i].in[j]);
		for (int j = 0; cases[i].out[j]; j++)
			if (numset_has(&opts.signals, (unsigned)cases[i].out[j]))
				FAIL("-e %s: signal %d selected", cases[i].expr, cases[i].out[j]);
	}
	bad("signal=SIGFOO", "invalid signal 'SIGFOO'");
	bad("signal=65", "invalid signal '65'");
	bad("signal=", "invalid signal ''");
	/* strace 6.1 accepts signal=0; sttrace refuses it. */
	bad("signal=0", "invalid signal '0'");
}

static void masks(void)
{
	static const struct {
		const char *expr;
		const unsigned *field;
		unsigned want;
	} cases[] = {
		{ "status=successful", &opts.status_mask, 1u << STATUS_SUCCESSFUL },
		{ "status=failed", &opts.status_mask, 1u << STATUS_FAILED },
		{ "status=unfinished,detached", &opts.status_mask,
		  1u << STATUS_UNFINISHED | 1u << STATUS_DETACHED },
		{ "status=unavailable", &opts.status_mask, 1u << STATUS_UNAVAILABLE },
		{ "status=!failed", &opts.status_mask, 0x1f & ~(1u << STATUS_FAILED) },
		{ "status=all", &opts.status_mask, 0 },     /* 0: everything passes */
		{ "status=none", &opts.status_mask, 1u << 31 }, /* nothing passes */
		{ "status=!all", &opts.status_mask, 1u << 31 },
		{ "status=successful,failed,unfinished,unavailable,detached", &opts.status_mask,
		  0 },
		{ "quiet=attach", &opts.quiet, QUIET_ATTACH },
		{ "q=attach,exit,path-resolution", &opts.quiet,
		  QUIET_ATTACH | QUIET_EXIT | QUIET_PATH_RESOLVE },
		{ "silent=exits", &opts.quiet, QUIET_EXIT },
		{ "silence=personality", &opts.quiet, QUIET_PERSONALITY },
		{ "quiet=superseded", &opts.quiet, QUIET_THREAD_EXECVE },
		{ "quiet=thread-execve", &opts.quiet, QUIET_THREAD_EXECVE },
		{ "quiet=all", &opts.quiet, 0x1f },
		{ "quiet=!attach", &opts.quiet, 0x1f & ~QUIET_ATTACH },
		{ "quiet=none", &opts.quiet, 0 },
		{ "decode-fds=path", &dopts.decode_fds, 1 },
		{ "decode-fds=socket,dev", &dopts.decode_fds, 2 | 4 },
		{ "decode-fd=pidfd", &dopts.decode_fds, 8 },
		{ "decode-fd=eventfd,signalfd", &dopts.decode_fds, 16 | 32 },
		{ "decode-fds=all", &dopts.decode_fds, 0x3f },
		{ "decode-fds=none", &dopts.decode_fds, 0 },
		{ "decode-pids=comm", &dopts.decode_pids, 1 },
		{ "decode-pid=pidns", &dopts.decode_pids, 2 },
		{ "decode-pids=all", &dopts.decode_pids, 3 },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		ok(cases[i].expr);
		if (*cases[i].field != cases[i].want)
			FAIL("-e %s: mask %#x, want %#x", cases[i].expr, *cases[i].field,
			     cases[i].want);
	}
	bad("status=bogus", "invalid status 'bogus'");
	bad("status=failed,bogus", "invalid status 'bogus'");
	bad("quiet=bogus", "invalid quiet 'bogus'");
	bad("decode-fds=bogus", "invalid decode-fds 'bogus'");
	bad("decode-pids=bogus", "invalid decode-pids 'bogus'");
}

static void fds(void)
{
	ok("read=3,5");
	if (!opts.dump_io || !numset_has(&opts.read_fds, 3) || !numset_has(&opts.read_fds, 5) ||
	    numset_has(&opts.read_fds, 4) || numset_has(&opts.write_fds, 3))
		FAIL("-e read=3,5: wrong descriptors");
	ok("w=!1");
	if (!numset_has(&opts.write_fds, 0) || numset_has(&opts.write_fds, 1))
		FAIL("-e w=!1: wrong descriptors");
	ok("writes=all");
	if (!numset_has(&opts.write_fds, 1000))
		FAIL("-e writes=all: fd 1000 not dumped");
	bad("read=bad", "invalid descriptor 'bad'");
	bad("write=-1", "invalid descriptor '-1'");
	bad("read=3x", "invalid descriptor '3x'");
	bad("read=!", "invalid descriptor '!'"); /* the whole list when it names nothing */
	bad("write=!,", "invalid descriptor '!,'");
	/* --trace-fds= / -e fd=: strace 6.3's, a descriptor set beside -P. */
	ok("fd=!9");
	if (!opts.trace_fds_given || numset_has(&opts.trace_fds, 9) ||
	    !numset_has(&opts.trace_fds, 0))
		FAIL("-e fd=!9: wrong descriptors");
	bad("trace-fds=x", "invalid descriptor 'x'");
	ok("namespace=new");
	if (!dopts.show_namespace)
		FAIL("-e namespace=new: not set");
	bad("namespace=old", "invalid -e namespace= argument: 'old'");
	bad("secontext=mismatch", "SELinux context printing (--secontext option) is not supported by this build of strace");
}

static void actions(void)
{
	/* strace 6.1 says "invalid system call 'bogus=1'": an unknown qualifier is a syscall. */
	bad("bogus=1", "invalid filter action 'bogus'");
	bad("Trace=open", "invalid filter action 'Trace'");
	bad("=open", "invalid filter action ''");
	/* A long qualifier is cut at 31 characters in the message. */
	bad("abcdefghijklmnopqrstuvwxyz0123456789=1",
	    "invalid filter action 'abcdefghijklmnopqrstuvwxyz01234'");
	/* inject= and fault= go to inject.c (tests/unit/inject_spec.c), with its messages. */
	ok("inject=open:error=ENOENT");
	if (!inject_enabled())
		FAIL("-e inject=open:error=ENOENT: no rule");
	bad("inject=open", "invalid inject argument 'open'");
	bad("fault=open:retval=1", "invalid fault argument 'open:retval=1'");
}

int main(void)
{
	opts0 = opts;
	dopts0 = dopts;
	syscall_sets();
	verbose();
	signals();
	masks();
	fds();
	actions();
	if (failures) {
		printf("%d failures\n", failures);
		return 1;
	}
	puts("qualify: all cases pass");
	return 0;
}
