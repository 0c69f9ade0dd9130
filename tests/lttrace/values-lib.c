// SPDX-License-Identifier: LGPL-2.1-or-later
/* The library of values.c: functions whose values lttrace prints through its .conf prototypes. */
#include "values.h"

float func_float(float a, float b) { return a + b; }
double func_double(double a, double b) { return a * b; }
double func_mixed(int i, double d, const char *s) { return d + i + s[0]; }
double func_fstruct(struct fpt p) { return p.x - p.y; }
int func_ppp(int ***p) { return ***p; }
int func_stringp(char **s) { return (*s)[0]; }
int func_struct(struct pt p) { return p.x + p.y; }
struct pt func_ret_struct(int a) { struct pt p = { a, a + 1 }; return p; }
int ll(struct node *n)
{
	int s = 0;

	for (; n; n = n->next)
		s += n->v;
	return s;
}
long func_big(struct big b) { return b.a + b.b + b.c; }
void func_strout(char **out) { *out = "written"; }
struct big func_ret_big(long a) { struct big b = { a, a * 2, a * 3 }; return b; }
void func_pack(const char *fmt, ...) { (void)fmt; }
