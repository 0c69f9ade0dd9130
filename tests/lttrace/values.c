// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A self-describing lttrace test of values the --bpf backend cannot copy at the hit: float and
 * double arguments and results (xmm registers), structs by value, pointers to pointers, a string
 * behind a pointer, a linked list, an out argument written through a pointer, libm's cos and a
 * printf pack with a double.  It writes on stdout the lines `lttrace -F values.conf -e LIST`
 * must print (LIST: `./values list`), computed from what it passed and got back; the traced
 * printf writes to /dev/null.  Both backends must print exactly these lines.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "values.h"

#define LIST "func_*+ll+cos+printf"

static int out = 1;
static const char *prog;

/* One line: `PROG->` (a call -e chose), the call up to its `)`, padded to column 49, `= RET`. */
static void line(const char *call, const char *ret)
{
	char b[256];

	snprintf(b, sizeof(b), "%s->%s", prog, call);
	dprintf(out, "%-48s = %s\n", b, ret);
}

int main(int argc, char **argv)
{
	char c[128], r[64];
	const char *slash = strrchr(argv[0], '/');

	prog = slash ? slash + 1 : argv[0];

	if (argc > 1 && !strcmp(argv[1], "list")) {
		dprintf(1, "%s\n", LIST);
		return 0;
	}
	out = dup(1);
	if (out < 0 || !freopen("/dev/null", "w", stdout))
		return 1;
	float f = func_float(1.5f, 2.25f);
	snprintf(c, sizeof(c), "func_float(%f, %f)", 1.5, 2.25);
	snprintf(r, sizeof(r), "%f", f), line(c, r);
	double d = func_double(3.0, -0.5);
	snprintf(c, sizeof(c), "func_double(%f, %f)", 3.0, -0.5);
	snprintf(r, sizeof(r), "%f", d), line(c, r);
	d = func_mixed(2, 4.5, "hi");
	snprintf(c, sizeof(c), "func_mixed(2, %f, \"hi\")", 4.5);
	snprintf(r, sizeof(r), "%f", d), line(c, r);
	struct fpt fp = { 7.25, 0.125 };
	d = func_fstruct(fp);
	snprintf(c, sizeof(c), "func_fstruct({ %f, %f })", fp.x, fp.y);
	snprintf(r, sizeof(r), "%f", d), line(c, r);
	int v = 80, *p = &v, **pp = &p;
	snprintf(r, sizeof(r), "%d", func_ppp(&pp)), line("func_ppp(80)", r);
	char *s = "Dude";
	snprintf(r, sizeof(r), "%d", func_stringp(&s)), line("func_stringp(\"Dude\")", r);
	struct pt q = { 3, 4 };
	snprintf(r, sizeof(r), "%d", func_struct(q)), line("func_struct({ 3, 4 })", r);
	struct pt q2 = func_ret_struct(7);
	snprintf(r, sizeof(r), "{ %d, %d }", q2.x, q2.y), line("func_ret_struct(7)", r);
	struct node n3 = { 3, NULL }, n2 = { 2, &n3 }, n1 = { 1, &n2 };
	snprintf(r, sizeof(r), "%d", ll(&n1)), line("ll({ 1, { 2, { 3, nil } } })", r);
	struct big bg = { 1, 2, 3 };
	snprintf(r, sizeof(r), "%ld", func_big(bg)), line("func_big({ 1, 2, 3 })", r);
	char *w = NULL;
	func_strout(&w);
	snprintf(c, sizeof(c), "func_strout(\"%s\")", w), line(c, "<void>");
	struct big rb = func_ret_big(5);
	snprintf(r, sizeof(r), "{ %ld, %ld, %ld }", rb.a, rb.b, rb.c), line("func_ret_big(5)", r);
	/* A format longer than -s: its conversions past the cut, on the stack, still count. */
	func_pack("a long format string: %d %d %d %d %d %g %d %d %s", 1, 2, 3, 4, 5, 6.5, 7, 8,
		  "nine");
	snprintf(c, sizeof(c), "func_pack(\"a long format string: %%d %%d %%d %%\"..., 1, 2, 3, 4, 5, "
		 "%f, 7, 8, \"nine\")", 6.5);
	line(c, "<void>");
	volatile double x = 1.5;
	double cx = cos(x);
	snprintf(c, sizeof(c), "cos(%f)", 1.5);
	snprintf(r, sizeof(r), "%f", cx), line(c, r);
	int np = printf("%.3f %s\n", cx, "Dude");
	snprintf(c, sizeof(c), "printf(\"%%.3f %%s\\n\", %f, \"Dude\")", cx);
	snprintf(r, sizeof(r), "%d", np), line(c, r);
	dprintf(out, "+++ exited (status 0) +++\n");
	return 0;
}
