// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * ioctl(2), type 0xfd: the device mapper (DM_*), as strace prints it: the struct dm_ioctl
 * header in brackets, then (with -v) what follows it in the same buffer: target specs with
 * their parameter strings, dependency lists, name and version lists, target messages.  At
 * exit the header again after " => ", unless the call failed and left it as it was.
 * Offsets inside the buffer come from the tracee: a record that does not fit, or that goes
 * backwards, prints as ??? with a comment.
 */
#include <stddef.h>
#include <string.h>
#include <linux/ioctl.h>
#include <linux/dm-ioctl.h>

#include "strace-lite/decode/array.h"
#include "strace-lite/decode/ioctl/ioctl-int.h"
#include "strace-lite/decode/util-print.h"

static bool abbrev(void)
{
	return !dopts.verbose;
}

static void comment_unavailable(struct dctx *c, const char *what)
{
	tprint_unavailable(c);
	print_comment(c->sb, what);
}

static void print_u32_array3(struct dctx *c, const char *name, const uint32_t *v)
{
	tprintf(c, "%s=[%u, %u, %u]", name, v[0], v[1], v[2]);
}

static void decode_device(struct dctx *c, unsigned int code, const struct dm_ioctl *ioc)
{
	switch (code) {
	case DM_REMOVE_ALL:
	case DM_LIST_DEVICES:
	case DM_LIST_VERSIONS:
		return;
	}
	if (ioc->dev) {
		tprint_next_field(c, "dev");
		print_dev(c, ioc->dev);
	}
	if (ioc->name[0])
		NEXT_CSTR(c, *ioc, name);
	if (ioc->uuid[0])
		NEXT_CSTR(c, *ioc, uuid);
}

static void decode_values(struct dctx *c, unsigned int code, const struct dm_ioctl *ioc)
{
	if (entering(c)) {
		switch (code) {
		case DM_TABLE_LOAD:
			NEXT_U(c, *ioc, target_count);
			break;
		case DM_DEV_SUSPEND:
			if (ioc->flags & DM_SUSPEND_FLAG)
				break;
			/* fall through */
		case DM_DEV_RENAME:
		case DM_DEV_REMOVE:
		case DM_DEV_WAIT:
			NEXT_U(c, *ioc, event_nr);
			break;
		}
		return;
	}
	if (syserror(c))
		return;
	switch (code) {
	case DM_DEV_CREATE:
	case DM_DEV_RENAME:
	case DM_DEV_SUSPEND:
	case DM_DEV_STATUS:
	case DM_DEV_WAIT:
	case DM_TABLE_LOAD:
	case DM_TABLE_CLEAR:
	case DM_TABLE_DEPS:
	case DM_TABLE_STATUS:
	case DM_TARGET_MSG:
		tprintf(c, ", target_count=%u, open_count=%u, event_nr=%u", ioc->target_count,
			ioc->open_count, ioc->event_nr);
		break;
	}
}

static bool has_params(unsigned int code)
{
	switch (code) {
	case DM_VERSION:
	case DM_REMOVE_ALL:
	case DM_DEV_CREATE:
	case DM_DEV_REMOVE:
	case DM_DEV_SUSPEND:
	case DM_DEV_STATUS:
	case DM_TABLE_CLEAR:
	case DM_DEV_ARM_POLL:
		return false;
	}
	return true;
}

static bool decode_header(struct dctx *c, unsigned int code, const struct dm_ioctl *ioc)
{
	bool rc = false;

	tprint_struct_begin(c);
	print_u32_array3(c, "version", ioc->version);
	if (ioc->version[0] != DM_VERSION_MAJOR) {
		print_comment(c->sb, "unsupported device mapper ABI version");
		goto skip;
	}
	NEXT_U(c, *ioc, data_size);
	if (ioc->data_size < offsetof(struct dm_ioctl, data)) {
		print_comment(c->sb, "data_size too small");
		goto skip;
	}
	if (has_params(code))
		NEXT_U(c, *ioc, data_start);
	decode_device(c, code, ioc);
	decode_values(c, code, ioc);
	NEXT_FLAGS(c, *ioc, flags, xlat_dm_flags, "DM_???");
	rc = true;
skip:
	tprint_struct_end(c);
	return rc;
}

/* The NUL-terminated string at ADDR, at most LEN bytes; strlen + 1 when its NUL came within
 * -s + 1 bytes (strace's printstr_ex result), else 0 or -1. */
static int print_str(struct dctx *c, uint64_t addr, uint32_t len)
{
	unsigned int size = print_opts_get()->max_strlen + 1;
	char buf[size + 1];

	if (printstr_ex(c, addr, len, QUOTE_0_TERMINATED) < 0)
		return -1;
	if (size > len)
		size = len;
	if (umovestr(c, addr, size, buf) <= 0)
		return 0;
	buf[size] = 0;
	return (int)strnlen(buf, size) + 1;
}

static void decode_target_spec(struct dctx *c, uint64_t addr, const struct dm_ioctl *ioc)
{
	const uint32_t spec_size = sizeof(struct dm_target_spec);
	uint32_t offset = ioc->data_start, offset_end = 0;

	if (abbrev()) {
		if (ioc->target_count) {
			tprint_array_next(c);
			tprint_more_data_follows(c);
		}
		return;
	}
	for (uint32_t i = 0; i < ioc->target_count; ++i) {
		struct dm_target_spec s;

		tprint_array_next(c);
		if (i && offset <= offset_end)
			goto misplaced;
		offset_end = offset + spec_size;
		if (offset_end <= offset || offset_end > ioc->data_size)
			goto misplaced;
		/* No -s cut: the lists print only under -v, which lifts it (strace 7.2). */
		if (umove_or_printaddr(c, addr + offset, &s))
			break;
		tprintf(c, "{sector_start=%llu, length=%llu", (unsigned long long)s.sector_start,
			(unsigned long long)s.length);
		if (!entering(c))
			tprintf(c, ", status=%d", s.status);
		NEXT_CSTR(c, s, target_type);
		tprints(c, ", string=");
		printstr_ex(c, addr + offset_end, ioc->data_size - offset_end, QUOTE_0_TERMINATED);
		tprint_struct_end(c);
		if (entering(c))
			offset += s.next;
		else
			offset = ioc->data_start + s.next;
	}
	return;
misplaced:
	comment_unavailable(c, "misplaced struct dm_target_spec");
}

static bool print_dev_elem(struct dctx *c, void *elem, size_t size UNUSED, void *data UNUSED)
{
	print_dev(c, *(uint64_t *)elem);
	return true;
}

static void decode_target_deps(struct dctx *c, uint64_t addr, const struct dm_ioctl *ioc)
{
	uint32_t offset = ioc->data_start;
	uint32_t offset_end = offset + offsetof(struct dm_target_deps, dev);
	struct dm_target_deps s;
	uint64_t dev;

	if (ioc->data_start == ioc->data_size)
		return;
	tprint_array_next(c);
	if (abbrev()) {
		tprint_more_data_follows(c);
		return;
	}
	if (offset_end <= offset || offset_end > ioc->data_size)
		goto misplaced;
	if (umove_or_printaddr(c, addr + offset, &s))
		return;
	if (s.count > (ioc->data_size - offset_end) / sizeof(dev))
		goto misplaced;
	tprintf(c, "{count=%u, deps=", s.count);
	print_array(c, addr + offset_end, s.count, &dev, sizeof(dev), 0, print_dev_elem, NULL);
	tprint_struct_end(c);
	return;
misplaced:
	comment_unavailable(c, "misplaced struct dm_target_deps");
}

/* A dm_name_list record at ADDR, its name at NAME_ADDR (LEFT bytes to the buffer's end). */
static void print_name_list(struct dctx *c, const struct dm_name_list *s, uint64_t addr,
			    uint64_t name_addr, uint32_t left, uint32_t dm_minor)
{
	tprints(c, "{dev=");
	print_dev(c, s->dev);
	tprints(c, ", name=");
	int rc = print_str(c, name_addr, left);
	/* Since DM 4.37 an event number may follow the name, 8-byte aligned. */
	if (rc > 0 && dm_minor >= 37) {
		uint64_t event_addr = (name_addr + rc + 7) & ~7ULL;
		uint32_t event_nr;

		if (event_addr + sizeof(event_nr) <= addr + s->next &&
		    !umove(c, event_addr, &event_nr))
			tprintf(c, ", event_nr=%u", event_nr);
	}
}

/*
 * DM_LIST_DEVICES' struct dm_name_list records, or (VERSIONS) DM_LIST_VERSIONS' struct
 * dm_target_versions ones: each followed by its name, chained by their next offsets.
 */
static void decode_chain(struct dctx *c, uint64_t addr, const struct dm_ioctl *ioc, bool versions)
{
	const uint32_t name_offs = versions ? offsetof(struct dm_target_versions, name) :
					      offsetof(struct dm_name_list, name);
	uint32_t offset = ioc->data_start, offset_end = 0, next;
	union {
		struct dm_name_list n;
		struct dm_target_versions v;
	} s;

	if (ioc->data_start == ioc->data_size)
		return;
	if (abbrev()) {
		tprint_array_next(c);
		tprint_more_data_follows(c);
		return;
	}
	for (uint32_t count = 0;; ++count) {
		tprint_array_next(c);
		if (count && offset <= offset_end)
			goto misplaced;
		offset_end = offset + name_offs;
		if (offset_end <= offset || offset_end > ioc->data_size)
			goto misplaced;
		/* No -s cut, as above. */
		if (umoven_or_printaddr(c, addr + offset, versions ? sizeof(s.v) : sizeof(s.n), &s))
			break;
		if (versions) {
			tprints(c, "{name=");
			printstr_ex(c, addr + offset_end, ioc->data_size - offset_end,
				    QUOTE_0_TERMINATED);
			tprints(c, ", ");
			print_u32_array3(c, "version", s.v.version);
		} else {
			print_name_list(c, &s.n, addr + offset, addr + offset_end,
					ioc->data_size - offset_end, ioc->version[1]);
		}
		tprint_struct_end(c);
		next = versions ? s.v.next : s.n.next;
		if (!next)
			break;
		offset += next;
	}
	return;
misplaced:
	comment_unavailable(c, versions ? "misplaced struct dm_target_versions" :
					  "misplaced struct dm_name_list");
}

static void decode_target_msg(struct dctx *c, uint64_t addr, const struct dm_ioctl *ioc)
{
	uint32_t offset = ioc->data_start;
	uint32_t offset_end = offset + offsetof(struct dm_target_msg, message);
	struct dm_target_msg s;

	if (ioc->data_start == ioc->data_size)
		return;
	tprint_array_next(c);
	if (abbrev()) {
		tprint_more_data_follows(c);
		return;
	}
	if (offset_end > offset && offset_end <= ioc->data_size) {
		if (umove_or_printaddr(c, addr + offset, &s))
			return;
		tprintf(c, "{sector=%llu, message=", (unsigned long long)s.sector);
		printstr_ex(c, addr + offset_end, ioc->data_size - offset_end, QUOTE_0_TERMINATED);
		tprint_struct_end(c);
	} else {
		comment_unavailable(c, "misplaced struct dm_target_msg");
	}
}

static void decode_string(struct dctx *c, uint64_t addr, const struct dm_ioctl *ioc)
{
	uint32_t offset = ioc->data_start;

	tprint_array_next(c);
	if (abbrev()) {
		tprint_more_data_follows(c);
		return;
	}
	if (offset <= ioc->data_size) {
		tprints(c, "{string=");
		printstr_ex(c, addr + offset, ioc->data_size - offset, QUOTE_0_TERMINATED);
		tprint_struct_end(c);
	} else {
		comment_unavailable(c, "misplaced string");
	}
}

static void decode_payload(struct dctx *c, unsigned int code, uint64_t arg,
			   const struct dm_ioctl *ioc)
{
	bool ok_exit = !entering(c) && !syserror(c);

	switch (code) {
	case DM_DEV_WAIT:
	case DM_TABLE_STATUS:
		if (ok_exit)
			decode_target_spec(c, arg, ioc);
		break;
	case DM_TABLE_LOAD:
		if (entering(c))
			decode_target_spec(c, arg, ioc);
		break;
	case DM_TABLE_DEPS:
		if (ok_exit)
			decode_target_deps(c, arg, ioc);
		break;
	case DM_LIST_DEVICES:
		if (ok_exit)
			decode_chain(c, arg, ioc, false);
		break;
	case DM_LIST_VERSIONS:
		if (ok_exit)
			decode_chain(c, arg, ioc, true);
		break;
	case DM_TARGET_MSG:
		if (entering(c))
			decode_target_msg(c, arg, ioc);
		else if (ok_exit && (ioc->flags & DM_DATA_OUT_FLAG))
			decode_string(c, arg, ioc);
		break;
	case DM_DEV_RENAME:
	case DM_DEV_SET_GEOMETRY:
		if (entering(c))
			decode_string(c, arg, ioc);
		break;
	}
}

/* What exit compares with entry's header, packed into dctx->priv. */
static void keep_header(struct dctx *c, const struct dm_ioctl *ioc)
{
	c->priv[0] = ioc->version[0] | (uint64_t)ioc->version[1] << 32;
	c->priv[1] = ioc->version[2] | (uint64_t)ioc->data_size << 32;
	c->priv[2] = ioc->data_start | (uint64_t)ioc->flags << 32;
	c->priv[3] = 1;
}

static bool header_changed(const struct dctx *c, const struct dm_ioctl *ioc)
{
	return c->priv[3] != 1 || c->priv[0] != (ioc->version[0] | (uint64_t)ioc->version[1] << 32) ||
	       c->priv[1] != (ioc->version[2] | (uint64_t)ioc->data_size << 32) ||
	       c->priv[2] != (ioc->data_start | (uint64_t)ioc->flags << 32);
}

static int dm_known(struct dctx *c, unsigned int code, uint64_t arg)
{
	struct dm_ioctl ioc;

	if (entering(c))
		c->priv[3] = 0;
	if (umoven(c, arg, offsetof(struct dm_ioctl, data), &ioc) ||
	    ioc.data_size < offsetof(struct dm_ioctl, data_size))
		return 0;
	if (entering(c)) {
		keep_header(c, &ioc);
		tprint_arg_next(c);
	} else {
		if (syserror(c) && !header_changed(c, &ioc))
			return IOCTL_DECODED;
		tprints(c, " => ");
	}
	tprint_array_begin(c);
	if (decode_header(c, code, &ioc))
		decode_payload(c, code, arg, &ioc);
	tprint_array_end(c);
	return entering(c) ? 0 : IOCTL_DECODED;
}

IOCTL_FAMILY(dm)
{
	switch (code) {
	case DM_VERSION:
	case DM_REMOVE_ALL:
	case DM_LIST_DEVICES:
	case DM_DEV_CREATE:
	case DM_DEV_REMOVE:
	case DM_DEV_RENAME:
	case DM_DEV_SUSPEND:
	case DM_DEV_STATUS:
	case DM_DEV_WAIT:
	case DM_TABLE_LOAD:
	case DM_TABLE_CLEAR:
	case DM_TABLE_DEPS:
	case DM_TABLE_STATUS:
	case DM_LIST_VERSIONS:
	case DM_TARGET_MSG:
	case DM_DEV_SET_GEOMETRY:
	case DM_DEV_ARM_POLL:
		return dm_known(c, code, arg);
	default:
		return RVAL_DECODED;
	}
}
