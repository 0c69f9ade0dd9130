// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ioctl(2), small device families: inotify ('I': INOTIFY_IOC_SETNEXTWD), the random device
 * ('R'), watchdogs ('W') and counter devices ('>': COUNTER_*_IOCTL).
 */
#include <stddef.h>
#include <linux/counter.h>
#include <linux/random.h>
#include <linux/watchdog.h>

#include "strace-lite/ioctl-int.h"

#define INOTIFY_IOC_SETNEXTWD_ _IOW('I', 0, int)

IOCTL_FAMILY(inotify)
{
	if (code != INOTIFY_IOC_SETNEXTWD_)
		return RVAL_DECODED;
	tprint_arg_next(c);
	tprintf(c, "%d", (int)arg);
	return IOCTL_DECODED;
}

IOCTL_FAMILY(random)
{
	struct rand_pool_info info;

	switch (code) {
	case RNDGETENTCNT:
		if (entering(c))
			return 0;
		/* fall through */
	case RNDADDTOENTCNT:
		tprint_arg_next(c);
		printnum_int(c, arg, "%d");
		return IOCTL_DECODED;
	case RNDADDENTROPY:
		tprint_arg_next(c);
		if (umove_or_printaddr(c, arg, &info))
			return IOCTL_DECODED;
		tprint_struct_begin(c);
		FLD_D(c, info, entropy_count);
		tprint_struct_next(c);
		FLD_D(c, info, buf_size);
		tprint_struct_next(c);
		tprint_field(c, "buf");
		printstrn(c, arg + offsetof(struct rand_pool_info, buf), (unsigned int)info.buf_size);
		tprint_struct_end(c);
		return IOCTL_DECODED;
	case RNDZAPENTCNT:
	case RNDCLEARPOOL:
	case RNDRESEEDCRNG:
		return IOCTL_DECODED;
	default:
		return RVAL_DECODED;
	}
}

IOCTL_FAMILY(watchdog)
{
	switch (code) {
	case WDIOC_GETSTATUS:
	case WDIOC_GETBOOTSTATUS:
	case WDIOC_GETTEMP:
	case WDIOC_GETTIMEOUT:
	case WDIOC_GETPRETIMEOUT:
	case WDIOC_GETTIMELEFT:
		if (entering(c))
			return 0;
		/* fall through */
	case WDIOC_SETTIMEOUT:
	case WDIOC_SETPRETIMEOUT:
		tprint_arg_next(c);
		printnum_int(c, arg, "%d");
		return IOCTL_DECODED;
	case WDIOC_KEEPALIVE: /* takes an int the kernel ignores */
		return IOCTL_DECODED;
	default:
		return RVAL_DECODED;
	}
}

static void print_counter_watch(struct dctx *c, uint64_t addr)
{
	struct counter_watch w;

	if (umove_or_printaddr(c, addr, &w))
		return;
	tprint_struct_begin(c);
	tprint_field(c, "component");
	tprint_struct_begin(c);
	FLD_XVAL(c, w.component, type, xlat_counter_ioctl_component_types,
		 "COUNTER_COMPONENT_???");
	tprint_struct_next(c);
	FLD_XVAL(c, w.component, scope, xlat_counter_ioctl_scopes, "COUNTER_SCOPE_???");
	tprint_struct_next(c);
	FLD_U(c, w.component, parent);
	tprint_struct_next(c);
	FLD_U(c, w.component, id);
	tprint_struct_end(c);
	tprint_struct_next(c);
	FLD_XVAL(c, w, event, xlat_counter_ioctl_event_types, "COUNTER_EVENT_???");
	tprint_struct_next(c);
	FLD_U(c, w, channel);
	tprint_struct_end(c);
}

IOCTL_FAMILY(counter)
{
	switch (code) {
	case COUNTER_ADD_WATCH_IOCTL:
		tprint_arg_next(c);
		print_counter_watch(c, arg);
		return IOCTL_DECODED;
	case COUNTER_ENABLE_EVENTS_IOCTL:
	case COUNTER_DISABLE_EVENTS_IOCTL:
		return IOCTL_DECODED;
	default:
		return RVAL_DECODED;
	}
}
