// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * lttrace's option tests (tests/sh/lttrace/lttrace-options.sh) trace this program:
 *   opts nest        qsort whose comparator (in the program) calls strcmp: a nested call;
 *                    then a qsort left by longjmp from its comparator, then malloc(7)/free:
 *                    the abandoned frame must not leave malloc indented or unmatched;
 *   opts loop N F    N rounds of malloc/free 20 ms apart, then "done N" into file F;
 *   opts many N F    N malloc/free as fast as it can, then "done N" into F (| head -1);
 *   opts crash       a SIGSEGV;
 *   opts fork        malloc(10), fork: the child calls malloc(20)/free and exits 3, the
 *                    parent waits, then system("true") (a vfork'd shell): exits 3;
 *   opts dl          dlopen("libm.so.6"), then cos(0.0) through dlsym;
 *   opts block F     "start" into file F, sleep(3), then "done 3" into F.
 */
#include <dlfcn.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static jmp_buf jb;
static int jump;

static int cmp(const void *a, const void *b)
{
	if (jump)
		longjmp(jb, 1);
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void done(const char *file, long n)
{
	FILE *f = fopen(file, "w");

	if (f) {
		fprintf(f, "done %ld\n", n);
		fclose(f);
	}
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "nest";
	long n = argc > 2 ? atol(argv[2]) : 0, i;

	if (!strcmp(mode, "nest")) {
		const char *v[3] = { "b", "a", "c" };
		qsort(v, 3, sizeof(v[0]), cmp);
		jump = 1;
		/* The else branch keeps the second setjmp return from jumping to the code after
		 * qsort's call, which would look like qsort returning. */
		if (!setjmp(jb))
			qsort(v, 3, sizeof(v[0]), cmp);
		else
			jump = 2;
		void *p = malloc(7);
		free(p);
	} else if (!strcmp(mode, "loop") || !strcmp(mode, "many")) {
		for (i = 0; i < n; i++) {
			void *volatile p = malloc(16);
			free(p);
			if (mode[0] == 'l')
				usleep(20000);
		}
		done(argv[3], i);
	} else if (!strcmp(mode, "crash")) {
		raise(SIGSEGV);
	} else if (!strcmp(mode, "dl")) {
		void *h = dlopen("libm.so.6", RTLD_NOW);
		double (*f)(double) = h ? (double (*)(double))dlsym(h, "cos") : NULL;
		return f && f(0.0) == 1.0 ? 0 : 1;
	} else if (!strcmp(mode, "block")) {
		FILE *f = argc > 2 ? fopen(argv[2], "w") : NULL;
		if (!f)
			return 1;
		fputs("start\n", f);
		fclose(f);
		sleep(3);
		done(argv[2], 3);
	} else if (!strcmp(mode, "fork")) {
		void *p = malloc(10);
		int st = 0;
		pid_t c = fork();
		if (c == 0) {
			void *q = malloc(20);
			free(q);
			_exit(3);
		}
		waitpid(c, &st, 0);
		free(p);
		if (system("true") != 0)
			return 1;
		return WEXITSTATUS(st);
	}
	return 0;
}
