// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The captures of the eBPF backend (bpf-capture.h): per-thread sets of memory and descriptor
 * records, and the readers the decoders use over them.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "strace-lite/bpf/bpf-capture.h"
#include "bpf/sysbpf.h"
#include "common/maps.h"
#include "common/proc.h"
#include "common/vec.h"

static struct tidtab tmems;

void capset_clear(struct capset *s)
{
	if (!s->n)
		return;
	for (size_t i = 0; i < s->n; i++)
		free(s->v[i].data);
	s->n = 0;
}

void capset_move(struct capset *to, struct capset *from)
{
	if (!to->v && !from->v)
		return; /* most calls capture nothing */
	capset_clear(to);
	free(to->v);
	*to = *from;
	memset(from, 0, sizeof(*from));
}

static struct tmem *tmem_of(struct tid_node *n)
{
	return n ? container_of(n, struct tmem, node) : NULL;
}

struct tmem *tmem_get(pid_t tid, bool create)
{
	struct tmem *t = tmem_of(tidtab_find(&tmems, tid));

	if (t || !create)
		return t;
	t = calloc(1, sizeof(*t));
	if (t)
		tidtab_add(&tmems, &t->node, tid);
	return t;
}

void tmem_drop(pid_t tid)
{
	struct tmem *t = tmem_of(tidtab_find(&tmems, tid));

	if (!t)
		return;
	tidtab_remove(&tmems, &t->node);
	struct capset *all[] = { &t->pending, &t->entry, &t->exit,
				 &t->fd_pending, &t->fd_entry, &t->fd_exit };
	for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++) {
		capset_clear(all[i]);
		free(all[i]->v);
	}
	free(t);
}

void tmem_rename(pid_t old, pid_t tid)
{
	struct tmem *t = tmem_get(old, false);

	if (!t || old == tid)
		return;
	tmem_drop(tid);
	tidtab_rekey(&tmems, &t->node, tid);
}

void capset_add(struct capset *s, uint64_t addr, const void *data, uint32_t len)
{
	if (VEC_GROW(s->v, s->cap, s->n, 8) < 0)
			return;
	uint8_t *d = malloc(len ? len : 1);
	if (!d)
		return;
	memcpy(d, data, len);
	s->v[s->n++] = (struct cap){ addr, len, d };
}

/* A capture of thread TID (of TGID) into the recording, as the kernel would have sent it. */
static void record_cap(pid_t tid, pid_t tgid, const struct cap *c)
{
	static struct ev_mem m;

	if (c->len > EV_MEM_MAX)
		return;
	m.h = (struct ev_hdr){ .kind = EV_MEM, .tid = (uint32_t)tid, .tgid = (uint32_t)tgid,
			       .len = c->len };
	m.addr = c->addr;
	memcpy(m.data, c->data, c->len);
	record_event(&m, offsetof(struct ev_mem, data) + c->len);
}

/* DATA, LEN bytes written at ADDR after S was captured: into every capture it overlaps (each
 * recorded again when RECORD: a replay finds the same bytes, the later record winning). */
static void capset_patch(struct capset *s, uint64_t addr, const uint8_t *data, size_t len,
			 pid_t tid, pid_t tgid, bool record)
{
	size_t n = s->n;

	for (size_t i = 0; i < n; i++) {
		struct cap *c = &s->v[i];
		uint64_t lo = addr > c->addr ? addr : c->addr;
		uint64_t hi = addr + len < c->addr + c->len ? addr + len : c->addr + c->len;
		if (lo >= hi)
			continue;
		memcpy(c->data + (lo - c->addr), data + (lo - addr), hi - lo);
		if (record)
			record_cap(tid, tgid, c);
	}
}

void capture_patch(pid_t tid, pid_t tgid, uint64_t addr, const void *data, size_t len)
{
	struct tmem *t = tmem_get(tid, false);

	if (!t || !len || len > EV_MEM_MAX || addr + len < addr)
		return;
	/* The exit's records are pending still (its EV_SYS_EXIT is being handled); what entry
	 * captured is the entry's. */
	capset_patch(&t->entry, addr, data, len, tid, tgid, false);
	capset_patch(&t->pending, addr, data, len, tid, tgid, true);
	capset_add(&t->pending, addr, data, (uint32_t)len);
	record_cap(tid, tgid, &t->pending.v[t->pending.n - 1]);
}

/* Bytes at ADDR from S: how many could be copied from there on (0 if none). */
size_t capset_copy(const struct capset *s, uint64_t addr, uint8_t *buf, size_t len)
{
	size_t best = 0;

	/* Later captures win: at exit, an inout structure's new contents. */
	for (size_t i = s->n; i-- > 0;) {
		const struct cap *c = &s->v[i];
		if (addr < c->addr || addr >= c->addr + c->len)
			continue;
		size_t n = c->addr + c->len - addr;
		if (n > len)
			n = len;
		if (n > best) {
			memcpy(buf, c->data + (addr - c->addr), n);
			best = n;
			if (n == len)
				break;
		}
	}
	return best;
}

/*
 * Memory no capture holds, in a read-only file mapping of thread PID: a string literal in a
 * page the program had not touched yet (a BPF program cannot fault it in) of a call that
 * failed before the kernel touched it either (so the exit's re-read found nothing).  Read now
 * from the process, which is exact: such memory cannot have changed since.  Writable memory
 * may have, and is left unread.  The bytes read (up to the mapping's end), or 0.
 */
static bool processes_gone; /* a replay: the pids are not the recorded processes' */

void capture_processes_gone(void)
{
	processes_gone = true;
}

size_t capture_readonly_read(pid_t pid, uint64_t addr, uint8_t *buf, size_t len)
{
	if (processes_gone)
		return 0;
	struct mapping *v = NULL;
	int nm = maps_read(pid, 0, &v);
	const struct mapping *m = maps_at(v, nm, addr);
	size_t got = 0;

	if (m && m->perms[0] == 'r' && m->perms[1] != 'w' && m->inode) {
		size_t n = m->end - addr < len ? (size_t)(m->end - addr) : len;
		if (proc_vm_read(pid, addr, buf, n) == 0)
			got = n;
	}
	free(v);
	return got;
}

size_t capture_pending_copy(pid_t tid, uint64_t addr, void *buf, size_t len)
{
	struct tmem *t = tmem_get(tid, false);

	return t ? capset_copy(&t->pending, addr, buf, len) : 0;
}

void capture_pending_clear(pid_t tid)
{
	struct tmem *t = tmem_get(tid, false);

	if (t)
		capset_clear(&t->pending);
}

/*
 * The bytes at ADDR the captures of thread C->pid hold, from ADDR on without a gap: exit
 * captures first at exit, then entry's, then (capture_readonly_read) read-only file memory.
 * How many were copied to OUT.  STR: a string, whole once a NUL is in (the process's memory
 * is not read for what lies after it: that costs a read of its maps).
 */
static size_t capture_copy(struct dctx *c, uint64_t addr, uint8_t *out, size_t len, bool str)
{
	struct tmem *t = tmem_get(c->pid, false);
	size_t done = 0;

	if (!t)
		return 0;
	while (done < len) {
		size_t n = 0;
		/* (At exit before decoding, c->exiting is not yet set: a command name's read.) */
		if (c->exiting || t->exit.n)
			n = capset_copy(&t->exit, addr + done, out + done, len - done);
		if (!n)
			n = capset_copy(&t->entry, addr + done, out + done, len - done);
		if (!n)
			break;
		done += n;
	}
	if (done < len && !(str && memchr(out, '\0', done)))
		done += capture_readonly_read(c->pid, addr + done, out + done, len - done);
	return done;
}

/*
 * dctx->read over the captures: all LEN bytes or -EFAULT.  Bytes the kernel could not read
 * (an unmapped or PROT_NONE page, a structure running into one) were not captured: the
 * decoder prints the address, as it does over ptrace, never a structure padded with zeros or
 * with what the buffer held before.
 */
int capture_read(struct dctx *c, uint64_t addr, void *out, size_t len)
{
	return capture_copy(c, addr, out, len, false) == len ? 0 : -EFAULT;
}

/* Whether the kernel found a string of this call running into a hole at ADDR (an empty
 * record there). */
static bool capture_hole(struct dctx *c, uint64_t addr)
{
	struct tmem *t = tmem_get(c->pid, false);
	const struct capset *sets[] = { t && c->exiting ? &t->exit : NULL, t ? &t->entry : NULL };

	for (size_t k = 0; k < 2; k++)
		for (size_t i = 0; sets[k] && i < sets[k]->n; i++)
			if (!sets[k]->v[i].len && sets[k]->v[i].addr == addr)
				return true;
	return false;
}

/*
 * dctx->read_str: the kernel captured a string up to its NUL, not the LEN bytes a decoder
 * reads at once: bytes up to a NUL are enough (the rest reads as 0).  Short of a NUL: -EFAULT
 * where the kernel met unreadable memory (umovestr warns of a short read, as strace's), else
 * -ENODATA (not captured: cut on purpose).
 */
int capture_read_str(struct dctx *c, uint64_t addr, void *out, size_t len)
{
	uint8_t *buf = out;
	size_t done = capture_copy(c, addr, buf, len, true);

	if (done < len && !memchr(buf, '\0', done))
		return capture_hole(c, addr + done) ? -EFAULT : -ENODATA;
	memset(buf + done, 0, len - done);
	return 0;
}

/*
 * The path of NAMES (LEN bytes: the components of an EV_FD or EV_ROMAP record, leaf first, as
 * the kernel walked them) into OUT: false when unknown, as a path the walk did not take to the
 * root (FLAGS lacks FD_WHOLE), or longer than readlink gives (PATH_MAX): readlink would fail
 * (ENAMETOOLONG).
 */
static bool path_text(const char *names, size_t len, uint32_t flags, char *out, size_t outlen)
{
	const char *comp[64];
	size_t n = 0, pos = 0;

	out[0] = 0;
	while (pos < len && n < 64) {
		size_t l = strnlen(names + pos, len - pos);
		if (pos + l >= len)
			return false; /* no NUL: cut short */
		comp[n++] = names + pos;
		pos += l + 1;
	}
	if (!(flags & FD_WHOLE) || pos < len)
		return false;
	size_t o = 0;
	if (!n)
		o = (size_t)snprintf(out, outlen, "/");
	while (n-- > 0 && o < outlen)
		o += (size_t)snprintf(out + o, outlen - o, "/%s", comp[n]);
	if (o >= PATH_MAX || o >= outlen) {
		out[0] = 0;
		return false;
	}
	return true;
}

/* The link text of an EV_FD record, as readlink(2) of /proc/PID/fd/N gives it. */
static void fd_link_text(const struct ev_fd *e, size_t len, char *out, size_t outlen)
{
	size_t names = len > offsetof(struct ev_fd, names) ? len - offsetof(struct ev_fd, names) : 0;

	if (names > e->h.len)
		names = e->h.len;
	out[0] = 0;
	switch (e->kind) {
	case FDK_PIPE:
		snprintf(out, outlen, "pipe:[%llu]", (unsigned long long)e->ino);
		return;
	case FDK_SOCKET:
		snprintf(out, outlen, "socket:[%llu]", (unsigned long long)e->ino);
		return;
	case FDK_ANON:
		snprintf(out, outlen, "anon_inode:%.*s", (int)strnlen(e->names, names), e->names);
		return;
	case FDK_PATH:
		break;
	default:
		return;
	}
	if (!path_text(e->names, names, e->deleted, out, outlen))
		return;
	size_t o = strlen(out);
	if ((e->deleted & FD_DELETED) && o < outlen)
		o += (size_t)snprintf(out + o, outlen - o, " (deleted)");
	if (o >= PATH_MAX || o >= outlen)
		out[0] = 0;
}

/*
 * What the kernel said at the stop about the descriptor of LINK (/proc/PID/fd/N or cwd): a
 * record of the link text, a NUL, and for sockets and pidfds a struct sockdiag_view.
 */
/* A link of another process than the stopped thread's: pidfd_getfd's target descriptor, one
 * of the pidfd's process, which the kernel described as FD_FOREIGN. */
static bool foreign_link(struct dctx *c, const char *link)
{
	int pid;

	return link && sscanf(link, "/proc/%d/", &pid) == 1 && pid != c->pid;
}


static const struct cap *fd_record(struct dctx *c, const char *link)
{
	struct tmem *t = tmem_get(c->pid, false);
	int pid, fd, n = 0;
	char tail[8];

	if (!t || !link)
		return NULL;
	if (sscanf(link, "/proc/%d/fd/%d%n", &pid, &fd, &n) == 2 && !link[n]) {
		/* the fd */
	} else if (sscanf(link, "/proc/%d/cw%1[d]%n", &pid, tail, &n) == 2 && !link[n]) {
		fd = FD_CWD;
	} else {
		return NULL;
	}
	uint64_t key = (uint64_t)(uint32_t)fd | (foreign_link(c, link) ? FOREIGN_KEY : 0);
	const struct capset *sets[] = { c->exiting ? &t->fd_exit : NULL, &t->fd_entry };
	for (size_t k = 0; k < 2; k++)
		for (size_t i = 0; sets[k] && i < sets[k]->n; i++)
			if (sets[k]->v[i].addr == key)
				return &sets[k]->v[i];
	return NULL;
}

/* pid_comm_at_stop_hook: the name the kernel sent for PID at this call (HOW_COMM). */
int capture_comm(struct dctx *c, pid_t pid, char *buf, size_t len)
{
	struct tmem *t = tmem_get(c->pid, false);
	uint8_t comm[17] = { 0 };
	size_t n = 0;

	if (!t || !len)
		return -1;
	if (c->exiting)
		n = capset_copy(&t->exit, COMM_ADDR(pid), comm, 16);
	if (!n)
		n = capset_copy(&t->entry, COMM_ADDR(pid), comm, 16);
	if (n != 16)
		return -1;
	snprintf(buf, len, "%s", (const char *)comm);
	return (int)strlen(buf);
}

int capture_kvm_exit(struct dctx *c, int fd, uint32_t *reason)
{
	struct tmem *t = tmem_get(c->pid, false);

	if (!t || !c->exiting || capset_copy(&t->exit, KVM_RUN_ADDR(fd), (uint8_t *)reason,
					     sizeof(*reason)) != sizeof(*reason))
		return -1;
	return 0;
}

/* /proc/PID/ns/NAME as the kernel read it at this call's exit (HOW_NSIDS): "NAME:[ID]" into
 * BUF, its length; -1 with errno ENOENT when it has no such namespace, -2 when it sent none (a
 * child not found among the caller's: a thread, CLONE_PARENT's). */
static ssize_t ns_readlink(struct dctx *c, int pid, const char *name, char *buf, size_t len)
{
	static const char *const names[NS_COUNT] = NS_NAMES;
	struct tmem *t = tmem_get(c->pid, false);
	uint32_t ids[NS_COUNT];
	char text[64];

	for (size_t i = 0; t && c->exiting && i < NS_COUNT; i++) {
		if (strcmp(name, names[i]))
			continue;
		if (capset_copy(&t->exit, NS_ADDR(pid), (uint8_t *)ids, sizeof(ids)) != sizeof(ids))
			return -2;
		if (!ids[i])
			break;
		int n = snprintf(text, sizeof(text), "%s:[%u]", name, ids[i]);
		size_t l = (size_t)n < len ? (size_t)n : len;
		memcpy(buf, text, l);
		return (ssize_t)l;
	}
	errno = ENOENT;
	return -1;
}

/* tracee_readlink for -y, -yy, -P and -e namespace=new. */
ssize_t capture_readlink(struct dctx *c, const char *link, char *buf, size_t len)
{
	char name[16];
	int pid, n = 0;

	if (link && sscanf(link, "/proc/%d/ns/%15[a-z]%n", &pid, name, &n) == 2 && !link[n]) {
		ssize_t l = ns_readlink(c, pid, name, buf, len);
		return l == -2 ? readlink(link, buf, len) : l;
	}
	const struct cap *r = fd_record(c, link);

	if (!r && foreign_link(c, link) && !processes_gone)
		return readlink(link, buf, len);
	size_t l = r ? strnlen((const char *)r->data, r->len) : 0;

	if (!l) {
		errno = r ? EBADF : ENOENT;
		return -1;
	}
	if (l > len)
		l = len;
	memcpy(buf, r->data, l);
	return (ssize_t)l;
}

int capture_deleted(struct dctx *c, const char *link)
{
	const struct cap *r = fd_record(c, link);
	size_t l = r ? strnlen((const char *)r->data, r->len) : 0;

	if (!l || r->len < l + 2 || ((const char *)r->data)[l + 1] != 'D')
		return l ? 0 : -1;
	return 1;
}

bool capture_sockview(struct dctx *c, const char *link, struct sockdiag_view *v)
{
	const struct cap *r = fd_record(c, link);
	size_t l = r ? strnlen((const char *)r->data, r->len) : 0;

	if (!r || r->len < l + 1 + sizeof(*v))
		return false;
	memcpy(v, r->data + l + 1, sizeof(*v));
	return true;
}

/* The lines /proc/PID/fdinfo/FD had for an eventfd or a signalfd, from what the kernel read
 * of its context (fs/eventfd.c's and fs/signalfd.c's show_fdinfo print them so). */
static void anon_fdinfo(const struct ev_fd *e, char *out, size_t len)
{
	out[0] = 0;
	if (e->anon == ANON_EVENTFD)
		snprintf(out, len, "eventfd-count: %16llx\neventfd-id: %u\neventfd-semaphore: %d\n",
			 (unsigned long long)e->efd_count, e->efd_id, (int)(e->efd_flags & 1));
	else if (e->anon == ANON_SIGNALFD)
		snprintf(out, len, "sigmask:\t%016llx\n", (unsigned long long)e->efd_flags);
}

/* The record fd_record finds, from an EV_FD event. */
void fd_record_add(struct capset *s, const struct ev_fd *e, size_t len)
{
	struct {
		char text[PATH_MAX + 16];
		struct sockdiag_view v;
	} rec;
	fd_link_text(e, len, rec.text, sizeof(rec.text));
	size_t l = strlen(rec.text), total = l + 1;

	/* After the NUL of a path: 'D' when the file was unlinked (capture_deleted). */
	if (l && e->kind == FDK_PATH && (e->deleted & FD_DELETED))
		rec.text[total++] = 'D';

	if (e->kind == FDK_SOCKET || (e->kind == FDK_ANON && (e->pidfd_pid || e->anon)) ||
	    (e->kind == FDK_PATH && e->pts1 > 0 && total == l + 1)) {
		struct sockdiag_view v = { .family = e->family, .sport = e->sport,
					   .dport = e->dport, .hashed = e->hashed,
					   .peer_ino = e->peer_ino, .portid = e->portid,
					   .nlproto = e->nlproto, .pidfd_pid = e->pidfd_pid,
					   .pts1 = e->kind == FDK_PATH ? e->pts1 : 0 };
		size_t names = len > offsetof(struct ev_fd, names) ? len - offsetof(struct ev_fd, names)
								   : 0;
		if (e->kind == FDK_SOCKET)
			snprintf(v.proto, sizeof(v.proto), "%.*s",
				 (int)strnlen(e->names, names < 63 ? names : 63), e->names);
		memcpy(v.src, e->src, 16);
		memcpy(v.dst, e->dst, 16);
		v.upath_len = e->upath_len > 0 && e->upath_len <= 108 ? e->upath_len : 0;
		memcpy(v.upath, e->upath, sizeof(v.upath)); /* 108 of them */
		anon_fdinfo(e, v.fdinfo, sizeof(v.fdinfo));
		memcpy(rec.text + total, &v, sizeof(v));
		total += sizeof(v);
	}
	capset_add(s, (uint64_t)(uint32_t)e->fd | (e->deleted & FD_FOREIGN ? FOREIGN_KEY : 0),
		   rec.text, total);
}

/*
 * EV_ROMAP: the bytes the kernel could not read, from the file of the read-only mapping they
 * lie in, which holds the same (no page of it was ever copied; the kernel checked), handed to
 * FEED as EV_MEM records of the same thread, ahead of its stop.  Only if the path the kernel
 * walked still names the same file (device and inode).  At most ROMAP_MAX bytes: more than a
 * string's -s or a capture's budget would show.
 */
#define ROMAP_MAX (64 * 1024)

/* The file of the last EV_ROMAP, kept open: a program that repeats such a call (or names
 * several literals of one file) costs a pread, not an open, a stat and a close, each time.
 * Found again by device and inode alone, whatever the path says by then: the descriptor
 * keeps that inode, so its number cannot be another file's meanwhile. */
static struct {
	int fd;
	uint32_t dev;
	uint64_t ino;
} romfile = { -1, 0, 0 };

/* A descriptor of the file R names, checked to be its device and inode, or -1. */
static int romap_file(const struct ev_romap *r, size_t len)
{
	size_t names = len - offsetof(struct ev_romap, names);
	char path[PATH_MAX];
	struct stat st;

	if (romfile.fd >= 0 && romfile.dev == r->dev && romfile.ino == r->ino)
		return romfile.fd;
	if (names > r->h.len)
		names = r->h.len;
	if ((r->flags & FD_DELETED) || !path_text(r->names, names, r->flags, path, sizeof(path)))
		return -1;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_ino != r->ino ||
	    major(st.st_dev) != r->dev >> 20 || minor(st.st_dev) != (r->dev & 0xfffff)) {
		close(fd);
		return -1;
	}
	if (romfile.fd >= 0)
		close(romfile.fd);
	romfile.fd = fd;
	romfile.dev = r->dev;
	romfile.ino = r->ino;
	return fd;
}

static void capture_romap(const struct ev_romap *r, size_t len,
			  int (*feed)(void *ctx, void *data, size_t len), void *ctx)
{
	static struct ev_mem m;
	int fd;

	/* A replay reads no file: the EV_MEM records made when it was recorded follow. */
	if (processes_gone || r->addr >= r->end || (fd = romap_file(r, len)) < 0)
		return;
	uint64_t want = r->want < r->end - r->addr ? r->want : r->end - r->addr;
	if (want > ROMAP_MAX)
		want = ROMAP_MAX;
	for (uint64_t done = 0, eof = 0; done < want;) {
		size_t n = want - done < EV_MEM_MAX ? want - done : EV_MEM_MAX;
		ssize_t got = eof ? 0 : pread(fd, m.data, n, (off_t)(r->off + done));
		if (got < 0)
			break;
		if (got == 0) {
			/* Past the end of the file, the rest of its last page reads as zeros (the
			 * pages after that one are not readable at all). */
			struct stat st;
			uint64_t at = r->off + done, end;
			if (eof++ || fstat(fd, &st) < 0)
				break;
			end = ((uint64_t)st.st_size + 4095) & ~4095ull;
			if (at < (uint64_t)st.st_size || at >= end)
				break;
			got = (ssize_t)(end - at < n ? end - at : n);
			memset(m.data, 0, (size_t)got);
		}
		m.h = r->h;
		m.h.kind = EV_MEM;
		m.h.len = (uint32_t)got;
		m.addr = r->addr + done;
		feed(ctx, &m, offsetof(struct ev_mem, data) + (size_t)got);
		done += (uint64_t)got;
	}
}

void capture_event(const void *data, size_t len, int (*feed)(void *ctx, void *data, size_t len),
		   void *ctx)
{
	const struct ev_hdr *h = data;
	struct tmem *t = tmem_get(h->tid, true);

	if (!t)
		return;
	if (h->kind == EV_MEM && len >= offsetof(struct ev_mem, data) + h->len) {
		const struct ev_mem *m = data;
		capset_add(&t->pending, m->addr, m->data, h->len);
	} else if (h->kind == EV_FD && len >= offsetof(struct ev_fd, names)) {
		fd_record_add(&t->fd_pending, data, len);
	} else if (h->kind == EV_ROMAP && len >= offsetof(struct ev_romap, names)) {
		capture_romap(data, len, feed, ctx);
	}
}
