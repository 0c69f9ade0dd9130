// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
// strace-7.2: strace 6.1 stops the -v attribute at sig_data and shows aux_action as bytes
/*
 * perf_event_open(2) with -v: the whole attribute of Linux 6.16 (PERF_ATTR_SIZE_VER9, 144
 * bytes), every flag bit, aux_action's three flags with the bits past them when set, sig_data,
 * config3 and config4.  The kernel may not know the last fields: then it fails with E2BIG and
 * writes the size it knows back ("size=X => Y").  pid and cpu are both -1, so no event is
 * ever opened.  Run with -a0 -v -e trace=perf_event_open.
 */
#include <errno.h>
#include <linux/perf_event.h>
#include <stdint.h>

#include "fdtest.h"

static const char *attr_size(uint32_t size)
{
	static char buf[64];

	if (size >= 64 && size <= 144 && !(size % 8) && size != 88)
		snprintf(buf, sizeof(buf), "PERF_ATTR_SIZE_VER%u",
			 size < 88 ? (size - 64) / 8 : (size - 72) / 8);
	else
		snprintf(buf, sizeof(buf), "%#x /* PERF_ATTR_SIZE_??? */", size);
	return buf;
}

int main(void)
{
	static union {
		struct perf_event_attr a;
		unsigned char bytes[144];
	} u;
	uint32_t aux_action = 1 | 4 | (5u << 3);
	uint64_t config3 = 0x1122334455667788ULL, config4 = 0x99;
	char size_text[160];
	long rc;

	u.a.type = PERF_TYPE_SOFTWARE;
	u.a.size = 144;
	u.a.config = PERF_COUNT_SW_DUMMY;
	memcpy(u.bytes + 116, &aux_action, 4);
	memcpy(u.bytes + 128, &config3, 8);
	memcpy(u.bytes + 136, &config4, 8);
	rc = syscall(__NR_perf_event_open, &u, -1, -1, -1, 0);
	snprintf(size_text, sizeof(size_text), "%s", attr_size(144));
	if (rc == -1 && errno == E2BIG && u.a.size != 144) {
		size_t n = strlen(size_text);
		snprintf(size_text + n, sizeof(size_text) - n, " => %s", attr_size(u.a.size));
	}
	out("perf_event_open({type=PERF_TYPE_SOFTWARE, size=%s, config=PERF_COUNT_SW_DUMMY, "
	    "sample_period=0, sample_type=0, read_format=0, disabled=0, inherit=0, pinned=0, "
	    "exclusive=0, exclude_user=0, exclude_kernel=0, exclude_hv=0, exclude_idle=0, mmap=0, "
	    "comm=0, freq=0, inherit_stat=0, enable_on_exec=0, task=0, watermark=0, "
	    "precise_ip=0 /* arbitrary skid */, mmap_data=0, sample_id_all=0, exclude_host=0, "
	    "exclude_guest=0, exclude_callchain_kernel=0, exclude_callchain_user=0, mmap2=0, "
	    "comm_exec=0, use_clockid=0, context_switch=0, write_backward=0, namespaces=0, "
	    "ksymbol=0, bpf_event=0, aux_output=0, cgroup=0, text_poke=0, build_id=0, "
	    "inherit_thread=0, remove_on_exec=0, sigtrap=0, wakeup_events=0, config1=0, "
	    "config2=0, sample_regs_user=0, sample_regs_intr=0, aux_watermark=0, "
	    "sample_max_stack=0, aux_sample_size=0, aux_start_paused=1, aux_pause=0, "
	    "aux_resume=1, __reserved_3=0x5 /* Bits 931..959 */, sig_data=0, "
	    "config3=0x1122334455667788, config4=0x99}, -1, -1, -1, 0) = %s\n", size_text,
	    sprintrc(rc));
	out("+++ exited with 0 +++\n");
	return 0;
}
