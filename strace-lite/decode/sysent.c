// SPDX-License-Identifier: LGPL-2.1-or-later
/* Look-ups in the generated syscall signature table. */
#include <string.h>
#include <strings.h>

#include "strace-lite/decode/decode.h"
#include "gen/syscallent.h"

const struct sysent *sysent_get(long scno)
{
	if (scno < 0 || (unsigned long)scno >= nsyscalls || !sysent_table[scno].name)
		return NULL;
	return &sysent_table[scno];
}

long sysent_lookup(const char *name)
{
	for (unsigned int i = 0; i < nsyscalls; i++)
		if (sysent_table[i].name && !strcmp(sysent_table[i].name, name))
			return (long)i;
	return -1;
}

static const struct {
	const char *name;
	uint32_t bit;
} classes[] = {
	{ "file", TRACE_FILE },	      { "desc", TRACE_DESC },
	{ "network", TRACE_NETWORK }, { "net", TRACE_NETWORK },
	{ "process", TRACE_PROCESS }, { "memory", TRACE_MEMORY },
	{ "signal", TRACE_SIGNAL },   { "ipc", TRACE_IPC },
	{ "creds", TRACE_CREDS },     { "clock", TRACE_CLOCK },
	{ "stat", TRACE_STAT },	      { "lstat", TRACE_LSTAT },
	{ "fstat", TRACE_FSTAT },     { "%stat", TRACE_STAT_LIKE },
	{ "statfs", TRACE_STATFS },   { "fstatfs", TRACE_FSTATFS },
	{ "%statfs", TRACE_STATFS_LIKE }, { "pure", TRACE_PURE },
};

const char *sysent_class_name(unsigned int i)
{
	return i < sizeof(classes) / sizeof(classes[0]) ? classes[i].name : NULL;
}

uint32_t sysent_class(const char *name)
{
	if (*name == '%')
		name++;
	for (size_t i = 0; i < sizeof(classes) / sizeof(classes[0]); i++)
		if (!strcmp(classes[i].name, name))
			return classes[i].bit;
	return 0;
}

const char *errno_name(int err)
{
	return xlat_lookup(xlat_errnos, (uint64_t)err);
}
