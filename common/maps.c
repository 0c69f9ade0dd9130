// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * /proc/PID/maps and /proc/PID/auxv (maps.h).  A maps file is read whole (the kernel hands it
 * out a page at a time, consistent per read), then parsed in place in the block that will hold
 * the array too, so that one free() releases entries and paths.  A line is
 *	START-END PERMS OFFSET MAJOR:MINOR INODE [PADDING PATH]
 * and the path is the rest of the line: it may hold spaces, and ends in " (deleted)" when the
 * file was unlinked since.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/proc.h"
#include "common/maps.h"

#define MAPS_MAX (64u << 20) /* bytes: no process has that many mappings */

int maps_parse_line(char *line, struct mapping *m)
{
	static const char ok[4][3] = { "r-", "w-", "x-", "ps" };
	int pos = -1;

	memset(m, 0, sizeof(*m));
	if (sscanf(line, "%" SCNx64 "-%" SCNx64 " %4s %" SCNx64 " %x:%x %" SCNu64 " %n", &m->start,
		   &m->end, m->perms, &m->off, &m->major, &m->minor, &m->inode, &pos) != 7 ||
	    pos < 0 || m->end < m->start || strlen(m->perms) != 4)
		return -EINVAL;
	for (int i = 0; i < 4; i++)
		if (!memchr(ok[i], m->perms[i], 2))
			return -EINVAL;
	m->exec = m->perms[2] == 'x';
	char *path = line + pos;
	size_t len = strlen(path), dl = strlen(" (deleted)");
	if (len >= dl && !strcmp(path + len - dl, " (deleted)")) {
		m->deleted = true;
		path[len - dl] = '\0';
	}
	m->path = path;
	return 0;
}

/* All of FD into a malloc'd buffer: its length or -errno. */
static ssize_t slurp(int fd, char **out)
{
	size_t len = 0, cap = 4096;
	char *buf = malloc(cap);

	for (;;) {
		if (!buf)
			return -ENOMEM;
		ssize_t k = read(fd, buf + len, cap - len);
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0) {
			free(buf);
			return -errno;
		}
		if (!k)
			break;
		len += (size_t)k;
		if (len == cap) {
			char *nb = cap < MAPS_MAX ? realloc(buf, 2 * cap) : NULL;
			if (!nb)
				free(buf);
			buf = nb;
			cap *= 2;
		}
	}
	*out = buf;
	return (ssize_t)len;
}

/* All of FILE into a malloc'd *TEXT: its length or -errno. */
static ssize_t read_text(const char *file, char **text)
{
	int fd = open(file, O_RDONLY | O_CLOEXEC);

	*text = NULL;
	if (fd < 0)
		return -errno;
	ssize_t len = slurp(fd, text);
	close(fd);
	return len;
}

int maps_read_file(const char *file, unsigned int flags, struct mapping **out)
{
	char *text;

	*out = NULL;
	ssize_t len = read_text(file, &text);
	if (len < 0)
		return (int)len;
	int n = maps_parse_text(text, (size_t)len, flags, out);
	free(text);
	return n;
}

int maps_parse_text(const char *text, size_t len, unsigned int flags, struct mapping **out)
{
	/* One block: an entry per line at most, then the text the paths point into. */
	size_t lines = 1;

	*out = NULL;
	for (size_t i = 0; i < len; i++)
		lines += text[i] == '\n';
	struct mapping *v = malloc(lines * sizeof(*v) + len + 1);
	if (!v)
		return -ENOMEM;
	char *s = memcpy(v + lines, text, len), *end = s + len;
	int n = 0;
	*end = '\0';
	while (s < end) {
		char *nl = memchr(s, '\n', (size_t)(end - s));
		if (nl)
			*nl = '\0';
		if (!maps_parse_line(s, &v[n]) &&
		    (!(flags & MAPS_FILES) || (v[n].path[0] == '/' && !v[n].deleted)))
			n++;
		s = nl ? nl + 1 : end;
	}
	*out = v;
	return n;
}

int maps_read(pid_t pid, unsigned int flags, struct mapping **out)
{
	char path[64];

	snprintf(path, sizeof(path), "/proc/%d/maps", proc_pid(pid));
	return maps_read_file(path, flags, out);
}

ssize_t maps_read_text(pid_t pid, char **text)
{
	char path[64];

	snprintf(path, sizeof(path), "/proc/%d/maps", proc_pid(pid));
	return read_text(path, text);
}

const struct mapping *maps_at(const struct mapping *m, int n, uint64_t addr)
{
	for (int i = 0; i < n; i++)
		if (addr >= m[i].start && addr < m[i].end)
			return &m[i];
	return NULL;
}

uint64_t maps_file_addr(const struct mapping *m, int n, const char *path, uint64_t off)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(m[i].path, path) && off >= m[i].off && off - m[i].off < m[i].end - m[i].start)
			return m[i].start + off - m[i].off;
	return 0;
}

int auxv_parse(const void *buf, size_t len, uint64_t type, uint64_t *val)
{
	const unsigned char *p = buf;

	for (size_t i = 0; i + 16 <= len; i += 16) {
		uint64_t e[2];
		memcpy(e, p + i, sizeof(e));
		if (!e[0]) /* AT_NULL */
			break;
		if (e[0] == type) {
			*val = e[1];
			return 0;
		}
	}
	return -ENOENT;
}

int auxv_read(pid_t pid, uint64_t type, uint64_t *val)
{
	char path[64], *buf;

	snprintf(path, sizeof(path), "/proc/%d/auxv", proc_pid(pid));
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	ssize_t len = slurp(fd, &buf);
	close(fd);
	if (len < 0)
		return (int)len;
	int rc = auxv_parse(buf, (size_t)len, type, val);
	free(buf);
	return rc;
}
