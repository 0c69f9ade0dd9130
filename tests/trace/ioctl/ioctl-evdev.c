// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * ioctl, input event devices: requests whose name carries a number (EVIOCGBIT(EV_KEY, 96),
 * EVIOCSABS(ABS_X)), autorepeat and key code pairs, plain numbers, an axis (only value and
 * minimum without -v), a force-feedback effect (abbreviated without -v), and a bit set read
 * at exit (an address when the call failed).  All on fd -1: EBADF.
 * Run with -a0 -e trace=ioctl.
 */
#include <linux/input.h>
#include <sys/syscall.h>

#include "fdtest.h"

int main(void)
{
	unsigned int rep[2] = { 250, 33 }, key[2] = { 30, KEY_A };
	struct input_absinfo abs = { .value = 1, .maximum = 100 };
	struct ff_effect ff = { .type = FF_RUMBLE, .id = -1 };
	unsigned char bits[96];
	long rc;

	rc = syscall(__NR_ioctl, -1, EVIOCSREP, rep);
	out("ioctl(-1, EVIOCSREP, [250, 33]) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, EVIOCSKEYCODE, key);
	out("ioctl(-1, EVIOCSKEYCODE, [30, KEY_A]) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, EVIOCGRAB, 1);
	out("ioctl(-1, EVIOCGRAB, 1) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, EVIOCRMFF, 3);
	out("ioctl(-1, EVIOCRMFF, 3) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, EVIOCSABS(ABS_X), &abs);
	out("ioctl(-1, EVIOCSABS(ABS_X), {value=1, minimum=0, ...}) = %s\n", sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, EVIOCSFF, &ff);
	out("ioctl(-1, EVIOCSFF, {type=FF_RUMBLE, id=-1, direction=0, ...}) = %s\n",
	    sprintrc(rc));
	rc = syscall(__NR_ioctl, -1, EVIOCGBIT(EV_KEY, sizeof(bits)), bits);
	out("ioctl(-1, EVIOCGBIT(EV_KEY, 96), %p) = %s\n", (void *)bits, sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
