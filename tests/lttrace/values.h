/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* values.c and its library (values-lib.c): the types and functions lttrace prints through
 * values.conf. */
#pragma once

struct pt {
	int x, y;
};
struct node {
	int v;
	struct node *next;
};
struct big {
	long a, b, c;
};
struct fpt {
	double x, y;
};

float func_float(float a, float b);
double func_double(double a, double b);
double func_mixed(int i, double d, const char *s);
double func_fstruct(struct fpt p);
int func_ppp(int ***p);
int func_stringp(char **s);
int func_struct(struct pt p);
struct pt func_ret_struct(int a);
int ll(struct node *n);
long func_big(struct big b);
void func_strout(char **out);
struct big func_ret_big(long a);
void func_pack(const char *fmt, ...);
