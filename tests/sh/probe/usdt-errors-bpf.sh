#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# usdt-errors.sh under sttrace --bpf.
set -u
. "$TOP/tests/sh/sttrace/bpf-lib.sh"
exec bash "$TOP/tests/sh/probe/usdt-errors.sh" "$@"
