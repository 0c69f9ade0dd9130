// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ioctl(2), type 'K': the virtual console's keyboard, display and font requests
 * (<linux/kd.h>: KIOCSOUND, KDGKBENT, GIO_FONT, KDFONTOP ...), as strace prints them.  What
 * the kernel reads prints at entry, what it writes at exit (after " => " where the caller's
 * value was shown already).  Keyboard map entries get a comment naming the key (K_F1) or
 * spelling it as K(type, value).
 */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <linux/kd.h>
#include <linux/keyboard.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/ioctl/ioctl-int.h"

enum { PIT_TICK_RATE = 1193182, E_TABSZ_ = 256, MAX_DIACR_ = 256, UNI_DIRECT_BASE_ = 0xf000,
       UNI_DIRECT_MASK_ = 0x1ff };

static bool raw_style(void)
{
	return print_opts_get()->xstyle == XSTYLE_RAW;
}

static int kiocsound(struct dctx *c, uint64_t arg)
{
	unsigned int freq = arg ? (unsigned int)(PIT_TICK_RATE / arg) : 0;
	char buf[32];

	tprintf(c, ", %llu", (unsigned long long)arg);
	if (raw_style())
		return IOCTL_DECODED;
	if (freq)
		snprintf(buf, sizeof(buf), "%u Hz", freq);
	return DECODED(print_comment(c->sb, freq ? buf : "off"));
}

static int mk_tone(struct dctx *c, unsigned int arg)
{
	unsigned int ticks = arg >> 16, count = arg & 0xffff;
	unsigned int freq = ticks && count ? PIT_TICK_RATE / count : 0;
	char buf[48];

	tprint_arg_next(c);
	if (ticks)
		tprintf(c, "%u<<16|", ticks);
	tprintf(c, "%u", count);
	if (raw_style())
		return IOCTL_DECODED;
	if (freq)
		snprintf(buf, sizeof(buf), "%u Hz, %u ms", freq, ticks);
	return DECODED(print_comment(c->sb, freq ? buf : "off"));
}

/* A byte or int the kernel returns at ARG as "[NAME]", or one passed by value (SET). */
static int by_value_or_ref(struct dctx *c, uint64_t arg, bool get, size_t size,
			   const struct xlat *x, const char *dflt, bool flags)
{
	uint32_t v = 0;

	if (ioctl_arg_at_exit(c, get))
		return 0;
	if (get) {
		if (umoven_or_printaddr(c, arg, size, &v))
			return IOCTL_DECODED;
		if (size == 1)
			v &= 0xff;
		tprints(c, "[");
	} else {
		v = size == 1 ? (uint8_t)arg : (uint32_t)arg;
	}
	if (flags)
		printflags(c, x, v, dflt);
	else
		printxval(c, x, v, dflt);
	if (get)
		tprints(c, "]");
	return IOCTL_DECODED;
}

static int kd_io(struct dctx *c, uint64_t arg)
{
	enum { GPFIRST = 0x3b4, GPLAST = 0x3df };
	char buf[48];

	tprint_arg_next(c);
	ioctl_print_x(c, arg);
	if (arg >= GPFIRST && arg <= GPLAST && !raw_style()) {
		snprintf(buf, sizeof(buf), "GPFIRST + %llu", (unsigned long long)(arg - GPFIRST));
		print_comment(c->sb, buf);
	}
	return IOCTL_DECODED;
}

/* A keyboard mode: its name, or a signed number. */
static void print_kbd_mode(struct dctx *c, int v)
{
	const char *name = xlat_lookup(xlat_kd_kbd_modes, (unsigned int)v);
	enum xlat_style st = print_opts_get()->xstyle;

	if (name && st == XSTYLE_ABBREV) {
		tprints(c, name);
		return;
	}
	tprintf(c, "%d", v);
	if (st != XSTYLE_RAW)
		print_comment(c->sb, name ? name : "K_???");
}

static int get_mode(struct dctx *c, uint64_t arg, const struct xlat *x, const char *dflt,
		    bool decimal)
{
	unsigned int v;

	if (ioctl_arg_at_exit(c, true))
		return 0;
	if (umove_or_printaddr(c, arg, &v))
		return IOCTL_DECODED;
	tprints(c, "[");
	if (decimal)
		print_kbd_mode(c, (int)v);
	else
		printxval(c, x, v, dflt);
	return DECODED(tprints(c, "]"));
}

/* A buffer of LEN bytes at ARG in hex: written by the kernel when GET, else read. */
static int hex_buffer(struct dctx *c, uint64_t arg, bool get, uint64_t len)
{
	if (ioctl_arg_at_exit(c, get))
		return 0;
	if (!entering(c) && syserror(c))
		printaddr(c, arg);
	else
		printstr_ex(c, arg, len, QUOTE_FORCE_HEX);
	return IOCTL_DECODED;
}

static bool print_scrmap_elem(struct dctx *c, void *elem, size_t size UNUSED, void *data UNUSED)
{
	unsigned int v = *(uint16_t *)elem;
	bool direct = (v & ~UNI_DIRECT_MASK_) == UNI_DIRECT_BASE_;
	enum xlat_style st = print_opts_get()->xstyle;
	char buf[48];

	if (st != XSTYLE_ABBREV || !direct)
		ioctl_print_x(c, v);
	if (st == XSTYLE_RAW || !direct)
		return true;
	snprintf(buf, sizeof(buf), "UNI_DIRECT_BASE+%#x", v & UNI_DIRECT_MASK_);
	if (st == XSTYLE_VERBOSE)
		print_comment(c->sb, buf);
	else
		tprints(c, buf);
	return true;
}

static int uni_screen_map(struct dctx *c, uint64_t arg, bool get)
{
	uint16_t elem;

	if (ioctl_arg_at_exit(c, get))
		return 0;
	print_array(c, arg, E_TABSZ_, &elem, sizeof(elem), 0, print_scrmap_elem, NULL);
	return IOCTL_DECODED;
}

/* One character as strace's print_char with quotes and \t-style escapes. */
static void print_kchar(struct dctx *c, unsigned char ch)
{
	static const char ws[] = "tnvfr";

	if (ch >= ' ' && ch < 0x7f)
		tprintf(c, ch == '\'' || ch == '\\' ? "'\\%c'" : "'%c'", ch);
	else if (ch >= '\t' && ch <= '\r')
		tprintf(c, "'\\%c'", ws[ch - '\t']);
	else
		tprintf(c, "'\\x%02x'", ch);
}

/* The comment after a keymap entry's value: the key's name or K(type, value). */
static void print_kb_value_comment(struct dctx *c, unsigned int v)
{
	static const struct xlat *const tables[KT_BRL + 1] = {
		[KT_FN] = xlat_kd_key_fn_keys,       [KT_SPEC] = xlat_kd_key_spec_keys,
		[KT_PAD] = xlat_kd_key_pad_keys,     [KT_DEAD] = xlat_kd_key_dead_keys,
		[KT_CUR] = xlat_kd_key_cur_keys,     [KT_SHIFT] = xlat_kd_key_shift_keys,
		[KT_ASCII] = xlat_kd_key_ascii_keys, [KT_LOCK] = xlat_kd_key_lock_keys,
		[KT_SLOCK] = xlat_kd_key_slock_keys, [KT_BRL] = xlat_kd_key_brl_keys,
	};
	unsigned int ktyp = KTYP(v), kval = KVAL(v);
	const char *str = NULL, *tname;

	if (ktyp < sizeof(tables) / sizeof(tables[0]) && tables[ktyp])
		str = xlat_lookup(tables[ktyp], v);
	if (str) {
		print_comment(c->sb, str);
		return;
	}
	tprints(c, " /* K(");
	tname = xlat_lookup(xlat_kd_key_types, ktyp);
	if (tname)
		tprints(c, tname);
	else
		tprintf(c, "%#x", ktyp);
	tprint_arg_next(c);
	switch (ktyp) {
	case KT_LATIN:
	case KT_META:
	case KT_LETTER:
	case KT_DEAD2:
		print_kchar(c, kval);
		break;
	default:
		ioctl_print_x(c, kval);
	}
	tprints(c, ") */");
}

static int kbd_entry(struct dctx *c, uint64_t arg, bool get)
{
	struct kbentry e;
	const char *name;

	if (entering(c)) {
		tprint_arg_next(c);
		if (umoven(c, arg, offsetof(struct kbentry, kb_index) + 1, &e))
			return DECODED(printaddr(c, arg));
		tprint_struct_begin(c);
		name = xlat_lookup(xlat_kd_key_tables, e.kb_table);
		if (name) {
			tprint_field(c, "kb_table");
			print_xlat_named(c->sb, e.kb_table, name);
		} else {
			FLD_FLAGS(c, e, kb_table, xlat_kd_keymap_flags, "K_???");
		}
		NEXT_U(c, e, kb_index);
		if (get)
			return 0;
	} else if (syserror(c)) {
		return ioctl_struct_done(c);
	}
	tprint_struct_next(c);
	if (umove(c, arg + offsetof(struct kbentry, kb_value), &e.kb_value))
		return DECODED(tprints(c, "kb_value=???}"));
	FLD_X(c, e, kb_value);
	if (!raw_style())
		print_kb_value_comment(c, e.kb_value);
	return ioctl_struct_done(c);
}

static int kbd_str_entry(struct dctx *c, uint64_t arg, bool get)
{
	struct kbsentry e;

	if (entering(c)) {
		tprint_arg_next(c);
		if (umove_or_printaddr(c, arg, &e.kb_func))
			return IOCTL_DECODED;
		tprint_struct_begin(c);
		FLD_XVAL(c, e, kb_func, xlat_kd_key_fn_key_vals, "KVAL(K_?\?\?)");
		if (get)
			return 0;
	} else if (syserror(c)) {
		return ioctl_struct_done(c);
	}
	tprint_next_field(c, "kb_string");
	printstr_ex(c, arg + offsetof(struct kbsentry, kb_string), sizeof(e.kb_string),
		    QUOTE_0_TERMINATED);
	return ioctl_struct_done(c);
}

static bool print_diacr_elem(struct dctx *c, void *elem, size_t size UNUSED, void *data UNUSED)
{
	const struct kbdiacr *d = elem;

	tprints(c, "{diacr=");
	print_kchar(c, d->diacr);
	tprints(c, ", base=");
	print_kchar(c, d->base);
	tprints(c, ", result=");
	print_kchar(c, d->result);
	tprint_struct_end(c);
	return true;
}

static bool print_diacruc_elem(struct dctx *c, void *elem, size_t size UNUSED, void *data UNUSED)
{
	const struct kbdiacruc *d = elem;

	tprint_struct_begin(c);
	FLD_X(c, *d, diacr);
	NEXT_X(c, *d, base);
	NEXT_X(c, *d, result);
	tprint_struct_end(c);
	return true;
}

/* KDGKBDIACR{,UC}, KDSKBDIACR{,UC}: a count and that many entries. */
static int diacr(struct dctx *c, uint64_t arg, bool get, bool uc)
{
	unsigned int cnt;
	struct kbdiacruc elem;

	if (ioctl_arg_at_exit(c, get))
		return 0;
	if (umove_or_printaddr(c, arg, &cnt))
		return IOCTL_DECODED;
	tprintf(c, "{kb_cnt=%u, %s=", cnt, uc ? "kbdiacruc" : "kbdiacr");
	print_array(c, arg + 4, cnt < MAX_DIACR_ ? cnt : MAX_DIACR_, &elem,
		    uc ? sizeof(struct kbdiacruc) : sizeof(struct kbdiacr),
		    cnt > MAX_DIACR_ ? PA_TRUNCATED : 0,
		    uc ? print_diacruc_elem : print_diacr_elem, NULL);
	return ioctl_struct_done(c);
}

static int keycode(struct dctx *c, uint64_t arg, bool get)
{
	struct kbkeycode k;

	if (entering(c)) {
		if (!ioctl_struct_begin(c, arg, &k))
			return IOCTL_DECODED;
		FLD_X(c, k, scancode);
		NEXT_X(c, k, keycode);
		c->priv[0] = k.keycode;
		if (get)
			return 0;
		return ioctl_struct_done(c);
	}
	/* " => KEYCODE" only when the call changed it */
	if (!syserror(c) && !umove(c, arg + offsetof(struct kbkeycode, keycode), &k.keycode) &&
	    k.keycode != c->priv[0]) {
		tprints(c, " => ");
		ioctl_print_x(c, k.keycode);
	}
	return ioctl_struct_done(c);
}

static int kbdrep(struct dctx *c, uint64_t arg)
{
	struct kbd_repeat r;

	if (entering(c)) {
		tprint_arg_next(c);
		if (umove_or_printaddr(c, arg, &r))
			return IOCTL_DECODED;
	} else {
		if (syserror(c) || umove(c, arg, &r))
			return IOCTL_DECODED;
		tprints(c, " => ");
	}
	tprintf(c, "{delay=%d, period=%d}", r.delay, r.period);
	return entering(c) ? 0 : IOCTL_DECODED;
}

static int unimapclr(struct dctx *c, uint64_t arg)
{
	struct unimapinit u;

	tprint_arg_next(c);
	if (!umove_or_printaddr(c, arg, &u))
		tprintf(c, "{advised_hashsize=%u, advised_hashstep=%u, advised_hashlevel=%u}",
			u.advised_hashsize, u.advised_hashstep, u.advised_hashlevel);
	return IOCTL_DECODED;
}

static int kd_simple(struct dctx *c, unsigned int code, uint64_t arg)
{
	switch (code) {
	case KIOCSOUND:
		return kiocsound(c, arg);
	case KDMKTONE:
		return mk_tone(c, (unsigned int)arg);
	case KDGETLED:
	case KDSETLED:
		return by_value_or_ref(c, arg, code == KDGETLED, 1, xlat_kd_led_flags, "LED_???",
				       true);
	case KDGKBLED:
	case KDSKBLED:
		return by_value_or_ref(c, arg, code == KDGKBLED, 1, xlat_kd_default_led_flags,
				       "LED_???", true);
	case KDGKBTYPE:
		return by_value_or_ref(c, arg, true, 1, xlat_kd_kbd_types, "KB_???", false);
	case KDADDIO:
	case KDDELIO:
		return kd_io(c, arg);
	case KDSETMODE:
		return ARG_DECODED(c, printxval(c, xlat_kd_modes, (unsigned int)arg, "KD_???"));
	case KDGETMODE:
		return get_mode(c, arg, xlat_kd_modes, "KD_???", false);
	case KDGKBMODE:
		return get_mode(c, arg, xlat_kd_kbd_modes, "K_???", true);
	case KDSKBMODE:
		return ARG_DECODED(c, print_kbd_mode(c, (int)arg));
	case KDGKBMETA:
	case KDSKBMETA:
		return by_value_or_ref(c, arg, code == KDGKBMETA, 4, xlat_kd_meta_vals, "K_???",
				       false);
	case KDSIGACCEPT:
		tprint_arg_next(c);
		if (arg < INT_MAX)
			print_signame(c, (int)arg);
		else
			tprintf(c, "%llu", (unsigned long long)arg);
		return IOCTL_DECODED;
	case KDENABIO:
	case KDDISABIO:
	case KDMAPDISP:
	case KDUNMAPDISP:
	case PIO_FONTRESET:
		return IOCTL_DECODED;
	default:
		return -1;
	}
}

static int kd_font_ioctl(struct dctx *c, unsigned int code, uint64_t arg);

IOCTL_FAMILY(kd)
{
	int rc = kd_simple(c, code, arg);

	if (rc >= 0)
		return rc;
	switch (code) {
	case GIO_SCRNMAP:
	case PIO_SCRNMAP:
		return hex_buffer(c, arg, code == GIO_SCRNMAP, E_TABSZ_);
	case GIO_UNISCRNMAP:
	case PIO_UNISCRNMAP:
		return uni_screen_map(c, arg, code == GIO_UNISCRNMAP);
	case KDGKBENT:
	case KDSKBENT:
		return kbd_entry(c, arg, code == KDGKBENT);
	case KDGKBSENT:
	case KDSKBSENT:
		return kbd_str_entry(c, arg, code == KDGKBSENT);
	case KDGKBDIACR:
	case KDSKBDIACR:
		return diacr(c, arg, code == KDGKBDIACR, false);
	case KDGKBDIACRUC:
	case KDSKBDIACRUC:
		return diacr(c, arg, code == KDGKBDIACRUC, true);
	case KDGETKEYCODE:
	case KDSETKEYCODE:
		return keycode(c, arg, code == KDGETKEYCODE);
	case KDKBDREP:
		return kbdrep(c, arg);
	case GIO_FONT:
	case PIO_FONT:
		/* As KDFONTOP with width 8, height 32 and 256 characters. */
		return hex_buffer(c, arg, code == GIO_FONT, 8192);
	case PIO_UNIMAPCLR:
		return unimapclr(c, arg);
	case GIO_CMAP:
	case PIO_CMAP:
		return hex_buffer(c, arg, code == GIO_CMAP, 3 * 16);
	default:
		return kd_font_ioctl(c, code, arg);
	}
}

static bool print_unipair(struct dctx *c, void *elem, size_t size UNUSED, void *data UNUSED)
{
	const struct unipair *u = elem;

	tprint_struct_begin(c);
	FLD_X(c, *u, unicode);
	NEXT_X(c, *u, fontpos);
	tprint_struct_end(c);
	return true;
}

static int unimap(struct dctx *c, uint64_t arg, bool get)
{
	struct unimapdesc d;
	struct unipair elem;

	if (entering(c))
		tprint_arg_next(c);
	if (umoven_or_printaddr_ignore_syserror(c, arg, sizeof(d), &d)) {
		if (!entering(c))
			tprint_struct_end(c);
		return IOCTL_DECODED;
	}
	if (entering(c)) {
		c->priv[0] = d.entry_ct;
		tprint_struct_begin(c);
		FLD_U(c, d, entry_ct);
		if (get)
			return 0;
	} else if (d.entry_ct != (uint16_t)c->priv[0]) {
		tprintf(c, " => %u", d.entry_ct);
	}
	if (!entering(c) && syserror(c) && c->err != ENOMEM) {
		tprint_next_field(c, "entries");
		printaddr(c, (uintptr_t)d.entries);
		return ioctl_struct_done(c);
	}
	tprint_next_field(c, "entries");
	print_array(c, (uintptr_t)d.entries, entering(c) ? d.entry_ct : (uint16_t)c->priv[0],
		    &elem, sizeof(elem), 0, print_unipair, NULL);
	return ioctl_struct_done(c);
}

static int fontx(struct dctx *c, uint64_t arg, bool get)
{
	struct consolefontdesc d;

	if (entering(c)) {
		tprint_arg_next(c);
		if (umove_or_printaddr(c, arg, &d))
			return IOCTL_DECODED;
	} else {
		if (syserror(c) || umove(c, arg, &d))
			return IOCTL_DECODED;
		tprints(c, " => ");
	}
	tprintf(c, "{charcount=%u, charheight=%u, chardata=", d.charcount, d.charheight);
	if (get && entering(c))
		printaddr(c, (uintptr_t)d.chardata);
	else
		printstr_ex(c, (uintptr_t)d.chardata,
			    (d.charcount < 512 ? d.charcount : 512) * 32, QUOTE_FORCE_HEX);
	tprint_struct_end(c);
	return get && entering(c) ? 0 : IOCTL_DECODED;
}

static void print_font_op(struct dctx *c, const struct console_font_op *f)
{
	bool no_flags = f->op == KD_FONT_OP_SET_DEFAULT || f->op == KD_FONT_OP_COPY;

	tprint_struct_begin(c);
	if (entering(c)) {
		FLD_XVAL(c, *f, op, xlat_kd_font_ops, "KD_FONT_OP_???");
		if (!no_flags)
			NEXT_FLAGS(c, *f, flags, xlat_kd_font_flags, "KD_FONT_FLAG_???");
		tprint_struct_next(c);
	}
	if (f->op != KD_FONT_OP_COPY) {
		FLD_U(c, *f, width);
		tprint_struct_next(c);
	}
	FLD_U(c, *f, height);
	if (!no_flags)
		NEXT_U(c, *f, charcount);
	switch (f->op) {
	case KD_FONT_OP_GET:
		if (entering(c)) {
			tprint_next_field(c, "data");
			printaddr(c, (uintptr_t)f->data);
			break;
		}
		/* fall through */
	case KD_FONT_OP_SET: {
		uint64_t w = f->width < 32 ? f->width : 32;
		uint64_t n = f->charcount < 512 ? f->charcount : 512;

		tprint_next_field(c, "data");
		printstr_ex(c, (uintptr_t)f->data, (w + 7) / 8 * 32 * n, QUOTE_FORCE_HEX);
		break;
	}
	case KD_FONT_OP_SET_DEFAULT:
		if (entering(c)) {
			tprint_next_field(c, "data");
			printstr_ex(c, (uintptr_t)f->data, 32,
				    QUOTE_0_TERMINATED | QUOTE_EXPECT_TRAILING_0);
		}
		break;
	case KD_FONT_OP_COPY:
		break;
	default:
		tprint_next_field(c, "data");
		printaddr(c, (uintptr_t)f->data);
	}
	tprint_struct_end(c);
}

static int font_op(struct dctx *c, uint64_t arg)
{
	struct console_font_op f;

	if (entering(c)) {
		tprint_arg_next(c);
		if (umove_or_printaddr(c, arg, &f))
			return IOCTL_DECODED;
	} else {
		if (syserror(c) || umove(c, arg, &f))
			return IOCTL_DECODED;
		tprints(c, " => ");
	}
	print_font_op(c, &f);
	if (f.op == KD_FONT_OP_SET || f.op == KD_FONT_OP_COPY)
		return IOCTL_DECODED;
	return entering(c) ? 0 : IOCTL_DECODED;
}

/* GIO_UNIMAP, PIO_UNIMAP, GIO_FONTX, PIO_FONTX, KDFONTOP: structures that point further. */
static int kd_font_ioctl(struct dctx *c, unsigned int code, uint64_t arg)
{
	switch (code) {
	case GIO_UNIMAP:
	case PIO_UNIMAP:
		return unimap(c, arg, code == GIO_UNIMAP);
	case GIO_FONTX:
	case PIO_FONTX:
		return fontx(c, arg, code == GIO_FONTX);
	case KDFONTOP:
		return font_op(c, arg);
	default:
		return RVAL_DECODED;
	}
}
