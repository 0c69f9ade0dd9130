// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ioctl(2), type 0xb4: the GPIO character device (GPIO_*, GPIOHANDLE_*, GPIO_V2_*): chip and
 * line information, line requests (the request at entry, the new descriptor after " => " at
 * exit), line values and configurations.
 */
#include <linux/gpio.h>

#include "strace-lite/decode/ioctl/ioctl-int.h"

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))
#define MIN_(a, b) ((a) < (b) ? (a) : (b))

/* At entry ", "; at exit " => ", or nothing more to print (false) when the call failed. */
static bool in_out_prefix(struct dctx *c)
{
	if (entering(c)) {
		tprint_arg_next(c);
		return true;
	}
	if (syserror(c))
		return false;
	tprints(c, " => ");
	return true;
}

static int decode_chipinfo(struct dctx *c, uint64_t arg)
{
	struct gpiochip_info i;

	if (entering(c))
		return 0;
	tprint_arg_next(c);
	if (umove_or_printaddr(c, arg, &i))
		return IOCTL_DECODED;
	tprint_field(c, "{name");
	ioctl_print_cstring(c, i.name, sizeof(i.name));
	NEXT_CSTR(c, i, label);
	NEXT_U(c, i, lines);
	return ioctl_struct_done(c);
}

static int decode_lineinfo(struct dctx *c, uint64_t arg)
{
	struct gpioline_info i;

	if (!in_out_prefix(c) || umove_or_printaddr(c, arg, &i))
		return IOCTL_DECODED;
	tprint_struct_begin(c);
	if (entering(c)) {
		FLD_U(c, i, line_offset);
		tprint_struct_end(c);
		return 0;
	}
	FLD_FLAGS(c, i, flags, xlat_gpio_line_flags, "GPIOLINE_FLAG_???");
	NEXT_CSTR(c, i, name);
	NEXT_CSTR(c, i, consumer);
	return ioctl_struct_done(c);
}

/* The new line descriptor, at exit of a request. */
static void print_fd_result(struct dctx *c, int fd)
{
	tprint_field(c, "{fd");
	printfd(c, fd);
	tprint_struct_end(c);
}

static int decode_linehandle(struct dctx *c, uint64_t arg)
{
	struct gpiohandle_request r;
	uint32_t dv[NELEM(r.default_values)];

	if (!in_out_prefix(c) || umove_or_printaddr(c, arg, &r))
		return IOCTL_DECODED;
	if (!entering(c))
		return DECODED(print_fd_result(c, r.fd));
	tprint_struct_begin(c);
	FLD_U(c, r, lines);
	tprint_next_field(c, "lineoffsets");
	ioctl_print_u32_array(c, r.lineoffsets, MIN_(r.lines, NELEM(r.lineoffsets)));
	NEXT_FLAGS(c, r, flags, xlat_gpio_handle_flags, "GPIOHANDLE_REQUEST_???");
	tprint_next_field(c, "default_values");
	for (size_t i = 0; i < NELEM(dv); i++)
		dv[i] = r.default_values[i];
	ioctl_print_u32_array(c, dv, MIN_(r.lines, NELEM(dv)));
	NEXT_CSTR(c, r, consumer_label);
	tprint_struct_end(c);
	return 0;
}

static int decode_lineevent(struct dctx *c, uint64_t arg)
{
	struct gpioevent_request r;

	if (!in_out_prefix(c) || umove_or_printaddr(c, arg, &r))
		return IOCTL_DECODED;
	if (!entering(c))
		return DECODED(print_fd_result(c, r.fd));
	tprint_struct_begin(c);
	FLD_U(c, r, lineoffset);
	NEXT_FLAGS(c, r, handleflags, xlat_gpio_handle_flags, "GPIOHANDLE_REQUEST_???");
	NEXT_FLAGS(c, r, eventflags, xlat_gpio_event_flags, "GPIOEVENT_REQUEST_???");
	NEXT_CSTR(c, r, consumer_label);
	tprint_struct_end(c);
	return 0;
}

static void print_handle_data(struct dctx *c, uint64_t arg)
{
	struct gpiohandle_data d;
	uint32_t v[NELEM(d.values)];

	if (umove_or_printaddr(c, arg, &d))
		return;
	for (size_t i = 0; i < NELEM(v); i++)
		v[i] = d.values[i];
	tprint_field(c, "{values");
	ioctl_print_u32_array(c, v, NELEM(v));
	tprint_struct_end(c);
}

static void print_handle_config(struct dctx *c, uint64_t arg)
{
	struct gpiohandle_config h;
	uint32_t v[NELEM(h.default_values)];

	if (umove_or_printaddr(c, arg, &h))
		return;
	for (size_t i = 0; i < NELEM(v); i++)
		v[i] = h.default_values[i];
	tprint_struct_begin(c);
	FLD_FLAGS(c, h, flags, xlat_gpio_handle_flags, "GPIOHANDLE_REQUEST_???");
	tprint_next_field(c, "default_values");
	ioctl_print_u32_array(c, v, NELEM(v));
	tprint_struct_end(c);
}

static void print_attr_raw(struct dctx *c, const struct gpio_v2_line_attribute *a, bool field)
{
	if (field) {
		tprint_field(c, "attr");
		tprint_struct_begin(c);
	}
	FLD_U(c, *a, id);
	if (a->padding)
		NEXT_X(c, *a, padding);
	tprint_next_field(c, "data");
	ioctl_print_x(c, a->values);
	if (field)
		tprint_struct_end(c);
}

static void print_attr(struct dctx *c, const struct gpio_v2_line_attribute *a, bool field)
{
	if (a->padding) {
		/* Padding in use: nothing to trust, print it raw. */
		print_attr_raw(c, a, field);
		return;
	}
	switch (a->id) {
	case GPIO_V2_LINE_ATTR_ID_FLAGS:
		FLD_FLAGS(c, *a, flags, xlat_gpio_v2_line_flags, "GPIO_V2_LINE_FLAG_???");
		break;
	case GPIO_V2_LINE_ATTR_ID_OUTPUT_VALUES:
		FLD_X(c, *a, values);
		break;
	case GPIO_V2_LINE_ATTR_ID_DEBOUNCE:
		FLD_U(c, *a, debounce_period_us);
		break;
	default:
		print_attr_raw(c, a, field);
		break;
	}
}

/* N attributes, cut after -s of them unless -v. */
static void print_attrs(struct dctx *c, const void *attrs, size_t n, bool config)
{
	tprint_field(c, "attrs");
	tprint_array_begin(c);
	for (size_t i = 0; i < n; i++) {
		if (!ioctl_array_elem(c, i))
			break;
		tprint_struct_begin(c);
		if (config) {
			const struct gpio_v2_line_config_attribute *a =
				(const struct gpio_v2_line_config_attribute *)attrs + i;

			print_attr(c, &a->attr, true);
			NEXT_X(c, *a, mask);
		} else {
			print_attr(c, (const struct gpio_v2_line_attribute *)attrs + i, false);
		}
		tprint_struct_end(c);
	}
	tprint_array_end(c);
}

static void print_line_config(struct dctx *c, const struct gpio_v2_line_config *lc)
{
	tprint_struct_begin(c);
	FLD_FLAGS(c, *lc, flags, xlat_gpio_v2_line_flags, "GPIO_V2_LINE_FLAG_???");
	NEXT_U(c, *lc, num_attrs);
	ioctl_print_nonzero_x32s(c, "padding", lc->padding, NELEM(lc->padding));
	if (lc->num_attrs) {
		tprint_struct_next(c);
		print_attrs(c, lc->attrs, MIN_(lc->num_attrs, NELEM(lc->attrs)), true);
	}
	tprint_struct_end(c);
}

static int decode_v2_lineinfo(struct dctx *c, uint64_t arg)
{
	struct gpio_v2_line_info li;

	if (!in_out_prefix(c) || umove_or_printaddr(c, arg, &li))
		return IOCTL_DECODED;
	tprint_struct_begin(c);
	if (entering(c)) {
		FLD_U(c, li, offset);
		tprint_struct_end(c);
		return 0;
	}
	FLD_CSTR(c, li, name);
	NEXT_CSTR(c, li, consumer);
	NEXT_FLAGS(c, li, flags, xlat_gpio_v2_line_flags, "GPIO_V2_LINE_FLAG_???");
	NEXT_U(c, li, num_attrs);
	if (li.num_attrs) {
		tprint_struct_next(c);
		print_attrs(c, li.attrs, MIN_(li.num_attrs, NELEM(li.attrs)), false);
	}
	ioctl_print_nonzero_x32s(c, "padding", li.padding, NELEM(li.padding));
	return ioctl_struct_done(c);
}

static int decode_v2_line_request(struct dctx *c, uint64_t arg)
{
	struct gpio_v2_line_request lr;

	if (!in_out_prefix(c) || umove_or_printaddr(c, arg, &lr))
		return IOCTL_DECODED;
	if (!entering(c))
		return DECODED(print_fd_result(c, lr.fd));
	tprint_struct_begin(c);
	FLD_U(c, lr, num_lines);
	tprint_next_field(c, "offsets");
	ioctl_print_u32_array(c, lr.offsets, MIN_(lr.num_lines, NELEM(lr.offsets)));
	NEXT_CSTR(c, lr, consumer);
	tprint_next_field(c, "config");
	print_line_config(c, &lr.config);
	if (lr.event_buffer_size)
		NEXT_U(c, lr, event_buffer_size);
	ioctl_print_nonzero_x32s(c, "padding", lr.padding, NELEM(lr.padding));
	tprint_struct_end(c);
	return 0;
}

static int decode_v2_get_values(struct dctx *c, uint64_t arg)
{
	struct gpio_v2_line_values v;

	if (!in_out_prefix(c) || umove_or_printaddr(c, arg, &v))
		return IOCTL_DECODED;
	tprint_struct_begin(c);
	if (entering(c)) {
		FLD_X(c, v, mask);
		tprint_struct_end(c);
		return 0;
	}
	FLD_X(c, v, bits);
	return ioctl_struct_done(c);
}

IOCTL_FAMILY(gpio)
{
	struct gpio_v2_line_values v;
	struct gpio_v2_line_config lc;
	struct { uint32_t offset; } off;

	switch (code) {
	case GPIO_GET_CHIPINFO_IOCTL:
		return decode_chipinfo(c, arg);
	case GPIO_GET_LINEINFO_UNWATCH_IOCTL:
		tprint_arg_next(c);
		if (!umove_or_printaddr(c, arg, &off))
			tprintf(c, "{offset=%u}", off.offset);
		return IOCTL_DECODED;
	case GPIO_V2_GET_LINEINFO_IOCTL:
	case GPIO_V2_GET_LINEINFO_WATCH_IOCTL:
		return decode_v2_lineinfo(c, arg);
	case GPIO_V2_GET_LINE_IOCTL:
		return decode_v2_line_request(c, arg);
	case GPIO_V2_LINE_SET_CONFIG_IOCTL:
		tprint_arg_next(c);
		if (!umove_or_printaddr(c, arg, &lc))
			print_line_config(c, &lc);
		return IOCTL_DECODED;
	case GPIO_V2_LINE_GET_VALUES_IOCTL:
		return decode_v2_get_values(c, arg);
	case GPIO_V2_LINE_SET_VALUES_IOCTL:
		if (!ioctl_struct_begin(c, arg, &v))
			return IOCTL_DECODED;
		FLD_X(c, v, bits);
		NEXT_X(c, v, mask);
		return ioctl_struct_done(c);
	case GPIO_GET_LINEINFO_IOCTL:
	case GPIO_GET_LINEINFO_WATCH_IOCTL:
		return decode_lineinfo(c, arg);
	case GPIO_GET_LINEHANDLE_IOCTL:
		return decode_linehandle(c, arg);
	case GPIO_GET_LINEEVENT_IOCTL:
		return decode_lineevent(c, arg);
	case GPIOHANDLE_GET_LINE_VALUES_IOCTL:
		if (entering(c))
			return 0;
		return ARG_DECODED(c, print_handle_data(c, arg));
	case GPIOHANDLE_SET_LINE_VALUES_IOCTL:
		return ARG_DECODED(c, print_handle_data(c, arg));
	case GPIOHANDLE_SET_CONFIG_IOCTL:
		return ARG_DECODED(c, print_handle_config(c, arg));
	default:
		return RVAL_DECODED;
	}
}
