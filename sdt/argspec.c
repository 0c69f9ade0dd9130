// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * USDT argument strings: "-4@%edi 8@-8(%rbp) 8f@%xmm0 4@$42 -4@counter(%rip)".
 *
 * Each argument is "[-]SIZE[f]@OPERAND" (systemtap's header: sign, bytes, float, then the
 * operand in the assembler's own syntax) or, from STAP_PROBE_ASM and .S files, a bare OPERAND
 * with no size.  Arguments are separated by spaces, except that aarch64 memory operands contain
 * one ("[sp, 16]"), so splitting honours brackets.
 *
 * The parser is hand-written rather than a few sscanf formats because the forms compilers
 * emit are more varied than any fixed list (symbol+offset either way round, index registers,
 * 8/16-bit register names) and because the string comes from an untrusted file: every
 * function here works on an explicit [begin, end) range and never reads past it, never writes
 * past its output, and returns -EINVAL for anything it does not understand.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "sdt/usdt.h"

struct span {
	const char *p, *end;
};

static bool at(struct span *s, char c)
{
	return s->p < s->end && *s->p == c;
}

static bool eat(struct span *s, char c)
{
	if (!at(s, c))
		return false;
	s->p++;
	return true;
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool is_alpha(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static bool is_symstart(char c)
{
	return is_alpha(c) || c == '_' || c == '.';
}

static bool is_symchar(char c)
{
	return is_symstart(c) || is_digit(c) || c == '$';
}

static int hexval(char c)
{
	if (is_digit(c))
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* An unsigned number, decimal or 0x hex, that fits in 64 bits. */
static int parse_unsigned(struct span *s, uint64_t *val)
{
	uint64_t v = 0;
	int base = 10, n = 0, d;

	if (s->end - s->p >= 2 && s->p[0] == '0' && (s->p[1] == 'x' || s->p[1] == 'X')) {
		base = 16;
		s->p += 2;
	}
	while (s->p < s->end && (d = hexval(*s->p)) >= 0 && d < base) {
		if (v > (UINT64_MAX - (uint64_t)d) / (uint64_t)base)
			return -EINVAL;
		v = v * (uint64_t)base + (uint64_t)d;
		s->p++;
		n++;
	}
	if (n == 0)
		return -EINVAL;
	*val = v;
	return 0;
}

/* A signed number; values from INT64_MIN to UINT64_MAX (as two's complement) are accepted. */
static int parse_signed(struct span *s, int64_t *val)
{
	bool neg = eat(s, '-');
	uint64_t v;

	if (!neg)
		eat(s, '+');
	if (parse_unsigned(s, &v))
		return -EINVAL;
	if (neg && v > (uint64_t)INT64_MAX + 1)
		return -EINVAL;
	*val = neg ? (int64_t)(0 - v) : (int64_t)v;
	return 0;
}

static int parse_symbol(struct span *s, struct usdt_arg *arg)
{
	const char *start = s->p;
	size_t n;

	if (!(s->p < s->end && is_symstart(*s->p)))
		return -EINVAL;
	while (s->p < s->end && is_symchar(*s->p))
		s->p++;
	n = (size_t)(s->p - start);
	if (arg->symbol[0])
		return -EINVAL; /* one symbol per operand */
	if (n >= sizeof(arg->symbol))
		n = sizeof(arg->symbol) - 1; /* kept for display; it will not resolve */
	memcpy(arg->symbol, start, n);
	arg->symbol[n] = '\0';
	arg->unresolved = true;
	return 0;
}

/* A displacement: N, SYM, SYM+N, SYM-N, N+SYM. */
static int parse_disp(struct span *s, struct usdt_arg *arg)
{
	int64_t v = 0, w;

	if (s->p < s->end && is_symstart(*s->p)) {
		if (parse_symbol(s, arg))
			return -EINVAL;
		if (at(s, '+') || at(s, '-')) {
			if (parse_signed(s, &w))
				return -EINVAL;
			v = w;
		}
	} else {
		if (parse_signed(s, &v))
			return -EINVAL;
		if (eat(s, '+') && parse_symbol(s, arg))
			return -EINVAL;
	}
	arg->offset = v;
	return 0;
}

struct regname {
	char name[6];
	signed char dwarf;
	signed char width;
	signed char shift;
};

static const struct regname x86_regs[] = {
	{ "rax", 0, 8, 0 },  { "rdx", 1, 8, 0 },  { "rcx", 2, 8, 0 },  { "rbx", 3, 8, 0 },
	{ "rsi", 4, 8, 0 },  { "rdi", 5, 8, 0 },  { "rbp", 6, 8, 0 },  { "rsp", 7, 8, 0 },
	{ "eax", 0, 4, 0 },  { "edx", 1, 4, 0 },  { "ecx", 2, 4, 0 },  { "ebx", 3, 4, 0 },
	{ "esi", 4, 4, 0 },  { "edi", 5, 4, 0 },  { "ebp", 6, 4, 0 },  { "esp", 7, 4, 0 },
	{ "ax", 0, 2, 0 },   { "dx", 1, 2, 0 },   { "cx", 2, 2, 0 },   { "bx", 3, 2, 0 },
	{ "si", 4, 2, 0 },   { "di", 5, 2, 0 },   { "bp", 6, 2, 0 },   { "sp", 7, 2, 0 },
	{ "al", 0, 1, 0 },   { "dl", 1, 1, 0 },   { "cl", 2, 1, 0 },   { "bl", 3, 1, 0 },
	{ "sil", 4, 1, 0 },  { "dil", 5, 1, 0 },  { "bpl", 6, 1, 0 },  { "spl", 7, 1, 0 },
	{ "ah", 0, 1, 8 },   { "dh", 1, 1, 8 },   { "ch", 2, 1, 8 },   { "bh", 3, 1, 8 },
	{ "rip", 16, 8, 0 },
};

static int x86_reg(const char *name, size_t n, struct regname *out)
{
	unsigned int i, num = 0;

	for (i = 0; i < sizeof(x86_regs) / sizeof(x86_regs[0]); i++) {
		if (strlen(x86_regs[i].name) == n && !memcmp(x86_regs[i].name, name, n)) {
			*out = x86_regs[i];
			return 0;
		}
	}
	/* r8..r15 with an optional d/w/b (or l) suffix; xmm0..xmm15. */
	if (n >= 2 && name[0] == 'r' && is_digit(name[1])) {
		i = 1;
		while (i < n && is_digit(name[i]) && num < 100)
			num = num * 10 + (unsigned int)(name[i++] - '0');
		if (num < 8 || num > 15 || (name[1] == '0'))
			return -EINVAL;
		out->dwarf = (signed char)num;
		out->shift = 0;
		if (i == n)
			out->width = 8;
		else if (i + 1 == n && name[i] == 'd')
			out->width = 4;
		else if (i + 1 == n && name[i] == 'w')
			out->width = 2;
		else if (i + 1 == n && (name[i] == 'b' || name[i] == 'l'))
			out->width = 1;
		else
			return -EINVAL;
		return 0;
	}
	if (n >= 4 && n <= 5 && !memcmp(name, "xmm", 3)) {
		for (i = 3; i < n; i++) {
			if (!is_digit(name[i]))
				return -EINVAL;
			num = num * 10 + (unsigned int)(name[i] - '0');
		}
		if (num > 15 || (n == 5 && name[3] == '0'))
			return -EINVAL;
		out->dwarf = (signed char)(17 + num);
		out->width = 16;
		out->shift = 0;
		return 0;
	}
	return -EINVAL;
}

/* "%name": the register's numbers into *R, its spelling into BUF. */
static int parse_x86_reg(struct span *s, struct regname *r, char *buf, size_t bufsz)
{
	const char *start;
	size_t n;

	if (!eat(s, '%'))
		return -EINVAL;
	start = s->p;
	while (s->p < s->end && (is_alpha(*s->p) || is_digit(*s->p)))
		s->p++;
	n = (size_t)(s->p - start);
	if (n == 0 || n >= bufsz || x86_reg(start, n, r))
		return -EINVAL;
	memcpy(buf, start, n);
	buf[n] = '\0';
	return 0;
}

static int parse_x86_operand(struct span *s, struct usdt_arg *arg)
{
	struct regname r;
	int64_t scale;

	if (at(s, '%')) {
		if (parse_x86_reg(s, &r, arg->reg_name, sizeof(arg->reg_name)) || r.dwarf == 16)
			return -EINVAL;
		arg->kind = USDT_LOC_REG;
		arg->reg = r.dwarf;
		arg->reg_width = r.width;
		arg->reg_shift = r.shift;
		return 0;
	}
	if (eat(s, '$')) {
		arg->kind = USDT_LOC_CONST;
		return parse_disp(s, arg);
	}
	/* Memory: [disp](base[,index[,scale]]), (,index,scale), or a bare disp (absolute). */
	if (!at(s, '(') && parse_disp(s, arg))
		return -EINVAL;
	if (!eat(s, '(')) {
		arg->kind = USDT_LOC_ABS;
		return 0;
	}
	arg->kind = USDT_LOC_MEM;
	if (at(s, '%')) {
		if (parse_x86_reg(s, &r, arg->reg_name, sizeof(arg->reg_name)))
			return -EINVAL;
		if (r.width != 8 || r.shift)
			return -EINVAL; /* 64-bit addressing only */
		arg->reg = r.dwarf;
		arg->reg_width = 8;
		if (r.dwarf == 16) {
			arg->kind = USDT_LOC_PCREL;
			return eat(s, ')') ? 0 : -EINVAL;
		}
	}
	if (eat(s, ',')) {
		if (parse_x86_reg(s, &r, arg->index_name, sizeof(arg->index_name)))
			return -EINVAL;
		if (r.width != 8 || r.shift || r.dwarf == 16 || r.dwarf == 7)
			return -EINVAL; /* %rsp and %rip cannot be an index */
		arg->index = r.dwarf;
		arg->scale = 1;
		if (eat(s, ',')) {
			if (parse_signed(s, &scale))
				return -EINVAL;
			if (scale != 1 && scale != 2 && scale != 4 && scale != 8)
				return -EINVAL;
			arg->scale = (int)scale;
		}
	}
	/* sym(%rbx,...) stays MEM: the symbol's address is part of the displacement. */
	if (!eat(s, ')') || (arg->reg < 0 && arg->index < 0))
		return -EINVAL;
	return 0;
}

/* x0..x30, w0..w30, sp/wsp, and d/s/v registers for floating point. */
static int aarch64_reg(struct span *s, struct usdt_arg *arg)
{
	const char *start = s->p;
	unsigned int num = 0, nd = 0;
	char kind;
	size_t n;

	while (s->p < s->end && (is_alpha(*s->p) || is_digit(*s->p)))
		s->p++;
	n = (size_t)(s->p - start);
	if (n == 0 || n >= sizeof(arg->reg_name))
		return -EINVAL;
	memcpy(arg->reg_name, start, n);
	arg->reg_name[n] = '\0';
	if (!strcmp(arg->reg_name, "sp") || !strcmp(arg->reg_name, "wsp")) {
		arg->reg = 31;
		arg->reg_width = n == 2 ? 8 : 4;
		return 0;
	}
	kind = start[0];
	for (size_t i = 1; i < n; i++) {
		if (!is_digit(start[i]))
			return -EINVAL;
		num = num * 10 + (unsigned int)(start[i] - '0');
		nd++;
	}
	if (nd == 0 || nd > 2 || (nd == 2 && start[1] == '0'))
		return -EINVAL;
	switch (kind) {
	case 'x': case 'w':
		if (num > 30)
			return -EINVAL;
		arg->reg = (int)num;
		arg->reg_width = kind == 'x' ? 8 : 4;
		return 0;
	case 'v': case 'q': case 'd': case 's': case 'h': case 'b':
		if (num > 31)
			return -EINVAL;
		arg->reg = 64 + (int)num;
		arg->reg_width = kind == 'd' ? 8 : kind == 's' ? 4 : kind == 'h' ? 2 :
				 kind == 'b' ? 1 : 16;
		return 0;
	}
	return -EINVAL;
}

static int parse_aarch64_operand(struct span *s, struct usdt_arg *arg)
{
	if (eat(s, '[')) {
		arg->kind = USDT_LOC_MEM;
		if (aarch64_reg(s, arg) || arg->reg_width != 8 || arg->reg >= 64)
			return -EINVAL;
		if (eat(s, ',')) {
			while (eat(s, ' '))
				;
			eat(s, '#');
			if (parse_signed(s, &arg->offset))
				return -EINVAL;
		}
		return eat(s, ']') ? 0 : -EINVAL;
	}
	if (s->p < s->end && (is_digit(*s->p) || *s->p == '-' || *s->p == '#')) {
		eat(s, '#');
		arg->kind = USDT_LOC_CONST;
		return parse_signed(s, &arg->offset);
	}
	arg->kind = USDT_LOC_REG;
	return aarch64_reg(s, arg);
}

int usdt_parse_arg(enum usdt_arch arch, const char *text, size_t len, struct usdt_arg *arg)
{
	struct span s = { text, text + len };
	const char *q = text;
	uint64_t size;
	int err;

	memset(arg, 0, sizeof(*arg));
	arg->reg = arg->index = -1;
	const char *digits;

	/* Sized form when the text starts with [-]DIGITS[f]@ (at least one digit). */
	if (q < s.end && *q == '-')
		q++;
	digits = q;
	while (q < s.end && is_digit(*q))
		q++;
	if (q > digits && q < s.end && *q == 'f')
		q++;
	if (q > digits && q < s.end && *q == '@') {
		arg->is_signed = eat(&s, '-');
		if (parse_unsigned(&s, &size) || size == 0 || size > 16)
			return -EINVAL;
		arg->size = (int)size;
		arg->is_float = eat(&s, 'f');
		if (!eat(&s, '@'))
			return -EINVAL;
	}
	if (arch == USDT_ARCH_X86_64)
		err = parse_x86_operand(&s, arg);
	else if (arch == USDT_ARCH_AARCH64)
		err = parse_aarch64_operand(&s, arg);
	else
		err = -EINVAL;
	if (err || s.p != s.end)
		return -EINVAL;
	return 0;
}

int usdt_parse_args(enum usdt_arch arch, const char *spec, struct usdt_arg *argv, int max)
{
	const char *p = spec, *start;
	int n = 0, depth, err;

	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			return n;
		if (n >= max)
			return -E2BIG;
		start = p;
		depth = 0;
		while (*p && (depth > 0 || (*p != ' ' && *p != '\t'))) {
			if (*p == '[' || *p == '(')
				depth++;
			else if ((*p == ']' || *p == ')') && depth > 0)
				depth--;
			p++;
		}
		if (p - spec > 0xffff)
			return -E2BIG;
		err = usdt_parse_arg(arch, start, (size_t)(p - start), &argv[n]);
		if (err)
			return err;
		argv[n].text_off = (unsigned short)(start - spec);
		argv[n].text_len = (unsigned short)(p - start);
		n++;
	}
}

static void describe_type(const struct usdt_arg *a, char *buf, size_t size)
{
	if (!a->size)
		snprintf(buf, size, "value");
	else if (a->is_float)
		snprintf(buf, size, "%s", a->size == 4 ? "float" : a->size == 8 ? "double" :
					a->size == 16 ? "long double" : "float?");
	else
		snprintf(buf, size, "%sint%d", a->is_signed ? "" : "u", a->size * 8);
}

void usdt_arg_describe(enum usdt_arch arch, const struct usdt_arg *a, char *buf, size_t size)
{
	char type[16], addr[200] = "", sym[160] = "";
	const char *base = a->reg >= 0 ? usdt_reg_name(arch, a->reg) : NULL;
	int64_t off = a->offset;

	describe_type(a, type, sizeof(type));
	if (a->symbol[0])
		snprintf(sym, sizeof(sym), "%s%s", a->symbol, a->unresolved ? "?" : "");
	switch (a->kind) {
	case USDT_LOC_CONST:
		if (sym[0])
			snprintf(buf, size, "%s = &%s%+lld", type, sym, (long long)off);
		else
			snprintf(buf, size, "%s = %lld", type, (long long)off);
		return;
	case USDT_LOC_REG:
		if (a->reg_shift)
			snprintf(buf, size, "%s in %s bits %d-%d (%s)", type, base, a->reg_shift,
				 a->reg_shift + 8 * a->reg_width - 1, a->reg_name);
		else if (strcmp(base, a->reg_name))
			snprintf(buf, size, "%s in %s (%s)", type, base, a->reg_name);
		else
			snprintf(buf, size, "%s in %s", type, base);
		return;
	case USDT_LOC_MEM:
	case USDT_LOC_PCREL:
		snprintf(addr, sizeof(addr), "%s%s%s%s%s", base ? base : "",
			 a->index >= 0 ? (base ? " + " : "") : "",
			 a->index >= 0 ? usdt_reg_name(arch, a->index) : "",
			 a->index >= 0 && a->scale > 1 ? "*" : "",
			 a->index >= 0 && a->scale > 1 ? (a->scale == 2 ? "2" : a->scale == 4 ?
							   "4" : "8") : "");
		if (sym[0])
			snprintf(addr + strlen(addr), sizeof(addr) - strlen(addr), " + %s", sym);
		if (off)
			snprintf(addr + strlen(addr), sizeof(addr) - strlen(addr), " %c %llu",
				 off < 0 ? '-' : '+',
				 off < 0 ? 0ull - (unsigned long long)off : (unsigned long long)off);
		if (a->symbol[0] && !a->unresolved)
			snprintf(buf, size, "%s at [%s] (0x%llx)", type, addr,
				 (unsigned long long)a->address);
		else
			snprintf(buf, size, "%s at [%s]", type, addr);
		return;
	case USDT_LOC_ABS:
		if (sym[0] && !a->unresolved)
			snprintf(buf, size, "%s at %s%+lld (0x%llx)", type, sym, (long long)off,
				 (unsigned long long)a->address);
		else if (sym[0])
			snprintf(buf, size, "%s at %s%+lld", type, sym, (long long)off);
		else
			snprintf(buf, size, "%s at 0x%llx", type, (unsigned long long)off);
		return;
	default:
		snprintf(buf, size, "?");
	}
}

const char *usdt_loc_name(enum usdt_loc kind)
{
	switch (kind) {
	case USDT_LOC_CONST: return "const";
	case USDT_LOC_REG: return "reg";
	case USDT_LOC_MEM: return "mem";
	case USDT_LOC_PCREL: return "pcrel";
	case USDT_LOC_ABS: return "abs";
	default: return "none";
	}
}

const char *usdt_arch_name(enum usdt_arch arch)
{
	return arch == USDT_ARCH_AARCH64 ? "aarch64" : "x86_64";
}

const char *usdt_reg_name(enum usdt_arch arch, int reg)
{
	static const char *const x86[] = { "rax", "rdx", "rcx", "rbx", "rsi", "rdi", "rbp",
					   "rsp", "r8",  "r9",  "r10", "r11", "r12", "r13",
					   "r14", "r15", "rip" };
	static const char *const xmm[] = { "xmm0", "xmm1", "xmm2",  "xmm3",  "xmm4",  "xmm5",
					   "xmm6", "xmm7", "xmm8",  "xmm9",  "xmm10", "xmm11",
					   "xmm12", "xmm13", "xmm14", "xmm15" };
	static const char *const a64[] = {
		"x0",  "x1",  "x2",  "x3",  "x4",  "x5",  "x6",  "x7",  "x8",  "x9",  "x10",
		"x11", "x12", "x13", "x14", "x15", "x16", "x17", "x18", "x19", "x20", "x21",
		"x22", "x23", "x24", "x25", "x26", "x27", "x28", "x29", "x30", "sp"
	};
	static const char *const vregs[] = {
		"v0",  "v1",  "v2",  "v3",  "v4",  "v5",  "v6",  "v7",  "v8",  "v9",  "v10",
		"v11", "v12", "v13", "v14", "v15", "v16", "v17", "v18", "v19", "v20", "v21",
		"v22", "v23", "v24", "v25", "v26", "v27", "v28", "v29", "v30", "v31"
	};

	if (arch == USDT_ARCH_X86_64) {
		if (reg >= 0 && reg <= 16)
			return x86[reg];
		if (reg >= 17 && reg <= 32)
			return xmm[reg - 17];
	} else if (arch == USDT_ARCH_AARCH64) {
		if (reg >= 0 && reg <= 31)
			return a64[reg];
		if (reg >= 64 && reg <= 95)
			return vregs[reg - 64];
	}
	return "?";
}
