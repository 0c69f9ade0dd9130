// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Looking a backend up by name in a tool's table (backend.h).
 */
#include <string.h>

#include "common/backend.h"

const struct backend *backend_find(const struct backend *const *table, const char *name)
{
	for (; *table; table++)
		if (!strcmp((*table)->name, name))
			return *table;
	return NULL;
}
