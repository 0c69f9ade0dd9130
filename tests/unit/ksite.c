// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Where a kernel uprobe may go (uprobe/ksite.c), against a table of first instructions taken
 * from glibc's string functions of each IFUNC family and from the kernel's known traps: the
 * offset the entry probe moves to, or a refusal.  Exit 0 when all rows hold.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "uprobe/ksite.h"

#define REFUSED (-1)

static const struct row {
	const char *what;
	uint8_t code[24];
	size_t len;
	int skip;       /* where the entry probe goes, or REFUSED */
	int skip_fast;  /* the same with fast placement */
	bool unsafe_mid; /* ksite_unsafe() on the first instruction inside a function */
} rows[] = {
	{ "__strlen_evex: mov %edi,%eax; vpxorq", { 0x89, 0xf8, 0x62, 0xa1, 0xfd, 0x00, 0xef, 0xc0 },
	  8, 0, 0, false },
	{ "__strchr_evex: vpbroadcastb %esi,%ymm17; mov %edi,%eax",
	  { 0x62, 0xe2, 0x7d, 0x28, 0x7a, 0xce, 0x89, 0xf8, 0x25, 0xff, 0x0f, 0, 0 }, 13, 6, 6, true },
	{ "__memset_avx512: vpbroadcastb %esi,%zmm16; mov %rdi,%rax",
	  { 0x62, 0xe2, 0x7d, 0x48, 0x7a, 0xc6, 0x48, 0x89, 0xf8, 0x48, 0x83, 0xfa, 0x40 }, 13, 6, 6,
	  true },
	{ "EVEX writing a general register: vmovd %xmm17,%eax; ret",
	  { 0x62, 0xe1, 0x7d, 0x08, 0x7e, 0xc8, 0xc3 }, 7, REFUSED, REFUSED, true },
	{ "EVEX store: vmovdqu64 %ymm16,(%rdi); ret", { 0x62, 0xe1, 0xfe, 0x28, 0x7f, 0x07, 0xc3 }, 7,
	  REFUSED, REFUSED, true },
	{ "__strchr_avx2: vmovd %esi,%xmm0; mov %edi,%eax",
	  { 0xc5, 0xf9, 0x6e, 0xc6, 0x89, 0xf8, 0x25, 0xff, 0x0f, 0, 0 }, 11, 4, 4, true },
	{ "__strnlen_evex: test %rsi,%rsi; je", { 0x48, 0x85, 0xf6, 0x74, 0x35, 0x49, 0x89, 0xf0 }, 8,
	  0, 3, false },
	{ "free: test %rdi,%rdi; je (rel32)", { 0x48, 0x85, 0xff, 0x0f, 0x84, 0x10, 0, 0, 0, 0x55 },
	  10, 0, 3, false },
	{ "test %rdi,%rdi; mov (not emulated: stays)", { 0x48, 0x85, 0xff, 0x48, 0x89, 0xf8, 0xc3 },
	  7, 0, 0, false },
	{ "pthread_spin_lock: lock decl (%rdi)", { 0xf0, 0xff, 0x0f, 0x75, 0x0b }, 5, REFUSED,
	  REFUSED, true },
	{ "5-byte nop at the entry (-mfentry style)", { 0x0f, 0x1f, 0x44, 0x00, 0x00, 0x55 }, 6, 0, 0,
	  true },
	{ "legacy SSE: movd %edi,%xmm1", { 0x66, 0x0f, 0x6e, 0xcf, 0xc3 }, 5, 0, 0, false },
	{ "syscall", { 0x0f, 0x05, 0xc3 }, 3, REFUSED, REFUSED, true },
	{ "endbr64; push %rbp", { 0xf3, 0x0f, 0x1e, 0xfa, 0x55 }, 5, 0, 0, false },
	{ "not an instruction in 64-bit mode (push %es)", { 0x06, 0xc3 }, 2, REFUSED, REFUSED, true },
};

/*
 * uprobe=SYM+OFF sites (ksite_offset_file) in a leaf function that keeps a value in the red
 * zone: mov %rdi,-8(%rsp) (+0); nopl 0(%rax,%rax,1) (+5); mov -8(%rsp),%rax (+10); ret (+15).
 */
static int offsets(void)
{
	static const uint8_t fn[] = { 0x48, 0x89, 0x7c, 0x24, 0xf8, 0x0f, 0x1f, 0x44, 0x00, 0x00,
				      0x48, 0x8b, 0x44, 0x24, 0xf8, 0xc3 };
	static const struct { uint64_t rel; bool kernel, ok; } want[] = {
		{ 0, false, true }, { 0, true, true }, { 10, false, true }, { 10, true, true },
		{ 15, true, true }, { 5, false, false }, { 5, true, false }, { 3, false, false },
		{ 3, true, false }, { 11, true, false },
	};
	char path[] = "/tmp/ksite-unit.XXXXXX";
	int fd = mkstemp(path), bad = 0;

	if (fd < 0 || write(fd, "pad", 3) != 3 || write(fd, fn, sizeof(fn)) != sizeof(fn)) {
		printf("FAIL: cannot write %s\n", path);
		return 1;
	}
	close(fd);
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		const char *why = ksite_offset_file(path, 3, want[i].rel, want[i].kernel);
		if (!why != want[i].ok) {
			printf("FAIL: +%llu (kernel %d): %s, want %s\n",
			       (unsigned long long)want[i].rel, want[i].kernel, why ? why : "placed",
			       want[i].ok ? "placed" : "refused");
			bad++;
		}
	}
	unlink(path);
	if (!ksite_nop5(fn + 5, 5) || ksite_nop5(fn, sizeof(fn))) {
		printf("FAIL: ksite_nop5\n");
		bad++;
	}
	printf("uprobe=SYM+OFF: %zu sites, %d wrong\n", sizeof(want) / sizeof(want[0]), bad);
	return bad;
}

int main(void)
{
	int bad = offsets();

	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		const struct row *r = &rows[i];
		for (int fast = 0; fast < 2; fast++) {
			size_t skip = 999;
			const char *why = NULL;
			int ret = ksite_entry(r->code, r->len, fast, &skip, &why);
			int want = fast ? r->skip_fast : r->skip;
			int got = ret < 0 ? REFUSED : (int)skip;
			if (got != want || (ret < 0) != !!why || (ret < 0 && ret != -ENOTSUP)) {
				printf("FAIL: %s (fast %d): entry %d (%s), want %d\n", r->what, fast,
				       got, why ? why : "no reason", want);
				bad++;
			}
		}
		bool unsafe = ksite_unsafe(r->code, r->len, false) != NULL;
		if (unsafe != r->unsafe_mid) {
			printf("FAIL: %s: unsafe inside a function: %d, want %d\n", r->what, unsafe,
			       r->unsafe_mid);
			bad++;
		}
	}
	printf("%zu rows, %d wrong\n", sizeof(rows) / sizeof(rows[0]), bad);
	return bad != 0;
}
