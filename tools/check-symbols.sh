#!/usr/bin/env bash
# check-symbols.sh NM FILE: fails when FILE needs the heap, exceptions or RTTI.
# - An archive (the core, *.a): its external references, i.e. symbols some member uses and no member
#   defines (an inline placement new is defined inside, so it does not count).
# - A linked image (the firmware ELF): every symbol in it, defined or not, since whatever the image
#   links in is there to stay; here the C library's heap (_sbrk, _malloc_r, ...) counts too.
set -euo pipefail
nm_tool=$1
file=$2
forbidden='^(malloc|calloc|realloc|free|aligned_alloc|posix_memalign|_Znw|_Zna|_Zdl|_Zda|__cxa_|__gxx_personality|_Unwind_|_ZTI|_ZTS|__dynamic_cast)'
case "$file" in
*.a)
    defined=$("$nm_tool" --defined-only "$file" | awk 'NF >= 3 {print $3}' | sort -u)
    external=$("$nm_tool" -u "$file" | awk 'NF {print $NF}' | grep -v ':$' | sort -u |
        comm -23 - <(echo "$defined"))
    bad=$(echo "$external" | grep -E "$forbidden" || true)
    if [ -n "$bad" ]; then
        echo "FAIL: $file references heap, exception or RTTI symbols:" >&2
        echo "$bad" >&2
        exit 1
    fi
    echo "ok: $file needs only: $(echo $external)"
    ;;
*)
    image_forbidden="$forbidden|^(_sbrk|_sbrk_r|_malloc_r|_calloc_r|_realloc_r|_free_r|__malloc_|end\$|__end__\$|__heap|__aeabi_unwind_cpp_pr|__gnu_unwind|_ZSt9terminate|__cxa_)"
    symbols=$("$nm_tool" "$file" | awk 'NF {print $NF}' | sort -u)
    bad=$(echo "$symbols" | grep -E "$image_forbidden" || true)
    if [ -n "$bad" ]; then
        echo "FAIL: the image $file contains heap, exception or RTTI symbols:" >&2
        echo "$bad" >&2
        exit 1
    fi
    echo "ok: $file: none of its $(echo "$symbols" | wc -l) symbols is a heap, exception or RTTI one"
    ;;
esac
