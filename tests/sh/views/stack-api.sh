#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The stacktrace.h API on its own (tests/sh/views/stack-api.c): format at -k and -kk, capture then
# format or flush, forget.  Built here from common/stacktrace.c and what it uses of common/
# alone (strbuf, proc, log, maps, elfread), so the test does not depend on the rest of the tracer.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
# shellcheck disable=SC2086
${CC:-cc} -O0 -g ${SANFLAGS:-} -std=gnu11 -Wall -Wextra -Wno-unused-parameter -D_GNU_SOURCE \
	-I"$TOP" -o stack-api "$TOP/tests/sh/views/stack-api.c" \
	"$TOP/common/stacktrace.c" "$TOP/common/strbuf.c" "$TOP/common/proc.c" "$TOP/common/log.c" \
	"$TOP/common/maps.c" "$TOP/common/elfread.c" "$TOP/common/stackcopy.c" "$TOP/common/vec.c" \
	$(pkg-config --libs libdw libelf) -lunwind-ptrace -lunwind-generic -lunwind || exit 1
./stack-api
