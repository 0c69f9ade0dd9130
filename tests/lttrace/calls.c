// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A self-describing lttrace test: it makes library calls and writes on stdout the exact lines
 * `lttrace -e LIST` must print for them (LIST: the functions below), in ltrace's format:
 * `PROG->name(args) = ret` with the `=` at column 49.  Its own output is built by hand and
 * written with write(2), so no library call of its own shows up in the trace; the values
 * (pointers, results) are the ones it got.  Half of the functions are IFUNCs in glibc
 * (strlen, strchr, strcmp, memcpy, memmove, memset): they must show under these names.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define LIST "malloc+calloc+realloc+free+strlen+strchr+strcmp+memcpy+memmove+memset+atoi+getenv"

static char line[512];
static int len;
static const char *prog;

static void put(const char *s)
{
	while (*s && len < (int)sizeof(line) - 1)
		line[len++] = *s++;
}

static void put_hex(unsigned long v)
{
	char b[20];
	int n = 0;

	if (!v) {
		put("nil");
		return;
	}
	do
		b[n++] = "0123456789abcdef"[v % 16];
	while (v /= 16);
	put("0x");
	while (n)
		line[len++] = b[--n];
}

static void put_dec(long v)
{
	char b[24];
	int n = 0;
	unsigned long u = v < 0 ? -(unsigned long)v : (unsigned long)v;

	if (v < 0)
		put("-");
	do
		b[n++] = (char)('0' + u % 10);
	while (u /= 10);
	while (n)
		line[len++] = b[--n];
}

static void put_str(const char *s)
{
	put("\"");
	put(s);
	put("\"");
}

/* Start a line: "PROG->NAME(". */
static void call(const char *name)
{
	len = 0;
	put(prog);
	put("->");
	put(name);
	put("(");
}

/* End it: ") ", pad to column 49, "= ", the result. */
static void ret(void)
{
	put(") ");
	while (len < 49)
		line[len++] = ' ';
	put("= ");
}

static void end(void)
{
	line[len++] = '\n';
	write(1, line, (size_t)len);
}

int main(int argc, char **argv)
{
	const char *p = argv[0];

	for (prog = p; *p; p++)
		if (*p == '/')
			prog = p + 1;
	if (argc > 1 && argv[1][0] == 'l') {
		write(1, LIST "\n", sizeof(LIST));
		return 0;
	}

	char *a = malloc(16);
	call("malloc"), put_dec(16), ret(), put_hex((unsigned long)a), end();
	char *z = calloc(4, 8);
	call("calloc"), put_dec(4), put(", "), put_dec(8), ret(), put_hex((unsigned long)z), end();
	memset(a, 'x', 5);
	call("memset"), put_hex((unsigned long)a), put(", 'x', "), put_dec(5), ret(),
		put_hex((unsigned long)a), end();
	a[5] = 0;
	size_t n = strlen(a);
	call("strlen"), put_str("xxxxx"), ret(), put_dec((long)n), end();
	char buf[32] = "hello, world";
	char *c = strchr(buf, ',');
	call("strchr"), put_str("hello, world"), put(", ','"), ret(), put_str(", world"), end();
	(void)c;
	int r = strcmp(buf, "hello");
	call("strcmp"), put_str("hello, world"), put(", "), put_str("hello"), ret(), put_dec(r), end();
	char *d = memcpy(a, "abcdefgh", 9);
	call("memcpy"), put_hex((unsigned long)a), put(", "), put_str("abcdefgh\\0"), put(", "),
		put_dec(9), ret(), put_hex((unsigned long)d), end();
	d = memmove(a + 1, a, 4);
	call("memmove"), put_hex((unsigned long)(a + 1)), put(", "), put_str("abcd"), put(", "),
		put_dec(4), ret(), put_hex((unsigned long)d), end();
	int i = atoi("1234");
	call("atoi"), put_str("1234"), ret(), put_dec(i), end();
	char *e = getenv("LTTRACE_TEST_NO_SUCH_VARIABLE");
	call("getenv"), put_str("LTTRACE_TEST_NO_SUCH_VARIABLE"), ret(), put_hex((unsigned long)e),
		end();
	char *b = realloc(a, 4096);
	call("realloc"), put_hex((unsigned long)a), put(", "), put_dec(4096), ret(),
		put_hex((unsigned long)b), end();
	free(b);
	call("free"), put_hex((unsigned long)b), ret(), put("<void>"), end();
	free(z);
	call("free"), put_hex((unsigned long)z), ret(), put("<void>"), end();
	write(1, "+++ exited (status 0) +++\n", 26);
	return 0;
}
