#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The workshop (examples/workshop/*.md) run as written: every ```sh block's "$ " lines are run
# in order (a trailing \ continues a command) from a scratch directory that looks like the top
# of the tree (build/, examples/, sdt/), and the block's output, stdout and stderr together, is
# checked against the comments that follow the block -- the walkthrough's "what to look for":
#	<!-- expect: ERE -->       some line matches (grep -E)
#	<!-- expect-not: ERE -->   no line matches
#	<!-- exit: N -->           the block's last command exits with N
# Arguments: walkthrough files (default: all of them).
set -u
[ "$(id -u)" = 0 ] || { echo "the workshop traces with --bpf: run as root"; exit 77; }
for t in sttrace sdt lttrace; do
	[ -x "$TOP/$B/bin/$t" ] || { echo "FAIL: no $B/bin/$t (make all)"; exit 1; }
done
[ -x "$TOP/$B/examples/libcalls-noplt" ] ||
	{ echo "FAIL: examples not built (make -C examples)"; exit 1; }
files=("$@")
[ ${#files[@]} -gt 0 ] || files=("$TOP"/examples/workshop/*.md)
fail=0 nblocks=0 nchecks=0

run_file() { # walkthrough.md
	local md=$1 name line cmd="" in=0 n=0 out="" st=0 re
	name=$(basename "$md" .md)
	local dir="$PWD/$name"
	rm -rf "$dir"
	mkdir -p "$dir"
	ln -s "$TOP/$B" "$dir/build"
	ln -s "$TOP/examples" "$dir/examples"
	ln -s "$TOP/sdt" "$dir/sdt"
	while IFS= read -r line; do
		if [ $in = 1 ]; then
			if [ "$line" = '```' ]; then
				in=0
				[ -n "$cmd" ] || continue
				n=$((n + 1)) nblocks=$((nblocks + 1))
				out="$dir/block$n.out"
				printf '%s\n' "$cmd" >"$dir/block$n.sh"
				(cd "$dir" && timeout 300 bash "$dir/block$n.sh") >"$out" 2>&1
				st=$?
				echo "$name: block $n: exit $st ($(wc -l <"$out") lines)"
				cmd=""
			elif [ "${line#\$ }" != "$line" ] || [ "${cont:-0}" = 1 ]; then
				[ "${cont:-0}" = 1 ] && cmd+=$'\n'"$line" || cmd+=$'\n'"${line#\$ }"
				case $line in *\\) cont=1 ;; *) cont=0 ;; esac
			fi
			continue
		fi
		case $line in
		'```sh') in=1; cmd="" ;;
		'<!-- expect: '*' -->')
			re=${line#'<!-- expect: '}; re=${re%' -->'}; nchecks=$((nchecks + 1))
			grep -Eq -- "$re" "$out" || bad "$name block $n: nothing matches /$re/" ;;
		'<!-- expect-not: '*' -->')
			re=${line#'<!-- expect-not: '}; re=${re%' -->'}; nchecks=$((nchecks + 1))
			grep -Eq -- "$re" "$out" && bad "$name block $n: a line matches /$re/" ;;
		'<!-- exit: '*' -->')
			re=${line#'<!-- exit: '}; re=${re%' -->'}; nchecks=$((nchecks + 1))
			[ "$st" = "$re" ] || bad "$name block $n: exit status $st, want $re" ;;
		esac
	done <"$md"
	[ $n -gt 0 ] || bad "$name: no command blocks"
}

bad() {
	echo "FAIL: $*"
	sed -n '1,30p' "$out" | sed 's/^/    | /'
	fail=1
}

for f in "${files[@]}"; do run_file "$f"; done
echo "$nblocks blocks, $nchecks checks"
exit $fail
