// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * ioctl, the virtual console ('K' requests, whose codes encode no size): a tone, modes, LEDs,
 * a keymap entry named in a comment and one spelled K(type, value), a function key string
 * that fills its 512-byte field (under --bpf the capture must reach past 512 bytes of the
 * structure), a compose table, a colour map in hex, a key code and a font operation.
 * All on fd -1: EBADF.  Run with -a0 -e trace=ioctl.
 */
#include <string.h>
#include <linux/kd.h>
#include <linux/keyboard.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>

#include "fdtest.h"

int main(void)
{
	struct kbentry ke = { .kb_table = K_SHIFTTAB, .kb_index = 3, .kb_value = K_F2 };
	struct kbentry ke2 = { .kb_table = 1 << KG_CTRL | 1 << KG_ALT, .kb_index = 4,
			       .kb_value = K(KT_LATIN, '\t') };
	static struct kbsentry se = { .kb_func = KVAL(K_F5) };
	struct kbdiacrs dc = { .kb_cnt = 1, .kbdiacr = { { '`', 'a', 'x' } } };
	unsigned char cmap[48];
	struct kbkeycode kc = { .scancode = 0x1c, .keycode = 0x60 };
	struct console_font_op fop = { .op = KD_FONT_OP_GET, .flags = 0, .width = 8,
				       .height = 16, .charcount = 256, .data = 0 };
	long rc;

	memset(se.kb_string, 'a', sizeof(se.kb_string));
	for (unsigned int i = 0; i < sizeof(cmap); i++)
		cmap[i] = i;

	rc = syscall(__NR_ioctl, -1, KIOCSOUND, 1000);
	out("ioctl(-1, KIOCSOUND, 1000 /* 1193 Hz */) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, KDMKTONE, 100 << 16 | 2000);
	out("ioctl(-1, KDMKTONE, 100<<16|2000 /* 596 Hz, 100 ms */) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, KDSETMODE, KD_GRAPHICS);
	out("ioctl(-1, KDSETMODE, KD_GRAPHICS) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, KDSKBMODE, K_UNICODE);
	out("ioctl(-1, KDSKBMODE, K_UNICODE) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, KDSETLED, LED_NUM | LED_CAP);
	out("ioctl(-1, KDSETLED, LED_NUM|LED_CAP) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, KDSKBENT, &ke);
	out("ioctl(-1, KDSKBENT, {kb_table=K_SHIFTTAB, kb_index=3, kb_value=0x101 "
	    "/* K_F2 */}) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, KDSKBENT, &ke2);
	out("ioctl(-1, KDSKBENT, {kb_table=1<<KG_CTRL|1<<KG_ALT, kb_index=4, kb_value=0x9 "
	    "/* K(KT_LATIN, '\\t') */}) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, KDSKBSENT, &se);
	out("ioctl(-1, KDSKBSENT, {kb_func=KVAL(K_F5), kb_string=\"%.32s\"...}) = %s\n",
	    (char *)se.kb_string, sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, KDSKBDIACR, &dc);
	out("ioctl(-1, KDSKBDIACR, {kb_cnt=1, kbdiacr=[{diacr='`', base='a', result='x'}]}) = "
	    "%s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, PIO_CMAP, cmap);
	out("ioctl(-1, PIO_CMAP, \"\\x00\\x01\\x02\\x03\\x04\\x05\\x06\\x07\\x08\\x09\\x0a"
	    "\\x0b\\x0c\\x0d\\x0e\\x0f\\x10\\x11\\x12\\x13\\x14\\x15\\x16\\x17\\x18\\x19\\x1a"
	    "\\x1b\\x1c\\x1d\\x1e\\x1f\"...) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, KDSETKEYCODE, &kc);
	out("ioctl(-1, KDSETKEYCODE, {scancode=0x1c, keycode=0x60}) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, KDFONTOP, &fop);
	out("ioctl(-1, KDFONTOP, {op=KD_FONT_OP_GET, flags=0, width=8, height=16, "
	    "charcount=256, data=NULL}) = %s\n", sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
