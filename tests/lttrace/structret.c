// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A self-describing test of structs of 9 to 16 bytes returned in two registers
 * (tests/sh/lttrace-structret.sh; ltrace.main/parameters.exp's func_hfa_f3, func_hfa_d2): each
 * eightbyte goes in the next register of its class, rax then rdx, xmm0 then xmm1.  `./structret
 * conf` writes the prototypes; `./structret` makes the calls and prints the lines lttrace -L
 * -x 'r_*' -F structret.conf must write.
 */
#include <stdio.h>
#include <string.h>

struct f3 {
	float a, b, c;
};
struct d2 {
	double a, b;
};
struct ld {
	long a;
	double b;
};
struct i3 {
	int a, b, c;
};

__attribute__((noinline)) struct f3 r_f3(float x)
{
	return (struct f3){ x, x + 1, x + 2 };
}

__attribute__((noinline)) struct d2 r_d2(double x)
{
	return (struct d2){ x, x * 2 };
}

__attribute__((noinline)) struct ld r_ld(long x)
{
	return (struct ld){ x, x / 4.0 };
}

__attribute__((noinline)) struct i3 r_i3(int x)
{
	return (struct i3){ x, -x, x * x };
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "conf")) {
		fputs("struct(float, float, float) r_f3(float);\n"
		      "struct(double, double) r_d2(double);\n"
		      "struct(long, double) r_ld(long);\n"
		      "struct(int, int, int) r_i3(int);\n", stdout);
		return 0;
	}
	struct f3 f = r_f3(1.5f);
	struct d2 d = r_d2(2.25);
	struct ld l = r_ld(-7);
	struct i3 i = r_i3(5);

	printf("r_f3(%f) = { %f, %f, %f }\n", 1.5, f.a, f.b, f.c);
	printf("r_d2(%f) = { %f, %f }\n", 2.25, d.a, d.b);
	printf("r_ld(-7) = { %ld, %f }\n", l.a, l.b);
	printf("r_i3(5) = { %d, %d, %d }\n", i.a, i.b, i.c);
	return 0;
}
