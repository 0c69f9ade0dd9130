// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * --latency (see latency.h).  Starts wait in a list keyed by the pairing key (few are open at
 * once: requests in flight); every pair's time is kept, so that the percentiles are exact.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/json.h"
#include "common/latency.h"
#include "common/vec.h"

enum ep_kind { EP_PROBE, EP_SYSCALL, EP_CALL };

struct endpoint {
	enum ep_kind kind;
	char *source; /* EP_PROBE: "usdt", "uprobe", "uretprobe" */
	char *name;   /* "app:request", "malloc", "openat" */
};

struct open_start {
	char *key;
	uint64_t t_ns;
	struct open_start *next;
};

struct lsample {
	unsigned long long ns, n;
};

struct latency {
	struct event_sink sink;
	char *name; /* "A..B" as given */
	struct endpoint a, b;
	int key_arg; /* -1: by thread */
	struct open_start *open;
	struct lsample *s; /* the times, each with how many times it was seen */
	size_t n, cap;
	unsigned long long errors;
	FILE *out;
	bool json;
	bool external; /* pairs made elsewhere: latency_add */
};

bool latency_probe_ends(const struct latency *l, const char *src[2], const char *name[2],
			int *key_arg)
{
	if (l->a.kind != EP_PROBE || l->b.kind != EP_PROBE)
		return false;
	src[0] = l->a.source;
	name[0] = l->a.name;
	src[1] = l->b.source;
	name[1] = l->b.name;
	*key_arg = l->key_arg;
	return true;
}

void latency_set_external(struct latency *l)
{
	l->external = true;
}

static void take_n(struct latency *l, uint64_t ns, uint64_t count);
#define take(l, ns) take_n(l, ns, 1)

void latency_add(struct latency *l, uint64_t ns, uint64_t count)
{
	if (count)
		take_n(l, ns, count);
}

static int parse_endpoint(const char *s, size_t len, struct endpoint *ep)
{
	static const char *const probes[] = { "usdt:", "uprobe:", "uretprobe:" };
	char *str = strndup(s, len);

	if (!str)
		return -ENOMEM;
	ep->kind = EP_SYSCALL;
	ep->source = NULL;
	for (size_t i = 0; i < sizeof(probes) / sizeof(probes[0]); i++)
		if (!strncmp(str, probes[i], strlen(probes[i]))) {
			ep->kind = EP_PROBE;
			ep->source = strndup(str, strlen(probes[i]) - 1);
			ep->name = strdup(str + strlen(probes[i]));
			free(str);
			return ep->source && ep->name && *ep->name ? 0 : -EINVAL;
		}
	const char *name = str;
	if (!strncmp(str, "syscall:", 8))
		name = str + 8;
	else if (!strncmp(str, "call:", 5)) {
		ep->kind = EP_CALL;
		name = str + 5;
	}
	ep->name = *name && !strchr(name, ':') ? strdup(name) : NULL;
	free(str);
	return ep->name ? 0 : -EINVAL;
}

void latency_free(struct latency *l)
{
	if (!l)
		return;
	while (l->open) {
		struct open_start *o = l->open;
		l->open = o->next;
		free(o->key);
		free(o);
	}
	free(l->a.source);
	free(l->a.name);
	free(l->b.source);
	free(l->b.name);
	free(l->name);
	free(l->s);
	free(l);
}

int latency_parse(const char *spec, struct latency **out, char *err, size_t errlen)
{
	struct latency *l = calloc(1, sizeof(*l));
	const char *dots = strstr(spec, "..");
	const char *b = dots ? dots + 2 : NULL;
	const char *key = b ? strstr(b, ":key=") : NULL;
	size_t blen = b ? (key ? (size_t)(key - b) : strlen(b)) : 0;

	if (!l)
		return -ENOMEM;
	l->key_arg = -1;
	if (!dots || dots == spec || !blen) {
		snprintf(err, errlen, "'%s': want A..B (two probes or calls)", spec);
		goto bad;
	}
	if (key) {
		char *end;
		long n = strncmp(key + 5, "arg", 3) ? -1 : strtol(key + 8, &end, 10);
		if (n < 0 || n > 11 || end == key + 8 || *end) {
			snprintf(err, errlen, "'%s': the key is argN (N from 0 to 11)", key + 5);
			goto bad;
		}
		l->key_arg = (int)n;
	}
	if (parse_endpoint(spec, (size_t)(dots - spec), &l->a) < 0 ||
	    parse_endpoint(b, blen, &l->b) < 0) {
		snprintf(err, errlen, "'%s': an end is usdt:PROVIDER:NAME, uprobe:FUNC, "
			 "uretprobe:FUNC, call:FUNC or a syscall", spec);
		goto bad;
	}
	l->name = strndup(spec, (size_t)(b + blen - spec));
	if (!l->name)
		goto bad;
	*out = l;
	return 0;
bad:
	latency_free(l);
	return -EINVAL;
}

/* Argument N of an argument list in strace's syntax ("7, \"a,b\", {x=1, y=2}"). */
static char *nth_arg(const char *s, size_t len, int n)
{
	int depth = 0, idx = 0;
	bool quoted = false;
	size_t from = 0;

	for (size_t i = 0; i <= len; i++) {
		char c = i < len ? s[i] : ',';
		if (quoted) {
			if (c == '\\')
				i++;
			else if (c == '"')
				quoted = false;
			continue;
		}
		if (c == '"')
			quoted = true;
		else if (c == '(' || c == '[' || c == '{')
			depth++;
		else if ((c == ')' || c == ']' || c == '}') && depth > 0)
			depth--;
		else if (c == ',' && !depth) {
			if (idx++ == n) {
				while (from < i && s[from] == ' ')
					from++;
				return strndup(s + from, i - from);
			}
			from = i + 1;
		}
	}
	return NULL;
}

static bool matches(const struct endpoint *ep, const struct event *ev, bool as_start)
{
	switch (ev->kind) {
	case EVENT_PROBE:
	case EVENT_PROBE_RETURN:
		return ep->kind == EP_PROBE && !strcmp(ep->source, ev->source) &&
		       !strcmp(ep->name, ev->name);
	case EVENT_SYSCALL:
		return ep->kind == EP_SYSCALL && !(ev->flags & EVF_UNFINISHED) &&
		       !strcmp(ep->name, ev->name);
	case EVENT_CALL: /* a library call starts at its entry, ends at its return */
	case EVENT_RETURN:
		return ep->kind == EP_CALL && as_start == (ev->kind == EVENT_CALL) &&
		       !(ev->flags & EVF_UNFINISHED) && !strcmp(ep->name, ev->name);
	default:
		return false;
	}
}

static char *key_of(const struct latency *l, const struct event *ev)
{
	char buf[16];

	if (l->key_arg < 0) {
		snprintf(buf, sizeof(buf), "%d", (int)ev->tid);
		return strdup(buf);
	}
	return ev->text ? nth_arg(ev->text, ev->len, l->key_arg) : NULL;
}

static void take_n(struct latency *l, uint64_t ns, uint64_t count)
{
	if (VEC_GROW(l->s, l->cap, l->n, 256) < 0)
			return;
	l->s[l->n++] = (struct lsample){ ns, count };
}

static void latency_write(struct event_sink *self, const struct event *ev)
{
	struct latency *l = (struct latency *)self;
	bool is_b = matches(&l->b, ev, false), is_a = matches(&l->a, ev, true);
	char *key = (is_a || is_b) && !l->external ? key_of(l, ev) : NULL;

	if (!key)
		return;
	if (is_a && is_b && ev->kind == EVENT_SYSCALL) { /* NAME..NAME: each call's own time */
		take(l, ev->dur_ns);
		l->errors += ev->err != 0;
		free(key);
		return;
	}
	if (is_b) {
		uint64_t end = ev->t_ns + ev->dur_ns;
		for (struct open_start **p = &l->open; *p; p = &(*p)->next) {
			if (strcmp((*p)->key, key))
				continue;
			struct open_start *o = *p;
			take(l, end > o->t_ns ? end - o->t_ns : 0);
			l->errors += ev->kind == EVENT_SYSCALL && ev->err;
			*p = o->next;
			free(o->key);
			free(o);
			break;
		}
	}
	if (is_a) { /* a start again under the same key starts over */
		struct open_start *o = l->open;
		while (o && strcmp(o->key, key))
			o = o->next;
		if (!o && (o = calloc(1, sizeof(*o)))) {
			o->key = key;
			key = NULL;
			o->next = l->open;
			l->open = o;
		}
		if (o)
			o->t_ns = ev->t_ns;
	}
	free(key);
}

static int cmp_sample(const void *a, const void *b)
{
	unsigned long long x = ((const struct lsample *)a)->ns, y = ((const struct lsample *)b)->ns;

	return x < y ? -1 : x > y;
}

/* Nearest rank over S (sorted, N samples, TOTAL times): the smallest time with at least Q of
 * them at or below it. */
static unsigned long long pct(const struct lsample *s, size_t n, unsigned long long total,
			      double q)
{
	unsigned long long rank = (unsigned long long)(q * (double)total), seen = 0;

	if ((double)rank < q * (double)total)
		rank++;
	if (!rank)
		rank = 1;
	for (size_t i = 0; i < n; i++) {
		seen += s[i].n;
		if (seen >= rank)
			return s[i].ns;
	}
	return n ? s[n - 1].ns : 0;
}

/* bpftrace's range labels: 1024 is 1K, 1048576 is 1M. */
static void range_label(char *buf, size_t len, unsigned long long v)
{
	static const char units[] = "KMGTP";
	int u = -1;

	while (v >= 1024 && !(v % 1024) && u < 4) {
		v /= 1024;
		u++;
	}
	if (u >= 0)
		snprintf(buf, len, "%llu%c", v, units[u]);
	else
		snprintf(buf, len, "%llu", v);
}

/* Bucket of a time in microseconds, as bpftrace's hist(): 0 for 0, then [2^(k-1), 2^k). */
static int bucket(unsigned long long us)
{
	int k = 0;

	while (us) {
		us >>= 1;
		k++;
	}
	return k;
}

static void report_json(FILE *out, const char *name, const struct lsample *s, size_t n,
			unsigned long long total, unsigned long long errors,
			const unsigned long long *hist, int top)
{
	struct strbuf sb = { 0 };

	sb_puts(&sb, "{\"type\":\"latency\",\"name\":");
	json_put_string(&sb, name, strlen(name));
	sb_printf(&sb, ",\"count\":%llu,\"errors\":%llu,\"percentiles\":{", total, errors);
	sb_printf(&sb, "\"p50\":%.9f,\"p90\":%.9f,\"p99\":%.9f,\"max\":%.9f}",
		  pct(s, n, total, .5) / 1e9, pct(s, n, total, .9) / 1e9,
		  pct(s, n, total, .99) / 1e9, n ? s[n - 1].ns / 1e9 : 0.0);
	sb_puts(&sb, ",\"hist\":[");
	for (int k = 0; k <= top; k++) {
		unsigned long long lo = k ? 1ull << (k - 1) : 0, hi = 1ull << k;
		sb_printf(&sb, "%s{\"from\":%.6f,\"to\":%.6f,\"count\":%llu}", k ? "," : "",
			  lo / 1e6, (k ? hi : 1) / 1e6, hist[k]);
	}
	sb_puts(&sb, "]}\n");
	fwrite(sb.s, 1, sb.len, out);
	sb_free(&sb);
}

/* The report of samples S (N of them, sorted here). */
static void report(FILE *out, const char *name, struct lsample *s, size_t n,
		   unsigned long long errors, bool json)
{
	unsigned long long hist[65] = { 0 }, most = 0, total = 0;
	int top = -1, low = 64;

	qsort(s, n, sizeof(*s), cmp_sample);
	for (size_t i = 0; i < n; i++) {
		int k = bucket(s[i].ns / 1000);
		hist[k] += s[i].n;
		total += s[i].n;
		top = k > top ? k : top;
		low = k < low ? k : low;
	}
	if (json) {
		report_json(out, name, s, n, total, errors, hist, top);
		return;
	}
	fprintf(out, "@latency[%s]: count %llu, errors %llu, in microseconds:\n", name, total, errors);
	fprintf(out, "p50 %.3f, p90 %.3f, p99 %.3f, max %.3f\n",
		pct(s, n, total, .5) / 1e3, pct(s, n, total, .9) / 1e3,
		pct(s, n, total, .99) / 1e3, n ? s[n - 1].ns / 1e3 : 0.0);
	for (int k = low; k <= top; k++)
		most = hist[k] > most ? hist[k] : most;
	for (int k = low; k <= top; k++) {
		char from[24], to[24], label[64];
		int width = (int)(hist[k] * 52 / (most ? most : 1));
		range_label(from, sizeof(from), k ? 1ull << (k - 1) : 0);
		range_label(to, sizeof(to), 1ull << k);
		if (k < 2) /* bpftrace's [0] and [1] */
			snprintf(label, sizeof(label), "[%s]", from);
		else
			snprintf(label, sizeof(label), "[%s, %s)", from, to);
		fprintf(out, "%-16s %8llu |%.*s%*s|\n", label, hist[k], width,
			"@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@", 52 - width, "");
	}
	fputc('\n', out);
}


void latency_report(FILE *out, const char *name, const unsigned long long *ns, size_t n,
		    unsigned long long errors, bool json)
{
	struct lsample *s = malloc((n ? n : 1) * sizeof(*s));

	if (!s)
		return;
	for (size_t i = 0; i < n; i++)
		s[i] = (struct lsample){ ns[i], 1 };
	report(out, name, s, n, errors, json);
	free(s);
}

static void latency_close(struct event_sink *self)
{
	struct latency *l = (struct latency *)self;

	report(l->out, l->name, l->s, l->n, l->errors, l->json);
	fflush(l->out);
	latency_free(l);
}

struct event_sink *latency_sink(struct latency *l, FILE *out, bool json)
{
	l->out = out;
	l->json = json;
	l->sink.write = latency_write;
	l->sink.close = latency_close;
	return &l->sink;
}
