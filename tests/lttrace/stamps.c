// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Timestamps (-tt, -ttt): usleep(20000), then getpid(), then exit.  Each line's time must be
 * its event's: getpid's line at least 20 ms after usleep's, the exit line after getpid's.
 * Under --bpf the records are read in batches, after the events: times taken when a line is
 * printed would put both calls within microseconds of each other.  Prints "ok".
 */
#include <stdio.h>
#include <unistd.h>

int main(void)
{
	usleep(20000);
	getpid();
	puts("ok");
	return 0;
}
