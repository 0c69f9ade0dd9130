// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A self-describing lttrace test of exec: the program (LIST: `./exec list`) calls getenv, then
 * execs itself with the argument "child"; the new image calls strlen and exits.  It writes on
 * stdout (write(2): exec drops what stdio holds) the lines `lttrace -e LIST` must print: the
 * call of the first image, `--- Called exec() ---`, the call of the new one, its exit.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define LIST "getenv+strlen"

/* Written without strlen, which the trace shows. */
static void say(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	write(1, s, n);
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "list")) {
		say(LIST "\n");
		return 0;
	}
	if (argc > 1) {
		size_t n = strlen(argv[1]);
		say(n == 5 ? "exec->strlen(\"child\")                            = 5\n"
			   : "wrong length\n");
		say("+++ exited (status 0) +++\n");
		return 0;
	}
	char *e = getenv("LTTRACE_EXEC_TEST_UNSET");
	say(e ? "LTTRACE_EXEC_TEST_UNSET is set\n"
	      : "exec->getenv(\"LTTRACE_EXEC_TEST_UNSET\")          = nil\n");
	say("--- Called exec() ---\n");
	execl("/proc/self/exe", argv[0], "child", (char *)NULL);
	return 127;
}
