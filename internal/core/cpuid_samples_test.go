// SPDX-License-Identifier: MIT

package core

// cpuidSample is CPUID and XCR0 as read on one real CPU.
type cpuidSample struct {
	name                                              string // CPU model
	source                                            string // where the values come from
	leaf1ECX                                          uint32
	leaf7EBX                                          uint32
	leaf7ECX                                          uint32
	xcr0                                              uint64
	hasAES, hasAVX2, hasVAES, hasAVX512F, hasAVX512VL bool // the features these values show (for reference)
}

var cpuidSamples = []cpuidSample{
	{
		name:     "AMD Ryzen 5 5600G (Zen 3, Cezanne)",
		source:   "Umio-Yasuno/cpuid_dump_rs dump_result/AMD_Ryzen_5_5600G_with_Radeon_Graphics_00A50F00.txt; xcr0 = leaf 0xD.0 EAX (x87|SSE|AVX|PKRU), which Linux enables in full",
		leaf1ECX: 0x7ef8320b, leaf7EBX: 0x219c97a9, leaf7ECX: 0x0040068c, xcr0: 0x207,
		hasAES: true, hasAVX2: true, hasVAES: true, hasAVX512F: false, hasAVX512VL: false,
	},
	{
		name:     "Intel Core i9-12900K (Alder Lake-S, AVX-512 off)",
		source:   "anrieff/libcpuid tests/intel/core_12th_gen/alder-lake-s-i9.test; xcr0 = leaf 0xD.0 EAX 0x207",
		leaf1ECX: 0x7ffafbff, leaf7EBX: 0x239ca7eb, leaf7ECX: 0x98c027ac, xcr0: 0x207,
		hasAES: true, hasAVX2: true, hasVAES: true, hasAVX512F: false, hasAVX512VL: false,
	},
	{
		name:     "AMD Ryzen 7 7700X (Zen 4, Raphael)",
		source:   "anrieff/libcpuid tests/amd/zen4/amd-ryzen-7-7700x-8-core-processor.test; xcr0 = leaf 0xD.0 EAX 0x2E7",
		leaf1ECX: 0x7ef8320b, leaf7EBX: 0xf1bf97a9, leaf7ECX: 0x00405fce, xcr0: 0x2e7,
		hasAES: true, hasAVX2: true, hasVAES: true, hasAVX512F: true, hasAVX512VL: true,
	},
	{
		name:     "Intel Core i7-1065G7 (Ice Lake client)",
		source:   "anrieff/libcpuid tests/intel/core_10th_gen/ice-lake-i7.test; xcr0 = leaf 0xD.0 EAX 0x2E7",
		leaf1ECX: 0x7ffafbbf, leaf7EBX: 0xf2bf27ef, leaf7ECX: 0x40405f4e, xcr0: 0x2e7,
		hasAES: true, hasAVX2: true, hasVAES: true, hasAVX512F: true, hasAVX512VL: true,
	},
	{
		name:     "Intel Core i5-6600K (Skylake-S)",
		source:   "anrieff/libcpuid tests/intel/core_6th_gen/skylake-i5.test; leaf 0xD.0 EAX is 0x1F (with MPX), xcr0 0x7 because Linux >= 5.6 no longer enables MPX",
		leaf1ECX: 0x7ffafbbf, leaf7EBX: 0x029c6fbb, leaf7ECX: 0x00000000, xcr0: 0x7,
		hasAES: true, hasAVX2: true, hasVAES: false, hasAVX512F: false, hasAVX512VL: false,
	},
	{
		name:     "Intel Core i7-4710MQ (Haswell)",
		source:   "anrieff/libcpuid tests/intel/core_4th_gen/haswell-i7.test; xcr0 = leaf 0xD.0 EAX 0x7",
		leaf1ECX: 0x7fdafbbf, leaf7EBX: 0x000027ab, leaf7ECX: 0x00000000, xcr0: 0x7,
		hasAES: true, hasAVX2: true, hasVAES: false, hasAVX512F: false, hasAVX512VL: false,
	},
	{
		name:     "AMD FX-8350 (Piledriver): AES+AVX, no AVX2",
		source:   "anrieff/libcpuid tests/amd/bulldozer/amd-fx-8350-eight-core-processor.test; leaf 0xD.0 EAX 0x7 (EDX bit 30 = LWP, not enabled by Linux)",
		leaf1ECX: 0x3e98320b, leaf7EBX: 0x00000008, leaf7ECX: 0x00000000, xcr0: 0x7,
		hasAES: true, hasAVX2: false, hasVAES: false, hasAVX512F: false, hasAVX512VL: false,
	},
	{
		name:     "Intel Core i7-980X (Westmere, Gulftown): AES, no XSAVE/AVX",
		source:   "anrieff/libcpuid tests/intel/core_1st_gen/gulftown-i7.test; no XSAVE, so XGETBV is unavailable and xcr0 is 0",
		leaf1ECX: 0x029ae3bf, leaf7EBX: 0x00000000, leaf7ECX: 0x00000000, xcr0: 0x0,
		hasAES: true, hasAVX2: false, hasVAES: false, hasAVX512F: false, hasAVX512VL: false,
	},
	{
		name:     "Intel Core 2 Duo E6420 (Conroe): no AES",
		source:   "anrieff/libcpuid tests/intel/core2/conroe.test; no XSAVE, so XGETBV is unavailable and xcr0 is 0",
		leaf1ECX: 0x0000e3bd, leaf7EBX: 0x00000000, leaf7ECX: 0x00000000, xcr0: 0x0,
		hasAES: false, hasAVX2: false, hasVAES: false, hasAVX512F: false, hasAVX512VL: false,
	},
	{
		name:     "AMD E-350 (Bobcat, Zacate): SSSE3, no AES",
		source:   "anrieff/libcpuid tests/amd/bobcat/amd-e-350-processor.test; largest standard leaf 6 (no leaf 7), no XSAVE, so xcr0 is 0",
		leaf1ECX: 0x00802209, leaf7EBX: 0x00000000, leaf7ECX: 0x00000000, xcr0: 0x0,
		hasAES: false, hasAVX2: false, hasVAES: false, hasAVX512F: false, hasAVX512VL: false,
	},
	{
		name:     "AMD Phenom II X4 940 (K10, Deneb): no SSSE3, no AES",
		source:   "anrieff/libcpuid tests/amd/k10/amd-phenom-ii-x4-940-processor.test; largest standard leaf 5 (no leaf 7), no XSAVE, so xcr0 is 0",
		leaf1ECX: 0x00802009, leaf7EBX: 0x00000000, leaf7ECX: 0x00000000, xcr0: 0x0,
		hasAES: false, hasAVX2: false, hasVAES: false, hasAVX512F: false, hasAVX512VL: false,
	},
	{
		name:     "Intel Xeon w7-2475X (Sapphire Rapids)",
		source:   "anrieff/libcpuid tests/intel/sapphire_rapids/sapphire-rapids-ws-xeon-w7.test; xcr0 = leaf 0xD.0 EAX 0x602E7 (Linux >= 5.16 enables AMX tile state)",
		leaf1ECX: 0x7ffefbff, leaf7EBX: 0xf3bfbffb, leaf7ECX: 0xbb417fee, xcr0: 0x602e7,
		hasAES: true, hasAVX2: true, hasVAES: true, hasAVX512F: true, hasAVX512VL: true,
	},
	{
		name:     "AMD Ryzen 9 9950X (Zen 5, Granite Ridge)",
		source:   "anrieff/libcpuid tests/amd/zen5/amd-ryzen-9-9950x-16-core-processor.test; xcr0 = leaf 0xD.0 EAX 0x2E7",
		leaf1ECX: 0x7ed8320b, leaf7EBX: 0xf1bf97ab, leaf7ECX: 0x19405fce, xcr0: 0x2e7,
		hasAES: true, hasAVX2: true, hasVAES: true, hasAVX512F: true, hasAVX512VL: true,
	},
	{
		name:     "AMD EPYC VM (Zen 5 class, family 0x1A), an earlier build host",
		source:   "read on that host with __cpuid_count and xgetbv (a /tmp C program)",
		leaf1ECX: 0xfffa3203, leaf7EBX: 0xf1bf07ab, leaf7ECX: 0x00405fc6, xcr0: 0xe7,
		hasAES: true, hasAVX2: true, hasVAES: true, hasAVX512F: true, hasAVX512VL: true,
	},
	{
		name:     "Intel Xeon VM (Sapphire Rapids class: AVX-512, VAES, AMX), the build host",
		source:   "read on the build host with __cpuid_count and xgetbv (a /tmp C program); leaf 1 EAX 0xa0671 as the hypervisor shows it; xcr0 0x602E7 includes the AMX tile state",
		leaf1ECX: 0xfffa3203, leaf7EBX: 0xf1bf27eb, leaf7ECX: 0x1b415fde, xcr0: 0x602e7,
		hasAES: true, hasAVX2: true, hasVAES: true, hasAVX512F: true, hasAVX512VL: true,
	},
}
