#!/usr/bin/env bash
# check-symbols.sh NM ARCHIVE: fails when the core archive references the heap, exceptions or RTTI.
# Only undefined references count: an inline placement new is defined in the archive, not used from
# outside it.
set -euo pipefail
nm_tool=$1
archive=$2
forbidden='^(malloc|calloc|realloc|free|aligned_alloc|posix_memalign|_Znw|_Zna|_Zdl|_Zda|__cxa_|__gxx_personality|_Unwind_|_ZTI|_ZTS|__dynamic_cast)'
bad=$("$nm_tool" -u "$archive" | awk '{print $NF}' | grep -E "$forbidden" | sort -u || true)
if [ -n "$bad" ]; then
    echo "FAIL: $archive references heap, exception or RTTI symbols:" >&2
    echo "$bad" >&2
    exit 1
fi
echo "ok: $archive references no heap, exception or RTTI symbol ($("$nm_tool" -u "$archive" | awk 'NF{print $NF}' | sort -u | tr '\n' ' '))"
