// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * strace's quoting of every byte value: C escapes for \t\n\v\f\r, \" and \\, printable ASCII as
 * is, anything else in octal -- the shortest form, unless a digit 0-7 follows, then all three
 * digits -- or, with -x, the whole string in \xNN once any byte is not printable, and with -xx
 * always, with --strings-in-hex=non-ascii-chars each byte not printable in \xNN and the rest
 * as without -x.  Each byte is written twice, once followed by '7' and once by 'a', to exercise
 * both octal forms.  Run with -a0 -s2048 -e trace=write (quoting-x, quoting-xx,
 * quoting-xchars: -x, -xx, --strings-in-hex=non-ascii-chars).
 */
#include <fcntl.h>

#include "fdtest.h"

#ifndef XFLAG
#define XFLAG 0
#endif

static size_t quote(char *o, const unsigned char *s, size_t n)
{
	size_t k = 0;
	int hex = XFLAG == 2;

	for (size_t i = 0; XFLAG == 1 && i < n; i++)
		if (s[i] > 0x7e || (s[i] < ' ' && (s[i] < 9 || s[i] > 13)))
			hex = 1;
	o[k++] = '"';
	for (size_t i = 0; i < n; i++) {
		unsigned c = s[i];
		const char *esc = strchr("\t\n\v\f\r", (int)c);
		if (hex) {
			k += (size_t)sprintf(o + k, "\\x%02x", c);
		} else if (c && esc) {
			o[k++] = '\\';
			o[k++] = "tnvfr"[esc - "\t\n\v\f\r"];
		} else if (c == '"' || c == '\\') {
			o[k++] = '\\';
			o[k++] = (char)c;
		} else if (c >= ' ' && c < 0x7f) {
			o[k++] = (char)c;
		} else if (XFLAG == 1 || XFLAG == 3) {
			k += (size_t)sprintf(o + k, "\\x%02x", c);
		} else if (i + 1 < n && s[i + 1] >= '0' && s[i + 1] <= '7') {
			k += (size_t)sprintf(o + k, "\\%03o", c);
		} else {
			k += (size_t)sprintf(o + k, "\\%o", c);
		}
	}
	o[k++] = '"';
	o[k] = '\0';
	return k;
}

int main(void)
{
	unsigned char buf[512];
	char text[4096];
	int fd = open("/dev/null", O_WRONLY);

	/* Printable text alone: -x leaves it as is, -xx does not. */
	static const char plain[] = "plain \"text\" with \\ and \t tab";
	long rc = syscall(__NR_write, fd, plain, sizeof(plain) - 1);
	quote(text, (const unsigned char *)plain, sizeof(plain) - 1);
	out("write(%d, %s, %zu) = %ld\n", fd, text, sizeof(plain) - 1, rc);

	for (int half = 0; half < 2; half++) {
		size_t n = 0;
		for (int b = half * 128; b < half * 128 + 128; b++) {
			buf[n++] = (unsigned char)b;
			buf[n++] = (b & 1) ? '7' : 'a';
		}
		rc = syscall(__NR_write, fd, buf, n);
		quote(text, buf, n);
		out("write(%d, %s, %zu) = %ld\n", fd, text, n, rc);
	}
	out("+++ exited with 0 +++\n");
	return 0;
}
