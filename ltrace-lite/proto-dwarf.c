// SPDX-License-Identifier: LGPL-2.1-or-later
/* DWARF prototypes (libdw): first version answers "no debug info". */
#include "proto-int.h"

const struct lt_proto *lt_proto_dwarf(const char *path, uint64_t vaddr, const char *name)
{
	return NULL;
}
