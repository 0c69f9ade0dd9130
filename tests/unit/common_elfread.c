// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The ELF reader of common/elfread.c on this test's own executable (symbols, file
 * offsets checked against where the code is mapped), then on hostile copies: missing, empty,
 * garbage, truncated at every interesting length, and randomly corrupted headers.  Those give
 * -errno or partial answers, never a crash.  Exit 0 when all hold.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/elfread.h"
#include "common/maps.h"

static int fails;
static char tmp[] = "/tmp/common_elfread.XXXXXX";

int elfread_probe_target(int x);
int elfread_probe_target(int x)
{
	return x * 3 + 1;
}

static void check(const char *what, int ok)
{
	printf("%s: %s\n", ok ? "ok" : "FAIL", what);
	fails += !ok;
}

static int count_sym(void *arg, const GElf_Shdr *sh, size_t idx, const GElf_Sym *s,
		     const char *name)
{
	++*(int *)arg;
	return 0;
}

static int write_file(const void *buf, size_t len)
{
	FILE *f = fopen(tmp, "w");

	return f && fwrite(buf, 1, len, f) == len && !fclose(f) ? 0 : -EIO;
}

/* Everything the reader offers, on the file at tmp: no crash, -errno when it fails. */
static int exercise(void)
{
	struct elf_file ef;
	GElf_Sym s;
	uint64_t off;
	int n = 0, rc = elfr_open(tmp, &ef);

	if (rc)
		return rc;
	elfr_syms(ef.elf, ELFR_SYMTAB | ELFR_DYNSYM, count_sym, &n);
	if (!elfr_sym_find(ef.elf, "main", ELFR_FUNC, &s))
		elfr_vaddr_off(ef.elf, s.st_value, &off, NULL);
	elfr_sym_find(ef.elf, "elfread_probe_target", ELFR_SYMTAB_FIRST, &s);
	elfr_close(&ef);
	rc = elfr_func_offset(tmp, "elfread_probe_target", &off);
	return rc > 0 ? -1000 : rc;
}

static void test_self(const char *exe)
{
	struct elf_file ef;
	GElf_Sym s;
	uint64_t off = 0;
	uint32_t pf = 0;
	int n = 0;

	check("open this executable", elfr_open(exe, &ef) == 0);
	if (!ef.elf)
		return;
	elfr_syms(ef.elf, ELFR_SYMTAB | ELFR_DYNSYM, count_sym, &n);
	check("its symbols", n > 20);
	check("a function by name", !elfr_sym_find(ef.elf, "elfread_probe_target", ELFR_FUNC, &s) &&
					    s.st_value);
	check("its file offset, in an executable segment",
	      !elfr_vaddr_off(ef.elf, s.st_value, &off, &pf) && (pf & PF_X));
	check("an object is not a function",
	      elfr_sym_find(ef.elf, "fails", ELFR_FUNC, &s) == -ENOENT &&
		      !elfr_sym_find(ef.elf, "fails", ELFR_SYMTAB_FIRST, &s));
	check("an absent symbol", elfr_sym_find(ef.elf, "no_such_symbol_here", 0, &s) == -ENOENT);
	check("an address in no segment", elfr_vaddr_off(ef.elf, 0xdead0000dead0000ull, &off, NULL) ==
						   -EINVAL);
	elfr_close(&ef);

	/* The offset, through this process's maps, is where the function runs. */
	struct mapping *m = NULL;
	int nm = maps_read(getpid(), MAPS_FILES, &m);
	uint64_t fo = 0;
	check("elfr_func_offset", elfr_func_offset(exe, "elfread_probe_target", &fo) == 0);
	check("maps_file_addr(offset) is the function's address",
	      maps_file_addr(m, nm, exe, fo) == (uint64_t)(uintptr_t)&elfread_probe_target);
	check("a data symbol is no function: -ENOENT", elfr_func_offset(exe, "fails", &fo) == -ENOENT);
	free(m);
}

static void test_hostile(const char *exe)
{
	FILE *f = fopen(exe, "r");
	size_t size = 0, cap = 1 << 20;
	unsigned char *img = malloc(cap);
	int bad = 0;

	while (f && img && !feof(f)) {
		size += fread(img + size, 1, cap - size, f);
		if (size == cap && !(img = realloc(img, cap *= 2)))
			break;
	}
	if (f)
		fclose(f);
	if (!img || size < 4096) {
		check("read this executable", 0);
		free(img);
		return;
	}
	check("a missing file: -ENOENT", elfr_open("/nonexistent/file", &(struct elf_file){ 0 }) ==
						 -ENOENT);
	check("a directory: -ENOEXEC", elfr_open("/", &(struct elf_file){ 0 }) == -ENOEXEC);
	check("an empty file: -ENOEXEC", !write_file("", 0) && exercise() == -ENOEXEC);
	check("text: -ENOEXEC", !write_file("hello, world\n", 13) && exercise() == -ENOEXEC);
	check("a bare ELF magic: -ENOEXEC", !write_file("\177ELF", 4) && exercise() == -ENOEXEC);

	/* Cut at every length of the headers, then at coarser steps through the file. */
	for (size_t len = 0; len < size; len += len < 256 ? 1 : len < 8192 ? 61 : 4093) {
		if (write_file(img, len) || exercise() == -1000)
			bad++;
	}
	check("truncated copies: no crash, no positive return", bad == 0);

	/* Random corruption of the ELF, program and section headers and of random bytes. */
	srand(14);
	GElf_Ehdr *eh = (GElf_Ehdr *)img;
	size_t shoff = eh->e_shoff < size ? eh->e_shoff : 0;
	unsigned char *copy = malloc(size);
	int ok_opens = 0;
	for (int iter = 0; iter < 400 && copy; iter++) {
		memcpy(copy, img, size);
		for (int k = 0; k < 8; k++) {
			size_t at = k % 3 == 0 ? (size_t)rand() % 64 :
				    k % 3 == 1 && shoff ? shoff + (size_t)rand() % (size - shoff) :
							  (size_t)rand() % size;
			copy[at] = (unsigned char)rand();
		}
		int rc = write_file(copy, size) ? -1000 : exercise();
		bad += rc == -1000;
		ok_opens += rc != -ENOEXEC;
	}
	free(copy);
	check("400 corrupted copies: no crash, no positive return", bad == 0);
	printf("(%d of them still opened as ELF)\n", ok_opens);
	free(img);
}

int main(void)
{
	char exe[4096];
	ssize_t k = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	int fd = mkstemp(tmp);

	if (k <= 0 || fd < 0)
		return 2;
	exe[k] = '\0';
	close(fd);
	test_self(exe);
	test_hostile(exe);
	unlink(tmp);
	printf("%s\n", fails ? "FAILED" : "all passed");
	return fails != 0 || elfread_probe_target(1) != 4;
}
