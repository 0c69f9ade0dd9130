// SPDX-License-Identifier: LGPL-2.1-or-later
/* The clock of the event being formatted (see clock.h). */
#include "common/clock.h"

static uint64_t event_mono_ns;
static int64_t real_minus_mono; /* ns; measured once, or set by a replay */

void clock_set_real_minus_mono(int64_t ns)
{
	real_minus_mono = ns;
}

void clock_event_set(uint64_t mono_ns)
{
	event_mono_ns = mono_ns;
}

uint64_t clock_event_get(void)
{
	return event_mono_ns;
}

void tnow(clockid_t clk, struct timespec *ts)
{
	if (!event_mono_ns) {
		clock_gettime(clk, ts);
		return;
	}
	int64_t ns = (int64_t)event_mono_ns;
	if (clk == CLOCK_REALTIME) {
		if (!real_minus_mono) {
			struct timespec r, m;
			clock_gettime(CLOCK_REALTIME, &r);
			clock_gettime(CLOCK_MONOTONIC, &m);
			real_minus_mono = (r.tv_sec - m.tv_sec) * 1000000000ll + (r.tv_nsec - m.tv_nsec);
		}
		ns += real_minus_mono;
	}
	ts->tv_sec = ns / 1000000000;
	ts->tv_nsec = ns % 1000000000;
}
