// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * lttrace DWARF prototypes: functions of this very test (built with -g) are looked up by their
 * link-time address in /proc/self/exe, the prototype printed over fake registers; one of them is
 * also inlined, so its out-of-line copy reaches its parameters through DW_AT_abstract_origin.
 * Then the same lookups on a copy of the binary whose .debug_info is overwritten with garbage:
 * no crash, whatever comes back.  A function with a struct by value gets no DWARF prototype.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

#include "proto/proto.h"

enum color { RED, GREEN = 5, BLUE };
struct pair { long a, b; };

__attribute__((noinline, used)) int lt_dw_plain(const char *s, unsigned short n, double d,
						 enum color c, void *p, _Bool b)
{
	return (int)(s[0] + n + d + c + (p != 0) + b);
}

/* Small enough to be inlined into lt_dw_caller at -O2, and kept out of line as well. */
__attribute__((used)) long lt_dw_inl(long x, const char *name)
{
	return x * 3 + name[0];
}

__attribute__((noinline, used)) long lt_dw_caller(long x)
{
	return lt_dw_inl(x, "in") + 1;
}

__attribute__((noinline, used)) long lt_dw_byval(struct pair p)
{
	return p.a + p.b;
}

static int failures;
static uint64_t bias;

static int find_main(struct dl_phdr_info *info, size_t size, void *data)
{
	if (!info->dlpi_name || !info->dlpi_name[0]) {
		bias = info->dlpi_addr;
		return 1;
	}
	return 0;
}

static int mread(void *priv, uint64_t addr, void *buf, size_t len)
{
	/* our own memory, through the kernel, so that a wild pointer is an error, not a crash */
	struct iovec l = { buf, len }, r = { (void *)(uintptr_t)addr, len };
	return process_vm_readv(getpid(), &l, 1, &r, 1, 0) == (ssize_t)len ? 0 : -EFAULT;
}

static void check(const char *path, void *fn, const char *name, struct lt_vctx *v,
		  const char *want_args, const char *want_ret)
{
	const struct lt_proto *p = lt_proto_dwarf(path, (uintptr_t)fn - bias, name);
	struct strbuf a = { 0 }, r = { 0 };

	if (!p) {
		printf("FAIL %s: no DWARF prototype\n", name);
		failures++;
		return;
	}
	lt_proto_print_args(&a, p, v);
	lt_proto_print_ret(&r, p, v);
	if (strcmp(sb_str(&a), want_args) || strcmp(sb_str(&r), want_ret)) {
		printf("FAIL %s(%s) = %s\n  want (%s) = %s\n", name, sb_str(&a), sb_str(&r),
		       want_args, want_ret);
		failures++;
	}
	sb_free(&a);
	sb_free(&r);
}

/* Copy the binary with its .debug_info (and .debug_abbrev) overwritten by a pattern. */
static int damage(const char *src, const char *dst, unsigned int seed)
{
	char cmd[8192];
	snprintf(cmd, sizeof(cmd), "cp %s %s", src, dst);
	if (system(cmd) != 0)
		return -1;
	int fd = open(dst, O_RDWR);
	Elf *e = fd >= 0 ? elf_begin(fd, ELF_C_READ, NULL) : NULL;
	size_t shstrndx;
	if (!e || elf_getshdrstrndx(e, &shstrndx) < 0)
		return -1;
	Elf_Scn *scn = NULL;
	srand(seed);
	while ((scn = elf_nextscn(e, scn))) {
		GElf_Shdr sh;
		if (!gelf_getshdr(scn, &sh))
			continue;
		const char *nm = elf_strptr(e, shstrndx, sh.sh_name);
		if (!nm || (strcmp(nm, ".debug_info") && strcmp(nm, ".debug_abbrev")))
			continue;
		/* keep the first bytes (headers) half the time, so parsing goes deeper */
		for (uint64_t off = (seed & 1) ? 11 : 0; off < sh.sh_size; off++) {
			if (rand() % (seed < 6 ? 8 : 512))
				continue;
			unsigned char c = rand();
			if (pwrite(fd, &c, 1, sh.sh_offset + off) != 1)
				return -1;
		}
	}
	elf_end(e);
	close(fd);
	return 0;
}

int main(void)
{
	char path[4096];
	ssize_t n = readlink("/proc/self/exe", path, sizeof(path) - 1);

	if (n <= 0)
		return 1;
	path[n] = 0;
	dl_iterate_phdr(find_main, NULL);
	elf_version(EV_CURRENT);

	struct lt_vctx v = { .read = mread, .strsize = 32, .arraylen = 4, .have_fregs = true };
	v.iregs[0] = (uintptr_t)"hi";
	v.iregs[1] = 0x10007; /* an unsigned short: 7 */
	v.iregs[2] = BLUE;
	v.iregs[3] = 0x1000;
	v.iregs[4] = 1;
	v.fregs[0] = 2.5;
	v.ret = 123;
	check(path, lt_dw_plain, "lt_dw_plain", &v, "\"hi\", 7, 2.500000, BLUE, 0x1000, true", "123");
	v.iregs[2] = 9;
	v.iregs[4] = 0;
	check(path, lt_dw_plain, "lt_dw_plain", &v, "\"hi\", 7, 2.500000, 9, 0x1000, false",
	      "123");
	struct lt_vctx w = v;
	w.iregs[0] = (uint64_t)-4;
	w.iregs[1] = (uintptr_t)"name";
	w.ret = (uint64_t)-5;
	check(path, lt_dw_inl, "lt_dw_inl", &w, "-4, \"name\"", "-5");
	w.iregs[0] = 6;
	check(path, lt_dw_caller, "lt_dw_caller", &w, "6", "-5");
	if (lt_proto_dwarf(path, (uintptr_t)lt_dw_byval - bias, "lt_dw_byval")) {
		printf("FAIL struct by value got a DWARF prototype\n");
		failures++;
	}
	if (lt_proto_dwarf("/nonexistent", 0x1000, "x") || lt_proto_dwarf(path, 1, "x")) {
		printf("FAIL prototype for no file / no function\n");
		failures++;
	}

	/* Damaged debug info: must not crash (the answers do not matter). */
	uintptr_t fns[] = { (uintptr_t)lt_dw_plain, (uintptr_t)lt_dw_inl, (uintptr_t)lt_dw_caller,
			    (uintptr_t)lt_dw_byval, (uintptr_t)main };
	int got = 0;
	for (unsigned int seed = 0; seed < 12; seed++) {
		char dst[64];
		snprintf(dst, sizeof(dst), "/tmp/lt_dwarf_damaged.%d.%u", (int)getpid(), seed);
		if (damage(path, dst, seed) < 0) {
			printf("FAIL cannot make a damaged copy\n");
			failures++;
			break;
		}
		for (size_t i = 0; i < sizeof(fns) / sizeof(fns[0]); i++) {
			const struct lt_proto *p = lt_proto_dwarf(dst, fns[i] - bias, "f");
			if (p) {
				struct strbuf a = { 0 };
				lt_proto_print_args(&a, p, &v);
				lt_proto_print_ret(&a, p, &v);
				sb_free(&a);
				got++;
			}
		}
		unlink(dst);
	}
	printf("damaged copies: %d prototypes still read, no crash\n", got);
	printf("%s\n", failures ? "FAILED" : "ok");
	return failures ? 1 : 0;
}
