#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# probe-count.sh under sttrace --bpf: the kernel counts the hits.
set -u
. "$TOP/tests/sh/sttrace/bpf-lib.sh"
exec bash "$TOP/tests/sh/probe/probe-count.sh" "$@"
