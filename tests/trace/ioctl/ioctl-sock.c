// SPDX-License-Identifier: LGPL-2.1-or-later
// link: -static
/*
 * Socket ioctls (type 0x89): SIOCGIFINDEX and SIOCGIFNAME of "lo" on a real socket (the name
 * at entry, the answer at exit), struct ifreq setters on fd -1 (a name without its NUL, the
 * mtu, flags, a hardware address, the device map), SIOCGIFCONF failing (ifc_buf stays an
 * address), the bridge requests, the int of FIOSETOWN, one request printed as an address.
 * Run with -a0 -e trace=ioctl.
 */
#include <linux/sockios.h>
#include <net/if.h>
#include <net/if_arp.h>
#include <sys/ioctl.h>
#include <sys/socket.h>

#include "tests.h"

#define EBADF_ "-1 EBADF (Bad file descriptor)"

int main(void)
{
	struct ifreq ifr;
	int s = socket(AF_INET, SOCK_DGRAM, 0);

	if (s < 0)
		SKIP("no socket");
	memset(&ifr, 0, sizeof(ifr));
	strcpy(ifr.ifr_name, "lo");
	if (ioctl(s, SIOCGIFINDEX, &ifr))
		SKIP("no lo");
	printf("ioctl(%d, SIOCGIFINDEX, {ifr_name=\"lo\", ifr_ifindex=%d}) = 0\n", s,
	       ifr.ifr_ifindex);
	int idx = ifr.ifr_ifindex;
	memset(&ifr, 0, sizeof(ifr));
	ifr.ifr_ifindex = idx;
	ioctl(s, SIOCGIFNAME, &ifr);
	printf("ioctl(%d, SIOCGIFNAME, {ifr_ifindex=%d, ifr_name=\"%s\"}) = 0\n", s, idx,
	       ifr.ifr_name);

	memset(ifr.ifr_name, 'e', sizeof(ifr.ifr_name));
	ifr.ifr_mtu = 1500;
	ioctl(-1, SIOCSIFMTU, &ifr);
	printf("ioctl(-1, SIOCSIFMTU, {ifr_name=\"eeeeeeeeeeeeeee\"..., ifr_mtu=1500}) = " EBADF_
	       "\n");
	strcpy(ifr.ifr_name, "eth9");
	ifr.ifr_flags = IFF_UP | IFF_RUNNING;
	ioctl(-1, SIOCSIFFLAGS, &ifr);
	printf("ioctl(-1, SIOCSIFFLAGS, {ifr_name=\"eth9\", ifr_flags=IFF_UP|IFF_RUNNING}) = "
	       EBADF_ "\n");
	ifr.ifr_hwaddr.sa_family = ARPHRD_ETHER;
	memcpy(ifr.ifr_hwaddr.sa_data, "\x02\x00\x5e\x10\x20\x30\x77", 7);
	ioctl(-1, SIOCSIFHWADDR, &ifr);
	printf("ioctl(-1, SIOCSIFHWADDR, {ifr_name=\"eth9\", ifr_hwaddr={sa_family=ARPHRD_ETHER, "
	       "sa_data=02:00:5e:10:20:30}}) = " EBADF_ "\n");
	memset(&ifr.ifr_map, 0, sizeof(ifr.ifr_map));
	ifr.ifr_map.mem_start = 0xd0000;
	ifr.ifr_map.irq = 9;
	ioctl(-1, SIOCSIFMAP, &ifr);
	printf("ioctl(-1, SIOCSIFMAP, {ifr_name=\"eth9\", ifr_map={mem_start=0xd0000, mem_end=0, "
	       "base_addr=0, irq=0x9, dma=0, port=0}}) = " EBADF_ "\n");

	struct ifreq two[2];
	struct ifconf ifc = { .ifc_len = sizeof(two), .ifc_buf = (char *)two };
	ioctl(-1, SIOCGIFCONF, &ifc);
	printf("ioctl(-1, SIOCGIFCONF, {ifc_len=%zu /* 2 * sizeof(struct ifreq) */, ifc_buf=%p}) = "
	       EBADF_ "\n", sizeof(two), (void *)two);

	ioctl(-1, SIOCBRADDBR, "br7");
	printf("ioctl(-1, SIOCBRADDBR, \"br7\") = " EBADF_ "\n");
	ifr.ifr_ifindex = 0;
	ioctl(-1, SIOCBRDELIF, &ifr);
	printf("ioctl(-1, SIOCBRDELIF, {ifr_ifindex=0}) = " EBADF_ "\n");
	int owner = 42;
	ioctl(-1, FIOSETOWN, &owner);
	printf("ioctl(-1, FIOSETOWN, [42]) = " EBADF_ "\n");
	ioctl(-1, SIOCATMARK, &owner);
	printf("ioctl(-1, SIOCATMARK, %p) = " EBADF_ "\n", (void *)&owner);
	ioctl(-1, SIOCGIFCOUNT, &owner);
	printf("ioctl(-1, SIOCGIFCOUNT, %p) = " EBADF_ "\n", (void *)&owner);

	printf("+++ exited with 0 +++\n");
	return 0;
}
