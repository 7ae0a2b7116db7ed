#!/usr/bin/env python3
"""size-report.py LIB_DIR MAP: code and data of the Cortex-M4 core per module (lib/<module>/).

Two views, both from the -Os build (CORTEX_M4_FLAGS):
- the archive: every function of every module, as `make cross` builds it (sections of the objects
  under LIB_DIR);
- linked: what the firmware example (bounds, problem, annealer with its decoder and validator) keeps of
  each module after --gc-sections, read from its linker map MAP. This is what a firmware pays.
Columns: code (.text), const (.rodata), data (.data), bss. The core has no heap: nothing calls malloc
(tools/check-symbols.sh) and the image defines none.
"""
import glob
import os
import re
import subprocess
import sys

KINDS = ("text", "rodata", "data", "bss")


def kind_of(section):
    for kind in KINDS:
        if section == "." + kind or section.startswith("." + kind + "."):
            return kind
    return None


def module_of_object(path):
    return os.path.basename(os.path.dirname(path))


def archive_sizes(lib_dir):
    """Per module and kind, the section sizes of the objects (readelf -S: name, size)."""
    sizes = {}
    for obj in sorted(glob.glob(os.path.join(lib_dir, "lib", "*", "*.o"))):
        out = subprocess.run(["arm-none-eabi-readelf", "-SW", obj], capture_output=True, text=True,
                             check=True).stdout
        for line in out.splitlines():
            m = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+[0-9a-f]+\s+[0-9a-f]+\s+([0-9a-f]+)", line)
            if not m:
                continue
            kind = kind_of(m.group(1))
            if kind:
                row = sizes.setdefault(module_of_object(obj), dict.fromkeys(KINDS, 0))
                row[kind] += int(m.group(2), 16)
    return sizes


def linked_sizes(map_path, lib_dir):
    """Per module and kind, the input sections the linker kept, from the map's memory map."""
    modules = {os.path.basename(o)[:-2]: module_of_object(o)
               for o in glob.glob(os.path.join(lib_dir, "lib", "*", "*.o"))}
    sizes, other = {}, dict.fromkeys(KINDS, 0)
    with open(map_path, encoding="utf-8") as f:
        text = f.read()
    text = text[text.index("Linker script and memory map"):]
    # An input section: " .name  0xADDR  0xSIZE  file", the name alone on its line when long.
    pattern = re.compile(r"^ (\.\S+)\s+0x[0-9a-f]+\s+0x([0-9a-f]+) (\S.*)$|^ (\.\S+)\n\s+0x[0-9a-f]+\s+"
                         r"0x([0-9a-f]+) (\S.*)$", re.M)
    for m in pattern.finditer(text):
        section, size, origin = (m.group(1), m.group(2), m.group(3)) if m.group(1) else \
            (m.group(4), m.group(5), m.group(6))
        kind = kind_of(section)
        if kind is None:
            continue
        member = re.search(r"libwarpspan\.a\((\w+)\.o\)$", origin.strip())
        if member and member.group(1) in modules:
            row = sizes.setdefault(modules[member.group(1)], dict.fromkeys(KINDS, 0))
        else:
            row = other
        row[kind] += int(size, 16)
    return sizes, other


def table(title, sizes, extra=None):
    print("%s\n" % title)
    print("| module | code | const | data | bss | code + const |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    total = dict.fromkeys(KINDS, 0)
    for module in sorted(sizes, key=lambda m: -(sizes[m]["text"] + sizes[m]["rodata"])):
        row = sizes[module]
        for k in KINDS:
            total[k] += row[k]
        print("| %s | %d | %d | %d | %d | %d |" % ((module,) + tuple(row[k] for k in KINDS) +
                                                  (row["text"] + row["rodata"],)))
    print("| **all modules** | %d | %d | %d | %d | **%d** |" % (tuple(total[k] for k in KINDS) +
                                                      (total["text"] + total["rodata"],)))
    if extra:
        print("| (not core: start-up, example, libgcc) | %d | %d | %d | %d | %d |" % (
            tuple(extra[k] for k in KINDS) + (extra["text"] + extra["rodata"],)))
    print()
    return total


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    lib_dir, map_path = argv[1], argv[2]
    table("Cortex-M4 core, -Os, the whole archive (bytes)", archive_sizes(lib_dir))
    linked, other = linked_sizes(map_path, lib_dir)
    total = table("Linked into the firmware example: bounds + decoder + annealer (+ problem, validator, "
                  "diagnostics), after --gc-sections (bytes)", linked, other)
    code = total["text"] + total["rodata"]
    verdict = "met" if code < 16384 else "MISSED"
    print("bounds + decoder + annealer: %d B of code and constants (%.1f KiB); target under 16 KiB: %s"
          % (code, code / 1024.0, verdict))
    heap = total["data"] + total["bss"]
    print("core data + bss: %d B (no static state); heap: none" % heap)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
