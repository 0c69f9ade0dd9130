/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * --latency=A..B[:key=argN]: the time from event A to event B, paired by an argument of both
 * (a request id) or by thread, counted and printed at the end as percentiles and a log2
 * histogram in bpftrace's style (or one JSON record).  A and B are "usdt:PROVIDER:NAME",
 * "uprobe:FUNC", "uretprobe:FUNC", "call:FUNC" (lttrace) or a syscall ("syscall:NAME" or
 * NAME): a call counts from its start (as A) or to its end (as B); NAME..NAME of one syscall
 * is each call's own time.  It is an event sink.
 */
#pragma once
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "common/event.h"

struct latency;

/* Parse SPEC: 0, or -EINVAL with a reason in ERR. */
int latency_parse(const char *spec, struct latency **out, char *err, size_t errlen);
/* The sink of a parsed pair: it prints to OUT (as JSON Lines with JSON) when closed, and
 * frees itself. */
struct event_sink *latency_sink(struct latency *l, FILE *out, bool json);
void latency_free(struct latency *l);
/*
 * Both ends of L are probes: their sources ("usdt", "uprobe", "uretprobe") and names
 * ("app:request", "malloc"), and the key (the value number, or -1: by thread).  False when
 * an end is a syscall or a library call.
 */
bool latency_probe_ends(const struct latency *l, const char *src[2], const char *name[2],
			int *key_arg);
/* L's pairs are made elsewhere (by the kernel under --bpf): its sink takes no event, only the
 * times given to latency_add: NS nanoseconds, seen COUNT times. */
void latency_set_external(struct latency *l);
void latency_add(struct latency *l, uint64_t ns, uint64_t count);
/* What one pair would print for these samples (nanoseconds): for the unit test. */
void latency_report(FILE *out, const char *name, const unsigned long long *ns, size_t n,
		    unsigned long long errors, bool json);
