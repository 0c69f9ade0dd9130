// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * -y on the descriptors inside bpf(2)'s attribute, at each offset a command keeps one: the
 * first field (PROG_ATTACH's target_fd), 4 (attach_bpf_fd), 8 (RAW_TRACEPOINT_OPEN's
 * prog_fd), 12 (LINK_UPDATE's old_prog_fd), 36 (a batch's map_fd), and a field past a short
 * attribute, which reads as descriptor 0 (OBJ_PIN of 8 bytes).  Under --bpf the kernel
 * describes each at the stop.  No descriptor is a BPF object: every call fails.
 * Run with -a0 -y -e trace=bpf.
 */
#include <fcntl.h>
#include <stdint.h>

#include "fdtest.h"

int main(void)
{
	int a = open("/dev/null", O_RDONLY), b = open("/dev/zero", O_RDONLY);
	long rc;

	if (a < 0 || b < 0 || dup2(a, 0) != 0)
		FAIL("open: %m");
	uint64_t pin[2] = { 0, 0 };
	rc = syscall(__NR_bpf, 6, pin, 8);
	out("bpf(BPF_OBJ_PIN, {pathname=NULL, bpf_fd=0</dev/null>}, 8) = %s\n", sprintrc(rc));

	uint32_t at[4] = { a, b, 0, 0 };
	rc = syscall(__NR_bpf, 8, at, sizeof(at));
	out("bpf(BPF_PROG_ATTACH, {target_fd=%d</dev/null>, attach_bpf_fd=%d</dev/zero>, "
	    "attach_type=BPF_CGROUP_INET_INGRESS, attach_flags=0}, 16) = %s\n", a, b, sprintrc(rc));

	struct {
		uint64_t name;
		uint32_t prog_fd;
	} rt = { .prog_fd = b };
	rc = syscall(__NR_bpf, 17, &rt, 12);
	out("bpf(BPF_RAW_TRACEPOINT_OPEN, {raw_tracepoint={name=NULL, prog_fd=%d</dev/zero>}}, 12) "
	    "= %s\n", b, sprintrc(rc));

	uint32_t lu[4] = { a, b, 4, a };
	rc = syscall(__NR_bpf, 29, lu, sizeof(lu));
	out("bpf(BPF_LINK_UPDATE, {link_update={link_fd=%d</dev/null>, new_prog_fd=%d</dev/zero>, "
	    "flags=BPF_F_REPLACE, old_prog_fd=%d</dev/null>}}, 16) = %s\n", a, b, a, sprintrc(rc));

	struct {
		uint64_t in_batch, out_batch, keys, values;
		uint32_t count, map_fd;
		uint64_t elem_flags, flags;
	} bt = { .map_fd = b };
	rc = syscall(__NR_bpf, 27, &bt, sizeof(bt));
	out("bpf(BPF_MAP_DELETE_BATCH, {batch={keys=NULL, count=0, map_fd=%d</dev/zero>, "
	    "elem_flags=BPF_ANY, flags=0}}, %u) = %s\n", b, (unsigned int)sizeof(bt), sprintrc(rc));

	out("+++ exited with 0 +++\n");
	return 0;
}
