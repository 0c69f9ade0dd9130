// SPDX-License-Identifier: LGPL-2.1-or-later
// strace-7.2-lines: ^sendfile\( ;; strace 7.2 prints the updated offset inside the brackets: [0 => 0]
/*
 * --inject= (the long form of -e inject=) with what tampers besides the result: poke_enter=
 * writes bytes where an argument points before the call (and before its line is printed, which
 * shows them), poke_exit= after it, both noted "(INJECTED: args)", with a result too
 * "(INJECTED: args, retval)"; syscall= runs a pure syscall in place of a call whose result is
 * given; delay_enter=/delay_exit= hold the thread, noted "(DELAYED)".  poke_exit= on a call
 * that ran (getcwd): its line shows what was poked over what the call wrote (the cwd is "/"
 * after the poked chdir: "." over it).  Both backends
 * (--bpf holds the thread as the call returns for poke_exit=).
 * Run with -a0 -e trace=chdir,sendfile,getppid,gettid,getcwd --inject=getcwd:poke_exit=@arg1=2e00
 *	--inject=chdir:poke_enter=@arg1=2f00 --inject=sendfile:poke_enter=@arg3=0000000000000000:poke_exit=@arg3=ffffffffffffffff:retval=7
 *	--inject=getppid:syscall=getpid:retval=3:delay_exit=1us
 *	--inject=gettid:delay_enter=1ms:error=EPERM
 */
#include <fcntl.h>
#include <stdint.h>
#include <sys/socket.h>
#include "tests.h"

int main(void)
{
	char path[] = "/nonexistent-sttrace";
	int sv[2];

	long rc = syscall(__NR_chdir, path);
	printf("chdir(\"/\") = %s (INJECTED: args)\n", sprintrc(rc));
	if (strcmp(path, "/") || strcmp(path + 2, "onexistent-sttrace"))
		FAIL("the path was not poked: \"%s\"", path);

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		FAIL("socketpair: %m");
	int in = open("/proc/self/exe", O_RDONLY);
	uint64_t off = 0xcafef00dfacefeedULL;
	rc = syscall(__NR_sendfile, sv[1], in, &off, 16);
	printf("sendfile(%d, %d, [0 => %llu], 16) = %ld (INJECTED: args, retval)\n", sv[1], in,
	       (unsigned long long)off, rc);
	if (off != UINT64_MAX || rc != 7)
		FAIL("sendfile: off %#llx, %ld", (unsigned long long)off, rc);

	rc = syscall(__NR_getppid);
	printf("getppid() = %ld (INJECTED) (DELAYED)\n", rc);

	rc = syscall(__NR_gettid);
	printf("gettid() = %s (INJECTED) (DELAYED)\n", sprintrc(rc));

	/* The cwd is "/" (the poked chdir): "." written over it. */
	char cwd[256];
	rc = syscall(__NR_getcwd, cwd, sizeof(cwd));
	printf("getcwd(\".\", %zu) = %ld (INJECTED: args)\n", sizeof(cwd), rc);
	if (rc != 2 || strcmp(cwd, "."))
		FAIL("getcwd: %ld, \"%s\"", rc, cwd);
	printf("+++ exited with 0 +++\n");
	return 0;
}
