/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * --perfetto=FILE: the trace as a timeline in the Chrome trace event format (a JSON array of
 * events, which the Perfetto UI, chrome://tracing and speedscope open).  One track per thread,
 * named; syscalls and library calls as complete slices ("ph":"X") with their decoded arguments
 * and results; probe hits, signals, exec and exits as instant events.  It is an event sink
 * (common/event.h): it streams, holding nothing per event.
 */
#pragma once
#include "common/event.h"

/* A sink writing to PATH (created or truncated), or NULL with errno set. */
struct event_sink *perfetto_open(const char *path);
