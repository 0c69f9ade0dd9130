// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * finit_module's flags by their MODULE_INIT_* names, kexec_file_load's command line as a
 * buffer of cmdline_len bytes (a NUL inside is shown) and its flags by KEXEC_FILE_* names.
 * The strings live on the stack (a page already touched, which bpf_probe_read_user needs).
 * Every call carries an unknown flag bit, so the kernel refuses it whoever runs the test.
 * kexec_load's segments as an array of {buf, bufsz, mem, memsz} and its flags as an arch
 * (the top 16 bits) ORed with KEXEC_* bits.
 * Run with -a0 -e trace=finit_module,kexec_file_load,kexec_load.
 */
#include <stdint.h>

#include "tests.h"

int main(void)
{
	char cmd[] = "ro\0quiet", param[] = "p=1";
	uint64_t seg[2][4] = { { 0, 5, 0x1000, 0x2000 }, { (uintptr_t)cmd, 9, 0, 0 } };
	long rc;

	rc = syscall(__NR_finit_module, -1, param, 0x2UL | 0x100);
	printf("finit_module(-1, \"p=1\", MODULE_INIT_IGNORE_VERMAGIC|0x100) = %s\n", sprintrc(rc));
	rc = syscall(__NR_finit_module, -1, "", 0x40000000UL);
	printf("finit_module(-1, \"\", 0x40000000 /* MODULE_INIT_??? */) = %s\n", sprintrc(rc));
	rc = syscall(__NR_kexec_file_load, -1, -1, 5UL, cmd, 0x4UL | 0x1000);
	printf("kexec_file_load(-1, -1, 5, \"ro\\0qu\", KEXEC_FILE_NO_INITRAMFS|0x1000) = %s\n",
	       sprintrc(rc));
	rc = syscall(__NR_kexec_file_load, -1, -1, 0UL, NULL, 0x80000000UL);
	printf("kexec_file_load(-1, -1, 0, NULL, 0x80000000 /* KEXEC_FILE_??? */) = %s\n",
	       sprintrc(rc));
	rc = syscall(__NR_kexec_load, 0x1000UL, 2UL, seg, 0x3e0000UL | 0x1 | 0x100);
	printf("kexec_load(0x1000, 2, [{buf=NULL, bufsz=5, mem=0x1000, memsz=8192}, "
	       "{buf=%p, bufsz=9, mem=NULL, memsz=0}], KEXEC_ARCH_X86_64|KEXEC_ON_CRASH|0x100) = %s\n",
	       (void *)cmd, sprintrc(rc));
	rc = syscall(__NR_kexec_load, 0UL, 17UL, seg, 0x70000000UL);
	printf("kexec_load(NULL, 17, %p, 0x70000000 /* KEXEC_ARCH_??? */) = %s\n", (void *)seg,
	       sprintrc(rc));
	printf("+++ exited with 0 +++\n");
	return 0;
}
