// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
// strace-7.2: strace 6.1 prints " => N" even when N did not change, cuts a string of exactly -s bytes with "..." and an unreadable one as ???
/*
 * ioctl, the virtual console, what prints at exit: every request here "succeeds" (-e
 * inject=ioctl:retval=0), so the decoder reads the argument again after the call.  A count
 * or key code the call left as it was prints once (GIO_UNIMAP's entry_ct, KDGETKEYCODE's
 * keycode: no " => ").  A function key string of exactly -s bytes (32) prints whole, without
 * "...", since its NUL follows; one whose field starts on an unreadable page prints as its
 * address.  Run with -a0 -e trace=ioctl -e inject=ioctl:retval=0.
 */
#include <linux/kd.h>
#include <linux/keyboard.h>
#include <stddef.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>

#include "fdtest.h"

int main(void)
{
	struct unipair pairs[1] = { { .unicode = 0x41, .fontpos = 0x61 } };
	struct unimapdesc um = { .entry_ct = 1, .entries = pairs };
	struct kbkeycode kc = { .scancode = 0x1c, .keycode = 0x60 };
	static struct kbsentry se = { .kb_func = KVAL(K_F3) };
	/* A page, then an unreadable one where a kbsentry's string would start. */
	char *pages = mmap(NULL, 2 * 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
			   -1, 0);

	if (pages == MAP_FAILED || munmap(pages + 4096, 4096))
		return 1;
	struct kbsentry *edge = (void *)(pages + 4096 - offsetof(struct kbsentry, kb_string));

	memset(se.kb_string, 'b', 32);
	edge->kb_func = KVAL(K_F4);

	syscall(__NR_ioctl, -1, GIO_UNIMAP, &um);
	out("ioctl(-1, GIO_UNIMAP, {entry_ct=1, entries=[{unicode=0x41, fontpos=0x61}]}) = 0 "
	    "(INJECTED)\n");
	syscall(__NR_ioctl, -1, KDGETKEYCODE, &kc);
	out("ioctl(-1, KDGETKEYCODE, {scancode=0x1c, keycode=0x60}) = 0 (INJECTED)\n");
	syscall(__NR_ioctl, -1, KDSKBSENT, &se);
	out("ioctl(-1, KDSKBSENT, {kb_func=KVAL(K_F3), kb_string=\"%.32s\"}) = 0 (INJECTED)\n",
	    (char *)se.kb_string);
	syscall(__NR_ioctl, -1, KDSKBSENT, edge);
	out("ioctl(-1, KDSKBSENT, {kb_func=KVAL(K_F4), kb_string=%p}) = 0 (INJECTED)\n",
	    (void *)edge->kb_string);
	out("+++ exited with 0 +++\n");
	return 0;
}
