// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * System V IPC: a private message queue, semaphore set and shared memory segment, each created
 * with its *get call (key, resource flags, octal mode), used (msgsnd/msgrcv with the message,
 * semop/semtimedop with the sembuf array), inspected with IPC_STAT, changed with IPC_SET and
 * removed with IPC_RMID; an unknown command, a bad id.  Run with -a0 -e trace=%ipc.
 */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/syscall.h>
#include <time.h>

#include "fdtest.h"

static void perm(char *b, size_t n, const struct ipc_perm *p, int set)
{
	if (set)
		snprintf(b, n, "{uid=%u, gid=%u, mode=%#03o}", p->uid, p->gid, p->mode);
	else
		snprintf(b, n, "{uid=%u, gid=%u, mode=%#03o, key=%u, cuid=%u, cgid=%u}", p->uid,
			 p->gid, p->mode, (unsigned int)p->__key, p->cuid, p->cgid);
}

static void msg_part(void)
{
	char pb[256];
	long rc;
	struct { long mtype; char mtext[8]; } m = { 42, "hello" }, r = { 0, "" };
	struct msqid_ds ds;

	rc = syscall(__NR_msgget, 0x1234abcd, IPC_EXCL | 0644);
	out("msgget(0x1234abcd, IPC_EXCL|0644) = %s\n", sprintrc(rc));
	int id = syscall(__NR_msgget, IPC_PRIVATE, IPC_CREAT | 0600);
	out("msgget(IPC_PRIVATE, IPC_CREAT|0600) = %d\n", id);
	rc = syscall(__NR_msgsnd, id, &m, 6, IPC_NOWAIT);
	out("msgsnd(%d, {mtype=42, mtext=\"hello\\0\"}, 6, IPC_NOWAIT) = %s\n", id, sprintrc(rc));
	rc = syscall(__NR_msgrcv, id, &r, 6, -50L, 0);
	out("msgrcv(%d, {mtype=42, mtext=\"hello\\0\"}, 6, -50, 0) = %s\n", id, sprintrc(rc));
	rc = syscall(__NR_msgctl, id, IPC_STAT, &ds);
	perm(pb, sizeof(pb), &ds.msg_perm, 0);
	out("msgctl(%d, IPC_STAT, {msg_perm=%s, msg_stime=%llu, msg_rtime=%llu, msg_ctime=%llu, "
	    "msg_qnum=0, msg_qbytes=%llu, msg_lspid=%d, msg_lrpid=%d}) = %s\n", id, pb,
	    (unsigned long long)ds.msg_stime, (unsigned long long)ds.msg_rtime,
	    (unsigned long long)ds.msg_ctime, (unsigned long long)ds.msg_qbytes, ds.msg_lspid,
	    ds.msg_lrpid, sprintrc(rc));
	rc = syscall(__NR_msgctl, id, IPC_SET, &ds);
	perm(pb, sizeof(pb), &ds.msg_perm, 1);
	out("msgctl(%d, IPC_SET, {msg_perm=%s, msg_qbytes=%llu}) = %s\n", id, pb,
	    (unsigned long long)ds.msg_qbytes, sprintrc(rc));
	rc = syscall(__NR_msgctl, id, 0x77, NULL);
	out("msgctl(%d, 0x77 /* MSG_??? */, NULL) = %s\n", id, sprintrc(rc));
	rc = syscall(__NR_msgctl, id, IPC_RMID, NULL);
	out("msgctl(%d, IPC_RMID, NULL) = %s\n", id, sprintrc(rc));
}

static void sem_part(void)
{
	char pb[256];
	long rc;
	struct semid_ds ds;
	struct sembuf ops[2] = { { 0, 2, SEM_UNDO }, { 0, -1, IPC_NOWAIT } };
	struct timespec ts = { 1, 5 };

	int id = syscall(__NR_semget, IPC_PRIVATE, 1, IPC_CREAT | 0600);
	out("semget(IPC_PRIVATE, 1, IPC_CREAT|0600) = %d\n", id);
	rc = syscall(__NR_semop, id, ops, 2);
	out("semop(%d, [{sem_num=0, sem_op=2, sem_flg=SEM_UNDO}, {sem_num=0, sem_op=-1, "
	    "sem_flg=IPC_NOWAIT}], 2) = %s\n", id, sprintrc(rc));
	rc = syscall(__NR_semtimedop, id, ops + 1, 1, &ts);
	out("semtimedop(%d, [{sem_num=0, sem_op=-1, sem_flg=IPC_NOWAIT}], 1, {tv_sec=1, "
	    "tv_nsec=5}) = %s\n", id, sprintrc(rc));
	rc = syscall(__NR_semctl, id, 0, IPC_STAT, &ds);
	perm(pb, sizeof(pb), &ds.sem_perm, 0);
	out("semctl(%d, 0, IPC_STAT, {sem_perm=%s, sem_otime=%llu, sem_ctime=%llu, "
	    "sem_nsems=1}) = %s\n", id, pb, (unsigned long long)ds.sem_otime,
	    (unsigned long long)ds.sem_ctime, sprintrc(rc));
	rc = syscall(__NR_semctl, id, 0, GETVAL, NULL);
	out("semctl(%d, 0, GETVAL, NULL) = %s\n", id, sprintrc(rc));
	rc = syscall(__NR_semctl, id, 0, IPC_RMID, NULL);
	out("semctl(%d, 0, IPC_RMID, NULL) = %s\n", id, sprintrc(rc));
}

static void shm_part(void)
{
	char pb[256];
	long rc;
	struct shmid_ds ds;

	int id = syscall(__NR_shmget, IPC_PRIVATE, 4096, IPC_CREAT | 0600);
	out("shmget(IPC_PRIVATE, 4096, IPC_CREAT|0600) = %d\n", id);
	rc = syscall(__NR_shmget, 0x4321, 4096, (21 << 26) | 0640);
	out("shmget(0x4321, 4096, 21<<SHM_HUGE_SHIFT|0640) = %s\n", sprintrc(rc));
	rc = syscall(__NR_shmctl, id, IPC_STAT, &ds);
	perm(pb, sizeof(pb), &ds.shm_perm, 0);
	out("shmctl(%d, IPC_STAT, {shm_perm=%s, shm_segsz=4096, shm_cpid=%d, shm_lpid=%d, "
	    "shm_nattch=0, shm_atime=%llu, shm_dtime=%llu, shm_ctime=%llu}) = %s\n", id, pb,
	    ds.shm_cpid, ds.shm_lpid, (unsigned long long)ds.shm_atime,
	    (unsigned long long)ds.shm_dtime, (unsigned long long)ds.shm_ctime, sprintrc(rc));
	rc = syscall(__NR_shmctl, -1, IPC_STAT, (void *)8);
	out("shmctl(-1, IPC_STAT, 0x8) = %s\n", sprintrc(rc));
	rc = syscall(__NR_shmctl, id, IPC_RMID, NULL);
	out("shmctl(%d, IPC_RMID, NULL) = %s\n", id, sprintrc(rc));
}

/*
 * The kernel hands out IPC ids in turn, machine-wide: the untraced run would get one id and the
 * traced run the next, and on a freshly booted machine those are one-digit numbers that the
 * traced/untraced comparison does not blank.  Ask for fixed ids (the *_next_id sysctls, as root;
 * not traced: no %ipc call) so both runs print the same.
 */
static void next_id(const char *name, const char *id)
{
	char path[64];
	int fd;

	snprintf(path, sizeof(path), "/proc/sys/kernel/%s_next_id", name);
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return;
	if (write(fd, id, strlen(id)) < 0) {
		/* not settable here: the ids stay the kernel's */
	}
	close(fd);
}

int main(void)
{
	next_id("msg", "4201");
	next_id("sem", "4202");
	next_id("shm", "4203");
	msg_part();
	sem_part();
	shm_part();
	out("+++ exited with 0 +++\n");
	return 0;
}
