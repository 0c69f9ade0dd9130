// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * The -X styles of this group's decoders that print more than a name: utimensat's
 * UTIME_NOW/UTIME_OMIT, mknod's symbolic mode and makedev(), umask, fallocate modes,
 * memfd_create's huge page field, personality and its result, prctl's PR_SET_PTRACER_ANY and
 * dumpable values.  Built for -X raw here; misc-Xverbose builds it for -X verbose.
 * Run with -a0 -X raw (or verbose).
 */
#ifndef XLAT_VERBOSE
#define XLAT_RAW 1
#endif
#include <fcntl.h>
#include <sys/personality.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>

#include "fdtest.h"

#if defined XLAT_RAW
#define UNOW "{tv_sec=0, tv_nsec=1073741823}"
#define UOMIT "{tv_sec=0, tv_nsec=1073741822}"
#else
#define UNOW "{tv_sec=0, tv_nsec=1073741823} /* UTIME_NOW */"
#define UOMIT "{tv_sec=0, tv_nsec=1073741822} /* UTIME_OMIT */"
#endif

/* A symbolic mode as print_symbolic_mode_t prints it in the built style. */
static const char *smode(unsigned int mode, const char *sym)
{
	static char bufs[4][128];
	static int k;
	char *b = bufs[k++ % 4];
#if defined XLAT_RAW
	snprintf(b, 128, "%#03o", mode);
	(void)sym;
#else
	snprintf(b, 128, "%#03o /* %s */", mode, sym);
#endif
	return b;
}

int main(void)
{
	char dir[64], node[96];
	long rc;

	snprintf(dir, sizeof(dir), "/tmp/sttrace-misc-X-%d", getpid());
	snprintf(node, sizeof(node), "%s/node", dir);
	if (mkdir(dir, 0700))
		FAIL("mkdir: %m");
	int fd = open(dir, O_RDONLY | O_DIRECTORY);

	struct timespec ts[2] = { { 0, UTIME_NOW }, { 0, UTIME_OMIT } };
	rc = syscall(__NR_utimensat, fd, NULL, ts, 0);
	out("utimensat(%d, NULL, [" UNOW ", " UOMIT "], 0) = %s\n", fd, sprintrc(rc));

	rc = syscall(__NR_mknod, node, S_IFCHR | 0600, makedev(1, 3));
	out("mknod(\"%s\", %s, %s) = %s\n", node, smode(S_IFCHR | 0600, "S_IFCHR|0600"),
	    XLAT(makedev(1, 3), "makedev(0x1, 0x3)"), sprintrc(rc));
	unlink(node);
	rc = syscall(__NR_mknodat, AT_FDCWD, node, S_IFIFO | 04644, 0);
	out("mknodat(%s, \"%s\", %s) = %s\n", FDCWD, node,
	    smode(S_IFIFO | 04644, "S_IFIFO|S_ISUID|0644"), sprintrc(rc));
	unlink(node);
	rmdir(dir);

	rc = syscall(__NR_umask, 027);
	out("umask(027) = %#03lo\n", rc);
	syscall(__NR_umask, rc);
	out("umask(%#03lo) = 027\n", rc);

	rc = syscall(__NR_fallocate, -1, 3, 0L, 1L);
	out("fallocate(-1, %s, 0, 1) = %s\n",
	    XLAT(3, "FALLOC_FL_KEEP_SIZE|FALLOC_FL_PUNCH_HOLE"), sprintrc(rc));

	rc = syscall(__NR_memfd_create, "m", 0);
	out("memfd_create(\"m\", 0) = %s\n", sprintrc(rc));
	rc = syscall(__NR_memfd_create, "m", 3);
	out("memfd_create(\"m\", %s) = %s\n", XLAT(3, "MFD_CLOEXEC|MFD_ALLOW_SEALING"),
	    sprintrc(rc));
	rc = syscall(__NR_memfd_create, "m", 4 | (21U << 26));
	out("memfd_create(\"m\", %s) = %s\n", XLAT(4 | (21U << 26), "MFD_HUGETLB|21<<MFD_HUGE_SHIFT"),
	    sprintrc(rc));

	rc = syscall(__NR_personality, 0xffffffff);
	out("personality(0xffffffff) = %#lx (%s)\n", rc, XLAT(0, "PER_LINUX"));
	rc = syscall(__NR_personality, ADDR_NO_RANDOMIZE);
	out("personality(%s|%s) = %#lx (%s)\n", XLAT(0, "PER_LINUX"),
	    XLAT(ADDR_NO_RANDOMIZE, "ADDR_NO_RANDOMIZE"), rc, XLAT(0, "PER_LINUX"));
	rc = syscall(__NR_personality, 0);
	out("personality(%s) = %#lx (%s|%s)\n", XLAT(0, "PER_LINUX"), rc, XLAT(0, "PER_LINUX"),
	    XLAT(ADDR_NO_RANDOMIZE, "ADDR_NO_RANDOMIZE"));

	rc = syscall(__NR_prctl, PR_SET_PTRACER, -1L, 0, 0, 0);
	out("prctl(%s, %s) = %s\n", XLAT(PR_SET_PTRACER, "PR_SET_PTRACER"),
#if defined XLAT_RAW
	    "-1",
#else
	    "-1 /* PR_SET_PTRACER_ANY */",
#endif
	    sprintrc(rc));
	rc = syscall(__NR_prctl, PR_GET_DUMPABLE, 0, 0, 0, 0);
	out("prctl(%s) = %s (%s)\n", XLAT(PR_GET_DUMPABLE, "PR_GET_DUMPABLE"), sprintrc(rc),
	    "SUID_DUMP_USER");
	rc = syscall(__NR_prctl, PR_SET_DUMPABLE, 1, 0, 0, 0);
	out("prctl(%s, %s) = %s\n", XLAT(PR_SET_DUMPABLE, "PR_SET_DUMPABLE"),
	    XLAT(1, "SUID_DUMP_USER"), sprintrc(rc));

	out("+++ exited with 0 +++\n");
	return 0;
}
