// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A self-describing test of vfork under lttrace -f (tests/sh/lttrace-vfork.sh;
 * ltrace.main/hello-vfork.exp, main-vfork.exp, ltrace.torture/vfork-thread.exp): the child
 * returns from vfork() too, in the parent's memory, and that return shows under its pid as
 * `<... vfork resumed> ) = 0`, before the parent's `<... vfork resumed> ) = CHILD`.  After the
 * child's end, the program prints the lines lttrace -f -e vfork+getpid must write, in order
 * (its end and signal lines aside).
 */
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void)
{
	pid_t parent = getpid(), child = vfork();

	if (child == 0) {
		getpid();
		_exit(0);
	}
	if (child < 0)
		return 1;
	waitpid(child, NULL, 0);
	printf("%d vfork->getpid() = %d\n", parent, parent);
	printf("%d vfork->vfork( <unfinished ...>\n", parent);
	printf("%d <... vfork resumed> ) = 0\n", child);
	printf("%d vfork->getpid() = %d\n", child, child);
	printf("%d <... vfork resumed> ) = %d\n", parent, child);
	return 0;
}
