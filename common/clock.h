/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The clock of the event being formatted.  A ptrace stop is formatted as it happens, so "now"
 * is the clock's own now; an event read from a BPF ring buffer happened earlier, and its writer
 * must print the time the kernel stamped on it.  A backend that replays stamped events sets the
 * event's time first (clock_event_set), and every timestamp printed meanwhile is that one.
 */
#pragma once
#include <stdint.h>
#include <time.h>

/* The current event happened at MONO_NS (CLOCK_MONOTONIC); 0: events happen now. */
void clock_event_set(uint64_t mono_ns);
/* The time set by clock_event_set, or 0. */
uint64_t clock_event_get(void);
/* Now, or the current event's time, on CLK (CLOCK_MONOTONIC or CLOCK_REALTIME). */
void tnow(clockid_t clk, struct timespec *ts);
/* CLOCK_REALTIME less CLOCK_MONOTONIC, as it was when recorded events happened (a replay). */
void clock_set_real_minus_mono(int64_t ns);
