// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Disk quotas: quotactl and quotactl_fd.  The command word is QCMD(command, type), printed
 * so; what the id and the data argument mean depends on the command: a quota format and a
 * quota file path (Q_QUOTAON), a user id and struct if_dqblk (Q_GETQUOTA, Q_SETQUOTA), the
 * XFS structures of <linux/dqblk_xfs.h> (Q_XGETQUOTA, Q_XGETQSTAT, ...).  Structures the
 * kernel fills are printed at exit; without -v the long ones end in "...".
 */
#include <inttypes.h>
#include <linux/dqblk_xfs.h>

#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/util-print.h"
#include "gen/xlat.h"

#define QCMD_CMD(q) ((uint32_t)(q) >> 8)
#define QCMD_TYPE(q) ((uint32_t)(q) & 0xff)
#define NEW_CMD(x) (0x800000u | (x))

enum {
	Q_SYNC_ = NEW_CMD(1), Q_QUOTAON_ = NEW_CMD(2), Q_QUOTAOFF_ = NEW_CMD(3),
	Q_GETFMT_ = NEW_CMD(4), Q_GETINFO_ = NEW_CMD(5), Q_SETINFO_ = NEW_CMD(6),
	Q_GETQUOTA_ = NEW_CMD(7), Q_SETQUOTA_ = NEW_CMD(8), Q_GETNEXTQUOTA_ = NEW_CMD(9),
};

/* The kernel's struct if_dqblk, packed as strace reads it; if_nextdqblk adds dqb_id. */
struct if_dqblk_ {
	uint64_t dqb_bhardlimit, dqb_bsoftlimit, dqb_curspace;
	uint64_t dqb_ihardlimit, dqb_isoftlimit, dqb_curinodes;
	uint64_t dqb_btime, dqb_itime;
	uint32_t dqb_valid;
	uint32_t dqb_id;
};
#define IF_DQBLK_SIZE 68

struct if_dqinfo_ {
	uint64_t dqi_bgrace, dqi_igrace;
	uint32_t dqi_flags, dqi_valid;
};

/* A name of table X in abbreviated style whatever -X says (we may be inside a comment). */
static void print_xval_abbrev(struct dctx *c, const struct xlat *x, uint64_t v, const char *dflt)
{
	struct print_opts saved = *print_opts_get(), abbr = saved;

	abbr.xstyle = XSTYLE_ABBREV;
	print_opts_set(&abbr);
	print_xval(c->sb, x, v, dflt);
	print_opts_set(&saved);
}

static void print_qcmd(struct dctx *c, uint32_t qcmd)
{
	enum xlat_style xs = print_opts_get()->xstyle;

	if (xs != XSTYLE_ABBREV)
		tprintf(c, "%u", qcmd);
	if (xs == XSTYLE_RAW)
		return;
	if (xs == XSTYLE_VERBOSE)
		tprints(c, " /* ");
	tprints(c, "QCMD(");
	print_xval_abbrev(c, xlat_quotacmds, QCMD_CMD(qcmd), "Q_???");
	tprint_arg_next(c);
	print_xval_abbrev(c, xlat_quotatypes, QCMD_TYPE(qcmd), "???QUOTA");
	tprints(c, ")");
	if (xs == XSTYLE_VERBOSE)
		tprints(c, " */");
}

/* ", ID, " (-1 as such). */
static void print_id_arg(struct dctx *c, uint32_t id)
{
	if (id == (uint32_t)-1)
		tprints(c, ", -1, ");
	else
		tprintf(c, ", %u, ", id);
}

static void print_dqblk(struct dctx *c, uint64_t addr, bool next)
{
	struct if_dqblk_ d;

	if (umoven_or_printaddr(c, addr, next ? sizeof(d) : IF_DQBLK_SIZE, &d))
		return;
	tprintf(c, "{dqb_bhardlimit=%" PRIu64 ", dqb_bsoftlimit=%" PRIu64 ", dqb_curspace=%" PRIu64
		", dqb_ihardlimit=%" PRIu64 ", dqb_isoftlimit=%" PRIu64 ", dqb_curinodes=%" PRIu64,
		d.dqb_bhardlimit, d.dqb_bsoftlimit, d.dqb_curspace, d.dqb_ihardlimit,
		d.dqb_isoftlimit, d.dqb_curinodes);
	if (dopts.verbose) {
		tprintf(c, ", dqb_btime=%" PRIu64 ", dqb_itime=%" PRIu64 ", dqb_valid=",
			d.dqb_btime, d.dqb_itime);
		printflags(c, xlat_if_dqblk_valid, d.dqb_valid, "QIF_???");
	}
	if (next)
		tprintf(c, ", dqb_id=%u", d.dqb_id);
	tprints(c, dopts.verbose ? "}" : ", ...}");
}

static void print_disk_quota(struct dctx *c, uint64_t addr)
{
	struct fs_disk_quota d;

	if (umove_or_printaddr(c, addr, &d))
		return;
	tprintf(c, "{d_version=%d, d_flags=", d.d_version);
	printflags(c, xlat_xfs_dqblk_flags, (uint8_t)d.d_flags, "FS_???_QUOTA");
	tprintf(c, ", d_fieldmask=%#x, d_id=%u, d_blk_hardlimit=%llu, d_blk_softlimit=%llu"
		", d_ino_hardlimit=%llu, d_ino_softlimit=%llu, d_bcount=%llu, d_icount=%llu",
		d.d_fieldmask, d.d_id, (unsigned long long)d.d_blk_hardlimit,
		(unsigned long long)d.d_blk_softlimit, (unsigned long long)d.d_ino_hardlimit,
		(unsigned long long)d.d_ino_softlimit, (unsigned long long)d.d_bcount,
		(unsigned long long)d.d_icount);
	if (dopts.verbose)
		tprintf(c, ", d_itimer=%d, d_btimer=%d, d_iwarns=%u, d_bwarns=%u"
			", d_rtb_hardlimit=%llu, d_rtb_softlimit=%llu, d_rtbcount=%llu"
			", d_rtbtimer=%d, d_rtbwarns=%u",
			d.d_itimer, d.d_btimer, d.d_iwarns, d.d_bwarns,
			(unsigned long long)d.d_rtb_hardlimit, (unsigned long long)d.d_rtb_softlimit,
			(unsigned long long)d.d_rtbcount, d.d_rtbtimer, d.d_rtbwarns);
	else
		tprints(c, ", ...");
	tprints(c, "}");
}

/* "{qs_version=N", and with -v ", qs_flags=...": false (having ended it in "...") without. */
static bool print_qstat_head(struct dctx *c, int version, unsigned int flags)
{
	tprintf(c, "{qs_version=%d", version);
	if (!dopts.verbose) {
		tprints(c, ", ...}");
		return false;
	}
	tprints(c, ", qs_flags=");
	printflags(c, xlat_xfs_quota_flags, flags, "FS_QUOTA_???");
	return true;
}

/* ", NAME={qfs_ino=.., qfs_nblks=.., qfs_nextents=..}" of a struct fs_qfilestat(v) F. */
#define PRINT_QFILESTAT(c, name, f)                                                             \
	tprintf((c), ", %s={qfs_ino=%llu, qfs_nblks=%llu, qfs_nextents=%u}", (name),          \
		(unsigned long long)(f).qfs_ino, (unsigned long long)(f).qfs_nblks,            \
		(unsigned int)(f).qfs_nextents)

static void print_qstat(struct dctx *c, uint64_t addr)
{
	struct fs_quota_stat q;

	if (umove_or_printaddr(c, addr, &q) || !print_qstat_head(c, q.qs_version, q.qs_flags))
		return;
	PRINT_QFILESTAT(c, "qs_uquota", q.qs_uquota);
	PRINT_QFILESTAT(c, "qs_gquota", q.qs_gquota);
	tprintf(c, ", qs_incoredqs=%u, qs_btimelimit=%d, qs_itimelimit=%d, qs_rtbtimelimit=%d"
		", qs_bwarnlimit=%u, qs_iwarnlimit=%u}",
		q.qs_incoredqs, q.qs_btimelimit, q.qs_itimelimit, q.qs_rtbtimelimit,
		q.qs_bwarnlimit, q.qs_iwarnlimit);
}

static void print_qstatv(struct dctx *c, uint64_t addr)
{
	struct fs_quota_statv q;

	if (umove_or_printaddr(c, addr, &q) || !print_qstat_head(c, q.qs_version, q.qs_flags))
		return;
	tprintf(c, ", qs_incoredqs=%u", q.qs_incoredqs);
	PRINT_QFILESTAT(c, "qs_uquota", q.qs_uquota);
	PRINT_QFILESTAT(c, "qs_gquota", q.qs_gquota);
	PRINT_QFILESTAT(c, "qs_pquota", q.qs_pquota);
	tprintf(c, ", qs_btimelimit=%d, qs_itimelimit=%d, qs_rtbtimelimit=%d"
		", qs_bwarnlimit=%u, qs_iwarnlimit=%u}",
		q.qs_btimelimit, q.qs_itimelimit, q.qs_rtbtimelimit,
		q.qs_bwarnlimit, q.qs_iwarnlimit);
}

static void print_dqinfo(struct dctx *c, uint64_t addr)
{
	struct if_dqinfo_ d;

	if (umove_or_printaddr(c, addr, &d))
		return;
	tprintf(c, "{dqi_bgrace=%" PRIu64 ", dqi_igrace=%" PRIu64 ", dqi_flags=",
		d.dqi_bgrace, d.dqi_igrace);
	printflags(c, xlat_if_dqinfo_flags, d.dqi_flags, "DQF_???");
	tprints(c, ", dqi_valid=");
	printflags(c, xlat_if_dqinfo_valid, d.dqi_valid, "IIF_???");
	tprints(c, "}");
}


/*
 * After the command (and the path or fd): the id and the data.  Commands whose data the kernel
 * writes print ", ID, " at entry and the data at exit.
 */
static int decode_cmd_data(struct dctx *c, uint32_t id, uint32_t cmd, uint64_t data)
{
	switch (cmd) {
	case Q_QUOTAOFF_: case Q_SYNC_: case Q_XQUOTASYNC:
		break;
	case Q_QUOTAON_:
		tprint_arg_next(c);
		printxval(c, xlat_quota_formats, id, "QFMT_???");
		tprint_arg_next(c);
		printpath(c, data);
		break;
	case Q_GETQUOTA_: case Q_GETNEXTQUOTA_: case Q_XGETQUOTA: case Q_XGETNEXTQUOTA:
		if (entering(c)) {
			print_id_arg(c, id);
			return 0;
		}
		if (cmd == Q_GETQUOTA_ || cmd == Q_GETNEXTQUOTA_)
			print_dqblk(c, data, cmd == Q_GETNEXTQUOTA_);
		else
			print_disk_quota(c, data);
		break;
	case Q_SETQUOTA_: case Q_XSETQLIM:
		print_id_arg(c, id);
		if (cmd == Q_SETQUOTA_)
			print_dqblk(c, data, false);
		else
			print_disk_quota(c, data);
		break;
	case Q_GETFMT_: case Q_GETINFO_: case Q_XGETQSTAT: case Q_XGETQSTATV:
		if (entering(c)) {
			tprint_arg_next(c);
			return 0;
		}
		if (cmd == Q_GETFMT_)
			print_u32_ref(c, data, xlat_quota_formats, false, "QFMT_???");
		else if (cmd == Q_GETINFO_)
			print_dqinfo(c, data);
		else if (cmd == Q_XGETQSTAT)
			print_qstat(c, data);
		else
			print_qstatv(c, data);
		break;
	case Q_SETINFO_:
		tprint_arg_next(c);
		print_dqinfo(c, data);
		break;
	case Q_XQUOTAON: case Q_XQUOTAOFF:
		tprint_arg_next(c);
		print_u32_ref(c, data, xlat_xfs_quota_flags, true, "FS_QUOTA_???");
		break;
	case Q_XQUOTARM:
		tprint_arg_next(c);
		print_u32_ref(c, data, xlat_xfs_dqblk_flags, true, "FS_???_QUOTA");
		break;
	default:
		print_id_arg(c, id);
		printaddr(c, data);
		break;
	}
	return RVAL_DECODED;
}

SYS_FUNC(quotactl)
{
	uint32_t qcmd = (uint32_t)c->arg[0];

	if (entering(c)) {
		print_qcmd(c, qcmd);
		tprint_arg_next(c);
		printpath(c, c->arg[1]);
	}
	return decode_cmd_data(c, (uint32_t)c->arg[2], QCMD_CMD(qcmd), c->arg[3]);
}

SYS_FUNC(quotactl_fd)
{
	uint32_t qcmd = (uint32_t)c->arg[1];

	if (entering(c)) {
		printfd(c, (int)c->arg[0]);
		tprint_arg_next(c);
		print_qcmd(c, qcmd);
	}
	return decode_cmd_data(c, (uint32_t)c->arg[2], QCMD_CMD(qcmd), c->arg[3]);
}
