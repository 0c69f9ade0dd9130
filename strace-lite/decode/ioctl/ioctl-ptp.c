// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ioctl(2), type '=': PTP hardware clocks (PTP_*): capabilities, external timestamp and
 * periodic output requests, pin functions and the system/device clock offset samples.
 * Reserved words print only when not all zero.
 */
#include <stdio.h>
#include <linux/ptp_clock.h>

#include "strace-lite/decode/util-print.h"
#include "strace-lite/decode/ioctl/ioctl-int.h"

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* Linux 6.12/6.13: not in the 6.1 headers (the clock id took the first reserved word). */
#define PTP_SYS_OFFSET_PRECISE_CYCLES_ _IOWR(PTP_CLK_MAGIC, 21, struct ptp_sys_offset_precise)
#define PTP_SYS_OFFSET_EXTENDED_CYCLES_ _IOWR(PTP_CLK_MAGIC, 22, struct ptp_sys_offset_extended)

/* Linux 6.2 gave max_phase_adj a reserved word. */
struct ptp_clock_caps_ {
	int max_adj, n_alarm, n_ext_ts, n_per_out, pps, n_pins, cross_timestamping, adjust_phase;
	int max_phase_adj;
	unsigned int rsv[11];
};

struct ptp_sys_offset_extended_ {
	unsigned int n_samples;
	int clockid;
	unsigned int rsv[2];
	struct ptp_clock_time ts[PTP_MAX_SAMPLES][3];
};

static void print_clock_time(struct dctx *c, const struct ptp_clock_time *t, bool rtc)
{
	tprint_struct_begin(c);
	FLD_D(c, *t, sec);
	NEXT_U(c, *t, nsec);
	if (t->reserved)
		NEXT_X(c, *t, reserved);
	tprint_struct_end(c);
	if (rtc && print_opts_get()->xstyle != XSTYLE_RAW)
		print_time_comment(c, t->sec, t->nsec);
}

/* "NAME={sec=1, nsec=2}", a calendar time's comment after it when RTC. */
#define FLD_TIME(c, s, f, rtc) (tprint_field((c), #f), print_clock_time((c), &(s).f, (rtc)))
#define NEXT_TIME(c, s, f, rtc) (tprint_struct_next(c), FLD_TIME(c, s, f, rtc))

#define RSV(c, s) ioctl_print_nonzero_x32s((c), "rsv", (s).rsv, NELEM((s).rsv))

/* N clock times (or GROUP of them in brackets), cut after -s entries unless -v. */
static void print_times(struct dctx *c, const struct ptp_clock_time *t, unsigned int n,
			unsigned int group)
{
	tprint_field(c, "ts");
	tprint_array_begin(c);
	for (unsigned int i = 0; i < n; i++) {
		if (!ioctl_array_elem(c, i))
			break;
		if (group == 1) {
			print_clock_time(c, &t[i], true);
			continue;
		}
		tprint_array_begin(c);
		for (unsigned int j = 0; j < group; j++) {
			if (j)
				tprint_array_next(c);
			print_clock_time(c, &t[i * group + j], true);
		}
		tprint_array_end(c);
	}
	tprint_array_end(c);
}

static void print_caps(struct dctx *c, uint64_t arg)
{
	struct ptp_clock_caps_ k;

	if (umove_or_printaddr(c, arg, &k))
		return;
	tprint_struct_begin(c);
	FLD_D(c, k, max_adj);
	NEXT_D(c, k, n_alarm);
	NEXT_D(c, k, n_ext_ts);
	NEXT_D(c, k, n_per_out);
	NEXT_D(c, k, pps);
	NEXT_D(c, k, n_pins);
	NEXT_D(c, k, cross_timestamping);
	NEXT_D(c, k, adjust_phase);
	tprint_next_field(c, "max_phase_adj");
	print_ticks_d(c, k.max_phase_adj, 1000000000, 9);
	RSV(c, k);
	tprint_struct_end(c);
}

static void print_perout(struct dctx *c, unsigned int code, uint64_t arg)
{
	struct ptp_perout_request p;

	if (umove_or_printaddr(c, arg, &p))
		return;
	tprint_struct_begin(c);
	if (p.flags & PTP_PEROUT_PHASE) {
		FLD_TIME(c, p, phase, false);
	} else {
		FLD_TIME(c, p, start, true);
	}
	NEXT_TIME(c, p, period, false);
	NEXT_U(c, p, index);
	NEXT_FLAGS(c, p, flags, xlat_ptp_perout_flags, "PTP_PEROUT_???");
	if (p.flags & PTP_PEROUT_DUTY_CYCLE) {
		NEXT_TIME(c, p, on, false);
	} else if (code == PTP_PEROUT_REQUEST2) {
		RSV(c, p);
	}
	tprint_struct_end(c);
}

/* The sample count at entry; the samples (GROUP clock times each) at exit. */
static int decode_sys_offset(struct dctx *c, unsigned int code, uint64_t arg)
{
	bool ext = code == PTP_SYS_OFFSET_EXTENDED || code == PTP_SYS_OFFSET_EXTENDED2 ||
		   code == PTP_SYS_OFFSET_EXTENDED_CYCLES_;
	union {
		struct ptp_sys_offset s;
		struct ptp_sys_offset_extended_ e;
	} u;
	size_t size = ext ? sizeof(u.e) : sizeof(u.s);

	if (entering(c)) {
		tprint_arg_next(c);
		if (umoven_or_printaddr(c, arg, size, &u))
			return IOCTL_DECODED;
		tprint_struct_begin(c);
		if (ext) {
			FLD_U(c, u.e, n_samples);
			tprint_struct_next(c);
			FLD_XVAL(c, u.e, clockid, xlat_clocknames, "CLOCK_???");
			RSV(c, u.e);
		} else {
			FLD_U(c, u.s, n_samples);
			RSV(c, u.s);
		}
		return 0;
	}
	if (!syserror(c)) {
		tprint_struct_next(c);
		if (umoven(c, arg, size, &u) < 0) {
			tprint_unavailable(c);
		} else if (ext) {
			unsigned int n = u.e.n_samples < PTP_MAX_SAMPLES ? u.e.n_samples
									 : PTP_MAX_SAMPLES;
			print_times(c, &u.e.ts[0][0], n, 3);
		} else {
			unsigned int n = u.s.n_samples < PTP_MAX_SAMPLES ? u.s.n_samples
									 : PTP_MAX_SAMPLES;
			print_times(c, u.s.ts, 2 * n + 1, 1);
		}
	}
	return ioctl_struct_done(c);
}

static int decode_pin(struct dctx *c, unsigned int code, uint64_t arg)
{
	bool get = code == PTP_PIN_GETFUNC || code == PTP_PIN_GETFUNC2;
	struct ptp_pin_desc p;

	if (entering(c)) {
		if (!ioctl_struct_begin(c, arg, &p))
			return IOCTL_DECODED;
		FLD_U(c, p, index);
		if (code == PTP_PIN_GETFUNC2)
			RSV(c, p);
		if (get)
			return 0;
	} else {
		if (syserror(c))
			return ioctl_struct_done(c);
		if (umove(c, arg, &p) < 0) {
			tprint_arg_next(c);
			tprint_unavailable(c);
			return ioctl_struct_done(c);
		}
	}
	if (get)
		NEXT_CSTR(c, p, name);
	NEXT_XVAL(c, p, func, xlat_ptp_pin_funcs, "PTP_PF_???");
	NEXT_U(c, p, chan);
	if (code == PTP_PIN_SETFUNC2)
		RSV(c, p);
	return ioctl_struct_done(c);
}

static void print_precise(struct dctx *c, uint64_t arg)
{
	struct ptp_sys_offset_precise p;

	if (umove_or_printaddr(c, arg, &p))
		return;
	tprint_struct_begin(c);
	FLD_TIME(c, p, device, true);
	NEXT_TIME(c, p, sys_realtime, true);
	NEXT_TIME(c, p, sys_monoraw, false);
	RSV(c, p);
	tprint_struct_end(c);
}

IOCTL_FAMILY(ptp)
{
	struct ptp_extts_request e;

	switch (code) {
	case PTP_CLOCK_GETCAPS:
	case PTP_CLOCK_GETCAPS2:
		if (ioctl_arg_at_exit(c, true))
			return 0;
		return DECODED(print_caps(c, arg));
	case PTP_EXTTS_REQUEST:
	case PTP_EXTTS_REQUEST2:
		if (!ioctl_struct_begin(c, arg, &e))
			return IOCTL_DECODED;
		FLD_U(c, e, index);
		NEXT_FLAGS(c, e, flags, xlat_ptp_extts_flags, "PTP_???");
		if (code == PTP_EXTTS_REQUEST2)
			RSV(c, e);
		return ioctl_struct_done(c);
	case PTP_PEROUT_REQUEST:
	case PTP_PEROUT_REQUEST2:
		return ARG_DECODED(c, print_perout(c, code, arg));
	case PTP_ENABLE_PPS:
	case PTP_ENABLE_PPS2:
		return ARG_DECODED(c, ioctl_print_x(c, arg));
	case PTP_SYS_OFFSET:
	case PTP_SYS_OFFSET2:
	case PTP_SYS_OFFSET_EXTENDED:
	case PTP_SYS_OFFSET_EXTENDED2:
	case PTP_SYS_OFFSET_EXTENDED_CYCLES_:
		return decode_sys_offset(c, code, arg);
	case PTP_PIN_GETFUNC:
	case PTP_PIN_GETFUNC2:
	case PTP_PIN_SETFUNC:
	case PTP_PIN_SETFUNC2:
		return decode_pin(c, code, arg);
	case PTP_SYS_OFFSET_PRECISE:
	case PTP_SYS_OFFSET_PRECISE2:
	case PTP_SYS_OFFSET_PRECISE_CYCLES_:
		if (ioctl_arg_at_exit(c, true))
			return 0;
		return DECODED(print_precise(c, arg));
	default:
		return RVAL_DECODED;
	}
}
