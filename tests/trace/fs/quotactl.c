// SPDX-License-Identifier: LGPL-2.1-or-later
// strace-7.2-lines: 0xca7faced /\* QFMT_ ;; an unknown format's comment is QFMT_??? in 7.2
/*
 * quotactl and quotactl_fd: the command word as QCMD(command, type), and the id and data each
 * command gives a meaning to (a format and a quota file, a user id and struct if_dqblk, the
 * XFS flag words), unknown commands and types.  Every call fails (a special file that does
 * not exist, a bad descriptor).  Run with -a0.
 */
#include <inttypes.h>
#include <linux/quota.h>
#include <linux/dqblk_xfs.h>
#include <sys/syscall.h>

#include "fdtest.h"

#define NOPATH "/nonexistent-sttrace"

static long quotactl_(unsigned int cmd, const char *special, int id, void *addr)
{
	return syscall(SYS_quotactl, cmd, special, id, addr);
}

int main(void)
{
	long rc = quotactl_(QCMD(Q_QUOTAON, USRQUOTA), NOPATH, QFMT_VFS_V0, (void *)"/quota.user");
	out("quotactl(QCMD(Q_QUOTAON, USRQUOTA), \"" NOPATH "\", QFMT_VFS_V0, \"/quota.user\") = %s\n",
	    sprintrc(rc));
	/* strace 7.2: an unknown format is "QFMT_???" (6.1: "QFMT_VFS_???") */
	rc = quotactl_(QCMD(Q_QUOTAON, USRQUOTA), NOPATH, 0xca7faced, (void *)"/quota.user");
	out("quotactl(QCMD(Q_QUOTAON, USRQUOTA), \"" NOPATH "\", 0xca7faced /* QFMT_??? */"
	    ", \"/quota.user\") = %s\n", sprintrc(rc));
	rc = quotactl_(QCMD(Q_QUOTAOFF, GRPQUOTA), NOPATH, 0, NULL);
	out("quotactl(QCMD(Q_QUOTAOFF, GRPQUOTA), \"" NOPATH "\") = %s\n", sprintrc(rc));

	struct if_dqblk dq = { .dqb_bhardlimit = 1, .dqb_bsoftlimit = 2, .dqb_curspace = 3,
			       .dqb_ihardlimit = 4, .dqb_isoftlimit = 5, .dqb_curinodes = 6 };
	rc = quotactl_(QCMD(Q_SETQUOTA, PRJQUOTA), NOPATH, 1000, &dq);
	out("quotactl(QCMD(Q_SETQUOTA, PRJQUOTA), \"" NOPATH "\", 1000, {dqb_bhardlimit=1, "
	    "dqb_bsoftlimit=2, dqb_curspace=3, dqb_ihardlimit=4, dqb_isoftlimit=5, "
	    "dqb_curinodes=6, ...}) = %s\n", sprintrc(rc));
	rc = quotactl_(QCMD(Q_GETQUOTA, USRQUOTA), NOPATH, -1, &dq);
	out("quotactl(QCMD(Q_GETQUOTA, USRQUOTA), \"" NOPATH "\", -1, %p) = %s\n", (void *)&dq,
	    sprintrc(rc));
	rc = quotactl_(QCMD(Q_GETFMT, USRQUOTA), NOPATH, 0, &dq);
	out("quotactl(QCMD(Q_GETFMT, USRQUOTA), \"" NOPATH "\", %p) = %s\n", (void *)&dq,
	    sprintrc(rc));

	uint32_t flags = FS_QUOTA_UDQ_ACCT | FS_QUOTA_GDQ_ENFD | 0x100;
	rc = quotactl_(QCMD(Q_XQUOTAON, USRQUOTA), NOPATH, 0, &flags);
	out("quotactl(QCMD(Q_XQUOTAON, USRQUOTA), \"" NOPATH "\", "
	    "[FS_QUOTA_UDQ_ACCT|FS_QUOTA_GDQ_ENFD|0x100]) = %s\n", sprintrc(rc));
	flags = FS_USER_QUOTA | FS_GROUP_QUOTA;
	rc = quotactl_(QCMD(Q_XQUOTARM, GRPQUOTA), NOPATH, 0, &flags);
	out("quotactl(QCMD(Q_XQUOTARM, GRPQUOTA), \"" NOPATH "\", [FS_USER_QUOTA|FS_GROUP_QUOTA]) = "
	    "%s\n", sprintrc(rc));
	rc = quotactl_(QCMD(0xbad, 0x77), NOPATH, 42, NULL);
	out("quotactl(QCMD(0xbad /* Q_??? */, 0x77 /* ???QUOTA */), \"" NOPATH "\", 42, NULL) = %s\n",
	    sprintrc(rc));

	rc = syscall(SYS_quotactl_fd, -1, QCMD(Q_GETFMT, GRPQUOTA), 0, &flags);
	out("quotactl_fd(-1, QCMD(Q_GETFMT, GRPQUOTA), %p) = %s\n", (void *)&flags, sprintrc(rc));
	rc = syscall(SYS_quotactl_fd, -1, QCMD(Q_SYNC, USRQUOTA), 0, NULL);
	out("quotactl_fd(-1, QCMD(Q_SYNC, USRQUOTA)) = %s\n", sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
