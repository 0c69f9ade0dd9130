// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * -e inject= and -e fault= specs (strace-lite/inject.c): each case gives the value and the rule
 * it must parse to (the fields of struct inject_rule it sets), or the error sttrace prints after
 * "sttrace: ".  The errors are strace 6.1's (checked against /usr/bin/strace): one message for
 * every malformed spec, naming it whole.  Then when= as counted by inject_check: which calls of
 * one thread a rule hits.  Syscall numbers are x86_64's.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strace-lite/inject.h"
#include "strace-lite/sttrace.h"

static int failures;

#define FAIL(...)                                                                                  \
	do {                                                                                       \
		printf("FAIL: " __VA_ARGS__);                                                      \
		putchar('\n');                                                                     \
		failures++;                                                                        \
	} while (0)

#define INF 0xffff /* when= without an end */

/* What a good spec parses to; fields left out (zero) are the defaults: no action, every call. */
struct want {
	bool has_error, has_retval;
	int error;
	int64_t retval;
	int signo;
	const char *subst;                      /* syscall=: its name; NULL: none */
	uint64_t delay_enter_ns, delay_exit_ns; /* 0: none */
	unsigned npokes;
	const char *when; /* "FIRST..LAST+STEP", LAST "inf" when open; NULL: "1..inf+1" */
};

/* The pokes every parsed rule owns (in sttrace they live as long as the rules), freed at exit
 * so that a leak checker sees only the parser's own leaks. */
static struct {
	struct inject_poke *v;
	unsigned int n;
} kept[512];
static unsigned int nkept;

static void release_pokes(void)
{
	for (unsigned int i = 0; i < nkept; i++) {
		for (unsigned int j = 0; j < kept[i].n; j++)
			free(kept[i].v[j].data);
		free(kept[i].v);
	}
}

static bool parse(const char *spec, bool fault, struct inject_rule *r, struct numset *set,
		  char *err, size_t errlen)
{
	memset(r, 0, sizeof(*r));
	err[0] = 0;
	bool ok = inject_parse_rule(spec, fault, r, set, err, errlen) == 0;
	if (r->pokes && nkept < sizeof(kept) / sizeof(kept[0]))
		kept[nkept++].v = r->pokes, kept[nkept - 1].n = r->npokes;
	return ok;
}

static void good(const char *spec, bool fault, struct want w)
{
	const char *q = fault ? "fault" : "inject";
	struct inject_rule r;
	struct numset set;
	char err[256], when[64], last[8] = "inf";
	long subst = w.subst ? sysent_lookup(w.subst) : -1;

	if (!parse(spec, fault, &r, &set, err, sizeof(err))) {
		FAIL("-e %s=%s: refused (%s)", q, spec, err);
		return;
	}
	if (r.last != INF)
		snprintf(last, sizeof(last), "%u", r.last);
	snprintf(when, sizeof(when), "%u..%s+%u", r.first, last, r.step);
	if (!w.when)
		w.when = "1..inf+1";
	if (!r.set || r.has_error != w.has_error || r.error != w.error ||
	    r.has_retval != w.has_retval || r.retval != w.retval || r.signo != w.signo ||
	    r.subst != subst || r.has_delay_enter != !!w.delay_enter_ns ||
	    r.delay_enter_ns != w.delay_enter_ns || r.has_delay_exit != !!w.delay_exit_ns ||
	    r.delay_exit_ns != w.delay_exit_ns || r.npokes != w.npokes || strcmp(when, w.when))
		FAIL("-e %s=%s: error %d/%d retval %d/%lld signal %d syscall %ld delays %llu/%llu "
		     "pokes %u when %s;\n  want error %d/%d retval %d/%lld signal %d "
		     "syscall %ld delays %llu/%llu pokes %u when %s",
		     q, spec, r.has_error, r.error, r.has_retval, (long long)r.retval, r.signo,
		     r.subst, (unsigned long long)r.delay_enter_ns,
		     (unsigned long long)r.delay_exit_ns, r.npokes, when, w.has_error, w.error,
		     w.has_retval, (long long)w.retval, w.signo, subst,
		     (unsigned long long)w.delay_enter_ns, (unsigned long long)w.delay_exit_ns,
		     w.npokes, w.when);
}

static void bad(const char *spec, bool fault, const char *want_err)
{
	struct inject_rule r;
	struct numset set;
	char err[256], def[300];

	if (!want_err) {
		snprintf(def, sizeof(def), "invalid %s argument '%s'", fault ? "fault" : "inject",
			 spec);
		want_err = def;
	}
	if (parse(spec, fault, &r, &set, err, sizeof(err)))
		FAIL("-e %s=%s: accepted, want \"%s\"", fault ? "fault" : "inject", spec, want_err);
	else if (strcmp(err, want_err))
		FAIL("-e %s=%s: error \"%s\", want \"%s\"", fault ? "fault" : "inject", spec, err,
		     want_err);
}

#define W(...) ((struct want){ __VA_ARGS__ })

static void actions(void)
{
	good("open:error=ENOENT", false, W(.has_error = true, .error = ENOENT));
	good("open:error=enoent", false, W(.has_error = true, .error = ENOENT));
	good("open:error=2", false, W(.has_error = true, .error = 2));
	good("open:error=4095", false, W(.has_error = true, .error = 4095));
	good("open:retval=42", false, W(.has_retval = true, .retval = 42));
	good("open:retval=0x10", false, W(.has_retval = true, .retval = 16));
	good("open:retval=0", false, W(.has_retval = true, .retval = 0));
	/* strace accepts it too (and warns that it may read as error 1). */
	good("open:retval=-1", false, W(.has_retval = true, .retval = -1));
	good("open:signal=SIGUSR1", false, W(.signo = 10));
	good("open:signal=usr1", false, W(.signo = 10));
	good("open:signal=9", false, W(.signo = 9));
	good("open:error=EIO:signal=SIGHUP", false, W(.has_error = true, .error = EIO, .signo = 1));
	good("getppid:syscall=getpid:error=EPERM", false,
	     W(.has_error = true, .error = EPERM, .subst = "getpid"));
	good("open:delay_enter=100", false, W(.delay_enter_ns = 100000)); /* microseconds */
	good("open:delay_exit=1.5ms", false, W(.delay_exit_ns = 1500000));
	good("open:delay_enter=2s:delay_exit=10ns", false,
	     W(.delay_enter_ns = 2000000000ull, .delay_exit_ns = 10));
	good("open:delay_enter=7us", false, W(.delay_enter_ns = 7000));
	good("open::error=EIO", false, W(.has_error = true, .error = EIO)); /* empty field */

	bad("open", false, NULL); /* nothing to do */
	bad("open:when=2", false, NULL);
	bad("", false, "invalid inject argument ''");
	bad(":error=EIO", false, NULL);
	bad("open:error=EFOO", false, NULL);
	bad("open:error=0", false, NULL);
	bad("open:error=4096", false, NULL);
	bad("open:error=", false, NULL);
	bad("open:error=EIO:retval=1", false, NULL);
	bad("open:retval=1:error=EIO", false, NULL);
	bad("open:error=EIO:error=EPERM", false, NULL);
	bad("open:retval=", false, NULL);
	bad("open:retval=12abc", false, NULL);
	bad("open:retval=0x10000000000000000", false, NULL); /* 2^64: too big, not 0 */
	bad("chdir:poke_enter=@arg1=00,@arg1=00", false, NULL); /* one poke per argument */
	bad("open:signal=0", false, NULL);
	bad("open:signal=65", false, NULL);
	bad("open:signal=SIGFOO", false, NULL);
	bad("open:signal=INT:signal=TERM", false, NULL);
	bad("open:syscall=open:error=EIO", false, NULL); /* not a pure syscall */
	bad("open:syscall=getpid", false, NULL);          /* syscall= alone does nothing */
	bad("open:syscall=getpid:syscall=getppid:error=EIO", false, NULL);
	bad("open:delay_enter=5min", false, NULL);
	bad("open:delay_enter=-1", false, NULL);
	bad("open:delay_enter=", false, NULL);
	bad("open:delay_exit=1:delay_exit=2", false, NULL);
	bad("open:bogus=1", false, NULL);
	bad("open:ERROR=EIO", false, NULL);
	bad("nosuch:error=EIO", false, "invalid system call 'nosuch'");
	bad("open,nosuch:error=EIO", false, "invalid system call 'nosuch'");
}

static void pokes(void)
{
	struct inject_rule r;
	struct numset set;
	char err[256];

	good("open:poke_enter=@arg1=0102", false, W(.npokes = 1));
	if (parse("open:poke_enter=@arg1=0aFF", false, &r, &set, err, sizeof(err))) {
		if (r.npokes != 1 || !r.has_poke_enter || r.pokes[0].arg != 1 ||
		    !r.pokes[0].at_enter || r.pokes[0].len != 2 || r.pokes[0].data[0] != 0x0a ||
		    r.pokes[0].data[1] != 0xff)
			FAIL("poke_enter=@arg1=0aFF: wrong poke");
	}
	if (parse("write:poke_exit=@arg2=ff,@arg7=00ff", false, &r, &set, err, sizeof(err))) {
		if (r.npokes != 2 || !r.has_poke_exit || r.has_poke_enter || r.pokes[0].at_enter ||
		    r.pokes[1].arg != 7 || r.pokes[1].len != 2 || r.pokes[1].data[1] != 0xff)
			FAIL("poke_exit=@arg2=ff,@arg7=00ff: wrong pokes");
	} else {
		FAIL("poke_exit=@arg2=ff,@arg7=00ff: refused (%s)", err);
	}
	good("open:poke_enter=@arg1=00:poke_exit=@arg2=11", false, W(.npokes = 2));
	bad("open:poke_enter=@arg8=00", false, NULL);
	bad("open:poke_enter=@arg0=00", false, NULL);
	bad("open:poke_enter=@arg1=0", false, NULL); /* odd number of digits */
	bad("open:poke_enter=@arg1=zz", false, NULL);
	bad("open:poke_enter=@arg1=", false, NULL);
	bad("open:poke_enter=", false, NULL);
	bad("open:poke_enter=arg1=00", false, NULL);
	bad("open:poke_enter=@arg1=00:poke_enter=@arg2=00", false, NULL);
}

static void when(void)
{
	good("open:error=EIO:when=3", false,
	     W(.has_error = true, .error = EIO, .when = "3..inf+0")); /* the third only */
	good("open:error=EIO:when=3+", false,
	     W(.has_error = true, .error = EIO, .when = "3..inf+1"));
	good("open:error=EIO:when=2+3", false,
	     W(.has_error = true, .error = EIO, .when = "2..inf+3"));
	good("open:error=EIO:when=2..4", false,
	     W(.has_error = true, .error = EIO, .when = "2..4+1"));
	good("open:error=EIO:when=2..6+2", false,
	     W(.has_error = true, .error = EIO, .when = "2..6+2"));
	good("open:when=1..1:error=EIO", false,
	     W(.has_error = true, .error = EIO, .when = "1..1+1"));
	good("open:error=EIO:when=65535", false,
	     W(.has_error = true, .error = EIO, .when = "65535..inf+0"));
	bad("open:error=EIO:when=0", false, NULL);
	bad("open:error=EIO:when=", false, NULL);
	bad("open:error=EIO:when=x", false, NULL);
	bad("open:error=EIO:when=3..2", false, NULL);
	bad("open:error=EIO:when=2..65535", false, NULL);
	bad("open:error=EIO:when=65536", false, NULL);
	bad("open:error=EIO:when=1+0", false, NULL);
	bad("open:error=EIO:when=2+x", false, NULL);
	bad("open:error=EIO:when=2.4", false, NULL);
	bad("open:error=EIO:when=2..", false, NULL);
}

static void fault(void)
{
	good("open", true, W(.has_error = true, .error = ENOSYS)); /* fault= defaults to ENOSYS */
	good("open:error=EPERM", true, W(.has_error = true, .error = EPERM));
	good("open:when=2", true, W(.has_error = true, .error = ENOSYS, .when = "2..inf+0"));
	good("getppid:syscall=getpid", true,
	     W(.has_error = true, .error = ENOSYS, .subst = "getpid"));
	bad("open:retval=1", true, NULL);
	bad("open:signal=SIGUSR1", true, NULL);
	bad("open:delay_enter=1", true, NULL);
	bad("open:poke_enter=@arg1=00", true, NULL);
	bad("", true, "invalid fault argument ''");
}

static void sets(void)
{
	struct inject_rule r;
	struct numset set;
	char err[256];
	static const struct {
		const char *spec;
		long in[3], out[3]; /* -1-terminated syscall numbers */
	} cases[] = {
		{ "open,close:error=EIO", { 2, 3, -1 }, { 0, -1 } },
		{ "!open:error=EIO", { 0, 3, -1 }, { 2, -1 } },
		{ "%file:error=EIO", { 2, 257, -1 }, { 0, -1 } },
		{ "/^read$:error=EIO", { 0, -1 }, { 17, -1 } },
		{ "all:error=EIO", { 0, 2, -1 }, { -1 } },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		if (!parse(cases[i].spec, false, &r, &set, err, sizeof(err))) {
			FAIL("-e inject=%s: refused (%s)", cases[i].spec, err);
			continue;
		}
		for (int j = 0; cases[i].in[j] >= 0; j++)
			if (!numset_has(&set, (unsigned)cases[i].in[j]))
				FAIL("-e inject=%s: syscall %ld not in", cases[i].spec,
				     cases[i].in[j]);
		for (int j = 0; cases[i].out[j] >= 0; j++)
			if (numset_has(&set, (unsigned)cases[i].out[j]))
				FAIL("-e inject=%s: syscall %ld in", cases[i].spec,
				     cases[i].out[j]);
	}
}

/* The calls (1-based, of the first 12) of one thread that SPEC hits: "2 5 8 11". */
static void hits(const char *spec, long scno, const char *want)
{
	char err[256], got[128] = "";
	struct tcb *t = calloc(1, sizeof(*t));

	if (inject_parse(spec, false, err, sizeof(err)) < 0) {
		FAIL("-e inject=%s: refused (%s)", spec, err);
		free(t);
		return;
	}
	for (int call = 1; call <= 12; call++)
		if (inject_check(t, scno))
			snprintf(got + strlen(got), sizeof(got) - strlen(got), "%s%d",
				 *got ? " " : "", call);
	if (strcmp(got, want))
		FAIL("-e inject=%s: hits calls \"%s\", want \"%s\"", spec, got, want);
	free(t->inject);
	free(t);
}

static void counting(void)
{
	hits("getpid:error=EIO", 39, "1 2 3 4 5 6 7 8 9 10 11 12");
	hits("getpid:error=EIO:when=3", 39, "3");
	hits("getpid:error=EIO:when=3+", 39, "3 4 5 6 7 8 9 10 11 12");
	hits("getpid:error=EIO:when=2+3", 39, "2 5 8 11");
	hits("getpid:error=EIO:when=2..4", 39, "2 3 4");
	hits("getpid:error=EIO:when=2..6+2", 39, "2 4 6");
	hits("getpid:error=EIO:when=1..1", 39, "1");
	/* A later rule for the same syscall replaces the earlier one. */
	hits("getpid:retval=1:when=5", 39, "5");
	/* Rules are per syscall: getppid has none. */
	hits("getpid:error=EIO", 110, "");
}

int main(void)
{
	atexit(release_pokes);
	actions();
	pokes();
	when();
	fault();
	sets();
	counting();
	if (failures) {
		printf("%d failures\n", failures);
		return 1;
	}
	puts("inject_spec: all cases pass");
	return 0;
}
