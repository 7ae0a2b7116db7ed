#include "exact/state_table.hpp"

namespace wsp {

namespace {

inline uint32_t rotl(uint32_t x, int r) { return (x << r) | (x >> (32 - r)); }

}  // namespace

uint32_t hash_key(const uint32_t *key, uint32_t words) {
    uint32_t h = 0x9747B28Cu ^ words;
    for (uint32_t j = 0; j < words; ++j) {
        uint32_t k = key[j] * 0xCC9E2D51u;
        k = rotl(k, 15) * 0x1B873593u;
        h = rotl(h ^ k, 13) * 5u + 0xE6546B64u;
    }
    h ^= h >> 16;
    h *= 0x85EBCA6Bu;
    h ^= h >> 13;
    h *= 0xC2B2AE35u;
    h ^= h >> 16;
    return h;
}

void KeyFormat::encode(const Frame &f, uint32_t warps, uint32_t length, uint32_t *key) const {
    for (uint32_t j = 0; j < words; ++j) key[j] = 0;
    uint8_t *bytes = reinterpret_cast<uint8_t *>(key);
    size_t at = 0;
    uint32_t placed = 0;
    auto put = [&](uint32_t position) {
        for (uint32_t b = 0; b < width; ++b) bytes[at++] = static_cast<uint8_t>(position >> (8 * b));
    };
    for (uint32_t g = 0; g < f.groups(); ++g) {
        for (uint32_t c = 0; c < f.count(g); ++c) put(f.position(g));
        placed += f.count(g);
    }
    for (; placed < warps; ++placed) put(length);
}

StateTable::StateTable(void *storage, uint64_t bytes, const KeyFormat &k)
    : base_(static_cast<uint32_t *>(storage)), stride_(1u + k.words), words_(k.words) {
    uint64_t n = bytes / entry_bytes(k);
    if (n > 0xFFFFFFFEull) n = 0xFFFFFFFEull;
    max_capacity_ = static_cast<uint32_t>(n);
    // The first table takes at most kFirstBytes (a power of two of entries, at least 16): clearing
    // 2^16 entries of a W = 8192 key touched the whole 256 MiB budget before the search began
    // (issue 18: set-up is under the time budget too). It grows by doubling as the search needs.
    uint32_t first = kFirstCapacity;
    while (first > 16u && uint64_t{first} * entry_bytes(k) > kFirstBytes) first /= 2u;
    clear(max_capacity_ < first ? max_capacity_ : first);
}

void StateTable::clear(uint32_t capacity) {
    capacity_ = capacity;
    limit_ = capacity_ == 0 ? 0 : capacity_ - 1u - capacity_ / 8u;  // always one empty slot
    used_ = 0;
    for (uint32_t s = 0; s < capacity_; ++s) entry(s)[0] = 0;
}

void StateTable::place(const uint32_t *e) {
    bool found = false;
    const uint32_t slot = find(e + 1, &found);
    uint32_t *to = entry(slot);
    for (uint32_t j = 0; j < stride_; ++j) to[j] = e[j];
    ++used_;
}

StateTable::Grown StateTable::grow() {
    if (capacity_ >= max_capacity_) return Grown::kNo;
    const uint32_t bigger =
        capacity_ > max_capacity_ / 2u ? max_capacity_ : 2u * capacity_;
    if (uint64_t{bigger} + used_ > max_capacity_) {
        clear(max_capacity_);
        return Grown::kEmptied;
    }
    // Compact the entries into [bigger, bigger + used), beyond both tables, then rebuild.
    const uint32_t n = used_;
    uint32_t *copy = entry(bigger);
    uint32_t k = 0;
    for (uint32_t s = 0; s < capacity_; ++s) {
        const uint32_t *e = entry(s);
        if (e[0] == 0) continue;
        for (uint32_t j = 0; j < stride_; ++j) copy[static_cast<size_t>(k) * stride_ + j] = e[j];
        ++k;
    }
    clear(bigger);
    for (uint32_t c = 0; c < n; ++c) place(copy + static_cast<size_t>(c) * stride_);
    return Grown::kRehashed;
}

uint32_t StateTable::find(const uint32_t *key, bool *found) const {
    uint32_t slot = static_cast<uint32_t>((uint64_t{hash_key(key, words_)} * capacity_) >> 32);
    for (;;) {
        const uint32_t *e = entry(slot);
        if (e[0] == 0) {
            *found = false;
            return slot;
        }
        uint32_t j = 0;
        while (j < words_ && e[1 + j] == key[j]) ++j;
        if (j == words_) {
            *found = true;
            return slot;
        }
        if (++slot == capacity_) slot = 0;
    }
}

bool StateTable::insert(uint32_t slot, const uint32_t *key, uint32_t ub) {
    if (full()) return false;
    uint32_t *e = entry(slot);
    e[0] = ub + 1u;
    for (uint32_t j = 0; j < words_; ++j) e[1 + j] = key[j];
    ++used_;
    return true;
}

}  // namespace wsp
