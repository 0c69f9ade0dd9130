// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * IFUNC implementations (ifunc.h): from the GOT slots of a process, or from the tracer's own
 * loader.
 */
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "uprobe/ifunc.h"
#include "common/maps.h"
#include "common/proc.h"

size_t uprobe_ifunc_chosen(pid_t pid, const struct uprobe_obj *objs, size_t n, size_t d,
			   const char *name, uint64_t resolver, uint64_t *out, size_t max)
{
	const struct uprobe_obj *def = &objs[d];
	size_t got = 0;

	for (size_t i = 0; i < n && got < max; i++) {
		const struct uprobe_obj *o = &objs[i];
		for (size_t k = 0; !o->gone && o->elf && k < o->elf->nrelocs && got < max; k++) {
			const struct uprobe_reloc *r = &o->elf->relocs[k];
			uint64_t v = 0;
			bool dup = false;
			/* By name (another object's import), or IRELATIVE by the resolver. */
			if (r->name ? strcmp(r->name, name) :
				      (i != d || r->addend + def->bias != resolver))
				continue;
			/* Not bound yet (a PLT stub of the caller), not relocated yet, or the
			 * resolver itself: no choice there. */
			if (proc_mem_read(pid, o->bias + r->slot, &v, 8) < 0 || v == resolver ||
			    v < def->lo || v >= def->hi)
				continue;
			for (size_t j = 0; j < got && !dup; j++)
				dup = out[j] == v;
			if (!dup)
				out[got++] = v;
		}
	}
	return got;
}

uint64_t uprobe_ifunc_local(const struct uprobe_obj *def, const char *name,
			    const struct mapping *m, int nm)
{
	/* The same file in this process: already loaded, or one of glibc's own libraries (their
	 * constructors are harmless here), loaded for the question. */
	const char *so = def->elf->soname;
	void *h = dlopen(def->path, RTLD_LAZY | RTLD_LOCAL | RTLD_NOLOAD);
	if (!h && (!strcmp(so, "libm.so.6") || !strcmp(so, "libmvec.so.1") ||
		   !strcmp(so, "libc.so.6")))
		h = dlopen(def->path, RTLD_LAZY | RTLD_LOCAL);
	void *a = h ? dlsym(h, name) : NULL;
	struct mapping *self = NULL;
	int n = a ? maps_read(getpid(), MAPS_FILES, &self) : 0;
	uint64_t addr = 0;

	for (int i = 0; i < n; i++) {
		const struct mapping *sm = &self[i];
		if ((uint64_t)(uintptr_t)a < sm->start || (uint64_t)(uintptr_t)a >= sm->end)
			continue;
		if (!strcmp(sm->path, def->path))
			addr = maps_file_addr(m, nm, def->path,
						 (uint64_t)(uintptr_t)a - sm->start + sm->off);
		break;
	}
	free(self);
	return addr;
}
