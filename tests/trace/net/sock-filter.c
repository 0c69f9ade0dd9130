// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * Classic BPF socket filters with -v: SO_ATTACH_FILTER's struct sock_fprog with each
 * instruction as BPF_STMT/BPF_JUMP (codes by name, SKF_* offsets of absolute loads), read back
 * with SO_GET_FILTER (whose length counts instructions); a too short option as its address.
 * Run with -a0 -v -e trace=setsockopt,getsockopt.
 */
#include <linux/filter.h>
#include <sys/socket.h>
#include <sys/syscall.h>

#include "fdtest.h"

int main(void)
{
	struct sock_filter insns[] = {
		BPF_STMT(BPF_LD | BPF_B | BPF_ABS, SKF_AD_OFF + SKF_AD_PROTOCOL),
		BPF_STMT(BPF_LD | BPF_H | BPF_ABS, SKF_NET_OFF + 2),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 17, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, 0xffff),
		BPF_STMT(BPF_RET | BPF_K, 0),
	};
	struct sock_fprog prog = { 5, insns };
	const char *text = "[BPF_STMT(BPF_LD|BPF_B|BPF_ABS, SKF_AD_OFF+SKF_AD_PROTOCOL), "
			   "BPF_STMT(BPF_LD|BPF_H|BPF_ABS, SKF_NET_OFF+2), "
			   "BPF_JUMP(BPF_JMP|BPF_K|BPF_JEQ, 0x11, 0, 0x1), "
			   "BPF_STMT(BPF_RET|BPF_K, 0xffff), BPF_STMT(BPF_RET|BPF_K, 0)]";
	struct sock_filter back[8];
	socklen_t len = 8;
	long rc;

	int s = socket(AF_INET, SOCK_DGRAM, 0);
	rc = syscall(__NR_setsockopt, s, SOL_SOCKET, SO_ATTACH_FILTER, &prog, sizeof(prog));
	out("setsockopt(%d, SOL_SOCKET, SO_ATTACH_FILTER, {len=5, filter=%s}, %zu) = %s\n", s,
	    text, sizeof(prog), sprintrc(rc));
	rc = syscall(__NR_getsockopt, s, SOL_SOCKET, SO_GET_FILTER, back, &len);
	out("getsockopt(%d, SOL_SOCKET, SO_GET_FILTER, %s, [8 => 5]) = %s\n", s, text,
	    sprintrc(rc));
	rc = syscall(__NR_setsockopt, s, SOL_SOCKET, SO_ATTACH_FILTER, &prog, 8);
	out("setsockopt(%d, SOL_SOCKET, SO_ATTACH_FILTER, %p, 8) = %s\n", s, (void *)&prog,
	    sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
