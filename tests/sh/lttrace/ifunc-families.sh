#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# glibc picks each string function's implementation for the CPU it runs on (IFUNC): EVEX and
# AVX-512 variants, AVX2 (with or without RTM), SSE2.  A tracer that works on one family may
# change what a program computes on another (a kernel uprobe on the EVEX variants did), and the
# machines that run this suite differ.  So the lttrace and uprobe tests run again once per
# family this CPU can run, forced with GLIBC_TUNABLES=glibc.cpu.hwcaps=...; the family the CPU
# picks by itself is the main run's.  Which implementation each setting really selected is read
# back (tests/lttrace/ifunc-pick.c: dlsym gives the chosen code, gdb names it from libc's debug
# symbols), and a family the CPU cannot run is named once, with why.
set -u
cc=${CC:-cc}
"$cc" -O1 -o pick "$TOP/tests/lttrace/ifunc-pick.c" -ldl || exit 1

AVX512="-AVX512F,-AVX512VL,-AVX512BW,-AVX512DQ,-AVX512CD"
families=(
	"evex|"
	"avx2_rtm|glibc.cpu.hwcaps=$AVX512"
	"avx2|glibc.cpu.hwcaps=$AVX512,-RTM,-Prefer_No_VZEROUPPER"
	"sse2|glibc.cpu.hwcaps=$AVX512,-RTM,-AVX2,-AVX,-AVX_Fast_Unaligned_Load,-SSE4_2,-SSE4_1,-SSSE3"
)
# The tests whose programs call IFUNC'd functions through a tracer's probes.
TESTS_IFUNC="lttrace-bpf lttrace-threads uprobe uretprobe uprobe-xol uprobe-isa uprobe-ifunc uprobe-proto"

# The implementations a setting selects: "strlen=__strlen_evex memset=... ".
picks() {
	./pick strlen strchr memset memcpy strcmp | while read -r fn file off; do
		printf '%s=%s ' "$fn" \
			"$(gdb -nx -batch -ex "info symbol $off" "$file" 2>/dev/null | awk 'NR==1{print $1}')"
	done
}

native=$(picks)
ran=() notrun=() fail=0
for f in "${families[@]}"; do
	name=${f%%|*} tun=${f#*|}
	got=$(GLIBC_TUNABLES=$tun picks)
	case $got in
	*"strlen=__strlen_${name} "*) ;;
	*) notrun+=("$name (this CPU picks ${got%% *} with it)"); continue ;;
	esac
	if [ "$got" = "$native" ]; then
		ran+=("$name (native: the main run)")
		echo "NOTE: $name: $got"
		continue
	fi
	echo "NOTE: $name ($tun): $got"
	log="family-$name.log"
	GLIBC_TUNABLES=$tun LTTRACE_BPF_ONLY_IFUNC=1 TESTS="$TESTS_IFUNC" \
		bash "$TOP/tests/run.sh" >"$log" 2>&1
	rc=$?
	summary=$(tail -n1 "$log")
	if [ $rc != 0 ]; then
		echo "FAIL: family $name: $summary"
		grep -A40 '^FAIL' "$log"
		fail=1
	fi
	ran+=("$name ($summary)")
done
echo "NOTE: IFUNC families run: ${ran[*]}"
[ ${#notrun[@]} = 0 ] || echo "NOTE: not runnable on this CPU: ${notrun[*]}"
[ ${#ran[@]} -ge 1 ] || { echo "FAIL: no family ran (are gdb and libc6-dbg there?)"; fail=1; }
exit $fail
