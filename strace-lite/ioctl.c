// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ioctl(2), in strace's generic form: the request by name when the name table knows it (all
 * names of a shared request, joined by " or "), otherwise spelled out as
 * _IOC(dir, type, nr, size); the argument as a hex number.  A few tty requests whose argument
 * strace decodes (an int, a struct winsize, struct termios, termios2 and termio (termios.c),
 * nothing at all) are decoded the same way here.
 */
#include <inttypes.h>
#include <string.h>
#include <asm/termbits.h>
#include <sys/ioctl.h>

#include "strace-lite/util-print.h"

void print_struct_termios(struct dctx *c, uint64_t addr);
void print_struct_termios2(struct dctx *c, uint64_t addr);
void print_struct_termio(struct dctx *c, uint64_t addr);

/* x86_64 request encoding (asm-generic/ioctl.h). */
#define IOC_NR(code) ((code) & 0xff)
#define IOC_TYPE(code) (((code) >> 8) & 0xff)
#define IOC_SIZE(code) (((code) >> 16) & 0x3fff)
#define IOC_DIR(code) (((code) >> 30) & 3)

static void print_ioc(struct dctx *c, unsigned int code)
{
	bool abbrev = print_opts_get()->xstyle != XSTYLE_VERBOSE;
	struct print_opts saved = *print_opts_get(), abbr = saved;

	tprints(c, "_IOC(");
	/* In a verbose line the whole request is already a comment: no nested comments. */
	if (!abbrev) {
		abbr.xstyle = XSTYLE_ABBREV;
		print_opts_set(&abbr);
	}
	printflags(c, xlat_ioctl_dirs, IOC_DIR(code), abbrev ? "_IOC_???" : "");
	print_opts_set(&saved);
	tprintf(c, ", %#x, %#x, %#x)", IOC_TYPE(code), IOC_NR(code), IOC_SIZE(code));
}

static void print_request(struct dctx *c, unsigned int code)
{
	if (print_opts_get()->xstyle != XSTYLE_ABBREV)
		tprintf(c, "%#x", code);
	if (print_opts_get()->xstyle == XSTYLE_RAW)
		return;
	if (print_opts_get()->xstyle == XSTYLE_VERBOSE)
		tprints(c, " /* ");
	int n = 0;
	for (const struct xlat *x = xlat_ioctl_names; x->str; x++) {
		if (x->val != code)
			continue;
		if (n++)
			tprints(c, " or ");
		tprints(c, x->str);
	}
	if (!n)
		print_ioc(c, code);
	if (print_opts_get()->xstyle == XSTYLE_VERBOSE)
		tprints(c, " */");
}

static void print_winsize(struct dctx *c, uint64_t addr)
{
	struct winsize ws;

	if (umove_or_printaddr(c, addr, &ws))
		return;
	tprintf(c, "{ws_row=%u, ws_col=%u, ws_xpixel=%u, ws_ypixel=%u}", ws.ws_row, ws.ws_col,
		ws.ws_xpixel, ws.ws_ypixel);
}

enum { DONE_ARG = 1, DONE_HEX = 2, AT_EXIT = 3 };

/*
 * The tty requests strace decodes without big tables.  Returns DONE_ARG when the argument
 * was printed, AT_EXIT when it is to be printed at exit, DONE_HEX for the hex fallback.
 */
static int term_ioctl(struct dctx *c, unsigned int code, uint64_t arg)
{
	switch (code) {
	case TCGETS:
	case TIOCGLCKTRMIOS:
		if (entering(c))
			return AT_EXIT;
		/* fall through */
	case TCSETS:
	case TCSETSW:
	case TCSETSF:
	case TIOCSLCKTRMIOS:
		tprint_arg_next(c);
		print_struct_termios(c, arg);
		return DONE_ARG;
	case TCGETS2:
		if (entering(c))
			return AT_EXIT;
		/* fall through */
	case TCSETS2:
	case TCSETSW2:
	case TCSETSF2:
		tprint_arg_next(c);
		print_struct_termios2(c, arg);
		return DONE_ARG;
	case TCGETA:
		if (entering(c))
			return AT_EXIT;
		/* fall through */
	case TCSETA:
	case TCSETAW:
	case TCSETAF:
		tprint_arg_next(c);
		print_struct_termio(c, arg);
		return DONE_ARG;
	case TIOCGWINSZ:
		if (entering(c))
			return AT_EXIT;
		/* fall through */
	case TIOCSWINSZ:
		tprint_arg_next(c);
		print_winsize(c, arg);
		return DONE_ARG;
	case TCXONC:
		tprint_arg_next(c);
		printxval(c, xlat_tcxonc_options, arg, "TC???");
		return DONE_ARG;
	case TCFLSH:
		tprint_arg_next(c);
		printxval(c, xlat_tcflsh_options, arg, "TC???");
		return DONE_ARG;
	case TCSBRK:
	case TCSBRKP:
	case TIOCSCTTY:
		tprint_arg_next(c);
		tprintf(c, "%d", (int)arg);
		return DONE_ARG;
	case TIOCGPGRP:
	case TIOCGSID:
	case TIOCGETD:
	case TIOCGSOFTCAR:
	case TIOCGPTN:
	case FIONREAD:
	case TIOCOUTQ:
	case TIOCGEXCL:
	case TIOCGDEV:
		if (entering(c))
			return AT_EXIT;
		/* fall through */
	case TIOCSPGRP:
	case TIOCSETD:
	case FIONBIO:
	case FIOASYNC:
	case TIOCPKT:
	case TIOCSSOFTCAR:
	case TIOCSPTLCK:
		tprint_arg_next(c);
		printnum_int(c, arg, "%d");
		return DONE_ARG;
	case TIOCSTI:
		tprint_arg_next(c);
		printstrn(c, arg, 1);
		return DONE_ARG;
	case TIOCSBRK:
	case TIOCCBRK:
	case TIOCCONS:
	case TIOCNOTTY:
	case TIOCEXCL:
	case TIOCNXCL:
	case FIOCLEX:
	case FIONCLEX:
	case TIOCVHANGUP:
	case TIOCSSERIAL:
		return DONE_ARG;
	default:
		return DONE_HEX;
	}
}

SYS_FUNC(ioctl)
{
	unsigned int code = (unsigned int)c->arg[1];
	uint64_t arg = c->arg[2];
	int rc = DONE_HEX;

	if (entering(c)) {
		printfd(c, (int)c->arg[0]);
		tprint_arg_next(c);
		print_request(c, code);
	}
	if (IOC_TYPE(code) == 'T')
		rc = term_ioctl(c, code, arg);
	if (code == _IOW(0x94, 9, int)) { /* FICLONE */
		/* The source descriptor, printed as strace does: a plain int. */
		tprint_arg_next(c);
		tprintf(c, "%d", (int)arg);
		return RVAL_DECODED;
	}
	if (rc == AT_EXIT)
		return 0;
	if (rc == DONE_HEX) {
		tprint_arg_next(c);
		tprintf(c, "%#" PRIx64, arg);
	}
	return RVAL_DECODED;
}
