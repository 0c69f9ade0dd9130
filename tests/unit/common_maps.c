// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The maps and auxv readers of common/maps.c: well-formed lines of every kind (files, paths
 * with spaces, " (deleted)", anonymous memory, [vdso]), hostile and truncated ones (left out,
 * never a crash), random bytes, this process's own maps and auxv against getauxval().  Exit 0
 * when all hold.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <unistd.h>

#include "common/maps.h"

static int fails;
static char tmp[] = "/tmp/common_maps.XXXXXX";

static void check(const char *what, int ok)
{
	printf("%s: %s\n", ok ? "ok" : "FAIL", what);
	fails += !ok;
}

/* Writes LEN bytes of TEXT to the scratch file and reads it back as a maps file. */
static int read_text(const char *text, size_t len, unsigned int flags, struct mapping **m)
{
	FILE *f = fopen(tmp, "w");

	if (!f || fwrite(text, 1, len, f) != len || fclose(f))
		return -EIO;
	return maps_read_file(tmp, flags, m);
}

static const char good[] =
	"55d0c0a00000-55d0c0a02000 r--p 00000000 fe:01 1234                       /usr/bin/prog\n"
	"55d0c0a02000-55d0c0a06000 r-xp 00002000 fe:01 1234                       /usr/bin/prog\n"
	"55d0c1000000-55d0c1021000 rw-p 00000000 00:00 0                          [heap]\n"
	"7f0000000000-7f0000001000 rw-s 00000000 00:05 99                         /dev/zero (deleted)\n"
	"7f0000001000-7f0000003000 r-xp 00001000 103:02 777                       /opt/my app/lib x.so\n"
	"7f0000003000-7f0000004000 r--p 00000000 fe:01 42                         /tmp/a (deleted) b\n"
	"7f0000004000-7f0000005000 ---p 00000000 00:00 0 \n"
	"7f0000005000-7f0000006000 rw-p 00000000 00:00 0\n"
	"7ffd1e9f0000-7ffd1e9f2000 r-xp 00000000 00:00 0                          [vdso]\n"
	"ffffffffff600000-ffffffffff601000 --xp 00000000 00:00 0                  [vsyscall]";

static void test_good(void)
{
	struct mapping *m = NULL;
	int n = read_text(good, sizeof(good) - 1, 0, &m);

	check("ten well-formed lines, the last without a newline", n == 10);
	if (n != 10) {
		free(m);
		return;
	}
	check("first: start, end, offset", m[0].start == 0x55d0c0a00000 && m[0].end == 0x55d0c0a02000 &&
					      m[0].off == 0 && !m[0].exec);
	check("first: device, inode, path", m[0].major == 0xfe && m[0].minor == 1 &&
					       m[0].inode == 1234 && !strcmp(m[0].path, "/usr/bin/prog"));
	check("second: r-xp, offset 0x2000", m[1].exec && m[1].off == 0x2000 &&
						 !strcmp(m[1].perms, "r-xp"));
	check("[heap] named as the kernel names it", !strcmp(m[2].path, "[heap]") && !m[2].deleted);
	check("' (deleted)' cut off and flagged", !strcmp(m[3].path, "/dev/zero") && m[3].deleted &&
							 m[3].perms[3] == 's');
	check("a path with spaces kept whole", !strcmp(m[4].path, "/opt/my app/lib x.so") &&
						    m[4].major == 0x103 && m[4].minor == 2);
	check("' (deleted)' inside a path is part of it",
	      !strcmp(m[5].path, "/tmp/a (deleted) b") && !m[5].deleted);
	check("anonymous memory: empty path", !m[6].path[0] && !m[7].path[0] && !m[6].exec);
	check("[vsyscall] at the top of the address space",
	      m[9].start == 0xffffffffff600000ull && !strcmp(m[9].path, "[vsyscall]"));
	check("maps_at: inside, at start, at end", maps_at(m, n, 0x55d0c0a02fff) == &m[1] &&
						   maps_at(m, n, 0x55d0c0a02000) == &m[1] &&
						   maps_at(m, n, 0x55d0c0a06000) == NULL);
	check("maps_file_addr: offset 0x2100 of prog", maps_file_addr(m, n, "/usr/bin/prog", 0x2100) ==
							      0x55d0c0a02100);
	check("maps_file_addr: an offset no mapping covers",
	      maps_file_addr(m, n, "/usr/bin/prog", 0x9000) == 0);
	free(m);

	n = read_text(good, sizeof(good) - 1, MAPS_FILES, &m);
	check("MAPS_FILES: files only, deleted ones left out",
	      n == 4 && !strcmp(m[2].path, "/opt/my app/lib x.so") &&
		      !strcmp(m[3].path, "/tmp/a (deleted) b"));
	free(m);
}

static void test_hostile(void)
{
	static const char *bad[] = {
		"",
		"\n",
		"55d0c0a00000",
		"55d0c0a00000-",
		"55d0c0a00000-55d0c0a02000",
		"55d0c0a00000-55d0c0a02000 r--p",
		"55d0c0a00000-55d0c0a02000 r--p 00000000",
		"55d0c0a00000-55d0c0a02000 r--p 00000000 fe:01",
		"55d0c0a00000-55d0c0a02000 r--p 00000000 fe",
		"55d0c0a02000-55d0c0a00000 r--p 00000000 fe:01 1 /end/below/start",
		"55d0c0a00000-55d0c0a02000 rwxq 00000000 fe:01 1 /bad/perms",
		"55d0c0a00000-55d0c0a02000 rwx 00000000 fe:01 1 /short/perms",
		"55d0c0a00000-55d0c0a02000 rwxpp 00000000 fe:01 1 /long/perms",
		"zzzz-yyyy r--p 00000000 fe:01 1 /not/hex",
		"55d0c0a00000-55d0c0a02000 r--p xyz fe:01 1 /bad/offset",
		"55d0c0a00000-55d0c0a02000 r--p 00000000 fe:01 notanumber /bad/inode",
		"-1-2 r--p 0 0:0 0",
		"1-2\tr--p\t0\t0:0",
	};
	struct mapping m;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char line[256], what[320];
		snprintf(line, sizeof(line), "%s", bad[i]);
		snprintf(what, sizeof(what), "refused: \"%s\"", bad[i]);
		check(what, maps_parse_line(line, &m) == -EINVAL);
	}

	/* A file of bad lines around one good line: only that one comes out. */
	const char mixed[] = "garbage\n\n1-\n10-20 r-xp 0 0:0 5 /ok\nx y z\n30-20 r--p 0 0:0 0 /x\n";
	struct mapping *v = NULL;
	int n = read_text(mixed, sizeof(mixed) - 1, 0, &v);
	check("bad lines left out, the good one kept", n == 1 && !strcmp(v[0].path, "/ok"));
	free(v);

	/* A NUL inside a line ends that line's path there. */
	const char nul[] = "10-20 r-xp 0 0:0 5 /a\0b\n30-40 r--p 0 0:0 6 /c\n";
	n = read_text(nul, sizeof(nul) - 1, 0, &v);
	check("a NUL in a path", n == 2 && !strcmp(v[0].path, "/a") && !strcmp(v[1].path, "/c"));
	free(v);

	/* A path far longer than any buffer a line reader would use. */
	size_t big = 200000;
	char *text = malloc(big + 64);
	int k = snprintf(text, 64, "10-20 r-xp 0 0:0 5 /");
	memset(text + k, 'p', big);
	text[k + big] = '\n';
	n = read_text(text, (size_t)k + big + 1, MAPS_FILES, &v);
	check("a 200,000-byte path", n == 1 && strlen(v[0].path) == big + 1);
	free(v);
	free(text);

	n = read_text("", 0, 0, &v);
	check("an empty file: no mappings", n == 0);
	free(v);
	check("a missing file: -ENOENT", maps_read_file("/nonexistent/maps", 0, &v) == -ENOENT &&
						 !v);
}

/* Random bytes, and random cuts of the good text: whatever comes out is consistent. */
static void test_random(void)
{
	char buf[4096];
	int bad = 0;

	srand(14);
	for (int iter = 0; iter < 3000; iter++) {
		size_t len = (size_t)rand() % sizeof(buf);
		if (iter % 2)
			for (size_t i = 0; i < len; i++)
				buf[i] = "0123456789abcdef- :/\n rwxps()[]"[rand() % 31];
		else {
			len = (size_t)rand() % sizeof(good);
			memcpy(buf, good, len);
			for (int f = 0; f < 4; f++) /* a few flipped bytes */
				buf[rand() % (len + 1)] ^= (char)(1 << (rand() % 8));
		}
		struct mapping *m = NULL;
		int n = read_text(buf, len, iter % 3 ? 0 : MAPS_FILES, &m);
		for (int i = 0; i < n; i++)
			if (m[i].start > m[i].end || !m[i].path || strlen(m[i].perms) != 4 ||
			    m[i].exec != (m[i].perms[2] == 'x'))
				bad++;
		free(m);
	}
	check("3,000 random files: every entry consistent", bad == 0);
}

static void test_self(void)
{
	struct mapping *m = NULL;
	int n = maps_read(getpid(), 0, &m);
	const struct mapping *code = maps_at(m, n, (uint64_t)(uintptr_t)&test_self);
	const struct mapping *stack = maps_at(m, n, (uint64_t)(uintptr_t)&n);
	char exe[4096] = "";
	ssize_t k = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

	exe[k > 0 ? k : 0] = '\0';
	check("this process's maps", n > 5);
	check("its code: executable, in its own file", code && code->exec && !strcmp(code->path, exe));
	check("its stack", stack && !strcmp(stack->path, "[stack]"));
	free(m);
	n = maps_read(getpid(), MAPS_FILES, &m);
	check("MAPS_FILES: paths from '/' only", n > 0 && m[0].path[0] == '/' &&
							 m[n - 1].path[0] == '/');
	free(m);
	check("no such process: -ENOENT", maps_read(0x7ffffff0, 0, &m) == -ENOENT);
}

static void test_auxv(void)
{
	uint64_t v = 0, a[] = { AT_PAGESZ, 4096, AT_ENTRY, 0x401000, AT_NULL, 0, AT_BASE, 1 };

	check("auxv_parse: AT_ENTRY", !auxv_parse(a, sizeof(a), AT_ENTRY, &v) && v == 0x401000);
	check("auxv_parse: nothing after AT_NULL", auxv_parse(a, sizeof(a), AT_BASE, &v) == -ENOENT);
	check("auxv_parse: a cut-off entry is not read",
	      auxv_parse(a, 3 * sizeof(uint64_t) + 3, AT_ENTRY, &v) == -ENOENT);
	check("auxv_parse: empty", auxv_parse(a, 0, AT_PAGESZ, &v) == -ENOENT);
	check("auxv_read: AT_ENTRY as getauxval sees it",
	      !auxv_read(getpid(), AT_ENTRY, &v) && v == getauxval(AT_ENTRY));
	check("auxv_read: AT_BASE", !auxv_read(getpid(), AT_BASE, &v) && v == getauxval(AT_BASE));
	check("auxv_read: AT_SYSINFO_EHDR", !auxv_read(getpid(), AT_SYSINFO_EHDR, &v) &&
						    v == getauxval(AT_SYSINFO_EHDR));
	check("auxv_read: no such process", auxv_read(0x7ffffff0, AT_ENTRY, &v) == -ENOENT);
}

int main(void)
{
	int fd = mkstemp(tmp);

	if (fd < 0)
		return 2;
	close(fd);
	test_good();
	test_hostile();
	test_random();
	test_self();
	test_auxv();
	unlink(tmp);
	printf("%s\n", fails ? "FAILED" : "all passed");
	return fails != 0;
}
