// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * arch_prctl's XSAVE feature requests: ARCH_GET_XCOMP_* answer a mask of features, printed as
 * [0x207 /\* XFEATURE_MASK_FPSSE|XFEATURE_MASK_YMM|XFEATURE_MASK_PKRU *\/] (the names are no
 * uapi: comments, whatever -X says); ARCH_REQ_XCOMP_* name one feature, 0x12 /\*
 * XFEATURE_XTILE_DATA *\/, an unknown one 0xb /\* XFEATURE_??? *\/.
 * The dynamic loader's ARCH_SET_FS comes first: its address is the thread pointer, which
 * ARCH_GET_FS says.
 * Run with -a0 -e trace=arch_prctl.
 */
#include <asm/prctl.h>
#include <stdint.h>
#include "tests.h"

#ifndef ARCH_GET_XCOMP_SUPP
#define ARCH_GET_XCOMP_SUPP 0x1021
#define ARCH_GET_XCOMP_PERM 0x1022
#define ARCH_REQ_XCOMP_PERM 0x1023
#endif

/* The names strace gives the bits, masks of several bits first (the spec of this test). */
static const struct { uint64_t mask; const char *name; } xf[] = {
	{ 0x3, "XFEATURE_MASK_FPSSE" }, { 0x1, "XFEATURE_MASK_FP" }, { 0x2, "XFEATURE_MASK_SSE" },
	{ 0x4, "XFEATURE_MASK_YMM" }, { 0x8, "XFEATURE_MASK_BNDREGS" },
	{ 0x10, "XFEATURE_MASK_BNDCSR" }, { 0xe0, "XFEATURE_MASK_AVX512" },
	{ 0x20, "XFEATURE_MASK_OPMASK" }, { 0x40, "XFEATURE_MASK_ZMM_Hi256" },
	{ 0x80, "XFEATURE_MASK_Hi16_ZMM" }, { 0x100, "XFEATURE_MASK_PT" },
	{ 0x200, "XFEATURE_MASK_PKRU" }, { 0x400, "XFEATURE_MASK_PASID" },
	{ 0x8000, "XFEATURE_MASK_LBR" }, { 0x60000, "XFEATURE_MASK_XTILE" },
	{ 0x20000, "XFEATURE_MASK_XTILE_CFG" }, { 0x40000, "XFEATURE_MASK_XTILE_DATA" },
};

static void print_mask(uint64_t v)
{
	const char *sep = " /* ";

	if (!v) {
		printf("0");
		return;
	}
	printf("%#llx", (unsigned long long)v);
	for (size_t i = 0; i < sizeof(xf) / sizeof(xf[0]); i++)
		if ((v & xf[i].mask) == xf[i].mask) {
			printf("%s%s", sep, xf[i].name);
			sep = "|";
			v &= ~xf[i].mask;
		}
	if (*sep == '|') {
		if (v)
			printf("|%#llx", (unsigned long long)v);
		printf(" */");
	} else {
		printf(" /* XFEATURE_MASK_??? */");
	}
}

int main(void)
{
	uint64_t v;
	unsigned long fs;
	long rc = syscall(__NR_arch_prctl, ARCH_GET_FS, &fs);

	if (rc)
		FAIL("ARCH_GET_FS: %m");
	printf("arch_prctl(ARCH_SET_FS, %#lx) = 0\n", fs);
	printf("arch_prctl(ARCH_GET_FS, [%#lx]) = 0\n", fs);

	for (int op = ARCH_GET_XCOMP_SUPP; op <= ARCH_GET_XCOMP_PERM; op++) {
		const char *name = op == ARCH_GET_XCOMP_SUPP ? "ARCH_GET_XCOMP_SUPP" :
							       "ARCH_GET_XCOMP_PERM";
		rc = syscall(__NR_arch_prctl, op, 0);
		printf("arch_prctl(%s, NULL) = %s\n", name, sprintrc(rc));
		rc = syscall(__NR_arch_prctl, op, &v);
		printf("arch_prctl(%s, ", name);
		if (rc == 0) {
			printf("[");
			print_mask(v);
			printf("]");
		} else {
			printf("%p", (void *)&v);
		}
		printf(") = %s\n", sprintrc(rc));
	}
	rc = syscall(__NR_arch_prctl, ARCH_REQ_XCOMP_PERM, 0xb);
	printf("arch_prctl(ARCH_REQ_XCOMP_PERM, 0xb /* XFEATURE_??? */) = %s\n", sprintrc(rc));
	rc = syscall(__NR_arch_prctl, ARCH_REQ_XCOMP_PERM, 0);
	printf("arch_prctl(ARCH_REQ_XCOMP_PERM, 0 /* XFEATURE_FP */) = %s\n", sprintrc(rc));
	printf("+++ exited with 0 +++\n");
	return 0;
}
