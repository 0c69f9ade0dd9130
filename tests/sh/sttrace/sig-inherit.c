// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * tests/sh/sttrace/sig-inherit.sh's program: prints how it found the signals a tracer changes for
 * itself (SIGTTOU, SIGTTIN, SIGTSTP ignored; SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGTERM caught),
 * one "NAME default|ignored|caught" line each: traced, it must print what it prints untraced.
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
	static const int sigs[] = { SIGTTOU, SIGTTIN, SIGTSTP, SIGHUP, SIGINT, SIGQUIT, SIGPIPE,
				    SIGTERM };

	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
		struct sigaction sa;
		if (sigaction(sigs[i], NULL, &sa))
			return 1;
		printf("%s %s\n", strsignal(sigs[i]),
		       sa.sa_handler == SIG_DFL ? "default" : sa.sa_handler == SIG_IGN ? "ignored" :
		       "caught");
	}
	return 0;
}
