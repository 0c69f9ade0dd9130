// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A self-describing test of lttrace's exit status (tests/sh/lttrace-exit.sh): `./exitcode N`
 * ends with exit(N), `./exitcode SIGNAME` by that signal, and each first prints the lines
 * lttrace -L must end its trace with.  lttrace itself exits 0 whatever the program's end, as
 * ltrace 0.7.3 does (its test suite counts anything else as a failure).
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		int sig;
	} sigs[] = { { "SIGTERM", SIGTERM }, { "SIGSEGV", SIGSEGV }, { "SIGABRT", SIGABRT } };
	const char *a = argc > 1 ? argv[1] : "0";

	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		if (!strcmp(a, sigs[i].name)) {
			printf("--- %s (%s) ---\n", a, strsignal(sigs[i].sig));
			printf("+++ killed by %s +++\n", a);
			fflush(stdout);
			signal(sigs[i].sig, SIG_DFL);
			raise(sigs[i].sig);
			return 99;
		}
	printf("+++ exited (status %d) +++\n", atoi(a) & 0xff);
	return atoi(a);
}
