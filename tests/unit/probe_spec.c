// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * -e usdt=, -e uprobe= and -e uretprobe= specs (strace-lite/probe/probe-spec.c).  First the grammar
 * (probe_spec_parse, which reads no file): each case gives the value and the specs it must
 * parse to, written "PROVIDER:NAME@PATH/HINTS" for a USDT spec and "NAME@PATH/HINTS" for a
 * function ("-" for no path), or the error sttrace prints after "sttrace: ".  Then the checks
 * made before the program runs when a spec names one file (probe_qualify), against this test's
 * own binary, which holds one USDT probe and the function probed_function.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "strace-lite/probe/probe-int.h"
#include "strace-lite/probe/probe.h"
#include "sdt/sdt.h"

static int failures;

#define FAIL(...)                                                                                  \
	do {                                                                                       \
		printf("FAIL: " __VA_ARGS__);                                                      \
		putchar('\n');                                                                     \
		failures++;                                                                        \
	} while (0)

static const char *kind_name(int kind)
{
	return kind == SPEC_USDT ? "usdt" : kind == SPEC_UPROBE ? "uprobe" : "uretprobe";
}

/* The specs as one string: "p:n@path/hints n@-/ ..." */
static void render(char *out, size_t len, const struct spec *sp, size_t n)
{
	size_t used = 0;

	out[0] = 0;
	for (size_t i = 0; i < n && used < len; i++) {
		const struct spec *s = &sp[i];
		used += snprintf(out + used, len - used, "%s%s%s%s@%s/%s", i ? " " : "",
				 s->kind == SPEC_USDT ? s->provider : "",
				 s->kind == SPEC_USDT ? ":" : "", s->name, s->path ? s->path : "-",
				 s->hints);
	}
}

static void good(int kind, const char *val, const char *want)
{
	struct spec *sp = NULL;
	size_t n = 0;
	char err[256] = "", got[1024];

	if (probe_spec_parse(kind, val, &sp, &n, err, sizeof(err)) < 0) {
		FAIL("-e %s=%s: refused (%s)", kind_name(kind), val, err);
	} else {
		render(got, sizeof(got), sp, n);
		if (strcmp(got, want))
			FAIL("-e %s=%s: specs \"%s\", want \"%s\"", kind_name(kind), val, got,
			     want);
	}
	probe_specs_free(sp, n);
}

static void bad(int kind, const char *val, const char *want_err)
{
	struct spec *sp = NULL;
	size_t n = 0;
	char err[256] = "";

	if (probe_spec_parse(kind, val, &sp, &n, err, sizeof(err)) != -EINVAL)
		FAIL("-e %s=%s: accepted, want \"%s\"", kind_name(kind), val, want_err);
	else if (strcmp(err, want_err))
		FAIL("-e %s=%s: error \"%s\", want \"%s\"", kind_name(kind), val, err, want_err);
	probe_specs_free(sp, n);
}

static void usdt(void)
{
	good(SPEC_USDT, "myapp:req", "myapp:req@-/");
	good(SPEC_USDT, "myapp:req@/usr/bin/app", "myapp:req@/usr/bin/app/");
	good(SPEC_USDT, "myapp:req@libapp.so", "myapp:req@libapp.so/");
	/* A missing provider or name is any. */
	good(SPEC_USDT, "myapp", "myapp:*@-/");
	good(SPEC_USDT, "myapp:", "myapp:*@-/");
	good(SPEC_USDT, ":req", "*:req@-/");
	good(SPEC_USDT, "@/bin/app", "*:*@/bin/app/");
	/* Globs are kept for the resolver. */
	good(SPEC_USDT, "my*:req_?@lib*.so", "my*:req_?@lib*.so/");
	/* Commas separate probes. */
	good(SPEC_USDT, "a:b,c:d", "a:b@-/ c:d@-/");
	/* ... and the letters of the hints that end one. */
	good(SPEC_USDT, "myapp:req:args=d,s", "myapp:req@-/ds");
	good(SPEC_USDT, "myapp:req:args=ds", "myapp:req@-/ds");
	good(SPEC_USDT, "myapp:req@/bin/app:args=x,u,f", "myapp:req@/bin/app/xuf");
	good(SPEC_USDT, "a:b:args=d,s,c:d", "a:b@-/ds c:d@-/");
	good(SPEC_USDT, "a:b:args=dulzxsfdulzx", "a:b@-/dulzxsfdulzx"); /* 12, the most */
	good(SPEC_USDT, "a:b:args=d,u,l,z,x,s,f,d,u,l,z,x", "a:b@-/dulzxsfdulzx");
	/* A one-letter probe after hints is one more hint (write it with a colon: "x:"). */
	good(SPEC_USDT, "a:b:args=d,x", "a:b@-/dx");
	good(SPEC_USDT, "a:b:args=d,x:", "a:b@-/d x:*@-/");
	/* A one-letter probe after a probe without hints is a probe. */
	good(SPEC_USDT, "a:b,x", "a:b@-/ x:*@-/");
	/* Empty: no probe at all (no error). */
	good(SPEC_USDT, "", "");
	good(SPEC_USDT, ",", "");

	bad(SPEC_USDT, "a:b:args=q", "invalid argument hints 'q' (letters d u l z x s f)");
	bad(SPEC_USDT, "a:b:args=dulzxsfdulzxs",
	    "invalid argument hints 'dulzxsfdulzxs' (letters d u l z x s f)");
	bad(SPEC_USDT, "a:b:args=d,u,l,z,x,s,f,d,u,l,z,x,s", "too many argument hints");
	/* @PATH goes before the hints. */
	bad(SPEC_USDT, "a:b:args=d@/bin/app", "invalid argument hints 'd@/bin/app' "
					       "(letters d u l z x s f)");
}

static void functions(void)
{
	good(SPEC_UPROBE, "malloc", "malloc@-/");
	good(SPEC_UPROBE, "malloc@libc.so.6", "malloc@libc.so.6/");
	good(SPEC_UPROBE, "malloc,free", "malloc@-/ free@-/");
	good(SPEC_UPROBE, "malloc:args=z", "malloc@-/z");
	good(SPEC_UPROBE, "malloc:args=z,free", "malloc@-/z free@-/");
	good(SPEC_UPROBE, "mem*@libc.so.6", "mem*@libc.so.6/");
	good(SPEC_URETPROBE, "malloc:ret=x", "malloc@-/x");
	good(SPEC_URETPROBE, "strlen@libc.so.6:ret=u", "strlen@libc.so.6/u");
	/* uretprobe takes :args= too (only :ret= is documented). */
	good(SPEC_URETPROBE, "malloc:args=x", "malloc@-/x");
	good(SPEC_UPROBE, "", "");

	bad(SPEC_UPROBE, "@libc.so.6", "uprobe: no symbol given");
	bad(SPEC_UPROBE, ":args=d", "uprobe: no symbol given");
	bad(SPEC_URETPROBE, "@libc.so.6", "uretprobe: no symbol given");
	bad(SPEC_UPROBE, "malloc:args=y", "invalid argument hints 'y' (letters d u l z x s f)");
	bad(SPEC_URETPROBE, "malloc:ret=w", "invalid argument hints 'w' (letters d u l z x s f)");
}

/* probe_qualify as sttrace calls it: specs accumulate, so each case starts from none. */
static void qualify(const char *kind, const char *val, const char *want_err)
{
	char err[512] = "";

	probe_specs_free(probe_specs, probe_nspecs);
	probe_specs = NULL;
	probe_nspecs = 0;
	int rc = probe_qualify(kind, val, err, sizeof(err));
	if (!want_err && rc < 0)
		FAIL("-e %s=%s: refused (%s)", kind, val, err);
	else if (want_err && rc != -EINVAL)
		FAIL("-e %s=%s: returned %d, want \"%s\"", kind, val, rc, want_err);
	else if (want_err && strcmp(err, want_err))
		FAIL("-e %s=%s: error \"%s\", want \"%s\"", kind, val, err, want_err);
}

__attribute__((noinline, used)) int probed_function(int x)
{
	DTRACE_PROBE1(unitprov, unitprobe, x);
	return x + 1;
}

static void files(const char *self)
{
	char val[4200], want[4400];

	snprintf(val, sizeof(val), "unitprov:unitprobe@%s", self);
	qualify("usdt", val, NULL);
	snprintf(val, sizeof(val), "unit*:*@%s", self);
	qualify("usdt", val, NULL);
	snprintf(val, sizeof(val), "unitprov:nosuch@%s", self);
	snprintf(want, sizeof(want), "usdt: no probe unitprov:nosuch in %s", self);
	qualify("usdt", val, want);
	snprintf(val, sizeof(val), "probed_function@%s", self);
	qualify("uprobe", val, NULL);
	qualify("uretprobe", val, NULL);
	snprintf(val, sizeof(val), "no_such_function@%s", self);
	snprintf(want, sizeof(want), "uprobe: no function no_such_function in %s", self);
	qualify("uprobe", val, want);
	/* Missing files, files that are not ELF. */
	qualify("usdt", "a:b@/nonexistent/app",
		"usdt: /nonexistent/app: No such file or directory");
	qualify("uprobe", "f@/nonexistent/lib.so",
		"uprobe: /nonexistent/lib.so: No such file or directory");
	qualify("uprobe", "f@/proc/self/status", "uprobe: /proc/self/status is not an ELF object");
	/* No '/' or a glob: resolved later, in each process's mappings; nothing checked now. */
	qualify("usdt", "a:b@nonexistent.so", NULL);
	qualify("uprobe", "f@/nonexistent/*.so", NULL);
	qualify("uprobe", "f", NULL);
	/* The grammar's errors come through unchanged. */
	qualify("uprobe", "@libc.so.6", "uprobe: no symbol given");
}

int main(int argc, char **argv)
{
	char self[4096];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);

	if (n <= 0) {
		perror("/proc/self/exe");
		return 1;
	}
	self[n] = 0;
	usdt();
	functions();
	files(self);
	if (argc > 99) /* keep the probe's code */
		probed_function(argc);
	if (failures) {
		printf("%d failures\n", failures);
		return 1;
	}
	puts("probe_spec: all cases pass");
	return 0;
}
