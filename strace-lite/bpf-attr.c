// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * bpf(2): the command, and for BPF_PROG_LOAD its union bpf_attr member, as far as the size
 * argument says there is (strace stops at each field older kernels lacked).  Other commands
 * print their attribute's address.  Nonzero bytes past the structure show as "..." (with -v,
 * extra_data="\x..." and the byte range).
 */
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "strace-lite/decode.h"
#include "strace-lite/ioctl-int.h"
#include "strace-lite/sockaddr.h"
#include "common/print.h"
#include "gen/xlat.h"

#define BPF_CMD_PROG_LOAD 5
#define ATTR_MAX 4096 /* strace reads the attribute when it is at most a page */

struct prog_load_attr {
	uint32_t prog_type, insn_cnt;
	uint64_t insns, license;
	uint32_t log_level, log_size;
	uint64_t log_buf;
	uint32_t kern_version, prog_flags;
	char prog_name[16];
	uint32_t prog_ifindex, expected_attach_type, prog_btf_fd, func_info_rec_size;
	uint64_t func_info;
	uint32_t func_info_cnt, line_info_rec_size;
	uint64_t line_info;
	uint32_t line_info_cnt, attach_btf_id, attach_prog_fd, pad;
	uint64_t fd_array;
};

/* Whether the attribute (LEN bytes) ends before field offset OFF. */
#define ENDS_BEFORE(len, off) ((len) <= (off))

/* KERNEL_VERSION(a, b, c), or its raw value in the -X styles. */
static void print_kernel_version(struct dctx *c, uint32_t v)
{
	char s[64];

	snprintf(s, sizeof(s), "KERNEL_VERSION(%u, %u, %u)", v >> 16, (v >> 8) & 0xff, v & 0xff);
	print_xlat_named(c->sb, v, s);
}

static void print_prog_load(struct dctx *c, const struct prog_load_attr *a, unsigned int len)
{
	FLD_XVAL(c, *a, prog_type, xlat_bpf_prog_types, "BPF_PROG_TYPE_???");
	tprint_struct_next(c);
	FLD_U(c, *a, insn_cnt);
	tprint_struct_next(c);
	tprint_field(c, "insns");
	printaddr(c, a->insns);
	tprint_struct_next(c);
	tprint_field(c, "license");
	printstr(c, a->license);
	if (ENDS_BEFORE(len, offsetof(struct prog_load_attr, log_level)))
		return;
	tprint_struct_next(c);
	FLD_U(c, *a, log_level);
	tprint_struct_next(c);
	FLD_U(c, *a, log_size);
	tprint_struct_next(c);
	tprint_field(c, "log_buf");
	printstr_ex(c, a->log_buf, a->log_size, QUOTE_0_TERMINATED);
	if (ENDS_BEFORE(len, offsetof(struct prog_load_attr, kern_version)))
		return;
	tprint_struct_next(c);
	tprint_field(c, "kern_version");
	print_kernel_version(c, a->kern_version);
	if (ENDS_BEFORE(len, offsetof(struct prog_load_attr, prog_flags)))
		return;
	tprint_struct_next(c);
	FLD_FLAGS(c, *a, prog_flags, xlat_bpf_prog_flags, "BPF_F_???");
	if (ENDS_BEFORE(len, offsetof(struct prog_load_attr, prog_name)))
		return;
	tprint_struct_next(c);
	tprint_field(c, "prog_name");
	{
		size_t n = len - offsetof(struct prog_load_attr, prog_name);

		ioctl_print_cstring(c, a->prog_name,
				    n < sizeof(a->prog_name) ? n : sizeof(a->prog_name));
	}
	if (ENDS_BEFORE(len, offsetof(struct prog_load_attr, prog_ifindex)))
		return;
	tprint_struct_next(c);
	tprint_field(c, "prog_ifindex");
	print_ifindex(c, a->prog_ifindex);
	if (ENDS_BEFORE(len, offsetof(struct prog_load_attr, expected_attach_type)))
		return;
	tprint_struct_next(c);
	FLD_XVAL(c, *a, expected_attach_type, xlat_bpf_attach_type, "BPF_???");
	if (ENDS_BEFORE(len, offsetof(struct prog_load_attr, prog_btf_fd)))
		return;
	tprint_struct_next(c);
	tprint_field(c, "prog_btf_fd");
	printfd(c, (int)a->prog_btf_fd);
	tprint_struct_next(c);
	FLD_U(c, *a, func_info_rec_size);
	tprint_struct_next(c);
	tprint_field(c, "func_info");
	printaddr(c, a->func_info);
	tprint_struct_next(c);
	FLD_U(c, *a, func_info_cnt);
	tprint_struct_next(c);
	FLD_U(c, *a, line_info_rec_size);
	tprint_struct_next(c);
	tprint_field(c, "line_info");
	printaddr(c, a->line_info);
	tprint_struct_next(c);
	FLD_U(c, *a, line_info_cnt);
	if (ENDS_BEFORE(len, offsetof(struct prog_load_attr, attach_btf_id)))
		return;
	tprint_struct_next(c);
	FLD_U(c, *a, attach_btf_id);
	if (ENDS_BEFORE(len, offsetof(struct prog_load_attr, attach_prog_fd)))
		return;
	tprint_struct_next(c);
	tprint_field(c, "attach_prog_fd");
	printfd(c, (int)a->attach_prog_fd);
	if (ENDS_BEFORE(len, offsetof(struct prog_load_attr, fd_array)))
		return;
	tprint_struct_next(c);
	tprint_field(c, "fd_array");
	printaddr(c, a->fd_array);
}

/* Nonzero bytes of BUF (SIZE) past the structure's ASIZE bytes. */
static void print_extra_data(struct dctx *c, const unsigned char *buf, unsigned int size,
			     unsigned int asize)
{
	if (size <= asize)
		return;
	for (unsigned int i = asize; i < size; i++) {
		if (!buf[i])
			continue;
		tprint_struct_next(c);
		if (!dopts.verbose) {
			tprint_more_data_follows(c);
			return;
		}
		tprint_field(c, "extra_data");
		quote_string(c->sb, (const char *)buf + asize, size - asize, QUOTE_FORCE_HEX);
		tprintf(c, " /* bytes %u..%u */", asize, size - 1);
		return;
	}
}

SYS_FUNC(bpf)
{
	static unsigned char buf[ATTR_MAX];
	unsigned int cmd = (unsigned int)c->arg[0], size = (unsigned int)c->arg[2];
	uint64_t addr = c->arg[1];

	printxval(c, xlat_bpf_commands, cmd, "BPF_???");
	tprint_arg_next(c);
	if (cmd == BPF_CMD_PROG_LOAD && size > 0 && size <= ATTR_MAX) {
		struct prog_load_attr a;
		unsigned int len = size < sizeof(a) ? size : (unsigned int)sizeof(a);

		if (!umoven_or_printaddr_ignore_syserror(c, addr, size, buf)) {
			memset(&a, 0, sizeof(a));
			memcpy(&a, buf, len);
			tprint_struct_begin(c);
			print_prog_load(c, &a, len);
			print_extra_data(c, buf, size, sizeof(a));
			tprint_struct_end(c);
		}
	} else {
		printaddr(c, addr);
	}
	tprintf(c, ", %u", size);
	return RVAL_DECODED | (cmd == BPF_CMD_PROG_LOAD ? RVAL_KIND(RK_FD) : 0);
}
