// SPDX-License-Identifier: LGPL-2.1-or-later
// untraced: the environment is what -E makes it
/*
 * -E VAR=VAL and --env=VAR=VAL put VAR in the program's environment, -E VAR takes it out, in
 * the order given (a later -E of the same variable wins): the program sees STTRACE_E1=one,
 * STTRACE_E2=two=2 and no HOME.
 * Run with -a0 -E STTRACE_E1=zero -E HOME --env=STTRACE_E2=two=2 -E STTRACE_E1=one
 *	-e trace=none.
 */
#include "tests.h"

int main(void)
{
	const char *e1 = getenv("STTRACE_E1"), *e2 = getenv("STTRACE_E2");

	if (!e1 || strcmp(e1, "one") || !e2 || strcmp(e2, "two=2") || getenv("HOME"))
		FAIL("environment: STTRACE_E1=%s STTRACE_E2=%s HOME=%s", e1, e2, getenv("HOME"));
	printf("+++ exited with 0 +++\n");
	return 0;
}
