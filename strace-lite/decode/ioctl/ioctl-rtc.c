// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ioctl(2), type 'p': real-time clocks (RTC_*): times and alarms, periodic interrupt rates,
 * PLL information, voltage flags and the parameter get/set requests.
 */
#include <linux/rtc.h>

#include "strace-lite/decode/ioctl/ioctl-int.h"

/* struct rtc_param, which older headers lack. */
struct rtc_param_ {
	uint64_t param;
	union {
		uint64_t uvalue;
		int64_t svalue;
		uint64_t ptr;
	};
	uint32_t index;
	uint32_t pad_;
};

static void print_rtc_time(struct dctx *c, const struct rtc_time *t)
{
	tprint_struct_begin(c);
	FLD_D(c, *t, tm_sec);
	NEXT_D(c, *t, tm_min);
	NEXT_D(c, *t, tm_hour);
	NEXT_D(c, *t, tm_mday);
	NEXT_D(c, *t, tm_mon);
	NEXT_D(c, *t, tm_year);
	tprint_struct_next(c);
	if (!dopts.verbose) {
		tprint_more_data_follows(c);
	} else {
		FLD_D(c, *t, tm_wday);
		NEXT_D(c, *t, tm_yday);
		NEXT_D(c, *t, tm_isdst);
	}
	tprint_struct_end(c);
}

static void decode_time(struct dctx *c, uint64_t arg)
{
	struct rtc_time t;

	if (!umove_or_printaddr(c, arg, &t))
		print_rtc_time(c, &t);
}

static void decode_wkalrm(struct dctx *c, uint64_t arg)
{
	struct rtc_wkalrm w;

	if (umove_or_printaddr(c, arg, &w))
		return;
	tprint_struct_begin(c);
	FLD_U(c, w, enabled);
	NEXT_U(c, w, pending);
	tprint_next_field(c, "time");
	print_rtc_time(c, &w.time);
	tprint_struct_end(c);
}

static void decode_pll(struct dctx *c, uint64_t arg)
{
	struct rtc_pll_info p;

	if (umove_or_printaddr(c, arg, &p))
		return;
	tprint_struct_begin(c);
	FLD_D(c, p, pll_ctrl);
	NEXT_D(c, p, pll_value);
	NEXT_D(c, p, pll_max);
	NEXT_D(c, p, pll_min);
	NEXT_D(c, p, pll_posmult);
	NEXT_D(c, p, pll_negmult);
	NEXT_D(c, p, pll_clock);
	tprint_struct_end(c);
}

/* The parameter and its index at entry; its value when the kernel reads it (set) at entry,
 * when it writes it (get) at exit. */
static int decode_param(struct dctx *c, uint64_t arg, bool get)
{
	struct rtc_param_ p;

	if (umove_or_printaddr(c, arg, &p))
		return IOCTL_DECODED;
	tprint_struct_begin(c);
	if (entering(c))
		FLD_XVAL(c, p, param, xlat_rtc_params, "RTC_PARAM_???");
	if (entering(c) != get) {
		if (entering(c))
			tprint_struct_next(c);
		switch (p.param) {
		case RTC_PARAM_FEATURES:
			FLD_FLAGS(c, p, uvalue, xlat_rtc_features, "1<<RTC_FEATURE_???");
			break;
		case RTC_PARAM_CORRECTION:
			FLD_D(c, p, svalue);
			break;
		case RTC_PARAM_BACKUP_SWITCH_MODE:
			FLD_XVAL(c, p, uvalue, xlat_rtc_backup_switch_modes, "RTC_BSM_???");
			break;
		default:
			FLD_X(c, p, uvalue);
		}
	}
	if (entering(c))
		NEXT_U(c, p, index);
	if (p.pad_) {
		tprint_next_field(c, "__pad");
		ioctl_print_x(c, p.pad_);
	}
	tprint_struct_end(c);
	return entering(c) && get ? 0 : IOCTL_DECODED;
}

IOCTL_FAMILY(rtc)
{
	uint64_t v;
	unsigned int vl;

	switch (code) {
	case RTC_ALM_READ:
	case RTC_RD_TIME:
		if (entering(c))
			return 0;
		/* fall through */
	case RTC_ALM_SET:
	case RTC_SET_TIME:
		return ARG_DECODED(c, decode_time(c, arg));
	case RTC_IRQP_SET:
	case RTC_EPOCH_SET:
		return ARG_DECODED(c, tprintf(c, "%llu", (unsigned long long)arg));
	case RTC_IRQP_READ:
	case RTC_EPOCH_READ:
		if (entering(c))
			return 0;
		tprint_arg_next(c);
		if (!umove_or_printaddr(c, arg, &v))
			tprintf(c, "[%llu]", (unsigned long long)v);
		return IOCTL_DECODED;
	case RTC_WKALM_RD:
		if (entering(c))
			return 0;
		/* fall through */
	case RTC_WKALM_SET:
		return ARG_DECODED(c, decode_wkalrm(c, arg));
	case RTC_PLL_GET:
		if (entering(c))
			return 0;
		/* fall through */
	case RTC_PLL_SET:
		return ARG_DECODED(c, decode_pll(c, arg));
	case RTC_VL_READ:
		if (entering(c))
			return 0;
		tprint_arg_next(c);
		if (!umove_or_printaddr(c, arg, &vl)) {
			tprints(c, "[");
			printflags(c, xlat_rtc_vl_flags, vl, "RTC_VL_???");
			tprints(c, "]");
		}
		return IOCTL_DECODED;
	case RTC_PARAM_GET:
	case RTC_PARAM_SET:
		tprints(c, entering(c) ? ", " : " => ");
		return decode_param(c, arg, code == RTC_PARAM_GET);
	case RTC_AIE_ON:
	case RTC_AIE_OFF:
	case RTC_UIE_ON:
	case RTC_UIE_OFF:
	case RTC_PIE_ON:
	case RTC_PIE_OFF:
	case RTC_WIE_ON:
	case RTC_WIE_OFF:
	case RTC_VL_CLR:
		return IOCTL_DECODED;
	default:
		return RVAL_DECODED;
	}
}
