// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
// strace-7.2: strace 6.1 prints name_to_handle_at's flags from the AT_* table and no AT_HANDLE_*
/*
 * name_to_handle_at and open_by_handle_at: struct file_handle's handle_bytes at entry, the
 * size the kernel asks for after "=>" (EOVERFLOW), the handle's type and bytes in hex and the
 * mount id on success, an address on other errors; the AT_HANDLE_* flags by name; the open
 * flags of open_by_handle_at.  Run with -a0.
 */
#include <fcntl.h>
#include <stdint.h>

#include "fdtest.h"

struct fh {
	unsigned int handle_bytes;
	int handle_type;
	unsigned char f_handle[128];
};

/* The handle's bytes as strace quotes them in hex. */
static const char *hex(const unsigned char *p, unsigned int n)
{
	static char s[2 + 4 * 128 + 1];
	size_t k = 0;

	s[k++] = '"';
	for (unsigned int i = 0; i < n && i < 128; i++)
		k += (size_t)snprintf(s + k, sizeof(s) - k, "\\x%02x", p[i]);
	s[k++] = '"';
	s[k] = '\0';
	return s;
}

int main(void)
{
	static struct fh h;
	int mount_id = 0;
	long rc;

	rc = syscall(__NR_name_to_handle_at, AT_FDCWD, ".", &h, &mount_id, 0x400 | 0x2 | 0x80);
	out("name_to_handle_at(AT_FDCWD, \".\", {handle_bytes=0}, %p, "
	    "AT_HANDLE_CONNECTABLE|AT_SYMLINK_FOLLOW|0x80) = %s\n", (void *)&mount_id, sprintrc(rc));
	rc = syscall(__NR_name_to_handle_at, AT_FDCWD, ".", &h, &mount_id, 0);
	if (rc != -1 || errno != EOVERFLOW)
		SKIP("name_to_handle_at on . did not ask for a size: %s", sprintrc(rc));
	out("name_to_handle_at(AT_FDCWD, \".\", {handle_bytes=0 => %u}, %p, 0) = %s\n",
	    h.handle_bytes, (void *)&mount_id, sprintrc(rc));
	rc = syscall(__NR_name_to_handle_at, AT_FDCWD, ".", &h, &mount_id, 0);
	out("name_to_handle_at(AT_FDCWD, \".\", {handle_bytes=%u, handle_type=%d, f_handle=%s}, "
	    "[%d], 0) = %s\n", h.handle_bytes, h.handle_type, hex(h.f_handle, h.handle_bytes),
	    mount_id, sprintrc(rc));

	rc = syscall(__NR_open_by_handle_at, -1, &h, O_RDONLY | O_DIRECTORY);
	out("open_by_handle_at(-1, {handle_bytes=%u, handle_type=%d, f_handle=%s}, "
	    "O_RDONLY|O_DIRECTORY) = %s\n", h.handle_bytes, h.handle_type,
	    hex(h.f_handle, h.handle_bytes), sprintrc(rc));
	rc = syscall(__NR_open_by_handle_at, -1, NULL, O_RDONLY);
	out("open_by_handle_at(-1, NULL, O_RDONLY) = %s\n", sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
