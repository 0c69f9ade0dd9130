// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * lttrace prototypes: the built-in table parses, holds >= 250 functions and every IFUNC of this
 * machine's libc; values print exactly as ltrace 0.7.3 printed them.  Every expected string
 * below was taken from /usr/bin/ltrace 0.7.3 tracing a small program (its line, minus the name
 * and the alignment), with the same register values and memory.  Memory is a local buffer the
 * fake read callback serves; everything outside it faults.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "proto/proto.h"

static int failures;

#define MEMBASE 0x10000ull
static uint8_t mem[65536];
static size_t used;

static int mread(void *priv, uint64_t addr, void *buf, size_t len)
{
	if (addr < MEMBASE || addr + len > MEMBASE + sizeof(mem) || addr + len < addr)
		return -EFAULT;
	memcpy(buf, mem + (addr - MEMBASE), len);
	return 0;
}

static uint64_t put(const void *p, size_t n)
{
	used = (used + 15) & ~15ul;
	uint64_t a = MEMBASE + used;
	memcpy(mem + used, p, n);
	used += n;
	return a;
}

static uint64_t str(const char *s)
{
	return put(s, strlen(s) + 1);
}

static struct lt_vctx ctx(void)
{
	struct lt_vctx v = { .pid = 1, .read = mread, .strsize = 32, .arraylen = 4,
			     .have_fregs = true, .sp = MEMBASE + sizeof(mem) - 256 };
	return v;
}

static void setf(struct lt_vctx *v, int i, float f)
{
	memset(&v->fregs[i], 0, 8);
	memcpy(&v->fregs[i], &f, 4);
}

/* One call: NAME's prototype (NULL name: the fallback), entry args + out args, return. */
static void check(const char *name, struct lt_vctx *v, const char *want_args, const char *want_ret)
{
	const struct lt_proto *p = name ? lt_proto_lookup(name) : NULL;
	struct strbuf a = { 0 }, r = { 0 };

	if (name && !p) {
		printf("FAIL %s: no prototype\n", name);
		failures++;
		return;
	}
	lt_proto_print_args(&a, p, v);
	lt_proto_print_out_args(&a, p, v, a.len > 0);
	lt_proto_print_ret(&r, p, v);
	if (strcmp(sb_str(&a), want_args) || strcmp(sb_str(&r), want_ret)) {
		printf("FAIL %s(%s) = %s\n  want (%s) = %s\n", name ? name : "?", sb_str(&a),
		       sb_str(&r), want_args, want_ret);
		failures++;
	}
	sb_free(&a);
	sb_free(&r);
}

static void expect_error(const char *text, const char *want)
{
	char err[256] = "";
	int r = lt_proto_load_text("bad.conf", text, err, sizeof(err));

	if (r != -EINVAL || strcmp(err, want)) {
		printf("FAIL conf error for \"%s\": %d \"%s\", want \"%s\"\n", text, r, err, want);
		failures++;
	}
}

static int find_libc(struct dl_phdr_info *info, size_t size, void *data)
{
	if (strstr(info->dlpi_name, "/libc.so"))
		snprintf(data, 4096, "%s", info->dlpi_name);
	return 0;
}

/* Every STT_GNU_IFUNC symbol of the libc this test runs with must have a prototype. */
static void check_ifuncs(void)
{
	char path[4096] = "";
	int n = 0;

	dl_iterate_phdr(find_libc, path);
	elf_version(EV_CURRENT);
	int fd = open(path, O_RDONLY);
	Elf *e = fd >= 0 ? elf_begin(fd, ELF_C_READ, NULL) : NULL;
	Elf_Scn *scn = NULL;
	if (!e) {
		printf("FAIL cannot read libc '%s'\n", path);
		failures++;
		return;
	}
	while ((scn = elf_nextscn(e, scn))) {
		GElf_Shdr sh;
		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_DYNSYM)
			continue;
		Elf_Data *d = elf_getdata(scn, NULL);
		for (size_t i = 0; d && i < sh.sh_size / sh.sh_entsize; i++) {
			GElf_Sym s;
			if (!gelf_getsym(d, i, &s) || GELF_ST_TYPE(s.st_info) != STT_GNU_IFUNC)
				continue;
			const char *nm = elf_strptr(e, sh.sh_link, s.st_name);
			n++;
			if (!nm || !lt_proto_lookup_builtin(nm)) {
				printf("FAIL IFUNC %s has no built-in prototype\n", nm ? nm : "?");
				failures++;
			}
		}
	}
	elf_end(e);
	close(fd);
	printf("%d IFUNC symbols in %s checked\n", n, path);
	if (n < 10) {
		printf("FAIL too few IFUNCs found\n");
		failures++;
	}
}

int main(void)
{
	char err[256] = "";

	if (lt_proto_init(err, sizeof(err)) < 0) {
		printf("FAIL built-in table: %s\n", err);
		return 1;
	}
	printf("%d built-in prototypes\n", lt_proto_count());
	if (lt_proto_count() < 250) {
		printf("FAIL fewer than 250 built-in prototypes\n");
		failures++;
	}
	check_ifuncs();

	/* ltrace ./t1 (built-in prototypes of both sides) */
	struct lt_vctx v = ctx();
	v.iregs[0] = str("hello\tworld\001\377\"q\\");
	v.ret = 16;
	check("strlen", &v, "\"hello\\tworld\\001\\377\"q\\\\\"", "16");
	v = ctx();
	v.iregs[0] = str("a very long string that goes on and on past thirty-two");
	v.ret = -1;
	check("access", &v, "\"a very long string that goes on \"..., 0", "-1");
	v.iregs[0] = 0;
	check("access", &v, "nil, 0", "-1");
	v = ctx();
	v.iregs[0] = 17;
	v.ret = 0x34aff2a0;
	check("malloc", &v, "17", "0x34aff2a0");
	v.iregs[0] = 0x34aff2a0;
	check("free", &v, "0x34aff2a0", "<void>");
	v = ctx();
	v.iregs[0] = 'a';
	v.ret = 'A';
	check("toupper", &v, "'a'", "'A'");
	v.iregs[0] = v.ret = '\n';
	check("toupper", &v, "'\\n'", "'\\n'");
	v = ctx();
	v.iregs[0] = 0x40203f, v.iregs[1] = 1, v.iregs[2] = 138, v.iregs[3] = 0;
	v.ret = (uint64_t)-42;
	check(NULL, &v, "0x40203f, 1, 138, 0", "-42");
	v.ret = 291;
	check(NULL, &v, "0x40203f, 1, 138, 0", "291");
	v = ctx();
	v.ret = 1795406310;
	check("time", &v, "0", "1795406310");
	v = ctx();
	v.iregs[0] = 0x7ffeb3ad8540, v.iregs[1] = 'x', v.iregs[2] = 10;
	v.ret = 0x7ffeb3ad8540;
	check("memset", &v, "0x7ffeb3ad8540, 'x', 10", "0x7ffeb3ad8540");
	v = ctx();
	v.iregs[0] = str("5-ab"), v.iregs[1] = 64, v.iregs[2] = str("%d-%s");
	v.iregs[3] = 5, v.iregs[4] = str("ab");
	v.ret = 4;
	check("snprintf", &v, "\"5-ab\", 64, \"%d-%s\", 5, \"ab\"", "4");
	v = ctx();
	v.iregs[0] = str("%s %d %c %f %x\n"), v.iregs[1] = str("str"), v.iregs[2] = -3;
	v.iregs[3] = 'z', v.iregs[4] = 255, v.fregs[0] = 1.5;
	v.ret = 21;
	check("printf", &v, "\"%s %d %c %f %x\\n\", \"str\", -3, 'z', 1.500000, 0xff", "21");
	v = ctx();
	v.iregs[0] = 1, v.iregs[1] = str("abc\n"), v.iregs[2] = 4, v.ret = 4;
	check("write", &v, "1, \"abc\\n\", 4", "4");
	v = ctx();
	v.iregs[0] = str("/nonexist"), v.iregs[1] = 0x241, v.iregs[2] = 0644, v.ret = 3;
	check("open", &v, "\"/nonexist\", 577, 0644", "3");

	/* ltrace -F x.conf ./m: the same lines, loaded as a user file */
	static const char xconf[] =
		"int fa(array(int, arg2)*, int);\n"
		"typedef S = struct(int, string);\n"
		"int fs(S*);\n"
		"double fd(double, float, int);\n"
		"float ff(float);\n"
		"hex(long) fh(hex(long), oct(long), hex(long));\n"
		"int fe(enum(A=1, B, C=7));\n"
		"int fb(bool(int), bitvec(uint));\n"
		"struct(float, float) fp(struct(float, float));\n"
		"typedef L = struct;\n"
		"typedef L = struct(int, L*);\n"
		"int fl(L*);\n"
		"char fc(char, string, short, ushort);\n"
		"void fo(+int*, +string);\n"
		"long fm(long, long, long, long, long, long, long, long);\n"
		"string fn();\n";
	if (lt_proto_load_text("x.conf", xconf, err, sizeof(err)) < 0) {
		printf("FAIL x.conf: %s\n", err);
		return 1;
	}
	int arr[6] = { 1, -2, 3, 4, 5, 6 };
	v = ctx();
	v.iregs[0] = put(arr, sizeof(arr)), v.iregs[1] = 3, v.ret = 3;
	check("fa", &v, "[ 1, -2, 3 ], 3", "3");
	v.iregs[1] = 6, v.ret = 6;
	check("fa", &v, "[ 1, -2, 3, 4... ], 6", "6");
	v.iregs[1] = 0, v.ret = 0;
	check("fa", &v, "[  ], 0", "0");
	v.iregs[1] = 3, v.ret = 3, v.arraylen = 2;
	check("fa", &v, "[ 1, -2... ], 3", "3");
	struct { int a; uint64_t s; } s = { 7, str("seven") };
	v = ctx();
	v.iregs[0] = put(&s, sizeof(s)), v.ret = 7;
	check("fs", &v, "{ 7, \"seven\" }", "7");
	v.strsize = 3;
	check("fs", &v, "{ 7, \"sev\"... }", "7");
	v.iregs[0] = 0, v.ret = 0;
	check("fs", &v, "nil", "0");
	v = ctx();
	v.fregs[0] = 1.5, v.iregs[0] = 3, v.fret = 6.375;
	setf(&v, 1, 2.25f);
	check("fd", &v, "1.500000, 2.250000, 3", "6.375000");
	v = ctx();
	setf(&v, 0, -0.5f);
	memset(&v.fret, 0, 8);
	float m1 = -1.0f;
	memcpy(&v.fret, &m1, 4);
	check("ff", &v, "-0.500000", "-1.000000");
	v = ctx();
	v.iregs[0] = 255, v.iregs[1] = 8, v.ret = 255;
	check("fh", &v, "0xff, 010, 0", "0xff");
	v.iregs[0] = v.ret = (uint64_t)-1, v.iregs[1] = 0;
	check("fh", &v, "0xffffffffffffffff, 00, 0", "0xffffffffffffffff");
	v = ctx();
	v.iregs[0] = v.ret = 1;
	check("fe", &v, "A", "1");
	v.iregs[0] = v.ret = 2;
	check("fe", &v, "B", "2");
	v.iregs[0] = v.ret = 7;
	check("fe", &v, "C", "7");
	v.iregs[0] = v.ret = 0xffffffff;
	check("fe", &v, "-1", "-1");
	v = ctx();
	v.iregs[0] = 0, v.iregs[1] = 0x2d, v.ret = 0;
	check("fb", &v, "false, <0,2-3,5>", "0");
	v.iregs[0] = 3, v.iregs[1] = 0xfffffffe, v.ret = 3;
	check("fb", &v, "true, ~<0>", "3");
	v = ctx();
	float pf[2] = { 1.0f, 2.5f };
	memcpy(&v.fregs[0], pf, 8);
	memcpy(&v.fret, pf, 8);
	check("fp", &v, "{ 1.000000, 2.500000 }", "{ 1.000000, 2.500000 }");
	struct node { int v; uint64_t next; } l[3];
	v = ctx();
	used = (used + 15) & ~15ul;
	uint64_t la = MEMBASE + used;
	for (int i = 0; i < 3; i++)
		l[i] = (struct node){ i + 1, la + (i + 1) % 3 * sizeof(struct node) };
	put(l, sizeof(l));
	v.iregs[0] = la;
	check("fl", &v, "{ 1, { 2, { 3, recurse^^ } } }", "0");
	unsigned char u[3] = { 200, 'x', 0 };
	v = ctx();
	v.iregs[0] = 033, v.iregs[1] = put(u, 3), v.iregs[2] = (uint16_t)-5, v.iregs[3] = 65535;
	v.ret = 033;
	check("fc", &v, "'\\033', \"\\310x\", -5, 65535", "'\\033'");
	int o = 42;
	v = ctx();
	v.iregs[0] = put(&o, 4), v.iregs[1] = str("ok");
	check("fo", &v, "42, \"ok\"", "<void>");
	v = ctx();
	for (int i = 0; i < 6; i++)
		v.iregs[i] = i + 1;
	uint64_t stk[2] = { 7, 8 };
	memcpy(mem + (v.sp + 8 - MEMBASE), stk, sizeof(stk));
	v.ret = 8;
	check("fm", &v, "1, 2, 3, 4, 5, 6, 7, 8", "8");
	v = ctx();
	check("fn", &v, "", "nil");
	/* Unreadable memory: ltrace prints whatever its buffer held; we print the address. */
	v = ctx();
	v.iregs[0] = 0x10, v.iregs[1] = 2, v.ret = 2;
	check("fa", &v, "0x10, 2", "2");
	v.iregs[0] = 0x1234;
	check("strlen", &v, "0x1234", "2");

	if (lt_proto_nslots(lt_proto_lookup("fm")) != 8 || lt_proto_nslots(NULL) != 4 ||
	    lt_proto_nslots(lt_proto_lookup("strlen")) != 1) {
		printf("FAIL nslots\n");
		failures++;
	}
	/* -F precedence: a user line replaces the built-in one */
	lt_proto_load_text("u.conf", "hex(ulong) strlen(addr);\n", err, sizeof(err));
	v = ctx();
	v.iregs[0] = 0x1234, v.ret = 16;
	check("strlen", &v, "0x1234", "0x10");

	expect_error("int f(foo);\n", "bad.conf:1: unknown type 'foo'");
	expect_error("; c\nint f(int\n", "bad.conf:2: expected ')' at end of line");
	expect_error("int f(array(int));\n", "bad.conf:1: expected ',' at \"));\"");
	expect_error("int f(string[arg]);\n", "bad.conf:1: bad length specifier 'arg'");
	expect_error("int f(hex);\n", "bad.conf:1: expected type argument after the lens");
	expect_error("typedef X = int;\ntypedef X = long;\n",
		     "bad.conf:2: redefinition of typedef 'X'");
	expect_error("int f(int) x\n", "bad.conf:1: junk at end of line: \"x\"");
	expect_error("int f(format, format);\n",
		     "bad.conf:1: only one 'format' type per function supported");

	printf("%s\n", failures ? "FAILED" : "ok");
	return failures ? 1 : 0;
}
