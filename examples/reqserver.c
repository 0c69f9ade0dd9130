// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * reqserver: a small request handler instrumented with USDT probes, for the workshop and for
 * the tests of sdt, sttrace -e usdt= and the BPF backend.
 *
 * It "serves" N synthetic requests (no network: the point is the probes), printing one line
 * per request so a trace can be checked against the program's own output:
 *
 *	reqserver [-n COUNT] [-d DELAY_MS] [-q]
 *
 * Probes (provider reqserver):
 *   server_start()                      plain, no arguments
 *   request_start(id, len)              plain, two integers (registers)
 *   request_parsed(id, method, path, weight, flag, total, 7)
 *                                       several argument kinds: strings (pointers), a double,
 *                                       a char, a global read through memory (rip-relative),
 *                                       a constant
 *   request_done(id, status, latency_us)
 *   request_debug(id, text)             semaphore-guarded: the text is formatted only while
 *                                       a tracer is attached (SDT_PROBE_ENABLED)
 *   server_stop(count)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "sdt.h"

/* The is-enabled counter of request_debug, raised by tracers while they are attached. */
SDT_DEFINE_SEMAPHORE(reqserver, request_debug);

/* Read through memory by the probe (a `sym(%rip)` argument), hence volatile. */
static volatile unsigned long requests_total;

struct request {
	unsigned int id;
	const char *method;
	const char *path;
	size_t len;
	double weight;
	char flag;
};

static const char *const methods[] = { "GET", "POST", "PUT", "DELETE" };
static const char *const paths[] = { "/", "/index.html", "/api/items", "/api/items/42" };

static long now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000L + ts.tv_nsec / 1000;
}

static int handle(const struct request *rq, int delay_ms)
{
	long start = now_us();
	int status;

	DTRACE_PROBE2(reqserver, request_start, rq->id, rq->len);
	requests_total++;
	DTRACE_PROBE7(reqserver, request_parsed, rq->id, rq->method, rq->path, rq->weight,
		      rq->flag, requests_total, 7);

	if (SDT_PROBE_ENABLED(reqserver, request_debug)) {
		/* Work done only for a tracer: formatting the request costs nothing otherwise. */
		char text[128];

		snprintf(text, sizeof(text), "%s %s len=%zu weight=%.2f", rq->method, rq->path,
			 rq->len, rq->weight);
		SDT_SEM_PROBE2(reqserver, request_debug, rq->id, text);
	}

	if (delay_ms)
		usleep((useconds_t)delay_ms * 1000);
	status = strcmp(rq->method, "DELETE") ? 200 : 403;
	DTRACE_PROBE3(reqserver, request_done, rq->id, status, now_us() - start);
	return status;
}

int main(int argc, char **argv)
{
	int count = 4, delay_ms = 0, quiet = 0, opt;

	while ((opt = getopt(argc, argv, "n:d:q")) != -1) {
		switch (opt) {
		case 'n':
			count = atoi(optarg);
			break;
		case 'd':
			delay_ms = atoi(optarg);
			break;
		case 'q':
			quiet = 1;
			break;
		default:
			fprintf(stderr, "usage: reqserver [-n COUNT] [-d DELAY_MS] [-q]\n");
			return 2;
		}
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	DTRACE_PROBE(reqserver, server_start);
	for (int i = 0; count <= 0 || i < count; i++) {
		struct request rq = {
			.id = 100 + (unsigned int)i,
			.method = methods[i % 4],
			.path = paths[i % 4],
			.len = 10 * (size_t)(i + 1),
			.weight = 0.5 * i,
			.flag = (char)('a' + i % 26),
		};
		int status = handle(&rq, delay_ms);

		if (!quiet)
			printf("request %u: %s %s len=%zu -> %d\n", rq.id, rq.method, rq.path, rq.len,
			       status);
	}
	DTRACE_PROBE1(reqserver, server_stop, requests_total);
	return 0;
}
