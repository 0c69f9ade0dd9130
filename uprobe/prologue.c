// SPDX-License-Identifier: LGPL-2.1-or-later
/* Functions' first instructions that leave the arguments alone (prologue.h). */
#include <fcntl.h>
#include <stdbool.h>
#include <unistd.h>

#include "uprobe/prologue.h"

int uprobe_prologue_insn(const uint8_t *c, size_t n, int *sp_adj)
{
	int len = 0, adj = 0;

	if (n < 8)
		return 0;
	bool rex = (c[0] & 0xf0) == 0x40, rexw = c[0] == 0x48 || c[0] == 0x49 || c[0] == 0x4c;
	if (c[0] == 0xf3 && c[1] == 0x0f && c[2] == 0x1e && c[3] == 0xfa)
		len = 4; /* endbr64 */
	else if (c[0] == 0x90)
		len = 1;
	else if (c[0] >= 0x50 && c[0] <= 0x57)
		len = 1, adj = 8; /* push %reg */
	else if (rex && !rexw && c[1] >= 0x50 && c[1] <= 0x57)
		len = 2, adj = 8; /* push %r8-%r15 */
	else if (c[0] == 0x85 && (c[1] & 0xc0) == 0xc0)
		len = 2; /* test %reg,%reg */
	else if (rex && c[1] == 0x85 && (c[2] & 0xc0) == 0xc0)
		len = 3;
	else if (c[0] == 0x48 && c[1] == 0x89 && c[2] == 0xe5)
		len = 3; /* mov %rsp,%rbp */
	else if (c[0] == 0x48 && c[1] == 0x83 && c[2] == 0xec)
		len = 4, adj = (int8_t)c[3]; /* sub $imm8,%rsp */
	else if (c[0] == 0x48 && c[1] == 0x81 && c[2] == 0xec)
		len = 7, adj = (int32_t)(c[3] | c[4] << 8 | c[5] << 16 | (uint32_t)c[6] << 24);
	if (sp_adj)
		*sp_adj = adj;
	return len;
}

size_t uprobe_read_code(const char *path, uint64_t off, uint8_t *buf, size_t len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n = fd >= 0 ? pread(fd, buf, len, (off_t)off) : -1;

	if (fd >= 0)
		close(fd);
	return n > 0 ? (size_t)n : 0;
}
