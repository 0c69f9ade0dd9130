// SPDX-License-Identifier: LGPL-2.1-or-later
// strace-7.2: lsm_get_self_attr, lsm_set_self_attr and lsm_list_modules are unknown to strace 6.1
/*
 * The LSM calls of Linux 6.8.  lsm_list_modules: the ids written (as many as the result) and
 * the size as "[before => after]"; lsm_get_self_attr: the contexts at exit (with
 * LSM_FLAG_SINGLE, the id asked for at entry, then " => "), an address where nothing can be
 * read; lsm_set_self_attr: one struct lsm_ctx, its ctx bytes in hex.
 * Run with -a0 -e trace=lsm_get_self_attr,lsm_set_self_attr,lsm_list_modules.
 */
#include <stdint.h>

#include "tests.h"

#ifndef __NR_lsm_get_self_attr
#define __NR_lsm_get_self_attr 459
#define __NR_lsm_set_self_attr 460
#define __NR_lsm_list_modules 461
#endif

static const char *const lsm_names[] = {
	"LSM_ID_CAPABILITY", "LSM_ID_SELINUX", "LSM_ID_SMACK", "LSM_ID_TOMOYO",
	"LSM_ID_APPARMOR", "LSM_ID_YAMA", "LSM_ID_LOADPIN", "LSM_ID_SAFESETID",
	"LSM_ID_LOCKDOWN", "LSM_ID_BPF", "LSM_ID_LANDLOCK", "LSM_ID_IMA", "LSM_ID_EVM",
	"LSM_ID_IPE",
};

struct ctx {
	uint64_t id, flags, len, ctx_len;
	unsigned char ctx[8];
};

int main(void)
{
	uint64_t ids[32];
	uint32_t size = sizeof(ids), size0 = size;
	long rc;

	rc = syscall(__NR_lsm_list_modules, ids, &size, 0);
	if (rc < 0)
		FAIL("lsm_list_modules: %m");
	printf("lsm_list_modules([");
	for (long i = 0; i < rc; i++) {
		if (ids[i] < 100 || ids[i] >= 100 + sizeof(lsm_names) / sizeof(lsm_names[0]))
			SKIP("an LSM id this test does not know: %llu", (unsigned long long)ids[i]);
		printf("%s%s", i ? ", " : "", lsm_names[ids[i] - 100]);
	}
	printf("], [%u", size0);
	if (size != size0)
		printf(" => %u", size);
	printf("], 0) = %ld\n", rc);
	size = 4;
	rc = syscall(__NR_lsm_list_modules, ids, &size, 0x10);
	printf("lsm_list_modules(%p, [4", (void *)ids);
	if (size != 4)
		printf(" => %u", size);
	printf("], 0x10) = %s\n", sprintrc(rc));
	rc = syscall(__NR_lsm_list_modules, ids, NULL, 0);
	printf("lsm_list_modules(%p, NULL, 0) = %s\n", (void *)ids, sprintrc(rc));

	rc = syscall(__NR_lsm_get_self_attr, 0, NULL, NULL, 2);
	printf("lsm_get_self_attr(LSM_ATTR_UNDEF, NULL, NULL, 0x2 /* LSM_FLAG_??? */) = %s\n",
	       sprintrc(rc));
	size0 = size;
	rc = syscall(__NR_lsm_get_self_attr, 0xdead, NULL, &size, 0);
	printf("lsm_get_self_attr(0xdead /* LSM_ATTR_??? */, NULL, [%u", size0);
	if (size != size0)
		printf(" => %u", size);
	printf("], 0) = %s\n", sprintrc(rc));

	struct ctx ctx = { .id = 104, .flags = 0x1, .len = sizeof(ctx), .ctx_len = 3,
			   .ctx = { 'a', 0, 0xff } };
	rc = syscall(__NR_lsm_set_self_attr, 100, &ctx, sizeof(ctx), 0);
	printf("lsm_set_self_attr(LSM_ATTR_CURRENT, {id=LSM_ID_APPARMOR, flags=0x1, len=%zu, "
	       "ctx_len=3, ctx=\"\\x61\\x00\\xff\"}, %zu, 0) = %s\n", sizeof(ctx), sizeof(ctx),
	       sprintrc(rc));
	rc = syscall(__NR_lsm_set_self_attr, 101, &ctx, 16, 0x7);
	printf("lsm_set_self_attr(LSM_ATTR_EXEC, %p, 16, 0x7) = %s\n", (void *)&ctx, sprintrc(rc));
	printf("+++ exited with 0 +++\n");
	return 0;
}
