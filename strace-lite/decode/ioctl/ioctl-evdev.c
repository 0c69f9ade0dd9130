// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ioctl(2), type 'E': input event devices (EVIOC*).  Read requests print at exit: ids,
 * key codes, axis info, strings, and bit sets as the names of the bits set (the first four
 * unless -v), with the raw words too under -Xraw/-Xverbose; write requests print at entry,
 * force-feedback effects included.
 */
#include <stddef.h>
#include <string.h>
#include <linux/input.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/ioctl/ioctl-int.h"

static int decode_abs(struct dctx *c, unsigned int code, uint64_t arg)
{
	const size_t orig_sz = offsetof(struct input_absinfo, flat) + sizeof(int32_t);
	const size_t res_sz = sizeof(struct input_absinfo);
	struct input_absinfo a;
	size_t sz = IOC_SIZE(code);

	if (sz < orig_sz)
		return DECODED(printaddr(c, arg));
	if (umoven_or_printaddr(c, arg, sz < sizeof(a) ? sz : sizeof(a), &a))
		return IOCTL_DECODED;
	tprint_struct_begin(c);
	FLD_U(c, a, value);
	NEXT_U(c, a, minimum);
	tprint_struct_next(c);
	if (dopts.verbose) {
		FLD_U(c, a, maximum);
		NEXT_U(c, a, fuzz);
		NEXT_U(c, a, flat);
		if (sz > orig_sz) {
			if (sz >= res_sz)
				NEXT_U(c, a, resolution);
			if (sz != res_sz) {
				tprint_struct_next(c);
				tprint_more_data_follows(c);
			}
		}
	} else {
		tprint_more_data_follows(c);
	}
	return ioctl_struct_done(c);
}

static int decode_keycode(struct dctx *c, uint64_t arg)
{
	unsigned int k[2];

	if (umove_or_printaddr(c, arg, &k))
		return IOCTL_DECODED;
	tprintf(c, "[%u, ", k[0]);
	printxval(c, xlat_evdev_keycode, k[1], "KEY_???");
	return DECODED(tprints(c, "]"));
}

static int decode_keycode_v2(struct dctx *c, uint64_t arg)
{
	struct input_keymap_entry e;

	if (umove_or_printaddr(c, arg, &e))
		return IOCTL_DECODED;
	tprint_struct_begin(c);
	FLD_U(c, e, flags);
	NEXT_U(c, e, len);
	tprint_struct_next(c);
	if (!dopts.verbose) {
		tprint_more_data_follows(c);
		return ioctl_struct_done(c);
	}
	FLD_U(c, e, index);
	NEXT_XVAL(c, e, keycode, xlat_evdev_keycode, "KEY_???");
	tprint_next_field(c, "scancode");
	tprint_array_begin(c);
	for (size_t i = 0; i < sizeof(e.scancode); i++) {
		if (i)
			tprint_array_next(c);
		tprintf(c, "%#x", e.scancode[i]);
	}
	tprint_array_end(c);
	return ioctl_struct_done(c);
}

static int decode_getid(struct dctx *c, uint64_t arg)
{
	struct input_id id;

	if (umove_or_printaddr(c, arg, &id))
		return IOCTL_DECODED;
	tprint_struct_begin(c);
	FLD_U(c, id, bustype);
	NEXT_U(c, id, vendor);
	NEXT_U(c, id, product);
	NEXT_U(c, id, version);
	return ioctl_struct_done(c);
}

static int next_bit(const unsigned char *b, int from, unsigned int nbits)
{
	for (unsigned int i = (unsigned int)from; i < nbits; i++)
		if (b[i / 8] & (1u << (i % 8)))
			return (int)i;
	return -1;
}

/*
 * A bit set the kernel filled (the result is its length in bytes, at most MAX_NR bits):
 * "[NAME NAME ...]", then the words "[0x.., ..]" (-Xraw), or as a comment (-Xverbose).
 */
static int decode_bitset(struct dctx *c, uint64_t arg, const struct xlat *x, unsigned int max_nr,
			 const char *dflt)
{
	unsigned int nbits = (uint64_t)c->rval > max_nr / 8 ? max_nr : (unsigned int)c->rval * 8;
	unsigned int size = (nbits + 7) / 8;

	size = (size + 7) / 8 * 8;
	if (syserror(c) || !size)
		return DECODED(printaddr(c, arg));
	unsigned char bits[size];

	if (umoven_or_printaddr(c, arg, size, bits))
		return IOCTL_DECODED;
	if (print_opts_get()->xstyle != XSTYLE_RAW) {
		int shown = 0, i = next_bit(bits, 0, nbits);

		tprints(c, "[");
		if (i >= 0) {
			printxval(c, x, (unsigned int)i, dflt);
			/* A bit set: names apart by spaces, as strace's sigsets. */
			while ((i = next_bit(bits, i + 1, nbits)) > 0) {
				tprints(c, " ");
				if (!dopts.verbose && shown >= 3) {
					tprint_more_data_follows(c);
					break;
				}
				printxval(c, x, (unsigned int)i, dflt);
				shown++;
			}
		}
		tprints(c, "]");
	}
	if (print_opts_get()->xstyle == XSTYLE_VERBOSE)
		tprints(c, " /* ");
	if (print_opts_get()->xstyle != XSTYLE_ABBREV) {
		tprint_array_begin(c);
		for (unsigned int w = 0; w < size / 8; w++) {
			uint64_t v;

			memcpy(&v, bits + w * 8, sizeof(v));
			if (w)
				tprint_array_next(c);
			ioctl_print_x(c, v);
		}
		tprint_array_end(c);
	}
	if (print_opts_get()->xstyle == XSTYLE_VERBOSE)
		tprints(c, " */");
	return IOCTL_DECODED;
}

static bool print_int_elem(struct dctx *c, void *elem, size_t size UNUSED, void *data UNUSED)
{
	tprintf(c, "%d", *(int *)elem);
	return true;
}

static int decode_mtslots(struct dctx *c, unsigned int code, uint64_t arg)
{
	size_t n = IOC_SIZE(code) / sizeof(int);
	unsigned int slot_code;
	int val;

	if (!n)
		return DECODED(printaddr(c, arg));
	if (umove_or_printaddr(c, arg, &slot_code))
		return IOCTL_DECODED;
	tprint_struct_begin(c);
	tprint_field(c, "code");
	printxval(c, xlat_evdev_mtslots, slot_code, "ABS_MT_???");
	tprint_next_field(c, "values");
	print_array(c, arg + sizeof(val), n - 1, &val, sizeof(val), 0, print_int_elem, NULL);
	return ioctl_struct_done(c);
}

/* "[delay, period]" */
static int decode_repeat(struct dctx *c, uint64_t arg)
{
	unsigned int r[2];

	if (!umove_or_printaddr(c, arg, &r))
		tprintf(c, "[%u, %u]", r[0], r[1]);
	return IOCTL_DECODED;
}

/* EVIOCGBIT's bit sets, by event type (0: the event types). */
static const struct {
	const struct xlat *x;
	unsigned int max_nr;
	const char *dflt;
} bit_sets[EV_CNT] = {
	[0] = {xlat_evdev_ev, EV_MAX, "EV_???"},
	[EV_KEY] = {xlat_evdev_keycode, KEY_MAX, "KEY_???"},
	[EV_REL] = {xlat_evdev_relative_axes, REL_MAX, "REL_???"},
	[EV_ABS] = {xlat_evdev_abs, ABS_MAX, "ABS_???"},
	[EV_MSC] = {xlat_evdev_misc, MSC_MAX, "MSC_???"},
	[EV_SW] = {xlat_evdev_switch, SW_MAX, "SW_???"},
	[EV_LED] = {xlat_evdev_leds, LED_MAX, "LED_???"},
	[EV_SND] = {xlat_evdev_snd, SND_MAX, "SND_???"},
	[EV_REP] = {xlat_evdev_autorepeat, REP_MAX, "REP_???"},
	[EV_FF] = {xlat_evdev_ff_types, FF_MAX, "FF_???"},
	[EV_FF_STATUS] = {xlat_evdev_ff_status, FF_STATUS_MAX, "FF_STATUS_???"},
};

static int decode_bit(struct dctx *c, unsigned int ev, uint64_t arg)
{
	if (ev == EV_PWR)
		return DECODED(printnum_int(c, arg, "%d"));
	if (ev >= EV_CNT || !bit_sets[ev].x)
		return DECODED(printaddr(c, arg));
	return decode_bitset(c, arg, bit_sets[ev].x, bit_sets[ev].max_nr, bit_sets[ev].dflt);
}

static int decode_read(struct dctx *c, unsigned int code, uint64_t arg)
{
	switch (code) {
	case EVIOCGVERSION:
		return DECODED(printnum_int(c, arg, "%#x"));
	case EVIOCGEFFECTS:
		return DECODED(printnum_int(c, arg, "%u"));
	case EVIOCGID:
		return decode_getid(c, arg);
	case EVIOCGREP:
		return decode_repeat(c, arg);
	case EVIOCGKEYCODE:
		return decode_keycode(c, arg);
	case EVIOCGKEYCODE_V2:
		return decode_keycode_v2(c, arg);
	}
	switch (IOC_NR(code)) {
	case IOC_NR(EVIOCGMTSLOTS(0)):
		return decode_mtslots(c, code, arg);
	case IOC_NR(EVIOCGNAME(0)):
	case IOC_NR(EVIOCGPHYS(0)):
	case IOC_NR(EVIOCGUNIQ(0)):
		if (syserror(c))
			printaddr(c, arg);
		else
			printstrn(c, arg, (uint64_t)c->rval);
		return IOCTL_DECODED;
	case IOC_NR(EVIOCGPROP(0)):
		return decode_bitset(c, arg, xlat_evdev_prop, INPUT_PROP_MAX, "PROP_???");
	case IOC_NR(EVIOCGSND(0)):
		return decode_bitset(c, arg, xlat_evdev_snd, SND_MAX, "SND_???");
	case IOC_NR(EVIOCGSW(0)):
		return decode_bitset(c, arg, xlat_evdev_switch, SW_MAX, "SW_???");
	case IOC_NR(EVIOCGKEY(0)):
		return decode_bitset(c, arg, xlat_evdev_keycode, KEY_MAX, "KEY_???");
	case IOC_NR(EVIOCGLED(0)):
		return decode_bitset(c, arg, xlat_evdev_leds, LED_MAX, "LED_???");
	}
	if ((IOC_NR(code) & ~ABS_MAX) == IOC_NR(EVIOCGABS(0)))
		return decode_abs(c, code, arg);
	if ((IOC_NR(code) & ~EV_MAX) == IOC_NR(EVIOCGBIT(0, 0)))
		return decode_bit(c, IOC_NR(code) & EV_MAX, arg);
	return DECODED(printaddr(c, arg));
}

static void print_envelope(struct dctx *c, const struct ff_envelope *e)
{
	tprint_field(c, "envelope");
	tprint_struct_begin(c);
	FLD_U(c, *e, attack_length);
	NEXT_U(c, *e, attack_level);
	NEXT_U(c, *e, fade_length);
	NEXT_X(c, *e, fade_level);
	tprint_struct_end(c);
}

static void print_effect_u(struct dctx *c, const struct ff_effect *f)
{
	switch (f->type) {
	case FF_CONSTANT:
		tprints(c, ", constant={");
		FLD_D(c, f->u.constant, level);
		tprint_struct_next(c);
		print_envelope(c, &f->u.constant.envelope);
		break;
	case FF_RAMP:
		tprints(c, ", ramp={");
		FLD_D(c, f->u.ramp, start_level);
		NEXT_D(c, f->u.ramp, end_level);
		tprint_struct_next(c);
		print_envelope(c, &f->u.ramp.envelope);
		break;
	case FF_PERIODIC:
		tprints(c, ", periodic={");
		FLD_U(c, f->u.periodic, waveform);
		NEXT_U(c, f->u.periodic, period);
		NEXT_D(c, f->u.periodic, magnitude);
		NEXT_D(c, f->u.periodic, offset);
		NEXT_U(c, f->u.periodic, phase);
		tprint_struct_next(c);
		print_envelope(c, &f->u.periodic.envelope);
		NEXT_U(c, f->u.periodic, custom_len);
		tprint_next_field(c, "custom_data");
		printaddr(c, (uint64_t)(uintptr_t)f->u.periodic.custom_data);
		break;
	case FF_RUMBLE:
		tprints(c, ", rumble={");
		FLD_U(c, f->u.rumble, strong_magnitude);
		NEXT_U(c, f->u.rumble, weak_magnitude);
		break;
	default:
		return;
	}
	tprint_struct_end(c);
}

static int decode_ff_effect(struct dctx *c, uint64_t arg)
{
	struct ff_effect f;

	if (umove_or_printaddr(c, arg, &f))
		return IOCTL_DECODED;
	tprint_struct_begin(c);
	FLD_XVAL(c, f, type, xlat_evdev_ff_types, "FF_???");
	NEXT_D(c, f, id);
	NEXT_U(c, f, direction);
	tprint_struct_next(c);
	if (!dopts.verbose) {
		tprint_more_data_follows(c);
		return ioctl_struct_done(c);
	}
	tprint_field(c, "trigger");
	tprintf(c, "{button=%u, interval=%u}", f.trigger.button, f.trigger.interval);
	tprint_next_field(c, "replay");
	tprintf(c, "{length=%u, delay=%u}", f.replay.length, f.replay.delay);
	print_effect_u(c, &f);
	return ioctl_struct_done(c);
}

static int decode_write(struct dctx *c, unsigned int code, uint64_t arg)
{
	switch (code) {
	case EVIOCSREP:
		return decode_repeat(c, arg);
	case EVIOCSKEYCODE:
		return decode_keycode(c, arg);
	case EVIOCSKEYCODE_V2:
		return decode_keycode_v2(c, arg);
	case EVIOCRMFF:
		return DECODED(tprintf(c, "%d", (int)arg));
	case EVIOCGRAB:
	case EVIOCREVOKE:
		return DECODED(tprintf(c, "%llu", (unsigned long long)arg));
	case EVIOCSCLOCKID:
		return DECODED(printnum_int(c, arg, "%u"));
	case EVIOCSFF:
		return decode_ff_effect(c, arg);
	}
	if ((IOC_NR(code) & ~ABS_MAX) == IOC_NR(EVIOCSABS(0)))
		return decode_abs(c, code, arg);
	return DECODED(printaddr(c, arg));
}

IOCTL_FAMILY(evdev)
{
	switch (IOC_DIR(code)) {
	case 2: /* _IOC_READ */
		if (entering(c))
			return 0;
		tprint_arg_next(c);
		return decode_read(c, code, arg);
	case 1: /* _IOC_WRITE */
		tprint_arg_next(c);
		return decode_write(c, code, arg);
	default:
		return RVAL_DECODED;
	}
}
