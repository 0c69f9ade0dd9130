// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A self-describing test of lttrace's -F files (tests/sh/lttrace-conf.sh), as ltrace 0.7.3's
 * ltrace.main/parameters2.exp checks them: `./conf conf` writes a .conf file whose bad lines
 * (a typedef defined twice, a forward struct out of place) lttrace must write into the trace,
 * as `FILE:LINE: error: ...`, and then go on with the good ones: bit vectors of an integer
 * and of an array behind a pointer (`<8-15,255>`).  `./conf` makes the
 * calls and prints the lines lttrace -L -x 'f_*' -F conf.conf must write.
 */
#include <stdio.h>
#include <string.h>

__attribute__((noinline)) void f_bits(unsigned int v)
{
	(void)v;
}

__attribute__((noinline)) void f_bytes(unsigned char *arr)
{
	(void)arr;
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "conf")) {
		/* Lines 2, 4 and 6 are bad; the others must be used. */
		fputs("typedef aa = int;\n"
		      "typedef aa = int;\n"
		      "typedef node = struct;\n"
		      "typedef bad = struct(int, struct;);\n"
		      "typedef node = struct(int, node*);\n"
		      "typedef node = struct(int);\n"
		      "void f_bits(bitvec(uint));\n"
		      "void f_bytes(bitvec(array(char, 32)*));\n", stdout);
		return 0;
	}
	unsigned char bytes[32] = { 0 };
	bytes[1] = 0xff;
	bytes[31] = 0x80;

	printf("conf.conf:2: error: redefinition of typedef 'aa'\n"
	       "conf.conf:4: error: expected ',' at \";);\"\n"
	       "conf.conf:6: error: redefinition of typedef 'node'\n");
	printf("f_bits(<>) = <void>\n");
	printf("f_bits(<0-1,5,8>) = <void>\n");
	printf("f_bits(~<0>) = <void>\n");
	printf("f_bits(~<>) = <void>\n");
	printf("f_bytes(<8-15,255>) = <void>\n");
	fflush(stdout);
	f_bits(0);
	f_bits(0x123);
	f_bits(0xfffffffe);
	f_bits(0xffffffff);
	f_bytes(bytes);
	return 0;
}
