#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# mca.sh: the neon and neonsha3 kernels as LLVM's scheduling models of
# Arm cores see them, for a machine without an arm64 CPU. Run it from the repository
# root:
#
#   bash internal/testing/ctest/mca/mca.sh
#
# It builds, for linux/arm64:
#   - seal16.go, which links the Go assembly's one-shot Seal and Open of
#     every variant (internal/asm, CGO_ENABLED=0) and calls one Seal of 16
#     bytes of each traced variant;
#   - the C kernels, each variant's instance of csrc/kernel_neon.h and
#     csrc/kernel_neonsha3.h (internal/engines/<variant>/kernel_neon.c and
#     kernel_neonsha3.c), with the engines' CFLAGS (-O3).
# It disassembles both with aarch64-linux-gnu-objdump, cuts the
# steady-state loop of Enc (Seal, encrypt) and of Dec (Open, decrypt) of
# each variant out of them, and the loops that absorb the ad (and the
# rolled Init loops, "init" rows, whose spills count too), and runs
# llvm-mca-19 on each for Neoverse N1, N2, V1 and V2 (-mattr=+aes,+sha3,
# 1000 iterations; neonsha3's loops are not modelled on N1, which has no
# SHA3): mca.go prints the
# cycles per 32 bytes of message, one AEGIS-128L step, two AEGIS-256 steps,
# half a 128X2 step, beside the model's latency of the AES chain of one
# update, AESE+AESMC+EOR (and AESE+AESMC, the chain where the EOR is off
# it).
#
# Then it runs seal16 under qemu-aarch64, one instruction per translation
# block and no chaining (-singlestep -d exec,nochain), with the log limited
# to the address range of neonSeal<variant> and of neonsha3Seal<variant>
# (-dfilter; qemu's default CPU has SHA3), and no preemption
# signal to interrupt the call (GODEBUG=asyncpreemptoff=1): the instructions
# that one Seal of 16 bytes executed, in order. llvm-mca models that
# straight line once (-iterations=1).
#
# What the models leave out: no core here fuses AESE with AESMC (most real
# ones do, which takes a cycle off each round), and none eliminates
# register moves at rename; the Apple models (apple-m1 and later, through
# MCA_CPUS) are LLVM's 2013 Cyclone model renamed. So the figures rank
# loops and count pipe pressure; they are not a real core's speed.
#
# Environment: MCA_CPUS (the -mcpu models, comma-separated), LLVM_MCA
# (default llvm-mca-19, else /usr/lib/llvm-19/bin/llvm-mca), CC_ARM64 (the
# C compiler, default aarch64-linux-gnu-gcc; a clang works with
# "clang --target=aarch64-linux-gnu"), OBJDUMP_ARM64, MCA_TRACE (the
# variants whose Seal is traced, default "128L 128X2 256"), MCA_KEEP=1
# (keep the work directory and say where).
set -euo pipefail

if [ ! -f internal/testing/ctest/mca/mca.sh ] || [ ! -f csrc/kernel_neon.h ]; then
  echo "mca.sh: run it from the repository root" >&2
  exit 2
fi
mcabin=${LLVM_MCA:-}
if [ -z "$mcabin" ]; then
  for c in llvm-mca-19 /usr/lib/llvm-19/bin/llvm-mca; do
    if command -v "$c" >/dev/null; then mcabin=$(command -v "$c"); break; fi
  done
fi
[ -n "$mcabin" ] || { echo "mca.sh: no llvm-mca-19 (set LLVM_MCA)" >&2; exit 2; }
cc=${CC_ARM64:-aarch64-linux-gnu-gcc}
objdump=${OBJDUMP_ARM64:-aarch64-linux-gnu-objdump}
cpus=${MCA_CPUS:-neoverse-n1,neoverse-n2,neoverse-v1,neoverse-v2}
trace=${MCA_TRACE:-128L 128X2 256}
for t in $objdump qemu-aarch64; do
  command -v "$t" >/dev/null || { echo "mca.sh: $t is missing" >&2; exit 2; }
done

work=$(mktemp -d "${TMPDIR:-/tmp}/aegisgo-mca.XXXXXX")
if [ "${MCA_KEEP:-}" = 1 ]; then
  echo "mca.sh: the work directory is $work" >&2
else
  trap 'rm -rf "$work"' EXIT
fi

# The builds: the Go side needs no C compiler for arm64, the assembly
# being all it runs.
GOOS=linux GOARCH=arm64 CGO_ENABLED=0 GOFLAGS=-buildvcs=false \
  go build -o "$work/seal16" internal/testing/ctest/mca/seal16.go
# Each variant's package instantiates a kernel for that variant alone:
# the six objects of a kernel hold its functions together.
cobjs=()
for k in neon neonsha3; do
  for f in internal/engines/*/"kernel_$k.c"; do
    o=$work/$k.$(basename "$(dirname "$f")").o
    # shellcheck disable=SC2086 # CC_ARM64 may be a command with flags
    $cc -Icsrc -O3 -g1 -Wall -c -o "$o" "$f"
    cobjs+=("$o")
  done
done
ccname=$($cc --version | head -n 1 | sed -E 's/^([^ ]+).* ([0-9]+\.[0-9.]+).*$/\1 \2/; s/^aarch64-linux-gnu-//')

$objdump -d --no-show-raw-insn "$work/seal16" >"$work/seal16.dis"
$objdump -d --no-show-raw-insn "${cobjs[@]}" >"$work/kernel_neon.dis"

# The traces: the PCs of one Seal, from the log lines of the function's
# range ("Trace 0: 0x... [flags/pc/...] symbol").
traceargs=()
for k in neon neonsha3; do
  for v in $trace; do
    arg=$v
    if [ "$k" = neonsha3 ]; then arg=neonsha3/$v; fi
    read -r addr size < <(go tool nm -size "$work/seal16" | awk -v s="internal/asm.${k}Seal$v.abi0" '$4 ~ s"$" {print $1, $2}')
    if [ -z "${addr:-}" ]; then echo "mca.sh: no ${k}Seal$v in seal16" >&2; exit 2; fi
    GODEBUG=asyncpreemptoff=1 qemu-aarch64 -cpu max -singlestep -d exec,nochain -dfilter "0x$addr+$size" \
      -D "$work/trace.$k.$v.log" "$work/seal16" "$arg" >/dev/null
    sed -nE 's/^Trace [0-9]+: [^ ]+ \[[0-9a-f]+\/([0-9a-f]+)\/.*$/\1/p' "$work/trace.$k.$v.log" >"$work/trace.$k.$v.pcs"
    traceargs+=(-trace "Go ${k}Seal$v, 16 B, traced=$work/trace.$k.$v.pcs")
    unset addr size
  done
done

mkdir -p "$work/mca"
env -u GOOS -u GOARCH go run internal/testing/ctest/mca/mca.go -mca "$mcabin" -cpus "$cpus" -work "$work/mca" \
  -go "$work/seal16.dis" -c "$work/kernel_neon.dis" -cname "$ccname" "${traceargs[@]}"
