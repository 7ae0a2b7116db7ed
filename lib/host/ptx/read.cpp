// read_ptx: scan, choose the entry, build its graph, analyse the scope asked for, add the resources.
#include <cstdlib>

#include "host/ptx/cfg.hpp"
#include "host/ptx/lexer.hpp"
#include "host/ptx/paths.hpp"
#include "host/ptx/ptx.hpp"
#include "host/ptx/resources.hpp"

namespace wsp {
namespace ptx {

const char *scope_name(Scope s) {
    switch (s) {
        case Scope::kKernel: return "kernel";
        case Scope::kPath: return "path";
        case Scope::kPrefix: return "prefix";
        case Scope::kLoopWalk: return "loop-walk";
    }
    return "?";
}

std::string letters_text(const Letters &s) {
    static const char kUnits[] = "LCSD";
    std::string out;
    for (const Run &r : s) {
        if (!out.empty()) out += ' ';
        out += kUnits[r.unit];
        out += std::to_string(r.count);
    }
    return out;
}

void append(Letters &to, int unit, uint64_t count) {
    if (count == 0) return;
    if (!to.empty() && to.back().unit == unit) to.back().count += count;
    else to.push_back({unit, count});
}

void append(Letters &to, const Letters &from) {
    for (const Run &r : from) append(to, r.unit, r.count);
}

uint64_t letters_length(const Letters &s) {
    uint64_t n = 0;
    for (const Run &r : s) n += r.count;
    return n;
}

void letters_mix(const Letters &s, uint64_t mix[WSP_UNIT_COUNT]) {
    for (int u = 0; u < WSP_UNIT_COUNT; ++u) mix[u] = 0;
    for (const Run &r : s) mix[r.unit] += r.count;
}

bool parse_loop_bounds(const std::string &text, const std::string &name, std::vector<LoopBound> &out,
                       std::string &error) {
    const std::vector<std::string> lines = split(text, '\n');
    for (size_t i = 0; i < lines.size(); ++i) {
        std::string l = lines[i];
        const size_t hash = l.find('#');
        if (hash != std::string::npos) l = l.substr(0, hash);
        l = trim(l);
        if (l.empty()) continue;
        const std::string where = name + ":" + std::to_string(i + 1);
        size_t sep = l.find('=');
        if (sep == std::string::npos) sep = l.find_first_of(" \t");
        if (sep == std::string::npos) {
            error = where + ": '" + shorten(l) + "' is not LABEL N (or LABEL=N)";
            return false;
        }
        const std::string label = trim(l.substr(0, sep)), value = trim(l.substr(sep + 1));
        char *end = nullptr;
        const unsigned long long v = std::strtoull(value.c_str(), &end, 10);
        if (label.empty() || value.empty() || *end != '\0' || value[0] == '-' || v < 1 || v > 1000000000ull) {
            error = where + ": '" + shorten(l) + "': the bound must be a count 1..1000000000 of header runs";
            return false;
        }
        for (const LoopBound &b : out)
            if (b.label == label) {
                error = where + ": loop '" + shorten(label) + "' is bounded twice (also at " + b.origin + ")";
                return false;
            }
        out.push_back({label, static_cast<uint32_t>(v), where});
    }
    return true;
}

bool read_ptx(const char *text, size_t length, const Options &options, Result &result, Failure &failure) {
    Module module;
    if (!scan(text, length, module, failure)) return false;
    result.target = module.target;
    std::vector<const Function *> entries;
    for (const Function &f : module.functions)
        if (f.entry) entries.push_back(&f);
    result.entries = static_cast<uint32_t>(entries.size());
    for (const Function *f : entries) result.entry_names += (result.entry_names.empty() ? "" : ", ") + f->name;
    if (entries.empty()) return failure = {WSP_ERR_PTX, 0, "no .entry function in the PTX (empty, or only .func)"}, false;
    const Function *chosen = nullptr;
    if (options.entry.empty()) {
        if (entries.size() > 1)
            return failure = {WSP_ERR_PTX, 0, std::to_string(entries.size()) + " .entry functions (" + result.entry_names +
                                                  "): name one (--entry)"},
                   false;
        chosen = entries[0];
    } else {
        for (const Function *f : entries)
            if (f->name == options.entry) chosen = f;
        if (chosen == nullptr)
            return failure = {WSP_ERR_PTX, 0, "no .entry named '" + shorten(options.entry) + "' (the entries: " +
                                                  result.entry_names + ")"},
                   false;
    }
    result.entry = chosen->name;
    result.scope = options.scope;
    if (chosen->code.empty()) return failure = {WSP_ERR_PTX, chosen->line, ".entry '" + chosen->name + "' has no instructions"}, false;
    result.arch = options.arch.empty() ? module.target : options.arch;
    Graph g;
    if (!build_graph(module, *chosen, options, result.arch, options.scope == Scope::kKernel, g, result, failure)) return false;
    result.blocks = g.blocks;
    result.loops = g.loops;
    if (options.scope == Scope::kKernel) {
        if (!analyse_kernel(g, options, result, failure)) return false;
    } else if (!walk(g, options, result, failure)) {
        return false;
    }
    std::vector<const Function *> functions{chosen};
    for (const BlockCode &c : g.code) {
        bool seen = false;
        for (const Function *f : functions) seen = seen || f == c.function;
        if (!seen) functions.push_back(c.function);
    }
    declared_resources(module, functions, result.resources);
    if (!options.ptxas_info.empty()) {
        std::string error;
        if (!ptxas_resources(options.ptxas_info, chosen->name, result.resources, error))
            return failure = {WSP_ERR_PTX, 0, "ptxas output: " + error}, false;
    }
    return true;
}

}  // namespace ptx
}  // namespace wsp
