// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * For ifunc-families.sh: the implementation glibc chose for each function named on the command
 * line, as "NAME FILE OFFSET" (dlsym of an IFUNC symbol runs its resolver and gives the code
 * it picked; the offset is from the object's load address, the name is gdb's to find).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		void *p = dlsym(RTLD_DEFAULT, argv[i]);
		Dl_info di;

		if (!p || !dladdr(p, &di) || !di.dli_fname) {
			fprintf(stderr, "%s: not found\n", argv[i]);
			return 1;
		}
		printf("%s %s %#lx\n", argv[i], di.dli_fname,
		       (unsigned long)((char *)p - (char *)di.dli_fbase));
	}
	return 0;
}
