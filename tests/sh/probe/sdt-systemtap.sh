#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Ours against systemtap's: one program, built once with systemtap-sdt-dev's <sys/sdt.h> and
# once with sdt/sdt.h, by gcc, clang, g++ and clang++ at -O0 and -O2; `sdt list --json` must
# report the same probes, addresses, semaphores and argument strings for both.  Then the
# system's libstdc++ (built with systemtap's header) lists its probes with every argument
# decoded.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
SDT=${SDT:-$TOP/build/bin/sdt}
fail=0
die() { echo "FAIL: $*"; fail=1; }

stap_h=$(ls /usr/include/x86_64-linux-gnu/sys/sdt.h /usr/include/sys/sdt.h 2>/dev/null | head -1)
[ -n "$stap_h" ] || { echo "systemtap-sdt-dev is not installed (make deps)"; exit 77; }
command -v jq >/dev/null || { echo "jq is not installed (make deps)"; exit 77; }

cat >prog.c <<'EOF'
/* Only systemtap's own macros, so both headers can build it. */
#define _SDT_HAS_SEMAPHORES 1
#define SDT_USE_VARIADIC 1
#include SDT_HEADER
struct req { int id; long len; const char *path; double weight; };
#define SEM(n) __attribute__((section(".probes"))) unsigned short app_##n##_semaphore
SEM(start); SEM(kinds); SEM(many); SEM(empty); SEM(var); SEM(dtrace);
volatile int counter = 3;
static volatile long gauge;
int handle(struct req *r, char c, unsigned short us, float f)
{
	gauge += r->len;
	STAP_PROBE(app, empty);
	STAP_PROBE2(app, start, r->id, r->len);
	STAP_PROBE8(app, kinds, r->path, r->weight, c, us, f, counter, gauge, 42);
	STAP_PROBE12(app, many, r->id, r->len, c, us, r->id + 1, r->len * 2, c + 1, us + 2,
		     r->path, &counter, -5, 1ULL << 40);
	STAP_PROBEV(app, var, r->id, c);
	DTRACE_PROBE3(app, dtrace, r, r->path[0], r->weight > 1.0);
	return r->id;
}
int main(int argc, char **argv)
{
	struct req r = { argc, argc * 10L, argv[0], argc * 0.5 };
	return handle(&r, (char)argc, (unsigned short)argc, (float)argc) == 12345;
}
EOF
cp prog.c prog.cc

view() { # json -> one line per probe: provider name address semaphore args
	jq -r '.files[0].probes[] | "\(.provider) \(.name) \(.address) \(.semaphore != 0) \(.args)"'
}

for cc in gcc clang g++ clang++; do
	src=prog.c; case $cc in *++) src=prog.cc ;; esac
	for opt in -O0 -O2; do
		$cc $opt -DSDT_HEADER='<sys/sdt.h>' $src -o stap.bin || { die "$cc $opt: systemtap build"; continue; }
		$cc $opt -I"$TOP/sdt" -DSDT_HEADER='"sdt.h"' $src -o ours.bin || { die "$cc $opt: our build"; continue; }
		"$SDT" list --json stap.bin | view >stap.txt
		"$SDT" list --json ours.bin | view >ours.txt
		[ "$(wc -l <stap.txt)" = 6 ] || die "$cc $opt: $(wc -l <stap.txt) probes, want 6"
		if diff -u stap.txt ours.txt; then
			echo "ok   $cc $opt: $(cut -d' ' -f5- ours.txt | tr '\n' '|')"
		else
			die "$cc $opt: systemtap's header and ours differ"
		fi
		# Every argument that came out of either header decodes.
		"$SDT" list --json ours.bin | jq -e '[.files[0].probes[] | .arguments != null] | all' \
			>/dev/null || die "$cc $opt: an argument string did not decode"
	done
done

# libstdc++ carries systemtap probes (libstdcxx:throw, rethrow, catch).
lib=$(ls /usr/lib/x86_64-linux-gnu/libstdc++.so.6 2>/dev/null || g++ -print-file-name=libstdc++.so.6)
[ -r "$lib" ] || { echo "no libstdc++.so.6 found"; exit 77; }
"$SDT" list -v "$lib" || die "sdt list -v $lib failed"
"$SDT" list --json "$lib" >lib.json || die "sdt list --json $lib failed"
want=$(readelf -n "$lib" | grep -c NT_STAPSDT)
got=$(jq '.files[0].probes | length' lib.json)
[ "$want" -gt 0 ] && [ "$got" = "$want" ] || die "libstdc++: readelf sees $want probes, sdt $got"
for name in throw rethrow catch; do
	jq -e --arg n "$name" '[.files[0].probes[] | select(.provider == "libstdcxx" and .name == $n)]
		| length > 0' lib.json >/dev/null || die "libstdc++: no libstdcxx:$name"
done
jq -e '[.files[0].probes[] | .arguments != null and (.arguments | length) > 0 and
	([.arguments[] | .kind != "none" and .size > 0] | all)] | all' lib.json >/dev/null ||
	die "libstdc++: some arguments are not decoded"
exit $fail
