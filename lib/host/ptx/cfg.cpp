// The control-flow graph: blocks, inlined calls, dominators, loops, post-dominators, loop bounds.
#include "host/ptx/cfg.hpp"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>

namespace wsp {
namespace ptx {

namespace {

struct Builder {
    const Module &module;
    const Options &options;
    const std::string &arch;
    Graph &g;
    Result &result;
    Failure &fail;
    std::vector<std::string> unknown;  // "line N: opcode", every one
    std::map<std::string, size_t> expansion_index;
    std::set<const Function *> counted;  // functions whose PTX instructions are counted already
    uint32_t instances = 0;              // inlined copies made so far

    bool error(wsp_status s, size_t line, const std::string &m) {
        fail.status = s;
        fail.line = line;
        fail.message = m;
        return false;
    }

    const Function *find_function(const std::string &name) const {
        for (const Function &f : module.functions)
            if (f.defined && !f.entry && f.name == name) return &f;
        return nullptr;
    }

    // The callee of `call[.uni] (ret), name, (args);`, `call name, (args);` or `call name;`.
    static std::string callee_of(const std::string &operands) {
        std::string s = trim(operands);
        if (!s.empty() && s[0] == '(') {
            const size_t close = s.find(')');
            s = close == std::string::npos ? "" : trim(s.substr(close + 1));
            if (!s.empty() && s[0] == ',') s = trim(s.substr(1));
        }
        size_t e = 0;
        while (e < s.size() && s[e] != ',' && s[e] != ' ' && s[e] != '\t' && s[e] != '(') ++e;
        return s.substr(0, e);
    }

    // The letters of one instruction (its expansion where it has one); records unknowns and expansions.
    bool letters_of(const Instruction &ins, const Class &c, Letters &out) {
        int unit = c.unit;
        if (!c.known) {
            if (options.unknown_unit < 0) {
                unknown.push_back("line " + std::to_string(ins.line) + ": " + ins.opcode);
                return true;
            }
            unit = options.unknown_unit;
            result.mapped.push_back({ins.line, ins.opcode, unit});
        }
        if (c.expands && options.expand) {
            Letters e;
            std::string source, why;
            if (!expansion(ins.opcode, arch, e, source, why))
                return error(WSP_ERR_PTX, ins.line, "'" + ins.opcode + "' expands into several machine instructions, but " + why);
            auto at = expansion_index.find(ins.opcode);
            if (at == expansion_index.end()) {
                expansion_index[ins.opcode] = result.expansions.size();
                result.expansions.push_back({ins.opcode, {ins.line}, e, source});
            } else if (std::find(result.expansions[at->second].lines.begin(), result.expansions[at->second].lines.end(),
                                 ins.line) == result.expansions[at->second].lines.end()) {
                result.expansions[at->second].lines.push_back(ins.line);
            }
            append(out, e);
            return true;
        }
        append(out, unit, 1);
        return true;
    }

    // Appends the blocks of `f` (calls inlined). `ret_to`: the block a `ret` continues at (kExit for
    // the entry). Returns the id of f's first block, or kExit on error.
    uint32_t inline_function(const Function &f, std::vector<const Function *> &stack, uint32_t ret_to,
                             std::vector<uint32_t> &pending_ret) {
        const size_t n = f.code.size();
        if (counted.insert(&f).second) result.ptx_instructions += n;
        // Leaders: 0, every label, every instruction after a control transfer or a call.
        std::vector<bool> leader(n + 1, false);
        leader[0] = true;
        for (const auto &l : f.labels) leader[l.second] = true;
        std::vector<Class> cls(n);
        for (size_t i = 0; i < n; ++i) {
            cls[i] = classify(f.code[i].opcode);
            if (cls[i].flow != Flow::kNone) leader[i + 1] = true;
        }
        // Blocks of f: [start, end) ranges; an empty block stands for a label at the very end.
        std::vector<size_t> starts;
        for (size_t i = 0; i < n; ++i)
            if (leader[i]) starts.push_back(i);
        bool end_label = false;
        for (const auto &l : f.labels) end_label = end_label || l.second == n;
        if (end_label || n == 0) starts.push_back(n);
        const uint32_t first = static_cast<uint32_t>(g.blocks.size());
        const uint32_t instance = instances++;
        std::map<size_t, uint32_t> block_at;  // start index -> block id
        for (size_t k = 0; k < starts.size(); ++k) {
            block_at[starts[k]] = static_cast<uint32_t>(g.blocks.size());
            Block b;
            b.id = static_cast<uint32_t>(g.blocks.size());
            b.function = f.name;
            BlockCode code;
            code.function = &f;
            code.instance = instance;
            code.begin = starts[k];
            code.end = k + 1 < starts.size() ? starts[k + 1] : n;
            if (code.end < code.begin) code.end = code.begin;
            for (const auto &l : f.labels)
                if (l.second == starts[k] && b.label.empty()) b.label = l.first;
            b.first_line = code.begin < n ? f.code[code.begin].line : f.line;
            b.last_line = code.end > code.begin ? f.code[code.end - 1].line : b.first_line;
            b.ptx_instructions = code.end - code.begin;
            g.blocks.push_back(b);
            g.code.push_back(code);
        }
        // Contents and edges.
        for (size_t k = 0; k < starts.size(); ++k) {
            const uint32_t id = block_at[starts[k]];
            const size_t begin = g.code[id].begin, end = g.code[id].end;
            Letters letters;
            for (size_t i = begin; i < end; ++i)
                if (!letters_of(f.code[i], cls[i], letters)) return kExit;
            g.blocks[id].letters = letters;
            const uint32_t next = k + 1 < starts.size() ? block_at[starts[k + 1]] : ret_to;
            const bool at_end = k + 1 >= starts.size();
            std::vector<uint32_t> succ;
            bool conditional = false;
            if (end == begin) {  // an empty block: a label at the end of f
                succ.push_back(ret_to);
                if (ret_to != kExit || stack.size() > 1) pending_ret.push_back(id);
            } else {
                const Instruction &last = f.code[end - 1];
                const Class &c = cls[end - 1];
                const bool guarded = !last.guard.empty();
                switch (c.flow) {
                    case Flow::kNone:
                        succ.push_back(at_end ? ret_to : next);
                        if (at_end && stack.size() > 1) pending_ret.push_back(id);
                        break;
                    case Flow::kIndirect:
                        return error(WSP_ERR_PTX, last.line, "'" + last.opcode + "': indirect branches are not followed"),
                               kExit;
                    case Flow::kBranch: {
                        std::string label = trim(last.operands);
                        label = trim(label.substr(0, label.find(',')));
                        if (label.empty()) return error(WSP_ERR_PTX, last.line, "'" + last.opcode + "' without a target"), kExit;
                        auto at = f.labels.find(label);
                        if (at == f.labels.end())
                            return error(WSP_ERR_PTX, last.line, "'" + last.opcode + "' to '" + shorten(label) +
                                                                     "', which is no label of " +
                                                                     (f.entry ? ".entry " : ".func ") + f.name),
                                   kExit;
                        const uint32_t target = block_at[at->second];
                        succ.push_back(target);
                        g.code[id].ends_in_branch = true;
                        if (guarded) {
                            const uint32_t fall = at_end ? ret_to : next;
                            if (at_end && stack.size() > 1) pending_ret.push_back(id);
                            if (fall != target) {
                                succ.push_back(fall);
                                conditional = true;
                            }
                            g.code[id].loop_walk_backward = at->second <= end - 1;
                        }
                        break;
                    }
                    case Flow::kReturn:
                    case Flow::kEnd: {
                        const uint32_t out = c.flow == Flow::kEnd ? kExit : ret_to;
                        succ.push_back(out);
                        if (c.flow == Flow::kReturn && stack.size() > 1) pending_ret.push_back(id);
                        if (guarded) {
                            g.code[id].ends_in_branch = true;
                            const uint32_t fall = at_end ? ret_to : next;
                            if (at_end && stack.size() > 1) pending_ret.push_back(id);
                            if (fall != out) {
                                succ.push_back(fall);
                                conditional = true;
                            }
                        }
                        break;
                    }
                    case Flow::kCall: {
                        const std::string name = callee_of(last.operands);
                        if (name.empty() || name[0] == '%')
                            return error(WSP_ERR_PTX, last.line, "'" + last.opcode + "' through a register: indirect calls are not followed"),
                                   kExit;
                        const Function *callee = find_function(name);
                        if (callee == nullptr)
                            return error(WSP_ERR_PTX, last.line, "call to '" + shorten(name) +
                                                                     "', which has no body in the PTX (an external function?)"),
                                   kExit;
                        if (guarded)
                            return error(WSP_ERR_PTX, last.line, "a guarded call ('@" + last.guard + " " + last.opcode +
                                                                     "') is not followed"),
                                   kExit;
                        for (const Function *s : stack)
                            if (s == callee) {
                                std::string chain;
                                for (const Function *t : stack) chain += t->name + " -> ";
                                return error(WSP_ERR_PTX, last.line, "recursion: " + chain + callee->name +
                                                                         " (a recursive call has no bound)"),
                                       kExit;
                            }
                        const uint32_t after = at_end ? ret_to : next;
                        if (at_end && stack.size() > 1) pending_ret.push_back(id);
                        std::vector<uint32_t> rets;
                        stack.push_back(callee);
                        const uint32_t entry = inline_function(*callee, stack, after, rets);
                        stack.pop_back();
                        if (entry == kExit) return kExit;
                        succ.push_back(entry);
                        break;
                    }
                }
            }
            g.blocks[id].succ = succ;
            g.blocks[id].conditional = conditional;
        }
        return first;
    }
};

// Reverse postorder from block 0 over successors (kExit skipped), iteratively.
std::vector<uint32_t> reverse_postorder(const std::vector<Block> &b) {
    std::vector<uint32_t> order;
    std::vector<int> state(b.size(), 0);
    std::vector<std::pair<uint32_t, size_t>> st{{0, 0}};
    state[0] = 1;
    while (!st.empty()) {
        auto &top = st.back();
        const Block &blk = b[top.first];
        if (top.second < blk.succ.size()) {
            const uint32_t s = blk.succ[top.second++];
            if (s != kExit && state[s] == 0) {
                state[s] = 1;
                st.push_back({s, 0});
            }
        } else {
            order.push_back(top.first);
            st.pop_back();
        }
    }
    std::reverse(order.begin(), order.end());
    return order;
}

// Cooper, Harvey and Kennedy's iterative dominators over `order` (reverse postorder, order[0] the
// root) with predecessor lists `pred`; returns idom indexed by node (root: itself).
std::vector<uint32_t> dominators(const std::vector<uint32_t> &order, const std::vector<std::vector<uint32_t>> &pred,
                                 size_t nodes) {
    const uint32_t kNone = 0xffffffffu;
    std::vector<uint32_t> rpo(nodes, kNone), idom(nodes, kNone);
    for (size_t i = 0; i < order.size(); ++i) rpo[order[i]] = static_cast<uint32_t>(i);
    idom[order[0]] = order[0];
    for (bool changed = true; changed;) {
        changed = false;
        for (size_t i = 1; i < order.size(); ++i) {
            const uint32_t v = order[i];
            uint32_t nd = kNone;
            for (uint32_t p : pred[v]) {
                if (rpo[p] == kNone || idom[p] == kNone) continue;
                if (nd == kNone) {
                    nd = p;
                    continue;
                }
                uint32_t a = p, b = nd;
                while (a != b) {
                    while (rpo[a] > rpo[b]) a = idom[a];
                    while (rpo[b] > rpo[a]) b = idom[b];
                }
                nd = a;
            }
            if (nd != kNone && idom[v] != nd) {
                idom[v] = nd;
                changed = true;
            }
        }
    }
    return idom;
}

bool dominates(const std::vector<uint32_t> &idom, uint32_t a, uint32_t b) {
    for (;;) {
        if (a == b) return true;
        if (idom[b] == b) return false;
        b = idom[b];
    }
}

// ---- the counter of a loop, when the compiler's code makes it evident ---------------------------
//
// Claim. Let loop L (header h) have one latch B whose last instruction is `@p bra h` (or `@!p bra h`)
// with its other successor outside L, where p's last definition in B before the branch is an
// unguarded `setp.CMP.T p, r, K` (or `p, K, r`) with an integer literal K; let r have exactly one
// definition in L, an unguarded `add.T r, r, STEP` (or sub) with a literal STEP, in a block D of L
// that lies in no inner loop of L and dominates B (before the setp when D = B, or after it); and
// exactly one definition outside L, an unguarded `mov.T r, V0` with a literal V0, in a block M that
// dominates h and lies in exactly the loops that strictly contain L. Then the header runs at most k
// times per entry into L, where k is the first iteration whose compare fails, computed exactly in the
// register's width below.
// Proof. PTX registers are local to their function, and r has no other definition, so at each entry
// into L r = V0: M dominates h and sits in L's parent loop (or in none), so every path from the
// parent's header (or from the start) to h passes M, and nothing between M and h writes r. Each
// iteration is a path from h to B that runs D exactly once (D dominates B; D is in no inner loop, so a
// path from h to B without h in between meets it at most once), so in iteration i the compare sees
// V0 + i*STEP (or V0 + (i-1)*STEP when the setp comes first), computed modulo 2^width as the
// hardware does. The header runs again only through the back edge, taken only when the compare
// holds; other exits only end the loop sooner. So the header runs at most k times, the first i at
// which the compare fails. A loop whose counter does not fail within 2^20 iterations gets no bound.

bool parse_integer(const std::string &t, int64_t &v) {
    std::string s = trim(t);
    if (s.empty()) return false;
    bool neg = false;
    if (s[0] == '-') {
        neg = true;
        s = s.substr(1);
    }
    if (!s.empty() && (s.back() == 'U' || s.back() == 'u')) s.pop_back();
    if (s.empty()) return false;
    char *end = nullptr;
    const bool hex = s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    const unsigned long long u = std::strtoull(s.c_str(), &end, hex ? 16 : 10);
    if (*end != '\0' || (!hex && !(s[0] >= '0' && s[0] <= '9'))) return false;
    v = neg ? -static_cast<int64_t>(u) : static_cast<int64_t>(u);
    return true;
}

// The operands, split at top-level commas.
std::vector<std::string> operand_list(const std::string &ops) {
    std::vector<std::string> out;
    int depth = 0;
    std::string cur;
    for (char c : ops) {
        if (c == '{' || c == '[' || c == '(') ++depth;
        if (c == '}' || c == ']' || c == ')') --depth;
        if (c == ',' && depth == 0) {
            out.push_back(trim(cur));
            cur.clear();
        } else {
            cur += c;
        }
    }
    if (!trim(cur).empty()) out.push_back(trim(cur));
    return out;
}

// True when `ins` may write register r: r appears as a token in its first operand (outside [...]),
// for every instruction that has a destination.
bool may_define(const Instruction &ins, const std::string &r) {
    const std::string base = ins.opcode.substr(0, ins.opcode.find('.'));
    static const char *const kNoDest[] = {"st", "red", "bra", "brx", "call", "ret", "exit", "bar", "barrier",
        "membar", "fence", "prefetch", "prefetchu", "trap", "sust", "sured", "cp", "stmatrix", "discard",
        "nanosleep", "pmevent", "brkpt", nullptr};
    for (const char *const *k = kNoDest; *k; ++k)
        if (base == *k) return false;
    const std::vector<std::string> ops = operand_list(ins.operands);
    if (ops.empty()) return false;
    const std::string &d = ops[0];
    size_t i = 0;
    while (i < d.size()) {
        if (d[i] == '[') {
            while (i < d.size() && d[i] != ']') ++i;
            continue;
        }
        size_t j = i;
        while (j < d.size() && (isalnum(static_cast<unsigned char>(d[j])) || d[j] == '%' || d[j] == '_' || d[j] == '$')) ++j;
        if (j > i && d.substr(i, j - i) == r) return true;
        i = j > i ? j : i + 1;
    }
    return false;
}

struct Site {
    uint32_t block;
    size_t index;  // in the function's code
};

std::string infer_bound(const Graph &g, int li, uint32_t &bound) {
    const Loop &L = g.loops[li];
    const uint32_t h = L.header;
    // One latch.
    std::vector<uint32_t> latches;
    for (uint32_t b : L.blocks)
        for (uint32_t s : g.blocks[b].succ)
            if (s == h) latches.push_back(b);
    if (latches.size() != 1) return "";
    const uint32_t B = latches[0];
    const BlockCode &bc = g.code[B];
    const Function *f = bc.function;
    if (bc.end == bc.begin || g.code[h].function != f) return "";
    const Instruction &br = f->code[bc.end - 1];
    if (classify(br.opcode).flow != Flow::kBranch || br.guard.empty() || !g.blocks[B].conditional) return "";
    if (g.blocks[B].succ[0] != h || loop_contains(g, li, g.blocks[B].succ[1])) return "";
    // p's last definition before the branch, in B.
    size_t si = bc.end - 1;
    bool found = false;
    while (si > bc.begin) {
        --si;
        if (may_define(f->code[si], br.guard)) {
            found = true;
            break;
        }
    }
    if (!found) return "";
    const Instruction &setp = f->code[si];
    const std::vector<std::string> sp = split(setp.opcode, '.');
    if (sp.size() != 3 || sp[0] != "setp" || !setp.guard.empty()) return "";
    const std::vector<std::string> so = operand_list(setp.operands);
    if (so.size() != 3 || so[0] != br.guard) return "";
    std::string cmp = sp[1], type = sp[2], r;
    int64_t K = 0;
    if (parse_integer(so[2], K) && so[1].size() > 1 && so[1][0] == '%') {
        r = so[1];
    } else if (parse_integer(so[1], K) && so[2].size() > 1 && so[2][0] == '%') {
        r = so[2];  // K CMP r: mirror the comparison
        static const char *const kMirror[][2] = {{"lt", "gt"}, {"le", "ge"}, {"gt", "lt"}, {"ge", "le"},
                                                  {"lo", "hi"}, {"ls", "hs"}, {"hi", "lo"}, {"hs", "ls"}};
        for (const auto &m : kMirror)
            if (cmp == m[0]) {
                cmp = m[1];
                break;
            }
    } else {
        return "";
    }
    if (type != "s32" && type != "u32" && type != "b32" && type != "s64" && type != "u64" && type != "b64") return "";
    const int width = type[1] == '3' ? 32 : 64;
    const bool is_signed = type[0] == 's';
    // r's definitions in f, inside and outside L.
    std::vector<Site> inside, outside;
    for (uint32_t b = 0; b < g.blocks.size(); ++b) {
        if (g.code[b].function != f || g.code[b].instance != g.code[h].instance) continue;
        for (size_t i = g.code[b].begin; i < g.code[b].end; ++i)
            if (may_define(f->code[i], r)) (loop_contains(g, li, b) ? inside : outside).push_back({b, i});
    }
    if (inside.size() != 1) return "";
    std::vector<Site> dominating;
    for (const Site &s : outside)
        if (dominates(g.idom, s.block, h)) dominating.push_back(s);
    if (dominating.size() != 1 || outside.size() != 1) return "";
    const Site D = inside[0], M = dominating[0];
    const Instruction &add = f->code[D.index];
    const std::vector<std::string> ap = split(add.opcode, '.');
    const std::vector<std::string> ao = operand_list(add.operands);
    if (!add.guard.empty() || ap.size() != 2 || (ap[0] != "add" && ap[0] != "sub") || ao.size() != 3 || ao[0] != r ||
        ao[1] != r)
        return "";
    if ((ap[1][1] == '3' ? 32 : 64) != width) return "";
    int64_t step = 0;
    if (!parse_integer(ao[2], step)) return "";
    if (ap[0] == "sub") step = -step;
    if (g.innermost[D.block] != li || !dominates(g.idom, D.block, B)) return "";
    bool pre = false;  // the compare sees the value before the add
    if (D.block == B) {
        if (D.index > si) pre = true;
    }
    const Instruction &mov = f->code[M.index];
    const std::vector<std::string> mp = split(mov.opcode, '.');
    const std::vector<std::string> mo = operand_list(mov.operands);
    int64_t v0 = 0;
    if (!mov.guard.empty() || mp.size() != 2 || mp[0] != "mov" || mo.size() != 2 || mo[0] != r || !parse_integer(mo[1], v0))
        return "";
    if (g.innermost[M.block] != L.parent) return "";
    // Simulate.
    const uint64_t mask = width == 32 ? 0xffffffffull : ~0ull;
    auto as_signed = [&](uint64_t v) -> int64_t {
        return width == 32 ? static_cast<int64_t>(static_cast<int32_t>(static_cast<uint32_t>(v))) : static_cast<int64_t>(v);
    };
    const uint64_t k_u = static_cast<uint64_t>(K) & mask;
    for (uint64_t i = 1; i <= (1u << 20); ++i) {
        const uint64_t v = (static_cast<uint64_t>(v0) + (pre ? i - 1 : i) * static_cast<uint64_t>(step)) & mask;
        bool holds;
        if (cmp == "eq") holds = v == k_u;
        else if (cmp == "ne") holds = v != k_u;
        else if (cmp == "lo" || ((cmp == "lt") && !is_signed)) holds = v < k_u;
        else if (cmp == "ls" || ((cmp == "le") && !is_signed)) holds = v <= k_u;
        else if (cmp == "hi" || ((cmp == "gt") && !is_signed)) holds = v > k_u;
        else if (cmp == "hs" || ((cmp == "ge") && !is_signed)) holds = v >= k_u;
        else if (cmp == "lt") holds = as_signed(v) < as_signed(k_u);
        else if (cmp == "le") holds = as_signed(v) <= as_signed(k_u);
        else if (cmp == "gt") holds = as_signed(v) > as_signed(k_u);
        else if (cmp == "ge") holds = as_signed(v) >= as_signed(k_u);
        else return "";
        if (br.negated) holds = !holds;
        if (!holds) {
            bound = static_cast<uint32_t>(i);
            return "inferred: " + r + " from " + std::to_string(v0) + " by " + std::to_string(step) + ", " + setp.opcode +
                   " with " + std::to_string(K) + " (lines " + std::to_string(mov.line) + ", " + std::to_string(add.line) +
                   ", " + std::to_string(setp.line) + ")";
        }
    }
    return "";
}

}  // namespace

bool loop_contains(const Graph &g, int loop, uint32_t block) {
    if (block == kExit) return false;
    for (int l = g.innermost[block]; l >= 0; l = g.loops[l].parent)
        if (l == loop) return true;
    return false;
}

bool build_graph(const Module &module, const Function &entry, const Options &options, const std::string &arch,
                 bool need_bounds, Graph &graph, Result &result, Failure &failure) {
    Builder b{module, options, arch, graph, result, failure, {}, {}, {}, 0};
    std::vector<const Function *> stack{&entry};
    std::vector<uint32_t> rets;
    if (b.inline_function(entry, stack, kExit, rets) == kExit) return false;
    if (!b.unknown.empty()) {
        std::string list;
        for (const std::string &u : b.unknown) list += (list.empty() ? "" : "; ") + u;
        failure = {WSP_ERR_PTX, 0, std::to_string(b.unknown.size()) +
                                       (b.unknown.size() == 1 ? " instruction" : " instructions") +
                                       " of an unknown opcode (map them with "
                                                                       "--unknown-opcode=C|L|S|D): " + list};
        return false;
    }
    // Drop unreachable blocks; ids stay in layout order.
    std::vector<uint32_t> order = reverse_postorder(graph.blocks);
    std::vector<uint32_t> renum(graph.blocks.size(), kExit);
    {
        std::vector<bool> reach(graph.blocks.size(), false);
        for (uint32_t v : order) reach[v] = true;
        uint32_t n = 0;
        for (uint32_t v = 0; v < graph.blocks.size(); ++v)
            if (reach[v]) renum[v] = n++;
        std::vector<Block> blocks;
        std::vector<BlockCode> code;
        for (uint32_t v = 0; v < graph.blocks.size(); ++v) {
            if (!reach[v]) continue;
            Block blk = graph.blocks[v];
            blk.id = renum[v];
            for (uint32_t &s : blk.succ) s = s == kExit ? kExit : renum[s];
            blocks.push_back(blk);
            code.push_back(graph.code[v]);
        }
        graph.blocks.swap(blocks);
        graph.code.swap(code);
        order = reverse_postorder(graph.blocks);
    }
    const size_t n = graph.blocks.size();
    std::vector<std::vector<uint32_t>> pred(n);
    for (const Block &blk : graph.blocks)
        for (uint32_t s : blk.succ)
            if (s != kExit) pred[s].push_back(blk.id);
    graph.idom = dominators(order, pred, n);
    // Natural loops, merged per header; a retreating edge to a non-dominator makes the graph irreducible.
    std::vector<uint32_t> rpo(n);
    for (size_t i = 0; i < order.size(); ++i) rpo[order[i]] = static_cast<uint32_t>(i);
    std::map<uint32_t, std::set<uint32_t>> body;
    for (const Block &blk : graph.blocks)
        for (uint32_t s : blk.succ) {
            if (s == kExit || rpo[s] > rpo[blk.id]) continue;
            if (!dominates(graph.idom, s, blk.id))
                return failure = {WSP_ERR_PTX, blk.last_line,
                                  "irreducible control flow: the jump at line " + std::to_string(blk.last_line) +
                                      " enters a loop at line " + std::to_string(graph.blocks[s].first_line) +
                                      " that is not its header"},
                       false;
            std::set<uint32_t> &L = body[s];
            L.insert(s);
            std::vector<uint32_t> work{blk.id};
            while (!work.empty()) {
                const uint32_t v = work.back();
                work.pop_back();
                if (!L.insert(v).second && v != blk.id) continue;
                if (v == s) continue;
                for (uint32_t p : pred[v])
                    if (!L.count(p)) work.push_back(p);
            }
        }
    for (const auto &kv : body) {
        Loop L;
        L.header = kv.first;
        L.blocks.push_back(kv.first);
        for (uint32_t v : kv.second)
            if (v != kv.first) L.blocks.push_back(v);
        const Block &h = graph.blocks[kv.first];
        L.label = h.label;
        if (h.function != entry.name) L.label = h.function + ":" + h.label;
        L.line = h.first_line;
        graph.loops.push_back(L);
    }
    graph.innermost.assign(n, -1);
    for (size_t i = 0; i < graph.loops.size(); ++i)
        for (size_t j = 0; j < graph.loops.size(); ++j) {
            if (i == j) continue;
            const std::set<uint32_t> &bi = body[graph.loops[i].header], &bj = body[graph.loops[j].header];
            if (bj.size() > bi.size() && bj.count(graph.loops[i].header)) {
                const int p = graph.loops[i].parent;
                if (p < 0 || body[graph.loops[p].header].size() > bj.size()) graph.loops[i].parent = static_cast<int>(j);
            }
        }
    for (uint32_t v = 0; v < n; ++v)
        for (size_t i = 0; i < graph.loops.size(); ++i)
            if (body[graph.loops[i].header].count(v)) {
                const int cur = graph.innermost[v];
                if (cur < 0 || body[graph.loops[cur].header].size() > body[graph.loops[i].header].size())
                    graph.innermost[v] = static_cast<int>(i);
            }
    // Immediate post-dominators: dominators of the reversed graph rooted at a virtual exit (id n).
    {
        std::vector<std::vector<uint32_t>> rsucc(n + 1), rpred(n + 1);
        for (const Block &blk : graph.blocks)
            for (uint32_t s : blk.succ) {
                const uint32_t t = s == kExit ? static_cast<uint32_t>(n) : s;
                rsucc[t].push_back(blk.id);  // reversed edge t -> blk
                rpred[blk.id].push_back(t);
            }
        std::vector<uint32_t> ord;
        std::vector<int> state(n + 1, 0);
        std::vector<std::pair<uint32_t, size_t>> st{{static_cast<uint32_t>(n), 0}};
        state[n] = 1;
        while (!st.empty()) {
            auto &top = st.back();
            if (top.second < rsucc[top.first].size()) {
                const uint32_t s = rsucc[top.first][top.second++];
                if (state[s] == 0) {
                    state[s] = 1;
                    st.push_back({s, 0});
                }
            } else {
                ord.push_back(top.first);
                st.pop_back();
            }
        }
        std::reverse(ord.begin(), ord.end());
        for (uint32_t v = 0; v < n; ++v)
            if (state[v] == 0 && need_bounds)
                return failure = {WSP_ERR_PTX, graph.blocks[v].first_line,
                                  "the code at line " + std::to_string(graph.blocks[v].first_line) +
                                      " never reaches ret or exit: an endless loop"},
                       false;
        const std::vector<uint32_t> ipd = dominators(ord, rpred, n + 1);
        for (uint32_t v = 0; v < n; ++v) graph.blocks[v].ipdom = ipd[v] == n || state[v] == 0 ? kExit : ipd[v];
    }
    // Loop bounds: given (by label or function:label), inferred, the default, or an error.
    std::string missing;
    size_t missing_count = 0, first_missing_line = 0;
    for (size_t i = 0; i < graph.loops.size(); ++i) {
        Loop &L = graph.loops[i];
        const std::string plain = graph.blocks[L.header].label;
        for (const LoopBound &lb : options.loop_bounds)
            if (lb.label == L.label || lb.label == plain) {
                L.bound = lb.bound;
                L.source = lb.origin;
            }
        if (L.bound == 0 && options.infer_bounds) {
            uint32_t k = 0;
            const std::string why = infer_bound(graph, static_cast<int>(i), k);
            if (!why.empty()) {
                L.bound = k;
                L.source = why;
            }
        }
        if (L.bound == 0 && options.default_loop_bound > 0) {
            L.bound = options.default_loop_bound;
            L.source = "default";
        }
        if (L.bound == 0) {
            ++missing_count;
            if (first_missing_line == 0) first_missing_line = L.line;
            missing += (missing.empty() ? "" : ", ") + L.label + " (line " + std::to_string(L.line) + ")";
        }
    }
    for (const LoopBound &lb : options.loop_bounds) {
        bool used = false;
        for (const Loop &L : graph.loops) used = used || lb.label == L.label || lb.label == graph.blocks[L.header].label;
        if (!used) {
            std::string labels;
            for (const Loop &L : graph.loops) labels += (labels.empty() ? "" : ", ") + L.label;
            return failure = {WSP_ERR_RANGE, 0, lb.origin + ": '" + shorten(lb.label) + "' is no loop header of ." +
                                                     "entry " + entry.name + " (its loops: " +
                                                     (labels.empty() ? std::string("none") : labels) + ")"},
                   false;
        }
    }
    if (need_bounds && missing_count > 0)
        return failure = {WSP_ERR_PTX, first_missing_line,
                          std::to_string(missing_count) + (missing_count == 1 ? " loop" : " loops") +
                              " without a bound: " + missing +
                              "; give --loop-bound LABEL=N (the most times its header runs per entry) or an annotation file"},
               false;
    return true;
}

}  // namespace ptx
}  // namespace wsp
