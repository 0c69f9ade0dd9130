// SPDX-License-Identifier: LGPL-2.1-or-later
// strace-7.2: listmount and listns are unknown to strace 6.1
/*
 * listmount (Linux 6.8) and listns (6.19): the request struct, sized by its first u32 (only
 * the size below the first version; non-zero bytes past the known struct shown), then the
 * 64-bit ids written, as many as the result, in hex (listns fails with ENOSYS before
 * 6.19, which does not change how it prints).  Run with -a0 -e trace=listmount,listns.
 */
#include <stdint.h>

#include "tests.h"

#ifndef __NR_listmount
#define __NR_listmount 458
#endif
#ifndef __NR_listns
#define __NR_listns 470
#endif

struct mnt_req {
	uint32_t size, mnt_ns_fd;
	uint64_t mnt_id, param, mnt_ns_id;
};

struct ns_req {
	uint32_t size, spare;
	uint64_t ns_id;
	uint32_t ns_type, spare2;
	uint64_t user_ns_id;
};

static void print_ids(const uint64_t *ids, long n)
{
	putchar('[');
	for (long i = 0; i < n; i++)
		printf("%s%#llx", i ? ", " : "", (unsigned long long)ids[i]);
	putchar(']');
}

int main(void)
{
	struct mnt_req m = { .size = 24, .mnt_id = ~0ULL };
	uint64_t ids[2];
	long rc;

	rc = syscall(__NR_listmount, &m, ids, 2, 0);
	if (rc < 0)
		FAIL("listmount: %m");
	printf("listmount({size=24, mnt_ns_fd=0, mnt_id=LSMT_ROOT, param=0}, ");
	print_ids(ids, rc);
	printf(", 2, 0) = %ld\n", rc);
	m.size = 32;
	m.param = 0x1;
	m.mnt_ns_id = 0xbad;
	rc = syscall(__NR_listmount, &m, ids, 2, 3);
	printf("listmount({size=32, mnt_ns_fd=0, mnt_id=LSMT_ROOT, param=0x1, mnt_ns_id=0xbad}, %p, "
	       "2, LISTMOUNT_REVERSE|0x2) = %s\n", (void *)ids, sprintrc(rc));
	m.size = 8;
	rc = syscall(__NR_listmount, &m, NULL, 0, 0);
	printf("listmount({size=8}, NULL, 0, 0) = %s\n", sprintrc(rc));
	rc = syscall(__NR_listmount, NULL, ids, 0, 0);
	printf("listmount(NULL, [], 0, 0) = %s\n", sprintrc(rc));

	struct ns_req n = { .size = 32, .spare = 5, .ns_type = 0x20000 | 1,
			    .user_ns_id = ~0ULL };
	rc = syscall(__NR_listns, &n, ids, 2, 0x10);
	printf("listns({size=32, spare=0x5, ns_id=0, ns_type=MNT_NS|0x1, "
	       "user_ns_id=LISTNS_CURRENT_USER}, %p, 2, 0x10) = %s\n", (void *)ids, sprintrc(rc));
	n.size = 4;
	rc = syscall(__NR_listns, &n, NULL, 0, 0);
	printf("listns({size=4}, NULL, 0, 0) = %s\n", sprintrc(rc));
	printf("+++ exited with 0 +++\n");
	return 0;
}
