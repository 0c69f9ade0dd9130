// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Probe hit values (probe-int.h): registers by DWARF number, USDT arguments fetched by their
 * spec through ptrace and /proc/PID/mem, and values printed by size, sign and hint letter;
 * strings read the same way for both backends (probe_print_str).
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/user.h>

#include "common/event.h"
#include "common/print.h"
#include "strace-lite/probe/probe-int.h"
#include "common/proc.h"
#include "strace-lite/record/record.h"
#include "strace-lite/sttrace.h"

uint64_t probe_reg(const struct user_regs_struct *r, int dwarf)
{
	switch (dwarf) {
	case 0: return r->rax;
	case 1: return r->rdx;
	case 2: return r->rcx;
	case 3: return r->rbx;
	case 4: return r->rsi;
	case 5: return r->rdi;
	case 6: return r->rbp;
	case 7: return r->rsp;
	case 8: return r->r8;
	case 9: return r->r9;
	case 10: return r->r10;
	case 11: return r->r11;
	case 12: return r->r12;
	case 13: return r->r13;
	case 14: return r->r14;
	case 15: return r->r15;
	case 16: return r->rip;
	default: return 0;
	}
}

void probe_print_string(struct strbuf *sb, uint64_t v, const char *buf, size_t got)
{
	if (!got) {
		sb_printf(sb, "%#" PRIx64, v);
		return;
	}
	size_t len = strnlen(buf, got);
	print_quoted_buf(sb, buf, len, len < got ? len : len + 1);
}

void probe_print_str(struct strbuf *sb, uint64_t v, probe_read_fn *read, void *priv)
{
	char buf[4097];
	size_t max = print_opts_get()->max_strlen < sizeof(buf) - 1 ? print_opts_get()->max_strlen : sizeof(buf) - 1;
	size_t got = 0;

	if (!v) {
		sb_puts(sb, "NULL");
		return;
	}
	/* Byte runs up to the end of each page: a string may end just before a hole. */
	while (got <= max) {
		size_t chunk = 4096 - ((v + got) & 4095);
		if (chunk > max + 1 - got)
			chunk = max + 1 - got;
		if (read(priv, v + got, buf + got, chunk) < 0) {
			got = 0; /* a hole before the NUL: not the string's bytes after it */
			break;
		}
		got += chunk;
		if (memchr(buf + got - chunk, '\0', chunk))
			break;
	}
	probe_print_string(sb, v, buf, got);
}

/* The ptrace side's string reads: what the program could read (not /proc/PID/mem's forced
 * read of a PROT_NONE page). */
static int bs_read(void *priv, uint64_t addr, void *buf, size_t len)
{
	return proc_vm_read(((struct bp_space *)priv)->pid, addr, buf, len);
}

/* U in decimal, after a '-' when NEG: the hot path of a hit, cheaper than sb_printf. */
static void put_dec(struct strbuf *sb, uint64_t u, bool neg)
{
	char buf[24], *p = buf + sizeof(buf);

	do
		*--p = (char)('0' + u % 10);
	while (u /= 10);
	if (neg)
		*--p = '-';
	sb_write(sb, p, (size_t)(buf + sizeof(buf) - p));
}

void probe_print_value(struct strbuf *sb, struct bp_space *bs, uint64_t v, int size, bool is_signed,
			bool is_float, char hint)
{
	unsigned bits = (unsigned)size * 8;
	uint64_t u = bits >= 64 ? v : v & ((1ull << bits) - 1);
	int64_t d = bits >= 64 || !(u >> (bits - 1)) ? (int64_t)u : (int64_t)(u | ~((1ull << bits) - 1));

	if (!hint)
		hint = is_float ? 'f' : is_signed ? 'd' : size == 8 ? 'x' : 'u';
	switch (hint) {
	case 'd':
	case 'l':
		put_dec(sb, d < 0 ? -(uint64_t)d : (uint64_t)d, d < 0);
		break;
	case 'u':
	case 'z':
		put_dec(sb, u, false);
		break;
	case 'f':
		if (size == 4) {
			float fl;
			uint32_t w = (uint32_t)u;
			memcpy(&fl, &w, 4);
			sb_printf(sb, "%g", fl);
		} else {
			double db;
			memcpy(&db, &v, 8);
			sb_printf(sb, "%g", db);
		}
		break;
	case 's':
		probe_print_str(sb, v, bs_read, bs);
		break;
	default:
		sb_printf(sb, "%#" PRIx64, u);
	}
}

void probe_print_usdt_arg(struct strbuf *sb, struct bp_space *bs, uint64_t bias,
			  const struct usdt_arg *a, const struct user_regs_struct *r, pid_t tid,
			   char hint)
{
	int size = a->size ? a->size : 8;
	uint64_t v = 0, addr;

	switch (a->kind) {
	case USDT_LOC_CONST:
		v = a->symbol[0] && !a->unresolved ? a->address + bias : (uint64_t)a->offset;
		break;
	case USDT_LOC_REG:
		if (a->reg >= 17 && a->reg <= 32) {
			struct user_fpregs_struct fp;
			if (ptrace(PTRACE_GETFPREGS, tid, 0L, &fp) < 0)
				goto unknown;
			memcpy(&v, &fp.xmm_space[(a->reg - 17) * 4], 8);
		} else {
			v = probe_reg(r, a->reg) >> a->reg_shift;
		}
		break;
	case USDT_LOC_MEM:
	case USDT_LOC_PCREL:
	case USDT_LOC_ABS:
		if (a->symbol[0] && a->unresolved)
			goto unknown;
		addr = a->symbol[0] ? a->address + bias : (uint64_t)a->offset;
		if (a->kind == USDT_LOC_MEM && a->reg >= 0)
			addr += probe_reg(r, a->reg);
		if (a->kind == USDT_LOC_MEM && a->index >= 0)
			addr += probe_reg(r, a->index) * (uint64_t)a->scale;
		if (a->kind == USDT_LOC_PCREL && !a->symbol[0])
			goto unknown;
		if (size > 8 || bp_mem_read(bs, addr, &v, (size_t)size) < 0)
			goto unknown;
		break;
	default:
		goto unknown;
	}
	probe_print_value(sb, bs, v, size, a->is_signed, a->is_float, hint);
	return;
unknown:
	sb_puts(sb, "?");
}

void probe_emit_hit(struct tcb *tcp, int kind, const char *label, bool silent)
{
	struct strbuf payload = { 0 };

	sb_write(&payload, sb_str(&tcp->sb), tcp->sb.len);
	sb_reset(&tcp->sb);
	record_probe(tcp->pid, kind, silent, label, sb_str(&payload), payload.len);
	struct event ev = {
		.kind = kind == SPEC_URETPROBE ? EVENT_PROBE_RETURN : EVENT_PROBE,
		.tid = tcp->pid,
		.source = kind == SPEC_USDT ? "usdt" : kind == SPEC_URETPROBE ? "uretprobe" : "uprobe",
		.name = label,
		.text = sb_str(&payload),
		.len = payload.len,
		.comm = tcp->comm[0] ? tcp->comm : NULL,
		.pid = tcp->tgid,
	};
	if (silent) {
		/* nothing printed */
	} else if (opts.json) {
		struct strbuf rec = { 0 };
		event_write_json(&rec, &ev);
		output_record(tcp, &rec);
		sb_free(&rec);
	} else {
		printleader(tcp);
		event_write_text(&tcp->sb, &ev);
		tcb_emit(tcp);
		line_ended(tcp);
	}
	event_publish(&ev);
	sb_free(&payload);
}
