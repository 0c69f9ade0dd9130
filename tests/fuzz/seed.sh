#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# Seeds for a fuzz target: seed.sh TARGET DIR.  Small ELF files with probes for the note
# reader (built here with sdt/sdt.h, static and without libc so they stay a few KB); argument
# strings of every form for the argument-spec parser (first byte: 0 x86_64, 1 aarch64).
set -e
top=$(cd "$(dirname "$0")/../.." && pwd)
case $1 in
fuzz_note)
	cat >"$2/tiny.c" <<'EOC'
#include "sdt.h"
SDT_DEFINE_SEMAPHORE(tiny, guarded);
volatile long g;
void _start(void)
{
	long a = g, b = g * 3;
	STAP_PROBE(tiny, zero);
	STAP_PROBE3(tiny, three, a, b, g);
	if (SDT_PROBE_ENABLED(tiny, guarded))
		SDT_SEM_PROBE1(tiny, guarded, a);
	for (;;)
		;
}
EOC
	cc -O2 -I"$top/sdt" -nostdlib -static -s -Wl,--build-id=none -Wl,-z,max-page-size=64 -Wl,-z,noseparate-code \
		"$2/tiny.c" -o "$2/tiny-exec"
	cc -O2 -I"$top/sdt" -nostdlib -static-pie -fPIE -s -Wl,--build-id=none "$2/tiny.c" \
		-o "$2/tiny-pie" 2>/dev/null || true
	rm -f "$2/tiny.c"
	;;
fuzz_readers)
	cp /proc/self/maps "$2/maps"
	cp /proc/self/auxv "$2/auxv"
	cp /bin/true "$2/elf"
	;;
fuzz_argspec)
	i=0
	for s in '-4@%edi 8@%rsi' '8@-8(%rbp) -4@$42' '-4@counter(%rip) 8@8+t(%rip)' \
		 '4@8(%rax,%rbx,4) 8f@%xmm0 1@%ah' '%rdi 8(%rsp)' '-2@%r9w 1@%r10b 8@(,%rdx,8)'; do
		printf '\000%s' "$s" >"$2/x$i"; i=$((i + 1))
	done
	for s in '-4@w0 8@[sp, 16]' '8@x30 -4@[x1, -8] 4@#-7' '8f@d0 8@[x19]'; do
		printf '\001%s' "$s" >"$2/a$i"; i=$((i + 1))
	done
	;;
esac
