// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ioctl(2), type 'T': the tty requests strace decodes without big tables: an int, a struct
 * winsize, struct termios, termios2 and termio (termios.c), or nothing at all.
 */
#include <asm/termbits.h>
#include <sys/ioctl.h>

#include "strace-lite/decode/ioctl/ioctl-int.h"

void print_struct_termios(struct dctx *c, uint64_t addr);
void print_struct_termios2(struct dctx *c, uint64_t addr);
void print_struct_termio(struct dctx *c, uint64_t addr);

static void print_winsize(struct dctx *c, uint64_t addr)
{
	struct winsize ws;

	if (umove_or_printaddr(c, addr, &ws))
		return;
	tprintf(c, "{ws_row=%u, ws_col=%u, ws_xpixel=%u, ws_ypixel=%u}", ws.ws_row, ws.ws_col,
		ws.ws_xpixel, ws.ws_ypixel);
}

IOCTL_FAMILY(term)
{
	unsigned int flags;

	switch (code) {
	case TCGETS:
	case TIOCGLCKTRMIOS:
		if (entering(c))
			return 0;
		/* fall through */
	case TCSETS:
	case TCSETSW:
	case TCSETSF:
	case TIOCSLCKTRMIOS:
		return ARG_DECODED(c, print_struct_termios(c, arg));
	case TCGETS2:
		if (entering(c))
			return 0;
		/* fall through */
	case TCSETS2:
	case TCSETSW2:
	case TCSETSF2:
		return ARG_DECODED(c, print_struct_termios2(c, arg));
	case TCGETA:
		if (entering(c))
			return 0;
		/* fall through */
	case TCSETA:
	case TCSETAW:
	case TCSETAF:
		return ARG_DECODED(c, print_struct_termio(c, arg));
	case TIOCGWINSZ:
		if (entering(c))
			return 0;
		/* fall through */
	case TIOCSWINSZ:
		return ARG_DECODED(c, print_winsize(c, arg));
	case TIOCMGET:
		if (entering(c))
			return 0;
		/* fall through */
	case TIOCMBIS:
	case TIOCMBIC:
	case TIOCMSET:
		tprint_arg_next(c);
		if (!umove_or_printaddr(c, arg, &flags)) {
			tprints(c, "[");
			printflags(c, xlat_modem_flags, flags, "TIOCM_???");
			tprints(c, "]");
		}
		return IOCTL_DECODED;
	case TCXONC:
		return ARG_DECODED(c, printxval(c, xlat_tcxonc_options, arg, "TC???"));
	case TCFLSH:
		return ARG_DECODED(c, printxval(c, xlat_tcflsh_options, arg, "TC???"));
	case TCSBRK:
	case TCSBRKP:
	case TIOCSCTTY:
		return ARG_DECODED(c, tprintf(c, "%d", (int)arg));
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
			return 0;
		/* fall through */
	case TIOCSPGRP:
	case TIOCSETD:
	case FIONBIO:
	case FIOASYNC:
	case TIOCPKT:
	case TIOCSSOFTCAR:
	case TIOCSPTLCK:
		return ARG_DECODED(c, printnum_int(c, arg, "%d"));
	case TIOCSTI:
		return ARG_DECODED(c, printstrn(c, arg, 1));
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
		return IOCTL_DECODED;
	default:
		return RVAL_DECODED;
	}
}

