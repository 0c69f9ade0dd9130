#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# sttrace --compare: three modes in valid JSON, the events a plain traced run produces, the
# tracer's options passed on (minus the comparison's own), -o kept, -c totals as events,
# --max-overhead changing the exit status both ways, and bpf reported with its reason (not
# dropped) when run as an unprivileged user.
set -u
prog="$TOP/$B/examples/catfile"
fail=0
bad() { echo "FAIL: $*"; fail=1; }
command -v jq >/dev/null || { echo "jq missing (make deps)"; exit 77; }
[ -x "$prog" ] || { echo "no $prog: make -C examples"; exit 77; }
bpf_ok=0
[ "$(id -u)" = 0 ] && [ -r /sys/kernel/btf/vmlinux ] && bpf_ok=1

# 1. The acceptance command: valid JSON, three modes.
"$STTRACE" --compare=2 --json -e trace=openat "$prog" /etc/hostname >c.json 2>c.err
rc=$?
[ $rc = 0 ] || bad "--compare --json exit status $rc: $(cat c.err)"
jq -e . c.json >/dev/null || bad "not valid JSON: $(head -c 300 c.json)"
jq -e '[.modes[].mode] == ["untraced","ptrace","bpf"]' c.json >/dev/null ||
	bad "modes: $(jq -c '[.modes[].mode]' c.json)"
jq -e '.tracer_args == ["-e","trace=openat"] and .runs == 2 and .output == "/dev/null"' \
	c.json >/dev/null || bad "tracer_args/runs/output: $(jq -c '[.tracer_args,.runs,.output]' c.json)"
jq -e '.modes[0] | .available and .overhead == 1 and .events == null and
	(.times_s | length) == 2 and .min_s <= .median_s and .median_s <= .max_s' c.json >/dev/null ||
	bad "untraced row: $(jq -c '.modes[0]' c.json)"
# events of the ptrace mode = lines of the same traced run
"$STTRACE" -o plain.log -e trace=openat "$prog" /etc/hostname >/dev/null 2>&1
want=$(wc -l <plain.log)
got=$(jq '.modes[1].events' c.json)
[ "$got" = "$want" ] || bad "ptrace events $got, a plain run writes $want lines"
jq -e '.modes[1] | .available and .overhead > 0 and (.ns_per_event | type) == "number"' \
	c.json >/dev/null || bad "ptrace row: $(jq -c '.modes[1]' c.json)"
if [ $bpf_ok = 1 ]; then
	jq -e --argjson n "$want" '.modes[2] | .available and .events == $n' c.json >/dev/null ||
		bad "bpf row: $(jq -c '.modes[2]' c.json)"
fi
echo "ok: --json: $(jq -c '[.modes[] | {mode, median_s, overhead, events}]' c.json)"

# 2. The text table: a header and one row per mode.
"$STTRACE" --compare=1 -e trace=openat "$prog" /etc/hostname >t.txt 2>&1 || bad "table run failed"
grep -q '^mode .*median s .*overhead .*events .*ns/event' t.txt || bad "no table header"
for m in untraced ptrace bpf; do grep -q "^$m " t.txt || bad "no $m row"; done
cat t.txt

# 3. -o FILE: the traced runs write there (the last run's trace stays); -c: events are the
#    summary's total calls.
"$STTRACE" --compare=1 --json -o out.log -e trace=openat "$prog" /etc/hostname >o.json 2>&1
grep -q '^openat(.*"/etc/hostname"' out.log || bad "-o FILE does not hold the trace"
jq -e '.output == "out.log" and (.tracer_args | index("-o")) == null' o.json >/dev/null ||
	bad "-o: $(jq -c '[.output,.tracer_args]' o.json)"
"$STTRACE" --compare=1 --json -c -e trace=%file "$prog" /etc/hostname >s.json 2>&1
"$STTRACE" -o s.log -c -e trace=%file "$prog" /etc/hostname >/dev/null 2>&1
want=$(awk '$NF == "total" {print $4}' s.log)
got=$(jq '.modes[1].events' s.json)
[ -n "$want" ] && [ "$got" = "$want" ] || bad "-c: events $got, summary total $want"

# 4. --max-overhead: the exit status changes, both ways, for each backend.
gate() { # expected-status limit...
	local want=$1 a=() l
	shift
	for l in "$@"; do a+=("--max-overhead=$l"); done
	"$STTRACE" --compare=1 "${a[@]}" -e trace=write "$TOP/$B/examples/reqserver" -n 300 \
		>g.txt 2>g.err
	local rc=$?
	if [ $rc != "$want" ]; then bad "$* -> exit $rc, want $want"; cat g.txt g.err
	else echo "ok: --max-overhead $* -> $rc $(grep -h exceeded g.err)"; fi
}
gate 0 ptrace:100000
gate 2 ptrace:1.000001
grep -q "^$STTRACE: --max-overhead=ptrace:1.000001 exceeded: " g.err || bad "no exceeded message"
if [ $bpf_ok = 1 ]; then
	gate 0 bpf:100000 ptrace:100000
	gate 2 bpf:1.000001
fi
"$STTRACE" --compare=1 --json --max-overhead=ptrace:1.000001 -e trace=openat "$prog" /etc/hostname \
	>j.json 2>/dev/null
[ $? = 2 ] || bad "--json with a limit exceeded: status not 2"
jq -e '.ok == false and .limits == [{"mode":"ptrace","max":1.000001,"ok":false}]' j.json \
	>/dev/null || bad "limits in JSON: $(jq -c '[.ok,.limits]' j.json)"

# 5. Unprivileged: bpf cannot run and says why; ptrace of its own child still works.
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null; then
	nobody() { setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"; }
	nobody "$STTRACE" --compare=1 --json -e trace=openat "$prog" /etc/hostname >n.json 2>n.err
	rc=$?
	[ $rc = 0 ] || bad "as nobody: exit $rc: $(cat n.err)"
	jq -e '[.modes[].mode] == ["untraced","ptrace","bpf"] and .modes[1].available and
		(.modes[2] | .available == false and (.reason | test("CAP_BPF")))' n.json >/dev/null ||
		bad "as nobody: $(jq -c '.modes' n.json)"
	echo "ok: as nobody, bpf: $(jq -r '.modes[2].reason' n.json)"
	nobody "$STTRACE" --compare=1 -e trace=openat "$prog" /etc/hostname >n.txt 2>&1
	grep -q '^bpf  *not measured: --bpf needs CAP_BPF' n.txt || bad "as nobody, table: $(cat n.txt)"
	# PROG failing (exit 1) like the tracer that cannot start: still told apart
	nobody "$STTRACE" --compare=1 --json false >f.json 2>/dev/null
	jq -e '.modes[0].exit_status == 1 and .modes[1].available and .modes[1].exit_status == 1
		and .modes[2].available == false' f.json >/dev/null ||
		bad "as nobody, PROG false: $(jq -c '.modes' f.json)"
	nobody "$STTRACE" --compare=1 --max-overhead=bpf:1000 -e trace=openat "$prog" /etc/hostname \
		>/dev/null 2>n.err
	[ $? = 2 ] || bad "as nobody, a limit on bpf must fail the gate"
	grep -q 'bpf not measured' n.err || bad "as nobody: $(cat n.err)"
fi

# 6. Mistakes are one line and status 1.
for a in "--compare=0 true" "--compare=x true" "--max-overhead=bpf true" \
	"--max-overhead=strace:2 true" "--max-overhead=bpf:-1 true" "--compare -p 1" "--compare" \
	"--compare /nonexistent/prog"; do
	# shellcheck disable=SC2086
	"$STTRACE" $a >/dev/null 2>e.txt
	rc=$?
	[ $rc = 1 ] && grep -q "^$STTRACE: " e.txt || bad "'sttrace $a': exit $rc, $(cat e.txt)"
done
ls -d "${TMPDIR:-/tmp}"/sttrace-compare.* 2>/dev/null && bad "temporary directories left behind"
exit $fail
