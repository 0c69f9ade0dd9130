#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The workshop (examples/workshop/*.md) and the README run as written: every ```sh block's "$ "
# lines are run in order (a trailing \ continues a command) from a scratch directory that looks
# like the top of the tree (every top-level entry linked, build/ being $B), and the block's
# output, stdout and stderr together, is checked against the comments that follow the block --
# the walkthrough's "what to look for":
#	<!-- expect: ERE -->       some line matches (grep -E)
#	<!-- expect-not: ERE -->   no line matches
#	<!-- exit: N -->           the block's last command exits with N
# and one comment before a block:
#	<!-- not-run: COMMAND -->  the block's "$ COMMAND" line is not run (`make test` in the
#	                           README: the suite this test is part of); it must be there
# Arguments: files (default: the walkthroughs and README.md).
set -u
[ "$(id -u)" = 0 ] || { echo "the workshop traces with --bpf: run as root"; exit 77; }
for t in sttrace sdt lttrace; do
	[ -x "$TOP/$B/bin/$t" ] || { echo "FAIL: no $B/bin/$t (make all)"; exit 1; }
done
[ -x "$TOP/$B/examples/libcalls-noplt" ] ||
	{ echo "FAIL: examples not built (make -C examples)"; exit 1; }
files=("$@")
[ ${#files[@]} -gt 0 ] || files=("$TOP"/examples/workshop/*.md "$TOP/README.md")
fail=0 nblocks=0 nchecks=0

run_file() { # walkthrough.md
	local md=$1 name line cmd="" in=0 n=0 out="" st=0 re notrun="" e
	name=$(basename "$md" .md)
	local dir="$PWD/$name"
	rm -rf "$dir"
	mkdir -p "$dir"
	for e in "$TOP"/*; do
		case ${e##*/} in build*) ;; *) ln -s "$e" "$dir/${e##*/}" ;; esac
	done
	ln -s "$TOP/$B" "$dir/build"
	while IFS= read -r line; do
		if [ $in = 1 ]; then
			if [ "$line" = '```' ]; then
				in=0
				[ -z "$notrun" ] ||
					bad "$name: <!-- not-run: $notrun --> but no such command in the block"
				notrun=""
				[ -n "$cmd" ] || continue
				n=$((n + 1)) nblocks=$((nblocks + 1))
				out="$dir/block$n.out"
				printf '%s\n' "$cmd" >"$dir/block$n.sh"
				# as a reader runs them: without the runner's B (make would build there)
				(cd "$dir" && timeout 300 env -u B bash "$dir/block$n.sh") >"$out" 2>&1
				st=$?
				echo "$name: block $n: exit $st ($(wc -l <"$out") lines)"
				cmd=""
			elif [ -n "$notrun" ] && [ "${line#\$ }" != "$line" ] &&
			     [ "$(sed 's/ *#.*//' <<<"${line#\$ }")" = "$notrun" ]; then
				echo "$name: not run: $notrun"
				notrun=""
			elif [ "${line#\$ }" != "$line" ] || [ "${cont:-0}" = 1 ]; then
				[ "${cont:-0}" = 1 ] && cmd+=$'\n'"$line" || cmd+=$'\n'"${line#\$ }"
				case $line in *\\) cont=1 ;; *) cont=0 ;; esac
			fi
			continue
		fi
		case $line in
		'```sh') in=1; cmd="" ;;
		'<!-- not-run: '*' -->')
			notrun=${line#'<!-- not-run: '}; notrun=${notrun%' -->'} ;;
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
