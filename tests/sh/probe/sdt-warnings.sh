#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# sdt/sdt.h must compile without a single warning, under -Werror, in every language mode users
# build with, with gcc and clang, inside extern "C" {} too, and from assembly.  The probe file
# uses every macro family of the header, so a macro that only breaks when used is caught.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
W="-Wall -Wextra -Wpedantic -Werror"
fail=0

cat >probes.h <<'EOF'
/* Every macro of the header, with argument types that exercise the size/sign logic. */
#define SDT_USE_VARIADIC
#ifdef WRAP_EXTERN_C
extern "C" {
#endif
#include "sdt.h"
#ifdef WRAP_EXTERN_C
}
#endif
struct pair { int a, b; };
enum color { RED, GREEN };
SDT_DEFINE_SEMAPHORE(w, guarded);
SDT_DECLARE_SEMAPHORE(w, guarded);
static int use_all(int argc, char **argv)
{
	long l = argc; unsigned long long ull = (unsigned long long)argc; double d = argc * 0.5;
	float f = (float)d; char c = (char)argc; unsigned char uc = (unsigned char)argc;
	short s = (short)argc; struct pair pr = { argc, 2 }; enum color col = GREEN;
	const int ci = argc; volatile int vi = argc; int arr[2] = { argc, 0 };
	int out = 0;
	STAP_PROBE(w, p0);
	DTRACE_PROBE(w, d0);
	STAP_PROBE1(w, p1, argc);
	STAP_PROBE2(w, p2, argc, argv);
	STAP_PROBE3(w, p3, l, ull, d);
	STAP_PROBE4(w, p4, f, c, uc, s);
	STAP_PROBE5(w, p5, pr.a, col, ci, vi, arr);
	STAP_PROBE6(w, p6, 1, 2, 3, 4, 5, 6);
	STAP_PROBE7(w, p7, 1, 2, 3, 4, 5, 6, 7);
	STAP_PROBE8(w, p8, 1, 2, 3, 4, 5, 6, 7, 8);
	STAP_PROBE9(w, p9, 1, 2, 3, 4, 5, 6, 7, 8, 9);
	STAP_PROBE10(w, p10, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
	STAP_PROBE11(w, p11, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11);
	STAP_PROBE12(w, p12, argc, l, c, uc, s, 6, 7, 8, 9, 10, 11, argv);
	DTRACE_PROBE1(w, d1, argc);
	DTRACE_PROBE2(w, d2, argc, argv);
	DTRACE_PROBE3(w, d3, argc, argv, l);
	DTRACE_PROBE4(w, d4, 1, 2, 3, 4);
	DTRACE_PROBE5(w, d5, 1, 2, 3, 4, 5);
	DTRACE_PROBE6(w, d6, 1, 2, 3, 4, 5, 6);
	DTRACE_PROBE7(w, d7, 1, 2, 3, 4, 5, 6, 7);
	DTRACE_PROBE8(w, d8, 1, 2, 3, 4, 5, 6, 7, 8);
	DTRACE_PROBE9(w, d9, 1, 2, 3, 4, 5, 6, 7, 8, 9);
	DTRACE_PROBE10(w, d10, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
	DTRACE_PROBE11(w, d11, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11);
	DTRACE_PROBE12(w, d12, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12);
	STAP_PROBEV(w, v0);
	STAP_PROBEV(w, v1, argc);
	STAP_PROBEV(w, v3, argc, l, argv);
	if (SDT_PROBE_ENABLED(w, guarded))
		SDT_SEM_PROBE2(w, guarded, argc, l);
	__asm__ __volatile__("" STAP_PROBE_ASM(w, araw, %rdi 8(%rsp)) "");
	__asm__ __volatile__("mov %1, %0\n"
			     STAP_PROBE_ASM(w, atmpl, STAP_PROBE_ASM_TEMPLATE(2))
			     : "=r"(out)
			     : "r"(argc), STAP_PROBE_ASM_OPERANDS(2, argc, l));
	return out + vi;
}
EOF
printf '#include "probes.h"\nint main(int argc, char **argv) { return use_all(argc, argv) == 12345; }\n' >prog.c
cp prog.c prog.cc

check() { # label command...
	local label=$1; shift
	if "$@" >log 2>&1 && [ ! -s log ]; then
		echo "ok   $label"
	else
		echo "FAIL $label: $*"; sed 's/^/     /' log; fail=1
	fi
}

for cc in gcc clang; do
	for std in c99 c11 c17 gnu11; do
		check "$cc -std=$std" $cc -std=$std $W -O2 -I"$TOP/sdt" -c prog.c -o p.o
		check "$cc -std=$std -O0" $cc -std=$std $W -O0 -I"$TOP/sdt" -c prog.c -o p.o
	done
done
for cxx in g++ clang++; do
	for std in c++11 c++17 c++20; do
		check "$cxx -std=$std" $cxx -std=$std $W -O2 -I"$TOP/sdt" -c prog.cc -o p.o
		check "$cxx -std=$std extern C" $cxx -std=$std $W -O2 -DWRAP_EXTERN_C \
			-I"$TOP/sdt" -c prog.cc -o p.o
	done
done
check "clang -Wgnu-zero-variadic-macro-arguments" clang -std=c11 $W \
	-Wgnu-zero-variadic-macro-arguments -I"$TOP/sdt" -c prog.c -o p.o
check "clang++ -Wgnu-zero-variadic-macro-arguments" clang++ -std=c++17 $W \
	-Wgnu-zero-variadic-macro-arguments -I"$TOP/sdt" -c prog.cc -o p.o

# From assembly: sizeless operands, a semaphore, both assemblers.
cat >probe.S <<'EOF'
#define _SDT_HAS_SEMAPHORES 1
#include "sdt.h"
	.text
	.globl asm_probe
asm_probe:
	STAP_PROBE2(asmprov, two, %rdi, 8(%rsp))
	STAP_PROBE(asmprov, zero)
	ret
	.data
	.globl asmprov_two_semaphore, asmprov_zero_semaphore
asmprov_two_semaphore: .2byte 0
asmprov_zero_semaphore: .2byte 0
EOF
for cc in gcc clang; do
	check "$cc .S" $cc $W -I"$TOP/sdt" -c probe.S -o probe.o
	args=$(readelf -n probe.o | sed -n 's/^ *Arguments: //p' | head -1)
	[ "$args" = "%rdi 8(%rsp)" ] || { echo "FAIL $cc .S arguments: '$args'"; fail=1; }
done

# The full program links and its notes carry what the macros promised.
gcc -O2 -I"$TOP/sdt" prog.c -o prog || fail=1
n=$(readelf -n prog | grep -c 'NT_STAPSDT')
[ "$n" = 32 ] || { echo "FAIL: expected 32 notes, readelf counts $n"; fail=1; }
readelf -n prog | grep -A3 'Name: araw' | grep -q 'Arguments: %rdi 8(%rsp)' ||
	{ echo "FAIL: raw STAP_PROBE_ASM arguments"; fail=1; }
readelf -n prog | grep -A3 'Name: atmpl' | grep -qE 'Arguments: -4@%[a-z0-9]+ -8@' ||
	{ echo "FAIL: templated STAP_PROBE_ASM arguments"; readelf -n prog | grep -A3 atmpl; fail=1; }
readelf -n prog | grep -A3 'Name: guarded' | grep -q 'Semaphore: 0x0*[1-9a-f]' ||
	{ echo "FAIL: SDT_SEM_PROBE2 has no semaphore"; fail=1; }
readelf -n prog | grep -A3 'Name: v3$' | grep -qE 'Arguments: -4@\S+ -8@\S+ 8@\S+$' ||
	{ echo "FAIL: STAP_PROBEV arguments"; readelf -n prog | grep -A3 'Name: v3'; fail=1; }
readelf -n prog | grep -A3 'Name: p0$' | grep -qE 'Semaphore: 0x0+$' ||
	{ echo "FAIL: plain probe has a semaphore"; fail=1; }
readelf -S prog | grep -q '\.probes' || { echo "FAIL: no .probes section"; fail=1; }
exit $fail
