// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Pids as --decode-pids= prints them: "1234" alone, "1234<comm>" with comm for a thread or a
 * process (never for a process group or a session, as strace 6.1).  The command name is read
 * from /proc when the line is built (under --bpf a traced process's is the one the kernel last
 * reported): a process already reaped has none, and its pid prints bare (wait4's result, as
 * strace shows it).
 *
 * pidns: a tracee in a pid namespace of its own speaks of pids of that namespace; the pid it
 * names is printed as it is, then " /\* N in strace's PID NS *\/" when ours differs.  The
 * translation reads the NSpid/NStgid/NSpgid/NSsid lines of /proc/PID/status, which list a
 * task's ids from the namespace of /proc's mount down to its own: the tracee's own list says at
 * which depth its namespace is, and the task (or, for a group or a session, any member of it)
 * whose id at that depth is the one printed gives the id at our depth.  A group whose leader is
 * gone is still found through its members.
 */
#include <dirent.h>
#include <fcntl.h>
#include <linux/nsfs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "strace-lite/decode/decode.h"
#include "common/proc.h"

#define NS_DEPTH 32

static int translate_proc(pid_t tid, int id, enum pid_type type);

/* Task directory DIR, if its KEY list has ID at DEPTH, in namespace NS: its id at depth TO;
 * else 0. */
static int task_id(const char *dir, const char *key, int depth, int id, int to, ino_t ns)
{
	char path[320];
	int ids[NS_DEPTH];

	snprintf(path, sizeof(path), "%s/status", dir);
	int n = proc_status_ids(path, key, ids, NS_DEPTH);
	if (n <= depth || n <= to || ids[depth] != id)
		return 0;
	return proc_pidns_of(dir, n - 1 - depth) == ns ? ids[to] : 0;
}

/*
 * In the status files under DIR (of its tasks with TASKS), the KEY list with ID at DEPTH, of a
 * task below namespace NS (at that depth): its id at depth TO, or 0.
 */
static int find_id(const char *dir, bool tasks, const char *key, int depth, int id, int to,
		   ino_t ns)
{
	int found = 0;
	DIR *d = opendir(dir);
	struct dirent *de;

	if (!d)
		return 0;
	while (!found && (de = readdir(d))) {
		char path[300];
		if (de->d_name[0] < '1' || de->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "%s/%s/%s", dir, de->d_name,
			 tasks ? "task" : "status");
		if (tasks) {
			found = find_id(path, false, key, depth, id, to, ns);
			continue;
		}
		path[strlen(path) - 7] = '\0'; /* the task's directory */
		found = task_id(path, key, depth, id, to, ns);
	}
	closedir(d);
	return found;
}

/* The tracer's own pid namespace (it does not change): its inode. */
static ino_t our_pidns(void)
{
	static ino_t ns;

	if (!ns)
		ns = proc_pidns_of("/proc/self", 0);
	return ns;
}

/*
 * Translations found by a walk of /proc, which is slow (strace's pidns-cache test: a tracee
 * asking getpid in a loop): kept, and used again once the task they name is checked to be the
 * same (its id in the namespace has not been given to another since).
 */
#define FOUND_MAX 256
static struct {
	ino_t ns;
	int id, ours, depth;
	enum pid_type type;
} found_cache[FOUND_MAX];
static unsigned int nfound;

static int cached_id(const char *key, enum pid_type type, int depth, int id, ino_t ns)
{
	for (unsigned int i = 0; i < nfound && i < FOUND_MAX; i++) {
		if (found_cache[i].ns != ns || found_cache[i].id != id ||
		    found_cache[i].type != type || found_cache[i].depth != depth)
			continue;
		char dir[64];
		snprintf(dir, sizeof(dir), "/proc/%d", found_cache[i].ours);
		if (task_id(dir, key, depth, id, 0, ns) == found_cache[i].ours)
			return found_cache[i].ours;
	}
	return 0;
}

static void cache_id(enum pid_type type, int depth, int id, ino_t ns, int ours)
{
	unsigned int i;

	for (i = 0; i < nfound && i < FOUND_MAX; i++)
		if (found_cache[i].ns == ns && found_cache[i].id == id &&
		    found_cache[i].type == type && found_cache[i].depth == depth)
			break;
	if (i >= nfound || i >= FOUND_MAX)
		i = nfound++ % FOUND_MAX;
	found_cache[i].ns = ns;
	found_cache[i].id = id;
	found_cache[i].ours = ours;
	found_cache[i].depth = depth;
	found_cache[i].type = type;
}

/*
 * What --bpf learnt of the namespaces of threads gone from /proc by the time their calls are
 * decoded: the kernel says at each stop which namespace the thread is in and its ids there and
 * in ours.  A number means one pid in one namespace: (namespace, number) -> our number.
 */
#define LEARNT_MAX 1024
static struct {
	unsigned int ns;
	int id, ours;
} learnt[LEARNT_MAX];
static struct {
	pid_t tid;
	unsigned int ns;
} learnt_tasks[LEARNT_MAX];
static unsigned int nlearnt, nlearnt_tasks;

static void learn_id(unsigned int ns, int id, int ours)
{
	if (id <= 0 || ours <= 0)
		return;
	for (unsigned int i = 0; i < nlearnt && i < LEARNT_MAX; i++)
		if (learnt[i].ns == ns && learnt[i].id == id) {
			learnt[i].ours = ours;
			return;
		}
	learnt[nlearnt++ % LEARNT_MAX] = (typeof(learnt[0])){ ns, id, ours };
}

void pidns_learn(pid_t tid, pid_t tgid, unsigned int ns, const unsigned int ns_ids[4],
		 const unsigned int init_ids[2])
{
	bool known = false;

	if (!ns)
		return;
	for (unsigned int i = 0; i < nlearnt_tasks && i < LEARNT_MAX; i++)
		if (learnt_tasks[i].tid == tid) {
			learnt_tasks[i].ns = ns;
			known = true;
		}
	if (!known)
		learnt_tasks[nlearnt_tasks++ % LEARNT_MAX] = (typeof(learnt_tasks[0])){ tid, ns };
	learn_id(ns, (int)ns_ids[0], tid);
	learn_id(ns, (int)ns_ids[1], tgid);
	learn_id(ns, (int)ns_ids[2], (int)init_ids[0]);
	learn_id(ns, (int)ns_ids[3], (int)init_ids[1]);
}

/* ID as thread TID sees it, in our namespace, from what was learnt: -1 when TID's namespace is
 * not known, 0 when the number is not. */
static int translate_learnt(pid_t tid, int id)
{
	unsigned int ns = 0;

	for (unsigned int i = 0; i < nlearnt_tasks && i < LEARNT_MAX; i++)
		if (learnt_tasks[i].tid == tid)
			ns = learnt_tasks[i].ns;
	if (!ns)
		return -1;
	for (unsigned int i = 0; i < nlearnt && i < LEARNT_MAX; i++)
		if (learnt[i].ns == ns && learnt[i].id == id)
			return learnt[i].ours;
	return 0;
}

/* ID, a pid of TYPE as thread TID (ours) sees it, in our namespace: 0 when not found. */
static int translate_pid(pid_t tid, int id, enum pid_type type)
{
	int ours = translate_proc(tid, id, type), l;

	/* Not found in /proc (or, for a thread gone, taken as ours): what --bpf learnt. */
	if ((ours && ours != id) || !nlearnt_tasks || (l = translate_learnt(tid, id)) < 0)
		return ours;
	return l;
}

/* translate_pid through /proc. */
static int translate_proc(pid_t tid, int id, enum pid_type type)
{
	static const char *const keys[] = { [PT_TID] = "NSpid", [PT_TGID] = "NStgid",
					    [PT_PGID] = "NSpgid", [PT_SID] = "NSsid" };
	char dir[64], path[80];
	int ids[NS_DEPTH];

	if (id <= 0 || tid <= 0)
		return id;
	/* Where the tracee is: /proc is ours, or (our_depth) it is found by its id at our depth
	 * below our namespace. */
	ino_t our_ns = our_pidns();
	int proc_tid = proc_ns_depth() ? find_id("/proc", true, "NSpid", proc_ns_depth(), tid, 0, our_ns) :
				     tid;
	snprintf(dir, sizeof(dir), "/proc/%d", proc_tid);
	ino_t ns = proc_pidns_of(dir, 0);
	/* Ours, or unknown: a tracee gone (--bpf decodes after the fact) is taken as ours. */
	if (!ns || ns == our_ns)
		return id;
	snprintf(path, sizeof(path), "%s/status", dir);
	int n = proc_status_ids(path, "NSpid", ids, NS_DEPTH);
	if (n <= 0)
		return 0;
	if (n - 1 == proc_ns_depth())
		return id;
	/* /proc's numbers are ours when we are at its depth: a found id can be checked there. */
	int found = proc_ns_depth() ? 0 : cached_id(keys[type], type, n - 1, id, ns);
	if (found)
		return found;
	found = find_id("/proc", type == PT_TID, keys[type], n - 1, id, proc_ns_depth(), ns);
	if (found && !proc_ns_depth())
		cache_id(type, n - 1, id, ns, found);
	return found;
}

int pid_ours(struct dctx *c, int pid, enum pid_type type)
{
	int ours = pid > 0 ? translate_pid(c->pid, pid, type) : 0;

	return ours > 0 ? ours : pid;
}

void print_comm_str(struct strbuf *sb, const char *comm)
{
	if (!comm || !*comm)
		return;
	sb_putc(sb, '<');
	quote_string_ex(sb, comm, strlen(comm), QUOTE_OMIT_QUOTES, "<>");
	sb_putc(sb, '>');
}

int (*pid_comm_hook)(pid_t pid, char *buf, size_t len) = proc_comm;
int (*pid_comm_at_stop_hook)(struct dctx *c, pid_t pid, char *buf, size_t len);

/* The command name of PID for C's line: as the backend saw it at the stop, else as now. */
static int pid_comm(struct dctx *c, pid_t pid, char *buf, size_t len)
{
	int n = pid_comm_at_stop_hook ? pid_comm_at_stop_hook(c, pid, buf, len) : -1;

	return n >= 0 ? n : pid_comm_hook(pid, buf, len);
}

void printpid(struct dctx *c, int pid, enum pid_type type)
{
	bool want_comm = (dopts.decode_pids & DECODE_PID_COMM) &&
			 (type == PT_TID || type == PT_TGID);
	bool want_ns = dopts.decode_pids & DECODE_PID_NS;
	char comm[64];

	sb_put_i64(c->sb, pid);
	if (pid <= 0 || (!want_comm && !want_ns))
		return;
	int ours = translate_pid(c->pid, pid, type);
	if (!ours)
		return;
	if (want_comm && pid_comm(c, ours, comm, sizeof(comm)) > 0)
		print_comm_str(c->sb, comm);
	if (want_ns && ours != pid) {
		char text[64];
		snprintf(text, sizeof(text), "%d in strace's PID NS", ours);
		print_comment(c->sb, text);
	}
}

void printpid_ours(struct dctx *c, int pid)
{
	char comm[64];

	tprintf(c, "%d", pid);
	if ((dopts.decode_pids & DECODE_PID_COMM) && pid > 0 &&
	    pid_comm(c, pid, comm, sizeof(comm)) > 0)
		print_comm_str(c->sb, comm);
}

void printpid_tgid_pgid(struct dctx *c, int pid)
{
	if (pid > 0)
		printpid(c, pid, PT_TGID);
	else if (pid < -1)
		printpid(c, pid, PT_PGID);
	else
		tprintf(c, "%d", pid);
}
