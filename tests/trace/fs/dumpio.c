// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * -e read=5 -e write=6: hex dumps of what was written to fd 6 (pwrite64, writev with its
 * " * N bytes in buffer I" headers) and read from fd 5 (the same file), after the lines;
 * other descriptors and failed reads are not dumped; sendmsg and recvmsg on a socket pair moved
 * to fds 6 and 5 dump their iovec buffers.  The expected text goes out with write, which is not
 * traced.  Run with -a0 -e trace=read,pwrite64,writev,sendmsg,recvmsg -e read=5 -e write=6.
 */
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include "tests.h"

static void dump(const unsigned char *s, size_t n)
{
	for (size_t i = 0; i < n; i += 16) {
		printf(" | %05zx  ", i);
		for (size_t k = 0; k < 16; k++) {
			if (i + k < n)
				printf("%02x ", s[i + k]);
			else
				printf("   ");
			if (k == 7 || k == 15)
				putchar(' ');
		}
		for (size_t k = 0; k < 16; k++)
			putchar(i + k >= n ? ' ' : (s[i + k] >= ' ' && s[i + k] < 0x7f) ? s[i + k] : '.');
		printf(" |\n");
	}
}

int main(void)
{
	static const unsigned char data[] = "0123456789abcdef\x01\x02\xff tail";
	unsigned char buf[64];
	char path[64];

	snprintf(path, sizeof(path), "/tmp/sttrace-dumpio-%d", getpid());
	int w = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600), r = open(path, O_RDONLY);
	unlink(path);
	if (w < 0 || r < 0 || dup2(r, 5) < 0 || dup2(w, 6) < 0)
		FAIL("open: %m");
	long rc = syscall(__NR_pwrite64, 6, data, sizeof(data) - 1, 0);
	printf("pwrite64(6, \"0123456789abcdef\\1\\2\\377 tail\", %zu, 0) = %ld\n",
	       sizeof(data) - 1, rc);
	dump(data, sizeof(data) - 1);
	lseek(6, 0, SEEK_END);
	struct iovec iov[2] = { { (void *)"ab", 2 }, { (void *)"cde", 3 } };
	rc = syscall(__NR_writev, 6, iov, 2);
	printf("writev(6, [{iov_base=\"ab\", iov_len=2}, {iov_base=\"cde\", iov_len=3}], 2) = %ld\n",
	       rc);
	printf(" * 2 bytes in buffer 0\n");
	dump((const unsigned char *)"ab", 2);
	printf(" * 3 bytes in buffer 1\n");
	dump((const unsigned char *)"cde", 3);
	rc = syscall(__NR_read, 5, buf, sizeof(buf));
	printf("read(5, \"0123456789abcdef\\1\\2\\377 tailabcde\", 64) = %ld\n", rc);
	dump(buf, (size_t)rc);
	rc = syscall(__NR_read, 6, buf, 4);
	printf("read(6, %p, 4) = %s\n", (void *)buf, sprintrc(rc));

	/* sendmsg and recvmsg dump the buffers of their iovec (recvmsg: as many bytes as came). */
	int sv[2];
	if (socketpair(AF_UNIX, SOCK_DGRAM, 0, sv) || dup2(sv[0], 6) < 0 || dup2(sv[1], 5) < 0)
		FAIL("socketpair: %m");
	struct msghdr mh = { .msg_iov = iov, .msg_iovlen = 2 };
	rc = syscall(__NR_sendmsg, 6, &mh, 0);
	printf("sendmsg(6, {msg_name=NULL, msg_namelen=0, msg_iov=[{iov_base=\"ab\", iov_len=2}, "
	       "{iov_base=\"cde\", iov_len=3}], msg_iovlen=2, msg_controllen=0, msg_flags=0}, 0) = "
	       "%ld\n", rc);
	printf(" * 2 bytes in buffer 0\n");
	dump((const unsigned char *)"ab", 2);
	printf(" * 3 bytes in buffer 1\n");
	dump((const unsigned char *)"cde", 3);
	struct iovec riov = { buf, sizeof(buf) };
	mh = (struct msghdr){ .msg_iov = &riov, .msg_iovlen = 1 };
	rc = syscall(__NR_recvmsg, 5, &mh, 0);
	printf("recvmsg(5, {msg_name=NULL, msg_namelen=0, msg_iov=[{iov_base=\"abcde\", "
	       "iov_len=64}], msg_iovlen=1, msg_controllen=0, msg_flags=0}, 0) = %ld\n", rc);
	printf(" * 5 bytes in buffer 0\n");
	dump(buf, 5);
	printf("+++ exited with 0 +++\n");
	return 0;
}
