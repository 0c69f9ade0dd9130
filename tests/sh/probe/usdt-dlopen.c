// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * dlopen after start, twice (with a dlclose between): the probes of the library must be armed
 * when it appears, forgotten when it goes, and armed again when it comes back.  Prints the
 * lines the tracer must write (the library prints those of its inside).
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	if (argc < 2)
		return 2;
	for (int round = 0; round < 2; round++) {
		void *h = dlopen(argv[1], RTLD_NOW);
		int (*work)(int) = h ? (int (*)(int))dlsym(h, "lib_work") : NULL;
		if (!work) {
			fprintf(stderr, "dlopen %s: %s\n", argv[1], dlerror());
			return 1;
		}
		int r = work(5 + round);
		printf("--- uretprobe:lib_work = %d ---\n", r);
		dlclose(h);
	}
	printf("+++ exited with 0 +++\n");
	return 0;
}
