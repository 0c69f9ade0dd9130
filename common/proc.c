// SPDX-License-Identifier: LGPL-2.1-or-later
/* Process plumbing: PATH search, tracee memory, thread lists. */
#include <dirent.h>
#include <elf.h>
#include <errno.h>
#include <linux/nsfs.h>
#include <sys/ioctl.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include "common/maps.h"
#include "common/proc.h"
#include "common/vec.h"

static bool is_exec_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode) && (st.st_mode & 0111);
}

int proc_find_program(const char *prog, char *out, size_t outlen)
{
	return proc_find_program_in(prog, getenv("PATH"), out, outlen);
}

int proc_find_program_in(const char *prog, const char *search, char *out, size_t outlen)
{
	struct stat st;
	size_t plen = strlen(prog);

	if (!plen)
		return -ENOENT;
	if (strchr(prog, '/')) {
		if (plen >= outlen)
			return -ENAMETOOLONG;
		memcpy(out, prog, plen + 1);
		return stat(out, &st) < 0 ? -errno : 0;
	}
	const char *path = search;
	if (!path)
		path = "/usr/local/bin:/usr/bin:/bin";
	while (*path) {
		const char *colon = strchr(path, ':');
		size_t n = colon ? (size_t)(colon - path) : strlen(path);
		char dir[PATH_MAX];

		if (n == 0) {
			if (!getcwd(dir, sizeof(dir)))
				goto next;
		} else if (n < sizeof(dir)) {
			memcpy(dir, path, n);
			dir[n] = '\0';
		} else {
			goto next;
		}
		if ((size_t)snprintf(out, outlen, "%s%s%s", dir,
				     dir[strlen(dir) - 1] == '/' ? "" : "/", prog) < outlen &&
		    is_exec_file(out))
			return 0;
next:
		path += n;
		if (*path == ':')
			path++;
	}
	return -ENOENT;
}

static int mem_read_procfs(pid_t pid, uint64_t addr, void *buf, size_t len)
{
	char name[32];

	snprintf(name, sizeof(name), "/proc/%d/mem", proc_pid(pid));
	int fd = open(name, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	ssize_t n = pread(fd, buf, len, (off_t)addr);
	int err = n < 0 ? -errno : ((size_t)n == len ? 0 : -EFAULT);
	close(fd);
	return err;
}

int proc_vm_read(pid_t pid, uint64_t addr, void *buf, size_t len)
{
	if (!len)
		return 0;
	if (addr + len < addr)
		return -EFAULT;
	struct iovec local = { buf, len }, remote = { (void *)(uintptr_t)addr, len };
	ssize_t n = process_vm_readv(pid, &local, 1, &remote, 1, 0);
	if (n == (ssize_t)len)
		return 0;
	if (n >= 0)
		return -EFAULT; /* a short read: the rest is not readable */
	if (errno == ENOSYS)
		return mem_read_procfs(pid, addr, buf, len);
	return -errno;
}

int proc_mem_read(pid_t pid, uint64_t addr, void *buf, size_t len)
{
	int rc = proc_vm_read(pid, addr, buf, len);

	if (rc == 0 || rc == -ESRCH)
		return rc;
	return mem_read_procfs(pid, addr, buf, len);
}

/*
 * Three 4 KiB-aligned chunks of one tracee (each within a page), as strace's umove cache: a
 * decoder reads an execve's argv and envp a pointer at a time, forty system calls where one
 * does.  Three, since the pointers and the strings they point to are on different pages (the
 * top of the stack), and a string may run over a page boundary: with one, each string evicted
 * the array and the next pointer read it again; with two, each string across two pages did
 * (writev's iovecs over adjacent bytes: 33 reads, not 3).  The one used least recently is
 * replaced.  Valid only while the tracee stays stopped: the tracer drops them at every stop.
 */
#define VM_CHUNK 4096u
#define VM_CHUNKS 3
static struct vm_chunk {
	pid_t pid;
	bool valid;
	unsigned long used; /* when last used (vm_clock) */
	uint64_t base;
	unsigned char data[VM_CHUNK];
} vm_cache[VM_CHUNKS];
static unsigned long vm_clock;

/* The chunk at BASE, read if not held; NULL when it is not all readable. */
static struct vm_chunk *vm_chunk_get(pid_t pid, uint64_t base)
{
	struct vm_chunk *c = &vm_cache[0];

	for (unsigned int i = 0; i < VM_CHUNKS; i++) {
		struct vm_chunk *v = &vm_cache[i];
		if (v->valid && v->pid == pid && v->base == base) {
			v->used = ++vm_clock;
			return v;
		}
		if (!v->valid || (c->valid && v->used < c->used))
			c = v; /* a free one, else the least recently used */
	}
	c->valid = false;
	c->used = ++vm_clock;
	if (proc_vm_read(pid, base, c->data, VM_CHUNK) < 0)
		return NULL;
	c->pid = pid;
	c->base = base;
	c->valid = true;
	return c;
}

/*
 * A read across two chunks (a string that runs over a page boundary) is served from both, as
 * strace's cache serves adjacent reads: each of many such strings would otherwise be a read of
 * its own (umovestr_cached_adjacent counts them).
 */
int proc_vm_read_cached(pid_t pid, uint64_t addr, void *buf, size_t len)
{
	uint64_t base = addr & ~(uint64_t)(VM_CHUNK - 1);

	if (!len || len > VM_CHUNK || addr + len < addr)
		return proc_vm_read(pid, addr, buf, len);
	uint64_t last = (addr + len - 1) & ~(uint64_t)(VM_CHUNK - 1);
	size_t first = last == base ? len : (size_t)(base + VM_CHUNK - addr);
	struct vm_chunk *c = vm_chunk_get(pid, base);
	if (!c)
		return proc_vm_read(pid, addr, buf, len); /* the chunk is not all readable */
	memcpy(buf, c->data + (addr - base), first);
	if (first == len)
		return 0;
	struct vm_chunk *d = vm_chunk_get(pid, last);
	if (!d)
		return proc_vm_read(pid, addr, buf, len);
	memcpy((char *)buf + first, d->data, len - first);
	return 0;
}

void proc_vm_cache_drop(void)
{
	for (unsigned int i = 0; i < VM_CHUNKS; i++)
		vm_cache[i].valid = false;
}

int proc_list_threads(pid_t pid, pid_t **tids)
{
	char name[32];
	size_t n = 0, cap = 16;

	snprintf(name, sizeof(name), "/proc/%d/task", proc_pid(pid));
	DIR *d = opendir(name);
	if (!d)
		return -errno;
	pid_t *v = malloc(cap * sizeof(*v));
	if (!v) {
		closedir(d);
		return -ENOMEM;
	}
	struct dirent *de;
	while ((de = readdir(d))) {
		long t = strtol(de->d_name, NULL, 10);
		if (t <= 0)
			continue;
		if (n == cap) {
			pid_t *nv = realloc(v, 2 * cap * sizeof(*v));
			if (!nv) {
				free(v);
				closedir(d);
				return -ENOMEM;
			}
			v = nv;
			cap *= 2;
		}
		v[n++] = (pid_t)t;
	}
	closedir(d);
	*tids = v;
	return (int)n;
}

/*
 * /proc may be another pid namespace's than ours: run in a new one without its own /proc
 * mounted (unshare -p without --mount-proc, as strace's tests run it), /proc/N is the process
 * the outer namespace calls N.  Our depth below /proc's namespace (0: /proc is ours), from
 * /proc/self: the link names our pid there.
 */
int proc_status_ids(const char *path, const char *key, int *ids, int max)
{
	char line[512];
	size_t kl = strlen(key);
	int n = -1;
	FILE *f = fopen(path, "re");

	if (!f)
		return -1;
	while (n < 0 && fgets(line, sizeof(line), f)) {
		if (strncmp(line, key, kl) || line[kl] != ':')
			continue;
		char *p = line + kl + 1, *end;
		for (n = 0; n < max; n++, p = end) {
			long v = strtol(p, &end, 10);
			if (end == p)
				break;
			ids[n] = (int)v;
		}
	}
	fclose(f);
	return n;
}

int proc_ns_depth(void)
{
	static int depth = -1;
	char buf[32];
	int ids[32];

	if (depth >= 0)
		return depth;
	ssize_t n = readlink("/proc/self", buf, sizeof(buf) - 1);
	depth = 0;
	if (n > 0) {
		buf[n] = '\0';
		if (atoi(buf) != getpid()) {
			int k = proc_status_ids("/proc/self/status", "NSpid", ids, 32);
			depth = k > 1 ? k - 1 : 0;
		}
	}
	return depth;
}

ino_t proc_pidns_of(const char *dir, int up)
{
	char path[300];
	struct stat st;
	ino_t ino = 0;

	snprintf(path, sizeof(path), "%s/ns/pid", dir);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	while (fd >= 0 && up-- > 0) {
		int parent = ioctl(fd, NS_GET_PARENT);
		close(fd);
		fd = parent;
	}
	if (fd >= 0 && !fstat(fd, &st))
		ino = st.st_ino;
	if (fd >= 0)
		close(fd);
	return ino;
}

/* Whether /proc/N (a task of /proc's namespace) is our thread PID: N's NSpid has PID at DEPTH,
 * the depth of our namespace, and that level is ours (another namespace may have a PID too). */
static bool proc_is(int n, int depth, pid_t pid)
{
	static ino_t ours;
	struct stat st;
	char path[64];
	int ids[32];

	if (!ours && !stat("/proc/self/ns/pid", &st))
		ours = st.st_ino;
	snprintf(path, sizeof(path), "/proc/%d/status", n);
	int k = proc_status_ids(path, "NSpid", ids, 32);
	snprintf(path, sizeof(path), "/proc/%d", n);
	return k > depth && ids[depth] == pid && proc_pidns_of(path, k - 1 - depth) == ours;
}

pid_t proc_pid(pid_t pid)
{
	static struct {
		pid_t ours, theirs;
	} cache[64];
	static unsigned int next;
	int depth = proc_ns_depth();

	if (!depth || pid <= 0)
		return pid;
	for (int i = 0; i < 64; i++)
		if (cache[i].ours == pid && proc_is(cache[i].theirs, depth, pid))
			return cache[i].theirs;
	/* Every task of /proc's namespace: the threads are under /proc/N/task. */
	pid_t found = 0;
	DIR *d = opendir("/proc");
	struct dirent *de;
	while (d && !found && (de = readdir(d))) {
		char dir[64];
		if (de->d_name[0] < '1' || de->d_name[0] > '9')
			continue;
		snprintf(dir, sizeof(dir), "/proc/%d/task", atoi(de->d_name));
		DIR *t = opendir(dir);
		struct dirent *te;
		while (t && !found && (te = readdir(t))) {
			int n = atoi(te->d_name);
			if (n > 0 && proc_is(n, depth, pid))
				found = n;
		}
		if (t)
			closedir(t);
	}
	if (d)
		closedir(d);
	if (!found)
		return pid;
	cache[next % 64].ours = pid;
	cache[next++ % 64].theirs = found;
	return found;
}

bool proc_thread_exists(pid_t tid)
{
	char path[32];

	/* /proc/TID answers for any thread of any process, listed in /proc or not. */
	snprintf(path, sizeof(path), "/proc/%d", proc_pid(tid));
	return access(path, F_OK) == 0 || (errno != ENOENT && errno != ESRCH);
}

int proc_stop_signal(pid_t tid)
{
	char path[64], buf[1024];

	snprintf(path, sizeof(path), "/proc/%d/stat", proc_pid(tid));
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	ssize_t n = read(fd, buf, sizeof(buf) - 1);
	int err = errno;
	close(fd);
	if (n <= 0)
		return n < 0 ? -err : -EIO;
	buf[n] = '\0';
	/* "PID (COMM) S ...": COMM may hold anything, so the state follows the last ')'. */
	char *p = strrchr(buf, ')');
	if (!p || p[1] != ' ' || !p[2])
		return -EIO;
	if (p[2] != 'T')
		return 0;
	/* The last field (exit_code, since Linux 3.5) holds the stop signal of a stopped task. */
	char *last = strrchr(p, ' ');
	long v = last ? strtol(last + 1, NULL, 10) : 0;
	if ((v & 0xff) == 0x7f)
		v = (v >> 8) & 0xff; /* in the form of a wait status */
	return v > 0 && v < 65 ? (int)v : SIGSTOP;
}

long proc_status_field(pid_t pid, const char *key)
{
	char path[64], line[256];
	size_t kl = strlen(key);
	long v = -1;

	snprintf(path, sizeof(path), "/proc/%d/status", proc_pid(pid));
	FILE *f = fopen(path, "re");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, key, kl) && line[kl] == ':') {
			char *end;
			v = strtol(line + kl + 1, &end, 10);
			if (end == line + kl + 1)
				v = -1;
			break;
		}
	fclose(f);
	return v;
}

int proc_comm(pid_t pid, char *buf, size_t len)
{
	char path[64];
	int rc = -ENOENT;

	if (!len)
		return -EINVAL;
	buf[0] = '\0';
	snprintf(path, sizeof(path), "/proc/%d/comm", proc_pid(pid));
	FILE *f = fopen(path, "re");
	if (!f)
		return -errno;
	if (fgets(buf, (int)len, f)) {
		buf[strcspn(buf, "\n")] = '\0';
		rc = (int)strlen(buf);
	}
	fclose(f);
	return rc;
}

int proc_exe(pid_t pid, char *buf, size_t len)
{
	char link[64];

	if (!len)
		return -EINVAL;
	snprintf(link, sizeof(link), "/proc/%d/exe", proc_pid(pid));
	ssize_t n = readlink(link, buf, len - 1);
	buf[n > 0 ? n : 0] = '\0';
	return n > 0 ? (int)n : n < 0 ? -errno : -ENOENT;
}

uint64_t proc_entry_point(pid_t pid)
{
	uint64_t entry = 0;

	return auxv_read(pid, AT_ENTRY, &entry) ? 0 : entry;
}

/* Where cgroup2 is mounted (/sys/fs/cgroup, or /sys/fs/cgroup/unified on a hybrid system). */
static int cgroup2_mount(char *buf, size_t len)
{
	FILE *f = fopen("/proc/self/mounts", "re");
	char line[1024], dir[512], type[64];
	int rc = -ENOENT;

	if (!f)
		return -errno;
	while (rc && fgets(line, sizeof(line), f))
		if (sscanf(line, "%*s %511s %63s", dir, type) == 2 && !strcmp(type, "cgroup2")) {
			snprintf(buf, len, "%s", dir);
			rc = 0;
		}
	fclose(f);
	return rc;
}

int proc_cgroup_resolve(const char *path, char *dir, size_t len, uint64_t *id)
{
	char mnt[512], probe[PATH_MAX + 32];
	struct stat st;

	if (path[0] == '/') {
		snprintf(dir, len, "%s", path);
	} else {
		int rc = cgroup2_mount(mnt, sizeof(mnt));
		if (rc < 0)
			return rc;
		snprintf(dir, len, "%s/%s", mnt, path);
	}
	if (stat(dir, &st) < 0)
		return -errno;
	snprintf(probe, sizeof(probe), "%s/cgroup.procs", dir);
	if (!S_ISDIR(st.st_mode) || access(probe, R_OK) < 0)
		return -ENOTDIR;
	snprintf(probe, sizeof(probe), "%s/cgroup.events", dir);
	if (access(probe, R_OK) < 0) /* cgroup v1 has cgroup.procs, not cgroup.events */
		return -ENOTDIR;
	*id = (uint64_t)st.st_ino;
	return 0;
}

int proc_cgroup_pids(const char *dir, pid_t **pids)
{
	char path[PATH_MAX + 16];
	size_t n = 0, cap = 0;
	long v;
	FILE *f;

	snprintf(path, sizeof(path), "%s/cgroup.procs", dir);
	if (!(f = fopen(path, "re")))
		return -errno;
	*pids = NULL;
	while (fscanf(f, "%ld", &v) == 1) {
		if (VEC_GROW(*pids, cap, n, 16) < 0) {
			free(*pids);
			fclose(f);
			return -ENOMEM;
		}
		(*pids)[n++] = (pid_t)v;
	}
	fclose(f);
	return (int)n;
}

bool proc_cgroup_populated(const char *dir)
{
	char path[PATH_MAX + 16], line[64];
	bool populated = false;
	FILE *f;

	snprintf(path, sizeof(path), "%s/cgroup.events", dir);
	if (!(f = fopen(path, "re")))
		return false;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "populated ", 10))
			populated = line[10] == '1';
	fclose(f);
	return populated;
}
