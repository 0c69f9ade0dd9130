// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * sttrace --bpf's EV_ROMAP records (bpf/romap.bpf.h): memory the kernel could not read, in a
 * read-only file mapping, read by user space from the file the record names (capture_event ->
 * capture_romap) and handed on as EV_MEM records.  Records are built here as the kernel builds
 * them, for a file of our own: nothing when the path names another inode, was unlinked, or was
 * not walked to the root; the bytes at the offset, bounded by the mapping's end; the last
 * page's zeros past the end of the file, nothing after; nothing in a replay.  Exit 0 when all
 * hold.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "strace-lite/bpf/bpf-capture.h"

static int fails;
static uint8_t got[70000];
static uint64_t got_addr;
static size_t got_len, got_recs;

static void check(const char *what, int ok)
{
	printf("%s: %s\n", ok ? "ok" : "FAIL", what);
	fails += !ok;
}

/* The feed: EV_MEM records, contiguous from the first one's address. */
static int feed(void *ctx, void *data, size_t len)
{
	const struct ev_mem *m = data;

	(void)ctx;
	if (m->h.kind != EV_MEM || m->h.tid != 42 ||
	    len != offsetof(struct ev_mem, data) + m->h.len)
		return 0;
	if (!got_recs++)
		got_addr = m->addr;
	if (m->addr == got_addr + got_len && got_len + m->h.len <= sizeof(got)) {
		memcpy(got + got_len, m->data, m->h.len);
		got_len += m->h.len;
	}
	return 0;
}

static struct ev_romap rec;

/* A record for PATH (absolute, components walked leaf first), as the kernel sends it. */
static size_t make(const char *path, const struct stat *st, uint64_t addr, uint64_t end,
		   uint64_t off, uint32_t want)
{
	char copy[4096], *comp[64];
	int n = 0;

	memset(&rec, 0, sizeof(rec));
	snprintf(copy, sizeof(copy), "%s", path);
	for (char *s = strtok(copy, "/"); s && n < 64; s = strtok(NULL, "/"))
		comp[n++] = s;
	size_t o = 0;
	while (n-- > 0) {
		size_t l = strlen(comp[n]) + 1;
		memcpy(rec.names + o, comp[n], l);
		o += l;
	}
	rec.h.kind = EV_ROMAP;
	rec.h.tid = rec.h.tgid = 42;
	rec.h.len = (uint32_t)o;
	rec.addr = addr;
	rec.end = end;
	rec.off = off;
	rec.ino = st->st_ino;
	rec.dev = (uint32_t)(major(st->st_dev) << 20 | minor(st->st_dev));
	rec.want = want;
	rec.flags = FD_WHOLE;
	return offsetof(struct ev_romap, names) + o;
}

static void run(size_t len)
{
	got_len = got_recs = 0;
	got_addr = 0;
	capture_event(&rec, len, feed, NULL);
}

int main(void)
{
	char path[] = "/tmp/capture_romap.XXXXXX";
	int fd = mkstemp(path);
	static char data[10000];
	struct stat st;

	for (size_t i = 0; i < sizeof(data); i++)
		data[i] = (char)('a' + i % 26);
	if (fd < 0 || write(fd, data, sizeof(data)) != (ssize_t)sizeof(data) ||
	    fstat(fd, &st) < 0) {
		perror(path);
		return 1;
	}
	const uint64_t base = 0x7f0000000000ull; /* where the file would be mapped, offset 0 */
	size_t len;

	/* First, before the file is read once (the last file read stays open: its inode is
	 * then known by device and inode alone, whatever its path says). */
	len = make(path, &st, base + 100, base + 12288, 100, 50);
	rec.ino++;
	run(len);
	check("the path names another inode: nothing", got_recs == 0);
	len = make(path, &st, base + 100, base + 12288, 100, 50);
	rec.flags |= FD_DELETED;
	run(len);
	check("the file was unlinked: nothing", got_recs == 0);
	len = make(path, &st, base + 100, base + 12288, 100, 50);
	rec.flags = 0;
	run(len);
	check("a path not walked to the root: nothing", got_recs == 0);

	len = make(path, &st, base + 100, base + 12288, 100, 50);
	run(len);
	check("the bytes at the offset, at the address", got_addr == base + 100 && got_len == 50 &&
							     !memcmp(got, data + 100, 50));
	len = make(path, &st, base + 4000, base + 12288, 4000, 5000);
	run(len);
	check("more than a page: several records, contiguous",
	      got_recs >= 2 && got_len == 5000 && !memcmp(got, data + 4000, 5000));
	len = make(path, &st, base + 100, base + 120, 100, 50);
	run(len);
	check("no further than the mapping's end", got_len == 20);
	len = make(path, &st, base + 9990, base + 16384, 9990, 5000);
	run(len);
	check("past the end of the file: zeros to its last page's end, not after",
	      got_len == 12288 - 9990 && !memcmp(got, data + 9990, 10) && got[10] == 0 &&
		      got[got_len - 1] == 0);
	len = make(path, &st, base + 12300, base + 16384, 12300, 50);
	run(len);
	check("a page wholly past the end of the file: nothing", got_recs == 0);
	capture_processes_gone();
	len = make(path, &st, base + 100, base + 12288, 100, 50);
	run(len);
	check("a replay reads no file", got_recs == 0);
	unlink(path);
	return fails ? 1 : 0;
}
