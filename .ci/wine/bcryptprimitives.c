// SPDX-License-Identifier: MIT

// A stand-in for bcryptprimitives.dll, for running the windows/amd64 tests
// under wine in CI; it is never part of the module's build.
//
// Go's runtime on Windows loads bcryptprimitives.dll at start-up and takes
// its random bytes from ProcessPrng there; without the DLL it stops with
// "bcryptprimitives.dll not found". Wine 8.0, the version Debian ships, has
// no such DLL, so no Go program starts there. This one exports ProcessPrng
// with Windows' signature and fills the buffer from RtlGenRandom
// (advapi32's SystemFunction036), which wine has. .ci/wine/run.sh builds
// it with mingw and puts it into the temporary prefix's system32 when
// wine has no bcryptprimitives.dll of its own.

#include <windows.h>
#include <ntsecapi.h> // RtlGenRandom, a macro for SystemFunction036

// ProcessPrng takes a SIZE_T length; RtlGenRandom a ULONG one, so fill
// larger buffers in pieces. Windows documents that ProcessPrng always
// returns TRUE; here FALSE says RtlGenRandom failed, and Go then fails
// loudly (the runtime throws, crypto/rand returns an error), which is
// what a test run should do.
__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len)
{
    while (len > 0) {
        ULONG n = len > 0x40000000 ? 0x40000000 : (ULONG)len;
        if (!RtlGenRandom(data, n)) {
            return FALSE;
        }
        data += n;
        len -= n;
    }
    return TRUE;
}

BOOL WINAPI DllMain(HINSTANCE inst, DWORD reason, LPVOID reserved)
{
    (void)inst;
    (void)reason;
    (void)reserved;
    return TRUE;
}
