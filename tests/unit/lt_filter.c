// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * lttrace's filter chains, -e/-x/-l (ltrace-lite/lt-filter.c).  Each case gives the
 * expressions of one run and, for functions of a few objects, whether they are selected, or the
 * error lttrace prints after "lttrace: -e EXPR: ".  A call is written SYM@OBJ, OBJ being the
 * object lt_filter_match is asked about (lttrace, as ltrace, asks about the calling object):
 * MAIN, the program (soname "prog", /usr/bin/prog), libc (libc.so.6,
 * /lib/x86_64-linux-gnu/libc.so.6), libm (libm.so.6, /lib/x86_64-linux-gnu/libm.so.6) or ab
 * (liba-b.so, /opt/liba-b.so).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "ltrace-lite/lt.h"

/* lt_filter_walk (not tested here) reads the front end's options. */
struct lt_options lt_opts;

static int failures;

#define FAIL(...)                                                                                  \
	do {                                                                                       \
		printf("FAIL: " __VA_ARGS__);                                                      \
		putchar('\n');                                                                     \
		failures++;                                                                        \
	} while (0)

static const struct obj {
	const char *tag, *soname, *path;
	bool is_main;
} objs[] = {
	{ "MAIN", "prog", "/usr/bin/prog", true },
	{ "libc", "libc.so.6", "/lib/x86_64-linux-gnu/libc.so.6", false },
	{ "libm", "libm.so.6", "/lib/x86_64-linux-gnu/libm.so.6", false },
	{ "ab", "liba-b.so", "/opt/liba-b.so", false },
};

static const struct obj *obj(const char *tag)
{
	for (size_t i = 0; i < sizeof(objs) / sizeof(objs[0]); i++)
		if (!strcmp(objs[i].tag, tag))
			return &objs[i];
	return NULL;
}

/*
 * With the chains EXPRS (kind K, separated by '\n'), every SYM@OBJ of the space-separated IN
 * is selected, every one of OUT is not.
 */
static void chain(enum lt_filter_kind k, const char *exprs, const char *in, const char *out)
{
	char buf[512], err[256];
	const char *lists[2] = { in, out };

	lt_filter_reset();
	snprintf(buf, sizeof(buf), "%s", exprs);
	for (char *save, *e = strtok_r(buf, "\n", &save); e; e = strtok_r(NULL, "\n", &save))
		if (lt_filter_add(k, e, err, sizeof(err)) < 0) {
			FAIL("%s: refused (%s)", e, err);
			return;
		}
	for (int l = 0; l < 2; l++) {
		snprintf(buf, sizeof(buf), "%s", lists[l] ? lists[l] : "");
		char *save, *t;
		for (t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
			char *at = strrchr(t, '@');
			const struct obj *o = at ? obj(at + 1) : NULL;
			if (!o) {
				FAIL("bad case %s", t);
				continue;
			}
			*at = 0;
			if (lt_filter_match(k, t, o->soname, o->path, o->is_main) != !l)
				FAIL("'%s': %s@%s %s, want it %s", exprs, t, o->tag,
				     l ? "selected" : "not selected", l ? "out" : "in");
		}
	}
}

static void e(const char *exprs, const char *in, const char *out)
{
	chain(LT_FILTER_E, exprs, in, out);
}

static void bad(const char *expr, int want_rc, const char *want_err)
{
	char err[256] = "";

	lt_filter_reset();
	int rc = lt_filter_add(LT_FILTER_E, expr, err, sizeof(err));
	if (rc != want_rc)
		FAIL("'%s': returned %d (%s), want %d", expr, rc, err, want_rc);
	else if (strcmp(err, want_err))
		FAIL("'%s': error \"%s\", want \"%s\"", expr, err, want_err);
}

static void symbols(void)
{
	e("malloc", "malloc@libc malloc@MAIN", "free@libc calloc@libc");
	e("malloc+free", "malloc@libc free@libc", "calloc@libc");
	e("mem*", "memcpy@libc memset@libc", "malloc@libc strcpy@libc");
	e("*", "malloc@libc sin@libm main@MAIN", NULL);
	e("?alloc", "malloc@libc calloc@libc", "realloc@libc");
	/* '-' drops what the rules before it selected; rules apply left to right. */
	e("*-malloc", "free@libc sin@libm", "malloc@libc");
	e("mem*-memset", "memcpy@libc", "memset@libc");
	e("a*-ab*+abc", "abc@libc axe@libc", "abd@libc b@libc");
	e("malloc-malloc", NULL, "malloc@libc");
	e("malloc-malloc+malloc", "malloc@libc", NULL);
	/* A chain that starts with '-' starts from everything (and '+', alike, as ltrace). */
	e("-malloc", "free@libc sin@libm main@MAIN", "malloc@libc");
	e("-malloc-free", "calloc@libc", "malloc@libc free@libc");
	e("+getenv", "getenv@libc free@libc", NULL);
	/* /regex/ for the symbol: extended, unanchored. */
	e("/^str/", "strcpy@libc strlen@libc", "memcpy@libc wcslen@libc");
	e("/len$/", "strlen@libc wcslen@libc", "strlenx@libc");
	e("/^(malloc|free)$/", "malloc@libc free@libc", "calloc@libc");
	/* Several -e select what any of them selects. */
	e("malloc\nfree", "malloc@libc free@libc", "calloc@libc");
	e("*-malloc\nmalloc", "malloc@libc free@libc", NULL);
}

static void libraries(void)
{
	e("malloc@libc.so.6", "malloc@libc", "malloc@MAIN malloc@libm");
	e("@libc.so.6", "malloc@libc free@libc", "sin@libm main@MAIN");
	e("*@libm*", "sin@libm cos@libm", "malloc@libc");
	/* MAIN is the program itself, whatever its name. */
	e("malloc@MAIN", "malloc@MAIN", "malloc@libc");
	e("@MAIN", "main@MAIN foo@MAIN", "malloc@libc");
	e("*-@MAIN", "malloc@libc sin@libm", "main@MAIN");
	/* A library starting with '/' is a glob on the path, else on the soname. */
	e("*@/lib/x86_64?linux?gnu/libm*", "sin@libm", "malloc@libc main@MAIN");
	e("*@/usr/bin/*", "main@MAIN", "malloc@libc");
	e("malloc@x86_64-linux-gnu", NULL, "malloc@libc"); /* no path match without a '/' */
	/* /regex/ for the library: soname or path. */
	e("*@/^libm/", "sin@libm", "malloc@libc");
	e("*@/x86_64.linux.gnu/", "sin@libm malloc@libc", "main@MAIN");
	/*
	 * '-' and '+' separate rules everywhere, in a path or a regex too (as ltrace): Debian's
	 * multiarch paths cannot be written as they are.  "*@/lib/x86_64-linux-gnu/libm*" is
	 * the rules +*@/lib/x86_64 and -linux, -gnu/libm*: nothing in libm.
	 */
	e("*@/lib/x86_64-linux-gnu/libm*", NULL, "sin@libm malloc@libc");
	/* /xxx@yyy/ is /xxx/@/yyy/. */
	e("/^mem@libc/", "memcpy@libc memset@libc", "memcpy@libm malloc@libc");
	/* Libraries in a '-' rule. */
	e("*-*@libm.so.6", "malloc@libc main@MAIN", "sin@libm");
	e("@libc.so.6-mem*", "malloc@libc", "memcpy@libc sin@libm");
}

static void kinds(void)
{
	char err[256];

	lt_filter_reset();
	if (lt_filter_add(LT_FILTER_X, "main", err, sizeof(err)) < 0 ||
	    lt_filter_add(LT_FILTER_L, "libm.so.6", err, sizeof(err)) < 0)
		FAIL("-x main -l libm.so.6: refused (%s)", err);
	if (lt_filter_have(LT_FILTER_E) || !lt_filter_have(LT_FILTER_X) ||
	    !lt_filter_have(LT_FILTER_L))
		FAIL("-x, -l: the wrong kinds are present");
	if (lt_filter_match(LT_FILTER_E, "main", "prog", "/usr/bin/prog", true) ||
	    !lt_filter_match(LT_FILTER_X, "main", "prog", "/usr/bin/prog", true))
		FAIL("-x main: selects for the wrong kind");
	/* -l LIB is a library name (a glob) taken whole, '-' and '+' included, as ltrace's:
	 * "-l liba-b.so" is not the rule liba and the rule -b.so (ltrace.main/main-vfork.exp). */
	chain(LT_FILTER_L, "libm.so.6", "sin@libm", "malloc@libc f@ab");
	chain(LT_FILTER_L, "liba-b.so", "f@ab g@ab", "malloc@libc sin@libm");
	chain(LT_FILTER_L, "lib*-b.so\nlibm*", "f@ab sin@libm", "malloc@libc");
	/* Which objects a chain can select anything from (-e malloc@libc.so.6: not libm). */
	lt_filter_reset();
	if (lt_filter_add(LT_FILTER_E, "malloc@libc.so.6-free", err, sizeof(err)) < 0)
		FAIL("malloc@libc.so.6-free: refused (%s)", err);
	if (!lt_filter_lib_match(LT_FILTER_E, "libc.so.6", "/lib/libc.so.6", false) ||
	    lt_filter_lib_match(LT_FILTER_E, "libm.so.6", "/lib/libm.so.6", false) ||
	    lt_filter_lib_match(LT_FILTER_X, "libc.so.6", "/lib/libc.so.6", false))
		FAIL("malloc@libc.so.6-free: wrong objects");
	lt_filter_reset();
	if (lt_filter_have(LT_FILTER_X))
		FAIL("lt_filter_reset: chains left");
}

static void errors(void)
{
	bad("", -EINVAL, "empty filter expression");
	bad("/abc", -EINVAL, "unmatched '/' in '/abc'");
	bad("/", -EINVAL, "unmatched '/' in '/'");
	bad("malloc+/abc", -EINVAL, "unmatched '/' in 'malloc+/abc'");
	bad("/(/", -EINVAL, "invalid regular expression '('");
	bad("*@/[/", -EINVAL, "invalid regular expression '['");
	bad("/x@[/", -EINVAL, "invalid regular expression '['");
}

int main(void)
{
	symbols();
	libraries();
	kinds();
	errors();
	if (failures) {
		printf("%d failures\n", failures);
		return 1;
	}
	puts("lt_filter: all cases pass");
	return 0;
}
