// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * System V IPC: message queues (msgget, msgsnd, msgrcv, msgctl), semaphores (semget, semop,
 * semtimedop, semctl) and shared memory (shmget, shmctl).
 *
 * The *get calls print the key (IPC_PRIVATE by name), the resource flags and the permission
 * bits in octal; the *ctl calls print "IPC_64|" when the caller set it, the command, and the
 * structure the command reads (IPC_SET, at entry) or fills (the STAT and INFO commands, at
 * exit).  x86_64 has only the 64-bit IPC layouts, which are glibc's structures.
 */
#include <inttypes.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>

#include "common/print.h"
#include "strace-lite/decode/array.h"
#include "strace-lite/decode/decode.h"
#include "strace-lite/decode/struct-printers.h"

#define IPC_64_FLAG 0x100
#define SHM_HUGE_SHIFT_BITS 26
#define SHM_HUGE_MASK_BITS 0x3fu

static void print_umode(struct dctx *c, unsigned long long mode)
{
	tprintf(c, "%#03llo", mode);
}

/* uid and gid fields: -1 as such, the rest unsigned. */
static void print_id_field(struct dctx *c, const char *name, unsigned int id)
{
	tprint_field(c, name);
	if (id == (unsigned int)-1)
		tprints(c, "-1");
	else
		tprintf(c, "%u", id);
}

static void print_key(struct dctx *c, uint64_t key)
{
	printxval(c, xlat_ipc_private, (unsigned int)key, NULL);
}

/* msgget's and semget's flags: resource flags, then "|" and the permission bits. */
static void print_get_flags(struct dctx *c, uint64_t flg)
{
	unsigned int rest = (unsigned int)flg & ~0777u;
	int n = print_flags(c->sb, xlat_resource_flags, rest, NULL);

	if (print_opts_get()->xstyle == XSTYLE_RAW ? rest != 0 : n > 0)
		tprint_or(c);
	print_umode(c, flg & 0777);
}

/* "IPC_64|" when set, then the command. */
static unsigned int print_ctl_cmd(struct dctx *c, const struct xlat *x, uint64_t arg,
				  const char *dflt)
{
	unsigned int cmd = (unsigned int)arg;

	if (cmd & IPC_64_FLAG) {
		print_xlat_named(c->sb, IPC_64_FLAG, "IPC_64");
		tprint_or(c);
	}
	printxval(c, x, cmd & ~IPC_64_FLAG, dflt);
	return cmd & ~IPC_64_FLAG;
}

static void print_ipc_perm(struct dctx *c, const struct ipc_perm *p, unsigned int cmd)
{
	tprint_struct_begin(c);
	print_id_field(c, "uid", p->uid);
	tprint_struct_next(c);
	print_id_field(c, "gid", p->gid);
	tprint_struct_next(c);
	tprint_field(c, "mode");
	print_umode(c, p->mode);
	if (cmd != IPC_SET) {
		tprintf(c, ", key=%u, ", (unsigned int)p->__key);
		print_id_field(c, "cuid", p->cuid);
		tprint_struct_next(c);
		print_id_field(c, "cgid", p->cgid);
	}
	tprint_struct_end(c);
}

SYS_FUNC(msgget)
{
	print_key(c, c->arg[0]);
	tprint_arg_next(c);
	print_get_flags(c, c->arg[1]);
	return RVAL_DECODED;
}

SYS_FUNC(semget)
{
	print_key(c, c->arg[0]);
	tprintf(c, ", %d, ", (int)c->arg[1]);
	print_get_flags(c, c->arg[2]);
	return RVAL_DECODED;
}

SYS_FUNC(shmget)
{
	unsigned int flg = (unsigned int)c->arg[2];
	unsigned int flags = flg & ~0777u;
	unsigned int mask = SHM_HUGE_MASK_BITS << SHM_HUGE_SHIFT_BITS;
	unsigned int huge = flags & mask;

	print_key(c, c->arg[0]);
	tprintf(c, ", %" PRIu64 ", ", c->arg[1]);
	flags &= ~mask;
	if (flags || !huge)
		print_flags(c->sb, xlat_shm_resource_flags, flags, NULL);
	if (huge) {
		if (flags)
			tprint_or(c);
		tprintf(c, "%u<<", huge >> SHM_HUGE_SHIFT_BITS);
		if (print_opts_get()->xstyle == XSTYLE_ABBREV)
			tprints(c, "SHM_HUGE_SHIFT");
		else
			tprintf(c, "%u%s", SHM_HUGE_SHIFT_BITS,
				print_opts_get()->xstyle == XSTYLE_RAW ? "" : " /* SHM_HUGE_SHIFT */");
	}
	if (flags || huge)
		tprint_or(c);
	print_umode(c, flg & 0777);
	return RVAL_DECODED;
}

/* msgsnd's and msgrcv's message: {mtype=..., mtext="..."} of COUNT bytes. */
static void print_msgbuf(struct dctx *c, uint64_t addr, uint64_t count)
{
	struct {
		long mtype;
		char mtext[8];
	} m;

	if (umove_or_printaddr(c, addr, &m))
		return;
	tprintf(c, "{mtype=%ld, mtext=", m.mtype);
	printstrn(c, addr + sizeof(m.mtype), count);
	tprint_struct_end(c);
}

SYS_FUNC(msgsnd)
{
	tprintf(c, "%d, ", (int)c->arg[0]);
	print_msgbuf(c, c->arg[1], c->arg[2]);
	tprintf(c, ", %" PRIu64 ", ", c->arg[2]);
	printflags(c, xlat_ipc_msg_flags, (unsigned int)c->arg[3], "MSG_???");
	return RVAL_DECODED;
}

SYS_FUNC(msgrcv)
{
	if (entering(c)) {
		tprintf(c, "%d, ", (int)c->arg[0]);
		return 0;
	}
	print_msgbuf(c, c->arg[1], c->arg[2]);
	tprintf(c, ", %" PRIu64 ", %" PRId64 ", ", c->arg[2], (int64_t)c->arg[3]);
	printflags(c, xlat_ipc_msg_flags, c->arg[4], "MSG_???");
	return 0;
}

static void print_msqid_ds(struct dctx *c, uint64_t addr, unsigned int cmd)
{
	struct msqid_ds d;

	if (umove_or_printaddr(c, addr, &d))
		return;
	tprints(c, "{msg_perm=");
	print_ipc_perm(c, &d.msg_perm, cmd);
	if (cmd != IPC_SET)
		tprintf(c, ", msg_stime=%llu, msg_rtime=%llu, msg_ctime=%llu, msg_qnum=%llu",
			(unsigned long long)d.msg_stime, (unsigned long long)d.msg_rtime,
			(unsigned long long)d.msg_ctime, (unsigned long long)d.msg_qnum);
	tprintf(c, ", msg_qbytes=%llu", (unsigned long long)d.msg_qbytes);
	if (cmd != IPC_SET)
		tprintf(c, ", msg_lspid=%d, msg_lrpid=%d", (int)d.msg_lspid, (int)d.msg_lrpid);
	tprint_struct_end(c);
}

static void print_msginfo(struct dctx *c, uint64_t addr, unsigned int cmd)
{
	struct msginfo i;

	(void)cmd;
	if (umove_or_printaddr(c, addr, &i))
		return;
	tprintf(c, "{msgpool=%d, msgmap=%d, msgmax=%d, msgmnb=%d, msgmni=%d, msgssz=%d, "
		   "msgtql=%d, msgseg=%u}",
		i.msgpool, i.msgmap, i.msgmax, i.msgmnb, i.msgmni, i.msgssz, i.msgtql,
		(unsigned int)i.msgseg);
}

static bool print_sembuf(struct dctx *c, void *elem, size_t size, void *data)
{
	const struct sembuf *b = elem;

	(void)size;
	(void)data;
	tprintf(c, "{sem_num=%u, sem_op=%d, sem_flg=", b->sem_num, b->sem_op);
	printflags(c, xlat_semop_flags, (unsigned short)b->sem_flg, "SEM_???");
	tprint_struct_end(c);
	return true;
}

static void print_sops(struct dctx *c)
{
	struct sembuf b;

	tprintf(c, "%d, ", (int)c->arg[0]);
	print_array(c, c->arg[1], (unsigned int)c->arg[2], &b, sizeof(b), 0, print_sembuf, NULL);
	tprintf(c, ", %u", (unsigned int)c->arg[2]);
}

SYS_FUNC(semop)
{
	print_sops(c);
	return RVAL_DECODED;
}

SYS_FUNC(semtimedop)
{
	print_sops(c);
	tprint_arg_next(c);
	print_struct_timespec(c, c->arg[3]);
	return RVAL_DECODED;
}

static void print_semid_ds(struct dctx *c, uint64_t addr, unsigned int cmd)
{
	struct semid_ds d;

	if (!addr || c->read(c, addr, &d, sizeof(d)) < 0) {
		printaddr(c, addr);
		return;
	}
	tprints(c, "{sem_perm=");
	print_ipc_perm(c, &d.sem_perm, cmd);
	if (cmd != IPC_SET)
		tprintf(c, ", sem_otime=%llu, sem_ctime=%llu, sem_nsems=%llu",
			(unsigned long long)d.sem_otime, (unsigned long long)d.sem_ctime,
			(unsigned long long)d.sem_nsems);
	tprint_struct_end(c);
}

static void print_seminfo(struct dctx *c, uint64_t addr, unsigned int cmd)
{
	struct seminfo i;

	(void)cmd;
	if (umove_or_printaddr(c, addr, &i))
		return;
	tprintf(c, "{semmap=%d, semmni=%d, semmns=%d, semmnu=%d, semmsl=%d, semopm=%d, "
		   "semume=%d, semusz=%d, semvmx=%d, semaem=%d}",
		i.semmap, i.semmni, i.semmns, i.semmnu, i.semmsl, i.semopm, i.semume, i.semusz,
		i.semvmx, i.semaem);
}

static void print_shmid_ds(struct dctx *c, uint64_t addr, unsigned int cmd)
{
	struct shmid_ds d;

	if (umove_or_printaddr(c, addr, &d))
		return;
	tprints(c, "{shm_perm=");
	print_ipc_perm(c, &d.shm_perm, cmd);
	if (cmd != IPC_SET) {
		tprintf(c, ", shm_segsz=%llu, shm_cpid=", (unsigned long long)d.shm_segsz);
		printpid(c, d.shm_cpid, PT_TGID);
		tprints(c, ", shm_lpid=");
		printpid(c, d.shm_lpid, PT_TGID);
		tprintf(c, ", shm_nattch=%llu, shm_atime=%llu, shm_dtime=%llu, shm_ctime=%llu",
			(unsigned long long)d.shm_nattch, (unsigned long long)d.shm_atime,
			(unsigned long long)d.shm_dtime, (unsigned long long)d.shm_ctime);
	}
	tprint_struct_end(c);
}

static void print_shm_infos(struct dctx *c, uint64_t addr, unsigned int cmd)
{
	if (cmd == IPC_INFO) {
		struct shminfo i;

		if (umove_or_printaddr(c, addr, &i))
			return;
		tprintf(c, "{shmmax=%llu, shmmin=%llu, shmmni=%llu, shmseg=%llu, shmall=%llu}",
			(unsigned long long)i.shmmax, (unsigned long long)i.shmmin,
			(unsigned long long)i.shmmni, (unsigned long long)i.shmseg,
			(unsigned long long)i.shmall);
	} else {
		struct shm_info i;

		if (umove_or_printaddr(c, addr, &i))
			return;
		tprintf(c, "{used_ids=%d, shm_tot=%llu, shm_rss=%llu, shm_swp=%llu, "
			   "swap_attempts=%llu, swap_successes=%llu}",
			i.used_ids, (unsigned long long)i.shm_tot, (unsigned long long)i.shm_rss,
			(unsigned long long)i.shm_swp, (unsigned long long)i.swap_attempts,
			(unsigned long long)i.swap_successes);
	}
}

/* The buffer of a msgctl, semctl or shmctl command (a *id_ds or the limits). */
typedef void (*ipc_buf_fn)(struct dctx *c, uint64_t addr, unsigned int cmd);

_Static_assert(MSG_INFO == MSG_STAT + 1 && MSG_STAT_ANY == MSG_STAT + 2 &&
	       SEM_INFO == SEM_STAT + 1 && SEM_STAT_ANY == SEM_STAT + 2 &&
	       SHM_INFO == SHM_STAT + 1 && SHM_STAT_ANY == SHM_STAT + 2,
	       "*_STAT, *_INFO, *_STAT_ANY follow each other");

/*
 * msgctl, semctl and shmctl from their command (argument CMD_ARG, named by X) on: IPC_SET's
 * buffer at entry; at exit that of IPC_STAT, IPC_INFO and the family's STAT, INFO (STAT + 1)
 * and STAT_ANY (STAT + 2), the INFOs by INFO_FN, the others by DS_FN.
 */
static int ipc_ctl(struct dctx *c, unsigned int cmd_arg, const struct xlat *x, const char *dflt,
		   unsigned int stat, ipc_buf_fn ds_fn, ipc_buf_fn info_fn)
{
	unsigned int cmd = (unsigned int)c->arg[cmd_arg] & ~IPC_64_FLAG;
	uint64_t addr = c->arg[cmd_arg + 1];

	if (entering(c)) {
		print_ctl_cmd(c, x, c->arg[cmd_arg], dflt);
		tprint_arg_next(c);
		if (cmd == IPC_STAT || cmd == IPC_INFO || (cmd >= stat && cmd <= stat + 2))
			return 0;
		if (cmd == IPC_SET)
			ds_fn(c, addr, cmd);
		else
			printaddr(c, addr);
		return RVAL_DECODED;
	}
	(cmd == IPC_INFO || cmd == stat + 1 ? info_fn : ds_fn)(c, addr, cmd);
	return 0;
}

SYS_FUNC(msgctl)
{
	if (entering(c))
		tprintf(c, "%d, ", (int)c->arg[0]);
	return ipc_ctl(c, 1, xlat_msgctl_flags, "MSG_???", MSG_STAT, print_msqid_ds, print_msginfo);
}

SYS_FUNC(semctl)
{
	if (entering(c))
		tprintf(c, "%d, %d, ", (int)c->arg[0], (int)c->arg[1]);
	return ipc_ctl(c, 2, xlat_semctl_flags, "SEM_???", SEM_STAT, print_semid_ds, print_seminfo);
}

SYS_FUNC(shmctl)
{
	if (entering(c))
		tprintf(c, "%d, ", (int)c->arg[0]);
	return ipc_ctl(c, 1, xlat_shmctl_flags, "SHM_???", SHM_STAT, print_shmid_ds,
		       print_shm_infos);
}
