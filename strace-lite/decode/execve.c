// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * execve and execveat: the path, the argv array and the environment (and the directory and
 * flags of execveat).
 *
 * Arrays of string pointers are walked word by word with a read each, since an argv may end at
 * the edge of a mapping.  argv is cut after -s elements (strings after -s bytes); the
 * environment is only counted ("0x7ffd... /\* 23 vars *\/") unless -v asks for all of it.
 * Everything is printed at entry: after a successful exec the old memory is gone.
 */
#include <inttypes.h>

#include "strace-lite/decode/decode.h"
#include "gen/xlat.h"

static void print_argv(struct dctx *c, uint64_t addr)
{
	uint64_t prev = 0;
	unsigned int n = 0;

	if (!addr || !syscall_verbose(c)) { /* -e verbose= without this call: the address */
		printaddr(c, addr);
		return;
	}
	for (;; prev = addr, addr += 8, n++) {
		uint64_t word;

		if (addr < prev || umoven(c, addr, sizeof(word), &word) < 0) {
			if (n == 0) {
				printaddr(c, addr);
				return;
			}
			tprintf(c, ", ... /* %#" PRIx64 " */", addr);
			break;
		}
		if (n == 0)
			tprints(c, "[");
		if (!word)
			break;
		if (n)
			tprint_arg_next(c);
		if (!dopts.verbose && n >= print_opts_get()->max_strlen) {
			tprint_more_data_follows(c);
			break;
		}
		printstr(c, word);
	}
	tprints(c, "]");
}

static void print_argc(struct dctx *c, uint64_t addr)
{
	uint64_t prev = 0;
	unsigned int n;

	printaddr(c, addr);
	if (!addr || !syscall_verbose(c))
		return;
	for (n = 0; addr > prev; prev = addr, addr += 8, n++) {
		uint64_t word;
		if (umoven(c, addr, sizeof(word), &word) < 0) {
			if (n == 0)
				return;
			addr = 0;
			break;
		}
		if (!word)
			break;
	}
	tprintf(c, " /* %u var%s%s */", n, n == 1 ? "" : "s",
		addr < prev ? ", unterminated" : "");
}

SYS_FUNC(execve)
{
	printpath(c, c->arg[0]);
	tprint_arg_next(c);
	print_argv(c, c->arg[1]);
	tprint_arg_next(c);
	if (dopts.verbose)
		print_argv(c, c->arg[2]);
	else
		print_argc(c, c->arg[2]);
	return RVAL_DECODED;
}

SYS_FUNC(execveat)
{
	print_dirfd(c, (int)c->arg[0]);
	tprint_arg_next(c);
	printpath(c, c->arg[1]);
	tprint_arg_next(c);
	print_argv(c, c->arg[2]);
	tprint_arg_next(c);
	if (dopts.verbose)
		print_argv(c, c->arg[3]);
	else
		print_argc(c, c->arg[3]);
	tprint_arg_next(c);
	printflags(c, xlat_execveat_flags, (unsigned int)c->arg[4], "AT_???");
	return RVAL_DECODED;
}
