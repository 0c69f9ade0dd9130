// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Kernel keys: add_key into the process keyring (a special serial printed by name), keyctl
 * reading it back (DESCRIBE and READ print their buffer at exit), SETPERM's flags, SET_TIMEOUT,
 * GET_KEYRING_ID, REVOKE, an unknown command (four hex arguments), request_key failing.
 * Run with -a0 -s64 -e trace=add_key,request_key,keyctl.
 */
#include <linux/keyctl.h>
#include <sys/syscall.h>

#include "fdtest.h"

int main(void)
{
	char buf[256];
	long rc;

	long key = syscall(__NR_add_key, "user", "sttrace-test", "secret", 6,
			   KEY_SPEC_PROCESS_KEYRING);
	out("add_key(\"user\", \"sttrace-test\", \"secret\", 6, KEY_SPEC_PROCESS_KEYRING) = %s\n",
	    sprintrc(key));
	if (key < 0) {
		out("+++ exited with 0 +++\n");
		return 0;
	}
	rc = syscall(__NR_keyctl, KEYCTL_READ, key, buf, sizeof(buf));
	out("keyctl(KEYCTL_READ, %ld, \"secret\", 256) = %s\n", key, sprintrc(rc));
	rc = syscall(__NR_keyctl, KEYCTL_DESCRIBE, key, buf, sizeof(buf));
	out("keyctl(KEYCTL_DESCRIBE, %ld, \"%s\", 256) = %s\n", key, buf, sprintrc(rc));
	rc = syscall(__NR_keyctl, KEYCTL_SETPERM, key, 0x3f010000);
	/* Names in table order: the single bits come before KEY_POS_ALL. */
	out("keyctl(KEYCTL_SETPERM, %ld, KEY_POS_VIEW|KEY_POS_READ|KEY_POS_WRITE|KEY_POS_SEARCH|"
	    "KEY_POS_LINK|KEY_POS_SETATTR|KEY_USR_VIEW) = %s\n", key, sprintrc(rc));
	rc = syscall(__NR_keyctl, KEYCTL_SET_TIMEOUT, key, 3600);
	out("keyctl(KEYCTL_SET_TIMEOUT, %ld, 3600) = %s\n", key, sprintrc(rc));
	rc = syscall(__NR_keyctl, KEYCTL_GET_KEYRING_ID, KEY_SPEC_PROCESS_KEYRING, 0);
	out("keyctl(KEYCTL_GET_KEYRING_ID, KEY_SPEC_PROCESS_KEYRING, 0) = %s\n", sprintrc(rc));
	rc = syscall(__NR_keyctl, KEYCTL_REVOKE, key);
	out("keyctl(KEYCTL_REVOKE, %ld) = %s\n", key, sprintrc(rc));
	rc = syscall(__NR_keyctl, 0x7ead, 1, 2, 3, 4);
	out("keyctl(0x7ead /* KEYCTL_??? */, 0x1, 0x2, 0x3, 0x4) = %s\n", sprintrc(rc));
	rc = syscall(__NR_request_key, "user", "sttrace-absent", NULL, KEY_SPEC_THREAD_KEYRING);
	out("request_key(\"user\", \"sttrace-absent\", NULL, KEY_SPEC_THREAD_KEYRING) = %s\n",
	    sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
