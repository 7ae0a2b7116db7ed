#!/usr/bin/env bash
# check-symbols.sh NM ARCHIVE: fails when the core archive needs the heap, exceptions or RTTI from
# outside. It looks at the archive's external references: symbols some member uses and no member
# defines (an inline placement new is defined inside, so it does not count).
set -euo pipefail
nm_tool=$1
archive=$2
defined=$("$nm_tool" --defined-only "$archive" | awk 'NF >= 3 {print $3}' | sort -u)
external=$("$nm_tool" -u "$archive" | awk 'NF {print $NF}' | grep -v ':$' | sort -u |
    comm -23 - <(echo "$defined"))
forbidden='^(malloc|calloc|realloc|free|aligned_alloc|posix_memalign|_Znw|_Zna|_Zdl|_Zda|__cxa_|__gxx_personality|_Unwind_|_ZTI|_ZTS|__dynamic_cast)'
bad=$(echo "$external" | grep -E "$forbidden" || true)
if [ -n "$bad" ]; then
    echo "FAIL: $archive references heap, exception or RTTI symbols:" >&2
    echo "$bad" >&2
    exit 1
fi
echo "ok: $archive needs only: $(echo $external)"
