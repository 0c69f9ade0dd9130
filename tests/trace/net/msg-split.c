// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * Structures whose pointers lie past a page boundary: a struct msghdr that starts 8 to 48 bytes
 * before the end of a page (msg_iov, msg_control or both in the next page), an iovec array
 * whose second element is in the next page, and an mmsghdr array whose second element's
 * pointers are.  Under --bpf the kernel captures memory a page at a time: the pointers in every
 * piece must be followed, not only in the first (msg@bpf and mmsg@bpf printed msg_iov or
 * msg_control as an address when the stack's random offset put a msghdr across a page end).
 * Run with -a0 -e trace=sendmsg,sendmmsg.
 */
#include <sys/mman.h>
#include <sys/socket.h>

#include "tests.h"

#define CTL "msg_control=[{cmsg_len=20, cmsg_level=SOL_SOCKET, cmsg_type=SCM_RIGHTS, " \
	    "cmsg_data=[0]}], msg_controllen=24"

int main(void)
{
	int sv[2];
	long rc;

	if (socketpair(AF_UNIX, SOCK_DGRAM, 0, sv))
		FAIL("socketpair: %m");
	char *p = mmap(NULL, 3 * 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		FAIL("mmap: %m");
	/* The data and the control message, in the first page, each far from the others (more
	 * than the bytes read at a pointer found in a capture: one capture must not hold two). */
	strcpy(p + 64, "hello");
	strcpy(p + 1024, "!");
	struct cmsghdr *cm = (void *)(p + 2048);
	cm->cmsg_len = CMSG_LEN(sizeof(int));
	cm->cmsg_level = SOL_SOCKET;
	cm->cmsg_type = SCM_RIGHTS;
	memset(CMSG_DATA(cm), 0, sizeof(int));

	/* The iovec array across the first page's end: its second element in the second. */
	struct iovec *iov = (void *)(p + 4096 - sizeof(struct iovec));
	iov[0] = (struct iovec){ p + 64, 5 };
	iov[1] = (struct iovec){ p + 1024, 1 };

	for (int k = 8; k <= 48; k += 8) {
		struct msghdr *m = (void *)(p + 2 * 4096 - k);
		*m = (struct msghdr){ .msg_iov = iov, .msg_iovlen = 2, .msg_control = cm,
				      .msg_controllen = CMSG_SPACE(sizeof(int)) };
		rc = syscall(__NR_sendmsg, sv[0], m, 0);
		printf("sendmsg(%d, {msg_name=NULL, msg_namelen=0, msg_iov=[{iov_base=\"hello\", "
		       "iov_len=5}, {iov_base=\"!\", iov_len=1}], msg_iovlen=2, " CTL ", "
		       "msg_flags=0}, 0) = %s\n", sv[0], sprintrc(rc));
	}

	/* Two mmsghdrs, the second's msg_iov in the next page. */
	struct mmsghdr *mm = (void *)(p + 2 * 4096 - sizeof(struct mmsghdr) - 16);
	memset(mm, 0, 2 * sizeof(*mm));
	mm[0].msg_hdr.msg_iov = &iov[0];
	mm[0].msg_hdr.msg_iovlen = 1;
	mm[1].msg_hdr.msg_iov = &iov[1];
	mm[1].msg_hdr.msg_iovlen = 1;
	rc = syscall(__NR_sendmmsg, sv[0], mm, 2, 0);
	printf("sendmmsg(%d, [{msg_hdr={msg_name=NULL, msg_namelen=0, msg_iov=[{iov_base=\"hello\", "
	       "iov_len=5}], msg_iovlen=1, msg_controllen=0, msg_flags=0}, msg_len=5}, "
	       "{msg_hdr={msg_name=NULL, msg_namelen=0, msg_iov=[{iov_base=\"!\", iov_len=1}], "
	       "msg_iovlen=1, msg_controllen=0, msg_flags=0}, msg_len=1}], 2, 0) = %s\n", sv[0],
	       sprintrc(rc));
	printf("+++ exited with 0 +++\n");
	return 0;
}
