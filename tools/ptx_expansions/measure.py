#!/usr/bin/env python3
"""Measures what ptxas turns each expanding PTX instruction into (issue 17), without a GPU.

For every PTX instruction in PROBES and every architecture, it assembles a tiny kernel with ptxas,
once with a plain add and once with the add replaced by the probe, reads the SASS of every function
in the cubin (.text.* sections of the ELF: 16 bytes per instruction on sm_70 and later, trailing NOP
padding and the final self-branch dropped) and attributes to the probe, per SASS opcode, every
instruction that the replacement added, plus the add it replaced. Only increases count, never
decreases, so the result over-approximates the probe's own instructions in every unit (what the
count-only bounds need). The unit of a SASS opcode (its low 9 bits): MUFU (0x108) and the 32-bit
conversions F2F/F2I/I2F/FRND (0x104-0x107) are S; DADD/DMUL/DSETP/DFMA (0x028-0x02b) and the 64-bit
conversions (0x110-0x113) are D; the memory opcodes 0x180-0x1af are L; the rest is C (integer and
FP32 arithmetic, moves, branches, calls, the uniform datapath). The opcode numbers were identified by
assembling one known PTX instruction at a time (see identify()).

  tools/ptx_expansions/measure.py [PTXAS] > lib/host/ptx/expansion_table.inc
"""
import collections
import itertools
import os
import struct
import subprocess
import sys
import tempfile

ARCHS = ['75', '80', '86', '89', '90']
BASE = {'f32': 'add.f32 %f3, %f1, %f2;', 'f64': 'add.f64 %fd3, %fd1, %fd2;',
        'b32': 'add.s32 %r3, %r1, %r2;', 'b64': 'add.s64 %rd5, %rd3, %rd4;'}
# SASS opcodes (low 9 bits) of the add each probe replaces, and how many.
BASE_OPS = {'f32': {0x021: 1}, 'f64': {0x029: 1}, 'b32': {0x010: 1}, 'b64': {0x010: 2}}
OPERANDS = {'f32': '%f3, %f1, %f2', 'f64': '%fd3, %fd1, %fd2', 'b32': '%r3, %r1, %r2', 'b64': '%rd5, %rd3, %rd4'}
UNARY = {'f32': '%f3, %f1', 'f64': '%fd3, %fd1'}


def probes():
    out = []
    for rnd, ftz in itertools.product(['rn', 'rz', 'rm', 'rp'], ['', '.ftz']):
        out.append(('div.%s%s.f32' % (rnd, ftz), 'f32', OPERANDS['f32']))
        out.append(('rcp.%s%s.f32' % (rnd, ftz), 'f32', UNARY['f32']))
        out.append(('sqrt.%s%s.f32' % (rnd, ftz), 'f32', UNARY['f32']))
    for ftz in ['', '.ftz']:
        out.append(('div.full%s.f32' % ftz, 'f32', OPERANDS['f32']))
        out.append(('div.approx%s.f32' % ftz, 'f32', OPERANDS['f32']))
        for op in ['rcp', 'sqrt', 'rsqrt', 'ex2', 'lg2', 'sin', 'cos']:
            out.append(('%s.approx%s.f32' % (op, ftz), 'f32', UNARY['f32']))
    out.append(('tanh.approx.f32', 'f32', UNARY['f32']))
    for rnd in ['rn', 'rz', 'rm', 'rp']:
        out.append(('div.%s.f64' % rnd, 'f64', OPERANDS['f64']))
        out.append(('rcp.%s.f64' % rnd, 'f64', UNARY['f64']))
        out.append(('sqrt.%s.f64' % rnd, 'f64', UNARY['f64']))
    out.append(('rcp.approx.ftz.f64', 'f64', UNARY['f64']))
    out.append(('rsqrt.approx.f64', 'f64', UNARY['f64']))
    out.append(('rsqrt.approx.ftz.f64', 'f64', UNARY['f64']))
    for op, t in itertools.product(['div', 'rem'], ['s32', 'u32', 's64', 'u64']):
        w = 'b32' if t.endswith('32') else 'b64'
        out.append(('%s.%s' % (op, t), w, OPERANDS[w]))
    for t in ['s64', 'u64']:
        out.append(('mul.lo.%s' % t, 'b64', OPERANDS['b64']))
        out.append(('mul.hi.%s' % t, 'b64', OPERANDS['b64']))
        out.append(('mad.lo.%s' % t, 'b64', OPERANDS['b64'] + ', %rd3'))
        out.append(('mad.hi.%s' % t, 'b64', OPERANDS['b64'] + ', %rd3'))
    return out


KERNEL = """.version 9.0
.target sm_%s
.address_size 64
.visible .entry k(.param .u64 p)
{
 .reg .pred %%p<9>; .reg .f32 %%f<9>; .reg .f64 %%fd<9>; .reg .b32 %%r<9>; .reg .b64 %%rd<9>;
 ld.param.u64 %%rd1, [p];
 cvta.to.global.u64 %%rd2, %%rd1;
 ld.global.f32 %%f1, [%%rd2];
 ld.global.f32 %%f2, [%%rd2+4];
 ld.global.f64 %%fd1, [%%rd2+8];
 ld.global.f64 %%fd2, [%%rd2+16];
 ld.global.u32 %%r1, [%%rd2+24];
 ld.global.u32 %%r2, [%%rd2+28];
 ld.global.u64 %%rd3, [%%rd2+32];
 ld.global.u64 %%rd4, [%%rd2+40];
 %s
 st.global.f32 [%%rd2+48], %%f3;
 st.global.f64 [%%rd2+56], %%fd3;
 st.global.u32 [%%rd2+64], %%r3;
 st.global.u64 [%%rd2+72], %%rd5;
 ret;
}
"""


def sass(ptxas, arch, body, work):
    src, cubin = os.path.join(work, 'k.ptx'), os.path.join(work, 'k.cubin')
    with open(src, 'w') as f:
        f.write(KERNEL % (arch, ' '.join(BASE.values()) if body is None else body))
    subprocess.run([ptxas, '-arch=sm_' + arch, '-O3', '-o', cubin, src], check=True)
    d = open(cubin, 'rb').read()
    shoff = struct.unpack_from('<Q', d, 0x28)[0]
    shentsize, shnum, shstrndx = struct.unpack_from('<HHH', d, 0x3a)
    secs = [struct.unpack_from('<IIQQQQ', d, shoff + i * shentsize) for i in range(shnum)]
    stro = secs[shstrndx][4]
    ops = collections.Counter()
    for name, _, _, _, off, size in secs:
        if not d[stro + name:].startswith(b'.text.'):
            continue
        ins = [struct.unpack_from('<Q', d, off + 16 * k)[0] for k in range(size // 16)]
        while ins and ins[-1] & 0xfff == 0x918:  # NOP padding
            ins.pop()
        if ins and ins[-1] & 0xfff == 0x947:  # the BRA to itself after EXIT
            ins.pop()
        for lo in ins:
            ops[lo & 0x1ff] += 1
    return ops


def unit(op):
    if op == 0x108 or 0x104 <= op <= 0x107:
        return 'S'
    if 0x028 <= op <= 0x02b or 0x110 <= op <= 0x113:
        return 'D'
    if 0x180 <= op <= 0x1af:
        return 'L'
    return 'C'


def identify(ptxas, work):
    """The opcode numbers the unit rule relies on, checked on sm_80 (fails loudly if they moved)."""
    want = {'mul.f64 %fd3, %fd1, %fd2;': 0x028, 'fma.rn.f64 %fd3, %fd1, %fd2, %fd1;': 0x02b,
            'ex2.approx.ftz.f32 %f3, %f1;': 0x108, 'cvt.rzi.s32.f32 %r3, %f1;': 0x105,
            'cvt.rn.f32.s32 %f3, %r1;': 0x106, 'cvt.rn.f32.f64 %f3, %fd1;': 0x110}
    base = sass(ptxas, '80', None, work)
    for ins, op in want.items():
        body = ' '.join(BASE.values())
        kind = 'f64' if ins.startswith(('mul.f64', 'fma.rn.f64')) else ('b32' if '%r3' in ins else 'f32')
        ops = sass(ptxas, '80', body.replace(BASE[kind], ins), work)
        assert ops[op] > base[op], 'opcode 0x%03x not found for %s' % (op, ins)


def main():
    ptxas = sys.argv[1] if len(sys.argv) > 1 else '/usr/local/cuda/bin/ptxas'
    version = subprocess.run([ptxas, '--version'], capture_output=True, text=True).stdout.strip().splitlines()[-1]
    work = tempfile.mkdtemp()
    identify(ptxas, work)
    print('// Generated by tools/ptx_expansions/measure.py with %s: do not edit by hand.' % version)
    print('// {ptx opcode, sm, {L, C, S, D}}: SASS instructions per unit that one instance may issue.')
    for arch in ARCHS:
        base = sass(ptxas, arch, None, work)
        for opcode, kind, operands in probes():
            body = ' '.join(BASE.values()).replace(BASE[kind], '%s %s;' % (opcode, operands))
            try:
                ops = sass(ptxas, arch, body, work)
            except subprocess.CalledProcessError:
                continue  # not valid for this architecture
            mix = collections.Counter()
            for op in set(ops) | set(base):
                d = ops[op] - base[op] + BASE_OPS[kind].get(op, 0)
                if d > 0:
                    mix[unit(op)] += d
            print('{"%s", %s, {%d, %d, %d, %d}},' % (opcode, arch, mix['L'], mix['C'], mix['S'], mix['D']))


if __name__ == '__main__':
    main()
