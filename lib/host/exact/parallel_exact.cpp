#include "host/exact/parallel_exact.hpp"

#include <atomic>
#include <thread>
#include <utility>
#include <vector>

#include "exact/solve.hpp"
#include "host/exact/shared_table.hpp"

namespace wsp {
namespace host {

namespace {

// What the searchers share besides the table.
struct Shared {
    std::atomic<uint32_t> theta{0};  // the probe the main thread runs
    std::atomic<uint32_t> epoch{0};  // counts its probes; a helper stops when it changes
    std::atomic<bool> done{false};
};

// The slot of the initial state (all warps at 0), which run_probes inserted before its first probe.
uint32_t root_slot(const wsp_problem &p, const ExactLayout &l, const SharedTable &table, uint32_t *key, Frame root) {
    root.set_initial(p);
    l.key.encode(root, p.warps, p.length, key);
    bool found = false;
    const uint32_t slot = table.find(key, &found);
    return found ? slot : StateTable::kNoSlot;
}

// The main thread: the core's order; a probe stops when the root's bound in the table falls below
// its threshold (a helper refuted it).
struct MainHooks {
    const wsp_problem *p;
    const ExactLayout *l;
    SharedTable *table;
    Shared *shared;
    uint32_t *key;
    Frame scratch;
    uint32_t root = StateTable::kNoSlot;
    uint32_t theta = 0;
    uint32_t ticks = 0;

    uint32_t generation = 0;

    bool next(Frame &f, uint32_t /*depth*/) const { return f.next_transition(); }
    bool stop() {
        if ((++ticks & 255u) != 0) return false;
        return refuted_elsewhere();
    }
    void probing(uint32_t t) {
        theta = t;
        shared->theta.store(t, std::memory_order_relaxed);
        shared->epoch.fetch_add(1, std::memory_order_release);
    }
    // The root's slot moves when the table grows (run_probes inserted the root before its first probe,
    // and a growth that empties the table re-inserts the stack's states).
    bool refuted_elsewhere() {
        if (root == StateTable::kNoSlot || generation != table->generation()) {
            generation = table->generation();
            root = root_slot(*p, *l, *table, key, scratch);
        }
        return root != StateTable::kNoSlot && table->bound(root) < theta;
    }
};

// A helper: the transitions of each state rotated by an amount drawn from (helper, depth, count),
// so that helpers start on different children; it stops when the main thread moves on.
struct HelperHooks {
    struct Rotation {
        uint32_t skip;  // transitions 0 .. skip-1 come after the others
        uint32_t left;  // in the second pass: how many of them are still to come
        uint32_t pass;  // 0: natural order; 1: from transition `skip` on; 2: the first `skip`
    };
    const wsp_problem *p;
    Shared *shared;
    const SharedTable *table;
    uint32_t seed;
    uint32_t epoch = 0;
    uint32_t generation = 0;
    std::vector<Rotation> rotation;

    bool next(Frame &f, uint32_t depth) {
        Rotation &r = rotation[depth];
        if (f.header().phase == Frame::kFresh) {  // a new state at this depth
            uint32_t count = 0;
            while (f.next_transition()) ++count;
            f.prepare(*p);
            r.skip = count > 1 ? mix(depth, count) % count : 0;
            r.pass = r.skip == 0 ? 0 : 1;
            for (uint32_t k = 0; k < r.skip; ++k) f.next_transition();
        }
        if (r.pass != 2) {
            if (f.next_transition()) return true;
            if (r.pass == 0) return false;
            // The first `skip` transitions, now; the frame never rests fresh between calls.
            f.prepare(*p);
            r.pass = 2;
            r.left = r.skip - 1u;
            return f.next_transition();
        }
        if (r.left == 0) return false;
        --r.left;
        return f.next_transition();
    }
    bool stop() const {
        return table->pausing() || shared->epoch.load(std::memory_order_relaxed) != epoch ||
               shared->done.load(std::memory_order_relaxed);
    }
    void probing(uint32_t /*theta*/) const {}
    bool refuted_elsewhere() const { return false; }

    uint32_t mix(uint32_t depth, uint32_t count) const {
        uint32_t h = seed * 0x9E3779B9u ^ (depth * 0x85EBCA6Bu + count * 0xC2B2AE35u);
        h ^= h >> 15;
        h *= 0x2C1B3C6Du;
        h ^= h >> 12;
        return h;
    }
};

// One helper's life: probe whatever the main thread probes, until it is done; after a probe (refuted:
// the root's bound says so; found: the main thread finds the same path; the table full or growing)
// it waits for the next probe or the end of the growth.
// Its memory (outside the job's budget: a stack as large as the main thread's) is taken before it
// counts itself in: a helper that cannot have it does not help (the result is the same), where an
// exception would end the process, or, after join(), leave a helper that never parks.
void help(const wsp_problem &p, const ExactLayout &l, SharedTable &table, Shared &shared, uint32_t seed) {
    std::vector<uint64_t> memory;
    std::vector<uint32_t> witness;  // a helper's paths are never reported
    std::vector<HelperHooks::Rotation> rotation;
    try {
        memory.assign((l.stack.bytes() + 7u) / 8u + 1u, 0);
        witness.assign(cells(p), 0);
        rotation.resize(l.frames);
    } catch (...) {
        return;
    }
    table.join();
    uint8_t *ws = reinterpret_cast<uint8_t *>(memory.data());
    wsp_exact_options o{};
    HelperHooks hooks{&p, &shared, &table, seed, 0, 0, std::move(rotation)};
    Search<SharedTable, HelperHooks> search(p, l, ws, table, o, witness.data(), hooks);
    for (;;) {
        for (;;) {
            if (table.pausing()) table.park();
            if (shared.done.load(std::memory_order_relaxed)) break;
            const uint32_t epoch = shared.epoch.load(std::memory_order_acquire);
            const uint32_t generation = table.generation();
            if (epoch != 0 && (epoch != hooks.epoch || generation != hooks.generation)) {
                hooks.epoch = epoch;
                hooks.generation = generation;
                break;
            }
            std::this_thread::yield();
        }
        if (shared.done.load(std::memory_order_relaxed)) break;
        const uint32_t theta = shared.theta.load(std::memory_order_relaxed);
        uint32_t slot = root_slot(p, l, table, reinterpret_cast<uint32_t *>(ws + l.key_at), search.frame(0));
        if (slot == StateTable::kNoSlot) continue;  // not (yet) there: wait for the next probe
        uint32_t bound = 0, makespan = 0;
        search.probe(theta, &slot, &bound, &makespan);
    }
}

}  // namespace

wsp_status parallel_exact_solve(const wsp_problem *problem, const wsp_exact_options *options, void *workspace,
                                size_t workspace_size, uint32_t threads, uint32_t *witness, size_t witness_length,
                                wsp_exact_result *result, wsp_diag *diag) {
    auto searcher = [threads](const wsp_problem &p, const ExactLayout &l, uint8_t *ws, uint64_t region,
                              const wsp_exact_options &o, uint32_t *path, uint32_t initial, uint32_t *lower,
                              wsp_exact_result *r, wsp_diag *d) {
        SharedTable table(ws + l.region_at, region, l.key);
        Shared shared;
        MainHooks hooks{&p, &l, &table, &shared, reinterpret_cast<uint32_t *>(ws + l.key_at),
                        Frame(ws + l.frames_at + (l.frames - 1u) * l.frame_bytes, l.max_groups)};
        Search<SharedTable, MainHooks> search(p, l, ws, table, o, path, hooks);
        std::vector<std::thread> helpers;
        try {
            for (uint32_t k = 1; k < threads; ++k)
                helpers.emplace_back(help, std::cref(p), std::cref(l), std::ref(table), std::ref(shared), k);
        } catch (...) {  // fewer helpers than asked (the system refused a thread): the result is the same
        }
        const wsp_status st = run_probes(search, hooks, p, l, o, path, initial, lower, r, d);
        shared.done.store(true, std::memory_order_relaxed);
        for (std::thread &t : helpers) t.join();
        return st;
    };
    return exact_solve(problem, options, workspace, workspace_size, witness, witness_length, result, diag, searcher);
}

}  // namespace host
}  // namespace wsp
