// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * struct termios as strace prints it for TCGETS/TCSETS* (and termios2, termio for their
 * requests): the four flag words symbolically
 * (the delay fields of c_oflag and the baud and size fields of c_cflag as values, the rest as
 * flags), then, with -v, the line discipline and the c_cc array indexed by name.  The struct
 * is the kernel's (asm/termbits.h), not the C library's.
 */
#include <asm/termbits.h>
#include <inttypes.h>

#include "strace-lite/decode/decode.h"
#include "gen/xlat.h"

/*
 * Flags with no default name.  Like strace 6.1 (printflags64 with a NULL default), a zero
 * word prints as nothing at all: "c_iflag=, ", "CS8|".
 */
static void print_flag_word(struct dctx *c, const struct xlat *x, uint64_t val)
{
	printflags(c, x, val, NULL);
}

static void print_oflag(struct dctx *c, uint64_t val)
{
	static const struct {
		const struct xlat *x;
		uint64_t mask;
		const char *dflt;
	} fields[] = {
		{ xlat_term_oflags_nldly, NLDLY, "NL?" },
		{ xlat_term_oflags_crdly, CRDLY, "CR?" },
		{ xlat_term_oflags_tabdly, TABDLY, "TAB?" },
		{ xlat_term_oflags_bsdly, BSDLY, "BS?" },
		{ xlat_term_oflags_vtdly, VTDLY, "VT?" },
		{ xlat_term_oflags_ffdly, FFDLY, "FF?" },
	};

	for (unsigned int i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
		printxval(c, fields[i].x, val & fields[i].mask, fields[i].dflt);
		tprints(c, "|");
		val &= ~fields[i].mask;
	}
	print_flag_word(c, xlat_term_oflags, val);
}

static void print_cflag(struct dctx *c, uint64_t val)
{
	printxval(c, xlat_baud_options, val & CBAUD, "B???");
	tprints(c, "|");
	if (val & CIBAUD) {
		printxval(c, xlat_baud_options, (val & CIBAUD) >> IBSHIFT, "B???");
		tprints(c, "<<");
		if (print_opts_get()->xstyle == XSTYLE_ABBREV)
			tprints(c, "IBSHIFT");
		else if (print_opts_get()->xstyle == XSTYLE_RAW)
			tprintf(c, "%#x", IBSHIFT);
		else
			tprintf(c, "%#x /* IBSHIFT */", IBSHIFT);
		tprints(c, "|");
	}
	printxval(c, xlat_term_cflags_csize, val & CSIZE, "CS?");
	tprints(c, "|");
	print_flag_word(c, xlat_term_cflags, val & ~(uint64_t)(CBAUD | CIBAUD | CSIZE));
}

/* The fields every termios flavour shares; SPEEDS (termios2) adds c_ispeed and c_ospeed. */
static void print_term(struct dctx *c, uint64_t iflag, uint64_t oflag, uint64_t cflag,
		       uint64_t lflag, unsigned int line, const unsigned char *cc, unsigned int ncc,
		       const unsigned int *speeds)
{
	tprints(c, "{c_iflag=");
	print_flag_word(c, xlat_term_iflags, iflag);
	tprints(c, ", c_oflag=");
	print_oflag(c, oflag);
	tprints(c, ", c_cflag=");
	print_cflag(c, cflag);
	tprints(c, ", c_lflag=");
	print_flag_word(c, xlat_term_lflags, lflag);
	if (!dopts.verbose) {
		tprints(c, ", ...}");
		return;
	}
	tprints(c, ", c_line=");
	printxval(c, xlat_term_line_discs, line, "N_???");
	tprints(c, ", c_cc=[");
	for (unsigned int i = 0; i < ncc; i++) {
		/* x86_64 has no _V* names of its own for struct termio: the termios ones serve */
		const char *name = xlat_lookup(xlat_termios_cc, i);
		if (i)
			tprints(c, ", ");
		if (name)
			tprintf(c, "[%s]=", name);
		else
			tprintf(c, "[%u]=", i);
		tprintf(c, cc[i] ? "%#x" : "0", cc[i]);
	}
	tprints(c, "]");
	if (speeds)
		tprintf(c, ", c_ispeed=%u, c_ospeed=%u", speeds[0], speeds[1]);
	tprints(c, "}");
}

void print_struct_termios(struct dctx *c, uint64_t addr)
{
	struct termios t;

	if (!umove_or_printaddr(c, addr, &t))
		print_term(c, t.c_iflag, t.c_oflag, t.c_cflag, t.c_lflag, t.c_line, t.c_cc, NCCS,
			   NULL);
}

void print_struct_termios2(struct dctx *c, uint64_t addr)
{
	struct termios2 t;

	if (!umove_or_printaddr(c, addr, &t)) {
		unsigned int speeds[2] = { t.c_ispeed, t.c_ospeed };
		print_term(c, t.c_iflag, t.c_oflag, t.c_cflag, t.c_lflag, t.c_line, t.c_cc,
			   sizeof(t.c_cc), speeds);
	}
}

/* struct termio (TCGETA/TCSETA*): 16-bit flag words, NCC control characters. */
void print_struct_termio(struct dctx *c, uint64_t addr)
{
	struct {
		unsigned short c_iflag, c_oflag, c_cflag, c_lflag;
		unsigned char c_line;
		unsigned char c_cc[8];
	} t;

	if (!umove_or_printaddr(c, addr, &t))
		print_term(c, t.c_iflag, t.c_oflag, t.c_cflag, t.c_lflag, t.c_line, t.c_cc,
			   sizeof(t.c_cc), NULL);
}
