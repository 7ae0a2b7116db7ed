#include "lower/beam.hpp"

namespace wsp {

namespace {

constexpr uint32_t kTomb = 0xFFFFFFFFu;

struct Parts {
    uint64_t suffix, frame, keys, parents, sizes, per_entry, ties, set_slots, set, path, warps, counts,
        key;
    uint64_t total() const {
        return suffix + 2u * frame + keys + parents + sizes + 3u * per_entry + ties + 2u * set + path +
               warps + 2u * counts + key;
    }
};

uint64_t set_slots_for(uint64_t width) {
    uint64_t t = 8;
    while (t < 4u * width) t *= 2u;
    return t;
}

Parts parts(const wsp_problem &p, uint32_t horizon, uint64_t width) {
    const KeyFormat k = KeyFormat::for_problem(p.warps, p.length);
    const uint64_t levels = uint64_t{horizon} + 1u;
    const uint32_t groups = p.warps < p.length ? p.warps : p.length;
    Parts s;
    s.suffix = align_workspace(4u * StateBound::words(p.length));
    s.frame = align_workspace(Frame::bytes(groups));
    s.keys = align_workspace(4u * levels * width * k.words);
    s.parents = align_workspace(4u * levels * width);
    s.sizes = align_workspace(4u * levels);
    s.per_entry = align_workspace(4u * width);
    s.ties = 8u * width;
    s.set_slots = set_slots_for(width);
    s.set = align_workspace(4u * s.set_slots);
    s.path = align_workspace(4u * levels);
    s.warps = align_workspace(4u * uint64_t{p.warps});
    s.counts = align_workspace(4u * (uint64_t{p.length} + 1u));
    s.key = align_workspace(4u * uint64_t{k.words});
    return s;
}

template <typename T>
T *carve(uint8_t *&at, uint64_t bytes) {
    T *p = reinterpret_cast<T *>(at);
    at += bytes;
    return p;
}

inline uint32_t rotl(uint32_t x, int r) { return (x << r) | (x >> (32 - r)); }

uint32_t hash_words(const uint32_t *key, uint32_t words) {
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

uint64_t mix64(uint64_t z) {  // splitmix64's finaliser
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

}  // namespace

uint64_t BeamSearch::bytes(const wsp_problem &p, uint32_t horizon, uint32_t width) {
    return parts(p, horizon, width).total();
}

uint32_t BeamSearch::width_for(const wsp_problem &p, uint32_t horizon, uint64_t bytes) {
    if (parts(p, horizon, 1).total() > bytes) return 0;
    uint64_t lo = 1, hi = 2;
    while (hi < (uint64_t{1} << 24) && parts(p, horizon, hi).total() <= bytes) {
        lo = hi;
        hi *= 2u;
    }
    while (hi - lo > 1u) {  // parts(lo) fits, parts(hi) does not (or hi is the cap)
        const uint64_t mid = lo + (hi - lo) / 2u;
        if (parts(p, horizon, mid).total() <= bytes)
            lo = mid;
        else
            hi = mid;
    }
    return static_cast<uint32_t>(lo);
}

BeamSearch::BeamSearch(const wsp_problem &p, uint32_t horizon, uint32_t width, void *storage)
    : p_(p), warps_(p.warps), length_(p.length), horizon_(horizon), width_(width),
      groups_(p.warps < p.length ? p.warps : p.length),
      key_(KeyFormat::for_problem(p.warps, p.length)), suffix_(static_cast<uint32_t *>(storage)),
      bound_(p, static_cast<uint32_t *>(storage)), set_used_(0), stamp_(0), next_level_(0),
      heap_size_(0), limit_(0) {
    const Parts s = parts(p, horizon, width);
    uint8_t *at = static_cast<uint8_t *>(storage) + s.suffix;
    parent_ = Frame(carve<uint8_t>(at, s.frame), groups_);
    child_ = Frame(carve<uint8_t>(at, s.frame), groups_);
    keys_ = carve<uint32_t>(at, s.keys);
    parents_ = carve<uint32_t>(at, s.parents);
    sizes_ = carve<uint32_t>(at, s.sizes);
    heap_ = carve<uint32_t>(at, s.per_entry);
    score_ = carve<uint32_t>(at, s.per_entry);
    hash_ = carve<uint32_t>(at, s.per_entry);
    tie_ = carve<uint64_t>(at, s.ties);
    set_stamp_ = carve<uint32_t>(at, s.set);
    set_entry_ = carve<uint32_t>(at, s.set);
    path_ = carve<uint32_t>(at, s.path);
    warp_position_ = carve<uint32_t>(at, s.warps);
    count_parent_ = carve<uint32_t>(at, s.counts);
    count_child_ = carve<uint32_t>(at, s.counts);
    key_scratch_ = carve<uint32_t>(at, s.key);
    set_mask_ = static_cast<uint32_t>(s.set_slots - 1u);
    for (uint64_t k = 0; k < s.set_slots; ++k) set_stamp_[k] = 0;
    for (uint32_t q = 0; q <= length_; ++q) count_parent_[q] = count_child_[q] = 0;
}

uint32_t *BeamSearch::key_at(uint32_t level, uint32_t entry) const {
    return keys_ + (uint64_t{level} * width_ + entry) * key_.words;
}

uint32_t BeamSearch::position(const uint32_t *key, uint32_t j) const {
    const uint8_t *bytes = reinterpret_cast<const uint8_t *>(key) + uint64_t{j} * key_.width;
    uint32_t v = 0;
    for (uint32_t b = key_.width; b-- > 0;) v = (v << 8) | bytes[b];
    return v;
}

// The state of a key as a frame: groups of equal positions below I, and the work left per type.
void BeamSearch::load(const uint32_t *key, Frame &f) const {
    FrameHeader &h = f.header();
    const uint32_t *suffix = suffix_;
    uint32_t g = 0, run = 0, at = 0, work[WSP_UNIT_COUNT] = {0, 0, 0, 0};
    for (uint32_t j = 0; j < warps_; ++j) {
        const uint32_t q = position(key, j);
        if (q == length_) break;  // sorted: the finished warps come last
        for (uint32_t u = 0; u < WSP_UNIT_COUNT; ++u) work[u] += suffix[4u * q + u];
        if (run > 0 && q == at) {
            ++run;
            continue;
        }
        if (run > 0) f.set_group(g++, at, run);
        at = q;
        run = 1;
    }
    if (run > 0) f.set_group(g++, at, run);
    h.groups = g;
    uint32_t total = 0;
    for (uint32_t u = 0; u < WSP_UNIT_COUNT; ++u) {
        h.work[u] = work[u];
        total += work[u];
    }
    h.work_total = total;
}

void BeamSearch::sift_up(uint32_t at) {
    while (at > 0) {
        const uint32_t up = (at - 1u) / 2u, e = heap_[at], f = heap_[up];
        if (!better(score_[f], tie_[f], score_[e], tie_[e])) return;  // the parent is no better
        heap_[at] = f;
        heap_[up] = e;
        at = up;
    }
}

void BeamSearch::sift_down(uint32_t at) {
    for (;;) {
        uint32_t worst = at;
        for (uint32_t c = 2u * at + 1u; c <= 2u * at + 2u && c < heap_size_; ++c) {
            const uint32_t x = heap_[c], y = heap_[worst];
            if (better(score_[y], tie_[y], score_[x], tie_[x])) worst = c;
        }
        if (worst == at) return;
        const uint32_t t = heap_[at];
        heap_[at] = heap_[worst];
        heap_[worst] = t;
        at = worst;
    }
}

void BeamSearch::next_stamp() {
    set_used_ = 0;
    if (++stamp_ != 0) return;
    for (uint32_t k = 0; k <= set_mask_; ++k) set_stamp_[k] = 0;  // after 2^32 levels
    stamp_ = 1;
}

// The slot holding `key` among the next level's entries, or the free slot where it would go.
uint32_t BeamSearch::find(const uint32_t *key, uint32_t hash, bool *found) const {
    uint32_t slot = hash & set_mask_, free = kTomb;
    for (;;) {
        if (set_stamp_[slot] != stamp_) {
            *found = false;
            return free != kTomb ? free : slot;
        }
        const uint32_t e = set_entry_[slot];
        if (e == kTomb) {
            if (free == kTomb) free = slot;
        } else if (hash_[e] == hash) {
            const uint32_t *other = key_at(next_level_, e);
            uint32_t j = 0;
            while (j < key_.words && other[j] == key[j]) ++j;
            if (j == key_.words) {
                *found = true;
                return slot;
            }
        }
        slot = (slot + 1u) & set_mask_;
    }
}

void BeamSearch::set_insert(uint32_t slot, uint32_t entry) {
    if (set_stamp_[slot] != stamp_) ++set_used_;  // a tombstone's slot was counted already
    set_stamp_[slot] = stamp_;
    set_entry_[slot] = entry;
}

void BeamSearch::set_remove(uint32_t entry) {
    bool found = false;
    const uint32_t slot = find(key_at(next_level_, entry), hash_[entry], &found);
    if (found) set_entry_[slot] = kTomb;
}

// Considers the child in child_ (unfinished, with bound ub) for the next level.
void BeamSearch::offer(uint32_t parent, uint32_t ub, uint32_t mode, uint64_t seed) {
    if (heap_size_ == limit_ && ub < score_[heap_[0]]) return;
    key_.encode(child_, warps_, length_, key_scratch_);
    const uint32_t hash = hash_words(key_scratch_, key_.words);
    const uint64_t mixed = mix64(seed ^ (uint64_t{hash} * 0x9E3779B97F4A7C15ull));
    const uint64_t tie = mode == 1 ? (uint64_t{child_.header().work_total} << 32) | (mixed >> 32) : mixed;
    if (heap_size_ == limit_ && !better(ub, tie, score_[heap_[0]], tie_[heap_[0]])) return;
    bool found = false;
    uint32_t slot = find(key_scratch_, hash, &found);
    if (found) return;  // the same state: the same bound and tie
    uint32_t entry;
    const bool replace = heap_size_ == limit_;
    if (!replace) {
        entry = heap_size_;
        heap_[heap_size_++] = entry;
    } else {
        entry = heap_[0];  // the worst kept state leaves
        set_remove(entry);
        slot = find(key_scratch_, hash, &found);  // the removal may have freed an earlier slot
    }
    uint32_t *to = key_at(next_level_, entry);
    for (uint32_t j = 0; j < key_.words; ++j) to[j] = key_scratch_[j];
    parents_[uint64_t{next_level_} * width_ + entry] = parent;
    score_[entry] = ub;
    tie_[entry] = tie;
    hash_[entry] = hash;
    set_insert(slot, entry);
    if (replace)
        sift_down(0);
    else
        sift_up(heap_size_ - 1u);
    // Too many tombstones make probes long: rebuild the set from the live entries.
    if (set_used_ > (set_mask_ + 1u) / 4u * 3u) {
        next_stamp();
        for (uint32_t k = 0; k < heap_size_; ++k) {
            const uint32_t e = heap_[k];
            bool dup = false;
            set_insert(find(key_at(next_level_, e), hash_[e], &dup), e);
        }
    }
}

uint32_t BeamSearch::run(uint32_t width, uint32_t mode, uint64_t seed, uint32_t best, uint32_t stop_at,
                         Budget &budget, uint32_t *out, bool *finished) {
    *finished = false;
    limit_ = width < width_ ? width : width_;
    if (limit_ == 0) return 0;
    parent_.set_initial(p_);
    key_.encode(parent_, warps_, length_, key_at(0, 0));
    sizes_[0] = 1;
    uint32_t found_depth = 0, found_entry = 0;
    for (uint32_t d = 0;; ++d) {
        const uint32_t n = sizes_[d];
        if (n == 0 || d == horizon_) {  // no state left that can improve (or, never, past the bound)
            *finished = true;
            break;
        }
        next_level_ = d + 1u;
        heap_size_ = 0;
        next_stamp();
        bool stop = false;
        for (uint32_t e = 0; e < n && !stop; ++e) {
            load(key_at(d, e), parent_);
            parent_.prepare(p_);
            while (parent_.next_transition()) {
                if (!budget.spend()) {
                    stop = true;
                    break;
                }
                if (parent_.make_child(child_, length_) == 0) {  // a complete schedule of d+1 cycles
                    if (d + 1u > best) {
                        best = d + 1u;
                        found_depth = d + 1u;
                        found_entry = e;
                        budget.improved(best);
                        if (best >= stop_at) stop = true;  // nothing longer exists
                    }
                    if (stop) break;
                    continue;
                }
                const uint32_t ub = bound_(child_);
                if (d + 1u + ub > best) offer(e, ub, mode, seed);
            }
        }
        if (stop) break;
        sizes_[d + 1u] = heap_size_;
    }
    if (found_depth == 0) return 0;
    emit(found_depth, found_entry, out);
    return found_depth;
}

// Writes the string of the path that ends, after `depth` cycles, with every warp finished, coming
// from entry `entry` of level depth - 1.
void BeamSearch::emit(uint32_t depth, uint32_t entry, uint32_t *out) {
    path_[depth - 1u] = entry;
    for (uint32_t d = depth - 1u; d > 0; --d) path_[d - 1u] = parents_[uint64_t{d} * width_ + path_[d]];
    for (uint32_t w = 0; w < warps_; ++w) warp_position_[w] = 0;
    uint64_t length = 0;
    for (uint32_t d = 0; d < depth; ++d) {
        // Warps per position before and after cycle d + 1.
        // Only positions lo..hi hold warps before the cycle (and lo..hi+1 after it): the loops below
        // cover those, not the whole kernel (issue 18: O(I) per cycle made a 20,000-segment kernel's
        // witness take seconds, past the time budget).
        const uint32_t *before = key_at(d, path_[d]);
        uint32_t lo = length_, hi = 0;
        for (uint32_t j = 0; j < warps_; ++j) {
            const uint32_t q = position(before, j);
            ++count_parent_[q];
            if (q < lo) lo = q;
            if (q > hi) hi = q;
        }
        if (d + 1u < depth) {
            const uint32_t *after = key_at(d + 1u, path_[d + 1u]);
            for (uint32_t j = 0; j < warps_; ++j) ++count_child_[position(after, j)];
        } else {
            count_child_[length_] = warps_;  // all finished
        }
        if (hi >= length_) hi = length_ - 1u;  // finished warps (at length_) do not move
        // advance(q) warps move from q to q + 1: count_child(q) = count_parent(q) - advance(q) +
        // advance(q - 1). Kept in count_child_; 0 below lo (no warp there).
        uint32_t carry = 0;
        for (uint32_t q = lo; q <= hi && q < length_; ++q) {
            const uint32_t advance = count_parent_[q] + carry - count_child_[q];
            count_child_[q] = advance;
            carry = advance;
        }
        // Highest positions first, so that a warp moved into q this cycle is not taken again at q.
        for (uint32_t q = (hi < length_ ? hi + 1u : length_); q-- > lo;) {
            uint32_t left = count_child_[q];
            for (uint32_t w = 0; w < warps_ && left > 0; ++w) {
                if (warp_position_[w] != q) continue;
                out[length++] = w + 1u;
                ++warp_position_[w];
                --left;
            }
        }
        for (uint32_t q = lo; q <= length_ && q <= hi + 1u; ++q) count_parent_[q] = count_child_[q] = 0;
        count_child_[length_] = count_parent_[length_] = 0;
    }
}

}  // namespace wsp
