// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * How a breakpoint steps over each kind of first instruction (uprobe/bp.c decode, xol.c
 * classification with capstone), against a table: emulated forms, RIP-relative operands with
 * the offset of the displacement to rewrite (an immediate after it included), relative
 * branches with their offset, size and target, calls, and the instructions that must stop
 * the world.  No tracee: bp_insert and bp_remove on this process's own copy of the bytes,
 * through /proc/self/mem.  Exit 0 when all rows hold.
 */
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "uprobe/bp.h"

static const struct row {
	const char *what;
	uint8_t code[16];
	int emul, kind, fix_off, fix_size, is_call;
	long long rel_target; /* target - address, XOL_BRANCH only */
} rows[] = {
	{ "endbr64", { 0xf3, 0x0f, 0x1e, 0xfa }, BP_SKIP, 0, 0, 0, 0, 0 },
	{ "push %rbp", { 0x55 }, BP_PUSH, 0, 0, 0, 0, 0 },
	{ "sub $0x18,%rsp", { 0x48, 0x83, 0xec, 0x18 }, BP_SUB_RSP, 0, 0, 0, 0, 0 },
	{ "lea 0x10(%rip),%rax", { 0x48, 0x8d, 0x05, 0x10, 0, 0, 0 }, BP_STEP, XOL_RIPREL, 3, 4, 0, 0 },
	{ "mov 0x10(%rip),%rax", { 0x48, 0x8b, 0x05, 0x10, 0, 0, 0 }, BP_STEP, XOL_RIPREL, 3, 4, 0, 0 },
	{ "cmpq $0x2a,0x10(%rip)", { 0x48, 0x83, 0x3d, 0x10, 0, 0, 0, 0x2a }, BP_STEP, XOL_RIPREL,
	  3, 4, 0, 0 },
	{ "movss 0x10(%rip),%xmm0", { 0xf3, 0x0f, 0x10, 0x05, 0x10, 0, 0, 0 }, BP_STEP, XOL_RIPREL,
	  4, 4, 0, 0 },
	{ "call *0x10(%rip)", { 0xff, 0x15, 0x10, 0, 0, 0 }, BP_STEP, XOL_RIPREL, 2, 4, 1, 0 },
	{ "jrcxz .+0x12", { 0xe3, 0x10 }, BP_STEP, XOL_BRANCH, 1, 1, 0, 0x12 },
	{ "jmp .-0x10", { 0xeb, 0xf0 }, BP_STEP, XOL_BRANCH, 1, 1, 0, -0x0e },
	{ "je .+0x106", { 0x0f, 0x84, 0x00, 0x01, 0, 0 }, BP_STEP, XOL_BRANCH, 2, 4, 0, 0x106 },
	{ "call .+0x105", { 0xe8, 0x00, 0x01, 0, 0 }, BP_STEP, XOL_BRANCH, 1, 4, 1, 0x105 },
	{ "mov %edi,%eax", { 0x89, 0xf8 }, BP_STEP, XOL_PLAIN, 0, 0, 0, 0 },
	{ "rep movsb", { 0xf3, 0xa4 }, BP_STEP, XOL_PLAIN, 0, 0, 0, 0 },
	{ "ret", { 0xc3 }, BP_STEP, XOL_PLAIN, 0, 0, 0, 0 },
	{ "call *%rax", { 0xff, 0xd0 }, BP_STEP, XOL_PLAIN, 0, 0, 1, 0 },
	{ "syscall", { 0x0f, 0x05 }, BP_STEP, XOL_NONE, 0, 0, 0, 0 },
	{ "int $0x80", { 0xcd, 0x80 }, BP_STEP, XOL_NONE, 0, 0, 0, 0 },
};

int main(void)
{
	struct bp_space s;
	int fail = 0;
	uint8_t *page = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (page == MAP_FAILED || bp_space_open(&s, getpid()) < 0) {
		perror("setup");
		return 1;
	}
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		const struct row *r = &rows[i];
		uint8_t *at = page + 64 * i;
		memcpy(at, r->code, 16);
		int rc = bp_insert(&s, (uint64_t)(uintptr_t)at, NULL);
		struct bp *b = bp_lookup(&s, (uint64_t)(uintptr_t)at);
		if (rc < 0 || !b || at[0] != BP_INSN) {
			printf("FAIL %s: bp_insert %d\n", r->what, rc);
			fail = 1;
			continue;
		}
		bool ok = b->emul == r->emul;
		if (r->emul == BP_STEP)
			ok = ok && b->xol_kind == r->kind && b->is_call == r->is_call &&
			     (r->kind != XOL_RIPREL && r->kind != XOL_BRANCH ?
				      true : b->fix_off == r->fix_off && b->fix_size == r->fix_size) &&
			     (r->kind != XOL_BRANCH ||
			      (long long)(b->target - b->addr) == r->rel_target);
		if (!ok) {
			printf("FAIL %s: emul %d kind %d fix %d/%d call %d target %+lld\n", r->what,
			       b->emul, b->xol_kind, b->fix_off, b->fix_size, b->is_call,
			       (long long)(b->target - b->addr));
			fail = 1;
		}
		if (bp_remove(&s, b->addr) < 0 || at[0] != r->code[0]) {
			printf("FAIL %s: byte not restored\n", r->what);
			fail = 1;
		}
	}
	bp_space_close(&s);
	printf("%zu rows, %s\n", sizeof(rows) / sizeof(rows[0]), fail ? "FAILED" : "all hold");
	return fail;
}
