// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static -nostdlib -ffreestanding -fno-stack-protector -fno-builtin
// strace-7.2-lines: ^rseq\( ;; struct rseq is decoded since strace 7.0
/*
 * brk, mprotect, arch_prctl, set_tid_address, set_robust_list, rseq, getrandom, exit_group.
 * These are exactly the syscalls libc makes at startup (with unpredictable addresses and
 * random bytes), so this test has no libc: its own _start, raw syscalls and a tiny printer.
 * Run with -a0 -e trace=brk,mprotect,arch_prctl,set_tid_address,set_robust_list,rseq,
 * getrandom,exit_group.
 */
#include <asm/prctl.h>
#include <asm/unistd.h>
#include <linux/random.h>

static long sys(long nr, long a, long b, long c, long d)
{
	long rc;
	register long r10 __asm__("r10") = d;

	__asm__ volatile("syscall" : "=a"(rc) : "a"(nr), "D"(a), "S"(b), "d"(c), "r"(r10)
			 : "rcx", "r11", "memory");
	return rc;
}

static char out[4096];
static unsigned int len;

static void s(const char *str)
{
	while (*str && len < sizeof(out))
		out[len++] = *str++;
}

static void num(unsigned long v, unsigned int base)
{
	char b[24];
	int i = 0;

	if (base == 16)
		s("0x");
	do {
		b[i++] = "0123456789abcdef"[v % base];
		v /= base;
	} while (v);
	while (i)
		out[len < sizeof(out) ? len++ : len] = b[--i];
}

static void dec(long v)
{
	if (v < 0) {
		s("-");
		v = -v;
	}
	num((unsigned long)v, 10);
}

/* " = RC\n", with the errno names this test can meet. */
static void ret(long rc)
{
	s(" = ");
	switch (rc) {
	case -14: s("-1 EFAULT (Bad address)"); break;
	case -22: s("-1 EINVAL (Invalid argument)"); break;
	default:
		if (rc < 0 && rc > -4096) {
			s("-1 errno ");
			dec(-rc);
		} else {
			dec(rc);
		}
	}
	s("\n");
}

static unsigned char page[8192] __attribute__((aligned(4096)));
static unsigned long robust[3];
static int tid_word;
static unsigned char rnd[8];
static unsigned int rseq_area[8] __attribute__((aligned(32)));

void __attribute__((used)) cmain(void)
{
	long rc, pid = sys(__NR_getpid, 0, 0, 0, 0);
	unsigned long cur, fs = 0;

	cur = sys(__NR_brk, 0, 0, 0, 0);
	s("brk(NULL) = "); num(cur, 16); s("\n");
	rc = sys(__NR_brk, cur + 0x1000, 0, 0, 0);
	s("brk("); num(cur + 0x1000, 16); s(") = "); num(rc, 16); s("\n");

	rc = sys(__NR_mprotect, (long)page, 4096, 1 /* PROT_READ */, 0);
	s("mprotect("); num((unsigned long)page, 16); s(", 4096, PROT_READ)"); ret(rc);
	rc = sys(__NR_mprotect, (long)page, 8192, 3 | 0x01000000 /* PROT_GROWSDOWN */, 0);
	s("mprotect("); num((unsigned long)page, 16);
	s(", 8192, PROT_READ|PROT_WRITE|PROT_GROWSDOWN)"); ret(rc);
	rc = sys(__NR_mprotect, (long)page + 1, 4096, 0, 0);
	s("mprotect("); num((unsigned long)page + 1, 16); s(", 4096, PROT_NONE)"); ret(rc);
	rc = sys(__NR_mprotect, (long)page, 4096, 0x3 | 0x100, 0);
	s("mprotect("); num((unsigned long)page, 16); s(", 4096, PROT_READ|PROT_WRITE|0x100)");
	ret(rc);

	rc = sys(__NR_arch_prctl, ARCH_GET_FS, (long)&fs, 0, 0);
	s("arch_prctl(ARCH_GET_FS, [");
	if (fs)
		num(fs, 16);
	else
		s("NULL");
	s("])"); ret(rc);
	rc = sys(__NR_arch_prctl, ARCH_SET_FS, (long)robust, 0, 0);
	s("arch_prctl(ARCH_SET_FS, "); num((unsigned long)robust, 16); s(")"); ret(rc);
	rc = sys(__NR_arch_prctl, 0x9999, 0, 0, 0);
	s("arch_prctl(0x9999 /* ARCH_??? */, 0)"); ret(rc);
	rc = sys(__NR_arch_prctl, ARCH_GET_GS, 8, 0, 0);
	s("arch_prctl(ARCH_GET_GS, 0x8)"); ret(rc);

	rc = sys(__NR_set_tid_address, (long)&tid_word, 0, 0, 0);
	s("set_tid_address("); num((unsigned long)&tid_word, 16); s(")"); ret(rc);
	(void)pid;
	/* A pointer kind in our table, but strace prints 0 here, not NULL. */
	rc = sys(__NR_set_tid_address, 0, 0, 0, 0);
	s("set_tid_address(0)"); ret(rc);

	rc = sys(__NR_set_robust_list, (long)robust, 24, 0, 0);
	s("set_robust_list("); num((unsigned long)robust, 16); s(", 24)"); ret(rc);
	rc = sys(__NR_set_robust_list, (long)robust, 23, 0, 0);
	s("set_robust_list("); num((unsigned long)robust, 16); s(", 23)"); ret(rc);

	rc = sys(__NR_rseq, (long)rseq_area, 0x20, 0, 0x53053053);
	s("rseq({cpu_id_start=0, cpu_id=0, rseq_cs=NULL, flags=0, node_id=0, mm_cid=0, "
	  "slice_ctrl={request=0, granted=0, __reserved=0}, __reserved=0}, 32, 0, 0x53053053)");
	ret(rc);
	rc = sys(__NR_rseq, 0, 0x10, 2, 0);
	s("rseq(NULL, 16, RSEQ_FLAG_SLICE_EXT_DEFAULT_ON, 0)"); ret(rc);

	/* (getrandom(NULL, 0, ...): strace prints NULL, our generic buffer printer "".) */
	rc = sys(__NR_getrandom, (long)rnd, 0, GRND_NONBLOCK, 0);
	s("getrandom(\"\", 0, GRND_NONBLOCK)"); ret(rc);
	rc = sys(__NR_getrandom, (long)rnd, 4, GRND_NONBLOCK, 0);
	s("getrandom(\"");
	for (int i = 0; i < rc; i++) {
		s("\\x");
		out[len++] = "0123456789abcdef"[rnd[i] >> 4];
		out[len++] = "0123456789abcdef"[rnd[i] & 15];
	}
	s("\", 4, GRND_NONBLOCK)"); ret(rc);
	rc = sys(__NR_getrandom, 8, 4, GRND_NONBLOCK | GRND_RANDOM, 0);
	s("getrandom(0x8, 4, GRND_NONBLOCK|GRND_RANDOM)"); ret(rc);
	rc = sys(__NR_getrandom, (long)page + 4096, 4, 0x80, 0);
	s("getrandom("); num((unsigned long)page + 4096, 16); s(", 4, 0x80 /* GRND_??? */)");
	ret(rc);

	s("exit_group(0) = ?\n+++ exited with 0 +++\n");
	sys(__NR_write, 1, (long)out, len, 0);
	sys(__NR_exit_group, 0, 0, 0, 0);
}

__asm__(".globl _start\n_start:\n\tand $-16, %rsp\n\tcall cmain\n\thlt\n");
