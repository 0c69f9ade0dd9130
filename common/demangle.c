// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The demangler: libstdc++'s __cxa_demangle, declared here as the C function it is (libstdc++
 * exports it with C linkage, `abi::__cxa_demangle` in <cxxabi.h>), behind a cache keyed by the
 * name.  A tracer asks for the same few names at every call; the cache makes the second ask a
 * hash lookup.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/demangle.h"

char *__cxa_demangle(const char *mangled, char *buf, size_t *len, int *status);

struct dm_slot {
	char *name;     /* a copy */
	size_t hash;
	char *out;      /* NULL: NAME is shown as it is */
};

static struct dm_slot *slots;
static size_t nslots, nused;

static size_t hash_of(const char *s)
{
	uint64_t h = 1469598103934665603ULL; /* FNV-1a */

	while (*s)
		h = (h ^ (unsigned char)*s++) * 1099511628211ULL;
	return (size_t)h;
}

static size_t slot_of(const struct dm_slot *tab, size_t n, const char *name, size_t hash)
{
	size_t i = hash & (n - 1);

	while (tab[i].name && (tab[i].hash != hash || strcmp(tab[i].name, name)))
		i = (i + 1) & (n - 1);
	return i;
}

/* Twice the slots (at least 64), every kept result moved; false when out of memory. */
static bool grow(void)
{
	size_t n = nslots ? nslots * 2 : 64;
	struct dm_slot *t = calloc(n, sizeof(*t));

	if (!t)
		return false;
	for (size_t i = 0; i < nslots; i++)
		if (slots[i].name)
			t[slot_of(t, n, slots[i].name, slots[i].hash)] = slots[i];
	free(slots);
	slots = t;
	nslots = n;
	return true;
}

const char *demangle_name(const char *name)
{
	int status = -1;

	if (!name || strncmp(name, "_Z", 2))
		return name;
	if ((nused + 1) * 2 > nslots && !grow())
		return name;
	size_t hash = hash_of(name), i = slot_of(slots, nslots, name, hash);
	if (slots[i].name)
		return slots[i].out ? slots[i].out : name;
	char *copy = strdup(name);
	if (!copy)
		return name;
	char *out = __cxa_demangle(name, NULL, NULL, &status);
	if (status != 0) {
		free(out);
		out = NULL;
	}
	slots[i] = (struct dm_slot){ copy, hash, out };
	nused++;
	return out ? out : name;
}

void demangle_reset(void)
{
	for (size_t i = 0; i < nslots; i++) {
		free(slots[i].name);
		free(slots[i].out);
	}
	free(slots);
	slots = NULL;
	nslots = nused = 0;
}
