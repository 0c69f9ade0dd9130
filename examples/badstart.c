// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * badstart: a service that will not start, and will not say why -- workshop walkthrough 1
 * (examples/workshop/1-why-wont-it-start.md).
 *
 * Like many daemons, the parent only supervises: it forks a worker that reads the
 * configuration, and when the worker gives up the parent reports a status code and nothing
 * else.  The worker looks for its file in $BADSTART_CONF, then ./badstart.conf, then
 * /etc/badstart.conf; it never names the paths it tried.  `sttrace -f -e trace=%file` does.
 *
 *	badstart        exit 0 and "badstart: ready (...)" once a configuration is found
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define EX_CONFIG 78

static int worker(void)
{
	const char *candidates[] = { getenv("BADSTART_CONF"), "badstart.conf",
				     "/etc/badstart.conf" };
	char conf[256];

	for (size_t i = 0; i < sizeof(candidates) / sizeof(candidates[0]); i++) {
		if (!candidates[i])
			continue;
		int fd = open(candidates[i], O_RDONLY);
		if (fd < 0)
			continue; /* the bug this program teaches: the path is not reported */
		ssize_t n = read(fd, conf, sizeof(conf) - 1);
		close(fd);
		if (n <= 0)
			return EX_CONFIG;
		conf[n] = 0;
		conf[strcspn(conf, "\n")] = 0;
		printf("badstart: ready (%s)\n", conf);
		return 0;
	}
	return EX_CONFIG;
}

int main(void)
{
	int status;
	pid_t pid;

	setvbuf(stdout, NULL, _IOLBF, 0);
	pid = fork();
	if (pid < 0) {
		perror("badstart: fork");
		return 1;
	}
	if (!pid)
		_exit(worker());
	if (waitpid(pid, &status, 0) < 0) {
		perror("badstart: waitpid");
		return 1;
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		fprintf(stderr, "badstart: the worker did not start (status %d)\n",
			WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
		return 1;
	}
	return 0;
}
