// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Fault injection rules, as strace's: one rule per syscall (a later -e inject= for the same
 * syscall replaces the earlier one); each thread counts its own calls from a fresh copy of the
 * rules, so when=3 means "the third call of this thread".
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "strace-lite/inject.h"
#include "strace-lite/sttrace.h"

#define LAST_INF 0xffff

static struct inject_rule *rules; /* indexed by syscall number */

bool inject_enabled(void)
{
	return rules != NULL;
}

static int parse_uint16(const char *s, char **end)
{
	long v = strtol(s, end, 10);
	return (*end == s || v < 0 || v > 0xffff) ? -1 : (int)v;
}

/* when=F, F+, F+S, F..L, F..L+, F..L+S */
static bool parse_when(const char *s, struct inject_rule *r)
{
	char *end;
	int v = parse_uint16(s, &end);

	if (v < 1)
		return false;
	r->first = (uint16_t)v;
	r->last = LAST_INF;
	if (end[0] == '.') {
		if (end[1] != '.')
			return false;
		v = parse_uint16(end + 2, &end);
		if (v < r->first || v == LAST_INF)
			return false;
		r->last = (uint16_t)v;
	}
	if (end[0] == '+') {
		if (end[1]) {
			v = parse_uint16(end + 1, &end);
			if (v < 1 || *end)
				return false;
			r->step = (uint16_t)v;
		} else {
			r->step = 1;
		}
	} else if (end[0]) {
		return false;
	} else {
		r->step = r->last == LAST_INF ? 0 : 1;
	}
	return true;
}

static int errno_by_name(const char *s)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (*s && !*end)
		return v >= 1 && v <= 4095 ? (int)v : -1;
	for (int e = 1; e < 4096; e++) {
		const char *name = errno_name(e);
		if (name && !strcasecmp(name, s))
			return e;
	}
	return -1;
}

int parse_duration_ns(const char *s, uint64_t *ns)
{
	static const struct {
		const char *sfx;
		double scale;
	} units[] = { { "", 1e3 }, { "s", 1e9 }, { "ms", 1e6 }, { "us", 1e3 }, { "ns", 1 } };
	char *end;
	size_t num = strspn(s, "0123456789.eE+-");

	if (!num)
		return -EINVAL;
	errno = 0;
	double v = strtod(s, &end);
	if (errno || end != s + num || v < 0)
		return -EINVAL;
	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (!strcmp(end, units[i].sfx)) {
			*ns = (uint64_t)(v * units[i].scale);
			return 0;
		}
	return -EINVAL;
}

/* One @argN=HEX into R's pokes; false if malformed. */
static bool parse_poke(const char *tok, bool at_enter, struct inject_rule *r)
{
	size_t hex = strlen(tok) > 6 ? strlen(tok + 6) : 0;

	if (strncmp(tok, "@arg", 4) || tok[4] < '1' || tok[4] > '7' || tok[5] != '=' || !hex ||
	    hex % 2 || hex > 2048 || strspn(tok + 6, "0123456789abcdefABCDEF") != hex)
		return false;
	for (unsigned int i = 0; i < r->npokes; i++) /* one poke per argument and stop */
		if (r->pokes[i].at_enter == at_enter && r->pokes[i].arg == tok[4] - '0')
			return false;
	struct inject_poke *np = realloc(r->pokes, (r->npokes + 1) * sizeof(*np));
	if (!np)
		return false;
	r->pokes = np;
	uint8_t *data = malloc(hex / 2);
	if (!data)
		return false;
	for (size_t i = 0; i < hex / 2; i++)
		sscanf(tok + 6 + 2 * i, "%2hhx", &data[i]);
	r->pokes[r->npokes++] = (struct inject_poke){ .at_enter = at_enter,
						      .arg = (uint8_t)(tok[4] - '0'),
						      .len = (uint16_t)(hex / 2), .data = data };
	return true;
}

/* poke_enter=/poke_exit=: @argN=HEX[,@argN=HEX...], once each. */
static bool parse_pokes(const char *s, bool at_enter, struct inject_rule *r)
{
	bool *seen = at_enter ? &r->has_poke_enter : &r->has_poke_exit;
	char *copy = strdup(s), *save = NULL;
	bool ok = copy && *s && !*seen;

	for (char *tok = ok ? strtok_r(copy, ",", &save) : NULL; tok && ok;
	     tok = strtok_r(NULL, ",", &save))
		ok = parse_poke(tok, at_enter, r);
	free(copy);
	*seen = ok;
	return ok;
}

static bool parse_delay(const char *s, bool *has, uint64_t *ns)
{
	if (*has || parse_duration_ns(s, ns) < 0)
		return false;
	*has = true;
	return true;
}

static bool parse_token(char *tok, bool fault, struct inject_rule *r)
{
	if (!strncmp(tok, "when=", 5))
		return parse_when(tok + 5, r);
	if (!strncmp(tok, "error=", 6)) {
		if (r->has_error || r->has_retval)
			return false;
		r->error = errno_by_name(tok + 6);
		r->has_error = r->error > 0;
		return r->has_error;
	}
	if (!strncmp(tok, "syscall=", 8)) {
		long nr = sysent_lookup(tok + 8);
		if (r->subst >= 0 || nr < 0 || !(sysent_table[nr].classes & TRACE_PURE))
			return false;
		r->subst = nr;
		return true;
	}
	if (fault)
		return false;
	if (!strncmp(tok, "retval=", 7)) {
		char *end;
		if (r->has_error || r->has_retval)
			return false;
		errno = 0;
		r->retval = (int64_t)strtoull(tok + 7, &end, 0);
		r->has_retval = end != tok + 7 && !*end && errno != ERANGE; /* 2^64 is not 0 */
		return r->has_retval;
	}
	if (!strncmp(tok, "delay_enter=", 12))
		return parse_delay(tok + 12, &r->has_delay_enter, &r->delay_enter_ns);
	if (!strncmp(tok, "delay_exit=", 11))
		return parse_delay(tok + 11, &r->has_delay_exit, &r->delay_exit_ns);
	if (!strncmp(tok, "poke_enter=", 11))
		return parse_pokes(tok + 11, true, r);
	if (!strncmp(tok, "poke_exit=", 10))
		return parse_pokes(tok + 10, false, r);
	if (!strncmp(tok, "signal=", 7)) {
		const char *s = tok + 7;
		char *end;
		long v = strtol(s, &end, 10);
		if (r->signo)
			return false;
		if (*s && !*end) {
			r->signo = v >= 1 && v <= 64 ? (int)v : 0;
		} else {
			for (int i = 1; i <= 64 && !r->signo; i++) {
				const char *n = signame(i);
				if (n && (!strcasecmp(s, n) || !strcasecmp(s, n + 3)))
					r->signo = i;
			}
		}
		return r->signo != 0;
	}
	return false;
}

int inject_parse_rule(const char *spec, bool fault, struct inject_rule *rule, struct numset *set,
		      char *err, size_t errlen)
{
	const char *what = fault ? "fault argument" : "inject argument";
	struct inject_rule r = { .set = true, .first = 1, .last = LAST_INF, .step = 1,
				 .subst = -1 };
	char *copy = strdup(spec), *save = NULL;

	if (!copy || !*copy || *copy == ':')
		goto bad;
	char *name = strtok_r(copy, ":", &save);
	for (char *tok; (tok = strtok_r(NULL, ":", &save));)
		if (!parse_token(tok, fault, &r))
			goto bad;
	if (!r.has_error && !r.has_retval && !r.signo && !r.has_delay_enter && !r.has_delay_exit &&
	    !r.npokes) {
		if (!fault)
			goto bad;
		r.has_error = true;
		r.error = ENOSYS;
	}
	char serr[256];
	if (qualify_syscalls(name, set, serr, sizeof(serr)) < 0) {
		snprintf(err, errlen, "%s", serr);
		free(copy);
		return -EINVAL;
	}
	free(copy);
	*rule = r;
	return 0;
bad:
	snprintf(err, errlen, "invalid %s '%s'", what, spec);
	for (unsigned int i = 0; i < r.npokes; i++)
		free(r.pokes[i].data);
	free(r.pokes);
	free(copy);
	return -EINVAL;
}

int inject_parse(const char *spec, bool fault, char *err, size_t errlen)
{
	struct inject_rule r;
	struct numset set;
	int rc = inject_parse_rule(spec, fault, &r, &set, err, errlen);

	if (rc < 0)
		return rc;
	if (!rules && !(rules = calloc(nsyscalls, sizeof(*rules))))
		return -ENOMEM;
	for (unsigned i = 0; i < nsyscalls && i < MAX_SCNO; i++)
		if (sysent_table[i].name && numset_has(&set, i))
			rules[i] = r;
	return 0;
}

const struct inject_rule *inject_rule_get(long scno)
{
	if (!rules || scno < 0 || (unsigned long)scno >= nsyscalls || !rules[scno].set)
		return NULL;
	return &rules[scno];
}

const struct inject_rule *inject_check(struct tcb *tcp, long scno)
{
	if (!rules || scno < 0 || (unsigned long)scno >= nsyscalls || !rules[scno].set)
		return NULL;
	if (!tcp->inject) {
		tcp->inject = malloc(nsyscalls * sizeof(*rules));
		if (!tcp->inject)
			return NULL;
		memcpy(tcp->inject, rules, nsyscalls * sizeof(*rules));
	}
	struct inject_rule *r = &tcp->inject[scno];
	if (r->first == 0 || r->last == 0)
		return NULL;
	if (r->last != LAST_INF)
		r->last--;
	if (--r->first != 0)
		return NULL;
	r->first = r->step;
	return r;
}
